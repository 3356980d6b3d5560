"""Verifiers for the TMA ops: ``nvgpu.tma.async.load/store``, ``tma.create.descriptor``,
``tma.prefetch.descriptor`` and ``tma.fence.descriptor``.

Upstream's rules come first, in upstream's order and wording (``NVGPUDialect.cpp``,
``verifyTmaDescriptorWithMemref`` and the ops' ``verify``); like upstream, the first
one that fails is the op's only error. The swizzle rule is today's: with a swizzle and
rank > 1 the innermost dimension must span exactly the swizzle width (32, 64 or 128
bytes); older upstream demanded 128 bytes for every swizzle (see the conformance
README). ``getIntOrFloatBitWidth`` counts tf32 as 19 bits, and so do we.

Only when upstream's rules hold do the additions run. They cover what upstream lets
through but the driver, the lowering or the hardware cannot work with; each message
says why, and those that are certain to fail are errors, the rest warnings:

* ``nvgpu.tma.rank`` (error) -- a tensor map of rank 0 or above 5 where upstream does not
  count coordinates (``create.descriptor``; ``async.load/store`` with rank 0).
* ``nvgpu.tma.barrier-memory-space`` (error) -- ``async.load`` signalling a barrier
  group outside shared memory: the conversion produces a non-shared pointer that the
  ``nvvm.cp.async.bulk.tensor`` verifier rejects (measured with ``mlir-opt-22``).
* ``nvgpu.mbarrier.index-range`` (warning) -- a constant barrier id past the group.
* ``create.descriptor`` (it calls ``cuTensorMapEncodeTiled`` at run time):
  ``nvgpu.tma.box-size`` (error) for a constant box size outside 1..256,
  ``nvgpu.tma.inner-bytes`` (error) for an innermost box that is not a multiple of 16
  bytes, ``nvgpu.tma.swizzle-width`` (error) for a rank-1 box wider than its swizzle,
  ``nvgpu.tma.oob-nan`` (error) for NaN fill of integer data -- all refused by the
  driver (CUDA driver API documentation of ``cuTensorMapEncodeTiled``) -- and the
  warnings ``nvgpu.tma.box-count`` (box count differs from the descriptor rank),
  ``nvgpu.tma.box-shape`` (a constant box size differs from the descriptor's tile; the
  driver encodes the operands, the device side trusts the type),
  ``nvgpu.tma.source-element-type`` (the global tensor's element type, which the
  lowering hands to the driver, differs from the tile's) and ``nvgpu.tma.host-only``
  (the op inside device code, where the runtime call it lowers to cannot be linked).

``prefetch.descriptor`` and ``fence.descriptor`` have no rule upstream and nothing a
static check can add: any descriptor value is fine for them.
"""

from __future__ import annotations

from ...analysis.ir import Operation
from ...analysis.values import (
    FloatType, IndexType, MBarrierGroupType, MemRefType, TensorMapDescriptorType, Type, UnrankedMemRefType,
    element_bit_width,
)
from ...diagnostics import Related, Severity
from ...analysis.opview import Operand, OpView, Span
from ..context import Report, verifies
from ...dialects.memory_spaces import (
    SHARED_MEMORY_SPACE, memref_in_shared_memory, not_shared_explanation, shared_memory_space,
)
from .mbarrier import check_barrier_operands, constant_int, space_text, type_alias_related, upstream_bit_width

MAX_TMA_RANK = 5
"""kMaxTMATensorDimension."""
MAX_TMA_BOX = 256
"""kMaxTMADimension: every box dimension is 1..256 elements."""
TMA_INNER_BYTES = 16
"""The innermost box dimension must be a multiple of 16 bytes."""
SWIZZLE_BYTES = {"swizzle_32b": 32, "swizzle_64b": 64, "swizzle_128b": 128}


class _Failed(Exception):
    """Raised inside a rule sequence once a rule has reported: upstream stops at the first."""


class TmaSite:
    """Where a verifier reports the parts of a tensor-map check: the descriptor type and,
    for load/store, the shared-memory buffer."""

    def __init__(self, view: OpView, desc_span: Span, desc_related: tuple[Related, ...],
                 memref: Operand | None = None) -> None:
        self.view = view
        self.desc_span = desc_span
        self.desc_related = desc_related
        self.memref = memref


