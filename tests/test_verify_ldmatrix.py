"""nvgpu.ldmatrix: upstream's rules in its words and order, and the checks it lacks.

Cases marked ``upstream`` are also run through ``mlir-opt-22 --verify-diagnostics``
(when installed); valid cases in the attribute-dictionary syntax must pass it too.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.verify import verify_ops
from . import verify_support
from .verify_support import assert_single_diagnostic

FAMILY = "nvgpu.ldmatrix."
MLIR_OPT = shutil.which("mlir-opt-22")


def ldmatrix(src: str, result: str, attrs: str = "{numTiles = 4 : i32, transpose = false}",
             indices: str = "%i, %i") -> str:
    """A function whose line 2 loads ``result`` from ``%m: src``."""
    return (f"func.func @f(%m: {src}, %i: index) {{\n"
            f"  %r = nvgpu.ldmatrix %m[{indices}] {attrs} : {src} -> {result}\n"
            "  return\n}\n")


def family_diagnostics(text: str) -> tuple[Document, list[Diagnostic]]:
    return verify_support.family_diagnostics(text, FAMILY)


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    code: str
    message: str
    span: str
    severity: Severity = Severity.ERROR
    upstream: bool = False


SH16 = "memref<128x128xf16, 3>"
SH32 = "memref<128x128xf32, 3>"

VALID = {
    "f16-x4": ldmatrix(SH16, "vector<4x2xf16>"),
    "f16-x2-transpose-workgroup": ldmatrix("memref<?x?xf16, #gpu.address_space<workgroup>>", "vector<2x2xf16>",
                                           "{numTiles = 2 : i32, transpose = true}"),
    "f32-x1": ldmatrix(SH32, "vector<1x1xf32>", "{numTiles = 1 : i32, transpose = false}"),
    "i8-x4": ldmatrix("memref<64x64xi8, 3>", "vector<4x4xi8>"),
    "strided-unit-stride": ldmatrix("memref<16x16xf16, strided<[32, 1], offset: ?>, 3>", "vector<4x2xf16>"),
    "alias": "!s = memref<64x64xf16, #gpu.address_space<workgroup>>\n" + ldmatrix("!s", "vector<4x2xf16>"),
}

VALID_OTHER_SYNTAX = {
    "keyword": ldmatrix(SH16, "vector<4x2xf16>", "numTiles = 4 transpose = false"),
    "keyword-transpose": ldmatrix(SH16, "vector<4x2xf16>", "numTiles = 4 transpose = true"),
    "generic": (f"func.func @f(%m: {SH16}, %i: index) {{\n"
                f'  %r = "nvgpu.ldmatrix"(%m, %i, %i) {{numTiles = 4 : i32, transpose = true}} : '
                f"({SH16}, index, index) -> vector<4x2xf16>\n  return\n}}\n"),
}

SPACE = ("expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr(3) or "
         "gpu::AddressSpaceAttr(Workgroup)")

INVALID = [
    Case("element-types-differ", ldmatrix(SH32, "vector<4x2xf16>"), "nvgpu.ldmatrix.element-type",
         "'nvgpu.ldmatrix' op failed to verify that srcMemref and res have same element type", "vector<4x2xf16>",
         upstream=True),
    Case("element-types-checked-before-memory-space", ldmatrix("memref<16x16xf16, 1>", "vector<4x2xf32>"),
         "nvgpu.ldmatrix.element-type",
         "'nvgpu.ldmatrix' op failed to verify that srcMemref and res have same element type", "vector<4x2xf32>",
         upstream=True),
    Case("memory-space-2", ldmatrix("memref<128x128xf16, 2>", "vector<4x1xf16>"), "nvgpu.ldmatrix.memory-space",
         SPACE, "memref<128x128xf16, 2>", upstream=True),
    Case("memory-space-default", ldmatrix("memref<128x128xf16>", "vector<4x2xf16>"),
         "nvgpu.ldmatrix.memory-space", SPACE, "memref<128x128xf16>", upstream=True),
    Case("element-width", ldmatrix("memref<16x16xi64, 3>", "vector<4x1xi64>"), "nvgpu.ldmatrix.element-width",
         "nvgpu.ldmatrix works for 32b or lower", "vector<4x1xi64>", upstream=True),
    Case("transpose-f32", ldmatrix(SH32, "vector<4x1xf32>", "{numTiles = 4 : i32, transpose = true}"),
         "nvgpu.ldmatrix.transpose", "nvgpu.ldmatrix transpose works only at 16b granularity", "true",
         upstream=True),
    Case("transpose-i8", ldmatrix("memref<64x64xi8, 3>", "vector<4x4xi8>", "{numTiles = 4 : i32, transpose = true}"),
         "nvgpu.ldmatrix.transpose", "nvgpu.ldmatrix transpose works only at 16b granularity", "true",
         upstream=True),
    Case("transpose-keyword", ldmatrix(SH32, "vector<4x1xf32>", "numTiles = 4 transpose = true"),
         "nvgpu.ldmatrix.transpose", "nvgpu.ldmatrix transpose works only at 16b granularity", "true"),
    Case("result-rank", ldmatrix(SH32, "vector<4xf32>"), "nvgpu.ldmatrix.result-rank",
         "results must be 2 dimensional vector", "vector<4xf32>", upstream=True),
    Case("result-shape-f16", ldmatrix(SH16, "vector<4x1xf16>"), "nvgpu.ldmatrix.result-shape",
         "expected vector register shape[1] = 2", "vector<4x1xf16>", upstream=True),
    Case("result-shape-f32", ldmatrix(SH32, "vector<4x2xf32>"), "nvgpu.ldmatrix.result-shape",
         "expected vector register shape[1] = 1", "vector<4x2xf32>", upstream=True),
    Case("tile-count", ldmatrix(SH16, "vector<2x2xf16>"), "nvgpu.ldmatrix.tile-count",
         "expected vector register shape[0] and numTiles to match", "vector<2x2xf16>", upstream=True),
    Case("tile-count-generic", f"func.func @f(%m: {SH16}, %i: index) {{\n"
                               f'  %r = "nvgpu.ldmatrix"(%m, %i, %i) {{numTiles = 1 : i32, transpose = false}} : '
                               f"({SH16}, index, index) -> vector<4x2xf16>\n  return\n}}\n",
         "nvgpu.ldmatrix.tile-count", "expected vector register shape[0] and numTiles to match",
         f"({SH16}, index, index) -> vector<4x2xf16>", upstream=True),
    # Beyond upstream.
    Case("num-tiles-3", ldmatrix(SH16, "vector<3x2xf16>", "{numTiles = 3 : i32, transpose = false}"),
         "nvgpu.ldmatrix.num-tiles", "'nvgpu.ldmatrix' op numTiles must be 1, 2 or 4 (ldmatrix .x1, .x2 or .x4), "
         "got 3", "3 : i32"),
    Case("index-count", ldmatrix(SH16, "vector<4x2xf16>", indices="%i"), "nvgpu.ldmatrix.index-count",
         "'nvgpu.ldmatrix' op expected 2 indices, got 1", "%i"),
    Case("scalable-result", ldmatrix(SH16, "vector<[4]x2xf16>"), "nvgpu.ldmatrix.scalable-vector",
         "'nvgpu.ldmatrix' op result must be a fixed-length vector, got 'vector<[4]x2xf16>'", "vector<[4]x2xf16>"),
    Case("index-elements", ldmatrix("memref<16x16xindex, 3>", "vector<4x1xindex>"), "nvgpu.ldmatrix.element-width",
         "'nvgpu.ldmatrix' op result element type 'index' has no bit width; ldmatrix loads integer or "
         "floating-point elements of at most 32 bits", "vector<4x1xindex>"),
    Case("non-unit-stride", ldmatrix("memref<16x16xf16, strided<[32, 2]>, 3>", "vector<4x2xf16>"),
         "nvgpu.ldmatrix.unit-stride", "'nvgpu.ldmatrix' op srcMemref most minor dim does not have unit stride; "
         "ldmatrix reads each tile row as 16 contiguous bytes", "memref<16x16xf16, strided<[32, 2]>, 3>",
         severity=Severity.WARNING),
]


@pytest.mark.parametrize("text", list(VALID.values()) + list(VALID_OTHER_SYNTAX.values()),
                         ids=list(VALID) + list(VALID_OTHER_SYNTAX))
def test_valid_loads_get_no_diagnostic(text: str) -> None:
    assert family_diagnostics(text)[1] == []


@pytest.mark.parametrize("case", INVALID, ids=[c.id for c in INVALID])
def test_rule_is_reported_with_code_message_and_span(case: Case) -> None:
    assert_single_diagnostic(case.text, FAMILY, case.code, case.message, case.span,
                             severity=case.severity)


def test_tile_count_error_names_numtiles_as_related() -> None:
    case = next(c for c in INVALID if c.id == "tile-count")
    _, found = family_diagnostics(case.text)
    assert [(case.text[r.start:r.end], r.message) for r in found[0].related] == [("4 : i32", "numTiles is 4")]
    assert found[0].data == {"expected": [4, 2]}


def test_memory_space_error_points_at_the_memref_definition() -> None:
    case = next(c for c in INVALID if c.id == "memory-space-2")
    _, found = family_diagnostics(case.text)
    related = found[0].related
    assert related and case.text[related[0].start:related[0].end] == "%m: memref<128x128xf16, 2>"


ODD = [
    ldmatrix("!unknown.t", "vector<4x2xf16>"),
    ldmatrix("memref<16x16xf16, #undefined>", "vector<4x2xf16>"),
    ldmatrix(SH16, "!unknown.v"),
    ldmatrix("memref<*xf16, 3>", "vector<4x2xf16>"),
    ldmatrix(SH16, "vector<4x2xf16>", "{numTiles = 4 : i32}"),
    ldmatrix(SH16, "vector<4x2xf16>", "{numTiles = 4 : i32, transpose = #undefined}"),
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_what_cannot_be_judged_is_skipped_without_raising(text: str) -> None:
    assert [d for d in verify_ops(Document(text)) if d.code.startswith(FAMILY)] == []


def _annotated(case: Case) -> str:
    lines = case.text.splitlines()
    lines.insert(1, f"// expected-error @+1 {{{{{case.message}}}}}")
    return "\n".join(lines)


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_mlir_opt_agrees_on_every_upstream_case() -> None:
    sections = [_annotated(c) for c in INVALID if c.upstream] + list(VALID.values()) + [VALID_OTHER_SYNTAX["generic"]]
    result = subprocess.run([MLIR_OPT, "--split-input-file", "--verify-diagnostics", "-o", "/dev/null"],
                            input="\n// -----\n".join(sections), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("case_id, where", [
    ("memory-space-default", "the default memory space (global memory in a kernel)"),
    ("memory-space-2", "memory space 2"),
])
def test_a_memory_space_error_says_where_the_memref_is_and_the_type_it_needs(case_id: str, where: str) -> None:
    case = next(c for c in INVALID if c.id == case_id)
    _, found = family_diagnostics(case.text)
    assert found[0].message == case.message
    wanted = case.span.replace(", 2>", ">").replace(">", ", 3>")
    assert found[0].explanation.startswith(f"%m is {case.span}, in {where}; nvgpu.ldmatrix works on shared "
                                           f"memory only, so it needs {wanted}")
