"""bf16 <-> fp8 (e4m3 / e5m2): nvgpu.extf to bf16 and nvgpu.truncf from bf16 lower op for op as
upstream's convert-nvgpu-to-nvvm does (the bindings), through nvvm.convert.f8x2.to.bf16x2 and
nvvm.convert.bf16x2.to.f8x2; bf16 -> fp8 without satfinite is refused as upstream refuses it."""

from __future__ import annotations

import pytest

from .lowering_support import assert_upstream_accepts, bindings, lower, lower_result, upstream_lowering
from .lowering_support import generated_ops as ops

NO_SATFINITE = ("Only SATFINITE saturation mode is supported for conversions from bf16x2 to 'f8E4M3FN' and "
                "'f8E5M2' types")


def kernel(op: str, source: str, result: str, attrs: str = "") -> str:
    return (f"func.func @f(%a: {source}) -> {result} {{\n"
            f"  %0 = {op} %a {attrs} : {source} to {result}\n"
            f"  return %0 : {result}\n}}\n")


@pytest.mark.parametrize("op, source, result, attrs, packed", [
    ("nvgpu.extf", "vector<4xf8E4M3FN>", "vector<4xbf16>", "", "nvvm.convert.f8x2.to.bf16x2"),
    ("nvgpu.extf", "f8E5M2", "bf16", "", "(f8E5M2) -> vector<2xbf16>"),
    ("nvgpu.extf", "vector<3xf8E5M2>", "vector<3xbf16>", "", "nvvm.convert.f8x2.to.bf16x2"),
    ("nvgpu.extf", "vector<2x4xf8E4M3FN>", "vector<2x4xbf16>", "", "(f8E4M3FN) -> vector<2xbf16>"),
    ("nvgpu.truncf", "vector<4xbf16>", "vector<4xf8E4M3FN>", "",
     "nvvm.convert.bf16x2.to.f8x2 % {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>}"),
    ("nvgpu.truncf", "bf16", "f8E5M2", "{relu = true}", "{relu = true, rnd = #nvvm.fp_rnd_mode<rn>, sat"),
    ("nvgpu.truncf", "vector<3xbf16>", "vector<3xf8E5M2>", "", "-> i16(f8E5M2)"),
    ("nvgpu.truncf", "vector<2x2xbf16>", "vector<2x2xf8E4M3FN>", "{relu = true}", "-> i16(f8E4M3FN)"),
])
def test_bf16_fp8_conversions_lower_like_upstream(op: str, source: str, result: str, attrs: str,
                                                  packed: str) -> None:
    text = kernel(op, source, result, attrs)
    ours = lower(text)
    assert ops(ours) == ops(upstream_lowering(text))
    assert_upstream_accepts(ours)
    assert any(packed in line for line in ops(ours))


def test_truncf_bf16_to_fp8_without_satfinite_is_refused_as_upstream_refuses_it() -> None:
    text = kernel("nvgpu.truncf", "vector<4xbf16>", "vector<4xf8E5M2>", "{sat = #nvvm.sat_mode<none>}")
    upstream = bindings(text, "builtin.module(convert-nvgpu-to-nvvm)")
    assert not upstream["ok"] and NO_SATFINITE in upstream["error"]
    result = lower_result(text)
    assert result.text is None
    assert any(NO_SATFINITE in d.message for d in result.diagnostics)
