"""``check_document`` for a document that is edited again and again: unchanged parts are not re-verified.

The per-op layers of a check — dominance, type agreement and undefined blocks
(``usedef``), the structural checks and verifiers (``verify_op``), and the gate's
requirement of each op instance (``gated_requirement``) — read an op, the ops it is
nested in, the values it uses and the alias table of its chunk. Inside an op that is
isolated from above (``func.func``, ``gpu.func``, ``llvm.func``: ``Operation.is_function_like``)
every value an op uses is defined inside that op too, unless the document lists the use in
``isolation_breaks`` (an error; such a unit is verified afresh every time). So the outermost
such op that is not a symbol table (not a ``builtin.module`` / ``gpu.module``) is a *unit*:
what the per-op layers say about its ops is fixed by

* the unit's own text,
* the *context*: the whole text with the bodies (regions) of all units cut out — alias
  definitions, module headers and their ``#nvvm.target``\\ s, and every unit's header
  (its signature and attributes), so that an edit of any of these re-verifies everything,
* which unit it is (its ordinal: with the context fixed, that fixes its ancestors and chunk).

``IncrementalCheck`` keeps those per-unit results across checks, keyed by (ordinal, unit
text) under one context (a new context drops them all). A unit's results are reused
where they were computed only if they hold a diagnostic (a message may name a line,
data may hold an offset), and anywhere if they hold none: a unit without diagnostics
carries just its gated ops, stored relative to the unit's start. Units are not kept
when a syntax diagnostic lies inside them (``verify_op`` skips ops that hold one), when
they hold a module (the gate's scope would differ inside), or when a diagnostic or its
related information reaches outside them. Everything document-wide is recomputed on
every check and is cheap: syntax diagnostics, undefined values and redefinitions
(``Document`` keeps those lists), the ops outside units, and the gate's aggregation per
module (target resolution, lowest target, ``target.none``), then the severities and the
final sort. The result is always equal to ``check_document(doc, options)``, item for
item and in order (``tests/test_incremental_check.py`` checks it over random edits).
Reused diagnostics are the very objects of an earlier check, ``data`` dicts included:
like every consumer so far, treat them as read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..diagnostics import Diagnostic
from ..analysis.facts import Requirement
from . import CheckOptions, check_op, finished, holds_any, syntax_error_starts
from .context import Report
from .gate import GatedEntry, GatedOps, scope_of, target_diagnostics
from .hazards import hazard_diagnostics
from .usedef import check_names

_MODULES = frozenset({"builtin.module", "gpu.module"})
"""Ops that resolve a target scope (``gate.scope_of``) and carry target attributes."""

UnitKey = tuple[int, str]


@dataclass
class _UnitResult:
    """The per-op layers' findings for one unit."""

    use_def: list[Diagnostic]
    verified: list[Diagnostic]
    gated: list[GatedEntry]
    """Each gated op: (name start, name end) relative to the unit's start, op name, requirement."""
    requirements: dict[int, Requirement]
    """The distinct requirements of ``gated``, by id."""
    anchor: tuple[int, int] | None
    """(start offset, line) the unit had when its diagnostics were computed; None when it has none."""
    requirement_ids: frozenset[int] = frozenset()
    """The keys of ``requirements``, for an allocation-free subset test."""
    batch: tuple[int, list[GatedEntry]] | None = None
    """``(unit start, gated)`` as last handed to ``GatedOps``: reused while the unit stays put."""


