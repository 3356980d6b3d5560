"""The "did you mean" fix: a misspelled name replaced by the one ``verify.suggestions`` found."""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic
from . import Fix


def suggestion_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    found = (diag.data or {}).get("suggestion")
    if not isinstance(found, dict):
        return []
    start, end, text = found.get("start"), found.get("end"), found.get("text")
    if not (isinstance(start, int) and isinstance(end, int) and isinstance(text, str)) or not 0 <= start <= end:
        return []
    if doc.text[start:end] == text:
        return []
    return [Fix(f"Change '{doc.text[start:end]}' to '{text}'", ((start, end, text),), preferred=True)]
