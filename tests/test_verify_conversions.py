"""Per-op verifiers of nvgpu.rcp and the float conversions (extf/truncf and their pre-merge
names): every rule with its code, upstream's wording and the op's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import verify_ops
from nvgpu_ls.analysis.opview import OpView
from nvgpu_ls.verify.context import Report
from nvgpu_ls.verify.rules.conversions import verify_rcp

from .conformance import expected_diagnostics
from .conftest import CONFORMANCE, needs_conformance
from .verify_support import verify_body

RND = "#nvvm.fp_rnd_mode"


def _check(body: str, args: str) -> list[tuple[int, str, str]]:
    return verify_body(body, args)


def _one(body: str, args: str, code: str, message: str) -> None:
    assert _check(body, args) == [(1, code, message)]


# ---------------------------------------------------------------- nvgpu.rcp
RCP_VALID = [
    ("%o = nvgpu.rcp %x {rounding = approx, ftz} : vector<32x16xf32>", "%x: vector<32x16xf32>"),
    ('%o = "nvgpu.rcp"(%x) {rounding = #nvgpu<rcp_rounding_mode approx>, ftz} : (vector<4xf32>) -> vector<4xf32>',
     "%x: vector<4xf32>"),
    ("%o = nvgpu.rcp %x {rounding = approx, ftz} : vector<[4]xf32>", "%x: vector<[4]xf32>"),
]

RCP_INVALID = [
    ("%o = nvgpu.rcp %x {rounding = rn, ftz} : vector<16xf32>", "%x: vector<16xf32>", "nvgpu.rcp.limitation",
     "'nvgpu.rcp' op has a limitation. #nvgpu<rcp_rounding_mode rn> or non-ftz is not supported yet."),
    ("%o = nvgpu.rcp %x {rounding = approx} : vector<16xf32>", "%x: vector<16xf32>", "nvgpu.rcp.limitation",
     "'nvgpu.rcp' op has a limitation. #nvgpu<rcp_rounding_mode approx> or non-ftz is not supported yet."),
    ('%o = "nvgpu.rcp"(%x) {rounding = #nvgpu<rcp_rounding_mode rm>, ftz} : (vector<4xf32>) -> vector<4xf32>',
     "%x: vector<4xf32>", "nvgpu.rcp.limitation",
     "'nvgpu.rcp' op has a limitation. #nvgpu<rcp_rounding_mode rm> or non-ftz is not supported yet."),
    ("%o = nvgpu.rcp %x {rounding = approx, ftz} : vector<16xf16>", "%x: vector<16xf16>", "nvgpu.rcp.type",
     "'nvgpu.rcp' op operand #0 must be vector of 32-bit float values, but got 'vector<16xf16>'"),
    ("%o = nvgpu.rcp %x {rounding = approx, ftz} : vector<f32>", "%x: vector<f32>", "nvgpu.rcp.type",
     "'nvgpu.rcp' op operand #0 must be vector of 32-bit float values, but got 'vector<f32>'"),
    ('%o = "nvgpu.rcp"(%x) {rounding = #nvgpu<rcp_rounding_mode approx>, ftz} : (vector<4xf32>) -> vector<4xf16>',
     "%x: vector<4xf32>", "nvgpu.rcp.type",
     "'nvgpu.rcp' op result #0 must be vector of 32-bit float values, but got 'vector<4xf16>'"),
    ('%o = "nvgpu.rcp"(%x) {rounding = #nvgpu<rcp_rounding_mode approx>, ftz} : (vector<4xf32>) -> vector<8xf32>',
     "%x: vector<4xf32>", "nvgpu.rcp.same-type", "'nvgpu.rcp' op requires the same type for all operands and results"),
]


@pytest.mark.parametrize("body, args", RCP_VALID)
def test_rcp_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", RCP_INVALID)
def test_rcp_invalid(body: str, args: str, code: str, message: str) -> None:
    _one(body, args, code, message)


RCP_NEWEST = [
    ("<{approx = true, ftz = true, rounding = #nvvm.fp_rnd_mode<none>}>", []),
    ("<{approx = true, ftz = true}>", []),
    ("<{approx = true, ftz = false, rounding = #nvvm.fp_rnd_mode<none>}>",
     ["'nvgpu.rcp' op has a limitation. non-approx or non-ftz is not supported yet."]),
    ("<{ftz = true, rounding = #nvvm.fp_rnd_mode<rn>}>",
     ["'nvgpu.rcp' op has a limitation. non-approx or non-ftz is not supported yet."]),
    ("<{approx = true, ftz = true, rounding = #nvvm.fp_rnd_mode<rz>}>",
     ["'nvgpu.rcp' op has a limitation. #nvvm.fp_rnd_mode<rz> is not supported yet."]),
]


@pytest.mark.parametrize("props, messages", RCP_NEWEST)
def test_rcp_newest_era_rules(props: str, messages: list[str]) -> None:
    """The newest upstream rcp (``approx``/``ftz`` booleans, NVVM ``rounding``), checked by
    its verifier alone: the op facts still describe the ``{rounding = approx, ftz}`` era,
    so the structural layer reads ``ftz = true`` as a malformed unit attribute."""
    text = (f'func.func @f(%x: vector<4xf32>) {{\n  %o = "nvgpu.rcp"(%x) {props} '
            ": (vector<4xf32>) -> vector<4xf32>\n  return\n}\n")
    doc = Document(text)
    (op,) = [o for o in doc.ops() if o.name == "nvgpu.rcp"]
    report = Report()
    verify_rcp(OpView(op, doc), report)
    assert [d.message for d in report.diagnostics] == messages
    assert all(d.code == "nvgpu.rcp.limitation" and doc.position(d.start)[0] == 1 for d in report.diagnostics)


# ---------------------------------------------------------------- nvgpu.extf / nvgpu.truncf
def _conv(op: str, src: str, dst: str, props: str = "", bits: bool = False) -> tuple[str, str]:
    operands = "%x, %r" if bits else "%x"
    args = f"%x: {src}" + (", %r: i32" if bits else "")
    return f"%o = nvgpu.{op} {operands} {props} : {src} to {dst}".replace("  ", " "), args


CONVERSION_VALID = [
    _conv("extf", "vector<8xf8E4M3FN>", "vector<8xf16>"),
    _conv("extf", "vector<8xf8E8M0FNU>", "vector<8xbf16>"),
    _conv("extf", "vector<4xf8E8M0FNU>", "vector<4xf32>", "<{relu = true}>"),
    _conv("extf", "vector<2x4xf6E2M3FN>", "vector<2x4xf64>"),
    _conv("extf", "f4E2M1FN", "f16"),
    _conv("extf", "vector<4xf16>", "vector<4xf32>", "<{relu = true}>"),
    _conv("extf", "vector<4xf8E5M2>", "vector<4xbf16>", f"<{{rnd = {RND}<rn>}}>"),
    _conv("truncf", "vector<4xf32>", "vector<4xf16>"),
    _conv("truncf", "vector<4xf32>", "vector<4xbf16>", f"<{{rnd = {RND}<rz>}}>"),
    _conv("truncf", "vector<4xf32>", "vector<4xf16>", f"<{{rnd = {RND}<rs>}}>", bits=True),
    _conv("truncf", "vector<8xf32>", "vector<8xf8E8M0FNU>", f"<{{rnd = {RND}<rp>}}>"),
    _conv("truncf", "vector<4xf64>", "vector<4xf8E8M0FNU>", f"<{{rnd = {RND}<rz>}}>"),
    _conv("truncf", "vector<2xf64>", "vector<2xf16>"),
    _conv("truncf", "vector<8xbf16>", "vector<8xf6E3M2FN>", "<{sat = #nvvm.sat_mode<none>, relu = true}>"),
    _conv("truncf", "f32", "tf32"),
    _conv("truncf", "vector<4x[4]xf32>", "vector<4x4xf16>"),
    _conv("convert.fpext", "tensor<4x8xf8E4M3FN>", "tensor<4x8xf32>"),
    _conv("convert.fptrunc", "tensor<16xf32>", "tensor<16xf4E2M1FN>"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3>} "
     ": vector<8xf32> to vector<8xi8>", "%x: vector<8xf32>"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<u4_unpack_u8_e2m1>} "
     ": vector<8xf32> to vector<8xi8>", "%x: vector<8xf32>"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<compact>} "
     ": vector<8xf32> to vector<8xf4E2M1FN>", "%x: vector<8xf32>"),
    _conv("convert.float", "vector<16xf8E4M3FN>", "vector<16xf16>"),
    _conv("convert.float", "vector<16xf32>", "vector<16xf8E5M2>"),
]

X = "nvgpu.float-conversion"

CONVERSION_INVALID = [
    # extf
    (*_conv("extf", "vector<4xf16>", "vector<4xbf16>"), f"{X}.not-wider",
     "'nvgpu.extf' op result type 'bf16' must be wider than operand type 'f16'"),
    (*_conv("extf", "vector<4xf16>", "vector<4xtf32>"), f"{X}.result-width",
     "'nvgpu.extf' op result type must be 16, 32, or 64 bitwidth, but got 19"),
    (*_conv("extf", "vector<4xf32>", "vector<4xf80>"), f"{X}.result-width",
     "'nvgpu.extf' op result type must be 16, 32, or 64 bitwidth, but got 80"),
    (*_conv("extf", "vector<4xf8E8M0FNU>", "vector<4xf64>"), f"{X}.e8m0-result",
     "'nvgpu.extf' op expects bf16 or f32 output type when input type is e8m0."),
    (*_conv("extf", "vector<4xf16>", "vector<4xf32>", f"<{{rnd = {RND}<none>}}>"), f"{X}.rounding",
     "'nvgpu.extf' op expects RN rounding mode, but got #nvvm.fp_rnd_mode<none>"),
    (*_conv("extf", "vector<4xf6E2M3FN>", "vector<4xbf16>", "<{relu = true}>"), f"{X}.relu-bf16",
     "'nvgpu.extf' op relu is not supported for bf16 destination"),
    (*_conv("extf", "vector<2x4xf8E4M3FN>", "vector<4x2xf16>"), f"{X}.shape",
     "'nvgpu.extf' op input and output shapes must match, got 'vector<2x4xf8E4M3FN>' and 'vector<4x2xf16>'"),
    (*_conv("extf", "vector<1xf8E4M3FN>", "f16"), f"{X}.scalar-vector",
     "'nvgpu.extf' op input and output must both be scalars or both be vectors, got 'vector<1xf8E4M3FN>' and 'f16'"),
    # truncf
    (*_conv("truncf", "vector<4xf8E5M2>", "vector<4xf8E4M3FN>"), f"{X}.not-narrower",
     "'nvgpu.truncf' op result type 'f8E4M3FN' must be narrower than operand type 'f8E5M2'"),
    (*_conv("truncf", "vector<4xf80>", "vector<4xf16>"), f"{X}.input-width",
     "'nvgpu.truncf' op input type must be 64/32/16 bitwidth, but got 80"),
    (*_conv("truncf", "vector<4xf32>", "vector<4xf8E8M0FNU>", f"<{{rnd = {RND}<rs>}}>", bits=True), f"{X}.rounding",
     "'nvgpu.truncf' op expects RZ or RP rounding mode when result type is e8m0, but got #nvvm.fp_rnd_mode<rs>"),
    (*_conv("truncf", "vector<4xf64>", "vector<4xf32>", f"<{{rnd = {RND}<rs>}}>", bits=True), f"{X}.stochastic-types",
     "'nvgpu.truncf' op RS (stochastic) rounding is only supported for f32->f16/bf16, got 'f64' -> 'f32'"),
    (*_conv("truncf", "f32", "bf16", f"<{{rnd = {RND}<rs>}}>"), f"{X}.random-bits-missing",
     "'nvgpu.truncf' op random_bits operand is required with RS rounding"),
    (*_conv("truncf", "vector<2xf64>", "vector<2xf32>", f"<{{rnd = {RND}<rm>}}>"), f"{X}.rounding",
     "'nvgpu.truncf' op expects RN rounding mode for f64 input, but got #nvvm.fp_rnd_mode<rm>"),
    (*_conv("truncf", "vector<4xf32>", "vector<4xf16>", f"<{{rnd = {RND}<rna>}}>"), f"{X}.rounding",
     "'nvgpu.truncf' op expects RN or RZ rounding mode for f32 to f16/bf16, but got #nvvm.fp_rnd_mode<rna>"),
    (*_conv("truncf", "vector<4xf16>", "vector<4xf8E4M3FN>", f"<{{rnd = {RND}<rz>}}>"), f"{X}.rounding",
     "'nvgpu.truncf' op expects RN rounding mode, but got #nvvm.fp_rnd_mode<rz>"),
    (*_conv("truncf", "vector<4xf64>", "vector<4xf32>", "", bits=True), f"{X}.random-bits-unused",
     "'nvgpu.truncf' op random_bits can only be used with RS rounding mode"),
    (*_conv("truncf", "vector<16xf32>", "vector<8xf16>"), f"{X}.shape",
     "'nvgpu.truncf' op input and output shapes must match, got 'vector<16xf32>' and 'vector<8xf16>'"),
    # the pre-merge names take tensors too
    (*_conv("convert.fpext", "f8E4M3FN", "tensor<1xf16>"), f"{X}.scalar-vector",
     "'nvgpu.convert.fpext' op input and output must both be scalars or both be vectors/tensors"),
    (*_conv("convert.fpext", "tensor<*xf8E5M2>", "tensor<4xf16>"), f"{X}.unranked",
     "'nvgpu.convert.fpext' op unranked tensor types are not supported"),
    (*_conv("convert.fptrunc", "vector<f32>", "vector<f16>"), f"{X}.rank-0",
     "'nvgpu.convert.fptrunc' op rank-0 shaped types are not supported, use scalar type instead"),
    (*_conv("convert.fptrunc", "tensor<4xf32>", "vector<4xf16>"), f"{X}.container",
     "'nvgpu.convert.fptrunc' op input and output must be the same container type (both vector or both tensor)"),
    (*_conv("convert.fptrunc", "tensor<4x2xf32>", "tensor<2x4xf16>"), f"{X}.shape",
     "'nvgpu.convert.fptrunc' op input and output shapes must match"),
    (*_conv("convert.fpext", "tensor<4xi8>", "tensor<4xf16>"), f"{X}.element-type",
     "'nvgpu.convert.fpext' op operand #0 must be floating-point or vector/tensor of floating-point values, "
     "but got 'tensor<4xi8>'"),
    (*_conv("convert.fpext", "tensor<4xf8E5M2>", "tensor<4xbf16>", "{relu = true}"), f"{X}.relu-bf16",
     "'nvgpu.convert.fpext' op relu is not supported for bf16 destination"),
    (*_conv("convert.fptrunc", "tensor<4xf32>", "tensor<4xf8E8M0FNU>"), f"{X}.rounding",
     "'nvgpu.convert.fptrunc' op expects RZ or RP rounding mode when result type is e8m0, "
     "but got #nvvm.fp_rnd_mode<rn>"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3>} "
     ": vector<8xf32> to vector<8xf16>", "%x: vector<8xf32>", f"{X}.packed-result",
     "'nvgpu.convert.fptrunc' op packed_kind #nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3> expects i8 result "
     "elements, but got 'vector<8xf16>'"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<u6_unpack_u8_e3m2>} "
     ": vector<8xf32> to vector<8xf6E3M2FN>", "%x: vector<8xf32>", f"{X}.packed-result",
     "'nvgpu.convert.fptrunc' op packed_kind #nvgpu.subbytes_packedkind<u6_unpack_u8_e3m2> expects i8 result "
     "elements, but got 'vector<8xf6E3M2FN>'"),
    ("%o = nvgpu.convert.fptrunc %x {packed_kind = #nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3>, "
     f"rnd = {RND}<rz>}} : vector<8xf32> to vector<8xi8>", "%x: vector<8xf32>", f"{X}.rounding",
     "'nvgpu.convert.fptrunc' op expects RN rounding mode, but got #nvvm.fp_rnd_mode<rz>"),
    (*_conv("convert.float", "vector<16xf8E8M0FNU>", "vector<16xf16>"), f"{X}.e8m0-result",
     "'nvgpu.convert.float' op expects bf16 or f32 output type when input type is e8m0."),
    (*_conv("convert.float", "vector<16xf16>", "vector<16xbf16>"), f"{X}.not-narrower",
     "'nvgpu.convert.float' op result type 'bf16' must be narrower than operand type 'f16'"),
    (*_conv("convert.float", "tensor<f32>", "tensor<f16>"), f"{X}.rank-0",
     "'nvgpu.convert.float' op rank-0 shaped types are not supported, use scalar type instead"),
]


@pytest.mark.parametrize("body, args", CONVERSION_VALID, ids=[c[0].split(" : ")[-1] for c in CONVERSION_VALID])
def test_conversion_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", CONVERSION_INVALID,
                         ids=[f"{c[2].rsplit('.', 1)[-1]}-{i}" for i, c in enumerate(CONVERSION_INVALID)])
def test_conversion_invalid(body: str, args: str, code: str, message: str) -> None:
    _one(body, args, code, message)


def test_ods_constraints_are_left_to_the_structural_layer() -> None:
    """A 0-D vector and a bad ``sat`` case are ODS violations of extf/truncf: reported once,
    by the structural layer, with upstream's words."""
    found = _check("%o = nvgpu.extf %x : vector<f8E4M3FN> to vector<f16>", "%x: vector<f8E4M3FN>")
    assert [(line, message) for line, _code, message in found] == [
        (1, "'nvgpu.extf' op operand #0 must be floating-point or vector of floating-point values, "
            "but got 'vector<f8E4M3FN>'")]
    found = _check("%o = nvgpu.truncf %x <{sat = #nvvm.sat_mode<sat>}> : vector<8xf32> to vector<8xf8E4M3FN>",
                   "%x: vector<8xf32>")
    assert [(line, message) for line, _code, message in found] == [
        (1, "'nvgpu.truncf' op attribute 'sat' failed to satisfy constraint: Describes the saturation mode whose "
            "value is one of {none, satfinite}")]


