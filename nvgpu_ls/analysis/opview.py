"""A typed view of one op: what every layer above the parser asks about an op instance.

``OpView`` answers the questions verifiers, hover, inlay hints and the lowering ask — the
operands of an ODS operand group with their types, an attribute's value, the result types —
the same way whether the op was written in generic or custom form, with type and attribute
aliases expanded. ``canonical`` / ``same_type`` compare types as MLIR uniques them.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any, Mapping, cast

from ..diagnostics import Related
from ..memory import register_cache
from .document import Document
from .facts import OpFacts
from .ir import AttrEntry, Operation, SymbolRef, TypeRef, ValueDef, ValueUse
from .typegrammar import TypeSyntaxError, parse_type
from .values import (
    AffineMapAttr, Attr, AttrAliasRef, BoolAttr, DenseArrayAttr, DialectAttr, FloatType, FunctionType, IntegerAttr,
    IntegerType, KeywordAttr, MemRefType, NoneType, OpaqueAttr, StridedLayoutAttr, Type, TypeAliasRef, TypeAttr,
    UnitAttr, UnrankedMemRefType,
)

Span = tuple[int, int]


_CANONICAL: dict[int, tuple[object, object]] = {}
"""``id(value)`` → (value, canonical form): types are shared per spelling, so it stays small;
holding the value keeps its id from being reused."""
register_cache(_CANONICAL.clear)
_IDENTITY_MAP = re.compile(r"affine_map<\s*\(([^()]*)\)\s*->\s*\(([^()]*)\)\s*>")


def canonical(value):
    """A spelling-independent form of a type or attribute, as MLIR uniques it: ``3 : i64`` and
    ``3`` are the same memory space, an identity affine layout is no layout."""
    known = _CANONICAL.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    form = _canonical_form(value)
    if len(_CANONICAL) >= 1 << 16:
        _CANONICAL.clear()
    _CANONICAL[id(value)] = (value, form)
    return form


def same_type(first: Type | None, second: Type | None) -> bool:
    """Are two types the same MLIR type, whatever their spelling?"""
    return first == second or canonical(first) == canonical(second)


def _canonical_form(value):
    if isinstance(value, IntegerAttr) and (value.type is None or value.type == IntegerType(64)):
        return ("int", value.value)
    if isinstance(value, OpaqueAttr):
        return ("opaque", value.text.replace(" ", ""))
    if isinstance(value, MemRefType) and isinstance(value.layout, AffineMapAttr) and _is_identity(value.layout.text):
        value = MemRefType(value.shape, value.element, None, value.memory_space)
    if isinstance(value, (MemRefType, UnrankedMemRefType)) and isinstance(value.memory_space, IntegerAttr) \
            and value.memory_space.value == 0:
        value = dataclasses.replace(value, memory_space=None)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(canonical(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple):
        return tuple(canonical(v) for v in value)
    return value


def _is_identity(text: str) -> bool:
    match = _IDENTITY_MAP.fullmatch(text.strip())
    if match is None:
        return False
    dims = [d.strip() for d in match.group(1).split(",") if d.strip()]
    return dims == [r.strip() for r in match.group(2).split(",") if r.strip()]


class Operand:
    """One operand of an op instance: the use, its type, and where that type is written.

    A plain slotted class, not a frozen dataclass: a check makes one per operand of every op; the
    type's place is read from its reference only when asked for."""

    __slots__ = ("use", "type", "_ref", "implied")

    def __init__(self, use: ValueUse, type: Type | None, ref: TypeRef | None = None) -> None:
        self.use = use
        self.type = type
        self._ref = ref
        self.implied = ref.implied if ref is not None else False
        """The op's syntax gives the type without spelling it (``type_span`` is then the use)."""

    def __repr__(self) -> str:
        return f"Operand({self.use.name}: {self.type})"

    @property
    def type_span(self) -> Span | None:
        """Where the type is written (None when nothing at the op spells or implies it)."""
        ref = self._ref
        return None if ref is None else (ref.start, ref.end)

    @property
    def span(self) -> Span:
        return (self.use.start, self.use.end)

    @property
    def definition(self) -> ValueDef | None:
        return self.use.definition


