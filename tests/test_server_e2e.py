"""The real server over stdio: how diagnostics reach a client, settings, sync and encodings.

Every test starts ``python -m nvgpu_ls`` and talks to it with pygls's LSP client, declaring
the capabilities Neovim 0.7.2 or VS Code declare (``tests/data/clients``).
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document
from tests.lsp_support import LspSession, client_capabilities, position_of, run_session, uri_of

DATA = Path(__file__).parent / "data" / "server"
KERNEL = (DATA / "copy_kernel.mlir").read_text()
# A redefinition carries related information pointing at the first definition.
REDEFINED = "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %x = arith.addi %a, %a : i32\n  return %x : i32\n}\n"


def codes(params: lsp.PublishDiagnosticsParams) -> list[str]:
    return sorted(str(d.code) for d in params.diagnostics)


def fresh_check(text: str, target: str | None = None) -> list[tuple[int, int, str]]:
    """What ``--check`` would report for ``text``: (line, character, code) of each diagnostic."""
    doc = Document(text)
    return sorted((doc.lines.position(d.start)[0], doc.lines.position(d.start)[1], d.code)
                  for d in check_document(doc, CheckOptions(target=target, target_origin="settings")))


def placed(params: lsp.PublishDiagnosticsParams) -> list[tuple[int, int, str]]:
    return sorted((d.range.start.line, d.range.start.character, str(d.code)) for d in params.diagnostics)


# ---------------------------------------------------------------- push and pull
@pytest.mark.parametrize("client", ["neovim-0.7.2", "vscode"])
def test_diagnostics_carry_related_information_and_a_code_link(client):
    async def scenario(s: LspSession):
        return await s.open("redefined.mlir", REDEFINED)

    (diag,) = run_session(scenario, client).diagnostics
    assert diag.code == "ssa.redefinition" and diag.message == "redefinition of SSA value '%x'"
    assert diag.code_description is not None and diag.code_description.href.startswith("https://")
    (related,) = diag.related_information
    assert related.message == "previously defined here"
    assert related.location.uri == uri_of("redefined.mlir") and related.location.range.start.line == 1


def test_a_client_that_pulls_diagnostics_is_not_sent_them_and_gets_an_unchanged_report_for_the_same_text():
    async def scenario(s: LspSession):
        await s.open("pull.mlir", REDEFINED, wait=False)
        identifier = s.doc("pull.mlir")
        first = await s.request(s.client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(text_document=identifier)))
        again = await s.request(s.client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(text_document=identifier, previous_result_id=first.result_id)))
        await s.change("pull.mlir", REDEFINED.replace("%x = arith.addi %a, %a : i32\n  %x", "%x = arith.addi %a, "
                                                      "%a : i32\n  %y"), wait=False)
        after_fix = await s.request(s.client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(text_document=identifier, previous_result_id=first.result_id)))
        return first, again, after_fix, s.published

    first, again, after_fix, pushed = run_session(scenario, "vscode")
    assert [d.code for d in first.items] == ["ssa.redefinition"]
    assert again.kind == "unchanged" and again.result_id == first.result_id
    assert after_fix.kind == "full" and list(after_fix.items) == []
    assert pushed == {}


def test_closing_a_document_clears_its_diagnostics():
    async def scenario(s: LspSession):
        opened = await s.open("closed.mlir", REDEFINED)
        seen = len(s.published[uri_of("closed.mlir")])
        await s.close("closed.mlir")
        return opened, await s.wait_diagnostics("closed.mlir", seen)

    opened, closed = run_session(scenario)
    assert opened.diagnostics and list(closed.diagnostics) == []


# ---------------------------------------------------------------- synchronisation
def test_incremental_edits_give_the_diagnostics_a_fresh_check_of_the_final_text_gives():
    text = KERNEL
    async def scenario(s: LspSession):
        await s.open("kernel.mlir", text)
        # Break the copy's size, then the memref type, then repair the size: three range edits.
        size = position_of(text, "4 {bypassL1}")
        await s.change("kernel.mlir", edits=[(lsp.Range(size, lsp.Position(size.line, size.character + 1)), "3")])
        shared = position_of(text, "to memref<128xf32, 3>", after=3)
        edit_end = lsp.Position(shared.line, shared.character + len("memref<128xf32, 3>"))
        await s.change("kernel.mlir", edits=[(lsp.Range(shared, edit_end), "memref<128xf32>")])
        return await s.change("kernel.mlir", edits=[
            (lsp.Range(size, lsp.Position(size.line, size.character + 1)), "4")])

    final = text.replace("to memref<128xf32, 3>", "to memref<128xf32>")
    published = run_session(scenario, initialization_options={"target": "sm_80"})
    assert placed(published) == fresh_check(final, "sm_80") != []


def test_a_burst_of_changes_publishes_only_for_the_newest_text_and_never_goes_back_a_version():
    # Large enough that analysing one version takes longer than the burst takes to arrive; each
    # version also changes the first line, outside every function, so that none is re-analysed
    # incrementally (an edit inside one function is analysed faster than the next one arrives).
    filler = "".join(REDEFINED.replace("@f", f"@g{i}").replace("%x = arith", "%y = arith", 1) for i in range(600))

    async def scenario(s: LspSession):
        await s.open("burst.mlir", REDEFINED + filler)
        texts = [f"// version {i}\n"
                 + REDEFINED.replace("%x = arith.addi %a, %a : i32\n  %x", f"%x = arith.addi %a, %a : i32\n  %v{i}")
                 + filler for i in range(12)]
        for text in texts:
            await s.change("burst.mlir", text, wait=False)
        last = s.versions[uri_of("burst.mlir")]
        while True:
            published = await s.wait_diagnostics("burst.mlir")
            if published.version == last:
                return s.published[uri_of("burst.mlir")], texts[-1]

    history, final_text = run_session(scenario)
    versions = [p.version for p in history]
    assert versions == sorted(versions)
    # The redefinition is gone in the newest text; an undefined %x use remains nowhere.
    assert placed(history[-1]) == fresh_check(final_text)
    assert len(history) < 13  # bursts coalesce


NON_ASCII = 'func.func @f() {\n  %0 = "test.op"() {s = "é🚀"} : () -> i3x\n  return\n}\n'
"""The bad type follows a two-byte and a four-byte character on its own line: 38 characters,
39 UTF-16 units, 42 UTF-8 bytes into the line (its error is shown from just past ``->``, where
upstream reports it, to its end)."""


@pytest.mark.parametrize("client", ["neovim-0.7.2", "vscode"])
def test_columns_are_utf16_units_after_non_ascii_characters_on_the_same_line(client):
    async def scenario(s: LspSession):
        return await s.open("utf16.mlir", NON_ASCII)

    (diag,) = run_session(scenario, client).diagnostics
    assert diag.range == lsp.Range(lsp.Position(1, 38), lsp.Position(1, 42))


@pytest.mark.parametrize("encoding, column", [(lsp.PositionEncodingKind.Utf8, 42),
                                              (lsp.PositionEncodingKind.Utf32, 38)])
def test_a_client_that_negotiates_another_encoding_gets_columns_in_its_units(encoding, column):
    caps = client_capabilities("neovim-0.7.2")
    caps.general = lsp.GeneralClientCapabilities(position_encodings=[encoding])

    async def scenario(s: LspSession):
        published = await s.open("utf8.mlir", NON_ASCII)
        hover = await s.hover("utf8.mlir", 1, column + 1)
        return s.initialize_result.capabilities.position_encoding, published, hover

    negotiated, published, hover = run_session(scenario, capabilities=caps)
    assert negotiated == encoding
    (diag,) = published.diagnostics
    # from the space before i3x (upstream's place) to its end: one and three units in any encoding
    assert (diag.range.start, diag.range.end) == (lsp.Position(1, column - 1), lsp.Position(1, column + 3))


# ---------------------------------------------------------------- settings
def test_the_target_from_initialization_options_drives_the_gate():
    async def scenario(s: LspSession):
        return await s.open("kernel.mlir", KERNEL)

    assert codes(run_session(scenario, initialization_options={"target": "sm_75"})) == ["nvgpu.sm-gate"]
    assert codes(run_session(scenario, initialization_options={"target": "sm_80"})) == []


def test_workspace_configuration_answers_override_initialization_options():
    async def scenario(s: LspSession):
        return await s.open("kernel.mlir", KERNEL)

    published = run_session(scenario, "vscode", initialization_options={"target": "sm_80"},
                            configuration={"target": "sm_75", "rules": {"nvgpu.sm-gate": "warning"}})
    (diag,) = published.diagnostics
    assert diag.code == "nvgpu.sm-gate" and diag.severity == lsp.DiagnosticSeverity.Warning


def test_a_configuration_change_rechecks_open_documents():
    async def scenario(s: LspSession):
        before = await s.open("kernel.mlir", KERNEL)
        seen = len(s.published[uri_of("kernel.mlir")])
        s.client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(
            settings={"nvgpu-ls": {"target": "sm_75"}}))
        return before, await s.wait_diagnostics("kernel.mlir", seen)

    before, after = run_session(scenario, initialization_options={"target": "sm_80"})
    assert codes(before) == [] and codes(after) == ["nvgpu.sm-gate"]


def test_invalid_settings_are_shown_to_the_user_and_defaults_are_used():
    async def scenario(s: LspSession):
        published = await s.open("kernel.mlir", KERNEL)
        return published, [m for m in s.messages]

    published, messages = run_session(scenario, initialization_options={"target": "sm_99", "engine": "x"})
    assert [m.type for m in messages] == [lsp.MessageType.Warning] * 2
    assert "sm_99" in messages[0].message and "unknown setting 'engine'" in messages[1].message
    assert codes(published) == ["target.none"]


def test_the_project_configuration_beats_the_editor_target_and_its_problems_are_published_on_it(tmp_path):
    (tmp_path / "nvgpu-ls.toml").write_text('target = "sm_75"\ncolour = "blue"\n')
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL)

    async def scenario(s: LspSession):
        published = await s.open(str(kernel), KERNEL)
        config_uri = (tmp_path / "nvgpu-ls.toml").as_uri()
        while config_uri not in s.published:
            await asyncio.sleep(0.05)
        return published, s.published[config_uri][-1]

    published, config = run_session(scenario, initialization_options={"target": "sm_90a"})
    assert codes(published) == ["nvgpu.sm-gate"]
    (problem,) = config.diagnostics
    assert problem.code == "config.invalid" and "colour" in problem.message and problem.range.start.line == 1


# ---------------------------------------------------------------- transports
def test_the_server_answers_over_tcp():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "nvgpu_ls", "--tcp", f"127.0.0.1:{port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    async def scenario() -> lsp.PublishDiagnosticsParams:
        client = LanguageClient("tcp-test", "1")
        got: asyncio.Queue = asyncio.Queue()
        @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            got.put_nowait(params)

        deadline = time.monotonic() + 30
        while True:
            try:
                await client.start_tcp("127.0.0.1", port)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)
        await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities()))
        client.initialized(lsp.InitializedParams())
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri="file:///tcp.mlir", language_id="mlir", version=1,
                                               text=REDEFINED)))
        published = await asyncio.wait_for(got.get(), 60)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return published

    try:
        published = asyncio.run(scenario())
    finally:
        process.wait(timeout=30) if process.poll() is not None else process.kill()
    assert codes(published) == ["ssa.redefinition"]


def test_a_malformed_tcp_address_is_a_usage_error():
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls", "--tcp", "localhost"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "HOST:PORT" in result.stderr


# ---------------------------------------------------------------- responsiveness
def test_a_request_during_a_slow_analysis_is_answered_from_the_previous_state_before_it_finishes():
    function = KERNEL.split("\n", 1)[1].rsplit("}", 1)[0]  # the gpu.func inside the module
    # Large enough that its analysis (about 3 s here) outlasts the request's 0.5 s wait for it
    # by far, even on a loaded machine.
    big = "gpu.module @kernels {\n" + "".join(function.replace("@copy", f"@copy{i}") for i in range(20000)) + "}\n"
    order: list[str] = []

    async def scenario(s: LspSession):
        await s.open("big.mlir", big)
        uri = uri_of("big.mlir")
        # An edit outside every function re-reads the whole file: the slow path.
        await s.change("big.mlir", edits=[(lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), "// edited\n")],
                       wait=False)
        seen = len(s.published[uri])
        await s.hover("big.mlir", 3, 10)
        order.append("hover" if len(s.published[uri]) == seen else "diagnostics")
        published = await s.wait_diagnostics("big.mlir", seen)
        return published

    published = run_session(scenario)
    assert order == ["hover"]
    assert published.version == 2


def test_editing_the_configuration_file_rechecks_open_documents(tmp_path):
    config = tmp_path / "nvgpu-ls.toml"
    config.write_text('target = "sm_80"\n')
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL)

    async def scenario(s: LspSession):
        before = await s.open(str(kernel), KERNEL)
        seen = len(s.published[uri_of(str(kernel))])
        config.write_text('target = "sm_75"\n')
        s.client.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(changes=[
            lsp.FileEvent(uri=config.as_uri(), type=lsp.FileChangeType.Changed)]))
        return before, await s.wait_diagnostics(str(kernel), seen)

    before, after = run_session(scenario)
    assert codes(before) == [] and codes(after) == ["nvgpu.sm-gate"]


def test_a_configuration_change_asks_a_pulling_client_to_pull_again():
    async def scenario(s: LspSession):
        before = await s.open("kernel.mlir", KERNEL)
        refreshes = s.refreshes
        s.configuration = {"target": "sm_75"}
        s.client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
        while s.refreshes == refreshes:
            await asyncio.sleep(0.05)
        return before, await s.wait_diagnostics("kernel.mlir")

    before, after = run_session(scenario, "vscode", configuration={"target": "sm_80"})
    assert codes(before) == [] and codes(after) == ["nvgpu.sm-gate"]


def test_the_config_path_setting_names_the_configuration_file(tmp_path):
    (tmp_path / "team.toml").write_text('target = "sm_75"\n[rules]\n"nvgpu.sm-gate" = "hint"\n')
    (tmp_path / "nvgpu-ls.toml").write_text('target = "sm_90a"\n')  # nearer, but not the one named
    kernel = tmp_path / "kernel.mlir"
    kernel.write_text(KERNEL)

    async def scenario(s: LspSession):
        return await s.open(str(kernel), KERNEL)

    (diag,) = run_session(scenario, initialization_options={"configPath": str(tmp_path / "team.toml")}).diagnostics
    assert diag.code == "nvgpu.sm-gate" and diag.severity == lsp.DiagnosticSeverity.Hint


def test_the_diagnostics_setting_leaves_what_upstreams_server_reports_to_it_or_publishes_none():
    text = ("gpu.module @m [#nvvm.target<chip = \"sm_75\">] {\n"
            "  gpu.func @k(%m: memref<128x128xf16>, %src: memref<128xf32>, %dst: memref<128xf32, 3>) kernel {\n"
            "    %i = arith.constant 0 : index\n"
            "    %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<128x128xf16> -> "
            "vector<4x2xf16>\n"
            "    %t = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<128xf32> to memref<128xf32, 3>\n"
            "    gpu.return\n  }\n}\n")

    async def scenario(s: LspSession):
        return await s.open("both.mlir", text)

    every = codes(run_session(scenario))
    assert {"nvgpu.ldmatrix.memory-space", "nvgpu.sm-gate"} <= set(every)
    beyond = codes(run_session(scenario, initialization_options={"diagnostics": "beyondUpstream"}))
    assert "nvgpu.sm-gate" in beyond and "nvgpu.ldmatrix.memory-space" not in beyond  # mlir-lsp-server says it
    assert codes(run_session(scenario, initialization_options={"diagnostics": "off"})) == []