def test_diagnostic_starts_on_the_op_line_when_types_continue_below() -> None:
    text = ("func.func @f(%x: vector<16xf32>) {\n"
            f"  %o = nvgpu.truncf %x <{{rnd = {RND}<rz>}}>\n"
            "      : vector<16xf32> to vector<16xf8E4M3FN>\n"
            "  %p = nvgpu.truncf %x\n"
            "      : vector<16xf32> to vector<8xf16>\n"
            "  return\n}\n")
    doc = Document(text)
    found = verify_ops(doc)
    assert [doc.position(d.start)[0] for d in found] == [1, 3]
    rounding = found[0]
    assert text[rounding.start:rounding.end] == f"{RND}<rz>"  # the attribute, on the op's line
    shape = found[1]
    assert text[shape.start:shape.end] == "%p = nvgpu.truncf %x"  # the type is below: the op's line instead


def test_random_bits_diagnostic_points_at_the_operand() -> None:
    body, args = _conv("truncf", "vector<4xf32>", "vector<4xf16>", "", bits=True)
    text = f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"
    doc = Document(text)
    (diag,) = verify_ops(doc)
    assert text[diag.start:diag.end] == "%r"


# ---------------------------------------------------------------- upstream's own tests
NVGPU_TESTS = CONFORMANCE / "mlir" / "test" / "Dialect" / "NVGPU"
CONVERSION_TESTS = CONFORMANCE / "mlir" / "test" / "Conversion" / "NVGPUToNVVM"
INVALID_FILES = ["nvgpu-extf-invalid.mlir", "nvgpu-truncf-invalid.mlir", "nvgpu-convert-fpext-invalid.mlir",
                 "nvgpu-convert-fptrunc-invalid.mlir"]


