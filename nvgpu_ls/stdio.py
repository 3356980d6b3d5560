"""The server's standard input, read by the event loop itself.

pygls reads stdin on a thread pool: every header line and every body is a trip to a worker
thread and back (three per message), about a third of a millisecond of each keystroke's round
trip on a small file. ``PipeReader`` reads a pipe (what an editor spawning the server gives
it) through asyncio's own transport instead; for anything asyncio cannot watch (a regular
file, on some platforms a terminal) it reads on a thread as pygls does.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO

from pygls.io_ import StdoutWriter

log = logging.getLogger(__name__)

_LONGEST_LINE = 1 << 16
"""A header line longer than this is no header: it is skipped, as the message reader skips any
line that is not ``Content-Length``."""
_DROPPED = b"X-Dropped-Line: longer than any header\r\n"
"""What such a line reads as: neither a header the message loop knows nor the blank line ending them."""


class PipeReader:
    """``readline`` / ``readexactly`` over ``stdin``, the reader interface pygls's message loop uses."""

    def __init__(self, stdin: BinaryIO, executor: ThreadPoolExecutor | None = None, prefix: bytes = b"") -> None:
        self.stdin = stdin
        self.executor = executor
        self._stream: asyncio.StreamReader | None = None
        self._threaded = False
        self._prefix = bytearray(prefix)
        """Bytes read from ``stdin`` before this reader (``fast_start``): they come first."""

    async def _connect(self) -> asyncio.StreamReader | None:
        if self._stream is None and not self._threaded:
            loop = asyncio.get_running_loop()
            stream = asyncio.StreamReader(limit=_LONGEST_LINE, loop=loop)
            try:
                await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stream, loop=loop), self.stdin)
            except (ValueError, OSError, NotImplementedError) as exc:  # not a pipe, socket or character device
                log.debug("reading stdin on a thread: %s", exc)
                self._threaded = True
                return None
            self._stream = stream
        return self._stream

    async def readline(self) -> bytes:
        # What earlier messages started runs before the next message is read, as it did when each
        # read waited for a thread: a request sent before ``shutdown`` is answered before it.
        await asyncio.sleep(0)
        if self._prefix:
            end = self._prefix.find(b"\n")
            if end != -1:
                line = bytes(self._prefix[:end + 1])
                del self._prefix[:end + 1]
                return line
            head = bytes(self._prefix)
            self._prefix.clear()
            return head + await self.readline()
        stream = await self._connect()
        if stream is None:
            return await asyncio.get_running_loop().run_in_executor(self.executor, self.stdin.readline)
        try:
            return await stream.readline()
        except ValueError:  # longer than any header: dropped (the stream reader discarded it)
            return _DROPPED



    async def readexactly(self, count: int) -> bytes:
        if self._prefix:
            head = bytes(self._prefix[:count])
            del self._prefix[:count]
            return head if len(head) == count else head + await self.readexactly(count - len(head))
        stream = await self._connect()
        if stream is None:
            return await asyncio.get_running_loop().run_in_executor(self.executor, self.stdin.read, count)
        try:
            return await stream.readexactly(count)
        except asyncio.IncompleteReadError as exc:  # the stream ended inside the body
            return exc.partial


class ClosingStdoutWriter(StdoutWriter):
    """stdout, on which nothing is written once ``exit`` has closed it: a diagnostic or an answer
    finishing after that is dropped, not an error to report (whose report would fail to be
    written in turn, and so on)."""

    def __init__(self, stdout: BinaryIO) -> None:
        super().__init__(stdout)
        self.closed = False

    def close(self) -> None:
        self.closed = True
        super().close()

    def write(self, data: bytes) -> None:
        if self.closed:
            log.debug("stdout is closed: %d bytes not sent", len(data))
            return
        super().write(data)
