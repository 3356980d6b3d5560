"""PTX of kernels written as ``gpu.launch`` (issue 18): outlined first, then lowered by either
engine; the PTX's ``.loc`` lines and the preview's mapping name the lines inside the launch, and
ptxas accepts every real-world launch kernel upstream reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nvgpu_ls.lowering.engine import LoweringOptions
from nvgpu_ls.ptx.differential import launch_cases
from nvgpu_ls.ptx.pipeline import find_ptxas
from nvgpu_ls.ptx.preview import PreviewOptions, PreviewService
from nvgpu_ls.verify import CheckOptions

from .conftest import REALWORLD

pytest.importorskip("torch_mlir", reason="the PTX preview needs the torch-mlir bindings")
pytest.importorskip("llvmlite", reason="the PTX preview needs llvmlite")

PATH = "/work/kernels/launch.mlir"
KERNEL = """\
func.func @host(%m: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%tx] : memref<?xf32>
    memref.store %v, %m[%bx] : memref<?xf32>
    gpu.terminator
  }
  return
}
"""
SM80 = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(target="sm_80")))


@pytest.fixture(scope="module")
def service():
    with PreviewService() as made:
        yield made


@pytest.mark.parametrize("engine", ["builtin", "upstream"])
def test_a_launch_kernel_previews_with_its_lines_at_the_launch_body(service: PreviewService, engine: str) -> None:
    preview = service.preview(KERNEL, PATH, PreviewOptions(lowering=SM80.lowering, engine=engine))
    assert preview.ptx is not None, [d.message for d in preview.diagnostics]
    assert [m.name for m in preview.modules] == ["host_kernel"]
    lines = preview.ptx.splitlines()
    load = next(i for i, line in enumerate(lines) if line.strip().startswith("ld.global"))
    store = next(i for i, line in enumerate(lines) if line.strip().startswith("st.global"))
    mapped = {m.ptx_line: m.source_line for m in preview.mapping}
    assert mapped[load] == 5 and mapped[store] == 6  # the memref.load / memref.store lines
    locs = {int(m.group(1)) for m in re.finditer(r"\.loc\s+\d+\s+(\d+)", preview.ptx)}
    assert locs <= {4, 6, 7, 8}  # the launch, the load, the store, the terminator (1-based)


def test_a_launch_that_cannot_be_outlined_is_a_diagnostic_at_the_launch(service: PreviewService) -> None:
    text = KERNEL.replace("memref.store %v, %m[%bx]", "memref.store %v, %m[%nowhere]")
    preview = service.preview(text, PATH, SM80)
    assert preview.ptx is None
    codes = {d.code for d in preview.diagnostics}
    assert "lowering.outline" in codes
    [outline] = [d for d in preview.diagnostics if d.code == "lowering.outline"]
    assert text[outline.start:outline.end] == "gpu.launch"


def _compilable_launch_files() -> list[tuple[Path, str]]:
    """(file, chip) of each real-world launch kernel upstream compiles as it is written."""
    return [(Path(case.path), case.target) for case in launch_cases(REALWORLD)]


@pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")
@pytest.mark.parametrize("engine", ["builtin", "upstream"])
def test_every_real_world_launch_kernel_gives_ptx_that_ptxas_accepts(service: PreviewService, engine: str) -> None:
    files = _compilable_launch_files()
    if not files:
        pytest.skip("../shared/realworld is not here")
    for path, chip in files:
        options = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(target=chip)), engine=engine,
                                 validate=True, timeout=300)
        preview = service.preview(path.read_text(), str(path), options)
        assert preview.ptx is not None, (path, [d.message for d in preview.diagnostics])
        assert preview.ptxas and all(report.ok for report in preview.ptxas), (path, preview.ptxas)
        assert all(report.kernels for report in preview.ptxas), path
