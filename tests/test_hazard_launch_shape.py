"""``nvgpu.hazard.launch-shape`` (nvgpu_ls/verify/hazards/launch_shape.py): blocks that are not
whole warpgroups for a kernel running ``nvgpu.warpgroup.mma`` — an H200 stopped the Hopper GEMM
launched with 96 threads with CUDA_ERROR_ILLEGAL_INSTRUCTION (docs/gpu.md)."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

from .conftest import DATA

CODE = "nvgpu.hazard.launch-shape"
GEMM = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()


def hazards(text: str) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc) if d.code == CODE]


def host(threads: tuple[str, str, str]) -> str:
    """The GEMM's module inside a host module that launches it with ``threads``."""
    inner = GEMM[GEMM.index("gpu.module @hopper_gemm"):]
    aliases = GEMM[GEMM.index("!tmA = "):GEMM.index("gpu.module @hopper_gemm")]
    return f"""{aliases}module attributes {{gpu.container_module}} {{
{inner}
  func.func @host(%a: !tmA, %b: !tmB, %c: memref<1024x1024xf32>, %n: index) {{
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @hopper_gemm::@gemm_128x64_f16_f32 blocks in (%c8, %c16, %c1) threads in ({threads[0]}, {threads[1]}, {threads[2]}) args(%a : !tmA, %b : !tmB, %c : memref<1024x1024xf32>)
    return
  }}
}}
"""


@pytest.mark.parametrize("threads, flagged", [
    (("%c96", "%c1", "%c1"), True),
    (("%c32", "%c1", "%c1"), True),
    (("%c128", "%c1", "%c1"), False),
    (("%c64", "%c2", "%c1"), False),   # 128 threads in two dimensions
    (("%c32", "%c2", "%c2"), False),
    (("%n", "%c1", "%c1"), False),     # not a constant: silent
])
def test_launches_of_a_warpgroup_kernel_need_whole_warpgroups(threads, flagged):
    text = host(threads)
    found = hazards(text)
    assert bool(found) == flagged
    if flagged:
        [(line, diagnostic)] = found
        assert "gpu.launch_func" in text.splitlines()[line] and "not a multiple of 128" in diagnostic.message
        assert "illegal instruction" in diagnostic.message
        assert Document(text).text[diagnostic.related[0].start:].startswith("nvgpu.warpgroup.mma")


def test_the_kernel_alone_is_not_flagged():
    assert hazards(GEMM) == []


def test_a_known_block_size_that_is_not_whole_warpgroups_is_an_error():
    text = GEMM.replace(") kernel {", ") kernel attributes {known_block_size = array<i32: 96, 1, 1>} {")
    [(line, found)] = hazards(text)
    assert "gpu.func @gemm" in text.splitlines()[line] and "known_block_size" in found.message
    fine = GEMM.replace(") kernel {", ") kernel attributes {known_block_size = array<i32: 128, 1, 1>} {")
    assert hazards(fine) == []


def test_a_kernel_without_warpgroup_ops_may_have_any_block():
    text = """\
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c96, %c1, %c1)
    return
  }
}
"""
    doc = Document(text)
    assert not [d for d in check_document(doc) if d.severity.name == "ERROR"]
    assert hazards(text) == []
    assert hazards(text.replace("      gpu.return", "      %acc = nvgpu.warpgroup.mma.init.accumulator -> "
                                "!nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>\n      gpu.return")) == []


@pytest.mark.parametrize("threads, flagged", [("%c96", True), ("%c256", False)])
def test_a_gpu_launch_running_a_warpgroup_op_needs_whole_warpgroups(threads, flagged):
    text = f"""\
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
module attributes {{gpu.container_module}} {{
  func.func @host(%dA: !descA, %dB: !descB) {{
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %c256 = arith.constant 256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = {threads}, %v = %c1, %w = %c1) {{
      %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %r = nvgpu.warpgroup.mma %dA, %dB, %acc : !descA, !descB, !acc -> !acc
      gpu.terminator
    }}
    return
  }}
}}
"""
    found = hazards(text)
    assert bool(found) == flagged
    if flagged:
        assert "gpu.launch" in text.splitlines()[found[0][0]] and "96 threads (3 warps)" in found[0][1].message
