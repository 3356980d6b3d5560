"""TMA verifiers (``nvgpu_ls/verify/rules/tma.py``): upstream's rules with upstream's messages,
the nvgpu-ls additions, spans, and agreement with ``mlir-opt-22`` and upstream's own tests.

The case files under ``data/verify/<family>/`` carry ``// expect`` annotations (format in
their header); the helpers here read them, and ``test_verify_warpgroup`` / ``test_verify_mbarrier``
use the same helpers.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.verify import verify_ops
from nvgpu_ls.analysis.opview import OpView
from nvgpu_ls.verify.context import VERIFIERS, Report

from .conformance import expected_diagnostics
from .conftest import CONFORMANCE, DATA, needs_conformance

CASES = DATA / "verify"
FAMILIES = ("nvgpu.tma.", "nvgpu.warpgroup.", "nvgpu.mbarrier.")
"""Codes of the three rule modules; TMA ops also report mbarrier codes, and
warpgroup.generate.descriptor reports the shared tensor-map codes."""
MLIR_OPT = shutil.which("mlir-opt-22")
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")

_EXPECT = re.compile(r"//\s*expect\s+@([+-]\d+)\s+(error|warning)\s+(\S+)(\s+upstream)?"
                     r"(?:\s+at\s+\{\{(.*?)\}\})?\s+\{\{(.*)\}\}\s*$")


# ---------------------------------------------------------------- helpers shared by the three test files
@dataclass(frozen=True)
class Expect:
    line: int
    severity: str
    code: str
    upstream: bool
    span_text: str | None
    message: str


def read_expectations(text: str) -> list[Expect]:
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _EXPECT.search(line)
        if match:
            offset, severity, code, upstream, span_text, message = match.groups()
            found.append(Expect(number + int(offset), severity, code, bool(upstream), span_text, message))
    return found


def family_diagnostics(text: str) -> tuple[Document, list[Diagnostic]]:
    doc = Document(text)
    return doc, [d for d in verify_ops(doc) if d.code.startswith(FAMILIES)]


def line_of(doc: Document, offset: int) -> int:
    return doc.lines.position(offset)[0] + 1


def check_case_file(path: Path) -> None:
    """Every ``// expect`` is reported (line, severity, code, message, span text) and nothing else."""
    text = path.read_text()
    doc, found = family_diagnostics(text)
    assert not doc.diagnostics(), [d.message for d in doc.diagnostics()]
    expected = read_expectations(text)
    assert expected, f"{path} has no expectations"
    unmatched = list(found)
    missing = []
    for want in expected:
        for diag in unmatched:
            if (line_of(doc, diag.start) == want.line and diag.severity.label == want.severity
                    and diag.code == want.code and diag.message == want.message
                    and (want.span_text is None or text[diag.start:diag.end] == want.span_text)):
                unmatched.remove(diag)
                break
        else:
            missing.append(want)
    extra = [(line_of(doc, d.start), d.code, d.message, text[d.start:d.end]) for d in unmatched]
    assert not missing and not extra, f"missing: {missing}\nunexpected: {extra}"


def check_valid_file(path: Path) -> None:
    doc, found = family_diagnostics(path.read_text())
    assert not doc.diagnostics(), [d.message for d in doc.diagnostics()]
    assert [(line_of(doc, d.start), d.code, d.message) for d in found] == []


def upstream_input(text: str) -> str:
    """The case file as ``mlir-opt --verify-diagnostics`` input: upstream rules become
    ``expected-error``, additions are dropped, ``// nvgpu-ls-only`` sections are left out."""
    sections = re.split(r"(?m)^// -----.*\n", text)
    kept = []
    for section in sections:
        if re.search(r"(?m)^\s*// nvgpu-ls-only", section):
            continue
        lines = []
        for line in section.splitlines():
            match = _EXPECT.search(line)
            if match and match.group(4):
                line = f"// expected-error @{match.group(1)} {{{{{match.group(6)}}}}}"
            elif match:
                line = "//"
            lines.append(line)
        kept.append("\n".join(lines) + "\n")
    return "// -----\n".join(kept)


def check_against_mlir_opt(path: Path) -> None:
    result = subprocess.run([MLIR_OPT, "--split-input-file", "--verify-diagnostics", "-o", "/dev/null", "-"],
                            input=upstream_input(path.read_text()), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-4000:]


