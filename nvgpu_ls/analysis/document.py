"""A ``Document``: one buffer's text, its analysed IR, diagnostics and use-def index.

It is the unit every consumer works on: the CLI, the verifiers, the server features
and the lowering. ``update`` re-analyses only the innermost region-holding op that
an edit falls inside, moves the spans after it, and re-indexes the isolated scope
that holds it; anything it cannot prove safe falls back to a full parse.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Final, Iterator

from ..diagnostics import Diagnostic
from . import tokens as tk
from .ir import (
    AnchoredTypeRef, AttrEntry, Block, BlockRef, Operation, Region, SymbolRef, ValueDef, ValueUse, all_ops, walk_ops,
)
from .parser import AliasDef, Chunk, Parser
from .positions import LineIndex
from .registry import OpRegistry, default_registry

_STRUCTURAL: Final = frozenset({"syntax.unbalanced", "syntax.too-deep"})
_SCANNED_BODY: Final = "syntax.dialect-body"
"""A dialect value's body upstream scans by characters, across any ops and lines: whole-file."""
_MODEL_FIELDS: Final = ("text", "lines", "chunks", "syntax_diagnostics", "_origins", "duplicates",
                        "duplicate_blocks", "undefined", "isolation_breaks", "unresolved_symbols",
                        "duplicate_symbols", "last_update", "syntax_in_parse_order", "deferred")
"""What a full re-parse replaces, all at once under ``mutation_lock``."""


