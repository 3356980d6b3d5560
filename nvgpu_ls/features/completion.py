"""Completion: what may be typed at the cursor, worked out from the text before it.

``completion_site`` reads the word being typed and the statement around it (tolerant
of the half-typed op that is usually there); this module decides what the position
expects and asks the providers: op names (``completion_ops``), types, type parameters,
enums and targets (``completion_types``), values, blocks, symbols and aliases
(``completion_scope``). Every item replaces exactly the typed word and is filtered
here by a case-sensitive prefix, so the list is complete (``is_incomplete=False``).
"""

from __future__ import annotations

import re

import attrs
from lsprotocol import types as lsp

from ..analysis import tokens as tk
from ..analysis.facts import AttributeFact, OperandFact, ResultFact, TypeParamFact
from ..dialects import enum_attributes
from . import completion_ops as ops
from . import completion_scope as scope
from . import completion_types as types
from .completion_site import Candidate, Site, read_site
from ..memory import register_cache
from .context import FeatureContext

_DIMS = re.compile(r"(?:(?:[0-9]+|\?|\[[0-9]+\])x)+(?=[A-Za-z_]*$)")
_SHAPE_TAIL = re.compile(r"(?:(?:[0-9]+|\?|\[[0-9]+\])x)+([A-Za-z_][A-Za-z0-9_]*)?$")
_SHAPED = frozenset({"memref", "vector", "tensor"})
_SYMBOL_KEYWORDS = frozenset({"private", "public", "nested", "constant", "internal", "external", "module"})
_SPACE_BEFORE = frozenset("=,:")
"""After these (and ``->``), typed without a space, an inserted word gets a leading space."""


def completion(ctx: FeatureContext, position: lsp.Position, trigger: str | None) -> lsp.CompletionList:
    """Completion items for ``position``; ``trigger`` is the character that fired the
    request (None when the user asked)."""
    offset = ctx.offset(position)
    if not ctx.doc.chunks:
        return lsp.CompletionList(is_incomplete=False, items=[])
    site = read_site(ctx.doc, offset)
    candidates = _candidates(ctx, site, trigger)
    edit_range = ctx.range(site.start, site.offset)
    shared = ctx.client.completion_edit_range_default
    reusable = shared and (not ctx.client.lazy_completion_documentation or ctx.client.completion_data_default)
    items = _items(ctx, site, candidates, None if shared else edit_range, reusable)
    defaults = lsp.CompletionItemDefaults(edit_range=edit_range) if shared else None
    if ctx.client.lazy_completion_documentation:
        data = {"uri": ctx.uri, "offset": offset, "trigger": trigger}  # where ``resolve`` looks again
        if ctx.client.completion_data_default:
            defaults = defaults or lsp.CompletionItemDefaults()
            defaults.data = data
        else:
            for item in items:
                item.data = data
    return lsp.CompletionList(is_incomplete=False, items=items, item_defaults=defaults)


def resolve(ctx: FeatureContext, item: lsp.CompletionItem) -> lsp.CompletionItem:
    """``completionItem/resolve``: the documentation a lazy list left out, found again by asking
    for the candidates at the place the item's ``data`` names. An item whose place no longer
    offers it (the text changed meanwhile) comes back as it is."""
    data = item.data
    if not isinstance(data, dict) or item.documentation is not None:
        return item
    offset, trigger = data.get("offset"), data.get("trigger")
    if not isinstance(offset, int) or not 0 <= offset <= len(ctx.text) or not ctx.doc.chunks \
            or not (trigger is None or isinstance(trigger, str)):
        return item
    site = read_site(ctx.doc, offset)
    for candidate in _candidates(ctx, site, trigger):
        if candidate.label == item.label and candidate.documentation:
            # A copy: the item given may be one a completion list still hands out.
            return attrs.evolve(item, documentation=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown,
                                                                      value=candidate.documentation))
    return item


