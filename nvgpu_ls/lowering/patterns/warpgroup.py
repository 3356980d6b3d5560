"""wgmma: ``warpgroup.generate.descriptor``, ``warpgroup.mma``, ``warpgroup.mma.store`` and
``warpgroup.mma.init.accumulator``.

Each pattern writes the ops upstream's ``convert-nvgpu-to-nvvm`` writes, in the same order
and with the same constants, so that both engines hand LLVM the same instructions. The
numbers follow upstream's arithmetic exactly, quirks included: descriptor offsets count
16-byte units (the 4 low bits are dropped) and an element's byte size is its MLIR bit width / 8
(19 / 8 = 2 for tf32).

One place departs from upstream on purpose: ``mma.store`` puts the accumulator's 64-row block
i at row 64 * i. Upstream moves each further block down by the member count of the previous
block's struct (N / 2 for an f32 accumulator N columns wide), which is 64 only when N is 128:
for a 128x64 accumulator its second block lands on rows 32-95, over half of the first, and
rows 96-127 are never written. That was seen on an H200 (``tools/run_kernels_on_gpu.py``: the
128x64 Hopper GEMM of ``tests/data/ptx`` gave three quarters of its rows wrong through
upstream's PTX and all of them right through ours); the PTX differential names the cases
where the two engines differ for this reason.
"""

from __future__ import annotations

from typing import cast

from ...analysis.values import (
    FloatType, IndexType, IntegerType, LLVMStructType, MemRefType, TensorMapDescriptorType, Type,
    WarpgroupAccumulatorType, WarpgroupDescriptorType,
)
from ...dialects.instance_forms import instance_form
from ..builder import Builder, Value
from ..llvm_types import I32, I64
from ..memref_access import element_pointer
from . import pattern

WGMMA_M = 64
"""Rows of one wgmma instruction (kWgmmaSizeM)."""
EXCLUDE_4LSB = 4
"""Descriptor fields hold byte offsets without their 4 low bits."""
WARP_SIZE = 32
_INDEX = IndexType()

SWIZZLE_BYTES = {"swizzle_128b": 128, "swizzle_64b": 64, "swizzle_32b": 32}
"""The swizzle span in bytes (upstream's ``layout``; 1 for no swizzle)."""


def descriptor_fields(swizzle: str, layout_code: int, rows: int) -> dict[str, int]:
    """The constant fields of a wgmma matrix descriptor for a tensor map with ``swizzle`` whose
    tile has ``rows`` rows (dim 0): layout code (bits 62-63), base offset (49-51), stride byte
    offset (32-45) and leading byte offset (16-29), each as upstream computes it."""
    span = SWIZZLE_BYTES.get(swizzle, 1)
    return {"layout": layout_code, "base_offset": 0, "stride": (span << 3) >> EXCLUDE_4LSB,
            "leading": (rows * span) >> EXCLUDE_4LSB}


def element_bytes(element: Type) -> int:
    """``getIntOrFloatBitWidth() / 8`` as upstream computes it: tf32 counts 19 bits."""
    if isinstance(element, FloatType) and element.name == "tf32":
        return 19 // 8
    if isinstance(element, (FloatType, IntegerType)):
        return element.width // 8
    raise ValueError(f"no bit width for {element}")


