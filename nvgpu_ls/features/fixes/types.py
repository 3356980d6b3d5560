"""Fixes that change a type as it is written.

* a memref in the wrong memory space (diagnostics whose ``data`` has ``memorySpace``):
  the value is retyped everywhere its type is spelled -- at its definition (a block
  argument, a result type) and at every use that writes it -- so that no use disagrees
  with the definition afterwards;
* a result type the verifier knows exactly (``data["resultType"]``, e.g. an ldmatrix
  register shape): the same, for the op's result;
* ``ssa.type-mismatch``: the use's spelled type becomes the definition's.

Being exact beats being helpful here: a value whose type is also written where the model
cannot tell whose it is (a branch's operand list, an op read only heuristically, an
alias, a function whose callers would have to change too) gets no fix.
"""

from __future__ import annotations

from typing import Callable

from ...analysis.document import Document
from ...analysis.ir import Block, Operation, ValueDef
from ...analysis.typegrammar import TypeSyntaxError, parse_type
from ...analysis.values import GPUAddressSpaceAttr, MemRefType
from ...diagnostics import Diagnostic
from ...analysis.opview import Operand, OpView
from . import Edit, Fix, Fixer
from .text import split_top_level

_FUNCTIONS = frozenset({"func.func", "gpu.func", "llvm.func"})


def fixers_for(diag: Diagnostic) -> list[Fixer]:
    data = diag.data or {}
    found: list[Fixer] = []
    if "memorySpace" in data:
        found.append(memory_space_fixes)
    if isinstance(data.get("resultType"), str):
        found.append(result_type_fixes)
    if diag.code == "ssa.type-mismatch":
        found.append(type_mismatch_fixes)
    return found


# ---------------------------------------------------------------------- locating
def operand_at(doc: Document, start: int, end: int) -> tuple[OpView, Operand] | None:
    """The operand whose spelled type (or, failing that, whose use) is written at start..end."""
    op = doc.op_at(start)
    while op is not None:
        view = OpView(op, doc)
        for operand in view.all_operands():
            if operand.type_span == (start, end) or operand.span == (start, end):
                return view, operand
        op = op.parent_op()
    return None


def _named_operand(doc: Document, diag: Diagnostic, group) -> tuple[OpView, Operand] | None:
    """The operand of ODS group ``group`` of the op the diagnostic is on."""
    if not isinstance(group, str):
        return None
    op = doc.op_at(diag.start)
    while op is not None and op.facts is None:
        op = op.parent_op()
    if op is None:
        return None
    view = OpView(op, doc)
    operand = view.operand(group)
    return (view, operand) if operand is not None else None


def _spelled_at_use(doc: Document, owner: Operation, use) -> tuple[tuple[int, int] | None, bool]:
    """(where ``owner`` writes the type of operand ``use``, whether that place is exact)."""
    view = OpView(owner, doc)
    operands = view.all_operands()
    mine = next((o for o in operands if o.use is use), None)
    if mine is None:
        return None, False
    span = mine.type_span
    if span is None or mine.implied:
        return None, owner.syntax in ("generic", "format") and not owner.successors
    shared = [o for o in operands if o.type_span == span and o.definition is not use.definition]
    if shared or any((r.start, r.end) == span for r in owner.result_types):
        return None, False  # one spelling serves several values (SameOperandsAndResultType)
    return span, True


