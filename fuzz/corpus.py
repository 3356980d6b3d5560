"""The seeds: every ``.mlir`` under ``tests/data`` and ``../shared/conformance`` (skipped when missing)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE = Path(os.environ.get("NVGPU_LS_CONFORMANCE", ROOT.parent / "shared" / "conformance"))


def decode(data: bytes) -> str:
    """Bytes as the server and ``cli.read_source`` see them: UTF-8, invalid bytes replaced."""
    return data.decode("utf-8", errors="replace")


def seed_files() -> list[Path]:
    found: list[Path] = []
    for base in (ROOT / "tests" / "data", CONFORMANCE):
        if base.is_dir():
            found.extend(sorted(base.glob("**/*.mlir")))
    return found


def seeds(max_bytes: int = 400_000) -> list[str]:
    """The seed texts (files over ``max_bytes`` skipped, so that one seed cannot eat the budget)."""
    texts: list[str] = []
    for path in seed_files():
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if len(data) <= max_bytes:
            texts.append(decode(data))
    if not texts:
        texts.append("func.func @f() {\n  return\n}\n")
    return texts
