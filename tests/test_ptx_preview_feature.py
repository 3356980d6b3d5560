"""Preview PTX as editor features, without a server: the source action, the command's and the
request's arguments, the answer built from a preview, and how the document store keeps a
preview's ``ptx.*`` diagnostics beside the checks' until the text changes."""

from __future__ import annotations

import asyncio
from collections import namedtuple
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.documents import DocumentStore
from nvgpu_ls.features import commands
from nvgpu_ls.features.code_actions import KINDS, code_actions
from nvgpu_ls.features.context import FeatureContext, FeatureError
from nvgpu_ls.features.ptx_preview import (
    PREVIEW_PTX_TITLE, PreviewRequest, preview_options, preview_ptx_action, preview_request, preview_result,
    ptx_diagnostics, run_preview,
)
from nvgpu_ls.verify import CheckOptions, check_document

DATA = Path(__file__).parent / "data" / "cli_lower"
KERNEL = (DATA / "copy_kernel.mlir").read_text()
BROKEN = (DATA / "wrong_memory_space.mlir").read_text()
URI = "file:///work/kernel.mlir"
PLAIN = "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\n"
NVGPU_OUTSIDE_GPU_MODULE = "func.func @f() {\n  %c = arith.constant 0 : i32\n  return\n}\n"


def context(text: str, target: str | None = "sm_80", extra: list[Diagnostic] | None = None) -> FeatureContext:
    doc = Document(text, URI)
    options = CheckOptions(target=target, target_origin="settings")
    return FeatureContext(doc, "utf-16", options=options, diagnostics=check_document(doc, options) + (extra or []))


def request(ctx: FeatureContext, only: list[str] | None = None) -> list[lsp.CodeAction]:
    where = ctx.range(0, 0)
    params = lsp.CodeActionParams(text_document=lsp.TextDocumentIdentifier(uri=URI), range=where,
                                  context=lsp.CodeActionContext(diagnostics=[], only=only))
    return code_actions(ctx, params)


# ---------------------------------------------------------------------- the action
def test_a_clean_file_with_a_gpu_module_offers_the_preview_through_the_command():
    action = preview_ptx_action(context(KERNEL))
    assert action is not None
    assert action.title == PREVIEW_PTX_TITLE and action.kind == commands.PREVIEW_PTX_KIND
    assert action.command is not None and action.command.command == commands.PREVIEW_PTX_COMMAND
    assert action.command.arguments == [{"textDocument": {"uri": URI}, "validate": True}]
    assert preview_request(action.command.arguments) == PreviewRequest(URI, None, True)


@pytest.mark.parametrize("text", [BROKEN, PLAIN, NVGPU_OUTSIDE_GPU_MODULE])
def test_no_preview_for_a_file_with_errors_or_without_a_gpu_module(text: str):
    assert preview_ptx_action(context(text)) is None


def test_a_failed_earlier_preview_does_not_hide_the_action():
    failed = Diagnostic(0, 0, "ptxas rejected it", "ptx.ptxas", Severity.ERROR, "nvgpu-ls.ptx")
    assert preview_ptx_action(context(KERNEL, extra=[failed])) is not None


def test_the_preview_kind_is_announced_offered_and_filtered_by_prefix():
    assert commands.PREVIEW_PTX_KIND in KINDS and commands.RESERVED_KINDS == ()
    assert commands.PREVIEW_PTX_REQUEST == "nvgpu-ls/previewPtx"
    assert commands.PREVIEW_PTX_COMMAND in commands.COMMANDS
    ctx = context(KERNEL)
    assert [a.kind for a in request(ctx, only=["source.previewPtx"])] == [commands.PREVIEW_PTX_KIND]
    assert [a.kind for a in request(ctx, only=["source"])] == [commands.LOWER_TO_NVVM_KIND,
                                                                commands.PREVIEW_PTX_KIND,
                                                                commands.PREVIEW_SASS_KIND]
    assert request(ctx, only=["quickfix"]) == []


def test_the_sass_preview_is_announced_and_offered_where_the_ptx_preview_is():
    assert commands.PREVIEW_SASS_KIND in KINDS and commands.PREVIEW_SASS_COMMAND in commands.COMMANDS
    assert commands.PREVIEW_SASS_REQUEST == "nvgpu-ls/previewSass"
    ctx = context(KERNEL)
    [action] = request(ctx, only=["source.previewSass"])
    assert action.title == "Preview SASS" and action.command.command == commands.PREVIEW_SASS_COMMAND
    broken = Diagnostic(0, 0, "broken", "syntax", Severity.ERROR, "nvgpu-ls")
    assert request(context(KERNEL, extra=[broken]), only=["source.previewSass"]) == []


# ---------------------------------------------------------------------- arguments
Params = namedtuple("Params", ["textDocument", "engine", "validate", "timeout"])
TextDocument = namedtuple("TextDocument", ["uri"])


@pytest.mark.parametrize("arguments, expected", [
    ([URI], PreviewRequest(URI)),
    ([URI, "upstream"], PreviewRequest(URI, "upstream")),
    ({"textDocument": {"uri": URI}}, PreviewRequest(URI)),
    ({"textDocument": {"uri": URI}, "engine": "builtin", "validate": True, "timeout": 5},
     PreviewRequest(URI, "builtin", True, 5.0)),
    ([{"textDocument": {"uri": URI}, "validate": False}], PreviewRequest(URI)),
    ({"textDocument": {"uri": URI}, "workDoneToken": "t-1"}, PreviewRequest(URI, work_done_token="t-1")),
    (Params(TextDocument(URI), "upstream", True, 0.5), PreviewRequest(URI, "upstream", True, 0.5)),
])
def test_the_command_and_the_request_name_the_document_and_the_options(arguments, expected):
    assert preview_request(arguments) == expected


