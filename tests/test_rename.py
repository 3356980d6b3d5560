"""Rename (features/rename.py): prepareRename, the edits, and the names it refuses."""

from __future__ import annotations

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext, FeatureError
from nvgpu_ls.features.rename import prepare_rename, rename
from tests.lsp_support import position_of
from tests.navigation_support import BROKEN, KERNEL, URI, context


def apply(ctx: FeatureContext, edit: lsp.WorkspaceEdit) -> str:
    """The text after applying ``edit`` (last edit first, so earlier offsets stay valid)."""
    text = ctx.text
    spans = [(ctx.offset(e.range.start), ctx.offset(e.range.end), e.new_text) for e in edit.changes[URI]]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def renamed(text: str, needle: str, new_name: str, occurrence: int = 0, encoding: str = "utf-16") -> str:
    ctx = context(text, encoding)
    edit = rename(ctx, position_of(text, needle, occurrence), new_name) if encoding == "utf-16" else \
        rename(ctx, ctx.position(_nth(text, needle, occurrence)), new_name)
    assert edit is not None and set(edit.changes) == {URI}
    after = apply(ctx, edit)
    assert Document(after).undefined == [] or text is BROKEN
    return after


def _nth(text: str, needle: str, occurrence: int) -> int:
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return index


def refused(text: str, needle: str, new_name: str, occurrence: int = 0) -> str:
    with pytest.raises(FeatureError) as error:
        rename(context(text), position_of(text, needle, occurrence), new_name)
    return str(error.value)


# ---------------------------------------------------------------- prepareRename
def test_prepare_rename_offers_the_name_with_its_sigil():
    ctx = context(KERNEL)
    found = prepare_rename(ctx, position_of(KERNEL, "%tid, %n"))
    assert found == lsp.PrepareRenamePlaceholder(range=lsp.Range(lsp.Position(9, 28), lsp.Position(9, 32)),
                                                 placeholder="%tid")


def test_prepare_rename_on_a_group_member_offers_the_group_name():
    found = prepare_rename(context(KERNEL), position_of(KERNEL, "%p#1", after=3))
    assert found is not None and found.placeholder == "%p"
    assert found.range == lsp.Range(lsp.Position(34, 26), lsp.Position(34, 28))


def test_prepare_rename_offers_only_the_part_of_a_nested_reference_under_the_cursor():
    found = prepare_rename(context(KERNEL), position_of(KERNEL, "@copy blocks"))
    assert found is not None and found.placeholder == "@copy"
    assert found.range == lsp.Range(lsp.Position(44, 30), lsp.Position(44, 35))


@pytest.mark.parametrize("needle", ["arith.constant", "index\n", "// Größe", "kernel {", "ult,"])
def test_prepare_rename_refuses_what_is_not_a_name(needle):
    assert prepare_rename(context(KERNEL), position_of(KERNEL, needle)) is None


def test_prepare_rename_refuses_undefined_values_and_unresolved_symbols():
    assert prepare_rename(context(BROKEN), position_of(BROKEN, "%missing")) is None
    text = "func.func @f() {\n  func.call @external() : () -> ()\n  return\n}\n"
    assert prepare_rename(context(text), position_of(text, "@external")) is None


# ---------------------------------------------------------------- values
@pytest.mark.parametrize("new_name", ["%thread", "thread"])
def test_a_value_is_renamed_at_its_definition_and_every_use_with_or_without_the_sigil(new_name):
    after = renamed(KERNEL, "%tid =", new_name)
    assert "%tid" not in after and after.count("%thread") == 4
    assert "%v = memref.load %src[%thread] : !buffer" in after


def test_renaming_a_group_rewrites_only_the_base_of_each_member_use():
    after = renamed(KERNEL, "%p#1", "pq")
    assert "%pq:2 = \"test.two\"()" in after
    assert "%s = arith.addi %pq#0, %pq#1 : i32" in after and "return %pq#0, %s" in after


def test_block_arguments_are_renamed_like_values():
    after = renamed(KERNEL, "%acc, %e", "%sum")
    assert "iter_args(%sum = %zero)" in after and "arith.addf %sum, %e" in after
    after = renamed(KERNEL, "%n: index", "%count")
    assert "%count: index) kernel" in after and "%tid, %count : index" in after


def test_a_numeric_name_is_a_valid_value_name():
    assert "%7 = gpu.thread_id x" in renamed(KERNEL, "%tid =", "7")


def test_a_value_may_take_a_name_used_in_another_isolated_function():
    after = renamed(KERNEL, "%c1 = arith.constant 1 : index\n    %c128", "%c0")
    assert "%c0 = arith.constant 1 : index\n    %c128" in after


@pytest.mark.parametrize("new_name, clash", [("%src", "%src"), ("%c0", "%c0"), ("%e", "%e"), ("%next", "%next")])
def test_a_value_may_not_take_a_name_visible_where_it_is_defined_or_used(new_name, clash):
    # %zero's region holds %c0 and the argument %src; the scf.for body,
    # where %zero is visible, defines %e and %next.
    message = refused(KERNEL, "%zero =", new_name)
    assert f"'{clash}'" in message and "already defined" in message


