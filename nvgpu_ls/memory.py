"""Giving memory back once nothing is open.

Parsing and checking remember what they computed for each spelling they met (a type's text,
an attribute's text, a value's alias-free form): bounded caches that make re-checking a file
as it is typed cheap. They stay useful while documents are open; once the last one closes they
only hold on to memory. ``release_memory`` empties every cache registered here, collects the
garbage and asks the C allocator to hand its free pages back to the system, so that an idle
server returns to about the size it started at. ``memory_kib`` reads how big a process is, for
the server's status, the stress test and the memory bench.

While it works, a process that analyses file after file (the server, ``--check``) keeps the
memory a replaced analysis freed for the next one (``keep_freed_arenas``, native: Python's
allocator would give each emptied arena back to the system and fault it in again, a fifth of
a large file's analysis); ``release_memory`` gives that back too.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import importlib
import os
import resource
import sys
import threading
from pathlib import Path
from typing import Any, Callable

_CACHES: list[Callable[[], None]] = []
_LOCK = threading.Lock()


def register_cache(clear: Callable[[], None]) -> Callable[[], None]:
    """Have ``release_memory`` call ``clear`` (an ``lru_cache``'s ``cache_clear``, a dict's
    ``clear``); returns it, so a module can register where it defines the cache."""
    with _LOCK:
        _CACHES.append(clear)
    return clear


def release_memory() -> int:
    """Empty the registered caches, collect garbage and trim the C heap; how many caches were
    emptied. Safe at any time: a cache emptied under a running check only costs it time."""
    with _LOCK:
        caches = list(_CACHES)
    for clear in caches:
        clear()
    gc.collect()
    release_kept_arenas()
    _trim_c_heap()
    return len(caches)


KEPT_ARENAS_LIMIT = 128 << 20
"""How much freed arena memory ``keep_freed_arenas`` holds at most, in bytes: about what the
analysis of a 20,000-line file makes."""


def _arenas() -> Any:
    """The native arena keeper (``_carenas.c``), unless it was not built or
    ``NVGPU_LS_PURE_PYTHON`` is set."""
    if os.environ.get("NVGPU_LS_PURE_PYTHON"):
        return None
    try:
        return importlib.import_module(f"{__package__}._carenas")
    except ImportError:
        return None


def keep_freed_arenas(limit: int = KEPT_ARENAS_LIMIT) -> bool:
    """From now on, keep up to ``limit`` bytes of the arenas Python's small-object allocator frees,
    for its next requests, instead of returning them to the system at once; False where the native
    part is missing (nothing changes then). For a process that analyses one file after another."""
    native = _arenas()
    if native is None:
        return False
    native.keep(limit)
    return True


def release_kept_arenas() -> int:
    """Return every kept arena to the system; how many bytes."""
    native = _arenas()
    return native.release() if native is not None else 0


def kept_arena_bytes() -> int:
    """How many bytes of freed arenas are kept now."""
    native = _arenas()
    return native.kept() if native is not None else 0


def _trim_c_heap() -> None:
    """glibc keeps freed pages for reuse; ``malloc_trim(0)`` returns them. Elsewhere (musl,
    macOS) there is nothing to call, and nothing is lost by not calling it."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return
    trim.argtypes = [ctypes.c_size_t]
    trim(0)


def memory_kib(status_file: Path = Path("/proc/self/status")) -> tuple[int | None, int | None]:
    """(resident now, resident at the peak) in KiB of this process, or of another one given its
    ``/proc/<pid>/status``: ``VmRSS`` / ``VmHWM`` where ``/proc`` has them, else only this
    process's peak from ``getrusage`` (KiB on Linux, bytes on macOS)."""
    try:
        fields = dict(line.split(":", 1) for line in status_file.read_text().splitlines() if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return None, peak // 1024 if sys.platform == "darwin" else peak
