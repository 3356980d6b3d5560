"""The cp.async patterns: device_async_copy, device_async_create_group, device_async_wait."""

from __future__ import annotations

import pytest

from .lowering_support import assert_upstream_accepts, lower, op_names, upstream_lowering

KERNEL = """\
gpu.module @m {{
  gpu.func @k(%g: memref<128x128xf16>, %i: index, %n: index) kernel {{
    %s = memref.alloc() : memref<64x64xf16, 3>
    %t = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], {elements}{extra} {attrs}: memref<128x128xf16> to memref<64x64xf16, 3>
    %g0 = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g0 {wait}
    gpu.return
  }}
}}
"""


def kernel(elements: int = 8, extra: str = "", attrs: str = "{bypassL1} ", wait: str = "{numGroups = 1 : i32}") -> str:
    return KERNEL.format(elements=elements, extra=extra, attrs=attrs, wait=wait)


@pytest.mark.parametrize("elements, attrs, cache, size", [
    (8, "{bypassL1} ", "cg", 16),
    (8, "", "ca", 16),
    (4, "", "ca", 8),
    (2, "", "ca", 4),
])
def test_copy_size_and_cache_follow_elements_and_bypass(elements, attrs, cache, size):
    text = lower(kernel(elements, attrs=attrs))
    assert "nvvm.cp.async.shared.global %" in text
    assert f", {size}, cache = {cache} :" in text
    assert_upstream_accepts(text)


def test_src_elements_becomes_the_zero_fill_byte_count():
    text = lower(kernel(8, extra=", %n", attrs="{bypassL1} "))
    assert "llvm.trunc" in text and "llvm.lshr" in text
    assert "cache = cg, %" in text
    assert_upstream_accepts(text)


def test_wait_defaults_to_zero_groups():
    text = lower(kernel(wait=""))
    assert "nvvm.cp.async.wait.group 0" in text


def test_ops_match_upstream_conversion():
    source = kernel(8, extra=", %n")
    ours = [n for n in op_names(lower(source)) if n.startswith(("nvvm.", "llvm."))]
    theirs = [n for n in op_names(upstream_lowering(source)) if n.startswith(("nvvm.", "llvm."))]
    assert ours == theirs


def test_every_generated_op_points_back_at_its_source_line():
    text = lower(kernel())
    lines = [line for line in text.splitlines() if "nvvm." in line or "llvm." in line]
    assert lines and all('loc("test.mlir":' in line for line in lines)
    assert any('loc("test.mlir":4:5)' in line for line in lines)
    assert any('loc("test.mlir":6:5)' in line for line in lines)
