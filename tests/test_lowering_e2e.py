"""Lower to NVVM through the real server over stdio, as Neovim 0.7.2 and VS Code ask for it:
the code actions at an op, the command the source action carries, the custom request for
a side panel, the in-place refactoring applied with ``didChange``, and a hover answered
while a long lowering runs."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from typing import Any, Union

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features import commands
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions

from .lowering_support import assert_upstream_accepts
from .lsp_support import CLIENT_NAMES, LspSession, position_of, run_session, uri_of
from .test_code_actions_e2e import apply_workspace_edit

DATA = Path(__file__).parent / "data" / "cli_lower"
KERNEL = (DATA / "copy_kernel.mlir").read_text()
SETTINGS = {"target": "sm_80"}
UPSTREAM = (importlib.util.find_spec("torch_mlir") is not None
            and importlib.util.find_spec("nvgpu_ls.lowering.upstream_engine") is not None)


def decode_code_actions_as_editors_do(s: LspSession) -> None:
    """pygls's client decodes every result item with a ``command`` key as a bare ``Command``,
    though a ``CodeAction`` may carry a command too; editors tell the two apart as the
    protocol does (a ``Command``'s ``command`` is a string), and so does this client now."""
    converter = s.client.protocol._converter

    def code_action_or_command(item: Any, _: type) -> lsp.Command | lsp.CodeAction:
        if isinstance(item.get("command"), str):
            return converter.structure(item, lsp.Command)
        return converter.structure(item, lsp.CodeAction)

    converter.register_structure_hook(Union[lsp.Command, lsp.CodeAction], code_action_or_command)


async def actions_at(s: LspSession, name: str, position: lsp.Position,
                     only: list[str] | None = None) -> list[lsp.CodeAction]:
    actions = await s.request(s.client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=s.doc(name), range=lsp.Range(position, position),
        context=lsp.CodeActionContext(diagnostics=[], only=only, trigger_kind=lsp.CodeActionTriggerKind.Invoked))))
    assert all(isinstance(a, lsp.CodeAction) for a in actions or [])
    return list(actions or [])


async def lower_request(s: LspSession, name: str, engine: str | None = None) -> Any:
    params: dict[str, Any] = {"textDocument": {"uri": uri_of(name)}}
    if engine is not None:
        params["engine"] = engine
    return await s.request(s.client.protocol.send_request_async(commands.LOWER_TO_NVVM_REQUEST, params))


def expected_lowering(text: str, name: str, target: str = "sm_80") -> str | None:
    path = uri_of(name).removeprefix("file://")
    return lower_document(Document(text), path, LoweringOptions(check=CheckOptions(target, "settings"))).text


# ---------------------------------------------------------------------- actions and the command
@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_the_source_action_carries_the_command_that_answers_the_lowered_text(client: str):
    async def scenario(s: LspSession):
        decode_code_actions_as_editors_do(s)
        opened = await s.open("kernel.mlir", KERNEL)
        assert opened is not None and list(opened.diagnostics) == []
        actions = await actions_at(s, "kernel.mlir", position_of(KERNEL, "nvgpu.device_async_copy"))
        (source,) = [a for a in actions if a.kind == commands.LOWER_TO_NVVM_KIND]
        assert source.command is not None
        result = await s.request(s.client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command=source.command.command, arguments=source.command.arguments)))
        provider = s.initialize_result.capabilities.execute_command_provider if s.initialize_result else None
        return actions, result, provider

    actions, result, provider = run_session(scenario, client, initialization_options=SETTINGS,
                                            configuration=SETTINGS)
    assert [a.kind for a in actions] == [commands.LOWER_TO_NVVM_KIND, commands.LOWER_OP_TO_NVVM_KIND,
                                         commands.PREVIEW_PTX_KIND, commands.PREVIEW_SASS_KIND]
    assert provider is not None and commands.LOWER_TO_NVVM_COMMAND in provider.commands
    assert result["engine"] == "builtin" and result["diagnostics"] == []
    assert result["text"] == expected_lowering(KERNEL, "kernel.mlir")
    assert "nvvm.cp.async.shared.global" in result["text"]
    assert_upstream_accepts(result["text"])


@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_the_custom_request_answers_the_same_object_and_reports_errors_as_diagnostics(client: str):
    broken = (DATA / "wrong_memory_space.mlir").read_text()

    async def scenario(s: LspSession):
        await s.open("kernel.mlir", KERNEL)
        await s.open("broken.mlir", broken)
        return await lower_request(s, "kernel.mlir"), await lower_request(s, "broken.mlir")

    lowered, failed = run_session(scenario, client, initialization_options=SETTINGS, configuration=SETTINGS)
    assert lowered.engine == "builtin" and lowered.text == expected_lowering(KERNEL, "kernel.mlir")
    assert failed.text is None and failed.loweredOps == 0
    (diagnostic,) = failed.diagnostics
    assert diagnostic.code == "nvgpu.async-copy.memory-space"
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (4, 76)


