"""What one nvgpu op instance becomes: its NVVM ops and PTX, from its attributes and types.

The facts table lists every form an op can take (``OpFacts.lowers_to``, ``OpFacts.ptx``);
an instance takes one of them, chosen by its attributes and operand types: a 16-byte
``bypassL1`` copy is ``cp.async.cg``, a 4-byte one ``cp.async.ca``; ``ldmatrix`` picks
``.x1/.x2/.x4`` and ``.trans``; ``mma.sync`` spells its shape and PTX types; mbarrier ops
use the ``.shared`` forms for a group in workgroup memory; TMA ops name the tensor rank.
``instance_form`` answers that question once, for hover today and the lowering later.

Conventions:

* ``ops`` names the ops the conversion emits *for this instance*, the defining one first,
  as today's upstream spells them (LLVM 22, the bindings): the mbarrier ops take a
  ``!llvm.ptr<3>`` instead of being separate ``.shared`` ops, as they were before LLVM 22.
  Address arithmetic and (un)packing ops (``PLUMBING_OPS``) may be left out;
  ``OpFacts.lowers_to`` lists every form's. Hover reads what an instance lowers to from the
  lowering itself (``lowering.engine.emitted_ops``) and falls back to ``ops`` where the
  instance cannot be lowered; ``tests/test_lowers_to.py`` holds the three to one answer.
* ``ptx`` is the instruction text with operands as placeholder names (``[dst]``,
  ``{d0, d1}``), one entry per distinct instruction in issue order; repeats are counted
  in ``notes``. Every opcode spelling is assembled by ptxas in
  ``tests/test_instance_forms.py``, except the cvt forms newer than PTX ISA 9.0
  (bf16x2 <-> e4m3x2/e5m2x2, fp6/fp4 <-> bf16x2): the tests show ptxas rejecting the fp8
  ones at PTX ISA 9.0, as their requirement says. The TMA forms leave out the default load mode
  ``.tile``; ptxas reads the instruction the same with it spelled out.
* ``params`` holds the derived values a lowering needs (cache modifier, byte counts,
  PTX types), keyed by the NVVM attribute or PTX field they fill.
* A rule returns None when the instance lacks what it needs (a type the parser did not
  recover, an attribute missing); ``instance_form`` then falls back to the facts' lists
  with ``specific`` False.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..analysis.values import (
    FloatType, IntegerType, MBarrierGroupType, MemRefType, TensorMapDescriptorType,
    Type, VectorType, WarpgroupAccumulatorType, WarpgroupDescriptorType, element_bit_width,
)
from ..analysis.opview import OpView
from .memory_spaces import memref_in_shared_memory, shared_memory_space
from ..analysis.facts import OpFacts
from .nvgpu import NVGPU_ENUMS
from .refusals import rcp_limitation, saturation_refusal


@dataclass(frozen=True)
class InstanceForm:
    """How one op instance lowers (see the module docstring)."""

    ops: tuple[str, ...]
    ptx: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    params: dict[str, object] = field(default_factory=dict, compare=False)
    specific: bool = True
    """False when no rule applied and ``ops``/``ptx`` are the facts' lists of every form."""


PLUMBING_OPS = frozenset({
    "builtin.unrealized_conversion_cast", "arith.constant", "arith.index_cast",
    "llvm.mlir.constant", "llvm.mlir.undef", "llvm.mlir.poison",
    "llvm.extractvalue", "llvm.insertvalue", "llvm.extractelement", "llvm.insertelement",
    "llvm.bitcast", "llvm.addrspacecast", "llvm.getelementptr", "llvm.ptrtoint",
    "llvm.add", "llvm.mul", "llvm.udiv", "llvm.urem", "llvm.shl", "llvm.lshr", "llvm.or", "llvm.and",
    "llvm.trunc", "llvm.zext", "llvm.sext",
})
"""The address arithmetic, casts and (un)packing a lowering writes around the ops that do the
work (the ``vector`` dialect's reshaping ops count too: ``is_plumbing``)."""


def is_plumbing(name: str) -> bool:
    """Whether op ``name`` only moves, casts or addresses values (``PLUMBING_OPS``)."""
    return name in PLUMBING_OPS or name.startswith("vector.")


