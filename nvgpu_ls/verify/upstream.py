"""Upstream MLIR's own verdict on a buffer, beside ours.

``upstream_diagnostics`` runs upstream's parser and verifier (the ``torch-mlir``
wheel's bindings) in a worker process (``upstream_worker.py``) with a timeout, and
turns what it reports into ``Diagnostic``s with ``source="mlir"``. Whatever happens
in the worker — bindings missing, a crash, a hang, output that is not the protocol —
the caller gets the diagnostics of the chunks finished so far and a one-line problem,
never an exception. ``merge_upstream`` adds upstream's findings to ours without
saying the same thing twice.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Sequence

from ..analysis.positions import LineIndex
from ..analysis.tokens import STRING_LITERAL
from ..workers import crash_reason, last_line, run_worker, signal_name
from ..diagnostics import Diagnostic, Related, Severity
from ..chunks import chunk_origin, split_chunks
from .upstream_worker import EXIT_NO_BINDINGS

SOURCE = "mlir"
CODE_VERIFIER = "mlir.verifier"
CODE_PARSER = "mlir.parser"
MISSING_BINDINGS = "upstream verification needs the torch-mlir wheel: pip install torch-mlir"

_WORKER = Path(__file__).with_name("upstream_worker.py")

# Run as a script, not with ``-m nvgpu_ls.verify.upstream_worker``: ``-m`` imports the
# parent packages first, and ``nvgpu_ls.verify`` pulls in the whole analysis (lark
# grammars), about 0.6 s more per call. ``-P`` keeps the worker's own folder off
# ``sys.path`` so that its sibling modules cannot shadow anything torch_mlir imports.
WORKER_COMMAND: list[str] = (
    [sys.executable, "-P", str(_WORKER)] if _WORKER.is_file()
    else [sys.executable, "-m", "nvgpu_ls.verify.upstream_worker"]
)
"""The worker's argument list (no shell); tests replace it."""

_SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING,
               "remark": Severity.INFORMATION, "note": Severity.INFORMATION}
_TOKEN = re.compile(STRING_LITERAL + r'?|[%@#^!]?[\w$.-]+')


def upstream_diagnostics(text: str, timeout: float = 60.0, *,
                         allow_unregistered: bool = True) -> tuple[list[Diagnostic], str | None]:
    """Upstream MLIR's diagnostics for ``text``, and a problem message or None.

    Each ``// -----`` chunk is parsed and verified on its own, as ``mlir-opt
    -split-input-file`` does. Parse errors get code ``mlir.parser`` (upstream's parser
    stops at the first in a chunk), verifier errors ``mlir.verifier``; upstream's notes
    become ``related``. Unregistered dialects are allowed by default (unlike
    ``mlir-opt``): files in the wild carry ``nv_tileaa.*`` ops and attributes, and one
    such op would otherwise stop upstream from reading the rest of its chunk. Unknown
    ops of registered dialects (``nvgpu.foo``) are still errors.
    """
    request = json.dumps({"text": text, "allow_unregistered": allow_unregistered})
    run = run_worker(WORKER_COMMAND, request.encode("utf-8", "surrogatepass"), timeout)
    if run.start_problem is not None:
        return [], f"upstream verifier could not start: {run.start_problem}"
    timed_out, err, returncode = run.timed_out, run.err, run.returncode
    lines = run.out.splitlines()
    finished, unreadable = _read_chunks(lines, text)
    where = _unfinished_chunk(text, len(finished))
    if timed_out:
        problem = f"upstream verifier timed out after {timeout:g} s{where}"
    elif returncode < 0:
        problem = f"upstream verifier crashed ({signal_name(-returncode)}){where}{crash_reason(err)}"
    elif returncode == EXIT_NO_BINDINGS:
        detail = last_line(err, prefix=" (", suffix=")")
        problem = MISSING_BINDINGS + ("" if "No module named 'torch_mlir" in detail else detail)
    elif returncode != 0:
        problem = f"upstream verifier failed (exit status {returncode}){where}{last_line(err)}"
    elif unreadable is not None:
        problem = f"upstream verifier gave unreadable output: {unreadable[:80]!r}"
    elif len(finished) > len(split_chunks(text)):
        problem = "upstream verifier gave unreadable output: more results than chunks"
    elif len(finished) < len(split_chunks(text)):
        problem = f"upstream verifier stopped early{where}"
    else:
        problem = None
    return [d for chunk in finished for d in chunk], problem


