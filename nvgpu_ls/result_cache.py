"""What ``nvgpu-ls --check`` found in a file, kept between runs so that an unchanged file is not
analysed again (as ruff and mypy keep theirs).

An entry is keyed by everything the findings depend on: the file's bytes, the path it is
reported under, the options it was checked with (target and severities, from the
configuration and the command line) and this installation of nvgpu-ls (its version and the
bytes of each of its files, so that editing or upgrading the package invalidates every entry,
while installing the same one again does not). The cache lives in the user's cache directory, not in the checkout:
a repository cannot plant entries that hide its errors. Entries are JSON, written atomically;
one that cannot be read is treated as absent.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .diagnostics import Severity
from .files import read_file
from .output import Finding, FindingEdit, FindingFix, RelatedFinding
from .check_options import CheckOptions
from .user_cache import cache_root

MAX_ENTRY_BYTES = 16 * 1024 * 1024
MAX_ENTRIES = 20_000
"""Above this many entries the oldest half is removed at the end of a run."""


@dataclass
class FileResult:
    """One file's outcome, placed and counted: what the report formats need, and nothing that
    needs the document again (it crosses process boundaries and is cached)."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: int = 0
    warnings: int = 0
    problem: str = ""
    """Why the file could not be read, when it could not."""

    @property
    def readable(self) -> bool:
        return not self.problem


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/nvgpu-ls/check`` (``~/.cache/...`` when unset)."""
    return cache_root() / "check"


def installation_fingerprint() -> str:
    """This nvgpu-ls as its files are now: its version and the bytes of each of its source, data
    and extension files (about 15 ms). Bytes, not modification times: a CI job installs the same
    nvgpu-ls afresh on every run, and its cache must still apply."""
    from . import __version__

    package = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".so", ".pyd", ".json", ".lark") and "__pycache__" not in path.parts:
            digest.update(f"{path.relative_to(package).as_posix()}\0{path.stat().st_size}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class ResultCache:
    """Findings per (installation, path, options, text), in a directory of JSON files."""

    def __init__(self, directory: Path, fingerprint: str | None = None) -> None:
        self.directory = directory
        self._fingerprint = fingerprint
        self.hits = 0
        self.stored = 0

    @property
    def fingerprint(self) -> str:
        """``installation_fingerprint``, worked out when the first file needs a key."""
        if self._fingerprint is None:
            self._fingerprint = installation_fingerprint()
        return self._fingerprint

    def key(self, path: str, options: CheckOptions | None, text: str) -> str:
        options = options or CheckOptions()
        digest = hashlib.sha256()
        for part in (self.fingerprint, path, str(options.target), options.target_origin,
                     json.dumps(sorted(options.severities.items()))):
            digest.update(part.encode("utf-8", "surrogateescape"))
            digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    def load(self, key: str, path: str) -> FileResult | None:
        try:
            entry = json.loads(read_file(self.directory / key[:2] / key, MAX_ENTRY_BYTES))
            result = FileResult(path, [_finding(path, f) for f in entry["findings"]], entry["errors"],
                                entry["warnings"])
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return None
        self.hits += 1
        return result

    def store(self, key: str, result: FileResult) -> None:
        """Keep ``result``; a cache that cannot be written is only slower, never an error."""
        entry = {"findings": [_entry(f) for f in result.findings], "errors": result.errors,
                 "warnings": result.warnings}
        folder = self.directory / key[:2]
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(temporary, folder / key)
            self.stored += 1
        except OSError:
            return

    def prune(self) -> None:
        """Remove the oldest half when there are more than ``MAX_ENTRIES`` entries."""
        if not self.stored:
            return
        try:
            entries = [p for p in self.directory.glob("??/*") if not p.name.startswith(".tmp-")]
            if len(entries) <= MAX_ENTRIES:
                return
            entries.sort(key=lambda p: p.stat().st_mtime_ns)
            for path in entries[:len(entries) // 2]:
                path.unlink(missing_ok=True)
        except OSError:
            return


def _entry(finding: Finding) -> dict[str, Any]:
    return {"start": finding.start, "end": finding.end, "severity": int(finding.severity), "code": finding.code,
            "message": finding.message, "explanation": finding.explanation, "source": finding.source,
            "excerpt": finding.excerpt,
            "related": [[r.start, r.end, r.message, r.excerpt] for r in finding.related],
            "fixes": [[fix.title, fix.preferred, [[e.start, e.end, e.text] for e in fix.edits]]
                      for fix in finding.fixes]}


def _position(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    line, column = value
    if not isinstance(line, int) or not isinstance(column, int):
        raise TypeError("a position is two integers")
    return line, column


def _finding(path: str, entry: dict[str, Any]) -> Finding:
    related = []
    for start, end, message, excerpt in entry["related"]:
        related.append(RelatedFinding(path, _placed(start), _placed(end), str(message), str(excerpt)))
    fixes = tuple(FindingFix(str(title), tuple(FindingEdit(_placed(start), _placed(end), str(text))
                                               for start, end, text in edits), bool(preferred))
                  for title, preferred, edits in entry["fixes"])
    return Finding(path, _position(entry["start"]), _position(entry["end"]), Severity(entry["severity"]),
                   str(entry["code"]), str(entry["message"]), str(entry["source"]), tuple(related),
                   str(entry["excerpt"]), fixes, str(entry["explanation"]))


def _placed(value: Any) -> tuple[int, int]:
    position = _position(value)
    if position is None:
        raise TypeError("a related place or an edit has a position")
    return position
