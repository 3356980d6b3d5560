"""The exception the op reader unwinds with; it never leaves the analysis package."""

from __future__ import annotations


class SyntaxFailure(Exception):
    """Raised inside the reader to unwind to the nearest recovery point."""

    def __init__(self, message: str, start: int, end: int, code: str = "syntax.error") -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = end
        self.code = code


class DialectBodyFailure(SyntaxFailure):
    """A dialect value's ``<...>`` body upstream's lexer cannot scan: final wherever it is met,
    since upstream scans the body before anything reads it."""


class TypeSyntaxError(Exception):
    """A type or attribute text that cannot be what it claims to be."""

    def __init__(self, message: str, offset: int | None = None, after: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        """Where in the text it went wrong; None when the whole text is at fault."""
        self.after = after
        """Shown at the token that follows the text (upstream read the value, then judged it)."""
        self.wrong_token = False
        """A wrong token that opens the text: upstream shows it just past what comes before it."""
        self.end_offset: int | None = None
        """Where the token the error is about ends, when that is known: shown up to there."""
        self.explanation = ""


class ValueRuleError(TypeSyntaxError):
    """A value that reads but breaks a rule upstream's parser applies while reading it (a literal
    out of its type's range, a ``dense`` literal of the wrong shape): reported even where the
    grammar would otherwise keep the text verbatim."""
