"""Code actions over real documents: every quick fix is applied to the text and the file
re-checked -- the diagnostic it was offered for must be gone, and nothing new may appear.

Data: ``tests/data/code_actions/`` (one problem per function or file)."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic
from nvgpu_ls.features import commands
from nvgpu_ls.features.code_actions import ADD_EXPECTED_CHECKS_TITLE, KINDS, code_actions
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.diagnostics import to_lsp_diagnostic
from nvgpu_ls.features.fixes import apply_edits
from nvgpu_ls.features.fixes.targets import nearest_chips
from nvgpu_ls.verify import CheckOptions, check_document

from .conformance import expected_diagnostics

DATA = Path(__file__).parent / "data" / "code_actions"
URI = "file:///work/kernel.mlir"
QUICKFIX = lsp.CodeActionKind.QuickFix


# ---------------------------------------------------------------------- helpers
def context(text: str, target: str | None = None) -> FeatureContext:
    doc = Document(text, URI)
    options = CheckOptions(target=target, target_origin="settings")
    return FeatureContext(doc, options=options, diagnostics=check_document(doc, options))


def load(name: str, target: str | None = None) -> FeatureContext:
    return context((DATA / name).read_text(), target)


def the(ctx: FeatureContext, code: str, line: int | None = None) -> Diagnostic:
    """The one diagnostic with ``code`` (on 1-based ``line``, when given)."""
    found = [d for d in ctx.diagnostics if d.code == code
             and (line is None or ctx.doc.position(d.start)[0] + 1 == line)]
    assert len(found) == 1, [(d.code, ctx.doc.position(d.start)) for d in ctx.diagnostics]
    return found[0]


def request(ctx: FeatureContext, diag: Diagnostic | None = None, only: list[str] | None = None,
            send_diagnostics: bool = True, whole_file: bool = False) -> list[lsp.CodeAction]:
    """Ask for actions at ``diag``'s range, sending the client's copy of it as an editor does."""
    if whole_file or diag is None:
        where = ctx.range(0, len(ctx.text))
        sent = [to_lsp_diagnostic(ctx, d) for d in ctx.diagnostics]
    else:
        where = ctx.range(diag.start, diag.end)
        sent = [to_lsp_diagnostic(ctx, diag)]
    params = lsp.CodeActionParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI), range=where,
        context=lsp.CodeActionContext(diagnostics=sent if send_diagnostics else [], only=only))
    return code_actions(ctx, params)


def applied(ctx: FeatureContext, action: lsp.CodeAction) -> str:
    assert action.edit is not None and action.edit.changes is not None
    edits = [(ctx.offset(e.range.start), ctx.offset(e.range.end), e.new_text) for e in action.edit.changes[URI]]
    return apply_edits(ctx.text, edits)


def fixes(ctx: FeatureContext, diag: Diagnostic) -> list[lsp.CodeAction]:
    return [a for a in request(ctx, diag) if a.kind == QUICKFIX and a.diagnostics
            and any(d.code == diag.code and d.range == ctx.range(diag.start, diag.end) for d in a.diagnostics)]


def assert_fixes(ctx: FeatureContext, action: lsp.CodeAction, diag: Diagnostic) -> str:
    """Apply ``action``; ``diag`` is gone afterwards and no other problem appeared. Returns the new text."""
    text = applied(ctx, action)
    after = context(text, ctx.options.target)
    line = ctx.doc.position(diag.start)[0]
    remaining = [(d.code, d.message, after.doc.position(d.start)[0]) for d in after.diagnostics]
    assert (diag.code, diag.message, line) not in remaining, (action.title, remaining)
    expected = Counter((d.code, d.message) for d in ctx.diagnostics)
    expected[(diag.code, diag.message)] -= 1
    new = Counter((code, message) for code, message, _ in remaining) - expected
    assert not new, (action.title, new)
    return text


def only_fix(ctx: FeatureContext, diag: Diagnostic) -> lsp.CodeAction:
    found = fixes(ctx, diag)
    assert len(found) == 1, [a.title for a in found]
    return found[0]


# ---------------------------------------------------------------------- the target gate
def test_raising_the_module_target_clears_the_sm_gate_error() -> None:
    ctx = load("gate_sm80_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Raise the target of gpu.module @kernels to sm_90a"
    assert action.is_preferred
    assert action.diagnostics == [to_lsp_diagnostic(ctx, diag)]  # the client's own copy
    text = assert_fixes(ctx, action, diag)
    assert 'gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {' in text


def test_an_nvvm_op_gate_is_fixed_like_an_nvgpu_one() -> None:
    ctx = load("gate_nvvm_tcgen05.mlir")
    diag = the(ctx, "nvvm.sm-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Raise the target of gpu.module @blackwell to sm_100f"
    assert '[#nvvm.target<chip = "sm_100f">]' in assert_fixes(ctx, action, diag)


def test_raising_the_ptx_isa_rewrites_the_ptx_feature() -> None:
    ctx = load("gate_ptx_feature.mlir")
    diag = the(ctx, "nvgpu.ptx-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Raise the PTX ISA of gpu.module @tma to 8.3 (+ptx83)"
    text = assert_fixes(ctx, action, diag)
    assert '[#nvvm.target<chip = "sm_90", features = "+ptx83">]' in text


def test_a_target_without_features_gets_one_when_its_chip_default_ptx_is_too_old() -> None:
    ctx = load("gate_ptx_default.mlir")
    diag = the(ctx, "nvgpu.ptx-gate")
    text = assert_fixes(ctx, only_fix(ctx, diag), diag)
    assert '[#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]' in text


def test_an_architecture_specific_target_is_changed_rather_than_raised() -> None:
    ctx = load("gate_sm100a_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Change the target of gpu.module @kernels to sm_90a"
    text = assert_fixes(ctx, action, diag)
    assert '#nvvm.target<chip = "sm_90a", features = "+ptx87">' in text  # a higher PTX ISA stays


def test_a_module_checked_against_the_fallback_target_gets_a_target_list_of_its_own() -> None:
    ctx = load("gate_fallback_wgmma.mlir", target="sm_80")
    diag = the(ctx, "nvgpu.sm-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Set the target of gpu.module @kernels to sm_90a"
    text = assert_fixes(ctx, action, diag)
    assert 'gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {' in text


def test_the_failing_entry_of_a_target_list_is_dropped_when_another_entry_runs_the_module() -> None:
    ctx = load("gate_two_targets_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    action = only_fix(ctx, diag)
    assert action.title == "Remove the target sm_100a from gpu.module @kernels"
    text = assert_fixes(ctx, action, diag)
    assert 'gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {' in text


def test_a_compute_capability_gains_a_target_spec_for_an_architecture_specific_target() -> None:
    ctx = load("gate_tileaa_capability_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    text = assert_fixes(ctx, only_fix(ctx, diag), diag)
    assert 'attributes {nv_tileaa.target_spec = "sm_90a", nv_tileaa.compute_capability = 90 : i32}' in text


def test_a_target_spec_is_raised_in_place() -> None:
    ctx = load("gate_tileaa_spec_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    text = assert_fixes(ctx, only_fix(ctx, diag), diag)
    assert 'attributes {nv_tileaa.target_spec = "sm_90a"}' in text


def test_no_target_is_answered_with_the_lowest_target_of_each_module() -> None:
    ctx = load("no_target_two_modules.mlir")
    diag = the(ctx, "target.none")
    action = only_fix(ctx, diag)
    assert action.title == "Set the targets of 2 gpu.modules (sm_80, sm_90a)"
    text = assert_fixes(ctx, action, diag)
    assert 'gpu.module @hopper [#nvvm.target<chip = "sm_90a">] {' in text
    assert 'gpu.module @ampere [#nvvm.target<chip = "sm_80">] {' in text
    assert context(text).diagnostics == []


def test_an_unknown_chip_offers_the_nearest_chips_that_run_the_module_first() -> None:
    ctx = load("unknown_chip_wgmma.mlir")
    diag = the(ctx, "target.unknown-chip")
    actions = fixes(ctx, diag)
    assert [a.title for a in actions] == ["Change the chip 'sm_91' to 'sm_90a'", "Change the chip 'sm_91' to 'sm_90'",
                                          "Change the chip 'sm_91' to 'sm_89'"]
    assert assert_fixes(ctx, actions[0], diag)
    assert [d.code for d in context(applied(ctx, actions[1])).diagnostics] == ["nvgpu.sm-gate"]


def test_a_virtual_architecture_is_replaced_by_its_real_chip() -> None:
    ctx = load("unknown_virtual_chip.mlir")
    diag = the(ctx, "target.unknown-chip")
    actions = fixes(ctx, diag)
    assert actions[0].title == "Change the chip 'compute_80' to 'sm_80'" and actions[0].is_preferred
    assert not any(a.is_preferred for a in actions[1:])
    assert_fixes(ctx, actions[0], diag)


def test_nearest_chips_rank_by_architecture_then_suffix() -> None:
    assert nearest_chips("sm_91") == ["sm_90", "sm_90a", "sm_89"]
    assert nearest_chips("compute_100a")[0] == "sm_100a"
    assert nearest_chips("sm_95", plain_only=True) == ["sm_90", "sm_100", "sm_89"]


# ---------------------------------------------------------------------- memory spaces
def test_moving_a_memref_to_shared_memory_retypes_its_definition_and_every_use() -> None:
    ctx = load("memory_space_ldmatrix.mlir")
    diag = the(ctx, "nvgpu.ldmatrix.memory-space")
    action = only_fix(ctx, diag)
    assert action.title == "Move %tile to shared memory (memory space 3)" and action.is_preferred
    text = assert_fixes(ctx, action, diag)
    assert text.count("memref<64x64xf16, 3>") == 3 and "memref<64x64xf16>" not in text


def test_a_gpu_address_space_is_replaced_in_the_same_spelling() -> None:
    ctx = load("memory_space_async_copy.mlir")
    diag = the(ctx, "nvgpu.async-copy.memory-space")
    text = assert_fixes(ctx, only_fix(ctx, diag), diag)
    assert text.count("memref<128x128xf32, #gpu.address_space<workgroup>>") == 2
    assert "#gpu.address_space<global>" not in text


@pytest.mark.parametrize("code, written", [
    ("nvgpu.tma.memref-memory-space", "kind = add : memref<64x64xf16, 3> ->"),
    ("nvgpu.stmatrix.shared-memory", "-> memref<128x128xf16, 3>\n"),
])
def test_an_existing_memory_space_is_replaced_and_a_missing_one_added(code: str, written: str) -> None:
    ctx = load("memory_space_tma_stmatrix.mlir")
    diag = the(ctx, code)
    assert written in assert_fixes(ctx, only_fix(ctx, diag), diag)


def test_no_memory_space_fix_for_an_argument_that_callers_pass() -> None:
    ctx = load("memory_space_called.mlir")
    assert fixes(ctx, the(ctx, "nvgpu.ldmatrix.memory-space")) == []


# ---------------------------------------------------------------------- attributes
@pytest.mark.parametrize("line, title, written", [
    (4, "Add numTiles = 4", "{transpose = false, numTiles = 4 : i32}"),
    (5, "Add numTiles = 2", "<{transpose = false, numTiles = 2 : i32}>"),
    (6, "Add mmaShape = [16, 8, 16]", '"nvgpu.mma.sync"(%a, %b, %c) {mmaShape = [16, 8, 16]} : ('),
], ids=["attribute-dictionary", "property-dictionary", "no-dictionary"])
def test_a_missing_required_attribute_is_inserted_where_the_op_spells_attributes(line: int, title: str,
                                                                                   written: str) -> None:
    ctx = load("missing_attributes.mlir")
    diag = the(ctx, "op.attribute-missing", line)
    action = only_fix(ctx, diag)
    assert action.title == title and action.is_preferred
    assert written in assert_fixes(ctx, action, diag)


DATA_FIXES = [
    # (line, code, the titles offered, in order, and what the first one writes)
    (4, "op.attribute-invalid", ["Change sat to satfinite"], "<{sat = #nvvm.sat_mode<satfinite>}>"),
    (8, "nvgpu.float-conversion.rounding", ["Change rnd to rn", "Change rnd to rz"], "#nvvm.fp_rnd_mode<rn>"),
    (12, "op.attribute-invalid", ["Write numTiles as 1 : i32"], "{numTiles = 1 : i32, transpose = false}"),
    (16, "nvgpu.rcp.limitation", ["Set rounding = approx and set ftz"], "{rounding = approx, ftz}"),
    (65, "nvgpu.rcp.limitation", ["Set ftz"], "{rounding = approx, ftz}"),
    (20, "nvgpu.ldmatrix.transpose", ["Set transpose = false"], "numTiles = 4 transpose = false :"),
    (24, "nvgpu.async-copy.transfer-size", ["Change dstElements to 2", "Change dstElements to 4",
                                            "Change dstElements to 1"], "%dst[%i, %i], 2 :"),
    (28, "nvgpu.async-copy.bypass-l1", ["Remove bypassL1", "Set dstElements = 4"], "%dst[%i, %i], 2 :"),
    (32, "nvgpu.mma-sync.sparsity-selector-shape", ["Set sparsitySelector = 0"], "sparsitySelector = 0 : i32}"),
    (40, "nvgpu.mma-sync.tf32-disabled", ["Set tf32Enabled"], "{mmaShape = [16, 8, 8], tf32Enabled}"),
    (44, "nvgpu.ldmatrix.tile-count", ["Change the type of %0 to vector<4x2xf16>", "Set numTiles = 2"],
     "-> vector<4x2xf16>\n    %1 = vector.extract %0[0] : vector<2xf16> from vector<4x2xf16>"),
    (49, "nvgpu.stmatrix.num-tiles", ["Set numTiles = 2"], "numTiles = 2 transpose = false"),
    (53, "nvgpu.tma.reduce-kind", ["Change kind to add"], "kind = add :"),
    (61, "nvgpu.mma-sync.sparsity-selector", ["Change sparsitySelector to 1", "Change sparsitySelector to 0"],
     "sparsitySelector = 1 : i32}"),
    (57, "ssa.type-mismatch", ["Change the type of %m here to memref<16x16xf16, 3>"],
     "memref.load %m[%i, %i] : memref<16x16xf16, 3>"),
]


@pytest.mark.parametrize("line, code, titles, written", DATA_FIXES, ids=[f"{c[1]}@{c[0]}" for c in DATA_FIXES])
def test_each_verifier_fix_from_diagnostic_data_clears_its_diagnostic(line: int, code: str, titles: list[str],
                                                                       written: str) -> None:
    ctx = load("attribute_values.mlir")
    diag = the(ctx, code, line)
    actions = fixes(ctx, diag)
    assert [a.title for a in actions] == titles
    for action in actions:
        text = assert_fixes(ctx, action, diag)
        if action is actions[0]:
            assert written in text, text.splitlines()[line - 1]
    assert sum(bool(a.is_preferred) for a in actions) <= 1


def test_no_fix_is_offered_where_no_single_change_is_right() -> None:
    """m16n8k32 f16 fragments fit no shape PTX has: changing mmaShape alone breaks the fragments."""
    ctx = load("attribute_values.mlir")
    assert fixes(ctx, the(ctx, "nvgpu.mma-sync.ptx-shape", 36)) == []


def test_a_fix_is_preferred_only_where_it_is_the_one_obvious_change() -> None:
    ctx = load("attribute_values.mlir")
    preferred = {code: [bool(a.is_preferred) for a in fixes(ctx, the(ctx, code, line))]
                 for line, code, *_ in DATA_FIXES}
    assert preferred["nvgpu.async-copy.bypass-l1"] == [True, False]
    assert preferred["nvgpu.float-conversion.rounding"] == [False, False]
    assert preferred["nvgpu.ldmatrix.tile-count"] == [False, False]
    assert preferred["nvgpu.rcp.limitation"] == [True]


# ---------------------------------------------------------------------- requests
def test_actions_link_to_our_diagnostic_when_the_client_sends_none() -> None:
    ctx = load("gate_sm80_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    (action,) = [a for a in request(ctx, diag, send_diagnostics=False) if a.kind == QUICKFIX]
    assert action.diagnostics is not None and action.diagnostics[0].code == "nvgpu.sm-gate"
    assert action.diagnostics[0].data == diag.data


def test_only_filters_actions_by_kind_prefix() -> None:
    ctx = load("gate_sm80_wgmma.mlir")
    diag = the(ctx, "nvgpu.sm-gate")
    assert {a.kind for a in request(ctx, diag)} == {QUICKFIX, commands.ADD_EXPECTED_CHECKS_KIND}
    assert {a.kind for a in request(ctx, diag, only=[QUICKFIX])} == {QUICKFIX}
    assert {a.kind for a in request(ctx, diag, only=["source"])} == {commands.ADD_EXPECTED_CHECKS_KIND}
    assert {a.kind for a in request(ctx, diag, only=["source.addExpectedChecks"])} == {
        commands.ADD_EXPECTED_CHECKS_KIND}
    assert request(ctx, diag, only=[commands.LOWER_TO_NVVM_KIND, commands.PREVIEW_PTX_KIND,
                                    commands.PREVIEW_SASS_KIND]) == []
    assert request(ctx, diag, only=["refactor"]) == []


def test_a_range_without_diagnostics_gets_no_actions() -> None:
    ctx = load("gate_sm80_wgmma.mlir")
    params = lsp.CodeActionParams(text_document=lsp.TextDocumentIdentifier(uri=URI),
                                  range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 3)),
                                  context=lsp.CodeActionContext(diagnostics=[]))
    assert code_actions(ctx, params) == []


def test_one_fix_for_several_diagnostics_is_one_action_naming_all_of_them() -> None:
    text = (DATA / "gate_sm80_wgmma.mlir").read_text()
    op = text.splitlines()[3]
    ctx = context(text.replace(op, f"{op}\n{op.replace('%d =', '%e =')}"))
    actions = [a for a in request(ctx, whole_file=True) if a.kind == QUICKFIX]
    assert len(actions) == 1
    assert [d.code for d in actions[0].diagnostics or []] == ["nvgpu.sm-gate", "nvgpu.sm-gate"]
    assert context(applied(ctx, actions[0])).diagnostics == []


def test_a_broken_context_answers_no_actions_instead_of_raising() -> None:
    ctx = load("gate_sm80_wgmma.mlir")
    assert code_actions(ctx, None) == []  # type: ignore[arg-type]


def test_reserved_kinds_and_commands_are_announced_but_not_offered() -> None:
    assert commands.LOWER_TO_NVVM_KIND == "source.lowerToNvvm.nvgpu"
    assert commands.LOWER_TO_NVVM_COMMAND == "nvgpu-ls.lowerToNvvm"
    assert commands.PREVIEW_PTX_COMMAND == "nvgpu-ls.previewPtx"
    assert set(commands.RESERVED_KINDS) <= set(KINDS) and QUICKFIX in KINDS
    ctx = load("attribute_values.mlir")
    kinds = {a.kind for a in request(ctx, whole_file=True)}
    assert not kinds & set(commands.RESERVED_KINDS)


# ---------------------------------------------------------------------- expected-* checks
def expected_checks(ctx: FeatureContext, diag: Diagnostic | None = None) -> lsp.CodeAction:
    (action,) = request(ctx, diag, only=[commands.ADD_EXPECTED_CHECKS_KIND], whole_file=diag is None)
    assert action.title == ADD_EXPECTED_CHECKS_TITLE and action.kind == commands.ADD_EXPECTED_CHECKS_KIND
    return action


def test_expected_checks_annotate_each_diagnostic_on_the_line_above_it_with_its_indentation(tmp_path) -> None:
    ctx = load("attribute_values.mlir")
    text = applied(ctx, expected_checks(ctx))
    lines = text.splitlines()
    assert "    // expected-error @below {{'nvgpu.truncf' op expects RN or RZ rounding mode for f32 to f16/bf16, " \
           "but got #nvvm.fp_rnd_mode<rm>}}" in lines
    assert any(line.startswith("    // expected-warning @below {{'nvgpu.mma.sync' op f32 operands need tf32Enabled")
               for line in lines)
    # every annotation resolves to the line of the diagnostic it was written for
    path = tmp_path / "annotated.mlir"
    path.write_text(text)
    found = expected_diagnostics(path, ("error", "warning"))
    annotated = context(text)
    assert sorted((e.line, e.text) for e in found) == sorted(
        (annotated.doc.position(d.start)[0] + 1, d.message) for d in annotated.diagnostics)


def test_expected_checks_use_remarks_for_information_and_are_not_written_twice() -> None:
    ctx = load("no_target_two_modules.mlir")
    text = applied(ctx, expected_checks(ctx))
    assert "    // expected-remark @below {{no target GPU is set, so the SM / PTX ISA checks of 2 ops" in text
    again = context(text)
    assert request(again, only=[commands.ADD_EXPECTED_CHECKS_KIND], whole_file=True) == []


def test_expected_checks_cover_only_the_requested_range() -> None:
    ctx = load("attribute_values.mlir")
    diag = the(ctx, "nvgpu.tma.reduce-kind")
    text = applied(ctx, expected_checks(ctx, diag))
    assert text.count("// expected-") == 1 and "reduction kind 'min'" in text


def test_expected_checks_write_upstream_notes_and_pass_mlir_opt_verify_diagnostics(tmp_path) -> None:
    ctx = load("expected_checks_upstream.mlir", target="sm_90a")
    text = applied(ctx, expected_checks(ctx))
    assert "  // expected-note @below {{previously defined here}}" in text
    assert "defined here}}" not in text.replace("previously defined here}}", "")  # our own explanations stay out
    mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
    if mlir_opt is None:
        pytest.skip("mlir-opt is not installed")
    path = tmp_path / "annotated.mlir"
    path.write_text(text)
    run = subprocess.run([mlir_opt, "--split-input-file", "--verify-diagnostics", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_expected_checks_keep_closing_braces_of_a_message_verbatim() -> None:
    ctx = load("attribute_values.mlir")
    diag = the(ctx, "op.attribute-invalid", 4)
    text = applied(ctx, expected_checks(ctx, diag))
    assert "whose value is one of {none, satfinite}}}\n" in text


def test_expected_checks_write_upstreams_words_without_the_explanation_which_the_editor_shows() -> None:
    ctx = context(
        "func.func @f(%m: memref<128x128xf16>, %i: index) {\n"
        "  %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<128x128xf16> -> "
        "vector<4x2xf16>\n  return\n}\n")
    diag = the(ctx, "nvgpu.ldmatrix.memory-space")
    assert diag.explanation and to_lsp_diagnostic(ctx, diag).message == f"{diag.message}\n{diag.explanation}"
    annotation = next(line for line in applied(ctx, expected_checks(ctx, diag)).splitlines() if "expected-" in line)
    assert annotation.strip() == f"// expected-error @below {{{{{diag.message}}}}}"
