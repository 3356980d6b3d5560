"""Verifiers of the ops this project describes beyond today's upstream nvgpu dialect:
``nvgpu.tma.async.reduce``, ``nvgpu.stmatrix``, ``nvgpu.tensormap.replace``,
``nvgpu.tensormap.create.descriptor``, ``nvgpu.tensormap.cp_fenceproxy``, ``nvgpu.fma`` and
``nvgpu.mul``.

No upstream verifier exists for them, so the rules come from the PTX instruction each
op becomes (``cp.reduce.async.bulk.tensor``, ``stmatrix``, ``tensormap.replace``,
``tensormap.cp_fenceproxy``, ``fma``/``mul`` ``.f32x2``), and the messages are worded
like upstream's for the sibling op (``tma.async.store``, ``ldmatrix``, ODS constraints)
so that a reader who knows one recognises the other. ``tma.async.reduce`` runs the TMA
family's descriptor/tile checks (``rules/tma.py``) before its own reduction rule, with
the same codes. ``nvgpu.mbarrier.inval`` belongs with the other mbarrier ops.
"""

from __future__ import annotations

from ...analysis.ir import Operation
from ...analysis.values import (
    FloatType, IntegerAttr, IntegerType, MemRefType, TensorMapDescriptorType, Type, VectorType,
    element_bit_width, memory_space_number,
)
from ...analysis.opview import Operand, OpView, Span
from ..context import Report, verifies
from .conversions import on_op_line
from ...dialects.memory_spaces import SHARED_MEMORY_SPACE as SHARED
from ...dialects.memory_spaces import memref_in_shared_memory, not_shared_explanation
from ...dialects.nvgpu import TENSOR_MAP_BYTES
from .tma import MAX_TMA_RANK, check_tma_rank, descriptor_site, verify_tma_descriptor



def _error(view: OpView, report: Report, message: str, code: str, span: Span | None = None,
           related=(), data: dict | None = None, explanation: str = "") -> None:
    report.error(view, message, code, on_op_line(view, span), related, data, explanation=explanation)


def _op_error(view: OpView, report: Report, message: str, code: str, span: Span | None = None,
              related=(), data: dict | None = None) -> None:
    report.op_error(view, message, code, on_op_line(view, span), related, data)


def _memref_bytes(t: MemRefType) -> int | None:
    width = element_bit_width(t.element)
    if width is None or not t.is_static:
        return None
    count = 1
    for dim in t.shape:
        count *= dim  # type: ignore[operator]
    return count * width // 8


def _constant_value(operand: Operand | None) -> tuple[bool, int | None]:
    """(whether the value is known to come from a constant op, its integer value)."""
    definition = operand.definition if operand else None
    if definition is None:
        return True, None  # unresolved: not judged
    owner = definition.owner
    if not isinstance(owner, Operation):
        return False, None  # a block argument
    if owner.name not in ("arith.constant", "llvm.mlir.constant"):
        return False, None
    entry = owner.attributes.get("value")
    value = entry.value if entry is not None else None
    return True, value.value if isinstance(value, IntegerAttr) else None


# ---------------------------------------------------------------- nvgpu.tma.async.reduce
TMA = "nvgpu.tma"

REDUCE_ELEMENT_TYPES: dict[str, tuple[str, ...]] = {
    "add": ("i32", "i64", "f32", "f16", "bf16"),
    "min": ("i32", "i64", "f16", "bf16"),
    "max": ("i32", "i64", "f16", "bf16"),
    "inc": ("i32",),
    "dec": ("i32",),
    "and": ("i32", "i64"),
    "or": ("i32", "i64"),
    "xor": ("i32", "i64"),
}
"""Element types cp.reduce.async.bulk.tensor accepts per reduction (PTX ISA: .add
.u32/.s32/.u64/.f32/.f16/.bf16; .min/.max .u32/.s32/.u64/.s64/.f16/.bf16; .inc/.dec
.u32; .and/.or/.xor .b32/.b64), in MLIR's signless spelling."""


