"""gpu.func: a kernel returns nothing ("expected void return type for kernel function", at
the op, as upstream's ``GPUFuncOp::verify`` says; every case is also run through ``mlir-opt-22``
when it is installed)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .verify_support import family_diagnostics

MLIR_OPT = shutil.which("mlir-opt-22")
MESSAGE = "'gpu.func' op expected void return type for kernel function"


def module(header: str, body: str = "    gpu.return\n") -> str:
    return f"gpu.module @m {{\n  gpu.func @k{header} {{\n{body}  }}\n}}\n"


RETURNS_F32 = "    gpu.return %a : f32\n"

REJECTED = {
    "one-result": module("(%a: f32) -> f32 kernel", RETURNS_F32),
    "two-results": module("(%a: f32) -> (f32, i32) kernel", RETURNS_F32),
    "result-with-attributes": module("(%a: f32) -> (f32 {llvm.noundef}) kernel", RETURNS_F32),
    "kernel-as-attribute": module("(%a: f32) -> f32 attributes {gpu.kernel}", RETURNS_F32),
    "after-workgroup": module("(%a: f32) -> f32 workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) kernel",
                              RETURNS_F32),
}

ACCEPTED = {
    "no-results": module("(%a: f32) kernel"),
    "empty-result-list": module("(%a: f32) -> () kernel"),
    "device-function-with-result": module("(%a: f32) -> f32", RETURNS_F32),
    "argument-attribute-with-arrow-in-a-string": module('(%a: f32 {llvm.name = "-> f32"}) kernel'),
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_a_kernel_with_results_is_rejected_at_the_op(case: str) -> None:
    doc, found = family_diagnostics(REJECTED[case], "gpu.func.")
    assert [(d.code, d.message) for d in found] == [("gpu.func.kernel-result", MESSAGE)]
    assert doc.text[found[0].start:].startswith("gpu.func @k")


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_a_kernel_without_results_or_a_device_function_with_results_is_accepted(case: str) -> None:
    _, found = family_diagnostics(ACCEPTED[case], "gpu.func.")
    assert found == []


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")
@pytest.mark.parametrize("case", sorted(REJECTED) + sorted(ACCEPTED))
def test_upstream_agrees(case: str) -> None:
    text = REJECTED.get(case) or ACCEPTED[case]
    result = subprocess.run([MLIR_OPT, "-"], input=text, capture_output=True, text=True, timeout=60)
    if case in REJECTED:
        assert f"2:3: error: {MESSAGE}" in result.stderr
    else:
        assert result.returncode == 0, result.stderr
