"""``nvgpu.ldmatrix``: warp-cooperative 8x8 tile loads from shared memory.

Upstream's rules first, in its order and words: the ODS predicate (source and result
element types equal), then ``LdMatrixOp::verify`` — shared-memory source, elements of
at most 32 bits, transpose only for 16-bit elements, a 2-D result of
``numTiles x (32 / bitwidth)``. After them, what upstream lets through although the op
cannot work: ``numTiles`` other than 1/2/4 (the NVVM op rejects it), an index count
different from the memref's rank (the lowering silently computes a wrong address), a
scalable result vector (the lowering crashes), an element type without a bit width
(upstream crashes), and a non-unit-stride innermost dimension (ldmatrix reads each
row as 16 contiguous bytes; a warning).
"""

from __future__ import annotations

from ...analysis.values import VectorType
from ...diagnostics import Related, Severity
from ...analysis.opview import OpView
from ..context import Report, verifies
from ...dialects.memory_spaces import SHARED_MEMORY_SPACE, memref_in_shared_memory, not_shared_explanation
from .async_copy import Emitter, as_memref, element_width, last_dim_unit_stride, mlir_type_text, uses_span

CODE = "nvgpu.ldmatrix"


@verifies("nvgpu.ldmatrix")
def verify_ldmatrix(view: OpView, report: Report) -> None:
    src = view.operand("srcMemref")
    src_type = view.type_of("srcMemref")
    memref = as_memref(src_type)
    res_type = view.result_type()
    result = res_type if isinstance(res_type, VectorType) else None
    res_span = view.result_span()
    emit = Emitter(view, report)

    # ODS: PredOpTrait<"srcMemref and res have same element type">, checked before verify().
    if memref is not None and result is not None and memref.element != result.element:
        emit.op_error("failed to verify that srcMemref and res have same element type", f"{CODE}.element-type",
                      res_span, f"result type {result}",
                      (Related(*view.type_span(src), f"srcMemref element type is {memref.element}"),))
        return
    if result is None:
        return
    width = element_width(result.element)
    if width is None and type(result.element).__name__ in ("OpaqueType", "TypeAliasRef"):
        return
    if width is None:
        # Upstream asks for the bit width first and crashes on index and other elements.
        emit.op_error(f"result element type '{result.element}' has no bit width; ldmatrix loads integer or "
                      "floating-point elements of at most 32 bits", f"{CODE}.element-width", res_span,
                      f"result type {result}")
        return
    if memref is not None and memref_in_shared_memory(memref) is False:
        emit.error("expected nvgpu.ldmatrix srcMemref must have a memory space attribute of "
                   f"IntegerAttr({SHARED_MEMORY_SPACE}) or gpu::AddressSpaceAttr(Workgroup)", f"{CODE}.memory-space",
                   view.type_span(src), mlir_type_text(memref), view.defined_here(src),
                   data={"memorySpace": SHARED_MEMORY_SPACE, "operand": "srcMemref"},
                   explanation=not_shared_explanation(src.use.name if src else "srcMemref", memref, view.name))
        return
    if width > 32:
        emit.error("nvgpu.ldmatrix works for 32b or lower", f"{CODE}.element-width", res_span,
                   f"result type {result}")
        return
    transpose = view.bool_attr("transpose")
    if transpose and width != 16:
        emit.error("nvgpu.ldmatrix transpose works only at 16b granularity", f"{CODE}.transpose",
                   view.attr_span("transpose"), "transpose is set",
                   data={"transpose": False, "fix": {"transpose": False}})
        return
    if len(result.shape) != 2:
        emit.error("results must be 2 dimensional vector", f"{CODE}.result-rank", res_span, f"result type {result}")
        return
    per_register = 32 // width
    if result.shape[1] != per_register:
        emit.error(f"expected vector register shape[1] = {per_register}", f"{CODE}.result-shape", res_span,
                   f"result type {result}", data={"expected": [result.shape[0], per_register]})
        return
    tiles = view.int_attr("numTiles")
    if tiles is None:
        return
    if result.shape[0] != tiles:
        emit.error("expected vector register shape[0] and numTiles to match", f"{CODE}.tile-count", res_span,
                   f"result type {result}", (Related(*view.attr_span("numTiles"), f"numTiles is {tiles}"),),
                   data={"expected": [tiles, per_register]})
        return

    # ---- beyond upstream
    if tiles not in (1, 2, 4):
        emit.op_error(f"numTiles must be 1, 2 or 4 (ldmatrix .x1, .x2 or .x4), got {tiles}", f"{CODE}.num-tiles",
                      view.attr_span("numTiles"), f"numTiles is {tiles}")
        return
    if any(result.scalable):
        emit.op_error(f"result must be a fixed-length vector, got '{result}'", f"{CODE}.scalable-vector",
                      res_span, f"result type {result}")
        return
    indices = view.operands("indices")
    if memref is not None and memref.rank != len(indices):
        emit.op_error(f"expected {memref.rank} indices, got {len(indices)}", f"{CODE}.index-count",
                      uses_span(view, indices, src), "the indices",
                      (Related(*view.type_span(src), f"{mlir_type_text(memref)} has rank {memref.rank}"),),
                      data={"expected": memref.rank, "found": len(indices)})
        return
    if memref is not None and last_dim_unit_stride(memref) is False:
        emit.error(f"'{view.name}' op srcMemref most minor dim does not have unit stride; ldmatrix reads each "
                   "tile row as 16 contiguous bytes", f"{CODE}.unit-stride", view.type_span(src),
                   mlir_type_text(memref), view.defined_here(src), severity=Severity.WARNING)
