"""Addresses inside a memref descriptor, as upstream's ``getStridedElementPtr`` computes them.

``element_pointer(b, memref, type, indices)`` gives the ``!llvm.ptr<as>`` of element
``memref[indices]``: the aligned pointer (descriptor field 1), moved by ``offset + sum(index_i
x stride_i)`` elements with one ``llvm.getelementptr``. Static strides and offsets are
constants, dynamic ones are read from the descriptor; a unit stride needs no multiply and a
zero offset no add — the same ops in the same order as upstream, so both engines hand LLVM
the same address arithmetic.
"""

from __future__ import annotations

from ..analysis import layouts
from ..analysis.values import IndexType, MemRefType
from .builder import Builder, Value
from .llvm_types import I64, LLVMPointerType, address_space, convert_type


def strides_and_offset(memref: MemRefType) -> tuple[list[int | None], int | None]:
    """The strides (None: dynamic) and offset of a memref with an identity or ``strided<>`` layout."""
    found = layouts.strides_and_offset(memref)
    if found is None:
        raise ValueError(f"memref layout {memref.layout} is not strided")
    return list(found[0]), found[1]


def aligned_pointer(b: Builder, memref: Value) -> Value:
    """Field 1 of the descriptor: the pointer to the memref's first element (before its offset)."""
    ptr = memref.type.body[1]  # type: ignore[attr-defined]
    return b.value(f"llvm.extractvalue {memref}[1] : {memref.type}", ptr)


def element_pointer(b: Builder, memref: Value, memref_type: MemRefType, indices: list[Value]) -> Value:
    """The address of ``memref[indices]`` (indices already converted to i64)."""
    try:
        strides, offset = strides_and_offset(memref_type)
    except ValueError as exc:
        b.fail(str(exc))
    base = aligned_pointer(b, memref)
    index: Value | None = None
    if offset is None:
        index = b.value(f"llvm.extractvalue {memref}[2] : {memref.type}", I64)
    elif offset != 0:
        index = b.constant(offset, I64, _INDEX)
    for dim, (position, stride) in enumerate(zip(indices, strides)):
        if stride is None:
            stride_value = b.value(f"llvm.extractvalue {memref}[4, {dim}] : {memref.type}", I64)
            increment = b.value(f"llvm.mul {position}, {stride_value} : i64", I64)
        elif stride != 1:
            increment = b.value(f"llvm.mul {position}, {b.constant(stride, I64, _INDEX)} : i64", I64)
        else:
            increment = position
        index = increment if index is None else b.value(f"llvm.add {index}, {increment} : i64", I64)
    if index is None:
        return base
    element = convert_type(memref_type.element)
    ptr = LLVMPointerType(address_space(memref_type))
    return b.value(f"llvm.getelementptr {base}[{index}] : ({ptr}, i64) -> {ptr}, {element}", ptr)


_INDEX = IndexType()
"""Upstream spells address constants ``llvm.mlir.constant(N : index) : i64``."""
