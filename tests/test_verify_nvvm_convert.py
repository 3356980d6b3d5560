"""Verifiers of the nvvm.convert.* ops: the newest upstream NVVM rules and wording, in the
attribute-dictionary and the keyword spelling."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import verify_ops

from .conformance import expected_diagnostics
from .conftest import CONFORMANCE, needs_conformance
from .verify_support import verify_body

RND = "#nvvm.fp_rnd_mode"
SAT = "#nvvm.sat_mode"


def _check(body: str, args: str) -> list[tuple[int, str, str]]:
    return verify_body(body, args, wrapper="llvm")


F32X2 = "%a: f32, %b: f32"
F32X2_BITS = "%a: f32, %b: f32, %r: i32"
V4 = "%v: vector<4xf32>, %r: i32"

VALID = [
    (f"%x = nvvm.convert.float.to.tf32 %a {{rnd = {RND}<rna>, sat = {SAT}<satfinite>}}", "%a: f32"),
    (f"%x = nvvm.convert.float.to.tf32 %a {{rnd = {RND}<rz>, relu = true}}", "%a: f32"),
    (f"%x = nvvm.convert.f32x2.to.f16x2 %a, %b {{rnd = {RND}<rn>}} : vector<2xf16>", F32X2),
    (f"%x = nvvm.convert.f32x2.to.bf16x2 %a, %b, %r {{rnd = {RND}<rs>, relu = true}} : vector<2xbf16>",
     F32X2_BITS),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rn>, sat = {SAT}<satfinite>}} : i16 (f8E4M3FN)",
     F32X2),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rp>}} : vector<2xi8> (f8E8M0FNU)", F32X2),
    ("%x = nvvm.convert.f16x2.to.f8x2 %h : vector<2xf16> -> i16 (f8E5M2)", "%h: vector<2xf16>"),
    (f"%x = nvvm.convert.bf16x2.to.f8x2 %h {{rnd = {RND}<rz>}} : vector<2xbf16> -> i16 (f8E8M0FNU)",
     "%h: vector<2xbf16>"),
    ("%x = nvvm.convert.f32x2.to.f6x2 %a, %b : i16 (f6E3M2FN)", F32X2),
    ("%x = nvvm.convert.f32x2.to.f4x2 %a, %b : i8 (f4E2M1FN)", F32X2),
    ("%x = nvvm.convert.f8x2.to.f16x2 %s : vector<2xi8> (f8E4M3FN) -> vector<2xf16>", "%s: vector<2xi8>"),
    ("%x = nvvm.convert.f8x2.to.bf16x2 %s : vector<2xi8> (f8E8M0FNU) -> vector<2xbf16>", "%s: vector<2xi8>"),
    ("%x = nvvm.convert.f6x2.to.f16x2 %s : vector<2xi8> (f6E2M3FN) -> vector<2xf16>", "%s: vector<2xi8>"),
    ("%x = nvvm.convert.f4x2.to.f16x2 %s : i8 (f4E2M1FN) -> vector<2xf16>", "%s: i8"),
    ("%x = nvvm.convert.f32x4.to.f8x4 %v, %r : vector<4xf32> -> vector<4xi8> (f8E5M2)", V4),
    ("%x = nvvm.convert.f32x4.to.f6x4 %v, %r : vector<4xf32> -> vector<4xi8> (f6E2M3FN)", V4),
    ("%x = nvvm.convert.f32x4.to.f4x4 %v, %r : vector<4xf32> -> i16 (f4E2M1FN)", V4),
    # the newest keyword spelling
    ("%x = nvvm.convert.float.to.tf32 %a rnd = <rn>", "%a: f32"),
    ("%x = nvvm.convert.f32x2.to.f8x2 %a, %b rnd = <rn> sat = <satfinite> : i16 (f8E4M3FN)", F32X2),
]

C = "nvvm.convert"

INVALID = [
    (f"%x = nvvm.convert.float.to.tf32 %a {{rnd = {RND}<rm>}}", "%a: f32", f"{C}.rounding",
     "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."),
    ("%x = nvvm.convert.float.to.tf32 %a", "%a: f32", f"{C}.rounding",
     "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."),
    (f"%x = nvvm.convert.float.to.tf32 %a {{rnd = {RND}<rna>, relu = true}}", "%a: f32", f"{C}.relu",
     "Relu not supported with rna rounding mode."),
    ("%x = nvvm.convert.f32x2.to.f16x2 %a, %b : vector<2xf16>", F32X2, f"{C}.rounding",
     "'nvvm.convert.f32x2.to.f16x2' op Only RN, RZ, and RS rounding modes are supported for conversions from "
     "f32x2 to f16x2."),
    (f"%x = nvvm.convert.f32x2.to.bf16x2 %a, %b {{rnd = {RND}<rs>}} : vector<2xbf16>", F32X2,
     f"{C}.random-bits-missing", "'nvvm.convert.f32x2.to.bf16x2' op random_bits is required for RS rounding mode."),
    (f"%x = nvvm.convert.f32x2.to.f16x2 %a, %b, %r {{rnd = {RND}<rz>}} : vector<2xf16>", F32X2_BITS,
     f"{C}.random-bits-unused",
     "'nvvm.convert.f32x2.to.f16x2' op random_bits not supported for RN and RZ rounding modes."),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rz>, sat = {SAT}<satfinite>}} : i16 (f8E5M2)", F32X2,
     f"{C}.rounding", "'nvvm.convert.f32x2.to.f8x2' op Only RN rounding mode is supported for conversions from "
                      "f32x2 to 'f8E4M3FN' and 'f8E5M2' types"),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rn>}} : i16 (f8E4M3FN)", F32X2, f"{C}.saturation",
     "'nvvm.convert.f32x2.to.f8x2' op Only SATFINITE saturation mode is supported for conversions from f32x2 to "
     "'f8E4M3FN' and 'f8E5M2' types"),
    ("%x = nvvm.convert.f32x2.to.f8x2 %a, %b : i16 (f8E8M0FNU)", F32X2, f"{C}.rounding",
     "'nvvm.convert.f32x2.to.f8x2' op Only RZ and RP rounding modes are supported for conversions from f32x2 to "
     "'f8E8M0FNU' type"),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rz>, relu = true}} : i16 (f8E8M0FNU)", F32X2,
     f"{C}.relu", "'nvvm.convert.f32x2.to.f8x2' op relu not supported for conversions to 'f8E8M0FNU' type"),
    (f"%x = nvvm.convert.f32x2.to.f8x2 %a, %b {{rnd = {RND}<rn>}} : i16 (f8E3M4)", F32X2,
     f"{C}.destination-type", "'nvvm.convert.f32x2.to.f8x2' op Only 'f8E4M3FN', 'f8E5M2', and 'f8E8M0FNU' types "
                              "are supported for conversions from f32x2 to f8x2"),
    ("%x = nvvm.convert.f16x2.to.f8x2 %h : vector<2xf16> -> i16 (f8E8M0FNU)", "%h: vector<2xf16>",
     f"{C}.destination-type",
     "'nvvm.convert.f16x2.to.f8x2' op Only 'f8E4M3FN' and 'f8E5M2' types are supported for conversions from "
     "f16x2 to f8x2."),
    (f"%x = nvvm.convert.bf16x2.to.f8x2 %h {{rnd = {RND}<rn>}} : vector<2xbf16> -> i16 (f8E8M0FNU)",
     "%h: vector<2xbf16>", f"{C}.rounding",
     "'nvvm.convert.bf16x2.to.f8x2' op Only RZ and RP rounding modes are supported for conversions from bf16x2 to "
     "'f8E8M0FNU' type"),
    (f"%x = nvvm.convert.bf16x2.to.f8x2 %h {{rnd = {RND}<rz>}} : vector<2xbf16> -> i16 (f8E4M3FN)",
     "%h: vector<2xbf16>", f"{C}.rounding",
     "'nvvm.convert.bf16x2.to.f8x2' op Only RN rounding mode is supported for conversions from bf16x2 to "
     "'f8E4M3FN' and 'f8E5M2' types"),
    (f"%x = nvvm.convert.bf16x2.to.f8x2 %h {{rnd = {RND}<rn>}} : vector<2xbf16> -> i16 (f6E2M3FN)",
     "%h: vector<2xbf16>", f"{C}.destination-type",
     "'nvvm.convert.bf16x2.to.f8x2' op attribute 'dstTy' failed to satisfy constraint: type attribute of "
     "f8E8M0FNU type or f8E4M3FN type or f8E5M2 type"),
    ("%x = nvvm.convert.f32x2.to.f6x2 %a, %b : i16 (f8E4M3FN)", F32X2, f"{C}.destination-type",
     "'nvvm.convert.f32x2.to.f6x2' op Only 'f6E2M3FN' and 'f6E3M2FN' types are supported for conversions from "
     "f32x2 to f6x2."),
    ("%x = nvvm.convert.f16x2.to.f6x2 %h : vector<2xf16> -> i16 (f4E2M1FN)", "%h: vector<2xf16>",
     f"{C}.destination-type", "'nvvm.convert.f16x2.to.f6x2' op attribute 'dstTy' failed to satisfy constraint: "
                              "type attribute of f6E2M3FN type or f6E3M2FN type"),
    ("%x = nvvm.convert.f32x2.to.f4x2 %a, %b : i8 (f6E2M3FN)", F32X2, f"{C}.destination-type",
     "'nvvm.convert.f32x2.to.f4x2' op Only 'f4E2M1FN' type is supported for conversions from f32x2 to f4x2."),
    ("%x = nvvm.convert.f32x4.to.f8x4 %v, %r : vector<4xf32> -> vector<4xi8> (f16)", V4, f"{C}.destination-type",
     "'nvvm.convert.f32x4.to.f8x4' op Only 'f8E4M3FN' and 'f8E5M2' types are supported for conversions from "
     "f32x4 to f8x4."),
    ("%x = nvvm.convert.f32x4.to.f6x4 %v, %r : vector<4xf32> -> vector<4xi8> (f4E2M1FN)", V4,
     f"{C}.destination-type", "'nvvm.convert.f32x4.to.f6x4' op Only 'f6E2M3FN' and 'f6E3M2FN' types are "
                              "supported for conversions from f32x4 to f6x4."),
    ("%x = nvvm.convert.f32x4.to.f4x4 %v, %r : vector<4xf32> -> i16 (f8E5M2)", V4, f"{C}.destination-type",
     "'nvvm.convert.f32x4.to.f4x4' op Only 'f4E2M1FN' type is supported for conversions from f32x4 to f4x4."),
    ("%x = nvvm.convert.f8x2.to.f16x2 %s : vector<2xi8> (f8E8M0FNU) -> vector<2xf16>", "%s: vector<2xi8>",
     f"{C}.source-type", "'nvvm.convert.f8x2.to.f16x2' op attribute 'srcType' failed to satisfy constraint: "
                         "type attribute of f8E4M3FN type or f8E5M2 type"),
    ("%x = nvvm.convert.f8x2.to.bf16x2 %s : vector<2xi8> (f6E2M3FN) -> vector<2xbf16>", "%s: vector<2xi8>",
     f"{C}.source-type", "'nvvm.convert.f8x2.to.bf16x2' op attribute 'srcType' failed to satisfy constraint: "
                         "type attribute of f8E8M0FNU type or f8E4M3FN type or f8E5M2 type"),
    ("%x = nvvm.convert.f8x2.to.bf16x2 %s {relu = true} : vector<2xi8> (f8E8M0FNU) -> vector<2xbf16>",
     "%s: vector<2xi8>", f"{C}.relu",
     "'nvvm.convert.f8x2.to.bf16x2' op relu not supported for conversions from 'f8E8M0FNU' type"),
    ("%x = nvvm.convert.f6x2.to.f16x2 %s : vector<2xi8> (f8E4M3FN) -> vector<2xf16>", "%s: vector<2xi8>",
     f"{C}.source-type", "'nvvm.convert.f6x2.to.f16x2' op attribute 'srcType' failed to satisfy constraint: "
                         "type attribute of f6E2M3FN type or f6E3M2FN type"),
    ("%x = nvvm.convert.f4x2.to.f16x2 %s : i8 (f6E2M3FN) -> vector<2xf16>", "%s: i8", f"{C}.source-type",
     "'nvvm.convert.f4x2.to.f16x2' op attribute 'srcType' failed to satisfy constraint: type attribute of "
     "f4E2M1FN type"),
    # the newest keyword spelling
    ("%x = nvvm.convert.float.to.tf32 %a rnd = <rs>", "%a: f32", f"{C}.rounding",
     "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op."),
    ("%x = nvvm.convert.f32x2.to.f8x2 %a, %b rnd = <rn> sat = <none> : i16 (f8E4M3FN)", F32X2, f"{C}.saturation",
     "'nvvm.convert.f32x2.to.f8x2' op Only SATFINITE saturation mode is supported for conversions from f32x2 to "
     "'f8E4M3FN' and 'f8E5M2' types"),
]


@pytest.mark.parametrize("body, args", VALID, ids=[v[0].split(" ")[2] + f"-{i}" for i, v in enumerate(VALID)])
def test_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", INVALID,
                         ids=[v[0].split(" ")[2] + f"-{i}" for i, v in enumerate(INVALID)])
def test_invalid(body: str, args: str, code: str, message: str) -> None:
    assert _check(body, args) == [(1, code, message)]


def test_rounding_diagnostic_points_at_the_mode() -> None:
    for body in (f"%x = nvvm.convert.float.to.tf32 %a {{rnd = {RND}<rm>}}", "%x = nvvm.convert.float.to.tf32 %a rnd = <rm>"):
        text = f"llvm.func @f(%a: f32) {{\n  {body}\n  llvm.return\n}}\n"
        doc = Document(text)
        (diag,) = verify_ops(doc)
        assert text[diag.start:diag.end] in (f"{RND}<rm>", "<rm>")


def test_sm_requirement_is_not_reported_here() -> None:
    """``is not supported on sm_100`` is the target gate's: a well-formed op is clean here."""
    text = ('gpu.module @m [#nvvm.target<chip = "sm_100">] {\n'
            "  func.func @f(%v: vector<4xf32>, %r: i32) {\n"
            "    %x = nvvm.convert.f32x4.to.f8x4 %v, %r : vector<4xf32> -> vector<4xi8> (f8E4M3FN)\n"
            "    return\n  }\n}\n")
    assert verify_ops(Document(text)) == []