@verifies("nvgpu.tma.async.reduce")
def verify_tma_async_reduce(view: OpView, report: Report) -> None:
    """nvgpu.tma.async.store's rules (the same descriptor, tile and coordinate checks, from
    the TMA family), then the element types the reduction accepts."""
    src = view.operand("src")
    desc = view.type_of("tensorMapDescriptor")
    if src is None or not isinstance(src.type, MemRefType) or not isinstance(desc, TensorMapDescriptorType):
        return
    site = descriptor_site(view, "tensorMapDescriptor", "src")
    if verify_tma_descriptor(site, report, desc, src.type):
        return
    coordinates = view.operands("coordinates")
    span = (coordinates[0].span[0], coordinates[-1].span[1]) if coordinates else None
    if len(coordinates) > MAX_TMA_RANK:
        _error(view, report, f"Maximum {MAX_TMA_RANK} coordinates are supported.", f"{TMA}.max-coordinates", span)
        return
    box = desc.tensor
    if isinstance(box, MemRefType) and len(coordinates) != box.rank:
        _error(view, report, "number of coordinates do not match with the rank of tensor descriptor map.",
               f"{TMA}.coordinate-count", span, site.desc_related)
        return
    if check_tma_rank(site, report, desc):
        return
    kind = view.enum_attr("kind")
    allowed = REDUCE_ELEMENT_TYPES.get(kind or "")
    element = src.type.element
    if allowed is not None and str(element) not in allowed:
        _op_error(view, report, f"reduction kind '{kind}' does not support element type '{element}'; "
                                f"cp.reduce.async.bulk.tensor .{kind} takes {', '.join(allowed)}",
                  f"{TMA}.reduce-kind", view.attr_span("kind"),
                  data={"kind": kind, "allowed": list(allowed), "attribute": "kind",
                        "valid": [k for k, types in REDUCE_ELEMENT_TYPES.items() if str(element) in types]})


# ---------------------------------------------------------------- nvgpu.stmatrix
STMATRIX = "nvgpu.stmatrix"


@verifies(STMATRIX)
def verify_stmatrix(view: OpView, report: Report) -> None:
    """stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16: the mirror of ldmatrix,
    for 16-bit elements only."""
    source = view.operand("source")
    dst = view.operand("dstMemref")
    vector = source.type if source else None
    memref = dst.type if dst else None
    if not isinstance(vector, VectorType) or not isinstance(memref, MemRefType):
        return
    source_span = source.type_span if source else None
    if vector.element != memref.element:
        _op_error(view, report, "failed to verify that source and dstMemref have same element type",
                  f"{STMATRIX}.element-type", source_span)
        return
    if memref_in_shared_memory(memref) is False:
        _error(view, report, "expected nvgpu.stmatrix dstMemref must have a memory space attribute of "
                             "IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)",
               f"{STMATRIX}.shared-memory", dst.type_span if dst else None,
               data={"memorySpace": SHARED, "operand": "dstMemref"},
               explanation=not_shared_explanation(dst.use.name if dst else "dstMemref", memref, view.name))
        return
    indices = view.operands("indices")
    if len(indices) != memref.rank:
        _op_error(view, report, f"expected {memref.rank} indices, got {len(indices)}", f"{STMATRIX}.indices",
                  data={"expected": memref.rank, "found": len(indices)})
        return
    if element_bit_width(vector.element) != 16:
        _error(view, report, "nvgpu.stmatrix works only at 16b granularity", f"{STMATRIX}.element-width",
               source_span)
        return
    if len(vector.shape) != 2:
        _error(view, report, "source must be 2 dimensional vector", f"{STMATRIX}.vector-rank", source_span)
        return
    if vector.shape[1] != 2:
        _error(view, report, "expected vector register shape[1] = 2", f"{STMATRIX}.vector-shape", source_span)
        return
    tiles = view.int_attr("numTiles")
    if tiles is None:
        return
    if tiles not in (1, 2, 4):
        _op_error(view, report, f"numTiles must be 1, 2 or 4 (stmatrix .x1/.x2/.x4), but got {tiles}",
                  f"{STMATRIX}.num-tiles", view.attr_span("numTiles"))
        return
    if vector.shape[0] != tiles:
        _error(view, report, "expected vector register shape[0] and numTiles to match", f"{STMATRIX}.num-tiles",
               source_span, data={"numTiles": tiles, "shape0": vector.shape[0],
                                  "alternatives": [{"numTiles": vector.shape[0]}]
                                  if vector.shape[0] in (1, 2, 4) else []})


# ---------------------------------------------------------------- tensor-map editing
TENSORMAP = "nvgpu.tensormap"

_ORDINAL_FIELDS = ("box_dim", "global_dim", "global_stride", "element_stride")
_WIDE_FIELDS = ("global_address", "global_stride")
_IMMEDIATE_FIELDS: dict[str, int] = {
    "elemtype": 15, "interleave_layout": 2, "swizzle_mode": 4, "swizzle_atomicity": 3, "fill_mode": 1,
}
"""Fields whose new value PTX takes as an immediate, with the largest code each accepts."""


def _check_map_copy(view: OpView, report: Report, operand: Operand | None, name: str,
                    spaces: tuple[int, ...], space_rule: str) -> bool:
    """A 128-byte tensor-map copy in one of ``spaces``; True when reported."""
    t = operand.type if operand else None
    if not isinstance(t, MemRefType):
        return False
    span = operand.type_span if operand else None
    space = memory_space_number(t.memory_space)
    if space not in spaces:
        _error(view, report, f"expected {view.name} {name} must {space_rule}", f"{TENSORMAP}.memory-space", span,
               view.defined_here(operand), explanation=not_shared_explanation(
                   operand.use.name if operand else name, t, view.name) if spaces == (SHARED,) else "")
        return True
    size = _memref_bytes(t)
    if size is not None and size != TENSOR_MAP_BYTES:
        _op_error(view, report, f"expected {name} to be a {TENSOR_MAP_BYTES}-byte tensor-map copy, but '{t}' holds "
                                f"{size} bytes", f"{TENSORMAP}.size", span, data={"bytes": size})
        return True
    return False


