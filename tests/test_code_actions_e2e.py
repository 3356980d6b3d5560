"""Code actions through the real server, as Neovim 0.7.2 and VS Code ask for them: take the
diagnostics the server reports, request actions for one of them, apply the chosen edit
with ``didChange`` and see the diagnostic gone from the next publish (or pull)."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from nvgpu_ls.features import commands

from .lsp_support import LspSession, SharedSession, shared_sessions

server = shared_sessions()

DATA = Path(__file__).parent / "data" / "code_actions"


def offset_of(text: str, position: lsp.Position) -> int:
    """The text offset of an LSP position (UTF-16 columns)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for index, char in enumerate(line):
        if units >= position.character:
            return start + index
        units += len(char.encode("utf-16-le")) // 2
    return start + len(line)


def apply_workspace_edit(text: str, uri: str, edit: lsp.WorkspaceEdit) -> str:
    assert edit.changes is not None and uri in edit.changes
    edits = sorted(((offset_of(text, e.range.start), offset_of(text, e.range.end), e.new_text)
                    for e in edit.changes[uri]), reverse=True)
    for start, end, new in edits:
        text = text[:start] + new + text[end:]
    return text


async def fix_once(s: LspSession, name: str, text: str, code: str, title: str
                   ) -> tuple[lsp.Diagnostic, lsp.CodeAction, lsp.PublishDiagnosticsParams]:
    """Open ``text``, apply the quick fix ``title`` for its ``code`` diagnostic, return what follows."""
    opened = await s.open(name, text)
    assert opened is not None
    (diag,) = [d for d in opened.diagnostics if d.code == code]
    actions = await s.request(s.client.text_document_code_action_async(lsp.CodeActionParams(
        text_document=s.doc(name), range=diag.range,
        context=lsp.CodeActionContext(diagnostics=[diag], trigger_kind=lsp.CodeActionTriggerKind.Invoked))))
    chosen = [a for a in actions or [] if isinstance(a, lsp.CodeAction) and a.title == title]
    assert len(chosen) == 1, [getattr(a, "title", a) for a in actions or []]
    action = chosen[0]
    assert action.edit is not None
    after = await s.change(name, apply_workspace_edit(text, s.doc(name).uri, action.edit))
    assert after is not None
    return diag, action, after


def test_raising_the_target_through_the_server_clears_the_sm_gate_error(server: SharedSession) -> None:
    text = (DATA / "gate_sm80_wgmma.mlir").read_text()

    async def scenario(s: LspSession):
        capabilities = s.initialize_result.capabilities if s.initialize_result else None
        result = await fix_once(s, "gate.mlir", text, "nvgpu.sm-gate",
                                "Raise the target of gpu.module @kernels to sm_90a")
        return capabilities, result

    capabilities, (diag, action, after) = server.run(scenario)
    assert action.kind == lsp.CodeActionKind.QuickFix and action.is_preferred
    assert action.diagnostics is not None and action.diagnostics[0].code == diag.code
    assert action.diagnostics[0].range == diag.range
    assert not [d for d in after.diagnostics if d.code == "nvgpu.sm-gate"]
    assert list(after.diagnostics) == []
    provider = capabilities.code_action_provider if capabilities else None
    assert isinstance(provider, lsp.CodeActionOptions)
    kinds = {str(getattr(k, "value", k)) for k in provider.code_action_kinds or []}
    assert {"quickfix", commands.ADD_EXPECTED_CHECKS_KIND, commands.LOWER_TO_NVVM_KIND,
            commands.PREVIEW_PTX_KIND} <= kinds


def test_moving_a_memref_to_shared_memory_through_the_server_clears_the_ldmatrix_error(server: SharedSession) -> None:
    # A non-ASCII string before the edited type on the same line: edits are in UTF-16 columns.
    text = (DATA / "memory_space_ldmatrix.mlir").read_text().replace(
        "transpose = false}", 'transpose = false, note = "🚀 é"}')

    async def scenario(s: LspSession):
        return await fix_once(s, "ldmatrix.mlir", text, "nvgpu.ldmatrix.memory-space",
                              "Move %tile to shared memory (memory space 3)")

    _, action, after = server.run(scenario)
    assert action.edit is not None and action.edit.changes is not None
    assert len(next(iter(action.edit.changes.values()))) == 3
    assert list(after.diagnostics) == []


def test_expected_checks_source_action_through_the_server(server: SharedSession) -> None:
    text = (DATA / "gate_sm80_wgmma.mlir").read_text()

    async def scenario(s: LspSession):
        opened = await s.open("checks.mlir", text)
        assert opened is not None
        everything = lsp.Range(lsp.Position(0, 0), lsp.Position(len(text.splitlines()), 0))
        return await s.request(s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=s.doc("checks.mlir"), range=everything,
            context=lsp.CodeActionContext(diagnostics=[], only=[lsp.CodeActionKind.Source]))))

    actions = server.run(scenario)
    assert [a.kind for a in actions] == [commands.ADD_EXPECTED_CHECKS_KIND]
    edit = actions[0].edit
    assert edit is not None and edit.changes is not None
    (edits,) = edit.changes.values()
    assert [e.new_text for e in edits] == [
        "    // expected-error @below {{'nvgpu.warpgroup.mma' requires sm_90a; this gpu.module targets sm_80}}\n"]