# ---------------------------------------------------------------- generate.descriptor
@pattern("nvgpu.warpgroup.generate.descriptor")
def lower_generate_descriptor(b: Builder) -> None:
    """The 64-bit descriptor in i64 arithmetic: the stride and leading-offset constants, the
    tile's address (``llvm.ptrtoint`` of its first element) cut to bits [4, 18) by shl 46 /
    lshr 50, then ``0 | layout << 62 | 0 << 49 | stride << 32 | leading << 16 | address``,
    each field shifted and or-ed in that order (upstream's ``insertBit`` chain)."""
    tmap = b.source("tensorMap").type
    tile_type = b.source("tensor").type
    if not isinstance(tmap, TensorMapDescriptorType) or not isinstance(tmap.tensor, MemRefType):
        b.fail("generate.descriptor needs a !nvgpu.tensormap.descriptor with a memref tensor")
    if not isinstance(tile_type, MemRefType):
        b.fail("generate.descriptor lowers only a memref tile")
    rows = tmap.tensor.shape[0] if tmap.tensor.shape else None
    if rows is None:
        b.fail("the tensor map's tile has no static first dimension")
    form = instance_form(b.op, b.run.doc)
    layout_code = form.params.get("layout") if form is not None else None
    if not isinstance(layout_code, int):
        b.fail(f"no wgmma layout code for swizzle '{tmap.swizzle}'")
    fields = descriptor_fields(tmap.swizzle, layout_code, rows)

    def const(value: int) -> Value:
        return b.constant(value, I64)

    def shl(value: Value, shift: int) -> Value:
        return b.value(f"llvm.shl {value}, {const(shift)} : i64", I64)

    def insert(desc: Value, field: Value, start_bit: int) -> Value:
        return b.value(f"llvm.or {desc}, {shl(field, start_bit)} : i64", I64)

    stride = const(fields["stride"])
    leading = const(fields["leading"])
    address = element_pointer(b, b.operand("tensor"), tile_type, [])
    as_int = b.value(f"llvm.ptrtoint {address} : {address.type} to i64", I64)
    low_bits = b.value(f"llvm.lshr {shl(as_int, 46)}, {const(50)} : i64", I64)
    desc = const(0)
    desc = insert(desc, const(fields["layout"]), 62)
    desc = insert(desc, const(fields["base_offset"]), 49)
    desc = insert(desc, stride, 32)
    desc = insert(desc, leading, 16)
    desc = insert(desc, low_bits, 0)
    b.replace(desc)


