"""A first look at a large file: the diagnostics of its top, before the whole file is read.

An editor opening a file shows its first screen. ``first_look`` reads the file with the
bodies of the functions (``Operation.is_function_like``) that open after the first
``lines`` lines stepped over (``Document(defer_from=...)``), checks the functions it did
read, and returns their diagnostics; the server publishes them at once and the complete
check follows. What it returns is a part of what the complete check returns, item for
item (``tests/test_first_look.py`` holds it so on every test input), because it keeps
only what a function read in full determines by itself:

* diagnostics that lie inside such a function, from the syntax, use-def and per-op
  layers: they depend on the function's own text and on what lies outside every body —
  aliases, symbols, signatures — which the first look reads as the full one does
  (the parser never looks back, so the text before a stepped-over body reads the same);
* not the target gate's: its per-op diagnostics carry the fix for the whole module
  (``lowestTarget``), which the stepped-over ops change;
* not a function's that uses a name it does not define but the unread text spells
  (upstream resolves a use in one function to a definition in a later one, and then its
  verifier reports the use, not the parser);
* nothing outside functions (module headers, aliases, top-level ops): a module's checks
  and an alias's use read what the stepped-over bodies hold.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from ..analysis import tokens as tk
from ..analysis.document import Document
from ..analysis.ir import Operation
from ..diagnostics import Diagnostic
from . import CheckOptions, check_op, finished, holds_any, syntax_error_starts
from .context import Report
from .incremental import partition
from .usedef import check_names

VISIBLE_LINES = 60
"""How much of a file a first look covers: about what an editor shows of a file it opens (VS Code
at its default font size shows 40–60 lines on a 1080p to 1440p display)."""


MOST_OF_THE_FILE = 0.5
"""A first look that would read more than this share of the text before the first body it steps
over saves little, and the complete read would repeat it: the file is read once, whole."""


@dataclass
class FirstLook:
    """The diagnostics of the functions a first look read, and where the unread part begins."""

    diagnostics: list[Diagnostic]
    doc: Document
    """The partly read document (for positions only: it is never updated or queried)."""
    through: int
    """The offset of the first body not read."""
    checked: list[tuple[int, int]]
    """(start, end) of each function whose diagnostics are given, in text order."""
    tokens: list[tk.Token] | None
    """The whole text's tokens where the first look made them (for the full read to reuse);
    None where it tokenized only around the bodies it stepped over."""


@dataclass
class WholeFile:
    """What a first look found when no body below the screen was left to step over (one function
    spanning the file, or none opening below the screen): it read the whole file, and ``doc`` is
    the same Document a full read makes, to be used instead of reading it again."""

    doc: Document


def worth_a_first_look(text: str, lines: int = VISIBLE_LINES) -> bool:
    """Is ``text`` long enough that a first look saves time (more than twice ``lines``)?"""
    return text.count("\n") > 2 * lines


def first_look(text: str, options: CheckOptions, uri: str = "", lines: int = VISIBLE_LINES
               ) -> FirstLook | WholeFile | None:
    """The diagnostics of the functions that open in the first ``lines`` lines of ``text``;
    ``WholeFile`` when reading them meant reading everything, None when the text is not that long
    or those functions run through most of it (``MOST_OF_THE_FILE``).

    The bodies to step over are first looked for in the raw text (``_skeleton``): their tokens
    are then never made. Where the parser does not step over exactly those (a header this
    search misread), the text is tokenized whole and read again."""
    defer_from = _offset_of_line(text, lines)
    if defer_from < 0:
        return None
    skeleton = _skeleton(text, defer_from)
    if skeleton is not None and skeleton[1][0] > len(text) * MOST_OF_THE_FILE:
        return None  # the functions on the screen run through most of the file: read it all at once
    tokens: list[tk.Token] | None = None
    if skeleton is not None:
        doc = Document(text, uri, tokens=skeleton[0], defer_from=defer_from)
        if not set(skeleton[1]) <= {region.start for region in doc.deferred}:
            skeleton = None
    if skeleton is None:
        tokens = tk.tokenize(text)
        doc = Document(text, uri, tokens=tokens, defer_from=defer_from)
    if not doc.deferred:
        return WholeFile(doc)
    through = doc.deferred[0].start
    units = [op for is_unit, op in partition(doc)[0] if is_unit and op.end <= through]
    if doc.undefined:
        unread = tokens[bisect_left(tokens, through, key=lambda token: token.start):] if tokens is not None \
            else tk.tokenize(text, through)
        units = _without_open_names(units, doc, unread)
    broken = syntax_error_starts(doc)
    use_def: list[Diagnostic] = []
    report = Report()
    for unit in units:
        for op in unit.walk():
            check_op(op, doc, broken, use_def, report)
    found = [*doc.diagnostics(), *check_names(doc), *use_def, *report.diagnostics]
    spans = [(unit.start, unit.end) for unit in units]
    kept = [d for d in found if _inside_any(d, spans)]
    return FirstLook(finished(doc, kept, options), doc, through, spans, tokens)


_FUNCTION_WORD = re.compile(r"\.func\b")
_FUNCTION_DIALECTS = frozenset({"func", "gpu", "llvm"})


def _skeleton(text: str, defer_from: int) -> tuple[list[tk.Token], list[int]] | None:
    """The tokens of ``text`` less the insides of the bodies of the functions whose header
    (``func.func`` / ``gpu.func`` / ``llvm.func`` opening a line) starts at or after
    ``defer_from`` — each body keeps its braces, which the parser steps from one to the other —
    and the offsets of those bodies' '{'; None when there is none. A body is taken to open with
    the first '{' after its header that ends a line; the caller checks that the parser stepped
    over exactly these."""
    pieces: list[tuple[int, int]] = []
    opens: list[int] = []
    cursor = 0
    for match in _FUNCTION_WORD.finditer(text, defer_from):
        at = match.start()
        if at < cursor:
            continue
        if text[text.rfind("\n", 0, at) + 1:at].strip() not in _FUNCTION_DIALECTS:
            continue
        opening = _body_opening(text, match.end())
        if opening < 0:
            continue
        closing = tk.matching_brace(text, opening)
        if closing < 0:
            break
        pieces.append((cursor, opening + 1))
        opens.append(opening)
        cursor = closing
    if not opens:
        return None
    tokens: list[tk.Token] = []
    for start, end in pieces:
        tokens += tk.tokenize(text, start, end)[:-1]  # each piece but the last ends in no end of input
    tokens += tk.tokenize(text, cursor)
    return tokens, opens


def _body_opening(text: str, at: int, lines: int = 64) -> int:
    """The first '{' after ``at`` that ends its line (a trailing comment aside), within ``lines``
    lines; -1 when there is none."""
    for _ in range(lines):
        newline = text.find("\n", at)
        end = len(text) if newline < 0 else newline
        line = text[at:end]
        comment = line.find("//")
        code = (line if comment < 0 else line[:comment]).rstrip()
        if code.endswith("{"):
            return at + len(code) - 1
        if newline < 0:
            return -1
        at = newline + 1
    return -1


def _offset_of_line(text: str, line: int) -> int:
    """Where 0-based ``line`` starts, or -1 when the text has no such line."""
    offset = 0
    for _ in range(line):
        offset = text.find("\n", offset) + 1
        if offset == 0:
            return -1
    return offset


def _without_open_names(units: list[Operation], doc: Document, unread: list[tk.Token]) -> list[Operation]:
    """``units`` less those using an undefined name that the unread text (``unread``: its tokens)
    spells: upstream's parser resolves a name used in one function and defined in a later one
    (its verifier then reports the use), so such a use is only known to be undefined once
    everything is read."""
    spelled = {token.text.partition("#")[0] for token in unread if token.kind == tk.SSA}
    open_uses = sorted(use.start for use in doc.undefined if use.name.partition("#")[0] in spelled)
    return [unit for unit in units if not holds_any(open_uses, unit.start, unit.end)]


def _inside_any(diagnostic: Diagnostic, spans: list[tuple[int, int]]) -> bool:
    """Does the diagnostic, its related places included, lie inside one of ``spans``?"""
    for start, end in spans:
        if start <= diagnostic.start and diagnostic.end <= end:
            return all(start <= r.start and r.end <= end for r in diagnostic.related)
    return False
