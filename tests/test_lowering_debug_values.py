"""Debug values: with device debug info (-g) debuginfo.value becomes an llvm.nvvm.move and an
llvm.intr.dbg.value per leaf; with line info only, or none, the record is dropped."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.values import IntegerType, LLVMArrayType, LLVMPointerType, LLVMStructType, VectorType
from nvgpu_ls.lowering.llvm_types import F32, I8, I16, I32, I64
from nvgpu_ls.lowering.patterns.debug_values import expression_operations, field_offsets, leaves_of, size_bits
from nvgpu_ls.verify import CheckOptions, check_document

from .lowering_support import assert_upstream_accepts, op_names
from .lowering_support import lower as lower_plainly
from .lowering_support import lower_result as lower_result_plainly

# A minimal set of debug-info attributes upstream accepts (and LLVM can emit: the subprogram
# has a subroutine type), defined as aliases at the top of the file as real MLIR does.
DEBUG_INFO = """\
#file = #llvm.di_file<"kernel.py" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "tile", isOptimized = true, emissionKind = Full>
#sp_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "k", file = #file, line = 1, scopeLine = 1, subprogramFlags = "Definition|Optimized", type = #sp_type>
#f32_t = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "float", sizeInBits = 32, encoding = DW_ATE_float>
#i64_t = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "long", sizeInBits = 64, encoding = DW_ATE_signed>
#blob_t = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "blob", sizeInBits = 4096, encoding = DW_ATE_unsigned>
#x = #llvm.di_local_variable<scope = #sp, name = "x", file = #file, line = 2, type = #f32_t>
#n = #llvm.di_local_variable<scope = #sp, name = "n", file = #file, line = 3, type = #i64_t>
#agg = #llvm.di_local_variable<scope = #sp, name = "agg", file = #file, line = 4, type = #blob_t>
#none = #llvm.di_expression<>
"""


def kernel(args: str, body: str) -> str:
    return (DEBUG_INFO + "gpu.module @m [#nvvm.target<chip = \"sm_90a\">] {\n"
            f"  gpu.func @k({args}) kernel {{\n{body}    gpu.return\n"
            '  } loc(fused<#sp>["kernel.py":1:1])\n}\n')


def lower(text: str) -> str:
    """Lowered with device debug info (``-g``), the mode that keeps the records."""
    return lower_plainly(text, debug_info=True)


def lower_result(text: str):
    return lower_result_plainly(text, debug_info=True)


def records(text: str) -> list[str]:
    return [line.split(" loc(")[0].strip() for line in text.splitlines() if "llvm.intr.dbg.value" in line]


def moves(text: str) -> list[str]:
    return re.findall(r'llvm\.call_intrinsic "(llvm\.nvvm\.move\.\w+)"', text)


def test_source_is_clean_for_the_checker():
    source = kernel("%a: f32", "    debuginfo.value %a, #x, #none : f32\n")
    errors = [d for d in check_document(Document(source), CheckOptions()) if d.severity == 1]
    assert not errors


@pytest.mark.parametrize("type, move", [
    ("f32", "llvm.nvvm.move.float"),
    ("f64", "llvm.nvvm.move.double"),
    ("i32", "llvm.nvvm.move.i32"),
    ("i64", "llvm.nvvm.move.i64"),
    ("i16", "llvm.nvvm.move.i16"),
    ("!llvm.ptr<3>", "llvm.nvvm.move.ptr"),
])
def test_scalar_is_moved_then_recorded_without_an_empty_expression(type, move):
    text = lower(kernel(f"%a: {type}", f"    debuginfo.value %a, #x, #none : {type}\n"))
    assert moves(text) == [move]
    pinned = re.search(r"(%nv\d+) = llvm\.call_intrinsic", text).group(1)
    assert records(text) == [f"llvm.intr.dbg.value #x = {pinned} : {type}"]
    assert "debuginfo.value" not in text
    assert_upstream_accepts(text)


def test_scalar_keeps_a_non_empty_expression_as_written():
    text = lower(kernel("%a: f32", "    debuginfo.value %a, #x, #llvm.di_expression<[DW_OP_deref]> : f32\n"))
    assert records(text)[0].startswith("llvm.intr.dbg.value #x #llvm.di_expression<[DW_OP_deref]> = %nv")
    assert_upstream_accepts(text)


def test_inline_variable_and_expression_alias_are_kept_as_written():
    inline = '#llvm.di_local_variable<scope = #sp, name = "y", file = #file, line = 9, type = #f32_t>'
    source = "#shift = #llvm.di_expression<[DW_OP_constu(4), DW_OP_plus]>\n" + kernel(
        "%a: f32", f"    debuginfo.value %a, {inline}, #shift : f32\n")
    text = lower(source)
    assert records(text) == [f"llvm.intr.dbg.value {inline} #shift = %nv0 : f32"]
    assert_upstream_accepts(text)


def test_index_is_recorded_as_its_converted_i64():
    text = lower(kernel("%i: index", "    debuginfo.value %i, #n, #none : index\n"))
    assert "builtin.unrealized_conversion_cast %i : index to i64" in text
    assert moves(text) == ["llvm.nvvm.move.i64"]
    assert records(text)[0].endswith(": i64")
    assert_upstream_accepts(text)


def test_half_moves_through_i16_and_narrow_integers_are_widened():
    text = lower(kernel("%h: f16, %b: bf16, %c: i8, %p: i1", "".join(
        f"    debuginfo.value %{v}, #x, #none : {t}\n" for v, t in (("h", "f16"), ("b", "bf16"), ("c", "i8"), ("p", "i1")))))
    assert "llvm.bitcast %h : f16 to i16" in text and "llvm.bitcast %b : bf16 to i16" in text
    assert "llvm.zext %c : i8 to i16" in text and "llvm.zext %p : i1 to i16" in text
    assert moves(text) == ["llvm.nvvm.move.i16"] * 4
    assert all(r.endswith(": i16") for r in records(text))
    assert_upstream_accepts(text)


def test_vector_is_split_into_elements_with_fragments():
    text = lower(kernel("%v: vector<4xf32>", "    debuginfo.value %v, #agg, #none : vector<4xf32>\n"))
    assert text.count("llvm.extractelement %v[") == 4
    assert moves(text) == ["llvm.nvvm.move.float"] * 4
    fragments = re.findall(r"DW_OP_LLVM_fragment\((\d+), (\d+)\)", text)
    assert fragments == [("0", "32"), ("32", "32"), ("64", "32"), ("96", "32")]
    assert_upstream_accepts(text)


def test_half_vector_elements_are_16_bit_fragments():
    text = lower(kernel("%v: vector<2xf16>", "    debuginfo.value %v, #agg, #none : vector<2xf16>\n"))
    assert re.findall(r"DW_OP_LLVM_fragment\((\d+), (\d+)\)", text) == [("0", "16"), ("16", "16")]
    assert moves(text) == ["llvm.nvvm.move.i16"] * 2
    assert_upstream_accepts(text)


def test_fragments_follow_the_written_expression_and_its_fragment():
    body = "    debuginfo.value %v, #agg, #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(128, 64)]> : vector<2xf32>\n"
    text = lower(kernel("%v: vector<2xf32>", body))
    assert [r.split(" = ")[0] for r in records(text)] == [
        "llvm.intr.dbg.value #agg #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(128, 32)]>",
        "llvm.intr.dbg.value #agg #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(160, 32)]>",
    ]
    assert_upstream_accepts(text)


def test_struct_leaves_sit_at_their_aligned_offsets():
    type = "!llvm.struct<(i8, vector<2xf16>, i64, !llvm.array<2 x f32>)>"
    text = lower(kernel(f"%s: {type}", f"    debuginfo.value %s, #agg, #none : {type}\n"))
    fragments = re.findall(r"DW_OP_LLVM_fragment\((\d+), (\d+)\)", text)
    assert fragments == [("0", "8"), ("32", "16"), ("48", "16"), ("64", "64"), ("128", "32"), ("160", "32")]
    assert f"llvm.extractvalue %s[1] : {type}" in text  # the vector is extracted once for both halves
    assert text.count(f"llvm.extractvalue %s[1] : {type}") == 1
    assert f"llvm.extractvalue %s[3, 1] : {type}" in text
    assert_upstream_accepts(text)


def test_mbarrier_group_is_recorded_as_its_memref_descriptor():
    group = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>"
    text = lower(kernel(f"%g: {group}", f"    debuginfo.value %g, #agg, #none : {group}\n"))
    assert f"builtin.unrealized_conversion_cast %g : {group} to !llvm.struct<(!llvm.ptr<3>, !llvm.ptr<3>, i64" in text
    assert moves(text) == ["llvm.nvvm.move.ptr"] * 2 + ["llvm.nvvm.move.i64"] * 3
    assert re.findall(r"DW_OP_LLVM_fragment\((\d+), (\d+)\)", text) == [
        ("0", "64"), ("64", "64"), ("128", "64"), ("192", "64"), ("256", "64")]
    assert_upstream_accepts(text)


def test_warpgroup_accumulator_is_split_into_its_f32_members():
    acc = "!nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>>"
    text = lower(kernel(f"%acc: {acc}", f"    debuginfo.value %acc, #agg, #none : {acc}\n"))
    assert moves(text) == ["llvm.nvvm.move.float"] * 8
    assert re.findall(r"DW_OP_LLVM_fragment\((\d+), 32\)", text) == [str(32 * i) for i in range(8)]
    assert "llvm.extractvalue %nv0[0, 7] : !llvm.struct<(!llvm.struct<(f32" in text
    assert_upstream_accepts(text)


def test_value_of_a_lowered_op_is_recorded_through_its_replacement():
    body = ("    %t = nvgpu.device_async_create_group\n"
            "    debuginfo.value %t, #n, #none : !nvgpu.device.async.token\n")
    text = lower(kernel("", body))
    constant = re.search(r"(%nv\d+) = llvm\.mlir\.constant\(0 : i32\)", text).group(1)
    assert f'llvm.call_intrinsic "llvm.nvvm.move.i32"({constant})' in text
    assert "unrealized_conversion_cast" not in text
    assert_upstream_accepts(text)


def test_single_leaf_aggregate_needs_no_fragment():
    text = lower(kernel("%v: vector<1xf32>", "    debuginfo.value %v, #x, #none : vector<1xf32>\n"))
    assert records(text) == ["llvm.intr.dbg.value #x = %nv2 : f32"]
    assert_upstream_accepts(text)


def test_every_generated_op_carries_the_source_location():
    text = lower(kernel("%v: vector<2xf32>", "    debuginfo.value %v, #agg, #none : vector<2xf32>\n"))
    generated = [line for line in text.splitlines() if "%nv" in line or "llvm.intr" in line]
    assert generated and all('loc("test.mlir":14:5)' in line for line in generated)
    assert op_names(text).count("llvm.intr.dbg.value") == 2


def test_undefined_alias_is_an_error_and_nothing_is_lowered():
    result = lower_result(kernel("%a: f32", "    debuginfo.value %a, #missing, #none : f32\n"))
    assert result.text is None
    assert any(d.code == "alias.undefined" and "'missing'" in d.message for d in result.diagnostics)


MLIR_OPT = shutil.which("mlir-opt-22")
TO_PTX = "builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})"


@pytest.mark.skipif(MLIR_OPT is None, reason="needs mlir-opt-22")
@pytest.mark.parametrize("args, body", [
    ("%s: !llvm.struct<(i8, vector<2xf16>, i64, !llvm.array<2 x f32>)>",
     "    debuginfo.value %s, #agg, #none : !llvm.struct<(i8, vector<2xf16>, i64, !llvm.array<2 x f32>)>\n"),
    ("%g: memref<4x4xf32, 3>", "    debuginfo.value %g, #agg, #none : memref<4x4xf32, 3>\n"),
    ("%a: f32, %h: f16, %c: i8, %i: index", "    debuginfo.value %a, #x, #none : f32\n    debuginfo.value %h, #x, #none : f16\n"
     "    debuginfo.value %c, #x, #none : i8\n    debuginfo.value %i, #n, #none : index\n"),
    ("%v: vector<4xf32>", "    debuginfo.value %v, #agg, #llvm.di_expression<[DW_OP_LLVM_fragment(128, 128)]> : vector<4xf32>\n"),
])
def test_llvm_verifies_the_records_and_emits_ptx(args, body):
    """LLVM's verifier (run when the module is compiled) checks what upstream MLIR does not:
    every fragment lies inside its variable, and the intrinsics exist with these types."""
    text = lower(kernel(args, body)).replace('#nvvm.target<chip = "sm_90a">', '#nvvm.target<O = 0, chip = "sm_90a">')
    done = subprocess.run([MLIR_OPT, f"--pass-pipeline={TO_PTX}"], input=text, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "assembly = " in done.stdout and ".target sm_90a, debug" in done.stdout


# ---------------------------------------------------------------------------- layout
@pytest.mark.parametrize("type, size", [
    (I8, 8), (I64, 64), (VectorType((3,), F32), 96), (LLVMArrayType(3, IntegerType(1)), 24),
    (LLVMStructType((I8, I64)), 128), (LLVMStructType((I8, I64), packed=True), 72),
    (LLVMStructType((LLVMPointerType(3), I32)), 128), (LLVMStructType((I32, I16)), 64),
])
def test_sizes_follow_the_nvptx_data_layout(type, size):
    assert size_bits(type) == size


def test_struct_fields_are_aligned_and_packed_ones_are_not():
    assert field_offsets(LLVMStructType((I8, I16, I64, I8))) == [0, 16, 64, 128]
    assert field_offsets(LLVMStructType((I8, I16, I64, I8), packed=True)) == [0, 8, 24, 88]
    assert [offset for _, offset, _ in leaves_of(LLVMStructType((I8, VectorType((2,), I8))))] == [0, 16, 24]


def test_expression_operations_read_both_empty_spellings():
    assert expression_operations("#llvm.di_expression<>") == []
    assert expression_operations("#llvm.di_expression<[DW_OP_constu(4), DW_OP_plus]>") == ["DW_OP_constu(4)", "DW_OP_plus"]
    assert expression_operations("#llvm.di_local_variable<>") is None


@pytest.mark.parametrize("mode", ["none", "lineinfo"])
def test_without_device_debug_info_the_record_is_dropped_and_nothing_is_pinned(mode):
    from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
    source = kernel("%a: f32, %v: vector<4xf32>", "    debuginfo.value %a, #x, #none : f32\n"
                    "    debuginfo.value %v, #agg, #none : vector<4xf32>\n")
    result = lower_document(Document(source), "k.mlir", LoweringOptions(line_info=mode == "lineinfo"))
    assert result.text is not None
    assert "debuginfo.value" not in result.text and not moves(result.text) and not records(result.text)
    assert ('"-lineinfo"' in result.text) == (mode == "lineinfo") and '"-g"' not in result.text
    assert_upstream_accepts(result.text)


def test_line_info_reads_the_files_own_full_compile_unit_as_line_directives_and_g_keeps_it_full():
    from nvgpu_ls.lowering.engine import LoweringOptions
    from nvgpu_ls.ptx.preview import PreviewOptions, preview_ptx
    source = kernel("%a: f32, %o: memref<4xf32>", "    %b = arith.mulf %a, %a : f32\n"
                    "    debuginfo.value %b, #x, #none : f32\n    %c0 = arith.constant 0 : index\n"
                    "    memref.store %b, %o[%c0] : memref<4xf32>\n")
    lines = preview_ptx(source, "k.mlir", PreviewOptions())
    assert lines.ptx and ".loc" in lines.ptx and ".debug_info" not in lines.ptx and ", debug" not in lines.ptx
    full = preview_ptx(source, "k.mlir", PreviewOptions(lowering=LoweringOptions(debug_info=True)))
    assert full.ptx and ".target sm_90a, debug" in full.ptx and ".section\t.debug_info" in full.ptx


# ---------------------------------------------------------------------------- record kinds
def test_declare_records_the_storage_address_with_dbg_declare():
    text = lower(kernel("%g: memref<4xf32, 3>", "    debuginfo.declare %g, #x, #none : memref<4xf32, 3>\n"))
    (record,) = [line.split(" loc(")[0].strip() for line in text.splitlines() if "llvm.intr.dbg.declare" in line]
    assert re.fullmatch(r"llvm.intr.dbg.declare #x = %nv\d+ : !llvm.ptr<3>", record), record
    assert not moves(text) and not records(text)
    assert_upstream_accepts(text)


def test_addr_is_what_llvm_replaced_dbg_addr_with_a_dbg_value_of_the_address_dereferenced():
    text = lower(kernel("%p: !llvm.ptr<3>", "    debuginfo.addr %p, #x, #llvm.di_expression<[DW_OP_LLVM_fragment(0, 32)]> "
                                             ": !llvm.ptr<3>\n"))
    assert moves(text) == ["llvm.nvvm.move.ptr"]
    (record,) = records(text)
    assert record.startswith("llvm.intr.dbg.value #x #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(0, 32)]> = %nv")
    assert_upstream_accepts(text)


def test_every_record_kind_is_dropped_without_device_debug_info():
    source = kernel("%g: memref<4xf32, 3>, %p: !llvm.ptr<3>", "    debuginfo.declare %g, #x, #none : memref<4xf32, 3>\n"
                    "    debuginfo.addr %p, #x, #none : !llvm.ptr<3>\n")
    text = lower_plainly(source)
    assert "debuginfo." not in text and "llvm.intr.dbg" not in text and not moves(text)


def test_an_address_record_of_a_value_that_is_no_address_is_refused():
    result = lower_result(kernel("%a: f32", "    debuginfo.declare %a, #x, #none : f32\n"))
    assert result.text is None
    assert any("records an address" in d.message for d in result.diagnostics)


@pytest.mark.skipif(MLIR_OPT is None, reason="needs mlir-opt-22")
def test_llvm_takes_the_declare_and_addr_records_to_ptx():
    text = lower(kernel("%g: memref<4xf32, 3>, %p: !llvm.ptr<3>", "    debuginfo.declare %g, #x, #none : memref<4xf32, 3>\n"
                        "    debuginfo.addr %p, #n, #none : !llvm.ptr<3>\n"))
    text = text.replace('#nvvm.target<chip = "sm_90a">', '#nvvm.target<O = 0, chip = "sm_90a">')
    done = subprocess.run([MLIR_OPT, f"--pass-pipeline={TO_PTX}"], input=text, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert ".target sm_90a, debug" in done.stdout
