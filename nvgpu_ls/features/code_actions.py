"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext

KINDS = [lsp.CodeActionKind.QuickFix]


def code_actions(ctx: FeatureContext, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    return []
