"""The op registry generated from upstream's ODS: reproducible, complete, and the only source of
op structure (the project's words sit beside it, keyed by op name)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from nvgpu_ls.dialects import ALL_OPS
from nvgpu_ls.dialects.ods import DATA, registry
from nvgpu_ls.dialects.overlay import WORDS

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "tools" / "generate_registry.py"
INCLUDE = Path("/usr/lib/llvm-22/include/mlir")

needs_tblgen = pytest.mark.skipif(shutil.which("llvm-tblgen-22") is None or not INCLUDE.is_dir(),
                                  reason="llvm-tblgen-22 (Debian llvm-22) and libmlir-22-dev are needed")


@needs_tblgen
def test_the_generator_gives_the_same_bytes_twice_and_they_are_the_committed_registry(tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    for out in (first, second):
        subprocess.run([sys.executable, str(GENERATOR), "--output", str(out)], check=True, capture_output=True,
                       timeout=600)
    assert first.read_bytes() == second.read_bytes()
    if registry().about.get("newer_ops_from") != _installed_bindings():
        pytest.skip("the installed torch-mlir is not the one the registry recorded its newer ops from")
    assert first.read_bytes() == DATA.read_bytes(), "regenerate with tools/generate_registry.py and review the diff"


def _installed_bindings() -> str:
    try:
        return f"torch-mlir {version('torch-mlir')}"
    except PackageNotFoundError:
        return ""


def test_every_dialect_a_kernel_file_holds_is_described_completely() -> None:
    ods = registry()
    for dialect in ("builtin", "func", "arith", "math", "index", "affine", "scf", "cf", "memref", "vector", "gpu",
                    "llvm", "nvvm", "nvgpu", "linalg", "tensor", "bufferization", "transform"):
        assert ods.is_described(dialect), dialect
        assert any(name.startswith(dialect + ".") for name in ods.ops), dialect


def test_other_upstream_dialects_are_known_by_their_op_names() -> None:
    ods = registry()
    assert "tosa.add" in ods.known_op_names("tosa")
    assert "spirv.module" in ods.known_op_names("spirv")
    assert not ods.is_described("tosa")


def test_generated_ops_carry_upstreams_constraints_and_formats() -> None:
    addi = ALL_OPS["arith.addi"]
    assert [o.constraint for o in addi.operands] == ["SignlessIntegerOrIndexLike"] * 2
    assert registry().constraint("SignlessIntegerOrIndexLike")["summary"] == "signless-integer-like"
    assert addi.formats == ("$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)",)
    assert "SameOperandsAndResultType" in addi.traits
    loop = ALL_OPS["scf.for"]
    assert loop.parser == "custom" and "SingleBlockImplicitTerminator<scf.yield>" in loop.traits
    assert [r.name for r in loop.regions] == ["region"]


def test_the_overlay_only_names_ops_the_registry_has() -> None:
    assert [name for name in WORDS if name not in ALL_OPS] == []


def test_nvvm_requirements_come_from_the_overlay() -> None:
    wgmma = ALL_OPS["nvvm.wgmma.mma_async"]
    assert wgmma.requirement is not None and wgmma.requirement.sm == "sm_90a"
    assert wgmma.operands and wgmma.operands[0].constraint  # structure from the registry
