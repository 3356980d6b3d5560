"""The IR model the parser builds: operations, regions, blocks, values, with exact spans.

Spans are ``start``/``end`` offsets into the document text. Nodes are plain mutable
objects so that an incremental re-parse can splice a subtree in and move the spans
that follow it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Final, Iterator

from .facts import OpFacts
from .values import Attr, Type

if TYPE_CHECKING:
    from .document import _SpanNodes


class TypeRef:
    """A type as written at one place: its value and where it is. An ``implied`` type is one the
    op's syntax gives a value without spelling it (placed at the value's use, or the op's name)."""

    __slots__ = ("type", "_start", "_end", "implied")

    def __init__(self, type: Type, start: int, end: int, implied: bool = False) -> None:
        self.type = type
        self._start = start
        self._end = end
        self.implied = implied

    @property
    def start(self) -> int:
        return self._start

    @start.setter
    def start(self, value: int) -> None:
        self._start = value

    @property
    def end(self) -> int:
        return self._end

    @end.setter
    def end(self, value: int) -> None:
        self._end = value

    def __repr__(self) -> str:
        return f"TypeRef({self.type}, {self.start}:{self.end})"


class AnchoredTypeRef(TypeRef):
    """An implied type placed where something else is (a use, or the op's name): its span is its
    anchor's, so it moves when the anchor moves and an edit need not shift it."""

    __slots__ = ("anchor", "at_name")

    def __init__(self, type: Type, anchor: "ValueUse | Operation", at_name: bool = False) -> None:
        self.type = type
        self.implied = True
        self.anchor = anchor
        self.at_name = at_name

    @property
    def start(self) -> int:
        return self.anchor.name_start if self.at_name else self.anchor.start  # type: ignore[union-attr]

    @start.setter
    def start(self, value: int) -> None:
        pass  # it moves with its anchor

    @property
    def end(self) -> int:
        return self.anchor.name_end if self.at_name else self.anchor.end  # type: ignore[union-attr]

    @end.setter
    def end(self, value: int) -> None:
        pass


class AttrEntry:
    """One named attribute of an op: ``name = value`` (or a unit attribute)."""

    __slots__ = ("name", "value", "start", "end", "value_start", "value_end", "inherent")

    def __init__(self, name: str, value: Attr, start: int, end: int, value_start: int, value_end: int,
                 inherent: bool = False) -> None:
        self.name = name
        self.value = value
        self.start = start
        self.end = end
        self.value_start = value_start
        self.value_end = value_end
        self.inherent = inherent
        """True when the custom syntax spelled it outside the attribute dictionary."""


class ValueDef:
    """An SSA value definition: an op result or a block argument."""

    __slots__ = ("name", "index", "start", "end", "owner", "type", "uses", "is_block_arg", "scope")

    def __init__(self, name: str, start: int, end: int, owner: "Operation | Block", index: int = 0,
                 is_block_arg: bool = False) -> None:
        self.name = name
        """The name a use spells it by: ``%x`` or, for a multi-result group, ``%x#1``."""
        self.index = index
        self.start = start
        self.end = end
        self.owner = owner
        self.type: TypeRef | None = None
        self.uses: list[ValueUse] = []
        self.is_block_arg = is_block_arg
        self.scope: "Operation | None" = None
        """The innermost op isolated from above around the definition (None: the chunk's top level),
        as the use-def index last saw it."""

    def __repr__(self) -> str:
        return f"ValueDef({self.name} @{self.start})"


class ValueUse:
    """One use of an SSA value by an op."""

    __slots__ = ("name", "start", "end", "owner", "definition", "group", "scope")

    def __init__(self, name: str, start: int, end: int, owner: "Operation") -> None:
        self.name = name
        self.start = start
        self.end = end
        self.owner = owner
        self.definition: ValueDef | None = None
        self.scope: "Operation | None" = None
        """Like ``ValueDef.scope``, for a use that names a value before its definition."""
        self.group = ""
        """The operand group (ODS operand name) it fills, when the op's syntax is known."""

    def __repr__(self) -> str:
        return f"ValueUse({self.name} @{self.start})"


class SymbolRef:
    """A ``@symbol`` spelled at one place, as a definition or a reference."""

    __slots__ = ("name", "start", "end", "owner", "is_definition", "target", "references")

    def __init__(self, name: str, start: int, end: int, owner: "Operation", is_definition: bool) -> None:
        self.name = name
        self.start = start
        self.end = end
        self.owner = owner
        self.is_definition = is_definition
        self.target: SymbolRef | None = None
        """For a reference: the definition it names, once resolved."""
        self.references: list[SymbolRef] = []
        """For a definition: the references that name it."""


