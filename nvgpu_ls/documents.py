"""The server's open documents: analysed off the event loop, latest text wins, nothing stale published.

Analysis (parse, verifiers, target gate) runs on one worker thread so that the event
loop keeps answering requests against the last analysed state while a newer text is
being analysed. Per document:

- the first change after a quiet period is analysed at once (an isolated edit gets its
  diagnostics as fast as the analysis allows); changes that arrive while an analysis runs
  are coalesced, and once it finishes the newest text is analysed after the burst has been
  quiet for ``debounce`` seconds — typing costs one analysis per pause, not per key;
- diagnostics are published only for the newest version: a result that a later change
  has overtaken is dropped;
- a large file just opened is first read without the bodies of the functions below its first
  screen, and the diagnostics of the functions it did read are published at once
  (``verify.first_look``); the complete diagnostics follow as the same version's;
- requests wait a short while (``fresh_wait``) for the newest text to be analysed, so that
  a hover right after a keystroke sees it, and otherwise answer from what is analysed.

Once the last document closes and nothing opens for ``idle_release`` seconds, the analysis
thread empties the caches of what was parsed (``nvgpu_ls.memory``) and the memory goes back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .analysis import tokens as tk
from .analysis.document import Document, gc_paused
from .diagnostics import Diagnostic, Severity
from .files import MAX_SOURCE_BYTES, size_text
from .memory import release_memory
from .check_options import CheckOptions
from .verify import check_document
from .verify.first_look import VISIBLE_LINES, FirstLook, WholeFile, first_look, worth_a_first_look
from .verify.incremental import IncrementalCheck

log = logging.getLogger(__name__)

Publish = Callable[[str, int, list[Diagnostic], Document, CheckOptions], None]
"""Called on the event loop with (uri, version, diagnostics, document, options) for each fresh result."""
PublishPartial = Callable[[str, int, int], None]
"""Called on the event loop with (uri, version, line) just before the diagnostics of a first look
are published: they are complete for the functions that end before that 0-based line."""


@dataclass
class OpenDocument:
    """One open buffer: the newest text the client sent and the newest analysed state."""

    uri: str
    text: str
    version: int
    doc: Document | None = None
    analysed_version: int | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    options: CheckOptions = field(default_factory=CheckOptions)
    checker: IncrementalCheck = field(default_factory=IncrementalCheck)
    changed_at: float = 0.0
    closed: bool = False
    task: asyncio.Task | None = None
    analysed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever the newest version has been analysed (or its analysis failed); cleared by every change."""
    preview: list[Diagnostic] = field(default_factory=list)
    """The ``ptx.*`` diagnostics of the last PTX preview of this very text; every change clears them."""
    preview_serial: int = 0
    """Counts the previews kept, so that a pulled report changes when they do."""

    @property
    def is_fresh(self) -> bool:
        return self.analysed_version == self.version and self.doc is not None

    @property
    def shown_diagnostics(self) -> list[Diagnostic]:
        """What the client is given: the checks' diagnostics and the last preview's."""
        return self.diagnostics + self.preview


