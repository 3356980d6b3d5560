"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def completion(ctx: FeatureContext, position: lsp.Position, trigger: str | None) -> lsp.CompletionList:
    return lsp.CompletionList(is_incomplete=False, items=[])
