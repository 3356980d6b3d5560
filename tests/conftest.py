"""Shared test helpers: where the conformance corpus is, and a quick way to analyse text."""

from __future__ import annotations

import ast
import os
from functools import lru_cache
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


SERVER_DRIVERS = frozenset({"run_session", "LspSession", "RawClient", "run_stress"})
"""What a test uses to drive the real server process (``tests/lsp_support.py``, the stress client)."""
E2E_MODULES = ("_e2e", "neovim", "vscode")
"""Module names of tests that drive a real editor or client as a whole."""


@lru_cache(maxsize=None)
def server_driving_functions(path: str) -> frozenset[str]:
    """The module-level functions of a test file that drive the real server: those that name one
    of ``SERVER_DRIVERS``, and those that call (or take as a fixture) one that does."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    names: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            used |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
            used |= {arg.arg for arg in node.args.args}
            names[node.name] = used
    driving = {name for name, used in names.items() if used & SERVER_DRIVERS}
    while True:
        more = {name for name, used in names.items() if name not in driving and used & driving}
        if not more:
            return frozenset(driving)
        driving |= more


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tiers (docs/testing.md): ``e2e`` for a test that drives the real server or an
    editor, found from its code; ``unit`` for every test that is neither ``e2e`` nor ``native``.
    ``slow`` and ``native`` are written in the test modules (``pytestmark``)."""
    for item in items:
        path = str(item.path)
        function = getattr(item, "originalname", item.name)
        if any(part in item.path.stem for part in E2E_MODULES) or function in server_driving_functions(path):
            item.add_marker(pytest.mark.e2e)
        if not any(any(item.iter_markers(name)) for name in ("e2e", "native")):
            item.add_marker(pytest.mark.unit)


def analyse(text: str) -> Document:
    return Document(text)


def messages(doc: Document) -> list[str]:
    return [d.message for d in doc.diagnostics()]


REALWORLD = ROOT.parent / "shared" / "realworld"


def realworld_launch_files() -> list[tuple[Path, dict]]:
    """The real-world files that ``mlir-opt-22`` reads and that hold a ``gpu.launch``."""
    from nvgpu_ls.ptx.differential import realworld_launch_files as listed

    return listed(REALWORLD)
