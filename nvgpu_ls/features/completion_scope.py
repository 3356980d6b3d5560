"""Completion candidates for names defined in the file: SSA values in scope, block
labels, ``@symbols`` and ``#``/``!`` aliases."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.ir import Block, Operation, Region, ValueDef
from ..analysis.opview import OpView
from .completion_site import Candidate, enclosing

K = lsp.CompletionItemKind

_FUNCTIONS = frozenset({"func.func", "gpu.func", "llvm.func"})
_MODULES = frozenset({"gpu.module", "builtin.module", "gpu.binary"})


def _region_at(op: Operation, offset: int, text: str = "") -> Region | None:
    """The region of ``op`` holding ``offset``; an unclosed region (``{`` up to the end
    of a broken text) holds its end too."""
    for region in op.regions:
        unclosed = bool(text) and not text[region.start:region.end].endswith("}")
        if region.start < offset < region.end or (unclosed and region.start < offset == region.end):
            return region
    return None


def _block_at(region: Region, offset: int) -> Block | None:
    found = None
    for block in region.blocks:
        if block.start <= offset:
            found = block
    return found or (region.blocks[0] if region.blocks else None)


def values_in_scope(doc: Document, offset: int, word_start: int) -> list[ValueDef]:
    """The values whose definitions dominate ``offset``, nearest first: results of earlier
    ops of the block (and of the region's entry block), the blocks' arguments, then the
    same for each enclosing region up to the first IsolatedFromAbove op."""
    found: list[ValueDef] = []
    seen: set[str] = set()

    def add(value: ValueDef) -> None:
        if value.name not in seen:
            seen.add(value.name)
            found.append(value)

    for op in reversed(enclosing(doc, offset)):
        region = _region_at(op, offset, doc.text)
        if region is None:
            continue
        block = _block_at(region, offset)
        blocks = [block] if block is not None else []
        if region.blocks and block is not region.blocks[0]:
            blocks.append(region.blocks[0])  # the entry block dominates every block
        for current in blocks:
            for inner in reversed(current.ops):
                if inner.end <= offset and not inner.start <= word_start <= inner.end:
                    for value in inner.results:
                        add(value)
            for arg in current.args:
                add(arg)
        if doc.is_isolated(op):
            break
    return found


def value_candidates(doc: Document, offset: int, word_start: int) -> list[Candidate]:
    found = []
    for value in values_in_scope(doc, offset, word_start):
        type_text = _type_text(doc, value)
        where = "block argument" if value.is_block_arg else \
            f"result of {value.owner.name}" if isinstance(value.owner, Operation) else ""
        line = doc.position(value.start)[0] + 1
        doc_text = f"`{value.name}{': ' + type_text if type_text else ''}`\n\n{where}, defined on line {line}"
        found.append(Candidate(value.name, K.Variable, type_text, doc_text))
    return found


def _type_text(doc: Document, value: ValueDef) -> str:
    """The value's type as written (aliases kept), else as its op implies it."""
    if value.type is not None:
        return str(value.type.type)
    if isinstance(value.owner, Operation):
        implied = OpView(value.owner, doc).type_of_value(value)
        if implied is None and "value" in value.owner.attributes:  # arith.constant and kin
            implied = getattr(value.owner.attributes["value"].value, "type", None)
        return str(implied) if implied is not None else ""
    return ""


def block_candidates(doc: Document, offset: int) -> list[Candidate]:
    """The labelled blocks of the region holding ``offset``."""
    for op in reversed(enclosing(doc, offset)):
        region = _region_at(op, offset, doc.text)
        if region is None:
            continue
        found = []
        for block in region.blocks:
            if not block.label:
                continue
            args = ", ".join(f"{a.name}: {a.type.type}" if a.type else a.name for a in block.args)
            found.append(Candidate(block.label, K.Reference, f"({args})" if args else "block"))
        return found
    return []


def _table_at(doc: Document, offset: int) -> Operation | None:
    """The innermost symbol table holding ``offset`` (None: the chunk's top level)."""
    return next((op for op in reversed(enclosing(doc, offset))
                 if op.is_symbol_table and _region_at(op, offset, doc.text) is not None), None)


def _reference(op: Operation, table: Operation | None) -> str | None:
    """How code whose nearest symbol table is ``table`` names ``op``: ``@name``, or
    ``@inner::@name`` through named tables in between; None when out of reach."""
    path = [op.symbol_name or ""]
    parent = op.parent_op()
    while parent is not table:
        if parent is None:
            return None  # ``op`` is not nested in ``table``
        if parent.is_symbol_table:
            if not parent.symbol_name:
                return None
            path.append(parent.symbol_name)
        parent = parent.parent_op()
    return "::".join(reversed(path))


def symbol_candidates(doc: Document, offset: int, op_name: str | None) -> list[Candidate]:
    """The symbols that code at ``offset`` can reference: those of its nearest symbol
    table as ``@name``, nested ones as ``@module::@name`` (kernels first for
    ``gpu.launch_func``)."""
    table = _table_at(doc, offset)
    launching = op_name == "gpu.launch_func"
    found: list[Candidate] = []
    for top in doc.chunk_at(offset).ops:
        for op in top.walk():
            if not op.symbol_name or op is table:
                continue
            reference = _reference(op, table)
            if reference is None:
                continue
            kind = K.Function if op.name in _FUNCTIONS else K.Module if op.name in _MODULES else K.Variable
            kernel = op.name == "gpu.func" and any(w == "kernel" for w, _, _ in op.keywords)
            detail = op.name + (" (kernel)" if kernel else "")
            nested = "::" in reference
            group = (0 if kernel else 1 if nested else 2) if launching else int(nested)
            found.append(Candidate(reference, kind, detail, group=group))
    return found


def alias_candidates(doc: Document, offset: int, sigil: str) -> list[Candidate]:
    """The chunk's ``#`` (attribute) or ``!`` (type) aliases with what they stand for."""
    found = []
    for name, alias in doc.aliases(offset).items():
        if not name.startswith(sigil) or alias.start <= offset <= alias.name_end:
            continue
        value = doc.text[alias.value_start:alias.value_end]
        kind = K.TypeParameter if sigil == "!" else K.Constant
        found.append(Candidate(name, kind, value, f"```mlir\n{name} = {value}\n```"))
    return found