@pytest.mark.parametrize("arguments, message", [
    ([URI, "llvm"], "unknown lowering engine 'llvm'"),
    ({"textDocument": {"uri": URI}, "validate": "yes"}, "'validate' must be true or false"),
    ({"textDocument": {"uri": URI}, "timeout": 0}, "'timeout' must be a positive number"),
    ({"textDocument": {"uri": URI}, "timeout": "10"}, "'timeout' must be a positive number"),
    ({"textDocument": {}}, "expected params {textDocument: {uri}"),
    ([1, 2, 3], "expected the document's URI"),
])
def test_bad_arguments_are_errors_saying_what_was_expected(arguments, message):
    with pytest.raises(FeatureError, match=message.replace("{", r"\{").replace("(", r"\(")):
        preview_request(arguments)


# ---------------------------------------------------------------------- the answer
def test_the_options_carry_the_documents_target_the_engine_ptxas_and_the_time_limit():
    check = CheckOptions("sm_90a", "settings")
    options = preview_options(check, "upstream", True, "/opt/cuda/bin/ptxas", 7.5)
    assert options.lowering.check == check and options.engine == "upstream" and options.validate
    assert options.ptxas_path == "/opt/cuda/bin/ptxas" and options.timeout == 7.5
    default = preview_options(check, "builtin")
    assert not default.validate and default.ptxas_path is None
    assert default.timeout == type(default)().timeout


class FakeService:
    """Answers a fixed preview and records what it was asked (a ``PreviewService`` stand-in)."""

    def __init__(self, preview) -> None:
        self.result = preview
        self.calls: list[tuple] = []

    def preview(self, text, path, options=None, progress=None):
        self.calls.append((text, path, options))
        if progress is not None:
            progress("llvm-codegen")
        return self.result


def test_the_answer_is_the_previews_json_with_lsp_diagnostics_and_the_ptx_ones_are_published():
    from nvgpu_ls.ptx.preview import PtxPreview, SourceMapping

    line = KERNEL.splitlines().index(next(ln for ln in KERNEL.splitlines() if "device_async_copy" in ln))
    start = KERNEL.index("nvgpu.device_async_copy")
    crash = Diagnostic(start, start + len("nvgpu.device_async_copy"), "LLVM's NVPTX back end crashed",
                       "ptx.llvm-codegen", Severity.ERROR, "nvgpu-ls.ptx")
    note = Diagnostic(0, 0, "a lowering note", "lowering.note", Severity.INFORMATION, "nvgpu-ls.lowering")
    preview = PtxPreview(ptx="// gpu.module @kernels: sm_80\ncp.async.ca.shared.global [%r1], [%rd1], 4;\n",
                         modules=[], mapping=[SourceMapping(1, line, 4)], ptxas=[], diagnostics=[crash, note])
    service = FakeService(preview)
    stages: list[str] = []
    options = preview_options(CheckOptions("sm_80", "settings"), "builtin")
    result, published = run_preview(service, KERNEL, URI, options, "utf-16", stages.append)
    assert service.calls == [(KERNEL, "/work/kernel.mlir", options)] and stages == ["llvm-codegen"]
    assert result["ptx"] == preview.ptx and result["mapping"] == [[1, line, 4]]
    assert result["engine"] == "builtin" and result["cached"] is False
    assert [d["code"] for d in result["diagnostics"]] == ["lowering.note", "ptx.llvm-codegen"]
    placed = result["diagnostics"][1]["range"]["start"]
    assert (placed["line"], placed["character"]) == (line, start - KERNEL.rfind("\n", 0, start) - 1)
    assert published == [crash] == ptx_diagnostics(preview)
    direct = preview_result(preview, Document(KERNEL, URI), CheckOptions("sm_80", "settings"), "builtin")
    assert direct == result


# ---------------------------------------------------------------------- the document store
def test_the_store_publishes_a_previews_diagnostics_with_the_checks_until_the_text_changes():
    published: list[tuple[int, list[str]]] = []
    problem = Diagnostic(0, 1, "ptxas: error", "ptx.ptxas", Severity.ERROR, "nvgpu-ls.ptx")

    async def scenario() -> None:
        store = DocumentStore(lambda uri: CheckOptions("sm_80", "settings"),
                              lambda uri, version, diags, doc, options: published.append(
                                  (version, [d.code for d in diags])),
                              debounce=0.0)
        store.ready.set()
        store.open(URI, BROKEN, 1)
        entry = await store.current(URI, wait=30)
        assert entry is not None and entry.is_fresh
        checks = [d.code for d in entry.diagnostics]
        assert published == [(1, checks)]
        assert store.keep_preview(URI, 1, [problem])
        assert published[-1] == (1, checks + ["ptx.ptxas"]) and entry.preview_serial == 1
        assert entry.shown_diagnostics == entry.diagnostics + [problem]
        assert not store.keep_preview(URI, 0, [problem])  # a preview of an older text
        assert not store.keep_preview("file:///not/open.mlir", 1, [problem])
        store.change(URI, KERNEL, 2)
        assert entry.preview == []
        assert not store.keep_preview(URI, 1, [problem])  # overtaken by the edit
        await store.current(URI, wait=30)
        assert published[-1] == (2, [])
        assert store.keep_preview(URI, 2, [problem])
        assert published[-1] == (2, ["ptx.ptxas"])
        store.reanalyse_all()  # new settings: the preview was for the old ones
        assert entry.preview == []
        await store.current(URI, wait=30)
        assert published[-1] == (2, [])
        store.shutdown()

    asyncio.run(scenario())
