"""textDocument/hover: what the thing under the cursor is, in Markdown.

``entity_at`` says what is there; each kind has its own text:

* an op name: the facts' summary and explanation, this instance's operands, attributes
  and results with their types and values, the SM / PTX ISA it needs, whether the
  enclosing module's target allows it, and the NVVM ops and PTX it lowers to
  (``hover_ops``);
* an SSA value: its type, where it is defined, how often it is used;
* a type, or an alias of one: the expanded type in words (``hover_types``);
* an attribute name or value, or a keyword of an op's syntax: the attribute's facts and,
  for an enum, what each case means; ``#nvvm.target`` on a gpu.module: what it allows;
* a block label: its arguments and how many branches reach it;
* a ``@symbol``: what it names (a function's signature, a gpu.module with its target).

The range of the answer is the hovered entity's span. Only what the parser recovered is
used, so hover works in broken files; a piece of information that is missing is left out.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ..analysis import tokens as tk
from ..analysis.document import Document
from ..analysis.ir import AttrEntry, Block, BlockRef, Operation, SymbolRef, TypeRef, ValueDef, ValueUse
from ..analysis.parser import AliasDef
from ..analysis.values import Attr, Type
from ..target import TILEAA_CC, TILEAA_SPEC, module_targets, nvvm_targets, tileaa_target
from ..analysis.opview import OpView
from ..code_pages import code_url
from ..verify.hazards import RULES
from .context import FeatureContext
from .entities import Entity, entity_at, navigation_target, symbol_occurrences, token_at
from .hover_ops import (
    describe_attribute, describe_keyword, describe_op, describe_target, signature, target_origin_text,
)
from .hover_types import code, describe_attr_value, describe_type, expand, type_summary

Answer = tuple[list[str], int, int]


def hover(ctx: FeatureContext, position: lsp.Position) -> lsp.Hover | None:
    """The hover for ``position``: Markdown about the entity there, ranged over its span, and
    the rule behind each hazard diagnostic there."""
    offset = ctx.offset(position)
    answer = describe_at(ctx, offset)
    if answer is None:
        return None
    lines, start, end = answer
    lines = lines + diagnostic_rules(ctx, offset)
    text = markdown(lines)
    if not text:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text),
                     range=ctx.range(start, end))


def _chosen_opt_level(ctx: FeatureContext) -> tuple[int | None, str]:
    """The level for modules whose target states none, and where it comes from."""
    if ctx.options.opt_level is not None:
        return ctx.options.opt_level, "the configuration file's `opt-level`"
    return ctx.settings.opt_level, "the `optLevel` setting"


def diagnostic_rules(ctx: FeatureContext, offset: int) -> list[str]:
    """A link to the documentation of each diagnostic's code at ``offset``, with the rule itself
    for a hazard (``nvgpu.hazard.*``), one paragraph each."""
    codes = dict.fromkeys(d.code for d in ctx.diagnostics if d.start <= offset <= d.end)
    return [f"**Hazard** [`{code}`]({code_url(code)}): {RULES[code]}" if code in RULES
            else f"[`{code}`]({code_url(code)}): how to read and fix it" for code in codes]


def markdown(lines: list[str]) -> str:
    """Paragraphs joined by blank lines, with runs of ``- `` bullets kept as one tight list."""
    text = ""
    for line in (line for line in lines if line):
        if text:
            text += "\n" if line.startswith("- ") and text.rsplit("\n", 1)[-1].startswith("- ") else "\n\n"
        text += line
    return text


def sentence(text: str | None) -> str:
    """``text`` capitalised and ending in a full stop ("" for None)."""
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def describe_at(ctx: FeatureContext, offset: int) -> Answer | None:
    """The hover paragraphs for the text at ``offset`` and the span they describe."""
    doc = ctx.doc
    if not doc.chunks:
        return None
    entity = entity_at(doc, offset)
    if entity is None:
        return _alias_value(doc, offset) or _syntax_keyword(ctx, offset)
    if entity.kind == "attribute" and isinstance(entity.node, AttrEntry) and entity.op is not None:
        target = target_at(ctx, entity.op, entity.node, offset)
        if target is not None:
            return target
    lines = _describe_entity(ctx, entity, offset)
    if entity.kind == "symbol":
        destination = navigation_target(doc, offset)
        if destination is not None:
            return lines, destination.start, destination.end
    return lines, entity.start, entity.end


def target_at(ctx: FeatureContext, op: Operation, entry: AttrEntry, offset: int) -> Answer | None:
    """``#nvvm.target`` in a gpu.module's target list, or an ``nv_tileaa`` target attribute:
    what the chip allows, ranged over the one target under the cursor."""
    if entry.name == "targets" and op.name == "gpu.module":
        for found in nvvm_targets(ctx.doc, op):
            if found.span is not None and found.span[0] <= offset <= found.span[1]:
                return describe_target(found, *_chosen_opt_level(ctx)), found.span[0], found.span[1]
    if entry.name in (TILEAA_SPEC, TILEAA_CC):
        tileaa = tileaa_target(ctx.doc, op)
        if tileaa is not None and tileaa.span is not None:
            return describe_target(tileaa, *_chosen_opt_level(ctx)), tileaa.span[0], tileaa.span[1]
    return None


def _describe_entity(ctx: FeatureContext, entity: Entity, offset: int) -> list[str]:
    node, op = entity.node, entity.op
    if entity.kind == "op" and isinstance(node, Operation):
        return describe_op(ctx, node)
    if entity.kind == "value" and isinstance(node, (ValueDef, ValueUse)):
        return describe_value(ctx, node)
    if entity.kind == "type" and isinstance(node, TypeRef):
        written = ctx.text[node.start:node.end]
        return describe_type(expand(ctx.doc, node.start, node.type), written)  # type: ignore[arg-type]
    if entity.kind == "attribute" and isinstance(node, AttrEntry) and op is not None:
        return describe_attribute(ctx, op, node, entity.in_value)
    if entity.kind == "keyword" and isinstance(node, str) and op is not None:
        return describe_keyword(ctx, op, node)
    if entity.kind == "alias" and isinstance(node, AliasDef):
        return describe_alias(ctx.doc, node)
    if entity.kind == "block" and isinstance(node, (Block, BlockRef)):
        return describe_block(ctx, node)
    if entity.kind == "symbol" and isinstance(node, SymbolRef):
        target = navigation_target(ctx.doc, offset)
        definition = target.definition if target is not None else (node if node.is_definition else node.target)
        name = ctx.text[target.start:target.end] if target is not None else node.name
        return describe_symbol(ctx, name, definition if isinstance(definition, SymbolRef) else None)
    return []


# ---------------------------------------------------------------- values
def value_type(doc: Document, value: ValueDef) -> Type | None:
    """The type of a value as its definition declares or implies it (aliases expanded)."""
    owner = value.owner
    if isinstance(owner, Operation):
        found = OpView(owner, doc).type_of_value(value)
        if found is None and len(owner.results) == 1:
            typed = getattr(owner.attributes.get("value"), "value", None)
            found = getattr(typed, "type", None)  # ``arith.constant 1.0 : f32``
        return found
    if value.type is not None:
        return expand(doc, value.start, value.type.type)  # type: ignore[return-value]
    return None


def _line(ctx: FeatureContext, offset: int) -> int:
    return ctx.position(offset).line + 1


def definition_text(ctx: FeatureContext, value: ValueDef) -> str:
    """``result #1 of `nvgpu.x` (line 4)`` or ``block argument #0 of `@kernel` (line 2)``."""
    owner = value.owner
    if isinstance(owner, Operation):
        which = "result" if len(owner.results) == 1 else f"result #{owner.results.index(value)}"
        return f"{which} of {code(owner.name)} (line {_line(ctx, owner.name_start)})"
    block: Block = owner
    index = block.args.index(value) if value in block.args else 0
    region_op = block.parent.parent
    if block.label:
        where = f"{code(block.label)}"
    elif region_op.symbol_name:
        where = f"{code(region_op.symbol_name)}"
    else:
        where = f"the entry block of {code(region_op.name)}"
    return f"block argument #{index} of {where} (line {_line(ctx, value.start)})"


