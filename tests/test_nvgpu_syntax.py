"""Every nvgpu op's custom syntax, in both upstream eras: read exactly, by its ODS names."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis import values as v
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.dialects import NVGPU_OPS

from .conftest import DATA

SAMPLE = DATA / "nvgpu_syntax.mlir"


@pytest.fixture(scope="module")
def doc() -> Document:
    return Document(SAMPLE.read_text())


def ops_named(doc: Document, name: str):
    return [op for op in doc.ops() if op.name == name]


def test_sample_parses_without_diagnostics(doc):
    assert [(doc.lines.position(d.start)[0] + 1, d.message) for d in doc.diagnostics()] == []
    assert doc.undefined == []


@pytest.mark.parametrize("name", sorted(NVGPU_OPS))
def test_every_nvgpu_op_has_a_sample_read_by_its_format(doc, name):
    found = ops_named(doc, name)
    assert found, f"{name} has no sample in {SAMPLE.name}"
    assert all(op.syntax == "format" for op in found)


TWO_ERAS = ["nvgpu.ldmatrix", "nvgpu.mma.sync", "nvgpu.mma.sp.sync", "nvgpu.device_async_copy",
            "nvgpu.device_async_wait", "nvgpu.warpgroup.mma", "nvgpu.stmatrix"]


@pytest.mark.parametrize("name", TWO_ERAS)
def test_both_syntax_eras_are_read(doc, name):
    """Attributes spelled in a dictionary (older upstream) and as keywords (newer) both parse."""
    spellings = {entry.inherent for op in ops_named(doc, name) for entry in op.attributes.values()}
    assert spellings == {True, False}


def test_ldmatrix_both_eras_fill_the_same_fields(doc):
    old, new = ops_named(doc, "nvgpu.ldmatrix")
    for op in (old, new):
        assert [u.name for u in op.operands_of("srcMemref")] == ["%s"]
        assert [u.name for u in op.operands_of("indices")] == ["%i", "%i"]
        assert op.results[0].type.type == v.VectorType((4 if op is old else 2, 2), v.FloatType("f16"))
        assert op.operand_types["srcMemref"][0].type.memory_space == v.IntegerAttr(3)
    assert old.attributes["numTiles"].value == v.IntegerAttr(4, v.IntegerType(32))
    assert new.attributes["numTiles"].value == v.IntegerAttr(2)
    assert new.attributes["transpose"].value == v.BoolAttr(True)


def test_device_async_copy_groups_and_bypass_flag(doc):
    plain, dict_form, keyword_form = ops_named(doc, "nvgpu.device_async_copy")
    assert [u.name for u in plain.operands_of("src")] == ["%g"]
    assert [u.name for u in plain.operands_of("dstIndices")] == ["%i", "%i"]
    assert plain.attributes["dstElements"].value == v.IntegerAttr(8)
    assert "bypassL1" not in plain.attributes and not plain.operands_of("srcElements")
    for op in (dict_form, keyword_form):
        assert isinstance(op.attributes["bypassL1"].value, v.UnitAttr)
        assert [u.name for u in op.operands_of("srcElements")] == ["%n"]
    assert plain.results[0].type is None or isinstance(plain.results[0].type.type, v.DeviceAsyncTokenType)


def test_mma_sync_shape_in_both_eras(doc):
    old, new = ops_named(doc, "nvgpu.mma.sync")
    shape = v.ArrayAttr((v.IntegerAttr(16), v.IntegerAttr(8), v.IntegerAttr(16)))
    assert old.attributes["mmaShape"].value == shape == new.attributes["mmaShape"].value
    assert [u.group for u in old.operands] == ["matrixA", "matrixB", "matrixC"]
    (_, sparse) = ops_named(doc, "nvgpu.mma.sp.sync")
    assert sparse.attributes["sparsitySelector"].value == v.IntegerAttr(1)
    assert [u.name for u in sparse.operands_of("sparseMetadata")] == ["%meta"]


def test_aliased_and_short_spelled_barrier_types_resolve_to_the_same_group(doc):
    waits = ops_named(doc, "nvgpu.mbarrier.try_wait.parity")
    aliased, short = (op.operand_types["barriers"][0].type for op in waits)
    assert aliased == v.TypeAliasRef("!group")
    assert short == v.MBarrierGroupType(v.GPUAddressSpaceAttr("workgroup"), 4)
    assert doc.aliases()["!group"].value == short


def test_optional_operands_after_keywords(doc):
    plain, masked = ops_named(doc, "nvgpu.tma.async.load")
    assert not plain.operands_of("multicastMask") and not plain.operands_of("predicate")
    assert [u.name for u in masked.operands_of("multicastMask")] == ["%mask"]
    assert [u.name for u in masked.operands_of("predicate")] == ["%p"]
    assert [u.name for u in masked.operands_of("coordinates")] == ["%i", "%i"]


def test_warpgroup_mma_flags_in_both_eras(doc):
    old, new = ops_named(doc, "nvgpu.warpgroup.mma")
    assert "transposeB" in old.attributes and "transposeB" in new.attributes
    assert new.attributes["waitGroup"].value == v.IntegerAttr(1)


def test_enum_attribute_of_rcp(doc):
    with_ftz, plain = ops_named(doc, "nvgpu.rcp")
    assert with_ftz.attributes["rounding"].value == v.KeywordAttr("approx")
    assert "ftz" in with_ftz.attributes and "ftz" not in plain.attributes


def kernel(line: str) -> str:
    return ("func.func @f(%s: memref<64x64xf16, 3>, %g: memref<8x8xf16>, %i: index, %v: vector<4xf32>) {\n"
            f"  {line}\n  return\n}}\n")


@pytest.mark.parametrize("line,fragment", [
    ("%a = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} memref<64x64xf16, 3> -> vector<4x2xf16>",
     "expected ':'"),
    ("%a = nvgpu.ldmatrix %s %i {numTiles = 4 : i32} : memref<64x64xf16, 3> -> vector<4x2xf16>", "expected '['"),
    ("%t = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i] : memref<8x8xf16> to memref<64x64xf16, 3>",
     "expected ','"),
    ("%t = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8 : memref<8x8xf16> into memref<64x64xf16, 3>",
     "expected 'to'"),
    ("%r = nvgpu.rcp %v {rounding = fast} : vector<4xf32>", "expected ::mlir::nvgpu::RcpRoundingMode to be one of: approx"),
    ("%b = nvgpu.mbarrier.create : !nvgpu.mbarrier.group<memorySpace = 3>", "expected '->'"),
    ("%b = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = 3, colour = 2>", "duplicate or unknown struct parameter name: colour"),
    ("nvgpu.tma.fence.descriptor %i", "expected ':'"),
])
def test_malformed_nvgpu_syntax_is_one_diagnostic_on_its_line(line, fragment):
    doc = Document(kernel(line))
    diagnostics = doc.diagnostics()
    assert len(diagnostics) == 1, [d.message for d in diagnostics]
    assert fragment in diagnostics[0].message
    assert doc.lines.position(diagnostics[0].start)[0] == 1
    assert [op.name for op in doc.ops()][-1] == "func.return"
