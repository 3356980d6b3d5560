"""The two lowering engines through the same rest of the pipeline: their PTX compared.

Each kernel file of tests/data/lowering, and each top-level function of upstream's
conversion tests that uses an nvgpu op (wrapped in a gpu.module for sm_90a +ptx80, or the
first newer target our checker's chip/PTX gates accept: ``nvgpu_ls.ptx.differential``), is
lowered by the builtin engine and by upstream's ``convert-nvgpu-to-nvvm`` (the torch-mlir
bindings, in the native worker), compiled to PTX by the same pipeline, and the instruction
streams of every function compared with register numbering ignored.

Known differences, each asserted as such below:
- ops newer than the bindings' upstream (``nvgpu.mbarrier.inval``,
  ``nvgpu.tensormap.replace``, ...) or spelled differently there (``nvgpu.rcp``): upstream
  cannot parse them, the builtin engine lowers them (``test_ops_upstream_cannot_parse_are_lowered_by_the_builtin_engine_only``).
"""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.lowering.native_worker import FAULT_VARIABLE
from nvgpu_ls.lowering.upstream_engine import CODE_NATIVE, lower_with_upstream
from nvgpu_ls.ptx import find_ptxas, instruction_stream, lowered_to_ptx, run_ptxas
from nvgpu_ls.ptx.differential import Case, compare_case, compare_cases, function_cases, kernel_cases, launch_cases

from .conftest import DATA, REALWORLD, conformance_files, needs_conformance

pytestmark = pytest.mark.slow

KERNELS = kernel_cases(DATA / "lowering")
UPSTREAM_PARSE_ERROR = "mlir.parser:"
"""Upstream's bindings fail to parse the source: an op their (older) nvgpu dialect does not
have (``custom op 'nvgpu.mbarrier.inval' is unknown``) or spells differently (``nvgpu.rcp``'s
``rounding = approx``: "expected attribute value")."""

bindings = pytest.importorskip("torch_mlir", reason="the differential test needs the torch-mlir bindings")
pytest.importorskip("llvmlite", reason="the differential test needs llvmlite")


def _newer_than_upstream(result) -> bool:
    return UPSTREAM_PARSE_ERROR in result.failures.get("upstream", "")


# ---------------------------------------------------------------------------- launch kernels
def test_real_world_launch_kernels_give_the_same_ptx_with_both_engines() -> None:
    """Kernels written as gpu.launch, outlined then lowered by each engine (issue 18)."""
    cases = launch_cases(REALWORLD)
    if not cases:
        pytest.skip("../shared/realworld is not here")
    for result in compare_cases(cases, workers=2):
        assert not result.failures, (result.case.name, result.failures)
        assert result.verdict == "identical", (result.case.name, result.differing())


# ---------------------------------------------------------------------------- kernel files
@pytest.mark.parametrize("case", KERNELS, ids=[c.name for c in KERNELS])
def test_kernel_file_gives_the_same_ptx_with_both_engines(case: Case) -> None:
    result = compare_case(case)
    if _newer_than_upstream(result):
        pytest.skip("upstream's bindings cannot parse an op of this file: see the test of that difference")
    assert not result.failures, result.failures
    assert result.verdict == "identical", f"functions whose PTX differs: {result.differing()}"


def test_ops_upstream_cannot_parse_are_lowered_by_the_builtin_engine_only() -> None:
    newer = [r for r in compare_cases(KERNELS) if _newer_than_upstream(r)]
    for result in newer:
        assert "builtin" not in result.failures, result.failures["builtin"]
        assert all(m.ptx for m in result.ptx["builtin"].modules)


@pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")
@pytest.mark.parametrize("case", KERNELS, ids=[c.name for c in KERNELS])
def test_ptxas_accepts_the_builtin_engines_ptx(case: Case) -> None:
    lowered = lower_document(Document(case.text), case.path, LoweringOptions())
    assert lowered.text is not None, [d.message for d in lowered.diagnostics]
    compiled = lowered_to_ptx(lowered.text)
    assert compiled.ok, [str(p) for p in compiled.problems]
    for module in compiled.modules:
        messages, problem = run_ptxas(module.ptx, module.chip)
        assert problem is None, str(problem)
        errors = [m for m in messages if m.severity == "error"]
        assert not errors, f"@{module.name} ({module.chip}): {errors}"


# ---------------------------------------------------------------------------- conformance
def _conformance_cases() -> list[Case]:
    return [case for path in conformance_files("Conversion/NVGPUToNVVM/*.mlir") for case in function_cases(path)]


@needs_conformance
def test_conformance_functions_lowered_by_both_engines_give_the_same_ptx() -> None:
    results = compare_cases(_conformance_cases(), workers=4)
    compared = [r for r in results if not r.failures]
    assert compared, "no conformance function was compiled by both engines"
    differing = {r.case.name: r.differing() for r in compared if r.verdict != "identical"}
    assert not differing, differing