# ---------------------------------------------------------------- dispatch
def _candidates(ctx: FeatureContext, site: Site, trigger: str | None) -> list[Candidate]:
    if site.string is not None:
        return _in_string(ctx, site)
    sigil = site.word[:1]
    if sigil == "%":
        return [] if _defines_value(site) else scope.value_candidates(ctx.doc, site.offset, site.start)
    if sigil == "^":
        return [] if not site.tokens else scope.block_candidates(ctx.doc, site.offset)
    if sigil == "@":
        return [] if _defines_symbol(site) else scope.symbol_candidates(ctx.doc, site.offset, site.op_name)
    if sigil in ("#", "!"):
        if not site.tokens and not site.stack and site.text[site.line_start():site.start].strip() == "":
            return []  # an alias definition at the top of the file
        aliases = scope.alias_candidates(ctx.doc, site.offset, sigil)
        if sigil == "#":
            return aliases + types.attribute_prefixes()
        return aliases + types.dialect_types()
    if site.word[:1].isdigit() and not _DIMS.match(site.word):
        return []
    found = _in_brackets(ctx, site, trigger)
    if found is not None:
        return found
    if _in_type_position(site):
        return types.type_candidates(_type_aliases(ctx, site))
    attribute = _keyword_attribute(site)
    if attribute is not None:
        return ops.attribute_values(site.op_name, attribute, in_dictionary=False)
    if site.at_statement_start:
        if not site.tokens and trigger == " ":
            return []  # indenting a new line
        return ops.op_candidates(ops.targets_at(ctx.doc, site.offset, ctx.options))
    return []


def _in_string(ctx: FeatureContext, site: Site) -> list[Candidate]:
    """Inside ``"..."``: chips, PTX features, or a generic op's name."""
    key = site.assigned
    if key in ("chip", "nv_tileaa.target_spec"):
        return types.chip_candidates(quoted=False)
    if key == "features":
        return types.ptx_feature_candidates(quoted=False)
    if site.at_statement_start:
        return ops.op_candidates(ops.targets_at(ctx.doc, site.offset, ctx.options))
    return []


def _in_brackets(ctx: FeatureContext, site: Site, trigger: str | None) -> list[Candidate] | None:
    """Completions that depend on the innermost open bracket; None when it decides nothing."""
    opener = site.opener
    if opener is None:
        return None
    head = site.before_opener()
    level = site.level_tokens()
    if opener.kind == "{":
        return _in_dictionary(ctx, site)
    if opener.kind == "[" and site.op_name == "gpu.module" and head is not None and head.kind == tk.AT:
        if not site.prev_is("[", ","):
            return []
        return types.target_attributes() + scope.alias_candidates(ctx.doc, site.offset, "#")
    if opener.kind != "<" or head is None:
        return None
    name = head.text
    if head.kind == tk.BARE and name in _SHAPED:
        return _in_shaped(ctx, site, name, level, trigger)
    if head.kind == tk.BARE and name in ("tuple", "complex"):
        return types.type_candidates(_type_aliases(ctx, site)) if site.prev_is("<", ",") else []
    if head.kind == tk.BANG and types.type_params(name):
        return _in_type_params(ctx, site, types.type_params(name), level, name)
    if head.kind in (":", "->"):  # a stripped nvgpu type: ``: <memorySpace = ...>``
        return _in_type_params(ctx, site, _stripped_params(site), level, "")
    if head.kind != tk.HASH:
        return None
    if name == "#nvvm.target":
        if site.assigned is not None:
            if site.assigned == "chip":
                return types.chip_candidates(quoted=True)
            if site.assigned == "features":
                return types.ptx_feature_candidates(quoted=True)
            return []
        if site.prev_is("<", ","):
            return types.nvvm_target_params(_keys(level))
        return []
    if name == "#gpu.address_space":
        return types.address_space_cases() if site.prev_is("<") else []
    if name == "#nvgpu":
        if site.prev_is("<"):
            return types.nvgpu_enum_names()
        mnemonic = site.prev()
        return types.nvgpu_enum_cases(mnemonic.text) if mnemonic is not None and mnemonic.kind == tk.BARE else []
    cases = enum_attributes().get(name)
    if cases is None and name.startswith("#nvgpu."):
        return types.nvgpu_enum_cases(name.split(".", 1)[1]) if site.prev_is("<") else []
    if cases is not None and site.prev_is("<", ","):
        return types.enum_cases(cases)
    return []


def _in_dictionary(ctx: FeatureContext, site: Site) -> list[Candidate]:
    """Inside an op's ``{...}``: attribute names, an attribute's value after ``=``, a type after ``:``."""
    if site.prev_is("{", ","):
        present = _keys(site.tokens) | (set(site.op.attributes) if site.op is not None else set())
        return ops.attribute_names(site.op_name, present)
    if site.assigned is not None:
        attribute = ops.attribute_fact(site.op_name, site.assigned)
        if attribute is not None:
            return ops.attribute_values(site.op_name, attribute, in_dictionary=True)
        if site.assigned == "nv_tileaa.target_spec":
            return types.chip_candidates(quoted=True)
        return []
    if site.prev_is(":"):
        return types.type_candidates(_type_aliases(ctx, site))
    return []


