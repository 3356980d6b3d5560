"""Rename an SSA value, block label, ``@symbol`` or alias everywhere it is named.

The name under the cursor keeps its sigil in the placeholder; a new name may be given
with or without it. ``%x:2`` groups rename as one: ``%x#1`` keeps its ``#1``. A nested
reference ``@mod::@kernel`` changes only the part that names the renamed symbol. A new
name that MLIR would not read, or that would clash with a value visible in the same
scope, a label of the same region, a symbol of the same table or another alias, is
refused with a ``FeatureError`` whose message says why.
"""

from __future__ import annotations

import re
from typing import Iterator

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.ir import Block, Operation, Region, SymbolRef, ValueDef
from ..analysis.parser import AliasDef
from ..analysis.tokens import STRING_LITERAL
from .context import FeatureContext, FeatureError
from .entities import Target, enclosing_symbol_table, group_of, navigation_target, symbol_table
from .entities import target_occurrences

_SUFFIX_ID = re.compile(r"(?:[0-9]+|[A-Za-z$._\-][A-Za-z0-9$._\-]*)\Z")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")
_ALIAS_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*\Z")
_QUOTED = re.compile(STRING_LITERAL + r'\Z')
_WHAT = {"value": "an SSA value", "block": "a block label", "symbol": "a symbol"}


def prepare_rename(ctx: FeatureContext, position: lsp.Position) -> lsp.PrepareRenamePlaceholder | None:
    """The name under the cursor (sigil included) when it can be renamed: a defined
    value, block, symbol or alias; ``None`` elsewhere."""
    target = _renamable(ctx.doc, ctx.offset(position))
    if target is None:
        return None
    start, end = _name_span(ctx.doc, target.start, target.end, target)
    return lsp.PrepareRenamePlaceholder(range=ctx.range(start, end), placeholder=ctx.text[start:end])


def rename(ctx: FeatureContext, position: lsp.Position, new_name: str) -> lsp.WorkspaceEdit | None:
    """The edit that renames what ``position`` names to ``new_name``; ``None`` when there is
    nothing renamable there. Raises ``FeatureError`` for a name that is invalid or taken."""
    doc = ctx.doc
    target = _renamable(doc, ctx.offset(position))
    if target is None:
        return None
    spelled = _validated(target, new_name)
    _check_free(doc, target, spelled)
    spans = {_name_span(doc, start, end, target) for start, end in _places(doc, target)}
    edits = [lsp.TextEdit(range=ctx.range(start, end), new_text=spelled) for start, end in sorted(spans)]
    return lsp.WorkspaceEdit(changes={ctx.uri: edits})


def _renamable(doc: Document, offset: int) -> Target | None:
    target = navigation_target(doc, offset)
    if target is None or target.definition is None:
        return None
    if target.kind == "block" and not isinstance(target.definition, Block):
        return None
    return target


def _places(doc: Document, target: Target) -> list[tuple[int, int]]:
    """Every span naming the target; a value brings its whole ``%x:2`` group."""
    definition = target.definition
    if isinstance(definition, ValueDef):
        group = group_of(definition)
        return [(v.start, v.end) for v in group] + [(u.start, u.end) for v in group for u in v.uses]
    return [(o.start, o.end) for o in target_occurrences(doc, target)]


def _name_span(doc: Document, start: int, end: int, target: Target) -> tuple[int, int]:
    """The part of an occurrence that spells the name: ``%x`` of ``%x#1``."""
    if target.kind == "value":
        base = doc.text[start:end].split("#", 1)[0]
        return start, start + len(base)
    return start, end