def _found(path: Path) -> list[tuple[int, str]]:
    doc = Document(path.read_text())
    return [(doc.position(d.start)[0] + 1, d.message) for d in verify_ops(doc)]


@needs_conformance
@pytest.mark.parametrize("name", INVALID_FILES)
def test_upstream_expected_errors_are_reproduced(name: str) -> None:
    path = NVGPU_TESTS / name
    found = _found(path)
    expected = expected_diagnostics(path)
    assert expected
    missed = [e for e in expected if not any(line == e.line and e.text in m for line, m in found)]
    assert not missed, (missed, found)
    assert len(found) == len(expected)  # nothing beyond what upstream reports


@needs_conformance
@pytest.mark.parametrize("pattern", ["nvgpu-extf*.mlir", "nvgpu-truncf*.mlir", "nvgpu-convert-*.mlir"])
def test_upstream_valid_conversions_are_clean(pattern: str) -> None:
    paths = sorted(CONVERSION_TESTS.glob(pattern))
    assert paths
    for path in paths:
        assert _found(path) == [], path.name


@pytest.mark.parametrize("source, result, packed", [
    ("f32", "f8E4M3FN", "f32x2"), ("f32", "f8E5M2", "f32x2"), ("bf16", "f8E4M3FN", "bf16x2"),
])
def test_truncf_to_fp8_without_satfinite_is_warned_as_unlowerable(source: str, result: str, packed: str) -> None:
    spellings = (("nvgpu.truncf", "<{sat = #nvvm.sat_mode<none>}>"),
                 ("nvgpu.convert.fptrunc", "{sat = #nvvm.sat_mode<none>}"))
    for op, sat in spellings:
        body = f"%r = {op} %a {sat} : vector<4x{source}> to vector<4x{result}>"
        text = f"func.func @f(%a: vector<4x{source}>) {{\n  {body}\n  return\n}}\n"
        doc = Document(text)
        assert doc.diagnostics() == []
        (found,) = verify_ops(doc)
        assert found.code == "nvgpu.float-conversion.unlowerable-saturation" and found.severity.name == "WARNING"
        assert found.message == ("convert-nvgpu-to-nvvm cannot lower this: Only SATFINITE saturation mode is "
                                 f"supported for conversions from {packed} to 'f8E4M3FN' and 'f8E5M2' types")
        assert text[found.start:found.end] == "#nvvm.sat_mode<none>"


@pytest.mark.parametrize("source, result, sat", [
    ("f32", "f8E4M3FN", "satfinite"), ("f16", "f8E4M3FN", "none"), ("f32", "f16", "none"),
    ("f32", "f8E8M0FNU", "none"),
])
def test_truncf_the_conversion_lowers_gets_no_saturation_warning(source: str, result: str, sat: str) -> None:
    rnd = ", rnd = #nvvm.fp_rnd_mode<rz>" if result == "f8E8M0FNU" else ""
    body = f"%r = nvgpu.truncf %a <{{sat = #nvvm.sat_mode<{sat}>{rnd}}}> : vector<4x{source}> to vector<4x{result}>"
    assert _check(body, f"%a: vector<4x{source}>") == []