def _in_shaped(ctx: FeatureContext, site: Site, name: str, level: list[tk.Token],
               trigger: str | None) -> list[Candidate]:
    """Inside ``memref<`` / ``vector<`` / ``tensor<``: element types after the shape,
    memory spaces and layouts after a comma (memref only)."""
    if any(t.kind == "," for t in level):
        return types.memory_spaces() + scope.alias_candidates(ctx.doc, site.offset, "#") \
            if name == "memref" and site.prev_is(",") else []
    shape = _SHAPE_TAIL.search(site.text, site.line_start(), site.offset)
    if shape is not None:  # ``16x?x`` typed: complete the element type after it
        site.word = shape.group(1) or ""
        site.start = site.offset - len(site.word)
    elif trigger == "<" or site.word[:1].isdigit():
        return []
    return types.element_types(_type_aliases(ctx, site))


def _in_type_params(ctx: FeatureContext, site: Site, params: tuple[TypeParamFact, ...], level: list[tk.Token],
                    owner: str) -> list[Candidate]:
    """Inside an nvgpu type's ``<...>``: its parameter names, then each parameter's values."""
    if site.prev_is("<", ","):
        return types.param_names(params, _keys(level), owner.lstrip("!"))
    if site.assigned is not None:
        param = next((p for p in params if p.name == site.assigned), None)
        return types.param_values(param, _type_aliases(ctx, site)) if param is not None else []
    return []


def _stripped_params(site: Site) -> tuple[TypeParamFact, ...]:
    """The parameters a stripped ``: <...>`` type may take, from the op's nvgpu operand types."""
    facts = ops.ALL_OPS.get(site.op_name or "")
    if facts is None:
        return ()
    found: list[TypeParamFact] = []
    groups: tuple[OperandFact | ResultFact, ...] = (*facts.operands, *facts.results)
    for group in groups:
        for param in types.type_params(group.kind):
            if all(p.name != param.name for p in found):
                found.append(param)
    return tuple(found)


# ---------------------------------------------------------------- position tests
def _keys(tokens: list[tk.Token]) -> set[str]:
    """The names written as ``name =`` (or bare unit names) among ``tokens``."""
    found = set()
    for index, token in enumerate(tokens):
        if token.kind != tk.BARE:
            continue
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        previous = tokens[index - 1] if index > 0 else None
        if following is not None and following.kind == "=" or (
                previous is not None and previous.kind in ("{", ",") and (following is None or following.kind in (",", "}"))):
            found.add(token.text)
    return found


def _in_type_position(site: Site) -> bool:
    """After ``:`` / ``->``, or in a list of types that started there."""
    prev = site.prev()
    if prev is None:
        return False
    if prev.kind == "->":
        return True
    if prev.kind == ":":
        before = site.prev(2)
        return not (before is not None and (before.kind == ":" or before.text == "offset"))
    if prev.kind not in (",", "("):
        return False
    opener = site.opener
    for token in reversed(site.level_tokens()):
        if token.kind == "->":
            return True
        if token.kind == ":":
            index = site.tokens.index(token)
            typed_value = index > 0 and site.tokens[index - 1].kind == tk.SSA
            return not (typed_value and opener is not None and opener.kind == "(")
        if token.kind in (tk.SSA, "=", tk.AT, tk.CARET, tk.STRING, "{", "["):
            return False
    if opener is not None and opener.kind == "(":
        head = site.before_opener()
        return head is not None and head.kind in (":", "->", "<")
    return False


def _keyword_attribute(site: Site) -> AttributeFact | None:
    """The attribute a custom syntax's ``keyword =`` clause before the cursor names (``kind =``)."""
    return ops.attribute_fact(site.op_name, site.assigned) if site.assigned is not None else None


