"""Use-def checks: undefined values and blocks, redefinitions, dominance, and type agreement.

Upstream's parser reports the first three and the type check; its verifier reports
dominance. Messages and notes carry upstream's wording (measured with ``mlir-opt-22``):
``use of undeclared SSA value name``, ``redefinition of SSA value '%x'``,
``operand #0 does not dominate this use``, ``use of value '%x' expects different type
than prior uses: 'i32' vs 'index'``, ``reference to an undefined block``.
"""

from __future__ import annotations

import re

from ..analysis.document import Document, symbol_key
from ..analysis.ir import Block, Operation, ValueDef
from ..analysis.values import (
    alias_references,
    Attr, DialectType, OpaqueType, Type, TypeAliasRef,
)
from ..diagnostics import Diagnostic, Related, Severity
from ..memory import register_cache
from ..analysis.opview import OpView, canonical

_GRAPH_REGION_OPS = frozenset({"builtin.module", "gpu.module"})
"""Ops whose regions are graph regions: their values need not be defined before use."""


def check_use_def(doc: Document) -> list[Diagnostic]:
    """Every use-def problem in ``doc``."""
    found = check_names(doc)
    for op in doc.ops():
        check_op_use_def(op, doc, found)
    return found


def check_names(doc: Document) -> list[Diagnostic]:
    """The document-wide part: undefined values and redefinitions (the Document keeps both lists)."""
    found: list[Diagnostic] = []
    for use in doc.undefined:
        found.append(Diagnostic(use.start, use.end, "use of undeclared SSA value name", "ssa.undefined",
                                Severity.ERROR, data={"name": use.name}))
    for first, again in doc.duplicates:
        found.append(Diagnostic(again.start, again.end, f"redefinition of SSA value '{_base(again.name)}'",
                                "ssa.redefinition", Severity.ERROR,
                                related=(Related(first.start, first.end, "previously defined here"),),
                                data={"name": again.name}))
    for first_block, block in doc.duplicate_blocks:
        found.append(Diagnostic(block.label_start, block.label_end, f"redefinition of block '{block.label}'",
                                "block.redefinition", Severity.ERROR,
                                related=(Related(first_block.label_start, first_block.label_end,
                                                 "previously defined here"),),
                                data={"name": block.label}))
    for first_symbol, symbol in doc.duplicate_symbols:
        found.append(Diagnostic(symbol.start, symbol.end,
                                f"redefinition of symbol named '{symbol_key(symbol.name)[1:]}'",
                                "symbol.redefinition", Severity.ERROR,
                                related=(Related(first_symbol.start, first_symbol.end,
                                                 "see existing symbol definition here"),),
                                data={"name": symbol.name}))
    return found


def check_op_use_def(op: Operation, doc: Document, found: list[Diagnostic], view: OpView | None = None) -> None:
    """The per-op part, appended to ``found``: undefined aliases and blocks, dominance, type
    agreement (``view``: the op's OpView, when the caller has one)."""
    found.extend(_undefined_aliases(op, doc))
    for ref in op.successors:
        if ref.block is None:
            found.append(Diagnostic(ref.start, ref.end, "reference to an undefined block", "block.undefined",
                                    Severity.ERROR, data={"name": ref.name}))
    if op.operands:
        found.extend(_dominance(op))
        found.extend(_isolation(op, doc))
        if op.syntax in ("generic", "format", "reader"):
            found.extend(_type_agreement(op, doc, view))


def _base(name: str) -> str:
    return name.split("#", 1)[0]


# ---------------------------------------------------------------- dominance
def _dominance(op: Operation) -> list[Diagnostic]:
    found = []
    here = op.parent
    for index, use in enumerate(op.operands):
        definition = use.definition
        if definition is None or definition.is_block_arg:
            continue
        owner = definition.owner  # an op: block arguments were passed over
        if not isinstance(owner, Operation):
            continue
        block = owner.parent
        if block is here and owner.start < op.start:
            continue  # defined above in the same block: the common case, settled without a walk
        if block is None:
            continue
        if block.parent.parent.name in _GRAPH_REGION_OPS:
            continue
        ancestor = _ancestor_in(op, block)
        if ancestor is None:
            continue  # another block of a CFG region, or not nested in the definition's block
        if _at_or_before(block, ancestor, owner):
            where = "op in the same block" if ancestor is op else "op in a parent region"
            found.append(Diagnostic(use.start, use.end, f"operand #{index} does not dominate this use",
                                    "ssa.dominance", Severity.ERROR,
                                    related=(_definition_related(definition, f"operand defined here ({where})"),),
                                    data={"name": use.name}))
    return found


