"""``nvgpu-ls lower FILE``: the real command in a subprocess, as a user or a build script runs it.

Data: ``tests/data/cli_lower/`` (a kernel naming no target, a kernel that cannot be
lowered) and the kernels of ``tests/data/lowering/``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions

from .lowering_support import assert_upstream_accepts

DATA = Path(__file__).parent / "data" / "cli_lower"
KERNEL = DATA / "copy_kernel.mlir"
BROKEN = DATA / "wrong_memory_space.mlir"
LOWERING_KERNELS = sorted((Path(__file__).parent / "data" / "lowering").glob("*.mlir"))
ROOT = Path(__file__).parent.parent


def nvgpu_ls(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def engine_output(path: Path, target: str | None = None, shown: str | None = None) -> str | None:
    """What the builtin engine makes of ``path`` when called directly."""
    options = LoweringOptions(check=CheckOptions(target, "--target"))
    return lower_document(Document(path.read_text()), shown or str(path), options).text


# ---------------------------------------------------------------------- a kernel that lowers
def test_a_kernel_is_lowered_to_standard_output_with_the_fallback_target():
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "nvgpu." not in done.stdout.replace("// ", "")
    assert "nvvm.cp.async.shared.global" in done.stdout and "nvvm.cp.async.wait.group 1" in done.stdout
    assert '#nvvm.target<O = 3, chip = "sm_80"' in done.stdout
    assert f'loc("{KERNEL}":5:5)' in done.stdout
    assert done.stdout == engine_output(KERNEL, "sm_80")
    assert_upstream_accepts(done.stdout)


def test_without_any_target_the_kernel_is_not_lowered():
    done = nvgpu_ls("lower", str(KERNEL), "--no-config")
    assert done.returncode == 1 and done.stdout == ""
    assert f"{KERNEL}:2:1: error: failed to get compute capability. [lowering.target]" in done.stderr
    assert "was not lowered" in done.stderr and "Traceback" not in done.stderr


def test_the_configuration_file_beside_the_kernel_gives_the_target(tmp_path):
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL.read_text())
    (tmp_path / "nvgpu-ls.toml").write_text('target = "sm_90a"\n')
    found = nvgpu_ls("lower", str(kernel), "--target", "sm_80")
    ignored = nvgpu_ls("lower", str(kernel), "--target", "sm_80", "--no-config")
    named = nvgpu_ls("lower", str(kernel), "--config", str(tmp_path / "nvgpu-ls.toml"), cwd=ROOT)
    assert found.returncode == ignored.returncode == named.returncode == 0
    assert 'chip = "sm_90a"' in found.stdout and 'chip = "sm_90a"' in named.stdout
    assert 'chip = "sm_80"' in ignored.stdout


def test_a_broken_configuration_file_stops_the_lowering_and_is_reported(tmp_path):
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL.read_text())
    (tmp_path / "nvgpu-ls.toml").write_text('target = "sm_9000"\n')
    done = nvgpu_ls("lower", str(kernel), "--target", "sm_80")
    assert done.returncode == 1 and done.stdout == ""
    assert "nvgpu-ls.toml:1:" in done.stderr and "[config.invalid]" in done.stderr


def test_debug_info_adds_the_g_flag_to_the_attached_target():
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-g")
    assert done.returncode == 0
    assert '"-g"' in done.stdout
    assert '"-g"' not in nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config").stdout


def test_lineinfo_adds_the_lineinfo_flag_and_excludes_g():
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-lineinfo")
    assert done.returncode == 0 and '"-lineinfo"' in done.stdout and '"-g"' not in done.stdout
    refused = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-g", "-lineinfo")
    assert refused.returncode == 2 and "not allowed with argument -g" in refused.stderr


def test_output_file_receives_the_lowered_text(tmp_path):
    out = tmp_path / "kernel.nvvm.mlir"
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-o", str(out))
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    assert out.read_text() == engine_output(KERNEL, "sm_80")


def test_standard_input_is_lowered_and_named_stdin_in_locations():
    done = nvgpu_ls("lower", "-", "--target", "sm_80", "--no-config", stdin=KERNEL.read_text())
    assert done.returncode == 0, done.stderr
    assert 'loc("<stdin>":5:5)' in done.stdout
    assert done.stdout == engine_output(KERNEL, "sm_80", "<stdin>")


@pytest.mark.parametrize("kernel", LOWERING_KERNELS, ids=lambda p: p.name)
def test_the_command_prints_exactly_what_the_engine_produces(kernel: Path):
    done = nvgpu_ls("lower", str(kernel), "--no-config")
    expected = engine_output(kernel)
    assert done.returncode == (0 if expected is not None else 1), done.stderr
    assert done.stdout == (expected or "")


# ---------------------------------------------------------------------- a kernel that does not
def test_a_file_with_errors_exits_1_with_the_diagnostics_on_standard_error(tmp_path):
    out = tmp_path / "never.mlir"
    done = nvgpu_ls("lower", str(BROKEN), "-o", str(out))
    assert done.returncode == 1 and done.stdout == ""
    assert not out.exists()
    checked = nvgpu_ls("--check", str(BROKEN))
    # The same lines --check prints (its summary aside), then one line saying the file was not lowered.
    assert done.stderr.splitlines()[:-1] == checked.stdout.splitlines()[:-1]
    assert f"{BROKEN}:5:77: error: destination memref must have a memory space attribute" in done.stderr
    assert done.stderr.splitlines()[-1] == f"nvgpu-ls: {BROKEN} was not lowered (1 error)"


def test_the_target_gate_stops_the_lowering():
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_75", "--no-config")
    assert done.returncode == 1
    assert "'nvgpu.device_async_copy' requires sm_80; this gpu.module targets sm_75 [nvgpu.sm-gate]" in done.stderr


# ---------------------------------------------------------------------- usage
def test_a_missing_file_is_exit_2_without_a_traceback():
    done = nvgpu_ls("lower", str(DATA / "no-such-file.mlir"))
    assert done.returncode == 2 and done.stdout == ""
    assert "no-such-file.mlir: No such file or directory" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("args, message", [
    ((), "the following arguments are required: FILE"),
    (("--engine", "llvm", str(KERNEL)), "invalid choice: 'llvm'"),
    (("--target", "sm_1", str(KERNEL)), "--target 'sm_1'"),
    (("--config", "/nonexistent/nvgpu-ls.toml", str(KERNEL)), "--config /nonexistent/nvgpu-ls.toml"),
    ((str(KERNEL), str(KERNEL)), "unrecognized arguments"),
])
def test_usage_errors_are_exit_2(args, message):
    done = nvgpu_ls("lower", *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_an_unwritable_output_is_exit_2(tmp_path):
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-o", str(tmp_path / "no" / "x.mlir"))
    assert done.returncode == 2 and "cannot write" in done.stderr and "Traceback" not in done.stderr


def test_help_is_exit_0_and_check_and_version_still_work():
    assert nvgpu_ls("lower", "--help").returncode == 0
    assert "nvgpu-ls lower" in nvgpu_ls("--help").stdout
    assert nvgpu_ls("--check", str(KERNEL), "--target", "sm_80").returncode == 0
    assert nvgpu_ls("--version").stdout.startswith("nvgpu-ls ")


# ---------------------------------------------------------------------- the upstream engine
def _upstream_available() -> bool:
    return (importlib.util.find_spec("nvgpu_ls.lowering.upstream_engine") is not None
            and importlib.util.find_spec("torch_mlir") is not None)


@pytest.mark.skipif(not _upstream_available(), reason="the upstream engine or the torch-mlir bindings are missing")
def test_the_upstream_engine_lowers_through_convert_nvgpu_to_nvvm():
    done = nvgpu_ls("lower", str(KERNEL), "--engine", "upstream", "--target", "sm_80", "--no-config")
    assert done.returncode == 0, done.stderr
    assert "nvvm.cp.async.shared.global" in done.stdout and "nvgpu." not in done.stdout.replace("// ", "")
    assert 'chip = "sm_80"' in done.stdout
    assert_upstream_accepts(done.stdout)


@pytest.mark.skipif(not _upstream_available(), reason="the upstream engine or the torch-mlir bindings are missing")
def test_the_upstream_engine_reports_a_file_with_errors_as_exit_1():
    done = nvgpu_ls("lower", str(BROKEN), "--engine", "upstream")
    assert done.returncode == 1 and done.stdout == ""
    assert f"{BROKEN}:" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("level", ["0", "1", "3"])
def test_dash_o_sets_the_level_of_modules_whose_target_states_none(level):
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", f"-O{level}")
    assert done.returncode == 0, done.stderr
    assert f'#nvvm.target<O = {level}, chip = "sm_80"' in done.stdout


def test_dash_o_two_is_written_as_upstream_prints_it_and_a_bad_level_is_a_usage_error():
    done = nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "--no-config", "-O", "2")
    assert done.returncode == 0 and '#nvvm.target<chip = "sm_80"' in done.stdout
    assert nvgpu_ls("lower", str(KERNEL), "--target", "sm_80", "-O4").returncode == 2


def test_a_target_that_states_its_level_keeps_it_whatever_dash_o_says(tmp_path):
    source = KERNEL.read_text()
    assert "gpu.module @" in source
    stated = tmp_path / "stated.mlir"
    stated.write_text(source.replace("gpu.module @kernels {", 'gpu.module @kernels [#nvvm.target<O = 1, chip = "sm_80">] {', 1))
    assert '#nvvm.target<O = 1, chip = "sm_80"' in stated.read_text()
    done = nvgpu_ls("lower", str(stated), "--no-config", "-O3")
    assert done.returncode == 0, done.stderr
    assert '#nvvm.target<O = 1, chip = "sm_80"' in done.stdout
