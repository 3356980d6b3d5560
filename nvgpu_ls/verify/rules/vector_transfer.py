"""Verifier of ``vector.transfer_read`` / ``vector.transfer_write``'s ``in_bounds`` (upstream's
``verifyTransferOp``): one flag per result of the permutation map, whose default is the minor
identity of the source's rank onto the vector's."""

from __future__ import annotations

from ...analysis.values import ArrayAttr, AffineMapAttr, MemRefType, TensorType, VectorType
from ...analysis.opview import OpView
from ..context import Report, verifies
from .memref_transpose import map_parts

CODE = "vector.transfer"


@verifies("vector.transfer_read", "vector.transfer_write")
def verify_in_bounds(view: OpView, report: Report) -> None:
    in_bounds = view.attr("in_bounds")
    if not isinstance(in_bounds, ArrayAttr):
        return
    source = view.type_of("base") or view.type_of("source")
    vector = view.result_type(0) if view.name == "vector.transfer_read" else view.type_of("valueToStore") \
        or view.type_of("vector")
    printed = _permutation_map(view, source, vector)
    if printed is None:
        return
    text, results = printed
    if len(in_bounds.elements) != results:
        report.op_error(view, f"expects the in_bounds attr of same rank as permutation_map results: {text} vs "
                              f"inBounds of size: {len(in_bounds.elements)}", f"{CODE}.in-bounds",
                        span=view.attr_span("in_bounds"))


def _permutation_map(view: OpView, source, vector) -> tuple[str, int] | None:
    """The permutation map as upstream prints it, and its number of results."""
    written = view.attr("permutation_map")
    if isinstance(written, AffineMapAttr):
        parts = map_parts(written.text)
        if parts is None or parts[1]:
            return None
        dims, _symbols, results = parts
        renamed = {name: f"d{i}" for i, name in enumerate(dims)}
        if not all(r in renamed or r == "0" for r in results):
            return None
        printed = ", ".join(renamed.get(r, r) for r in results)
        return f"affine_map<({', '.join(renamed.values())}) -> ({printed})>", len(results)
    if written is not None or not isinstance(source, (MemRefType, TensorType)) or source.shape is None \
            or not isinstance(vector, VectorType):
        return None
    rank, kept = len(source.shape), len(vector.shape)
    if kept > rank:
        return None
    dims = [f"d{i}" for i in range(rank)]
    return f"affine_map<({', '.join(dims)}) -> ({', '.join(dims[rank - kept:])})>", kept
