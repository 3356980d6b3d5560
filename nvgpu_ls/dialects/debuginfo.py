"""``debuginfo.value``: an op of the reference toolchain this project follows, not of upstream MLIR.

No upstream ODS describes it, so its structure is written here; the lowering
(``lowering/patterns/debug_values.py``) turns it into ``llvm.intr.dbg.value`` records.
"""

from __future__ import annotations

from ..analysis.facts import AttributeFact, OperandFact, OpFacts

DEBUGINFO_OPS: dict[str, OpFacts] = {
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