# ---------------------------------------------------------------- mma
@pattern("nvgpu.warpgroup.mma")
def lower_warpgroup_mma(b: Builder) -> None:
    """``nvvm.wgmma.fence.aligned``; for each 64-row block i of the accumulator (extracted
    from its struct) and each K step k, one ``nvvm.wgmma.mma_async`` m64nNkK on descriptors
    moved by ``llvm.add`` (A: (K_step * k + K * K_A * i) * bytes >> 4, B: rows_B * K_step * k *
    bytes >> 4, no add when 0), each taking the previous one's result; the blocks inserted into
    a poison struct; ``nvvm.wgmma.commit.group.sync.aligned``; ``nvvm.wgmma.wait.group.sync.aligned
    waitGroup``. Layouts: A col with transposeA, B row with transposeB (col otherwise)."""
    desc_a, desc_b = b.source("descriptorA").type, b.source("descriptorB").type
    acc = b.source("matrixC").type
    if not (isinstance(desc_a, WarpgroupDescriptorType) and isinstance(desc_b, WarpgroupDescriptorType)
            and isinstance(desc_a.tensor, MemRefType) and isinstance(desc_b.tensor, MemRefType)
            and isinstance(acc, WarpgroupAccumulatorType)):
        b.fail("warpgroup.mma needs warpgroup descriptors of memrefs and a warpgroup accumulator")
    tile_a, tile_b = desc_a.tensor, desc_b.tensor
    if None in tile_a.shape or None in tile_b.shape or len(tile_a.shape) != 2 or len(tile_b.shape) != 2:
        b.fail("warpgroup.mma needs static 2-D tiles")
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific:
        b.fail("cannot tell the wgmma instruction of this warpgroup.mma (element types or shapes unknown)")
    _, size_n, step = cast("tuple[int, int, int]", form.params["shape"])
    type_a, type_b, type_d = form.params["typeA"], form.params["typeB"], form.params["typeD"]
    wait = form.params["waitGroup"]
    (total_m, total_k), (rows_b, total_n) = tile_a.shape, tile_b.shape
    # static: checked above
    assert total_m is not None and total_k is not None and rows_b is not None and total_n is not None
    blocks, n_steps, k_steps = total_m // WGMMA_M, total_n // size_n, total_k // step
    try:
        bytes_a, bytes_b = element_bytes(tile_a.element), element_bytes(tile_b.element)
    except ValueError as exc:
        b.fail(str(exc))
    layout_a = "col" if b.view.unit("transposeA") else "row"
    layout_b = "row" if b.view.unit("transposeB") else "col"

    acc_value = b.operand("matrixC")
    outer = acc_value.type
    if not isinstance(outer, LLVMStructType) or not outer.body:
        b.fail(f"no LLVM struct for the accumulator {acc}")
    start_a, start_b = b.operand("descriptorA"), b.operand("descriptorB")

    def advance(desc: Value, increment: int) -> Value:
        if not increment:
            return desc
        offset = b.value(f"llvm.mlir.constant({increment} : i32) : i64", I64)
        return b.value(f"llvm.add {desc}, {offset} : i64", I64)

    b.emit("nvvm.wgmma.fence.aligned")
    result = b.value(f"llvm.mlir.poison : {outer}", outer)
    blocks_done: list[Value] = []
    for i in range(blocks):
        inner = outer.body[i]
        matrix = b.value(f"llvm.extractvalue {acc_value}[{i}] : {outer}", inner)
        for _ in range(n_steps):
            for k in range(k_steps):
                # upstream's offset of row block i is K x K x i (its tileShapeA is A's K), which is
                # 64 rows of A only where K = 64
                a = advance(start_a, ((step * k) + (total_k * total_k * i)) * bytes_a >> EXCLUDE_4LSB)
                b_desc = advance(start_b, (rows_b * step * k * bytes_b) >> EXCLUDE_4LSB)
                matrix = b.value(
                    f"nvvm.wgmma.mma_async {a}, {b_desc}, {matrix}, <m = {WGMMA_M}, n = {size_n}, k = {step}>, "
                    f"D[<{type_d}>, <one>, <wrapped>], A[<{type_a}>, <one>, <{layout_a}>], "
                    f"B[<{type_b}>, <one>, <{layout_b}>] : {inner} -> {inner}", inner)
        blocks_done.append(matrix)
    for index, matrix in enumerate(blocks_done):
        result = b.value(f"llvm.insertvalue {matrix}, {result}[{index}] : {outer}", outer)
    b.emit("nvvm.wgmma.commit.group.sync.aligned")
    b.emit(f"nvvm.wgmma.wait.group.sync.aligned {wait}")
    b.replace(result)


# ---------------------------------------------------------------- mma.store
@pattern("nvgpu.warpgroup.mma.store")
def lower_warpgroup_mma_store(b: Builder) -> None:
    """Per 64-row block of the accumulator (``llvm.extractvalue``), each thread's share with
    ``memref.store``: lane = tid.x % 32, warp = tid.x / 32, row = lane / 4 + warp * 16
    (+ 64 for each block before it), col = (lane % 4) * 2; for each of the two stacked 8-row halves h and
    each 8-column group j, members 2h + 4j and 2h + 4j + 1 go to [row + 8h][col + 8j] and
    [row + 8h][col + 8j + 1] (i32 arithmetic, ``arith.index_cast`` to index). The stores
    address the destination memref as written: ``memref.store`` is lowered later."""
    dst = b.source("dstMemref")
    if not isinstance(dst.type, MemRefType):
        b.fail("warpgroup.mma.store lowers only into a memref")
    acc_value = b.operand("matrixD")
    outer = acc_value.type
    if not isinstance(outer, LLVMStructType) or not outer.body:
        b.fail(f"no LLVM struct for the accumulator {b.source('matrixD').type}")
    for index, inner in enumerate(outer.body):
        if not isinstance(inner, LLVMStructType) or inner.body is None:
            b.fail(f"the accumulator struct {outer} does not hold structs")
        block = b.value(f"llvm.extractvalue {acc_value}[{index}] : {outer}", inner)
        _store_block(b, block, dst.use.name, dst.type, index * WGMMA_M)


