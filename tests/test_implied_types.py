"""Types a declarative format gives values without spelling them (built types, type relations),
checked against each value's definition as upstream's parser checks them."""

from __future__ import annotations

import pytest

from .upstream_cases import Case, assert_ours, assert_upstream_agrees

CASES = [
    Case('addi-result-type-for-index-operands', 'func.func @f(%a: index, %b: index) {\n  %c = arith.addi %a, %b : f32\n  return\n}\n', 2,
         "use of value '%a' expects different type than prior uses: 'f32' vs 'index'"),
    Case('load-memref-type', 'func.func @f(%m: memref<4xf32>, %i: index) {\n  %c = memref.load %m[%i] : memref<4xi32>\n  return\n}\n', 2,
         "use of value '%m' expects different type than prior uses: 'memref<4xi32>' vs 'memref<4xf32>'"),
    Case('load-index-operand', 'func.func @f(%m: memref<4xf32>, %i: i32) {\n  %c = memref.load %m[%i] : memref<4xf32>\n  return\n}\n', 2,
         "use of value '%i' expects different type than prior uses: 'index' vs 'i32'"),
    Case('load-result-flows-into-addf', 'func.func @f(%m: memref<4xf32>, %i: index) {\n  %c = memref.load %m[%i] : memref<4xf32>\n  %d = arith.addf %c, %c : f16\n  return\n}\n', 3,
         "use of value '%c' expects different type than prior uses: 'f16' vs 'f32'"),
    Case('cmpi-operands-same-type', 'func.func @f(%a: i32, %b: i64) {\n  %c = arith.cmpi slt, %a, %b : i32\n  return\n}\n', 2,
         "use of value '%b' expects different type than prior uses: 'i32' vs 'i64'"),
    Case('expect-tx-byte-count-is-index', '!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>\nfunc.func @f(%bytes: i32) {\n  %c0 = arith.constant 0 : index\n  %b = nvgpu.mbarrier.create -> !bar\n  nvgpu.mbarrier.arrive.expect_tx %b[%c0], %bytes : !bar\n  return\n}\n', 5,
         "use of value '%bytes' expects different type than prior uses: 'index' vs 'i32'"),
    Case('try-wait-parity-is-i1', '!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>\nfunc.func @f(%p: index) {\n  %c0 = arith.constant 0 : index\n  %b = nvgpu.mbarrier.create -> !bar\n  nvgpu.mbarrier.try_wait.parity %b[%c0], %p, %c0 : !bar\n  return\n}\n', 5,
         "use of value '%p' expects different type than prior uses: 'i1' vs 'index'"),
    Case('shfl-sync-operands-are-i32', 'llvm.func @f(%a: i64) {\n  %0 = nvvm.shfl.sync bfly %a, %a, %a, %a : i64 -> i64\n  llvm.return\n}\n', 2,
         "use of value '%a' expects different type than prior uses: 'i32' vs 'i64'"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_implied_type_mismatch_is_upstreams_error(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)
