"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def inlay_hints(ctx: FeatureContext, range_: lsp.Range) -> list[lsp.InlayHint]:
    return []
