"""Semantic tokens and inlay hints through the real server, as VS Code asks for them."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.semantic_tokens import LEGEND, decode, semantic_tokens

from .lsp_support import LspSession, run_session

KERNEL = (Path(__file__).parent / "data" / "tokens" / "kernel.mlir").read_text()
EMOJI_LINE = '      %u = "test.op"() {note = "😀"} : () -> i32\n'


async def _tokens_and_hints(s: LspSession, text: str):
    await s.open("kernel.mlir", text)
    doc = s.doc("kernel.mlir")
    full = await s.request(s.client.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(text_document=doc)))
    partial = await s.request(s.client.text_document_semantic_tokens_range_async(
        lsp.SemanticTokensRangeParams(text_document=doc, range=lsp.Range(lsp.Position(16, 0), lsp.Position(19, 0)))))
    hints = await s.request(s.client.text_document_inlay_hint_async(
        lsp.InlayHintParams(text_document=doc, range=lsp.Range(lsp.Position(0, 0), lsp.Position(40, 0)))))
    return s.initialize_result, full, partial, hints


def test_vscode_gets_the_legend_tokens_ranges_and_hints_from_the_server():
    text = KERNEL.replace("      %c0 = arith.constant 0 : index\n",
                          "      %c0 = arith.constant 0 : index\n" + EMOJI_LINE, 1)
    init, full, partial, hints = run_session(lambda s: _tokens_and_hints(s, text), "vscode")

    provider = init.capabilities.semantic_tokens_provider
    assert provider is not None
    assert list(provider.legend.token_types) == list(LEGEND.token_types)
    assert list(provider.legend.token_modifiers) == list(LEGEND.token_modifiers)
    assert provider.range
    assert init.capabilities.inlay_hint_provider

    assert list(full.data) == semantic_tokens(FeatureContext(Document(text))).data
    tokens = decode(list(full.data))
    lines = text.split("\n")
    assert (lines[17].index("nvgpu.tma.async.load"), len("nvgpu.tma.async.load"), "function") in \
        [(c, n, t) for line, c, n, t, _ in tokens if line == 17]
    emoji_line = [t for t in tokens if t[0] == 13]
    assert emoji_line[-1][1:4] == (EMOJI_LINE.index("i32") + 1, 3, "type")  # UTF-16 columns over the wire

    assert {t[0] for t in decode(list(partial.data))} == {16, 17, 18}
    assert decode(list(partial.data)) == [t for t in tokens if 16 <= t[0] <= 18]

    labels = [(h.position.line, h.label) for h in hints]
    assert (18, ": !nvgpu.device.async.token") in labels
    assert (18, "16 B") in labels
    assert (17, "box 128x64xf16 = 16 KiB") in labels
    assert (14, ": index") in labels


def test_a_broken_line_keeps_tokens_and_hints_for_the_ops_around_it():
    broken_line = "      %oops = nvgpu.mbarrier.arrive %bars[ : !group ->\n"
    text = KERNEL.replace("      %c0 = arith.constant 0 : index\n",
                          "      %c0 = arith.constant 0 : index\n" + broken_line, 1)

    async def scenario(s: LspSession):
        published = await s.open("kernel.mlir", text)
        _, full, _, hints = await _tokens_and_hints(s, text)
        return published, full, hints

    published, full, hints = run_session(scenario, "vscode")
    assert any(str(d.code).startswith("syntax.") and d.range.start.line == 13 for d in published.diagnostics)
    tokens = decode(list(full.data))
    lines = text.split("\n")
    # The TMA load and the copy moved one line down; both are still coloured and hinted.
    assert (lines[17].index("nvgpu.tma.async.load"), len("nvgpu.tma.async.load"), "function") in \
        [(c, n, t) for line, c, n, t, _ in tokens if line == 17]
    labels = [(h.position.line, h.label) for h in hints]
    assert (18, "16 B") in labels and (17, "box 128x64xf16 = 16 KiB") in labels