class OpView:
    """An op instance as its verifier sees it (see the module docstring)."""

    def __init__(self, op: Operation, doc: Document) -> None:
        self.op = op
        self.doc = doc
        self.facts: OpFacts | None = op.facts
        self._groups: dict[str, list[Operand]] | None = None

    # ------------------------------------------------------------------ identity
    @property
    def name(self) -> str:
        return self.op.name

    @property
    def span(self) -> Span:
        """Where a diagnostic about the whole op goes: from its start to the end of its first line."""
        line_end = self.doc.text.find("\n", self.op.start, self.op.end)
        return (self.op.start, self.op.end if line_end == -1 else line_end)

    # ------------------------------------------------------------------ types
    def resolve(self, value: Type | Attr | None) -> Type | Attr | None:
        """``value`` with every ``!alias`` / ``#alias`` inside it replaced by what it names."""
        if value is None:
            return None
        known = _ALIAS_FREE.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        probe = _AliasProbe(self.doc.aliases(self.op.start))
        resolved = _resolve(value, probe, 0)
        if not probe.used:  # no alias inside: the result depends on the value alone
            if len(_ALIAS_FREE) >= _ALIAS_FREE_LIMIT:
                _ALIAS_FREE.clear()
            _ALIAS_FREE[id(value)] = (value, resolved)
        return resolved

    def type_of_value(self, value: ValueDef | None) -> Type | None:
        """The type of an SSA value as its definition declares or implies it."""
        if value is None:
            return None
        ref = value.type
        if ref is not None:
            spelled = ref.type
            known = _ALIAS_FREE.get(id(spelled))  # ``resolve``'s first step, inlined
            return known[1] if known is not None and known[0] is spelled else self.resolve(spelled)  # type: ignore
        owner = value.owner
        if not isinstance(owner, Operation) or owner.facts is None:
            return None
        results = owner.results
        index = value.index
        if not (index < len(results) and results[index] is value):  # its recorded place, checked, else a search
            index = next((i for i, result in enumerate(results) if result is value), -1)
        return implied_result_type(owner, index, self) if index >= 0 else None

    # ------------------------------------------------------------------ operands
    def operands(self, group: str) -> list[Operand]:
        """The operands filling ODS operand group ``group``, with their types."""
        return self._operand_groups().get(group, [])

    def operand(self, group: str) -> Operand | None:
        found = self.operands(group)
        return found[0] if found else None

    def type_span(self, operand: Operand | None) -> Span:
        """Where ``operand``'s type is written at this op, else the operand, else the op."""
        if operand is None:
            return self.span
        return operand.type_span if operand.type_span is not None else operand.span

    def type_of(self, group: str, index: int = 0) -> Type | None:
        """The type of the ``index``-th operand of ``group`` (None when unknown)."""
        found = self.operands(group)
        return found[index].type if index < len(found) else None

    def operand_groups(self) -> dict[str, list[Operand]]:
        """Every operand by ODS group, groups in the order their operands are written."""
        return self._operand_groups()

    def all_operands(self) -> list[Operand]:
        groups = self._operand_groups()
        return [operand for operands in groups.values() for operand in operands]

    def _operand_groups(self) -> dict[str, list[Operand]]:
        if self._groups is None:
            self._groups = self._assign_groups()
        return self._groups

    def _assign_groups(self) -> dict[str, list[Operand]]:
        op = self.op
        uses = op.operands
        if not uses:
            return {}
        make = self._operand
        if op.generic or not any(u.group for u in uses):
            written = op.operand_types.get("", ())
            names = generic_operand_groups(op, len(uses))
            groups: dict[str, list[Operand]] = {}
            for i, use in enumerate(uses):
                ref = written[i] if i < len(written) else None
                groups.setdefault(names[i] if names else "", []).append(make(use, ref))
            return groups
        operand_types = op.operand_types
        listed = self._listed_types(uses) if "" in operand_types else {}
        groups = {}
        for use in uses:
            members = groups.get(use.group)
            if members is None:
                members = groups[use.group] = []
            refs = operand_types.get(use.group, ())
            index = len(members)
            members.append(make(use, refs[index] if index < len(refs) else listed.get(id(use))))
        return groups

    def _listed_types(self, uses: list[ValueUse]) -> dict[int, TypeRef]:
        """``functional-type(operands, ...)`` / ``type(operands)``: one type per operand in the
        order the op declares its groups, whatever order its syntax writes them in."""
        facts = self.op.facts
        listed = self.op.operand_types[""]
        order = {group.name: index for index, group in enumerate(facts.operands)} if facts is not None else {}
        declared = sorted(uses, key=lambda use: order.get(use.group, len(order)))  # stable: written order within a group
        return {id(use): ref for use, ref in zip(declared, listed)}

    def _operand(self, use: ValueUse, ref: Any) -> Operand:
        if ref is not None:
            value = ref.type
            known = _ALIAS_FREE.get(id(value))  # ``resolve``'s first step, inlined: one per operand
            resolved = known[1] if known is not None and known[0] is value else self.resolve(value)
            return Operand(use, cast(Type, resolved), ref)  # a type reference resolves to a type
        implied = implied_operand_type(self.op, use.group)
        if implied is not None:
            return Operand(use, implied)
        facts = self.op.facts
        if facts is not None and "SameOperandsAndResultType" in facts.traits and self.op.result_types:
            ref = self.op.result_types[0]
            return Operand(use, self.resolve(ref.type), ref)  # type: ignore[arg-type]
        return Operand(use, self.type_of_value(use.definition))

    # ------------------------------------------------------------------ attributes
    def attr_entry(self, name: str) -> AttrEntry | None:
        return self.op.attributes.get(name)

    def attr(self, name: str) -> Attr | None:
        """The attribute's value, aliases expanded; None when absent."""
        entry = self.op.attributes.get(name)
        return None if entry is None else self.resolve(entry.value)  # type: ignore[return-value]

    def has_attr(self, name: str) -> bool:
        return name in self.op.attributes

    def unit(self, name: str) -> bool:
        """Is a unit (or true boolean) attribute set?"""
        value = self.attr(name)
        return isinstance(value, UnitAttr) or (isinstance(value, BoolAttr) and value.value)

    def int_attr(self, name: str, default: int | None = None) -> int | None:
        value = self.attr(name)
        if isinstance(value, IntegerAttr):
            return value.value
        if isinstance(value, BoolAttr):
            return int(value.value)
        return default

    def bool_attr(self, name: str, default: bool = False) -> bool:
        value = self.attr(name)
        if isinstance(value, BoolAttr):
            return value.value
        if isinstance(value, UnitAttr):
            return True
        return default

    def int_list_attr(self, name: str) -> list[int] | None:
        """An ``[1, 2, 3]`` array or ``array<i64: ...>`` attribute as Python ints."""
        value = self.attr(name)
        if isinstance(value, DenseArrayAttr):
            return [int(v) for v in value.values]
        elements = getattr(value, "elements", None)
        if elements is not None and all(isinstance(e, IntegerAttr) for e in elements):
            return [e.value for e in elements]
        return None

    def enum_attr(self, name: str) -> str | None:
        """An enum case however it is spelled: bare (``approx``), ``#nvvm.fp_rnd_mode<rn>``,
        ``#nvgpu<rcp_rounding_mode approx>`` or a string."""
        return enum_case(self.attr(name))

    def enum_word(self, name: str, default: str) -> str:
        """An enum attribute's case, ``default`` when absent; ``#nvvm.sat_mode<none>`` reads its
        ``none`` as a type, which still means the case ``none``."""
        value = self.attr(name)
        if value is None:
            return default
        if isinstance(value, DialectAttr) and any(isinstance(p, TypeAttr) and isinstance(p.type, NoneType)
                                                  for p in value.params):
            return "none"
        return self.enum_attr(name) or default

    def attr_span(self, name: str) -> Span:
        """The attribute's value as written, or the op when it is not written."""
        entry = self.op.attributes.get(name)
        if entry is None:
            return self.span
        return (entry.value_start, entry.value_end) if entry.value_end > entry.value_start else (entry.start, entry.end)

    # ------------------------------------------------------------------ results
    def result_type(self, index: int = 0) -> Type | None:
        if index >= len(self.op.results):
            refs = self.op.result_types
            return self.resolve(refs[index].type) if index < len(refs) else None  # type: ignore[return-value]
        return self.type_of_value(self.op.results[index])

    def result_span(self, index: int = 0) -> Span:
        """Where the result's type is written, else the op."""
        if index < len(self.op.results):
            value = self.op.results[index]
            if value.type is not None and self.op.start <= value.type.start < self.op.end:
                return (value.type.start, value.type.end)
        if index < len(self.op.result_types):
            ref = self.op.result_types[index]
            return (ref.start, ref.end)
        return self.span

    # ------------------------------------------------------------------ symbols
    def symbol_use(self) -> SymbolRef | None:
        """The first symbol the op refers to (``@callee``, ``@kernels::@k``), resolved or not."""
        return next((s for s in self.op.symbols if not s.is_definition), None)

    def symbol_target(self) -> Operation | None:
        """The op defining the symbol the op refers to, None when it resolves to none."""
        use = self.symbol_use()
        return use.target.owner if use is not None and use.target is not None else None

    def function_type(self) -> FunctionType | None:
        """The op's ``function_type`` (a function-like op's signature), resolved."""
        value = self.attr("function_type")
        found = value.type if isinstance(value, TypeAttr) else None
        return found if isinstance(found, FunctionType) else None

    # ------------------------------------------------------------------ related places
    def defined_here(self, operand: Operand | None, what: str = "defined here") -> tuple[Related, ...]:
        """A related-information entry pointing at the definition of ``operand``'s value."""
        if operand is None or operand.definition is None:
            return ()
        definition = operand.definition
        owner = definition.owner
        if isinstance(owner, Operation):
            end = self.doc.text.find("\n", owner.start, owner.end)
            span = (owner.start, owner.end if end == -1 else end)
        else:
            span = (definition.start, definition.type.end if definition.type is not None else definition.end)
        return (Related(span[0], span[1], f"{definition.name} {what}"),)


