"""Hover through the real server over stdio, as Neovim 0.7.2 and VS Code ask for it: on a
file without errors, on one with syntax errors, after an edit breaks a line, and with the
target coming from the editor's settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.positions import LineIndex
from tests.lsp_support import CLIENT_NAMES, LspSession, position_of, run_session

DATA = Path(__file__).parent / "data" / "hover"
KERNELS = (DATA / "kernels.mlir").read_text()
BROKEN = (DATA / "broken.mlir").read_text()


def spelled(text: str, found: lsp.Hover) -> str:
    """The text a hover's range covers (UTF-16 columns)."""
    assert found.range is not None
    lines = LineIndex(text)
    return text[lines.offset(found.range.start.line, found.range.start.character):
                lines.offset(found.range.end.line, found.range.end.character)]


async def ask(s: LspSession, name: str, text: str, needle: str, occurrence: int = 0,
              after: int = 1) -> lsp.Hover | None:
    at = position_of(text, needle, occurrence, after)
    return await s.hover(name, at.line, at.character)


async def scenario(s: LspSession) -> dict[str, Any]:
    await s.open("kernels.mlir", KERNELS)
    await s.open("broken.mlir", BROKEN)
    found = {
        "copy": await ask(s, "kernels.mlir", KERNELS, "nvgpu.device_async_copy"),
        "load": await ask(s, "kernels.mlir", KERNELS, "nvgpu.tma.async.load"),
        "mma": await ask(s, "kernels.mlir", KERNELS, "nvgpu.mma.sync"),
        "target": await ask(s, "kernels.mlir", KERNELS, "sm_80"),
        "value": await ask(s, "kernels.mlir", KERNELS, "%group", 1),
        "comment": await ask(s, "kernels.mlir", KERNELS, "// Kernels"),
        "broken": await ask(s, "broken.mlir", BROKEN, "nvgpu.ldmatrix"),
    }
    # Break the line of the first copy: the ops after it must still answer.
    edited = KERNELS.replace("%src[%i, %i], %dst[%i, %i], 4 {bypassL1}", "%src[%i, %i], %dst[", 1)
    await s.change("kernels.mlir", edited)
    found["after_edit"] = await ask(s, "kernels.mlir", edited, "nvgpu.device_async_copy", 1)
    found["edited"] = edited
    return found


@pytest.fixture(scope="module", params=CLIENT_NAMES)
def answers(request: pytest.FixtureRequest) -> dict[str, Any]:
    settings = {"target": "sm_75"}
    return run_session(scenario, request.param, initialization_options=settings, configuration=settings)


def value_of(found: lsp.Hover | None) -> str:
    assert found is not None
    assert isinstance(found.contents, lsp.MarkupContent) and found.contents.kind == lsp.MarkupKind.Markdown
    return found.contents.value


def test_op_hover_over_stdio_names_the_instances_ptx(answers: dict[str, Any]) -> None:
    assert "cp.async.cg.shared.global [dst], [src], 16;" in value_of(answers["copy"])
    assert spelled(KERNELS, answers["copy"]) == "nvgpu.device_async_copy"


def test_op_hover_over_stdio_judges_the_gpu_modules_target(answers: dict[str, Any]) -> None:
    assert "allowed on sm_90a (this gpu.module's #nvvm.target)" in value_of(answers["load"])


def test_op_hover_over_stdio_falls_back_to_the_editors_target(answers: dict[str, Any]) -> None:
    assert "not available on sm_75: needs sm_80" in value_of(answers["mma"])


def test_target_hover_over_stdio_lists_what_the_chip_forbids(answers: dict[str, Any]) -> None:
    assert "arrive.expect_tx (needs sm_90)" in value_of(answers["target"])
    assert spelled(KERNELS, answers["target"]) == '#nvvm.target<chip = "sm_80">'


def test_value_hover_over_stdio_shows_its_type(answers: dict[str, Any]) -> None:
    assert value_of(answers["value"]).startswith("`%group`: `!nvgpu.device.async.token`")


def test_hover_over_stdio_on_a_comment_is_empty(answers: dict[str, Any]) -> None:
    assert answers["comment"] is None


def test_hover_over_stdio_works_in_a_file_with_errors(answers: dict[str, Any]) -> None:
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in value_of(answers["broken"])


def test_hover_over_stdio_follows_an_edit_that_breaks_a_line(answers: dict[str, Any]) -> None:
    found = answers["after_edit"]
    assert "cp.async.ca.shared.global [dst], [src], 4;" in value_of(found)
    assert spelled(answers["edited"], found) == "nvgpu.device_async_copy"


NON_ASCII = ("gpu.module @m {\n  gpu.func @k(%t: !nvgpu.device.async.token) kernel {\n"
             "    nvgpu.device_async_wait %t {note = \"Ampère → 😀\", numGroups = 1 : i32}\n"
             "    gpu.return\n  }\n}\n")


@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_hover_over_stdio_counts_utf16_columns_after_non_ascii_text(client: str) -> None:
    async def hover_numgroups(s: LspSession) -> lsp.Hover | None:
        await s.open("wide.mlir", NON_ASCII)
        return await ask(s, "wide.mlir", NON_ASCII, "numGroups", after=4)

    found = run_session(hover_numgroups, client)
    assert "**numGroups** (i32 attribute)" in value_of(found)
    assert found is not None and found.range == lsp.Range(
        position_of(NON_ASCII, "numGroups"), position_of(NON_ASCII, "numGroups", after=len("numGroups")))
