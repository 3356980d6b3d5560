"""The language server: pygls wiring only — documents in, results out.

Each feature is a plain function in ``features/`` over a ``FeatureContext``; the open
documents and their analysis schedule live in ``documents.py``; settings in
``settings.py``. This module connects them to LSP messages and keeps every handler
safe: a feature that fails is logged and answered with an empty result, never a crash.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Callable, Iterator, TypeVar

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.io_ import run_async
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from . import __version__
from .analysis.document import Document
from .analysis.positions import Encoding
from .config import CONFIG_FILE, PYPROJECT_FILE, ConfigProblem, LoadedConfig, load_config, load_config_file, settings_for
from .diagnostics import Diagnostic
from .documents import DocumentStore, OpenDocument
from .features import code_actions, commands, completion, definition, folding, highlight, hover, inlay_hints
from .features import (
    lowering, ptx_preview, references, rename, resource_lens, semantic_tokens, server_status, symbols,
)
from .features.context import ClientSupport, FeatureContext, FeatureError
from .features.diagnostics import shown_in_editor, to_lsp_diagnostic
from .priming import prime
from .protocol import NvgpuProtocol
from .settings import SECTION, ServerSettings, parse_settings
from .fast_start import Handover, take_handover
from .stdio import ClosingStdoutWriter, PipeReader
from .text_documents import splice_changes
from .check_options import CheckOptions

log = logging.getLogger(__name__)
T = TypeVar("T")
REQUEST_FAILED = -32803
INVALID_PARAMS = -32602
CONFIGURATION_TIMEOUT = 5.0
CONFIG_RECHECK = 1.0
"""Seconds for which a document's configuration, once found, is reused by its next analyses."""
"""How long the first analysis waits for the client to answer ``workspace/configuration``."""
COMPLETION_TRIGGERS = [".", "%", "^", "@", "!", "#", "<", "=", '"', " "]


def op_format_steps(ops_per_step: int = 64) -> Iterator[Callable[[], None]]:
    """Every op's facts (the first step) and the reading programs of their formats (a few ops per
    step): built while the server is idle after the first file, so that they count as neither that
    file's time nor later growth. Nothing is built before the first step runs."""
    ops: list = []

    def load() -> None:
        from .dialects import ALL_OPS

        ops.extend(ALL_OPS.values())

    def step(chunk: list) -> Callable[[], None]:
        def run() -> None:
            from .analysis.formats import prepare

            for facts in chunk:
                prepare(facts)
        return run

    yield load
    for first in range(0, len(ops), ops_per_step):
        yield step(ops[first:first + ops_per_step])