# ---------------------------------------------------------------- helpers shared by the view's readers
def enum_case(value: Attr | None) -> str | None:
    """The case word of an enum attribute in any of its spellings: bare ``rn``,
    ``#nvvm.fp_rnd_mode<rn>``, ``<rn>``, ``#nvgpu<rcp_rounding_mode rm>``, or a string."""
    if value is None:
        return None
    if isinstance(value, KeywordAttr):
        return value.word
    if isinstance(value, TypeAttr) and isinstance(value.type, NoneType):
        return "none"
    if isinstance(value, DialectAttr):
        words = attribute_words(value.params)
        return words[-1] if words else None
    word = getattr(value, "value", None)
    if isinstance(word, str):
        return word
    text = str(value)
    if "<" in text and text.endswith(">"):
        inner = text[text.find("<") + 1:-1].split()
        return inner[-1] if inner else None
    return None


def attribute_words(params: tuple) -> list[str]:
    """The bare words inside a dialect attribute's parameters, in order."""
    words: list[str] = []
    for item in params:
        if isinstance(item, KeywordAttr):
            words.append(item.word)
        elif isinstance(item, str):
            words.append(item)
        elif isinstance(item, TypeAttr) and isinstance(item.type, (NoneType, FloatType, IntegerType)):
            words.append(str(item.type))  # ``<none>``, ``<f16>``, ``<tf32>`` read as builtin types
        elif isinstance(item, tuple):
            words.extend(attribute_words(item))
    return words


