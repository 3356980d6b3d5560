"""Verifier of ``arith.constant`` (upstream's ``ConstantOp::verify``): a signless integer result,
and a value that is an integer, a float or an elements attribute."""

from __future__ import annotations

from ...analysis.values import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr, IntegerType, OpaqueAttr
from ...analysis.opview import OpView
from ..context import Report, unknowable, verifies

CODE = "arith.constant"


@verifies("arith.constant")
def verify_constant(view: OpView, report: Report) -> None:
    result = view.result_type(0)
    if isinstance(result, IntegerType) and result.signedness:
        report.op_error(view, "integer return type must be signless", f"{CODE}.signless")
        return
    value = view.attr("value")
    if value is None or unknowable(value) or isinstance(value, OpaqueAttr) and value.text.startswith(
            ("dense_resource<", "sparse<", "dense<")):
        return
    if not isinstance(value, (IntegerAttr, BoolAttr, FloatAttr, DenseElementsAttr)):  # a bool is an i1 integer
        report.op_error(view, "value must be an integer, float, or elements attribute", f"{CODE}.value")