def test_the_custom_request_lowers_a_saved_file_that_is_not_open(tmp_path):
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL)

    async def scenario(s: LspSession):
        return await lower_request(s, str(kernel))

    result = run_session(scenario, initialization_options=SETTINGS)
    assert result.text == expected_lowering(KERNEL, str(kernel))


def test_an_unknown_engine_or_document_is_an_error_answer_and_the_server_lives_on():
    async def error_of(request: Any) -> Exception | None:
        try:
            await request
        except Exception as exc:  # noqa: BLE001
            return exc
        return None

    async def scenario(s: LspSession):
        await s.open("kernel.mlir", KERNEL)
        engine = await error_of(lower_request(s, "kernel.mlir", engine="llvm"))
        document = await error_of(lower_request(s, "/nonexistent/never-saved.mlir"))
        return engine, document, await lower_request(s, "kernel.mlir")

    engine, document, after = run_session(scenario, initialization_options=SETTINGS)
    assert engine is not None and "unknown lowering engine 'llvm'" in str(engine)
    assert document is not None and "neither open nor a saved file" in str(document)
    assert after.text is not None


@pytest.mark.skipif(not UPSTREAM, reason="the upstream engine or the torch-mlir bindings are missing")
@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_the_engine_comes_from_the_setting_unless_the_request_names_one(client: str):
    settings = {**SETTINGS, "loweringEngine": "upstream"}

    async def scenario(s: LspSession):
        await s.open("kernel.mlir", KERNEL)
        by_setting = await s.request(s.client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command=commands.LOWER_TO_NVVM_COMMAND, arguments=[uri_of("kernel.mlir")])))
        return by_setting, await lower_request(s, "kernel.mlir", engine="builtin")

    by_setting, by_request = run_session(scenario, client, initialization_options=settings, configuration=settings)
    assert by_setting["engine"] == "upstream" and by_setting["text"] is not None, by_setting["diagnostics"]
    assert "nvvm.cp.async.shared.global" in by_setting["text"]
    assert by_request.engine == "builtin" and by_request.text == expected_lowering(KERNEL, "kernel.mlir")


# ---------------------------------------------------------------------- the refactoring
@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_the_refactoring_lowers_the_op_in_place_and_the_file_stays_clean(client: str):
    # A non-ASCII attribute on the op's line: the edit's range is in the negotiated encoding.
    text = KERNEL.replace("{bypassL1}", '{bypassL1, note = "é🚀"}')

    async def scenario(s: LspSession):
        await s.open("kernel.mlir", text)
        (action,) = await actions_at(s, "kernel.mlir", position_of(text, "%t = nvgpu"), only=["refactor"])
        assert action.edit is not None
        lowered = apply_workspace_edit(text, uri_of("kernel.mlir"), action.edit)
        after = await s.change("kernel.mlir", lowered)
        return action, lowered, after

    action, lowered, after = run_session(scenario, client, initialization_options=SETTINGS, configuration=SETTINGS)
    assert action.title == "Lower 'nvgpu.device_async_copy' to NVVM in place"
    assert after is not None and list(after.diagnostics) == []
    assert "nvgpu.device_async_copy" not in lowered and "é🚀" not in lowered
    assert "nvvm.cp.async.shared.global" in lowered
    assert_upstream_accepts(lowered)


# ---------------------------------------------------------------------- responsiveness
def test_a_hover_and_another_files_diagnostics_come_while_a_long_lowering_runs():
    function = KERNEL.split("gpu.module @kernels {\n", 1)[1].rsplit("}", 1)[0]
    # long enough (over a second here) that the hover and the other file's check clearly come first
    big = "gpu.module @kernels {\n" + "".join(function.replace("@copy", f"@copy{i}") for i in range(8000)) + "}\n"
    order: list[str] = []

    async def scenario(s: LspSession):
        await s.open("big.mlir", big)
        await s.open("other.mlir", KERNEL)
        lowering = asyncio.ensure_future(lower_request(s, "big.mlir"))
        lowering.add_done_callback(lambda _: order.append("lowering"))
        await asyncio.sleep(0.3)  # the lowering is under way
        hover = await s.hover("big.mlir", 4, 12)
        order.append("hover")
        changed = await s.change("other.mlir", KERNEL + "// edited\n")
        order.append("diagnostics")
        return hover, changed, await lowering

    hover, changed, lowered = run_session(scenario, initialization_options=SETTINGS)
    assert order == ["hover", "diagnostics", "lowering"]
    assert hover is not None and "device_async_copy" in str(hover.contents)
    assert changed is not None and changed.version == 2
    assert lowered.text is not None and lowered.loweredOps == 24000
