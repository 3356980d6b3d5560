"""hover(): what each kind of entity says, on the kernels in data/hover/.

Positions are found with ``position_of`` (UTF-16 columns, as LSP counts them); each test
names the behaviour it pins.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.dialects import NVGPU_OPS
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.hover import hover
from nvgpu_ls.features.hover_ops import family_of
from nvgpu_ls.target import parse_chip, satisfies
from nvgpu_ls.verify import CheckOptions
from tests.lsp_support import position_of

DATA = Path(__file__).resolve().parent / "data" / "hover"
KERNELS = (DATA / "kernels.mlir").read_text()
BROKEN = (DATA / "broken.mlir").read_text()


def hover_at(text: str, needle: str, occurrence: int = 0, after: int = 0,
             target: str | None = None) -> lsp.Hover | None:
    doc = Document(text, "file:///hover.mlir")
    ctx = FeatureContext(doc, options=CheckOptions(target=target, target_origin="settings"))
    return hover(ctx, position_of(text, needle, occurrence, after))


def markdown(text: str, needle: str, occurrence: int = 0, after: int = 0, target: str | None = None) -> str:
    found = hover_at(text, needle, occurrence, after, target)
    assert found is not None, f"no hover at {needle!r}"
    assert isinstance(found.contents, lsp.MarkupContent)
    assert found.contents.kind == lsp.MarkupKind.Markdown
    return found.contents.value


def hovered_text(text: str, found: lsp.Hover) -> str:
    assert found.range is not None
    doc = Document(text)
    start = doc.lines.offset(found.range.start.line, found.range.start.character, "utf-16")
    end = doc.lines.offset(found.range.end.line, found.range.end.character, "utf-16")
    return text[start:end]


# ---------------------------------------------------------------- ops
def test_copy_hover_names_cg_instruction_for_16_byte_bypass_l1_copy() -> None:
    value = markdown(KERNELS, "nvgpu.device_async_copy", 0, 3)
    assert "cp.async.cg.shared.global [dst], [src], 16;" in value
    assert "`nvvm.cp.async.shared.global`" in value


def test_copy_hover_names_ca_instruction_for_4_byte_copy() -> None:
    value = markdown(KERNELS, "nvgpu.device_async_copy", 1, 3)
    assert "cp.async.ca.shared.global [dst], [src], 4;" in value


def test_op_hover_lists_operands_attributes_and_results_with_this_instances_types() -> None:
    value = markdown(KERNELS, "nvgpu.device_async_copy", 0, 3)
    assert "- `dst`: `memref<64x64xf32, #gpu.address_space<workgroup>>` (`%dst`)" in value
    assert "- `dstIndices`: `index` (`%i, %i`)" in value
    assert "- `dstElements` = `4`" in value
    assert "- `bypassL1`: set" in value
    assert "- `srcElements`: *not given*" in value
    assert "- `asyncToken`: `!nvgpu.device.async.token` (`%big`)" in value


def test_op_hover_explains_the_op_in_the_facts_words() -> None:
    value = markdown(KERNELS, "nvgpu.device_async_copy", 0, 3)
    facts = NVGPU_OPS["nvgpu.device_async_copy"]
    assert facts.summary in value and facts.explanation in value


def test_op_hover_range_is_the_op_name() -> None:
    found = hover_at(KERNELS, "nvgpu.mma.sync", 0, 4)
    assert found is not None and hovered_text(KERNELS, found) == "nvgpu.mma.sync"


def test_op_hover_says_not_available_when_the_modules_target_lacks_the_sm() -> None:
    value = markdown(KERNELS, "nvgpu.mbarrier.arrive.expect_tx", 0, 2)
    assert "**Needs** `sm_90` and PTX ISA 8.0" in value
    assert "not available on sm_80: needs sm_90 (this gpu.module's #nvvm.target)" in value


def test_op_hover_says_allowed_on_the_gpu_modules_target() -> None:
    value = markdown(KERNELS, "nvgpu.tma.async.load", 0, 2)
    assert "allowed on sm_90a (this gpu.module's #nvvm.target)" in value
    assert ("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
            "[dst], [tmap, {c0, c1}], [mbar];") in value


def test_op_hover_without_a_target_says_no_target_set() -> None:
    assert "no target set" in markdown(KERNELS, "nvgpu.mma.sync", 0, 2)


def test_op_hover_uses_the_fallback_target_where_the_module_names_none() -> None:
    value = markdown(KERNELS, "nvgpu.mma.sync", 0, 2, target="sm_75")
    assert "not available on sm_75: needs sm_80" in value
    assert "fallback from settings" in value


def test_mma_hover_shows_the_requirement_and_ptx_of_its_form() -> None:
    value = markdown(KERNELS, "nvgpu.mma.sync", 0, 2)
    assert "**Needs** `sm_80` and PTX ISA 7.0 for the form `m16n8k16.f16`" in value
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in value


def test_op_hover_shows_the_alternative_requirements() -> None:
    text = ("gpu.module @m {\n  gpu.func @k(%v: vector<4xf8E4M3FN>) kernel {\n"
            "    %w = nvgpu.extf %v : vector<4xf8E4M3FN> to vector<4xf16>\n    gpu.return\n  }\n}\n")
    value = markdown(text, "nvgpu.extf")
    assert "`sm_89` and PTX ISA 8.1 (also `sm_90` with PTX ISA 7.8) for the form `f8E4M3FN->*`" in value
    assert "cvt.rn.f16x2.e4m3x2 d, a;" in value


def test_fp8_to_bf16_hover_shows_the_scaled_cvt_and_its_sm100_family_requirement() -> None:
    text = ("gpu.module @m [#nvvm.target<chip = \"sm_90a\">] {\n  gpu.func @k(%v: vector<4xf8E4M3FN>) kernel {\n"
            "    %w = nvgpu.extf %v : vector<4xf8E4M3FN> to vector<4xbf16>\n    gpu.return\n  }\n}\n")
    value = markdown(text, "nvgpu.extf")
    assert "**Lowers to** `nvvm.convert.f8x2.to.bf16x2`" in value
    assert "cvt.rn.scaled::n2::ue8m0.bf16x2.e4m3x2 d, a, scale;" in value
    assert "`sm_100f` and PTX ISA 9.2 (also `sm_110f` with PTX ISA 9.2, `sm_120f` with PTX ISA 9.2) " \
           "for the form `f8E4M3FN->bf16`" in value
    assert "not available on sm_90a" in value


def test_op_hover_says_which_ptx_isa_a_target_lacks() -> None:
    text = ("!d = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, "
            "l2promo = none, oob = zero, interleave = none>\n"
            "gpu.module @m [#nvvm.target<chip = \"sm_90a\">] {\n  gpu.func @k(%d: !d) kernel {\n"
            "    nvgpu.tma.fence.descriptor %d : !d\n    gpu.return\n  }\n}\n")
    value = markdown(text, "nvgpu.tma.fence.descriptor")
    assert "not available on sm_90a: needs PTX ISA 8.3, but sm_90a gets PTX ISA 8.0" in value


def test_host_side_op_hover_needs_nothing_from_the_gpu() -> None:
    value = markdown(KERNELS, "nvgpu.tma.create.descriptor")
    assert "**Needs** nothing from the GPU" in value
    assert "swizzle = swizzle_128b (3)" in value


def test_function_op_hover_shows_its_signature() -> None:
    assert "gpu.func @copy(%src: memref<128x128xf32>" in markdown(KERNELS, "gpu.func @copy")


# ---------------------------------------------------------------- values and blocks
def test_value_hover_shows_type_definition_and_use_count() -> None:
    value = markdown(KERNELS, "%group", 1)
    assert value.startswith("`%group`: `!nvgpu.device.async.token`")
    assert "result of `nvgpu.device_async_create_group` (line 14)" in value
    assert "used 1 time." in value


def test_block_argument_hover_names_the_function() -> None:
    value = markdown(KERNELS, "%dst", 1)
    assert "block argument #1 of `@copy` (line 11)" in value
    assert "**shared memory**" in value and "16384 bytes" in value


def test_block_label_hover_counts_arguments_and_branches() -> None:
    for occurrence in (0, 1):
        value = markdown(KERNELS, "^done", occurrence, 1)
        assert "block `^done`(%count: index)" in value
        assert "1 argument; 1 branch to it" in value


# ---------------------------------------------------------------- types and aliases
def test_memref_type_hover_says_shared_memory_shape_and_bytes() -> None:
    value = markdown(KERNELS, "memref<64x64xf32, #smem>", 0, 3)
    assert "memref in **shared memory** (workgroup; NVVM address space 3)" in value
    assert "shape 64 x 64 of `f32`" in value and "16384 bytes" in value


def test_global_memref_hover_says_default_memory_space() -> None:
    assert "the default memory space" in markdown(KERNELS, "memref<128x128xf32>", 0, 3)


def test_tensor_map_alias_hover_spells_out_the_box_and_each_enum() -> None:
    value = markdown(KERNELS, "!tile", 0, 1)
    assert "the box (one tile) is 64 x 64 f16 = 8192 bytes" in value
    assert "each innermost row is 64 x 2 = 128 bytes" in value
    assert "the 128-byte row matches the 128-byte swizzle span" in value
    assert "- `l2promo` = `l2promo_64b`: promote to 64-byte L2 requests" in value
    assert "- `oob` = `nan`: out-of-bound elements read as NaN" in value


def test_tensor_map_hover_flags_a_row_that_does_not_fill_the_swizzle_span() -> None:
    value = markdown(KERNELS, "!narrow", 0, 1)
    assert "the 64-byte row does not match the 128-byte swizzle span" in value


def test_mbarrier_group_hover_spells_out_count_and_memory_space() -> None:
    value = markdown(KERNELS, "!barriers", 1, 1)
    assert "`num_barriers` = 2: 16 bytes of barriers" in value
    assert "the mbarrier ops use the `.shared` PTX forms" in value


def test_accumulator_type_hover_counts_values_per_thread() -> None:
    text = ("gpu.module @m {\n  gpu.func @k() kernel {\n"
            "    %a = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = "
            "vector<128x64xf32>>\n    gpu.return\n  }\n}\n")
    value = markdown(text, "!nvgpu.warpgroup.accumulator", 0, 3)
    assert "each of the 128 threads of the warpgroup holds 64 values in registers (2 blocks of 64 rows)" in value


def test_attribute_alias_hover_expands_the_memory_space() -> None:
    found = hover_at(KERNELS, "#smem", 2, 1)
    assert found is not None and hovered_text(KERNELS, found) == "#smem"
    assert isinstance(found.contents, lsp.MarkupContent)
    assert "#gpu.address_space<workgroup>" in found.contents.value
    assert "**shared memory**" in found.contents.value


def test_alias_definition_value_hover_describes_the_type() -> None:
    found = hover_at(KERNELS, "num_barriers = 2", 0, 2)
    assert found is not None and hovered_text(KERNELS, found).startswith("!nvgpu.mbarrier.group<")
    assert isinstance(found.contents, lsp.MarkupContent)
    assert "16 bytes of barriers" in found.contents.value


# ---------------------------------------------------------------- attributes and keywords
def test_enum_value_hover_explains_the_case_and_lists_the_others() -> None:
    text = ("gpu.module @m {\n  gpu.func @k(%v: vector<4xf32>) kernel {\n"
            "    %r = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>\n    gpu.return\n  }\n}\n")
    value = markdown(text, "approx", 0, 1)
    assert value.startswith("`approx` — approximate reciprocal (rcp.approx)")
    assert "- **`approx`**: approximate reciprocal" in value
    assert "- `rz`: round toward zero" in value


def test_attribute_name_hover_shows_the_facts_and_this_value() -> None:
    value = markdown(KERNELS, "numGroups", 0, 2)
    assert "**numGroups** (i32 attribute) of `nvgpu.device_async_wait`" in value
    assert "Here: `1 : i32`" in value


def test_keyword_syntax_attribute_name_hovers_as_the_attribute() -> None:
    text = ("gpu.module @m {\n  gpu.func @k(%s: memref<64x64xf16, 3>, %i: index) kernel {\n"
            "    %a = nvgpu.ldmatrix %s[%i, %i] numTiles = 2 transpose = true : memref<64x64xf16, 3> -> "
            "vector<2x2xf16>\n    gpu.return\n  }\n}\n")
    found = hover_at(text, "numTiles", 0, 3)
    assert found is not None and hovered_text(text, found) == "numTiles"
    assert isinstance(found.contents, lsp.MarkupContent)
    assert "Here: `2`" in found.contents.value
    assert "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16" in markdown(text, "nvgpu.ldmatrix")


def test_syntax_keyword_hover_names_the_operand_it_introduces() -> None:
    text = ("!g = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>\n"
            "gpu.module @m {\n  gpu.func @k(%i: index, %n: index, %p: i1) kernel {\n"
            "    %b = nvgpu.mbarrier.create -> !g\n"
            "    nvgpu.mbarrier.init %b[%i], %n, predicate = %p : !g\n    gpu.return\n  }\n}\n")
    value = markdown(text, "predicate", 0, 2)
    assert "introduces the operand `predicate`" in value
    assert "- `predicate`: `i1` (`%p`)" in value
    assert "@p mbarrier.init.shared.b64 [addr], count;" in markdown(text, "nvgpu.mbarrier.init")


def test_kernel_keyword_hover_explains_kernels() -> None:
    assert "entry point" in markdown(KERNELS, "kernel", 1, 1)


# ---------------------------------------------------------------- targets and symbols
def test_nvvm_target_hover_lists_what_the_chip_allows_and_forbids() -> None:
    found = hover_at(KERNELS, "sm_80", 0, 1)
    assert found is not None and hovered_text(KERNELS, found) == '#nvvm.target<chip = "sm_80">'
    assert isinstance(found.contents, lsp.MarkupContent)
    value = found.contents.value
    assert "PTX ISA 7.0, the oldest that knows sm_80" in value
    allowed, _, denied = value.partition("**Not available**")
    assert "arrive.expect_tx (needs sm_90)" in denied
    assert "- **warpgroup**:" in denied and "- **device_async**: copy, create_group, wait" in allowed


def test_nvvm_target_hover_is_computed_from_the_facts_requirements() -> None:
    value = markdown(KERNELS, "sm_90a", 0, 1)
    allowed, _, denied = value.partition("**Not available**")
    target = parse_chip("sm_90a")
    assert not isinstance(target, str)
    for name, facts in NVGPU_OPS.items():
        if facts.requirement is None or facts.requirement_forms:
            continue
        family, short = family_of(name)
        line = next(line for line in (allowed if satisfies(target, facts.requirement) else denied).splitlines()
                    if line.startswith(f"- **{family}**:"))
        assert f" {short}" in line, name


def test_nvvm_target_hover_says_an_a_target_is_not_inherited() -> None:
    assert "not inherited by later GPUs" in markdown(KERNELS, "sm_90a", 0, 1)


def test_gpu_module_symbol_hover_shows_its_target() -> None:
    value = markdown(KERNELS, "@hopper", 0, 2)
    assert "Target: sm_90a (PTX ISA 8.0), this gpu.module's #nvvm.target" in value
    assert "Referenced 1 time" in value


def test_nested_symbol_reference_hovers_the_part_under_the_cursor() -> None:
    found = hover_at(KERNELS, "@hopper::@load", 0, 11)
    assert found is not None and hovered_text(KERNELS, found) == "@load"
    assert isinstance(found.contents, lsp.MarkupContent)
    assert "gpu.func @load(%map: !tile" in found.contents.value


def test_memref_global_symbol_hover_shows_its_declaration() -> None:
    assert 'memref.global "private" @staging : memref<256xf32, #smem>' in markdown(KERNELS, "@staging", 0, 2)


# ---------------------------------------------------------------- broken files and positions
def test_hover_works_on_ops_after_a_broken_line() -> None:
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in markdown(BROKEN, "nvgpu.ldmatrix", 0, 2)
    value = markdown(BROKEN, "nvgpu.device_async_copy", 1, 2)
    assert "cp.async.ca.shared.global [dst], [src], 4;" in value
    assert "allowed on sm_80" in value


def test_hover_on_a_half_written_op_shows_what_was_recovered() -> None:
    value = markdown(BROKEN, "nvgpu.mma.sync", 0, 2)
    assert "- `matrixA`: `vector<4x2xf16>` (`%a`)" in value
    assert "- `matrixC`: *missing*" in value
    assert "(the op's floor)" in value


def test_hover_on_an_undefined_value_says_so() -> None:
    assert "is not defined" in markdown(BROKEN, "%undefined", 0, 2)


def test_hover_ranges_count_utf16_columns_after_non_ascii_text() -> None:
    text = ("gpu.module @m {\n  gpu.func @k(%t: !nvgpu.device.async.token) kernel {\n"
            "    // Ampère → Hopper 😀\n"
            "    nvgpu.device_async_wait %t {note = \"é😀\", numGroups = 1 : i32}\n    gpu.return\n  }\n}\n")
    found = hover_at(text, "numGroups", 0, 4)
    assert found is not None and found.range is not None
    assert found.range.start == position_of(text, "numGroups")
    assert found.range.end == position_of(text, "numGroups", after=len("numGroups"))
    assert hovered_text(text, found) == "numGroups"


def test_hover_on_an_op_after_a_non_ascii_comment() -> None:
    found = hover_at(KERNELS, "nvgpu.tma.async.load", 0, 5)
    assert found is not None and hovered_text(KERNELS, found) == "nvgpu.tma.async.load"


@pytest.mark.parametrize("needle", ["// Kernels", "   gpu.func @copy", "Ampère"])
def test_hover_on_comments_and_whitespace_is_empty(needle: str) -> None:
    assert hover_at(KERNELS, needle, 0, 1) is None


def test_hover_on_an_empty_document_is_empty() -> None:
    ctx = FeatureContext(Document(""))
    assert hover(ctx, lsp.Position(0, 0)) is None


@pytest.mark.parametrize("name", ["kernels.mlir", "broken.mlir"])
def test_hover_answers_at_every_offset_without_raising(name: str) -> None:
    text = (DATA / name).read_text()
    doc = Document(text)
    ctx = FeatureContext(doc, options=CheckOptions(target="sm_90a"))
    answered = 0
    for offset in range(len(text) + 1):
        found = hover(ctx, ctx.position(offset))
        answered += found is not None
    assert answered > len(text) // 2


def test_hover_on_an_iter_arg_shows_its_type_and_where_the_loop_defines_it() -> None:
    text = ("func.func @f(%a: index) -> index {\n"
            "  %r = scf.for %i = %a to %a step %a iter_args(%acc = %a) -> (index) {\n"
            "    %n = arith.addi %acc, %i : index\n"
            "    scf.yield %n : index\n"
            "  }\n"
            "  return %r : index\n"
            "}\n")
    shown = markdown(text, "%acc", 1)
    assert shown.startswith("`%acc`: `index`")
    assert "block argument #1 of the entry block of `scf.for`" in shown


def test_nvvm_target_hover_says_the_level_modules_are_lowered_and_compiled_at() -> None:
    assert "Lowered and compiled at **O3** (the target states no `O`: nvgpu-ls's default)" in \
        markdown(KERNELS, "sm_80", 0, 1)
    stated = KERNELS.replace('#nvvm.target<chip = "sm_80">', '#nvvm.target<O = 1, chip = "sm_80">', 1)
    assert "Lowered and compiled at **O1** (this target's `O`)" in markdown(stated, "sm_80", 0, 1)


WGMMA = """llvm.func @f(%da: i64, %db: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  %r = nvvm.wgmma.mma_async %da, %db, %acc, #nvvm.shape<m = 64, n = 8, k = 16>,
    D [<f32>, #nvvm.wgmma_scale_out<one>],
    A [<f16>, #nvvm.wgmma_scale_in<one>, #nvvm.mma_layout<row>],
    B [<f16>, #nvvm.wgmma_scale_in<one>, #nvvm.mma_layout<col>]
    : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}
"""


def test_hover_on_wgmma_reads_operands_and_attributes_from_its_custom_syntax() -> None:
    text = markdown(WGMMA, "nvvm.wgmma.mma_async", after=5)
    assert "- `descriptorA`: `i64` (`%da`)" in text
    assert "- `descriptorB`: `i64` (`%db`)" in text
    assert "- `inouts`: `!llvm.struct<(f32, f32, f32, f32)>` (`%acc`)" in text
    assert "- `shape` = `#nvvm.shape<m = 64, n = 8, k = 16>`" in text
    assert "- `typeA` = `f16`" in text and "- `layoutB` = `col`" in text


STANDALONE_ENUMS = """#mode = #nvgpu<rcp_rounding_mode approx>
func.func @f() {
  %s = "test.op"() {m = #nvgpu<rcp_rounding_mode rn>, n = #nvvm.mma_layout<col>} : () -> i32
  return
}
"""


def test_hover_on_a_standalone_nvgpu_enum_attribute_says_its_case_enum_and_cases() -> None:
    alias = markdown(STANDALONE_ENUMS, "#nvgpu<rcp_rounding_mode approx>", after=3)
    assert "```mlir\n#nvgpu<rcp_rounding_mode approx>\n```" in alias
    assert "`approx` — approximate reciprocal" in alias
    assert "- **`approx`**" in alias and "- `rn`" in alias
    inline = markdown(STANDALONE_ENUMS, "#nvgpu<rcp_rounding_mode rn>", after=3)
    assert "- **`rn`**" in inline and "- `approx`" in inline


def test_hover_on_a_standalone_nvvm_enum_attribute_lists_the_cases_the_facts_know() -> None:
    text = markdown(STANDALONE_ENUMS, "#nvvm.mma_layout<col>", after=3)
    assert "```mlir\n#nvvm.mma_layout<col>\n```" in text
    assert "- **`col`**" in text and "- `row`" in text