@verifies("nvgpu.tensormap.replace")
def verify_tensormap_replace(view: OpView, report: Report) -> None:
    """tensormap.replace.tile.<field>{.global,.shared::cta}.b1024.{b32,b64} [map], {ord,} value."""
    if _check_map_copy(view, report, view.operand("tensorMap"), "tensorMap", (0, 1, SHARED),
                       "be in global, shared or generic memory (tensormap.replace .global / .shared::cta)"):
        return
    field = view.enum_attr("field")
    if field is None:
        return
    ordinal = view.int_attr("ord")
    if field in _ORDINAL_FIELDS:
        if not view.has_attr("ord"):
            _op_error(view, report, f"field '{field}' requires a dimension ordinal, e.g. {field}[0]",
                      f"{TENSORMAP}.ordinal", view.attr_span("field"))
            return
        if ordinal is not None and not 0 <= ordinal < MAX_TMA_RANK:
            _op_error(view, report, f"dimension ordinal {ordinal} of field '{field}' is out of range "
                                    f"[0, {MAX_TMA_RANK - 1}]", f"{TENSORMAP}.ordinal", view.attr_span("ord"))
            return
    elif view.has_attr("ord"):
        _op_error(view, report, f"field '{field}' does not take a dimension ordinal", f"{TENSORMAP}.ordinal",
                  view.attr_span("ord"))
        return
    value = view.operand("newValue")
    width = 64 if field in _WIDE_FIELDS else 32
    value_type: Type | None = value.type if value else None
    if isinstance(value_type, IntegerType) and value_type.width != width:
        _op_error(view, report, f"field '{field}' takes an i{width} value, but got '{value_type}'",
                  f"{TENSORMAP}.value-type", value.type_span if value else None, view.defined_here(value))
        return
    largest = _IMMEDIATE_FIELDS.get(field)
    if largest is None:
        return
    constant, number = _constant_value(value)
    if not constant:
        _op_error(view, report, f"field '{field}' needs a constant new value (PTX tensormap.replace takes an "
                                "immediate here)", f"{TENSORMAP}.immediate", value.span if value else None,
                  view.defined_here(value))
    elif number is not None and not 0 <= number <= largest:
        _op_error(view, report, f"new value {number} of field '{field}' is out of range [0, {largest}]",
                  f"{TENSORMAP}.immediate", value.span if value else None, view.defined_here(value))


@verifies("nvgpu.tensormap.cp_fenceproxy")
def verify_tensormap_cp_fenceproxy(view: OpView, report: Report) -> None:
    """tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.<scope>.sync.aligned
    [dst], [src], 128: the source is a 128-byte copy in the CTA's shared memory."""
    _check_map_copy(view, report, view.operand("src"), "src", (SHARED,),
                    "have a memory space attribute of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)")


@verifies("nvgpu.tensormap.create.descriptor")
def verify_tensormap_create_descriptor(view: OpView, report: Report) -> None:
    """The copy of a tensor map goes to 128 bytes of the CTA's shared memory (where
    tensormap.replace and cp_fenceproxy read it)."""
    _check_map_copy(view, report, view.operand("dst"), "dst", (SHARED,),
                    "have a memory space attribute of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)")


# ---------------------------------------------------------------- packed f32x2 arithmetic
F32X2 = "nvgpu.f32x2"


@verifies("nvgpu.fma", "nvgpu.mul")
def verify_f32x2(view: OpView, report: Report) -> None:
    """fma/mul .rnd{.ftz}.f32x2 work on exactly one pair of f32."""
    for index, operand in enumerate(view.all_operands()):
        if operand.type is not None and not _is_f32x2(operand.type):
            _op_error(view, report, f"operand #{index} must be vector of 32-bit float values of length 2, but got "
                                    f"'{operand.type}'", f"{F32X2}.type", operand.type_span, view.defined_here(operand))
            return
    result = view.result_type()
    if result is not None and not _is_f32x2(result):
        _op_error(view, report, f"result #0 must be vector of 32-bit float values of length 2, but got '{result}'",
                  f"{F32X2}.type", view.result_span())
        return


def _is_f32x2(t: Type) -> bool:
    return (isinstance(t, VectorType) and tuple(t.shape) == (2,) and not any(t.scalable)
            and isinstance(t.element, FloatType) and t.element.name == "f32")
