"""Finding the exact places a fix edits: an op's attribute dictionaries, its type colon,
one attribute entry, the words and numbers inside a value as written."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...analysis import tokens as tk
from ...analysis.document import Document
from ...analysis.ir import AttrEntry, Operation
from . import Edit


@dataclass(frozen=True)
class AttrDict:
    """A ``{...}`` attribute dictionary (``props``: a ``<{...}>`` property dictionary)
    written at an op's top level; ``open``/``close`` are the offsets of its braces."""

    open: int
    close: int
    props: bool

    @property
    def start(self) -> int:
        """Where the dictionary starts, ``<`` included."""
        return self.open - 1 if self.props else self.open

    @property
    def end(self) -> int:
        """Just past the dictionary, ``>`` included."""
        return self.close + 2 if self.props else self.close + 1


def _top_level(doc: Document, op: Operation) -> tuple[list[AttrDict], int | None]:
    """The attribute dictionaries written at ``op``'s top level before its type colon,
    and the offset of that colon (None when the op spells no types)."""
    tokens = tk.tokenize(doc.text, op.name_end, op.end)
    stack: list[tuple[str, int, bool]] = []
    dicts: list[AttrDict] = []
    previous: tk.Token | None = None
    for token in tokens:
        kind = token.kind
        if kind == tk.EOF:
            break
        if kind in tk.CLOSERS:
            props = (kind == "{" and len(stack) == 1 and stack[0][0] == "<" and previous is not None
                     and previous.kind == "<" and previous.end == token.start)
            stack.append((kind, token.start, props))
        elif kind in (")", "]", ">", "}"):
            if not stack or tk.CLOSERS[stack[-1][0]] != kind:
                return dicts, None  # unbalanced: nothing here can be placed exactly
            opener, start, props = stack.pop()
            if opener == "{" and (not stack or props):
                dicts.append(AttrDict(start, token.start, props))
        elif kind == ":" and not stack:
            return dicts, token.start
        previous = token
    return dicts, None


def attribute_dicts(doc: Document, op: Operation) -> list[AttrDict]:
    """``op``'s top-level attribute (and property) dictionaries, in text order."""
    return _top_level(doc, op)[0]


def type_colon(doc: Document, op: Operation) -> int | None:
    """The offset of the ``:`` that starts ``op``'s types."""
    return _top_level(doc, op)[1]


def dict_holding(doc: Document, op: Operation, offset: int) -> AttrDict | None:
    for found in attribute_dicts(doc, op):
        if found.open < offset < found.close:
            return found
    return None


def insert_entry(doc: Document, op: Operation, entry: str, prefer_props: bool = True) -> Edit | None:
    """An edit adding ``entry`` (``name = value`` or a bare unit name) to ``op``'s
    property dictionary, else its attribute dictionary, else a new ``{entry}`` before the
    type colon. None when there is no exact place for it."""
    dicts = attribute_dicts(doc, op)
    ordered = sorted(dicts, key=lambda d: not d.props) if prefer_props else dicts
    if ordered:
        return append_to_dict(doc.text, ordered[0], entry)
    colon = type_colon(doc, op)
    if colon is None:
        return None
    before = colon
    while before > op.start and doc.text[before - 1] in " \t":
        before -= 1
    return (before, before, f" {{{entry}}}")


def append_to_dict(text: str, found: AttrDict, entry: str) -> Edit:
    """An edit appending ``entry`` as the last entry of the dictionary ``found``."""
    last = found.close
    while last > found.open + 1 and text[last - 1].isspace():
        last -= 1
    if last == found.open + 1:
        return (found.open + 1, found.close, entry)
    return (last, last, f", {entry}")


def remove_entry(doc: Document, op: Operation, entry: AttrEntry) -> Edit | None:
    """An edit removing one attribute entry with its separator (the whole dictionary when
    it is the only entry); a bare keyword of the custom syntax goes with the space before it."""
    text = doc.text
    holder = dict_holding(doc, op, entry.start)
    if holder is None:
        start = entry.start
        while start > op.start and text[start - 1] in " \t":
            start -= 1
        return (start, entry.end, "")
    others = [e for e in op.attributes.values() if e is not entry and holder.open < e.start < holder.close]
    after = [e for e in others if e.start > entry.start]
    before = [e for e in others if e.start < entry.start]
    if after:
        return (entry.start, min(e.start for e in after), "")
    if before:
        previous_end = max(e.end for e in before)
        comma = text.find(",", previous_end, entry.start)
        return (comma if comma != -1 else previous_end, entry.end, "")
    start = holder.start
    while start > op.start and text[start - 1] in " \t":
        start -= 1
    return (start, holder.end, "")


# ---------------------------------------------------------------------- inside a value
_INT = re.compile(r"-?\d+")


def replace_int(text: str, start: int, end: int, value: int) -> Edit | None:
    """An edit replacing the first integer literal written in ``text[start:end]``."""
    match = _INT.search(text, start, end)
    if match is None:
        return None
    return (match.start(), match.end(), str(value))


def replace_word(text: str, start: int, end: int, word: str, new: str) -> Edit | None:
    """An edit replacing the last whole-word ``word`` written in ``text[start:end]``."""
    found = None
    for match in re.finditer(rf"(?<![A-Za-z0-9_$.]){re.escape(word)}(?![A-Za-z0-9_$])", text[start:end]):
        found = match
    if found is None:
        return None
    return (start + found.start(), start + found.end(), new)


def format_ints(values: list[int], written: str) -> str:
    """A list of integers spelled like ``written`` (``[1, 2]`` or ``array<i64: 1, 2>``)."""
    joined = ", ".join(str(v) for v in values)
    match = re.match(r"array<(\w+)", written.strip())
    if match:
        return f"array<{match.group(1)}: {joined}>"
    return f"[{joined}]"


def split_top_level(text: str, separator: str = ",") -> list[str]:
    """``text`` split at ``separator`` where no bracket or string is open."""
    parts: list[str] = []
    depth = 0
    quoted = False
    current = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[current:i])
            current = i + 1
        i += 1
    parts.append(text[current:])
    return parts


def line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1
