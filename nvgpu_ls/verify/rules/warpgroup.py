"""Verifiers for the warpgroup (wgmma) ops: ``nvgpu.warpgroup.generate.descriptor``,
``warpgroup.mma``, ``warpgroup.mma.store`` and ``warpgroup.mma.init.accumulator``.

Upstream's rules first, in upstream's order and wording (``NVGPUDialect.cpp``), the
first failing one being the op's error; ``generate.descriptor`` also runs the shared
tensor-map rules of :mod:`.tma` (their codes stay ``nvgpu.tma.*``). Upstream's
quirks are kept: its "s32 += i8 * i8" case tests for i16, so i8 GEMMs are rejected,
and i16 inputs then fail the N check. Dynamic sizes print as upstream prints them
(``ShapedType::kDynamic``).

Additions, run only when upstream's rules hold (errors where the conversion or the
NVVM verifier is certain to refuse, warnings otherwise, each message says why):

* ``nvgpu.warpgroup.transpose-type`` (error) -- a transpose flag with inputs other than
  f16/bf16: wgmma transposes only 16-bit operands and ``nvvm.wgmma.mma_async`` rejects
  the layout the flag produces (measured with ``mlir-opt-22`` for tf32).
* ``nvgpu.warpgroup.size-m`` / ``nvgpu.warpgroup.size-k`` (warnings) -- M not a multiple of
  64 or K not a multiple of the instruction's K: the lowering issues M/64 and K/k
  instructions and silently drops the remainder.
* ``nvgpu.warpgroup.store-rank`` (error) -- ``mma.store`` into a memref that is not 2-D
  (upstream reads a dimension that is not there, or the lowering emits a
  ``memref.store`` with the wrong index count); ``nvgpu.warpgroup.store-element-type``
  (error) -- a destination element type other than the accumulator's, which the
  lowered ``memref.store`` rejects.
* ``nvgpu.warpgroup.accumulator-rank`` (warning) -- a zero accumulator that is not 2-D.
* ``nvgpu.warpgroup.descriptor-memory-space`` / ``nvgpu.warpgroup.descriptor-type``
  (warnings) -- ``generate.descriptor`` of a tile outside shared memory (wgmma reads
  shared memory only; the descriptor keeps 14 bits of the address), or a result type
  whose tile differs from the memref it describes.
"""

from __future__ import annotations

from ...analysis.values import (
    FloatType, IntegerType, MemRefType, TensorMapDescriptorType, Type, VectorType, WarpgroupAccumulatorType,
    WarpgroupDescriptorType,
)
from ...diagnostics import Related, Severity
from ...analysis.opview import OpView, Span
from ..context import Report, verifies
from ...dialects.memory_spaces import memref_in_shared_memory
from .mbarrier import space_text, type_alias_related
from .tma import descriptor_site, verify_tma_descriptor

WGMMA_SIZE_M = 64
"""kWgmmaSizeM."""
DYNAMIC = -9223372036854775808
"""ShapedType::kDynamic, which upstream prints for a dynamic size."""
ALLOWED_N = tuple(range(8, 257, 8))
ALLOWED_N_SHORT = (8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256)
F8 = ("f8E5M2", "f8E4M3FN")


def _float(t: Type | None, *names: str) -> bool:
    return isinstance(t, FloatType) and t.name in names


def _int(t: Type | None, width: int) -> bool:
    """``Type::isInteger(width)``: a signless integer of that width."""
    return isinstance(t, IntegerType) and t.width == width and t.signedness == ""


def allowed_wgmma_types(d: Type, a: Type, b: Type) -> bool:
    """Upstream's ``isAllowedWGMMADataType`` (its i8 case really tests i16)."""
    if _float(a, "f16") and _float(b, "f16") and _float(d, "f32", "f16"):
        return True
    if _float(a, "tf32") and _float(d, "f32") and _float(b, "tf32"):
        return True
    if _int(a, 16) and _int(b, 16) and _int(d, 32):
        return True
    if _int(a, 1) and _int(b, 1) and _int(d, 32):
        return True
    if _float(a, "bf16") and _float(b, "bf16") and _float(d, "f32", "f16"):
        return True
    return _float(a, *F8) and _float(b, *F8) and _float(d, "f32", "f16")


