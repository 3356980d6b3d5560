"""Which analysis core a bench measures: a figure taken while the compiled core is not in use
(a source edited since ``pip install -e .``, no compiler at build time) is the pure-Python one,
two to three times slower, and must not be mistaken for the other."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nvgpu_ls import _compiled  # noqa: E402


def core_in_use() -> str:
    """``compiled``, or ``pure Python (<why>)``: what ``nvgpu-ls`` processes started now run."""
    if not _compiled.compiled_present():
        return "pure Python (the core was not compiled)"
    reason = _compiled.use_sources()
    return "compiled" if reason is None else f"pure Python ({reason})"


def say_core() -> str:
    """Print which core is measured (a warning to stderr when it is not the compiled one); return it."""
    core = core_in_use()
    print(f"analysis core: {core}")
    if core != "compiled":
        print("warning: these are not the compiled core's figures; run `pip install -e .` first",
              file=sys.stderr)
    return core
