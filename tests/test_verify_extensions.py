"""Verifiers of the ops beyond today's upstream (tma.async.reduce, stmatrix,
tensormap.replace, tensormap.cp_fenceproxy, fma, mul): rules from the PTX instruction each
becomes, worded like upstream's sibling ops."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import verify_ops
from .verify_support import verify_body

SMEM_TILE = "memref<64x64xf16, 3>"


def _desc(tile: str = SMEM_TILE, swizzle: str = "none", interleave: str = "none") -> str:
    return (f"!nvgpu.tensormap.descriptor<tensor = {tile}, swizzle = {swizzle}, l2promo = none, oob = zero, "
            f"interleave = {interleave}>")


def _check(body: str, args: str) -> list[tuple[int, str, str]]:
    return verify_body(body, args)


def _one(body: str, args: str, code: str, message: str) -> None:
    assert _check(body, args) == [(1, code, message)]


# ---------------------------------------------------------------- nvgpu.tma.async.reduce
def _reduce(kind: str, tile: str = SMEM_TILE, desc: str | None = None, coords: int = 2,
            predicate: bool = False) -> tuple[str, str]:
    desc = desc or _desc(tile)
    indices = ", ".join(["%i"] * coords)
    pred = ", predicate = %p" if predicate else ""
    body = f"nvgpu.tma.async.reduce %s to %d[{indices}] kind = {kind}{pred} : {tile} -> {desc}"
    return body, f"%s: {tile}, %d: {desc}, %i: index, %p: i1"


REDUCE_VALID = [
    _reduce("add"),
    _reduce("max", predicate=True),
    _reduce("min", "memref<8x16xbf16, 3>"),
    _reduce("add", "memref<4x32xf32, 3>"),
    _reduce("inc", "memref<64xi32, 3>", coords=1),
    _reduce("xor", "memref<2x16xi64, 3>"),
    _reduce("add", "memref<64x64xf16, #gpu.address_space<workgroup>>"),
    _reduce("add", "memref<8x64xf16, 3>", _desc("memref<8x64xf16, 3>", swizzle="swizzle_128b")),
]

T = "nvgpu.tma"
REDUCE_INVALID = [
    (*_reduce("min", "memref<4x32xf32, 3>"), f"{T}.reduce-kind",
     "'nvgpu.tma.async.reduce' op reduction kind 'min' does not support element type 'f32'; "
     "cp.reduce.async.bulk.tensor .min takes i32, i64, f16, bf16"),
    (*_reduce("inc", "memref<2x16xi64, 3>"), f"{T}.reduce-kind",
     "'nvgpu.tma.async.reduce' op reduction kind 'inc' does not support element type 'i64'; "
     "cp.reduce.async.bulk.tensor .inc takes i32"),
    (*_reduce("and"), f"{T}.reduce-kind",
     "'nvgpu.tma.async.reduce' op reduction kind 'and' does not support element type 'f16'; "
     "cp.reduce.async.bulk.tensor .and takes i32, i64"),
    (*_reduce("add", "memref<16x64xi8, 3>"), f"{T}.reduce-kind",
     "'nvgpu.tma.async.reduce' op reduction kind 'add' does not support element type 'i8'; "
     "cp.reduce.async.bulk.tensor .add takes i32, i64, f32, f16, bf16"),
    (*_reduce("add", coords=1), f"{T}.coordinate-count",
     "number of coordinates do not match with the rank of tensor descriptor map."),
    (*_reduce("add", coords=6), f"{T}.max-coordinates", "Maximum 5 coordinates are supported."),
    (*_reduce("add", "memref<64x64xbf16, 3>", _desc()), f"{T}.element-type",
     "the element type of tensor map descriptor and memref must be same"),
    (*_reduce("add", "memref<64x64xf16, 1>", _desc()), f"{T}.memref-memory-space",
     "the destination memref has incorrect address space, it must be shared memory address space."),
    (*_reduce("add", "memref<32x64xf16, 3>", _desc()), f"{T}.shape-mismatch",
     "memref and tensor map shapes mismatch 'memref<64x64xf16, 3>' != 'memref<32x64xf16, 3>'"),
    (*_reduce("add", SMEM_TILE, _desc(interleave="interleave_16b")), f"{T}.interleave",
     "Interleave options are not supported yet."),
    (*_reduce("add", SMEM_TILE, _desc(swizzle="swizzle_32b")), f"{T}.swizzle-width",
     "the tensormap descriptor must have last dimension of 32 bytes but it is 128 bytes"),
    (*_reduce("add", "memref<8x4xf16, 3>"), f"{T}.inner-bytes",
     "the bytes in the last dimension of the tensor map must be a multiple of 16"),
]


@pytest.mark.parametrize("body, args", REDUCE_VALID, ids=[str(i) for i in range(len(REDUCE_VALID))])
def test_tma_reduce_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", REDUCE_INVALID,
                         ids=[f"{c[2].rsplit('.', 1)[-1]}-{i}" for i, c in enumerate(REDUCE_INVALID)])
def test_tma_reduce_invalid(body: str, args: str, code: str, message: str) -> None:
    _one(body, args, code, message)


# ---------------------------------------------------------------- nvgpu.stmatrix
def _stmatrix(vector: str = "vector<4x2xf16>", memref: str = "memref<128x128xf16, 3>", tiles: int = 4,
              indices: int = 2, keyword: bool = True) -> tuple[str, str]:
    idx = ", ".join(["%i"] * indices)
    attrs = (f"numTiles = {tiles} transpose = false" if keyword
             else f"{{numTiles = {tiles} : i32, transpose = true}}")
    return f"nvgpu.stmatrix %v, %m[{idx}] {attrs} : {vector} -> {memref}", f"%v: {vector}, %m: {memref}, %i: index"


STMATRIX_VALID = [
    _stmatrix(),
    _stmatrix(keyword=False),
    _stmatrix("vector<1x2xbf16>", "memref<64x64xbf16, #gpu.address_space<workgroup>>", tiles=1),
    _stmatrix("vector<2x2xi16>", "memref<4096xi16, 3>", tiles=2, indices=1),
]

S = "nvgpu.stmatrix"
STMATRIX_INVALID = [
    (*_stmatrix("vector<4x2xbf16>"), f"{S}.element-type",
     "'nvgpu.stmatrix' op failed to verify that source and dstMemref have same element type"),
    (*_stmatrix(memref="memref<128x128xf16>"), f"{S}.shared-memory",
     "expected nvgpu.stmatrix dstMemref must have a memory space attribute of IntegerAttr(3) or "
     "gpu::AddressSpaceAttr(Workgroup)"),
    (*_stmatrix(indices=1), f"{S}.indices", "'nvgpu.stmatrix' op expected 2 indices, got 1"),
    (*_stmatrix("vector<4x1xf32>", "memref<128x128xf32, 3>"), f"{S}.element-width",
     "nvgpu.stmatrix works only at 16b granularity"),
    (*_stmatrix("vector<8xf16>"), f"{S}.vector-rank", "source must be 2 dimensional vector"),
    (*_stmatrix("vector<2x4xf16>", tiles=2), f"{S}.vector-shape", "expected vector register shape[1] = 2"),
    (*_stmatrix("vector<3x2xf16>", tiles=3), f"{S}.num-tiles",
     "'nvgpu.stmatrix' op numTiles must be 1, 2 or 4 (stmatrix .x1/.x2/.x4), but got 3"),
    (*_stmatrix("vector<2x2xf16>", tiles=4), f"{S}.num-tiles",
     "expected vector register shape[0] and numTiles to match"),
]


@pytest.mark.parametrize("body, args", STMATRIX_VALID, ids=[str(i) for i in range(len(STMATRIX_VALID))])
def test_stmatrix_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", STMATRIX_INVALID,
                         ids=[f"{c[2].rsplit('.', 1)[-1]}-{i}" for i, c in enumerate(STMATRIX_INVALID)])
def test_stmatrix_invalid(body: str, args: str, code: str, message: str) -> None:
    _one(body, args, code, message)


# ---------------------------------------------------------------- tensor-map editing
MAP = "memref<128xi8, 3>"


def _replace(field: str, value: str = "%v32", value_type: str = "i32", ordinal: str = "",
             tm: str = MAP, prefix: str = "") -> tuple[str, str]:
    body = f"{prefix}nvgpu.tensormap.replace %tm, {field}{ordinal} = {value} : {tm}, {value_type}"
    return body, f"%tm: {tm}, %v32: i32, %v64: i64"


CONSTANT_3 = "%c = arith.constant 3 : i32\n  "
CONSTANT_9 = "%c = llvm.mlir.constant(9 : i32) : i32\n  "

REPLACE_VALID = [
    _replace("box_dim", ordinal="[1]"),
    _replace("global_address", "%v64", "i64"),
    _replace("global_stride", "%v64", "i64", "[3]", tm="memref<128xi8, 1>"),
    _replace("rank"),
    _replace("swizzle_mode", "%c", prefix=CONSTANT_3),
    _replace("elemtype", "%c", prefix=CONSTANT_9, tm="memref<2x64xi8>"),
]

M = "nvgpu.tensormap"
REPLACE_INVALID = [
    (*_replace("rank", tm="memref<64xi8, 3>"), f"{M}.size",
     "'nvgpu.tensormap.replace' op expected tensorMap to be a 128-byte tensor-map copy, but "
     "'memref<64xi8, 3>' holds 64 bytes"),
    (*_replace("rank", tm="memref<128xi8, 4>"), f"{M}.memory-space",
     "expected nvgpu.tensormap.replace tensorMap must be in global, shared or generic memory "
     "(tensormap.replace .global / .shared::cta)"),
    (*_replace("box_dim"), f"{M}.ordinal",
     "'nvgpu.tensormap.replace' op field 'box_dim' requires a dimension ordinal, e.g. box_dim[0]"),
    (*_replace("rank", ordinal="[0]"), f"{M}.ordinal",
     "'nvgpu.tensormap.replace' op field 'rank' does not take a dimension ordinal"),
    (*_replace("element_stride", ordinal="[5]"), f"{M}.ordinal",
     "'nvgpu.tensormap.replace' op dimension ordinal 5 of field 'element_stride' is out of range [0, 4]"),
    (*_replace("global_stride", ordinal="[0]"), f"{M}.value-type",
     "'nvgpu.tensormap.replace' op field 'global_stride' takes an i64 value, but got 'i32'"),
    (*_replace("global_dim", "%v64", "i64", "[0]"), f"{M}.value-type",
     "'nvgpu.tensormap.replace' op field 'global_dim' takes an i32 value, but got 'i64'"),
    (*_replace("fill_mode"), f"{M}.immediate",
     "'nvgpu.tensormap.replace' op field 'fill_mode' needs a constant new value (PTX tensormap.replace takes an "
     "immediate here)"),
    (*_replace("interleave_layout", "%c", prefix=CONSTANT_3), f"{M}.immediate",
     "'nvgpu.tensormap.replace' op new value 3 of field 'interleave_layout' is out of range [0, 2]"),
]


@pytest.mark.parametrize("body, args", REPLACE_VALID, ids=[str(i) for i in range(len(REPLACE_VALID))])
def test_tensormap_replace_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", REPLACE_INVALID,
                         ids=[f"{c[2].rsplit('.', 1)[-1]}-{i}" for i, c in enumerate(REPLACE_INVALID)])
def test_tensormap_replace_invalid(body: str, args: str, code: str, message: str) -> None:
    found = _check(body, args)
    line = 2 if body.startswith("%c") else 1
    assert found == [(line, code, message)]


def _fenceproxy(src: str) -> tuple[str, str]:
    return (f"nvgpu.tensormap.cp_fenceproxy %s to %d scope = gpu : {src} -> {_desc()}",
            f"%s: {src}, %d: {_desc()}")


@pytest.mark.parametrize("src", [MAP, "memref<128xi8, #gpu.address_space<workgroup>>", "memref<2x16xi32, 3>"])
def test_tensormap_cp_fenceproxy_valid(src: str) -> None:
    assert _check(*_fenceproxy(src)) == []


@pytest.mark.parametrize("src, code, message", [
    ("memref<128xi8, 1>", f"{M}.memory-space",
     "expected nvgpu.tensormap.cp_fenceproxy src must have a memory space attribute of IntegerAttr(3) or "
     "gpu::AddressSpaceAttr(Workgroup)"),
    ("memref<256xi8, 3>", f"{M}.size",
     "'nvgpu.tensormap.cp_fenceproxy' op expected src to be a 128-byte tensor-map copy, but 'memref<256xi8, 3>' "
     "holds 256 bytes"),
])
def test_tensormap_cp_fenceproxy_invalid(src: str, code: str, message: str) -> None:
    _one(*_fenceproxy(src), code, message)


def _create_descriptor(dst: str) -> tuple[str, str]:
    return (f"nvgpu.tensormap.create.descriptor %d to %s : {_desc()} -> {dst}", f"%s: {dst}, %d: {_desc()}")


@pytest.mark.parametrize("dst", [MAP, "memref<128xi8, #gpu.address_space<workgroup>>", "memref<2x16xi32, 3>"])
def test_tensormap_create_descriptor_valid(dst: str) -> None:
    assert _check(*_create_descriptor(dst)) == []


@pytest.mark.parametrize("dst, code, message", [
    ("memref<128xi8>", f"{M}.memory-space",
     "expected nvgpu.tensormap.create.descriptor dst must have a memory space attribute of IntegerAttr(3) or "
     "gpu::AddressSpaceAttr(Workgroup)"),
    ("memref<64xi8, 3>", f"{M}.size",
     "'nvgpu.tensormap.create.descriptor' op expected dst to be a 128-byte tensor-map copy, but 'memref<64xi8, 3>' "
     "holds 64 bytes"),
])
def test_tensormap_create_descriptor_invalid(dst: str, code: str, message: str) -> None:
    _one(*_create_descriptor(dst), code, message)


# ---------------------------------------------------------------- packed f32x2 arithmetic
F32X2_VALID = [
    ("%o = nvgpu.fma %a, %a, %a : vector<2xf32>", "%a: vector<2xf32>"),
    ("%o = nvgpu.fma %a, %a, %a <{rnd = #nvvm.fp_rnd_mode<rz>, ftz}> : vector<2xf32>", "%a: vector<2xf32>"),
    ("%o = nvgpu.mul %a, %a {rnd = #nvvm.fp_rnd_mode<rp>} : vector<2xf32>", "%a: vector<2xf32>"),
]

F32X2_INVALID = [
    ("%o = nvgpu.fma %a, %a, %a : vector<4xf32>", "%a: vector<4xf32>", "nvgpu.f32x2.type",
     "'nvgpu.fma' op operand #0 must be vector of 32-bit float values of length 2, but got 'vector<4xf32>'"),
    ("%o = nvgpu.mul %a, %a : vector<2xf16>", "%a: vector<2xf16>", "nvgpu.f32x2.type",
     "'nvgpu.mul' op operand #0 must be vector of 32-bit float values of length 2, but got 'vector<2xf16>'"),
    ('%o = "nvgpu.mul"(%a, %q) : (vector<2xf32>, vector<2xf64>) -> vector<2xf32>',
     "%a: vector<2xf32>, %q: vector<2xf64>", "nvgpu.f32x2.type",
     "'nvgpu.mul' op operand #1 must be vector of 32-bit float values of length 2, but got 'vector<2xf64>'"),
    ('%o = "nvgpu.fma"(%a, %a, %a) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<1x2xf32>',
     "%a: vector<2xf32>", "nvgpu.f32x2.type",
     "'nvgpu.fma' op result #0 must be vector of 32-bit float values of length 2, but got 'vector<1x2xf32>'"),
]


@pytest.mark.parametrize("body, args", F32X2_VALID)
def test_f32x2_valid(body: str, args: str) -> None:
    assert _check(body, args) == []


@pytest.mark.parametrize("body, args, code, message", F32X2_INVALID)
def test_f32x2_invalid(body: str, args: str, code: str, message: str) -> None:
    _one(body, args, code, message)


def test_diagnostics_point_at_what_is_wrong() -> None:
    body, args = _stmatrix(memref="memref<128x128xf16>")
    text = f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"
    (diag,) = verify_ops(Document(text))
    assert text[diag.start:diag.end] == "memref<128x128xf16>"
    body, args = _replace("fill_mode")
    text = f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"
    (diag,) = verify_ops(Document(text))
    assert text[diag.start:diag.end] == "%v32"
    assert diag.related and "%v32" in diag.related[0].message