class BlockRef:
    """A use of a block label as a successor."""

    __slots__ = ("name", "start", "end", "owner", "block", "operands")

    def __init__(self, name: str, start: int, end: int, owner: "Operation") -> None:
        self.name = name
        self.start = start
        self.end = end
        self.owner = owner
        self.block: Block | None = None
        self.operands: list[ValueUse] = []


class Block:
    """A block: optional label and arguments, then operations."""

    __slots__ = ("label", "label_start", "label_end", "args", "ops", "parent", "start", "end", "refs")

    def __init__(self, parent: "Region", start: int) -> None:
        self.label: str | None = None
        self.label_start = self.label_end = start
        self.args: list[ValueDef] = []
        self.ops: list[Operation] = []
        self.parent = parent
        self.start = start
        self.end = start
        self.refs: list[BlockRef] = []


class Region:
    """A region: ``{`` blocks ``}``."""

    __slots__ = ("blocks", "parent", "start", "end")

    def __init__(self, parent: "Operation", start: int) -> None:
        self.blocks: list[Block] = []
        self.parent = parent
        self.start = start
        self.end = start


NONE_YET: Final[list] = []
"""The one empty list an op's regions, successors, symbols and keywords start as (most ops have
none of them: four lists fewer per op). Never appended to: ``Operation``'s ``add_*`` methods
give the op a list of its own first."""

ISOLATED_OPS: Final = frozenset({"builtin.module", "func.func", "gpu.module", "gpu.func", "llvm.func"})
"""Ops isolated from above whatever the registry says (the ones every file has)."""


