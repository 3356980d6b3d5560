"""Types and attributes come out as structured values, and malformed ones are errors with a place."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis import values as v
from nvgpu_ls.analysis.typegrammar import TypeSyntaxError, parse_attr, parse_type


def test_memref_memory_space_as_integer_and_gpu_address_space():
    shared = parse_type("memref<?x64xf16, 3>")
    assert isinstance(shared, v.MemRefType)
    assert shared.shape == (None, 64) and shared.element == v.FloatType("f16")
    assert v.memory_space_number(shared.memory_space) == 3
    workgroup = parse_type("memref<4x8xf32, #gpu.address_space<workgroup>>")
    assert workgroup.memory_space == v.GPUAddressSpaceAttr("workgroup")
    assert v.memory_space_number(workgroup.memory_space) == 3


def test_memref_layouts():
    strided = parse_type("memref<1x8xf16, strided<[98304, 1], offset: ?>>")
    assert strided.layout == v.StridedLayoutAttr((98304, 1), None)
    mapped = parse_type("memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 3>")
    assert isinstance(mapped.layout, v.AffineMapAttr) and mapped.memory_space == v.IntegerAttr(3)
    assert parse_type("memref<*xf32>") == v.UnrankedMemRefType(v.FloatType("f32"))


@pytest.mark.parametrize("name", ["f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "tf32", "bf16"])
def test_small_float_types(name):
    assert parse_type(f"vector<16x{name}>") == v.VectorType((16,), v.FloatType(name))


def test_integer_and_index_types():
    assert parse_type("i1") == v.IntegerType(1)
    assert parse_type("si8") == v.IntegerType(8, "s")
    assert parse_type("index") == v.IndexType()


def test_scalable_vector():
    assert parse_type("vector<4x[8]xf32>").scalable == (False, True)


def test_nvgpu_types_are_structured():
    group = parse_type("!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>")
    assert group == v.MBarrierGroupType(v.GPUAddressSpaceAttr("workgroup"), 4)
    assert parse_type("!nvgpu.mbarrier.group<memorySpace = 3>").num_barriers == 1
    desc = parse_type("!nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, "
                      "l2promo = none, oob = zero, interleave = none>")
    assert isinstance(desc, v.TensorMapDescriptorType)
    assert desc.swizzle == "swizzle_128b" and desc.tensor.shape == (128, 64)
    wg = parse_type("!nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>")
    assert isinstance(wg, v.WarpgroupDescriptorType)
    acc = parse_type("!nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>")
    assert acc.fragmented == v.VectorType((64, 128), v.FloatType("f32"))
    assert parse_type("!nvgpu.device.async.token") == v.DeviceAsyncTokenType()
    assert parse_type("!nvgpu.mbarrier.token") == v.MBarrierTokenType()


def test_llvm_types():
    assert parse_type("!llvm.ptr") == v.LLVMPointerType(0)
    assert parse_type("!llvm.ptr<3>") == v.LLVMPointerType(3)
    assert parse_type("!llvm.array<4 x i32>") == v.LLVMArrayType(4, v.IntegerType(32))
    assert parse_type("!llvm.struct<(i32, f32)>").body == (v.IntegerType(32), v.FloatType("f32"))


def test_function_types():
    fn = parse_type("(i32, f32) -> (i64, index)")
    assert fn == v.FunctionType((v.IntegerType(32), v.FloatType("f32")), (v.IntegerType(64), v.IndexType()))
    assert parse_type("() -> ()") == v.FunctionType((), ())


def test_type_alias_stays_a_reference():
    assert parse_type("!barrierType") == v.TypeAliasRef("!barrierType")


def test_attributes_are_structured():
    assert parse_attr("4 : i32") == v.IntegerAttr(4, v.IntegerType(32))
    assert parse_attr("-1") == v.IntegerAttr(-1)
    assert parse_attr("[16, 8, 16]") == v.ArrayAttr((v.IntegerAttr(16), v.IntegerAttr(8), v.IntegerAttr(16)))
    d = parse_attr("{numTiles = 4 : i32, transpose = false, unitflag}")
    assert d.get("transpose") == v.BoolAttr(False) and d.get("unitflag") == v.UnitAttr()
    assert parse_attr('"a\\"b"') == v.StringAttr('a"b')
    assert parse_attr("array<i64: 1, 2>") == v.DenseArrayAttr(v.IntegerType(64), (1, 2))
    assert parse_attr("@mod::@fn") == v.SymbolRefAttr(("@mod", "@fn"))
    assert parse_attr("f16") == v.TypeAttr(v.FloatType("f16"))


def test_nvvm_target_attribute():
    target = parse_attr('#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>')
    assert target == v.NVVMTargetAttr(chip="sm_90a", features="+ptx80", opt_level=3, params=target.params)
    assert parse_attr("#nvvm.target").chip == "sm_50"


def test_nvvm_target_optimisation_level_out_of_range_is_rejected():
    with pytest.raises(TypeSyntaxError, match="The optimization level must be a number between 0 and 3."):
        parse_attr('#nvvm.target<chip = "sm_90", O = 4>')


@pytest.mark.parametrize("text,fragment", [
    ("memref<4xf32", "expected ',' or '>' in memref type"),
    ("vector<4x>", "expected non-function type"),
    ("vector<?xf32>", "expected non-function type"),
    ("!nvgpu.mbarrier.group<foo = 1>", "duplicate or unknown struct parameter name: foo"),
    ("!nvgpu.tensormap.descriptor<tensor = memref<8xf16, 3>, swizzle = swizzle_99b>",
     "expected ::mlir::nvgpu::TensorMapSwizzleKind to be one of"),
    ("!nvgpu.warpgroup.descriptor<>", "expected valid keyword"),
    ("memref<4xfoo>", "expected non-function type"),
])
def test_malformed_modelled_types_are_errors(text, fragment):
    with pytest.raises(TypeSyntaxError) as info:
        parse_type(text)
    assert fragment in info.value.message


def test_gpu_address_space_spelling_is_checked():
    with pytest.raises(TypeSyntaxError, match="global, workgroup, private"):
        parse_attr("#gpu.address_space<shared>")


def test_unknown_dialect_syntax_is_opaque_not_an_error():
    assert isinstance(parse_type("!mydialect.thing<[weird] stuff ; here>"), v.OpaqueType)
    assert isinstance(parse_attr("#mydialect.thing<1 .. 2>"), v.OpaqueAttr)


def test_deep_nesting_is_rejected_without_recursing():
    with pytest.raises(TypeSyntaxError, match="nested deeper"):
        parse_attr("[" * 5000 + "]" * 5000)


def test_strided_layout_keeps_one_dynamic_stride_and_negative_values():
    assert parse_attr("strided<[?]>") == v.StridedLayoutAttr((None,), 0)
    assert parse_attr("strided<[]>") == v.StridedLayoutAttr((), 0)
    assert parse_attr("strided<[-1], offset: -3>") == v.StridedLayoutAttr((-1,), -3)


@pytest.mark.parametrize("body", ["<>", "< >", "<[DW_OP_deref]>", "<[DW_OP_plus_uconst(4), DW_OP_deref]>",
                                  "<[DW_OP_LLVM_fragment(0, 8)]>", "<[ DW_OP_constu(0x10) ]>",
                                  "<[DW_OP_constu(18446744073709551615)]>"])
def test_di_expression_upstream_accepts_is_accepted(body):
    parse_attr("#llvm.di_expression" + body)


# Each message and offset as mlir-opt-22 reports them (a missing ']', ')' or '>' just past the
# token before it, everything else at the offending token).
@pytest.mark.parametrize("body,message,at", [
    ("<[]>", "expected valid keyword", "]>"),
    ("<[DW_OP_deref,]>", "expected valid keyword", "]>"),
    ("<[7]>", "expected valid keyword", "7]>"),
    ("<[foo]>", "invalid debug info debug info operation encoding name: foo", "foo]>"),
    ("<DW_OP_deref>", "expected '>'", "DW_OP_deref>"),
    ("<[DW_OP_deref] x>", "expected '>'", " x>"),
    ("<[DW_OP_deref DW_OP_deref]>", "expected ']'", " DW_OP_deref]>"),
    ("<[DW_OP_deref()]>", "expected integer value", ")]>"),
    ("<[DW_OP_constu(1.5)]>", "expected integer value", "1.5)]>"),
    ("<[DW_OP_constu(4 5)]>", "expected ')'", " 5)]>"),
    ("<[DW_OP_constu(18446744073709551616)]>", "integer value too large", "18446744073709551616)]>"),
])
def test_di_expression_without_operations_or_with_bad_ones_is_rejected(body, message, at):
    text = "#llvm.di_expression" + body
    with pytest.raises(TypeSyntaxError) as info:
        parse_attr(text)
    assert info.value.message == message
    assert info.value.offset == len(text) - len(at)


def test_di_expression_is_checked_inside_other_attributes_but_not_in_strings():
    with pytest.raises(TypeSyntaxError, match="expected valid keyword"):
        parse_attr("{e = #llvm.di_expression<[]>}")
    assert parse_attr('"#llvm.di_expression<[]>"') == v.StringAttr("#llvm.di_expression<[]>")
