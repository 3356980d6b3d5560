"""Semantic tokens: what each word of an MLIR file is, for editors to colour.

One regular-expression pass over the text finds every word-like token (comments and
punctuation are skipped in C); the recovered IR then says what the ambiguous ones are
(op names, SSA definitions, block arguments, ``@symbol`` kinds, attribute names, enum
values) and the rest is classified by spelling and by the token that follows. So a
broken file still gets tokens everywhere: what the parser recovered is exact, what it
could not read is coloured by the lexical rules.

Legend (standard LSP 3.17 types, so that every theme colours them):

================  ===========================================================
``function``      op names (generic ``"x.y"`` too); ``@symbols`` of functions
``variable``      SSA values (``declaration`` on the result that defines one);
                  ``@symbols`` of globals
``parameter``     block arguments (function arguments, loop variables) and
                  their uses; ``d0``/``s0`` of affine maps
``namespace``     ``@symbols`` of modules (and ``@a`` in ``@a::@b``), block
                  labels ``^bb0`` (LSP has no ``label`` type; a block is a
                  named scope)
``type``          builtin types (``f16``, ``memref``) and ``!dialect.types``
``property``      attribute names, parameter names inside ``<...>``
``enumMember``    enum cases (``x`` of ``gpu.thread_id``, ``swizzle_128B``)
``keyword``       words of an op's custom syntax (``to``, ``step``, ``box``),
                  ``true``/``false``, ``dense``, ``loc``
``macro``         ``#alias`` / ``!alias`` (definition and uses)
``decorator``     ``#dialect.attributes`` (MLIR attributes annotate IR)
``number``        integers, floats, the extents in ``128x64xf16``
``string``        string literals
================  ===========================================================

Modifiers: ``declaration`` on every defining occurrence (result, block argument,
block label, ``@symbol`` definition, alias definition); ``definition`` in addition on
``@symbol`` and alias definitions; ``defaultLibrary`` on ops the facts table knows,
builtin types and types/attributes of dialects it knows; ``nvgpu`` (custom) on
everything of the ``nvgpu`` dialect.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import Sequence

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.ir import Operation, SymbolRef
from ..analysis.positions import units
from ..analysis.typegrammar import is_scalar_type_name
from ..analysis.values import KeywordAttr
from .context import FeatureContext

TOKEN_TYPES = [
    "function", "variable", "parameter", "namespace", "type", "property", "enumMember", "keyword",
    "macro", "decorator", "number", "string",
]
TOKEN_MODIFIERS = ["declaration", "definition", "defaultLibrary", "nvgpu"]
LEGEND = lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)

(FUNCTION, VARIABLE, PARAMETER, NAMESPACE, TYPE, PROPERTY, ENUM_MEMBER, KEYWORD,
 MACRO, DECORATOR, NUMBER, STRING) = range(len(TOKEN_TYPES))
DECLARATION, DEFINITION, DEFAULT_LIBRARY, NVGPU = (1 << i for i in range(len(TOKEN_MODIFIERS)))

_CONTAINER_TYPES = frozenset({"memref", "vector", "tensor", "tuple", "complex", "none", "index"})
_AFFINE_OPENERS = frozenset({"affine_map", "affine_set"})
_AFFINE_KEYWORDS = frozenset({"mod", "floordiv", "ceildiv", "symbol"})
_AFFINE_VAR = re.compile(r"[ds][0-9]+")
_DIMS = re.compile(r"x((?:[0-9]+x)*)([A-Za-z_][A-Za-z0-9_$.]*)?")
_ID = r"[A-Za-z0-9_$.\-]"

# One alternative per token kind that can carry a semantic token; the leading lookahead
# lets the regex engine skip whitespace and punctuation without trying each alternative.
# A word's lookahead group (inside its named group, so that ``lastgroup`` stays the
# word's) is the next significant character on its line: ``=`` makes a name.
_SCAN = re.compile(
    r"(?=[/%A-Za-z_0-9^@#!\"])(?:"
    r"(?P<comment>//[^\n]*)"
    rf"|(?P<ssa>%{_ID}+(?:#[0-9]+)?(?=[ \t]*(\S?)))"
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_$.]*(?=[ \t]*(\S?)))"
    r"|(?P<num>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|0x[0-9A-Fa-f]+|[0-9]+)"
    rf"|(?P<caret>\^{_ID}+)"
    r'|(?P<at>@(?:"(?:[^"\\\n]|\\[^\n])*"?|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*))'
    rf"|(?P<hash>#[A-Za-z_$.\-]{_ID}*)"
    rf"|(?P<bang>![A-Za-z_$.\-]{_ID}*)"
    r'|(?P<string>"(?:[^"\\\n]|\\[^\n])*"?(?=[ \t]*(\S?)))'
    r")"
)
_SSA_NEXT = _SCAN.groupindex["ssa"] + 1
_BARE_NEXT = _SCAN.groupindex["bare"] + 1
_STRING_NEXT = _SCAN.groupindex["string"] + 1

Anchor = tuple[int, int]
"""``(token type, modifier bits)`` the IR assigns to the token starting at an offset."""

# Shared anchors: a 20,000-line file has tens of thousands of them.
_ALIAS_DEFINITION: Anchor = (MACRO, DECLARATION | DEFINITION)
_LABEL_DEFINITION: Anchor = (NAMESPACE, DECLARATION)
_LABEL_USE: Anchor = (NAMESPACE, 0)
_ARGUMENT: Anchor = (PARAMETER, DECLARATION)
_ARGUMENT_USE: Anchor = (PARAMETER, 0)
_RESULT: Anchor = (VARIABLE, DECLARATION)
_ATTRIBUTE_NAME: Anchor = (PROPERTY, 0)
_ENUM_CASE: Anchor = (ENUM_MEMBER, 0)
_OP_NAMES: dict[int, Anchor] = {bits: (FUNCTION, bits) for bits in (0, DEFAULT_LIBRARY, NVGPU, DEFAULT_LIBRARY | NVGPU)}


# ---------------------------------------------------------------- requests
def semantic_tokens(ctx: FeatureContext) -> lsp.SemanticTokens:
    """Tokens for the whole document."""
    return lsp.SemanticTokens(data=encode_tokens(ctx, 0, len(ctx.text)))


def semantic_tokens_range(ctx: FeatureContext, range_: lsp.Range) -> lsp.SemanticTokens:
    """Tokens of the lines ``range_`` touches (whole lines, so that no token is cut); a
    range that ends at the start of a line does not touch that line."""
    start, end = ctx.span_of(range_)
    text = ctx.text
    if end > start and text[end - 1] == "\n":
        end -= 1
    start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    end = len(text) if line_end == -1 else line_end
    return lsp.SemanticTokens(data=encode_tokens(ctx, start, end))


def encode_tokens(ctx: FeatureContext, start: int, end: int) -> list[int]:
    """The LSP relative encoding of every token that starts in ``[start, end)``."""
    doc = ctx.doc
    anchors = collect_anchors(doc, start, end)
    return _Encoder(ctx, start).run(anchors, _alias_names(doc), end)


# ---------------------------------------------------------------- what the IR knows
def collect_anchors(doc: Document, start: int = 0, end: int | None = None) -> dict[int, Anchor]:
    """The classification of tokens the IR is sure about, by start offset, for ops that
    overlap ``[start, end)``."""
    end = len(doc.text) if end is None else end
    anchors: dict[int, Anchor] = {}
    text = doc.text
    for chunk in doc.chunks:
        if chunk.end < start or chunk.start > end:
            continue
        for alias in chunk.aliases.values():
            if start <= alias.start < end:
                anchors[alias.start] = _ALIAS_DEFINITION
        _anchor_ops(chunk.ops, anchors, text, start, end)
    return anchors


def _anchor_ops(ops: list[Operation], anchors: dict[int, Anchor], text: str, lo: int, hi: int) -> None:
    stack = list(reversed(ops))
    pop, push = stack.pop, stack.extend
    for_op = _anchor_op
    while stack:
        op = pop()
        if op.end < lo or op.start > hi:
            continue
        for_op(op, anchors, text)
        for region in reversed(op.regions):
            if region.end < lo or region.start > hi:
                continue
            for block in reversed(region.blocks):
                if block.label:
                    anchors[block.label_start] = _LABEL_DEFINITION
                for arg in block.args:
                    anchors[arg.start] = _ARGUMENT
                    for use in arg.uses:
                        anchors[use.start] = _ARGUMENT_USE
                push(reversed(block.ops))


def _anchor_op(op: Operation, anchors: dict[int, Anchor], text: str) -> None:
    facts = op.facts
    mods = 0 if facts is None else DEFAULT_LIBRARY
    if op.name.startswith("nvgpu."):
        mods |= NVGPU
    for entry in op.attributes.values():
        if not entry.inherent:
            anchors[entry.start] = _ATTRIBUTE_NAME
        elif entry.value_end > entry.value_start and isinstance(entry.value, KeywordAttr):
            anchors[entry.value_start] = _ENUM_CASE
    if op.name_end > op.name_start:
        anchors[op.name_start] = _OP_NAMES[mods]
    for value in op.results:
        anchors[value.start] = _RESULT
    for ref in op.successors:
        anchors[ref.start] = _LABEL_USE
    for sym in op.symbols:
        _anchor_symbol(sym, anchors, text)


def _anchor_symbol(sym: SymbolRef, anchors: dict[int, Anchor], text: str) -> None:
    """``@a::@b``: every part but the last names a symbol table; the last is what the
    definition (or the resolved target) is."""
    if sym.is_definition:
        kind, mods = _symbol_kind(sym.owner), DECLARATION | DEFINITION
    else:
        target = sym.target
        kind = _symbol_kind(target.owner) if target is not None else _unresolved_kind(sym.owner)
        mods = 0
    spelled = text[sym.start:sym.end]
    if "::" not in spelled:
        anchors[sym.start] = (kind, mods)
        return
    offset = sym.start
    parts = spelled.split("::")
    for i, part in enumerate(parts):
        anchors[offset] = (kind, mods) if i == len(parts) - 1 else (NAMESPACE, 0)
        offset += len(part) + 2


def _symbol_kind(op: Operation) -> int:
    name = op.name
    if name in ("builtin.module", "gpu.module", "gpu.binary") or (
            op.facts is not None and "SymbolTable" in op.facts.traits):
        return NAMESPACE
    if name.endswith("func"):
        return FUNCTION
    return VARIABLE


def _unresolved_kind(user: Operation) -> int:
    name = user.name
    return VARIABLE if "global" in name or "addressof" in name else FUNCTION


def _alias_names(doc: Document) -> list[tuple[int, int, frozenset[str]]]:
    return [(c.start, c.end, frozenset(c.aliases)) for c in doc.chunks]


# ---------------------------------------------------------------- the scan
@lru_cache(maxsize=1)
def _known_dialects() -> frozenset[str]:
    """Dialects the facts table describes: their types and attributes get ``defaultLibrary``."""
    from ..dialects import ALL_OPS, NVGPU_TYPES

    names = {name.split(".", 1)[0] for name in ALL_OPS} | {name.split(".", 1)[0] for name in NVGPU_TYPES}
    return frozenset(names | {"builtin"})


class _Encoder:
    """Scans text and appends the relative encoding of each token."""

    def __init__(self, ctx: FeatureContext, start: int) -> None:
        self.dialects = _known_dialects()
        self.ctx = ctx
        self.text = ctx.text
        self.start = start
        self.encoding = ctx.encoding
        self.ascii = self.text.isascii() or self.encoding == "utf-32"
        self.registry = ctx.doc.registry

    def run(self, anchors: dict[int, Anchor], chunks: list[tuple[int, int, frozenset[str]]],
            end: int) -> list[int]:
        text = self.text
        data: list[int] = []
        emit = data.extend
        line_starts = self.ctx.doc.lines.line_starts
        after_last = len(text) + 1
        line = bisect_right(line_starts, self.start) - 1
        line_start = line_starts[line]
        next_line = line_starts[line + 1] if line + 1 < len(line_starts) else after_last
        ascii_text = self.ascii
        line_ascii = ascii_text or self._line_is_ascii(line_start)
        prev_line = prev_col = 0
        chunk_index = 0
        aliases = chunks[0][2] if chunks else frozenset()
        anchor = anchors.get
        classify = self.classify_word
        dialects = self.dialects
        for m in _SCAN.finditer(text, self.start, end):
            kind = m.lastgroup
            if kind == "comment":
                continue
            s = m.start()
            e = m.end()
            if s >= next_line:
                line = bisect_right(line_starts, s) - 1
                line_start = line_starts[line]
                next_line = line_starts[line + 1] if line + 1 < len(line_starts) else after_last
                if not ascii_text:
                    line_ascii = self._line_is_ascii(line_start)
            found = anchor(s)
            pieces: Sequence[tuple[int, int, int, int]] | None = None
            if found is not None:
                ttype, mods = found
            elif kind == "bare":
                ttype, mods, pieces = classify(m.group(kind), s, m.group(_BARE_NEXT), line_start)
                if pieces is not None and not pieces:
                    continue
            elif kind == "ssa":
                ttype, mods = VARIABLE, DECLARATION if m.group(_SSA_NEXT) == "=" else 0
            elif kind == "num":
                ttype, mods = NUMBER, 0
            elif kind == "hash" or kind == "bang":
                word = m.group(kind)
                while chunk_index + 1 < len(chunks) and s > chunks[chunk_index][1]:
                    chunk_index += 1
                    aliases = chunks[chunk_index][2]
                if word in aliases:
                    ttype, mods = MACRO, 0
                else:
                    ttype = TYPE if kind == "bang" else DECORATOR
                    dialect = word[1:].split(".", 1)[0]
                    mods = DEFAULT_LIBRARY if dialect in dialects else 0
                    if dialect == "nvgpu":
                        mods |= NVGPU
            elif kind == "string":
                ttype, mods = (PROPERTY if m.group(_STRING_NEXT) == "=" else STRING), 0
            elif kind == "caret":
                ttype, mods = NAMESPACE, DECLARATION if text[e:e + 1] in (":", "(") else 0
            else:  # at
                ttype, mods = FUNCTION, 0
            if pieces is None:
                pieces = ((s, e, ttype, mods),)
            for ps, pe, ttype, mods in pieces:
                if line_ascii:
                    col = ps - line_start
                    length = pe - ps
                else:
                    col = units(text[line_start:ps], self.encoding)
                    length = units(text[ps:pe], self.encoding)
                if line == prev_line:
                    emit((0, col - prev_col, length, ttype, mods))
                else:
                    emit((line - prev_line, col, length, ttype, mods))
                    prev_line = line
                prev_col = col
        return data

    def _line_is_ascii(self, line_start: int) -> bool:
        nl = self.text.find("\n", line_start)
        return self.text[line_start:len(self.text) if nl == -1 else nl].isascii()

    def classify_word(self, word: str, start: int, following: str, line_start: int
                      ) -> tuple[int, int, list[tuple[int, int, int, int]] | None]:
        """A bare word the IR said nothing about: ``(type, modifiers, pieces)``. ``pieces``
        replaces the word by several tokens (``x64xf16`` after an extent: numbers and a
        type) or, empty, by none."""
        text = self.text
        if word[0] == "x" and start > 0 and text[start - 1] in "0123456789?]*":
            return 0, 0, _dims_pieces(word, start)
        if following == "=":
            return PROPERTY, 0, None
        if _is_type_word(word) and not (word == "none" and text[line_start:start].rstrip().endswith("=")):
            return TYPE, DEFAULT_LIBRARY, None
        opener = _open_angle(text, line_start, start)
        if opener is not None:
            if opener in _AFFINE_OPENERS:
                if _AFFINE_VAR.fullmatch(word):
                    return PARAMETER, 0, None
                return (KEYWORD, 0, None) if word in _AFFINE_KEYWORDS else (0, 0, [])
            if following == ":":
                return PROPERTY, 0, None
            return ENUM_MEMBER, 0, None
        if "." in word:
            if self.registry.facts(word) is not None:
                return FUNCTION, DEFAULT_LIBRARY | (NVGPU if word.startswith("nvgpu.") else 0), None
            if following in (",", "}"):
                return PROPERTY, 0, None
            before = text[line_start:start].rstrip()
            if not before or before.endswith("="):
                return FUNCTION, 0, None
            return 0, 0, []
        return KEYWORD, 0, None


_TYPE_WORDS: dict[str, bool] = {}


def _is_type_word(word: str) -> bool:
    """A builtin type keyword (``f16``, ``index``, ``memref``), remembered per spelling."""
    known = _TYPE_WORDS.get(word)
    if known is None:
        known = _TYPE_WORDS[word] = word in _CONTAINER_TYPES or is_scalar_type_name(word)
    return known


def _open_angle(text: str, line_start: int, offset: int) -> str | None:
    """The word before the innermost ``<`` still open at ``offset`` on its line (``""``
    when none precedes it), or None outside angle brackets. ``->`` is no bracket."""
    segment = text[line_start:offset]
    if "<" not in segment:
        return None
    depth = 0
    for i in range(len(segment) - 1, -1, -1):
        char = segment[i]
        if char == ">" and (i == 0 or segment[i - 1] != "-"):
            depth += 1
        elif char == "<":
            if depth == 0:
                j = i
                while j > 0 and (segment[j - 1].isalnum() or segment[j - 1] in "_$.!#"):
                    j -= 1
                return segment[j:i].lstrip("!#")
            depth -= 1
    return None


def _dims_pieces(word: str, start: int) -> list[tuple[int, int, int, int]]:
    """``x128x64xf16`` (after a leading extent): the extents as numbers, the element as a type."""
    m = _DIMS.fullmatch(word)
    if m is None:
        return []
    pieces: list[tuple[int, int, int, int]] = []
    offset = start + 1
    for extent in m.group(1).split("x")[:-1]:
        pieces.append((offset, offset + len(extent), NUMBER, 0))
        offset += len(extent) + 1
    element = m.group(2)
    if element and _is_type_word(element):
        pieces.append((offset, offset + len(element), TYPE, DEFAULT_LIBRARY))
    return pieces


# ---------------------------------------------------------------- reading tokens back
def decode(data: Sequence[int], legend: lsp.SemanticTokensLegend = LEGEND
           ) -> list[tuple[int, int, int, str, frozenset[str]]]:
    """``(line, column, length, type, modifiers)`` of each encoded token (for tests and debugging)."""
    out = []
    line = col = 0
    for i in range(0, len(data), 5):
        dl, dc, length, ttype, bits = data[i:i + 5]
        line += dl
        col = dc if dl else col + dc
        mods = frozenset(m for j, m in enumerate(legend.token_modifiers) if bits >> j & 1)
        out.append((line, col, length, legend.token_types[ttype], mods))
    return out
