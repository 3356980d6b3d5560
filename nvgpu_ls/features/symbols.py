"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def document_symbols(ctx: FeatureContext) -> list[lsp.DocumentSymbol]:
    return []
