"""What a lowering pattern writes with: fresh SSA values, ops with locations, casts, module-level ops.

A pattern (``patterns/``) gets one ``Builder`` for the op it lowers. It reads the op through
``builder.view`` (the same ``OpView`` the verifiers use), asks for its operands already
converted (``operand``: a ``builtin.unrealized_conversion_cast`` is written where an operand
comes from an op that is not lowered; inside a ``gpu.launch``, a value from outside it is cast
once, after its definition, as upstream's conversion does before outlining, so that the kernel
takes the cast value as its argument), writes ops (``emit``, ``constant``...), and says which value replaces each result
(``replace``). Every op it writes carries ``loc("file":line:col)`` of the source op, so each
generated line can be traced back. Module-level ops (an mbarrier's ``memref.global``, the
declaration of a runtime function) go to the top of the enclosing ``gpu.module`` or module
through ``module_op``.

Values are ``Value(name, type)``; op texts are written in upstream's own custom syntax and
types are spelled with ``str(type)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, NoReturn

from ..analysis.ir import Operation, ValueDef
from ..analysis.values import Type
from ..analysis.opview import Operand, OpView
from .llvm_types import UnconvertibleType, convert_type

if TYPE_CHECKING:
    from .engine import LoweringRun

Span = tuple[int, int]


@dataclass(frozen=True)
class Value:
    """An SSA value of the lowered text: how it is spelled and its type."""

    name: str
    type: Type

    def __str__(self) -> str:
        return self.name


class LoweringError(Exception):
    """A pattern cannot lower this op instance; the message says why, as a diagnostic would."""

    def __init__(self, message: str, span: Span | None = None, code: str = "lowering.unsupported") -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.code = code


@dataclass
class ModuleOp:
    """An op a pattern needs at the top of the symbol table that encloses it."""

    scope: Operation | None
    """The ``gpu.module`` / ``builtin.module`` it goes into; None for the top level of the file."""
    symbol: str
    text: str
    chunk_start: int = 0
    """Where the ``// -----`` chunk holding the op starts (the place for an op with no scope)."""
    at_end: bool = False
    """Placed at the end of the table's body instead of its top."""


@dataclass
class Replacement:
    """What one source op becomes: lines of ops, and the value standing for each result."""

    op: Operation
    lines: list[str] = field(default_factory=list)
    results: dict[int, Value] = field(default_factory=dict)
    source_types: dict[int, Type] = field(default_factory=dict)
    """The source type of each replaced result (for the cast back where unlowered ops use it)."""
    defined: set[str] = field(default_factory=set)
    """Names of the values the lines define (a result defined here can take the source's name)."""


_NAME_END = r"(?![\w$.-])"


