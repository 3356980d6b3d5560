"""The "add expected-* checks" source action: write ``-verify-diagnostics`` annotations.

Like upstream's ``mlir-lsp-server`` (``MLIRTextFile::getCodeActions``), each diagnostic
gets ``// expected-<severity> @below {{message}}`` on a new line above the line it
starts on, indented like the text before it. Severities: error, warning, and
information as ``remark``; hints have no counterpart and are left out.

Notes: upstream's server turns every related place into an ``expected-note``, because
there each one *is* an upstream note. Ours mostly are not -- "%m defined here", "target
sm_80 set here" explain our diagnostics, and ``mlir-opt -verify-diagnostics`` fails on an
expected note it never emits. So only the related places that reproduce upstream's own
notes become ``expected-note`` lines: those of the use-def family (``ssa.*``: "previously
defined here", "operand defined here (...)", "prior use here"), on their own lines.

The message goes in verbatim, first line only (the check matches a substring): the
verifier reads ``{{(.*)}}$`` greedily, so a ``}`` or ``}}`` inside the message needs no
escape (``{{expected '}'}}`` matches "expected '}'" in ``mlir-opt-22``). A diagnostic
that an annotation already checks is not annotated twice.
"""

from __future__ import annotations

import re
from typing import Iterable

from ...diagnostics import Diagnostic, Severity
from . import Edit
from .text import line_start

_SEVERITY = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFORMATION: "remark"}
UPSTREAM_NOTE_FAMILIES = ("ssa.",)
"""Codes whose related places are upstream's own notes (see the module docstring)."""
_ANNOTATION = re.compile(r"//\s*expected-(error|warning|remark|note)(?:-re)?\s*"
                         r"(?:@([+-]\d+|above|below))?\s*\{\{(.*)\}\}\s*$")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def existing_checks(text: str) -> set[tuple[int, str, str]]:
    """(0-based target line, kind, text) of every annotation already in ``text``."""
    lines = _lines(text)
    found = set()
    for number, line in enumerate(lines):
        match = _ANNOTATION.search(line)
        if match is None:
            continue
        where = match.group(2)
        if where is None:
            target = number
        elif where in ("below", "above"):
            step = 1 if where == "below" else -1
            target = number + step
            while 0 <= target < len(lines) and _ANNOTATION.search(lines[target]):
                target += step
        else:
            target = number + int(where)
        found.add((target, match.group(1), match.group(3)))
    return found


def _already_checked(checks: set[tuple[int, str, str]], line: int, kind: str, message: str) -> bool:
    return any(at == line and k == kind and t and t in message for at, k, t in checks)


def _annotation(text: str, offset: int, kind: str, message: str) -> Edit:
    start = line_start(text, offset)
    prefix = text[start:offset]
    indent = len(prefix) - len(prefix.lstrip(" "))
    first_line = message.split("\n", 1)[0].rstrip()
    return (start, start, f"{' ' * indent}// expected-{kind} @below {{{{{first_line}}}}}\n")


def expected_check_edits(text: str, diagnostics: Iterable[Diagnostic]) -> list[Edit]:
    """Insertions annotating every diagnostic (and its related notes) in ``diagnostics``."""
    checks = existing_checks(text)
    edits: list[Edit] = []
    seen: set[tuple[int, str, str]] = set()

    def add(offset: int, kind: str, message: str) -> None:
        line = text.count("\n", 0, offset)
        key = (line, kind, message)
        if key in seen or _already_checked(checks, line, kind, message):
            return
        seen.add(key)
        edits.append(_annotation(text, offset, kind, message))

    for diag in sorted(diagnostics, key=lambda d: (d.start, d.end, d.code)):
        kind = _SEVERITY.get(diag.severity)
        if kind is None:
            continue
        add(diag.start, kind, diag.message)
        if diag.code.startswith(UPSTREAM_NOTE_FAMILIES):
            for related in diag.related:
                add(related.start, "note", related.message)
    return edits