def working_ops(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` without the plumbing, in order: what hover says an op lowers to."""
    return tuple(name for name in names if not is_plumbing(name))


FormRule = Callable[[OpView], "InstanceForm | None"]
RULES: dict[str, FormRule] = {}
"""The per-instance rule of each op, keyed by op name."""


def rule(*names: str) -> Callable[[FormRule], FormRule]:
    """Register ``function`` as the instance rule of the named ops."""
    def register(function: FormRule) -> FormRule:
        for name in names:
            RULES[name] = function
        return function
    return register


def instance_form(op: Operation, doc: Document) -> InstanceForm | None:
    """What ``op`` lowers to, for its own attributes and types; the facts' generic lists
    when no rule can decide; None for an op without facts or lowering facts."""
    facts = op.facts
    if facts is None:
        return None
    compute = RULES.get(op.name)
    form = compute(OpView(op, doc)) if compute is not None else None
    return form if form is not None else generic_form(facts)


def generic_form(facts: OpFacts) -> InstanceForm | None:
    """Every form the facts list for the op, when no instance is known."""
    if not facts.lowers_to and not facts.ptx:
        return None
    return InstanceForm(facts.lowers_to, facts.ptx, specific=False)


# ---------------------------------------------------------------- small helpers
def regs(prefix: str, count: int) -> str:
    """A PTX register list: ``{d0, d1}``; long lists are elided: ``{d0, ..., d63}``."""
    if count <= 8:
        return "{" + ", ".join(f"{prefix}{i}" for i in range(count)) + "}"
    return f"{{{prefix}0, ..., {prefix}{count - 1}}}"


def numel(t: Type | None) -> int | None:
    """Elements of a static vector or memref (1 for a scalar type)."""
    if isinstance(t, (VectorType, MemRefType)):
        total = 1
        for dim in t.shape:
            if dim is None:
                return None
            total *= dim
        return total
    return 1 if t is not None and element_bit_width(t) is not None else None


def element_of(t: Type | None) -> Type | None:
    """The element type of a vector or memref; any other type is its own element."""
    return t.element if isinstance(t, (VectorType, MemRefType)) else t


def byte_size(t: Type | None) -> int | None:
    """Bytes of a static memref or vector (sub-byte elements rounded up in total)."""
    element = element_of(t)
    count, bits = numel(t), element_bit_width(element) if element is not None else None
    if count is None or bits is None:
        return None
    return (count * bits + 7) // 8


def _predicated(view: OpView, text: str, group: str = "predicate") -> str:
    return f"@p {text}" if view.operands(group) else text


def _facts_ptx(view: OpView, index: int = 0) -> tuple[str, ...]:
    facts = view.facts
    return (facts.ptx[index],) if facts is not None and len(facts.ptx) > index else ()


# ---------------------------------------------------------------- cp.async
@rule("nvgpu.device_async_copy")
def device_async_copy(view: OpView) -> InstanceForm | None:
    """``cp.async.{ca,cg}.shared.global``: size = dstElements x element bits / 8; ``.cg``
    only for a 16-byte bypassL1 copy; srcElements adds the src-size (zero-fill) operand."""
    dst = view.type_of("dst")
    elements = view.int_attr("dstElements")
    bits = element_bit_width(dst.element) if isinstance(dst, MemRefType) else None
    if bits is None or elements is None:
        return None
    size = bits * elements // 8
    bypass = view.unit("bypassL1")
    cache = "cg" if bypass and size == 16 else "ca"
    zero_fill = bool(view.operands("srcElements"))
    tail = ", src_bytes" if zero_fill else ""
    notes = [f"copies {size} bytes ({elements} x {element_of(dst)}) from global to shared memory"]
    if bypass and cache == "ca":
        notes.append("bypassL1 asks for .cg, which needs a 16-byte copy; this one stays .ca")
    if zero_fill:
        notes.append(f"src_bytes = srcElements x {bits} / 8, computed at run time; the rest of the "
                     f"{size} bytes is filled with zeros")
    return InstanceForm(("nvvm.cp.async.shared.global",),
                        (f"cp.async.{cache}.shared.global [dst], [src], {size}{tail};",), tuple(notes),
                        {"cache": cache, "size": size, "src_size": zero_fill})


@rule("nvgpu.device_async_create_group")
def device_async_create_group(view: OpView) -> InstanceForm | None:
    """``cp.async.commit_group``, whatever tokens are listed."""
    count = len(view.op.operands)
    return InstanceForm(("nvvm.cp.async.commit.group",), _facts_ptx(view),
                        (f"commits every copy this thread issued since its last commit; the {count} token"
                         f"{'' if count == 1 else 's'} listed only document that",))


@rule("nvgpu.device_async_wait")
def device_async_wait(view: OpView) -> InstanceForm | None:
    """``cp.async.wait_group N`` with N = numGroups (0 when absent)."""
    groups = view.int_attr("numGroups", 0)
    if groups is None:
        return None
    note = ("waits until every committed group of this thread is complete" if groups == 0 else
            f"returns once at most the {groups} most recent group{'s' if groups != 1 else ''} may be pending")
    return InstanceForm(("nvvm.cp.async.wait.group",), (f"cp.async.wait_group {groups};",), (note,),
                        {"numGroups": groups})


# ---------------------------------------------------------------- ldmatrix / stmatrix
def _matrix_opcode(view: OpView, mnemonic: str, memref_group: str) -> tuple[str, int, dict] | None:
    """``{mnemonic}.sync.aligned.m8n8.x{numTiles}[.trans][.shared].b16``, the tile count and the
    NVVM op's parameters, shared by ldmatrix and stmatrix."""
    tiles = view.int_attr("numTiles")
    if tiles not in (1, 2, 4):
        return None
    trans = view.bool_attr("transpose")
    memref = view.type_of(memref_group)
    shared = memref_in_shared_memory(memref) if isinstance(memref, MemRefType) else True
    space = ".shared" if shared is not False else ""
    opcode = f"{mnemonic}.sync.aligned.m8n8.x{tiles}{'.trans' if trans else ''}{space}.b16"
    return opcode, tiles, {"num": tiles, "layout": "col" if trans else "row", "shape": "m8n8", "eltType": "b16"}


@rule("nvgpu.ldmatrix")
def ldmatrix(view: OpView) -> InstanceForm | None:
    """``ldmatrix.sync.aligned.m8n8.x{numTiles}[.trans].shared.b16``."""
    found = _matrix_opcode(view, "ldmatrix", "srcMemref")
    if found is None:
        return None
    opcode, tiles, params = found
    return InstanceForm(("nvvm.ldmatrix",), (f"{opcode} {regs('d', tiles)}, [addr];",),
                        (f"each thread receives {tiles} 32-bit register{'s' if tiles > 1 else ''}, "
                         "one per 8x8 tile",), params)


@rule("nvgpu.stmatrix")
def stmatrix(view: OpView) -> InstanceForm | None:
    """``stmatrix.sync.aligned.m8n8.x{numTiles}[.trans].shared.b16``."""
    found = _matrix_opcode(view, "stmatrix", "dstMemref")
    if found is None:
        return None
    opcode, tiles, params = found
    return InstanceForm(("nvvm.stmatrix",), (f"{opcode} [addr], {regs('r', tiles)};",), (), params)


# ---------------------------------------------------------------- mma.sync / mma.sp.sync
_FLOAT_PTX = {"f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64", "tf32": "tf32",
              "f8E4M3FN": "e4m3", "f8E5M2": "e5m2"}


def mma_ptx_type(element: Type | None, tf32: bool = False) -> str | None:
    """The PTX type of an MMA operand element: ``f16``, ``tf32`` (f32 under tf32Enabled),
    ``s8`` (signless or signed i8), ``u4``, ``e4m3``..."""
    if isinstance(element, FloatType):
        if element.name == "f32" and tf32:
            return "tf32"
        return _FLOAT_PTX.get(element.name)
    if isinstance(element, IntegerType) and element.width in (4, 8, 32):
        return ("u" if element.signedness == "u" else "s") + str(element.width)
    return None


def _fragment_regs(t: Type | None) -> int | None:
    """32-bit registers (64-bit for f64) a thread's fragment vector occupies."""
    if not isinstance(t, VectorType):
        return None
    count, bits = numel(t), element_bit_width(t.element)
    if count is None or bits is None:
        return None
    return count if bits == 64 else max(1, count * bits // 32)


def _mma_parts(view: OpView) -> tuple[list[int], dict[str, str], dict[str, int]] | None:
    shape = view.int_list_attr("mmaShape")
    types = {name: view.type_of(name) for name in ("matrixA", "matrixB", "matrixC")}
    if shape is None or len(shape) != 3 or any(not isinstance(t, VectorType) for t in types.values()):
        return None
    tf32 = view.unit("tf32Enabled")
    ptx = {"a": mma_ptx_type(element_of(types["matrixA"]), tf32),
           "b": mma_ptx_type(element_of(types["matrixB"]), tf32),
           "c": mma_ptx_type(element_of(types["matrixC"]))}
    counts = {"a": _fragment_regs(types["matrixA"]), "b": _fragment_regs(types["matrixB"]),
              "c": _fragment_regs(types["matrixC"])}
    if any(v is None for v in ptx.values()) or any(v is None for v in counts.values()):
        return None
    # Upstream's conversion (getNvvmMmaType) treats every integer multiplicand as signed.
    ptx = {key: "s" + value[1:] if key != "c" and value in ("u4", "u8") else value for key, value in ptx.items()}
    return shape, ptx, counts  # type: ignore[return-value]


def _mma_opcode(base: str, shape: list[int], ptx: dict[str, str]) -> str:
    overflow = ".satfinite" if ptx["a"][0] in "su" else ""
    m, n, k = shape
    return (f"{base}.sync.aligned.m{m}n{n}k{k}.row.col{overflow}"
            f".{ptx['c']}.{ptx['a']}.{ptx['b']}.{ptx['c']}")


@rule("nvgpu.mma.sync")
def mma_sync(view: OpView) -> InstanceForm | None:
    """``mma.sync.aligned.m{M}n{N}k{K}.row.col[.satfinite].{D}.{A}.{B}.{C}`` from mmaShape and
    the fragment element types (f32 inputs are tf32 under tf32Enabled)."""
    parts = _mma_parts(view)
    if parts is None:
        return None
    shape, ptx, counts = parts
    params: dict[str, object] = {
        "shape": tuple(shape), "layoutA": "row", "layoutB": "col", "multiplicandAPtxType": ptx["a"],
        "multiplicandBPtxType": ptx["b"], "intOverflowBehavior": "satfinite" if ptx["a"][0] in "su" else None}
    if ptx["a"] == "f32":
        return InstanceForm(("nvvm.mma.sync",), (), ("f32 inputs lower only with tf32Enabled: the conversion "
                                                     "fails for this instance",), params)
    line = (f"{_mma_opcode('mma', shape, ptx)} {regs('d', counts['c'])}, {regs('a', counts['a'])}, "
            f"{regs('b', counts['b'])}, {regs('c', counts['c'])};")
    return InstanceForm(("nvvm.mma.sync",), (line,), (), params)


@rule("nvgpu.mma.sp.sync")
def mma_sp_sync(view: OpView) -> InstanceForm | None:
    """Inline ``mma.sp.sync.aligned...`` with the metadata register and the selector."""
    parts = _mma_parts(view)
    if parts is None:
        return None
    shape, ptx, counts = parts
    selector = view.int_attr("sparsitySelector", 0)
    line = (f"{_mma_opcode('mma.sp', shape, ptx)} {regs('d', counts['c'])}, {regs('a', counts['a'])}, "
            f"{regs('b', counts['b'])}, {regs('c', counts['c'])}, meta, 0x{selector:x};")
    return InstanceForm(("llvm.inline_asm",), (line,),
                        ("no NVVM op exists: the lowering emits this instruction as inline PTX",),
                        {"shape": tuple(shape), "sparsitySelector": selector})


# ---------------------------------------------------------------- mbarrier
def _group_space(t: Type | None) -> tuple[MBarrierGroupType, str] | None:
    """The group type and its PTX state space suffix (``.shared`` or generic ``""``)."""
    if not isinstance(t, MBarrierGroupType):
        return None
    shared = shared_memory_space(t.memory_space)
    if shared is None:
        return None
    return t, ".shared" if shared else ""


def _mbarrier(nvvm: str, template: str) -> FormRule:
    """A rule for an mbarrier op whose PTX is ``template`` with ``{ss}`` for the state space."""
    def compute(view: OpView) -> InstanceForm | None:
        found = _group_space(view.type_of("barriers"))
        if found is None:
            return None
        _, space = found
        text, _, comment = template.partition("  //")
        pointer = "!llvm.ptr<3>" if space else "a generic !llvm.ptr"
        notes = [f"on {pointer}" + (f" (before LLVM 22: {nvvm}.shared)" if space else "")]
        if comment:
            notes.append(comment.strip())
        return InstanceForm((nvvm,), (_predicated(view, text.format(ss=space)),), tuple(notes),
                            {"shared": bool(space)})
    compute.__doc__ = f"``{template.split(' ')[0].format(ss='[.shared]')}`` for {nvvm}."
    return compute


RULES.update({
    "nvgpu.mbarrier.init": _mbarrier("nvvm.mbarrier.init", "mbarrier.init{ss}.b64 [addr], count;"),
    "nvgpu.mbarrier.arrive": _mbarrier("nvvm.mbarrier.arrive", "mbarrier.arrive{ss}.b64 state, [addr];"),
    "nvgpu.mbarrier.arrive.nocomplete": _mbarrier(
        "nvvm.mbarrier.arrive.nocomplete", "mbarrier.arrive.noComplete{ss}.b64 state, [addr], count;"),
    "nvgpu.mbarrier.arrive.expect_tx": _mbarrier(
        "nvvm.mbarrier.arrive.expect_tx", "mbarrier.arrive.expect_tx{ss}.b64 _, [addr], txcount;"),
    "nvgpu.mbarrier.test.wait": _mbarrier(
        "nvvm.mbarrier.test.wait", "mbarrier.test_wait{ss}.b64 waitComplete, [addr], state;"),
    "nvgpu.mbarrier.try_wait.parity": _mbarrier(
        "nvvm.mbarrier.try_wait.parity",
        "mbarrier.try_wait.parity{ss}.b64 p, [addr], phaseParity, suspendTimeHint;  // in a loop that retries "
        "until p is true"),
    "nvgpu.mbarrier.inval": _mbarrier("nvvm.mbarrier.inval", "mbarrier.inval{ss}.b64 [addr];"),
})


@rule("nvgpu.mbarrier.create")
def mbarrier_create(view: OpView) -> InstanceForm | None:
    """A module-level ``memref.global`` of num_barriers x i64: in shared memory (space 3) for a
    group there, else in the default space (upstream's ``getMBarrierMemrefType``)."""
    found = _group_space(view.result_type(0))
    if found is None:
        return None
    group, space = found
    storage = f"memref<{group.num_barriers}xi64{', 3' if space else ''}>"
    ptx = (f"{space or '.global'} .align 8 .b64 __mbarrier[{group.num_barriers}];",)
    return InstanceForm(("memref.global", "memref.get_global"), ptx,
                        (f"no instruction: a private memref.global of type {storage} "
                         f"({group.num_barriers * 8} bytes) that every execution of the op shares",),
                        {"num_barriers": group.num_barriers})


@rule("nvgpu.mbarrier.get")
def mbarrier_get(view: OpView) -> InstanceForm | None:
    """Address arithmetic only: the barrier's address as i32 or i64."""
    result = view.result_type(0)
    width = f"an {result}" if isinstance(result, IntegerType) else "an integer"
    return InstanceForm(("llvm.getelementptr", "llvm.ptrtoint"), (),
                        (f"no instruction: the address of barrier mbarId (8 bytes each) as {width}",))


# ---------------------------------------------------------------- TMA
def _descriptor(view: OpView) -> TensorMapDescriptorType | None:
    t = view.type_of("tensorMapDescriptor")
    return t if isinstance(t, TensorMapDescriptorType) else None


def _tma_rank(view: OpView) -> int | None:
    count = len(view.operands("coordinates"))
    if count:
        return count
    desc = _descriptor(view)
    return desc.tensor.rank if desc is not None and isinstance(desc.tensor, MemRefType) else None


def _coordinates(rank: int) -> str:
    return "{" + ", ".join(f"c{i}" for i in range(rank)) + "}"


def _box_note(view: OpView, verb: str) -> tuple[str, ...]:
    desc = _descriptor(view)
    size = byte_size(desc.tensor) if desc is not None else None
    return (f"{verb} {size} bytes (one {desc.tensor} box)",) if desc is not None and size is not None else ()


@rule("nvgpu.tma.async.load")
def tma_async_load(view: OpView) -> InstanceForm | None:
    """``cp.async.bulk.tensor.{rank}d.shared::cluster.global.mbarrier::complete_tx::bytes``,
    ``.multicast::cluster`` with a mask."""
    rank = _tma_rank(view)
    if rank is None:
        return None
    multicast = bool(view.operands("multicastMask"))
    opcode = (f"cp.async.bulk.tensor.{rank}d.shared::cluster.global.mbarrier::complete_tx::bytes"
              + (".multicast::cluster" if multicast else ""))
    line = f"{opcode} [dst], [tmap, {_coordinates(rank)}], [mbar]{', mask' if multicast else ''};"
    notes = _box_note(view, "delivers")
    if notes:
        notes = (notes[0] + " and signals them to the barrier: the count nvgpu.mbarrier.arrive.expect_tx "
                 "must announce",)
    return InstanceForm(("nvvm.cp.async.bulk.tensor.shared.cluster.global",), (_predicated(view, line),), notes,
                        {"rank": rank, "multicast": multicast})


@rule("nvgpu.tma.async.store")
def tma_async_store(view: OpView) -> InstanceForm | None:
    """``cp.async.bulk.tensor.{rank}d.global.shared::cta.bulk_group``."""
    rank = _tma_rank(view)
    if rank is None:
        return None
    line = f"cp.async.bulk.tensor.{rank}d.global.shared::cta.bulk_group [tmap, {_coordinates(rank)}], [src];"
    return InstanceForm(("nvvm.cp.async.bulk.tensor.global.shared.cta",), (_predicated(view, line),),
                        _box_note(view, "writes") + ("completion is tracked with bulk groups "
                                                     "(cp.async.bulk.commit_group / wait_group)",),
                        {"rank": rank})


REDUCE_AS_INLINE_PTX = ("inline PTX, not nvvm.cp.async.bulk.tensor.reduce: that op takes no predicate, and the "
                        "LLVM that compiles the PTX knows no intrinsic its translation names")


@rule("nvgpu.tma.async.reduce")
def tma_async_reduce(view: OpView) -> InstanceForm | None:
    """``cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{kind}.tile.bulk_group``."""
    rank, kind = _tma_rank(view), view.enum_attr("kind")
    if rank is None or kind is None:
        return None
    hint = bool(view.operands("l2CacheHint"))
    line = (f"cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{kind}.tile.bulk_group"
            f"{'.L2::cache_hint' if hint else ''} [tmap, {_coordinates(rank)}], [src]{', policy' if hint else ''};")
    return InstanceForm(("llvm.inline_asm",), (_predicated(view, line),),
                        _box_note(view, "reduces") + (REDUCE_AS_INLINE_PTX,), {"rank": rank, "redKind": kind})


@rule("nvgpu.tma.prefetch.descriptor")
def tma_prefetch_descriptor(view: OpView) -> InstanceForm | None:
    """``prefetch.tensormap``, predicated when a predicate is given."""
    return InstanceForm(("nvvm.prefetch",), (_predicated(view, "prefetch.tensormap [tmap];"),),
                        ("the `tensormap` form of nvvm.prefetch (nvvm.prefetch.tensormap before LLVM 22)",))


@rule("nvgpu.tma.fence.descriptor")
def tma_fence_descriptor(view: OpView) -> InstanceForm | None:
    """A system-scope tensormap-proxy acquire on the 128-byte descriptor."""
    return InstanceForm(("nvvm.fence.proxy.acquire",), _facts_ptx(view))


@rule("nvgpu.tma.create.descriptor")
def tma_create_descriptor(view: OpView) -> InstanceForm | None:
    """A host call to mgpuTensorMapEncodeTiledMemref with the descriptor type's enum codes."""
    result = view.result_type(0)
    notes = ["runs on the host: no PTX; calls mgpuTensorMapEncodeTiledMemref(rank, tensor, element type, "
             "interleave, swizzle, l2promo, oob, box sizes)"]
    params: dict[str, object] = {}
    if isinstance(result, TensorMapDescriptorType):
        codes = []
        for name, value in (("interleave", result.interleave), ("swizzle", result.swizzle),
                            ("l2promo", result.l2promo), ("oob", result.oob)):
            enum = NVGPU_ENUMS.get(f"nvgpu.{name}")
            if enum is not None and value in enum.cases:
                params[name] = enum.cases.index(value)
                codes.append(f"{name} = {value} ({enum.cases.index(value)})")
        if codes:
            notes.append("codes passed: " + ", ".join(codes))
    return InstanceForm(("llvm.call", "llvm.alloca", "llvm.getelementptr", "llvm.store", "llvm.func"), (),
                        tuple(notes), params)


# ---------------------------------------------------------------- warpgroup (wgmma)
_WGMMA_K = {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "e5m2": 32, "s8": 32, "u8": 32, "b1": 256}
_SWIZZLE_LAYOUT = {"swizzle_128b": 1, "swizzle_64b": 2, "swizzle_32b": 3, "none": 0}
"""The wgmma descriptor's layout-type field (bits 62-63) for each swizzle."""


def wgmma_ptx_type(element: Type | None) -> str | None:
    """The wgmma PTX type of a tile or accumulator element."""
    if isinstance(element, IntegerType) and element.width == 1:
        return "b1"
    return mma_ptx_type(element, tf32=False)


@rule("nvgpu.warpgroup.mma")
def warpgroup_mma(view: OpView) -> InstanceForm | None:
    """fence, (M/64) x (K/k) ``wgmma.mma_async.sync.aligned.m64n{N}k{k}`` instructions,
    commit_group and ``wait_group {waitGroup}``."""
    a, b, c = view.type_of("descriptorA"), view.type_of("descriptorB"), view.type_of("matrixC")
    if not (isinstance(a, WarpgroupDescriptorType) and isinstance(b, WarpgroupDescriptorType)
            and isinstance(c, WarpgroupAccumulatorType)):
        return None
    tile_a, tile_b, acc = a.tensor, b.tensor, c.fragmented
    if not (isinstance(tile_a, MemRefType) and isinstance(tile_b, MemRefType) and isinstance(acc, VectorType)
            and tile_a.rank == 2 and len(acc.shape) == 2 and None not in acc.shape):
        return None
    ta, tb = wgmma_ptx_type(tile_a.element), wgmma_ptx_type(tile_b.element)
    if ta == "f32":
        ta = tb = "tf32"  # wgmma reads f32 tiles as tf32
    td = wgmma_ptx_type(acc.element)
    step = _WGMMA_K.get(ta or "")
    if ta is None or tb is None or td is None or step is None:
        return None
    (size_m, size_k), size_n = tile_a.shape, acc.shape[1]
    if size_m is None or size_k is None:
        return None
    blocks, steps = size_m // 64, size_k // step
    count = blocks * steps
    regs_per = size_n // 4 if td == "f16" else size_n // 2
    operands = f"{regs('d', regs_per)}, descA, descB, p"
    if ta in ("f16", "bf16"):
        operands += f", 1, 1, {int(view.unit('transposeA'))}, {int(view.unit('transposeB'))}"
    elif ta in ("tf32", "e4m3", "e5m2"):
        operands += ", 1, 1"
    wait = view.int_attr("waitGroup", 1)
    mma = f"wgmma.mma_async.sync.aligned.m64n{size_n}k{step}.{td}.{ta}.{tb} {operands};"
    notes = (f"wgmma.mma_async is issued {count} time{'s' if count != 1 else ''}: {blocks} block"
             f"{'s' if blocks != 1 else ''} of 64 rows x {steps} K step{'s' if steps != 1 else ''} of {step}",
             "p is the scale-d predicate (1: D = A*B + D); the immediates are scale-a, scale-b"
             + (", transpose-a, transpose-b" if ta in ("f16", "bf16") else ""))
    return InstanceForm(
        ("nvvm.wgmma.fence.aligned", "nvvm.wgmma.mma_async", "nvvm.wgmma.commit.group.sync.aligned",
         "nvvm.wgmma.wait.group.sync.aligned"),
        ("wgmma.fence.sync.aligned;", mma, "wgmma.commit_group.sync.aligned;",
         f"wgmma.wait_group.sync.aligned {wait};"),
        notes, {"shape": (64, size_n, step), "count": count, "typeA": ta, "typeB": tb, "typeD": td,
                "waitGroup": wait})


@rule("nvgpu.warpgroup.generate.descriptor")
def warpgroup_generate_descriptor(view: OpView) -> InstanceForm | None:
    """Integer arithmetic packing the tile address and the swizzle's layout code."""
    tmap = view.type_of("tensorMap")
    notes = ["no instruction: shifts and ors build the 64-bit descriptor from the tile's shared-memory address"]
    params: dict[str, object] = {}
    if isinstance(tmap, TensorMapDescriptorType) and tmap.swizzle in _SWIZZLE_LAYOUT:
        params["layout"] = _SWIZZLE_LAYOUT[tmap.swizzle]
        notes.append(f"layout type (bits 62-63) = {params['layout']} for {tmap.swizzle}")
    return InstanceForm(("llvm.ptrtoint", "llvm.shl", "llvm.lshr", "llvm.or"), (), tuple(notes), params)


def _accumulator_note(acc: Type | None, verb: str) -> tuple[str, ...]:
    if not isinstance(acc, WarpgroupAccumulatorType) or not isinstance(acc.fragmented, VectorType):
        return ()
    count = numel(acc.fragmented)
    if count is None:
        return ()
    return (f"each of the 128 threads {verb} {count // 128} {acc.fragmented.element} value"
            f"{'s' if count // 128 != 1 else ''} of the {acc.fragmented} tile",)


@rule("nvgpu.warpgroup.mma.init.accumulator")
def warpgroup_init_accumulator(view: OpView) -> InstanceForm | None:
    """Zero constants inserted into the accumulator struct; no instruction of its own."""
    return InstanceForm(("llvm.mlir.constant", "llvm.mlir.poison", "llvm.insertvalue"), (),
                        ("no instruction: zero registers",) + _accumulator_note(view.result_type(0), "zeroes"))


@rule("nvgpu.warpgroup.mma.store")
def warpgroup_mma_store(view: OpView) -> InstanceForm | None:
    """Plain per-thread stores of the fragment, addressed from the thread id."""
    return InstanceForm(("nvvm.read.ptx.sreg.tid.x", "memref.store"), (),
                        ("ordinary stores, one memref.store per element",)
                        + _accumulator_note(view.type_of("matrixD"), "stores"))


# ---------------------------------------------------------------- arithmetic
@rule("nvgpu.rcp")
def rcp(view: OpView) -> InstanceForm | None:
    """One ``rcp.approx.ftz.f32`` per vector element."""
    count = numel(view.type_of("in"))
    limitation = rcp_limitation(view)
    if limitation is not None:
        return InstanceForm(("nvvm.rcp.approx.ftz.f",), (),
                            (f"not lowered: upstream's nvgpu.rcp {limitation.message}",))
    notes = (f"issued {count} time{'s' if count != 1 else ''}, once per element",) if count else ()
    return InstanceForm(("nvvm.rcp.approx.ftz.f",), ("rcp.approx.ftz.f32 d, a;",), notes)


@rule("nvgpu.fma", "nvgpu.mul")
def f32x2_arith(view: OpView) -> InstanceForm | None:
    """``fma.{rnd}[.ftz].f32x2`` / ``mul.{rnd}[.ftz].f32x2``."""
    rnd, ftz = view.enum_word("rnd", "rn"), view.unit("ftz")
    is_fma = view.name == "nvgpu.fma"
    mnemonic, operands = ("fma", "d, a, b, c") if is_fma else ("mul", "d, a, b")
    plain = rnd == "rn" and not ftz
    op = ("llvm.intr.fma" if is_fma else "llvm.fmul") if plain else "llvm.inline_asm"
    return InstanceForm((op,), (f"{mnemonic}.{rnd}{'.ftz' if ftz else ''}.f32x2 {operands};",), (), {"rnd": rnd})


# ---------------------------------------------------------------- float conversions
_NARROW_PTX = {"f8E4M3FN": "e4m3", "f8E5M2": "e5m2", "f8E8M0FNU": "ue8m0", "f6E2M3FN": "e2m3",
               "f6E3M2FN": "e3m2", "f4E2M1FN": "e2m1"}
_NARROW_FAMILY = {"e4m3": "f8", "e5m2": "f8", "ue8m0": "f8", "e2m3": "f6", "e3m2": "f6", "e2m1": "f4"}
_UNIT_SCALES = 0x7F7F
"""The scale-factor operand NVVM passes when a narrow -> bf16x2 convert names none: two
ue8m0 codes 127, i.e. 2^0 for both elements (the bindings translate the op to
``llvm.nvvm.{type}x2.to.bf16x2.rn.scale.n2.ue8m0(a, i16 32639)``)."""


def _conversion_types(view: OpView) -> tuple[str, str] | None:
    source, result = element_of(view.type_of("in")), element_of(view.result_type(0))
    if not isinstance(source, FloatType) or not isinstance(result, FloatType):
        return None
    return source.name, result.name


def _fpext_line(source: str, result: str) -> str | None:
    """The ordinary ``cvt`` llvm.fpext becomes (bf16 sources: sm_90 and later)."""
    if source in ("f16", "bf16", "f32") and result in ("f32", "f64") and source != result:
        return f"cvt.{result}.{source} d, a;"
    return None


def _narrow_to_half_line(narrow: str, half: str, relu: str) -> str:
    """The cvt that widens one pair of narrow codes: ``cvt.rn[.relu].f16x2.{type}x2``;
    to bf16x2 the scaled ``cvt.rn[.relu].scaled::n2::ue8m0.bf16x2.{type}x2``, the only
    form LLVM's NVPTX back end selects for it, except ue8m0's own ``cvt.rn.bf16x2.ue8m0x2``."""
    if narrow == "ue8m0":
        return "cvt.rn.bf16x2.ue8m0x2 d, a;"
    if half == "bf16":
        return f"cvt.rn{relu}.scaled::n2::ue8m0.bf16x2.{narrow}x2 d, a, scale;"
    return f"cvt.rn{relu}.f16x2.{narrow}x2 d, a;"


@rule("nvgpu.extf", "nvgpu.convert.fpext")
def extf(view: OpView) -> InstanceForm | None:
    """Narrow sources widen two at a time with ``cvt.rn[.relu].f16x2.{type}x2`` or, for a
    bf16 result (and any e8m0 source), into bf16x2, then ``llvm.fpext`` for f32/f64
    results; f16/bf16/f32 sources are ``llvm.fpext``."""
    types = _conversion_types(view)
    if types is None:
        return None
    source, result = types
    relu = ".relu" if view.bool_attr("relu") else ""
    if source in ("f16", "bf16", "f32"):
        line = _fpext_line(source, result)
        caveats = ("the bf16 form needs sm_90; older targets shift the bits instead",) if source == "bf16" else ()
        return InstanceForm(("llvm.fpext",), (line,) if line else (), caveats)
    narrow = _NARROW_PTX.get(source)
    if narrow is None:
        return None
    family = _NARROW_FAMILY[narrow]
    half = "bf16" if narrow == "ue8m0" or result == "bf16" else "f16"
    lines = [_narrow_to_half_line(narrow, half, relu)]
    ops = [f"nvvm.convert.{family}x2.to.{half}x2"]
    notes = [f"converts two elements per instruction ({half}x2 result)"]
    params: dict[str, object] = {"via": half, "relu": bool(relu)}
    if half == "bf16" and narrow != "ue8m0":
        notes.append(f"scale = 0x{_UNIT_SCALES:X}: the unit ue8m0 scale factors NVVM passes (2^0 for both "
                     f"elements); the op becomes llvm.nvvm.{narrow}x2.to.bf16x2.rn.scale.n2.ue8m0")
        params["scale"] = _UNIT_SCALES
    if relu and result == "bf16":
        notes.append("relu is not supported for a bf16 result: upstream's verifier rejects this instance")
    widen = _fpext_line(half, result) if result != half else None
    if result != half:
        ops.append("llvm.fpext")
        if widen:
            lines.append(widen)
    return InstanceForm(tuple(ops), tuple(lines), tuple(notes), params)


@rule("nvgpu.truncf", "nvgpu.convert.fptrunc")
def truncf(view: OpView) -> InstanceForm | None:
    """``cvt.{rnd}[.relu][.satfinite].{f16x2|bf16x2}.f32`` for f16/bf16 results,
    ``cvt.rn.satfinite[.relu].{type}x2.{f32|f16x2|bf16x2}`` for narrow ones, ``llvm.fptrunc``
    from f64 (to f32 first when the result is narrower than f16)."""
    types = _conversion_types(view)
    if types is None:
        return None
    source, result = types
    rnd, sat = view.enum_word("rnd", "rn"), view.enum_word("sat", "satfinite")
    relu = ".relu" if view.bool_attr("relu") else ""
    satfinite = ".satfinite" if sat == "satfinite" else ""
    ops: list[str] = []
    lines: list[str] = []
    if source == "f64":
        if result in ("f32", "f16", "bf16"):
            return InstanceForm(("llvm.fptrunc",), (f"cvt.rn.{result}.f64 d, a;",))
        ops.append("llvm.fptrunc")
        lines.append("cvt.rn.f32.f64 d, a;")
        source = "f32"
    if source == "f32" and result in ("f16", "bf16"):
        ops.append(f"nvvm.convert.f32x2.to.{result}x2")
        tail = ", rbits" if rnd == "rs" else ""
        lines.append(f"cvt.{rnd}{relu}{satfinite}.{result}x2.f32 d, a, b{tail};")
    else:
        narrow = _NARROW_PTX.get(result)
        if narrow is None or source not in ("f32", "f16", "bf16"):
            return None
        family = _NARROW_FAMILY[narrow]
        packed = "f32" if source == "f32" else f"{source}x2"
        operands = "d, a, b" if source == "f32" else "d, a"
        if narrow == "ue8m0":
            if source != "f32" and source != "bf16":
                return None
            lines.append(f"cvt.{rnd}{satfinite}.ue8m0x2.{packed} {operands};")
        else:
            lines.append(f"cvt.rn.satfinite{relu}.{narrow}x2.{packed} {operands};")
        ops.append(f"nvvm.convert.{'f32x2' if source == 'f32' else packed}.to.{family}x2")
    notes = ["converts two elements per instruction"]
    if saturation_refusal(source, result, sat) is not None:
        notes.append(f"sat = {sat}: upstream's conversion rejects this instance ({ops[-1]} takes only "
                     "satfinite for e4m3/e5m2)")
    if rnd == "rs":
        notes.append("rs: stochastic rounding with the random_bits operand")
    if view.has_attr("packed_kind"):
        notes.append(f"packed_kind = {view.enum_attr('packed_kind')}: each result is zero-extended into its own byte")
    return InstanceForm(tuple(ops), tuple(lines), tuple(notes), {"rnd": rnd, "sat": sat, "relu": bool(relu)})


@rule("nvgpu.convert.float")
def convert_float(view: OpView) -> InstanceForm | None:
    """The extf rule for a wider result, the truncf rule for a narrower one."""
    source, result = element_of(view.type_of("in")), element_of(view.result_type(0))
    if not isinstance(source, FloatType) or not isinstance(result, FloatType):
        return None
    return extf(view) if source.width < result.width else truncf(view)


# ---------------------------------------------------------------- tensor-map editing
_WIDE_FIELDS = ("global_address", "global_stride")
_ORDINAL_FIELDS = ("box_dim", "global_dim", "global_stride", "element_stride")


@rule("nvgpu.tensormap.replace")
def tensormap_replace(view: OpView) -> InstanceForm | None:
    """``tensormap.replace.tile.{field}.{global|shared::cta}.b1024.{b32|b64}``."""
    name = view.enum_attr("field")
    target = view.type_of("tensorMap")
    if name is None or not isinstance(target, MemRefType):
        return None
    shared = memref_in_shared_memory(target)
    space = "shared::cta" if shared else "global"
    width = "b64" if name in _WIDE_FIELDS else "b32"
    ordinal = view.int_attr("ord")
    middle = f"{ordinal if ordinal is not None else 'ord'}, " if name in _ORDINAL_FIELDS else ""
    line = f"tensormap.replace.tile.{name}.{space}.b1024.{width} [addr], {middle}new_val;"
    return InstanceForm(("nvvm.tensormap.replace",), (line,), (), {"field": name, "space": space})


@rule("nvgpu.tensormap.create.descriptor")
def tensormap_create_descriptor(view: OpView) -> InstanceForm | None:
    """Eight 16-byte loads from the map and stores into the shared copy."""
    return InstanceForm(("llvm.load", "llvm.store"), _facts_ptx(view) + _facts_ptx(view, 1),
                        ("eight of each, 16 bytes apart: every thread that runs it copies all 128 bytes",))


@rule("nvgpu.tensormap.cp_fenceproxy")
def tensormap_cp_fenceproxy(view: OpView) -> InstanceForm | None:
    """The warp-wide copy with a release fence at ``scope``."""
    scope = view.enum_attr("scope")
    if scope is None:
        return None
    return InstanceForm(("llvm.inline_asm",),
                        (f"tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.{scope}"
                         ".sync.aligned [dst], [src], 128;",), (), {"scope": scope})


__all__ = ["InstanceForm", "RULES", "generic_form", "instance_form", "mma_ptx_type", "regs", "rule",
           "wgmma_ptx_type"]
