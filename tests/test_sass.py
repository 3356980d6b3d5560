"""SASS (nvgpu_ls/ptx/sass.py and the preview's ``sass`` option): nvdisasm's listing parsed
into kernels with the source line of each instruction; every real-world kernel upstream
compiles gives SASS through ``nvgpu-ls sass``; each kernel's resources equal what
``cuobjdump --dump-resource-usage`` says of the same cubin; missing tools are named with the
package that provides them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nvgpu_ls.lowering.engine import LoweringOptions
from nvgpu_ls.ptx import find_ptxas
from nvgpu_ls.ptx.differential import realworld_kernel_files
from nvgpu_ls.ptx.pipeline import Problem, ptxas_output
from nvgpu_ls.ptx.preview import PreviewOptions, kernel_reports, preview_ptx
from nvgpu_ls.ptx.sass import NVDISASM_MISSING, disassemble, find_cuda_tool, parse_nvdisasm, resource_usage
from nvgpu_ls.verify import CheckOptions

from .conftest import DATA, REALWORLD

LISTING = """\
\t.target\tsm_90a

//--------------------- .text.first            --------------------------
\t.section\t.text.first,"ax",@progbits
first:
\t//## File "/src/k.mlir", line 12
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   S2R R0, SR_TID.X ;
\t//## File "/other/helper.mlir", line 3
        /*0020*/                   EXIT ;
//--------------------- .text.second --------------------------
second:
        /*0000*/                   NOP ;
