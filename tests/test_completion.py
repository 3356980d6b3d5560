"""Completion: what is offered where, in whole and in half-typed files.

Texts mark the cursor with ``|``; ``kernel.mlir`` (tests/data/completion/) is a host
function launching a kernel of a gpu.module built for sm_80, with ``// CURSOR-...``
comments where tests type.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from lsprotocol import types as lsp
from lsprotocol.converters import get_converter

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.dialects import NVGPU_OPS
from nvgpu_ls.features.completion import completion, resolve
from nvgpu_ls.features.context import ClientSupport, FeatureContext
from nvgpu_ls.target import KNOWN_CHIPS, chip_order
from nvgpu_ls.verify import CheckOptions

KERNEL = (Path(__file__).parent / "data" / "completion" / "kernel.mlir").read_text()
MBARRIER_OPS = sorted(name for name in NVGPU_OPS if name.startswith("nvgpu.mbarrier."))


def complete(marked: str, trigger: str | None = None, target: str | None = None,
             encoding: str = "utf-16") -> list[lsp.CompletionItem]:
    """The items offered at ``|`` in ``marked``, in the order the client shows them."""
    offset = marked.index("|")
    ctx = FeatureContext(Document(marked[:offset] + marked[offset + 1:]), encoding,  # type: ignore[arg-type]
                         options=CheckOptions(target=target))
    result = completion(ctx, ctx.position(offset), trigger)
    assert result.is_incomplete is False
    return sorted(result.items, key=lambda item: item.sort_text or item.label)


def in_kernel(marker: str, typed: str, **kwargs) -> list[lsp.CompletionItem]:
    """Replace the ``// CURSOR-<marker>`` comment of kernel.mlir by ``typed`` (with ``|``)."""
    return complete(KERNEL.replace(f"// CURSOR-{marker}", typed), **kwargs)


def labels(items: list[lsp.CompletionItem]) -> list[str]:
    return [item.label for item in items]


def item(items: list[lsp.CompletionItem], label: str) -> lsp.CompletionItem:
    return next(i for i in items if i.label == label)


def accept(marked: str, chosen: lsp.CompletionItem, encoding: str = "utf-16") -> str:
    """The text after the client applies ``chosen``'s text edit (positions in ``encoding``)."""
    text = marked.replace("|", "", 1)
    edit = chosen.text_edit
    assert isinstance(edit, lsp.TextEdit)
    doc = Document(text)
    start = doc.lines.offset(edit.range.start.line, edit.range.start.character, encoding)  # type: ignore[arg-type]
    end = doc.lines.offset(edit.range.end.line, edit.range.end.character, encoding)  # type: ignore[arg-type]
    return text[:start] + edit.new_text + text[end:]


# ---------------------------------------------------------------- op names
def test_typing_nvgpu_mb_offers_only_mbarrier_ops():
    items = in_kernel("AFTER-LOOP", "%t = nvgpu.mb|")
    assert sorted(labels(items)) == MBARRIER_OPS


def test_accepting_an_op_replaces_the_typed_prefix():
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", "%t = nvgpu.mb|")
    chosen = item(complete(marked), "nvgpu.mbarrier.init")
    assert "      %t = nvgpu.mbarrier.init\n" in accept(marked, chosen)


def test_arith_prefix_offers_only_arith_ops():
    found = labels(in_kernel("AFTER-LOOP", "%s = arith.|"))
    assert "arith.addi" in found and "arith.constant" in found
    assert all(name.startswith("arith.") for name in found)


def test_prefix_filter_is_case_sensitive():
    assert in_kernel("AFTER-LOOP", "%t = nvgpu.MB|") == []


def test_op_items_carry_summary_explanation_and_syntax():
    chosen = item(in_kernel("AFTER-LOOP", "nvgpu.ld|"), "nvgpu.ldmatrix")
    facts = NVGPU_OPS["nvgpu.ldmatrix"]
    assert chosen.kind == lsp.CompletionItemKind.Method
    assert chosen.detail == facts.summary
    assert isinstance(chosen.documentation, lsp.MarkupContent)
    assert chosen.documentation.kind == lsp.MarkupKind.Markdown
    assert facts.explanation in chosen.documentation.value
    assert chosen.label_details is not None and chosen.label_details.detail is not None
    assert "%srcMemref[%indices]" in chosen.label_details.detail
    assert chosen.insert_text_format == lsp.InsertTextFormat.PlainText
    assert chosen.text_edit is not None and chosen.text_edit.new_text == "nvgpu.ldmatrix"


