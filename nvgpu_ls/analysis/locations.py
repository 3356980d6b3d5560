"""Source locations as upstream's ``LocationParser`` reads them: ``loc("file.py":12:4)``,
``loc(unknown)``, ``loc(callsite(A at B))``, ``loc(fused<meta>[A, B])``, ``loc("name"(A))``,
``loc(#alias)`` and file ranges (``"f":1:2 to 3:4``).

``read_location`` parses one location (what ``loc(`` encloses) from a position in a text, returns
where it ends and the aliases it names, and raises ``TypeSyntaxError`` with upstream's message at
upstream's place when it is malformed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import TypeSyntaxError
from .tokens import STRING_LITERAL

_TOKEN = re.compile(rf'\s*({STRING_LITERAL}|#[A-Za-z_$.\-][A-Za-z0-9_$.\-]*|[A-Za-z_][A-Za-z0-9_$.]*|0x[0-9A-Fa-f]+'
                    r'|[0-9]+|.)', re.DOTALL)


@dataclass(frozen=True)
class LocationRead:
    """What one location names: the aliases in it, with their offsets, and the offset after it."""

    aliases: tuple[tuple[str, int], ...]
    end: int


class _Reader:
    def __init__(self, text: str, pos: int, context: str) -> None:
        self.text = text
        self.pos = pos
        self.context = context
        self.aliases: list[tuple[str, int]] = []
        self.token = ""
        self.start = pos
        self.last_end = pos
        self.next()

    def next(self) -> None:
        self.last_end = self.start + len(self.token) if self.token else self.pos
        match = _TOKEN.match(self.text, self.pos)
        if match is None or self.pos >= len(self.text) or not match.group(1):
            self.token, self.start, self.pos = "", len(self.text), len(self.text)
            return
        self.token, self.start, self.pos = match.group(1), match.start(1), match.end(1)

    def wrong(self, message: str) -> TypeSyntaxError:
        """A wrong token: reported just past the token before it, as upstream does."""
        return TypeSyntaxError(message, self.last_end)

    def expect(self, token: str, message: str) -> None:
        if self.token != token:
            raise self.wrong(message)
        self.next()

    def location(self) -> None:
        token = self.token
        if token == "unknown":
            self.next()
        elif token == "callsite":
            self.next()
            self.expect("(", "expected '(' in callsite location")
            self.location()
            if self.token != "at":
                raise self.wrong("expected 'at' in callsite location")
            self.next()
            self.location()
            self.expect(")", "expected ')' in callsite location")
        elif token == "fused":
            self.next()
            if self.token == "<":
                self._skip_angle()
            self.expect("[", "expected '[' in fused location")
            while True:
                self.location()
                if self.token != ",":
                    break
                self.next()
            self.expect("]", "expected ']' in fused location")
        elif token.startswith('"'):
            self.next()
            if self.token == ":":
                self._file_range()
            elif self.token == "(":
                self.next()
                self.location()
                self.expect(")", "expected ')' after child location of NameLoc")
        elif token.startswith("#"):
            self.aliases.append((token, self.start))
            self.next()
        else:
            raise TypeSyntaxError("expected location instance", self.start)

    def _file_range(self) -> None:
        self.next()  # ':'
        if not self.token[:1].isdigit():
            raise self.wrong("expected integer line number in FileLineColRange")
        self.next()
        if self.token == ":":
            self.next()
            if not self.token[:1].isdigit():
                raise self.wrong("expected integer column number in FileLineColRange")
            self.next()
        if self.token == "to":
            self.next()
            if self.token[:1].isdigit():
                self.next()
            if self.token == ":":
                self.next()
                if not self.token[:1].isdigit():
                    raise self.wrong("expected integer column number in FileLineColRange")
                self.next()

    def _skip_angle(self) -> None:
        depth = 0
        while self.token:
            if self.token == "<":
                depth += 1
            elif self.token == ">":
                depth -= 1
                if depth == 0:
                    self.next()
                    return
            self.next()
        raise self.wrong("expected '>'")


def read_location(text: str, pos: int, inline: bool) -> LocationRead:
    """The ``loc(...)`` whose ``loc`` keyword starts at ``pos``. ``inline``: an attribute's location
    (an alias definition's value), whose closing bracket upstream reports in other words than an
    op's trailing location."""
    reader = _Reader(text, pos, "inline location" if inline else "location")
    if reader.token != "loc":
        raise TypeSyntaxError("expected location", pos)
    reader.next()
    reader.expect("(", "expected '(' in inline location" if inline else "expected '(' in location")
    reader.location()
    if reader.token != ")":
        raise reader.wrong(f"expected ')' in {reader.context}")
    return LocationRead(tuple(reader.aliases), reader.start + 1)
