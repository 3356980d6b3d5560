"""cp.async: ``device_async_copy``, ``device_async_create_group``, ``device_async_wait``."""

from __future__ import annotations

from ...analysis.values import MemRefType
from ...dialects.instance_forms import instance_form
from ..builder import Builder
from ..llvm_types import GLOBAL_PTR, I32
from ..memref_access import element_pointer
from . import pattern


@pattern("nvgpu.device_async_copy")
def lower_device_async_copy(b: Builder) -> None:
    """``nvvm.cp.async.shared.global`` of dstElements x element bytes, ``cg`` only for a 16-byte
    bypassL1 copy; with ``srcElements`` the copy reads srcElements x bits / 8 bytes and fills
    the rest with zeros. The token becomes ``llvm.mlir.constant(0 : i32)``."""
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific:
        b.fail("cannot tell the size of this copy: the destination's element type or dstElements is unknown")
    dst_type, src_type = b.source("dst").type, b.source("src").type
    if not isinstance(dst_type, MemRefType) or not isinstance(src_type, MemRefType):
        b.fail("device_async_copy lowers only between memrefs")
    dst = b.operand("dst")
    dst_indices = b.operands("dstIndices")
    dst_ptr = element_pointer(b, dst, dst_type, dst_indices)
    src = b.operand("src")
    src_indices = b.operands("srcIndices")
    src_ptr = element_pointer(b, src, src_type, src_indices)
    src_global = b.value(f"llvm.addrspacecast {src_ptr} : {src_ptr.type} to {GLOBAL_PTR}", GLOBAL_PTR)
    size = form.params["size"]
    cache = form.params["cache"]
    if b.has_operand("srcElements"):
        bits = size * 8 // b.view.int_attr("dstElements")  # type: ignore[operator]
        three = b.constant(3, I32)
        width = b.constant(bits, I32)
        count = b.value(f"llvm.trunc {b.operand('srcElements')} : i64 to i32", I32)
        product = b.value(f"llvm.mul {width}, {count} : i32", I32)
        src_bytes = b.value(f"llvm.lshr {product}, {three} : i32", I32)
        b.emit(f"nvvm.cp.async.shared.global {dst_ptr}, {src_global}, {size}, cache = {cache}, {src_bytes} "
               f": {dst_ptr.type}, {GLOBAL_PTR}, i32")
    else:
        b.emit(f"nvvm.cp.async.shared.global {dst_ptr}, {src_global}, {size}, cache = {cache} "
               f": {dst_ptr.type}, {GLOBAL_PTR}")
    b.replace(b.constant(0, I32))


@pattern("nvgpu.device_async_create_group")
def lower_device_async_create_group(b: Builder) -> None:
    """``nvvm.cp.async.commit.group``; the group token becomes ``llvm.mlir.constant(0 : i32)``."""
    b.emit("nvvm.cp.async.commit.group")
    b.replace(b.constant(0, I32))


@pattern("nvgpu.device_async_wait")
def lower_device_async_wait(b: Builder) -> None:
    """``nvvm.cp.async.wait.group numGroups`` (0 when absent: wait for every group)."""
    groups = b.view.int_attr("numGroups", 0)
    b.emit(f"nvvm.cp.async.wait.group {groups}")