def mutations(text: str, count: int, seed: int) -> list[str]:
    """Copies of ``text`` with a token deleted, duplicated or swapped for another one."""
    rng = random.Random(seed)
    tokens = re.findall(r"%\w+|!\w+|\d+|\w+|[^\s\w]", text)
    spots = [m.start() for m in re.finditer(r"%\w+|!\w+|\d+|\w+|[^\s\w]", text)]
    out = []
    for _ in range(count):
        i = rng.randrange(len(spots))
        start, token = spots[i], tokens[i]
        other = tokens[rng.randrange(len(tokens))]
        kind = rng.randrange(3)
        replacement = "" if kind == 0 else token + " " + token if kind == 1 else other
        out.append(text[:start] + replacement + text[start + len(token):])
    return out


def run_family_verifiers_raw(text: str, prefixes: tuple[str, ...]) -> None:
    """Call the rule functions directly (no structural layer first): they must never raise."""
    doc = Document(text)
    for op in doc.ops():
        if op.facts is None or not op.name.startswith(prefixes):
            continue
        for verifier in VERIFIERS.get(op.name, ()):
            verifier(OpView(op, doc), Report())


# ---------------------------------------------------------------- the TMA cases
def test_invalid_cases() -> None:
    check_case_file(CASES / "tma" / "invalid.mlir")


def test_valid_cases_get_no_diagnostic() -> None:
    check_valid_file(CASES / "tma" / "valid.mlir")


@needs_mlir_opt
@pytest.mark.parametrize("name", ["invalid.mlir", "valid.mlir"])
def test_upstream_agrees(name: str) -> None:
    """Upstream reports exactly the rules marked ``upstream``, on the same lines, and accepts the rest."""
    check_against_mlir_opt(CASES / "tma" / name)


def _only(text: str, code: str) -> tuple[Document, Diagnostic]:
    doc, found = family_diagnostics(text)
    matching = [d for d in found if d.code == code]
    assert len(matching) == 1, [(d.code, d.message) for d in found]
    return doc, matching[0]


SWIZZLE = """\
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @f(%d: !desc, %buf: memref<64x128xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x128xf16, 3>
  return
}
"""


def test_swizzle_error_points_at_the_descriptor_type_and_explains_where_it_comes_from() -> None:
    doc, diag = _only(SWIZZLE, "nvgpu.tma.swizzle-width")
    assert diag.message == "the tensormap descriptor must have last dimension of 128 bytes but it is 256 bytes"
    assert diag.severity == Severity.ERROR
    op_line = SWIZZLE.splitlines()[4]
    assert doc.lines.position(diag.start) == (4, op_line.index("!desc"))
    assert SWIZZLE[diag.start:diag.end] == "!desc"
    related = {(line_of(doc, r.start), r.message) for r in diag.related}
    assert (1, "!desc defined here") in related
    assert (3, "%d defined here") in related


def test_descriptor_written_in_full_and_stripped_gets_the_same_rule() -> None:
    full = SWIZZLE.replace(": !desc, !bar", ": !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, "
                           "swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, !bar")
    stripped = full.replace(": !nvgpu.tensormap.descriptor<", ": <")
    for text in (full, stripped):
        doc, diag = _only(text, "nvgpu.tma.swizzle-width")
        assert text[diag.start:diag.end].endswith("interleave = none>")
        assert line_of(doc, diag.start) == 5


def test_aliased_memory_space_is_resolved() -> None:
    text = "#smem = #gpu.address_space<workgroup>\n" + SWIZZLE.replace("memref<64x128xf16, 3>",
                                                                       "memref<64x64xf16, #smem>")
    _, found = family_diagnostics(text)
    assert found == []
    text = "#gmem = #gpu.address_space<global>\n" + SWIZZLE.replace(
        "tensor = memref<64x128xf16, 3>", "tensor = memref<64x64xf16, #gmem>").replace(
        "memref<64x128xf16, 3>", "memref<64x64xf16, 3>")
    _, diag = _only(text, "nvgpu.tma.descriptor-memory-space")
    assert diag.message.startswith("the tensor map descriptor has incorrect address space")


def test_first_failing_upstream_rule_is_the_only_error() -> None:
    # wrong element type, wrong memory space and wrong shape at once: upstream names the element type
    text = SWIZZLE.replace("swizzle_128b", "none").replace("to %buf : !desc, !bar -> memref<64x128xf16, 3>",
                                                            "to %buf : !desc, !bar -> memref<8x8xf32>")
    text = text.replace("%buf: memref<64x128xf16, 3>", "%buf: memref<8x8xf32>")
    _, found = family_diagnostics(text)
    assert [d.code for d in found] == ["nvgpu.tma.element-type"]


