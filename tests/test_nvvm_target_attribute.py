"""``#nvvm.target<...>`` read and verified as upstream reads it: each parameter once and of its
kind, the attribute's verifier (O, triple, chip, link) and the gpu.module's own check of the chip,
each with upstream's words at upstream's column. Where ``mlir-opt-22`` is installed, a test asks
it for every case, so a case cannot pin our own mistake."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import check_document

from .verify_support import MLIR_OPT, upstream_first_error_places
MINIMUM = "Minimum NVVM target SM version is sm_20"
AT_MODULE = -1
"""Upstream reports this one at the gpu.module; ours stays on the attribute, where its fix edits."""

CASES: list[tuple[str, tuple[int, str] | None]] = [
    ('chip = "sm_90"', None),
    ('chip = "sm_90a", O = 3, features = "+ptx80", flags = {"-g"}, link = ["a.bc"]', None),
    ('O = false, chip = "sm_90"', None),
    ('chip = "sm_90", verifyTarget = false', None),
    ('chip = "sm_90", O = -1', (30, "The optimization level must be a number between 0 and 3.")),
    ('O = 4, triple = ""', (30, "The optimization level must be a number between 0 and 3.")),
    ('chip = "sm_90", O = true', (30, "The optimization level must be a number between 0 and 3.")),
    ('triple = ""', (30, "The target triple cannot be empty.")),
    ('chip = "", triple = ""', (30, "The target triple cannot be empty.")),
    ('chip = "", link = [1]', (30, "The target chip cannot be empty.")),
    ('chip = "sm_90", link = ["a", 2]', (30, "All the elements in the `link` array must be strings.")),
    ('chip = 5', (38, "expected string")),
    ('chip = "sm_90", features = 5', (58, "expected string")),
    ('chip = "sm_90", triple = 1', (56, "expected string")),
    ('chip = "sm_90", O = "a"', (51, "expected integer value")),
    ('O = 1.5', (35, "expected integer value")),
    ('chip = "sm_90", O = 2 : i64', (52, "expected '>'")),
    ('chip = "sm_90", link = "a"', (54, "invalid kind of attribute specified")),
    ('chip = "sm_90", flags = 1', (55, "invalid kind of attribute specified")),
    ('bogus = 1', (39, "duplicate or unknown struct parameter name: bogus")),
    ('chip = "sm_90", chip = "sm_80"', (54, "duplicate or unknown struct parameter name: chip")),
    ('chip = "sm_10"', (AT_MODULE, MINIMUM)),
    ('chip = "sm90"', (AT_MODULE, MINIMUM)),
    ('chip = "abc12"', (AT_MODULE, MINIMUM)),
    ('chip = "sm_10", verifyTarget = 1', (AT_MODULE, MINIMUM)),
]


def _text(params: str) -> str:
    return ("module attributes {gpu.container_module} {\n"
            f"  gpu.module @k [#nvvm.target<{params}>] {{\n"
            "    func.func @f() { return }\n  }\n}\n")


def _our_first_error(text: str) -> tuple[int, int, str, str] | None:
    doc = Document(text)
    errors = sorted((d for d in check_document(doc) if d.severity == Severity.ERROR), key=lambda d: d.start)
    if not errors:
        return None
    line, column = doc.position(errors[0].start)
    return line + 1, column + 1, errors[0].message, errors[0].explanation


@pytest.mark.parametrize(("params", "expected"), CASES, ids=[c[0] for c in CASES])
def test_target_attribute_error_is_upstreams(params: str, expected: tuple[int, str] | None) -> None:
    found = _our_first_error(_text(params))
    if expected is None:
        assert found is None, found
        return
    assert found is not None, "no error"
    column, message = expected
    assert found[0] == 2 and found[2] == message, found
    if column == AT_MODULE:
        assert found[1] == 18 and "unknown chip" in found[3], found
    else:
        assert found[1] == column, found


def test_a_chip_upstream_accepts_but_no_gpu_has_keeps_our_words() -> None:
    found = _our_first_error(_text('chip = "sm_1000"'))
    assert found is not None and found[2].startswith("unknown chip 'sm_1000'") and not found[3]


def test_upstream_gives_these_verdicts() -> None:
    if MLIR_OPT is None:
        pytest.skip("mlir-opt-22 is not installed")
    found = upstream_first_error_places([_text(params) for params, _ in CASES])
    for index, (params, expected) in enumerate(CASES):
        verdict = found.get(index)
        if expected is None:
            assert verdict is None, (params, verdict)
        else:
            column, message = expected
            assert verdict == (1, 3 if column == AT_MODULE else column, message), (params, verdict)