LAZY = ClientSupport(lazy_completion_documentation=True, completion_edit_range_default=True,
                     completion_data_default=True)


def _after_nvgpu_ld(client: ClientSupport) -> tuple[FeatureContext, int]:
    """kernel.mlir with ``nvgpu.ld`` typed after the loop: its context and the cursor's offset."""
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", "nvgpu.ld|")
    return FeatureContext(Document(marked.replace("|", "", 1)), client=client), marked.index("|")


def test_a_client_that_resolves_gets_op_documentation_on_resolve_and_one_edit_range():
    ctx, offset = _after_nvgpu_ld(LAZY)
    result = completion(ctx, ctx.position(offset), None)
    chosen = item(result.items, "nvgpu.ldmatrix")
    assert chosen.documentation is None and chosen.text_edit is None and chosen.text_edit_text is None
    assert result.item_defaults is not None and result.item_defaults.edit_range == ctx.range(offset - 8, offset)
    chosen = attrs.evolve(chosen, data=result.item_defaults.data)  # as the client fills it in from the defaults
    resolved = resolve(ctx, chosen)
    assert isinstance(resolved.documentation, lsp.MarkupContent)
    assert NVGPU_OPS["nvgpu.ldmatrix"].explanation in resolved.documentation.value


def test_a_repeated_op_name_list_is_the_same_and_is_not_changed_by_resolving_an_item():
    ctx, offset = _after_nvgpu_ld(LAZY)
    first = completion(ctx, ctx.position(offset), None)
    chosen = item(first.items, "nvgpu.ldmatrix")
    resolved = resolve(ctx, attrs.evolve(chosen, data=first.item_defaults.data))
    assert resolved.documentation is not None and chosen.documentation is None
    again = completion(ctx, ctx.position(offset), None)
    assert again.items == first.items and again.items is not first.items
    assert item(again.items, "nvgpu.ldmatrix").documentation is None
    other, _ = _after_nvgpu_ld(ClientSupport(True, True, False))
    per_item = completion(other, other.position(offset), None).items  # data on each item: built afresh
    assert all(i.data is not None for i in per_item)
    assert all(i.data is None for i in completion(ctx, ctx.position(offset), None).items)


def test_with_one_edit_range_an_item_spells_its_text_only_where_it_is_not_the_label():
    marked = "  %c = arith.constant 0 :|"
    offset = marked.index("|")
    ctx = FeatureContext(Document(marked.replace("|", "", 1)), client=LAZY)
    index = item(completion(ctx, ctx.position(offset), None).items, "index")
    assert index.text_edit_text == " index"


def test_resolve_ignores_data_it_did_not_write():
    ctx = FeatureContext(Document(KERNEL), client=LAZY)
    for data in (None, "x", {"offset": "3"}, {"offset": -1}, {"offset": 0, "trigger": 5}):
        chosen = lsp.CompletionItem(label="nvgpu.ldmatrix", data=data)
        assert resolve(ctx, chosen).documentation is None


def test_ops_the_target_cannot_run_are_marked_and_sorted_after_allowed_ones():
    items = in_kernel("AFTER-LOOP", "%t = nvgpu.|")
    found = labels(items)
    wgmma = item(items, "nvgpu.warpgroup.mma")
    assert "sm_90a" in (wgmma.detail or "") and "sm_80" in (wgmma.detail or "")
    assert wgmma.label_details is not None and "sm_90a" in (wgmma.label_details.description or "")
    assert found.index("nvgpu.ldmatrix") < found.index("nvgpu.mbarrier.inval") < found.index("nvgpu.warpgroup.mma")
    assert item(items, "nvgpu.ldmatrix").detail == NVGPU_OPS["nvgpu.ldmatrix"].summary


