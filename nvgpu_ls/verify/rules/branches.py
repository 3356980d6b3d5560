"""The successor checks of the branch ops (upstream's ``BranchOpInterface`` verifier): a branch
passes each successor block exactly as many values as the block has arguments, of their types."""

from __future__ import annotations

from ...analysis.opview import OpView, same_type
from ..context import Report, unknowable, verifies

CODE = "branch"

SUCCESSOR_OPERANDS = {
    "cf.br": ("destOperands",),
    "cf.cond_br": ("trueDestOperands", "falseDestOperands"),
    "llvm.br": ("destOperands",),
    "llvm.cond_br": ("trueDestOperands", "falseDestOperands"),
}
"""The operand group each successor of a branch op receives, in successor order."""


SWITCHES = ("cf.switch", "llvm.switch")
"""Branch ops whose successors each carry their own operands (the default's, then each case's)."""


@verifies(*SUCCESSOR_OPERANDS, *SWITCHES)
def verify_successor_operands(view: OpView, report: Report) -> None:
    switch = view.name in SWITCHES
    if switch:
        by_use = {id(operand.use): operand for operand in view.all_operands()}
        passed = [view.operands("defaultOperands")] + [
            [by_use[id(use)] for use in successor.operands if id(use) in by_use] for successor in view.op.successors[1:]]
    else:
        passed = [view.operands(group) for group in SUCCESSOR_OPERANDS[view.name]]
    for number, (successor, operands) in enumerate(zip(view.op.successors, passed)):
        block = successor.block
        if block is None:
            continue  # an undefined block is the use-def layer's
        if len(operands) != len(block.args):
            report.error(view, f"branch has {len(operands)} operands for successor #{number}, but target block has "
                               f"{len(block.args)}", f"{CODE}.operand-count",
                         span=view.span if switch else (successor.start, successor.end))  # a case has a line of its own
            return
        for index, (operand, argument) in enumerate(zip(operands, block.args)):
            expected = view.type_of_value(argument)
            if operand.type is None or expected is None or unknowable(operand.type) or unknowable(expected):
                continue
            if not same_type(operand.type, expected):
                report.error(view, f"type mismatch for bb argument #{index} of successor #{number}",
                             f"{CODE}.operand-type", span=view.type_span(operand))
                return
