"""Lower to NVVM as editor features, without a server: the whole-file source action and its
command's answer, and the in-place refactoring of the op under the cursor, whose edit is
applied to the text and handed to upstream MLIR."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features import commands
from nvgpu_ls.features.code_actions import KINDS, code_actions
from nvgpu_ls.features.context import FeatureContext, FeatureError
from nvgpu_ls.features.diagnostics import to_lsp_diagnostic
from nvgpu_ls.features.fixes import apply_edits
from nvgpu_ls.features.lowering import (
    LOWER_FILE_TITLE, lower_file_action, lower_op_action, lower_to_nvvm, lowering_request, op_to_lower,
)
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.lowering.patterns import PATTERNS
from nvgpu_ls.verify import CheckOptions, check_document

from .lowering_support import assert_upstream_accepts, op_names

DATA = Path(__file__).parent / "data" / "cli_lower"
KERNEL = (DATA / "copy_kernel.mlir").read_text()
BROKEN = (DATA / "wrong_memory_space.mlir").read_text()
URI = "file:///work/kernel.mlir"
PLAIN = "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\n"


def context(text: str, target: str | None = "sm_80", encoding: str = "utf-16") -> FeatureContext:
    doc = Document(text, URI)
    options = CheckOptions(target=target, target_origin="settings")
    return FeatureContext(doc, encoding, options=options, diagnostics=check_document(doc, options))


def at(ctx: FeatureContext, needle: str, after: int = 0) -> int:
    return ctx.text.index(needle) + after


def request(ctx: FeatureContext, offset: int, only: list[str] | None = None) -> list[lsp.CodeAction]:
    where = ctx.range(offset, offset)
    params = lsp.CodeActionParams(text_document=lsp.TextDocumentIdentifier(uri=URI), range=where,
                                  context=lsp.CodeActionContext(diagnostics=[], only=only))
    return code_actions(ctx, params)


def applied(ctx: FeatureContext, action: lsp.CodeAction) -> str:
    assert action.edit is not None and action.edit.changes is not None
    edits = [(ctx.offset(e.range.start), ctx.offset(e.range.end), e.new_text) for e in action.edit.changes[URI]]
    return apply_edits(ctx.text, edits)


# ---------------------------------------------------------------------- the whole-file action
def test_a_clean_file_with_nvgpu_ops_offers_lowering_it_through_the_command():
    action = lower_file_action(context(KERNEL))
    assert action is not None
    assert action.title == LOWER_FILE_TITLE and action.kind == commands.LOWER_TO_NVVM_KIND
    assert action.edit is None and action.command is not None
    assert action.command.command == commands.LOWER_TO_NVVM_COMMAND and action.command.arguments == [URI]


def test_a_file_with_errors_or_without_nvgpu_ops_is_not_offered_the_lowering():
    assert lower_file_action(context(BROKEN)) is None
    assert lower_file_action(context(KERNEL, target="sm_75")) is None  # the target gate is an error
    assert lower_file_action(context(PLAIN)) is None


def test_only_filters_the_lowering_actions_by_kind():
    ctx = context(KERNEL)
    inside_copy = at(ctx, "nvgpu.device_async_copy")
    assert [a.kind for a in request(ctx, inside_copy)] == [commands.LOWER_TO_NVVM_KIND,
                                                           commands.LOWER_OP_TO_NVVM_KIND,
                                                           commands.PREVIEW_PTX_KIND, commands.PREVIEW_SASS_KIND]
    assert [a.kind for a in request(ctx, inside_copy, only=["source.lowerToNvvm"])] == [
        commands.LOWER_TO_NVVM_KIND]
    assert [a.kind for a in request(ctx, inside_copy, only=["refactor"])] == [commands.LOWER_OP_TO_NVVM_KIND]
    assert [a.kind for a in request(ctx, inside_copy, only=["refactor.rewrite"])] == [
        commands.LOWER_OP_TO_NVVM_KIND]
    assert request(ctx, inside_copy, only=[lsp.CodeActionKind.QuickFix]) == []


def test_the_lowering_kinds_are_announced_and_no_longer_reserved():
    assert commands.LOWER_TO_NVVM_KIND in KINDS and commands.LOWER_OP_TO_NVVM_KIND in KINDS
    assert commands.LOWER_OP_TO_NVVM_KIND == "refactor.rewrite.lowerToNvvm.nvgpu"
    assert commands.RESERVED_KINDS == ()  # Preview PTX is offered too (test_ptx_preview_feature.py)


# ---------------------------------------------------------------------- the in-place refactoring
@pytest.mark.parametrize("needle, after", [
    ("nvgpu.device_async_copy", 0),      # the op name
    ("%t = nvgpu", 1),                   # its result
    ("%dst[%i], 4", 2),                  # an operand
    ("{bypassL1}", 3),                   # an attribute
])
def test_the_op_under_the_cursor_is_offered_its_lowering_in_place(needle, after):
    ctx = context(KERNEL)
    action = lower_op_action(ctx, at(ctx, needle, after))
    assert action is not None
    assert action.title == "Lower 'nvgpu.device_async_copy' to NVVM in place"
    assert action.kind == commands.LOWER_OP_TO_NVVM_KIND


def test_the_refactoring_edit_gives_text_our_checker_and_upstream_accept():
    ctx = context(KERNEL)
    action = lower_op_action(ctx, at(ctx, "nvgpu.device_async_copy"))
    assert action is not None
    text = applied(ctx, action)
    assert "nvgpu.device_async_copy" not in text and "nvvm.cp.async.shared.global" in text
    assert "nvgpu.device_async_create_group %t" in text  # the token is cast back for the unlowered use
    assert "#nvvm.target" not in text  # one op in place: the module is left as it was
    assert [d for d in context(text).diagnostics if d.severity <= 2] == []
    assert_upstream_accepts(text)


def test_lowering_op_after_op_leaves_no_nvgpu_op_and_upstream_accepts_the_result():
    text = KERNEL
    for name in ("nvgpu.device_async_create_group", "nvgpu.device_async_wait", "nvgpu.device_async_copy"):
        ctx = context(text)
        action = lower_op_action(ctx, at(ctx, name))
        assert action is not None, name
        text = applied(ctx, action)
    assert [name for name in op_names(text) if name.startswith("nvgpu.")] == []
    assert "nvvm.cp.async.commit.group" in text and "nvvm.cp.async.wait.group 1" in text
    assert_upstream_accepts(text)


def test_the_refactoring_edit_is_placed_in_the_negotiated_encoding():
    source = KERNEL.replace("{bypassL1}", '{bypassL1, note = "é🚀"}')
    results = set()
    for encoding in ("utf-16", "utf-8", "utf-32"):
        ctx = context(source, encoding=encoding)
        action = lower_op_action(ctx, at(ctx, "nvgpu.device_async_copy"))
        assert action is not None and action.edit is not None and action.edit.changes is not None
        (edit,) = action.edit.changes[URI]
        results.add((encoding, edit.range.end.character))
        text = applied(ctx, action)
        assert "é🚀" not in text and "nvvm.cp.async.shared.global" in text
    assert len({character for _, character in results}) == 3


def test_no_refactoring_away_from_a_lowerable_op():
    ctx = context(KERNEL)
    assert lower_op_action(ctx, at(ctx, "memref.alloc")) is None
    assert lower_op_action(ctx, at(ctx, "gpu.func")) is None
    assert lower_op_action(ctx, 0) is None
    assert request(ctx, at(ctx, "memref.alloc"), only=["refactor"]) == []


def test_no_refactoring_for_an_op_with_an_error():
    ctx = context(BROKEN)
    assert lower_op_action(ctx, at(ctx, "nvgpu.device_async_copy")) is None


def test_no_refactoring_for_an_op_without_a_pattern(monkeypatch):
    monkeypatch.delitem(PATTERNS, "nvgpu.device_async_copy")
    ctx = context(KERNEL)
    assert op_to_lower(ctx.doc, at(ctx, "nvgpu.device_async_copy")) is None
    assert lower_op_action(ctx, at(ctx, "nvgpu.device_async_copy")) is None


def test_no_refactoring_when_the_pattern_refuses_the_instance(monkeypatch):
    monkeypatch.setitem(PATTERNS, "nvgpu.device_async_copy", lambda b: b.fail("this instance has no lowering"))
    ctx = context(KERNEL)
    assert lower_op_action(ctx, at(ctx, "nvgpu.device_async_copy")) is None


def test_a_crashing_pattern_costs_the_refactoring_only(monkeypatch):
    def broken(builder):
        raise RuntimeError("bug in a pattern")

    monkeypatch.setitem(PATTERNS, "nvgpu.device_async_copy", broken)
    ctx = context(KERNEL)
    assert [a.kind for a in request(ctx, at(ctx, "nvgpu.device_async_copy"))] == [commands.LOWER_TO_NVVM_KIND,
                                                                                 commands.PREVIEW_PTX_KIND,
                                                                                 commands.PREVIEW_SASS_KIND]


# ---------------------------------------------------------------------- the command's answer
def test_the_command_answers_the_builtin_engines_text():
    options = CheckOptions("sm_80", "settings")
    result = lower_to_nvvm(KERNEL, URI, options, "builtin")
    expected = lower_document(Document(KERNEL, URI), "/work/kernel.mlir", LoweringOptions(check=options))
    assert result == {"text": expected.text, "diagnostics": [], "engine": "builtin",
                      "loweredOps": expected.lowered_ops}
    assert 'loc("/work/kernel.mlir":5:5)' in result["text"]
    assert_upstream_accepts(result["text"])


def test_the_command_answers_why_a_file_was_not_lowered_with_lsp_diagnostics():
    # Non-ASCII text before the diagnostic on its line: the range is in UTF-16 code units.
    text = BROKEN.replace("4 : memref", '4 {note = "é🚀"} : memref')
    result = lower_to_nvvm(text, URI, CheckOptions(), "builtin", "utf-16")
    assert result["text"] is None and result["engine"] == "builtin"
    (diagnostic,) = result["diagnostics"]
    ctx = context(text, None)
    (expected,) = [d for d in ctx.diagnostics if d.code == "nvgpu.async-copy.memory-space"]
    lsp_expected = to_lsp_diagnostic(ctx, expected)
    assert diagnostic["code"] == "nvgpu.async-copy.memory-space" and diagnostic["severity"] == 1
    assert lsp_expected.range.start.character != ctx.doc.lines.position(expected.start, "utf-32")[1]
    assert diagnostic["range"] == {"start": {"line": lsp_expected.range.start.line,
                                             "character": lsp_expected.range.start.character},
                                   "end": {"line": lsp_expected.range.end.line,
                                           "character": lsp_expected.range.end.character}}


def test_the_command_without_a_target_reports_the_missing_compute_capability():
    result = lower_to_nvvm(KERNEL, URI, CheckOptions(), "builtin")
    assert result["text"] is None
    assert [d["code"] for d in result["diagnostics"]] == ["lowering.target"]


def test_the_upstream_engine_answers_through_the_same_object():
    pytest.importorskip("torch_mlir")
    pytest.importorskip("nvgpu_ls.lowering.upstream_engine")
    result = lower_to_nvvm(KERNEL, URI, CheckOptions("sm_80", "settings"), "upstream")
    assert result["engine"] == "upstream" and result["text"] is not None, result["diagnostics"]
    assert "nvvm.cp.async.shared.global" in result["text"]


# ---------------------------------------------------------------------- arguments
Params = namedtuple("Params", ["textDocument", "engine"])
TextDocument = namedtuple("TextDocument", ["uri"])


@pytest.mark.parametrize("arguments, expected", [
    ([URI], (URI, None)),
    ([URI, "upstream"], (URI, "upstream")),
    ({"textDocument": {"uri": URI}}, (URI, None)),
    ({"textDocument": {"uri": URI}, "engine": "builtin"}, (URI, "builtin")),
    ([{"textDocument": {"uri": URI}, "engine": "upstream"}], (URI, "upstream")),
    (Params(TextDocument(URI), "upstream"), (URI, "upstream")),  # what pygls makes of a custom request
])
def test_the_command_and_request_arguments_name_the_document_and_engine(arguments, expected):
    assert lowering_request(arguments) == expected


@pytest.mark.parametrize("arguments", [[], [1], [URI, "llvm"], {"engine": "builtin"}, None, [URI, "a", "b"]])
def test_bad_arguments_are_a_feature_error(arguments):
    with pytest.raises(FeatureError):
        lowering_request(arguments)