def _read_chunks(lines: Sequence[str], text: str) -> tuple[list[list[Diagnostic]], str | None]:
    """The diagnostics of each chunk the worker finished, and the first line that was not
    the protocol (None when all were)."""
    index = LineIndex(text)
    chunks = []
    for line in lines:
        try:
            records = json.loads(line)
            chunks.append([_diagnostic(record, index) for record in records])
        except (ValueError, TypeError, KeyError, AttributeError):
            return chunks, line
    return chunks, None


def _diagnostic(record: dict, index: LineIndex) -> Diagnostic:
    start = _offset(index, record["line"], record["column"])
    message = str(record["message"])
    if "location" in record:
        message += f" (reported at {record['location']})"
    related = tuple(
        Related(at, _token_end(index.text, at), str(note["message"]))
        for note in record.get("notes", ())
        for at in [_offset(index, note["line"], note["column"])]
    )
    code = CODE_PARSER if record.get("kind") == "parser" else CODE_VERIFIER
    return Diagnostic(start, _token_end(index.text, start), message, code,
                      _SEVERITIES.get(str(record.get("severity")), Severity.ERROR), SOURCE, related)


def _offset(index: LineIndex, line: int, column: int) -> int:
    """Offset of upstream's 1-based line and 1-based UTF-8 byte column."""
    return index.offset(int(line) - 1, int(column) - 1, "utf-8")


def _token_end(text: str, start: int) -> int:
    """The end of the token at ``start``: upstream reports a point, editors want a span."""
    match = _TOKEN.match(text, start)
    if match:
        return match.end()
    return start + 1 if start < len(text) and text[start] != "\n" else start


def _unfinished_chunk(text: str, finished: int) -> str:
    chunks = split_chunks(text)
    if finished >= len(chunks) or len(chunks) == 1:
        return ""
    line = chunk_origin(text, chunks[finished][0])[0] + 1
    return f" in the chunk starting at line {line}"


def merge_upstream(ours: Sequence[Diagnostic], theirs: Sequence[Diagnostic], text: str) -> list[Diagnostic]:
    """Ours plus those of upstream's diagnostics that say something new, by position.

    An upstream diagnostic is dropped when one of ours starts on the same line and
    - its message, compared without case and with runs of white space as one space,
      equals upstream's, contains it (ours may add detail, e.g. the op's name), or is
      contained in it; or
    - upstream's is a parse error (``mlir.parser``) and ours is a syntax error
      (code ``syntax.*``): two parsers disagreeing on wording about the same line.
    Everything else of upstream's is kept, related spans and all; nothing of ours is
    ever dropped.
    """
    index = LineIndex(text)
    by_line: dict[int, list[Diagnostic]] = {}
    for diag in ours:
        by_line.setdefault(index.line_of(diag.start), []).append(diag)
    kept = []
    for diag in theirs:
        neighbours = by_line.get(index.line_of(diag.start), ())
        if not any(_same_finding(mine, diag) for mine in neighbours):
            kept.append(diag)
    return sorted([*ours, *kept], key=lambda d: (d.start, d.end))


def _same_finding(mine: Diagnostic, upstream: Diagnostic) -> bool:
    if upstream.code == CODE_PARSER and mine.code.startswith("syntax."):
        return True
    a, b = _normal(mine.message), _normal(upstream.message)
    return bool(a and b) and (a == b or a in b or b in a)


def _normal(message: str) -> str:
    return " ".join(message.split()).lower()