def test_ops_beyond_upstream_are_marked_not_hidden():
    chosen = item(in_kernel("AFTER-LOOP", "%t = nvgpu.mbarrier.in|"), "nvgpu.mbarrier.inval")
    assert "beyond upstream" in (chosen.detail or "")


def test_fallback_target_marks_ops_outside_any_gpu_module():
    items = complete("func.func @f() {\n  nvgpu.warpgroup.m|\n}\n", target="sm_90")
    assert all("target is sm_90" in (i.detail or "") for i in items)
    assert complete("func.func @f() {\n  nvgpu.warpgroup.m|\n}\n", target="sm_90a")[0].detail \
        == NVGPU_OPS["nvgpu.warpgroup.mma"].summary


def test_without_any_target_no_op_is_marked_for_the_target():
    items = complete("func.func @f() {\n  nvgpu.|\n}\n")
    assert not any("target" in (i.detail or "") for i in items)


def test_statement_start_offers_ops_nvgpu_first():
    found = labels(in_kernel("AFTER-LOOP", "|"))
    assert found[0].startswith("nvgpu.") and "gpu.barrier" in found and "arith.addi" in found


def test_space_typed_while_indenting_offers_nothing():
    assert in_kernel("AFTER-LOOP", "|", trigger=" ") == []


def test_op_after_equals_typed_without_space_gets_a_leading_space():
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", "%t =|")
    chosen = item(complete(marked, trigger="="), "nvgpu.ldmatrix")
    assert "%t = nvgpu.ldmatrix\n" in accept(marked, chosen)


def test_generic_op_name_inside_quotes():
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", '%t = "nvgpu.rc|"(%c0) : (index) -> index')
    chosen = item(complete(marked), "nvgpu.rcp")
    assert '%t = "nvgpu.rcp"(%c0)' in accept(marked, chosen)


def test_nothing_is_offered_after_a_complete_operand():
    assert in_kernel("AFTER-LOOP", "%s = arith.addi %c0, %c1 |", trigger=" ") == []


# ---------------------------------------------------------------- attributes
def test_attribute_names_inside_the_dictionary_skip_written_ones():
    found = labels(in_kernel("AFTER-LOOP", "%m = nvgpu.ldmatrix %dst[%c0] {numTiles = 4 : i32, |"))
    assert found == ["transpose"]
    assert labels(in_kernel("AFTER-LOOP", "%m = nvgpu.ldmatrix %dst[%c0] {|")) == ["transpose", "numTiles"]


