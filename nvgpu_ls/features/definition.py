"""Go to definition: from a use of an SSA value, block label, ``@symbol`` or alias to
where it is defined (a definition answers with itself, as clients expect).

A nested reference ``@mod::@kernel`` goes to ``@mod`` or ``@kernel`` depending on the
part under the cursor. Works wherever the parser recovered, errors or not.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from .context import FeatureContext
from .entities import definition_span, navigation_target


def definition(ctx: FeatureContext, position: lsp.Position) -> list[lsp.Location]:
    """Where the value, block, symbol or alias at ``position`` is defined; empty when
    there is nothing navigable there or it is undefined."""
    target = navigation_target(ctx.doc, ctx.offset(position))
    if target is None or target.definition is None:
        return []
    span = definition_span(target.definition)
    return [ctx.location(*span)] if span is not None else []
