"""What every verifier works with: the sink it reports into, and its registration.

Verifiers read an op through ``analysis.opview.OpView``. ``Report`` turns a rule violation into
a ``Diagnostic`` with upstream's message shape (``'nvgpu.x' op ...`` for ``emitOpError``, the
bare text for ``emitError``), a stable code, the span of the op or of the operand/attribute the
rule is about, and related spans that explain it. ``unknowable`` says which values no rule can
judge.

Verifiers register themselves with ``@verifies("nvgpu.op", ...)``; ``verify/__init__``
runs them.
"""

from __future__ import annotations

from typing import Callable, Iterable

from ..analysis.opview import OpView, Span
from ..analysis.values import Attr, AttrAliasRef, DialectAttr, DialectType, OpaqueAttr, Type, TypeAliasRef
from ..diagnostics import Diagnostic, Related, Severity
from ..dialects import dialect_knowledge


def unknowable(t: Type | Attr | None) -> bool:
    """A type or attribute no rule can judge: text kept verbatim, an alias that does not resolve,
    or a value of a dialect upstream does not register (already reported where it is written)."""
    if t is None or isinstance(t, (OpaqueAttr, AttrAliasRef, TypeAliasRef)) or type(t).__name__ == "OpaqueType":
        return True
    if isinstance(t, (DialectType, DialectAttr)):
        known = dialect_knowledge().known
        return known is not None and t.name.partition(".")[0] not in known  # None: any dialect exists
    return False


class Report:
    """Collects the diagnostics of one verification run."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def op_error(self, view: OpView, message: str, code: str, span: Span | None = None,
                 related: Iterable[Related] = (), data: dict | None = None, explanation: str = "") -> None:
        """Like upstream's ``emitOpError``: the message is prefixed with ``'<op>' op ``."""
        self.error(view, f"'{view.name}' op {message}", code, span, related, data, explanation=explanation)

    def error(self, view: OpView, message: str, code: str, span: Span | None = None,
              related: Iterable[Related] = (), data: dict | None = None,
              severity: Severity = Severity.ERROR, explanation: str = "") -> None:
        """Like upstream's ``emitError``: the message as given; ``explanation`` in plain words after it."""
        start, end = span if span is not None else view.span
        self.diagnostics.append(Diagnostic(start, max(end, start), message, code, severity, "nvgpu-ls",
                                           tuple(related), data, explanation))

    def add(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)


Verifier = Callable[[OpView, Report], None]
VERIFIERS: dict[str, list[Verifier]] = {}


def verifies(*op_names: str) -> Callable[[Verifier], Verifier]:
    """Register a verifier for the named ops (several verifiers may share an op)."""
    def register(function: Verifier) -> Verifier:
        for name in op_names:
            VERIFIERS.setdefault(name, []).append(function)
        return function
    return register
