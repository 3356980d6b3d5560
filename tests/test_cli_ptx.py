"""``nvgpu-ls ptx FILE``: the real command in a subprocess, as a user or a build script runs it.

Data: the Ampere GEMM kernel of ``tests/data/lowering/`` (cp.async, ldmatrix, mma.sync on
sm_80) and ``tests/data/cli_lower/`` (a kernel naming no target, one that cannot be lowered).
A fake ``ptxas`` (a script given with ``--ptxas``) rejects the PTX at the line of its first
``ldmatrix``, so that the mapping of ptxas's errors back to source lines is checked exactly.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nvgpu_ls.ptx.pipeline import find_ptxas

DATA = Path(__file__).parent / "data"
GEMM = DATA / "lowering" / "matrix_ampere_gemm.mlir"
KERNEL = DATA / "cli_lower" / "copy_kernel.mlir"
BROKEN = DATA / "cli_lower" / "wrong_memory_space.mlir"
HAS_PTXAS = find_ptxas() is not None
UPSTREAM = importlib.util.find_spec("torch_mlir") is not None
FINDING = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<column>\d+): (?P<severity>\w+): (?P<message>.*) \[(?P<code>[\w.-]+)\]$")


def nvgpu_ls(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", "ptx", *args], capture_output=True, text=True,
                          timeout=300, env=None if env is None else {**os.environ, **env})


def findings(stderr: str) -> list[dict[str, str]]:
    return [m.groupdict() for m in map(FINDING.match, stderr.splitlines()) if m]


def source_lines_with(path: Path, needle: str) -> set[int]:
    """1-based lines of ``path`` that hold ``needle``."""
    return {n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line}


# ---------------------------------------------------------------------- a kernel that compiles
def test_the_gemm_kernel_is_compiled_to_ptx_on_standard_output():
    done = nvgpu_ls(str(GEMM), "--no-config")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith('// gpu.module @matrix_ampere_gemm: sm_80 (+ptx71), O3\n')
    for instruction in ("cp.async.cg.shared.global", "cp.async.wait_group", "ldmatrix.sync.aligned.m8n8.x4",
                        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "mma.sp"):
        assert instruction in done.stdout, instruction
    assert ".target sm_80" in done.stdout and ".loc" in done.stdout


def test_dash_o_is_the_level_llvm_compiles_the_ptx_at_and_the_header_says_it():
    plain = nvgpu_ls(str(GEMM), "--no-config", "-O0")
    optimised = nvgpu_ls(str(GEMM), "--no-config", "-O3")
    assert plain.returncode == optimised.returncode == 0, plain.stderr + optimised.stderr
    assert plain.stdout.startswith("// gpu.module @matrix_ampere_gemm: sm_80 (+ptx71), O0\n")
    assert optimised.stdout.startswith("// gpu.module @matrix_ampere_gemm: sm_80 (+ptx71), O3\n")
    assert plain.stdout.split("\n", 1)[1] != optimised.stdout.split("\n", 1)[1]  # LLVM ran another pipeline


@pytest.mark.skipif(not HAS_PTXAS, reason="no ptxas on PATH or in the nvidia-cuda-nvcc wheel")
def test_validate_reports_ptxas_verdict_and_resources_per_kernel_on_standard_error(tmp_path):
    out = tmp_path / "gemm.ptx"
    done = nvgpu_ls(str(GEMM), "--no-config", "--validate", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and "mma.sync.aligned" in out.read_text()
    lines = done.stderr.splitlines()
    assert lines[0] == "ptxas: gpu.module @matrix_ampere_gemm (sm_80): accepted"
    kernels = {line.split(":")[1].strip(): line for line in lines[1:]}
    assert set(kernels) == {"gemm_f16", "gemm_i8", "sparse_f16"}
    for line in kernels.values():
        assert re.search(r"\d+ registers, \d+ bytes spill stores, \d+ bytes spill loads, \d+ bytes shared memory",
                         line), line
    assert "768 bytes shared memory" in kernels["gemm_f16"]  # its two workgroup buffers: 512 + 256 bytes


def test_output_goes_to_the_named_file_and_equals_what_standard_output_gets(tmp_path):
    out = tmp_path / "kernel.ptx"
    written = nvgpu_ls(str(KERNEL), "--no-config", "--target", "sm_80", "-o", str(out))
    printed = nvgpu_ls(str(KERNEL), "--no-config", "--target", "sm_80")
    assert written.returncode == printed.returncode == 0, written.stderr
    assert written.stdout == "" and out.read_text() == printed.stdout
    assert "cp.async.cg.shared.global" in printed.stdout and "// gpu.module @kernels: sm_80" in printed.stdout


def test_debug_info_gives_full_dwarf_and_a_debug_target_and_line_info_only_lines():
    full = nvgpu_ls(str(KERNEL), "--no-config", "--target", "sm_80", "-g")
    assert full.returncode == 0, full.stderr
    assert "cp.async.cg.shared.global" in full.stdout
    assert ".target sm_80, debug" in full.stdout and ".section\t.debug_info" in full.stdout
    for flags in ((), ("-lineinfo",)):
        lines = nvgpu_ls(str(KERNEL), "--no-config", "--target", "sm_80", *flags)
        assert lines.returncode == 0, lines.stderr
        assert ".loc" in lines.stdout and ", debug" not in lines.stdout and ".debug_info" not in lines.stdout


@pytest.mark.skipif(not UPSTREAM, reason="the torch-mlir bindings are missing")
def test_the_upstream_engine_gives_ptx_with_the_same_instructions():
    builtin = nvgpu_ls(str(GEMM), "--no-config")
    upstream = nvgpu_ls(str(GEMM), "--no-config", "--engine", "upstream")
    assert upstream.returncode == 0, upstream.stderr
    for instruction in ("cp.async.cg.shared.global", "ldmatrix.sync.aligned", "mma.sync.aligned.m16n8k16"):
        assert instruction in upstream.stdout and instruction in builtin.stdout


# ---------------------------------------------------------------------- failures
def test_a_file_with_errors_gives_no_ptx_and_exit_status_1():
    done = nvgpu_ls(str(BROKEN), "--no-config")
    assert done.returncode == 1 and done.stdout == ""
    assert any(f["code"] == "nvgpu.async-copy.memory-space" and f["severity"] == "error"
               for f in findings(done.stderr)), done.stderr
    assert f"nvgpu-ls: {BROKEN}: no PTX" in done.stderr and "Traceback" not in done.stderr


def test_without_a_target_there_is_no_ptx():
    done = nvgpu_ls(str(KERNEL), "--no-config")
    assert done.returncode == 1 and done.stdout == ""
    assert findings(done.stderr) and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, message", [
    (["/nonexistent/kernel.mlir"], "/nonexistent/kernel.mlir: No such file or directory"),
    ([str(GEMM), "--target", "sm_9000x"], "--target 'sm_9000x'"),
    ([str(GEMM), "--engine", "llvm"], "invalid choice: 'llvm'"),
    ([str(GEMM), "--timeout", "0"], "--timeout must be positive"),
    ([str(GEMM), "--ptxas", "/nonexistent/ptxas", "--validate"], "--ptxas /nonexistent/ptxas"),
    ([str(GEMM), "--config", "/nonexistent/nvgpu-ls.toml"], "--config /nonexistent/nvgpu-ls.toml"),
])
def test_usage_errors_and_unreadable_files_exit_with_status_2(args, message):
    done = nvgpu_ls(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr


def test_an_unwritable_output_exits_with_status_2(tmp_path):
    done = nvgpu_ls(str(GEMM), "--no-config", "-o", str(tmp_path / "missing" / "out.ptx"))
    assert done.returncode == 2 and "cannot write" in done.stderr and "Traceback" not in done.stderr


FAKE_PTXAS = """#!{python}
import sys
source = next(arg for arg in sys.argv[1:] if arg.endswith(".ptx"))
with open(source) as handle:
    line = next(n for n, text in enumerate(handle, 1) if "ldmatrix" in text)
