"""Beyond upstream: which `{` a missing `}` belongs to, and silence for what that brace breaks.

A missing `}` shows only where the text runs out: the parser closes the regions it is in with the
braces that follow, so the region reported unclosed is the outermost one (often the
``gpu.module``), and every op after the missing brace sits one region too deep, which the
structural checks then report (``op.parent``, ``block.terminator``, dominance) though nothing is
wrong with those ops. Upstream stops at its first parse error and says none of that.

The brace is found the way a reader finds it: by indentation. A region whose closing `}` starts a
line indented less than the line that opened it most likely took an outer region's brace; the
innermost such region is where one is missing, before the first line after its `{` indented no
deeper than the `{`'s line (``data["missingBrace"]``: the quick fix inserts it there). The unclosed-region error then names it as its
first related place, and the knock-on diagnostics from that place on are dropped (the syntax error
stays, so the file is never clean while the brace is missing). Text whose indentation says
nothing keeps the error as the parser gave it.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from ..analysis.document import Document
from ..analysis.ir import Region
from ..diagnostics import Diagnostic, Related

UNCLOSED = "expected '}' to close the region"
KNOCK_ON = frozenset({"op.parent", "block.terminator", "op.terminator-position", "op.region-blocks",
                      "ssa.dominance", "ssa.undefined", "ssa.isolation"})
"""Codes an op one region too deep draws though it is right where the user meant it."""


def explain_unclosed(doc: Document, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` with each unclosed-region error pointing at the `{` that lacks its `}`,
    where indentation tells, and without the knock-on diagnostics after that `{`."""
    if not any(d.code == "syntax.unbalanced" and d.message == UNCLOSED and d.related for d in diagnostics):
        return diagnostics
    regions = [region for op in doc.ops() for region in op.regions]
    result = []
    quiet_from: list[tuple[int, int]] = []
    for diag in diagnostics:
        if diag.code == "syntax.unbalanced" and diag.message == UNCLOSED and diag.related:
            outer = diag.related[0].start
            suspect = _suspect(doc.text, [r for r in regions if r.start > outer])
            if suspect is not None:
                closer_line = doc.lines.line_of(suspect.end - 1) + 1
                at, indent = _missing_brace_place(doc.text, suspect)
                line = doc.lines.line_of(at) + 1
                note = Related(suspect.start, suspect.start + 1,
                               f"this region is probably the one left open: the '}}' on line {closer_line} that "
                               "closes it is indented less than the line that opens it")
                outermost = Related(outer, outer + 1, "the text ends inside this region")
                data = dict(diag.data or {})
                data["missingBrace"] = {"at": at, "text": f"{indent}}}\n", "line": line}
                diag = dataclasses.replace(
                    diag, related=(note, outermost) + diag.related[1:], data=data,
                    explanation=f"a '}}' is probably missing before line {line}, the first line after the '{{' "
                                "indented no deeper than the line that opens it; until it is added, the ops after "
                                "it are read one region too deep, and what that breaks is not reported")
                quiet_from.append((suspect.start, diag.end))
        result.append(diag)
    return [d for d in result if not (d.code in KNOCK_ON and any(a <= d.start <= b for a, b in quiet_from))]


def _suspect(text: str, regions: Iterable[Region]) -> Region | None:
    """The innermost region (the first, where several are) whose own `}` is indented less than
    the line of its `{`."""
    candidates = list(regions)
    mismatched = [r for r in candidates if _closed_too_shallow(text, candidates, r)]
    innermost = [r for r in mismatched if not any(o is not r and r.start < o.start < r.end for o in mismatched)]
    return min(innermost, key=lambda r: r.start) if innermost else None


def _closed_too_shallow(text: str, regions: list[Region], region: Region) -> bool:
    closer = region.end - 1
    if closer <= region.start or text[closer] != "}":
        return False
    if any(o is not region and region.start < o.start and o.end == region.end for o in regions):
        return False  # an inner region took that brace: this one has none of its own
    closer_indent = _indent_if_first(text, closer)
    return closer_indent is not None and closer_indent < len(_line_indent(text, region.start))


def _missing_brace_place(text: str, region: Region) -> tuple[int, str]:
    """Where the region's `}` belongs, and its indentation: the start of the first non-blank line
    after its `{` that is indented no deeper than the line of the `{` (that line's indentation)."""
    indent = _line_indent(text, region.start)
    at = text.find("\n", region.start)
    while at != -1 and at + 1 < len(text):
        line_start = at + 1
        line_end = text.find("\n", line_start)
        content = text[line_start:line_end if line_end != -1 else len(text)]
        if content.strip() and len(_line_indent(content, len(content))) <= len(indent):
            return line_start, indent
        at = line_end
    closer = region.end - 1
    return text.rfind("\n", 0, closer) + 1, indent


def _line_indent(text: str, offset: int) -> str:
    """The spaces and tabs that begin the line ``offset`` is on (up to ``offset``)."""
    line = text[text.rfind("\n", 0, offset) + 1:offset]
    return line[:len(line) - len(line.lstrip(" \t"))]


def _indent_if_first(text: str, offset: int) -> int | None:
    """The indentation of ``offset``'s line when ``offset`` is its first non-blank character."""
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    return len(before) if not before.strip(" \t") else None
