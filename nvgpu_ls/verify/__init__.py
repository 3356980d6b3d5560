"""Document → diagnostics: what ``--check`` and the server report.

Four layers, each in its own module, all reporting through ``Diagnostic``:
syntax (the parser's own), use-def (``usedef``), the structural checks every op's
facts imply (``structure``), the per-op verifiers (``rules/``, upstream's rules and
wording), and the SM / PTX-ISA target gate (``gate``). ``CheckOptions`` (``check_options``) carries what
comes from outside the file: the fallback target and the rule severities of the
user's configuration.
"""

from __future__ import annotations

import dataclasses
from typing import Mapping

from ..analysis.document import Document
from ..check_options import SEVERITY_NAMES, CheckOptions
from ..diagnostics import Diagnostic, Severity
from ..globs import glob_match
from . import rules as _rules  # noqa: F401  (registers every verifier)
from .checking import check_op, holds_any, syntax_error_starts, verify_op
from .context import Report
from .gate import GatedOps, target_diagnostics
from .hazards import hazard_diagnostics
from .suggestions import with_suggestions
from .unclosed import explain_unclosed
from .usedef import check_names

__all__ = ["CheckOptions", "SEVERITY_NAMES", "apply_severities", "check_document", "check_op", "finished",
           "holds_any", "syntax_error_starts", "verify_op", "verify_ops"]

def verify_ops(doc: Document) -> list[Diagnostic]:
    """Structural checks and the registered per-op verifiers over every op of ``doc``."""
    report = Report()
    broken = syntax_error_starts(doc)
    for op in doc.ops():
        verify_op(op, doc, broken, report)
    return report.diagnostics


def check_document(doc: Document, options: CheckOptions | None = None) -> list[Diagnostic]:
    """Every diagnostic for ``doc``, sorted by position, with configured severities applied."""
    options = options or CheckOptions()
    # The use-def, verifier and gate layers (usedef.check_use_def, verify_ops, gate.check_targets)
    # in one walk that gives each op one OpView.
    broken = syntax_error_starts(doc)
    use_def = check_names(doc)
    report = Report()
    gated = GatedOps()
    for op in doc.ops():
        gated.add(op, check_op(op, doc, broken, use_def, report))
    diagnostics = list(doc.diagnostics())
    diagnostics += use_def
    diagnostics += report.diagnostics
    diagnostics += hazard_diagnostics(doc, options.target, options.target_origin)
    diagnostics += target_diagnostics(doc, options.target, options.target_origin, gated, doc.ops())
    return finished(doc, diagnostics, options)


def finished(doc: Document, diagnostics: list[Diagnostic], options: CheckOptions) -> list[Diagnostic]:
    """A check's diagnostics as reported: a missing `}` placed and its knock-on errors dropped,
    suggestions added, configured severities applied, sorted."""
    diagnostics = apply_severities(with_suggestions(doc, explain_unclosed(doc, diagnostics)), options.severities)
    return sorted(diagnostics, key=lambda d: (d.start, d.end, d.code))


def apply_severities(diagnostics: list[Diagnostic], severities: Mapping[str, str]) -> list[Diagnostic]:
    """Re-level or drop diagnostics by code; an exact code beats a glob, a longer glob a shorter one."""
    if not severities:
        return diagnostics
    ordered = sorted(severities.items(), key=lambda item: ("*" not in item[0] and "?" not in item[0], len(item[0])),
                     reverse=True)
    result = []
    for diag in diagnostics:
        for pattern, level in ordered:
            if glob_match(pattern, diag.code):
                severity = SEVERITY_NAMES.get(level.lower(), diag.severity)
                if severity is not None:
                    result.append(_with_severity(diag, severity))
                break
        else:
            result.append(diag)
    return result


def _with_severity(diag: Diagnostic, severity: Severity) -> Diagnostic:
    if diag.severity == severity:
        return diag
    return dataclasses.replace(diag, severity=severity)
