"""``textDocument/codeAction``: quick fixes for our diagnostics, and source actions.

Quick fixes are computed from our own diagnostics for this very text
(``FeatureContext.diagnostics``, with the ``data`` the verifiers attached) that overlap
the requested range; ``fixes/`` knows what each code can be fixed with. Each action
names the client's copy of its diagnostic (matched by code and range) so that editors
show it beside the problem; a client that sends no diagnostics still gets them, linked
to ours. Identical fixes for several diagnostics (one target raise clears every gate
error of a module) become one action listing all of them.

Source actions: ``source.addExpectedChecks.nvgpu`` writes ``-verify-diagnostics``
annotations for the diagnostics in the range (see ``fixes/expected_checks.py``);
``source.lowerToNvvm.nvgpu`` lowers the file, and ``refactor.rewrite.lowerToNvvm.nvgpu``
the op under the cursor (``lowering.py``); ``source.previewPtx.nvgpu`` previews the file's
PTX (``ptx_preview.py``). ``params.context.only`` filters by kind prefix, as LSP specifies.
"""

from __future__ import annotations

import logging
from typing import Sequence

from lsprotocol import types as lsp

from ..diagnostics import Diagnostic
from .commands import (
    ADD_EXPECTED_CHECKS_KIND, LOWER_OP_TO_NVVM_KIND, LOWER_TO_NVVM_KIND, PREVIEW_PTX_KIND, PREVIEW_SASS_KIND,
)
from .context import FeatureContext
from .diagnostics import to_lsp_diagnostic
from .fixes import Edit, Fix, fixes_for
from .fixes.expected_checks import expected_check_edits
from .lowering import lower_file_action, lower_op_action
from .ptx_preview import preview_ptx_action, preview_sass_action

log = logging.getLogger(__name__)

KINDS: list[lsp.CodeActionKind | str] = [
    lsp.CodeActionKind.QuickFix, ADD_EXPECTED_CHECKS_KIND, LOWER_TO_NVVM_KIND, LOWER_OP_TO_NVVM_KIND,
    PREVIEW_PTX_KIND, PREVIEW_SASS_KIND,
]
"""Every kind the server announces (``codeActionProvider.codeActionKinds``)."""

ADD_EXPECTED_CHECKS_TITLE = "Add expected-* diagnostic checks"


def code_actions(ctx: FeatureContext, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    """The quick fixes and source actions for ``params.range``; never raises (a failure is
    logged and answered with no actions)."""
    try:
        return _code_actions(ctx, params)
    except Exception:  # noqa: BLE001
        log.exception("code actions failed for %s", ctx.uri)
        return []


def _code_actions(ctx: FeatureContext, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    only = list(params.context.only or []) or None
    start, end = ctx.span_of(params.range)
    ours = [d for d in ctx.diagnostics if d.start <= end and start <= d.end]
    actions: list[lsp.CodeAction] = []
    if wanted(lsp.CodeActionKind.QuickFix, only):
        actions += quick_fixes(ctx, ours, params.context.diagnostics or [])
    if wanted(ADD_EXPECTED_CHECKS_KIND, only) and ours:
        edits = expected_check_edits(ctx.text, ours)
        if edits:
            actions.append(lsp.CodeAction(title=ADD_EXPECTED_CHECKS_TITLE, kind=ADD_EXPECTED_CHECKS_KIND,
                                          edit=workspace_edit(ctx, edits)))
    lowerings = [lower_file_action(ctx) if wanted(LOWER_TO_NVVM_KIND, only) else None,
                 lower_op_action(ctx, start) if wanted(LOWER_OP_TO_NVVM_KIND, only) else None,
                 preview_ptx_action(ctx) if wanted(PREVIEW_PTX_KIND, only) else None,
                 preview_sass_action(ctx) if wanted(PREVIEW_SASS_KIND, only) else None]
    return actions + [action for action in lowerings if action is not None]


def wanted(kind: lsp.CodeActionKind | str, only: Sequence[lsp.CodeActionKind | str] | None) -> bool:
    """Does ``kind`` pass the client's ``only`` filter (a kind or any of its parents)?"""
    if only is None:
        return True
    name = _kind_text(kind)
    return any(name == _kind_text(o) or name.startswith(_kind_text(o) + ".") for o in only)


def _kind_text(kind: lsp.CodeActionKind | str) -> str:
    return kind.value if isinstance(kind, lsp.CodeActionKind) else str(kind)


def quick_fixes(ctx: FeatureContext, ours: Sequence[Diagnostic], theirs: Sequence[lsp.Diagnostic]
                ) -> list[lsp.CodeAction]:
    """One action per distinct fix of the diagnostics ``ours``, linked to the client's copies."""
    merged: dict[tuple[str, tuple[Edit, ...]], tuple[Fix, list[lsp.Diagnostic]]] = {}
    for diag in ours:
        linked = _client_copy(ctx, diag, theirs) or to_lsp_diagnostic(ctx, diag)
        for fix in fixes_for(ctx.doc, diag):
            key = (fix.title, fix.edits)
            if key in merged:
                if linked not in merged[key][1]:
                    merged[key][1].append(linked)
            else:
                merged[key] = (fix, [linked])
    return [lsp.CodeAction(title=fix.title, kind=lsp.CodeActionKind.QuickFix, diagnostics=linked,
                           is_preferred=fix.preferred or None, edit=workspace_edit(ctx, fix.edits))
            for fix, linked in merged.values()]


def _client_copy(ctx: FeatureContext, diag: Diagnostic, theirs: Sequence[lsp.Diagnostic]) -> lsp.Diagnostic | None:
    """The client's diagnostic for ``diag``: same code, same range."""
    if not theirs:
        return None
    where = ctx.range(diag.start, diag.end)
    for candidate in theirs:
        if str(candidate.code) == diag.code and candidate.range == where:
            return candidate
    return None


def workspace_edit(ctx: FeatureContext, edits: Sequence[Edit]) -> lsp.WorkspaceEdit:
    """``edits`` (document offsets) as LSP text edits on this document."""
    text_edits = [lsp.TextEdit(range=ctx.range(start, end), new_text=new) for start, end, new in edits]
    return lsp.WorkspaceEdit(changes={ctx.uri: text_edits})