class NvgpuLanguageServer(LanguageServer):
    """Open documents, the editor's settings, and how diagnostics reach the client."""

    def __init__(self) -> None:
        super().__init__("nvgpu-ls", __version__, protocol_cls=NvgpuProtocol)
        self.settings = ServerSettings()
        self.store = DocumentStore(self.options_for, self.on_analysed)
        self.pull_diagnostics = False
        """The client asks for diagnostics (``textDocument/diagnostic``) instead of being sent them."""
        self._config_problems_shown: set[str] = set()
        self._configs: dict[str, tuple[float, LoadedConfig]] = {}
        """What ``loaded_config`` last found for each document, and when."""
        self.lowering_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nvgpu-ls-lowering")
        """Whole-file lowerings run here, so that diagnostics and other requests go on meanwhile."""
        self.preview_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nvgpu-ls-ptx")
        """PTX previews run here (one at a time, each waiting on the native worker or ptxas)."""
        self._preview_service: Any = None
        """The one ``PreviewService`` (its long-lived native worker and cache), made on first use."""
        self._preview_service_lock = threading.Lock()
        self._client_support: tuple[Any, ClientSupport] | None = None
        self._progress_tokens = itertools.count(1)
        self.store.release_hooks.append(self._forget_cached_previews)
        self.resource_lenses = resource_lens.ResourceLenses()
        """Each document's kernels' resources, for the code lenses."""
        self._lens_jobs: dict[str, asyncio.Task] = {}
        self.store.warm_up = op_format_steps
        self.store.publish_partial = self.on_partial

    def _start_io_async(self, stdin: Any = None, stdout: Any = None) -> None:
        """pygls's stdio loop, its stdin read by the event loop (``stdio.PipeReader``) instead of
        a thread per line."""
        self._stop_event = threading.Event()
        self.protocol.set_writer(ClosingStdoutWriter(stdout or sys.stdout.buffer))
        handover = self.protocol.handover if isinstance(self.protocol, NvgpuProtocol) else None
        reader = PipeReader(stdin or sys.stdin.buffer, self.thread_pool, handover.prefix if handover else b"")
        try:
            asyncio.run(run_async(stop_event=self._stop_event, reader=reader, protocol=self.protocol, logger=log,
                                  error_handler=self.report_server_error))
        except BrokenPipeError:
            log.error("the connection to the client is lost; shutting down")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    # ------------------------------------------------------------------ settings
    def apply_settings(self, raw: Any, origin: str, launch: bool = False) -> None:
        """Take new settings from the client; report what was wrong and keep the defaults for it.
        ``launch``: they are the ``initializationOptions``, the one place programs are trusted."""
        settings, problems = parse_settings(raw, launch, self.settings.trusted_tools)
        self.settings = settings
        self.forget_configs()  # ``configPath`` may be another file now
        self.store.idle_release = settings.idle_memory_release
        for problem in problems:
            self.window_show_message(lsp.ShowMessageParams(
                type=lsp.MessageType.Warning, message=f"nvgpu-ls: {problem} (from {origin})"))

    def loaded_config(self, uri: str) -> LoadedConfig:
        """The configuration of ``uri``'s file. Finding it takes a few file-system calls per folder
        up to the repository's root; an analysis of the same file within ``CONFIG_RECHECK`` seconds
        reuses what the last one found (every keystroke is one), and a watched configuration file's
        change or new settings drop it at once."""
        now = time.monotonic()
        found = self._configs.get(uri)
        if found is not None and now - found[0] < CONFIG_RECHECK:
            return found[1]
        if self.settings.config_path:
            loaded = load_config_file(self.settings.config_path)
        else:
            path = _fs_path(uri)
            loaded = load_config(path) if path is not None else LoadedConfig()
        if len(self._configs) > 1024:
            self._configs.clear()
        self._configs[uri] = (now, loaded)
        return loaded

    def forget_configs(self) -> None:
        """Find every file's configuration afresh at its next analysis."""
        self._configs.clear()

    def options_for(self, uri: str) -> CheckOptions:
        """What checks ``uri``: its configuration file's target and severities, the editor's
        target where the file and configuration name none, the editor's severities beneath
        the configuration's. Runs on the analysis thread."""
        loaded = self.loaded_config(uri)
        self._report_config_problems(loaded)
        options = settings_for(loaded, _fs_path(uri), self.settings.target, "settings")
        if self.settings.rules:
            options = dataclasses.replace(options, severities={**self.settings.rules, **options.severities})
        return options

    def _report_config_problems(self, loaded: LoadedConfig) -> None:
        """A broken configuration file gets its problems as diagnostics on the file itself."""
        if loaded.path is None:
            return
        key = f"{loaded.path}:{loaded.problems!r}"
        if key in self._config_problems_shown:
            return
        self._config_problems_shown.add(key)
        uri = loaded.path.as_uri()
        diagnostics = [_config_diagnostic(p) for p in loaded.problems]
        params = lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
        if self.store.loop is not None:
            self.store.loop.call_soon_threadsafe(self.text_document_publish_diagnostics, params)
            for problem in loaded.problems:
                if problem.line is None:  # the file could not be read at all: no editor shows its diagnostics
                    message = lsp.ShowMessageParams(type=lsp.MessageType.Warning,
                                                    message=f"nvgpu-ls: {problem.path}: {problem.message}")
                    self.store.loop.call_soon_threadsafe(self.window_show_message, message)

    # ------------------------------------------------------------------ diagnostics
    def context(self, entry: OpenDocument) -> FeatureContext:
        assert entry.doc is not None
        return FeatureContext(entry.doc, self.encoding, self.settings, entry.options, entry.diagnostics,
                              self.client_support)

    @property
    def client_support(self) -> ClientSupport:
        """What the client declared it can do (read from its capabilities once they are known)."""
        capabilities = self.client_capabilities
        if self._client_support is None or self._client_support[0] is not capabilities:
            self._client_support = (capabilities, ClientSupport.from_capabilities(capabilities))
        return self._client_support[1]

    @property
    def encoding(self) -> Encoding:
        """The position encoding negotiated with the client (``utf-16`` unless it offered another)."""
        negotiated = self.workspace.position_encoding
        value = str(getattr(negotiated, "value", negotiated) or "utf-16")
        return "utf-8" if value == "utf-8" else "utf-32" if value == "utf-32" else "utf-16"

    def on_analysed(self, uri: str, version: int, diagnostics: list[Diagnostic], doc: Document,
                    options: CheckOptions) -> None:
        if self.resource_lenses.asked(uri):
            self.schedule_lens_figures(uri)
        if self.pull_diagnostics:
            return
        ctx = FeatureContext(doc, self.encoding, self.settings, options, diagnostics)
        with doc.mutation_lock:
            items = [to_lsp_diagnostic(ctx, d) for d in shown_in_editor(self.settings.diagnostics, diagnostics)]
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=items,
                                                                            version=version))

    def on_partial(self, uri: str, version: int, through_line: int) -> None:
        self.protocol.notify(commands.PARTIAL_DIAGNOSTICS_NOTIFICATION,
                             {"uri": uri, "version": version, "throughLine": through_line})

    async def answer(self, uri: str, feature: Callable[..., T], *args: Any, default: T) -> T:
        """Run ``feature(ctx, *args)`` on the newest analysed state of ``uri``; a failing
        feature is logged and answered with ``default``."""
        entry = await self.store.current(uri)
        if entry is None or entry.doc is None:
            return default
        with entry.doc.mutation_lock:
            try:
                return feature(self.context(entry), *args)
            except FeatureError as exc:
                raise JsonRpcException(message=str(exc), code=REQUEST_FAILED) from exc
            except Exception:  # noqa: BLE001
                self.window_log_message(lsp.LogMessageParams(
                    type=lsp.MessageType.Error,
                    message=f"nvgpu-ls: {getattr(feature, '__name__', feature)} failed on {uri}:\n"
                            f"{traceback.format_exc()}"))
                return default

    # ------------------------------------------------------------------ resource lenses
    async def code_lenses(self, uri: str) -> list[lsp.CodeLens]:
        """The kernels' resource lenses, from the figures last found; the newest text is
        compiled for new ones in the background."""
        if not self.settings.resource_lens:
            return []
        self.resource_lenses.ask(uri)
        entry = await self.store.current(uri)
        if entry is None or entry.doc is None:
            return []
        if not self.resource_lenses.is_current(uri, entry.text):
            self.schedule_lens_figures(uri)
        return await self.answer(uri, resource_lens.code_lenses, self.resource_lenses.reports(uri), default=[])

    def schedule_lens_figures(self, uri: str) -> None:
        """Compile ``uri``'s newest text for its lenses once it has rested (one job per document;
        safe from any thread)."""
        loop = self.store.loop
        if loop is None:
            return

        def start() -> None:
            job = self._lens_jobs.get(uri)
            if job is None or job.done():
                self._lens_jobs[uri] = loop.create_task(self._find_lens_figures(uri))
        loop.call_soon_threadsafe(start)

    async def _find_lens_figures(self, uri: str) -> None:
        while True:
            await asyncio.sleep(resource_lens.RESOURCE_DEBOUNCE)
            entry = self.store.open_documents.get(uri)
            if entry is None or entry.closed or not self.settings.resource_lens:
                return
            if time.monotonic() - entry.changed_at < resource_lens.RESOURCE_DEBOUNCE:
                continue  # still being typed
            entry = await self.store.current(uri)
            if entry is None or entry.doc is None or self.resource_lenses.is_current(uri, entry.text):
                return
            text = entry.text
            with entry.doc.mutation_lock:
                worth = resource_lens.worth_compiling(self.context(entry))
            if not worth:
                self.resource_lenses.keep(uri, text, resource_lens.NO_FIGURES)
                return
            options = ptx_preview.preview_options(entry.options, self.settings.lowering_engine, True,
                                                  self.settings.trusted_program(self.settings.ptxas_path), sass=True,
                                                  opt_level=self.settings.opt_level,
                                                  debug_info=self.settings.debug_info)
            try:
                figures = await asyncio.get_running_loop().run_in_executor(
                    self.preview_pool, resource_lens.compile_for_lenses, self.preview_service(), text,
                    lowering.document_path(uri), options)
            except Exception:  # noqa: BLE001 -- a lens is never worth an error
                self.window_log_message(lsp.LogMessageParams(
                    type=lsp.MessageType.Error,
                    message=f"nvgpu-ls: the resource lenses of {uri} failed:\n{traceback.format_exc()}"))
                figures = resource_lens.NO_FIGURES
            self.resource_lenses.keep(uri, text, figures)
            if self._client_refreshes_code_lenses():
                self.workspace_code_lens_refresh(None)
            newest = self.store.open_documents.get(uri)
            if newest is None or newest.text == text:
                return

    def forget_lens_job(self, uri: str) -> None:
        """A closed document's lens job: cancelled if it waits, and no longer kept."""
        job = self._lens_jobs.pop(uri, None)
        if job is not None and not job.done():
            job.cancel()

    async def hover_with_sass(self, uri: str, position: lsp.Position) -> lsp.Hover | None:
        """The hover, with the SASS its line became where the lens figures are of this text."""
        found = await self.answer(uri, hover.hover, position, default=None)
        entry = self.store.open_documents.get(uri)
        sass_lines = self.resource_lenses.sass_lines(uri, entry.text) if entry is not None else {}
        if found is None or not sass_lines:
            return found
        return await self.answer(uri, resource_lens.with_sass_counts, found, position, sass_lines, default=found)

    def _client_refreshes_code_lenses(self) -> bool:
        workspace = self.client_capabilities.workspace if self.client_capabilities is not None else None
        lens = workspace.code_lens if workspace is not None else None
        return bool(lens is not None and lens.refresh_support)

    async def lower_to_nvvm(self, arguments: Any) -> dict[str, Any]:
        """The command's and the custom request's answer: the document lowered (with the
        requested engine or the ``loweringEngine`` setting) on a snapshot of its newest text,
        off the event loop. A document that is not open is read from disk."""
        try:
            uri, engine = lowering.lowering_request(arguments)
        except FeatureError as exc:
            raise JsonRpcException(message=str(exc), code=INVALID_PARAMS) from exc
        await self.store.ready.wait()  # the settings (engine, target) are known
        entry = self.store.open_documents.get(uri)
        snapshot = entry.text if entry is not None else None
        return await self._off_loop(self.lowering_pool, f"lowering {uri}", self._lower_snapshot, uri, snapshot,
                                    engine or self.settings.lowering_engine, self.encoding)

    async def _off_loop(self, pool: Any, what: str, work: Any, *args: Any) -> Any:
        """``work(*args)`` on ``pool``; a FeatureError or a bug becomes an error answer (the bug
        also logged to the client), never a dead server."""
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
        except FeatureError as exc:
            raise JsonRpcException(message=str(exc), code=REQUEST_FAILED) from exc
        except Exception as exc:  # noqa: BLE001
            self.window_log_message(lsp.LogMessageParams(
                type=lsp.MessageType.Error, message=f"nvgpu-ls: {what} failed:\n{traceback.format_exc()}"))
            raise JsonRpcException(message=f"nvgpu-ls: {what} failed: {type(exc).__name__}: {exc}",
                                   code=REQUEST_FAILED) from exc

    def _lower_snapshot(self, uri: str, text: str | None, engine: str, encoding: Encoding) -> dict[str, Any]:
        """Runs on the lowering thread, with the options the diagnostics use."""
        if text is None:
            text = lowering.saved_text(uri)
            if text is None:
                raise FeatureError(f"nvgpu-ls: {uri} is neither open nor a saved file")
        return lowering.lower_to_nvvm(text, uri, self.options_for(uri), engine, encoding,
                                      opt_level=self.settings.opt_level, debug_info=self.settings.debug_info)


    async def preview_ptx(self, arguments: Any, sass: bool = False) -> dict[str, Any]:
        """The Preview PTX (``sass``: Preview SASS) command's and request's answer, on a snapshot
        of the document's newest text (from disk when it is not open), off the event loop, with
        ``$/progress`` where the client shows it. The preview's ``ptx.*`` diagnostics are
        published on the document."""
        try:
            request = ptx_preview.preview_request(arguments)
        except FeatureError as exc:
            raise JsonRpcException(message=str(exc), code=INVALID_PARAMS) from exc
        if sass:
            request = replace(request, sass=True)
        await self.store.ready.wait()  # the settings (engine, target, ptxas) are known
        entry = self.store.open_documents.get(request.uri)
        snapshot, version = (entry.text, entry.version) if entry is not None else (None, None)
        progress = await WorkDoneProgress.start(self, "Preview SASS" if sass else "Preview PTX",
                                                request.work_done_token)
        try:
            result, problems = await self._off_loop(self.preview_pool, f"previewing the PTX of {request.uri}",
                                                    self._preview_snapshot, request, snapshot, self.encoding,
                                                    progress.report)
        finally:
            progress.end()
        if version is not None and self.store.keep_preview(request.uri, version, problems):
            self._refresh_pulled_diagnostics()
        return result

    def _preview_snapshot(self, request: ptx_preview.PreviewRequest, text: str | None, encoding: Encoding,
                          progress: Callable[[str], None]) -> tuple[dict[str, Any], list[Diagnostic]]:
        """Runs on the preview thread, with the options the diagnostics use."""
        if text is None:
            text = lowering.saved_text(request.uri)
            if text is None:
                raise FeatureError(f"nvgpu-ls: {request.uri} is neither open nor a saved file")
        options = ptx_preview.preview_options(
            self.options_for(request.uri), request.engine or self.settings.lowering_engine, request.validate,
            self.settings.trusted_program(self.settings.ptxas_path), request.timeout, request.sass,
            self.settings.opt_level, self.settings.debug_info)
        return ptx_preview.run_preview(self.preview_service(), text, request.uri, options, encoding, progress)

    def preview_service(self) -> Any:
        """The server's ``PreviewService``, started on first use (not at start-up: most sessions
        never preview, and its module loads the pipeline)."""
        with self._preview_service_lock:
            if self._preview_service is None:
                from .ptx.preview import PreviewService
                self._preview_service = PreviewService()
            return self._preview_service

    def _started_preview_service(self) -> Any:
        """The ``PreviewService`` if one was started, without starting one."""
        with self._preview_service_lock:
            return self._preview_service

    def _forget_cached_previews(self) -> None:
        service = self._started_preview_service()
        if service is not None:
            service.forget_cached()

    def close_preview_service(self) -> None:
        """Stop the preview's worker; a preview still running ends at once (the worker is killed)."""
        with self._preview_service_lock:
            service, self._preview_service = self._preview_service, None
        if service is None:
            return
        try:
            service.close()
        except Exception:  # noqa: BLE001  (shutting down: nothing left to tell)
            log.warning("closing the PTX preview service failed", exc_info=True)

    def status(self) -> server_status.ServerStatus:
        """What the server holds now (``nvgpu-ls/serverStatus``); runs on the event loop."""
        awaiting_client = set(self.protocol._result_types)  # pygls files these futures beside the handlers'
        return server_status.server_status(
            open_documents=list(self.store.open_documents),
            text_documents=len(self.workspace.text_documents),
            handlers_in_flight=sum(1 for msg_id in list(self.protocol._request_futures)
                                   if msg_id not in awaiting_client),
            requests_to_client=len(awaiting_client),
            preview_service=self._started_preview_service(),
            memory_releases=self.store.memory_releases,
            warmed_up=self.store.warmed_up)

    def _refresh_pulled_diagnostics(self) -> None:
        """Ask a client that pulls diagnostics to pull again (the preview's changed them)."""
        if not self.pull_diagnostics:
            return
        workspace = self.client_capabilities.workspace
        diagnostics = workspace.diagnostics if workspace is not None else None
        if diagnostics is not None and diagnostics.refresh_support:
            self.workspace_diagnostic_refresh(None)


