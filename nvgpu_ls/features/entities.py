"""What is under the cursor, and every place that names the same thing.

Hover, definition, references, highlight, rename and completion all start by asking
what a position points at: an op name, an SSA value, a block label, a ``@symbol``, an
attribute or type alias, a type, an attribute, or a keyword of an op's custom syntax.
``entity_at`` answers from the recovered IR, so it works in broken files wherever the
parser recovered; ``occurrences`` lists the definition and every use of what it found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..analysis import tokens as tk
from ..analysis.document import Document
from ..analysis.ir import AttrEntry, Block, BlockRef, Operation, SymbolRef, TypeRef, ValueDef, ValueUse, walk_ops
from ..analysis.parser import AliasDef, Chunk

EntityKind = Literal["op", "value", "block", "symbol", "alias", "type", "attribute", "keyword"]


@dataclass(frozen=True)
class Entity:
    """One thing spelled at a span of the text.

    ``node`` is the model object: ``Operation`` (op name), ``ValueDef`` / ``ValueUse``,
    ``Block`` (its label) / ``BlockRef``, ``SymbolRef``, ``AliasDef`` (definition or use),
    ``TypeRef``, ``AttrEntry`` or, for a keyword, the keyword's text. ``op`` is the op the
    span belongs to (for a block label: the op whose region holds the block).
    ``is_definition`` is true where the span defines the thing (a result, a block label,
    a symbol's definition, an alias's name on its own line).
    """

    kind: EntityKind
    start: int
    end: int
    node: object
    op: Operation | None
    is_definition: bool = False
    in_value: bool = False
    """For an attribute: whether the span is its value rather than its name."""


@dataclass(frozen=True)
class Occurrence:
    start: int
    end: int
    is_definition: bool


def entity_at(doc: Document, offset: int) -> Entity | None:
    """The entity spelled at ``offset``; a cursor just after a word counts as on it."""
    found = _entity_at(doc, offset)
    if found is None and offset > 0 and _is_word_char(doc.text, offset - 1):
        found = _entity_at(doc, offset - 1)
    return found


def _is_word_char(text: str, index: int) -> bool:
    return 0 <= index < len(text) and (text[index].isalnum() or text[index] in "_$.-%#^@!>")


def _entity_at(doc: Document, offset: int) -> Entity | None:
    if not doc.chunks:
        return None
    chunk = doc.chunk_at(offset)
    for alias in chunk.aliases.values():
        if alias.start <= offset < alias.name_end:
            return Entity("alias", alias.start, alias.name_end, alias, None, is_definition=True)
    token = token_at(doc, offset)
    if token is not None and token.kind in (tk.HASH, tk.BANG) and token.text in chunk.aliases:
        return Entity("alias", token.start, token.end, chunk.aliases[token.text], doc.op_at(offset))
    op = doc.op_at(offset)
    if op is None:
        return None
    return _in_op(op, offset) or _in_blocks(op, offset)


def _in_op(op: Operation, offset: int) -> Entity | None:
    def hit(node) -> bool:
        return node.start <= offset < node.end

    if op.name_start <= offset < op.name_end:
        return Entity("op", op.name_start, op.name_end, op, op)
    for value in op.results:
        if hit(value):
            return Entity("value", value.start, value.end, value, op, is_definition=True)
    for use in op.operands:
        if hit(use):
            return Entity("value", use.start, use.end, use, op)
    for sym in op.symbols:
        if hit(sym):
            return Entity("symbol", sym.start, sym.end, sym, op, is_definition=sym.is_definition)
    for ref in op.successors:
        if hit(ref):
            return Entity("block", ref.start, ref.end, ref, op)
    for entry in op.attributes.values():
        if entry.value_start <= offset < entry.value_end and entry.value_end > entry.value_start:
            return Entity("attribute", entry.value_start, entry.value_end, entry, op, in_value=True)
        if hit(entry):
            return Entity("attribute", entry.start, entry.start + len(entry.name), entry, op)
    for type_ref in _type_refs(op):
        if hit(type_ref):
            return Entity("type", type_ref.start, type_ref.end, type_ref, op)
    for word, start, end in op.keywords:
        if start <= offset < end:
            return Entity("keyword", start, end, word, op)
    return None


def _type_refs(op: Operation) -> list[TypeRef]:
    refs = list(op.types)
    refs += op.result_types
    for group in op.operand_types.values():
        refs += group
    return refs


def _in_blocks(op: Operation, offset: int) -> Entity | None:
    """Block labels and block arguments, which lie in ``op``'s regions but in no nested op."""
    for region in op.regions:
        for block in region.blocks:
            if block.label and block.label_start <= offset < block.label_end:
                return Entity("block", block.label_start, block.label_end, block, op, is_definition=True)
            for arg in block.args:
                if arg.start <= offset < arg.end:
                    return Entity("value", arg.start, arg.end, arg, op, is_definition=True)
                if arg.type is not None and arg.type.start <= offset < arg.type.end:
                    return Entity("type", arg.type.start, arg.type.end, arg.type, op)
    return None


