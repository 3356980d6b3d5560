"""How ``nvgpu-ls --check`` writes what it found: text, JSON, SARIF 2.1.0, GitHub workflow commands.

Every format reads the same ``Finding``s: a diagnostic already placed at 1-based lines
and columns (columns count characters, as the text format always has), or a problem
of the configuration file. Paths are printed as the user named them, except where a
consumer needs them relative to the repository root (SARIF, GitHub annotations):
there a path under the working directory is made relative to it. A line-based format
shows a path through ``shown_path`` (a file name can hold a newline, or bytes that are
not UTF-8); JSON keeps the name itself, ASCII-escaped; SARIF percent-encodes its bytes.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence, TextIO
from urllib.parse import quote

from .code_pages import PROJECT_URL, code_url
from .diagnostics import Severity, shown_message

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
FALLBACK_INFORMATION_URI = PROJECT_URL
"""Used while the package metadata names no home page (``[project.urls]``)."""

Position = tuple[int, int]
"""1-based (line, column), the column in characters."""


@dataclass(frozen=True)
class RelatedFinding:
    path: str
    start: Position
    end: Position
    message: str
    excerpt: str = ""
    """The source line ``start`` is on (text output shows it under the note, with a caret)."""


@dataclass(frozen=True)
class FindingEdit:
    """Replace the text from ``start`` to ``end`` (1-based, the end exclusive) with ``text``."""

    start: Position
    end: Position
    text: str


@dataclass(frozen=True)
class FindingFix:
    """A quick fix of a finding, as the language server offers it: a title and its edits."""

    title: str
    edits: tuple[FindingEdit, ...]
    preferred: bool = False


@dataclass(frozen=True)
class Finding:
    """One thing to report, placed in a file."""

    path: str
    start: Position | None
    """``None`` when the finding has no place inside the file (the file could not be read)."""
    end: Position | None
    severity: Severity
    code: str
    message: str
    source: str = "nvgpu-ls"
    related: tuple[RelatedFinding, ...] = ()
    excerpt: str = ""
    """The source line ``start`` is on, as written (empty when the finding has no place)."""
    fixes: tuple[FindingFix, ...] = ()
    explanation: str = ""
    """Plain words after the message (``Diagnostic.explanation``); empty when there are none."""

    @property
    def full_message(self) -> str:
        """The message and, on its own line, the explanation."""
        return shown_message(self.message, self.explanation)


@dataclass(frozen=True)
class Summary:
    files_checked: int
    errors: int
    warnings: int
    files_with_findings: int
    config_problems: int = 0

    def line(self) -> str:
        if self.errors or self.warnings:
            text = (f"{_count(self.files_checked, 'file')} checked: {_count(self.errors, 'error')}, "
                    f"{_count(self.warnings, 'warning')} in {_count(self.files_with_findings, 'file')}")
        else:
            text = f"{_count(self.files_checked, 'file')} checked: no errors or warnings"
        if self.config_problems:
            text += f"; {_count(self.config_problems, 'configuration problem')}"
        return text


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def shown_path(path: str) -> str:
    """A path as a line of output shows it: bytes that are not UTF-8 (which Python holds as
    lone surrogates) as ``\\xNN`` and control characters escaped, so that writing it never
    fails on a strict UTF-8 stream and a file name cannot start a line of its own (``--format
    github`` reads lines as commands)."""
    text = path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def write_all(out: TextIO, text: str) -> None:
    """Write ``text`` whole, or raise. A large write to a pipe whose reader has gone can be
    taken in part: Python's buffered writer then reports a short count that its text layer
    drops, so the rest vanished with status 0 (``nvgpu-ls lower ... | head``). Writing the
    bytes until all are taken makes the next attempt raise ``BrokenPipeError`` instead."""
    binary = getattr(out, "buffer", None)
    if binary is None:
        out.write(text)
        out.flush()
        return
    out.flush()
    data = memoryview(text.encode(out.encoding or "utf-8", out.errors or "strict"))
    while data:
        taken = binary.write(data)
        data = data[len(data) if taken is None else taken:]
    binary.flush()


# --------------------------------------------------------------------------- text

def write_text(findings: Sequence[Finding], summary: Summary, out: TextIO) -> None:
    """``path:line:col: severity: message [code]``, each related place after it as a ``note``
    line (the way compilers print them), then the summary."""
    write_text_findings(findings, out)
    print(summary.line(), file=out)


def write_text_findings(findings: Sequence[Finding], out: TextIO) -> None:
    """The findings of ``write_text`` without its summary (``nvgpu-ls lower`` writes them to stderr):
    each with its source line and a caret under the span, as compilers print them."""
    for finding in findings:
        path = shown_path(finding.path)
        where = path if finding.start is None else f"{path}:{finding.start[0]}:{finding.start[1]}"
        print(f"{where}: {finding.severity.label}: {finding.message} [{finding.code}]", file=out)
        _write_excerpt(finding.excerpt, finding.start, finding.end, out)
        if finding.explanation:
            print(f"  = {finding.explanation}", file=out)
        for related in finding.related:
            print(f"{shown_path(related.path)}:{related.start[0]}:{related.start[1]}: note: {related.message}",
                  file=out)
            if (related.path, related.start, related.end) != (finding.path, finding.start, finding.end):
                _write_excerpt(related.excerpt, related.start, related.end, out)


EXCERPT_WIDTH = 200
"""Longer source lines are shown cut around the place (a generated file's one-line module)."""


def caret_lines(excerpt: str, start: Position, end: Position) -> tuple[str, str]:
    """The source line as shown and the caret line under it: ``^`` at ``start``, ``~`` to ``end``
    (to the end of the line for a span that goes on). Tabs stay tabs in the caret line's indent,
    so the caret lines up whatever the tab width; a line longer than ``EXCERPT_WIDTH`` is cut
    around the place, with ``...`` where it was cut."""
    line = "\t".join(shown_path(part) for part in excerpt.rstrip("\r\n").split("\t"))
    first = min(max(start[1] - 1, 0), len(line))
    last = end[1] - 1 if end[0] == start[0] else len(line)
    last = max(min(last, len(line)), first + 1)
    if len(line) > EXCERPT_WIDTH:
        cut = max(0, min(first - EXCERPT_WIDTH // 4, len(line) - EXCERPT_WIDTH))
        head = "..." if cut else ""
        tail = "..." if cut + EXCERPT_WIDTH < len(line) else ""
        shift = len(head) - cut
        first, last = first + shift, min(last, cut + EXCERPT_WIDTH) + shift
        line = head + line[cut:cut + EXCERPT_WIDTH] + tail
    indent = "".join(c if c == "\t" else " " for c in line[:first])
    return line, indent + "^" + "~" * max(last - first - 1, 0)


def _write_excerpt(excerpt: str, start: Position | None, end: Position | None, out: TextIO) -> None:
    if not excerpt or start is None or end is None:
        return
    line, carets = caret_lines(excerpt, start, end)
    print(line, file=out)
    print(carets, file=out)


# --------------------------------------------------------------------------- json

def _range(start: Position | None, end: Position | None) -> dict:
    start = start or (1, 1)
    end = end or start
    return {"start": {"line": start[0], "column": start[1]}, "end": {"line": end[0], "column": end[1]}}


def json_entry(finding: Finding) -> dict:
    return {
        "file": finding.path,
        "range": _range(finding.start, finding.end),
        "severity": finding.severity.label,
        "code": finding.code,
        "source": finding.source,
        "message": finding.message,
        "explanation": finding.explanation,
        "related": [{"file": r.path, "range": _range(r.start, r.end), "message": r.message}
                    for r in finding.related],
        "fixes": [{"title": fix.title, "preferred": fix.preferred,
                   "edits": [{"range": _range(e.start, e.end), "newText": e.text} for e in fix.edits]}
                  for fix in finding.fixes],
    }


def write_json(findings: Sequence[Finding], out: TextIO) -> None:
    """A JSON list, one object per finding (``end`` columns are exclusive)."""
    json.dump([json_entry(f) for f in findings], out, indent=2)
    out.write("\n")


# --------------------------------------------------------------------------- SARIF

_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning",
                 Severity.INFORMATION: "note", Severity.HINT: "note"}

_DESCRIPTIONS = {
    "syntax.error": "The text is not valid MLIR syntax.",
    "syntax.custom-form": "An op's custom assembly form does not match the op's syntax.",
    "syntax.enum": "An enum attribute names no case of its enum.",
    "syntax.unbalanced": "Brackets, braces or parentheses are not balanced.",
    "syntax.too-deep": "Operations are nested too deeply to analyse.",
    "syntax.invalid-character": "A character that MLIR does not accept here.",
    "syntax.unterminated-string": "A string literal is not closed.",
    "syntax.type-count": "The number of types does not match the number of values.",
    "syntax.unknown-op": "An op that its dialect does not define.",
    "syntax.duplicate-attribute": "An attribute is given twice.",
    "syntax.duplicate-alias": "A type or attribute alias is defined twice.",
    "syntax.attribute": "A malformed attribute.",
    "syntax.type": "A malformed or unknown type.",
    "syntax.encoding": "The file is not valid UTF-8.",
    "target.none": "No target GPU is known, so the target checks were skipped.",
    "nvgpu.sm-gate": "An op needs a newer GPU architecture than the target offers.",
    "nvgpu.ptx-gate": "An op needs a newer PTX ISA version than the target's features give.",
    "nvvm.sm-gate": "An nvvm op needs a newer GPU architecture than the target offers.",
    "gpu.sm-gate": "A gpu op's lowering needs a newer GPU architecture than the target offers.",
    "gpu.ptx-gate": "A gpu op's lowering needs a newer PTX ISA version than the target's features give.",
    "nvvm.ptx-gate": "An nvvm op needs a newer PTX ISA version than the target's features give.",
    "config.invalid": "The nvgpu-ls configuration file has a problem; the setting kept its default.",
    "op.attribute-missing": "An op lacks an attribute its definition requires.",
    "op.attribute-invalid": "An op's attribute does not satisfy its definition's constraint.",
    "op.operand-count": "An op has the wrong number of operands.",
    "op.operand-type": "An op's operand has a type its definition does not allow.",
    "op.result-count": "An op has the wrong number of results.",
    "op.result-type": "An op's result has a type its definition does not allow.",
    "ssa.undefined": "A use of an SSA value that is not defined.",
    "ssa.redefinition": "An SSA value is defined twice.",
    "ssa.dominance": "An SSA value is used where its definition does not dominate the use.",
    "ssa.type-mismatch": "An SSA value is used with a type other than its definition's.",
    "mlir.parser": "Upstream MLIR's parser rejects the text.",
    "mlir.verifier": "Upstream MLIR's verifier rejects an op.",
}

_FAMILY_DESCRIPTIONS = {
    "syntax": "A syntax error",
    "ssa": "An SSA value problem",
    "usedef": "An SSA value problem",
    "op": "An op does not match its definition",
    "mlir": "Reported by upstream MLIR",
    "target": "A target check",
    "upstream": "Reported by upstream MLIR's verifier",
    "config": "A configuration problem",
    "block": "A block reference problem",
}


def describe_code(code: str) -> str:
    """A one-sentence description of a diagnostic code, for SARIF's rule metadata."""
    if code in _DESCRIPTIONS:
        return _DESCRIPTIONS[code]
    from .verify.hazards import SUMMARIES
    if code in SUMMARIES:
        return SUMMARIES[code]
    family, _, rest = code.partition(".")
    if family in _FAMILY_DESCRIPTIONS:
        return f"{_FAMILY_DESCRIPTIONS[family]}{f' ({rest})' if rest else ''}."
    ops, _, check = code.rpartition(".")
    if ops and check:  # a verifier's rule: ``nvgpu.tma.box-shape``, ``arith.constant.signless``
        return f"The verifier of {ops} rejects the op: {check.replace('-', ' ')}."
    return f"nvgpu-ls rule '{code}'."


def explain_code(code: str) -> str | None:
    """The rule behind a code in a paragraph, where one is written (the hazard checks')."""
    from .verify.hazards import RULES
    return RULES.get(code)


def information_uri() -> str:
    """The project's home page from the installed package's metadata, else ``code_pages.PROJECT_URL``."""
    try:
        from importlib.metadata import PackageNotFoundError, metadata
        try:
            meta = metadata("nvgpu-ls")
        except PackageNotFoundError:
            return FALLBACK_INFORMATION_URI
        for entry in meta.get_all("Project-URL") or ():
            label, _, url = entry.partition(",")
            if label.strip().lower() in ("homepage", "home", "repository", "source") and url.strip():
                return url.strip()
        home = meta["Home-page"] if "Home-page" in meta else None
        return home.strip() if home and home.strip() else FALLBACK_INFORMATION_URI
    except Exception:  # noqa: BLE001  (broken metadata must not break a report)
        return FALLBACK_INFORMATION_URI


def artifact_location(path: str, root: str | None = None) -> dict:
    """``path`` as a SARIF artifactLocation: relative to ``root`` (the working directory,
    named ``%SRCROOT%``) when it is under it, else an absolute ``file:`` URI."""
    root = os.path.abspath(root or os.getcwd())
    if path == "<stdin>":
        return {"uri": "stdin"}
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, root)
    except ValueError:
        relative = ".."
    if relative == ".." or relative.startswith(".." + os.sep):
        return {"uri": Path(absolute).as_uri()}
    return {"uri": quote(os.fsencode(Path(relative).as_posix()), safe="/"), "uriBaseId": "%SRCROOT%"}


def _region(start: Position | None, end: Position | None) -> dict:
    start = start or (1, 1)
    end = end or start
    if end < start:
        end = start
    return {"startLine": start[0], "startColumn": start[1], "endLine": end[0], "endColumn": end[1]}


def sarif_log(findings: Sequence[Finding], notifications: Iterable[tuple[str, str]] = (), successful: bool = True,
              root: str | None = None) -> dict:
    """A SARIF 2.1.0 log with one run, accepted by GitHub code scanning's upload.
    ``notifications`` are (level, text) pairs about the run itself: paths that could not
    be read, a verifier that could not run."""
    from . import __version__

    rule_index: dict[str, int] = {}
    rules: list[dict] = []
    results: list[dict] = []
    for finding in findings:
        if finding.code not in rule_index:
            rule_index[finding.code] = len(rules)
            rule: dict = {
                "id": finding.code,
                "shortDescription": {"text": describe_code(finding.code)},
                "defaultConfiguration": {"level": _SARIF_LEVELS[finding.severity]},
                "helpUri": code_url(finding.code),
            }
            explained = explain_code(finding.code)
            if explained is not None:
                rule["fullDescription"] = {"text": explained}
                rule["help"] = {"text": f"{explained} Silence it with \"{finding.code}\" = \"off\" under [rules] in "
                                        f"nvgpu-ls.toml. More: {code_url(finding.code)}"}
            rules.append(rule)
        result: dict = {
            "ruleId": finding.code,
            "ruleIndex": rule_index[finding.code],
            "level": _SARIF_LEVELS[finding.severity],
            "message": {"text": finding.full_message},
            "locations": [{"physicalLocation": {
                "artifactLocation": artifact_location(finding.path, root),
                "region": _region(finding.start, finding.end),
            }}],
        }
        if finding.related:
            result["relatedLocations"] = [{
                "id": number,
                "physicalLocation": {"artifactLocation": artifact_location(r.path, root),
                                     "region": _region(r.start, r.end)},
                "message": {"text": r.message},
            } for number, r in enumerate(finding.related, start=1)]
        results.append(result)
    invocation: dict = {"executionSuccessful": successful}
    notes = list(notifications)
    if notes:
        invocation["toolExecutionNotifications"] = [
            {"level": level, "message": {"text": text}} for level, text in notes]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "nvgpu-ls",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": information_uri(),
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path(os.path.abspath(root or os.getcwd())).as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "invocations": [invocation],
            "results": results,
        }],
    }


