"""Verifiers of ``func.return`` and ``func.call`` (upstream's ``ReturnOp::verify`` and
``CallOp::verifySymbolUses``): what a function returns and what a call passes must be what the
function's signature says. Messages are upstream's, measured with ``mlir-opt-22``."""

from __future__ import annotations

from typing import cast

from ...analysis.ir import Operation
from ...analysis.opview import OpView, same_type
from ...analysis.values import Type
from ..context import Report, unknowable, verifies

CODE = "func"


def _enclosing_function(view: OpView) -> Operation | None:
    parent = view.op.parent_op()
    return parent if parent is not None and parent.name == "func.func" else None


@verifies("func.return")
def verify_return(view: OpView, report: Report) -> None:
    function = _enclosing_function(view)
    if function is None:
        return
    signature = OpView(function, view.doc).function_type()
    if signature is None:
        return
    operands = view.all_operands()
    name = function.symbol_name or ""
    if len(operands) != len(signature.results):
        report.op_error(view, f"has {len(operands)} operands, but enclosing function ({name}) returns "
                              f"{len(signature.results)}", f"{CODE}.return-count")
        return
    for index, (operand, expected) in enumerate(zip(operands, signature.results)):
        found = operand.type
        expected = view.resolve(expected)  # type: ignore[assignment]
        if found is None or unknowable(found) or unknowable(expected) or same_type(found, expected):
            continue
        report.error(view, f"type of return operand {index} ('{found}') doesn't match function result type "
                           f"('{expected}') in function {name}", f"{CODE}.return-type",
                     span=view.type_span(operand))
        return


@verifies("func.call")
def verify_call(view: OpView, report: Report) -> None:
    use = view.symbol_use()
    if use is None:
        return
    target = view.symbol_target()
    if target is None or target.name != "func.func":
        if target is not None and target.facts is None:
            return
        report.op_error(view, f"'{use.name.split('::')[-1][1:]}' does not reference a valid function",
                        f"{CODE}.call-target", span=(use.start, use.end))
        return
    signature = OpView(target, view.doc).function_type()
    if signature is None:
        return
    operands = view.all_operands()
    if len(operands) != len(signature.inputs):
        report.op_error(view, "incorrect number of operands for callee", f"{CODE}.call-operands")
        return
    for index, (operand, expected) in enumerate(zip(operands, signature.inputs)):
        expected = view.resolve(expected)  # type: ignore[assignment]
        if operand.type is None or unknowable(operand.type) or unknowable(expected) or same_type(operand.type, expected):
            continue
        report.op_error(view, f"operand type mismatch: expected operand type '{expected}', but provided "
                              f"'{operand.type}' for operand number {index}", f"{CODE}.call-operand-type",
                        span=view.type_span(operand))
        return
    results = len(view.op.results) if view.op.results else len(view.op.result_types)
    if results != len(signature.results):
        report.op_error(view, "incorrect number of results for callee", f"{CODE}.call-results")
        return
    for index, declared in enumerate(signature.results):
        found, wanted = view.result_type(index), cast(Type, view.resolve(declared))  # a type resolves to one
        if found is None or unknowable(found) or unknowable(wanted) or same_type(found, wanted):
            continue
        report.op_error(view, f"result type mismatch at index {index}", f"{CODE}.call-result-type",
                        span=view.result_span(index))
        return
