"""Values known from the text alone: integer constants followed through ``arith``.

``static_int`` answers the value of an SSA value where it is a compile-time constant: an
``arith.constant`` / ``index.constant`` integer, or ``arith`` integer arithmetic
(``addi``, ``subi``, ``muli``, ``divui``, ``divsi``, ``remui``, ``remsi``, ``index_cast``,
``index_castui``, ``extui``, ``extsi``, ``trunci``, ``select`` on a constant condition) over
such values; None for anything else. It never guesses: a value that depends on a block
argument, a load, a thread id is unknown.
"""

from __future__ import annotations

from ...analysis.ir import Operation, ValueDef
from ...analysis.values import IntegerAttr

_DEPTH = 32
"""How far a chain of arithmetic is followed (a guard against pathological text)."""

_BINARY = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.divui": lambda a, b: a // b if b > 0 and a >= 0 else None,
    "arith.divsi": lambda a, b: int(a / b) if b != 0 else None,
    "arith.remui": lambda a, b: a % b if b > 0 and a >= 0 else None,
    "arith.remsi": lambda a, b: a - b * int(a / b) if b != 0 else None,
}
_CASTS = frozenset({"arith.index_cast", "arith.index_castui", "arith.extui", "arith.extsi", "arith.trunci"})


def static_int(value: ValueDef | None, depth: int = 0) -> int | None:
    """The integer ``value`` always holds, where the text says so; else None."""
    if value is None or depth > _DEPTH:
        return None
    owner = value.owner
    if not isinstance(owner, Operation):
        return None
    name = owner.name
    if name in ("arith.constant", "index.constant"):
        entry = owner.attributes.get("value")
        attr = entry.value if entry is not None else None
        return attr.value if isinstance(attr, IntegerAttr) else None
    operands = [use.definition for use in owner.operands]
    if name in _BINARY and len(operands) == 2:
        lhs, rhs = (static_int(v, depth + 1) for v in operands)
        return None if lhs is None or rhs is None else _BINARY[name](lhs, rhs)
    if name in _CASTS and len(operands) == 1:
        return static_int(operands[0], depth + 1)
    if name == "arith.select" and len(operands) == 3:
        condition = static_int(operands[0], depth + 1)
        return None if condition is None else static_int(operands[1 if condition else 2], depth + 1)
    return None
