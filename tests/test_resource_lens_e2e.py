"""The resource code lens through the real server over stdio: a lens above each kernel
(``gpu.func`` or ``gpu.launch``) with ptxas's figures and the occupancy, found in the
background (the first request answers at once, without them) and announced with
``workspace/codeLens/refresh`` to clients that support it (VS Code), polled by those that do
not (Neovim 0.7.2); edits move the lenses with their kernels; the setting turns them off."""

from __future__ import annotations

import asyncio
import time

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features import commands
from nvgpu_ls.features.resource_lens import kernel_anchors
from nvgpu_ls.ptx.pipeline import find_ptxas

from .conftest import DATA, REALWORLD
from .lsp_support import LspSession, uri_of

GEMM = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()
LAUNCH = REALWORLD / "llvm-project/mlir/test/Integration/GPU/CUDA/TensorCore/transform-mma-sync-matmul-f32.generated.mlir"
needs_ptxas = pytest.mark.skipif(find_ptxas() is None, reason="needs ptxas")


def test_anchors_are_kernel_funcs_and_launches_under_their_outlined_names():
    text = """\
gpu.module @m {
  gpu.func @helper() { gpu.return }
  gpu.func @k() kernel { gpu.return }
}
func.func @host() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%a, %b, %c) in (%x = %c1, %y = %c1, %z = %c1) threads(%d, %e, %f) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  }
  return
}
"""
    doc = Document(text)
    anchors = kernel_anchors(doc)
    assert [(a.module, a.name, doc.lines.line_of(a.start)) for a in anchors] == [
        ("m", "k", 2), ("host_kernel", "host_kernel", 6)]


async def lenses(s: LspSession, name: str) -> list[lsp.CodeLens]:
    return list(await s.request(s.client.text_document_code_lens_async(
        lsp.CodeLensParams(text_document=lsp.TextDocumentIdentifier(uri=uri_of(name))))) or [])


async def lenses_with_figures(s: LspSession, name: str, seconds: float = 90.0) -> list[lsp.CodeLens]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = await lenses(s, name)
        if found:
            return found
        await asyncio.sleep(0.3)
    raise AssertionError("no lens with figures")


def run(scenario, client: str = "vscode", options=None):
    async def main():
        session = LspSession(client, initialization_options=options)
        refreshes = []

        @session.client.feature(lsp.WORKSPACE_CODE_LENS_REFRESH)
        def on_refresh(params: None) -> None:
            refreshes.append(time.monotonic())

        await session.start()
        try:
            return await scenario(session, refreshes)
        finally:
            await session.stop()

    return asyncio.run(main())


@needs_ptxas
def test_vscode_gets_the_lens_after_a_refresh_and_edits_move_it():
    async def scenario(s: LspSession, refreshes: list) -> None:
        await s.open("gemm.mlir", GEMM)
        started = time.monotonic()
        assert await lenses(s, "gemm.mlir") == []  # answered at once, before ptxas ran
        assert time.monotonic() - started < 5
        deadline = time.monotonic() + 90
        while not refreshes and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert refreshes, "no workspace/codeLens/refresh"
        [lens] = await lenses(s, "gemm.mlir")
        line = next(i for i, text in enumerate(GEMM.splitlines()) if "gpu.func @gemm" in text)
        assert lens.range.start.line == line
        assert lens.command.title.startswith("90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads")
        assert "limited by registers" in lens.command.title
        assert lens.command.command == commands.PREVIEW_SASS_COMMAND
        # the same compilation counted the SASS of each line: the hover of the wgmma op says it
        wgmma = next(i for i, text in enumerate(GEMM.splitlines()) if "nvgpu.warpgroup.mma %" in text)
        shown = await s.hover("gemm.mlir", wgmma, GEMM.splitlines()[wgmma].index("nvgpu.warpgroup.mma") + 3)
        assert "**SASS** from this line:" in shown.contents.value and "in `gemm_128x64_f16_f32`" in shown.contents.value
        await s.change("gemm.mlir", "// a new first line\n" + GEMM)
        # figures of another text are not this one's lines: the hover says nothing of SASS
        shown = await s.hover("gemm.mlir", wgmma + 1, GEMM.splitlines()[wgmma].index("nvgpu.warpgroup.mma") + 3)
        assert "SASS" not in shown.contents.value
        [moved] = await lenses(s, "gemm.mlir")
        assert moved.range.start.line == line + 1 and moved.command.title == lens.command.title

    run(scenario)


@needs_ptxas
@pytest.mark.skipif(not LAUNCH.exists(), reason="../shared/realworld is absent")
def test_neovim_polls_and_a_launch_gets_its_lens_with_the_target_setting():
    async def scenario(s: LspSession, refreshes: list) -> None:
        text = LAUNCH.read_text()
        await s.open("launch.mlir", text)
        [lens] = await lenses_with_figures(s, "launch.mlir")
        assert "gpu.launch" in text.splitlines()[lens.range.start.line]
        assert lens.command.title.startswith("22 regs · 0 spills · 0 B smem · 32 blocks/SM of 32 threads")
        assert refreshes == []  # Neovim 0.7.2 declares no refresh support

    run(scenario, "neovim-0.7.2", {"target": "sm_80"})


def test_the_setting_turns_the_lenses_off():
    async def scenario(s: LspSession, refreshes: list) -> None:
        await s.open("gemm.mlir", GEMM)
        await asyncio.sleep(1.5)
        assert await lenses(s, "gemm.mlir") == [] and refreshes == []

    run(scenario, "vscode", {"resourceLens": False})


def test_a_file_with_errors_gets_no_lens():
    async def scenario(s: LspSession, refreshes: list) -> None:
        await s.open("broken.mlir", GEMM.replace("gpu.return", "gpu.retur"))
        await asyncio.sleep(2.0)
        assert await lenses(s, "broken.mlir") == []

    run(scenario)
