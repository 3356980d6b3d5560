"""mbarrier: ``create``, ``init``, ``arrive``, ``arrive.nocomplete``, ``arrive.expect_tx``,
``test.wait``, ``try_wait.parity``, ``get`` and ``inval``.

A group ``!nvgpu.mbarrier.group<memorySpace = M, num_barriers = N>`` is stored as
``memref<N x i64, 3>`` when M is shared memory and as ``memref<N x i64>`` otherwise
(``llvm_types.mbarrier_memref_type``); every op but ``create`` first takes the address of
barrier ``mbarId`` in that memref (``element_pointer``: ``llvm.extractvalue`` of the aligned
pointer and one ``llvm.getelementptr``), then issues one NVVM op on it. The NVVM mbarrier ops
of today's upstream take the pointer's address space from its type (``!llvm.ptr<3>`` selects
the ``.shared`` instruction), so there is no separate ``.shared`` op to pick. Counts and
tick hints are ``index`` values truncated to i32, tokens are i64.
"""

from __future__ import annotations

from ...analysis.values import IntegerType, MBarrierGroupType
from ..builder import Builder, Value
from ..llvm_types import I1, I32, I64, mbarrier_memref_type
from ..memref_access import element_pointer
from . import pattern


def _group(b: Builder) -> MBarrierGroupType:
    group = b.source("barriers").type
    if not isinstance(group, MBarrierGroupType):
        b.fail(f"the barriers operand of '{b.op.name}' is not an !nvgpu.mbarrier.group")
    return group


def barrier_pointer(b: Builder) -> Value:
    """The address of barrier ``mbarId`` of the op's group (upstream's ``getMbarrierPtr``)."""
    group = _group(b)
    memref_type = mbarrier_memref_type(group)
    return element_pointer(b, b.operand("barriers"), memref_type, [b.operand("mbarId")])


def _to_i32(b: Builder, value: Value) -> Value:
    """``truncToI32``: an i64 (a converted index) becomes i32; a narrower integer stays."""
    if isinstance(value.type, IntegerType) and value.type.width <= 32:
        return value
    return b.value(f"llvm.trunc {value} : {value.type} to i32", I32)


def _predicate(b: Builder) -> str:
    """``, predicate = %p`` when the op has one, else nothing."""
    return f", predicate = {b.operand('predicate')}" if b.has_operand("predicate") else ""


def _predicate_type(b: Builder) -> str:
    return ", i1" if b.has_operand("predicate") else ""


@pattern("nvgpu.mbarrier.create")
def lower_mbarrier_create(b: Builder) -> None:
    """A private ``memref.global`` of ``memref<N x i64[, 3]>`` aligned to 8 at the top of the
    enclosing gpu.module (``__mbarrier``, numbered when taken), and ``memref.get_global`` of
    it; the memref is cast to its descriptor for the ops that use the group, where upstream's
    conversion materializes the same cast."""
    group = b.result_type(0)
    if not isinstance(group, MBarrierGroupType):
        b.fail("the result of nvgpu.mbarrier.create is not an !nvgpu.mbarrier.group")
    storage = mbarrier_memref_type(group)
    parent = b.op.parent_op()
    # Upstream gives the global the location of the op that holds the create (its function).
    loc = b.run.location_of(parent) if parent is not None else b.loc
    symbol = b.module_op(
        "__mbarrier",
        lambda name: f'memref.global "private" @{name} : {storage} {{alignment = 8 : i64}} {loc}')
    memref = b.value(f"memref.get_global @{symbol} : {storage}", storage)
    b.replace(b.cast(memref, b.convert(group)))


@pattern("nvgpu.mbarrier.init")
def lower_mbarrier_init(b: Builder) -> None:
    """``nvvm.mbarrier.init ptr, count[, predicate = p]`` (count truncated to i32)."""
    ptr = barrier_pointer(b)
    count = _to_i32(b, b.operand("count"))
    b.emit(f"nvvm.mbarrier.init {ptr}, {count}{_predicate(b)} : {ptr.type}, i32{_predicate_type(b)}")


