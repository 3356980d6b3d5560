"""memref.subview: the result type upstream infers from the source and the three lists, in
upstream's words and order (each message measured with ``mlir-opt-22``, which also checks
every case here when it is installed)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from .verify_support import assert_single_diagnostic, family_diagnostics

FAMILY = "memref.subview."
MLIR_OPT = shutil.which("mlir-opt-22")


def subview(source: str, lists: str, result: str) -> str:
    """A function whose line 2 takes the subview ``lists`` of ``%m: source`` as ``result``."""
    return (f"func.func @f(%m: {source}, %i: index) {{\n"
            f"  %s = memref.subview %m{lists} : {source} to {result}\n"
            "  return\n}\n")


SH3 = "memref<4x64x64xf16, 3>"

VALID = {
    "offset-in-layout": subview(SH3, "[2, 0, 0][1, 64, 64][1, 1, 1]",
                                "memref<1x64x64xf16, strided<[4096, 64, 1], offset: 8192>, 3>"),
    "rank-reduced": subview(SH3, "[2, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x64xf16, strided<[64, 1], offset: 8192>, 3>"),
    "identity-result": subview(SH3, "[0, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x64xf16, 3>"),
    "dynamic-offset": subview(SH3, "[%i, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x64xf16, strided<[64, 1], offset: ?>, 3>"),
    "dynamic-size": subview(SH3, "[0, 0, 0][%i, 64, 64][1, 1, 1]", "memref<?x64x64xf16, strided<[4096, 64, 1]>, 3>"),
    "dynamic-stride-kept": subview("memref<4x4xf16>", "[0, 0][1, 1][%i, 1]", "memref<1xf16, strided<[?]>>"),
    "strided-source": subview("memref<8x8xf32, strided<[16, 1], offset: ?>>", "[1, 2][4, 4][1, 1]",
                              "memref<4x4xf32, strided<[16, 1], offset: ?>>"),
    "unit-dims-told-apart-by-stride": subview("memref<4x1x1xf32>", "[0, 0, 0][4, 1, 1][1, 1, 1]",
                                              "memref<4x1xf32, strided<[1, 1]>>"),
    "stride-scaled": subview("memref<4xf16>", "[0][2][3]", "memref<2xf16, strided<[3]>>"),
    "negative-stride": subview("memref<4xf16>", "[0][2][-1]", "memref<2xf16, strided<[-1]>>"),
    "affine-map-result-not-guessed": subview("memref<4x4xf16>", "[1, 1][2, 2][1, 1]",
                                             "memref<2x2xf16, affine_map<(d0, d1) -> (d0 * 4 + d1 + 5)>>"),
    "generic": ("func.func @f(%m: memref<4x64xf16>) {\n"
                '  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, '
                "static_offsets = array<i64: 1, 0>, static_sizes = array<i64: 1, 64>, static_strides = "
                "array<i64: 1, 1>}> : (memref<4x64xf16>) -> memref<64xf16, strided<[1], offset: 64>>\n"
                "  return\n}\n"),
}

LAYOUT = "or a rank-reduced version. (mismatch of result layout), but got"
INVALID = [
    ("offset-missing-from-layout", subview(SH3, "[2, 0, 0][1, 64, 64][1, 1, 1]",
                                           "memref<1x64x64xf16, strided<[4096, 64, 1]>, 3>"), "result-type",
     "expected result type to be 'memref<1x64x64xf16, strided<[4096, 64, 1], offset: 8192>, 3>' " + LAYOUT
     + " 'memref<1x64x64xf16, strided<[4096, 64, 1]>, 3>'"),
    ("static-offset-for-dynamic", subview(SH3, "[%i, 0, 0][1, 64, 64][1, 1, 1]",
                                          "memref<64x64xf16, strided<[64, 1], offset: 8>, 3>"), "result-type",
     "expected result type to be 'memref<1x64x64xf16, strided<[4096, 64, 1], offset: ?>, 3>' " + LAYOUT
     + " 'memref<64x64xf16, strided<[64, 1], offset: 8>, 3>'"),
    ("strides-not-scaled", subview(SH3, "[0, 0, 0][1, 64, 64][1, 2, 1]",
                                   "memref<1x64x64xf16, strided<[4096, 64, 1]>, 3>"), "result-type",
     "expected result type to be 'memref<1x64x64xf16, strided<[4096, 128, 1]>, 3>' " + LAYOUT
     + " 'memref<1x64x64xf16, strided<[4096, 64, 1]>, 3>'"),
    ("dropped-dim-keeps-wrong-stride", subview("memref<4x4xf16>", "[0, 0][1, 4][1, 1]", "memref<4xf16, strided<[4]>>"),
     "result-type", "expected result type to be 'memref<1x4xf16, strided<[4, 1]>>' " + LAYOUT
     + " 'memref<4xf16, strided<[4]>>'"),
    ("sizes", subview(SH3, "[0, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x32xf16, 3>"), "result-type",
     "expected result type to be 'memref<1x64x64xf16, strided<[4096, 64, 1]>, 3>' or a rank-reduced version. "
     "(mismatch of result sizes), but got 'memref<64x32xf16, 3>'"),
    ("rank", subview(SH3, "[0, 0, 0][1, 64, 64][1, 1, 1]", "memref<1x1x64x64xf16, 3>"), "result-rank",
     "expected result rank to be smaller or equal to the source rank, but got 'memref<1x1x64x64xf16, 3>'"),
    ("element-type", subview(SH3, "[0, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x64xf32, 3>"), "element-type",
     "expected result element type to be 'f16', but got 'memref<64x64xf32, 3>'"),
    ("memory-space", subview(SH3, "[0, 0, 0][1, 64, 64][1, 1, 1]", "memref<64x64xf16>"), "memory-space",
     "different memory spaces specified for base memref type 'memref<4x64x64xf16, 3>' and subview memref type "
     "'memref<64x64xf16>'"),
    ("list-lengths-differ", subview(SH3, "[0, 0][1, 64, 64][1, 1, 1]", "memref<1x64x64xf16, 3>"), "list-rank",
     "expected mixed offsets rank to match mixed sizes rank (2 vs 3) so the rank of the result type is well-formed."),
    ("list-shorter-than-rank", subview("memref<4x64xf16>", "[0][64][1]", "memref<64xf16>"), "list-rank",
     "expected 2 offset values, got 1"),
    ("negative-size", subview("memref<4xf16>", "[0][-1][1]", "memref<2xf16>"), "negative",
     "expected sizes to be non-negative, but got -1"),
    ("offset-out-of-bounds", subview("memref<4xf16>", "[4][0][1]", "memref<0xf16, strided<[1], offset: 4>>"),
     "out-of-bounds", "offset 0 is out-of-bounds: 4 >= 4"),
    ("slice-out-of-bounds", subview(SH3, "[3, 0, 0][2, 64, 64][1, 1, 1]",
                                    "memref<2x64x64xf16, strided<[4096, 64, 1], offset: 12288>, 3>"),
     "out-of-bounds", "slice along dimension 0 runs out-of-bounds: 4 >= 4"),
]


@pytest.mark.parametrize("text", list(VALID.values()), ids=list(VALID))
def test_subview_whose_result_type_upstream_infers_gets_no_diagnostic(text: str) -> None:
    assert family_diagnostics(text, FAMILY)[1] == []


@pytest.mark.parametrize("case", INVALID, ids=[c[0] for c in INVALID])
def test_subview_rule_is_reported_at_the_op_in_upstreams_words(case) -> None:
    _, text, rule, message = case
    line = text.splitlines()[1]
    assert_single_diagnostic(text, FAMILY, FAMILY + rule, message, line[line.index("memref.subview"):])


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")
@pytest.mark.parametrize("case", [(i, t, "", "") for i, t in VALID.items()] + INVALID,
                         ids=[f"valid-{i}" for i in VALID] + [c[0] for c in INVALID])
def test_upstream_agrees(case) -> None:
    _, text, _, message = case
    result = subprocess.run([MLIR_OPT, "-"], input=text, capture_output=True, text=True, timeout=60)
    if not message:
        assert result.returncode == 0, result.stderr
    else:
        assert f"<stdin>:2:8: error: {message}\n" in result.stderr
