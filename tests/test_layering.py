"""The package's dependencies point one way: analysis ← dialects ← verify ← lowering ← ptx ←
features (← server, cli). A module may import from its own layer or the ones to its left, never
from one to its right; the package root wires the default op registry into the analysis layer."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "nvgpu_ls"
LAYERS = ("analysis", "dialects", "verify", "lowering", "ptx", "features")


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports from, as an absolute dotted name."""
    package = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)[:-1]  # an __init__'s too
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            found.append(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def _layer(dotted: str) -> int | None:
    parts = dotted.split(".")
    if len(parts) < 2 or parts[0] != "nvgpu_ls" or parts[1] not in LAYERS:
        return None
    return LAYERS.index(parts[1])


def test_no_layer_imports_a_layer_above_it() -> None:
    wrong = []
    for name in LAYERS:
        for path in sorted((PACKAGE / name).rglob("*.py")):
            mine = LAYERS.index(name)
            for target in _imports(path):
                theirs = _layer(target)
                if theirs is not None and theirs > mine:
                    wrong.append(f"{path.relative_to(PACKAGE.parent)} imports {target}")
    assert not wrong, "\n".join(wrong)


def test_the_analysis_layer_knows_no_op_facts_table() -> None:
    """The parser reads op facts through the registry it is given (or the package's default)."""
    for path in sorted((PACKAGE / "analysis").rglob("*.py")):
        assert not any(t.startswith("nvgpu_ls.dialects") for t in _imports(path)), path
