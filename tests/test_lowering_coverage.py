"""Every nvgpu op the facts table knows has a lowering pattern, and each family has its own tests."""

from __future__ import annotations

from pathlib import Path

from nvgpu_ls.dialects.nvgpu import NVGPU_OPS
from nvgpu_ls.lowering.patterns import PATTERNS

TESTS = Path(__file__).resolve().parent


def test_every_nvgpu_op_has_a_pattern():
    missing = sorted(name for name in NVGPU_OPS if name not in PATTERNS)
    assert not missing, f"nvgpu ops without a lowering pattern: {missing}"


def test_every_pattern_is_exercised_by_a_lowering_test():
    sources = "\n".join(path.read_text() for path in TESTS.glob("test_lowering_*.py"))
    sources += "\n".join(path.read_text() for path in (TESTS / "data" / "lowering").glob("*.mlir"))
    untested = sorted(name for name in PATTERNS if name.startswith("nvgpu.") and name not in sources)
    assert not untested, f"patterns no lowering test or lowering kernel mentions: {untested}"
