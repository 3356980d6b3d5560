"""``nvgpu.hazard.tma-alignment`` (nvgpu_ls/verify/hazards/alignment.py): a TMA load into a global
declared below 128-byte alignment — the GEMM of tests/data/hazards/tma_align16.mlir stopped on an
H200 with CUDA_ERROR_MISALIGNED_ADDRESS; 128-byte aligned but off a swizzle's 1024-byte pattern
it ran exact (tma_misaligned.mlir), so that is not flagged."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import check_document

from .conftest import DATA

CODE = "nvgpu.hazard.tma-alignment"
GEMM = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()


def hazards(text: str) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc) if d.code == CODE]


def test_a_destination_declared_below_128_bytes_is_a_warning_on_the_load():
    text = (DATA / "hazards" / "tma_align16.mlir").read_text()
    [(line, found)] = hazards(text)
    assert "nvgpu.tma.async.load %mapA" in text.splitlines()[line]
    assert found.severity == Severity.WARNING and "declared aligned to 16 bytes" in found.message
    assert "misaligned address" in found.message
    assert "@tileA" in text.splitlines()[Document(text).lines.line_of(found.related[0].start)]


@pytest.mark.parametrize("alignment, flagged", [(64, True), (128, False), (256, False), (1024, False)])
def test_the_declared_alignment_decides(alignment, flagged):
    text = GEMM.replace("@tileB : memref<64x64xf16, 3> {alignment = 1024 : i64}",
                        f"@tileB : memref<64x64xf16, 3> {{alignment = {alignment} : i64}}")
    assert bool(hazards(text)) == flagged


def test_off_the_swizzle_pattern_but_128_byte_aligned_is_silent():
    assert hazards((DATA / "hazards" / "tma_misaligned.mlir").read_text()) == []


def test_a_global_without_a_declared_alignment_is_left_alone():
    text = GEMM.replace("@tileB : memref<64x64xf16, 3> {alignment = 1024 : i64}", "@tileB : memref<64x64xf16, 3>")
    assert hazards(text) == []
