"""The real server process over stdio, driven by pygls's LSP client: syntax diagnostics are
published on open and change, at UTF-16 positions, and cleared on close."""

from __future__ import annotations

import asyncio
import sys

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

URI = "file:///tmp/kernel.mlir"
GOOD = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
# The non-ASCII comment shifts UTF-16 columns: the error must still land on the bad type.
BAD = '// 🚀 é\nfunc.func @f(%a: i32) -> i32 {\n  %0 = "test.op"(%a) {s = "🚀"} : (i32) -> i3x\n  return %a : i32\n}\n'


async def session() -> list[lsp.PublishDiagnosticsParams]:
    client = LanguageClient("nvgpu-ls-tests", "1")
    published: list[lsp.PublishDiagnosticsParams] = []
    arrived = asyncio.Event()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
        published.append(params)
        arrived.set()

    async def next_publish() -> lsp.PublishDiagnosticsParams:
        await asyncio.wait_for(arrived.wait(), timeout=60)
        arrived.clear()
        return published[-1]

    await client.start_io(sys.executable, "-m", "nvgpu_ls")
    try:
        await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities())),
                               timeout=60)
        client.initialized(lsp.InitializedParams())
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=URI, language_id="mlir", version=1, text=BAD)))
        await next_publish()
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=GOOD)]))
        await next_publish()
        client.text_document_did_close(lsp.DidCloseTextDocumentParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI)))
        await next_publish()
        await asyncio.wait_for(client.shutdown_async(None), timeout=60)
        client.exit(None)
    finally:
        await client.stop()
    return published


def test_diagnostics_are_published_updated_and_cleared():
    opened, changed, closed = asyncio.run(session())
    (diag,) = opened.diagnostics
    assert diag.code == "syntax.type" and "i3x" in diag.message
    # upstream's place, just past '->', up to the end of i3x; 🚀 is two UTF-16 units
    assert (diag.range.start, diag.range.end) == (lsp.Position(line=2, character=42), lsp.Position(line=2, character=46))
    assert not changed.diagnostics and not closed.diagnostics
