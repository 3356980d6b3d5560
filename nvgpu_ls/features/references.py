"""Find references: every place that names the value, block label, ``@symbol`` or alias
under the cursor (nested symbol references included), optionally with its definition."""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext
from .entities import navigation_target, target_occurrences


def references(ctx: FeatureContext, position: lsp.Position, include_declaration: bool) -> list[lsp.Location]:
    """The uses of what ``position`` names, in text order; with ``include_declaration``
    its definition too."""
    target = navigation_target(ctx.doc, ctx.offset(position))
    if target is None:
        return []
    return [ctx.location(o.start, o.end) for o in target_occurrences(ctx.doc, target)
            if include_declaration or not o.is_definition]
