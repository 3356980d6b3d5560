"""The command line: ``nvgpu-ls --check PATH...`` (and, with no arguments, the server).

``--check`` reads files or directories of ``.mlir`` files, prints one line per
diagnostic (``path:line:col: severity: message [code]``) and a summary, or a JSON
list with ``--format json``. Exit status: 0 clean, 1 when any error, 2 for usage
errors or unreadable paths — which are reported, never raised.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import Sequence, TextIO

from .analysis.document import Document
from .diagnostics import Diagnostic, Severity
from .verify import check_document


@dataclass
class FileReport:
    path: str
    doc: Document | None
    diagnostics: list[Diagnostic]
    problem: str = ""
    """Why the file could not be read, when it could not."""


def _arg_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nvgpu-ls",
        description="Language server and checker for MLIR files that use the nvgpu dialect. "
                    "With no arguments it serves the Language Server Protocol over stdio.",
    )
    parser.add_argument("--check", nargs="+", metavar="PATH",
                        help="check .mlir files (directories are searched recursively; '-' reads standard "
                             "input) and exit")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format for --check (default: text)")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser


def collect_files(paths: Sequence[str]) -> tuple[list[str], list[str]]:
    """The .mlir files named or found under ``paths``, and the paths that could not be used."""
    files: list[str] = []
    problems: list[str] = []
    for path in paths:
        if path == "-":
            files.append(path)
        elif os.path.isdir(path):
            found = []
            for root, dirs, names in os.walk(path):
                dirs.sort()
                found.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir"))
            files.extend(found)
        elif os.path.isfile(path):
            files.append(path)
        elif os.path.exists(path):
            problems.append(f"{path}: not a regular file or directory")
        else:
            problems.append(f"{path}: no such file or directory")
    return files, problems


def read_source(path: str) -> tuple[str | None, str, list[Diagnostic]]:
    """Decode a file as UTF-8; bytes that are not UTF-8 are replaced and reported."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        return None, exc.strerror or str(exc), []
    try:
        return data.decode("utf-8"), "", []
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        offset = len(data[:exc.start].decode("utf-8", errors="replace"))
        return text, "", [Diagnostic(offset, offset + 1, "file is not valid UTF-8; invalid bytes were replaced",
                                     "syntax.encoding", Severity.ERROR)]


def check_file(path: str) -> FileReport:
    """Analyse one file; never raises for bad content."""
    text, problem, extra = read_source(path)
    shown = "<stdin>" if path == "-" else path
    if text is None:
        return FileReport(shown, None, [], problem)
    doc = Document(text, uri=shown)
    diagnostics = sorted(extra + check_document(doc), key=lambda d: (d.start, d.end))
    return FileReport(shown, doc, diagnostics)


def _text_line(report: FileReport, diag: Diagnostic) -> str:
    assert report.doc is not None
    line, col = report.doc.lines.position(diag.start, "utf-32")
    return f"{report.path}:{line + 1}:{col + 1}: {diag.severity.label}: {diag.message} [{diag.code}]"


def _json_entry(report: FileReport, diag: Diagnostic) -> dict:
    assert report.doc is not None
    sl, sc = report.doc.lines.position(diag.start, "utf-32")
    el, ec = report.doc.lines.position(diag.end, "utf-32")
    return {
        "file": report.path,
        "range": {"start": {"line": sl + 1, "column": sc + 1}, "end": {"line": el + 1, "column": ec + 1}},
        "severity": diag.severity.label,
        "code": diag.code,
        "source": diag.source,
        "message": diag.message,
    }


def run_check(paths: Sequence[str], fmt: str, out: TextIO, err: TextIO) -> int:
    """The ``--check`` command; returns the exit status."""
    files, problems = collect_files(paths)
    reports = [check_file(path) for path in files]
    for report in reports:
        if report.problem:
            problems.append(f"{report.path}: {report.problem}")
    for problem in problems:
        print(f"nvgpu-ls: error: {problem}", file=err)
    readable = [r for r in reports if r.doc is not None]
    errors = sum(1 for r in readable for d in r.diagnostics if d.severity == Severity.ERROR)
    warnings = sum(1 for r in readable for d in r.diagnostics if d.severity == Severity.WARNING)
    if fmt == "json":
        json.dump([_json_entry(r, d) for r in readable for d in r.diagnostics], out, indent=2)
        out.write("\n")
    else:
        for report in readable:
            for diag in report.diagnostics:
                print(_text_line(report, diag), file=out)
        files_with = sum(1 for r in readable if r.diagnostics)
        print(f"{len(readable)} file{'s' if len(readable) != 1 else ''} checked: "
              f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''} "
              f"in {files_with} file{'s' if files_with != 1 else ''}", file=out)
    if problems:
        return 2
    return 1 if errors else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``nvgpu-ls`` command."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = _arg_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse reports usage errors itself
        return 2 if exc.code not in (0, None) else 0
    if args.version:
        from . import __version__
        print(f"nvgpu-ls {__version__}")
        return 0
    if args.check:
        try:
            return run_check(args.check, args.format, sys.stdout, sys.stderr)
        except KeyboardInterrupt:
            return 130
    from .server import serve_stdio
    return serve_stdio()