def token_at(doc: Document, offset: int) -> tk.Token | None:
    """The token whose span holds ``offset``, found by scanning only its line."""
    text = doc.text
    if not 0 <= offset < len(text):
        return None
    line_start = text.rfind("\n", 0, offset) + 1
    line_end = text.find("\n", offset)
    for token in tk.tokenize(text, line_start, len(text) if line_end == -1 else line_end):
        if token.start <= offset < token.end:
            return token
    return None


# ---------------------------------------------------------------- occurrences
def definition_of(entity: Entity) -> object | None:
    """The defining node of what ``entity`` names: a ``ValueDef``, ``Block``, defining
    ``SymbolRef`` or ``AliasDef``; ``None`` when it is unresolved or has no definition."""
    node = entity.node
    if isinstance(node, ValueUse):
        return node.definition
    if isinstance(node, BlockRef):
        return node.block
    if isinstance(node, SymbolRef):
        return node if node.is_definition else node.target
    if isinstance(node, (ValueDef, Block, AliasDef)):
        return node
    return None


def definition_span(node: object) -> tuple[int, int] | None:
    """Where a definition (as ``definition_of`` returns it) is spelled."""
    if isinstance(node, Block):
        return (node.label_start, node.label_end) if node.label else None
    if isinstance(node, AliasDef):
        return node.start, node.name_end
    if isinstance(node, (ValueDef, SymbolRef)):
        return node.start, node.end
    return None


def occurrences(doc: Document, entity: Entity) -> list[Occurrence]:
    """The definition and every use of the value, block, symbol or alias ``entity`` names,
    in text order. An unresolved use yields the uses that spell the same name in the same
    place's scope, so that highlighting a typo still shows its siblings."""
    definition = definition_of(entity)
    found: list[Occurrence] = []
    if definition is None:
        if entity.kind in ("value", "block", "symbol"):
            found = [Occurrence(entity.start, entity.end, entity.is_definition)]
        return found
    span = definition_span(definition)
    if span is not None:
        found.append(Occurrence(span[0], span[1], True))
    if isinstance(definition, ValueDef):
        for value in group_of(definition) if entity.is_definition else [definition]:
            found += [Occurrence(use.start, use.end, False) for use in value.uses]
    elif isinstance(definition, Block):
        found += [Occurrence(ref.start, ref.end, False) for ref in definition.refs]
    elif isinstance(definition, SymbolRef):
        found += [Occurrence(ref.start, ref.end, False) for ref in definition.references]
    elif isinstance(definition, AliasDef):
        found += [Occurrence(t.start, t.end, False) for t in alias_uses(doc, definition)]
    return sorted(set(found), key=lambda o: (o.start, o.end))


