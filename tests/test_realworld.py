"""Real code from other projects (``../shared/realworld``: upstream MLIR's integration tests, IREE's
codegen tests) against the verdicts of two upstream builds recorded in its ``truth.json``: no error
where both accept, and where they reject, our first error on their first error's line, in their words."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import check_document

from .conftest import ROOT

REALWORLD = Path(os.environ.get("NVGPU_LS_REALWORLD", ROOT.parent / "shared" / "realworld"))
TRUTH = REALWORLD / "truth.json"

needs_realworld = pytest.mark.skipif(not TRUTH.is_file(), reason=f"real-world corpus not found at {REALWORLD}")

BEYOND_UPSTREAM = ("nvgpu.sm-gate", "nvgpu.ptx-gate", "nvvm.", "target.", "nvgpu.hazard.")
"""Codes of our checks beyond upstream (a target gate upstream does not run): not upstream errors."""


def _cases() -> list[tuple[str, int, int, dict]]:
    """(file, first line, last line, verdicts) of each section upstream judged."""
    if not TRUTH.is_file():
        return []
    truth = json.loads(TRUTH.read_text(encoding="utf-8"))
    cases = []
    for name, entry in sorted(truth["files"].items()):
        for section in entry.get("sections") or []:
            cases.append((name, section["start_line"], section["end_line"], section))
    return cases


def _first_error(name: str, first: int, last: int) -> tuple[int, str] | None:
    """Our first error in the section (lines of the whole file), as upstream orders errors."""
    lines = (REALWORLD / name).read_text(encoding="utf-8").splitlines(keepends=True)
    text = "\n" * (first - 1) + "".join(lines[first - 1:last])
    doc = Document(text)
    errors = [d for d in check_document(doc) if d.severity == Severity.ERROR and not d.code.startswith(BEYOND_UPSTREAM)]
    if not errors:
        return None
    syntax = [d for d in doc.syntax_in_parse_order if d.severity == Severity.ERROR]
    chosen = syntax[0] if syntax else min(errors, key=lambda d: (d.start, d.end))
    return doc.position(chosen.start)[0] + 1, chosen.message


@needs_realworld
@pytest.mark.parametrize("name,first,last,section", _cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_real_code_gets_upstreams_verdict_and_first_error_line(name: str, first: int, last: int, section: dict) -> None:
    ours = _first_error(name, first, last)
    verdicts = [section.get("mlir_opt_22", {}), section.get("bindings", {})]
    if all(v.get("ok") for v in verdicts):
        assert ours is None, f"{name}:{ours[0]}: {ours[1]} (both upstream builds accept this section)"
        return
    upstream = next(v["first_error"] for v in verdicts if not v.get("ok") and v.get("first_error"))
    assert ours is not None, f"{name}: upstream rejects at line {upstream['line']} ({upstream['message'][:120]}) " \
                             "but we report nothing"
    assert ours[0] == upstream["line"], (f"{name}: our first error is at line {ours[0]} ({ours[1][:120]}), "
                                         f"upstream's at {upstream['line']} ({upstream['message'][:120]})")


def _same_words(ours: str, recorded: str) -> bool:
    """``truth.json`` keeps a message on one line and may cut it short with ``...``."""
    ours, recorded = " ".join(ours.split()), " ".join(recorded.split())
    return ours == recorded or recorded.endswith("...") and ours.startswith(recorded[:-3])


@needs_realworld
@pytest.mark.parametrize("name,first,last,section", [c for c in _cases() if not all(
    v.get("ok") for v in (c[3].get("mlir_opt_22", {}), c[3].get("bindings", {})))], ids=lambda v: v if isinstance(v, str) else "")
def test_real_code_gets_upstreams_first_error_in_upstreams_words(name: str, first: int, last: int, section: dict) -> None:
    ours = _first_error(name, first, last)
    assert ours is not None
    recorded = [v["first_error"]["message"] for v in (section.get("mlir_opt_22", {}), section.get("bindings", {}))
                if not v.get("ok") and v.get("first_error")]
    assert any(_same_words(ours[1], message) for message in recorded), (ours[1][:200], recorded[0][:200])
