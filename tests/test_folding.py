"""Folding ranges (features/folding.py) over analysed documents, no server."""

from __future__ import annotations

from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.folding import folding_ranges
from tests.navigation_support import BROKEN, KERNEL, SPLIT

COMMENT, REGION = lsp.FoldingRangeKind.Comment, lsp.FoldingRangeKind.Region


def folds(text: str, encoding: str = "utf-16") -> list[tuple[int, int, lsp.FoldingRangeKind | None]]:
    found = folding_ranges(FeatureContext(Document(text, "file:///nav/test.mlir"), encoding))  # type: ignore[arg-type]
    return [(f.start_line, f.end_line, f.kind) for f in found]


def test_every_multi_line_region_folds_and_keeps_its_closing_brace_visible():
    assert folds(KERNEL) == [
        (0, 1, COMMENT),
        (4, 47, None),    # builtin.module
        (6, 29, None),    # gpu.module @kernels
        (7, 16, None),    # gpu.func @copy
        (18, 28, None),   # gpu.func @sum
        (23, 26, None),   # scf.for body, nested
        (32, 35, None),   # func.func @pair
        (38, 46, None),   # func.func @main
    ]


def test_ranges_are_whole_lines_for_line_folding_clients():
    for folding in folding_ranges(FeatureContext(Document(KERNEL))):
        assert folding.start_character is None and folding.end_character is None


def test_each_region_of_an_op_folds_on_its_own():
    text = ("func.func @f(%c: i1) {\n  scf.if %c {\n    %a = arith.constant 1 : i32\n  } else {\n"
            "    %b = arith.constant 2 : i32\n  }\n  return\n}\n")
    assert folds(text) == [(0, 6, None), (1, 2, None), (3, 4, None)]


def test_regions_on_one_line_do_not_fold_and_a_brace_after_code_folds_to_its_own_line():
    text = "func.func @f() { return }\nfunc.func @g() {\n  return }\n"
    assert folds(text) == [(1, 2, None)]


def test_comment_runs_of_two_or_more_lines_fold_as_comments():
    text = ("// one\n// two — ünïcödé 🚀\n  // three, indented\nfunc.func @f() {\n  // alone\n"
            "  return\n}\n// four\n// five\n")
    assert folds(text) == [(0, 2, COMMENT), (3, 5, None), (7, 8, COMMENT)]


def test_a_split_marker_ends_a_comment_run_and_is_no_comment_itself():
    text = "func.func @f() {\n  return\n}\n// -----\n// four\n// five\n"
    assert folds(text) == [(0, 2, REGION), (3, 5, REGION), (4, 5, COMMENT)]


def test_split_chunks_fold_from_their_marker_line_to_their_last_line_of_text():
    assert folds(SPLIT) == [(0, 5, REGION), (2, 4, None), (7, 15, REGION), (11, 14, None)]


def test_a_file_without_split_markers_has_no_chunk_folds():
    assert all(kind != REGION for _, _, kind in folds(KERNEL))


def test_at_most_one_range_starts_on_a_line_and_the_widest_wins():
    text = "module {\n  func.func @f() {\n    return\n  }\n}\n// -----\nmodule {\n}\n"
    found = folds(text)
    starts = [start for start, _, _ in found]
    assert len(starts) == len(set(starts))
    assert found[0] == (0, 4, REGION)


def test_a_broken_file_folds_recovered_regions_and_unclosed_ones_to_their_last_line():
    assert folds(BROKEN) == [
        (0, 1, COMMENT),
        (3, 17, None),    # gpu.module
        (4, 10, None),    # @fill, with a broken op inside
        (12, 16, None),   # @other
        (19, 23, None),   # @host: its region is never closed
    ]


def test_non_ascii_text_does_not_move_lines_in_any_encoding():
    for encoding in ("utf-16", "utf-8", "utf-32"):
        assert folds(KERNEL, encoding) == folds(KERNEL)


def test_empty_and_garbage_documents_fold_without_failing():
    for text in ("", "\n", "{", "}\n}\n", "// a\n// b", "func.func @f() {\n", "// -----\n// -----\n"):
        assert isinstance(folds(text), list)
    assert folds("// a\n// b") == [(0, 1, COMMENT)]