def write_sarif(findings: Sequence[Finding], out: TextIO, notifications: Iterable[tuple[str, str]] = (),
                successful: bool = True) -> None:
    json.dump(sarif_log(findings, notifications, successful), out, indent=2)
    out.write("\n")


# --------------------------------------------------------------------------- GitHub workflow commands

_GITHUB_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning",
                    Severity.INFORMATION: "notice", Severity.HINT: "notice"}


def escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF escaped as the runner decodes them."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: also ``:`` and ``,``, which delimit properties."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _repo_path(path: str) -> str:
    """A path as GitHub annotations want it: relative to the working directory (the checkout)."""
    if path == "<stdin>":
        return path
    try:
        relative = os.path.relpath(os.path.abspath(path))
    except ValueError:
        return shown_path(path)
    return shown_path(path if relative.startswith("..") else Path(relative).as_posix())


def github_command(finding: Finding) -> str:
    """``::error file=...,line=...,col=...,endLine=...,endColumn=...,title=CODE::MESSAGE``."""
    props = [f"file={escape_property(_repo_path(finding.path))}"]
    if finding.start is not None:
        end = finding.end or finding.start
        props += [f"line={finding.start[0]}", f"col={finding.start[1]}", f"endLine={end[0]}",
                  f"endColumn={end[1]}"]
    props.append(f"title={escape_property(finding.code)}")
    message = finding.full_message
    for related in finding.related:
        message += f"\n{_repo_path(related.path)}:{related.start[0]}:{related.start[1]}: note: {related.message}"
    return f"::{_GITHUB_COMMANDS[finding.severity]} {','.join(props)}::{escape_data(message)}"


def write_github(findings: Sequence[Finding], summary: Summary, out: TextIO) -> None:
    """One workflow command per finding (GitHub turns them into annotations), then the summary."""
    for finding in findings:
        print(github_command(finding), file=out)
    print(summary.line(), file=out)
