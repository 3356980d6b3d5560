"""Drive the real server process over stdio with pygls's LSP client, as an editor would.

``LspSession`` starts ``python -m nvgpu_ls``, initializes it with the capabilities a real
client declares (``tests/data/clients/``: Neovim 0.7.2's own
``make_client_capabilities()``, and VS Code's with vscode-languageclient 9), and offers
awaitable helpers: open/change a document and wait for its diagnostics, send requests.
Use ``run_session`` from a synchronous test::

    def test_hover_on_op_name():
        async def scenario(s: LspSession):
            await s.open("a.mlir", TEXT)
            return await s.hover("a.mlir", 3, 8)
        hover = run_session(scenario)
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator, Sequence, TypeVar

import pytest

from lsprotocol import converters
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from nvgpu_ls.features.commands import PARTIAL_DIAGNOSTICS_NOTIFICATION

CLIENTS = Path(__file__).parent / "data" / "clients"
CLIENT_NAMES = ("neovim-0.7.2", "vscode")
TIMEOUT = 60.0
T = TypeVar("T")


def client_capabilities(name: str) -> lsp.ClientCapabilities:
    """The capabilities a real client declares (``neovim-0.7.2``, ``vscode``), or none (``bare``)."""
    if name == "bare":
        return lsp.ClientCapabilities()
    raw = json.loads((CLIENTS / f"{name}.json").read_text())
    return converters.get_converter().structure(raw, lsp.ClientCapabilities)


def uri_of(name: str) -> str:
    """A file URI for a test document name (absolute paths stay as they are)."""
    return Path(name).as_uri() if name.startswith("/") else f"file:///nvgpu-ls-tests/{name}"


class LspSession:
    """One server process and one client talking to it."""

    def __init__(self, client_name: str = "neovim-0.7.2", initialization_options: Any = None,
                 configuration: Any = None, root: str | None = None,
                 capabilities: lsp.ClientCapabilities | None = None, server_args: Sequence[str] = ()) -> None:
        self.client = LanguageClient("nvgpu-ls-tests", "1")
        self.client_name = client_name
        self.capabilities = capabilities or client_capabilities(client_name)
        """What the client declares; ``client_name``'s recorded capabilities unless given."""
        self.server_args = list(server_args)
        self.initialization_options = initialization_options
        self.configuration = configuration
        """What the client answers to ``workspace/configuration`` (VS Code-style clients ask)."""
        self.root = root
        self.published: dict[str, list[lsp.PublishDiagnosticsParams]] = {}
        self.messages: list[lsp.ShowMessageParams] = []
        self.logs: list[lsp.LogMessageParams] = []
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self._changed = asyncio.Event()
        self.initialize_result: lsp.InitializeResult | None = None

        self.first_looks: dict[str, list[tuple[int, lsp.PublishDiagnosticsParams]]] = {}
        """uri → (throughLine, diagnostics) of each first look at it (``published`` holds the
        complete publications only)."""
        self._partial: dict[tuple[str, int | None], int] = {}

        @self.client.feature(PARTIAL_DIAGNOSTICS_NOTIFICATION)
        def on_partial(params: Any) -> None:
            self._partial[(params.uri, params.version)] = params.throughLine

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            through = self._partial.pop((params.uri, params.version), None)
            if through is not None:
                self.first_looks.setdefault(params.uri, []).append((through, params))
                return
            self.published.setdefault(params.uri, []).append(params)
            self._changed.set()

        @self.client.feature(lsp.WINDOW_SHOW_MESSAGE)
        def on_message(params: lsp.ShowMessageParams) -> None:
            self.messages.append(params)
            self._changed.set()

        @self.client.feature(lsp.WINDOW_LOG_MESSAGE)
        def on_log(params: lsp.LogMessageParams) -> None:
            self.logs.append(params)

        @self.client.feature(lsp.WORKSPACE_CONFIGURATION)
        def on_configuration(params: lsp.ConfigurationParams) -> list[Any]:
            return [self.configuration for _ in params.items]

        self.refreshes = 0
        """How many ``workspace/diagnostic/refresh`` requests the server sent."""

        @self.client.feature(lsp.WORKSPACE_DIAGNOSTIC_REFRESH)
        def on_refresh(params: None) -> None:
            self.refreshes += 1
            self._changed.set()

    async def start(self) -> lsp.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "nvgpu_ls", *self.server_args)
        return await self.initialize()

    async def initialize(self) -> lsp.InitializeResult:
        params = lsp.InitializeParams(
            capabilities=self.capabilities,
            initialization_options=self.initialization_options,
            root_uri=Path(self.root).as_uri() if self.root else None,
            process_id=None,
        )
        self.initialize_result = await asyncio.wait_for(self.client.initialize_async(params), TIMEOUT)
        self.client.initialized(lsp.InitializedParams())
        return self.initialize_result

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
            self.client.exit(None)
        finally:
            await self.client.stop()

    # ------------------------------------------------------------------ documents
    async def open(self, name: str, text: str, wait: bool = True) -> lsp.PublishDiagnosticsParams | None:
        """Open a document; unless ``wait`` is false, return the diagnostics published for it
        (clients that pull diagnostics get them by a ``textDocument/diagnostic`` request)."""
        uri = uri_of(name)
        self.versions[uri] = 1
        self.texts[uri] = text
        seen = len(self.published.get(uri, ()))
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="mlir", version=1, text=text)))
        return await self.wait_diagnostics(name, seen) if wait else None

    async def change(self, name: str, text: str | None = None,
                     edits: Sequence[tuple[lsp.Range, str]] = (), wait: bool = True
                     ) -> lsp.PublishDiagnosticsParams | None:
        """Send the whole new ``text``, or incremental ``edits`` (range, new text) in order."""
        uri = uri_of(name)
        self.versions[uri] += 1
        seen = len(self.published.get(uri, ()))
        changes: list[Any] = []
        if text is not None:
            changes.append(lsp.TextDocumentContentChangeWholeDocument(text=text))
        changes += [lsp.TextDocumentContentChangePartial(range=r, text=t) for r, t in edits]
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=changes))
        return await self.wait_diagnostics(name, seen) if wait else None

    async def close(self, name: str) -> None:
        self.client.text_document_did_close(lsp.DidCloseTextDocumentParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri_of(name))))

    @property
    def pulls(self) -> bool:
        caps = self.capabilities.text_document
        return caps is not None and caps.diagnostic is not None

    async def wait_diagnostics(self, name: str, seen: int | None = None) -> lsp.PublishDiagnosticsParams:
        """The next diagnostics published for ``name`` after the ``seen``-th (pushed), or the
        current ones (pulled, for clients that announce pull diagnostics)."""
        uri = uri_of(name)
        if self.pulls:
            report = await self.request(self.client.text_document_diagnostic_async(lsp.DocumentDiagnosticParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri))))
            return lsp.PublishDiagnosticsParams(uri=uri, diagnostics=list(report.items),
                                                version=self.versions.get(uri))
        seen = len(self.published.get(uri, ())) if seen is None else seen

        async def arrived() -> lsp.PublishDiagnosticsParams:
            while len(self.published.get(uri, ())) <= seen:
                self._changed.clear()
                await self._changed.wait()
            return self.published[uri][-1]

        return await asyncio.wait_for(arrived(), TIMEOUT)

    async def wait_message(self) -> lsp.ShowMessageParams:
        seen = len(self.messages)

        async def arrived() -> lsp.ShowMessageParams:
            while len(self.messages) <= seen:
                self._changed.clear()
                await self._changed.wait()
            return self.messages[-1]

        return await asyncio.wait_for(arrived(), TIMEOUT)

    # ------------------------------------------------------------------ requests
    async def request(self, awaitable: Awaitable[T]) -> T:
        return await asyncio.wait_for(awaitable, TIMEOUT)

    def doc(self, name: str) -> lsp.TextDocumentIdentifier:
        return lsp.TextDocumentIdentifier(uri=uri_of(name))

    async def hover(self, name: str, line: int, character: int) -> lsp.Hover | None:
        return await self.request(self.client.text_document_hover_async(lsp.HoverParams(
            text_document=self.doc(name), position=lsp.Position(line, character))))