def test_attribute_name_inserts_name_and_equals():
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", "%m = nvgpu.ldmatrix %dst[%c0] {num|")
    assert "{numTiles = \n" in accept(marked, item(complete(marked), "numTiles"))


def test_enum_values_after_kind_in_the_dictionary():
    found = labels(in_kernel("AFTER-LOOP", "nvgpu.tma.async.reduce %dst to %d[%c0] {kind = |"))
    assert found == ["add", "min", "max", "inc", "dec", "and", "or", "xor"]


def test_enum_values_after_a_keyword_clause_of_the_custom_syntax():
    assert labels(in_kernel("AFTER-LOOP", "nvgpu.tma.async.reduce %dst to %d[%c0] kind = m|")) == ["min", "max"]
    assert labels(in_kernel("AFTER-LOOP", "%r = nvgpu.rcp %v {rounding = |"))[0] == "approx"


def test_enum_value_after_equals_typed_without_space_gets_a_leading_space():
    marked = KERNEL.replace("// CURSOR-AFTER-LOOP", "%r = nvgpu.rcp %v {rounding =|")
    assert "{rounding = approx\n" in accept(marked, item(complete(marked, trigger="="), "approx"))


def test_bool_attribute_values():
    assert labels(in_kernel("AFTER-LOOP", "%m = nvgpu.ldmatrix %dst[%c0] {transpose = |")) == ["true", "false"]


def test_other_dialects_enums_in_a_dictionary_are_spelled_in_full():
    found = labels(in_kernel("AFTER-LOOP", "%d = nvvm.mma.sync A[%a] B[%b] C[%c] {layoutA = |"))
    assert found == ["#nvvm.mma_layout<row>", "#nvvm.mma_layout<col>"]


def test_target_attributes_of_a_gpu_module():
    found = labels(complete("gpu.module @m attributes {|} {\n}\n"))
    assert "nv_tileaa.target_spec" in found and "nv_tileaa.compute_capability" in found


# ---------------------------------------------------------------- types
def test_type_names_after_colon():
    found = labels(in_kernel("AFTER-LOOP", "%s = arith.addi %c0, %c1 : |"))
    for name in ("index", "i1", "i32", "i64", "f16", "bf16", "f32", "memref", "vector", "!nvgpu.mbarrier.group",
                 "!nvgpu.tensormap.descriptor", "!desc", "!barriers"):
        assert name in found


def test_types_after_arrow_and_in_a_function_type_list():
    assert "f32" in labels(complete("func.func @f(%a: i32) -> |"))
    assert "f16" in labels(complete("  %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, f|"))


def test_type_after_colon_typed_without_space_gets_a_leading_space():
    marked = "  %c = arith.constant 0 :|"
    assert accept(marked, item(complete(marked), "index")) == "  %c = arith.constant 0 : index"


def test_types_inside_tuple():
    assert "i32" in labels(complete("  %x = foo.bar : tuple<f16, |"))


def test_no_types_offered_after_a_comma_between_arguments():
    assert complete("func.func @f(%a: i32, |") == []


def test_element_types_after_a_memref_shape_replace_only_the_element():
    marked = "  %x = memref.alloc() : memref<?x16xf|"
    items = complete(marked)
    assert labels(items)[:3] == ["f16", "f32", "f64"]
    assert accept(marked, item(items, "f32")).endswith("memref<?x16xf32")


def test_memory_spaces_after_a_memref_comma():
    found = labels(in_kernel("AFTER-LOOP", "%x = memref.alloc() : memref<16xf32, |"))
    assert found[:2] == ["#gpu.address_space<workgroup>", "#gpu.address_space<global>"]
    assert "3" in found and "#shared" in found


def test_tensormap_descriptor_parameter_names_skip_written_ones():
    found = labels(complete("!d = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, |"))
    assert found == ["swizzle", "l2promo", "oob", "interleave"]


def test_enum_values_after_swizzle_parameter():
    found = labels(complete("!d = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = |"))
    assert found == ["none", "swizzle_32b", "swizzle_64b", "swizzle_128b"]
    assert labels(complete("!d = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, oob = |")) == ["zero", "nan"]


def test_mbarrier_group_memory_space_values():
    found = labels(complete("!b = !nvgpu.mbarrier.group<memorySpace = |"))
    assert "#gpu.address_space<workgroup>" in found and "3" in found


def test_stripped_type_parameters_come_from_the_ops_operand_types():
    found = labels(in_kernel("AFTER-LOOP", "nvgpu.mbarrier.init %bar[%c0], %c1 : <|"))
    assert found == ["memorySpace", "num_barriers"]


def test_nvgpu_types_after_bang():
    items = in_kernel("AFTER-LOOP", "%s = arith.addi %c0, %c1 : !nvgpu.mb|")
    assert labels(items) == ["!nvgpu.mbarrier.group", "!nvgpu.mbarrier.token"]
    assert item(items, "!nvgpu.mbarrier.group").text_edit.new_text == \
        "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"  # type: ignore[union-attr]


def test_enum_cases_inside_the_nvgpu_enum_attribute():
    assert "swizzle" in labels(complete("#s = #nvgpu<|"))
    assert labels(complete("#s = #nvgpu<swizzle |")) == ["none", "swizzle_32b", "swizzle_64b", "swizzle_128b"]
    assert labels(complete("#s = #gpu.address_space<|")) == ["workgroup", "global", "private"]


# ---------------------------------------------------------------- values, blocks, symbols, aliases
def test_values_in_scope_exclude_those_defined_later():
    found = labels(in_kernel("AFTER-LOOP", "%s = arith.addi %|"))
    assert found == ["%bar", "%c1", "%c0", "%src", "%dst", "%n"]


def test_values_in_scope_carry_their_types():
    items = in_kernel("IN-LOOP", "%s = arith.addf %v, %|")
    assert item(items, "%c0").detail == "index"
    assert item(items, "%bar").detail == "!barriers"
    assert item(items, "%dst").detail == "memref<128xf32, #shared>"


def test_values_of_enclosing_regions_are_offered_nearest_first():
    found = labels(in_kernel("IN-LOOP", "%s = arith.addf %v, %|"))
    assert found[:2] == ["%v", "%i"]
    assert {"%c0", "%bar", "%src"} <= set(found)


def test_values_from_outside_an_isolated_function_are_not_offered():
    found = labels(complete(KERNEL.replace("return %h : index", "return %|")))
    assert found == ["%h"]
    main = labels(in_kernel("IN-MAIN", "%s = arith.addi %|"))
    assert main == ["%buf", "%one", "%size"]


def test_values_in_an_unclosed_function_at_the_end_of_the_file():
    assert labels(complete("func.func @f(%a: index) {\n  %z = arith.constant 2 : index\n  %w = arith.addi %|")) \
        == ["%z", "%a"]


def test_no_values_offered_where_a_result_or_argument_is_named():
    assert in_kernel("AFTER-LOOP", "%|") == []
    assert complete("func.func @f(%|") == []


def test_block_labels_of_the_current_region():
    text = "func.func @f(%a: i32) {\n  cf.br ^|\n^bb1(%x: i32):\n  return\n^exit:\n  return\n}\n"
    items = complete(text)
    assert labels(items) == ["^bb1", "^exit"]
    assert item(items, "^bb1").detail == "(%x: i32)"


def test_symbols_of_the_nearest_symbol_table_are_plain():
    found = labels(complete(KERNEL.replace("return %h : index", "func.call @|")))
    assert found == ["@helper", "@copy"]


def test_launch_func_offers_qualified_kernels_first():
    items = complete(KERNEL.replace("gpu.launch_func @kernels::@copy", "gpu.launch_func @|"))
    assert labels(items)[:1] == ["@kernels::@copy"]
    assert "@main" in labels(items) and "@kernels" in labels(items)
    assert item(items, "@kernels::@copy").detail == "gpu.func (kernel)"
    qualified = complete(KERNEL.replace("gpu.launch_func @kernels::@copy", "gpu.launch_func @kernels::@c|"))
    assert labels(qualified) == ["@kernels::@copy"]


def test_no_symbol_completion_where_a_symbol_is_defined():
    assert complete("func.func @|") == []
    assert complete("gpu.module @|") == []


def test_aliases_after_hash_and_bang_with_their_values():
    hashes = in_kernel("AFTER-LOOP", "%x = memref.alloc() : memref<4xf32, #sh|")
    assert labels(hashes) == ["#shared"]
    assert hashes[0].detail == "#gpu.address_space<workgroup>"
    bangs = labels(in_kernel("AFTER-LOOP", "%x = arith.constant 0 : !|"))
    assert bangs[:2] == ["!desc", "!barriers"]


def test_dialect_attribute_prefixes_after_hash():
    found = labels(in_kernel("AFTER-LOOP", "%x = memref.alloc() : memref<4xf32, #|"))
    assert {"#gpu.address_space<workgroup>", "#nvvm.target", "#nvgpu<swizzle>", "#nvvm.mma_layout"} <= set(found)


def test_aliases_come_from_the_cursors_chunk_only():
    text = "#a = #gpu.address_space<workgroup>\n// -----\n#b = 3\nfunc.func @f(%x: memref<4xf32, #|"
    found = labels(complete(text))
    assert "#b" in found and "#a" not in found


def test_no_alias_completion_where_an_alias_is_defined():
    assert complete("#|") == []


# ---------------------------------------------------------------- targets
def test_chip_names_inside_nvvm_target():
    items = complete('gpu.module @m [#nvvm.target<chip = "|">] {\n}\n')
    assert labels(items) == sorted(KNOWN_CHIPS, key=chip_order)
    sm90a = item(items, "sm_90a")
    assert "PTX ISA 8.0" in (sm90a.detail or "") and "warpgroup.mma" in sm90a.documentation.value  # type: ignore[union-attr]
    assert "over sm_90" in (sm90a.detail or "")


def test_chip_prefix_inside_the_string_is_replaced():
    marked = 'gpu.module @m [#nvvm.target<chip = "sm_9|">] {\n}\n'
    items = complete(marked)
    assert labels(items) == ["sm_90", "sm_90a"]
    assert accept(marked, item(items, "sm_90a")).startswith('gpu.module @m [#nvvm.target<chip = "sm_90a">]')


def test_chip_names_quoted_after_chip_equals():
    assert '"sm_80"' in labels(complete("gpu.module @m [#nvvm.target<chip = |>] {\n}\n"))


def test_ptx_features_inside_the_features_string():
    items = complete('gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx8|">] {\n}\n')
    assert "+ptx80" in labels(items) and "+ptx83" in labels(items)
    assert "PTX ISA 8.0" in (item(items, "+ptx80").detail or "")


def test_target_attribute_inside_a_gpu_module_target_list():
    items = complete("gpu.module @m [|] {\n}\n")
    assert labels(items) == ["#nvvm.target"]
    assert items[0].text_edit.new_text == '#nvvm.target<chip = "'  # type: ignore[union-attr]


def test_target_of_an_unclosed_module_at_the_end_of_the_file_is_resolved():
    text = 'gpu.module @m [#nvvm.target<chip = "sm_90a">] {\n  gpu.func @k() kernel {\n    nvgpu.warpgroup.mma|'
    assert complete(text)[0].detail == NVGPU_OPS["nvgpu.warpgroup.mma"].summary
    assert "sm_90a" in (complete(text.replace("sm_90a", "sm_90"))[0].detail or "")


def test_nvvm_target_parameter_names():
    assert labels(complete('gpu.module @m [#nvvm.target<chip = "sm_90", |>] {\n}\n'))[:1] == ["features"]


# ---------------------------------------------------------------- broken text, encodings
BROKEN = """func.func @f(%a: memref<16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %bad = nvgpu.ldmatrix %a[ : -> oops
  %t = nvgpu.mbarrier.cr|
  %later = arith.constant 1 : index
  return
}
func.func @g() {
  %x = arith.constant 1 : i3x  // unrelated error
}
"""


def test_broken_file_still_completes_the_line_being_typed():
    errors = Document(BROKEN.replace("|", "")).diagnostics()
    assert len({d.start for d in errors}) >= 3  # the typed line, %bad's line and @g's line
    assert labels(complete(BROKEN)) == ["nvgpu.mbarrier.create"]
    values = labels(complete(BROKEN.replace("nvgpu.mbarrier.cr|", "arith.addi %|")))
    assert values == ["%bad", "%c0", "%a"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_non_ascii_before_the_cursor(encoding: str):
    marked = '  %r = nvgpu.rcp %v {note = "naïve ✓ 😀", rounding = ap|'
    items = complete(marked, encoding=encoding)
    assert labels(items) == ["approx"]
    assert accept(marked, items[0], encoding).endswith('"naïve ✓ 😀", rounding = approx')


def test_non_ascii_comment_lines_do_not_disturb_values():
    text = "func.func @f(%a: index) {\n  // naïve 😀 ✓\n  %b = arith.constant 1 : index // ü\n  %c = arith.addi %|"
    assert labels(complete(text)) == ["%b", "%a"]


@pytest.mark.parametrize("client, lazy", [("vscode", True), ("neovim-0.7.2", False)])
def test_what_a_client_supports_is_read_from_its_declared_capabilities(client, lazy):
    raw = json.loads((Path(__file__).parent / "data" / "clients" / f"{client}.json").read_text())
    support = ClientSupport.from_capabilities(get_converter().structure(raw, lsp.ClientCapabilities))
    assert support == ClientSupport(lazy, lazy, lazy)
    assert ClientSupport.from_capabilities(None) == ClientSupport()
