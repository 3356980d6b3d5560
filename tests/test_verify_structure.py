"""The ODS layer: counts, required attributes, attribute kinds and type constraints, in upstream's words."""

from __future__ import annotations

import pytest

from .verify_support import verify_body

SHARED = "memref<16x16xf16, 3>"
BARRIERS = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"


def _errors(body: str, args: str = "%m: memref<16x16xf16, 3>, %i: index") -> list[tuple[int, str, str]]:
    return [found for found in verify_body(body, args) if found[1].startswith("op.")]


CASES = [
    (f'%r = "nvgpu.ldmatrix"(%m, %i) {{transpose = false}} : ({SHARED}, index) -> vector<1x2xf16>',
     "op.attribute-missing", "'nvgpu.ldmatrix' op requires attribute 'numTiles'"),
    (f'%r = "nvgpu.ldmatrix"(%m, %i) {{numTiles = 1 : i64, transpose = false}} : ({SHARED}, index) -> vector<1x2xf16>',
     "op.attribute-invalid",
     "'nvgpu.ldmatrix' op attribute 'numTiles' failed to satisfy constraint: 32-bit signless integer attribute"),
    (f'%r = "nvgpu.ldmatrix"(%m, %i) {{numTiles = 1 : i32, transpose = 3}} : ({SHARED}, index) -> vector<1x2xf16>',
     "op.attribute-invalid", "'nvgpu.ldmatrix' op attribute 'transpose' failed to satisfy constraint: bool attribute"),
    ('%r = "nvgpu.ldmatrix"(%i, %i) {numTiles = 1 : i32, transpose = false} : (index, index) -> vector<1x2xf16>',
     "op.operand-type", "'nvgpu.ldmatrix' op operand #0 must be memref of any type values, but got 'index'"),
    (f'%r = "nvgpu.ldmatrix"(%m, %m) {{numTiles = 1 : i32, transpose = false}} : ({SHARED}, {SHARED}) -> vector<1x2xf16>',
     "op.operand-type", f"'nvgpu.ldmatrix' op operand #1 must be variadic of index, but got '{SHARED}'"),
    (f'%r = "nvgpu.ldmatrix"(%m, %i) {{numTiles = 1 : i32, transpose = false}} : ({SHARED}, index) -> f16',
     "op.result-type", "'nvgpu.ldmatrix' op result #0 must be vector of any type values, but got 'f16'"),
    (f'"nvgpu.ldmatrix"(%m, %i) {{numTiles = 1 : i32, transpose = false}} : ({SHARED}, index) -> ()',
     "op.result-count", "'nvgpu.ldmatrix' op requires one result"),
    ('%0 = "nvgpu.mbarrier.get"(%i) : (index) -> i32',
     "op.operand-count", "'nvgpu.mbarrier.get' op expected 2 operands, but found 1"),
    ('"nvgpu.tma.prefetch.descriptor"() : () -> ()',
     "op.operand-count", "'nvgpu.tma.prefetch.descriptor' op expected 1 or more operands, but found 0"),
    ('"nvgpu.device_async_wait"(%i) : (index) -> ()',
     "op.operand-type", "'nvgpu.device_async_wait' op operand #0 must be device async token type, but got 'index'"),
    (f'%0 = "nvgpu.device_async_copy"(%m, %i, %i, %m, %i, %i) {{dstElements = 8 : index}} : ({SHARED}, index, index, {SHARED}, index, index) -> !nvgpu.device.async.token',
     "op.operand-count",
     "'nvgpu.device_async_copy' op operand count (6) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"),
    ('%0 = "nvgpu.mbarrier.create"() : () -> index',
     "op.result-type", "'nvgpu.mbarrier.create' op result #0 must be mbarrier barrier type, but got 'index'"),
    (f'%0 = "nvgpu.mbarrier.get"(%b, %i) : ({BARRIERS}, index) -> f32',
     "op.result-type",
     "'nvgpu.mbarrier.get' op result #0 must be 32-bit signless integer or 64-bit signless integer, but got 'f32'"),
]


@pytest.mark.parametrize("body, code, message", CASES, ids=[c[2].split("op ", 1)[1][:40] for c in CASES])
def test_ods_violation_is_reported_with_upstream_wording(body: str, code: str, message: str) -> None:
    errors = _errors(body, f"%m: {SHARED}, %i: index, %b: {BARRIERS}")
    assert errors == [(1, code, message)]


def test_enum_case_outside_the_allowed_set_is_rejected() -> None:
    errors = _errors("%0 = nvgpu.truncf %v <{sat = #nvvm.sat_mode<sat>}> : vector<8xf32> to vector<8xf8E4M3FN>",
                     "%v: vector<8xf32>")
    assert errors == [(1, "op.attribute-invalid", "'nvgpu.truncf' op attribute 'sat' failed to satisfy constraint: "
                                                  "Describes the saturation mode whose value is one of {none, satfinite}")]


def test_zero_d_vector_is_not_float_like() -> None:
    errors = _errors("%0 = nvgpu.extf %v : vector<f8E4M3FN> to vector<f16>", "%v: vector<f8E4M3FN>")
    assert errors == [(1, "op.operand-type", "'nvgpu.extf' op operand #0 must be floating-point or vector of "
                                             "floating-point values, but got 'vector<f8E4M3FN>'")]


VALID = [
    f'%r = "nvgpu.ldmatrix"(%m, %i, %i) {{numTiles = 1 : i32, transpose = false}} : ({SHARED}, index, index) -> vector<1x2xf16>',
    f"%r = nvgpu.ldmatrix %m[%i, %i] {{numTiles = 4 : i32, transpose = false}} : {SHARED} -> vector<4x2xf16>",
    f"%r = nvgpu.ldmatrix %m[%i, %i] numTiles = 4 transpose = false : {SHARED} -> vector<4x2xf16>",
    f'%0 = "nvgpu.device_async_copy"(%m, %i, %i, %m, %i, %i) <{{dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 0>}}> : ({SHARED}, index, index, {SHARED}, index, index) -> !nvgpu.device.async.token',
    "%0 = nvgpu.mbarrier.create -> " + BARRIERS,
    f"%0 = nvgpu.mbarrier.get %b[%i] : {BARRIERS} -> i32",
    "%0 = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>",
]


@pytest.mark.parametrize("body", VALID)
def test_well_formed_ops_pass_the_ods_layer(body: str) -> None:
    assert _errors(body, f"%m: {SHARED}, %i: index, %b: {BARRIERS}, %v: vector<4xf32>") == []


def test_custom_form_may_leave_results_unnamed() -> None:
    body = "nvgpu.device_async_copy %m[%i, %i], %s[%i, %i], 8 : memref<16x16xf16> to memref<16x16xf16, 3>"
    assert _errors(body, "%m: memref<16x16xf16>, %s: memref<16x16xf16, 3>, %i: index") == []


def test_binding_more_results_than_the_op_defines_is_reported() -> None:
    body = f"%a, %b = nvgpu.ldmatrix %m[%i, %i] {{numTiles = 4 : i32, transpose = false}} : {SHARED} -> vector<4x2xf16>"
    assert _errors(body) == [(1, "op.result-count", "operation defines 1 results but was provided 2 to bind")]


def test_generic_form_may_leave_results_unnamed() -> None:
    body = f'"nvgpu.ldmatrix"(%m, %i, %i) {{numTiles = 4 : i32, transpose = false}} : ({SHARED}, index, index) -> vector<4x2xf16>'
    assert verify_body(body, f"%m: {SHARED}, %i: index") == []