print(f"ptxas {{source}}, line {{line}}; error   : Feature 'ldmatrix' requires .target sm_75 or higher", file=sys.stderr)
print("ptxas fatal   : Ptx assembly aborted due to errors", file=sys.stderr)
sys.exit(255)
"""


def test_a_ptxas_that_rejects_the_ptx_exits_1_with_its_error_at_the_source_line(tmp_path):
    fake = tmp_path / "ptxas"
    fake.write_text(FAKE_PTXAS.format(python=sys.executable))
    fake.chmod(0o755)
    done = nvgpu_ls(str(GEMM), "--no-config", "--validate", "--ptxas", str(fake))
    assert done.returncode == 1
    assert "ldmatrix" in done.stdout  # the PTX is still shown: it is what ptxas rejected
    assert "ptxas: gpu.module @matrix_ampere_gemm (sm_80): rejected" in done.stderr
    assert "ptxas rejected the PTX of @matrix_ampere_gemm (sm_80)" in done.stderr
    (error,) = [f for f in findings(done.stderr) if "Feature 'ldmatrix'" in f["message"]]
    assert error["code"] == "ptx.ptxas" and error["severity"] == "error" and error["path"] == str(GEMM)
    assert int(error["line"]) in source_lines_with(GEMM, "nvgpu.ldmatrix"), done.stderr
    assert "Traceback" not in done.stderr


def test_a_crash_in_native_code_is_a_diagnostic_naming_the_stage_not_a_traceback():
    done = nvgpu_ls(str(GEMM), "--no-config", env={"NVGPU_LS_NATIVE_FAULT": "llvm-codegen:abort"})
    assert done.returncode == 1 and done.stdout == ""
    (crash,) = [f for f in findings(done.stderr) if f["code"] == "ptx.llvm-codegen"]
    assert "crashed" in crash["message"] and "llvm-codegen" in crash["message"]
    assert "Traceback" not in done.stderr
