"""Quick fixes for our own diagnostics: which fixer answers which code, and what a fix is.

A fixer reads one :class:`~nvgpu_ls.diagnostics.Diagnostic` (its code, span and the
``data`` the verifier attached) against the analysed document and proposes
:class:`Fix` es: a title and exact text edits, in document offsets. ``code_actions``
turns them into LSP code actions. A fixer proposes nothing rather than an edit it cannot
place exactly: every fix must clear the diagnostic it is offered for when applied
(``tests/test_code_actions.py`` re-checks each one).

Families (one module each):

* ``targets`` -- the target gate (``*.sm-gate``, ``*.ptx-gate``), ``target.none`` and
  ``target.unknown-chip``: raise, change or set the ``gpu.module``'s target;
* ``attributes`` -- data-driven attribute fixes: a missing required attribute, an enum
  case or value to pick from ``expected``/``valid`` candidates, the ``fix`` /
  ``alternatives`` attribute settings the verifiers attach;
* ``types`` -- retyping a value everywhere its type is spelled (a memref's memory space,
  an ldmatrix result shape) and a use whose spelled type disagrees with its definition;
* ``suggestions`` -- a misspelled op, enum case, mnemonic or attribute name replaced by the
  name ``verify.suggestions`` found ("did you mean");
* ``braces`` -- the missing `}` of an unclosed region, where ``verify.unclosed`` placed it;
* ``payloads`` -- the keys a few older payloads leave implicit, derived from their code;
* ``hazards`` -- the cross-op hazards where the change is clear (the bytes an mbarrier phase
  announces);
* ``expected_checks`` -- not a fix: the ``expected-*`` annotations of the source action.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Callable

from ...analysis.document import Document
from ...diagnostics import Diagnostic

log = logging.getLogger(__name__)

Edit = tuple[int, int, str]
"""Replace ``text[start:end]`` with the string (an insertion when start == end)."""


@dataclass(frozen=True)
class Fix:
    """One proposed change: what the user reads, and the edits that make it."""

    title: str
    edits: tuple[Edit, ...]
    preferred: bool = False
    """The one obvious fix (``isPreferred``): editors apply it from "fix all" / auto-fix."""


Fixer = Callable[[Document, Diagnostic], list[Fix]]


def apply_edits(text: str, edits: tuple[Edit, ...] | list[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` applied (insertions at one offset keep their order)."""
    ordered = sorted(enumerate(edits), key=lambda item: (item[1][0], item[1][1], item[0]))
    out: list[str] = []
    cursor = 0
    for _, (start, end, new) in ordered:
        out.append(text[cursor:start])
        out.append(new)
        cursor = max(cursor, end)
    out.append(text[cursor:])
    return "".join(out)


def fixes_for(doc: Document, diag: Diagnostic) -> list[Fix]:
    """Every fix the registered fixers propose for ``diag`` (none when a fixer fails)."""
    from . import attributes, hazards, targets, types
    from .braces import missing_brace_fixes
    from .payloads import completed_data
    from .suggestions import suggestion_fixes

    diag = dataclasses.replace(diag, data=completed_data(doc, diag))
    found: list[Fix] = []
    for fixer in (suggestion_fixes, missing_brace_fixes, *targets.fixers_for(diag.code), *types.fixers_for(diag),
                  *attributes.fixers_for(diag), *hazards.fixers_for(diag.code)):
        try:
            found.extend(fix for fix in fixer(doc, diag) if fix.edits)
        except Exception:  # noqa: BLE001  (a fixer that trips on odd text offers nothing)
            log.warning("fixer %s failed on %s", getattr(fixer, "__name__", fixer), diag.code, exc_info=True)
    return _unique(found)


def _unique(fixes: list[Fix]) -> list[Fix]:
    seen: set[tuple] = set()
    result = []
    for fix in fixes:
        key = (fix.title, fix.edits)
        if key not in seen:
            seen.add(key)
            result.append(fix)
    return result
