"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def document_highlight(ctx: FeatureContext, position: lsp.Position) -> list[lsp.DocumentHighlight]:
    return []