class Builder:
    """The writing surface of one pattern for one op (see the module docstring)."""

    def __init__(self, run: "LoweringRun", op: Operation) -> None:
        self.run = run
        self.op = op
        self.view = OpView(op, run.doc)
        self.replacement = Replacement(op)
        self.loc = run.location_of(op)
        self._cast_cache: dict[tuple[str, str], Value] = {}
        self._renames: dict[str, str] = {}

    # ------------------------------------------------------------------ reading the op
    @property
    def target(self):
        """The resolved ``Target`` of the enclosing ``gpu.module`` (None when there is none)."""
        return self.run.target_of(self.op)

    def source(self, group: str, index: int = 0) -> Operand:
        """The ``index``-th operand of ODS group ``group`` as written (original name and type)."""
        found = self.view.operands(group)
        if index >= len(found):
            self.fail(f"'{self.op.name}' has no operand '{group}' #{index} to lower")
        operand = found[index]
        if operand.type is None:
            self.fail(f"the type of operand '{operand.use.name}' is not known here", (operand.use.start, operand.use.end))
        return operand

    def has_operand(self, group: str) -> bool:
        return bool(self.view.operands(group))

    def operand(self, group: str, index: int = 0) -> Value:
        """The operand converted to its LLVM type (see ``convert``)."""
        operand = self.source(group, index)
        return self.converted(operand.use.definition, operand.use.name, operand.type)  # type: ignore[arg-type]

    def operands(self, group: str) -> list[Value]:
        """Every operand of ``group``, converted, in order."""
        return [self.operand(group, i) for i in range(len(self.view.operands(group)))]

    def converted(self, definition: ValueDef | None, name: str, type: Type) -> Value:
        """A value as lowered ops see it: the replacement of a lowered op's result, the value
        itself when its type is already legal, else a cast of it to its converted type."""
        if definition is not None:
            known = self.run.replaced.get(id(definition))
            if known is not None:
                return known
        target = self.convert(type)
        if str(target) == str(type):
            return Value(name, type)
        launch = self.op.enclosing(lambda parent: parent.name == "gpu.launch")
        if definition is not None and launch is not None and not launch.start <= definition.start < launch.end:
            return self.run.cast_at_definition(definition, Value(name, type), target, self.loc)
        key = (name, str(target))
        cached = self._cast_cache.get(key)
        if cached is None:
            cached = self._cast_cache[key] = self.cast(Value(name, type), target)
        return cached

    def convert(self, type: Type) -> Type:
        """The LLVM type of ``type``; an unconvertible one fails this op's lowering."""
        try:
            return convert_type(type)
        except UnconvertibleType as exc:
            self.fail(str(exc))

    def result_type(self, index: int = 0) -> Type:
        """The source type of result ``index``."""
        found = self.view.result_type(index)
        if found is None:
            self.fail(f"the type of result #{index} of '{self.op.name}' is not known here")
        return found

    # ------------------------------------------------------------------ writing ops
    def fresh(self) -> str:
        """A new SSA name, unused anywhere in the document."""
        return self.run.fresh_name()

    def emit(self, text: str, type: Type | None = None) -> Value | None:
        """Write ``text`` (an op without its result name and location); when it has a result,
        ``type`` is its type and the new value is returned."""
        if type is None:
            self.replacement.lines.append(f"{text} {self.loc}")
            return None
        name = self.fresh()
        self.replacement.lines.append(f"{name} = {text} {self.loc}")
        self.replacement.defined.add(name)
        return Value(name, type)

    def value(self, text: str, type: Type) -> Value:
        """``emit`` for an op that has a result."""
        result = self.emit(text, type)
        assert result is not None
        return result

    def constant(self, value: int | float | bool, type: Type, attr_type: Type | None = None) -> Value:
        """``llvm.mlir.constant(value : attr_type) : type`` (attr_type defaults to type)."""
        if isinstance(value, bool):
            literal = "true" if value else "false"
        else:
            literal = str(value)
        return self.value(f"llvm.mlir.constant({literal} : {attr_type or type}) : {type}", type)

    def cast(self, value: Value, to: Type) -> Value:
        """``builtin.unrealized_conversion_cast`` of ``value`` to ``to``."""
        return self.value(f"builtin.unrealized_conversion_cast {value} : {value.type} to {to}", to)

    def replace(self, value: Value, index: int = 0) -> None:
        """``value`` (of the converted type) stands for the op's result ``index`` from here on.

        When the lowering keeps the result's type and ``value`` is defined by this op's lines,
        the value takes the source's name, so that the ops using it need no cast."""
        source_type = self.result_type(index)
        result = self.op.results[index] if index < len(self.op.results) else None
        if (result is not None and value.name in self.replacement.defined and "#" not in result.name
                and str(value.type) == str(source_type)):
            self._renames[value.name] = result.name
            value = Value(result.name, value.type)
        self.replacement.results[index] = value
        self.replacement.source_types[index] = source_type

    def finish(self) -> Replacement:
        """The op's replacement, with results renamed to their source names where ``replace`` chose so."""
        replacement = self.replacement
        for old, new in self._renames.items():
            replacement.lines = rename(replacement.lines, old, new)
            replacement.defined.discard(old)
            replacement.defined.add(new)
        self._renames.clear()
        return replacement

    def module_op(self, base: str, text: Callable[[str], str], unique: bool = True, at_end: bool = False) -> str:
        """Place an op defining a symbol at the top (or, ``at_end``, the end) of the enclosing
        symbol table and return the symbol. ``text`` gets the symbol name (without ``@``). With
        ``unique``, a name already taken there gets a numeric suffix (as upstream's
        ``SymbolTable::insert`` does); without it, one declaration under ``base`` is shared by
        every op that asks."""
        return self.run.add_module_op(self.op, base, text, unique, at_end)

    def fail(self, message: str, span: Span | None = None, code: str = "lowering.unsupported") -> NoReturn:
        raise LoweringError(message, span, code)


def rename(lines: list[str], old: str, new: str) -> list[str]:
    """``lines`` with the SSA name ``old`` spelled ``new`` (whole names only)."""
    pattern = re.compile(re.escape(old) + _NAME_END)
    return [pattern.sub(new, line) for line in lines]