def describe_value(ctx: FeatureContext, node: ValueDef | ValueUse) -> list[str]:
    """An SSA value: its type, its definition and its uses."""
    definition = node.definition if isinstance(node, ValueUse) else node
    if definition is None:
        return [f"{code(node.name)} is not defined where it is used (no definition in scope)."]
    found = value_type(ctx.doc, definition)
    head = f"{code(definition.name)}" + (f": {code(found)}" if found is not None else "")
    uses = len(definition.uses)
    lines = [head, f"Defined as {definition_text(ctx, definition)}; "
             + (f"used {uses} time{'s' if uses != 1 else ''}." if uses else "never used.")]
    return lines + [sentence(type_summary(found))]


# ---------------------------------------------------------------- blocks, symbols, aliases
def describe_block(ctx: FeatureContext, node: Block | BlockRef) -> list[str]:
    """A block label: its arguments and the branches that reach it."""
    if isinstance(node, BlockRef):
        if node.block is None:
            return [f"{code(node.name)} names no block in this region."]
        block = node.block
    else:
        block = node
    types = [value_type(ctx.doc, arg) for arg in block.args]
    args = ", ".join(arg.name if t is None else f"{arg.name}: {t}" for arg, t in zip(block.args, types))
    refs = len(block.refs)
    region_op = block.parent.parent
    owner = f" in {code(region_op.name)}" + (f" {code(region_op.symbol_name)}" if region_op.symbol_name else "")
    count = len(block.args)
    return [f"block {code(block.label)}" + (f"({args})" if args else "") + owner,
            f"{count} argument{'s' if count != 1 else ''}; {refs} branch{'es' if refs != 1 else ''} to it; "
            f"{len(block.ops)} op{'s' if len(block.ops) != 1 else ''}."]