\t//## File "/src/k.mlir", line 40
        /*0010*/                   BRA `(.L_x_0) ;
"""


def test_listing_is_split_per_kernel_with_each_instructions_line_of_the_file():
    first, second = parse_nvdisasm(LISTING, "/src/k.mlir")
    assert first.name == "first" and second.name == "second"
    assert [(i.offset, i.text, i.source_line) for i in first.instructions] == [
        (0, "LDC R1, c[0x0][0x28] ;", 11), (16, "S2R R0, SR_TID.X ;", 11), (32, "EXIT ;", None)]
    assert [i.source_line for i in second.instructions] == [None, 39]
    assert first.per_source_line() == {11: 2}


def test_a_missing_nvdisasm_is_named_with_its_package(monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setitem(sys.modules, "nvidia", None)
    assert find_cuda_tool("nvdisasm") is None
    found = disassemble(b"\0", "k.mlir")
    assert isinstance(found, Problem) and found.message == NVDISASM_MISSING
    assert "pip install nvidia-cuda-nvdisasm" in NVDISASM_MISSING


def test_a_relative_tool_path_is_never_used(tmp_path):
    assert find_cuda_tool("nvdisasm", "nvdisasm") is None
    assert find_cuda_tool("nvdisasm", str(tmp_path / "missing")) is None


TOOLS = find_ptxas() is not None and find_cuda_tool("nvdisasm") is not None
needs_tools = pytest.mark.skipif(not TOOLS, reason="needs ptxas and nvdisasm (pip install nvidia-cuda-nvdisasm)")
REALWORLD_KERNELS = realworld_kernel_files(REALWORLD)


@needs_tools
@pytest.mark.skipif(not REALWORLD_KERNELS, reason="../shared/realworld is absent")
@pytest.mark.parametrize("path, target", REALWORLD_KERNELS, ids=[p.name for p, _ in REALWORLD_KERNELS])
def test_every_real_world_kernel_gives_sass_mapped_to_its_source(path, target):
    done = subprocess.run([sys.executable, "-m", "nvgpu_ls", "sass", "--target", target, "--format", "json", str(path)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    kernels = [k for report in answer["ptxasReport"] for k in report["kernels"]]
    assert kernels and all(report["ok"] for report in answer["ptxasReport"])
    assert answer["sass"].count("// gpu.module @") == len(kernels)
    lines = path.read_text(encoding="utf-8").splitlines()
    per_line = dict(answer["instructionsPerLine"])
    assert sum(per_line.values()) == len(answer["mapping"]) > 0
    # the instructions come from the kernel's ops (inside the gpu.launch / gpu.func), not the host's
    assert any("nvgpu.mma" in lines[line] for line in per_line)
    assert all("func.func" not in lines[line] and "memref.alloc" not in lines[line] for line in per_line)


def _cubin_and_reports(path, target):
    preview = preview_ptx(path.read_text(encoding="utf-8"), str(path),
                          PreviewOptions(lowering=LoweringOptions(check=CheckOptions(target=target))))
    for module in preview.modules:
        done = ptxas_output(module.ptx, module.chip, verbose=True, keep_cubin=True)
        assert done.returncode == 0, done.text
        yield module.chip, done.cubin, kernel_reports(done, module.ptx, module.chip)


RESOURCE_CASES = [(p, t) for p, t in REALWORLD_KERNELS] + [
    (DATA / "ptx" / name, None) for name in ("hopper_gemm_sm90a.mlir", "ampere_gemm_sm80.mlir",
                                             "tma_store_reduce_sm90.mlir", "mbarrier_phases_sm80.mlir")]


@needs_tools
@pytest.mark.skipif(find_cuda_tool("cuobjdump") is None, reason="needs cuobjdump (pip install nvidia-cuda-cuobjdump)")
@pytest.mark.parametrize("path, target", RESOURCE_CASES, ids=[p.name for p, _ in RESOURCE_CASES])
def test_resources_equal_what_cuobjdump_says_of_the_same_cubin(path, target):
    for chip, cubin, reports in _cubin_and_reports(path, target):
        usage = resource_usage(cubin)
        assert not isinstance(usage, Problem), usage
        assert {r.name for r in reports} == set(usage)
        for report in reports:
            found = usage[report.name]
            # from sm_90 on the cubin's shared size counts the 1 KiB the driver reserves per block
            reserved = 1024 if int(chip[3:].rstrip("af")) >= 90 else 0
            assert (report.registers, report.stack_bytes, report.shared_bytes + reserved) == \
                (found["REG"], found["STACK"], found["SHARED"]), (report, found)
            if report.constant_bytes is not None:
                assert report.constant_bytes == found["CONSTANT[0]"]
            assert report.spill_stores == report.spill_loads == found["LOCAL"] == 0 or found["LOCAL"] > 0


@needs_tools
def test_the_preview_counts_the_sass_instructions_of_each_source_line():
    path = DATA / "ptx" / "hopper_gemm_sm90a.mlir"
    lines = path.read_text(encoding="utf-8").splitlines()
    preview = preview_ptx(path.read_text(encoding="utf-8"), str(path), PreviewOptions(sass=True))
    per_line = preview.sass_per_line()
    wgmma = next(i for i, line in enumerate(lines) if "nvgpu.warpgroup.mma %" in line)
    assert per_line[wgmma] >= 2
    text, mapping = preview.sass_listing()
    hgmma = text.count("HGMMA.64x64x16.F32")  # 8 per K step; the K loop may be unrolled
    assert hgmma >= 8 and hgmma % 8 == 0
    listing = text.splitlines()
    # ptxas's line info gives each K step's first HGMMA to the wgmma op and may give the rest,
    # scheduled with the loop's own instructions, to the scf.for holding it
    loop = next(i for i, line in enumerate(lines) if "scf.for" in line)
    hgmma_lines = [m.source_line for m in mapping if "HGMMA" in listing[m.ptx_line]]
    assert len(hgmma_lines) == hgmma and set(hgmma_lines) <= {wgmma, loop} and wgmma in hgmma_lines
    [kernel] = [k for r in preview.ptxas for k in r.kernels]
    assert kernel.occupancy is not None and kernel.summary().startswith("90 regs · 0 spills · 25 KiB smem · 5 blocks/SM")