class Operation:
    """One operation, in generic or custom form."""

    __slots__ = (
        "name", "name_start", "name_end", "generic", "results", "_result_groups", "operands",
        "attributes", "regions", "successors", "symbols", "operand_types", "result_types",
        "parent", "start", "end", "facts", "syntax", "_loc", "_keywords", "types", "prefix_reach", "span_nodes",
    )

    def __init__(self, start: int) -> None:
        self.name = ""
        self.name_start = self.name_end = start
        self.generic = False
        self.results: list[ValueDef] = []
        self._result_groups: tuple[tuple[str, int, int, int], ...] = ()
        self.operands: list[ValueUse] = []
        self.attributes: dict[str, AttrEntry] = {}
        self.regions: list[Region] = NONE_YET
        self.successors: list[BlockRef] = NONE_YET
        self.symbols: list[SymbolRef] = NONE_YET
        self.operand_types: dict[str, list[TypeRef]] = {}
        """Types written for each operand group (ODS name; ``""`` when unnamed)."""
        self.result_types: list[TypeRef] = []
        self.parent: Block | None = None
        self.start = start
        self.end = start
        self.facts: OpFacts | None = None
        self.syntax = "unknown"
        """How it was read: ``generic``, ``format`` (a known custom syntax) or ``heuristic``."""
        self._loc: tuple[int, int] | None = None
        self._keywords: list[tuple[str, int, int]] = NONE_YET
        self.types: list[TypeRef] = []
        """Every type written in the op's own syntax, in order."""
        self.prefix_reach = 0
        """How far into the text the parser had looked before it started on this op;
        an edit beyond it cannot change how the text before this op was read."""
        self.span_nodes: _SpanNodes | None = None
        """Every node with a span in this op's subtree, gathered once so that an edit before
        the op moves them in one pass (``Document``'s span shifter keeps and clears it)."""

    # Result groups, keywords and the trailing location are kept relative to the op's start, so
    # that an edit before the op moves them with ``start`` (the span shifter moves every op after
    # an edit, and these would otherwise be rebuilt each time).
    @property
    def result_groups(self) -> list[tuple[str, int, int, int]]:
        """(name, count, start, end) of each result group as written (``%x:2``)."""
        base = self.start
        return [(name, count, start + base, end + base) for name, count, start, end in self._result_groups]

    @result_groups.setter
    def result_groups(self, groups: list[tuple[str, int, int, int]]) -> None:
        base = self.start
        self._result_groups = tuple((name, count, start - base, end - base) for name, count, start, end in groups)

    def set_relative_result_groups(self, groups: tuple[tuple[str, int, int, int], ...]) -> None:
        """``result_groups`` given with their spans already relative to ``start`` (the parser's way)."""
        self._result_groups = groups

    @property
    def keywords(self) -> list[tuple[str, int, int]]:
        """Bare words of the custom syntax (e.g. ``to``, ``step``, enum values), with their spans."""
        base = self.start
        return [(word, start + base, end + base) for word, start, end in self._keywords]

    def add_keyword(self, word: str, start: int, end: int) -> None:
        if self._keywords is NONE_YET:
            self._keywords = []
        self._keywords.append((word, start - self.start, end - self.start))

    def add_region(self, region: "Region") -> "Region":
        if self.regions is NONE_YET:
            self.regions = []
        self.regions.append(region)
        return region

    def add_regions(self, regions: list["Region"]) -> None:
        if regions:
            if self.regions is NONE_YET:
                self.regions = []
            self.regions.extend(regions)

    def add_successor(self, ref: "BlockRef") -> None:
        if self.successors is NONE_YET:
            self.successors = []
        self.successors.append(ref)

    def add_symbol(self, symbol: "SymbolRef") -> None:
        if self.symbols is NONE_YET:
            self.symbols = []
        self.symbols.append(symbol)

    def add_symbols(self, symbols: list["SymbolRef"]) -> None:
        if symbols:
            if self.symbols is NONE_YET:
                self.symbols = []
            self.symbols.extend(symbols)

    @property
    def loc(self) -> tuple[int, int] | None:
        """The span of the trailing ``loc(...)``, if any."""
        return None if self._loc is None else (self._loc[0] + self.start, self._loc[1] + self.start)

    @loc.setter
    def loc(self, span: tuple[int, int] | None) -> None:
        self._loc = None if span is None else (span[0] - self.start, span[1] - self.start)

    def move_after(self, after: int, delta: int) -> None:
        """Move the op's relative spans that lie at or after ``after`` by ``delta``, its start
        staying where it is (the op holds an edit; what precedes the edit keeps its place)."""
        base = self.start
        if self._keywords:
            self._keywords = [(w, s + delta, e + delta) if s + base >= after else (w, s, e)
                              for w, s, e in self._keywords]
        if self._result_groups:
            self._result_groups = tuple((n, c, s + delta, e + delta) if s + base >= after else (n, c, s, e)
                                        for n, c, s, e in self._result_groups)
        if self._loc is not None and self._loc[0] + base >= after:
            self._loc = (self._loc[0] + delta, self._loc[1] + delta)

    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0] if "." in self.name else ""

    @property
    def is_isolated(self) -> bool:
        """Does this op hide the values of enclosing regions (IsolatedFromAbove)?"""
        return self.name in ISOLATED_OPS or (self.facts is not None and "IsolatedFromAbove" in self.facts.traits)

    @property
    def is_function_like(self) -> bool:
        """Is this op isolated from above without holding a symbol table (``func.func``,
        ``gpu.func``, ``llvm.func``): a body whose ops see nothing of the text around it but
        symbols and aliases?"""
        return self.is_isolated and not self.is_symbol_table

    @property
    def is_symbol_table(self) -> bool:
        """Does this op hold a symbol table (a module, or an op with the SymbolTable trait)?"""
        return self.name in ("builtin.module", "gpu.module") or (
            self.facts is not None and "SymbolTable" in self.facts.traits)

    @property
    def symbol_name(self) -> str | None:
        """The symbol this op defines (``@name``), if any."""
        for sym in self.symbols:
            if sym.is_definition:
                return sym.name
        return None

    def walk(self) -> Iterator["Operation"]:
        """This op and every op nested in it, in text order."""
        stack: list[Operation] = [self]
        pop = stack.pop
        while stack:
            op = pop()
            yield op
            if op.regions:  # most ops have none: no list to build
                nested = [inner for region in op.regions for block in region.blocks for inner in block.ops]
                stack.extend(reversed(nested))

    def parent_op(self) -> "Operation | None":
        """The op whose region holds this op."""
        if self.parent is None:
            return None
        return self.parent.parent.parent

    def enclosing(self, wanted: "Callable[[Operation], bool]") -> "Operation | None":
        """The nearest op around this one that is ``wanted`` (its symbol table, its function, ...)."""
        parent = self.parent_op()
        while parent is not None and not wanted(parent):
            parent = parent.parent_op()
        return parent

    def operands_of(self, group: str) -> list[ValueUse]:
        """The operands filling one ODS operand group."""
        return [u for u in self.operands if u.group == group]

    def __repr__(self) -> str:
        return f"Operation({self.name} @{self.start}:{self.end})"


def walk_ops(ops: list[Operation]) -> Iterator[Operation]:
    """Every op of a list and everything nested in them, in text order."""
    for op in ops:
        yield from op.walk()


def all_ops(ops: list[Operation]) -> list[Operation]:
    """``walk_ops`` as a list, made without a generator (for the analysis's own whole-file passes)."""
    found: list[Operation] = []
    _gather(ops, found)
    return found


def _gather(ops: list[Operation], found: list[Operation]) -> None:
    for op in ops:
        found.append(op)
        for region in op.regions:
            for block in region.blocks:
                _gather(block.ops, found)
