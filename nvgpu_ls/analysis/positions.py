"""Conversions between text offsets and (line, column) positions.

The model stores offsets into the Python string of the document (code points).
Editors speak UTF-16 columns (LSP's default), terminals speak 1-based columns; this
module is the one place that converts, so that every feature agrees.
"""

from __future__ import annotations

import bisect
from typing import Literal

from .tokens import line_starts

Encoding = Literal["utf-16", "utf-8", "utf-32"]


class LineIndex:
    """Line starts of one text, with offset ↔ position conversion in any encoding."""

    __slots__ = ("text", "line_starts")

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = line_starts(text)

    def edited(self, text: str, start: int, old_end: int, new_end: int) -> "LineIndex":
        """The index of ``text``, which is this index's text with ``start..old_end`` replaced
        by ``text[start:new_end]``: line starts before the edit are kept, those after it moved."""
        starts = self.line_starts
        first = bisect.bisect_right(starts, start)  # starts[:first] are at or before the edit
        last = bisect.bisect_right(starts, old_end, first)  # starts[last:] follow the replaced text
        middle = []
        pos = text.find("\n", start, new_end)
        while pos != -1:
            middle.append(pos + 1)
            pos = text.find("\n", pos + 1, new_end)
        delta = new_end - old_end
        tail = starts[last:]
        if delta:
            tail = [s + delta for s in tail]
        index = LineIndex.__new__(LineIndex)
        index.text = text
        index.line_starts = starts[:first] + middle + tail
        return index

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_of(self, offset: int) -> int:
        """0-based line holding ``offset`` (clamped into the text)."""
        offset = min(max(offset, 0), len(self.text))
        return bisect.bisect_right(self.line_starts, offset) - 1

    def position(self, offset: int, encoding: Encoding = "utf-16") -> tuple[int, int]:
        """0-based (line, column) of ``offset``, the column counted in ``encoding`` units."""
        offset = min(max(offset, 0), len(self.text))
        line = self.line_of(offset)
        start = self.line_starts[line]
        segment = self.text[start:offset]
        return line, units(segment, encoding)

    def offset(self, line: int, column: int, encoding: Encoding = "utf-16") -> int:
        """Offset of a 0-based (line, column); out-of-range values are clamped as LSP asks."""
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[line]
        end = self.line_starts[line + 1] - 1 if line + 1 < len(self.line_starts) else len(self.text)
        if encoding == "utf-32" or self.text.isascii():
            return min(start + max(column, 0), end)
        units = 0
        pos = start
        while pos < end and units < column:
            units += _char_units(self.text[pos], encoding)
            pos += 1
        return pos

    def line_text(self, line: int) -> str:
        """The text of a 0-based line without its line break."""
        start = self.line_starts[line]
        end = self.line_starts[line + 1] - 1 if line + 1 < len(self.line_starts) else len(self.text)
        return self.text[start:end]


def _char_units(char: str, encoding: Encoding) -> int:
    code = ord(char)
    if encoding == "utf-16":
        return 2 if code > 0xFFFF else 1
    if encoding == "utf-8":
        return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    return 1


def units(segment: str, encoding: Encoding) -> int:
    """How many ``encoding`` code units ``segment`` takes (a column or a length, as LSP counts them)."""
    if encoding == "utf-32" or segment.isascii():
        return len(segment)
    if encoding == "utf-16":
        return len(segment.encode("utf-16-le", "surrogatepass")) // 2
    return len(segment.encode("utf-8", "surrogatepass"))
