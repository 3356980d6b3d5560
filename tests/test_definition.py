"""Go to definition (features/definition.py) over analysed documents, no server."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.features.definition import definition
from tests.lsp_support import position_of
from tests.navigation_support import BROKEN, KERNEL, SPLIT, URI, context


def goto(text: str, needle: str, occurrence: int = 0, after: int = 0) -> list[tuple[int, int, str]]:
    """(line, character, spelled text) of each location definition answers at ``needle``."""
    ctx = context(text)
    found = definition(ctx, position_of(text, needle, occurrence, after))
    assert all(loc.uri == URI for loc in found)
    return [(loc.range.start.line, loc.range.start.character,
             text[ctx.offset(loc.range.start):ctx.offset(loc.range.end)]) for loc in found]


def test_a_value_use_goes_to_the_result_that_defines_it():
    assert goto(KERNEL, "%tid, %n") == [(8, 6, "%tid")]
    assert goto(KERNEL, "%next : f32") == [(25, 8, "%next")]


def test_a_definition_answers_with_itself():
    assert goto(KERNEL, "%tid = ") == [(8, 6, "%tid")]
    assert goto(KERNEL, "@copy(") == [(7, 13, "@copy")]
    assert goto(KERNEL, "^load:") == [(11, 4, "^load")]


def test_a_use_of_a_group_member_goes_to_the_group_spelling():
    assert goto(KERNEL, "%p#1") == [(33, 4, "%p")]
    assert goto(KERNEL, "%p#0", 1) == [(33, 4, "%p")]


def test_a_block_argument_use_goes_to_the_argument():
    assert goto(KERNEL, "%src[%tid]") == [(7, 19, "%src")]
    assert goto(KERNEL, "%acc, %e") == [(23, 60, "%acc")]
    assert goto(KERNEL, "%i] : !buffer") == [(23, 23, "%i")]


def test_a_successor_goes_to_its_block_label():
    assert goto(KERNEL, "^done", 0) == [(15, 4, "^done")]
    assert goto(KERNEL, "^done", 1) == [(15, 4, "^done")]


def test_each_part_of_a_nested_symbol_reference_goes_to_its_own_definition():
    assert goto(KERNEL, "@kernels::@copy") == [(6, 13, "@kernels")]
    assert goto(KERNEL, "@copy blocks") == [(7, 13, "@copy")]
    assert goto(KERNEL, "@sum blocks") == [(18, 13, "@sum")]


def test_calls_and_get_global_go_to_the_symbol_they_name():
    assert goto(KERNEL, "@pair()", 1) == [(32, 12, "@pair")]
    assert goto(KERNEL, "@table :", 1) == [(31, 26, "@table")]


def test_aliases_go_to_their_definition_line():
    assert goto(KERNEL, "!buffer,") == [(3, 0, "!buffer")]
    assert goto(KERNEL, "#identity>", 1) == [(2, 0, "#identity")]


def test_a_cursor_just_after_a_name_still_finds_it():
    assert goto(KERNEL, "%tid, %n", after=len("%tid")) == [(8, 6, "%tid")]


@pytest.mark.parametrize("needle", ["arith.cmpi", "index\n", "    gpu.return", "// Größe", "ult,"])
def test_op_names_types_keywords_comments_and_blanks_have_no_definition(needle):
    assert goto(KERNEL, needle) == []


def test_an_undefined_value_has_no_definition():
    assert goto(BROKEN, "%missing") == []


def test_in_a_broken_file_the_recovered_parts_still_navigate():
    assert goto(BROKEN, "%v, %v") == [(5, 4, "%v")]
    assert goto(BROKEN, "%buf[%i] {") == [(4, 17, "%buf")]
    assert goto(BROKEN, "^exit\n") == [(15, 2, "^exit")]
    assert goto(BROKEN, "@fill blocks") == [(4, 11, "@fill")]
    assert goto(BROKEN, "@kernels::") == [(3, 11, "@kernels")]
    assert goto(BROKEN, "!smem\n    %bad") == [(2, 0, "!smem")]


def test_each_split_chunk_resolves_names_within_itself():
    assert goto(SPLIT, "@f(%x)") == [(11, 10, "@f")]
    assert goto(SPLIT, "%x) :") == [(12, 2, "%x")]


def test_columns_after_non_ascii_text_count_utf16_units():
    # `@"größe🚀"` is 9 code points but 10 UTF-16 units: `%r#1` starts at column 30.
    ctx = context(KERNEL)
    (loc,) = definition(ctx, lsp.Position(43, 30))
    assert loc.range == lsp.Range(lsp.Position(42, 4), lsp.Position(42, 6))
    (loc,) = definition(ctx, lsp.Position(43, 20))
    assert loc.range == lsp.Range(lsp.Position(37, 20), lsp.Position(37, 30))


@pytest.mark.parametrize("encoding, column, end", [("utf-8", 34, 34), ("utf-32", 29, 29)])
def test_columns_follow_the_negotiated_encoding(encoding, column, end):
    # In UTF-8 the symbol is 14 bytes wide (ö, ß: 2 each, 🚀: 4); in UTF-32 it is 9 wide.
    ctx = context(KERNEL, encoding)
    (loc,) = definition(ctx, lsp.Position(43, column))
    assert (loc.range.start.line, loc.range.start.character) == (42, 4)
    (loc,) = definition(ctx, lsp.Position(43, 20))
    assert loc.range.end == lsp.Position(37, end)


@pytest.mark.parametrize("text", ["", "\n\n", "}}} %x = ^bb0 @@ # !", "func.func @f(%a: i32 {\n  %b = arith.addi %a,"])
def test_any_position_of_an_empty_or_garbage_document_answers_without_failing(text):
    ctx = context(text)
    for offset in range(len(text) + 1):
        assert isinstance(definition(ctx, ctx.position(offset)), list)


def test_a_name_reused_inside_a_region_goes_to_the_definition_in_scope():
    text = ("func.func @k(%x: f32, %n: index) -> f32 {\n  %c0 = arith.constant 0 : index\n"
            "  %acc = scf.for %i = %c0 to %n step %c0 iter_args(%acc = %x) -> (f32) {\n"
            "    %s = arith.addf %acc, %acc : f32\n    scf.yield %s : f32\n  }\n  return %acc : f32\n}\n")
    assert goto(text, "%acc, %acc") == [(2, 51, "%acc")]
    assert goto(text, "%acc : f32\n}") == [(2, 2, "%acc")]
