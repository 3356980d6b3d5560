"""``debuginfo.value``: an op of the reference toolchain this project follows, not of upstream MLIR.

No upstream ODS describes it, so its structure is written here, with its two sibling record kinds,
``debuginfo.declare`` (a variable's storage) and ``debuginfo.addr`` (its address from here on); the
lowering (``lowering/patterns/debug_values.py``) chooses the intrinsic by the kind:
``llvm.intr.dbg.value``, ``llvm.intr.dbg.declare``, and for ``addr`` what LLVM replaced
``llvm.dbg.addr`` with, ``llvm.intr.dbg.value`` with ``DW_OP_deref``.
"""

from __future__ import annotations

from ..analysis.facts import AttributeFact, OperandFact, OpFacts

def _record(name: str, summary: str, explanation: str, operand: OperandFact, note: str) -> OpFacts:
    """A debug record op: ``%x, #variable, #expression : type``, one kind of intrinsic each."""
    return OpFacts(
        name=name, summary=summary, explanation=explanation, operands=(operand,),
        attributes=(AttributeFact("varInfo", "#llvm.di_local_variable"),
                    AttributeFact("locationExpr", "#llvm.di_expression")),
        formats=("$value `,` $varInfo `,` $locationExpr attr-dict `:` type($value)",),
        upstream=False, note=note)


DEBUGINFO_OPS: dict[str, OpFacts] = {
    "debuginfo.declare": _record(
        "debuginfo.declare", "Storage of a source variable, for debuggers",
        "Says that a source variable lives in memory at this address (a memref's storage or a pointer) for the "
        "whole function. With device debug info (-g) it becomes `llvm.intr.dbg.declare` of the address; otherwise "
        "it is dropped.",
        OperandFact("value", "any", doc="the variable's storage: a memref or an !llvm.ptr"),
        "Example: `debuginfo.declare %buffer, #var_b, #llvm.di_expression<> : memref<4xf32, 3>`."),
    "debuginfo.addr": _record(
        "debuginfo.addr", "Address of a source variable from here on, for debuggers",
        "Says that from here on a source variable is found in memory at this address. LLVM removed "
        "`llvm.dbg.addr` (LLVM 17) for its equivalent, which this becomes with device debug info (-g): "
        "`llvm.intr.dbg.value` of the address with `DW_OP_deref` in front of the expression; otherwise it is dropped.",
        OperandFact("value", "any", doc="the variable's address: a memref or an !llvm.ptr"),
        "Example: `debuginfo.addr %p, #var_x, #llvm.di_expression<> : !llvm.ptr<3>`."),
    "debuginfo.value": OpFacts(
        name="debuginfo.value",
        summary="Source variable of a value, for debuggers",
        explanation=(
            "Says that a source variable holds this SSA value from here on; it has no effect on what the kernel "
            "computes. The lowering keeps the value alive in a register and records it with `llvm.intr.dbg.value`, "
            "one record per scalar piece of an aggregate."
        ),
        operands=(OperandFact("value", "any"),),
        attributes=(
            AttributeFact("varInfo", "#llvm.di_local_variable"),
            AttributeFact("locationExpr", "#llvm.di_expression"),
        ),
        formats=("$value `,` $varInfo `,` $locationExpr attr-dict `:` type($value)",),
        upstream=False,
        note=(
            "Example: `debuginfo.value %x, #var_x, #llvm.di_expression<> : f32` with "
            "`#var_x = #llvm.di_local_variable<...>` defined at the top of the file."
        ),
    ),
}
