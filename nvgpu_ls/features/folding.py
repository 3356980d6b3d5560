"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext


def folding_ranges(ctx: FeatureContext) -> list[lsp.FoldingRange]:
    return []
