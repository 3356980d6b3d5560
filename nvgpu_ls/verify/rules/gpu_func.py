"""Verifier of ``gpu.func``: a kernel returns nothing.

Upstream's ``GPUFuncOp::verify`` rejects a kernel (the ``kernel`` keyword, i.e. the
``gpu.kernel`` unit attribute) whose function type has results, with "expected void return
type for kernel function", at the op. The header is read from the op's own tokens: the
argument list, then ``-> results`` where the function returns something.
"""

from __future__ import annotations

from ...analysis import tokens as tk
from ...analysis.opview import OpView
from ..context import Report, verifies

CODE = "gpu.func.kernel-result"
_OPEN, _CLOSE = "([{<", ")]}>"


@verifies("gpu.func")
def verify_kernel_returns_nothing(view: OpView, report: Report) -> None:
    if view.op.generic:
        return  # the generic form spells the type as an attribute; upstream's own parser checks it
    header = _header_tokens(view)
    if not _is_kernel(view, header) or not _has_results(header):
        return
    report.op_error(view, "expected void return type for kernel function", CODE)


def _header_tokens(view: OpView) -> list[tk.Token]:
    """The op's tokens from its name to its body (or its end)."""
    op = view.op
    end = op.regions[0].start if op.regions else op.end
    return tk.tokenize(view.doc.text, op.start, end)[:-1]


def _is_kernel(view: OpView, header: list[tk.Token]) -> bool:
    body = header[-1].end if header else view.op.end
    return view.has_attr("gpu.kernel") or any(w == "kernel" and s < body for w, s, _ in view.op.keywords)


def _has_results(header: list[tk.Token]) -> bool:
    """True when ``-> T`` or ``-> (T, ...)`` with at least one type follows the argument list."""
    top = _top_level(header)
    for i, token in enumerate(top):
        if token.text == "->":
            following = top[i + 1:i + 2]
            if not following:
                return False
            if following[0].text != "(":
                return True
            closing = header.index(following[0]) + 1
            return closing < len(header) and header[closing].text != ")"
    return False


def _top_level(header: list[tk.Token]) -> list[tk.Token]:
    """The header's tokens outside brackets, plus each outermost opening bracket."""
    depth = 0
    kept: list[tk.Token] = []
    for token in header:
        if depth == 0:
            kept.append(token)
        if token.text in _OPEN and len(token.text) == 1:
            depth += 1
        elif token.text in _CLOSE and len(token.text) == 1:
            depth = max(depth - 1, 0)
    return kept
