"""The one diagnostic type every layer reports through (parser, verifiers, CLI, server)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Severity(enum.IntEnum):
    """Severity levels, numbered as LSP numbers them."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return {1: "error", 2: "warning", 3: "info", 4: "hint"}[int(self)]


def shown_message(message: str, explanation: str) -> str:
    """What editors and reports show of a diagnostic: upstream's ``message`` and, on its own line,
    nvgpu-ls's ``explanation`` when there is one."""
    return f"{message}\n{explanation}" if explanation else message


@dataclass(frozen=True)
class Related:
    """Another place in the buffer that explains a diagnostic."""

    start: int
    end: int
    message: str


@dataclass(frozen=True)
class Diagnostic:
    """A problem at a span of the buffer (offsets are indices into the document text)."""

    start: int
    end: int
    message: str
    code: str
    severity: Severity = Severity.ERROR
    source: str = "nvgpu-ls"
    related: tuple[Related, ...] = ()
    data: dict | None = field(default=None, compare=False, hash=False)
    explanation: str = ""
    """Plain words after ``message``: what is at fault and what would be right. Kept apart so
    that ``message`` stays upstream's words, which conformance tests and ``expected-error``
    annotations match."""

    @property
    def full_message(self) -> str:
        """``message`` and, on its own line, the explanation (what editors and reports show)."""
        return shown_message(self.message, self.explanation)

    def shifted(self, delta: int) -> "Diagnostic":
        """The same diagnostic moved by ``delta`` characters (after an edit before it)."""
        return Diagnostic(
            self.start + delta, self.end + delta, self.message, self.code, self.severity,
            self.source,
            tuple(Related(r.start + delta, r.end + delta, r.message) for r in self.related),
            self.data, self.explanation,
        )
