"""Beyond upstream: a misspelled name gets a "did you mean" note and a quick fix that, applied,
clears the error."""

from __future__ import annotations

import re

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.features.fixes import apply_edits, fixes_for
from nvgpu_ls.verify import check_document

CASES = [
    ("unknown-op", "gpu.module @k {\n  gpu.fun @g() kernel {\n    gpu.return\n  }\n}\n", "gpu.func"),
    ("misspelt-op", "func.func @f(%a: index) {\n  %c = arith.addii %a, %a : index\n  return\n}\n", "arith.addi"),
    ("misspelt-dialect", "func.func @f(%a: index) {\n  %c = aritth.addi %a, %a : index\n  return\n}\n", "arith.addi"),
    ("misspelt-attribute-mnemonic", "func.func @f(%m: memref<4xf32, #gpu.adress_space<workgroup>>) {\n  return\n}\n",
     "address_space"),
    ("misspelt-required-attribute",
     "func.func @f(%m: memref<4x4xf16, 3>, %i: index) {\n  %l = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, "
     "transose = false} : memref<4x4xf16, 3> -> vector<4x2xf16>\n  return\n}\n", "transpose"),
    ("misspelt-enum-case",
     "llvm.func @f(%p: !llvm.ptr<3>, %q: !llvm.ptr<1>) {\n  nvvm.cp.async.shared.global %p, %q, 16, cache = cgg : "
     "!llvm.ptr<3>, !llvm.ptr<1>\n  llvm.return\n}\n", "cg"),
]


def _errors(text: str):
    return [d for d in check_document(Document(text)) if d.severity == Severity.ERROR]


@pytest.mark.parametrize("case_id, text, suggestion", CASES, ids=[c[0] for c in CASES])
def test_a_misspelt_name_gets_a_note_and_a_fix_that_clears_the_error(case_id: str, text: str,
                                                                     suggestion: str) -> None:
    first = _errors(text)[0]
    assert f"did you mean '{suggestion}'?" in [r.message for r in first.related]
    doc = Document(text)
    fixes = fixes_for(doc, first)
    assert [fix.preferred for fix in fixes][:1] == [True]
    fixed = apply_edits(text, fixes[0].edits)
    assert suggestion in fixed
    assert not [d for d in _errors(fixed) if d.code == first.code], fixed


def test_no_suggestion_when_nothing_is_close() -> None:
    text = "func.func @f(%a: index) {\n  %c = arith.zzzzzz %a, %a : index\n  return\n}\n"
    first = _errors(text)[0]
    assert not any("did you mean" in r.message for r in first.related)
    assert "suggestion" not in (first.data or {})


def test_two_equally_close_names_give_no_suggestion() -> None:
    text = "func.func @f(%a: index) {\n  %c = arith.cmpi slte, %a, %a : index\n  return\n}\n"
    first = _errors(text)[0]
    assert "suggestion" not in (first.data or {})


