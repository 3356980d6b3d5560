"""Verifiers of ``vector.extract`` and ``vector.insert`` (upstream's ``ExtractOp::verify`` /
``InsertOp::verify`` and the result type ``vector.extract`` infers): static positions inside the
vector, as many as its rank allows. Messages are upstream's, measured with ``mlir-opt-22``."""

from __future__ import annotations

from ...analysis.formats import K_DYNAMIC
from ...analysis.values import Type, VectorType
from ...analysis.opview import OpView, same_type
from ..context import Report, unknowable, verifies

CODE = "vector.position"
POISON = -1
"""``kPoisonIndex``: a position that extracts or inserts a poison value."""


def _positions(view: OpView) -> list[int | None] | None:
    values = view.int_list_attr("static_position")
    return None if values is None else [None if v == K_DYNAMIC else v for v in values]


@verifies("vector.extract")
def verify_extract(view: OpView, report: Report) -> None:
    source, result = view.type_of("source"), view.result_type(0)
    positions = _positions(view)
    if not isinstance(source, VectorType) or positions is None:
        return
    if len(positions) <= len(source.shape) and result is not None and not unknowable(result):
        inferred: Type = source.element if len(positions) == len(source.shape) else VectorType(
            source.shape[len(positions):], source.element, source.scalable[len(positions):])
        if not same_type(inferred, result):
            report.op_error(view, f"inferred type(s) '{inferred}' are incompatible with return type(s) of operation "
                                  f"'{result}'", f"{CODE}.result-type", span=view.result_span(0))
            return
    if isinstance(result, VectorType) and not result.shape:
        report.error(view, "expected a scalar instead of a 0-d vector as the result type", f"{CODE}.result-rank")
        return
    if len(positions) > len(source.shape):
        report.op_error(view, "expected position attribute of rank no greater than vector rank", f"{CODE}.rank")
        return
    for index, (position, size) in enumerate(zip(positions, source.shape)):
        if position is not None and position != POISON and not 0 <= position < size:
            report.op_error(view, f"expected position attribute #{index + 1} to be a non-negative integer smaller "
                                  f"than the corresponding vector dimension or poison ({POISON})", f"{CODE}.range",
                            span=view.attr_span("static_position"))
            return


@verifies("vector.insert")
def verify_insert(view: OpView, report: Report) -> None:
    value, dest = view.type_of("valueToStore"), view.type_of("dest")
    positions = _positions(view)
    if not isinstance(dest, VectorType) or positions is None or value is None or unknowable(value):
        return
    if isinstance(value, VectorType) and not value.shape:
        report.error(view, "expected a scalar instead of a 0-d vector as the source operand", f"{CODE}.source-rank")
        return
    if len(positions) > len(dest.shape):
        report.op_error(view, "expected position attribute of rank no greater than dest vector rank", f"{CODE}.rank")
        return
    if isinstance(value, VectorType) and len(value.shape) + len(positions) != len(dest.shape):
        report.op_error(view, "expected position attribute rank + source rank to match dest vector rank",
                        f"{CODE}.rank")
        return
    if not isinstance(value, VectorType) and len(positions) != len(dest.shape):
        report.op_error(view, "expected position attribute rank to match the dest vector rank", f"{CODE}.rank")
        return
    for index, (position, size) in enumerate(zip(positions, dest.shape)):
        if position is not None and position != POISON and not 0 <= position < size:
            report.op_error(view, f"expected position attribute #{index + 1} to be a non-negative integer smaller "
                                  "than the corresponding dest vector dimension", f"{CODE}.range",
                            span=view.attr_span("static_position"))
            return
