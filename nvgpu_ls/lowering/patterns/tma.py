"""TMA: ``tma.async.load``, ``tma.async.store``, ``tma.async.reduce``, ``tma.prefetch.descriptor``,
``tma.fence.descriptor`` and the host-side ``tma.create.descriptor``.

A tensor map descriptor is an ``!llvm.ptr`` once lowered; shared-memory tiles are addressed
through their memref descriptor (aligned pointer moved by the static or dynamic offset, as
upstream's ``getStridedElementPtr`` with no indices), and tile coordinates are truncated to
i32, one ``llvm.trunc`` each, in order.
"""

from __future__ import annotations

import re

from ...analysis.values import (
    FloatType, IntegerType, MBarrierGroupType, MemRefType, TensorMapDescriptorType, Type, UnrankedMemRefType,
)
from ...dialects.instance_forms import instance_form
from ..builder import Builder, Value
from ..llvm_types import I32, I64, PTR, SHARED_PTR, LLVMPointerType, mbarrier_memref_type
from ..memref_access import element_pointer
from . import pattern

CLUSTER_SHARED_PTR = LLVMPointerType(7)
"""``!llvm.ptr<7>``: shared::cluster memory, where NVVM's TMA load writes."""


def tile_pointer(b: Builder, group: str) -> Value:
    """The address of the first element of the shared-memory tile in operand ``group``."""
    memref_type = b.source(group).type
    if not isinstance(memref_type, MemRefType):
        b.fail(f"'{group}' of {b.op.name} must be a ranked memref to be lowered")
    return element_pointer(b, b.operand(group), memref_type, [])


def barrier_pointer(b: Builder) -> Value:
    """The ``!llvm.ptr<3>`` of barrier ``mbarId`` of the group (upstream's ``getMbarrierPtr``)."""
    group = b.source("barriers").type
    if not isinstance(group, MBarrierGroupType):
        b.fail("the barrier group's type is not known here")
    storage = mbarrier_memref_type(group)
    barrier = element_pointer(b, b.operand("barriers"), storage, [b.operand("mbarId")])
    if str(barrier.type) != str(SHARED_PTR):
        b.fail("a TMA load signals a barrier in shared memory only, but this group is not in workgroup memory")
    return barrier


def coordinates(b: Builder) -> list[Value]:
    """Every coordinate, converted and truncated to i32."""
    return [truncate_to_i32(b, value) for value in b.operands("coordinates")]


def truncate_to_i32(b: Builder, value: Value) -> Value:
    return b.value(f"llvm.trunc {value} : {value.type} to i32", I32)


def box(values: list[Value]) -> str:
    return "box[" + ", ".join(str(v) for v in values) + "]"


@pattern("nvgpu.tma.async.load")
def lower_tma_async_load(b: Builder) -> None:
    """``nvvm.cp.async.bulk.tensor.shared.cluster.global dst, tmap, mbar, box[...]``: the tile's
    address cast to shared::cluster (``!llvm.ptr<7>``), the descriptor pointer, the barrier's
    address, the i32 coordinates, then ``multicast_mask`` and ``predicate`` when given (the
    nvgpu op has no L2 cache hint, so none is passed)."""
    dst = tile_pointer(b, "dst")
    dst_cluster = b.value(f"llvm.addrspacecast {dst} : {dst.type} to {CLUSTER_SHARED_PTR}", CLUSTER_SHARED_PTR)
    barrier = barrier_pointer(b)
    coords = coordinates(b)
    descriptor = b.operand("tensorMapDescriptor")
    extra = ""
    if b.has_operand("multicastMask"):
        extra += f" multicast_mask = {b.operand('multicastMask')}"
    if b.has_operand("predicate"):
        extra += f" predicate = {b.operand('predicate')}"
    b.emit(f"nvvm.cp.async.bulk.tensor.shared.cluster.global {dst_cluster}, {descriptor}, {barrier}, "
           f"{box(coords)}{extra} : {CLUSTER_SHARED_PTR}, {descriptor.type}")