SPECIFICATION = [
    ("nvgpu.cvt_fpext", "func.func @f(%a: vector<2xf16>) {\n  %b = nvgpu.cvt_fpext %a : vector<2xf16> to vector<2xf32>\n"
     "  return\n}\n", "nvgpu.extf"),
    ("nvgpu.fma.packed.f32x2", "func.func @f(%a: vector<2xf32>) {\n  %b = nvgpu.fma.packed.f32x2 %a, %a, %a : "
     "vector<2xf32>\n  return\n}\n", "nvgpu.fma"),
    ("nvgpu.mbarrier.init.shared", "func.func @f(%b: !nvgpu.mbarrier.group<memorySpace = 3>, %i: index) {\n"
     "  nvgpu.mbarrier.init.shared %b[%i], %i : !nvgpu.mbarrier.group<memorySpace = 3>\n  return\n}\n",
     "nvgpu.mbarrier.init"),
    ("nvgpu.warpgroup.descriptor", "func.func @f(%m: memref<64x16xf16, 3>, %d: !nvgpu.tensormap.descriptor<tensor = "
     "memref<64x16xf16, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>) {\n"
     "  %w = nvgpu.warpgroup.descriptor %m, %d : memref<64x16xf16, 3>, !nvgpu.tensormap.descriptor<tensor = "
     "memref<64x16xf16, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none> -> "
     "!nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>\n  return\n}\n",
     "nvgpu.warpgroup.generate.descriptor"),
    ("#nvvm.load_mode", 'func.func @f() {\n  %c = "test.x"() {m = #nvvm.load_mode<tile>} : () -> i32\n  return\n}\n',
     "nvvm.tma_load_mode"),
    ("#nvvm.tcgen05_group", 'func.func @f() {\n  %c = "test.x"() {m = #nvvm.tcgen05_group<cta_1>} : () -> i32\n'
     "  return\n}\n", "nvvm.cta_group"),
    ("#nvgpu.rnd", 'func.func @f(%x: vector<4xf32>) {\n  %a = "nvgpu.truncf"(%x) <{rnd = #nvgpu.rnd<rn>}> : '
     "(vector<4xf32>) -> vector<4xf8E4M3FN>\n  return\n}\n", "nvvm.fp_rnd_mode"),
    ('"nvgpu.cvt_fptrunc"', 'func.func @f(%x: vector<4xf32>) {\n  %a = "nvgpu.cvt_fptrunc"(%x) <{packed_kind = '
     "#nvgpu.subbytes_packedkind<compact>, rnd = #nvvm.fp_rnd_mode<rn>}> : (vector<4xf32>) -> vector<4xf8E4M3FN>\n"
     "  return\n}\n", '"nvgpu.truncf"'),
]


@pytest.mark.parametrize("name, text, upstream", SPECIFICATION, ids=[c[0] for c in SPECIFICATION])
def test_a_specification_name_gets_upstreams_name_an_explanation_and_a_fix(name: str, text: str,
                                                                           upstream: str) -> None:
    first = _errors(text)[0]
    assert f"did you mean '{upstream}'?" in [r.message for r in first.related]
    assert "'s name for what upstream MLIR calls" in first.explanation and upstream.strip('"') in first.explanation
    fixes = fixes_for(Document(text), first)
    fixed = apply_edits(text, fixes[0].edits)
    assert upstream in fixed and not re.search(rf"[\s=]{re.escape(name)}[\s<]", fixed)
    assert not [d for d in _errors(fixed) if d.code == first.code], fixed


CACHE_HINTED = [
    ("nvgpu.tma.async.load", "%d[%i], %b[%i] to %s l2_cache_hint = %h : !desc, !group -> memref<64xf16, 3>",
     "nvvm.cp.async.bulk.tensor.shared.cluster.global"),
    ("nvgpu.tma.async.store", "%s to %d[%i], l2_cache_hint = %h : memref<64xf16, 3> -> !desc",
     "nvvm.cp.async.bulk.tensor.global.shared.cta"),
    ("nvgpu.tma.async.load", "%d[%i], %b[%i] to %s\n      l2_cache_hint = %h : !desc, !group -> memref<64xf16, 3>",
     "nvvm.cp.async.bulk.tensor.shared.cluster.global"),
]


@pytest.mark.parametrize("name, rest, nvvm", CACHE_HINTED, ids=["load", "store", "load-hint-on-its-own-line"])
def test_an_l2_cache_hint_on_an_upstream_tma_op_keeps_upstreams_error_and_says_where_the_hint_goes(
        name: str, rest: str, nvvm: str) -> None:
    text = ("!desc = !nvgpu.tensormap.descriptor<tensor = memref<64xf16, 3>, swizzle = none, l2promo = none, "
            "oob = zero, interleave = none>\n!group = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>\n"
            "func.func @f(%d: !desc, %b: !group, %s: memref<64xf16, 3>, %i: index, %h: i64) {\n"
            f"  {name} {rest}\n  return\n}}\n")
    first = _errors(text)[0]
    assert first.code == "syntax.custom-form" and "expected" in first.message
    assert f"'{name}' has no L2 cache hint" in first.explanation and nvvm in first.explanation
