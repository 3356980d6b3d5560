"""nvgpu-ls as users get it: a wheel built from the checkout, installed into a fresh virtual
environment, and run from a folder with no source tree on the path — ``--check``, ``lower`` and
the language server answering ``initialize`` over stdio. The environment sees the machine's
site-packages for the dependencies (torch-mlir, llvmlite, the CUDA tool wheels), so the test
needs no network beyond the wheel's own build requirements."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.slow

KERNEL = """gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  gpu.func @copy(%src: memref<128xf32>, %dst: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %token = nvgpu.device_async_copy %src[%c0], %dst[%c0], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from the checkout, as ``pip wheel`` (what ``python -m build`` runs) makes it."""
    work = tmp_path_factory.mktemp("wheel")
    record = ROOT / "nvgpu_ls" / "_compiled_sources.json"
    before = record.read_bytes() if record.exists() else None
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(work / "dist"),
                            str(ROOT)], capture_output=True, text=True, timeout=1200)
    if built.returncode != 0 and "Could not find a version that satisfies" in built.stdout + built.stderr:
        pytest.skip("the wheel's build requirements cannot be downloaded here")
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    [found] = (work / "dist").glob("nvgpu_ls-*.whl")
    # The checkout's in-place compiled modules were not rebuilt: their record must not change either.
    assert (record.read_bytes() if record.exists() else None) == before
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh virtual environment holding the wheel built from the checkout."""
    venv = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=300)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps", "--no-index",
                           str(wheel)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return venv / "bin"


def _run(installed: Path, *args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "NVGPU_LS_PURE_PYTHON")}
    return subprocess.run([str(installed / "nvgpu-ls"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, input=stdin, env=env)


def test_the_wheel_is_what_runs_and_its_compiled_core_is_in_use(installed, tmp_path):
    probe = ("import json, nvgpu_ls, nvgpu_ls._compiled as c, nvgpu_ls.analysis.parser; "
             "print(json.dumps([nvgpu_ls.__file__, c.in_use(), c.SOURCES_REASON]))")
    done = subprocess.run([str(installed / "python"), "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    where, compiled, reason = json.loads(done.stdout)
    assert Path(where).is_relative_to(installed.parent), where
    assert compiled, reason


def test_check_reads_a_kernel(installed, tmp_path):
    (tmp_path / "copy.mlir").write_text(KERNEL)
    clean = _run(installed, "--check", "copy.mlir", cwd=tmp_path)
    assert clean.returncode == 0 and "1 file checked: no errors or warnings" in clean.stdout, clean.stderr
    (tmp_path / "broken.mlir").write_text(KERNEL.replace("gpu.return", "gpu.retrun"))
    broken = _run(installed, "--check", "broken.mlir", cwd=tmp_path)
    assert broken.returncode == 1 and "broken.mlir:5:" in broken.stdout and "Traceback" not in broken.stderr


def test_lower_prints_nvvm(installed, tmp_path):
    (tmp_path / "copy.mlir").write_text(KERNEL)
    done = _run(installed, "lower", "copy.mlir", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "nvvm.cp.async.shared.global" in done.stdout and "nvgpu." not in done.stdout


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def test_the_server_answers_initialize_over_stdio(installed, tmp_path):
    requests = (_message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                          "params": {"processId": None, "rootUri": None, "capabilities": {}}})
                + _message({"jsonrpc": "2.0", "method": "initialized", "params": {}})
                + _message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
                + _message({"jsonrpc": "2.0", "method": "exit"}))
    done = subprocess.run([str(installed / "nvgpu-ls")], cwd=tmp_path, input=requests, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    replies = [json.loads(part.split(b"\r\n\r\n", 1)[1]) for part in done.stdout.split(b"Content-Length: ")[1:]]
    initialize = next(reply for reply in replies if reply.get("id") == 1)
    assert initialize["result"]["serverInfo"]["name"] == "nvgpu-ls"
    assert "hoverProvider" in initialize["result"]["capabilities"]


def test_pipx_installs_the_wheel_as_an_application(wheel, tmp_path):
    """``pipx install`` (README, "Install"): the application in a virtual environment of its own, on
    the machine's site-packages for the heavy dependencies so that no download is needed."""
    pytest.importorskip("pipx")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "NVGPU_LS_PURE_PYTHON")}
    env.update(PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"), PIPX_MAN_DIR=str(tmp_path / "man"))
    done = subprocess.run([sys.executable, "-m", "pipx", "install", "--system-site-packages", str(wheel)],
                          capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (tmp_path / "k.mlir").write_text(KERNEL)
    checked = subprocess.run([str(tmp_path / "bin" / "nvgpu-ls"), "--check", "k.mlir"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=300, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip().endswith("1 file checked: no errors or warnings")