class DocumentStore:
    """Open documents and their analysis schedule."""

    def __init__(self, options_for: Callable[[str], CheckOptions], publish: Publish,
                 debounce: float = 0.15, fresh_wait: float = 0.5) -> None:
        self.options_for = options_for
        self.publish = publish
        self.debounce = debounce
        self.fresh_wait = fresh_wait
        self.open_documents: dict[str, OpenDocument] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nvgpu-ls-analysis")
        self.ready = asyncio.Event()
        """Set once the settings are known (the client answered ``workspace/configuration``, or
        cannot): nothing is analysed before, so that no diagnostics for the wrong target appear."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop, known from the first document on; the analysis thread
        hands results to it."""
        self.idle_release: float = 30.0
        """Seconds with nothing open before the caches are emptied (0: never)."""
        self.release_hooks: list[Callable[[], None]] = []
        """More to forget at an idle release (the PTX preview cache), called on the event loop."""
        self.memory_releases = 0
        """How many idle releases have run."""
        self._release_timer: asyncio.TimerHandle | None = None
        self.warm_up: Callable[[], Iterable[Callable[[], None]]] | None = None
        """Steps to run on the analysis thread once the first document is published (building
        what every later analysis reads). They run one at a time and only while no document has
        been opened, changed or analysed for ``warm_up_quiet`` seconds: a step holds the
        interpreter's lock, and every request answered meanwhile would wait for it."""
        self.warm_up_quiet = 0.5
        self.warmed_up = False
        """Whether the warm-up steps have all run."""
        self._last_activity = time.monotonic()
        self.first_look_lines = VISIBLE_LINES
        """Lines a first look covers when a large file opens (0: none; see ``verify.first_look``)."""
        self.first_looks = 0
        """How many first looks have been published."""
        self.publish_partial: PublishPartial = lambda uri, version, through_line: None

    # ------------------------------------------------------------------ notifications
    def open(self, uri: str, text: str, version: int) -> None:
        self._cancel_release()
        self._last_activity = time.monotonic()
        old = self.open_documents.get(uri)
        if old is not None:
            old.closed = True
        self.open_documents[uri] = OpenDocument(uri, text, version, changed_at=time.monotonic())
        self._schedule(uri)

    def change(self, uri: str, text: str, version: int) -> None:
        entry = self.open_documents.get(uri)
        if entry is None:  # a change for a document never opened: treat it as opened now
            self.open(uri, text, version)
            return
        entry.text, entry.version, entry.changed_at = text, version, time.monotonic()
        self._last_activity = entry.changed_at
        entry.preview = []
        entry.analysed.clear()
        self._schedule(uri)

    def close(self, uri: str) -> None:
        entry = self.open_documents.pop(uri, None)
        if entry is not None:
            entry.closed = True
            entry.analysed.set()
        if not self.open_documents:
            self._schedule_release()

    # ------------------------------------------------------------------ idle memory release
    def _schedule_release(self) -> None:
        self._cancel_release()
        if self.idle_release <= 0:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._release_timer = loop.call_later(self.idle_release, self._release_if_idle)

    def _cancel_release(self) -> None:
        if self._release_timer is not None:
            self._release_timer.cancel()
            self._release_timer = None

    def _release_if_idle(self) -> None:
        self._release_timer = None
        if self.open_documents:
            return
        for hook in self.release_hooks:
            try:
                hook()
            except Exception:  # noqa: BLE001  (forgetting a cache must not fail the release)
                log.exception("an idle release hook failed")
        try:
            done = asyncio.get_running_loop().run_in_executor(self._pool, release_memory)
        except RuntimeError:  # the analysis thread is shut down: the server is going away
            return
        done.add_done_callback(self._released)

    def _released(self, done: "asyncio.Future[int]") -> None:
        if not done.cancelled() and done.exception() is None:
            self.memory_releases += 1

    def reanalyse_all(self) -> None:
        """Settings or configuration changed: every open document is checked again."""
        for uri, entry in self.open_documents.items():
            entry.analysed_version = None
            entry.preview = []  # previewed with the old target or engine
            entry.analysed.clear()
            self._schedule(uri)

    def keep_preview(self, uri: str, version: int, diagnostics: list[Diagnostic]) -> bool:
        """Keep a PTX preview's diagnostics of ``version`` of ``uri`` and publish them with the
        checks' (at once when that version is analysed, else with its analysis). False, and
        nothing kept, when the text has changed since the preview's snapshot."""
        entry = self.open_documents.get(uri)
        if entry is None or entry.closed or entry.version != version:
            return False
        entry.preview = list(diagnostics)
        entry.preview_serial += 1
        if entry.is_fresh and entry.doc is not None:
            self.publish(uri, version, entry.shown_diagnostics, entry.doc, entry.options)
        return True

    # ------------------------------------------------------------------ requests
    async def current(self, uri: str, wait: float | None = None) -> OpenDocument | None:
        """The document's entry once its newest text is analysed, or after ``wait`` seconds
        (default ``fresh_wait``) whatever was analysed last; ``None`` when it is not open or
        nothing has been analysed yet."""
        entry = self.open_documents.get(uri)
        if entry is None:
            return None
        if not entry.is_fresh:
            try:
                await asyncio.wait_for(entry.analysed.wait(), self.fresh_wait if wait is None else wait)
            except asyncio.TimeoutError:
                pass
        return entry if entry.doc is not None and not entry.closed else None

    # ------------------------------------------------------------------ analysis
    def _schedule(self, uri: str) -> None:
        entry = self.open_documents[uri]
        self.loop = asyncio.get_running_loop()
        if entry.task is None or entry.task.done():
            entry.task = self.loop.create_task(self._run(entry))

    async def _run(self, entry: OpenDocument) -> None:
        await self.ready.wait()
        first = True
        while not entry.closed and not entry.is_fresh:
            if not first:  # a burst of changes: wait for it to pause
                while (quiet := time.monotonic() - entry.changed_at) < self.debounce:
                    await asyncio.sleep(self.debounce - quiet)
                if entry.closed:
                    return
            first = False
            text, version = entry.text, entry.version
            # The cyclic collector waits until this version's diagnostics are out: a collection
            # run in between (after the first look, or before publishing) would walk every object
            # the analysis just made, all of them alive, while the user waits.
            with gc_paused():
                if not await self._analyse_and_publish(entry, text, version):
                    return
            self._last_activity = time.monotonic()
            self._start_warm_up()

    async def _analyse_and_publish(self, entry: OpenDocument, text: str, version: int) -> bool:
        """One round of ``_run``: a first look where it applies, then the analysis of ``text``,
        published unless a newer version came meanwhile; False when the document is gone or its
        analysis failed (nothing more to do until the next change)."""
        loop = asyncio.get_running_loop()
        read: list[tk.Token] | Document | None = None
        if entry.doc is None and self.first_look_lines > 0 and worth_a_first_look(text, self.first_look_lines) \
                and _over_the_limit(text) is None:
            read = await self._first_look(entry, text, version)
            if entry.closed:
                return False
            if entry.version != version:
                return True
        try:
            doc, diagnostics, options = await loop.run_in_executor(self._pool, self._analyse, entry, text, read)
        except Exception:  # noqa: BLE001  (analysis must never take the server down)
            log.exception("analysis of %s failed", entry.uri)
            entry.analysed.set()  # nothing newer is coming until the next change: answer from what there is
            return False
        if entry.closed:
            return False
        entry.doc, entry.diagnostics, entry.options, entry.analysed_version = doc, diagnostics, options, version
        if version == entry.version:
            entry.analysed.set()
            self.publish(entry.uri, version, entry.shown_diagnostics, doc, options)
        return True

    async def _first_look(self, entry: OpenDocument, text: str, version: int) -> list[tk.Token] | Document | None:
        """Publish the diagnostics of the top of a large file just opened (``verify.first_look``)
        before the whole of it is read; returns what the full analysis can start from: the
        text's tokens, or its whole Document where the first look had to read everything."""
        loop = asyncio.get_running_loop()
        try:
            look, options = await loop.run_in_executor(self._pool, self._look_first, entry, text)
        except Exception:  # noqa: BLE001  (the full analysis follows: a failed first look costs only time)
            log.exception("first look at %s failed", entry.uri)
            return None
        if isinstance(look, WholeFile):
            return look.doc
        if look is None:
            return None
        if not entry.closed and entry.version == version and entry.doc is None:
            self.first_looks += 1
            self.publish_partial(entry.uri, version, look.doc.lines.line_of(look.through))
            self.publish(entry.uri, version, look.diagnostics, look.doc, options)
        return look.tokens

    def _look_first(self, entry: OpenDocument, text: str) -> tuple[FirstLook | WholeFile | None, CheckOptions]:
        """Runs on the analysis thread."""
        options = self.options_for(entry.uri)
        with gc_paused():
            return first_look(text, options, entry.uri, self.first_look_lines), options

    def prepare(self, step: Callable[[], None]) -> None:
        """Run ``step`` on the analysis thread ahead of any analysis asked for later (the server
        primes its caches this way while the client is still setting up); a failure is logged."""
        def run() -> None:
            try:
                step()
            except Exception:  # noqa: BLE001  (priming only saves time; analysis builds the same on use)
                log.exception("a preparation step failed")
        self._pool.submit(run)

    def _start_warm_up(self) -> None:
        warm_up, self.warm_up = self.warm_up, None
        if warm_up is None:
            return
        assert self.loop is not None
        self.loop.create_task(self._warm_up(warm_up))

    async def _warm_up(self, warm_up: Callable[[], Iterable[Callable[[], None]]]) -> None:
        loop = asyncio.get_running_loop()
        try:
            for step in warm_up():
                while (quiet := time.monotonic() - self._last_activity) < self.warm_up_quiet:
                    await asyncio.sleep(self.warm_up_quiet - quiet)
                await loop.run_in_executor(self._pool, step)
        except RuntimeError:  # the analysis thread is shut down: the server is going away
            return
        except Exception:  # noqa: BLE001  (a warm-up only saves time; analysis builds the same on use)
            log.exception("a warm-up step failed")
        self.warmed_up = True

    def _analyse(self, entry: OpenDocument, text: str, read: list[tk.Token] | Document | None = None
                 ) -> tuple[Document, list[Diagnostic], CheckOptions]:
        """Runs on the analysis thread: bring the model to ``text`` and check it. ``read`` is what
        a first look made of the text: its tokens, or its whole Document.

        The incremental paths (``Document.update``, ``IncrementalCheck``) fall back to their
        from-scratch twins if they fail, so that one bug there costs time, not diagnostics."""
        options = self.options_for(entry.uri)
        size = _over_the_limit(text)
        if size is not None:  # said, not analysed: time and memory grow with the text
            entry.checker = IncrementalCheck()
            return Document("", uri=entry.uri), [too_large(size)], options
        doc = entry.doc
        if read is not None and not isinstance(read, list):  # the first look's whole Document
            doc = read
        elif doc is None or not doc.text and text:
            doc = Document(text, uri=entry.uri, tokens=read)
        else:
            try:
                doc.update(text)
            except Exception:  # noqa: BLE001
                log.exception("incremental update of %s failed; parsing it afresh", entry.uri)
                doc = Document(text, uri=entry.uri)
                entry.checker = IncrementalCheck()
        try:
            diagnostics = entry.checker.check(doc, options)
        except Exception:  # noqa: BLE001
            log.exception("incremental check of %s failed; checking it afresh", entry.uri)
            entry.checker = IncrementalCheck()
            diagnostics = check_document(doc, options)
        return doc, diagnostics, options

    def shutdown(self) -> None:
        self._cancel_release()
        self._pool.shutdown(wait=False, cancel_futures=True)


def _over_the_limit(text: str) -> int | None:
    """The text's size in UTF-8 bytes where it is over ``MAX_SOURCE_BYTES``, else None."""
    size = len(text.encode("utf-8", errors="surrogatepass")) if len(text) * 4 > MAX_SOURCE_BYTES else len(text)
    return size if size > MAX_SOURCE_BYTES else None


def too_large(size: int) -> Diagnostic:
    """The one diagnostic of a document over ``MAX_SOURCE_BYTES``, at its start."""
    return Diagnostic(0, 0, f"file is too large to analyse ({size_text(size)}; the limit is "
                      f"{size_text(MAX_SOURCE_BYTES)})", "file.too-large", Severity.WARNING)
