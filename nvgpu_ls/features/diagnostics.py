"""Our diagnostics as LSP's: ranges in the client's encoding, related places, and each code's
documentation page (``code_pages``) as its ``codeDescription``."""

from __future__ import annotations

from typing import Sequence

from lsprotocol import types as lsp

from ..code_pages import code_url, reported_by_upstream
from ..diagnostics import Diagnostic, Severity
from .context import FeatureContext


def shown_in_editor(mode: str, diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics the ``diagnostics`` setting publishes: all, none, or (``beyondUpstream``)
    those an ``mlir-lsp-server`` running beside nvgpu-ls does not report in the same words."""
    if mode == "off":
        return []
    if mode == "beyondUpstream":
        return [d for d in diagnostics if not (d.severity == Severity.ERROR and reported_by_upstream(d.code))]
    return list(diagnostics)


def to_lsp_diagnostic(ctx: FeatureContext, diag: Diagnostic) -> lsp.Diagnostic:
    """``diag`` placed in the client's position encoding, with its related places and the
    quick-fix data the verifiers attached (code actions read it back from the request)."""
    related = [lsp.DiagnosticRelatedInformation(location=ctx.location(r.start, r.end), message=r.message)
               for r in diag.related]
    return lsp.Diagnostic(
        range=ctx.range(diag.start, diag.end),
        message=diag.full_message,
        severity=lsp.DiagnosticSeverity(int(diag.severity)),
        code=diag.code,
        code_description=lsp.CodeDescription(href=code_url(diag.code)),
        source=diag.source,
        related_information=related or None,
        data=diag.data,
    )
