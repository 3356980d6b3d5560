"""The tensor-map editing patterns: tensormap.replace (nvvm.tensormap.replace) and
tensormap.cp_fenceproxy (inline PTX). Upstream has neither nvgpu op, so the checks are on the
text and on upstream parsing and verifying it."""

from __future__ import annotations

import pytest

from .lowering_support import assert_upstream_accepts, lower

SPACES = {
    "shared": "memref<128xi8, #gpu.address_space<workgroup>>",
    "global": "memref<128xi8, #gpu.address_space<global>>",
    "generic": "memref<128xi8>",
}


def kernel(body: str, ptx: str = "83") -> str:
    return f"""\
!tm = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx{ptx}">] {{
  gpu.func @k(%t: !tm, %smem: {SPACES["shared"]}, %gmem: {SPACES["global"]}, %any: {SPACES["generic"]},
              %v32: i32, %v64: i64) kernel {{
    {body}
    gpu.return
  }}
}}
"""


MAPS = {"shared": "%smem", "global": "%gmem", "generic": "%any"}
POINTERS = {"shared": "!llvm.ptr<3>", "global": "!llvm.ptr<1>", "generic": "!llvm.ptr<1>"}


@pytest.mark.parametrize("space", ["shared", "global", "generic"])
@pytest.mark.parametrize("field, value, spelled", [
    ("global_address", "%v64", "global_address"),
    ("rank", "%v32", "rank"),
    ("box_dim[0]", "%v32", "box_dim[0]"),
    ("global_dim[4]", "%v32", "global_dim[4]"),
    ("global_stride[2]", "%v64", "global_stride[2]"),
    ("element_stride[1]", "%v32", "element_stride[1]"),
])
def test_replace_of_a_value_field_passes_the_new_value(space, field, value, spelled):
    width = "i64" if value == "%v64" else "i32"
    text = lower(kernel(f"nvgpu.tensormap.replace {MAPS[space]}, {field} = {value} : {SPACES[space]}, {width}"))
    assert f"nvvm.tensormap.replace field = {spelled}, new_value = {value} in %" in text
    assert f": {POINTERS[space]}, {width} loc(" in text
    assert_upstream_accepts(text)


def test_replace_in_generic_memory_casts_the_address_to_global():
    text = lower(kernel(f"nvgpu.tensormap.replace %any, rank = %v32 : {SPACES['generic']}, i32"))
    assert "llvm.addrspacecast %" in text and ": !llvm.ptr to !llvm.ptr<1>" in text


@pytest.mark.parametrize("field, code, attribute", [
    ("elemtype", 0, "#nvvm.tensormap_elemtype<u8>"),
    ("elemtype", 8, "#nvvm.tensormap_elemtype<f32.ftz>"),
    ("elemtype", 10, "#nvvm.tensormap_elemtype<bf16>"),
    ("elemtype", 15, "#nvvm.tensormap_elemtype<b6x16_p32>"),
    ("interleave_layout", 0, "#nvvm.tensormap_interleave_layout<no_interleave>"),
    ("interleave_layout", 2, "#nvvm.tensormap_interleave_layout<b32>"),
    ("swizzle_mode", 0, "#nvvm.tensormap_swizzle_mode<no_swizzling>"),
    ("swizzle_mode", 3, "#nvvm.tensormap_swizzle_mode<b128>"),
    ("fill_mode", 0, "#nvvm.tensormap_fill_mode<zero>"),
    ("fill_mode", 1, "#nvvm.tensormap_fill_mode<oob_nan>"),
])
@pytest.mark.parametrize("space", ["shared", "global"])
def test_replace_of_an_enum_field_writes_the_case_of_its_constant_code(field, code, attribute, space):
    body = (f"%c = arith.constant {code} : i32\n    "
            f"nvgpu.tensormap.replace {MAPS[space]}, {field} = %c : {SPACES[space]}, i32")
    text = lower(kernel(body))
    assert f"nvvm.tensormap.replace field = {field}, new_value = {attribute} in %" in text
    assert_upstream_accepts(text)


def test_replace_of_swizzle_atomicity_on_sm_100a():
    body = ("%c = arith.constant 2 : i32\n    "
            f"nvgpu.tensormap.replace %smem, swizzle_atomicity = %c : {SPACES['shared']}, i32")
    source = kernel(body, ptx="86").replace('chip = "sm_90a"', 'chip = "sm_100a"')
    text = lower(source)
    assert "new_value = #nvvm.tensormap_swizzle_atomicity<b32_flip_b8>" in text
    assert_upstream_accepts(text)


def test_replace_of_a_subview_addresses_the_copy_at_its_offset():
    body = ("%big = memref.alloca() : memref<256xi8, #gpu.address_space<workgroup>>\n    "
            "%half = memref.subview %big[128] [128] [1] : memref<256xi8, #gpu.address_space<workgroup>> to "
            "memref<128xi8, strided<[1], offset: 128>, #gpu.address_space<workgroup>>\n    "
            "nvgpu.tensormap.replace %half, box_dim[1] = %v32 : "
            "memref<128xi8, strided<[1], offset: 128>, #gpu.address_space<workgroup>>, i32")
    text = lower(kernel(body))
    assert "llvm.mlir.constant(128 : index) : i64" in text and "llvm.getelementptr" in text
    assert_upstream_accepts(text)


@pytest.mark.parametrize("scope", ["cta", "cluster", "gpu", "sys"])
def test_cp_fenceproxy_is_the_inline_instruction_of_its_scope(scope):
    text = lower(kernel(f"nvgpu.tensormap.cp_fenceproxy %smem to %t scope = {scope} : {SPACES['shared']} -> !tm"))
    assert (f'llvm.inline_asm has_side_effects asm_dialect = att "tensormap.cp_fenceproxy.global.shared::cta.'
            f'tensormap::generic.release.{scope}.sync.aligned [$0], [$1], 128;", "l,r" %') in text
    assert ": (!llvm.ptr<1>, !llvm.ptr<3>) -> ()" in text
    assert ": !llvm.ptr to !llvm.ptr<1>" in text
    assert_upstream_accepts(text)


def test_create_descriptor_copies_the_map_into_shared_memory_16_bytes_at_a_time():
    text = lower(kernel(f"nvgpu.tensormap.create.descriptor %t to %smem : !tm -> {SPACES['shared']}"))
    loads = [line for line in text.splitlines() if "llvm.load" in line]
    stores = [line for line in text.splitlines() if "llvm.store" in line]
    assert len(loads) == len(stores) == 8
    assert all("{alignment = 16 : i64} : !llvm.ptr -> vector<4xi32>" in line for line in loads)
    assert all("{alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>" in line for line in stores)
    assert text.count("llvm.getelementptr") == 2 * 7 and "[112] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8" in text
    assert_upstream_accepts(text)
