"""Upstream MLIR's own parser and verifier over one buffer, in a process of its own.

Native code fed bad input may abort the process, so ``upstream.py`` runs this module
as a child and survives whatever happens here. Standard library only, and nothing
imported from ``nvgpu_ls`` (``chunks.py`` is loaded by path): the child starts fast and does not depend on the rest of the
package importing cleanly.

Protocol. Standard input: one JSON object ``{"text": str, "allow_unregistered": bool}``.
Standard output: one line per ``// -----`` chunk, in order, each a JSON list of
``{"line", "column", "severity", "message", "kind", "notes": [{"line", "column",
"message"}]}`` — line and column 1-based, the column counted in UTF-8 bytes (what MLIR
reports), both relative to the whole text. ``kind`` is ``"parser"`` or ``"verifier"``;
a diagnostic whose location names no place in the text has a ``"location"`` key (the
printed location) and sits at the start of its chunk. A line per chunk, flushed as it
is done, lets the parent keep the chunks finished before a crash. Exit status 0;
``EXIT_NO_BINDINGS`` when ``torch_mlir`` cannot be imported (the reason on standard
error); ``EXIT_BAD_REQUEST`` when standard input is not a request.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, TextIO


def _load_chunks() -> Any:
    """``nvgpu_ls/chunks.py``, loaded by path: this worker does not import the package."""
    spec = importlib.util.spec_from_file_location("_nvgpu_ls_chunks", Path(__file__).resolve().parents[1] / "chunks.py")
    assert spec is not None and spec.loader is not None  # a .py path always has a loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_chunks = _load_chunks()
split_chunks = _chunks.split_chunks
chunk_origin = _chunks.chunk_origin

EXIT_BAD_REQUEST = 2
EXIT_NO_BINDINGS = 3

_BUFFER_LOCATION = re.compile(r'"-":(\d+):(\d+)')
"""A file location in the buffer ``Module.parse`` reads (it names that buffer ``-``)."""

_STRING_LITERAL = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
"""``analysis.tokens.STRING_LITERAL``, spelled again: this worker runs without importing the package."""
_LOC_SCAN = re.compile(_STRING_LITERAL + r'?|//[^\n]*|(?<![\w$.#%@^!-])loc\(')
_ALIAS_DEFINITION = re.compile(r'\s*#[\w$.-]+\s*=\s*$')
_STRING = re.compile(_STRING_LITERAL + '?')


def blank_explicit_locations(text: str) -> str:
    """``text`` with every ``loc(...)`` written after an op, block argument or value
    replaced by spaces of the same UTF-8 length (line breaks kept).

    Upstream reports a verifier error at the op's location; an explicit ``loc("k.py":12:3)``
    would send it to a file we cannot point into. Blanked, the op's location is its place
    in this text. Alias definitions (``#loc1 = loc(...)``) stay: unused, they are harmless.
    """
    pieces = []
    copied = 0
    pos = 0
    while True:
        match = _LOC_SCAN.search(text, pos)
        if match is None:
            break
        pos = match.end()
        if not match.group().startswith("loc("):
            continue
        line_start = text.rfind("\n", 0, match.start()) + 1
        if _ALIAS_DEFINITION.fullmatch(text, line_start, match.start()):
            continue
        close = _matching_paren(text, match.end())
        if close is None:
            break
        pieces.append(text[copied:match.start()])
        pieces.append(_blank(text[match.start():close + 1]))
        copied = pos = close + 1
    pieces.append(text[copied:])
    return "".join(pieces)


def _matching_paren(text: str, pos: int) -> int | None:
    depth = 1
    while pos < len(text):
        char = text[pos]
        if char == '"':
            string = _STRING.match(text, pos)  # its closing quote is optional: it always matches
            pos = string.end() if string is not None else pos + 1
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return pos
        pos += 1
    return None


def _blank(segment: str) -> str:
    return "".join("\n" if char == "\n" else " " * len(char.encode("utf-8", "surrogatepass"))
                   for char in segment)


def _severity(value: Any) -> str:
    name = getattr(value, "name", str(value).rsplit(".", 1)[-1])
    return name.lower()


def _place(location: Any, origin: tuple[int, int]) -> tuple[int, int] | None:
    """1-based (line, byte column) in the whole text of a location printed by MLIR."""
    match = _BUFFER_LOCATION.search(str(location))
    if match is None:
        return None
    line, column = int(match.group(1)), int(match.group(2))
    first_line, first_column = origin
    return first_line + line, column + first_column if line == 1 else column


def _record(diagnostic: Any, kind: str | None, origin: tuple[int, int]) -> dict:
    notes = []
    place: tuple[int, int] | None
    for note in diagnostic.notes:
        place = _place(note.location, origin) or (origin[0] + 1, origin[1] + 1)
        notes.append({"line": place[0], "column": place[1], "message": str(note.message)})
    if kind is None:
        # Errors an op emits carry upstream's "see current operation" note; the
        # parser's never do (no op exists yet). It is the one sign of which phase spoke.
        on_op = any(str(n.message).startswith("see current operation") for n in diagnostic.notes)
        kind = "verifier" if on_op else "parser"
    record: dict[str, Any] = {"severity": _severity(diagnostic.severity), "message": str(diagnostic.message),
                              "kind": kind, "notes": notes}
    place = _place(diagnostic.location, origin)
    if place is None:
        place = origin[0] + 1, origin[1] + 1
        record["location"] = str(diagnostic.location)
    record["line"], record["column"] = place
    return record


def verify_chunk(ir: Any, source: str, origin: tuple[int, int], allow_unregistered: bool) -> list[dict]:
    """Parse (which verifies) and verify one chunk in a context of its own, as mlir-opt does."""
    context = ir.Context()
    context.allow_unregistered_dialects = allow_unregistered
    context.enable_multithreading(False)  # one thread: diagnostics in a stable order
    records: list[dict] = []

    def on_diagnostic(diagnostic: Any) -> bool:
        # Only what no MLIRError captures arrives here: warnings and remarks.
        records.append(_record(diagnostic, "verifier", origin))
        return True

    handler = context.attach_diagnostic_handler(on_diagnostic)
    try:
        try:
            module = ir.Module.parse(source.encode("utf-8", "surrogatepass"), context)
        except ir.MLIRError as error:
            records.extend(_record(d, None, origin) for d in error.error_diagnostics)
            return records
        try:
            valid = module.operation.verify()
        except ir.MLIRError as error:
            records.extend(_record(d, "verifier", origin) for d in error.error_diagnostics)
        else:
            if valid is False and not any(r["severity"] == "error" for r in records):
                records.append({"line": origin[0] + 1, "column": origin[1] + 1, "severity": "error",
                                "message": "verification failed", "kind": "verifier", "notes": []})
    finally:
        handler.detach()
    return records


def private_stdout() -> TextIO:
    """Standard output for the protocol alone; native code printing to fd 1 goes to stderr."""
    sys.stdout.flush()
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="surrogatepass")
    os.dup2(2, 1)
    return protocol


def main() -> int:
    out = private_stdout()
    try:
        request = json.loads(sys.stdin.read())
        text = request["text"]
        allow_unregistered = bool(request.get("allow_unregistered", True))
        if not isinstance(text, str):
            raise TypeError("text is not a string")
    except (ValueError, KeyError, TypeError) as exc:
        print(f"upstream_worker: bad request: {exc}", file=sys.stderr)
        return EXIT_BAD_REQUEST
    try:
        from torch_mlir import ir
    except ImportError as exc:
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_NO_BINDINGS
    for offset, chunk in split_chunks(text):
        origin = chunk_origin(text, offset)
        records = verify_chunk(ir, blank_explicit_locations(chunk), origin, allow_unregistered)
        records.sort(key=lambda r: (r["line"], r["column"]))
        out.write(json.dumps(records) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
