"""Find references (features/references.py) over analysed documents, no server."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.references import references
from tests.lsp_support import position_of
from tests.navigation_support import BROKEN, KERNEL, SPLIT, URI


def refs(text: str, needle: str, occurrence: int = 0, declaration: bool = True) -> list[tuple[int, int, str]]:
    """(line, character, spelled text) of each reference found at ``needle``."""
    ctx = FeatureContext(Document(text, URI))
    found = references(ctx, position_of(text, needle, occurrence), declaration)
    assert all(loc.uri == URI for loc in found)
    return [(loc.range.start.line, loc.range.start.character,
             text[ctx.offset(loc.range.start):ctx.offset(loc.range.end)]) for loc in found]


def test_a_value_has_its_definition_and_every_use_in_text_order():
    assert refs(KERNEL, "%tid, %n") == [(8, 6, "%tid"), (9, 28, "%tid"), (12, 28, "%tid"), (13, 28, "%tid")]


def test_the_declaration_is_left_out_when_the_client_asks():
    assert refs(KERNEL, "%tid = ", declaration=False) == [(9, 28, "%tid"), (12, 28, "%tid"), (13, 28, "%tid")]
    assert refs(KERNEL, "@copy(", declaration=False) == [(44, 30, "@copy")]


def test_a_group_definition_brings_the_uses_of_every_member():
    assert refs(KERNEL, "%p:2") == [(33, 4, "%p"), (34, 20, "%p#0"), (34, 26, "%p#1"), (35, 11, "%p#0")]


def test_a_group_member_use_brings_only_that_member():
    assert refs(KERNEL, "%p#0", 1) == [(33, 4, "%p"), (34, 20, "%p#0"), (35, 11, "%p#0")]


def test_block_arguments_and_labels_have_references():
    assert refs(KERNEL, "%acc =") == [(23, 60, "%acc"), (25, 27, "%acc")]
    assert refs(KERNEL, "^done:") == [(10, 29, "^done"), (14, 12, "^done"), (15, 4, "^done")]


def test_a_symbol_is_found_as_each_part_of_nested_references():
    assert refs(KERNEL, "@kernels [") == [(6, 13, "@kernels"), (44, 20, "@kernels"), (45, 20, "@kernels")]
    assert refs(KERNEL, "@kernels::@sum") == [(6, 13, "@kernels"), (44, 20, "@kernels"), (45, 20, "@kernels")]
    assert refs(KERNEL, "@sum(") == [(18, 13, "@sum"), (45, 30, "@sum")]


def test_aliases_are_found_wherever_the_chunk_spells_them():
    assert refs(KERNEL, "!buffer =") == [(3, 0, "!buffer"), (7, 25, "!buffer"), (12, 36, "!buffer"),
                                         (18, 24, "!buffer"), (24, 36, "!buffer")]


def test_references_stay_inside_their_split_chunk():
    assert refs(SPLIT, "@f(") == [(2, 10, "@f")]
    assert refs(SPLIT, "@f(", 1) == [(11, 10, "@f"), (13, 17, "@f")]
    assert refs(SPLIT, "#layout", 1) == [(10, 0, "#layout")]


def test_in_a_broken_file_recovered_values_and_symbols_keep_their_references():
    assert refs(BROKEN, "%v = ") == [(5, 4, "%v"), (6, 22, "%v"), (7, 20, "%v"), (7, 24, "%v")]
    assert refs(BROKEN, "%buf:") == [(4, 17, "%buf"), (5, 21, "%buf"), (8, 21, "%buf"), (9, 24, "%buf")]
    assert refs(BROKEN, "@fill(") == [(4, 11, "@fill"), (21, 28, "@fill")]


def test_an_undefined_value_brings_its_same_named_siblings():
    text = "func.func @f() {\n  %a = arith.addi %u, %u : i32\n  return\n}\nfunc.func @g() {\n  %b = arith.addi %u, %u : i32\n  return\n}\n"
    assert refs(text, "%u") == [(1, 18, "%u"), (1, 22, "%u")]


def test_ranges_after_non_ascii_text_are_in_utf16_units():
    # `@"größe🚀"` spans 10 UTF-16 units though it is 9 code points.
    ctx = FeatureContext(Document(KERNEL, URI))
    found = references(ctx, lsp.Position(43, 22), True)
    assert [loc.range for loc in found] == [lsp.Range(lsp.Position(37, 20), lsp.Position(37, 30)),
                                            lsp.Range(lsp.Position(43, 19), lsp.Position(43, 29))]


@pytest.mark.parametrize("needle", ["arith.cmpi", "index\n", "// Größe", "kernel {"])
def test_what_is_not_a_name_has_no_references(needle):
    assert refs(KERNEL, needle) == []


def test_every_position_of_a_broken_file_answers_without_failing():
    ctx = FeatureContext(Document(BROKEN, URI))
    for offset in range(len(BROKEN) + 1):
        assert isinstance(references(ctx, ctx.position(offset), True), list)