def _defines_value(site: Site) -> bool:
    """Is the ``%`` word a new name: a result at the start of a statement, or an argument
    in a signature / block header (``@f(%``, ``^bb1(%``)?"""
    if site.opener is not None and site.opener.kind == "(":
        head = site.before_opener()
        return head is not None and head.kind in (tk.AT, tk.CARET) and site.prev_is("(", ",")
    if not site.tokens and not site.stack:
        text = site.text[:site.line_start()].rstrip()
        return not text.endswith((",", "(", "[", "="))
    return all(t.kind in (tk.SSA, ",") for t in site.tokens) and (not site.tokens or site.tokens[-1].kind == ",") \
        and site.tokens[0].start >= site.line_start()


def _defines_symbol(site: Site) -> bool:
    """Is the ``@`` word the name an op defines (``func.func @``, ``gpu.module @``)?"""
    prev = site.prev()
    if prev is None or prev.kind != tk.BARE:
        return False
    if prev.text in _SYMBOL_KEYWORDS:
        return True
    facts = ops.ALL_OPS.get(prev.text)
    return facts is not None and "Symbol" in facts.traits


def _type_aliases(ctx: FeatureContext, site: Site) -> list[Candidate]:
    return scope.alias_candidates(ctx.doc, site.offset, "!")


# ---------------------------------------------------------------- items
def _items(ctx: FeatureContext, site: Site, candidates: list[Candidate],
           edit_range: lsp.Range | None, reusable: bool = False) -> list[lsp.CompletionItem]:
    """Filtered, ordered LSP items, all replacing the same range: ``edit_range`` on each item, or,
    when None, the list's default range (the item then says its text only where it is not the
    label). No ``filterText``: Neovim 0.7.2's omnifunc takes the word start from the text edits
    only when it is absent. Documentation is left to ``resolve`` where the client asks for it.

    ``reusable``: the caller changes no item, so a long list (every op name) made for the same
    candidates, typed word and spacing is handed out again instead of being built anew."""
    before = site.text[max(site.start - 2, 0):site.start]
    spaced = site.string is None and not site.word and (before[-1:] in _SPACE_BEFORE or before == "->") \
        and before != "::"
    lazy = ctx.client.lazy_completion_documentation
    key = None
    if reusable and edit_range is None and len(candidates) >= _REUSED_FROM:
        key = (tuple(map(id, candidates)), site.word, spaced, lazy)
        known = _ITEM_LISTS.get(key)
        if known is not None and all(a is b for a, b in zip(known[0], candidates)):
            return list(known[1])
    items = _build_items(site, candidates, edit_range, spaced, lazy)
    if key is not None:
        if len(_ITEM_LISTS) >= 32:
            _ITEM_LISTS.clear()
        _ITEM_LISTS[key] = (tuple(candidates), items)  # the candidates held keep their ids theirs
        return list(items)
    return items


_REUSED_FROM = 200
"""Lists this long are kept (op names: 1,189 items); short ones are cheaper to build than to key."""

_ITEM_LISTS: dict[tuple, tuple[tuple[Candidate, ...], list[lsp.CompletionItem]]] = {}
register_cache(_ITEM_LISTS.clear)


def _build_items(site: Site, candidates: list[Candidate], edit_range: lsp.Range | None, spaced: bool,
                 lazy: bool) -> list[lsp.CompletionItem]:
    items: list[lsp.CompletionItem] = []
    seen: set[str] = set()
    ordered = sorted(enumerate(candidates), key=lambda pair: (pair[1].group, pair[0]))
    for rank, (_, candidate) in enumerate(ordered):
        text = candidate.text
        if not text.startswith(site.word) or candidate.label in seen:
            continue
        seen.add(candidate.label)
        details = None
        if candidate.signature or candidate.description:
            details = lsp.CompletionItemLabelDetails(detail=candidate.signature or None,
                                                     description=candidate.description or None)
        documentation = None
        if candidate.documentation and not lazy:
            documentation = lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=candidate.documentation)
        new_text = (" " + text) if spaced else text
        items.append(lsp.CompletionItem(
            label=candidate.label,
            kind=lsp.CompletionItemKind(candidate.kind),
            detail=candidate.detail or None,
            documentation=documentation,
            label_details=details,
            sort_text=f"{rank:05d}",
            insert_text_format=lsp.InsertTextFormat.PlainText if edit_range is not None else None,
            text_edit=lsp.TextEdit(range=edit_range, new_text=new_text) if edit_range is not None else None,
            text_edit_text=new_text if edit_range is None and new_text != candidate.label else None,
        ))
    return items