def _isolation(op: Operation, doc: Document) -> list[Diagnostic]:
    """A use, inside an op isolated from above, of a value defined outside it (upstream's
    verifier: the names are resolved across the boundary, the region may not use them)."""
    if not doc.isolation_breaks:
        return []
    isolated = op.parent_op()
    while isolated is not None and not doc.is_isolated(isolated):
        isolated = isolated.parent_op()
    if isolated is None:
        return []
    for use in op.operands:
        definition = use.definition
        if definition is None or _inside(_owner_op(definition), isolated) and _owner_op(definition) is not isolated:
            continue
        if definition.is_block_arg and isinstance(definition.owner, Block) \
                and definition.owner.parent.parent is isolated:
            continue  # the isolated op's own region arguments
        return [Diagnostic(op.name_start, op.name_end, f"'{op.name}' op using value defined outside the region",
                           "ssa.isolation", Severity.ERROR,
                           related=(Related(isolated.name_start, isolated.name_end,
                                            "required by region isolation constraints"),
                                    _definition_related(definition, "the value is defined here")),
                           data={"name": use.name})]
    return []


def _owner_op(value: ValueDef) -> Operation | None:
    """The op a value belongs to: its defining op, or the op whose region holds its block."""
    owner = value.owner
    if isinstance(owner, Block):
        return owner.parent.parent if owner.parent is not None else None
    return owner


def _inside(op: Operation | None, ancestor: Operation) -> bool:
    while op is not None:
        if op is ancestor:
            return True
        op = op.parent_op()
    return False


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    """``op`` or the op enclosing it that sits directly in ``block``."""
    current: Operation | None = op
    while current is not None:
        if current.parent is block:
            return current
        current = current.parent_op()
    return None


def _at_or_before(block: Block, first: Operation, second: Operation) -> bool:
    """Is ``first`` at or before ``second`` among ``block``'s ops? A block holds its ops in
    text order, so their starts decide; only ops starting at one offset are looked up."""
    if first is second:
        return True
    if first.start != second.start:
        return first.start < second.start
    return _position(block, first) <= _position(block, second)


def _position(block: Block, op: Operation) -> int:
    for i, candidate in enumerate(block.ops):
        if candidate is op:
            return i
    return -1


def _definition_related(definition: ValueDef, message: str) -> Related:
    return Related(definition.start, definition.end, message)


# ---------------------------------------------------------------- types
def _type_agreement(op: Operation, doc: Document, view: OpView | None = None) -> list[Diagnostic]:
    """A use whose type, as the op spells it, differs from its definition's type."""
    view = view or OpView(op, doc)
    found = []
    seen: set[str] = set()
    for operand in view.all_operands():
        definition = operand.definition
        if operand.type_span is None or definition is None or operand.type is None or operand.use.name in seen:
            continue
        declared = view.type_of_value(definition)
        if declared is None or declared is operand.type or declared == operand.type:
            continue  # equal values have equal canonical forms
        if not _comparable(declared) or not _comparable(operand.type):
            continue
        if canonical(declared) != canonical(operand.type):
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
    known = _COMPARABLE.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if isinstance(value, (OpaqueType, TypeAliasRef, DialectType)):
        found = False
    else:
        found = "Opaque" not in repr(value) and "AliasRef" not in repr(value)
    if len(_COMPARABLE) >= 1 << 16:
        _COMPARABLE.clear()
    _COMPARABLE[id(value)] = (value, found)
    return found


_COMPARABLE: dict[int, tuple[object, bool]] = {}
"""``id(value)`` → (value, answer): types are shared per spelling, so it stays small; holding
the value keeps its id from being reused."""
register_cache(_COMPARABLE.clear)


def _undefined_aliases(op: Operation, doc: Document) -> list[Diagnostic]:
    """``#name`` / ``!name`` aliases the op's own types and attributes use but its chunk never
    defines (upstream's parser: "undefined symbol alias id 'name'")."""
    if not _spells_alias(op, doc.text):
        return []
    written: list[Type | Attr | None] = [*(ref.type for ref in op.types), *(ref.type for ref in op.result_types),
                                         *(entry.value for entry in op.attributes.values())]
    names: set[str] = set()
    for value in written:
        names |= alias_references(value)
    if not names:
        return []
    defined = doc.aliases(op.start)
    missing = sorted(name for name in names if name not in defined)
    found = []
    own_end = op.regions[0].start if op.regions else op.end
    for name in missing:
        match = re.compile(re.escape(name) + r"(?![\w$.])").search(doc.text, op.start, own_end)
        start, end = (match.start(), match.end()) if match else (op.name_start, op.name_end)
        found.append(Diagnostic(start, end, f"undefined symbol alias id '{name[1:]}'", "alias.undefined",
                                Severity.ERROR, data={"name": name}))
    return found


_ALIAS_USE = re.compile(r"[#!][A-Za-z_][\w$]*+(?![\w$.])")
"""An alias reference as written (``#map``, ``!t``); a dotted name is a dialect's, never an alias."""


def _spells_alias(op: Operation, text: str) -> bool:
    """Could the op's own syntax (its text outside its regions) name an alias? Every type and
    attribute the op holds is written there, so where nothing matches there is nothing to look up.
    (Searched per op, not once per document: an edit re-checks a few ops of a long text.)"""
    start = op.start
    for region in op.regions:
        if _ALIAS_USE.search(text, start, region.start):
            return True
        start = region.end
    return _ALIAS_USE.search(text, start, op.end) is not None


register_cache(alias_references.cache_clear)
