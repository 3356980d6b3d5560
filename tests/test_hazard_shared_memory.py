"""``nvgpu.hazard.shared-memory`` (nvgpu_ls/verify/hazards/shared_memory.py): a kernel's static
shared memory, and that plus its launch's dynamic shared memory, against the chip's per-block
maximum with the opt-in — the limits ptxas and an H200's driver enforced on the kernels of
tests/data/hazards/ (docs/gpu.md)."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.chips import chip_limits
from nvgpu_ls.lowering.engine import LoweringOptions
from nvgpu_ls.ptx.pipeline import find_ptxas
from nvgpu_ls.ptx.preview import PreviewOptions, preview_ptx
from nvgpu_ls.verify import CheckOptions, check_document

from .conftest import DATA

CODE = "nvgpu.hazard.shared-memory"


def hazards(text: str, target: str | None = None) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc, CheckOptions(target=target))
            if d.code == CODE]


def test_static_shared_memory_over_the_limit_is_an_error_naming_each_piece():
    text = (DATA / "hazards" / "smem_over_227k.mlir").read_text()
    [(line, found)] = hazards(text)
    assert "gpu.func @gemm_128x64_f16_f32" in text.splitlines()[line]
    assert "needs at least 249,864 bytes" in found.message and "@scratch 225,280" in found.message
    assert "sm_90a (232,448 bytes, 227 KiB, with the opt-in)" in found.message and "ptxas refuses" in found.message
    assert [r.message for r in found.related] == [
        "@tileA: 16,384 bytes of shared memory", "@tileB: 8,192 bytes of shared memory",
        "@scratch: 225,280 bytes of shared memory", "the mbarrier group: 8 bytes of shared memory"]


def test_static_shared_memory_over_48_kib_is_fine():
    assert hazards((DATA / "hazards" / "smem_static_65k.mlir").read_text()) == []


def module(global_kib: int, target: str = 'chip = "sm_90a"', dynamic: str = "%dyn") -> str:
    return f"""\
module attributes {{gpu.container_module}} {{
  gpu.module @kernels [#nvvm.target<{target}>] {{
    memref.global "private" @tile : memref<{global_kib * 256}xf32, 3> {{alignment = 16 : i64}}
    gpu.func @k() kernel {{
      %c0 = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      %tile = memref.get_global @tile : memref<{global_kib * 256}xf32, 3>
      memref.store %f, %tile[%c0] : memref<{global_kib * 256}xf32, 3>
      gpu.return
    }}
  }}
  func.func @host(%n: index) {{
    %c1 = arith.constant 1 : index
    %kib = arith.constant 1024 : index
    %c200 = arith.constant 200 : index
    %c210 = arith.constant 210 : index
    %dyn = arith.muli %c{{KIB}}, %kib : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size {dynamic}
    return
  }}
}}
"""


@pytest.mark.parametrize("kib, dynamic_kib, flagged", [(16, 200, False), (25, 200, False), (25, 210, True)])
def test_static_plus_dynamic_over_the_limit_is_an_error_on_the_launch(kib, dynamic_kib, flagged):
    text = module(kib).replace("%c{KIB}", f"%c{dynamic_kib}")
    found = hazards(text)
    if not flagged:
        assert found == []
        return
    [(line, diagnostic)] = found
    assert "gpu.launch_func" in text.splitlines()[line]
    assert f"dynamic: {dynamic_kib * 1024:,}" in diagnostic.message and "the launch is refused" in diagnostic.message


def test_a_dynamic_size_not_known_leaves_the_launch_alone():
    assert hazards(module(25, dynamic="%n").replace("%c{KIB}", "%c210")) == []


@pytest.mark.parametrize("target, flagged", [('chip = "sm_90a"', False), ('chip = "sm_120a"', True),
                                             ('chip = "sm_86"', True), ('chip = "sm_80"', False)])
def test_each_chip_has_its_own_limit(target, flagged):
    # 100 KiB of static shared memory: within sm_80's 163 KiB and sm_90's 227 KiB, over 99 KiB
    text = module(100, target, dynamic="%n").replace("%c{KIB}", "%c200")
    assert bool(hazards(text)) == flagged


def test_a_module_without_a_target_takes_the_fallback_target():
    text = module(100, 'chip = "sm_90a"', dynamic="%n").replace("%c{KIB}", "%c200")
    text = text.replace(' [#nvvm.target<chip = "sm_90a">]', "")
    assert hazards(text) == [] and hazards(text, "sm_120") != [] and hazards(text, "sm_90a") == []


def test_the_limits_are_the_chips_opt_in_maximum():
    assert [chip_limits(c).max_shared_per_block for c in ("sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120")] == [
        163 * 1024, 99 * 1024, 99 * 1024, 227 * 1024, 227 * 1024, 99 * 1024]


def test_a_gpu_launch_with_too_much_dynamic_shared_memory_is_an_error():
    text = """\
