"""A minimal LSP client over a server's stdio: frames, requests by id, notifications, stderr.

The stress driver (``fuzz/server_stress.py``) and the latency bench (``bench/lsp_latency.py``)
both speak to servers through it rather than through pygls's client: it sends whatever JSON it
is given (edit ranges past the end of a document, cancellations of any id), and nothing between
the pipe and the caller costs time that would be counted against a server.

Subclasses react to what the server sends by overriding :meth:`on_notification`; a request from
the server (configuration, progress tokens, registrations) is answered ``null``.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

STDERR_KEPT = 1 << 20
"""The tail of the server's stderr kept for reports (a chatty server must not fill memory)."""


class StdioClient:
    """One server process over stdio."""

    def __init__(self, argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        self.argv = argv
        self.cwd = cwd
        self.env = env
        """The server's environment (None: this process's)."""
        self.proc: asyncio.subprocess.Process | None = None
        self.next_id = 0
        self.pending: dict[int, asyncio.Future[tuple[float, dict]]] = {}
        """Request id → future of (arrival time, response message)."""
        self.stderr = bytearray()
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, cwd=None if self.cwd is None else str(self.cwd), limit=1 << 26,
            env=self.env)
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._drain_stderr())]

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    # ------------------------------------------------------------------ what the server sends
    def on_notification(self, method: str, params: Any, now: float) -> None:
        """A notification from the server arrived at ``now`` (``time.perf_counter``)."""

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self.stderr += chunk
            if len(self.stderr) > STDERR_KEPT:
                del self.stderr[:len(self.stderr) - STDERR_KEPT]

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        stream = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = await stream.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode().partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                if length is not None:
                    body = await stream.readexactly(length)
                    self._dispatch(json.loads(body), time.perf_counter())
        finally:
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(ConnectionError("the server closed its output"))

    def _dispatch(self, message: dict, now: float) -> None:
        if "id" in message and "method" not in message:
            future = self.pending.pop(message["id"], None)
            if future is not None and not future.done():
                future.set_result((now, message))
        elif "id" in message:
            self._write({"jsonrpc": "2.0", "id": message["id"], "result": None})
        else:
            self.on_notification(message.get("method", ""), message.get("params") or {}, now)

    # ------------------------------------------------------------------ what the client sends
    def _write(self, message: dict) -> float:
        """Queue ``message``; the time it was handed to the pipe."""
        assert self.proc is not None and self.proc.stdin is not None
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        return time.perf_counter()

    def request(self, method: str, params: Any) -> tuple[int, asyncio.Future[tuple[float, dict]], float]:
        """Queue a request without waiting: (its id, the future of its answer, when it was sent)."""
        self.next_id += 1
        future: asyncio.Future[tuple[float, dict]] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        sent = self._write({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id, future, sent

    def notify(self, method: str, params: Any) -> float:
        """Queue a notification; when it was sent."""
        return self._write({"jsonrpc": "2.0", "method": method, "params": params})

    async def drain(self) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        await self.proc.stdin.drain()

    async def call(self, method: str, params: Any, timeout: float) -> dict:
        """Send a request and await its response message (result or error)."""
        _, future, _ = self.request(method, params)
        await self.drain()
        _, message = await asyncio.wait_for(future, timeout)
        return message

    async def stop(self, timeout: float = 30.0) -> None:
        """``shutdown`` and ``exit``; a server that does not go is killed."""
        if self.proc is None:
            return
        try:
            if self.alive:
                await self.call("shutdown", None, timeout)
                self.notify("exit", None)
                await self.drain()
                await asyncio.wait_for(self.proc.wait(), timeout)
        except (Exception, asyncio.TimeoutError):  # noqa: BLE001  (it is killed below)
            pass
        finally:
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()
            for task in self._tasks:
                try:
                    await asyncio.wait_for(task, 10)
                except (Exception, asyncio.TimeoutError):  # noqa: BLE001
                    task.cancel()