def allowed_size_m(size: int) -> bool:
    return size % WGMMA_SIZE_M == 0


def allowed_size_n(size: int, a: Type) -> bool:
    """Upstream's ``isAllowedSizeN``: which N a wgmma with A elements of type ``a`` takes."""
    if _float(a, "bf16", "f16", "f32", "tf32", *F8) and size in ALLOWED_N:
        return True
    return (_int(a, 8) or _int(a, 1)) and size in ALLOWED_N_SHORT


def wgmma_k(a: Type) -> int | None:
    """The K of one wgmma instruction for A elements of type ``a`` (the lowering's table)."""
    if _float(a, "tf32"):
        return 8
    if _float(a, "f16", "bf16"):
        return 16
    if _float(a, *F8) or _int(a, 16):
        return 32
    if _int(a, 1):
        return 256
    return None


def _dim(shape: tuple, index: int) -> int:
    value = shape[index] if index < len(shape) else None
    return DYNAMIC if value is None else value


def _warn(report: Report, view: OpView, message: str, code: str, span: Span,
          related: tuple[Related, ...] = ()) -> None:
    report.error(view, message, code, span, related, severity=Severity.WARNING)


def _type_related(span: Span, text: str) -> tuple[Related, ...]:
    return (Related(span[0], span[1], text),)


# ---------------------------------------------------------------- warpgroup.generate.descriptor
@verifies("nvgpu.warpgroup.generate.descriptor")
def verify_generate_descriptor(view: OpView, report: Report) -> None:
    desc = view.type_of("tensorMap")
    if not isinstance(desc, TensorMapDescriptorType):
        return
    site = descriptor_site(view, "tensorMap")
    if verify_tma_descriptor(site, report, desc):
        return
    if desc.swizzle != "swizzle_128b":
        report.error(view, "supports only swizzle_128b is supported for the time being", "nvgpu.warpgroup.swizzle",
                     site.desc_span, site.desc_related)
        return
    if desc.interleave != "none":
        report.error(view, "supports only none is supported for the time being", "nvgpu.warpgroup.interleave",
                     site.desc_span, site.desc_related)
        return
    tensor = view.operand("tensor")
    tile = tensor.type if tensor is not None else None
    if not isinstance(tile, MemRefType):
        return
    tile_span = view.type_span(tensor)
    if memref_in_shared_memory(tile) is False:
        _warn(report, view, f"the tile is in {space_text(tile.memory_space)}, but wgmma reads its operands from "
              "shared memory only: the descriptor encodes 14 bits of the address, so a tile elsewhere yields a "
              "descriptor that points at unrelated shared memory", "nvgpu.warpgroup.descriptor-memory-space",
              tile_span, view.defined_here(tensor))
    result = view.result_type(0)
    if isinstance(result, WarpgroupDescriptorType) and isinstance(result.tensor, MemRefType):
        described = result.tensor
        if described.shape != tile.shape or described.element != tile.element:
            _warn(report, view, f"the descriptor type describes '{described}' but the tile is '{tile}': "
                  "nvgpu.warpgroup.mma takes the GEMM shape and element type from the descriptor type, so it "
                  "would walk memory laid out differently from the tile", "nvgpu.warpgroup.descriptor-type",
                  view.result_span(0), _type_related(tile_span, f"the tile is '{tile}'"))


