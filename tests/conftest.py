"""Shared test helpers: where the conformance corpus is, and a quick way to analyse text."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CONFORMANCE = Path(os.environ.get("NVGPU_LS_CONFORMANCE", ROOT.parent / "shared" / "conformance"))


def conformance_files(pattern: str = "**/*.mlir") -> list[Path]:
    """Upstream's test files under ../shared/conformance (data for measuring, never copied)."""
    base = CONFORMANCE / "mlir" / "test"
    return sorted(base.glob(pattern)) if base.is_dir() else []


needs_conformance = pytest.mark.skipif(
    not (CONFORMANCE / "mlir" / "test").is_dir(),
    reason=f"conformance corpus not found at {CONFORMANCE}",
)


def analyse(text: str) -> Document:
    return Document(text)


def messages(doc: Document) -> list[str]:
    return [d.message for d in doc.diagnostics()]
