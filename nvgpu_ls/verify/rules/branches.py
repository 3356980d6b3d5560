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


@verifies(*SUCCESSOR_OPERANDS)
def verify_successor_operands(view: OpView, report: Report) -> None:
    for number, (successor, group) in enumerate(zip(view.op.successors, SUCCESSOR_OPERANDS[view.name])):
        block = successor.block
        if block is None:
            continue  # an undefined block is the use-def layer's
        operands = view.operands(group)
        if len(operands) != len(block.args):
            report.error(view, f"branch has {len(operands)} operands for successor #{number}, but target block has "
                               f"{len(block.args)}", f"{CODE}.operand-count", span=(successor.start, successor.end))
            return
        for index, (operand, argument) in enumerate(zip(operands, block.args)):
            expected = view.type_of_value(argument)
            if operand.type is None or expected is None or unknowable(operand.type) or unknowable(expected):
                continue
            if not same_type(operand.type, expected):
                report.error(view, f"type mismatch for bb argument #{index} of successor #{number}",
                             f"{CODE}.operand-type", span=view.type_span(operand))
                return