def retype_value(doc: Document, value: ValueDef, rewrite: Callable[[str], str | None]) -> list[Edit] | None:
    """Edits rewriting every spelling of ``value``'s type with ``rewrite`` (old text -> new
    text, None when it cannot); None when some spelling cannot be placed or rewritten."""
    text = doc.text
    spans: list[tuple[int, int]] = []
    owner = value.owner
    if value.type is not None:
        spans.append((value.type.start, value.type.end))
    elif not value.is_block_arg and isinstance(owner, Operation) and owner.result_types:
        return None  # written in a result list the model did not pair with this value
    if value.is_block_arg:
        if not isinstance(owner, Block) or value.type is None:
            return None
        region_op = owner.parent.parent
        if region_op.name not in _FUNCTIONS or owner is not owner.parent.blocks[0]:
            return None  # branch operands or the region's op decide this type too
        symbol = next((s for s in region_op.symbols if s.is_definition), None)
        if symbol is None or symbol.references:
            return None  # callers pass this type too
    for use in value.uses:
        span, exact = _spelled_at_use(doc, use.owner, use)
        if not exact:
            return None
        if span is not None:
            spans.append(span)
    edits: list[Edit] = []
    for start, end in sorted(set(spans)):
        new = rewrite(text[start:end])
        if new is None:
            return None
        if new != text[start:end]:
            edits.append((start, end, new))
    return edits


# ---------------------------------------------------------------------- memory spaces
def memref_in_space(written: str, space: int, view: OpView) -> str | None:
    """``written`` (a ``memref<...>`` type) moved into memory space ``space``: the memory
    space replaced, or appended when there is none. None for aliases and unreadable text."""
    written_stripped = written.strip()
    if not written_stripped.startswith("memref<") or not written_stripped.endswith(">"):
        return None
    try:
        parsed = parse_type(written_stripped)
    except TypeSyntaxError:
        return None
    resolved = view.resolve(parsed)
    if not isinstance(resolved, MemRefType):
        return None
    inner = written_stripped[len("memref<"):-1]
    parts = split_top_level(inner)
    old_space = resolved.memory_space
    if old_space is not None:
        if len(parts) < 2:
            return None
        last = parts[-1]
        gpu_style = isinstance(old_space, GPUAddressSpaceAttr) or "#gpu.address_space" in last
        new_space = "#gpu.address_space<workgroup>" if gpu_style and space == 3 else str(space)
        parts[-1] = last[:len(last) - len(last.lstrip())] + new_space
    else:
        parts.append(f" {space}")
    return "memref<" + ",".join(parts) + ">"


def memory_space_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    space = data.get("memorySpace")
    if not isinstance(space, int):
        return []
    found = _named_operand(doc, diag, data.get("operand")) or operand_at(doc, diag.start, diag.end)
    if found is None:
        return []
    view, operand = found
    value = operand.definition
    if value is None:
        return []
    edits = retype_value(doc, value, lambda written: memref_in_space(written, space, view))
    if not edits:
        return []
    name = "shared memory" if space == 3 else f"memory space {space}"
    return [Fix(f"Move {value.name} to {name} (memory space {space})" if space == 3
                else f"Move {value.name} to {name}", tuple(edits), preferred=True)]


# ---------------------------------------------------------------------- result types
def result_type_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    new_type = data["resultType"]
    op = doc.op_at(diag.start)
    while op is not None and not op.results:
        op = op.parent_op()
    if op is None or not op.results:
        return []
    value = op.results[0]
    edits = retype_value(doc, value, lambda written: new_type if not written.startswith("!") else None)
    if not edits:
        return []
    return [Fix(f"Change the type of {value.name} to {new_type}", tuple(edits))]


# ---------------------------------------------------------------------- use-def agreement
def type_mismatch_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    found = operand_at(doc, diag.start, diag.end)
    if found is None:
        return []
    view, operand = found
    definition = operand.definition
    if operand.type_span is None or definition is None:
        return []
    span, exact = _spelled_at_use(doc, view.op, operand.use)
    if not exact or span is None:
        return []
    if definition.type is not None:
        declared = doc.text[definition.type.start:definition.type.end]
    else:
        declared_type = view.type_of_value(definition)
        if declared_type is None:
            return []
        declared = str(declared_type)
    return [Fix(f"Change the type of {operand.use.name} here to {declared}", ((span[0], span[1], declared),),
                preferred=True)]