def group_of(value: ValueDef) -> list[ValueDef]:
    """The results that one ``%x:2`` spelling defines (just ``value`` when it is alone)."""
    owner = value.owner
    if value.is_block_arg or not isinstance(owner, Operation):
        return [value]
    return [r for r in owner.results if r.start == value.start] or [value]


def alias_uses(doc: Document, alias: AliasDef) -> list[tk.Token]:
    """Every ``#name`` / ``!name`` token that refers to ``alias`` in its chunk."""
    chunk = _chunk_holding(doc, alias)
    if chunk is None:
        return []
    kind = tk.HASH if alias.name.startswith("#") else tk.BANG
    return [t for t in tk.tokenize(doc.text, chunk.start, chunk.end)
            if t.kind == kind and t.text == alias.name and t.start != alias.start]


def _chunk_holding(doc: Document, alias: AliasDef) -> Chunk | None:
    for chunk in doc.chunks:
        if chunk.aliases.get(alias.name) is alias:
            return chunk
    return None


def enclosing_ops(doc: Document, offset: int) -> list[Operation]:
    """The ops whose spans hold ``offset``, outermost first."""
    inner = doc.op_at(offset)
    chain: list[Operation] = []
    while inner is not None:
        chain.append(inner)
        inner = inner.parent_op()
    return list(reversed(chain))


# ---------------------------------------------------------------- navigation targets
# Definition, references, highlight and rename share one question: which value, block,
# symbol or alias does a position name, and where is it named? A nested reference
# ``@mod::@kernel`` names two symbols, so a target is one part of it, not the whole span.
NAVIGABLE = ("value", "block", "symbol", "alias")


@dataclass(frozen=True)
class SymbolPart:
    """One ``@name`` of a (possibly nested) symbol reference and the definition it names."""

    name: str
    start: int
    end: int
    definition: SymbolRef | None


@dataclass(frozen=True)
class Target:
    """The value, block, symbol or alias a position names.

    ``start``/``end`` is the span under the cursor (one part of a nested symbol
    reference); ``definition`` is as ``definition_of`` gives it (for a symbol part,
    the definition of that part), ``None`` when unresolved.
    """

    kind: EntityKind
    start: int
    end: int
    definition: object | None
    is_definition: bool
    entity: Entity


def navigation_target(doc: Document, offset: int) -> Target | None:
    """The value, block, symbol or alias spelled at ``offset``, if any."""
    entity = entity_at(doc, offset)
    if entity is None or entity.kind not in NAVIGABLE:
        return None
    node = entity.node
    if isinstance(node, SymbolRef) and not node.is_definition:
        parts = symbol_parts(doc, node)
        part = next((p for p in parts if p.start <= offset < p.end), None)
        part = part or next((p for p in parts if p.end >= offset), parts[-1])
        return Target("symbol", part.start, part.end, part.definition, False, entity)
    return Target(entity.kind, entity.start, entity.end, definition_of(entity), entity.is_definition, entity)


def target_occurrences(doc: Document, target: Target) -> list[Occurrence]:
    """Where ``target``'s thing is named, in text order: ``occurrences``, except that a
    symbol is also found as a part of nested references (``@mod`` in ``@mod::@kernel``)
    and an undefined value brings the same-named undefined uses of its isolated scope."""
    definition = target.definition
    if isinstance(definition, SymbolRef):
        return symbol_occurrences(doc, definition)
    if target.kind == "symbol":
        return [Occurrence(target.start, target.end, False)]
    node = target.entity.node
    if isinstance(node, ValueUse) and definition is None:
        scope = _isolating_op(doc, node.owner)
        return sorted({Occurrence(u.start, u.end, False) for u in doc.undefined
                       if u.name == node.name and _isolating_op(doc, u.owner) is scope}
                      | {Occurrence(node.start, node.end, False)}, key=lambda o: (o.start, o.end))
    return occurrences(doc, target.entity)