class Document:
    """The analysed state of one buffer."""

    def __init__(self, text: str, uri: str = "", registry: OpRegistry | None = None, *,
                 tokens: list[tk.Token] | None = None, defer_from: int = -1) -> None:
        """Analyse ``text``; ``tokens`` is ``tokens.tokenize(text)`` where the caller has it.

        With ``defer_from`` at 0 or more the document is a first look: the bodies of the
        outermost functions opening at or after that offset are not read (``deferred`` lists
        them), everything else is. Such a document is for checking the text before the first
        deferred body; it is never updated in place."""
        self.uri = uri
        self.registry = registry or default_registry()
        self.text = ""
        self.lines = LineIndex("")
        self.chunks: list[Chunk] = []
        self.syntax_diagnostics: list[Diagnostic] = []
        self._origins: list[tuple[Diagnostic, int]] = []
        self.duplicates: list[tuple[ValueDef, ValueDef]] = []
        self.duplicate_blocks: list[tuple[Block, Block]] = []
        """(first, again) for each block label defined twice in one region."""
        self.isolation_breaks: list[ValueUse] = []
        """Uses whose definition lies outside the innermost op isolated from above around them
        (upstream's parser resolves them; its verifier rejects them)."""
        self.undefined: list[ValueUse] = []
        self.unresolved_symbols: list[SymbolRef] = []
        self.duplicate_symbols: list[tuple[SymbolRef, SymbolRef]] = []
        """(first, again) for each symbol defined twice in one symbol table."""
        self.last_update = "full"
        """How the last analysis ran: ``full`` or ``incremental``."""
        self.syntax_in_parse_order: list[Diagnostic] = []
        """The syntax diagnostics in the order the last full parse found them (an incremental update
        keeps the list as it was): the first is the one upstream's parser, which stops there, reports."""
        self.deferred: list[Region] = []
        """The function bodies a first look stepped over (``defer_from``), in text order."""
        self.mutation_lock = threading.RLock()
        """Held while ``update`` changes the model in place, and by readers on other threads
        (the server answers requests while a newer text is being analysed)."""
        with gc_paused():
            self._parse_all(text, tk.tokenize(text) if tokens is None else tokens, defer_from)

    # ------------------------------------------------------------------ analysis
    def _parse_all(self, text: str, tokens: list[tk.Token], defer_from: int = -1) -> None:
        self.text = text
        self.lines = LineIndex(text)
        parser = Parser(text, tokens, self.registry)
        parser.defer_from = defer_from
        self.chunks = parser.parse_chunks()
        self.deferred = parser.deferred
        self.syntax_in_parse_order = list(parser.diagnostics)
        self._set_diagnostics(list(zip(parser.diagnostics, parser.origins)))
        self._index_all()
        self.last_update = "full"

    def update(self, text: str) -> None:
        """Move to a new version of the text, re-analysing as little as possible."""
        old = self.text
        if text == old:
            return
        prefix = _common_prefix(old, text)
        suffix = _common_suffix(old, text, prefix)
        edit_start, old_end, new_end = prefix, len(old) - suffix, len(text) - suffix
        with gc_paused():
            if not self._try_incremental(text, edit_start, old_end, new_end):
                fresh = Document(text, self.uri, self.registry)
                with self.mutation_lock:
                    for name in _MODEL_FIELDS:
                        setattr(self, name, getattr(fresh, name))

    def _try_incremental(self, text: str, edit_start: int, old_end: int, new_end: int) -> bool:
        if self.deferred:
            return False
        if "-----" in text[max(edit_start - 8, 0):new_end + 8] or "-----" in self.text[max(edit_start - 8, 0):old_end + 8]:
            return False
        # An unclosed region or a stray brace anywhere makes brace structure a whole-file matter:
        # where a region left open ends decides which ops its parent holds (the op's last '}' may
        # close an attribute dictionary, or the parent's region).
        if any(d.code in _STRUCTURAL or d.code == _SCANNED_BODY for d in self.syntax_diagnostics):
            return False
        return any(self._reread(target, text, edit_start, old_end, new_end)
                   for target in self._reparse_targets(edit_start, old_end))

    def _reread(self, target: Operation, text: str, edit_start: int, old_end: int, new_end: int) -> bool:
        """Read ``target`` again in the new text and splice it in, if it reads to the same end."""
        delta = new_end - old_end
        end = target.end + delta
        lead: Operation | None = target
        if target.prefix_reach > edit_start:  # reading the op before it looked at the edited token
            lead = self._clean_sibling_before(target)
        if lead is None or lead.prefix_reach > edit_start:
            return False
        start = lead.start
        # The real token before and the real tokens after the op, so that error placement and
        # every look-ahead decision are the ones a full parse makes: one scan over the op and what
        # follows it, so that a token running past the op's old end (a string left open) is seen
        # whole and refused.
        before = _previous_token(text, start)
        horizon = text.find("\n", min(end + 400, len(text)))
        tokens = before + tk.tokenize(text, start, len(text) if horizon == -1 else horizon)
        first = len(before)
        own = next((i for i in range(first, len(tokens)) if tokens[i].start >= end or tokens[i].kind == tk.EOF),
                   len(tokens))
        if own > first:
            tokens[first] = tokens[first]._replace(newline_before=_line_break_before(text, start))
        chunk = self.chunk_at(target.start)
        parser = Parser(text, tokens, self.registry)
        parser.aliases = chunk.aliases
        parser.pos = first
        parser.depth = _nesting(target)
        parser.furthest = lead.prefix_reach
        if lead is not target:
            # The op before reads as it did (to the same end, without a problem): the edited token
            # did not change what it is, and the target starts where it started.
            again = parser.parse_op_recovering(target.parent)
            if again is None or again.end != lead.end or parser.diagnostics or parser.pos >= own \
                    or tokens[parser.pos].start != target.start:
                return False
            parser.deferred_location_aliases = []  # the op before's, checked when it was first read
        fresh = parser.parse_op_recovering(target.parent)
        reach = parser.furthest
        parser.check_location_aliases(chunk)
        if fresh is None or parser.pos != own or fresh.end != end:
            return False
        if horizon != -1 and reach >= tokens[-1].start:
            return False  # it read up to the end of the tokens scanned, which is not the text's end
        if bool(fresh.regions) != bool(target.regions) or (target.regions and text[end - 1] != "}"):
            return False
        if any(d.code == _SCANNED_BODY or d.code in _STRUCTURAL for d in parser.diagnostics):
            return False
        if len(fresh.results) != len(target.results):
            return False
        for diagnostic, origin in self._origins:
            if not target.start <= origin < target.end and \
                    diagnostic.start <= old_end and diagnostic.end >= edit_start:
                return False  # reported while reading another op, on the edited text: where it goes is unclear
        with self.mutation_lock:
            self._splice(target, fresh, text, (edit_start, old_end, new_end), parser)
            self._set_reach_after(fresh, reach)
        return True

    def _set_reach_after(self, fresh: Operation, reach: int) -> None:
        """The op read after ``fresh`` starts with what reading ``fresh`` looked at (its
        ``prefix_reach``, which says whether an edit in its first token must read ``fresh`` too):
        the next op in its block exactly, else the next op after an ancestor at least."""
        op: Operation | None = fresh
        exact = True
        while op is not None:
            container = self._siblings(op)
            index = container.index(op)
            if index + 1 < len(container):
                following = container[index + 1]
                following.prefix_reach = reach if exact else max(following.prefix_reach, reach)
                return
            exact = False
            op = op.parent_op()

    def _clean_sibling_before(self, op: Operation) -> Operation | None:
        """The op just before ``op`` in its block (or chunk), if reading it reported nothing."""
        container = self._siblings(op)
        index = container.index(op)
        if index == 0:
            return None
        sibling = container[index - 1]
        if any(sibling.start <= origin < sibling.end for _, origin in self._origins):
            return None
        return sibling

    def _splice(self, target: Operation, fresh: Operation, text: str, edit: tuple[int, int, int],
                parser: Parser) -> None:
        """Replace ``target`` by its re-read twin ``fresh``, shift what follows, patch the enclosing spans."""
        edit_start, old_end, new_end = edit
        delta = new_end - old_end
        container = self._siblings(target)
        container[container.index(target)] = fresh
        ancestor = target.parent_op()
        while ancestor is not None:  # their subtrees changed: gather their span nodes again when needed
            ancestor.span_nodes = None
            ancestor = ancestor.parent_op()
        after = target.end
        if delta:  # an edit that keeps the length (a character replaced) moves nothing
            shifter = _SpanShifter(after, delta)
            for chunk in self.chunks:
                if chunk.start >= after:
                    chunk.start += delta
                if chunk.end >= after:
                    chunk.end += delta
                for alias in chunk.aliases.values():
                    shifter.alias(alias)
                for op in chunk.ops:
                    shifter.op(op, skip=fresh)
        # Diagnostics the re-read op did not report stay; those after the edit move with the text
        # (one reported while reading the next op may sit on the last token of this one).
        kept = [(d, o) for d, o in self._origins if not target.start <= o < after]
        kept = [(d.shifted(delta) if d.start > old_end else d, o + delta if o >= after else o) for d, o in kept]
        self._set_diagnostics(kept + list(zip(parser.diagnostics, parser.origins)))
        self.text = text
        self.lines = self.lines.edited(text, edit_start, old_end, new_end)
        if not self._carry_values(target, fresh):
            self._reindex_around(fresh, target)
        if not self._carry_symbols(target, fresh):
            self._index_symbols()
        self.last_update = "incremental"

    def _set_diagnostics(self, with_origins: list) -> None:
        """Syntax diagnostics in text order, each with the start of the op that reported it; two at
        one place in the order of the ops that reported them, which a re-read op keeps."""
        with_origins.sort(key=lambda pair: (pair[0].start, pair[1]))
        self._origins = with_origins
        self.syntax_diagnostics = [d for d, _ in with_origins]

    def _reparse_targets(self, edit_start: int, old_end: int) -> list[Operation]:
        """The ops to try reading again, smallest first: the innermost op without regions that
        strictly encloses the edit (a file of many small ops is then not read whole for each
        keystroke), and the innermost op with regions whose braces strictly enclose it. Each is
        accepted only if re-reading ends it where it ended before (``_reread``)."""
        targets: list[Operation] = []
        best: Operation | None = None
        candidates = [op for chunk in self.chunks for op in chunk.ops]
        while candidates:
            inside = None
            for op in candidates:
                if op.start < edit_start and old_end < op.end:
                    inside = op
                    break
            if inside is None:
                break
            if not inside.regions:
                targets.append(inside)
                break
            if any(r.start < edit_start and old_end < r.end - 1 for r in inside.regions) \
                    and self.text[inside.end - 1] == "}":
                best = inside
            candidates = [o for r in inside.regions for b in r.blocks for o in b.ops]
        return targets + ([best] if best is not None else [])

    def _siblings(self, op: Operation) -> list[Operation]:
        """The ops of ``op``'s block, or of its chunk at the top level, ``op`` among them."""
        return op.parent.ops if op.parent is not None else self._chunk_of(op).ops

    def _chunk_of(self, op: Operation) -> Chunk:
        for chunk in self.chunks:
            if op in chunk.ops:
                return chunk
        raise LookupError(op)

    # ------------------------------------------------------------------ use-def index
    def _index_all(self) -> None:
        self.duplicates = []
        self.duplicate_blocks = []
        self.undefined = []
        self.isolation_breaks = []
        for chunk in self.chunks:
            _Indexer(self).index_chunk(chunk.ops)
        self._index_symbols()

    def _index_symbols(self) -> None:
        """Resolve every ``@symbol`` reference against the nested symbol tables of its chunk."""
        self.unresolved_symbols = []
        self.duplicate_symbols = []
        for chunk in self.chunks:
            references: list[SymbolRef] = []
            for op in all_ops(chunk.ops):
                for sym in op.symbols:
                    sym.target = None
                    if sym.references:
                        sym.references = []
                    if not sym.is_definition:
                        references.append(sym)
            root: dict[str, SymbolRef] = {}
            tables: dict[int, dict[str, SymbolRef]] = {}
            for op in chunk.ops:
                self._collect_symbols(op, root, tables)
            for sym in references:
                self._resolve_symbol(sym, root, tables)

    def _collect_symbols(self, op: Operation, table: dict[str, SymbolRef], tables: dict[int, dict]) -> None:
        name = op.symbol_name
        if name is not None:
            definition = next(s for s in op.symbols if s.is_definition)
            first = table.setdefault(symbol_key(name), definition)
            if first is not definition:
                self.duplicate_symbols.append((first, definition))
        if not op.regions:
            return
        inner = table
        if op.is_symbol_table:
            inner = tables.setdefault(id(op), {})
        for region in op.regions:
            for block in region.blocks:
                for child in block.ops:
                    self._collect_symbols(child, inner, tables)

    def _resolve_symbol(self, sym: SymbolRef, root: dict, tables: dict[int, dict]) -> None:
        """Nearest enclosing symbol table first, then outwards; ``@a::@b`` descends into ``@a``."""
        head, *rest = (symbol_key(part) for part in sym.name.split("::"))
        scope = sym.owner.parent_op()
        found = None
        while found is None:
            if scope is None:
                found = root.get(head)
                break
            if scope.is_symbol_table:
                found = tables.get(id(scope), {}).get(head)
            scope = scope.parent_op()
        for part in rest:
            if found is None:
                break
            found = tables.get(id(found.owner), {}).get(part)
        sym.target = found
        if found is None:
            self.unresolved_symbols.append(sym)
        else:
            found.references.append(sym)

    def _reindex_around(self, op: Operation, replaced: Operation) -> None:
        """Index the chunk around ``op`` (which replaced ``replaced``) again: upstream's names are
        scoped per chunk, so an edit anywhere in it may change what a name means elsewhere in it.

        The entries of ``undefined`` / ``duplicates`` that it finds again go first: those in
        the chunk, and those of the replaced op's subtree (their offsets are the old text's)."""
        chunk = self.chunk_at(op.start)
        lo, hi = chunk.start, chunk.end

        def stale(start: int, owner: Operation | None) -> bool:
            return lo <= start < hi or _inside(owner, replaced)

        self.duplicates = [pair for pair in self.duplicates if not stale(pair[1].start, _defining_op(pair[1]))]
        self.duplicate_blocks = [pair for pair in self.duplicate_blocks
                                 if not stale(pair[1].start, pair[1].parent.parent)]
        self.undefined = [use for use in self.undefined if not stale(use.start, use.owner)]
        self.isolation_breaks = [use for use in self.isolation_breaks if not stale(use.start, use.owner)]
        _Indexer(self).index_chunk(chunk.ops)

    def _carry_values(self, old: Operation, new: Operation) -> bool:
        """Move the use-def links of a replaced op to its re-read twin when the edit changed no name.

        The same definitions, uses, block labels and successors, named alike and in the same order,
        resolve the same way (names are scoped by position, and nothing around the op changed), so
        each new object takes over its old twin's links and the chunk need not be indexed again.
        Returns False when anything about the names differs."""
        old_parts, old_layout = _name_shape(old)
        new_parts, new_layout = _name_shape(new)
        if old_layout != new_layout:
            return False
        twin = {id(o): n for o, n in zip(old_parts, new_parts)}
        for o, n in zip(old_parts, new_parts):
            if isinstance(o, ValueDef):
                n.uses = [twin.get(id(use), use) for use in o.uses]
                for use in n.uses:
                    use.definition = n
            elif isinstance(o, ValueUse):
                if o.definition is not None and id(o.definition) not in twin:
                    n.definition = o.definition
                    o.definition.uses = [n if use is o else use for use in o.definition.uses]
                elif o.definition is None:
                    n.definition = None
            elif isinstance(o, Block):
                n.refs = [twin.get(id(ref), ref) for ref in o.refs]
                for ref in n.refs:
                    ref.block = n
            elif isinstance(o, BlockRef) and o.block is not None and id(o.block) not in twin:
                n.block = o.block
                o.block.refs = [n if ref is o else ref for ref in o.block.refs]
        self.undefined = [twin.get(id(use), use) for use in self.undefined]
        self.isolation_breaks = [twin.get(id(use), use) for use in self.isolation_breaks]
        self.duplicates = [(twin.get(id(a), a), twin.get(id(b), b)) for a, b in self.duplicates]
        self.duplicate_blocks = [(twin.get(id(a), a), twin.get(id(b), b)) for a, b in self.duplicate_blocks]
        return True

    def _carry_symbols(self, old: Operation, new: Operation) -> bool:
        """Move symbol links from a replaced op to its re-read twin when its symbols did not change.

        Same symbols in the same order, in the same symbol tables, resolve the same way, so
        each new SymbolRef takes over its old twin's links. Returns False (resolve everything
        again) when anything about the symbols differs.
        """
        def shape(op: Operation) -> tuple[list[SymbolRef], list[object]]:
            refs: list[SymbolRef] = []
            layout: list[object] = []
            for inner in op.walk():
                if inner.symbols or inner.is_symbol_table:
                    layout.append(inner.name)
                for sym in inner.symbols:
                    refs.append(sym)
                    layout.append((sym.name, sym.is_definition))
            return refs, layout

        old_syms, old_layout = shape(old)
        new_syms, new_layout = shape(new)
        if old_layout != new_layout:
            return False
        twin = {id(o): n for o, n in zip(old_syms, new_syms)}
        for o, n in zip(old_syms, new_syms):
            if o.is_definition:
                n.references = [twin.get(id(r), r) for r in o.references]
                for ref in n.references:
                    ref.target = n
            elif o.target is not None:
                n.target = twin.get(id(o.target), o.target)
                if id(o.target) not in twin:
                    o.target.references = [n if r is o else r for r in o.target.references]
        self.unresolved_symbols = [twin.get(id(s), s) for s in self.unresolved_symbols]
        self.duplicate_symbols = [(twin.get(id(a), a), twin.get(id(b), b)) for a, b in self.duplicate_symbols]
        return True

    def is_isolated(self, op: Operation) -> bool:
        """Does ``op`` hide the values of enclosing regions (IsolatedFromAbove)?"""
        return op.is_isolated

    # ------------------------------------------------------------------ queries
    def ops(self) -> Iterator[Operation]:
        """Every op of the document, in text order."""
        for chunk in self.chunks:
            yield from walk_ops(chunk.ops)

    def chunk_at(self, offset: int) -> Chunk:
        for chunk in self.chunks:
            if chunk.start <= offset <= chunk.end:
                return chunk
        return self.chunks[-1]

    def op_at(self, offset: int) -> Operation | None:
        """The innermost op whose span holds ``offset``."""
        found = None
        ops = self.chunk_at(offset).ops
        while True:
            hit = next((op for op in ops if op.start <= offset < op.end), None)
            if hit is None:
                return found
            found = hit
            ops = [o for r in hit.regions for b in r.blocks for o in b.ops]

    def value_at(self, offset: int) -> ValueDef | ValueUse | None:
        """The SSA definition or use spelled at ``offset``."""
        op = self.op_at(offset)
        candidates: list[Operation] = [op] if op is not None else []
        for o in candidates:
            for value in o.results:
                if value.start <= offset < value.end:
                    return value
            for use in o.operands:
                if use.start <= offset < use.end:
                    return use
            for region in o.regions:
                for block in region.blocks:
                    for arg in block.args:
                        if arg.start <= offset < arg.end:
                            return arg
        # Block arguments of a labelled block live outside any op's own tokens.
        for o in ([op] if op is not None else []):
            parent = o.parent
            if parent is not None:
                for arg in parent.args:
                    if arg.start <= offset < arg.end:
                        return arg
        return None

    def aliases(self, offset: int = 0) -> dict[str, AliasDef]:
        return self.chunk_at(offset).aliases

    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic known for the document (syntax, for now; verifiers add theirs)."""
        return list(self.syntax_diagnostics)

    def position(self, offset: int, encoding: str = "utf-16") -> tuple[int, int]:
        return self.lines.position(offset, encoding)  # type: ignore[arg-type]


class _Indexer:
    """Resolves SSA uses and successors to definitions with upstream's name scoping.

    As upstream's parser does (``OperationParser``): a chunk is one name scope in which every
    region opens a nested scope whose definitions are forgotten when the region ends; an op's
    results are defined once the op, regions included, has been read, so a region may reuse
    the name of the op's own result (``%acc = scf.for ... iter_args(%acc = ...)``). A use of a
    name not defined yet is a forward reference: the first later definition of that name in a
    live scope takes it (dominance is the verifier's business), and a name never defined is
    undeclared. Isolated-from-above ops open no name scope of their own in upstream's parser
    either; that their regions use nothing from outside is checked by the verifier
    (``usedef``). ``%x`` and ``%x#0`` name the same value."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.values: dict[str, ValueDef | list[ValueUse]] = {}
        """Live definitions by ``_value_key``; a list holds the uses of a forward reference."""
        self.frames: list[list[str]] = [[]]
        """The names each open region scope defined, innermost last."""
        self.isolated: Operation | None = None
        """The innermost op isolated from above whose region is being read (None: the chunk)."""

    def index_chunk(self, ops: list[Operation]) -> None:
        for op in ops:
            self.index_op(op)
        for entry in self.values.values():
            if isinstance(entry, list):
                self.doc.undefined.extend(entry)

    def index_op(self, op: Operation) -> None:
        uses = op.operands
        regions = op.regions
        if not regions:
            for use in uses:
                self.resolve(use)
        else:
            pending = 0
            for region in regions:
                while pending < len(uses) and uses[pending].start < region.start:
                    self.resolve(uses[pending])
                    pending += 1
                self.index_region(region)
            for use in uses[pending:]:
                self.resolve(use)
        for value in op.results:
            self.define(value)

    def index_region(self, region: Region) -> None:
        outer = self.isolated
        if self.doc.is_isolated(region.parent):
            self.isolated = region.parent
        self.frames.append([])
        labels: dict[str, Block] = {}
        for block in region.blocks:
            if block.refs:
                block.refs = []
            if block.label:
                if block.label in labels:
                    self.doc.duplicate_blocks.append((labels[block.label], block))
                else:
                    labels[block.label] = block
        for block in region.blocks:
            for arg in block.args:
                self.define(arg)
            for inner in block.ops:
                for ref in inner.successors:
                    ref.block = labels.get(ref.name)
                    if ref.block is not None:
                        ref.block.refs.append(ref)
                self.index_op(inner)
        values = self.values
        for key in self.frames.pop():
            values.pop(key, None)
        self.isolated = outer

    def define(self, value: ValueDef) -> None:
        if value.uses:
            value.uses = []  # every use is found again below
        key = _value_key(value.name)
        existing = self.values.get(key)
        if existing is not None:
            if not isinstance(existing, list):
                if existing is not value:
                    self.doc.duplicates.append((existing, value))
                return
            for use in existing:  # a forward reference: its uses now have their definition
                use.definition = value
                value.uses.append(use)
                if use.scope is not self.isolated:
                    self.doc.isolation_breaks.append(use)
        self.values[key] = value
        self.frames[-1].append(key)
        value.scope = self.isolated

    def resolve(self, use: ValueUse) -> None:
        key = _value_key(use.name)
        entry = self.values.get(key)
        if entry is None or isinstance(entry, list):
            use.definition = None
            use.scope = self.isolated
            if entry is None:
                self.values[key] = [use]
            else:
                entry.append(use)
        else:
            use.definition = entry
            entry.uses.append(use)
            if entry.scope is not self.isolated:
                self.doc.isolation_breaks.append(use)


def _name_shape(root: Operation) -> tuple[list, list]:
    """The objects of ``root``'s subtree the use-def index links (definitions, uses, blocks, successor
    references), in one fixed order, and what they are called there."""
    parts: list = []
    layout: list = []
    for op in root.walk():
        layout.append((op.name, len(op.operands), len(op.results), len(op.regions), len(op.successors)))
        for use in op.operands:
            parts.append(use)
            layout.append(use.name)
        for region in op.regions:
            layout.append(len(region.blocks))
            for block in region.blocks:
                parts.append(block)
                layout.append((block.label, len(block.args), len(block.ops)))
                for arg in block.args:
                    parts.append(arg)
                    layout.append(arg.name)
        for value in op.results:
            parts.append(value)
            layout.append(value.name)
        for ref in op.successors:
            parts.append(ref)
            layout.append(ref.name)
    return parts, layout


def symbol_key(name: str) -> str:
    """A symbol name as the symbol table knows it: ``@"f"`` and ``@f`` are one symbol."""
    return "@" + tk.string_value(name[1:]) if name.startswith('@"') else name


def _value_key(name: str) -> str:
    """One spelling per value: ``%x`` and ``%x#0`` are one value, as are ``%x#1`` and ``%x#01``.
    A string, not a (name, number) pair: its hash is kept with it, and the index looks keys up
    for every definition and use."""
    if "#" not in name:
        return name
    key = _VALUE_KEYS.get(name)
    if key is None:
        if len(_VALUE_KEYS) > 1 << 16:
            _VALUE_KEYS.clear()
        base, _, number = name.partition("#")
        if not number.isdigit():
            key = name
        else:
            index = int(number)
            key = base if index == 0 else f"{base}#{index}"
        _VALUE_KEYS[name] = key
    return key


_VALUE_KEYS: Final[dict[str, str]] = {}


# ---------------------------------------------------------------- span shifting
class _SpanShifter:
    """Moves every span at or after ``after`` by ``delta``, each node once.

    Nodes can be reachable twice (a block argument's TypeRef is also in its op's
    ``types``), so moved nodes are remembered by identity.
    """

    def __init__(self, after: int, delta: int) -> None:
        self.after = after
        self.delta = delta
        self.moved: set[int] = set()

    def node(self, node) -> None:
        if node.start >= self.after and id(node) not in self.moved:
            self.moved.add(id(node))
            node.start += self.delta
            node.end += self.delta

    def alias(self, alias: AliasDef) -> None:
        if alias.start >= self.after:
            d = self.delta
            alias.start += d
            alias.end += d
            alias.name_end += d
            alias.value_start += d
            alias.value_end += d

    def op(self, op: Operation, skip: Operation) -> None:
        """Shift ``op``'s subtree; ``skip`` is the freshly parsed op, already in place."""
        if op.end < self.after or op is skip:
            return
        if op.start >= self.after:
            self.whole(op)
            return
        self.scalars(op)
        for node in _own_span_nodes(op):
            self.node(node)
        for entry in op.attributes.values():
            if id(entry) not in self.moved:
                self.moved.add(id(entry))
                self.attribute(entry)
        for region in op.regions:
            self.region(region)
            for block in region.blocks:
                self.block(block)
                for arg in block.args:
                    self.node(arg)
                    if arg.type is not None:
                        self.node(arg.type)
                for inner in block.ops:
                    self.op(inner, skip)

    def whole(self, op: Operation) -> None:
        """Shift an op that starts after the edit, and its subtree, from its gathered span nodes.

        The same moves as ``op`` (each node once, each only if it lies after the edit), in one
        flat pass; the nodes are gathered on the first move and kept on the op until an edit
        inside it replaces part of its subtree."""
        nodes = op.span_nodes
        if nodes is None:
            nodes = op.span_nodes = _SpanNodes(op)
        after, d = self.after, self.delta
        for node in nodes.plain:
            if node.start >= after:
                node.start += d
                node.end += d
        for entry in nodes.attributes:  # ``attribute``, inlined: an op has many
            if entry.start >= after:
                entry.start += d
                entry.end += d
                entry.value_start += d
                entry.value_end += d
        for region in nodes.regions:
            self.region(region)
        for block in nodes.blocks:
            self.block(block)
        scalars = self.scalars
        for inner in nodes.ops:
            if inner.end >= after:
                scalars(inner)

    def attribute(self, entry: AttrEntry) -> None:
        if entry.start >= self.after:
            d = self.delta
            entry.start += d
            entry.end += d
            entry.value_start += d
            entry.value_end += d

    def region(self, region: Region) -> None:
        if region.end >= self.after:
            if region.start >= self.after:
                region.start += self.delta
            region.end += self.delta

    def block(self, block: Block) -> None:
        after, d = self.after, self.delta
        if block.end >= after:
            block.end += d
        if block.start >= after:
            block.start += d
        if block.label_start >= after:
            block.label_start += d
            block.label_end += d

    def scalars(self, op: Operation) -> None:
        """The op's own offsets that are not nodes: its span and name (its keywords, result groups
        and loc are relative to its start, so they move with it, or are moved by ``move_after``)."""
        after, d = self.after, self.delta
        if op.start >= after:
            op.start += d
        else:
            op.move_after(after, d)
        if op.prefix_reach >= after:
            op.prefix_reach += d
        op.end += d
        if op.name_start >= after:
            op.name_start += d
            op.name_end += d


def _own_span_nodes(op: Operation) -> Iterator:
    """The nodes with a ``start``/``end`` that the op's own syntax spells (not nested ops,
    not block arguments, not attribute entries); a node may come twice."""
    for value in op.results:
        yield value
        if value.type is not None and not isinstance(value.type, AnchoredTypeRef):
            yield value.type
    yield from op.operands
    yield from op.types
    for ref in op.result_types:
        if not isinstance(ref, AnchoredTypeRef):  # it moves with its anchor
            yield ref
    for refs in op.operand_types.values():
        for ref in refs:
            if not isinstance(ref, AnchoredTypeRef):
                yield ref
    yield from op.symbols
    yield from op.successors


class _SpanNodes:
    """Every node with a span in one op's subtree, each once, by kind (see ``_SpanShifter.whole``)."""

    __slots__ = ("plain", "attributes", "regions", "blocks", "ops")

    def __init__(self, root: Operation) -> None:
        seen: set[int] = set()
        self.plain: list = []
        self.attributes: list[AttrEntry] = []
        self.regions: list[Region] = []
        self.blocks: list[Block] = []
        self.ops = list(root.walk())

        def add(node, into: list) -> None:
            if id(node) not in seen:
                seen.add(id(node))
                into.append(node)

        for op in self.ops:
            for node in _own_span_nodes(op):
                add(node, self.plain)
            for entry in op.attributes.values():
                add(entry, self.attributes)
            for region in op.regions:
                self.regions.append(region)
                for block in region.blocks:
                    self.blocks.append(block)
                    for arg in block.args:
                        add(arg, self.plain)
                        if arg.type is not None:
                            add(arg.type, self.plain)


# ---------------------------------------------------------------- helpers
@contextmanager
def gc_paused() -> Iterator[None]:
    """Analysis allocates hundreds of thousands of small objects and frees none of them:
    the cyclic collector would only walk the heap over and over, so it waits until the end.

    A full parse leaves all of them in the youngest generation, where the next collection
    would walk every one (about a fifth of a 5,000-line file's parse time) only to find them
    alive: they live as long as the document. So after a large pause they are moved to the
    oldest generation at once (``freeze`` + ``unfreeze``: no walk), to be looked at by the
    next full collection, like any long-lived data."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_count()[0] > _PROMOTE_AFTER:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


_PROMOTE_AFTER: Final = 50_000
"""Objects made under one ``gc_paused`` beyond which they are promoted (a full parse, not an edit)."""


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    lo = 0
    step = 4096
    while lo + step <= n and a[lo:lo + step] == b[lo:lo + step]:  # whole blocks first: C-speed, little copying
        lo += step
    hi = min(lo + step, n)
    while lo < hi:  # then a binary search on slice equality inside the block
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_suffix(a: str, b: str, prefix: int) -> int:
    n = min(len(a), len(b)) - prefix
    la, lb = len(a), len(b)
    lo = 0
    step = 4096
    while lo + step <= n and a[la - lo - step:la - lo] == b[lb - lo - step:lb - lo]:
        lo += step
    hi = min(lo + step, n)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[la - mid:la - lo] == b[lb - mid:lb - lo]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _inside(op: Operation | None, ancestor: Operation) -> bool:
    """Is ``op`` ``ancestor`` or nested in it?"""
    while op is not None:
        if op is ancestor:
            return True
        op = op.parent_op()
    return False


def _defining_op(value: ValueDef) -> Operation | None:
    """The op a value belongs to: its defining op, or the op whose region holds its block."""
    owner = value.owner
    if isinstance(owner, Block):
        return owner.parent.parent if owner.parent is not None else None
    return owner


def _nesting(op: Operation) -> int:
    """How many regions enclose ``op``."""
    depth = 0
    parent = op.parent_op()
    while parent is not None:
        depth += 1
        parent = parent.parent_op()
    return depth


def _previous_token(text: str, offset: int) -> list[tk.Token]:
    """The last token before ``offset`` (as a one-element list), or none at the start of the text."""
    line_start = offset
    for _ in range(64):  # comment-only lines hold no token: look a few lines further up
        if line_start <= 0:
            return []
        line_start = text.rfind("\n", 0, line_start - 1) + 1
        found = tk.tokenize(text, line_start, offset)[:-1]
        if found:
            return [found[-1]]
    return []


def _line_break_before(text: str, offset: int) -> bool:
    i = offset - 1
    while i >= 0 and text[i] in " \t\r":
        i -= 1
    return i < 0 or text[i] == "\n"

