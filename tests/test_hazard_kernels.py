"""The kernels of tests/data/hazards/ (issue 19's cross-op hazards, each the Hopper GEMM of
tests/data/ptx broken one way) as the real toolchain sees them: upstream reads every one,
ptxas refuses only the one over the shared-memory limit (with its own message) and accepts the
rest, whose failures happen when they run (tools/run_kernels_on_gpu.py ran them on an H200:
docs/gpu.md)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from nvgpu_ls.lowering.engine import LoweringOptions
from nvgpu_ls.ptx.pipeline import find_ptxas
from nvgpu_ls.ptx.preview import PreviewOptions, preview_ptx
from nvgpu_ls.verify import CheckOptions

from .conftest import DATA

HAZARDS = sorted((DATA / "hazards").glob("*.mlir"))
MLIR_OPT = shutil.which("mlir-opt-22")


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed (apt-get install -y mlir-22-tools)")
@pytest.mark.parametrize("path", HAZARDS, ids=[p.name for p in HAZARDS])
def test_upstream_reads_every_hazard_kernel(path):
    done = subprocess.run([MLIR_OPT, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(find_ptxas() is None, reason="needs ptxas")
@pytest.mark.parametrize("path", HAZARDS, ids=[p.name for p in HAZARDS])
def test_ptxas_refuses_only_the_kernel_over_the_shared_memory_limit(path):
    # the hazard checks turned off, to ask the toolchain alone (they stop the lowering otherwise)
    options = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(severities={"nvgpu.hazard.*": "off"})),
                             validate=True)
    preview = preview_ptx(path.read_text(encoding="utf-8"), str(path), options)
    [report] = preview.ptxas
    [kernel] = report.kernels
    if path.name == "smem_over_227k.mlir":
        assert not report.ok
        assert any("uses too much shared data" in d.message for d in preview.diagnostics)
        assert kernel.shared_bytes == 250_880 and kernel.occupancy.limited_by == "launch"
    else:
        assert report.ok, report.messages
    if path.name == "smem_static_65k.mlir":
        assert kernel.shared_bytes == 66_560 and kernel.occupancy.blocks_per_sm == 3


def test_every_hazard_kernel_but_the_valid_one_gets_its_hazard_diagnostic():
    from nvgpu_ls.analysis.document import Document
    from nvgpu_ls.verify import check_document

    codes = {path.name: sorted({d.code for d in check_document(Document(path.read_text(encoding="utf-8")))
                                if d.code.startswith("nvgpu.hazard")}) for path in HAZARDS}
    assert codes == {
        "parity_fixed.mlir": ["nvgpu.hazard.phase-parity"],
        "smem_over_227k.mlir": ["nvgpu.hazard.shared-memory"],
        "smem_static_65k.mlir": [],
        "tma_align16.mlir": ["nvgpu.hazard.tma-alignment"],
        "tma_misaligned.mlir": [],  # 128-byte aligned, off the swizzle's 1024: ran exact on the H200
        "tx_bytes_too_few.mlir": ["nvgpu.hazard.tx-bytes"],
        "tx_bytes_too_many.mlir": ["nvgpu.hazard.tx-bytes"],
    }