class IncrementalCheck:
    """Diagnostics of one document across its edits; ``check`` always equals ``check_document``."""

    def __init__(self) -> None:
        self._context: str | None = None
        self._units: dict[UnitKey, _UnitResult] = {}
        """Units of the last check."""
        self._older: dict[UnitKey, _UnitResult] = {}
        """Units of the check before it (an undo finds them here)."""
        self.reused = 0
        """How many units the last check took from the cache (for tests and benchmarks)."""
        self.computed = 0
        """How many units the last check verified afresh."""

    def check(self, doc: Document, options: CheckOptions | None = None) -> list[Diagnostic]:
        options = options or CheckOptions()
        items, context = partition(doc)
        if context != self._context:
            self._context = context
            self._units, self._older = {}, {}
        text = doc.text
        broken = syntax_error_starts(doc)
        use_def: list[Diagnostic] = []
        report = Report()
        gated = GatedOps()
        module_ops: list[Operation] = []
        fresh: dict[UnitKey, _UnitResult] = {}
        ordinal = 0
        self.reused = self.computed = 0

        def outer(op: Operation) -> None:
            gated.add(op, check_op(op, doc, broken, use_def, report))
            if op.name in _MODULES:
                module_ops.append(op)

        scopes = _ScopeOf()
        leaky = _leaky_starts(doc)
        for is_unit, op in items:
            if not is_unit:
                outer(op)
                continue
            ordinal += 1
            start = op.start
            if broken and holds_any(broken, start, op.end) or leaky and holds_any(leaky, start, op.end):
                # A syntax error inside, or a value crossing its boundary: verified afresh, never kept.
                for inner in op.walk():
                    outer(inner)
                self.computed += 1
                continue
            key = (ordinal, text[start:op.end])
            result = self._units.get(key) or self._older.get(key)
            if result is not None and result.anchor is not None \
                    and result.anchor != (start, doc.lines.line_of(start)):
                result = None
            if result is None:
                self.computed += 1
                result = _check_unit(op, doc, broken)
                if result is None:  # holds a module: its ops go through the document-wide path
                    for inner in op.walk():
                        outer(inner)
                    continue
                if result.anchor is not None:
                    result.anchor = (start, doc.lines.line_of(start))
                    if not _stays_inside(result, start, op.end):
                        use_def += result.use_def
                        report.diagnostics += result.verified
                        _add_gated(gated, result, op, scopes)
                        continue
            else:
                self.reused += 1
            fresh[key] = result
            use_def += result.use_def
            report.diagnostics += result.verified
            _add_gated(gated, result, op, scopes)

        self._older, self._units = self._units, fresh
        diagnostics = list(doc.diagnostics())
        diagnostics += check_names(doc)
        diagnostics += use_def
        diagnostics += report.diagnostics
        diagnostics += hazard_diagnostics(doc, options.target, options.target_origin)
        diagnostics += target_diagnostics(doc, options.target, options.target_origin, gated, module_ops)
        return finished(doc, diagnostics, options)


def partition(doc: Document) -> tuple[list[tuple[bool, Operation]], str]:
    """Every op outside units and every unit, in document order (units not entered), and the
    context: the text with the units' bodies cut out."""
    text = doc.text
    items: list[tuple[bool, Operation]] = []
    pieces: list[str] = []
    cursor = 0
    for chunk in doc.chunks:
        stack = list(reversed(chunk.ops))
        while stack:
            op = stack.pop()
            if op.regions and op.is_function_like:
                items.append((True, op))
                body_start = max(op.regions[0].start, op.start, cursor)
                body_end = max(min(op.regions[-1].end, op.end), body_start)
                pieces.append(text[cursor:body_start])
                cursor = body_end
                continue
            items.append((False, op))
            nested = [inner for region in op.regions for block in region.blocks for inner in block.ops]
            stack.extend(reversed(nested))
    pieces.append(text[cursor:])
    return items, "\x00".join(pieces)


def _check_unit(unit: Operation, doc: Document, broken: list[int]) -> _UnitResult | None:
    """The per-op layers over ``unit``'s ops; None when it holds a module."""
    ops = list(unit.walk())
    if any(op.name in _MODULES for op in ops):
        return None
    use_def: list[Diagnostic] = []
    report = Report()
    gated: list[GatedEntry] = []
    requirements: dict[int, Requirement] = {}
    base = unit.start
    for op in ops:
        requirement = check_op(op, doc, broken, use_def, report)
        if requirement is not None:
            gated.append((op.name_start - base, op.name_end - base, op.name, requirement))
            requirements.setdefault(id(requirement), requirement)
    anchor = (base, -1) if use_def or report.diagnostics else None
    return _UnitResult(use_def, report.diagnostics, gated, requirements, anchor, frozenset(requirements))


def _add_gated(gated: GatedOps, result: _UnitResult, unit: Operation, scopes: "_ScopeOf") -> None:
    if result.gated:  # scope_of is the same for every op inside: a unit holds no module
        batch = result.batch
        if batch is None or batch[0] != unit.start:
            batch = result.batch = (unit.start, result.gated)
        gated.add_batch(batch, result.requirements, result.requirement_ids, scopes(unit))


class _ScopeOf:
    """``gate.scope_of`` of a unit, asked once per block that holds units (they share it)."""

    def __init__(self) -> None:
        self.block: object = None
        self.scope: tuple[Operation | None, bool] = (None, False)

    def __call__(self, unit: Operation) -> tuple[Operation | None, bool]:
        if unit.parent is None or unit.parent is not self.block:
            self.block, self.scope = unit.parent, scope_of(unit)
        return self.scope


def _stays_inside(result: _UnitResult, start: int, end: int) -> bool:
    """Do all of the unit's diagnostics and their related spans lie inside start..end?"""
    for diagnostic in (*result.use_def, *result.verified):
        if diagnostic.start < start or diagnostic.end > end:
            return False
        for related in diagnostic.related:
            if related.start < start or related.end > end:
                return False
    return True


def _leaky_starts(doc: Document) -> list[int]:
    """Where the uses and definitions of values that cross an isolated op's boundary sit, sorted
    (a unit holding one depends on text outside it)."""
    found: list[int] = []
    for use in doc.isolation_breaks:
        found.append(use.start)
        if use.definition is not None:
            found.append(use.definition.start)
    return sorted(found)