class WorkDoneProgress:
    """``$/progress`` for one long request: a token the client gave or one the server created
    (``window/workDoneProgress/create``), begun, reported to from any thread, ended. Without
    a token (the client shows no progress, or refused to create one) every call does nothing."""

    def __init__(self, ls: NvgpuLanguageServer, token: int | str | None,
                 loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.ls = ls
        self.token = token
        self.loop = loop

    @classmethod
    async def start(cls, ls: NvgpuLanguageServer, title: str, token: int | str | None = None
                    ) -> "WorkDoneProgress":
        loop = asyncio.get_running_loop()
        if token is None:
            window = ls.client_capabilities.window
            if window is None or not window.work_done_progress:
                return cls(ls, None)
            token = f"nvgpu-ls-{next(ls._progress_tokens)}"
            try:
                await asyncio.wait_for(ls.work_done_progress.create_async(token), CONFIGURATION_TIMEOUT)
            except Exception:  # noqa: BLE001  (the work goes on without a progress bar)
                log.warning("window/workDoneProgress/create failed", exc_info=True)
                return cls(ls, None)
        ls.work_done_progress.begin(token, lsp.WorkDoneProgressBegin(title=title, cancellable=False))
        return cls(ls, token, loop)

    def report(self, message: str) -> None:
        """Say what the work is doing now; callable from any thread."""
        if self.token is None or self.loop is None:
            return
        value = lsp.WorkDoneProgressReport(message=message)
        self.loop.call_soon_threadsafe(self.ls.work_done_progress.report, self.token, value)

    def end(self, message: str | None = None) -> None:
        """Runs on the event loop, after the work."""
        if self.token is not None:
            self.ls.work_done_progress.end(self.token, lsp.WorkDoneProgressEnd(message=message))


def _fs_path(uri: str) -> str | None:
    return to_fs_path(uri) if uri.startswith("file:") else None


def _config_diagnostic(problem: ConfigProblem) -> lsp.Diagnostic:
    line = max((problem.line or 1) - 1, 0)
    column = max((problem.column or 1) - 1, 0)
    return lsp.Diagnostic(range=lsp.Range(lsp.Position(line, column), lsp.Position(line, column + 1)),
                          message=problem.message, severity=lsp.DiagnosticSeverity.Error,
                          code="config.invalid", source="nvgpu-ls")


server = NvgpuLanguageServer()


# ---------------------------------------------------------------------- lifecycle
@server.feature(lsp.INITIALIZE)
def initialize(ls: NvgpuLanguageServer, params: lsp.InitializeParams) -> None:
    splice_changes(ls.workspace)
    text_caps = params.capabilities.text_document
    ls.pull_diagnostics = bool(text_caps is not None and text_caps.diagnostic is not None)
    if ls.pull_diagnostics:  # such a client asks for a whole file's diagnostics at once: no first look
        ls.store.first_look_lines = 0
    ls.apply_settings(params.initialization_options, "initializationOptions", launch=True)


@server.feature(lsp.INITIALIZED)
async def initialized(ls: NvgpuLanguageServer, params: lsp.InitializedParams) -> None:
    ls.store.prepare(prime)
    try:
        await refresh_configuration(ls)
    finally:
        ls.store.ready.set()
    await watch_configuration_files(ls)


async def watch_configuration_files(ls: NvgpuLanguageServer) -> None:
    """Ask the client to tell us when a configuration file changes, where it can."""
    workspace = ls.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    if watched is None or not watched.dynamic_registration:
        return
    watchers = [lsp.FileSystemWatcher(glob_pattern=f"**/{name}") for name in (CONFIG_FILE, PYPROJECT_FILE)]
    try:
        await asyncio.wait_for(ls.client_register_capability_async(lsp.RegistrationParams(registrations=[
            lsp.Registration(id="nvgpu-ls-config-files", method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                             register_options=lsp.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))])),
            CONFIGURATION_TIMEOUT)
    except Exception:  # noqa: BLE001  (without the registration, edits to the .mlir files still re-check)
        log.warning("could not register configuration file watchers", exc_info=True)


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: NvgpuLanguageServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    if any(change.uri.endswith((CONFIG_FILE, PYPROJECT_FILE)) for change in params.changes):
        ls.forget_configs()
        ls.store.reanalyse_all()


