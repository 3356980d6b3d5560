"""Answering ``initialize`` before the LSP stack is imported.

An editor waits for the answer to ``initialize`` before it sends anything else, and importing
pygls and lsprotocol alone takes about 300 ms. That answer is fixed by the client's capabilities,
its initialization options and this installation (nvgpu-ls's files and the pygls and lsprotocol
it runs with). So the server keeps every answer it gives in the user's cache
(``initialize/``, keyed by those), and a later start whose first message is an ``initialize``
with a kept answer sends that answer at once, before importing anything heavy. The server then
reads the same request without answering it again (``Handover``), and keeps its own answer in
the cache in place of the sent one if they differ (the next start sends the right one).

Standard library only, and nothing of the package but its cache folder: this runs before the
rest of nvgpu-ls is imported.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .user_cache import cache_folder

_HEADER_LIMIT = 1 << 16
"""Headers longer than this are no LSP headers: the bytes go to the server as they came."""
_BODY_LIMIT = 1 << 26


@dataclass
class Handover:
    """What the fast start leaves the server: the bytes it read from standard input, the id of the
    ``initialize`` it answered (None: it answered nothing), and where the answer is kept."""

    prefix: bytes = b""
    initialize_id: Any = None
    answered: bool = False
    key: str | None = None

    def keep(self, result: Any) -> None:
        """Keep the server's own answer to ``initialize`` for the next start, if it is new."""
        if self.key is None:
            return
        folder = cache_folder("initialize")
        if folder is None:
            return
        path = folder / f"{self.key}.json"
        encoded = json.dumps(result, sort_keys=True)
        try:
            if path.is_file() and path.read_text(encoding="utf-8") == encoded:
                return
            temporary = folder / f".tmp-{os.getpid()}-{self.key}"
            temporary.write_text(encoded, encoding="utf-8")
            os.replace(temporary, path)
        except OSError:
            pass


_pending: Handover | None = None


def take_handover() -> Handover | None:
    """The handover of this process's fast start (once), None when there was none."""
    global _pending
    found, _pending = _pending, None
    return found


def answer_initialize(stdin_fd: int = 0, stdout: Any = None) -> Handover:
    """Read the first message from ``stdin_fd``; when it is an ``initialize`` whose answer is kept,
    write that answer to ``stdout`` (default: standard output). Returns (and keeps for
    ``take_handover``) what the server must know."""
    global _pending
    read, message = _first_message(stdin_fd)
    handover = Handover(prefix=read)
    if isinstance(message, dict) and message.get("method") == "initialize" and "id" in message:
        params = message.get("params")
        handover.initialize_id = message["id"]
        handover.key = answer_key(params if isinstance(params, dict) else {})
        kept = _kept(handover.key)
        if kept is not None:
            body = json.dumps({"id": message["id"], "result": kept, "jsonrpc": "2.0"}).encode("utf-8")
            out = stdout if stdout is not None else sys.stdout.buffer
            out.write(b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
                      % len(body) + body)
            out.flush()
            handover.answered = True
    _pending = handover
    return handover


def answer_key(params: dict) -> str:
    """The cache key of the answer to ``initialize`` with ``params``: the client's capabilities
    and initialization options, and this installation."""
    relevant = {"capabilities": params.get("capabilities"),
                "initializationOptions": params.get("initializationOptions"),
                "installation": installation_stamp()}
    return hashlib.sha256(json.dumps(relevant, sort_keys=True, default=str).encode()).hexdigest()[:32]


def installation_stamp() -> list:
    """nvgpu-ls's version and, for its files and those of pygls and lsprotocol, each name, size and
    modification time (a file system's stat only: a millisecond or two)."""
    from . import __version__

    stamp: list = [__version__, sys.version_info[:2]]
    package = Path(__file__).resolve().parent
    folders = [package]
    for name in ("pygls", "lsprotocol"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            folders.append(Path(spec.origin).parent)
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".so", ".pyd", ".json") and "__pycache__" not in path.parts:
                try:
                    status = path.stat()
                except OSError:
                    continue
                stamp.append([str(path), status.st_size, status.st_mtime_ns])
    return stamp


def _kept(key: str) -> Any:
    folder = cache_folder("initialize")
    if folder is None:
        return None
    try:
        found = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) and isinstance(found.get("capabilities"), dict) else None


def _first_message(fd: int) -> tuple[bytes, Any]:
    """Every byte read, and the first message's JSON (None when the bytes are not a message)."""
    data = bytearray()
    while b"\r\n\r\n" not in data:
        if len(data) > _HEADER_LIMIT:
            return bytes(data), None
        chunk = _read(fd)
        if not chunk:
            return bytes(data), None
        data += chunk
    head, _, _ = bytes(data).partition(b"\r\n\r\n")
    length = None
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            length = int(value.strip())
    if length is None or length > _BODY_LIMIT:
        return bytes(data), None
    end = len(head) + 4 + length
    while len(data) < end:
        chunk = _read(fd)
        if not chunk:
            return bytes(data), None
        data += chunk
    try:
        message = json.loads(bytes(data[len(head) + 4:end]))
    except ValueError:
        message = None
    return bytes(data), message


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 1 << 16)
    except OSError:
        return b""
