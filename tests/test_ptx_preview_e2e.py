"""Preview PTX through the real server over stdio, as Neovim 0.7.2 (pushed diagnostics) and
VS Code (pulled diagnostics) ask for it: the source action and its command, the custom
request, ``$/progress`` while it runs, the preview's ``ptx.*`` diagnostics published on the
``.mlir`` file until it is edited, and the faults the native worker can have — a crash in
LLVM's code generator, a crash in upstream's lowering, a hung stage — each answered with a
diagnostic naming the stage while hover goes on being answered at once."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, TypeVar

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.features import commands
from nvgpu_ls.ptx.pipeline import find_ptxas

from .lsp_support import CLIENT_NAMES, LspSession, position_of, uri_of
from .test_cli_ptx import FAKE_PTXAS
from .test_lowering_e2e import actions_at, decode_code_actions_as_editors_do

pytestmark = pytest.mark.slow

GEMM = (Path(__file__).parent / "data" / "lowering" / "matrix_ampere_gemm.mlir").read_text()
NAME = "gemm.mlir"
HAS_PTXAS = find_ptxas() is not None
T = TypeVar("T")


class ProgressLog:
    """The client's side of ``window/workDoneProgress/create`` and ``$/progress``."""

    def __init__(self, s: LspSession) -> None:
        self.created: list[Any] = []
        self.events: list[tuple[Any, str, str | None]] = []
        """(token, kind, title or message) in arrival order."""

        @s.client.feature(lsp.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: lsp.WorkDoneProgressCreateParams) -> None:
            self.created.append(params.token)

        @s.client.feature(lsp.PROGRESS)
        def on_progress(params: lsp.ProgressParams) -> None:
            value = params.value
            kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
            text = [value.get(k) if isinstance(value, dict) else getattr(value, k, None) for k in ("title", "message")]
            self.events.append((params.token, str(kind), text[0] or text[1]))

    def of(self, token: Any) -> list[tuple[str, str | None]]:
        return [(kind, text) for t, kind, text in self.events if t == token]


def run_preview_session(scenario: Callable[[LspSession, ProgressLog], Awaitable[T]], client: str = "neovim-0.7.2",
                        **options: Any) -> T:
    async def main() -> T:
        session = LspSession(client, **options)
        progress = ProgressLog(session)
        decode_code_actions_as_editors_do(session)
        await session.start()
        try:
            return await scenario(session, progress)
        finally:
            await session.stop()

    return asyncio.run(main())


async def preview(s: LspSession, name: str = NAME, **params: Any) -> Any:
    return await s.request(s.client.protocol.send_request_async(
        commands.PREVIEW_PTX_REQUEST, {"textDocument": {"uri": uri_of(name)}, **params}))


def codes(diagnostics: Any) -> list[str]:
    return [str(d.code) for d in diagnostics]


def ptx_lines_mapped_to(result: Any, needle_ptx: str, needle_source: str) -> list[tuple[int, int]]:
    """(PTX line, source line) pairs of the mapping where the PTX line holds ``needle_ptx`` and
    the source line ``needle_source``."""
    ptx = result["ptx"] if isinstance(result, dict) else result.ptx
    mapping = result["mapping"] if isinstance(result, dict) else result.mapping
    ptx_lines, source_lines = ptx.splitlines(), GEMM.splitlines()
    return [(p, s) for p, s, _ in mapping if needle_ptx in ptx_lines[p] and needle_source in source_lines[s]]