def describe_symbol(ctx: FeatureContext, name: str, definition: SymbolRef | None) -> list[str]:
    """What a ``@symbol`` names, from its defining op."""
    if definition is None:
        return [f"{code(name)} names no symbol defined in this file."]
    op = definition.owner
    lines = [f"```mlir\n{signature(ctx.text, op)}\n```"]
    if op.name == "gpu.module":
        found = module_targets(ctx.doc, op, ctx.options.target, ctx.options.target_origin)
        if not found:
            lines.append("No target set for this gpu.module: the SM / PTX ISA checks are skipped.")
        for resolved in found:
            if resolved.target is None:
                lines.append(f"Target: unknown ({resolved.error})")
            else:
                lines.append(f"Target: {resolved.target}, {target_origin_text(resolved, True)}")
    elif op.facts is not None:
        lines.append(op.facts.summary)
    references = sum(1 for o in symbol_occurrences(ctx.doc, definition) if not o.is_definition)
    lines.append(f"Referenced {references} time{'s' if references != 1 else ''} in this file.")
    return lines


def describe_alias(doc: Document, alias: AliasDef) -> list[str]:
    """An alias: what it expands to, described as that type or attribute."""
    value = expand(doc, alias.start, alias.value)
    if isinstance(value, Type):
        return describe_type(value, alias.name)
    return [f"{code(alias.name)} ="] + describe_attr_value(value if isinstance(value, Attr) else None)


def _alias_value(doc: Document, offset: int) -> Answer | None:
    """Inside the value of an alias definition (``!t = <here>``)."""
    for alias in doc.chunk_at(offset).aliases.values():
        if alias.value_start <= offset < alias.value_end:
            value = expand(doc, alias.start, alias.value)
            lines = describe_type(value) if isinstance(value, Type) else \
                describe_attr_value(value if isinstance(value, Attr) else None)
            return lines, alias.value_start, alias.value_end
    return None


def _syntax_keyword(ctx: FeatureContext, offset: int) -> Answer | None:
    """A bare word of an op's custom syntax the entity model does not hold (``numTiles`` in
    ``numTiles = 4``, ``predicate``, ``to``): the attribute or operand it introduces."""
    token = token_at(ctx.doc, offset)
    if token is None and offset > 0:
        token = token_at(ctx.doc, offset - 1)
    op = ctx.doc.op_at(offset) if token is not None else None
    if token is None or op is None or token.kind != tk.BARE or "." in token.text:
        return None
    lines = describe_keyword(ctx, op, token.text)
    return (lines, token.start, token.end) if lines else None
