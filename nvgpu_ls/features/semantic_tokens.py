"""(in progress)"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext

LEGEND = lsp.SemanticTokensLegend(token_types=["function"], token_modifiers=[])


def semantic_tokens(ctx: FeatureContext) -> lsp.SemanticTokens:
    return lsp.SemanticTokens(data=[])


def semantic_tokens_range(ctx: FeatureContext, range_: lsp.Range) -> lsp.SemanticTokens:
    return lsp.SemanticTokens(data=[])