# ---------------------------------------------------------------------- the action, command, request, progress
@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_the_action_and_the_request_answer_mapped_ptx_with_progress_on_the_way(client: str):
    async def scenario(s: LspSession, progress: ProgressLog):
        opened = await s.open(NAME, GEMM)
        assert opened is not None and list(opened.diagnostics) == []
        actions = await actions_at(s, NAME, position_of(GEMM, "nvgpu.mma.sync"), only=["source.previewPtx"])
        (action,) = actions
        assert action.command is not None
        by_command = await s.request(s.client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command=action.command.command, arguments=action.command.arguments)))
        by_request = await preview(s, engine="builtin")
        again = await preview(s, engine="builtin")
        provider = s.initialize_result.capabilities.execute_command_provider if s.initialize_result else None
        return action, by_command, by_request, again, provider, progress

    action, by_command, by_request, again, provider, progress = run_preview_session(scenario, client)
    assert action.title == "Preview PTX" and action.kind == commands.PREVIEW_PTX_KIND
    assert provider is not None and commands.PREVIEW_PTX_COMMAND in provider.commands
    # The command (validated) and the request answer the same PTX, mapped back to the source.
    assert by_command["engine"] == "builtin" and by_command["diagnostics"] == []
    assert by_command["ptx"].startswith("// gpu.module @matrix_ampere_gemm: sm_80")
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in by_command["ptx"]
    assert ptx_lines_mapped_to(by_command, "mma.sync.aligned", "nvgpu.mma.sync")
    assert ptx_lines_mapped_to(by_command, "ldmatrix.sync.aligned", "nvgpu.ldmatrix")
    assert ptx_lines_mapped_to(by_command, "cp.async", "nvgpu.device_async_copy")
    assert by_command["modules"] == [{"name": "matrix_ampere_gemm", "chip": "sm_80", "features": "+ptx71", "optLevel": 3}]
    if HAS_PTXAS:
        (report,) = by_command["ptxasReport"]
        assert report["ok"] and {k["name"] for k in report["kernels"]} == {"gemm_f16", "gemm_i8", "sparse_f16"}
        assert all(k["registers"] for k in report["kernels"])
    assert by_request.ptx == by_command["ptx"] and list(by_request.ptxasReport) == []
    assert [list(m) for m in by_request.mapping] == by_command["mapping"]
    assert by_request.cached is False and again.cached is True and again.ptx == by_request.ptx
    # Each preview had a progress token of its own: begun, told the stages, ended.
    assert len(progress.created) == 3 and len(set(progress.created)) == 3
    first = progress.of(progress.created[0])
    assert first[0] == ("begin", "Preview PTX") and first[-1][0] == "end"
    reports = [text for kind, text in first if kind == "report"]
    assert any("llvm-codegen" in (text or "") for text in reports), reports
    assert any("ptxas" in (text or "") for text in reports) == HAS_PTXAS
    assert [kind for kind, _ in progress.of(progress.created[2])] == ["begin", "report", "end"]  # cached


@pytest.mark.skipif(__import__("importlib.util").util.find_spec("torch_mlir") is None,
                    reason="the torch-mlir bindings are missing")
def test_the_engine_comes_from_the_setting_unless_the_request_names_one():
    settings = {"loweringEngine": "upstream"}

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        by_setting = await s.request(s.client.workspace_execute_command_async(lsp.ExecuteCommandParams(
            command=commands.PREVIEW_PTX_COMMAND, arguments=[uri_of(NAME)])))
        return by_setting, await preview(s, engine="builtin")

    by_setting, by_request = run_preview_session(scenario, initialization_options=settings)
    assert by_setting["engine"] == "upstream" and "mma.sync.aligned" in by_setting["ptx"], by_setting["diagnostics"]
    assert by_request.engine == "builtin" and "mma.sync.aligned" in by_request.ptx


def test_a_request_naming_the_document_that_is_not_open_reads_it_from_disk(tmp_path):
    kernel = tmp_path / "gemm.mlir"
    kernel.write_text(GEMM)

    async def scenario(s: LspSession, progress: ProgressLog):
        return await preview(s, str(kernel)), s.published.get(kernel.as_uri())

    result, published = run_preview_session(scenario)
    assert "mma.sync.aligned" in result.ptx and published is None


def test_a_client_without_progress_support_gets_the_answer_without_progress():
    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        return await preview(s), progress

    result, progress = run_preview_session(scenario, capabilities=lsp.ClientCapabilities())
    assert "mma.sync.aligned" in result.ptx
    assert progress.created == [] and progress.events == []


def test_bad_params_are_an_error_answer_and_the_server_lives_on():
    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        errors = []
        for params in ({"engine": "llvm"}, {"timeout": -1}, {"validate": "yes"}):
            try:
                await preview(s, **params)
            except Exception as exc:  # noqa: BLE001
                errors.append(str(exc))
        try:
            await preview(s, "/nonexistent/never-saved.mlir")
        except Exception as exc:  # noqa: BLE001
            errors.append(str(exc))
        return errors, await s.hover(NAME, *_position("nvgpu.mma.sync"))

    errors, hover = run_preview_session(scenario)
    assert len(errors) == 4
    assert "unknown lowering engine 'llvm'" in errors[0] and "'timeout'" in errors[1]
    assert "'validate'" in errors[2] and "neither open nor a saved file" in errors[3]
    assert hover is not None