@needs_conformance
def test_conformance_functions_both_engines_lower_also_compile() -> None:
    """Where both engines lowered a function, the rest of the pipeline takes both texts."""
    cases = [c for c in _conformance_cases() if "nvgpu-to-nvvm.mlir" in c.name or "extf.mlir" in c.name]
    results = compare_cases(cases, workers=4)
    stuck = {r.case.name: r.failures for r in results
             if set(r.lowered) == {"builtin", "upstream"} and r.failures}
    assert not stuck, stuck


# ---------------------------------------------------------------------------- pieces
KERNEL_WITH_DESCRIPTOR = """
!desc = !nvgpu.tensormap.descriptor<tensor = memref<32x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @k [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  memref.global "private" @buf : memref<32x32xf32, 3> {alignment = 128}
  gpu.func @load(%d: !desc, %unused: !bar, %i: index) kernel {
    %bar = nvgpu.mbarrier.create -> !bar
    %c0 = arith.constant 0 : index
    %buf = memref.get_global @buf : memref<32x32xf32, 3>
    nvgpu.mbarrier.init %bar[%c0], %i : !bar
    nvgpu.tma.async.load %d[%i, %i], %bar[%c0] to %buf : !desc, !bar -> memref<32x32xf32, 3>
    gpu.return
  }
}
"""


def test_kernel_arguments_of_nvgpu_types_are_converted_for_both_engines() -> None:
    result = compare_case(Case("descriptor", KERNEL_WITH_DESCRIPTOR, "descriptor.mlir"))
    assert not result.failures, result.failures
    assert result.verdict == "identical"
    ptx = result.ptx["upstream"].modules[0].ptx
    assert "cp.async.bulk.tensor.2d" in ptx
    # the descriptor is a pointer parameter; the unused barrier group a memref descriptor
    assert ".entry load(" in ptx


def test_upstream_engine_points_locations_at_the_source() -> None:
    lowered = lower_with_upstream(KERNEL_WITH_DESCRIPTOR, "kernel.mlir", LoweringOptions(attach_targets=False))
    assert lowered.text is not None, [d.message for d in lowered.diagnostics]
    assert 'loc("kernel.mlir":11:5)' in lowered.text  # the tma.async.load line
    assert "nvvm.cp.async.bulk.tensor.shared.cluster.global" in lowered.text
    assert lowered.lowered_ops == 3  # mbarrier.create, mbarrier.init, tma.async.load


def test_upstream_engine_refuses_a_file_our_checker_rejects() -> None:
    text = KERNEL_WITH_DESCRIPTOR.replace('chip = "sm_90a"', 'chip = "sm_80"')
    lowered = lower_with_upstream(text, "kernel.mlir")
    assert lowered.text is None
    assert lowered.diagnostics and all(d.source != "mlir" for d in lowered.diagnostics)


def test_instruction_streams_ignore_register_numbering_and_debug_lines() -> None:
    first = """
.visible .entry k(.param .u64 k_param_0)
{
\t.reg .b32 %r<4>;
\t.loc 1 4 5
\tld.param.b32 %r3, [k_param_0]; // load
\tadd.s32 %r2, %r3, %r3;
\tret;
}"""
    second = first.replace("%r3", "%r1").replace("%r2", "%r7").replace("\t.loc 1 4 5\n", "")
    assert instruction_stream(first) == instruction_stream(second)
    assert instruction_stream(first) == [".entry k", "ld.param.b32 %r1, [k_param_0]", "add.s32 %r2, %r1, %r1",
                                         "ret"]
    assert instruction_stream(first) != instruction_stream(first.replace("add.s32", "sub.s32"))


# ---------------------------------------------------------------------------- faults
def test_a_native_abort_while_lowering_names_the_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_VARIABLE, "convert-nvgpu-to-nvvm:abort")
    lowered = lower_with_upstream(KERNEL_WITH_DESCRIPTOR, "kernel.mlir", LoweringOptions(attach_targets=False))
    assert lowered.text is None
    [diagnostic] = lowered.diagnostics
    assert diagnostic.code == CODE_NATIVE
    assert "crashed (SIGABRT)" in diagnostic.message and "'convert-nvgpu-to-nvvm'" in diagnostic.message


def test_a_hung_worker_is_killed_at_the_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_VARIABLE, "parse:hang")
    lowered = lower_with_upstream(KERNEL_WITH_DESCRIPTOR, "kernel.mlir", LoweringOptions(attach_targets=False),
                                  timeout=5)
    assert lowered.text is None
    [diagnostic] = lowered.diagnostics
    assert "timed out after 5 s in stage 'parse'" in diagnostic.message


def test_a_native_abort_while_compiling_is_a_problem_of_that_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    lowered = lower_with_upstream(KERNEL_WITH_DESCRIPTOR, "kernel.mlir", LoweringOptions(attach_targets=False))
    monkeypatch.setenv(FAULT_VARIABLE, "llvm-codegen:abort")
    compiled = lowered_to_ptx(lowered.text)
    assert not compiled.modules
    [problem] = compiled.problems
    assert problem.stage == "llvm-codegen" and problem.module == "k"
    assert "SIGABRT" in problem.message