# ---------------------------------------------------------------- warpgroup.mma
@verifies("nvgpu.warpgroup.mma")
def verify_warpgroup_mma(view: OpView, report: Report) -> None:
    desc_a, desc_b = view.type_of("descriptorA"), view.type_of("descriptorB")
    acc_c, acc_d = view.type_of("matrixC"), view.result_type(0)
    if view.unit("transposeA") and not view.unit("transposeB"):
        report.op_error(view, "supports non-transpose A (Row Major) and transpose B (Column Major) for the time "
                        "being ", "nvgpu.warpgroup.transpose", view.attr_span("transposeA"))
        return
    if not (isinstance(desc_a, WarpgroupDescriptorType) and isinstance(desc_b, WarpgroupDescriptorType)
            and isinstance(acc_c, WarpgroupAccumulatorType) and isinstance(acc_d, WarpgroupAccumulatorType)):
        return
    a, b, c, d = desc_a.tensor, desc_b.tensor, acc_c.fragmented, acc_d.fragmented
    if not (isinstance(a, MemRefType) and isinstance(b, MemRefType)
            and isinstance(c, VectorType) and isinstance(d, VectorType)):
        return
    span_a = view.type_span(view.operand("descriptorA"))
    span_b = view.type_span(view.operand("descriptorB"))
    span_c = view.type_span(view.operand("matrixC"))
    span_d = view.result_span(0)
    if c != d:
        report.op_error(view, "type of matrix C and matrix D must be the same", "nvgpu.warpgroup.result-type",
                        span_d, _type_related(span_c, f"matrix C is '{c}'"))
        return
    for memref_or_vector, span in ((a, span_a), (b, span_b), (c, span_c), (d, span_d)):
        if len(memref_or_vector.shape) != 2:
            report.op_error(view, "has matrices A, B, C and D, they must be 2 dimensional", "nvgpu.warpgroup.rank",
                            span)
            return
    if _dim(a.shape, 1) != _dim(b.shape, 0):
        report.op_error(view, f"2nd dim matrix-A ({_dim(a.shape, 1)})!= 1st dim matrix-B ({_dim(b.shape, 0)} )",
                        "nvgpu.warpgroup.shape", span_b, _type_related(span_a, f"matrix A is '{a}'"))
        return
    if _dim(a.shape, 0) != _dim(c.shape, 0):
        report.op_error(view, f"1st dim matrix-A ( {_dim(a.shape, 0)} )!= 1st dim matrix-C ( {_dim(c.shape, 0)} )",
                        "nvgpu.warpgroup.shape", span_a, _type_related(span_c, f"matrix C is '{c}'"))
        return
    if _dim(b.shape, 1) != _dim(c.shape, 1):
        report.op_error(view, f"2nd dim matrix-B ( {_dim(b.shape, 1)} ) != 2nd dim matrix-C ( {_dim(c.shape, 1)} )",
                        "nvgpu.warpgroup.shape", span_b, _type_related(span_c, f"matrix C is '{c}'"))
        return
    if not allowed_wgmma_types(c.element, a.element, b.element):
        report.op_error(view, f"'{c.element}' += '{a.element}' * '{b.element}', it is not supported.",
                        "nvgpu.warpgroup.data-type")
        return
    if not allowed_size_n(_dim(b.shape, 1), a.element):
        report.op_error(view, f"has input type '{b}' n is set to {_dim(b.shape, 1)}, it is not supported",
                        "nvgpu.warpgroup.size-n", span_b)
        return
    if not _float(c.element, "f32") and not _float(a.element, "f16", "bf16"):
        report.op_error(view, f"hit a limitation: '{c.element}' += '{a.element}' * '{b.element}', it is not "
                        "supported yet", "nvgpu.warpgroup.unsupported-type")
        return
    _mma_additions(view, report, a, b, span_a)


def _mma_additions(view: OpView, report: Report, a: MemRefType, b: MemRefType, span_a: Span) -> None:
    sixteen_bit = _float(a.element, "f16", "bf16") and _float(b.element, "f16", "bf16")
    if not sixteen_bit:
        for flag in ("transposeA", "transposeB"):
            if view.unit(flag):
                report.op_error(view, f"sets {flag}, but wgmma transposes only f16/bf16 operands; with "
                                f"'{a.element}' inputs both matrices must stay K-major (no transpose flag), and "
                                "nvvm.wgmma.mma_async rejects the layout this flag produces",
                                "nvgpu.warpgroup.transpose-type", view.attr_span(flag))
                return
    size_m, size_k = a.shape[0], a.shape[1]
    if size_m is not None and not allowed_size_m(size_m):
        _warn(report, view, f"M = {size_m} is not a multiple of {WGMMA_SIZE_M}: the lowering issues M / 64 = "
              f"{size_m // WGMMA_SIZE_M} row block{'s' if size_m // WGMMA_SIZE_M != 1 else ''} of wgmma "
              f"instructions and leaves rows {size_m - size_m % WGMMA_SIZE_M} to {size_m - 1} uncomputed",
              "nvgpu.warpgroup.size-m", span_a)
    step = wgmma_k(a.element)
    if size_k is not None and step is not None and size_k % step != 0:
        _warn(report, view, f"K = {size_k} is not a multiple of {step}, the K of one wgmma instruction for "
              f"'{a.element}': the lowering issues K / {step} = {size_k // step} instruction"
              f"{'s' if size_k // step != 1 else ''} per tile and drops the last {size_k % step} columns of A "
              "and rows of B", "nvgpu.warpgroup.size-k", span_a)