def _store_block(b: Builder, block: Value, memref: str, memref_type: MemRefType, offset: int) -> None:
    """The stores of one 64-row block (upstream's ``storeFragmentedMatrix``)."""
    def const(value: int) -> Value:
        return b.constant(value, I32)

    def binary(op: str, lhs: Value, rhs: Value) -> Value:
        return b.value(f"llvm.{op} {lhs}, {rhs} : i32", I32)

    def index_cast(value: Value) -> Value:
        return b.value(f"arith.index_cast {value} : i32 to index", _INDEX)

    c1, c2, c4, c8, c16, warp_size = (const(v) for v in (1, 2, 4, 8, 16, WARP_SIZE))
    tid = b.value("nvvm.read.ptx.sreg.tid.x : i32", I32)
    lane = binary("urem", tid, warp_size)
    warp = binary("udiv", tid, warp_size)
    lane_row = binary("udiv", lane, c4)
    lane_col = binary("urem", lane, c4)
    col = binary("mul", lane_col, c2)
    row = binary("add", lane_row, binary("mul", warp, c16))
    if offset:
        row = binary("add", row, const(offset))
    adjacent, stacked = 2, 2
    members = len(block.type.body)  # type: ignore[attr-defined]
    groups = members // (stacked * adjacent)
    element = block.type.body[0] if members else None  # type: ignore[attr-defined]
    for half in range(stacked):
        x = binary("add", row, binary("mul", const(half), c8))
        for group in range(groups):
            y = binary("add", col, binary("mul", const(group), c8))
            member = half * adjacent + group * stacked * adjacent
            x_index, y0_index = index_cast(x), index_cast(y)
            y1_index = index_cast(binary("add", y, c1))
            d0 = b.value(f"llvm.extractvalue {block}[{member}] : {block.type}", element)  # type: ignore[arg-type]
            d1 = b.value(f"llvm.extractvalue {block}[{member + 1}] : {block.type}", element)  # type: ignore[arg-type]
            b.emit(f"memref.store {d0}, {memref}[{x_index}, {y0_index}] : {memref_type}")
            b.emit(f"memref.store {d1}, {memref}[{x_index}, {y1_index}] : {memref_type}")


# ---------------------------------------------------------------- init.accumulator
@pattern("nvgpu.warpgroup.mma.init.accumulator")
def lower_init_accumulator(b: Builder) -> None:
    """A zero of the element type, a poison accumulator struct, each inner struct extracted
    from the poison and filled member by member with ``llvm.insertvalue``, then the filled
    inner structs inserted into the poison struct."""
    outer = b.convert(b.result_type(0))
    if not isinstance(outer, LLVMStructType) or not outer.body:
        b.fail(f"no LLVM struct for the accumulator {b.result_type(0)}")
    first = outer.body[0]
    if not isinstance(first, LLVMStructType) or not first.body:
        b.fail(f"the accumulator struct {outer} holds no elements")
    element = first.body[0]
    literal = "0.000000e+00" if isinstance(element, FloatType) else "0"
    zero = b.value(f"llvm.mlir.constant({literal} : {element}) : {element}", element)
    packed = b.value(f"llvm.mlir.poison : {outer}", outer)
    filled: list[Value] = []
    for index, inner in enumerate(outer.body):
        value = b.value(f"llvm.extractvalue {packed}[{index}] : {outer}", inner)
        for member in range(len(inner.body or ())):  # type: ignore[attr-defined]
            value = b.value(f"llvm.insertvalue {zero}, {value}[{member}] : {inner}", inner)
        filled.append(value)
    for index, value in enumerate(filled):
        packed = b.value(f"llvm.insertvalue {value}, {packed}[{index}] : {outer}", outer)
    b.replace(packed)


__all__ = ["descriptor_fields", "element_bytes", "lower_generate_descriptor", "lower_init_accumulator",
           "lower_warpgroup_mma", "lower_warpgroup_mma_store"]
