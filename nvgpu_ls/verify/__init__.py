"""Document → diagnostics: what ``--check`` and the server report.

Today this is the syntax layer; the per-op verifiers and the target gate plug in here.
"""

from __future__ import annotations

from ..analysis.document import Document
from ..diagnostics import Diagnostic


def check_document(doc: Document) -> list[Diagnostic]:
    """Every diagnostic for ``doc``, sorted by position."""
    return sorted(doc.diagnostics(), key=lambda d: (d.start, d.end, d.code))
