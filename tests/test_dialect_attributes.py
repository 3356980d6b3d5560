"""Discardable ``nvvm.*`` attributes, verified by their dialect on whatever op carries them, as
upstream's ``NVVMDialect::verifyOperationAttribute`` does, and ``nvvm.grid_constant`` on a
function's arguments (``verifyRegionArgAttribute``)."""

from __future__ import annotations

import pytest

from .upstream_cases import Case, assert_ours, assert_upstream_agrees


def _func(op: str, attrs: str) -> str:
    return f"{op} attributes {{{attrs}}}\n"


def _kernel(arguments: str, attrs: str) -> str:
    attributes = f" attributes {{{attrs}}}" if attrs else ""
    return f"llvm.func @k({arguments}){attributes} {{\n  llvm.return\n}}\n"


CASES = [
    Case("kernel-on-llvm-func", _func("llvm.func @f()", "nvvm.kernel"), None),
    Case("kernel-on-func-func", _func("func.func private @f()", "nvvm.kernel"), 1,
         "'nvvm.kernel' attribute attached to unexpected op"),
    Case("kernel-on-gpu-func",
         "gpu.module @m {\n  gpu.func @k() kernel attributes {nvvm.kernel} {\n    gpu.return\n  }\n}\n", 2,
         "'nvvm.kernel' attribute attached to unexpected op"),
    Case("kernel-on-a-call",
         "llvm.func @g()\nllvm.func @f() {\n  llvm.call @g() {nvvm.kernel} : () -> ()\n  llvm.return\n}\n", 3,
         "'nvvm.kernel' attribute attached to unexpected op"),
    Case("maxntid-two", _func("llvm.func @f()", "nvvm.kernel, nvvm.maxntid = array<i32: 128, 2>"), None),
    Case("reqntid-four", _func("llvm.func @f()", "nvvm.reqntid = array<i32: 1, 2, 3, 4>"), 1,
         "'\"nvvm.reqntid\"' attribute must be integer array with maximum 3 index"),
    Case("maxntid-integer", _func("llvm.func @f()", "nvvm.maxntid = 3"), 1,
         "'\"nvvm.maxntid\"' attribute must be integer array with maximum 3 index"),
    Case("maxntid-i64", _func("llvm.func @f()", "nvvm.maxntid = array<i64: 1, 2>"), 1,
         "'\"nvvm.maxntid\"' attribute must be integer array with maximum 3 index"),
    Case("maxntid-empty", _func("llvm.func @f()", "nvvm.maxntid = array<i32>"), 1,
         "'\"nvvm.maxntid\"' attribute must be integer array with maximum 3 index"),
    Case("cluster-dim-four", _func("llvm.func @f()", "nvvm.cluster_dim = array<i32: 1, 2, 3, 4>"), 1,
         "'\"nvvm.cluster_dim\"' attribute must be integer array with maximum 3 index"),
    Case("maxnreg-string", _func("llvm.func @f()", 'nvvm.maxnreg = "x"'), 1,
         "'\"nvvm.maxnreg\"' attribute must be integer constant"),
    Case("minctasm-float", _func("llvm.func @f()", "nvvm.minctasm = 1.0"), 1,
         "'\"nvvm.minctasm\"' attribute must be integer constant"),
    Case("maxnreg-i16", _func("llvm.func @f()", "nvvm.maxnreg = 2 : i16"), None),
    Case("blocks-are-clusters-alone", _func("llvm.func @f()", "nvvm.blocksareclusters, nvvm.reqntid = array<i32: 1>"),
         1, "'\"nvvm.blocksareclusters\"' attribute must be used along with 'nvvm.reqntid' and 'nvvm.cluster_dim'"),
    Case("blocks-are-clusters", _func("llvm.func @f()", "nvvm.blocksareclusters, nvvm.reqntid = array<i32: 1>, "
                                      "nvvm.cluster_dim = array<i32: 1>"), None),
    Case("unknown-nvvm-attribute", _func("func.func private @f()", "nvvm.foo"), None),
    Case("grid-constant", _kernel("%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}", "nvvm.kernel"), None),
    Case("grid-constant-not-kernel", _kernel("%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}", ""), 1,
         "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments"),
    Case("grid-constant-no-byval", _kernel("%a: !llvm.ptr, %b: !llvm.ptr {nvvm.grid_constant}", "nvvm.kernel"), 1,
         "'\"nvvm.grid_constant\"' attribute requires the argument to also have attribute 'llvm.byval'"),
    Case("grid-constant-not-unit", _kernel("%a: !llvm.ptr {nvvm.grid_constant = true}", "nvvm.kernel"), 1,
         "'\"nvvm.grid_constant\"' must be a unit attribute"),
    Case("grid-constant-on-func-func",
         "func.func @k(%a: memref<4xf32> {nvvm.grid_constant}) {\n  return\n}\n", 1,
         "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments"),
    Case("grid-constant-on-gpu-kernel",
         "gpu.module @m {\n  gpu.func @k(%a: !llvm.ptr {llvm.byval = i32, nvvm.grid_constant}) kernel {\n"
         "    gpu.return\n  }\n}\n", 2,
         "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_nvvm_attribute_verdict_is_upstreams(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)
