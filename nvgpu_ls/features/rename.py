"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def prepare_rename(ctx: FeatureContext, position: lsp.Position) -> lsp.PrepareRenamePlaceholder | None:
    return None


def rename(ctx: FeatureContext, position: lsp.Position, new_name: str) -> lsp.WorkspaceEdit | None:
    return None
