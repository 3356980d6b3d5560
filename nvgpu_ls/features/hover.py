"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def hover(ctx: FeatureContext, position: lsp.Position) -> lsp.Hover | None:
    return None