def _position(needle: str) -> tuple[int, int]:
    where = position_of(GEMM, needle, after=2)
    return where.line, where.character


# ---------------------------------------------------------------------- published diagnostics
@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_ptxas_errors_are_published_on_the_source_line_and_cleared_by_an_edit(client: str, tmp_path):
    fake = tmp_path / "ptxas"
    fake.write_text(FAKE_PTXAS.format(python=sys.executable))
    fake.chmod(0o755)
    settings = {"ptxasPath": str(fake)}

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        seen = len(s.published.get(uri_of(NAME), ()))
        refreshes = s.refreshes
        result = await preview(s, validate=True)
        after_preview = await s.wait_diagnostics(NAME, seen)
        refreshed = s.refreshes > refreshes
        edited = await s.change(NAME, GEMM + "// edited\n")
        return result, after_preview, refreshed, edited

    result, after_preview, refreshed, edited = run_preview_session(
        scenario, client, initialization_options={**settings, "trustedTools": [str(fake)]}, configuration=settings)
    (report,) = result.ptxasReport
    assert report.ok is False and any("Feature 'ldmatrix'" in m for m in report.messages)
    (answered,) = [d for d in result.diagnostics if d.code == "ptx.ptxas" and "Feature 'ldmatrix'" in d.message]
    (published,) = [d for d in after_preview.diagnostics if str(d.code) == "ptx.ptxas"
                    and "Feature 'ldmatrix'" in d.message]
    assert published.source == "nvgpu-ls.ptx" and published.severity == lsp.DiagnosticSeverity.Error
    assert "nvgpu.ldmatrix" in GEMM.splitlines()[published.range.start.line]
    assert published.range.start.line == answered.range.start.line
    assert after_preview.version == 1
    assert refreshed == (client == "vscode")  # a client that pulls is asked to pull again
    assert edited is not None and "ptx.ptxas" not in codes(edited.diagnostics) and edited.version == 2


@pytest.mark.parametrize("trusted", [False, True], ids=["untrusted", "trusted"])
def test_a_ptxas_named_by_workspace_settings_runs_only_when_trusted_at_launch(tmp_path, trusted):
    """``.vscode/settings.json``, ``.nvim.lua`` and the like reach the server through
    ``workspace/configuration``: a ``ptxasPath`` from there ran whatever the checkout named."""
    ran = tmp_path / "ran"
    fake = tmp_path / "ptxas"
    fake.write_text(f"#!{sys.executable}\nopen({str(ran)!r}, 'w').close()\nraise SystemExit(1)\n")
    fake.chmod(0o755)

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        await preview(s, validate=True)
        return [m.message for m in s.messages]

    messages = run_preview_session(scenario, "vscode", configuration={"ptxasPath": str(fake)},
                                   initialization_options={"trustedTools": [str(fake)]} if trusted else {})
    assert ran.exists() == trusted
    untrusted = [m for m in messages if "is not among the trustedTools" in m]
    assert bool(untrusted) == (not trusted), messages


# ---------------------------------------------------------------------- faults in the worker
def _hover_ok(hover: lsp.Hover | None) -> bool:
    return hover is not None and "mma" in str(hover.contents).lower()


def test_a_crash_in_llvm_codegen_is_a_diagnostic_naming_the_stage_and_hover_answers_at_once(monkeypatch):
    monkeypatch.setenv("NVGPU_LS_NATIVE_FAULT", "llvm-codegen:abort")

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        seen = len(s.published[uri_of(NAME)])
        crashed = await preview(s)
        answered = time.monotonic()
        hover = await s.hover(NAME, *_position("nvgpu.mma.sync"))
        hover_delay = time.monotonic() - answered
        published = await s.wait_diagnostics(NAME, seen)
        again = await preview(s)  # a fresh worker, which gets as far again
        return crashed, hover, hover_delay, published, again

    crashed, hover, hover_delay, published, again = run_preview_session(scenario)
    assert crashed.ptx is None
    (crash,) = [d for d in crashed.diagnostics if d.code == "ptx.llvm-codegen"]
    assert "llvm-codegen" in crash.message and "crashed" in crash.message
    assert _hover_ok(hover) and hover_delay < 1.0, hover_delay
    assert "ptx.llvm-codegen" in codes(published.diagnostics)
    assert again.cached is False and [d.code for d in again.diagnostics] == ["ptx.llvm-codegen"]