def descriptor_site(view: OpView, group: str, memref: str | None = None) -> TmaSite:
    """A site for a descriptor given as operand ``group`` (optionally with a memref operand)."""
    operand = view.operand(group)
    span = view.type_span(operand)
    related = type_alias_related(view, span, "defined here") + view.defined_here(operand)
    return TmaSite(view, span, related, view.operand(memref) if memref else None)


def verify_tma_descriptor(site: TmaSite, report: Report, desc: TensorMapDescriptorType,
                          memref: MemRefType | None = None) -> bool:
    """Upstream's ``verifyTmaDescriptorWithMemref``; True when it reported an error."""
    try:
        _descriptor_rules(site, report, desc, memref)
    except _Failed:
        return True
    return False


def _fail(site: TmaSite, report: Report, message: str, code: str, span: Span | None = None,
          related: tuple[Related, ...] | None = None, data: dict | None = None, explanation: str = "") -> None:
    report.error(site.view, message, code, span or site.desc_span,
                 site.desc_related if related is None else related, data, explanation=explanation)
    raise _Failed


def _descriptor_rules(site: TmaSite, report: Report, desc: TensorMapDescriptorType,
                      memref: MemRefType | None) -> None:
    tile = desc.tensor
    if not isinstance(tile, MemRefType):
        return
    if desc.interleave != "none":
        _fail(site, report, "Interleave options are not supported yet.", "nvgpu.tma.interleave")
    shared = memref_in_shared_memory(tile)
    if shared is None:
        return
    if not shared:
        _fail(site, report, "the tensor map descriptor has incorrect address space, it must be shared "
              "memory address space.", "nvgpu.tma.descriptor-memory-space")
    if not tile.is_static:
        _fail(site, report, "the tensor map descriptor must be static shaped", "nvgpu.tma.descriptor-static")
    for dim in tile.shape:
        if dim is not None and (dim <= 0 or dim > MAX_TMA_BOX):
            _fail(site, report, f"the tensor map descriptor must have dimensions between 1 and {MAX_TMA_BOX} "
                  f"but it is {dim}", "nvgpu.tma.box-size")
    bits = upstream_bit_width(tile.element)
    last = tile.shape[-1] if tile.shape else None  # static: checked above
    if tile.rank > 1 and desc.swizzle != "none" and bits is not None and last is not None:
        last_bytes = bits * last // 8
        expect = SWIZZLE_BYTES.get(desc.swizzle, 0)
        if last_bytes != expect:
            _fail(site, report, f"the tensormap descriptor must have last dimension of {expect} bytes but it "
                  f"is {last_bytes} bytes", "nvgpu.tma.swizzle-width")
    if memref is None:
        return
    view = site.view
    mspan = view.type_span(site.memref)
    mrelated = (Related(site.desc_span[0], site.desc_span[1], f"the tensor map descriptor's tile is '{tile}'"),)
    if tile.element != memref.element:
        _fail(site, report, "the element type of tensor map descriptor and memref must be same",
              "nvgpu.tma.element-type", mspan, mrelated)
    shared = memref_in_shared_memory(memref)
    if shared is None:
        return
    if not shared:
        _fail(site, report, "the destination memref has incorrect address space, it must be shared memory "
              "address space.", "nvgpu.tma.memref-memory-space", mspan, (),
              {"memorySpace": SHARED_MEMORY_SPACE},
              not_shared_explanation(site.memref.use.name if site.memref else "the memref", memref, view.name))
    if not memref.is_static:
        _fail(site, report, "the destination memref must be static shaped", "nvgpu.tma.memref-static", mspan, ())
    if memref.rank != tile.rank:
        _fail(site, report, "the shape of tensor map descriptor and memref must have same rank",
              "nvgpu.tma.rank-mismatch", mspan, mrelated)
    if memref.shape != tile.shape:
        _fail(site, report, f"memref and tensor map shapes mismatch '{tile}' != '{memref}'",
              "nvgpu.tma.shape-mismatch", mspan, mrelated)
    if tile.rank > 0 and bits is not None and last is not None and (last * bits // 8) % TMA_INNER_BYTES != 0:
        _fail(site, report, "the bytes in the last dimension of the tensor map must be a multiple of 16",
              "nvgpu.tma.inner-bytes")


# ---------------------------------------------------------------- additions shared by the TMA ops
def _warn(report: Report, view: OpView, message: str, code: str, span: Span,
          related: tuple[Related, ...] = ()) -> None:
    report.error(view, message, code, span, related, severity=Severity.WARNING)


def check_tma_rank(site: TmaSite, report: Report, desc: TensorMapDescriptorType) -> bool:
    """A tensor map is 1-D to 5-D (cuTensorMapEncodeTiled, cp.async.bulk.tensor.{1..5}d)."""
    tile = desc.tensor
    if isinstance(tile, MemRefType) and not 1 <= tile.rank <= MAX_TMA_RANK:
        report.error(site.view, f"the tensor map descriptor must have between 1 and {MAX_TMA_RANK} dimensions "
                     f"but it has {tile.rank}: TMA tensor maps are 1-D to 5-D, and neither "
                     "cuTensorMapEncodeTiled nor cp.async.bulk.tensor accepts another rank",
                     "nvgpu.tma.rank", site.desc_span, site.desc_related)
        return True
    return False


def _coordinates_span(view: OpView, group: str) -> Span:
    coordinates = view.operands(group)
    if not coordinates:
        return view.span
    return (coordinates[0].span[0], coordinates[-1].span[1])


def _verify_transfer(view: OpView, report: Report, memref_group: str) -> None:
    """``TmaAsyncLoadOp::verify`` / ``TmaAsyncStoreOp::verify``, then the additions."""
    desc = view.type_of("tensorMapDescriptor")
    memref = view.type_of(memref_group)
    if not isinstance(desc, TensorMapDescriptorType) or not isinstance(memref, MemRefType):
        return
    site = descriptor_site(view, "tensorMapDescriptor", memref_group)
    if verify_tma_descriptor(site, report, desc, memref):
        return
    count = len(view.operands("coordinates"))
    span = _coordinates_span(view, "coordinates")
    if count > MAX_TMA_RANK:
        report.error(view, f"Maximum {MAX_TMA_RANK} coordinates are supported.", "nvgpu.tma.max-coordinates", span)
        return
    tile = desc.tensor
    if isinstance(tile, MemRefType) and count != tile.rank:
        report.error(view, "number of coordinates do not match with the rank of tensor descriptor map.",
                     "nvgpu.tma.coordinate-count", span, site.desc_related)
        return
    check_tma_rank(site, report, desc)


@verifies("nvgpu.tma.async.load")
def verify_tma_async_load(view: OpView, report: Report) -> None:
    before = len(report.diagnostics)
    _verify_transfer(view, report, "dst")
    if any(d.severity == Severity.ERROR for d in report.diagnostics[before:]):
        return
    barriers = view.operand("barriers")
    group = barriers.type if barriers is not None else None
    if isinstance(group, MBarrierGroupType):
        if shared_memory_space(group.memory_space) is False:
            span = view.type_span(barriers)
            report.error(view, f"the mbarrier group is in {space_text(group.memory_space)}, but a TMA load can "
                         "only signal an mbarrier in shared memory: convert-nvgpu-to-nvvm produces a non-shared "
                         "barrier pointer that nvvm.cp.async.bulk.tensor rejects",
                         "nvgpu.tma.barrier-memory-space", span,
                         type_alias_related(view, span, "defined here") + view.defined_here(barriers))
            return
    check_barrier_operands(view, report, memory_space=False)


@verifies("nvgpu.tma.async.store")
def verify_tma_async_store(view: OpView, report: Report) -> None:
    _verify_transfer(view, report, "src")


# ---------------------------------------------------------------- tma.create.descriptor
_DEVICE_OPS = ("gpu.module", "gpu.func", "gpu.launch")


def _in_device_code(op: Operation) -> Operation | None:
    return op.enclosing(lambda parent: parent.name in _DEVICE_OPS)


def _storage_bits(element: Type) -> int | None:
    """The element size the driver works with (tf32 takes 32 bits in memory)."""
    return None if isinstance(element, IndexType) else element_bit_width(element)


def _is_integer(element: Type) -> bool:
    return not isinstance(element, FloatType) and _storage_bits(element) is not None


@verifies("nvgpu.tma.create.descriptor")
def verify_tma_create_descriptor(view: OpView, report: Report) -> None:
    boxes = view.operands("boxDimensions")
    if len(boxes) > MAX_TMA_RANK:
        report.error(view, f"Maximum {MAX_TMA_RANK} coordinates are supported.", "nvgpu.tma.max-coordinates",
                     _coordinates_span(view, "boxDimensions"))
        return
    desc = view.result_type(0)
    if not isinstance(desc, TensorMapDescriptorType):
        return
    span = view.result_span(0)
    site = TmaSite(view, span, type_alias_related(view, span, "defined here"))
    if verify_tma_descriptor(site, report, desc):
        return
    if check_tma_rank(site, report, desc):
        return
    tile = desc.tensor
    if not isinstance(tile, MemRefType):
        return
    _check_driver_limits(view, report, site, desc, tile, boxes)


def _check_driver_limits(view: OpView, report: Report, site: TmaSite, desc: TensorMapDescriptorType,
                         tile: MemRefType, boxes: list[Operand]) -> None:
    """What cuTensorMapEncodeTiled refuses (errors) and what cannot match the device side (warnings)."""
    driver = "cuTensorMapEncodeTiled rejects"
    bits = _storage_bits(tile.element)
    wrong_size = set()
    for i, box in enumerate(boxes):
        value = constant_int(box)
        if value is not None and not 1 <= value <= MAX_TMA_BOX:
            report.error(view, f"box dimension {i} is {value}, but every TMA box dimension must be between 1 and "
                         f"{MAX_TMA_BOX} ({driver} the box)", "nvgpu.tma.box-size", box.span)
            wrong_size.add(i)
    if bits is not None and tile.shape[-1] is not None:
        inner = tile.shape[-1] * bits // 8
        if inner % TMA_INNER_BYTES != 0:
            report.error(view, "the bytes in the last dimension of the tensor map must be a multiple of 16 "
                         f"(the innermost box dimension is {inner} bytes; {driver} it)", "nvgpu.tma.inner-bytes",
                         site.desc_span, site.desc_related)
        elif tile.rank == 1 and desc.swizzle in SWIZZLE_BYTES and inner > SWIZZLE_BYTES[desc.swizzle]:
            report.error(view, f"the innermost box dimension is {inner} bytes, wider than the {desc.swizzle} "
                         f"pattern of {SWIZZLE_BYTES[desc.swizzle]} bytes ({driver} a box wider than its swizzle "
                         "span)", "nvgpu.tma.swizzle-width", site.desc_span, site.desc_related)
    if desc.oob == "nan" and _is_integer(tile.element):
        report.error(view, f"oob = nan needs floating-point data, but the tensor map holds '{tile.element}' "
                     f"elements ({driver} NaN out-of-bounds fill for integer data)", "nvgpu.tma.oob-nan",
                     site.desc_span, site.desc_related)
    if len(boxes) != tile.rank:
        _warn(report, view, f"{len(boxes)} box dimension{'s are' if len(boxes) != 1 else ' is'} given for a "
              f"rank-{tile.rank} tensor map descriptor: the driver encodes as many box sizes as the tensor has "
              "dimensions, and TMA ops address the tile with one coordinate per descriptor dimension",
              "nvgpu.tma.box-count", _coordinates_span(view, "boxDimensions"), site.desc_related)
    else:
        for i, box in enumerate(boxes):
            value = constant_int(box)
            if value is None or i in wrong_size or value == tile.shape[i]:
                continue
            _warn(report, view, f"box dimension {i} is {value}, but the descriptor's tile '{tile}' has {tile.shape[i]} "
                  "there: TMA then moves tiles of a different size than the shared-memory buffers and the "
                  "mbarrier byte counts the descriptor type implies", "nvgpu.tma.box-shape", box.span,
                  (Related(site.desc_span[0], site.desc_span[1], f"the descriptor's tile is '{tile}'"),))
    source = view.operand("tensor")
    global_type = source.type if source is not None else None
    if isinstance(global_type, (UnrankedMemRefType, MemRefType)) and _storage_bits(global_type.element) is not None \
            and global_type.element != tile.element:
        _warn(report, view, f"the global tensor has '{global_type.element}' elements but the descriptor's tile has "
              f"'{tile.element}': the driver encodes the tensor map for the global tensor's element type, and TMA "
              "ops move the bytes as the descriptor type describes", "nvgpu.tma.source-element-type",
              view.type_span(source), site.desc_related)
    device = _in_device_code(view.op)
    if device is not None:
        end = view.doc.text.find("\n", device.start, device.end)
        _warn(report, view, f"nvgpu.tma.create.descriptor runs on the host, but it is inside {device.name}: it "
              "lowers to a call of the host runtime function mgpuTensorMapEncodeTiledMemref, which device code "
              "cannot link; create the descriptor on the host and pass it to the kernel",
              "nvgpu.tma.host-only", view.span,
              (Related(device.start, device.end if end == -1 else end, f"{device.name} starts here"),))
