"""The PTX preview: lowering, the long-lived native worker, .loc mapping, ptxas reports, the
cache, input checks that spare native code, and faults in the worker."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nvgpu_ls.lowering.engine import LoweringOptions
from nvgpu_ls.lowering.native import NativeWorker
from nvgpu_ls.lowering.native_worker import FAULT_VARIABLE
from nvgpu_ls.ptx.pipeline import find_ptxas
from nvgpu_ls.ptx.preview import NVPTX_CHIPS, PreviewOptions, PreviewService, PtxPreview, preview_ptx
from nvgpu_ls.verify import CheckOptions

pytest.importorskip("torch_mlir", reason="the PTX preview needs the torch-mlir bindings")
pytest.importorskip("llvmlite", reason="the PTX preview needs llvmlite")

PATH = "/work/kernels/copy.mlir"
KERNEL = """\
gpu.module @copy [#nvvm.target<chip = "sm_80", features = "+ptx71">] {
  gpu.func @stage(%src: memref<128xf32>) workgroup(%dst: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %i = gpu.thread_id x
    %t = nvgpu.device_async_copy %src[%i], %dst[%i], 4 {bypassL1}
        : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g
    gpu.return
  }
}
"""
COPY_LINE = 4
"""0-based line of the nvgpu.device_async_copy."""


@pytest.fixture
def service():
    with PreviewService() as made:
        yield made


def _lines_of(preview: PtxPreview, instruction: str) -> list[int]:
    assert preview.ptx is not None, [d.message for d in preview.diagnostics]
    return [i for i, line in enumerate(preview.ptx.splitlines()) if instruction in line]


def _mapped(preview: PtxPreview) -> dict[int, tuple[int, int]]:
    return {m.ptx_line: (m.source_line, m.source_column) for m in preview.mapping}


# ---------------------------------------------------------------------------- the preview
@pytest.mark.parametrize("engine", ["builtin", "upstream"])
def test_cp_async_kernel_previews_with_its_line_mapped_to_the_source_op(service: PreviewService, engine: str) -> None:
    preview = service.preview(KERNEL, PATH, PreviewOptions(engine=engine))
    assert not preview.diagnostics, [d.message for d in preview.diagnostics]
    assert preview.ptx.startswith("// gpu.module @copy: sm_80 (+ptx71), O3\n")
    assert ".target sm_80\n" in preview.ptx  # line info only: no ", debug" (ptxas would compile for a debugger)
    assert re.findall(r'\.file\s+\d+\s+"([^"]*)"', preview.ptx) == [PATH]
    [copy] = _lines_of(preview, "cp.async.cg.shared.global")
    mapped = _mapped(preview)
    line, column = mapped[copy]
    assert line == COPY_LINE
    assert KERNEL.splitlines()[line][column:].startswith(("%t = nvgpu.device_async_copy", "nvgpu.device_async_copy"))
    [wait] = _lines_of(preview, "cp.async.wait_group")
    assert mapped[wait][0] == COPY_LINE + 3
    assert [m.name for m in preview.modules] == ["copy"] and preview.modules[0].chip == "sm_80"
    json = preview.to_json()
    assert set(json) == {"ptx", "mapping", "ptxasReport", "modules", "cached"}
    assert [copy, COPY_LINE, column] in json["mapping"]


def test_every_mapped_line_follows_a_loc(service: PreviewService) -> None:
    preview = service.preview(KERNEL, PATH)
    lines = preview.ptx.splitlines()
    for mapping in preview.mapping:
        before = [line for line in lines[:mapping.ptx_line] if line.strip().startswith(".loc")]
        assert before and not lines[mapping.ptx_line].strip().startswith(".loc")
        assert f" {mapping.source_line + 1} " in before[-1]


def test_progress_names_each_stage(service: PreviewService) -> None:
    seen: list[str] = []
    service.preview(KERNEL, PATH, progress=seen.append)
    assert seen[0] == "lowering (builtin)"
    assert {"parse", "lower-to-llvm", "translate-to-llvmir @copy", "llvm-codegen @copy"} <= set(seen)


def test_a_second_preview_of_the_same_text_is_cached(service: PreviewService) -> None:
    first = service.preview(KERNEL, PATH)
    assert not first.cached
    started = time.perf_counter()
    second = service.preview(KERNEL, PATH)
    assert time.perf_counter() - started < 0.05
    assert second.cached and second.ptx == first.ptx and second.mapping == first.mapping
    assert not service.preview(KERNEL, PATH, PreviewOptions(engine="upstream")).cached
    assert not service.preview(KERNEL + "\n", PATH).cached


def test_the_worker_is_reused_between_previews(service: PreviewService) -> None:
    service.preview(KERNEL, PATH)
    service.preview(KERNEL.replace("4 {bypassL1}", "4"), PATH)
    assert service.worker.starts == 1


def test_one_shot_preview() -> None:
    preview = preview_ptx(KERNEL, PATH)
    assert preview.ptx and "cp.async.cg.shared.global" in preview.ptx


# ---------------------------------------------------------------------------- ptxas
@pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")
def test_validation_reports_each_kernels_resources(service: PreviewService) -> None:
    preview = service.preview(KERNEL, PATH, PreviewOptions(validate=True))
    assert not preview.diagnostics, [d.message for d in preview.diagnostics]
    [report] = preview.ptxas
    assert report.ok and report.module == "copy" and report.chip == "sm_80"
    [kernel] = report.kernels
    assert kernel.name == "stage"
    assert kernel.registers and kernel.registers > 0
    assert kernel.spill_stores == 0 and kernel.spill_loads == 0 and kernel.stack_bytes == 0
    assert kernel.shared_bytes is not None
    assert preview.to_json()["ptxasReport"][0]["kernels"][0]["registers"] == kernel.registers


def _fake_ptxas(folder: Path) -> str:
    """A ptxas that rejects the first cp.async.cg line of the PTX it is given."""
    script = folder / "ptxas"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "path = next(a for a in sys.argv[1:] if a.endswith('.ptx'))\n"
        "lines = open(path).read().splitlines()\n"
        "n = next(i for i, l in enumerate(lines, 1) if 'cp.async.cg' in l)\n"
        "print(f\"ptxas {path}, line {n}; error   : Feature 'cp.async' not supported here\")\n"
        "print('ptxas fatal   : Ptx assembly aborted due to errors')\n"
        "sys.exit(255)\n")
    script.chmod(0o755)
    return str(script)


def test_a_ptxas_error_is_a_diagnostic_on_the_source_line(service: PreviewService, tmp_path: Path) -> None:
    preview = service.preview(KERNEL, PATH, PreviewOptions(validate=True, ptxas_path=_fake_ptxas(tmp_path)))
    [report] = preview.ptxas
    assert not report.ok and any("not supported" in m for m in report.messages)
    [diagnostic] = [d for d in preview.diagnostics if d.code == "ptx.ptxas"]
    assert diagnostic.source == "nvgpu-ls.ptx"
    assert "Feature 'cp.async' not supported" in diagnostic.message
    line_start = KERNEL.index("    %t = nvgpu.device_async_copy")
    assert line_start <= diagnostic.start < KERNEL.index("\n", line_start)
    [copy] = _lines_of(preview, "cp.async.cg")
    assert f"PTX line {copy + 1}" in diagnostic.message


def test_a_missing_ptxas_names_the_package(service: PreviewService, tmp_path: Path) -> None:
    preview = service.preview(KERNEL, PATH, PreviewOptions(validate=True, ptxas_path=str(tmp_path / "none")))
    [diagnostic] = preview.diagnostics
    assert diagnostic.code == "ptx.ptxas" and "pip install nvidia-cuda-nvcc" in diagnostic.message
    assert preview.ptx  # the PTX is still shown


# ---------------------------------------------------------------------------- checked before native code
def _no_native(service: PreviewService, text: str, options: PreviewOptions | None = None) -> list:
    preview = service.preview(text, PATH, options)
    assert service.worker.starts == 0
    assert preview.ptx is None
    return preview.diagnostics


def test_a_module_without_a_target_is_a_diagnostic(service: PreviewService) -> None:
    text = KERNEL.replace(' [#nvvm.target<chip = "sm_80", features = "+ptx71">]', "")
    [diagnostic] = _no_native(service, text, PreviewOptions(engine="upstream"))
    assert diagnostic.code == "ptx.target" and "has no target" in diagnostic.message
    assert text[diagnostic.start:diagnostic.end] == "gpu.module"


def test_the_fallback_target_is_used(service: PreviewService) -> None:
    text = KERNEL.replace(' [#nvvm.target<chip = "sm_80", features = "+ptx71">]', "")
    options = PreviewOptions(lowering=LoweringOptions(check=CheckOptions(target="sm_86")))
    preview = service.preview(text, PATH, options)
    assert preview.modules and preview.modules[0].chip == "sm_86"


def test_an_unknown_chip_is_a_diagnostic(service: PreviewService) -> None:
    [diagnostic] = _no_native(service, KERNEL.replace("sm_80", "sm_99"))
    assert diagnostic.code == "ptx.target" and "unknown chip 'sm_99'" in diagnostic.message


def test_a_ptx_version_nvptx_cannot_emit_is_a_diagnostic(service: PreviewService) -> None:
    [diagnostic] = _no_native(service, KERNEL.replace("+ptx71", "+ptx99"))
    assert diagnostic.code == "ptx.target" and "PTX ISA 9.9" in diagnostic.message


def test_a_file_without_gpu_module_is_a_diagnostic(service: PreviewService) -> None:
    [diagnostic] = _no_native(service, "func.func @f() {\n  return\n}\n")
    assert diagnostic.code == "ptx.no-gpu-module"


def test_an_unknown_engine_is_a_diagnostic(service: PreviewService) -> None:
    [diagnostic] = _no_native(service, KERNEL, PreviewOptions(engine="nvcc"))
    assert diagnostic.code == "ptx.options"


def test_nvptx_chips_are_llvmlites() -> None:
    script = ("import llvmlite.binding as b\nb.initialize_all_targets()\nb.initialize_all_asmprinters()\n"
              "m = b.Target.from_triple('nvptx64-nvidia-cuda').create_target_machine(cpu='help')\n"
              "m.emit_assembly(b.parse_assembly('target triple = \"nvptx64-nvidia-cuda\"'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60, text=True)
    listed = (done.stdout + done.stderr).split("Available features")[0]
    assert set(re.findall(r"^\s+(sm_\w+)\s+-", listed, re.M)) == NVPTX_CHIPS


# ---------------------------------------------------------------------------- faults
def test_a_native_abort_names_the_stage_and_the_next_preview_works(service: PreviewService,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_VARIABLE, "llvm-codegen:abort")
    crashed = service.preview(KERNEL, PATH)
    assert crashed.ptx is None
    [diagnostic] = crashed.diagnostics
    assert diagnostic.code == "ptx.llvm-codegen"
    assert "crashed (SIGABRT)" in diagnostic.message and "'llvm-codegen'" in diagnostic.message
    assert KERNEL[diagnostic.start:diagnostic.end] == "gpu.module"
    monkeypatch.delenv(FAULT_VARIABLE)
    again = service.preview(KERNEL, PATH)
    assert not again.cached and again.ptx and not again.diagnostics
    assert service.worker.starts == 2


def test_a_hung_stage_is_killed_at_the_timeout_and_the_next_preview_works(service: PreviewService,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_VARIABLE, "lower-to-llvm:hang")
    started = time.perf_counter()
    hung = service.preview(KERNEL, PATH, PreviewOptions(timeout=5))
    assert time.perf_counter() - started < 10
    [diagnostic] = hung.diagnostics
    assert diagnostic.code == "ptx.lower-to-llvm"
    assert "timed out after 5 s in stage 'lower-to-llvm' and was killed" in diagnostic.message
    monkeypatch.delenv(FAULT_VARIABLE)
    again = service.preview(KERNEL, PATH, PreviewOptions(timeout=5))
    assert not again.cached and again.ptx and not again.diagnostics


def test_an_abort_in_the_upstream_lowering_is_a_lowering_diagnostic(service: PreviewService,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FAULT_VARIABLE, "convert-nvgpu-to-nvvm:abort")
    crashed = service.preview(KERNEL, PATH, PreviewOptions(engine="upstream"))
    [diagnostic] = crashed.diagnostics
    assert diagnostic.code == "lowering.native" and "'convert-nvgpu-to-nvvm'" in diagnostic.message
    monkeypatch.delenv(FAULT_VARIABLE)
    assert service.preview(KERNEL, PATH, PreviewOptions(engine="upstream")).ptx


def test_a_worker_serves_requests_in_turn_and_survives_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    with NativeWorker() as worker:
        assert worker.request({"kind": "ping"}, 30).result == {}
        pid = worker.pid
        assert worker.request({"kind": "ping"}, 30).result == {} and worker.pid == pid
        monkeypatch.setenv(FAULT_VARIABLE, "parse:abort")
        worker.close()
        stages: list[str] = []
        reply = worker.request({"kind": "ptx", "text": "", "pipeline": "builtin.module()"}, 30,
                               lambda stage, where: stages.append(stage))
        assert reply.result is None and "SIGABRT" in reply.problem and stages == ["parse"]
        monkeypatch.delenv(FAULT_VARIABLE)
        assert worker.request({"kind": "ping"}, 30).result == {}
        assert worker.starts == 3