@pytest.mark.skipif(__import__("importlib.util").util.find_spec("torch_mlir") is None,
                    reason="the torch-mlir bindings are missing")
def test_after_a_crash_in_upstreams_lowering_the_next_preview_works_in_a_fresh_worker(monkeypatch):
    monkeypatch.setenv("NVGPU_LS_NATIVE_FAULT", "convert-nvgpu-to-nvvm:abort")
    order: list[str] = []

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        crashed = await preview(s, engine="upstream")
        next_preview = asyncio.ensure_future(preview(s, engine="builtin"))
        next_preview.add_done_callback(lambda _: order.append("preview"))
        hover = await s.hover(NAME, *_position("nvgpu.mma.sync"))
        order.append("hover")
        return crashed, hover, await next_preview

    crashed, hover, fresh = run_preview_session(scenario)
    assert crashed.ptx is None
    assert any("convert-nvgpu-to-nvvm" in d.message and "crashed" in d.message for d in crashed.diagnostics)
    assert _hover_ok(hover) and order == ["hover", "preview"]
    assert fresh.ptx is not None and "mma.sync.aligned" in fresh.ptx and list(fresh.diagnostics) == []


def test_a_hung_stage_is_killed_at_its_timeout_while_hover_keeps_answering(monkeypatch):
    monkeypatch.setenv("NVGPU_LS_NATIVE_FAULT", "llvm-codegen:hang")
    timeout = 4.0
    hovers: list[float] = []

    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open(NAME, GEMM)
        started = time.monotonic()
        hung = asyncio.ensure_future(preview(s, timeout=timeout))
        while not hung.done():
            before = time.monotonic()
            assert _hover_ok(await s.hover(NAME, *_position("nvgpu.mma.sync")))
            hovers.append(time.monotonic() - before)
            await asyncio.sleep(0.25)
        return await hung, time.monotonic() - started

    hung, elapsed = run_preview_session(scenario)
    (problem,) = [d for d in hung.diagnostics if d.code == "ptx.llvm-codegen"]
    assert "timed out" in problem.message and "llvm-codegen" in problem.message
    assert timeout <= elapsed < timeout + 30
    assert len(hovers) >= 4 and max(hovers) < 1.0, hovers


def test_shutdown_during_a_hung_preview_does_not_wait_for_its_timeout(monkeypatch):
    monkeypatch.setenv("NVGPU_LS_NATIVE_FAULT", "llvm-codegen:hang")

    async def main() -> float:
        s = LspSession()
        progress = ProgressLog(s)
        await s.start()
        await s.open(NAME, GEMM)
        hung = asyncio.ensure_future(preview(s, timeout=120))
        while not any("llvm-codegen" in (text or "") for _, _, text in progress.events):
            await asyncio.sleep(0.05)  # the worker is in the stage that hangs
        started = time.monotonic()
        await s.stop()
        hung.cancel()
        return time.monotonic() - started

    assert asyncio.run(main()) < 15


CRASHING = (Path(__file__).parent / "data" / "ptx_faults" / "wgmma_f16_accumulator.mlir").read_text()


def test_an_input_that_crashes_native_code_is_a_diagnostic_and_the_server_answers_on():
    """No injected fault: a real input on which LLVM's translation segfaults in the worker."""
    async def scenario(s: LspSession, progress: ProgressLog):
        await s.open("crash.mlir", CRASHING)
        await s.open(NAME, GEMM)
        crashed = await preview(s, "crash.mlir")
        answered = time.monotonic()
        hover = await s.hover(NAME, *_position("nvgpu.mma.sync"))
        hover_delay = time.monotonic() - answered
        fresh = await preview(s)  # the next preview gets a fresh worker
        return crashed, hover, hover_delay, fresh

    crashed, hover, hover_delay, fresh = run_preview_session(scenario)
    assert crashed.ptx is None
    (crash,) = [d for d in crashed.diagnostics if str(d.code).startswith("ptx.")]
    assert "crashed" in crash.message and "translate-to-llvmir" in crash.message
    assert _hover_ok(hover) and hover_delay < 1.0, hover_delay
    assert fresh.ptx is not None and "mma.sync.aligned" in fresh.ptx
