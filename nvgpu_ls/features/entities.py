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
from ..analysis.ir import AttrEntry, Block, BlockRef, Operation, SymbolRef, TypeRef, ValueDef, ValueUse
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
    for ref in _type_refs(op):
        if hit(ref):
            return Entity("type", ref.start, ref.end, ref, op)
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


__all__ = [
    "AttrEntry", "Entity", "EntityKind", "Occurrence", "alias_uses", "definition_of", "definition_span",
    "enclosing_ops", "entity_at", "group_of", "occurrences", "token_at",
]