_COMPLETE_KINDS = frozenset({
    "!nvgpu.device.async.token", "!nvgpu.mbarrier.token",
    "index", "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
})
"""Fact kinds that name one complete type (others, like ``memref`` or ``!llvm.struct``, name a family)."""


def type_from_kind(kind: str) -> Type | None:
    """The type a fact's operand/result ``kind`` names when it is one fixed type."""
    return _parse_fixed(kind) if kind in _COMPLETE_KINDS else None


@lru_cache(maxsize=None)
def _parse_fixed(text: str) -> Type | None:
    try:
        return parse_type(text)
    except TypeSyntaxError:
        return None


def implied_operand_type(op: Operation, group: str) -> Type | None:
    """An operand type the op's syntax does not spell because its constraint fixes it (``index``, ``i1``, tokens)."""
    facts = op.facts
    if facts is None or not group:
        return None
    for operand in facts.operands:
        if operand.name == group:
            return type_from_kind(operand.kind)
    return None


def implied_result_type(op: Operation, index: int, view: OpView) -> Type | None:
    """A result type fixed by the op's facts (a token type) or by ``SameOperandsAndResultType``."""
    facts = op.facts
    if facts is None:
        return None
    if index < len(op.result_types):
        return view.resolve(op.result_types[index].type)  # type: ignore[return-value]
    if facts.results and index < len(facts.results):
        fixed = type_from_kind(facts.results[index].kind)
        if fixed is not None:
            return fixed
    if "SameOperandsAndResultType" in facts.traits:
        for refs in op.operand_types.values():
            if refs:
                return view.resolve(refs[0].type)  # type: ignore[return-value]
    return None


def generic_operand_groups(op: Operation, count: int) -> list[str]:
    """The ODS group of each of ``count`` operands of an op written without group names.

    Fixed groups take one operand each, an optional group zero or one, and a single
    variadic group what is left; with several variadic/optional groups upstream's
    ``operandSegmentSizes`` property says how many each takes. Empty when unknown.
    """
    facts = op.facts
    if facts is None or not facts.operands:
        return []
    groups = facts.operands if op.generic else _written_order(facts)
    if groups is None:
        return []  # custom syntax that writes its operands in an order we cannot tell
    segments = op.attributes.get("operandSegmentSizes")
    sizes: list[int] | None = None
    if segments is not None and isinstance(segments.value, DenseArrayAttr):
        sizes = [int(v) for v in segments.value.values]
        if len(sizes) != len(groups):
            sizes = None
    if sizes is None:
        flexible = [g for g in groups if g.variadic or g.optional]
        fixed = len(groups) - len(flexible)
        if not flexible:
            sizes = [1] * len(groups)
        elif len(flexible) == 1:
            spare = max(count - fixed, 0)
            sizes = [spare if (g.variadic or g.optional) else 1 for g in groups]
        else:
            return []
    names: list[str] = []
    for group, size in zip(groups, sizes):
        # a segment size past the operand count (a typo'd 18446744073709551616) names no more operands
        names.extend([group.name] * max(min(size, count - len(names)), 0))
    if len(names) < count:
        names.extend([""] * (count - len(names)))
    return names[:count]


