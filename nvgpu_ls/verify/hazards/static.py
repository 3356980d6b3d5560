"""Values known from the text alone: integers followed through ``arith``, per block or per thread.

``static_int`` answers the value of an SSA value where it is a compile-time constant: an
``arith.constant`` / ``index.constant`` integer or boolean, ``arith`` integer arithmetic,
comparisons, casts and ``select`` over such values, and a ``gpu.launch`` body's size arguments
(its block, grid and cluster sizes, which are its constant operands); None for anything else.

``per_thread`` answers the same for each thread of a block of a known shape, where the value
may also depend on the thread's id: ``gpu.thread_id``, ``gpu.lane_id``, ``gpu.block_dim``, the
thread-id arguments of a ``gpu.launch`` body and ``nvvm.read.ptx.sreg.tid.*`` / ``ntid.*`` /
``laneid``. It is how a check learns which threads pass a predicate such as ``%tid == 0``.

Neither guesses: a value that depends on a block id, a load, a loop's induction variable or a
function argument is unknown (None).
"""

from __future__ import annotations

from typing import Callable

from ...analysis.ir import Block, Operation, ValueDef
from ...analysis.values import BoolAttr, IntegerAttr, IntegerType, KeywordAttr

Shape = tuple[int, int, int]
"""A block's threads in x, y and z."""

_DEPTH = 48
"""How far a chain of arithmetic is followed (a guard against pathological text)."""


def _div(a: int, b: int) -> int | None:
    return int(a / b) if b != 0 else None


def _udiv(a: int, b: int) -> int | None:
    return a // b if b > 0 and a >= 0 else None


def _urem(a: int, b: int) -> int | None:
    return a % b if b > 0 and a >= 0 else None


def _srem(a: int, b: int) -> int | None:
    return a - b * int(a / b) if b != 0 else None


def _floordiv(a: int, b: int) -> int | None:
    return a // b if b != 0 else None


