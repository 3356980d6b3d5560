"""Document highlight (features/highlight.py) over analysed documents, no server."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.highlight import document_highlight
from tests.lsp_support import position_of
from tests.navigation_support import BROKEN, KERNEL

WRITE, READ = lsp.DocumentHighlightKind.Write, lsp.DocumentHighlightKind.Read


def marks(text: str, needle: str, occurrence: int = 0) -> list[tuple[int, int, str, lsp.DocumentHighlightKind]]:
    """(line, character, spelled text, kind) of each highlight at ``needle``."""
    ctx = FeatureContext(Document(text, "file:///nav/test.mlir"))
    found = document_highlight(ctx, position_of(text, needle, occurrence))
    return [(h.range.start.line, h.range.start.character,
             text[ctx.offset(h.range.start):ctx.offset(h.range.end)], h.kind) for h in found]


def test_the_definition_is_a_write_and_each_use_a_read():
    assert marks(KERNEL, "%in,") == [(9, 6, "%in", WRITE), (10, 17, "%in", READ)]


def test_the_same_marks_come_from_the_definition_or_any_use():
    assert marks(KERNEL, "%e =") == marks(KERNEL, "%e : f32") == [(24, 8, "%e", WRITE), (25, 33, "%e", READ)]


def test_a_block_label_highlights_with_its_successor_uses():
    assert marks(KERNEL, "^load,") == [(10, 22, "^load", READ), (11, 4, "^load", WRITE)]


def test_a_nested_reference_part_highlights_only_that_symbol():
    assert marks(KERNEL, "@kernels::@copy") == [(6, 13, "@kernels", WRITE), (44, 20, "@kernels", READ),
                                                (45, 20, "@kernels", READ)]
    assert marks(KERNEL, "@copy blocks") == [(7, 13, "@copy", WRITE), (44, 30, "@copy", READ)]


def test_an_alias_highlights_its_definition_and_uses():
    assert marks(KERNEL, "#identity>") == [(2, 0, "#identity", WRITE), (7, 56, "#identity", READ),
                                           (13, 52, "#identity", READ)]


@pytest.mark.parametrize("needle", ["memref.load", "f32\n", "index\n", "ult,", "x\n", "kernel {", "// Größe"])
def test_op_names_types_keywords_and_comments_are_not_highlighted(needle):
    assert marks(KERNEL, needle) == []


def test_in_a_broken_file_recovered_names_are_highlighted():
    assert marks(BROKEN, "%w,") == [(7, 4, "%w", WRITE), (8, 17, "%w", READ)]
    assert marks(BROKEN, "%c, %c, %c) threads") == [(20, 2, "%c", WRITE), (21, 45, "%c", READ),
                                                    (21, 49, "%c", READ), (21, 53, "%c", READ),
                                                    (21, 69, "%c", READ), (21, 73, "%c", READ),
                                                    (21, 77, "%c", READ), (22, 18, "%c", READ)]
    assert marks(BROKEN, "%missing") == [(22, 22, "%missing", READ)]


def test_highlights_after_non_ascii_text_use_utf16_columns():
    ctx = FeatureContext(Document(KERNEL, "file:///nav/test.mlir"))
    found = document_highlight(ctx, lsp.Position(43, 31))  # inside `%r#1`, after `@"größe🚀"(`
    assert [(h.range, h.kind) for h in found] == [
        (lsp.Range(lsp.Position(42, 4), lsp.Position(42, 6)), WRITE),
        (lsp.Range(lsp.Position(43, 30), lsp.Position(43, 34)), READ)]


def test_every_position_of_a_broken_file_answers_without_failing():
    ctx = FeatureContext(Document(BROKEN, "file:///nav/test.mlir"))
    for offset in range(len(BROKEN) + 1):
        assert isinstance(document_highlight(ctx, ctx.position(offset)), list)
