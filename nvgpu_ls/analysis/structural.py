"""Reading an op whose custom syntax nobody described: structure without a grammar.

MLIR dialects invent their own syntax, and no table can know every op. Such an op is
still read for what every feature needs: its operand uses, the values it defines for
its regions (``scf.for %i = ...``, ``gpu.func @k(%a: T)``, ``gpu.launch blocks(%bx, ...)``),
its regions, symbols, attribute dictionaries and types. It ends at a line break
(outside brackets) followed by something that starts an op, at the end of the
enclosing region, or after a region when nothing follows on that line. Only lexical
damage (unbalanced brackets, stray characters, unterminated strings) is an error here,
and, for hand-written parsers whose optional clauses come in a fixed order (``gpu.func``'s
``workgroup(...) private(...) kernel attributes {...}``), a clause out of that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import tokens as tk
from .ir import Block, BlockRef, Operation, TypeRef, ValueDef, ValueUse
from .errors import SyntaxFailure
from .typegrammar import CONTAINER_TYPES
from .values import IndexType

if TYPE_CHECKING:
    from .parser import Parser

_INDEX_ARG_KEYWORDS = frozenset({"blocks", "threads", "clusters"})

_ORDERED_CLAUSES: dict[str, tuple[str, ...]] = {
    "gpu.func": ("workgroup", "private", "kernel", "attributes"),
}
"""Hand-written parsers that read optional clauses after the function signature in one fixed
order, each at most once, and then want the body region."""

_LIST_CLAUSES = frozenset({"workgroup", "private"})
"""Clauses followed by a parenthesised argument list."""


def read_unknown_syntax(p: "Parser", op: Operation) -> None:
    """Read an op whose syntax is unknown: operands, regions, types, symbols, attributes.

    It ends at a line break (outside brackets) followed by something that can
    start an op, at a region end, or after a region when nothing follows on its line.
    """
    stack: list[str] = []
    region_args: list[ValueDef] = []
    paren_owner: list[str] = []  # what opened each '(' : "succ", "keyword:<w>", "name", ""
    saw_symbol = False
    defines_symbol = p.registry.defines_symbol(op.name)
    last: tk.Token | None = None
    after_region = False
    header: list[tk.Token] = []  # the first token of each top-level element before the body
    ordered = op.name in _ORDERED_CLAUSES
    while not p.at_end():
        token = p.toks[p.pos]
        kind = token.kind
        if ordered and not stack and not op.regions:
            header.append(token)
        if token.newline_before and last is not None and not stack:
            if after_region or not p.continues_line(last, p.pos):
                break
        elif after_region and not stack and kind not in (tk.BARE, "{", ":", "->", tk.HASH, "[", "("):
            break
        after_region = False
        if kind == "}":
            if stack:
                raise p.fail(f"unbalanced '{stack[-1]}' before '}}'", token, "syntax.unbalanced")
            break
        if kind == "{":
            if not stack and p.looks_like_region():
                if ordered and not op.regions:
                    _check_clause_order(p, op, header[:-1])
                op.add_region(p.parse_region(op))
                after_region = True
                last = p.toks[p.pos - 1]
                continue
            p.parse_dict_or_skip(op)
            last = p.toks[p.pos - 1]
            continue
        if kind in ("(", "[", "<"):
            if kind == "(":
                owner = ""
                if last is not None and last.kind == tk.CARET:
                    owner = "succ"
                elif last is not None and last.kind == tk.BARE:
                    owner = "keyword:" + last.text if last.end != op.name_end else "name"
                elif last is None or last.end == op.name_end:
                    owner = "name"
                paren_owner.append(owner)
            stack.append(kind)
            p.advance()
            last = token
            continue
        if kind in (")", "]", ">"):
            if not stack or tk.CLOSERS[stack[-1]] != kind:
                raise p.fail(f"unexpected '{kind}'", token, "syntax.unbalanced")
            opened = stack.pop()
            if opened == "(" and paren_owner:
                paren_owner.pop()
            p.advance()
            last = token
            continue
        if kind == tk.SSA:
            p.advance()
            nxt = p.toks[p.pos]
            in_parens = bool(stack) and stack[-1] == "("
            owner = paren_owner[-1] if in_parens and paren_owner else ""
            if nxt.kind == "=" and "#" not in token.text:
                region_args.append(ValueDef(token.text, token.start, token.end, op, is_block_arg=True))
                p.advance()
                last = nxt
                continue
            if in_parens and owner != "succ" and nxt.kind == ":":
                p.advance()
                ref = p.parse_type_ref()
                arg = ValueDef(token.text, token.start, token.end, op, is_block_arg=True)
                arg.type = ref
                region_args.append(arg)
                op.types.append(ref)
                last = p.toks[p.pos - 1]
                continue
            if in_parens and owner.startswith("keyword:") and owner[8:] in _INDEX_ARG_KEYWORDS:
                arg = ValueDef(token.text, token.start, token.end, op, is_block_arg=True)
                arg.type = TypeRef(IndexType(), token.start, token.end)
                region_args.append(arg)
                last = token
                continue
            if in_parens and owner == "name" and _paren_group_defines(p):
                arg = ValueDef(token.text, token.start, token.end, op, is_block_arg=True)
                arg.type = TypeRef(IndexType(), token.start, token.end)
                region_args.append(arg)
                last = token
                continue
            use = ValueUse(token.text, token.start, token.end, op)
            op.operands.append(use)
            if owner == "succ" and op.successors:
                op.successors[-1].operands.append(use)
            last = token
            continue
        if kind == tk.AT:
            p.parse_symbol(op, definition=defines_symbol and not saw_symbol)
            saw_symbol = True
            last = p.toks[p.pos - 1]
            continue
        if kind == tk.CARET:
            p.advance()
            op.add_successor(BlockRef(token.text, token.start, token.end, op))
            last = token
            continue
        if kind == ":":
            p.advance()
            last = token
            if p.starts_type() or (not stack and p.toks[p.pos].kind == tk.BARE and not p.toks[p.pos].newline_before):
                ref = p.parse_type_ref()
                op.types.append(ref)
                last = p.toks[p.pos - 1]
                if not stack:
                    trailing = [ref]
                    while p.toks[p.pos].kind == "," and p.starts_type(p.pos + 1):
                        p.advance()
                        ref = p.parse_type_ref()
                        op.types.append(ref)
                        trailing.append(ref)
                    last = p.toks[p.pos - 1]
                    _assign_trailing_types(op, trailing)
            continue
        if kind == "->":
            p.advance()
            last = token
            if p.starts_type():
                refs = p.parse_type_list_or_one(result_attributes=defines_symbol and not stack)
                op.types.extend(refs)
                if not stack and len(refs) == len(op.results):
                    op.result_types = refs
                last = p.toks[p.pos - 1]
            continue
        if kind == tk.BANG:
            ref = p.parse_type_ref()
            op.types.append(ref)
            last = p.toks[p.pos - 1]
            continue
        if kind == tk.HASH:
            # An attribute inside syntax we do not know: checked, and kept as written.
            end_index = p.scan_value(stop_at_comma=True)
            text = p.text[token.start:p.toks[end_index - 1].end]
            p.pos = end_index
            p.read_attr_text(text, token.start)
            op.add_keyword(text, token.start, p.prev_end())
            last = p.toks[p.pos - 1]
            continue
        if kind == tk.BARE:
            if token.text == "loc" and p.peek().kind == "(":
                start = token.start
                p.advance()
                p.skip_balanced()
                op.loc = (start, p.prev_end())
                last = p.toks[p.pos - 1]
                continue
            if token.text in ("attributes",) and p.peek().kind == "{" and not stack:
                p.advance()
                p.parse_attr_dict(op)
                last = p.toks[p.pos - 1]
                continue
            if token.text in CONTAINER_TYPES and p.peek().kind == "<":
                ref = p.parse_type_ref()
                op.types.append(ref)
                last = p.toks[p.pos - 1]
                continue
            op.add_keyword(token.text, token.start, token.end)
        elif kind == tk.STRING:
            if tk.is_unterminated_string(token):
                raise p.fail("expected '\"' in string literal", token, "syntax.unterminated-string")
        elif kind == tk.ERROR:
            raise p.invalid_character(token)
        p.advance()
        last = token
    if stack:
        raise SyntaxFailure(f"unbalanced '{stack[-1]}'", op.start, p.prev_end(), "syntax.unbalanced")
    _attach_region_args(op, region_args)

def _check_clause_order(p: "Parser", op: Operation, header: list[tk.Token]) -> None:
    """Report the first header element that breaks the op's clause order, where upstream does.

    ``header`` holds the first token of each top-level element before the body. After the
    signature (``@name``, its argument list, an optional ``-> results``) upstream's parser
    takes each optional clause in its fixed order, once; at any other token it wants the region.
    """
    clauses = _ORDERED_CLAUSES.get(op.name)
    if clauses is None:
        return
    index = _signature_length(header)
    reached = -1
    while index < len(header):
        token = header[index]
        index += 1
        rank = clauses.index(token.text) if token.kind == tk.BARE and token.text in clauses else -1
        if rank <= reached:
            # Upstream points just past the token before the unexpected one; the range covers both.
            before = p.toks[p.index_of(token) - 1]
            p.error("expected '{' to begin a region", before.end, token.end, "syntax.custom-form")
            return
        reached = rank
        if token.text in _LIST_CLAUSES and index < len(header) and header[index].kind == "(":
            index += 1

def _signature_length(header: list[tk.Token]) -> int:
    """How many header elements a function signature takes: ``@name``, ``(...)``, ``-> ...``.

    A header that does not start with a signature is left to other checks (its full length)."""
    if len(header) < 2 or header[0].kind != tk.AT or header[1].kind != "(":
        return len(header)
    return 3 if len(header) > 2 and header[2].kind == "->" else 2

def _paren_group_defines(p: "Parser") -> bool:
    """In ``(%i, %j) in (...)`` or ``(%i) = (...)`` the names are induction variables."""
    i = p.pos
    toks = p.toks
    while p.see(i).kind in (tk.SSA, ","):
        i += 1
    p.see(min(i + 1, len(toks) - 1))
    if toks[i].kind != ")":
        return False
    nxt = toks[i + 1]
    return nxt.kind == "=" or (nxt.kind == tk.BARE and nxt.text == "in")

def _attach_region_args(op: Operation, region_args: list[ValueDef]) -> None:
    if not region_args:
        return
    if op.regions and op.regions[0].blocks and not op.regions[0].blocks[0].label:
        entry = op.regions[0].blocks[0]
        for arg in region_args:
            arg.owner = entry
        entry.args = region_args + entry.args
        return
    if op.regions and op.regions[0].blocks and op.regions[0].blocks[0].label:
        # The region spells its own arguments: the names in the header were operands.
        for arg in region_args:
            op.operands.append(ValueUse(arg.name, arg.start, arg.end, op))
        return
    if op.regions:
        entry = Block(op.regions[0], op.regions[0].start)
        entry.args = region_args
        for arg in region_args:
            arg.owner = entry
        op.regions[0].blocks.append(entry)
        return
    for arg in region_args:
        op.operands.append(ValueUse(arg.name, arg.start, arg.end, op))

def _assign_trailing_types(op: Operation, refs: list[TypeRef]) -> None:
    facts = op.facts
    traits = facts.traits if facts is not None else ()
    if "SameOperandsAndResultType" in traits and len(refs) == 1:
        op.result_types = refs * len(op.results)
        op.operand_types[""] = refs * len(op.operands)
        return
    if not op.operands and len(refs) == len(op.results):
        op.result_types = list(refs)