def _isolating_op(doc: Document, op: Operation) -> Operation | None:
    scope = op.parent_op()
    while scope is not None and not doc.is_isolated(scope):
        scope = scope.parent_op()
    return scope


def symbol_parts(doc: Document, sym: SymbolRef) -> list[SymbolPart]:
    """The ``@name`` parts of a symbol spelling, each with the definition it resolves to
    (the last part's is the document's own resolution; a definition is its own part)."""
    if sym.is_definition:
        return [SymbolPart(sym.name, sym.start, sym.end, sym)]
    tokens = [t for t in tk.tokenize(doc.text, sym.start, sym.end) if t.kind == tk.AT]
    if not tokens:
        return [SymbolPart(sym.name, sym.start, sym.end, sym.target)]
    found: SymbolRef | None = None
    parts: list[SymbolPart] = []
    for index, token in enumerate(tokens):
        if index == len(tokens) - 1:
            found = sym.target
        elif index == 0:
            found = _lookup_symbol(doc, sym.owner, token.text)
        else:
            found = symbol_table(doc, found.owner).get(token.text) if found is not None else None
        parts.append(SymbolPart(token.text, token.start, token.end, found))
    return parts


def _lookup_symbol(doc: Document, op: Operation, name: str) -> SymbolRef | None:
    """``name`` in the nearest enclosing symbol table of ``op`` that defines it."""
    scope = op.parent_op()
    while scope is not None:
        if scope.is_symbol_table:
            found = symbol_table(doc, scope).get(name)
            if found is not None:
                return found
        scope = scope.parent_op()
    return symbol_table(doc, None, op.start).get(name)


def symbol_table(doc: Document, table_op: Operation | None, offset: int = 0) -> dict[str, SymbolRef]:
    """The symbols defined directly in ``table_op``'s table (first definition of a name
    wins, as in resolution); ``None`` means the chunk's top level around ``offset``."""
    if table_op is None:
        ops = doc.chunk_at(offset).ops if doc.chunks else []
    else:
        ops = [o for region in table_op.regions for block in region.blocks for o in block.ops]
    table: dict[str, SymbolRef] = {}
    stack = list(reversed(ops))
    while stack:
        op = stack.pop()
        definition = next((s for s in op.symbols if s.is_definition), None)
        if definition is not None:
            table.setdefault(definition.name, definition)
        if not op.is_symbol_table:
            stack.extend(reversed([o for region in op.regions for block in region.blocks for o in block.ops]))
    return table


def enclosing_symbol_table(doc: Document, op: Operation) -> Operation | None:
    """The symbol table op whose table holds the symbol ``op`` defines (None: top level)."""
    scope = op.parent_op()
    while scope is not None and not scope.is_symbol_table:
        scope = scope.parent_op()
    return scope


def symbol_occurrences(doc: Document, definition: SymbolRef) -> list[Occurrence]:
    """The definition and every reference part naming it, nested parts included."""
    found = {Occurrence(definition.start, definition.end, True)}
    found |= {Occurrence(r.start, r.end, False) for r in definition.references if "::" not in r.name}
    if not doc.chunks:
        return sorted(found, key=lambda o: (o.start, o.end))
    bare = definition.name
    for op in walk_ops(doc.chunk_at(definition.start).ops):
        for sym in op.symbols:
            if sym.is_definition or "::" not in sym.name or bare not in sym.name:
                continue
            for part in symbol_parts(doc, sym):
                if part.definition is definition:
                    found.add(Occurrence(part.start, part.end, False))
    return sorted(found, key=lambda o: (o.start, o.end))


__all__ = [
    "AttrEntry", "Entity", "EntityKind", "Occurrence", "alias_uses", "definition_of", "definition_span",
    "enclosing_ops", "entity_at", "group_of", "occurrences", "token_at",
    "NAVIGABLE", "SymbolPart", "Target", "enclosing_symbol_table", "navigation_target",
    "symbol_occurrences", "symbol_parts", "symbol_table", "target_occurrences",
]
