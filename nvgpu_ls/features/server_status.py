"""``nvgpu-ls/serverStatus``: what the server holds right now.

For a user whose editor feels slow or whose server keeps growing (as clangd's ``$/memoryUsage``
and rust-analyzer's status page are), and for the stress test, which checks that once every
document is closed nothing of them is left: no open entry, no pygls text document, no handler
future, no request to the client waiting for its answer.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from typing import Any

from ..memory import memory_kib


@dataclass(frozen=True)
class ServerStatus:
    """A snapshot of the server's state; sizes are counts unless named otherwise."""

    open_documents: list[str]
    """URIs the client has open (``didOpen`` without ``didClose``)."""
    text_documents: int
    """Documents pygls's workspace keeps the text of (equal to the open ones when nothing leaks)."""
    handlers_in_flight: int
    """Requests and notifications being handled (this request itself is not counted)."""
    requests_to_client: int
    """Requests the server sent the client and still waits on (configuration, progress, ...)."""
    cached_previews: int
    preview_worker_pid: int | None
    """The long-lived native worker of the PTX preview, when one is running."""
    threads: int
    rss_kib: int | None
    """Resident memory now; ``None`` where ``/proc`` cannot tell."""
    peak_rss_kib: int | None
    python_blocks: int = 0
    """Memory blocks the Python allocator has handed out and not had back
    (``sys.getallocatedblocks``): what live objects hold, whatever the heap's fragmentation."""
    memory_releases: int = 0
    """How often the caches were emptied because nothing was open (``idleMemoryRelease``)."""
    warmed_up: bool = False
    """Whether what the server builds once while idle after the first file (every op's reading
    programs) is built: before, memory still grows by it."""

    def to_text(self) -> str:
        """The status as an editor shows it (a scratch buffer, an output channel)."""
        lines = ["nvgpu-ls server status", f"open documents: {len(self.open_documents)}"]
        lines += [f"  {uri}" for uri in self.open_documents]
        worker = f"pid {self.preview_worker_pid}" if self.preview_worker_pid is not None else "not running"
        lines += [
            f"text documents held: {self.text_documents}",
            f"handlers in flight: {self.handlers_in_flight}",
            f"requests waiting on the client: {self.requests_to_client}",
            f"cached PTX previews: {self.cached_previews}",
            f"PTX preview worker: {worker}",
            f"threads: {self.threads}",
            f"memory: {_mib(self.rss_kib)} resident, {_mib(self.peak_rss_kib)} at the peak",
            f"Python blocks in use: {self.python_blocks:,}",
            f"caches emptied while idle: {self.memory_releases} times",
            f"warm-up: {'done' if self.warmed_up else 'pending'}",
        ]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "openDocuments": list(self.open_documents),
            "textDocuments": self.text_documents,
            "handlersInFlight": self.handlers_in_flight,
            "requestsToClient": self.requests_to_client,
            "cachedPreviews": self.cached_previews,
            "previewWorkerPid": self.preview_worker_pid,
            "threads": self.threads,
            "rssKiB": self.rss_kib,
            "peakRssKiB": self.peak_rss_kib,
            "pythonBlocks": self.python_blocks,
            "memoryReleases": self.memory_releases,
            "warmedUp": self.warmed_up,
            "text": self.to_text(),
        }


def _mib(kib: int | None) -> str:
    return "unknown" if kib is None else f"{kib / 1024:.1f} MiB"


def server_status(open_documents: list[str], text_documents: int, handlers_in_flight: int,
                  requests_to_client: int, preview_service: Any, memory_releases: int = 0,
                  warmed_up: bool = False) -> ServerStatus:
    """Put together the counts the server gathered with the process's own figures."""
    rss, peak = memory_kib()
    worker = getattr(preview_service, "worker", None)
    return ServerStatus(
        open_documents=sorted(open_documents),
        text_documents=text_documents,
        handlers_in_flight=handlers_in_flight,
        requests_to_client=requests_to_client,
        cached_previews=preview_service.cached_previews if preview_service is not None else 0,
        preview_worker_pid=worker.pid if worker is not None else None,
        threads=threading.active_count(),
        rss_kib=rss,
        peak_rss_kib=peak,
        python_blocks=sys.getallocatedblocks(),
        memory_releases=memory_releases,
        warmed_up=warmed_up,
    )
