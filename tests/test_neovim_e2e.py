"""The Neovim plugin (``editors/nvim``) end to end, in the real Neovim (Debian's ``neovim``,
0.7.2): ``nvim --headless --clean`` with an init file that puts ``editors/nvim`` on the
runtimepath and calls ``require("nvgpu_ls").setup{...}``, driven by ``tests/data/nvim/e2e.lua``
on a sample file. That script writes what it saw as JSON and quits; this side asserts:
diagnostics arrive on the right lines (and the ``target`` setting reached the server), hover
answers the op's documentation, a quick fix applies its edit, ``:NvgpuLower`` refuses a
broken file with a notification, ``:NvgpuPtx`` / ``:NvgpuLower`` fill scratch buffers, and
``:NvgpuStatus`` shows what the server holds.

``NVGPU_LS_NVIM`` names another ``nvim`` binary (e.g. a current Neovim, to run the
``vim.lsp.config`` path)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nvgpu_ls.ptx.pipeline import find_ptxas

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "editors" / "nvim"
DRIVER = Path(__file__).parent / "data" / "nvim" / "e2e.lua"
NVIM = os.environ.get("NVGPU_LS_NVIM") or shutil.which("nvim")
WAIT_MS = 30_000
TOTAL_S = 110
PTXAS = find_ptxas() or "/opt/cuda/bin/ptxas"
"""The ptxasPath setting: a real ptxas where there is one (the resource lens needs it)."""
LENS_SAMPLE = ROOT / "tests" / "data" / "ptx" / "hopper_gemm_sm90a.mlir"

SAMPLE = """\
// nvgpu-ls Neovim end-to-end sample: ldmatrix reads shared memory, but %tile is global.
gpu.module @kernels {
  func.func @load(%tile: memref<64x64xf16>, %i: index) -> vector<4x2xf16> {
    %frag = nvgpu.ldmatrix %tile[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16> -> vector<4x2xf16>
    return %frag : vector<4x2xf16>
  }
}
"""
ERROR_LINE = 3  # 0-based: the ldmatrix
FIX_CODE = "nvgpu.ldmatrix.memory-space"
FIX_TITLE = "Move %tile to shared memory (memory space 3)"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    NVIM is None, reason="nvim is not installed: apt-get install -y neovim (Debian's 0.7.2 is what CI runs)")]


def lua_string(value: str) -> str:
    """A Lua string literal (JSON's escapes other than \\u are Lua's too)."""
    return json.dumps(value, ensure_ascii=False)


def run_neovim(tmp_path: Path) -> tuple[dict, subprocess.CompletedProcess, float]:
    sample = tmp_path / "kernel.mlir"
    sample.write_text(SAMPLE)
    second = tmp_path / "second.mlir"
    second.write_text("gpu.module @other {\n}\n")
    lens_sample = tmp_path / "gemm.mlir"
    lens_sample.write_text(LENS_SAMPLE.read_text())
    out = tmp_path / "result.json"
    cmd = "{" + ", ".join(lua_string(part) for part in (sys.executable, "-m", "nvgpu_ls")) + "}"
    init = tmp_path / "init.lua"
    init.write_text(f"""
vim.opt.runtimepath:prepend({lua_string(str(PLUGIN))})
vim.opt.swapfile = false
vim.g.nvgpu_e2e = {{
  sample = {lua_string(str(sample))}, second = {lua_string(str(second))}, out = {lua_string(str(out))},
  timeout = {WAIT_MS},
  hover_line = {ERROR_LINE}, fix_code = {lua_string(FIX_CODE)}, fix_title = {lua_string(FIX_TITLE)},
  lens_sample = {lua_string(str(lens_sample)) if find_ptxas() else "nil"},
}}
require("nvgpu_ls").setup({{
  cmd = {cmd},
  settings = {{ target = "sm_90", ptxasPath = {lua_string(PTXAS)} }},
}})
""")
    env = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    started = time.monotonic()
    shutil.copyfile(DRIVER, tmp_path / "e2e.lua")
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", "init.lua", "-c", "luafile e2e.lua", "-c", "cquit 3"],
                          cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=TOTAL_S)
    seconds = time.monotonic() - started
    assert out.exists(), f"nvim wrote no result (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return json.loads(out.read_text()), proc, seconds


@pytest.fixture(scope="module")
def neovim(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, subprocess.CompletedProcess, float]:
    return run_neovim(tmp_path_factory.mktemp("nvim"))


def test_the_driver_ran_to_the_end(neovim) -> None:
    result, proc, seconds = neovim
    assert result["ok"], result["error"]
    assert proc.returncode == 0, proc.stderr
    assert seconds < TOTAL_S
    assert result["filetype"] == "mlir"
    assert result["client_name"] == "nvgpu_ls"
    assert result["clients"] == 1  # the scratch mlir buffer got none of its own


def test_settings_reach_the_server_both_ways(neovim) -> None:
    result, _, _ = neovim
    settings = {"target": "sm_90", "ptxasPath": PTXAS}
    assert result["init_options"] == {**settings, "trustedTools": [PTXAS]}  # trusted at launch only
    assert result["configuration"] == [settings]  # section nvgpu-ls


def test_one_client_per_root(neovim) -> None:
    assert neovim[0]["second_same_client"]


def test_diagnostics_arrive_on_the_right_lines(neovim) -> None:
    result, _, _ = neovim
    (error,) = result["diagnostics"]  # no target.none information: the target setting arrived
    assert (error["lnum"], error["code"], error["severity"]) == (ERROR_LINE, FIX_CODE, 1)
    assert error["col"] == SAMPLE.splitlines()[ERROR_LINE].index("memref<64x64xf16>")
    assert "must have a memory space attribute" in error["message"]


def test_hover_returns_the_op_documentation(neovim) -> None:
    hover = neovim[0]["hover"]
    assert "nvgpu.ldmatrix" in hover
    assert "ldmatrix.sync.aligned" in hover  # the PTX this instance becomes


def test_the_quick_fix_applies_its_edit(neovim) -> None:
    result, _, _ = neovim
    assert FIX_TITLE in result["action_titles"]
    assert result["fixed_text"] == SAMPLE.replace("memref<64x64xf16>", "memref<64x64xf16, 3>").rstrip("\n")
    assert result["diagnostics_after_fix"] == []


def test_lowering_a_broken_file_notifies_its_error(neovim) -> None:
    messages = [n["message"] for n in neovim[0]["notifications"] if n["level"] == 4]  # ERROR
    assert any("Lower to NVVM: nothing to show" in m and f"{ERROR_LINE + 1}:" in m and FIX_CODE in m
               for m in messages), messages


def test_nvgpu_ptx_fills_a_scratch_buffer_with_ptx(neovim) -> None:
    result, _, _ = neovim
    ptx = result["ptx"]
    assert ".target sm_90" in ptx  # from the target setting
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in ptx
    assert result["ptx_window_open"] and not result["ptx_modifiable"] and result["cursor_stayed"]
    assert result["buffers_added_by_refresh"] == 0
    assert result["windows_after_refresh"] == result["windows"] == 3


def test_nvgpu_lower_fills_a_scratch_buffer_with_nvvm(neovim) -> None:
    result, _, _ = neovim
    assert "nvvm.ldmatrix" in result["lowered"]
    assert "= nvgpu.ldmatrix" not in result["lowered"]
    assert not result["lowered_has_client"]


def test_nvgpu_status_shows_what_the_server_holds(neovim) -> None:
    result, _, _ = neovim
    status = result["status"]
    assert status.startswith("nvgpu-ls server status")
    assert "kernel.mlir" in status and "PTX preview worker: pid " in status
    assert "memory: " in status and "MiB resident" in status


@pytest.mark.skipif(find_ptxas() is None, reason="the resource lens needs ptxas")
def test_the_resource_lens_shows_above_the_kernel(neovim) -> None:
    lens = neovim[0]["lens"]
    lines = LENS_SAMPLE.read_text().splitlines()
    assert "gpu.func @gemm_128x64_f16_f32" in lines[lens["line"]]
    assert lens["title"].startswith("90 regs · 0 spills · 25 KiB smem · 5 blocks/SM")
    assert lens["command"] == "nvgpu-ls.previewSass"


@pytest.mark.skipif(find_ptxas() is None, reason="SASS needs ptxas")
def test_nvgpu_sass_shows_the_figures_and_the_sass(neovim) -> None:
    sass = neovim[0]["sass"]
    assert sass.startswith("// @hopper_gemm gemm_128x64_f16_f32 (sm_90a): 90 regs")
    assert "HGMMA.64x64x16.F32" in sass
