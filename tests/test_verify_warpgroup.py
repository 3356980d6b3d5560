"""warpgroup (wgmma) verifiers (``nvgpu_ls/verify/rules/warpgroup.py``): upstream's rules and
messages, the nvgpu-ls additions, both syntax eras, and agreement with ``mlir-opt-22`` and
upstream's own tests. Case-file helpers live in ``test_verify_tma``."""

from __future__ import annotations

import pytest

from nvgpu_ls.diagnostics import Severity

from .conformance import expected_diagnostics
from .conftest import CONFORMANCE, needs_conformance
from .test_verify_tma import (
    CASES, check_against_mlir_opt, check_case_file, check_valid_file, family_diagnostics, line_of, mutations,
    needs_mlir_opt, run_family_verifiers_raw,
)


def test_invalid_cases() -> None:
    check_case_file(CASES / "warpgroup" / "invalid.mlir")


def test_valid_cases_get_no_diagnostic() -> None:
    check_valid_file(CASES / "warpgroup" / "valid.mlir")


@needs_mlir_opt
@pytest.mark.parametrize("name", ["invalid.mlir", "valid.mlir"])
def test_upstream_agrees(name: str) -> None:
    check_against_mlir_opt(CASES / "warpgroup" / name)


MMA = """\
!a = !nvgpu.warpgroup.descriptor<tensor = memref<64x32xtf32, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<32x64xtf32, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @f(%a: !a, %b: !b, %c: !acc) -> !acc {
  %d = nvgpu.warpgroup.mma %a, %b, %c FLAGS : !a, !b, !acc -> !acc
  return %d : !acc
}
"""


@pytest.mark.parametrize("flags, code, word", [
    ("{transposeA}", "nvgpu.warpgroup.transpose", "transposeA"),
    ("transposeA", "nvgpu.warpgroup.transpose", "transposeA"),
    ("{transposeB}", "nvgpu.warpgroup.transpose-type", "transposeB"),
    ("transposeB", "nvgpu.warpgroup.transpose-type", "transposeB"),
    ("waitGroup = 1 transposeB", "nvgpu.warpgroup.transpose-type", "transposeB"),
    ("{transposeA, transposeB}", "nvgpu.warpgroup.transpose-type", "transposeA"),
])
def test_transpose_flags_in_both_syntax_eras(flags: str, code: str, word: str) -> None:
    text = MMA.replace("FLAGS", flags)
    doc, found = family_diagnostics(text)
    assert [d.code for d in found] == [code]
    diag = found[0]
    assert diag.severity == Severity.ERROR
    assert text[diag.start:diag.end] == word
    assert line_of(doc, diag.start) == 5


def test_no_flag_is_fine_for_tf32() -> None:
    _, found = family_diagnostics(MMA.replace("FLAGS", ""))
    assert found == []


def test_shape_error_points_at_descriptor_b_and_relates_matrix_c() -> None:
    text = MMA.replace("32x64xtf32", "32x48xtf32").replace("FLAGS", "")
    doc, found = family_diagnostics(text)
    assert [d.message for d in found] == [
        "'nvgpu.warpgroup.mma' op 2nd dim matrix-B ( 48 ) != 2nd dim matrix-C ( 64 )"]
    diag = found[0]
    assert text[diag.start:diag.end] == "!b" and line_of(doc, diag.start) == 5
    assert [(line_of(doc, r.start), r.message) for r in diag.related] == [
        (5, "matrix C is 'vector<64x64xf32>'")]


def test_accumulator_error_relates_the_alias_definition() -> None:
    text = "!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x12xf32>>\n" \
           "func.func @f() {\n  %0 = nvgpu.warpgroup.mma.init.accumulator -> !acc\n  return\n}\n"
    doc, found = family_diagnostics(text)
    assert len(found) == 1
    assert text[found[0].start:found[0].end] == "!acc"
    assert [(line_of(doc, r.start), r.message) for r in found[0].related] == [(1, "!acc defined here")]


def test_mutated_cases_never_raise() -> None:
    for name in ("invalid.mlir", "valid.mlir"):
        text = (CASES / "warpgroup" / name).read_text()
        for mutated in mutations(text, 60, seed=len(name) + 1):
            run_family_verifiers_raw(mutated, ("nvgpu.warpgroup.",))
            family_diagnostics(mutated)


INVALID_MLIR = CONFORMANCE / "mlir" / "test" / "Dialect" / "NVGPU" / "invalid.mlir"


@needs_conformance
def test_upstream_invalid_warpgroup_sections() -> None:
    doc, found = family_diagnostics(INVALID_MLIR.read_text())
    reported = {(line_of(doc, d.start), d.message) for d in found if d.code.startswith("nvgpu.warpgroup.")}
    expected = [e for e in expected_diagnostics(INVALID_MLIR) if "nvgpu.warpgroup" in e.text]
    assert len(expected) == 4
    for e in expected:
        assert any(line == e.line and e.text in message for line, message in reported), (e, reported)
