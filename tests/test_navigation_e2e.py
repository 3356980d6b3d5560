"""Navigation through the real server over stdio: definition, references, highlight,
prepareRename + rename, documentSymbol and foldingRange, as Neovim 0.7.2 and VS Code ask
for them, on a file without errors and on one with syntax errors."""

from __future__ import annotations

import re
from typing import Any

from lsprotocol import types as lsp

from nvgpu_ls.analysis.positions import LineIndex
from tests.lsp_support import LspSession, SharedSession, position_of, shared_sessions, uri_of
from tests.navigation_support import BROKEN, KERNEL

server = shared_sessions()


def apply(text: str, edits: list[lsp.TextEdit]) -> str:
    """``text`` after a client applies ``edits`` (UTF-16 positions)."""
    lines = LineIndex(text)
    spans = [(lines.offset(e.range.start.line, e.range.start.character),
              lines.offset(e.range.end.line, e.range.end.character), e.new_text) for e in edits]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def spelled(text: str, r: lsp.Range) -> tuple[int, str]:
    lines = LineIndex(text)
    return r.start.line, text[lines.offset(r.start.line, r.start.character):lines.offset(r.end.line, r.end.character)]


async def navigate(s: LspSession, name: str, text: str, value: str, symbol: str, new_name: str) -> dict[str, Any]:
    """Every navigation request once: ``value`` is where definition, references and
    highlight ask; ``symbol`` where prepareRename and rename ask."""
    published = await s.open(name, text)
    doc = s.doc(name)
    at, renamed_at = position_of(text, value), position_of(text, symbol)
    client = s.client
    return {
        "diagnostics": published.diagnostics,
        "definition": await s.request(client.text_document_definition_async(
            lsp.DefinitionParams(text_document=doc, position=at))),
        "references": await s.request(client.text_document_references_async(lsp.ReferenceParams(
            text_document=doc, position=at, context=lsp.ReferenceContext(include_declaration=True)))),
        "highlight": await s.request(client.text_document_document_highlight_async(
            lsp.DocumentHighlightParams(text_document=doc, position=at))),
        "prepared": await s.request(client.text_document_prepare_rename_async(
            lsp.PrepareRenameParams(text_document=doc, position=renamed_at))),
        "edit": await s.request(client.text_document_rename_async(
            lsp.RenameParams(text_document=doc, position=renamed_at, new_name=new_name))),
        "refused": await _refusal(s, doc, renamed_at),
        "symbols": await s.request(client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=doc))),
        "folding": await s.request(client.text_document_folding_range_async(
            lsp.FoldingRangeParams(text_document=doc))),
    }


async def _refusal(s: LspSession, doc: lsp.TextDocumentIdentifier, at: lsp.Position) -> str:
    """The error message the server answers a rename to an invalid name with."""
    try:
        await s.request(s.client.text_document_rename_async(
            lsp.RenameParams(text_document=doc, position=at, new_name="1 bad")))
    except Exception as exc:  # noqa: BLE001  (the client raises the LSP error it received)
        return str(exc)
    return ""


def tree(symbols: list[lsp.DocumentSymbol]) -> list:
    return [(s.name, s.detail, *([tree(s.children)] if s.children else [])) for s in symbols]


def test_navigation_on_a_file_without_errors(server: SharedSession):
    found = server.run(lambda s: navigate(s, "kernel.mlir", KERNEL, "%t : memref", "@kernels::", "gpu_kernels"))
    assert list(found["diagnostics"]) == []
    (location,) = found["definition"]
    assert location.uri == uri_of("kernel.mlir") and spelled(KERNEL, location.range) == (41, "%t")
    assert [spelled(KERNEL, r.range) for r in found["references"]] == [(41, "%t"), (44, "%t"), (44, "%t"),
                                                                       (45, "%t")]
    assert [(h.range.start.line, h.kind) for h in found["highlight"]] == [
        (41, lsp.DocumentHighlightKind.Write)] + [(line, lsp.DocumentHighlightKind.Read) for line in (44, 44, 45)]

    prepared = found["prepared"]
    assert prepared.placeholder == "@kernels" and spelled(KERNEL, prepared.range) == (44, "@kernels")
    assert apply(KERNEL, found["edit"].changes[uri_of("kernel.mlir")]) == KERNEL.replace("@kernels", "@gpu_kernels")
    assert "not a valid name for a symbol" in found["refused"]

    (module,) = [s for s in found["symbols"] if s.name == "<builtin.module>"]
    assert tree(module.children)[0] == ("kernels", "sm_90a", [
        ("copy", "kernel (%src: !buffer, %dst: memref<128xf32, #identity>, %n: index)"),
        ("sum", "kernel (%src: !buffer)")])
    assert [(f.start_line, f.end_line) for f in found["folding"]] == [
        (0, 1), (4, 47), (6, 29), (7, 16), (18, 28), (23, 26), (32, 35), (38, 46)]
    assert found["folding"][0].kind == lsp.FoldingRangeKind.Comment


def test_columns_after_non_ascii_text_are_utf16_units(server: SharedSession):
    async def scenario(s: LspSession):
        found = await navigate(s, "kernel_utf16.mlir", KERNEL, "%r#1)", '@"größe🚀"(%r', "size")
        return found["definition"], found["references"], found["prepared"]

    # `%r#1` follows `@"größe🚀"`, which is 9 code points but 10 UTF-16 units: it starts at column 30.
    (definition,), references, prepared = server.run(scenario)
    assert definition.range == lsp.Range(lsp.Position(42, 4), lsp.Position(42, 6))
    assert [r.range for r in references] == [lsp.Range(lsp.Position(42, 4), lsp.Position(42, 6)),
                                             lsp.Range(lsp.Position(43, 30), lsp.Position(43, 34))]
    assert prepared.range == lsp.Range(lsp.Position(43, 19), lsp.Position(43, 29))


def test_navigation_on_a_file_with_syntax_errors(server: SharedSession):
    found = server.run(lambda s: navigate(s, "broken.mlir", BROKEN, "%v, %v", "%v = ", "%loaded"))
    assert any(d.code == "syntax.custom-form" for d in found["diagnostics"])
    (location,) = found["definition"]
    assert spelled(BROKEN, location.range) == (5, "%v")
    assert [spelled(BROKEN, r.range) for r in found["references"]] == [(5, "%v"), (6, "%v"), (7, "%v"), (7, "%v")]
    assert [h.kind for h in found["highlight"]] == [lsp.DocumentHighlightKind.Write] + [
        lsp.DocumentHighlightKind.Read] * 3

    assert found["prepared"].placeholder == "%v"
    assert apply(BROKEN, found["edit"].changes[uri_of("broken.mlir")]) == re.sub(r"%v\b", "%loaded", BROKEN)
    assert "not a valid name for an SSA value" in found["refused"]

    assert tree(found["symbols"]) == [("!smem", "memref<64xf16, 3>"), ("kernels", "no target", [
        ("fill", "kernel (%buf: !smem, %i: index)"), ("other", "kernel ()")]), ("host", "()")]
    assert [(f.start_line, f.end_line) for f in found["folding"]] == [(0, 1), (3, 17), (4, 10), (12, 16), (19, 23)]
