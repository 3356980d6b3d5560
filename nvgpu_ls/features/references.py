"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def references(ctx: FeatureContext, position: lsp.Position, include_declaration: bool) -> list[lsp.Location]:
    return []