@pattern("nvgpu.tma.async.store")
def lower_tma_async_store(b: Builder) -> None:
    """``nvvm.cp.async.bulk.tensor.global.shared.cta tmap, src, box[...]`` with the tile's
    shared address, the i32 coordinates and the predicate when given."""
    src = tile_pointer(b, "src")
    coords = coordinates(b)
    descriptor = b.operand("tensorMapDescriptor")
    predicate = f", predicate = {b.operand('predicate')}" if b.has_operand("predicate") else ""
    b.emit(f"nvvm.cp.async.bulk.tensor.global.shared.cta {descriptor}, {src}, {box(coords)}{predicate} "
           f": {descriptor.type}, {src.type}")


@pattern("nvgpu.tma.async.reduce")
def lower_tma_async_reduce(b: Builder) -> None:
    """``llvm.inline_asm`` of the ``cp.reduce.async.bulk.tensor`` instruction the instance form
    lists (``.L2::cache_hint`` with a cache policy, ``@p``-guarded with a predicate), operands
    (tmap, src, coordinates[, policy][, predicate]).

    Not ``nvvm.cp.async.bulk.tensor.reduce``: that op has no predicate, and the bindings'
    MLIR translates it to a single ``llvm.nvvm.cp.async.bulk.tensor.reduce.tile.Nd``
    intrinsic taking the kind as an operand, which the LLVM that compiles our PTX (llvmlite's
    22.1, with one intrinsic per kind) does not know, so it would become a call to an
    undefined function instead of the instruction."""
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific:
        b.fail("cannot tell the rank or reduction kind of this reduce")
    src = tile_pointer(b, "src")
    coords = coordinates(b)
    descriptor = b.operand("tensorMapDescriptor")
    operands = [descriptor, src, *coords]
    constraints = ["l", "r"] + ["r"] * len(coords)
    names = {"tmap": 0, "src": 1, **{f"c{i}": 2 + i for i in range(len(coords))}}
    if b.has_operand("l2CacheHint"):
        names["policy"] = len(operands)
        operands.append(b.operand("l2CacheHint"))
        constraints.append("l")
    if b.has_operand("predicate"):
        names["p"] = len(operands)
        operands.append(b.operand("predicate"))
        constraints.append("b")
    asm = inline_ptx(form.ptx[0], names)
    emit_inline_asm(b, asm, constraints, operands)


def inline_ptx(ptx: str, names: dict[str, int]) -> str:
    """The instance form's PTX with each placeholder operand name replaced by ``$N``."""
    return re.sub(r"(?<![\w.:])(" + "|".join(map(re.escape, names)) + r")(?![\w.:])",
                  lambda m: f"${names[m.group(1)]}", ptx)


def emit_inline_asm(b: Builder, asm: str, constraints: list[str], operands: list[Value]) -> None:
    """A side-effecting ``llvm.inline_asm`` without results."""
    values = ", ".join(str(v) for v in operands)
    types = ", ".join(str(v.type) for v in operands)
    text = asm.replace("\\", "\\\\").replace('"', '\\"')
    b.emit(f'llvm.inline_asm has_side_effects asm_dialect = att "{text}", "{",".join(constraints)}" {values} '
           f": ({types}) -> ()")


@pattern("nvgpu.tma.prefetch.descriptor")
def lower_tma_prefetch_descriptor(b: Builder) -> None:
    """``nvvm.prefetch tensormap, tmap`` (``prefetch.tensormap``), with the predicate when given."""
    descriptor = b.operand("tensorMapDescriptor")
    if b.has_operand("predicate"):
        predicate = b.operand("predicate")
        b.emit(f"nvvm.prefetch tensormap, {descriptor}, predicate = {predicate} : {descriptor.type}, {predicate.type}")
    else:
        b.emit(f"nvvm.prefetch tensormap, {descriptor} : {descriptor.type}")


@pattern("nvgpu.tma.fence.descriptor")
def lower_tma_fence_descriptor(b: Builder) -> None:
    """``nvvm.fence.proxy.acquire <sys> tmap, 128``: a system-scope tensormap-proxy acquire of
    the 128 bytes of the descriptor (the size is an ``llvm.mlir.constant(128 : i32)``)."""
    descriptor = b.operand("tensorMapDescriptor")
    size = b.constant(128, I32)
    b.emit(f"nvvm.fence.proxy.acquire <sys> {descriptor}, {size}")