async def refresh_configuration(ls: NvgpuLanguageServer) -> None:
    """Ask the client for the ``nvgpu-ls`` section when it can answer, and re-check everything."""
    workspace = ls.client_capabilities.workspace
    if workspace is None or not workspace.configuration:
        return
    try:
        (section,) = await asyncio.wait_for(ls.workspace_configuration_async(
            lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SECTION)])), CONFIGURATION_TIMEOUT)
    except Exception:  # noqa: BLE001  (a client that fails the request keeps the settings it gave)
        log.warning("workspace/configuration failed", exc_info=True)
        return
    if section is not None:
        ls.apply_settings(section, "workspace/configuration")
        ls.store.reanalyse_all()
        if ls.pull_diagnostics:
            ls.workspace_diagnostic_refresh(None)


@server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: NvgpuLanguageServer, params: lsp.DidChangeConfigurationParams) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace is not None and workspace.configuration:
        await refresh_configuration(ls)
        return
    if params.settings is not None:  # clients without workspace/configuration push the settings
        ls.apply_settings(params.settings, "workspace/didChangeConfiguration")
        ls.store.reanalyse_all()


# ---------------------------------------------------------------------- documents
@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: NvgpuLanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    ls.store.open(item.uri, ls.workspace.get_text_document(item.uri).source, item.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: NvgpuLanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.store.change(uri, ls.workspace.get_text_document(uri).source, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: NvgpuLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.store.close(uri)
    ls.resource_lenses.forget(uri)
    ls.forget_lens_job(uri)
    if not ls.pull_diagnostics:
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@server.feature(lsp.TEXT_DOCUMENT_DIAGNOSTIC,
                lsp.DiagnosticOptions(identifier="nvgpu-ls", inter_file_dependencies=False,
                                      workspace_diagnostics=False))
async def pull_diagnostics(ls: NvgpuLanguageServer, params: lsp.DocumentDiagnosticParams
                           ) -> lsp.DocumentDiagnosticReport:
    entry = await ls.store.current(params.text_document.uri, wait=60.0)
    if entry is None or entry.doc is None:
        return lsp.RelatedFullDocumentDiagnosticReport(items=[])
    shown = entry.shown_diagnostics
    result_id = (f"{entry.analysed_version}:{id(entry.options)}:{len(shown)}:{entry.preview_serial}:"
                 f"{ls.settings.diagnostics}")
    if params.previous_result_id == result_id:
        return lsp.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    ctx = ls.context(entry)
    with entry.doc.mutation_lock:
        items = [to_lsp_diagnostic(ctx, d) for d in shown_in_editor(ls.settings.diagnostics, shown)]
    return lsp.RelatedFullDocumentDiagnosticReport(items=items, result_id=result_id)


# ---------------------------------------------------------------------- features
@server.feature(lsp.TEXT_DOCUMENT_HOVER)
async def on_hover(ls: NvgpuLanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    return await ls.hover_with_sass(params.text_document.uri, params.position)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
async def on_definition(ls: NvgpuLanguageServer, params: lsp.DefinitionParams) -> list[lsp.Location]:
    return await ls.answer(params.text_document.uri, definition.definition, params.position, default=[])


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
async def on_references(ls: NvgpuLanguageServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
    return await ls.answer(params.text_document.uri, references.references, params.position,
                           params.context.include_declaration, default=[])


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
async def on_highlight(ls: NvgpuLanguageServer, params: lsp.DocumentHighlightParams
                       ) -> list[lsp.DocumentHighlight]:
    return await ls.answer(params.text_document.uri, highlight.document_highlight, params.position, default=[])


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
async def on_prepare_rename(ls: NvgpuLanguageServer, params: lsp.PrepareRenameParams
                            ) -> lsp.PrepareRenamePlaceholder | None:
    return await ls.answer(params.text_document.uri, rename.prepare_rename, params.position, default=None)


@server.feature(lsp.TEXT_DOCUMENT_RENAME)
async def on_rename(ls: NvgpuLanguageServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit | None:
    return await ls.answer(params.text_document.uri, rename.rename, params.position, params.new_name,
                           default=None)


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def on_document_symbols(ls: NvgpuLanguageServer, params: lsp.DocumentSymbolParams
                              ) -> list[lsp.DocumentSymbol]:
    return await ls.answer(params.text_document.uri, symbols.document_symbols, default=[])


@server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
async def on_folding(ls: NvgpuLanguageServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
    return await ls.answer(params.text_document.uri, folding.folding_ranges, default=[])


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS,
                                                                    resolve_provider=True))
async def on_completion(ls: NvgpuLanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    trigger = params.context.trigger_character if params.context is not None else None
    empty = lsp.CompletionList(is_incomplete=False, items=[])
    return await ls.answer(params.text_document.uri, completion.completion, params.position, trigger,
                           default=empty)


@server.feature(lsp.COMPLETION_ITEM_RESOLVE)
async def on_completion_resolve(ls: NvgpuLanguageServer, item: lsp.CompletionItem) -> lsp.CompletionItem:
    uri = item.data.get("uri") if isinstance(item.data, dict) else None
    if not isinstance(uri, str):
        return item
    return await ls.answer(uri, completion.resolve, item, default=item)


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, semantic_tokens.LEGEND)
async def on_semantic_tokens(ls: NvgpuLanguageServer, params: lsp.SemanticTokensParams) -> lsp.SemanticTokens:
    return await ls.answer(params.text_document.uri, semantic_tokens.semantic_tokens,
                           default=lsp.SemanticTokens(data=[]))


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, semantic_tokens.LEGEND)
async def on_semantic_tokens_range(ls: NvgpuLanguageServer, params: lsp.SemanticTokensRangeParams
                                   ) -> lsp.SemanticTokens:
    return await ls.answer(params.text_document.uri, semantic_tokens.semantic_tokens_range, params.range,
                           default=lsp.SemanticTokens(data=[]))


@server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT)
async def on_inlay_hints(ls: NvgpuLanguageServer, params: lsp.InlayHintParams) -> list[lsp.InlayHint]:
    return await ls.answer(params.text_document.uri, inlay_hints.inlay_hints, params.range, default=[])


@server.feature(lsp.TEXT_DOCUMENT_CODE_LENS, lsp.CodeLensOptions(resolve_provider=False))
async def on_code_lens(ls: NvgpuLanguageServer, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    return await ls.code_lenses(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=code_actions.KINDS))
async def on_code_action(ls: NvgpuLanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    return await ls.answer(params.text_document.uri, code_actions.code_actions, params, default=[])


@server.command(commands.LOWER_TO_NVVM_COMMAND)
async def on_lower_command(ls: NvgpuLanguageServer, *arguments: Any) -> dict[str, Any]:
    return await ls.lower_to_nvvm(list(arguments))


@server.feature(commands.LOWER_TO_NVVM_REQUEST)
async def on_lower_request(ls: NvgpuLanguageServer, params: Any) -> dict[str, Any]:
    return await ls.lower_to_nvvm(params)


@server.command(commands.PREVIEW_PTX_COMMAND)
async def on_preview_command(ls: NvgpuLanguageServer, *arguments: Any) -> dict[str, Any]:
    return await ls.preview_ptx(list(arguments))


@server.feature(commands.PREVIEW_PTX_REQUEST)
async def on_preview_request(ls: NvgpuLanguageServer, params: Any) -> dict[str, Any]:
    return await ls.preview_ptx(params)


@server.command(commands.PREVIEW_SASS_COMMAND)
async def on_preview_sass_command(ls: NvgpuLanguageServer, *arguments: Any) -> dict[str, Any]:
    return await ls.preview_ptx(list(arguments), sass=True)


@server.feature(commands.PREVIEW_SASS_REQUEST)
async def on_preview_sass_request(ls: NvgpuLanguageServer, params: Any) -> dict[str, Any]:
    return await ls.preview_ptx(params, sass=True)


@server.feature(commands.SERVER_STATUS_REQUEST)
def on_server_status(ls: NvgpuLanguageServer, params: Any) -> dict[str, Any]:
    return ls.status().to_json()


@server.feature(lsp.SHUTDOWN)
def on_shutdown(ls: NvgpuLanguageServer, params: None) -> None:
    ls.store.shutdown()
    ls.lowering_pool.shutdown(wait=False, cancel_futures=True)
    ls.preview_pool.shutdown(wait=False, cancel_futures=True)
    ls.close_preview_service()


def serve_stdio() -> int:
    """Serve LSP over stdin/stdout until the client exits: 0 after ``shutdown`` + ``exit`` (or when
    the client closes the stream), 1 for an ``exit`` without ``shutdown``. What the fast start
    read and answered before this module was imported (``fast_start``) is taken over."""
    assert isinstance(server.protocol, NvgpuProtocol)
    server.protocol.handover = take_handover() or Handover()
    server.start_io()
    status = getattr(server.protocol, "exit_status", None)
    return 0 if status is None else status


def serve_tcp(host: str, port: int) -> int:
    """Serve LSP on a TCP socket (one client), for editors that connect rather than spawn."""
    server.start_tcp(host, port)
    return 0
