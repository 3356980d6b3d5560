"""nvgpu.device_async_copy and its group/wait ops: upstream's rules in its words, and ours.

Each invalid case names the diagnostic code, message, line and the text its span
covers. Cases marked ``upstream`` are also run through ``mlir-opt-22
--verify-diagnostics`` (when installed) so the message is checked against upstream
itself; valid cases in the attribute-dictionary syntax must pass it too.
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

FAMILY = "nvgpu.async-copy."
MLIR_OPT = shutil.which("mlir-opt-22")

G = "memref<128x128xf32>"
S = "memref<3x16x128xf32, 3>"
ARGS = f"%src: {G}, %dst: {S}, %i: index, %n: index"


def func(args: str, body: str) -> str:
    """The op (``body``) starts on line 2."""
    return f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"


def family_diagnostics(text: str) -> tuple[Document, list[Diagnostic]]:
    return verify_support.family_diagnostics(text, FAMILY)


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    code: str
    message: str
    span: str
    line: int = 2
    severity: Severity = Severity.ERROR
    upstream: bool = False
    """mlir-opt-22 reports exactly this message (attribute-dictionary syntax only)."""


def copy(args: str, src: str, dst: str, rest: str, src_t: str = G, dst_t: str = S) -> str:
    return func(args, f"%0 = nvgpu.device_async_copy {src}, {dst}, {rest} : {src_t} to {dst_t}")


VALID = {
    "f32-16-bytes-bypassL1": copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "4 {bypassL1}"),
    "f32-4-bytes": copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "1"),
    "f16-zero-fill-workgroup": copy(
        "%src: memref<64xf16>, %dst: memref<64xf16, #gpu.address_space<workgroup>>, %i: index, %n: index",
        "%src[%i]", "%dst[%i]", "8, %n {bypassL1}", "memref<64xf16>",
        "memref<64xf16, #gpu.address_space<workgroup>>"),
    "i8-8-bytes-global-source": copy(
        "%src: memref<64xi8, 1>, %dst: memref<64xi8, 3>, %i: index", "%src[%i]", "%dst[%i]", "8",
        "memref<64xi8, 1>", "memref<64xi8, 3>"),
    "rank-0": copy("%src: memref<f32>, %dst: memref<f32, 3>", "%src[]", "%dst[]", "1", "memref<f32>",
                   "memref<f32, 3>"),
    "strided-and-affine-unit-stride": copy(
        "%src: memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + s0)>>, "
        "%dst: memref<8x8xf32, strided<[?, 1], offset: ?>, 3>, %i: index",
        "%src[%i, %i]", "%dst[%i, %i]", "4",
        "memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + s0)>>",
        "memref<8x8xf32, strided<[?, 1], offset: ?>, 3>"),
    # Only MLIR's simplifier sees this is d1; we must not guess it wrong.
    "affine-map-simplifying-to-unit-stride": copy(
        "%src: memref<8x8xf32>, %dst: memref<8x8xf32, affine_map<(d0, d1) -> (d0 * 8 + (d1 floordiv 2) * 2 + d1 mod 2)>, 3>, %i: index",
        "%src[%i, %i]", "%dst[%i, %i]", "4", "memref<8x8xf32>",
        "memref<8x8xf32, affine_map<(d0, d1) -> (d0 * 8 + (d1 floordiv 2) * 2 + d1 mod 2)>, 3>"),
    "aliases": "!g = memref<128x128xf32>\n#s = #gpu.address_space<workgroup>\n" + func(
        "%src: !g, %dst: memref<16xf32, #s>, %i: index",
        "%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i], 4 : !g to memref<16xf32, #s>"),
    "groups-and-wait": func(ARGS, "\n  ".join([
        f"%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}",
        f"%1 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}",
        "%2 = nvgpu.device_async_create_group %0, %1",
        f"%3 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}",
        "%4 = nvgpu.device_async_create_group %3",
        "nvgpu.device_async_wait %2 {numGroups = 1 : i32}",
        "nvgpu.device_async_wait %4"])),
}

VALID_KEYWORD = {
    "keyword-bypassL1": copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "4 bypassL1"),
    "keyword-zero-fill": copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "4, %n bypassL1"),
    "keyword-wait": func(ARGS, f"%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}\n"
                               "  %1 = nvgpu.device_async_create_group %0\n  nvgpu.device_async_wait %1 numGroups = 1"),
    "generic": func(ARGS, '%0 = "nvgpu.device_async_copy"(%dst, %i, %i, %i, %src, %i, %i) '
                          "{dstElements = 4 : index, operandSegmentSizes = array<i32: 1, 3, 1, 2, 0>} : "
                          f"({S}, index, index, index, {G}, index, index) -> !nvgpu.device.async.token"),
}

STRIDE_2 = "memref<200x100xf32, affine_map<(d0, d1) -> (200*d0 + 2*d1)>>"
MEMORY_SPACE = ("destination memref must have a memory space attribute of IntegerAttr(3) or "
                "gpu::AddressSpaceAttr(Workgroup)")

INVALID = [
    Case("source-stride", copy(f"%src: {STRIDE_2}, %dst: memref<200x100xf32, 3>, %i: index", "%src[%i, %i]",
                               "%dst[%i, %i]", "4", STRIDE_2, "memref<200x100xf32, 3>"),
         "nvgpu.async-copy.unit-stride", "source memref most minor dim must have unit stride", STRIDE_2,
         upstream=True),
    Case("destination-strided-layout", copy(
        "%src: memref<16x16xf32>, %dst: memref<16x16xf32, strided<[32, 2]>, 3>, %i: index", "%src[%i, %i]",
        "%dst[%i, %i]", "4", "memref<16x16xf32>", "memref<16x16xf32, strided<[32, 2]>, 3>"),
         "nvgpu.async-copy.unit-stride", "destination memref most minor dim must have unit stride",
         "memref<16x16xf32, strided<[32, 2]>, 3>", upstream=True),
    Case("destination-dynamic-stride", copy(
        "%src: memref<16x16xf32>, %dst: memref<16x16xf32, strided<[?, ?]>, 3>, %i: index", "%src[%i, %i]",
        "%dst[%i, %i]", "4", "memref<16x16xf32>", "memref<16x16xf32, strided<[?, ?]>, 3>"),
         "nvgpu.async-copy.unit-stride", "destination memref most minor dim must have unit stride",
         "memref<16x16xf32, strided<[?, ?]>, 3>", upstream=True),
    Case("destination-permuted-map", copy(
        "%src: memref<16xf32>, %dst: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>, %i: index",
        "%src[%i]", "%dst[%i, %i]", "4", "memref<16xf32>",
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>"),
         "nvgpu.async-copy.unit-stride", "destination memref most minor dim must have unit stride",
         "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>", upstream=True),
    Case("destination-symbolic-stride", copy(
        "%src: memref<16xf32>, %dst: memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 * s0)>, 3>, "
        "%i: index", "%src[%i]", "%dst[%i, %i]", "4", "memref<16xf32>",
        "memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 * s0)>, 3>"),
         "nvgpu.async-copy.unit-stride", "destination memref most minor dim must have unit stride",
         "memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 * s0)>, 3>", upstream=True),
    Case("destination-in-global", copy("%src: memref<16xf32>, %dst: memref<16xf32>, %i: index", "%src[%i]",
                                       "%dst[%i]", "4", "memref<16xf32>", "memref<16xf32>"),
         "nvgpu.async-copy.memory-space", MEMORY_SPACE, "memref<16xf32>", upstream=True),
    Case("destination-gpu-global", copy(
        "%src: memref<16xf32>, %dst: memref<16xf32, #gpu.address_space<global>>, %i: index", "%src[%i]",
        "%dst[%i]", "4", "memref<16xf32>", "memref<16xf32, #gpu.address_space<global>>"),
         "nvgpu.async-copy.memory-space", MEMORY_SPACE, "memref<16xf32, #gpu.address_space<global>>",
         upstream=True),
    Case("element-types-differ", copy("%src: memref<16xf32>, %dst: memref<16xi32, 3>, %i: index", "%src[%i]",
                                      "%dst[%i]", "4", "memref<16xf32>", "memref<16xi32, 3>"),
         "nvgpu.async-copy.element-type", "source and destination must have the same element type",
         "memref<16xi32, 3>", upstream=True),
    Case("source-index-count", copy("%src: memref<16x16xf32>, %dst: memref<16xf32, 3>, %i: index", "%src[%i]",
                                    "%dst[%i]", "4", "memref<16x16xf32>", "memref<16xf32, 3>"),
         "nvgpu.async-copy.index-count", "'nvgpu.device_async_copy' op expected 2 source indices, got 1", "%i",
         upstream=True),
    Case("destination-index-count", copy(ARGS, "%src[%i, %i]", "%dst[%i, %i]", "4"),
         "nvgpu.async-copy.index-count", "'nvgpu.device_async_copy' op expected 3 destination indices, got 2",
         "%i, %i", upstream=True),
    Case("transfer-size-f32", copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "3"),
         "nvgpu.async-copy.transfer-size",
         "Requested copy elements is 3 with width 32. But copy elements could be one of 1, 2, 4.", "3",
         upstream=True),
    Case("transfer-size-f16", copy("%src: memref<64xf16>, %dst: memref<64xf16, 3>, %i: index", "%src[%i]",
                                   "%dst[%i]", "16", "memref<64xf16>", "memref<64xf16, 3>"),
         "nvgpu.async-copy.transfer-size",
         "Requested copy elements is 16 with width 16. But copy elements could be one of 2, 4, 8.", "16",
         upstream=True),
    Case("transfer-size-f64", copy("%src: memref<64xf64>, %dst: memref<64xf64, 3>, %i: index", "%src[%i]",
                                   "%dst[%i]", "3", "memref<64xf64>", "memref<64xf64, 3>"),
         "nvgpu.async-copy.transfer-size",
         "Requested copy elements is 3 with width 64. But copy elements could be one of 1, 2.", "3",
         upstream=True),
    Case("transfer-size-zero", copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "0"),
         "nvgpu.async-copy.transfer-size",
         "Requested copy elements is 0 with width 32. But copy elements could be one of 1, 2, 4.", "0",
         upstream=True),
    Case("bypassL1-needs-16-bytes", copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "2, %n {bypassL1}"),
         "nvgpu.async-copy.bypass-l1",
         "'nvgpu.device_async_copy' op bypassL1 does not satify alignment for 'memref<3x16x128xf32, 3>' with "
         "destination element 2. Unset bypassL1, or set destination element to 4", "bypassL1", upstream=True),
    Case("bypassL1-keyword", copy(ARGS, "%src[%i, %i]", "%dst[%i, %i, %i]", "1 bypassL1"),
         "nvgpu.async-copy.bypass-l1",
         "'nvgpu.device_async_copy' op bypassL1 does not satify alignment for 'memref<3x16x128xf32, 3>' with "
         "destination element 1. Unset bypassL1, or set destination element to 4", "bypassL1"),
    Case("transfer-size-generic", func(ARGS, '%0 = "nvgpu.device_async_copy"(%dst, %i, %i, %i, %src, %i, %i) '
                                             "{dstElements = 5 : index, operandSegmentSizes = array<i32: 1, 3, 1, 2, 0>} : "
                                             f"({S}, index, index, index, {G}, index, index) -> !nvgpu.device.async.token"),
         "nvgpu.async-copy.transfer-size",
         "Requested copy elements is 5 with width 32. But copy elements could be one of 1, 2, 4.", "5 : index",
         upstream=True),
    # Beyond upstream (which crashes on these element types, or accepts what cannot work).
    Case("index-elements", copy("%src: memref<16xindex>, %dst: memref<16xindex, 3>, %i: index", "%src[%i]",
                                "%dst[%i]", "2", "memref<16xindex>", "memref<16xindex, 3>"),
         "nvgpu.async-copy.element-width",
         "'nvgpu.device_async_copy' op cannot size a copy of 'index' elements: the element type must be an "
         "integer or floating-point type", "memref<16xindex, 3>"),
    Case("vector-elements", copy(
        "%src: memref<16xvector<4xf32>>, %dst: memref<16xvector<4xf32>, 3>, %i: index", "%src[%i]", "%dst[%i]",
        "1", "memref<16xvector<4xf32>>", "memref<16xvector<4xf32>, 3>"),
         "nvgpu.async-copy.element-width",
         "'nvgpu.device_async_copy' op cannot size a copy of 'vector<4xf32>' elements: the element type must be "
         "an integer or floating-point type", "memref<16xvector<4xf32>, 3>"),
    Case("source-in-shared-memory", copy("%src: memref<16xf32, 3>, %dst: memref<16xf32, 3>, %i: index", "%src[%i]",
                                         "%dst[%i]", "4", "memref<16xf32, 3>", "memref<16xf32, 3>"),
         "nvgpu.async-copy.source-memory-space",
         "'nvgpu.device_async_copy' op source memref is in memory space 3; cp.async copies from global memory "
         "into shared memory", "memref<16xf32, 3>", severity=Severity.WARNING),
    Case("token-in-two-groups", func(ARGS, "\n  ".join([
        f"%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}",
        "%1 = nvgpu.device_async_create_group %0",
        "%2 = nvgpu.device_async_create_group %0"])),
         "nvgpu.async-copy.token-regrouped",
         "'nvgpu.device_async_create_group' op token %0 is already part of the group created on line 3; each "
         "copy token can be part of only one group", "%0", line=4, severity=Severity.WARNING),
    Case("negative-wait-count", func(ARGS, f"%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i, %i], 4 : {G} to {S}\n"
                                           "  %1 = nvgpu.device_async_create_group %0\n"
                                           "  nvgpu.device_async_wait %1 {numGroups = -1 : i32}"),
         "nvgpu.async-copy.wait-count",
         "'nvgpu.device_async_wait' op numGroups is -1; it counts the groups allowed to stay pending and must "
         "not be negative", "-1 : i32", line=4, severity=Severity.WARNING),
]


@pytest.mark.parametrize("text", list(VALID.values()) + list(VALID_KEYWORD.values()),
                         ids=list(VALID) + list(VALID_KEYWORD))
def test_valid_copies_get_no_diagnostic(text: str) -> None:
    assert family_diagnostics(text)[1] == []


@pytest.mark.parametrize("case", INVALID, ids=[c.id for c in INVALID])
def test_rule_is_reported_with_code_message_and_span(case: Case) -> None:
    assert_single_diagnostic(case.text, FAMILY, case.code, case.message, case.span, case.line,
                             severity=case.severity)


def test_operand_rule_on_a_later_line_is_anchored_on_the_op_line() -> None:
    """Upstream reports at the op; the type written on the next line becomes related information."""
    text = func(f"%src: {STRIDE_2}, %dst: memref<200x100xf32, 3>, %i: index",
                "%0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i], 4 :\n"
                f"    {STRIDE_2} to memref<200x100xf32, 3>")
    doc, found = family_diagnostics(text)
    assert [d.code for d in found] == ["nvgpu.async-copy.unit-stride"]
    diag = found[0]
    assert doc.position(diag.start)[0] == 1 and text[diag.start:diag.end].startswith("%0 = nvgpu.device_async_copy")
    assert text[diag.related[0].start:diag.related[0].end] == STRIDE_2
    assert any(text[r.start:r.end].startswith("%src") for r in diag.related)  # the definition


def test_memory_space_error_points_at_the_memref_definition() -> None:
    case = next(c for c in INVALID if c.id == "destination-in-global")
    doc, found = family_diagnostics(case.text)
    related = found[0].related
    assert related and case.text[related[0].start:related[0].end] == "%dst: memref<16xf32>"


def test_quick_fix_data_names_valid_element_counts() -> None:
    case = next(c for c in INVALID if c.id == "transfer-size-f16")
    assert family_diagnostics(case.text)[1][0].data == {"valid": [2, 4, 8]}
    case = next(c for c in INVALID if c.id == "bypassL1-needs-16-bytes")
    assert family_diagnostics(case.text)[1][0].data == {"dstElements": 4}


ODD = [
    func("%src: !unknown.t, %dst: memref<16xf32, 3>, %i: index",
         "%0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : !unknown.t to memref<16xf32, 3>"),
    func("%src: memref<16xf32>, %dst: memref<16xf32, #undefined>, %i: index",
         "%0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<16xf32> to memref<16xf32, #undefined>"),
    func("%src: memref<16xf32>, %dst: memref<4x4xf32, #undefined, 3>, %i: index",
         "%0 = nvgpu.device_async_copy %src[%i], %dst[%i, %i], 4 : memref<16xf32> to memref<4x4xf32, #undefined, 3>"),
    func("%src: memref<16xf32>, %dst: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4)>, 3>, %i: index",
         "%0 = nvgpu.device_async_copy %src[%i], %dst[%i, %i], 4 : memref<16xf32> to "
         "memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4)>, 3>"),
    func("%src: memref<*xf32>, %dst: memref<*xf32, 3>, %i: index",
         "%0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<*xf32> to memref<*xf32, 3>"),
    func("%t: !nvgpu.device.async.token", "%0 = nvgpu.device_async_create_group %t, %t, %undefined"),
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_what_cannot_be_judged_is_skipped_without_raising(text: str) -> None:
    """Unknown types, unresolved aliases, layouts only MLIR's simplifier could judge."""
    assert [d for d in verify_ops(Document(text)) if d.code.startswith(FAMILY)] == []


def _annotated(case: Case) -> str:
    lines = case.text.splitlines()
    lines.insert(case.line - 1, f"// expected-error @+1 {{{{{case.message}}}}}")
    return "\n".join(lines)


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_mlir_opt_agrees_on_every_upstream_case() -> None:
    sections = [_annotated(c) for c in INVALID if c.upstream] + list(VALID.values())
    result = subprocess.run([MLIR_OPT, "--split-input-file", "--verify-diagnostics", "-o", "/dev/null"],
                            input="\n// -----\n".join(sections), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