# ---------------------------------------------------------------- the new name
def _validated(target: Target, new_name: str) -> str:
    """``new_name`` spelled with the right sigil; raises ``FeatureError`` when invalid."""
    name = new_name.strip()
    if target.kind == "alias":
        old = target.definition.name  # type: ignore[union-attr]
        sigil = old[0]
        other = "!" if sigil == "#" else "#"
        if name.startswith(other):
            kind = "an attribute alias" if sigil == "#" else "a type alias"
            raise FeatureError(f"'{name}' cannot name {kind}: it must start with '{sigil}'")
        bare = name[1:] if name.startswith(sigil) else name
        if not _ALIAS_ID.match(bare):
            raise FeatureError(f"'{name}' is not a valid alias name (a letter or '_', then letters, digits, "
                               f"'_' or '$'; no '.', which is reserved for dialect names)")
        return sigil + bare
    sigil = {"value": "%", "block": "^", "symbol": "@"}[target.kind]
    bare = name[1:] if name.startswith(sigil) else name
    if target.kind == "symbol":
        valid = _BARE_ID.match(bare) or (_QUOTED.match(bare) and len(bare) > 2)
        rule = "a letter or '_', then letters, digits, '_', '$' or '.'; or a quoted string"
    else:
        valid = _SUFFIX_ID.match(bare)
        rule = "digits only, or letters, digits, '$', '.', '_' and '-' not starting with a digit"
    if not valid:
        raise FeatureError(f"'{name}' is not a valid name for {_WHAT[target.kind]} ({rule})")
    return sigil + bare


def _check_free(doc: Document, target: Target, spelled: str) -> None:
    """Refuse a name already taken where the renamed thing is visible."""
    definition = target.definition
    if isinstance(definition, ValueDef):
        group = {id(v) for v in group_of(definition)}
        for other in _values_seen_with(doc, definition):
            if id(other) not in group and other.name.split("#", 1)[0] == spelled:
                line = doc.lines.line_of(other.start) + 1
                raise FeatureError(f"cannot rename to '{spelled}': a value of that name is already "
                                   f"defined in this scope (line {line})")
    elif isinstance(definition, Block):
        for block in definition.parent.blocks:
            if block is not definition and block.label == spelled:
                line = doc.lines.line_of(block.label_start) + 1
                raise FeatureError(f"cannot rename to '{spelled}': this region already has a block "
                                   f"'{spelled}' (line {line})")
    elif isinstance(definition, SymbolRef):
        table_op = enclosing_symbol_table(doc, definition.owner)
        existing = symbol_table(doc, table_op, definition.start).get(spelled)
        if existing is not None and existing is not definition:
            line = doc.lines.line_of(existing.start) + 1
            raise FeatureError(f"cannot rename to '{spelled}': the symbol table already defines it (line {line})")
    elif isinstance(definition, AliasDef):
        alias = doc.chunk_at(definition.start).aliases.get(spelled)
        if alias is not None and alias is not definition:
            line = doc.lines.line_of(alias.start) + 1
            raise FeatureError(f"cannot rename to '{spelled}': an alias of that name exists (line {line})")


# ---------------------------------------------------------------- value scopes
def _values_seen_with(doc: Document, value: ValueDef) -> Iterator[ValueDef]:
    """Values whose name ``value``'s name could clash with: those visible where it is
    defined (its region and the enclosing ones, up to an isolated op) and those defined
    anywhere it is visible (its region, nested regions included)."""
    top = doc.chunk_at(value.start).ops
    region = _defining_region(value)
    yield from _defined_in(doc, region, top, deep=True)
    while region is not None:
        holder = region.parent
        if doc.is_isolated(holder):
            return
        region = holder.parent.parent if holder.parent is not None else None
        yield from _defined_in(doc, region, top, deep=False)


def _defining_region(value: ValueDef) -> Region | None:
    """The region ``value`` is defined in; ``None`` for a chunk's top level."""
    owner = value.owner
    if isinstance(owner, Block):
        return owner.parent
    if isinstance(owner, Operation) and owner.parent is not None:
        return owner.parent.parent
    return None


def _defined_in(doc: Document, region: Region | None, top: list[Operation], deep: bool) -> Iterator[ValueDef]:
    """Block arguments and results defined in ``region`` (``None``: the ops ``top``)."""
    if region is None:
        ops = top
        blocks: list[Block] = []
    else:
        blocks = region.blocks
        ops = [op for block in blocks for op in block.ops]
    for block in blocks:
        yield from block.args
    for op in ops:
        yield from op.results
        if deep and not doc.is_isolated(op):
            for inner in op.regions:
                yield from _defined_in(doc, inner, top, deep=True)