def _ceildiv(a: int, b: int) -> int | None:
    return -(-a // b) if b != 0 else None


def _ceildivu(a: int, b: int) -> int | None:
    return -(-a // b) if b > 0 and a >= 0 else None


def _shift(a: int, b: int) -> int | None:
    return a >> b if 0 <= b < 64 else None


def _ushift(a: int, b: int) -> int | None:
    return a >> b if a >= 0 and 0 <= b < 64 else None


def _umax(a: int, b: int) -> int | None:
    return max(a, b) if a >= 0 and b >= 0 else None


def _umin(a: int, b: int) -> int | None:
    return min(a, b) if a >= 0 and b >= 0 else None


_BINARY: dict[str, Callable[[int, int], int | None]] = {
    "arith.addi": lambda a, b: a + b, "arith.subi": lambda a, b: a - b, "arith.muli": lambda a, b: a * b,
    "arith.divui": _udiv, "arith.divsi": _div, "arith.remui": _urem, "arith.remsi": _srem,
    "arith.floordivsi": _floordiv, "arith.ceildivsi": _ceildiv, "arith.ceildivui": _ceildivu,
    "arith.andi": lambda a, b: a & b, "arith.ori": lambda a, b: a | b, "arith.xori": lambda a, b: a ^ b,
    "arith.shli": lambda a, b: a << b if 0 <= b < 64 else None, "arith.shrui": _ushift, "arith.shrsi": _shift,
    "arith.maxsi": max, "arith.minsi": min, "arith.maxui": _umax, "arith.minui": _umin,
    "index.add": lambda a, b: a + b, "index.sub": lambda a, b: a - b, "index.mul": lambda a, b: a * b,
    "index.divu": _udiv, "index.divs": _div, "index.remu": _urem, "index.rems": _srem,
}
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "slt": lambda a, b: a < b, "sle": lambda a, b: a <= b,
    "sgt": lambda a, b: a > b, "sge": lambda a, b: a >= b, "ult": lambda a, b: a < b, "ule": lambda a, b: a <= b,
    "ugt": lambda a, b: a > b, "uge": lambda a, b: a >= b,
}
_COMPARE_BY_NUMBER = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CASTS = frozenset({"arith.index_cast", "arith.index_castui", "arith.extui", "arith.extsi", "arith.trunci",
                    "index.casts", "index.castu"})
_CONSTANTS = frozenset({"arith.constant", "index.constant", "index.bool.constant"})
_AXES = {"x": 0, "y": 1, "z": 2}
_SREG = "nvvm.read.ptx.sreg."
_LAUNCH_SIZES = {6: "gridSizeX", 9: "blockSizeX", 15: "clusterSizeX"}
"""A ``gpu.launch`` body's size arguments: the first index of each triple and its operand group."""


def static_int(value: ValueDef | None) -> int | None:
    """The integer ``value`` always holds, where the text says so; else None."""
    owner = value.owner if value is not None else None
    if isinstance(owner, Operation) and owner.name in _CONSTANTS:  # most values asked about: no evaluator
        return _constant(owner)
    result = ThreadValues(None).of(value)
    return result if isinstance(result, int) else None


def per_thread(value: ValueDef | None, shape: Shape) -> int | tuple[int, ...] | None:
    """``value`` in each thread of a block of ``shape`` (an int where every thread has the same),
    where the text says so; else None."""
    return ThreadValues(shape).of(value)


def thread_count(shape: Shape) -> int:
    return shape[0] * shape[1] * shape[2]


def threads_running(op: Operation, body: Operation, values: ThreadValues) -> tuple[bool, ...] | None:
    """Which threads of ``values``' block run ``op`` each time the code around it runs: its
    ``predicate`` and the ``scf.if`` arms around it, up to ``body`` (the kernel or ``gpu.launch``).
    None where a condition is unknown (it depends on a block id, a loop variable, memory), or
    another region op stands between (but an ``scf.for`` whose bounds are known)."""
    assert values.shape is not None
    threads = thread_count(values.shape)
    conditions: list[tuple[ValueDef | None, bool]] = [(use.definition, True) for use in op.operands_of("predicate")]
    child, parent = op, op.parent_op()
    while parent is not None and parent is not body:
        if parent.name == "scf.if":
            then = child.parent is not None and child.parent.parent is parent.regions[0]
            conditions.append((parent.operands[0].definition if parent.operands else None, then))
        elif parent.name != "scf.for" or any(not isinstance(values.of(use.definition), int)
                                             for use in parent.operands[:3]):
            return None
        child, parent = parent, parent.parent_op()
    if parent is None:
        return None
    running = [True] * threads
    for value, wanted in conditions:
        holds = values.of(value)
        if holds is None:
            return None
        if isinstance(holds, int):
            if bool(holds) != wanted:
                return tuple([False] * threads)
            continue
        running = [runs and bool(h) == wanted for runs, h in zip(running, holds)]
    return tuple(running)


class ThreadValues:
    """Values in the threads of a block of one shape (None: values the same in every block and
    thread only), each value worked out once."""

    def __init__(self, shape: Shape | None) -> None:
        self.shape = shape
        self.memo: dict[int, int | tuple[int, ...] | None] = {}

    def of(self, value: ValueDef | None) -> int | tuple[int, ...] | None:
        """``value`` per thread (an int where every thread has the same); None where unknown."""
        return self.value(value, 0)

    def value(self, value: ValueDef | None, depth: int) -> int | tuple[int, ...] | None:
        if value is None or depth > _DEPTH:
            return None
        key = id(value)
        if key not in self.memo:
            self.memo[key] = self._compute(value, depth)
        return self.memo[key]

    def _compute(self, value: ValueDef, depth: int) -> int | tuple[int, ...] | None:
        owner = value.owner
        if isinstance(owner, Block):
            return self._launch_argument(value, owner, depth)
        name = owner.name
        if name in _CONSTANTS:
            return _constant(owner)
        operands = [use.definition for use in owner.operands]
        if name in _BINARY and len(operands) == 2:
            return self._combine(_BINARY[name], operands, depth)
        if name in ("arith.cmpi", "index.cmp") and len(operands) == 2:
            compare = _COMPARE.get(_predicate_name(owner) or "")
            return None if compare is None else self._combine(lambda a, b: int(compare(a, b)), operands, depth)
        if name in _CASTS and len(operands) == 1:
            return self._cast(owner, value, operands[0], depth)
        if name == "arith.select" and len(operands) == 3:
            return self._select(operands, depth)
        if self.shape is not None:
            return self._thread_value(owner)
        return None

    def _combine(self, fn: Callable[[int, int], int | None], operands: list[ValueDef | None],
                 depth: int) -> int | tuple[int, ...] | None:
        lhs, rhs = (self.value(v, depth + 1) for v in operands)
        if lhs is None or rhs is None:
            return None
        if isinstance(lhs, int) and isinstance(rhs, int):
            return fn(lhs, rhs)
        count = len(lhs) if isinstance(lhs, tuple) else len(rhs)  # type: ignore[arg-type]
        results = tuple(fn(a, b) for a, b in zip(_each(lhs, count), _each(rhs, count)))
        return None if None in results else _collapse(results)  # type: ignore[arg-type]

    def _cast(self, op: Operation, result: ValueDef, operand: ValueDef | None,
              depth: int) -> int | tuple[int, ...] | None:
        inner = self.value(operand, depth + 1)
        written = result.type.type if result.type is not None else None
        width = written.width if isinstance(written, IntegerType) else None
        if inner is None or width is None or width >= 64 or op.name not in ("arith.trunci", "arith.index_cast",
                                                                              "arith.index_castui"):
            return inner
        mask = (1 << width) - 1
        return inner & mask if isinstance(inner, int) else _collapse(tuple(v & mask for v in inner))

    def _select(self, operands: list[ValueDef | None], depth: int) -> int | tuple[int, ...] | None:
        condition = self.value(operands[0], depth + 1)
        if isinstance(condition, int):
            return self.value(operands[1 if condition else 2], depth + 1)
        if condition is None:
            return None
        chosen, other = (self.value(v, depth + 1) for v in operands[1:])
        if chosen is None or other is None:
            return None
        count = len(condition)
        return _collapse(tuple(y if c else n for c, y, n in zip(condition, _each(chosen, count), _each(other, count))))

    def _launch_argument(self, value: ValueDef, block: Block, depth: int) -> int | tuple[int, ...] | None:
        """A ``gpu.launch`` body argument: a size is the launch's operand; a thread id depends on the shape."""
        launch = block.parent.parent if block.parent is not None else None
        if launch is None or launch.name != "gpu.launch" or block is not launch.regions[0].blocks[0]:
            return None
        position = next((i for i, arg in enumerate(block.args) if arg is value), None)
        if position is None:
            return None
        for first, group in _LAUNCH_SIZES.items():
            if first <= position < first + 3:
                uses = launch.operands_of(group)
                return self.value(uses[position - first].definition, depth + 1) if len(uses) == 3 else None
        if 3 <= position < 6 and self.shape is not None:
            return self._thread_ids(position - 3)
        return None

    def _thread_value(self, op: Operation) -> int | tuple[int, ...] | None:
        assert self.shape is not None
        name = op.name
        if name in ("gpu.thread_id", "gpu.block_dim"):
            entry = op.attributes.get("dimension")
            axis = _AXES.get(entry.value.word) if entry is not None and isinstance(entry.value, KeywordAttr) else None
            if axis is None:
                return None
            return self._thread_ids(axis) if name == "gpu.thread_id" else self.shape[axis]
        if name == "gpu.lane_id" or name == _SREG + "laneid":
            return _collapse(tuple(t % 32 for t in range(thread_count(self.shape))))
        if name.startswith(_SREG + "tid.") and name[-1] in _AXES:
            return self._thread_ids(_AXES[name[-1]])
        if name.startswith(_SREG + "ntid.") and name[-1] in _AXES:
            return self.shape[_AXES[name[-1]]]
        return None

    def _thread_ids(self, axis: int) -> int | tuple[int, ...]:
        assert self.shape is not None
        x, y, z = self.shape
        if axis == 0:
            ids = tuple(t % x for t in range(x * y * z))
        elif axis == 1:
            ids = tuple((t // x) % y for t in range(x * y * z))
        else:
            ids = tuple(t // (x * y) for t in range(x * y * z))
        return _collapse(ids)


def _constant(op: Operation) -> int | None:
    """The integer (a boolean as 0 / 1) a constant op holds."""
    entry = op.attributes.get("value")
    attr = entry.value if entry is not None else None
    if isinstance(attr, BoolAttr):
        return int(attr.value)
    return attr.value if isinstance(attr, IntegerAttr) and isinstance(attr.value, int) else None


def _each(value: int | tuple[int, ...], count: int) -> tuple[int, ...]:
    """A value per thread of ``count``, an int repeated."""
    return value if isinstance(value, tuple) else (value,) * count


def _collapse(values: tuple[int, ...]) -> int | tuple[int, ...]:
    """One int where every thread has the same value."""
    return values[0] if values and values.count(values[0]) == len(values) else values


def _predicate_name(op: Operation) -> str | None:
    entry = op.attributes.get("predicate")
    attr = entry.value if entry is not None else None
    if isinstance(attr, KeywordAttr):
        return attr.word
    if isinstance(attr, IntegerAttr) and isinstance(attr.value, int) and 0 <= attr.value < len(_COMPARE_BY_NUMBER):
        return _COMPARE_BY_NUMBER[attr.value]
    return None
