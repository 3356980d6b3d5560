"""Tensor-map editing on the device: ``tensormap.create.descriptor`` (the copy into shared memory),
``tensormap.replace`` and ``tensormap.cp_fenceproxy`` (nvgpu-ls ops; upstream has no nvgpu pattern
for them).

``tensormap.replace`` becomes ``nvvm.tensormap.replace``, which the LLVM that compiles our
PTX translates to ``tensormap.replace.tile.<field>``; ``tensormap.cp_fenceproxy`` has no NVVM
op and becomes ``llvm.inline_asm`` of the instruction ``instance_forms`` lists.
"""

from __future__ import annotations

from ...analysis.ir import Operation
from ...analysis.values import IntegerAttr, MemRefType, VectorType
from ...dialects.instance_forms import instance_form
from ...dialects.nvgpu import TENSOR_MAP_BYTES
from ..builder import Builder, Value
from ..llvm_types import GLOBAL_PTR, I32, SHARED_PTR
from ..memref_access import element_pointer
from . import pattern
from .tma import emit_inline_asm, inline_ptx

_ORDINAL_FIELDS = ("box_dim", "global_dim", "global_stride", "element_stride")

_IMMEDIATE_CASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "elemtype": ("tensormap_elemtype", (
        "u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f32.ftz", "f64", "bf16", "tf32", "tf32.ftz",
        "b4x16", "b4x16_p64", "b6x16_p32")),
    "interleave_layout": ("tensormap_interleave_layout", ("no_interleave", "b16", "b32")),
    "swizzle_mode": ("tensormap_swizzle_mode", ("no_swizzling", "b32", "b64", "b128", "b96")),
    "swizzle_atomicity": ("tensormap_swizzle_atomicity", ("b16", "b32", "b32_flip_b8", "b64")),
    "fill_mode": ("tensormap_fill_mode", ("zero", "oob_nan")),
}
"""For the fields PTX takes as an immediate: the NVVM enum attribute and its case for each PTX
code (the position is the code ``tensormap.replace`` writes)."""


def map_pointer(b: Builder, group: str) -> Value:
    """The address of a 128-byte tensor-map copy held in a memref: ``!llvm.ptr<3>`` in shared
    memory, ``!llvm.ptr<1>`` otherwise (a generic address is cast to global, the ``.global``
    form the instance uses)."""
    memref_type = b.source(group).type
    if not isinstance(memref_type, MemRefType):
        b.fail(f"'{group}' of {b.op.name} must be a ranked memref to be lowered")
    pointer = element_pointer(b, b.operand(group), memref_type, [])
    if str(pointer.type) in (str(SHARED_PTR), str(GLOBAL_PTR)):
        return pointer
    return b.value(f"llvm.addrspacecast {pointer} : {pointer.type} to {GLOBAL_PTR}", GLOBAL_PTR)


def constant_integer(b: Builder, group: str) -> int | None:
    """The value of an ``arith.constant`` / ``llvm.mlir.constant`` operand (None otherwise)."""
    definition = b.source(group).use.definition
    owner = definition.owner if definition is not None else None
    if not isinstance(owner, Operation) or owner.name not in ("arith.constant", "llvm.mlir.constant"):
        return None
    entry = owner.attributes.get("value")
    value = entry.value if entry is not None else None
    return value.value if isinstance(value, IntegerAttr) else None


@pattern("nvgpu.tensormap.replace")
def lower_tensormap_replace(b: Builder) -> None:
    """``nvvm.tensormap.replace field = F[ord], new_value = V in addr``: V is the new value
    operand for the address, rank, dimension and stride fields (passed as given: PTX, and so
    the op, takes the rank field as rank - 1), and for the enum fields the NVVM case whose code
    is the constant operand."""
    form = instance_form(b.op, b.run.doc)
    field = form.params.get("field") if form is not None else None
    if not isinstance(field, str):
        b.fail("cannot tell which tensor-map field this replace writes")
    address = map_pointer(b, "tensorMap")
    target = field
    if field in _ORDINAL_FIELDS:
        ordinal = b.view.int_attr("ord")
        if ordinal is None:
            b.fail(f"field '{field}' needs a constant dimension ordinal")
        target = f"{field}[{ordinal}]"
    immediate = _IMMEDIATE_CASES.get(field)
    if immediate is None:
        value = b.operand("newValue")
        b.emit(f"nvvm.tensormap.replace field = {target}, new_value = {value} in {address} "
               f": {address.type}, {value.type}")
        return
    code = constant_integer(b, "newValue")
    attribute, cases = immediate
    if code is None or not 0 <= code < len(cases):
        b.fail(f"field '{field}' needs a constant new value in [0, {len(cases) - 1}] (PTX tensormap.replace "
               "takes an immediate here)")
    b.emit(f"nvvm.tensormap.replace field = {target}, new_value = #nvvm.{attribute}<{cases[code]}> in {address} "
           f": {address.type}")


@pattern("nvgpu.tensormap.create.descriptor")
def lower_tensormap_create_descriptor(b: Builder) -> None:
    """The 128 bytes the descriptor points at, copied into the shared buffer as eight
    ``vector<4xi32>`` loads and stores 16 bytes apart (tensor maps are 64-byte aligned, the
    shared copy 128-byte aligned)."""
    source = b.operand("tensorMapDescriptor")
    destination = map_pointer(b, "dst")
    if str(destination.type) != str(SHARED_PTR):
        b.fail("the copy of a tensor map must go to shared memory")
    for offset in range(0, TENSOR_MAP_BYTES, 16):
        src, dst = source, destination
        if offset:
            src = b.value(f"llvm.getelementptr {source}[{offset}] : ({source.type}) -> {source.type}, i8", source.type)
            dst = b.value(f"llvm.getelementptr {destination}[{offset}] : ({destination.type}) -> {destination.type}, i8",
                          destination.type)
        word = b.value(f"llvm.load {src} {{alignment = 16 : i64}} : {src.type} -> vector<4xi32>", VectorType((4,), I32))
        b.emit(f"llvm.store {word}, {dst} {{alignment = 16 : i64}} : vector<4xi32>, {dst.type}")


@pattern("nvgpu.tensormap.cp_fenceproxy")
def lower_tensormap_cp_fenceproxy(b: Builder) -> None:
    """``llvm.inline_asm`` of ``tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.
    release.<scope>.sync.aligned [dst], [src], 128`` with the descriptor cast to a global
    pointer (``l``) and the shared copy's address (``r``, as NVVM's own PTX builder passes
    shared pointers). NVVM has no op for this instruction."""
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific:
        b.fail("cannot tell the scope of this fence")
    descriptor = b.operand("dst")
    destination = b.value(f"llvm.addrspacecast {descriptor} : {descriptor.type} to {GLOBAL_PTR}", GLOBAL_PTR)
    source = map_pointer(b, "src")
    if str(source.type) != str(SHARED_PTR):
        b.fail("the source of tensormap.cp_fenceproxy must be in shared memory")
    emit_inline_asm(b, inline_ptx(form.ptx[0], {"dst": 0, "src": 1}), ["l", "r"], [destination, source])