# ---------------------------------------------------------------- warpgroup.mma.store
@verifies("nvgpu.warpgroup.mma.store")
def verify_warpgroup_mma_store(view: OpView, report: Report) -> None:
    acc, dst = view.type_of("matrixD"), view.type_of("dstMemref")
    if not isinstance(acc, WarpgroupAccumulatorType) or not isinstance(dst, MemRefType):
        return
    vector = acc.fragmented
    if not isinstance(vector, VectorType):
        return
    acc_span = view.type_span(view.operand("matrixD"))
    dst_span = view.type_span(view.operand("dstMemref"))
    if not _float(vector.element, "f32"):
        report.op_error(view, "hit a limitation: only f32 results for the time being", "nvgpu.warpgroup.store-type",
                        acc_span)
        return
    if dst.rank < 2 or len(vector.shape) < 2:
        # upstream reads the second size of a 1-D type here: its message quotes a garbage number
        what, rank = ("destination memref", dst.rank) if dst.rank < 2 else ("accumulator", len(vector.shape))
        report.op_error(view, f"needs a 2-D {what} (M x N), but it has rank {rank}: the accumulator "
                        f"'{vector}' is stored row by row into a 2-D memref", "nvgpu.warpgroup.store-rank",
                        dst_span if dst.rank < 2 else acc_span)
        return
    if _dim(vector.shape, 0) != _dim(dst.shape, 0) or _dim(vector.shape, 1) != _dim(dst.shape, 1):
        report.op_error(view, f"results ['{vector}'][{_dim(vector.shape, 1)}] values. However, destination "
                        f"memref[{_dim(dst.shape, 0)}][{_dim(dst.shape, 1)}]  does not have same size as results",
                        "nvgpu.warpgroup.store-shape", dst_span,
                        _type_related(acc_span, f"the accumulator is '{vector}'"))
        return
    if dst.rank > 2:
        report.op_error(view, f"stores into a rank-{dst.rank} memref, but the lowering writes each element with two "
                        "indices and the resulting memref.store is invalid; store into a 2-D memref (a subview)",
                        "nvgpu.warpgroup.store-rank", dst_span)
        return
    if dst.element != vector.element:
        report.op_error(view, f"stores '{vector.element}' accumulator elements into a memref of '{dst.element}': "
                        "the lowering does not convert, and the memref.store it emits rejects the mismatch",
                        "nvgpu.warpgroup.store-element-type", dst_span,
                        _type_related(acc_span, f"the accumulator is '{vector}'"))


# ---------------------------------------------------------------- warpgroup.mma.init.accumulator
@verifies("nvgpu.warpgroup.mma.init.accumulator")
def verify_init_accumulator(view: OpView, report: Report) -> None:
    acc = view.result_type(0)
    if not isinstance(acc, WarpgroupAccumulatorType) or not isinstance(acc.fragmented, VectorType):
        return
    vector = acc.fragmented
    span = view.result_span(0)
    size_m, size_n = vector.shape[0] if vector.shape else None, vector.shape[1] if len(vector.shape) > 1 else None
    # a rank-0/1 vector has no N: upstream reads past the shape and rejects it with this message
    if size_m is None or size_n is None or not allowed_size_m(size_m) or not allowed_size_n(size_n, vector.element):
        report.op_error(view, f"has type '{vector}'. It does not fit into warp-group level (wgmma) matrix "
                        "multiplication instruction (or not supported yet)", "nvgpu.warpgroup.accumulator-shape",
                        span, type_alias_related(view, span, "defined here"))
        return
    if len(vector.shape) > 2:
        _warn(report, view, f"the accumulator '{vector}' has rank {len(vector.shape)}: wgmma accumulators are "
              "2-D (M x N); nvgpu.warpgroup.mma rejects other ranks and the lowering ignores the extra "
              "dimensions", "nvgpu.warpgroup.accumulator-rank", span)
