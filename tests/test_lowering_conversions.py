"""The float conversion patterns: nvgpu.extf / nvgpu.truncf (compared line by line with upstream's
own conversion) and the pre-merge nvgpu.convert.fpext / fptrunc / float spellings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .lowering_support import assert_upstream_accepts, lower, lower_result, upstream_lowering
from .lowering_support import generated_ops as ops


def kernel(op: str, source: str, result: str, attrs: str = "", rbits: bool = False) -> str:
    extra = ", %r" if rbits else ""
    return (f"func.func @f(%a: {source}, %r: i32) -> {result} {{\n"
            f"  %0 = {op} %a{extra} {attrs} : {source} to {result}\n"
            f"  return %0 : {result}\n}}\n")


def assert_matches_upstream(op: str, source: str, result: str, attrs: str = "", rbits: bool = False) -> str:
    text = kernel(op, source, result, attrs, rbits)
    ours = lower(text)
    assert ops(ours) == ops(upstream_lowering(text))
    assert_upstream_accepts(ours)
    return ours


@pytest.mark.parametrize("source, result, packed", [
    ("vector<8xf8E4M3FN>", "vector<8xf16>", "nvvm.convert.f8x2.to.f16x2"),
    ("vector<8xf8E5M2>", "vector<8xf16>", "nvvm.convert.f8x2.to.f16x2"),
    ("vector<4xf8E4M3FN>", "vector<4xbf16>", "nvvm.convert.f8x2.to.bf16x2"),
    ("vector<8xf8E8M0FNU>", "vector<8xbf16>", "nvvm.convert.f8x2.to.bf16x2"),
    ("vector<4xf8E8M0FNU>", "vector<4xf32>", "nvvm.convert.f8x2.to.bf16x2"),
    ("vector<8xf6E2M3FN>", "vector<8xf16>", "nvvm.convert.f6x2.to.f16x2"),
    ("vector<4xf6E3M2FN>", "vector<4xbf16>", "nvvm.convert.f6x2.to.bf16x2"),
    ("vector<16xf4E2M1FN>", "vector<16xf16>", "nvvm.convert.f4x2.to.f16x2"),
    ("vector<8xf4E2M1FN>", "vector<8xbf16>", "nvvm.convert.f4x2.to.bf16x2"),
    ("vector<4xf8E4M3FN>", "vector<4xf64>", "nvvm.convert.f8x2.to.f16x2"),
])
def test_extf_narrow_sources_use_packed_converts_like_upstream(source, result, packed):
    text = assert_matches_upstream("nvgpu.extf", source, result)
    assert packed in text


@pytest.mark.parametrize("source, result", [
    ("vector<4xf16>", "vector<4xf32>"), ("vector<4xbf16>", "vector<4xf64>"), ("vector<3xf32>", "vector<3xf64>"),
])
def test_extf_wide_sources_are_fpext(source, result):
    text = assert_matches_upstream("nvgpu.extf", source, result)
    assert "llvm.fpext" in text and "nvvm.convert" not in text


@pytest.mark.parametrize("source, result", [
    ("f8E4M3FN", "f16"), ("vector<2x4xf8E4M3FN>", "vector<2x4xf32>"), ("vector<3xf8E5M2>", "vector<3xf16>"),
    ("vector<3x1xf6E3M2FN>", "vector<3x1xf16>"), ("vector<2xf4E2M1FN>", "vector<2xf32>"),
])
def test_extf_scalars_nd_and_unaligned_vectors_are_reshaped_like_upstream(source, result):
    text = assert_matches_upstream("nvgpu.extf", source, result)
    assert "vector." in text


def test_extf_relu_reaches_every_convert():
    text = assert_matches_upstream("nvgpu.extf", "vector<4xf6E2M3FN>", "vector<4xf16>", "{relu = true}")
    converts = [line for line in text.splitlines() if "nvvm.convert" in line]
    assert len(converts) == 2 and all("{relu = true}" in line for line in converts)


@pytest.mark.parametrize("source, result, attrs, expect", [
    ("vector<4xf32>", "vector<4xf16>", "", "rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>}"),
    ("vector<8xf32>", "vector<8xbf16>", "{rnd = #nvvm.fp_rnd_mode<rz>}", "rnd = #nvvm.fp_rnd_mode<rz>, sat"),
    ("vector<4xf32>", "vector<4xbf16>", "{sat = #nvvm.sat_mode<none>, relu = true}",
     "{relu = true, rnd = #nvvm.fp_rnd_mode<rn>}"),
    ("vector<8xf32>", "vector<8xf8E4M3FN>", "", "nvvm.convert.f32x2.to.f8x2"),
    ("vector<8xf16>", "vector<8xf8E5M2>", "{relu = true}", "nvvm.convert.f16x2.to.f8x2"),
    ("vector<4xbf16>", "vector<4xf8E8M0FNU>", "{rnd = #nvvm.fp_rnd_mode<rz>}", "rnd = #nvvm.fp_rnd_mode<rz>"),
    ("vector<8xf32>", "vector<8xf8E8M0FNU>", "{rnd = #nvvm.fp_rnd_mode<rp>}", "i16(f8E8M0FNU)"),
    ("vector<8xf32>", "vector<8xf6E2M3FN>", "", "nvvm.convert.f32x2.to.f6x2"),
    ("vector<8xbf16>", "vector<8xf6E3M2FN>", "", "nvvm.convert.bf16x2.to.f6x2"),
    ("vector<8xf32>", "vector<8xf4E2M1FN>", "{relu = true}", "nvvm.convert.f32x2.to.f4x2"),
    ("vector<8xf16>", "vector<8xf4E2M1FN>", "", "i8(f4E2M1FN)"),
])
def test_truncf_packs_pairs_with_upstreams_attributes(source, result, attrs, expect):
    text = assert_matches_upstream("nvgpu.truncf", source, result, attrs)
    assert expect in text


def test_truncf_stochastic_rounding_passes_random_bits():
    text = assert_matches_upstream("nvgpu.truncf", "vector<4xf32>", "vector<4xf16>", "{rnd = #nvvm.fp_rnd_mode<rs>}",
                                   rbits=True)
    assert text.count(", %r {rnd = #nvvm.fp_rnd_mode<rs>") == 2


@pytest.mark.parametrize("source, result", [
    ("vector<4xf64>", "vector<4xf32>"), ("vector<2xf64>", "vector<2xbf16>"), ("vector<4xf64>", "vector<4xf8E4M3FN>"),
    ("f32", "f16"), ("f64", "f32"), ("vector<4x2xf32>", "vector<4x2xf8E4M3FN>"), ("vector<3xf16>", "vector<3xf8E4M3FN>"),
    ("vector<3x1xf32>", "vector<3x1xf16>"),
])
def test_truncf_f64_scalars_and_shapes_like_upstream(source, result):
    assert_matches_upstream("nvgpu.truncf", source, result)


def test_truncf_f32_to_fp8_without_satfinite_is_refused_as_upstream_does():
    result = lower_result(kernel("nvgpu.truncf", "vector<4xf32>", "vector<4xf8E5M2>", "{sat = #nvvm.sat_mode<none>}"))
    assert result.text is None
    assert any("SATFINITE" in d.message or "sat" in d.message for d in result.diagnostics)


@pytest.mark.parametrize("op, twin, source, result, attrs", [
    ("nvgpu.convert.fpext", "nvgpu.extf", "vector<8xf8E4M3FN>", "vector<8xf16>", ""),
    ("nvgpu.convert.fpext", "nvgpu.extf", "vector<4xf6E2M3FN>", "vector<4xf32>", ""),
    ("nvgpu.convert.fptrunc", "nvgpu.truncf", "vector<8xf32>", "vector<8xf8E4M3FN>", ""),
    ("nvgpu.convert.fptrunc", "nvgpu.truncf", "vector<4xf32>", "vector<4xbf16>", "{rnd = #nvvm.fp_rnd_mode<rz>}"),
    ("nvgpu.convert.float", "nvgpu.extf", "vector<8xf8E8M0FNU>", "vector<8xbf16>", ""),
    ("nvgpu.convert.float", "nvgpu.truncf", "vector<8xf32>", "vector<8xf16>", ""),
])
def test_pre_merge_spellings_lower_as_their_merged_op(op, twin, source, result, attrs):
    ours = lower(kernel(op, source, result, attrs))
    assert ops(ours) == ops(upstream_lowering(kernel(twin, source, result, attrs)))
    assert_upstream_accepts(ours)


def test_packed_kind_keeps_each_e2m3_code_in_a_byte():
    text = lower(kernel("nvgpu.convert.fptrunc", "vector<8xf32>", "vector<8xi8>",
                        "{packed_kind = #nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3>}"))
    assert "nvvm.convert.f32x2.to.f6x2" in text
    assert "to vector<8xi8>" in text and "llvm.trunc" not in text
    assert_upstream_accepts(text)


@pytest.mark.parametrize("kind, convert, widened", [
    ("u6_unpack_u8_e3m2", "nvvm.convert.f32x2.to.f6x2", False),
    ("u4_unpack_u8_e2m1", "nvvm.convert.f32x2.to.f4x2", True),
])
def test_every_one_byte_per_code_packing_keeps_its_formats_codes_a_byte_each(kind, convert, widened):
    text = lower(kernel("nvgpu.convert.fptrunc", "vector<8xf32>", "vector<8xi8>",
                        f"{{packed_kind = #nvgpu.subbytes_packedkind<{kind}>}}"))
    assert convert in text and "llvm.trunc" not in text
    assert ("llvm.zext" in text and "vector<8xi4> to vector<8xi8>" in text) == widened
    assert_upstream_accepts(text)


def test_compact_packing_is_the_plain_float_result():
    packed = lower(kernel("nvgpu.convert.fptrunc", "vector<8xf32>", "vector<8xf4E2M1FN>",
                          "{packed_kind = #nvgpu.subbytes_packedkind<compact>}"))
    plain = lower(kernel("nvgpu.convert.fptrunc", "vector<8xf32>", "vector<8xf4E2M1FN>", ""))
    assert ops(packed) == ops(plain)


def test_conversion_kernel_file_lowers_and_upstream_accepts_it():
    text = (Path(__file__).parent / "data" / "lowering" / "arith_conversions.mlir").read_text()
    lowered = lower(text)
    assert "nvgpu." not in re.sub(r"//.*", "", lowered)
    assert_upstream_accepts(lowered)
