"""Document symbols: the outline of a file, nested as its ops are.

Modules (``builtin.module``, named or not; ``gpu.module`` with its target chip as
detail, or the fallback target it is checked against), functions (``func.func``, ``gpu.func``, ``llvm.func``; kernels say so, with
their signature), globals (with their type), any other symbol op, and symbol tables
without a name. Ops that are none of these are transparent: symbols inside them
appear under the nearest shown ancestor. Aliases are constants. A file split by
``// -----`` gets one root per chunk (``<file-split-N>``, as upstream's server does).
Everything the parser recovered appears, errors or not.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from ..analysis.ir import Operation
from ..analysis.parser import AliasDef
from ..analysis.values import StringAttr
from ..target import module_targets
from .context import FeatureContext

_DETAIL_LIMIT = 120
_FUNCTIONS = frozenset({"func.func", "gpu.func", "llvm.func"})
_ATTRIBUTES = re.compile(r"\battributes\s*\{")


def document_symbols(ctx: FeatureContext) -> list[lsp.DocumentSymbol]:
    """The outline of the document, in text order."""
    chunks = ctx.doc.chunks
    if len(chunks) == 1:
        return _chunk_symbols(ctx, 0)
    roots = []
    for index, chunk in enumerate(chunks):
        start = chunks[index - 1].end if index else chunk.start
        roots.append(lsp.DocumentSymbol(
            name=f"<file-split-{index}>", kind=lsp.SymbolKind.Namespace, range=ctx.range(start, chunk.end),
            selection_range=ctx.range(start, start), children=_chunk_symbols(ctx, index)))
    return roots


def _chunk_symbols(ctx: FeatureContext, index: int) -> list[lsp.DocumentSymbol]:
    chunk = ctx.doc.chunks[index]
    found = [(alias.start, _alias_symbol(ctx, alias)) for alias in chunk.aliases.values()]
    found += [(op.start, symbol) for op in chunk.ops for symbol in _op_symbols(ctx, op)]
    return [symbol for _, symbol in sorted(found, key=lambda pair: pair[0])]


def _alias_symbol(ctx: FeatureContext, alias: AliasDef) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(
        name=alias.name, kind=lsp.SymbolKind.Constant, detail=_short(ctx.text[alias.value_start:alias.value_end]),
        range=ctx.range(alias.start, max(alias.end, alias.name_end)),
        selection_range=ctx.range(alias.start, alias.name_end))


def _op_symbols(ctx: FeatureContext, op: Operation) -> list[lsp.DocumentSymbol]:
    """``op``'s own symbol holding its nested ones, or (for an op not shown) the nested ones."""
    children = [symbol for region in op.regions for block in region.blocks for inner in block.ops
                for symbol in _op_symbols(ctx, inner)]
    named = _name_of(op)
    if named is None and not op.is_symbol_table:
        return children
    if named is None:
        name, sel_start, sel_end = f"<{op.name}>", op.name_start, op.name_end
    else:
        name, sel_start, sel_end = named
    kind, detail = _kind_and_detail(ctx, op)
    return [lsp.DocumentSymbol(name=name or f"<{op.name}>", kind=kind, detail=detail,
                               range=ctx.range(op.start, max(op.end, sel_end)),
                               selection_range=ctx.range(sel_start, sel_end), children=children)]


def _name_of(op: Operation) -> tuple[str, int, int] | None:
    """The symbol ``op`` defines, without its ``@`` (and quotes), with its span."""
    for sym in op.symbols:
        if sym.is_definition:
            return _unquoted(sym.name[1:]), sym.start, sym.end
    entry = op.attributes.get("sym_name")  # the generic form spells it as a string attribute
    if op.generic and entry is not None and isinstance(entry.value, StringAttr):
        return entry.value.value, entry.value_start, entry.value_end
    return None


def _unquoted(name: str) -> str:
    return name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name


def _kind_and_detail(ctx: FeatureContext, op: Operation) -> tuple[lsp.SymbolKind, str | None]:
    if op.name in ("builtin.module", "gpu.module"):
        return lsp.SymbolKind.Module, _module_detail(ctx, op)
    if op.name in _FUNCTIONS or op.name.endswith(".func"):
        return lsp.SymbolKind.Function, _signature(ctx, op)
    if op.name.endswith("global"):
        constant = "constant" in op.attributes or any(word == "constant" for word, _, _ in op.keywords)
        kind = lsp.SymbolKind.Constant if constant else lsp.SymbolKind.Variable
        type_text = ctx.text[op.types[0].start:op.types[0].end] if op.types else ""
        return kind, _short(type_text) or op.name
    if _name_of(op) is None:
        return lsp.SymbolKind.Namespace, op.name
    return lsp.SymbolKind.Object, op.name


def _module_detail(ctx: FeatureContext, op: Operation) -> str | None:
    """The chips a module is compiled for (``sm_90a``) as the file names them; for a
    ``gpu.module`` naming none, the fallback target and its origin, or ``no target``."""
    try:
        found = module_targets(ctx.doc, op, None, "")
    except Exception:  # noqa: BLE001  (an outline never fails for an odd target list)
        found = []
    chips = ", ".join(t.target.chip for t in found if t.target is not None)
    if chips or op.name != "gpu.module":
        return chips or None
    target = ctx.options.target
    return f"{target} (from {ctx.options.target_origin})" if target else "no target"


def _signature(ctx: FeatureContext, op: Operation) -> str | None:
    """``kernel (%a: f32)`` / ``private (%a: i32) -> i32``: the header between the name
    and the body (attributes left out), and whether it is a kernel."""
    named = _name_of(op)
    if op.generic or named is None:
        entry = op.attributes.get("function_type")
        return _short(ctx.text[entry.value_start:entry.value_end]) if entry is not None else op.name
    end = op.regions[0].start if op.regions else op.end
    header = ctx.text[named[2]:end]
    cut = _ATTRIBUTES.search(header)
    header = header[:cut.start()] if cut else header
    words = [w for w, s, _ in op.keywords if s < end]
    kernel = "kernel" in words or "gpu.kernel" in op.attributes or "nvvm.kernel" in op.attributes
    if kernel:
        header = re.sub(r"\bkernel\b\s*$", "", header.rstrip())
    prefix = [w for w, s, _ in op.keywords if s < named[1] and w in ("private", "public", "nested")]
    return " ".join(filter(None, ["kernel" if kernel else "", *prefix, _short(header)])) or None


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _DETAIL_LIMIT else flat[:_DETAIL_LIMIT - 1] + "…"
