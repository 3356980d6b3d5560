"""The type conversion the lowering applies: what each type becomes once its ops are NVVM/LLVM.

It follows upstream's ``LLVMTypeConverter`` as ``convert-nvgpu-to-nvvm`` configures it, so
that values crossing from unconverted ops (function arguments, ``scf.for`` iter_args) into
lowered ones meet in ``builtin.unrealized_conversion_cast``\\ s that the rest of the
pipeline's ``reconcile-unrealized-casts`` folds away:

* ``index`` → ``i64``; integers and floats stay; a 1-D vector stays, an n-D vector becomes
  nested ``!llvm.array``\\ s of its innermost 1-D vector;
* a ranked memref → its descriptor ``!llvm.struct<(ptr<as>, ptr<as>, i64, array<r x i64>,
  array<r x i64>)>`` (no arrays for rank 0), the address space from the memory space
  (``#gpu.address_space<global / workgroup / private>`` → 1 / 3 / 0);
* the nvgpu types as the nvgpu conversion table says (``dialects/nvgpu.py`` names them in
  each type's facts): device-async token → ``i32``, mbarrier token → ``i64``, mbarrier group
  → the descriptor of ``memref<N x i64, space>``, tensor-map descriptor → ``!llvm.ptr``,
  warpgroup descriptor → ``i64``, warpgroup accumulator → a struct of one struct per 64 rows.
"""

from __future__ import annotations

from ..analysis.values import (
    DeviceAsyncTokenType, FloatType, IndexType, IntegerType, LLVMArrayType, LLVMPointerType, LLVMStructType,
    MBarrierGroupType, MBarrierTokenType, MemRefType, TensorMapDescriptorType, Type, UnrankedMemRefType,
    VectorType,
    WarpgroupAccumulatorType, WarpgroupDescriptorType, memory_space_number,
)

I1 = IntegerType(1)
I8 = IntegerType(8)
I16 = IntegerType(16)
I32 = IntegerType(32)
I64 = IntegerType(64)
F32 = FloatType("f32")
PTR = LLVMPointerType(0)
GLOBAL_PTR = LLVMPointerType(1)
SHARED_PTR = LLVMPointerType(3)


class UnconvertibleType(ValueError):
    """A type the lowering has no LLVM form for (a dynamic accumulator, an unknown memory space)."""


def convert_type(t: Type) -> Type:
    """The LLVM-dialect type ``t`` becomes (``t`` itself when it is already legal)."""
    if isinstance(t, IndexType):
        return I64
    if isinstance(t, FloatType):
        return float_storage_type(t)
    if isinstance(t, IntegerType) and t.signedness:
        return IntegerType(t.width)  # LLVM integers are signless: ui8 and si8 become i8
    if isinstance(t, (IntegerType, LLVMPointerType, LLVMStructType, LLVMArrayType)):
        return t
    if isinstance(t, VectorType):
        return vector_type(t)
    if isinstance(t, MemRefType):
        return memref_descriptor_type(t)
    if isinstance(t, UnrankedMemRefType):
        return unranked_memref_descriptor_type()
    if isinstance(t, DeviceAsyncTokenType):
        return I32
    if isinstance(t, (MBarrierTokenType, WarpgroupDescriptorType)):
        return I64
    if isinstance(t, MBarrierGroupType):
        return memref_descriptor_type(mbarrier_memref_type(t))
    if isinstance(t, TensorMapDescriptorType):
        return PTR
    if isinstance(t, WarpgroupAccumulatorType):
        return accumulator_struct_type(t)
    raise UnconvertibleType(f"no LLVM type for {t}")


def float_storage_type(t: FloatType) -> Type:
    """A float LLVM has a type for stays; an 8-, 6- or 4-bit float (``f8E4M3FN``, ``f4E2M1FN``...)
    becomes the integer of its width, as upstream's ``convertFloatType`` does."""
    if t.name.startswith(("f8E", "f6E", "f4E")):
        return IntegerType(t.width)
    return t


def vector_type(t: VectorType) -> Type:
    """A 1-D vector stays; ``vector<AxBxCxT>`` → ``!llvm.array<A x array<B x vector<CxT>>>``."""
    element = convert_type(t.element)
    inner: Type = VectorType(t.shape[-1:], element)
    for dim in reversed(t.shape[:-1]):
        inner = LLVMArrayType(dim, inner)
    return inner


def address_space(memref: MemRefType) -> int:
    """The LLVM address space of a memref's memory space."""
    space = memory_space_number(memref.memory_space)
    if space is None:
        raise UnconvertibleType(f"no LLVM address space for memory space {memref.memory_space}")
    return space


def memref_descriptor_type(memref: MemRefType) -> LLVMStructType:
    """``!llvm.struct<(ptr<as>, ptr<as>, i64[, array<r x i64>, array<r x i64>])>``."""
    ptr = LLVMPointerType(address_space(memref))
    body: tuple[Type, ...] = (ptr, ptr, I64)
    if memref.rank:
        body += (LLVMArrayType(memref.rank, I64), LLVMArrayType(memref.rank, I64))
    return LLVMStructType(body)


def unranked_memref_descriptor_type() -> LLVMStructType:
    """``!llvm.struct<(i64, ptr)>``: an unranked memref's rank and a generic pointer to its
    ranked descriptor, whatever its memory space."""
    return LLVMStructType((I64, PTR))


def mbarrier_memref_type(group: MBarrierGroupType) -> MemRefType:
    """``memref<N x i64, 3>``: the storage of an mbarrier group of N barriers. As upstream's
    ``getMBarrierMemrefType`` does, a group in shared memory (``3`` or workgroup) gets the
    integer space 3 and any other group no memory space at all (generic ``!llvm.ptr``)."""
    from ..analysis.values import IntegerAttr
    from ..dialects.memory_spaces import SHARED_MEMORY_SPACE, shared_memory_space
    shared = shared_memory_space(group.memory_space)
    if shared is None:
        raise UnconvertibleType(f"cannot tell whether the memory space of {group} is shared memory")
    space = IntegerAttr(SHARED_MEMORY_SPACE) if shared else None
    return MemRefType((group.num_barriers,), I64, None, space)


def accumulator_struct_type(acc: WarpgroupAccumulatorType) -> LLVMStructType:
    """One inner struct per started block of 64 rows of ``fragmented = vector<M x N x T>``
    (ceil(M/64), as upstream's ``for (i = 0; i < M; i += 64)``), each holding the N/2 (f32,
    i32) or N/4 (f16) members upstream gives a thread's share of its 64 x N tile; upstream
    has no conversion for any other element type."""
    fragmented = acc.fragmented
    if not isinstance(fragmented, VectorType) or len(fragmented.shape) != 2 or None in fragmented.shape:
        raise UnconvertibleType(f"no LLVM type for {acc}")
    rows, cols = fragmented.shape
    element = fragmented.element
    if isinstance(element, FloatType) and element.name == "f16":
        members = cols // 4
    elif (isinstance(element, FloatType) and element.name == "f32") or (
            isinstance(element, IntegerType) and element.width == 32):
        members = cols // 2
    else:
        raise UnconvertibleType(f"no LLVM type for {acc}: accumulators hold f32, i32 or f16")
    inner = LLVMStructType((element,) * members)
    return LLVMStructType((inner,) * ((rows + 63) // 64))


def type_text(t: Type) -> str:
    """How a converted type is spelled in the lowered text."""
    return str(t)