module {
  memref.global "private" @tile : memref<6400xf32, 3>
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %big = arith.constant 215040 : index
    %f = arith.constant 1.0 : f32
    gpu.launch blocks(%a, %b, %c) in (%x = %c1, %y = %c1, %z = %c1) threads(%d, %e, %g) in (%u = %c1, %v = %c1, %w = %c1) dynamic_shared_memory_size %big {
      %tile = memref.get_global @tile : memref<6400xf32, 3>
      memref.store %f, %tile[%c0] : memref<6400xf32, 3>
      gpu.terminator
    }
    return
  }
}
"""
    [(line, found)] = hazards(text, "sm_90a")
    assert "gpu.launch" in text.splitlines()[line] and "25,600" in found.message and "215,040" in found.message


ATTRIBUTION = """\
gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @scratch(%out: memref<64xf32>) workgroup(%buf : memref<SIZExf32, #gpu.address_space<workgroup>>) private(%mine : memref<4096xf32, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %f = arith.constant 1.0 : f32
    memref.store %f, %buf[%tid] : memref<SIZExf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %buf[%c0] : memref<SIZExf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<64xf32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("floats, flagged", [(60_000, True), (50_000, False)])
def test_a_workgroup_attribution_counts_as_static_shared_memory(floats, flagged):
    text = ATTRIBUTION.replace("SIZE", str(floats))
    found = hazards(text)
    assert bool(found) == flagged
    if flagged:
        [(line, diagnostic)] = found
        assert "the workgroup attribution %buf 240,000" in diagnostic.message
        [note] = diagnostic.related
        assert text[note.start:note.end] == "%buf" and "240,000 bytes" in note.message


@pytest.mark.skipif(find_ptxas() is None, reason="needs ptxas")
@pytest.mark.parametrize("floats, refused", [(60_000, True), (50_000, False)])
def test_ptxas_agrees_on_the_attribution(floats, refused):
    options = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(severities={"nvgpu.hazard.*": "off"})),
                             validate=True)
    preview = preview_ptx(ATTRIBUTION.replace("SIZE", str(floats)), "attribution.mlir", options)
    [report] = preview.ptxas
    [kernel] = report.kernels
    assert report.ok != refused and kernel.shared_bytes == floats * 4


def test_a_gpu_launch_s_workgroup_attribution_counts_too():
    text = """\
func.func @host() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  gpu.launch blocks(%a, %b, %c) in (%x = %c1, %y = %c1, %z = %c1) threads(%d, %e, %g) in (%u = %c1, %v = %c1, %w = %c1) workgroup(%tile : memref<70000xf32, #gpu.address_space<workgroup>>) {
    memref.store %f, %tile[%c0] : memref<70000xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
"""
    [(line, found)] = hazards(text, "sm_90a")
    assert "the workgroup attribution %tile 280,000" in found.message
