"""Quick fixes for the hazard checks (``nvgpu.hazard.*``) where the right change is clear.

* ``nvgpu.hazard.tx-bytes`` -- announce the bytes the phase's TMA loads bring: the one
  ``arith.constant`` the announcement reads (used by it alone) gets that value.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic
from . import Fix, Fixer

TX_BYTES = "nvgpu.hazard.tx-bytes"


def fixers_for(code: str) -> list[Fixer]:
    return [announce_loaded_bytes] if code == TX_BYTES else []


def announce_loaded_bytes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    span, loaded = data.get("constant"), data.get("loaded")
    if not (isinstance(span, list) and len(span) == 2 and isinstance(loaded, int)):
        return []
    start, end = span
    if not (0 <= start < end <= len(doc.text)) or not doc.text[start:end].lstrip("-").isdigit():
        return []
    return [Fix(f"Announce {loaded} bytes (what the phase's TMA loads bring)", ((start, end, str(loaded)),),
                preferred=True)]
