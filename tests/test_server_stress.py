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

import pytest

from fuzz.server_stress import RawClient, apply_change, expected_diagnostics, published_set, run_stress

pytestmark = pytest.mark.slow


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

EDITS = [  # (start, end, text) and the text the client then holds, by the protocol's rules
    (((1, 200), (1, 300), "X"),  # both ends past the end of a line: the line's end
     "func.func @f(%a: index) -> index {\n  %c = arith.constant 16 : indexX\n  %x = nvgpu.bogus %a\n"
     "  return %c : index\n}\n"),
    (((2, 10), (1, 5), "Y"),  # reversed across lines: from the earlier position to the later
     "func.func @f(%a: index) -> index {\n  %c Ypu.bogus %a\n  return %c : index\n}\n"),
    (((0, 0), (0, 0), "// a form feed \x0c and a line separator \u2028 are no line breaks\n"),
     "// a form feed \x0c and a line separator \u2028 are no line breaks\n"
     "func.func @f(%a: index) -> index {\n  %c Ypu.bogus %a\n  return %c : index\n}\n"),
    (((2, 5), (2, 8), "= nvgpu"),  # below them: the line a client counts
     "// a form feed \x0c and a line separator \u2028 are no line breaks\n"
     "func.func @f(%a: index) -> index {\n  %c = nvgpu.bogus %a\n  return %c : index\n}\n"),
    (((4, 9), (4, 4), "Z"),  # reversed on one line, past its end: both the line's end
     "// a form feed \x0c and a line separator \u2028 are no line breaks\n"
     "func.func @f(%a: index) -> index {\n  %c = nvgpu.bogus %a\n  return %c : index\n}Z\n"),
    (((40, 3), (45, 0), "\n// tail\n"),  # lines beyond the document: its end
     "// a form feed \x0c and a line separator \u2028 are no line breaks\n"
     "func.func @f(%a: index) -> index {\n  %c = nvgpu.bogus %a\n  return %c : index\n}Z\n\n// tail\n"),
    (((0, 0), (99, 99), ""), ""),  # an end beyond the document
]


def test_the_storms_client_applies_edits_by_the_protocols_lines_and_clamps():
    text = TEXT
    for (start, end, new), expected in EDITS:
        text = apply_change(text, {"range": {"start": {"line": start[0], "character": start[1]},
                                             "end": {"line": end[0], "character": end[1]}}, "text": new})
        assert text == expected


def test_invalid_and_unusual_edit_ranges_leave_the_server_holding_the_clients_text():
    """Ranges past a line's end or the document's, reversed ranges, and edits below a form
    feed or U+2028 (which ``str.splitlines`` would count as line breaks): the server never
    crashes, holds the text the client holds, and publishes that text's diagnostics."""
    async def scenario() -> None:
        client = RawClient([sys.executable, "-m", "nvgpu_ls"])
        await client.start()
        try:
            await client.call("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
            client.notify("initialized", {})
            uri = "file:///nvgpu-ls-stress/invalid.mlir"
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mlir", "version": 1,
                                                                    "text": TEXT}})
            for version, (((sl, sc), (el, ec), text), expected) in enumerate(EDITS, start=2):
                change = {"range": {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}},
                          "text": text}
                client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                         "contentChanges": [change]})
                answer = await client.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                                   "position": {"line": sl, "character": sc}})
                assert "error" not in answer, answer
                while not any(v == version for v, _ in client.published.get(uri, ())):
                    client.arrived.clear()
                    await asyncio.wait_for(client.arrived.wait(), 60)
                assert client.published[uri][-1][0] == version
                assert published_set(client.published[uri][-1][1]) == expected_diagnostics(expected)
            assert client.alive
        finally:
            await client.stop()
        assert "Traceback" not in client.stderr.decode(errors="replace")
        assert not client.errors_shown

    asyncio.run(scenario())