@pytest.mark.parametrize("new_name", ["%", "%1a", "%a b", "%x#1", "%x:2", "", "@tid", "^tid"])
def test_invalid_value_names_are_refused_with_the_rule(new_name):
    assert "is not a valid name for an SSA value" in refused(KERNEL, "%tid =", new_name)


# ---------------------------------------------------------------- blocks
def test_a_block_label_is_renamed_with_its_successor_uses():
    after = renamed(KERNEL, "^done:", "exit")
    assert "cf.cond_br %in, ^load, ^exit" in after and "cf.br ^exit" in after and "\n    ^exit:\n" in after


def test_a_block_label_may_not_take_another_label_of_its_region():
    assert "already has a block '^load'" in refused(KERNEL, "^done:", "^load")


# ---------------------------------------------------------------- symbols
def test_renaming_a_module_rewrites_only_the_first_part_of_nested_references():
    after = renamed(KERNEL, "@kernels [", "@gpu_kernels")
    assert "gpu.module @gpu_kernels [" in after
    assert "gpu.launch_func @gpu_kernels::@copy blocks" in after
    assert "gpu.launch_func @gpu_kernels::@sum blocks" in after


def test_renaming_a_kernel_from_its_launch_rewrites_only_the_last_part():
    after = renamed(KERNEL, "@sum blocks", "reduce")
    assert "gpu.func @reduce(%src: !buffer) kernel" in after
    assert "gpu.launch_func @kernels::@reduce blocks" in after and "@kernels::@copy" in after


def test_calls_and_globals_follow_their_symbol():
    after = renamed(KERNEL, "@pair()", "@two")
    assert "func.func @two() -> (i32, i32)" in after and "func.call @two()" in after
    after = renamed(KERNEL, "@table :", "lut", 1)
    assert '"private" @lut : memref' in after and "memref.get_global @lut :" in after


def test_a_quoted_symbol_can_be_renamed_to_a_bare_or_a_quoted_name():
    after = renamed(KERNEL, '@"größe🚀"(%r', "size")
    assert "func.func private @size(i32)" in after and "func.call @size(%r#1)" in after
    after = renamed(KERNEL, '@"größe🚀"(i32', '@"new name ✓"')
    assert 'private @"new name ✓"(i32)' in after and 'func.call @"new name ✓"(%r#1)' in after


def test_a_symbol_may_not_take_a_name_of_its_symbol_table():
    assert "already defines it" in refused(KERNEL, "@copy(", "@sum")
    assert "already defines it" in refused(KERNEL, "@main(", "@table")


def test_a_symbol_may_take_a_name_from_another_symbol_table():
    assert "func.func @copy() {" in renamed(KERNEL, "@main(", "copy")


@pytest.mark.parametrize("new_name", ["@1abc", "@a b", "a::b", '@"', "@"])
def test_invalid_symbol_names_are_refused(new_name):
    assert "is not a valid name for a symbol" in refused(KERNEL, "@copy(", new_name)


# ---------------------------------------------------------------- aliases
def test_an_alias_is_renamed_in_its_definition_and_every_use():
    after = renamed(KERNEL, "!buffer,", "smem")
    assert "!smem = memref<128xf32>" in after and after.count("!smem") == 5 and "!buffer" not in after


def test_an_alias_keeps_its_sigil_and_a_valid_name():
    assert "must start with '#'" in refused(KERNEL, "#identity =", "!identity")
    assert "not a valid alias name" in refused(KERNEL, "#identity =", "#my.map")
    text = "#a = affine_map<(d0) -> (d0)>\n#b = affine_map<(d0) -> (d0)>\n"
    assert "an alias of that name exists" in refused(text, "#a", "b")


# ---------------------------------------------------------------- broken and non-ASCII
def test_renaming_works_in_a_broken_file_where_the_parser_recovered():
    after = renamed(BROKEN, "%v = ", "%loaded")
    assert "%bad = arith.addf %loaded, : f16" in after and "%w = arith.addf %loaded, %loaded : f16" in after
    after = renamed(BROKEN, "@fill blocks", "fill2")
    assert "gpu.func @fill2(" in after and "@kernels::@fill2 blocks" in after


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_edits_after_non_ascii_text_land_exactly_in_every_encoding(encoding):
    after = renamed(KERNEL, "%r#1)", "%res", encoding=encoding)
    assert '%res:2 = func.call @pair()' in after
    assert '%g = func.call @"größe🚀"(%res#1) : (i32) -> i32' in after


def test_every_position_of_a_broken_file_prepares_without_failing():
    ctx = context(BROKEN)
    for offset in range(len(BROKEN) + 1):
        found = prepare_rename(ctx, ctx.position(offset))
        if found is not None:
            assert rename(ctx, ctx.position(offset), found.placeholder) is not None
