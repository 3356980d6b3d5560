"""Every op's ODS layer from the registry: operand and result constraints (predicates), counts,
required attributes, type relations and the same-type traits, in upstream's words."""

from __future__ import annotations

import pytest

from .upstream_cases import Case, assert_ours, assert_upstream_agrees

CASES = [
    Case('addi-float-operands', 'func.func @f(%a: f32, %b: f32) {\n  %c = arith.addi %a, %b : f32\n  return\n}\n', 2,
         "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"),
    Case('generic-addi-float', 'func.func @f(%a: f32) {\n  %c = "arith.addi"(%a, %a) : (f32, f32) -> f32\n  return\n}\n', 2,
         "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"),
    Case('generic-addi-mixed-widths', 'func.func @f(%a: i32, %b: i64) {\n  %c = "arith.addi"(%a, %b) : (i32, i64) -> i32\n  return\n}\n', 2,
         "'arith.addi' op requires the same type for all operands and results"),
    Case('generic-addi-one-operand', 'func.func @f(%a: i32) {\n  %c = "arith.addi"(%a) : (i32) -> i32\n  return\n}\n', 2,
         "'arith.addi' op expected 2 operands, but found 1"),
    Case('cp-async-pointer-address-space', 'llvm.func @f(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) {\n  nvvm.cp.async.shared.global %p, %q, 16, cache = ca : !llvm.ptr<1>, !llvm.ptr<1>\n  llvm.return\n}\n', 2,
         "'nvvm.cp.async.shared.global' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr<1>'"),
    Case('index-cast-float-result', 'func.func @f(%a: i64) {\n  %c = arith.index_cast %a : i64 to f32\n  return\n}\n', 2,
         "'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"),
    Case('constant-value-and-result-types', 'func.func @f() {\n  %c = "arith.constant"() {value = 1 : i32} : () -> i64\n  return\n}\n', 2,
         "'arith.constant' op failed to verify that all of {value, result} have same type"),
    Case('functional-type-result-count', 'module attributes {transform.with_named_sequence} {\n  transform.named_sequence @__transform_main(%variant_op: !transform.any_op {transform.readonly}) {\n    %top_level_func = transform.structured.match ops{["func.func"]} in %variant_op : (!transform.any_op) -> !transform.any_op\n    transform.nvgpu.create_async_groups %top_level_func : (!transform.any_op) -> ()\n    transform.yield\n  }\n}\n', 4,
         "'transform.nvgpu.create_async_groups' op requires one result"),
    Case('misspelt-required-attribute', 'func.func @f(%m: memref<4x4xf16, 3>, %i: index) {\n  %l = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transose = false} : memref<4x4xf16, 3> -> vector<4x2xf16>\n  return\n}\n', 2,
         "'nvgpu.ldmatrix' op requires attribute 'transpose'"),
    Case('call-operand-and-type-counts', 'func.func @f(%x: i32) -> i32 {\n  return %x : i32\n}\nfunc.func @g(%x: i32) {\n  %y = func.call @f(%x) : () -> i32\n  return\n}\n', 5,
         "custom op 'func.call' number of operands and types do not match: got 1 operands and 0 types"),
    Case('call-too-many-types', 'func.func @f(%x: i32) -> i32 {\n  return %x : i32\n}\nfunc.func @g(%x: i32) {\n  %y = func.call @f(%x) : (i32, i32) -> i32\n  return\n}\n', 5,
         "custom op 'func.call' number of operands and types do not match: got 1 operands and 2 types"),
    # Relations between two types the custom form writes are checked; where it writes one side, the
    # other is made from it and a wrong value is a use-def error.
    Case('atomic-rmw-value-and-result-written', 'func.func @f(%v: f32, %m: memref<4xf32>, %i: index) {\n  %r = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f16\n  return\n}\n', 2,
         "'memref.atomic_rmw' op failed to verify that all of {value, result} have same type"),
    Case('atomic-rmw-value-and-element-written', 'func.func @f(%v: f16, %m: memref<4xf32>, %i: index) {\n  %r = memref.atomic_rmw addf %v, %m[%i] : (f16, memref<4xf32>) -> f16\n  return\n}\n', 2,
         "'memref.atomic_rmw' op failed to verify that value type matches element type of memref"),
    Case('complex-create-part-implied', 'func.func @f(%a: f64, %b: f32) {\n  %c = complex.create %a, %b : complex<f32>\n  return\n}\n', 2,
         "use of value '%a' expects different type than prior uses: 'f32' vs 'f64'"),
    Case('store-index-implied', 'func.func @f(%v: f32, %m: memref<4xf32>, %i: i32) {\n  memref.store %v, %m[%i] : memref<4xf32>\n  return\n}\n', 2,
         "use of value '%i' expects different type than prior uses: 'index' vs 'i32'"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_first_error_is_upstreams_ods_verdict(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)


def test_only_relations_a_format_leaves_open_are_planned() -> None:
    """A relation whose other side the format makes from the written one holds by construction;
    one between two written types, or modelled nowhere, stays planned."""
    from nvgpu_ls.analysis.registry import default_registry
    from nvgpu_ls.verify.structure import _relation_traits, _relations_to_check, _spelled_names

    def planned(name: str) -> list[str]:
        facts = default_registry().facts(name)
        return [t[1] for t in _relations_to_check(facts, _spelled_names(facts))]

    assert planned("memref.store") == []  # the value's type is the memref's element type
    assert planned("arith.constant") == []  # the result's type is the typed value's
    assert planned("memref.atomic_rmw") == ["all of {value, result} have same type",
                                            "value type matches element type of memref"]
    assert len(planned("complex.create")) == 1  # real and imaginary are both made from the complex type
    facts = default_registry().facts("memref.store")
    assert _relations_to_check(facts, None) == _relation_traits("memref.store")  # an unreadable format
