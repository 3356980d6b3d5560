"""One op's share of a check — its structural checks and registered verifiers (``verify_op``),
with its use-def checks and its target-gate requirement (``check_op``) — compiled with the
analysis core (``nvgpu_ls/_compiled.py``); ``check_document`` and ``IncrementalCheck`` walk the
ops and call it."""

from __future__ import annotations

from bisect import bisect_left

from ..analysis.document import Document
from ..analysis.facts import Requirement
from ..analysis.ir import Operation
from ..analysis.opview import OpView
from ..diagnostics import Diagnostic
from .context import VERIFIERS, Report
from .dialect_attributes import check_dialect_attributes
from .gate import gated_requirement
from .regions import check_regions
from .structure import check_structure
from .usedef import check_op_use_def


def syntax_error_starts(doc: Document) -> list[int]:
    """Where the syntax diagnostics start, sorted: ``verify_op`` skips ops holding one."""
    return sorted(d.start for d in doc.diagnostics())


def verify_op(op: Operation, doc: Document, broken: list[int], report: Report, view: OpView | None = None) -> None:
    """Structural checks, then the op's registered verifiers, into ``report``; ``broken`` is
    ``syntax_error_starts(doc)``, ``view`` the op's OpView when the caller has one."""
    if op.facts is None or (not op.regions and holds_any(broken, op.start, op.end)):
        return  # upstream never verifies what it could not parse
    view = view or OpView(op, doc)
    before = len(report.diagnostics)
    if check_dialect_attributes(view, report) or check_regions(view, report):
        return
    check_structure(view, report)
    if len(report.diagnostics) > before:
        return  # upstream runs the op's verifier only once its ODS constraints hold
    for verifier in VERIFIERS.get(op.name, ()):
        verifier(view, report)
        if len(report.diagnostics) > before:
            break  # like upstream: the first failing rule is the op's error


def holds_any(sorted_offsets: list[int], start: int, end: int) -> bool:
    """Does ``start..end`` hold one of ``sorted_offsets``?"""
    index = bisect_left(sorted_offsets, start)
    return index < len(sorted_offsets) and sorted_offsets[index] < end


def check_op(op: Operation, doc: Document, broken: list[int], use_def: list[Diagnostic],
             report: Report) -> Requirement | None:
    """One op's share of a check: its use-def and verifier diagnostics go to ``use_def`` and
    ``report``; returns its ``gated_requirement`` (None when the target gate does not check it)."""
    view = OpView(op, doc)
    check_op_use_def(op, doc, use_def, view)
    verify_op(op, doc, broken, report, view)
    return gated_requirement(op, doc, view)
