"""Document highlight: the definition (Write) and uses (Read) of the value, block label,
``@symbol`` or alias under the cursor. Op names, types and keywords get none."""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext
from .entities import navigation_target, target_occurrences


def document_highlight(ctx: FeatureContext, position: lsp.Position) -> list[lsp.DocumentHighlight]:
    """Every occurrence in the document of what ``position`` names."""
    target = navigation_target(ctx.doc, ctx.offset(position))
    if target is None:
        return []
    return [lsp.DocumentHighlight(range=ctx.range(o.start, o.end),
                                  kind=lsp.DocumentHighlightKind.Write if o.is_definition
                                  else lsp.DocumentHighlightKind.Read)
            for o in target_occurrences(ctx.doc, target)]