def run_session(scenario: Callable[[LspSession], Awaitable[T]], client_name: str = "neovim-0.7.2",
                **options: Any) -> T:
    """Start a server, run ``scenario`` against it, shut it down; returns what the scenario returns."""
    async def main() -> T:
        session = LspSession(client_name, **options)
        await session.start()
        try:
            return await scenario(session)
        finally:
            await session.stop()

    return asyncio.run(main())


class SharedSession:
    """One server for every scenario of a test module (``shared_sessions``), on an event loop of
    its own: the scenarios keep apart by the names of the documents they open, which no two share.
    A server start costs about a second, an end-to-end scenario a tenth of that."""

    def __init__(self, client_name: str, **options: Any) -> None:
        self.client_name = client_name
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=f"lsp-{client_name}", daemon=True)
        self.thread.start()
        self.session = LspSession(client_name, **options)
        self._wait(self.session.start())

    def run(self, scenario: Callable[[LspSession], Awaitable[T]]) -> T:
        """Run ``scenario`` against the shared server; returns what it returns."""
        return self._wait(scenario(self.session))

    def close(self) -> None:
        try:
            self._wait(self.session.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(TIMEOUT)

    def _wait(self, awaitable: Awaitable[T]) -> T:
        async def wrapped() -> T:
            return await awaitable
        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(TIMEOUT * 4)


def shared_sessions(**options: Any) -> Callable[..., Iterator[SharedSession]]:
    """A module-scoped fixture: one ``SharedSession`` per client of ``CLIENT_NAMES``."""
    @pytest.fixture(scope="module", params=CLIENT_NAMES)
    def server(request: pytest.FixtureRequest) -> Iterator[SharedSession]:
        shared = SharedSession(request.param, **options)
        try:
            yield shared
        finally:
            shared.close()
    return server


def position_of(text: str, needle: str, occurrence: int = 0, after: int = 0) -> lsp.Position:
    """The LSP position (UTF-16 columns) of the ``occurrence``-th ``needle`` in ``text``, plus ``after``."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += after
    line = text.count("\n", 0, index)
    line_start = text.rfind("\n", 0, index) + 1
    column = len(text[line_start:index].encode("utf-16-le")) // 2
    return lsp.Position(line=line, character=column)
