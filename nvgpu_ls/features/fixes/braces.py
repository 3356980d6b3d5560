"""The missing `}` of an unclosed region, inserted where ``verify.unclosed`` placed it."""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic
from . import Fix


def missing_brace_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    found = (diag.data or {}).get("missingBrace")
    if not isinstance(found, dict):
        return []
    at, text, line = found.get("at"), found.get("text"), found.get("line")
    if not (isinstance(at, int) and isinstance(text, str) and 0 <= at <= len(doc.text)):
        return []
    return [Fix(f"Insert the missing '}}' before line {line}", ((at, at, text),), preferred=True)]
