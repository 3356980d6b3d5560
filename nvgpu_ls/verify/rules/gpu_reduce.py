"""Verifiers of ``gpu.all_reduce`` and ``gpu.subgroup_reduce`` (upstream's ``AllReduceOp`` and
``SubgroupReduceOp`` verifiers): a reduction given either by its kind or by a body, never both,
and a kind the value's element type supports (bitwise and signed/unsigned kinds need integers,
the ``...f`` kinds floats). Messages are upstream's, measured with ``mlir-opt-22``."""

from __future__ import annotations

from ...analysis.opview import OpView
from ...analysis.values import FloatType, IntegerType, Type, VectorType
from ..context import Report, unknowable, verifies

CODE = "gpu.reduce"
_INTEGER_KINDS = frozenset({"and", "or", "xor", "minsi", "minui", "maxsi", "maxui"})
_FLOAT_KINDS = frozenset({"minnumf", "maxnumf", "minimumf", "maximumf"})


@verifies("gpu.all_reduce")
def verify_all_reduce(view: OpView, report: Report) -> None:
    body = view.op.regions[0] if view.op.regions else None
    has_body = body is not None and any(block.ops or block.args for block in body.blocks)
    if (view.enum_attr("op") is not None) == has_body:
        report.error(view, "expected either an op attribute or a non-empty body", f"{CODE}.kind-or-body")
        return
    _kind_fits(view, report)


@verifies("gpu.subgroup_reduce")
def verify_subgroup_reduce(view: OpView, report: Report) -> None:
    _kind_fits(view, report)


def _kind_fits(view: OpView, report: Report) -> None:
    kind, value = view.enum_attr("op"), view.type_of("value")
    if kind is None or value is None or unknowable(value):
        return
    element: Type = value.element if isinstance(value, VectorType) else value
    if kind in _INTEGER_KINDS and not isinstance(element, IntegerType) \
            or kind in _FLOAT_KINDS and not isinstance(element, FloatType):
        report.error(view, f"`{kind}` reduction operation is not compatible with type '{value}'", f"{CODE}.kind-type")
