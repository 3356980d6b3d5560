"""Imports point one way: ARCHITECTURE.md's layer table, read from the document itself, against
every ``import`` in the package (module level or inside a function: a lazy import is still a
dependency)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from .conftest import ROOT

PACKAGE = ROOT / "nvgpu_ls"
OUTSIDE = {"__init__", "__main__"}
"""Top-level modules outside the table: the package's own ``__init__`` and the entry point."""


def layers() -> dict[str, int]:
    """Each top-level module or package of nvgpu_ls and the rank of its layer (0: the lowest)."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    assert block, "ARCHITECTURE.md has no ```layers table"
    ranks: dict[str, int] = {}
    for rank, line in enumerate(block.group(1).strip().splitlines()):
        _, *names = line.split()
        for name in names:
            assert name not in ranks, f"{name} is in two layers"
            ranks[name] = rank
    return ranks


def _top(module: str) -> str:
    """``nvgpu_ls.verify.hazards.index`` → ``verify``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, imported nvgpu_ls module) of every import in ``path``, a module under ``root``."""
    package = list(path.relative_to(root).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
                names = [module] if node.module else [_submodule(root, module, alias.name) for alias in node.names]
            else:
                names = [node.module or ""]
            found += [(node.lineno, name) for name in names if name.startswith("nvgpu_ls")]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("nvgpu_ls")]
    return found


def _submodule(root: Path, package: str, name: str) -> str:
    """``from package import name``: the module ``name`` where there is one, else ``package``."""
    place = root.joinpath(*package.split("."), name)
    return f"{package}.{name}" if place.with_suffix(".py").exists() or place.is_dir() else package


def test_every_top_level_module_is_in_a_layer():
    ranks = layers()
    tops = {path.stem if path.is_file() else path.name for path in PACKAGE.iterdir()
            if (path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists()))}
    assert sorted(tops - set(ranks) - OUTSIDE) == []
    assert sorted(set(ranks) - tops) == [], "the table names modules that do not exist"


def test_no_import_points_to_a_higher_layer():
    ranks = layers()
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = _top(".".join(path.relative_to(ROOT).with_suffix("").parts))
        if path.parent == PACKAGE and path.stem in OUTSIDE:
            continue
        for line, module in _imports(path):
            there = _top(module)
            if there in OUTSIDE or there == here:
                continue
            if ranks[there] > ranks[here]:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {here} imports {module} ({there} is above it)")
    assert wrong == []


def test_the_check_sees_a_lazy_upward_import(tmp_path):
    probe = tmp_path / "nvgpu_ls" / "analysis" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("def f():\n    from ..features import hover\n    from . import ir\n    return hover, ir\n")
    assert _imports(probe, tmp_path) == [(2, "nvgpu_ls.features"), (3, "nvgpu_ls.analysis")]
    assert layers()["features"] > layers()["analysis"]
