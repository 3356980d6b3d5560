"""Helpers the per-family verifier tests share: run the verifiers over a snippet."""

from __future__ import annotations

import bisect
import shutil
import subprocess

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.verify import verify_ops


def verified(text: str) -> tuple[Document, list[Diagnostic]]:
    """The document of ``text`` (which must parse cleanly) and its verifier diagnostics."""
    doc = Document(text)
    assert not doc.diagnostics(), doc.diagnostics()
    return doc, verify_ops(doc)


def family_diagnostics(text: str, prefix: str) -> tuple[Document, list[Diagnostic]]:
    """Like ``verified``, keeping the diagnostics whose code starts with ``prefix``."""
    doc, found = verified(text)
    return doc, [d for d in found if d.code.startswith(prefix)]


def function_text(body: str, args: str, wrapper: str = "func") -> str:
    """``body`` on line 1 of a function (``func.func`` or, with ``wrapper="llvm"``,
    ``llvm.func``) taking ``args``."""
    end = "llvm.return" if wrapper == "llvm" else "return"
    return f"{wrapper}.func @f({args}) {{\n  {body}\n  {end}\n}}\n"


def verify_body(body: str, args: str, wrapper: str = "func") -> list[tuple[int, str, str]]:
    """(0-based line, code, message) of every verifier diagnostic of ``function_text``."""
    doc, found = verified(function_text(body, args, wrapper))
    return [(doc.position(d.start)[0], d.code, d.message) for d in found]


def assert_single_diagnostic(text: str, prefix: str, code: str, message: str, span: str, line: int = 2,
                             severity: Severity = Severity.ERROR) -> Diagnostic:
    """``text`` gets exactly one diagnostic of the family ``prefix``: this code and message,
    starting on 1-based ``line``, covering the text ``span``, at ``severity``."""
    doc, found = family_diagnostics(text, prefix)
    assert [(d.code, d.message) for d in found] == [(code, message)]
    diag = found[0]
    assert doc.position(diag.start)[0] + 1 == line
    assert text[diag.start:diag.end] == span
    assert diag.severity == severity
    return diag


MLIR_OPT = shutil.which("mlir-opt-22")


def upstream_first_errors(functions: list[str]) -> dict[int, tuple[int, str]]:
    """mlir-opt-22's first error in each of ``functions`` (run as one file split at ``// -----``),
    by index: (0-based line within the function, message)."""
    return {index: (line, message) for index, (line, _, message) in upstream_first_error_places(functions).items()}


def upstream_first_error_places(texts: list[str]) -> dict[int, tuple[int, int, str]]:
    """Like ``upstream_first_errors``, with the 1-based column: (0-based line, column, message)."""
    assert MLIR_OPT is not None
    done = subprocess.run([MLIR_OPT, "--split-input-file", "-", "-o", "/dev/null"], input="// -----\n".join(texts),
                          capture_output=True, text=True, timeout=300)
    starts, line = [], 1
    for text in texts:
        starts.append(line)
        line += text.count("\n") + 1
    found: dict[int, tuple[int, int, str]] = {}
    for reported in done.stderr.splitlines():
        if reported.startswith("<stdin>:") and ": error: " in reported:
            _, at, column = reported.split(":", 3)[:3]
            index = bisect.bisect_right(starts, int(at)) - 1
            found.setdefault(index, (int(at) - starts[index], int(column), reported.split(": error: ", 1)[1]))
    return found
