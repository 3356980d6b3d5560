"""Preview SASS through the real server over stdio: every real-world kernel upstream compiles
answers the ``nvgpu-ls/previewSass`` request with SASS mapped to its own lines, and the
"Preview SASS" source action's command answers the same."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.features import commands
from nvgpu_ls.ptx.differential import realworld_kernel_files
from nvgpu_ls.ptx.pipeline import find_ptxas
from nvgpu_ls.ptx.sass import find_cuda_tool

from .conftest import DATA, REALWORLD
from .lsp_support import LspSession, uri_of

KERNELS = realworld_kernel_files(REALWORLD)
pytestmark = pytest.mark.skipif(find_ptxas() is None or find_cuda_tool("nvdisasm") is None,
                                reason="needs ptxas and nvdisasm (pip install nvidia-cuda-nvdisasm)")


def plain(value):
    """The answer as JSON data (pygls hands a custom request's result over as named tuples)."""
    if hasattr(value, "_asdict"):
        return {key: plain(item) for key, item in value._asdict().items()}
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def preview_sass(name: str, text: str, target: str | None, via_command: bool = False) -> dict:
    async def main() -> dict:
        session = LspSession("vscode", initialization_options={"target": target} if target else None)
        await session.start()
        try:
            await session.open(name, text)
            params = {"textDocument": {"uri": uri_of(name)}}
            if via_command:
                sent = session.client.workspace_execute_command_async(
                    lsp.ExecuteCommandParams(command=commands.PREVIEW_SASS_COMMAND, arguments=[params]))
            else:
                sent = session.client.protocol.send_request_async(commands.PREVIEW_SASS_REQUEST, params)
            return plain(await session.request(sent))
        finally:
            await session.stop()

    return asyncio.run(main())


@pytest.mark.skipif(not KERNELS, reason="../shared/realworld is absent")
@pytest.mark.parametrize("path, target", KERNELS, ids=[p.name for p, _ in KERNELS])
def test_real_world_kernels_answer_the_sass_request(path, target):
    text = path.read_text(encoding="utf-8")
    answer = preview_sass(path.name, text, target)
    errors = [d for d in answer["diagnostics"] if d.get("severity") == 1]
    assert not errors, errors
    assert answer["sass"] and "ptx" not in answer
    lines = text.splitlines()
    per_line = dict(answer["instructionsPerLine"])
    assert per_line and any("nvgpu.mma" in lines[line] for line in per_line)
    [report] = answer["ptxasReport"]
    assert report["ok"] and report["kernels"][0]["occupancy"]["blocksPerSM"] > 0


def test_the_command_answers_as_the_request_does():
    text = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()
    answer = preview_sass("gemm.mlir", text, None, via_command=True)
    assert "HGMMA.64x64x16.F32" in answer["sass"]
    assert answer["ptxasReport"][0]["kernels"][0]["summary"].startswith("90 regs")
