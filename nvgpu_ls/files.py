"""Reading a file named by someone else: the one way every reader opens a path.

Paths reach nvgpu-ls from places the user does not control: a directory walked by ``--check .``
holds whatever a pull request put there, ``configPath`` comes from workspace settings, a
configuration file may sit in any folder above a checkout. ``read_file`` therefore accepts only a
regular file of bounded size and reads it without blocking:

* anything but a regular file is refused before a byte is read (``/dev/zero`` would read until
  memory runs out, a FIFO would block forever), the check made on the opened descriptor, so a
  link swapped between a check and the open changes nothing;
* a pseudo-file that calls itself empty but has content (``/proc/self/environ``) is refused too:
  what it holds is the machine's, not the project's, and must not be echoed in diagnostics;
* at most ``limit`` bytes are read; a larger file is refused with its size.

``walk_sources`` finds the ``.mlir`` files under a directory the same way for every caller, and
does not follow a link out of the directory it walks.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

MAX_SOURCE_BYTES = 16 * 1024 * 1024
"""The largest ``.mlir`` file read (the parser's time and memory grow with the text)."""

MAX_CONFIG_BYTES = 1024 * 1024
"""The largest configuration file read (``nvgpu-ls.toml``, ``pyproject.toml``)."""

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class UnreadableFile(OSError):
    """A path ``read_file`` refuses or cannot read; ``strerror`` and ``str()`` are the reason, so
    that a caller reports it as it reports any ``OSError`` (``exc.strerror``)."""

    strerror: str

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason

    def __str__(self) -> str:
        return self.strerror


def read_file(path: str | os.PathLike[str], limit: int = MAX_SOURCE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of them;
    ``UnreadableFile`` with the reason for anything else."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise UnreadableFile(f"file is too large ({size_text(info.st_size)}; the limit is {size_text(limit)})")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if total > limit:
        raise UnreadableFile(f"file is too large (over {size_text(limit)}, the limit)")
    if total and info.st_size == 0:
        raise UnreadableFile("not a regular file (a system pseudo-file)")
    return b"".join(chunks)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a special file"


def size_text(count: int) -> str:
    """A byte count as messages give it (``16.0 MiB``, ``512 bytes``)."""
    return f"{count / (1024 * 1024):.1f} MiB" if count >= 1024 * 1024 else f"{count} bytes"


@dataclass(frozen=True)
class Walked:
    """What ``walk_sources`` found: the files to read, and a reason for each path passed over."""

    files: list[str]
    skipped: list[tuple[str, str]]


def walk_sources(directory: str, suffix: str = ".mlir") -> Walked:
    """The files ending in ``suffix`` under ``directory``, sorted as a walk meets them. Linked
    directories are not entered; a linked file is taken only where it resolves inside
    ``directory`` (a link in a checkout must not make a run read the machine's files)."""
    root = os.path.realpath(directory)
    files: list[str] = []
    skipped: list[tuple[str, str]] = []
    for folder, dirs, names in os.walk(directory):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(suffix):
                continue
            path = os.path.join(folder, name)
            if os.path.islink(path):
                target = os.path.realpath(path)
                if not _inside(target, root):
                    skipped.append((path, "a link to a file outside the directory, not followed"))
                    continue
            files.append(path)
    return Walked(files, skipped)


def _inside(path: str, root: str) -> bool:
    try:
        return Path(path).is_relative_to(root)
    except ValueError:
        return False
