"""The server's open-document text (``nvgpu_ls.text_documents``) takes each incremental change
where the client means it: exactly as pygls's own TextDocument does wherever pygls counts lines
as the protocol does (random documents with LF, CRLF and CR line breaks and text beyond the BMP,
random ranges inside them, in UTF-16 and UTF-32 units), and at the protocol's lines where pygls
does not (a form feed or U+2028 in a comment is no line break). The real server keeps the text
right through incremental edits below such a comment."""

from __future__ import annotations

import random

from lsprotocol import types as lsp
from pygls.workspace import PositionCodec, TextDocument, Workspace

from nvgpu_ls.text_documents import SplicedTextDocument, splice_changes

from .lsp_support import run_session

_PIECES = ["a", "b", "%x", " ", "\n", "\r\n", "\r", "\u00e9", "\U0001f600", "{", "}", "\t"]


def _lines(source: str) -> list[str]:
    """The protocol's lines, without their breaks."""
    return source.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _change_inside(rng: random.Random, source: str, codec: PositionCodec) -> lsp.TextDocumentContentChangePartial:
    """A change whose range lies inside the text, start before end, in the codec's units."""
    lines = _lines(source)

    def position() -> lsp.Position:
        line = rng.randrange(len(lines))
        column = rng.randrange(len(lines[line]) + 1)
        return lsp.Position(line=line, character=codec.client_num_units(lines[line][:column]))

    first, second = position(), position()
    if (second.line, second.character) < (first.line, first.character):
        first, second = second, first
    text = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 6)))
    return lsp.TextDocumentContentChangePartial(range=lsp.Range(start=first, end=second), text=text)


def test_changes_inside_the_text_give_pygls_text_where_pygls_counts_lines_as_the_protocol():
    rng = random.Random(20261127)
    for encoding in (lsp.PositionEncodingKind.Utf16, lsp.PositionEncodingKind.Utf32):
        codec = PositionCodec(encoding)
        for _ in range(300):
            source = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 60)))
            made = [cls("file:///t.mlir", source=source, sync_kind=lsp.TextDocumentSyncKind.Incremental,
                        position_codec=codec) for cls in (TextDocument, SplicedTextDocument)]
            for _ in range(20):
                change = _change_inside(rng, made[1].source, codec)
                for document in made:
                    document.apply_change(change)
                assert made[1].source == made[0].source, (source, change)


def _apply(source: str, start: tuple[int, int], end: tuple[int, int], text: str) -> str:
    document = SplicedTextDocument("file:///t.mlir", source=source, sync_kind=lsp.TextDocumentSyncKind.Incremental)
    document.apply_change(lsp.TextDocumentContentChangePartial(range=lsp.Range(
        start=lsp.Position(line=start[0], character=start[1]), end=lsp.Position(line=end[0], character=end[1])),
        text=text))
    return document.source


def test_only_lf_crlf_and_cr_break_lines():
    for odd in ("\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"):
        source = f"// a{odd}b\n%x = 1\n"
        assert _apply(source, (1, 1), (1, 2), "y") == f"// a{odd}b\n%y = 1\n", repr(odd)
    assert _apply("a\r\nb\rc\nd", (2, 0), (3, 1), "X") == "a\r\nb\rX"


def test_positions_past_a_line_or_the_text_stand_for_their_ends():
    assert _apply("ab\ncd\n", (0, 9), (1, 1), "-") == "ab-d\n"  # past the line: its end, not the next line
    assert _apply("ab\ncd", (1, 1), (7, 0), "!") == "ab\nc!"  # past the last line: the end of the text
    assert _apply("ab\ncd\n", (2, 0), (2, 0), "e") == "ab\ncd\ne"
    assert _apply("ab\ncd", (1, 1), (0, 1), "") == "ad"  # end before start: from the earlier to the later
    assert _apply("\U0001f600x\n", (0, 2), (0, 3), "y") == "\U0001f600y\n"  # UTF-16: the emoji is two units


def test_a_workspace_spliced_opens_spliced_documents():
    workspace = Workspace(None, lsp.TextDocumentSyncKind.Incremental)
    splice_changes(workspace)
    workspace.put_text_document(lsp.TextDocumentItem(uri="file:///w.mlir", language_id="mlir", version=1, text="a\nb\n"))
    assert isinstance(workspace.get_text_document("file:///w.mlir"), SplicedTextDocument)


def test_the_server_keeps_the_text_through_edits_below_a_form_feed():
    """pygls counted the form feed as a line break: the edit landed one line early and the
    server read 'aribh.constant'."""
    text = "// page\x0cbreak\nfunc.func @f() -> i32 {\n  %a = arith.constant 1 : i32\n  return %a : i32\n}\n"

    async def scenario(s):
        await s.open("edited.mlir", text)
        edit = lsp.Range(start=lsp.Position(line=3, character=10), end=lsp.Position(line=3, character=11))
        renamed = await s.change("edited.mlir", edits=[(edit, "b")])
        back = await s.change("edited.mlir", edits=[(edit, "a")])
        return renamed, back

    renamed, back = run_session(scenario)
    (diagnostic,) = renamed.diagnostics
    assert diagnostic.code == "ssa.undefined" and diagnostic.range.start == lsp.Position(line=3, character=9)
    assert not back.diagnostics
