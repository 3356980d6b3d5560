"""The server under a storm (issue 8): a fixed-seed run of ``fuzz/server_stress.py``.

Many documents opened, edited (whole and incremental, invalid ranges included), closed and
queried (hover, completion, definition, codeAction, cancellations) faster than the server
answers. The server must stay alive and log no traceback, answer every request (or cancel
it), publish for each document's final text exactly what a fresh check (in-process and
``--check``) finds on it, publish nothing for closed documents, and give its memory back
after everything is closed. The amount of work is fixed (rounds, not seconds), so a slow
machine takes longer but checks the same.
"""

from __future__ import annotations

import asyncio
import sys

from lsprotocol import types as lsp
from pygls.workspace import PositionCodec, TextDocument

from fuzz.server_stress import RawClient, expected_diagnostics, published_set, run_stress


def _assert_clean(report) -> None:
    print(report.summary())
    assert not report.problems, "\n".join(p[:3000] for p in report.problems)
    assert report.requests == report.answered + report.cancelled
    assert report.documents_compared > 0 and report.diagnostics_compared > 0
    assert report.cli_compared > 0


def test_storm_of_edits_and_requests_loses_nothing():
    report = asyncio.run(run_stress(rounds=40, seed=1, burst=60, documents=8))
    _assert_clean(report)
    assert report.invalid_edits > 0 and report.cancels_sent > 0


def test_storm_over_many_documents_in_big_bursts():
    report = asyncio.run(run_stress(rounds=12, seed=2, burst=150, documents=16))
    _assert_clean(report)


TEXT = """func.func @f(%a: index) -> index {
  %c = arith.constant 16 : index
  %x = nvgpu.bogus %a
  return %c : index
}
"""

INVALID_RANGES = [
    ((1, 200), (1, 300), "X"),   # both ends past the end of a line
    ((2, 10), (1, 5), "Y"),      # reversed across lines
    ((3, 9), (3, 4), "Z"),       # reversed on one line
    ((40, 3), (45, 0), "\n// tail\n"),  # lines beyond the document
    ((0, 0), (99, 99), ""),      # an end beyond the document
]


def test_invalid_edit_ranges_are_applied_as_pygls_clamps_them_and_checked():
    """LSP clients never send these; the server applies them as pygls does (clamped, never a
    crash) and its diagnostics are those of the text it then holds."""
    async def scenario() -> None:
        client = RawClient([sys.executable, "-m", "nvgpu_ls"])
        await client.start()
        try:
            await client.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
            client.notify("initialized", {})
            uri = "file:///nvgpu-ls-stress/invalid.mlir"
            mirror = TextDocument(uri, TEXT, position_codec=PositionCodec(lsp.PositionEncodingKind.Utf16))
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mlir", "version": 1,
                                                                    "text": TEXT}})
            for version, ((sl, sc), (el, ec), text) in enumerate(INVALID_RANGES, start=2):
                change = {"range": {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}},
                          "text": text}
                mirror.apply_change(lsp.TextDocumentContentChangePartial(
                    range=lsp.Range(lsp.Position(sl, sc), lsp.Position(el, ec)), text=text))
                client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                         "contentChanges": [change]})
                answer = await client.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                                   "position": {"line": sl, "character": sc}})
                assert "error" not in answer, answer
                while not any(v == version for v, _ in client.published.get(uri, ())):
                    client.arrived.clear()
                    await asyncio.wait_for(client.arrived.wait(), 60)
                assert client.published[uri][-1][0] == version
                assert published_set(client.published[uri][-1][1]) == expected_diagnostics(mirror.source)
            assert client.alive
        finally:
            await client.stop()
        assert "Traceback" not in client.stderr.decode(errors="replace")
        assert not client.errors_shown

    asyncio.run(scenario())
