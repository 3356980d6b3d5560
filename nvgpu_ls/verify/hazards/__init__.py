"""Hazards no single op's verifier can see: checks across the ops of a kernel (issue 19).

Each check reads the whole function around the ops it is about, follows values through
``arith`` to constants (``static.py``) and stays silent wherever something it needs is not
known statically: a hazard diagnostic is a promise about what will happen at run time, so
it is given only where the facts are all in the text. Codes are ``nvgpu.hazard.*``; each
module's docstring holds the rule, and the README has a page on each.

* ``transactions.py`` -- ``nvgpu.hazard.tx-bytes``: the bytes an mbarrier phase is told to
  expect against the bytes the TMA loads signalling it bring.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic
from . import transactions
from .transactions import transaction_hazards

RULES: dict[str, str] = {transactions.CODE: transactions.RULE}
"""Each hazard code and the rule behind it, in a paragraph (hover shows it on the diagnostic)."""


def hazard_diagnostics(doc: Document) -> list[Diagnostic]:
    """Every hazard diagnostic of ``doc``."""
    return transaction_hazards(doc)
