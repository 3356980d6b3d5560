"""Use-def checks: undefined values and blocks, redefinitions, dominance, and type agreement.

Upstream's parser reports the first three and the type check; its verifier reports
dominance. Messages and notes carry upstream's wording (measured with ``mlir-opt-22``):
``use of undeclared SSA value name``, ``redefinition of SSA value '%x'``,
``operand #0 does not dominate this use``, ``use of value '%x' expects different type
than prior uses: 'i32' vs 'index'``, ``reference to an undefined block``.
"""

from __future__ import annotations

import dataclasses

from ..analysis.document import Document
from ..analysis.ir import Block, Operation, ValueDef
from ..analysis.values import (
    DialectType, IntegerAttr, IntegerType, OpaqueAttr, OpaqueType, Type, TypeAliasRef,
)
from ..diagnostics import Diagnostic, Related, Severity
from .context import OpView

_GRAPH_REGION_OPS = frozenset({"builtin.module", "gpu.module"})
"""Ops whose regions are graph regions: their values need not be defined before use."""


def check_use_def(doc: Document) -> list[Diagnostic]:
    """Every use-def problem in ``doc``."""
    found: list[Diagnostic] = []
    for use in doc.undefined:
        found.append(Diagnostic(use.start, use.end, "use of undeclared SSA value name", "ssa.undefined",
                                Severity.ERROR, data={"name": use.name}))
    for first, again in doc.duplicates:
        found.append(Diagnostic(again.start, again.end, f"redefinition of SSA value '{_base(again.name)}'",
                                "ssa.redefinition", Severity.ERROR,
                                related=(Related(first.start, first.end, "previously defined here"),),
                                data={"name": again.name}))
    for op in doc.ops():
        for ref in op.successors:
            if ref.block is None:
                found.append(Diagnostic(ref.start, ref.end, "reference to an undefined block", "block.undefined",
                                        Severity.ERROR, data={"name": ref.name}))
        if op.operands:
            found.extend(_dominance(op))
            if op.syntax in ("generic", "format"):
                found.extend(_type_agreement(op, doc))
    return found


def _base(name: str) -> str:
    return name.split("#", 1)[0]


# ---------------------------------------------------------------- dominance
def _dominance(op: Operation) -> list[Diagnostic]:
    found = []
    for index, use in enumerate(op.operands):
        definition = use.definition
        if definition is None or definition.is_block_arg:
            continue
        owner = definition.owner
        if not isinstance(owner, Operation) or owner.parent is None:
            continue
        block = owner.parent
        if block.parent.parent.name in _GRAPH_REGION_OPS:
            continue
        ancestor = _ancestor_in(op, block)
        if ancestor is None:
            continue  # another block of a CFG region, or not nested in the definition's block
        if _position(block, ancestor) <= _position(block, owner):
            where = "op in the same block" if ancestor is op else "op in a parent region"
            found.append(Diagnostic(use.start, use.end, f"operand #{index} does not dominate this use",
                                    "ssa.dominance", Severity.ERROR,
                                    related=(_definition_related(definition, f"operand defined here ({where})"),),
                                    data={"name": use.name}))
    return found


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    """``op`` or the op enclosing it that sits directly in ``block``."""
    current: Operation | None = op
    while current is not None:
        if current.parent is block:
            return current
        current = current.parent_op()
    return None


def _position(block: Block, op: Operation) -> int:
    for i, candidate in enumerate(block.ops):
        if candidate is op:
            return i
    return -1


def _definition_related(definition: ValueDef, message: str) -> Related:
    return Related(definition.start, definition.end, message)


# ---------------------------------------------------------------- types
def _type_agreement(op: Operation, doc: Document) -> list[Diagnostic]:
    """A use whose type, as the op spells it, differs from its definition's type."""
    view = OpView(op, doc)
    found = []
    seen: set[str] = set()
    for operand in view.all_operands():
        definition = operand.definition
        if operand.type_span is None or definition is None or operand.type is None or operand.use.name in seen:
            continue
        declared = view.type_of_value(definition)
        if declared is None or not _comparable(declared) or not _comparable(operand.type):
            continue
        if _canonical(declared) != _canonical(operand.type):
            seen.add(operand.use.name)
            found.append(Diagnostic(
                operand.use.start, operand.use.end,
                f"use of value '{operand.use.name}' expects different type than prior uses: "
                f"'{operand.type}' vs '{declared}'",
                "ssa.type-mismatch", Severity.ERROR,
                related=(Related(definition.start, definition.end, "prior use here"),),
                data={"name": operand.use.name, "expected": str(declared), "found": str(operand.type)},
            ))
    return found


def _comparable(value: Type) -> bool:
    """Types the model reads completely; verbatim or unknown-dialect text is not compared."""
    if isinstance(value, (OpaqueType, TypeAliasRef, DialectType)):
        return False
    return "Opaque" not in repr(value) and "AliasRef" not in repr(value)


def _canonical(value):
    """A spelling-independent form: ``3 : i64`` and ``3`` are the same memory space."""
    if isinstance(value, IntegerAttr) and (value.type is None or value.type == IntegerType(64)):
        return ("int", value.value)
    if isinstance(value, OpaqueAttr):
        return ("opaque", value.text.replace(" ", ""))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(_canonical(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple):
        return tuple(_canonical(v) for v in value)
    return value