# ---------------------------------------------------------------- upstream's own tests
STOCHASTIC = "mlir/test/Dialect/LLVMIR/nvvm/invalid-convert-stochastic-rounding.mlir"
OLDER = f"variants/3432142fa0a6/{STOCHASTIC}"
NEWEST_WORDING: dict[tuple[str, int], str] = {
    # The older file was written for an NVVM in which f32x2 -> f16x2/bf16x2 took only RS
    # rounding and bf16x2 -> f8x2 named its destination "f8x2"; the newest upstream
    # (the torch-mlir bindings) reports the same inputs with these words.
    (OLDER, 20): "'nvvm.convert.f32x2.to.f16x2' op random_bits not supported for RN and RZ rounding modes.",
    (OLDER, 28): "'nvvm.convert.f32x2.to.bf16x2' op random_bits not supported for RN and RZ rounding modes.",
    (OLDER, 88): "Only RZ and RP rounding modes are supported for conversions from bf16x2 to 'f8E8M0FNU' type",
}


@needs_conformance
@pytest.mark.parametrize("name", [STOCHASTIC, OLDER])
def test_upstream_expected_errors_are_reproduced(name: str) -> None:
    path = CONFORMANCE / name
    doc = Document(path.read_text())
    found = [(doc.position(d.start)[0] + 1, d.message) for d in verify_ops(doc)]
    expected = [e for e in expected_diagnostics(path) if "is not supported on sm_" not in e.text]
    assert expected
    for e in expected:
        text = NEWEST_WORDING.get((name, e.line), e.text)
        assert any(line == e.line and text in message for line, message in found), (e, found)
