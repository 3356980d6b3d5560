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


def every_mlir_file() -> list[Path]:
    """Every ``.mlir`` file the tests read: their own data, then upstream's and the real-world
    files under ``../shared`` where they are."""
    found = sorted(DATA.rglob("*.mlir"))
    for folder in ("conformance", "realworld"):
        if (ROOT.parent / "shared" / folder).is_dir():
            found.extend(sorted((ROOT.parent / "shared" / folder).rglob("*.mlir")))
    return found


needs_conformance = pytest.mark.skipif(
    not (CONFORMANCE / "mlir" / "test").is_dir(),
    reason=f"conformance corpus not found at {CONFORMANCE}",
)


@pytest.fixture(autouse=True)
def _own_check_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with an empty ``--check`` result cache (``nvgpu_ls.result_cache``), its
    child processes too: a finding kept by another test, or by the developer's own runs, would
    stand in for the check a test replaced or changed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))


def analyse(text: str) -> Document:
    return Document(text)


def messages(doc: Document) -> list[str]:
    return [d.message for d in doc.diagnostics()]


REALWORLD = ROOT.parent / "shared" / "realworld"


def realworld_launch_files() -> list[tuple[Path, dict]]:
    """The real-world files that ``mlir-opt-22`` reads and that hold a ``gpu.launch``."""
    from nvgpu_ls.ptx.differential import realworld_launch_files as listed

    return listed(REALWORLD)
