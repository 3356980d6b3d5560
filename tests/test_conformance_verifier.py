"""Against upstream's own verifier tests: every ``expected-error`` in the ``*invalid*`` files is
reported on its line with its text, and files upstream accepts get no error at all.

Where ``../shared/conformance/README.md`` records that today's upstream rule differs from
what an annotation expects, today's upstream message (measured with ``mlir-opt-22``) is
the expectation instead; ``ERA_CHANGES`` lists each such case.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import check_document

from .conformance import Expected, expected_diagnostics
from .conftest import CONFORMANCE, conformance_files, needs_conformance

FLOOR = 1.0
"""The fraction of expected errors reproduced, as last reached; it may only go up."""

_NVGPU_INVALID = "mlir/test/Dialect/NVGPU/invalid.mlir"
_OLDER_STOCHASTIC = "variants/3432142fa0a6/mlir/test/Dialect/LLVMIR/nvvm/invalid-convert-stochastic-rounding.mlir"
_SWIZZLE_32B = "the tensormap descriptor must have last dimension of 32 bytes but it is {} bytes"
ERA_CHANGES: dict[tuple[str, int], tuple[int, str]] = {
    # invalid.mlir's tensor-map sections were written when swizzle_32b allowed a 128-byte
    # innermost dimension; today both upstream tools first reject the descriptor itself,
    # on the first TMA op that uses it.
    (_NVGPU_INVALID, 286): (284, _SWIZZLE_32B.format(128)),
    (_NVGPU_INVALID, 306): (306, _SWIZZLE_32B.format(128)),
    (_NVGPU_INVALID, 316): (316, _SWIZZLE_32B.format(128)),
    (_NVGPU_INVALID, 325): (325, _SWIZZLE_32B.format(256)),
    (_NVGPU_INVALID, 336): (336, _SWIZZLE_32B.format(512)),
    # The older variant of the NVVM conversion test expects messages that both mlir-opt-22
    # and the newer bindings have since reworded for the same inputs.
    (_OLDER_STOCHASTIC, 10): (10, "'nvvm.convert.f32x2.to.f16x2' op Only RN, RZ, and RS rounding modes are supported "
                                  "for conversions from f32x2 to f16x2."),
    (_OLDER_STOCHASTIC, 20): (20, "'nvvm.convert.f32x2.to.f16x2' op random_bits not supported for RN and RZ rounding modes."),
    (_OLDER_STOCHASTIC, 28): (28, "'nvvm.convert.f32x2.to.bf16x2' op random_bits not supported for RN and RZ rounding modes."),
    (_OLDER_STOCHASTIC, 88): (88, "Only RZ and RP rounding modes are supported for conversions from bf16x2 to 'f8E8M0FNU' type"),
}

INVALID = [p for p in conformance_files("**/*invalid*.mlir")]
if (CONFORMANCE / "variants").is_dir():
    INVALID += sorted((CONFORMANCE / "variants").rglob("*invalid*.mlir"))
VALID = [p for p in conformance_files() if "invalid" not in p.name]
UPSTREAM_REJECTS = {
    # Its TMA test functions use swizzle_32b/64b descriptors with 128-byte rows, which both
    # mlir-opt-22 and the newer bindings reject today (the conformance README's era note);
    # every error we report in it must be that rule, and nothing else.
    "mlir/test/Conversion/NVGPUToNVVM/nvgpu-to-nvvm.mlir": "the tensormap descriptor must have last dimension of",
    # Its first memref.subview declares a result without the offset (8192) that the static
    # offsets imply; mlir-opt-22 and the bindings both reject it with this rule.
    "mlir/test/Conversion/NVGPUToNVVM/nvgpu-tma-end-to-end-offset.mlir":
        "or a rank-reduced version. (mismatch of result layout)",
    # An older version of upstream's NVVM test: its `nvvm.mbarrier.*.shared` ops were removed in
    # LLVM 22 (mlir-opt-22's first error is the first of them) and the newer bindings lack them too.
    "mlir/test/Dialect/LLVMIR/nvvm.mlir": "custom op 'nvvm.mbarrier.",
}
OUT_OF_SCOPE = {"mma-sync-f32-to-tf32x3.mlir", "transform-pipeline-shared.mlir"}
"""Files whose expected diagnostics come from transformation passes, not the verifier."""


def _short(path: Path) -> str:
    return str(path.relative_to(CONFORMANCE))


@lru_cache(maxsize=None)
def _errors(path: Path) -> tuple[tuple[int, str], ...]:
    doc = Document(path.read_text(), uri=str(path))
    return tuple((doc.lines.position(d.start)[0] + 1, d.message)
                 for d in check_document(doc) if d.severity == Severity.ERROR)


def _expectation(expected: Expected) -> tuple[int, str]:
    return ERA_CHANGES.get((_short(expected.path), expected.line), (expected.line, expected.text))


def _reproduced(expected: Expected) -> bool:
    line, text = _expectation(expected)
    return any(found_line == line and text in message for found_line, message in _errors(expected.path))


def all_expected() -> list[Expected]:
    return [e for path in INVALID for e in expected_diagnostics(path)]


@needs_conformance
def test_expected_errors_are_reproduced_at_or_above_the_floor() -> None:
    expected = all_expected()
    assert expected, "no expected-error annotations found"
    missed = [e for e in expected if not _reproduced(e)]
    fraction = 1 - len(missed) / len(expected)
    report = "\n".join(f"  {_short(e.path)}:{e.line}: {e.text}" for e in missed)
    print(f"\nconformance: {len(expected) - len(missed)}/{len(expected)} expected errors reproduced "
          f"({fraction:.1%})\n{report}")
    assert fraction >= FLOOR, f"{fraction:.1%} is below the floor {FLOOR:.1%}; missed:\n{report}"


@needs_conformance
@pytest.mark.parametrize("path", [p for p in VALID if p.name not in OUT_OF_SCOPE], ids=_short)
def test_file_upstream_accepts_gets_no_error(path: Path) -> None:
    """No error but what upstream's own annotations in the file expect (each one reported) and,
    where both upstream tools reject the file today, their reason."""
    allowed = UPSTREAM_REJECTS.get(_short(path))
    annotated = [_expectation(e) for e in expected_diagnostics(path)]
    assert [a for a in annotated if not any(line == a[0] and a[1] in message for line, message in _errors(path))] == []
    unexpected = [(line, message) for line, message in _errors(path)
                  if (allowed is None or allowed not in message)
                  and not any(line == a[0] and a[1] in message for a in annotated)]
    assert unexpected == []
    if allowed is not None:
        assert _errors(path), f"upstream rejects {_short(path)} ({allowed}...) but we report nothing"
