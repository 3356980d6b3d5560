"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def definition(ctx: FeatureContext, position: lsp.Position) -> list[lsp.Location]:
    return []