@lru_cache(maxsize=None)
def _written_order(facts: OpFacts) -> tuple | None:
    """The op's operand groups in the order its custom syntax writes them (its first format's
    ``$name`` references), where that differs from the declared order (``llvm.insertvalue``
    writes ``$value, $container``); the declared order for an ``operands`` directive; None when
    the format names some groups and not others."""
    if not facts.formats or _ALL_OPERANDS.search(facts.formats[0]):
        return tuple(facts.operands)
    by_name = {group.name: group for group in facts.operands}
    order: list = []
    for name in re.findall(r"\$(\w+)", _TYPE_OF.sub("", facts.formats[0])):
        group = by_name.get(name)
        if group is not None and group not in order:
            order.append(group)
    if not order:
        return tuple(facts.operands)
    return tuple(order) if len(order) == len(facts.operands) else None


_ALL_OPERANDS = re.compile(r"(?<![$\w])operands\b")
_TYPE_OF = re.compile(r"\btype\(\$\w+\)")

_ALIAS_FREE: dict[int, tuple[Any, Any]] = {}
"""``id(value)`` → (value, resolved) for the values whose resolution looked up no alias.
Parsed types and attributes are shared per spelling, so this stays small; holding the
value keeps its id from being reused."""
_ALIAS_FREE_LIMIT = 1 << 16
register_cache(_ALIAS_FREE.clear)


class _AliasProbe:
    """An alias table that notes whether it was asked (``_resolve`` only calls ``get``)."""

    __slots__ = ("aliases", "used")

    def __init__(self, aliases: dict) -> None:
        self.aliases = aliases
        self.used = False

    def get(self, name: str):
        self.used = True
        return self.aliases.get(name)


def _resolve(value: Any, aliases: Mapping[str, Any] | _AliasProbe, depth: int) -> Any:
    """Expand aliases inside a frozen type/attribute value (bounded against alias cycles)."""
    if depth > 16:
        return value
    if isinstance(value, (TypeAliasRef, AttrAliasRef)):
        alias = aliases.get(value.name)
        return value if alias is None else _resolve(alias.value, aliases, depth + 1)
    names = _field_names(type(value))
    if not names:  # not a dataclass instance, or one without fields: nothing inside to expand
        return value
    changes = {}
    for name in names:
        item = getattr(value, name)
        if isinstance(item, (Type, Attr)):
            new = _resolve(item, aliases, depth + 1)
            if new is not item:
                changes[name] = new
        elif isinstance(item, tuple) and any(isinstance(x, (Type, Attr, tuple)) for x in item):
            new_items = tuple(_resolve_item(x, aliases, depth + 1) for x in item)
            if any(a is not b for a, b in zip(new_items, item)):
                changes[name] = new_items
    resolved = dataclasses.replace(value, **changes) if changes else value
    if isinstance(resolved, MemRefType) and resolved.memory_space is None and _is_memory_space(resolved.layout):
        # ``memref<4xf32, #smem>``: the parser cannot tell an aliased memory space from a layout.
        resolved = dataclasses.replace(resolved, layout=None, memory_space=resolved.layout)
    return resolved


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of ``cls`` (none for other classes), looked up once per class."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls)) \
            if dataclasses.is_dataclass(cls) else ()
    return names


def _is_memory_space(attr) -> bool:
    """A resolved attribute in a memref's layout slot that is no layout is its memory space."""
    return attr is not None and not isinstance(attr, (StridedLayoutAttr, AffineMapAttr, OpaqueAttr, AttrAliasRef))


def _resolve_item(item: Any, aliases: Mapping[str, Any] | _AliasProbe, depth: int) -> Any:
    if isinstance(item, (Type, Attr)):
        return _resolve(item, aliases, depth)
    if isinstance(item, tuple):
        new = tuple(_resolve_item(x, aliases, depth) for x in item)
        return item if all(a is b for a, b in zip(new, item)) else new
    return item