@pattern("nvgpu.mbarrier.arrive")
def lower_mbarrier_arrive(b: Builder) -> None:
    """``nvvm.mbarrier.arrive ptr -> i64``: the token is the instruction's 64-bit state."""
    ptr = barrier_pointer(b)
    b.replace(b.value(f"nvvm.mbarrier.arrive {ptr} : {ptr.type} -> i64", I64))


@pattern("nvgpu.mbarrier.arrive.nocomplete")
def lower_mbarrier_arrive_nocomplete(b: Builder) -> None:
    """``nvvm.mbarrier.arrive.nocomplete ptr, count -> i64`` (count truncated to i32)."""
    ptr = barrier_pointer(b)
    count = _to_i32(b, b.operand("count"))
    b.replace(b.value(f"nvvm.mbarrier.arrive.nocomplete {ptr}, {count} : {ptr.type}, i32 -> i64", I64))


@pattern("nvgpu.mbarrier.arrive.expect_tx")
def lower_mbarrier_arrive_expect_tx(b: Builder) -> None:
    """``nvvm.mbarrier.arrive.expect_tx ptr, txcount`` (txcount truncated to i32). Without a
    predicate upstream builds the form with an (unused) i64 state result, with one the
    predicated form, which has none; both are written the same way here."""
    ptr = barrier_pointer(b)
    txcount = _to_i32(b, b.operand("txcount"))
    if b.has_operand("predicate"):
        b.emit(f"nvvm.mbarrier.arrive.expect_tx {ptr}, {txcount}{_predicate(b)} : {ptr.type}, i32, i1")
    else:
        b.value(f"nvvm.mbarrier.arrive.expect_tx {ptr}, {txcount} : {ptr.type}, i32 -> i64", I64)


@pattern("nvgpu.mbarrier.test.wait")
def lower_mbarrier_test_wait(b: Builder) -> None:
    """``nvvm.mbarrier.test.wait ptr, token -> i1``."""
    ptr = barrier_pointer(b)
    token = b.operand("token")
    b.replace(b.value(f"nvvm.mbarrier.test.wait {ptr}, {token} : {ptr.type}, i64 -> i1", I1))


@pattern("nvgpu.mbarrier.try_wait.parity")
def lower_mbarrier_try_wait_parity(b: Builder) -> None:
    """``nvvm.mbarrier.try_wait.parity ptr, parity, ticks`` (ticks truncated to i32, then the
    i1 parity zero-extended to i32, in upstream's order). NVVM's op is the whole wait: its
    translation loops on ``mbarrier.try_wait.parity`` until the phase completes."""
    ptr = barrier_pointer(b)
    ticks = _to_i32(b, b.operand("ticks"))
    parity = b.value(f"llvm.zext {b.operand('phaseParity')} : i1 to i32", I32)
    b.emit(f"nvvm.mbarrier.try_wait.parity {ptr}, {parity}, {ticks} : {ptr.type}, i32, i32")


@pattern("nvgpu.mbarrier.get")
def lower_mbarrier_get(b: Builder) -> None:
    """``llvm.ptrtoint`` of the barrier's address to the result type (i32: a shared-window
    offset; i64)."""
    result = b.result_type(0)
    if not isinstance(result, IntegerType):
        b.fail(f"nvgpu.mbarrier.get returns {result}, not an integer")
    ptr = barrier_pointer(b)
    b.replace(b.value(f"llvm.ptrtoint {ptr} : {ptr.type} to {result}", result))


@pattern("nvgpu.mbarrier.inval")
def lower_mbarrier_inval(b: Builder) -> None:
    """``nvvm.mbarrier.inval ptr`` (``mbarrier.inval[.shared].b64``; an nvgpu-ls op that
    upstream's nvgpu dialect lacks, lowered the way its other mbarrier ops are)."""
    ptr = barrier_pointer(b)
    b.emit(f"nvvm.mbarrier.inval {ptr} : {ptr.type}")