# ---------------------------------------------------------------- host side
ENCODE_FUNCTION = "mgpuTensorMapEncodeTiledMemref"
"""The MLIR CUDA runtime's wrapper of cuTensorMapEncodeTiled."""

_ENCODE_ARGUMENTS = (I64, PTR, I64, I64, I64, I64, I64, PTR)
"""(rank, ranked descriptor pointer, element type code, interleave, swizzle, l2promo, oob, box sizes)."""

BOX_SLOTS = 5
"""The box-size array always has room for TMA's largest rank."""

_ELEMENT_CODES: tuple[tuple[str, int], ...] = (
    ("ui8", 0), ("ui16", 1), ("ui32", 2), ("i32", 3), ("ui64", 4), ("i64", 5),
    ("f16", 6), ("f32", 7), ("f64", 8), ("bf16", 9),
)
"""CUtensorMapDataType of each element type upstream's conversion encodes (the rest of the
driver's enum, tf32 and the ftz forms, has no memref element type)."""


def element_type_code(element: Type) -> int | None:
    """The CUDA driver's CUtensorMapDataType of ``element`` (None: upstream has no code)."""
    if not isinstance(element, (IntegerType, FloatType)):
        return None
    return dict(_ELEMENT_CODES).get(str(element))


@pattern("nvgpu.tma.create.descriptor")
def lower_tma_create_descriptor(b: Builder) -> None:
    """Host code: the element-type code, the unranked memref's rank and descriptor pointer, an
    ``llvm.alloca`` of 5 x i64 holding the box sizes (one ``llvm.getelementptr`` +
    ``llvm.store`` each), the interleave/swizzle/l2promo/oob codes of the result type, and
    ``llvm.call @mgpuTensorMapEncodeTiledMemref`` (declared once at the top of the enclosing
    module), whose ``!llvm.ptr`` result is the device address of the encoded tensor map.
    Every i64 constant is written with an i32 attribute, as upstream does."""
    tensor_type = b.source("tensor").type
    if not isinstance(tensor_type, UnrankedMemRefType):
        b.fail("nvgpu.tma.create.descriptor lowers only from an unranked memref")
    code = element_type_code(tensor_type.element)
    if code is None:
        b.fail(f"Not supported data type: the CUDA tensor map has no code for element type {tensor_type.element} "
               "here (upstream: ui8/ui16/ui32/ui64, i32/i64, f16, bf16, f32, f64)")
    result = b.result_type(0)
    form = instance_form(b.op, b.run.doc)
    codes = form.params if form is not None else {}
    if not isinstance(result, TensorMapDescriptorType) or not all(
            k in codes for k in ("interleave", "swizzle", "l2promo", "oob")):
        b.fail("cannot tell the swizzle, l2promo, oob and interleave of the result descriptor")
    element = b.constant(code, I64, I32)
    tensor = b.operand("tensor")
    rank = b.value(f"llvm.extractvalue {tensor}[0] : {tensor.type}", I64)
    ranked = b.value(f"llvm.extractvalue {tensor}[1] : {tensor.type}", PTR)
    boxes = b.operands("boxDimensions")
    slots = b.constant(BOX_SLOTS, I64, I32)
    array = b.value(f"llvm.alloca {slots} x i64 : (i64) -> {PTR}", PTR)
    for index, size in enumerate(boxes):
        position = b.constant(index, I64, I32)
        slot = b.value(f"llvm.getelementptr {array}[{position}] : ({PTR}, i64) -> {PTR}, {PTR}", PTR)
        b.emit(f"llvm.store {size}, {slot} : {size.type}, {PTR}")
    enums = [b.constant(int(codes[k]), I64, I32) for k in ("interleave", "swizzle", "l2promo", "oob")]  # type: ignore[call-overload]
    signature = f"({', '.join(str(t) for t in _ENCODE_ARGUMENTS)}) -> {PTR}"
    symbol = b.module_op(ENCODE_FUNCTION, lambda name: f"llvm.func @{name}{signature}", unique=False, at_end=True)
    arguments = ", ".join(str(v) for v in (rank, ranked, element, *enums, array))
    b.replace(b.value(f"llvm.call @{symbol}({arguments}) : {signature}", PTR))