def test_unknown_types_skip_the_rules() -> None:
    text = SWIZZLE.replace("!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = "
                           "swizzle_128b, l2promo = none, oob = zero, interleave = none>\n", "")
    doc = Document(text)
    for op in doc.ops():
        for verifier in VERIFIERS.get(op.name, ()):
            report = Report()
            verifier(OpView(op, doc), report)
            assert report.diagnostics == []


def test_mutated_cases_never_raise() -> None:
    for name in ("invalid.mlir", "valid.mlir"):
        text = (CASES / "tma" / name).read_text()
        for mutated in mutations(text, 60, seed=len(name)):
            run_family_verifiers_raw(mutated, ("nvgpu.tma.", "nvgpu.mbarrier."))
            family_diagnostics(mutated)


# ---------------------------------------------------------------- upstream's own tests
INVALID_MLIR = CONFORMANCE / "mlir" / "test" / "Dialect" / "NVGPU" / "invalid.mlir"
TODAY_SWIZZLE = "the tensormap descriptor must have last dimension of 32 bytes but it is {} bytes"
ERA = {
    # README: these sections predate today's swizzle rule; both upstream tools (mlir-opt-22 and the
    # bindings) now reject the swizzle_32b descriptor first, on the first op that uses it.
    286: (284, TODAY_SWIZZLE.format(128)),
    306: (306, TODAY_SWIZZLE.format(128)),
    316: (316, TODAY_SWIZZLE.format(128)),
    325: (325, TODAY_SWIZZLE.format(256)),
    336: (336, TODAY_SWIZZLE.format(512)),
}


@needs_conformance
def test_upstream_invalid_tma_sections() -> None:
    doc, found = family_diagnostics(INVALID_MLIR.read_text())
    reported = {(line_of(doc, d.start), d.message) for d in found if d.code.startswith("nvgpu.tma.")}
    expected = [e for e in expected_diagnostics(INVALID_MLIR) if 280 <= e.line <= 340]
    assert len(expected) == 6
    for e in expected:
        line, text = ERA.get(e.line, (e.line, e.text))
        assert any(found_line == line and text in message for found_line, message in reported), (e, reported)


CONVERSION = CONFORMANCE / "mlir" / "test" / "Conversion" / "NVGPUToNVVM" / "nvgpu-to-nvvm.mlir"
SWIZZLE_ERA_LINES = {663: 32, 665: 64, 701: 32, 703: 64, 725: 32, 727: 64, 747: 32, 749: 64, 771: 32, 773: 64, 786: 32}
"""The tensor maps of nvgpu-to-nvvm.mlir with swizzle_32b/64b over 128-byte rows: today's upstream
(mlir-opt-22 and the bindings) rejects every op using them (it reports the first of each function)."""


@needs_conformance
@pytest.mark.parametrize("name", ["Dialect/NVGPU/roundtrip.mlir", "Dialect/NVGPU/tmaload-transform.mlir",
                                  "Dialect/NVGPU/transform-matmul-to-nvvm.mlir",
                                  "Conversion/NVGPUToNVVM/nvgpu-to-nvvm.mlir"])
def test_files_upstream_accepts_get_no_error(name: str) -> None:
    path = CONFORMANCE / "mlir" / "test" / name
    doc, found = family_diagnostics(path.read_text())
    errors = [(line_of(doc, d.start), d.code, d.message) for d in found if d.severity == Severity.ERROR]
    if path == CONVERSION:
        expected = [(line, "nvgpu.tma.swizzle-width", TODAY_SWIZZLE.replace("32", str(span)).format(128))
                    for line, span in sorted(SWIZZLE_ERA_LINES.items())]
        assert errors == expected
    else:
        assert errors == []


@needs_conformance
@needs_mlir_opt
def test_conversion_file_era_errors_agree_with_mlir_opt() -> None:
    result = subprocess.run([MLIR_OPT, str(CONVERSION), "-o", "/dev/null"], capture_output=True, text=True,
                            timeout=120)
    theirs = set(re.findall(r":(\d+):\d+: error: (.*)", result.stderr))
    assert theirs, result.stderr[-2000:]
    doc, found = family_diagnostics(CONVERSION.read_text())
    ours = {(str(line_of(doc, d.start)), d.message) for d in found if d.severity == Severity.ERROR}
    assert theirs <= ours
