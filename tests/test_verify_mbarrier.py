"""mbarrier verifiers (``nvgpu_ls/verify/rules/mbarrier.py``). Upstream has no mbarrier rule beyond
the ODS types (the structural layer's); these warnings cover what upstream accepts but cannot
work, and ``mlir-opt-22`` confirms that upstream accepts every case. Case-file helpers live in
``test_verify_tma``."""

from __future__ import annotations

import pytest

from nvgpu_ls.diagnostics import Severity

from .conftest import CONFORMANCE, needs_conformance
from .test_verify_tma import (
    CASES, check_against_mlir_opt, check_case_file, check_valid_file, family_diagnostics, line_of, mutations,
    needs_mlir_opt, run_family_verifiers_raw,
)


def test_invalid_cases() -> None:
    check_case_file(CASES / "mbarrier" / "invalid.mlir")


def test_valid_cases_get_no_diagnostic() -> None:
    check_valid_file(CASES / "mbarrier" / "valid.mlir")


@needs_mlir_opt
@pytest.mark.parametrize("name", ["invalid.mlir", "valid.mlir"])
def test_upstream_accepts_every_case(name: str) -> None:
    check_against_mlir_opt(CASES / "mbarrier" / name)


def test_every_mbarrier_finding_is_a_warning() -> None:
    _, found = family_diagnostics((CASES / "mbarrier" / "invalid.mlir").read_text())
    assert found and all(d.severity == Severity.WARNING for d in found)


def test_index_warning_relates_the_group_type_and_value() -> None:
    text = ("!bars = !nvgpu.mbarrier.group<memorySpace = 3, num_barriers = 2>\n"
            "func.func @f(%bars: !bars) {\n"
            "  %c2 = arith.constant 2 : index\n"
            "  %t = nvgpu.mbarrier.arrive %bars[%c2] : !bars -> !nvgpu.mbarrier.token\n"
            "  return\n}\n")
    doc, found = family_diagnostics(text)
    assert len(found) == 1
    diag = found[0]
    assert doc.lines.position(diag.start) == (3, text.splitlines()[3].index("%c2"))
    assert [(line_of(doc, r.start), r.message) for r in diag.related] == [
        (1, "!bars defined here"), (2, "%bars defined here")]


def test_mutated_cases_never_raise() -> None:
    for name in ("invalid.mlir", "valid.mlir"):
        text = (CASES / "mbarrier" / name).read_text()
        for mutated in mutations(text, 60, seed=len(name) + 2):
            run_family_verifiers_raw(mutated, ("nvgpu.mbarrier.",))
            family_diagnostics(mutated)


@needs_conformance
@pytest.mark.parametrize("name", ["Conversion/NVGPUToNVVM/nvgpu-to-nvvm.mlir", "Dialect/NVGPU/tmaload-transform.mlir",
                                  "Dialect/NVGPU/roundtrip.mlir"])
def test_upstream_files_get_no_mbarrier_finding(name: str) -> None:
    _, found = family_diagnostics((CONFORMANCE / "mlir" / "test" / name).read_text())
    assert [d for d in found if d.code.startswith("nvgpu.mbarrier.")] == []
