"""Reading custom op syntax from the op facts' declarative assembly formats.

The op facts spell each op's custom syntax in upstream's declarative-format notation
(``$src `[` $indices `]` attr-dict `:` type($src)``). This module parses that
notation once per format (with lark) into a small element tree and matches the tree
against the token stream, filling the op's operands, attributes and types by their
ODS names. An op may list several formats (syntax changed across upstream releases);
the first that reads the whole op wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from lark import Lark, Transformer, v_args
from lark.exceptions import LarkError

from ..dialects.facts import OpFacts
from . import tokens as tk
from .ir import AttrEntry, Operation, TypeRef, ValueUse
from .errors import SyntaxFailure
from .values import BoolAttr, FunctionType, IntegerAttr, KeywordAttr, SymbolRefAttr, TypeAttr, UnitAttr

if TYPE_CHECKING:
    from .parser import Parser

_FORMAT_GRAMMAR = r"""
start: element*
?element: LITERAL                                        -> literal
        | VARIABLE ANCHOR?                               -> variable
        | "qualified" "(" VARIABLE ")" ANCHOR?           -> variable
        | directive ANCHOR?                              -> anchored
        | "(" then_elements ")" [":" "(" else_elements ")"] "?"   -> group
then_elements: element+
else_elements: element*
directive: "attr-dict"                                   -> attr_dict
         | "attr-dict-with-keyword"                      -> attr_dict_kw
         | "prop-dict"                                   -> prop_dict
         | "type" "(" target ")"                         -> type_of
         | "qualified" "(" directive ")"                 -> qualified
         | "functional-type" "(" target "," target ")"   -> functional
         | "custom" "<" NAME ">" "(" [cargs] ")"         -> custom
         | "ref" "(" (VARIABLE | directive) ")"          -> ref
         | "operands"                                    -> all_operands
         | "regions"                                     -> all_regions
         | "successors"                                  -> all_successors
cargs: carg ("," carg)*
?carg: VARIABLE | directive
?target: VARIABLE | "operands" -> t_operands | "results" -> t_results
LITERAL: /`[^`]*`/
VARIABLE: /\$[A-Za-z_][A-Za-z0-9_]*/
ANCHOR: "^"
NAME: /[A-Za-z_][A-Za-z0-9_]*/
%ignore /\s+/
"""

_FORMAT_PARSER = Lark(_FORMAT_GRAMMAR, parser="lalr")


class Mismatch(Exception):
    """The tokens do not follow this format; ``index`` is where they stopped following it."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


# ---------------------------------------------------------------- format elements
@dataclass(frozen=True)
class Literal:
    text: str


@dataclass(frozen=True)
class Variable:
    name: str
    anchor: bool = False


@dataclass(frozen=True)
class Directive:
    kind: str
    args: tuple = ()
    anchor: bool = False


@dataclass(frozen=True)
class Group:
    elements: tuple
    else_elements: tuple = ()
    anchor: object = None


@v_args(inline=True)
class _BuildFormat(Transformer):
    def start(self, *elements):
        return tuple(e for e in elements if e is not None)

    def literal(self, tok):
        text = str(tok)[1:-1]
        return Literal(text) if text.strip() and text != "\\n" else None

    def variable(self, var, anchor=None):
        return Variable(var.name, anchor is not None)

    def anchored(self, directive, anchor=None):
        if anchor is None:
            return directive
        return Directive(directive.kind, directive.args, True)

    def then_elements(self, *items):
        return tuple(i for i in items if i is not None)

    def else_elements(self, *items):
        return tuple(i for i in items if i is not None)

    def group(self, then, otherwise=None):
        anchor = next((item for item in then if getattr(item, "anchor", False)), None)
        return Group(then, otherwise or (), anchor)

    def attr_dict(self):
        return Directive("attr-dict")

    def attr_dict_kw(self):
        return Directive("attr-dict-with-keyword")

    def prop_dict(self):
        return Directive("prop-dict")

    def type_of(self, target):
        return Directive("type", (target,))

    def qualified(self, inner):
        return inner

    def functional(self, a, b):
        return Directive("functional-type", (a, b))

    def custom(self, name, args=None):
        return Directive("custom", (str(name),) + tuple(args or ()))

    def cargs(self, *args):
        return args

    def ref(self, target):
        return Directive("ref", (target,))

    def all_operands(self):
        return Directive("operands")

    def all_regions(self):
        return Directive("regions")

    def all_successors(self):
        return Directive("successors")

    def t_operands(self):
        return "operands"

    def t_results(self):
        return "results"

    def VARIABLE(self, tok):
        return Variable(str(tok)[1:])


@lru_cache(maxsize=None)
def compile_format(text: str) -> tuple:
    """The element tree of one declarative format string."""
    tree = _FORMAT_PARSER.parse(text)
    return _BuildFormat().transform(tree)


def compile_format_or_none(text: str) -> tuple | None:
    """The element tree, or None for a format string the notation grammar cannot read."""
    try:
        return compile_format(text)
    except LarkError:
        return None


# ---------------------------------------------------------------- matching
@dataclass
class _Run:
    """The state of one attempt to read an op with one format."""

    parser: Parser
    op: Operation
    facts: OpFacts
    operands: dict[str, list[ValueUse]] = field(default_factory=dict)
    types: dict[str, list[TypeRef]] = field(default_factory=dict)
    attributes: dict[str, AttrEntry] = field(default_factory=dict)

    def kind_of(self, name: str) -> str:
        for o in self.facts.operands:
            if o.name == name:
                return "operand"
        for a in self.facts.attributes:
            if a.name == name:
                return "attribute"
        for r in self.facts.results:
            if r.name == name:
                return "result"
        return "other"


def parse_with_formats(parser: Parser, op: Operation) -> bool:
    """Read ``op``'s custom syntax with its facts' formats.

    Returns True when a format read it. When none did: for ops of a closed dialect
    (every op and its syntax known) the farthest mismatch is raised as a syntax error;
    otherwise the cursor is restored and False returned so the caller can fall back.
    """
    facts = op.facts
    assert facts is not None
    start = parser.pos
    saved_diags = len(parser.diagnostics)
    best: Mismatch | None = None
    saved_symbols = len(op.symbols)
    saved_regions = len(op.regions)
    for text in facts.formats:
        parser.pos = start
        parser.truncate_diagnostics(saved_diags)
        del op.symbols[saved_symbols:]
        del op.regions[saved_regions:]
        run = _Run(parser, op, facts)
        elements = compile_format_or_none(text)
        if elements is None:
            continue
        try:
            _match(run, elements)
            _finish_line(run)
        except Mismatch as mismatch:
            if best is None or mismatch.index > best.index:
                best = mismatch
            continue
        except SyntaxFailure as failure:
            index = _index_at(parser, failure.start)
            if best is None or index >= best.index:
                best = Mismatch(failure.message, index)
            continue
        _commit(run)
        return True
    parser.pos = start
    parser.truncate_diagnostics(saved_diags)
    del op.symbols[saved_symbols:]
    del op.regions[saved_regions:]
    if parser.registry.is_closed_dialect(op.dialect) and best is not None:
        token = parser.toks[min(best.index, len(parser.toks) - 1)]
        start, end = parser.blame_span(token)
        raise SyntaxFailure(best.message, start, end, "syntax.custom-form")
    return False


def _index_at(parser: Parser, offset: int) -> int:
    i = parser.pos
    while i > 0 and parser.toks[i].start > offset:
        i -= 1
    return i


def _finish_line(run: _Run) -> None:
    """A format must account for everything up to the end of the op."""
    p = run.parser
    token = p.tok
    if token.kind in (tk.EOF, tk.SPLIT, "}") or token.newline_before:
        return
    if token.kind == tk.BARE and token.text == "loc" and p.peek().kind == "(":
        return
    if token.kind in (tk.SSA, tk.STRING, tk.BARE) and p.starts_op():
        return  # MLIR needs no line break between ops
    raise Mismatch(f"unexpected '{token.text}' after the end of '{run.op.name}'", p.pos)


def _commit(run: _Run) -> None:
    op = run.op
    for name, uses in run.operands.items():
        for use in uses:
            use.group = name
        op.operands.extend(uses)
    op.operands.sort(key=lambda u: u.start)
    for name, refs in run.types.items():
        op.types.extend(refs)
        kind = run.kind_of(name)
        if kind == "operand" or name == "operands":
            op.operand_types[name if kind == "operand" else ""] = refs
        elif kind == "result" or name == "results":
            op.result_types.extend(refs)
    op.types.sort(key=lambda r: r.start)
    for name, entry in run.attributes.items():
        op.attributes[name] = entry
    for ref, value in zip(op.result_types, op.results):
        value.type = ref


def _match(run: _Run, elements: tuple) -> None:
    for element in elements:
        _match_one(run, element)


def _match_one(run: _Run, element) -> None:
    p = run.parser
    if isinstance(element, Literal):
        _match_literal(p, element.text)
    elif isinstance(element, Variable):
        _match_variable(run, element.name)
    elif isinstance(element, Group):
        if _group_present(run, element):
            _match(run, element.elements)
            anchor = element.anchor
            if isinstance(anchor, Variable) and run.kind_of(anchor.name) == "attribute":
                fact = run.facts.attribute(anchor.name)
                if fact is not None and fact.kind == "unit" and anchor.name not in run.attributes:
                    token = p.toks[p.pos - 1]
                    run.attributes[anchor.name] = AttrEntry(anchor.name, UnitAttr(), token.start, token.end,
                                                            token.start, token.end, True)
        elif element.else_elements:
            _match(run, element.else_elements)
    elif isinstance(element, Directive):
        _match_directive(run, element)


def _literal_matches(token: tk.Token, text: str) -> bool:
    if token.kind == tk.BARE or token.kind == tk.INT:
        return token.text == text
    return token.kind == text


def _match_literal(p: Parser, text: str) -> None:
    if text == "::":
        if p.tok.kind == ":" and p.peek().kind == ":":
            p.advance()
            p.advance()
            return
        raise Mismatch("expected '::'", p.pos)
    if not _literal_matches(p.tok, text):
        raise Mismatch(f"expected '{text}'", p.pos)
    p.advance()


def _group_present(run: _Run, group: Group) -> bool:
    p = run.parser
    first = group.elements[0]
    token = p.tok
    if isinstance(first, Literal):
        if first.text == "::":
            return token.kind == ":" and p.peek().kind == ":"
        return _literal_matches(token, first.text)
    if isinstance(first, Variable):
        kind = run.kind_of(first.name)
        if kind == "operand":
            return token.kind == tk.SSA
        if kind == "attribute":
            fact = run.facts.attribute(first.name)
            if fact is not None and fact.kind == "enum":
                return token.kind == tk.BARE and token.text in fact.enum
            return token.kind in (tk.INT, tk.FLOAT, tk.STRING, tk.HASH, "[", tk.AT, "-") or (
                token.kind == tk.BARE and token.text in ("true", "false"))
        return token.kind in ("{", tk.CARET)
    if isinstance(first, Directive):
        if first.kind == "type" or first.kind == "functional-type":
            return p.starts_type()
        if first.kind == "attr-dict":
            return token.kind == "{"
        if first.kind == "custom":
            save = p.pos
            try:
                _match_directive(run, first)
                return True
            except (Mismatch, SyntaxFailure):
                return False
            finally:
                p.pos = save
    return False


def _match_variable(run: _Run, name: str) -> None:
    p = run.parser
    kind = run.kind_of(name)
    if kind == "operand":
        fact = next(o for o in run.facts.operands if o.name == name)
        uses = run.operands.setdefault(name, [])
        if fact.variadic:
            _read_uses(run, uses)
            return
        if fact.optional and p.tok.kind != tk.SSA:
            return
        uses.append(_read_use(run))
        return
    if kind == "attribute":
        _match_attribute(run, name)
        return
    if p.tok.kind == "{":
        run.op.regions.append(p.parse_region(run.op))
        return
    if p.tok.kind == tk.CARET:
        p.parse_successor(run.op)
        return
    raise Mismatch(f"format names '${name}', which '{run.op.name}' does not have", p.pos)


def _read_use(run: _Run) -> ValueUse:
    p = run.parser
    token = p.tok
    if token.kind != tk.SSA:
        raise Mismatch("expected SSA operand", p.pos)
    p.advance()
    return ValueUse(token.text, token.start, token.end, run.op)


def _read_uses(run: _Run, into: list[ValueUse]) -> None:
    """``%a, %b, ...`` (possibly none): a comma is taken only when another value follows."""
    p = run.parser
    while p.tok.kind == tk.SSA:
        into.append(_read_use(run))
        if not (p.tok.kind == "," and p.peek().kind == tk.SSA):
            return
        p.advance()


def _match_attribute(run: _Run, name: str) -> None:
    p = run.parser
    fact = run.facts.attribute(name)
    assert fact is not None
    token = p.tok
    start = token.start
    if fact.kind == "unit":
        return
    if fact.kind == "enum":
        if token.kind != tk.BARE:
            raise Mismatch(f"expected {name} to be one of: {', '.join(fact.enum)}", p.pos)
        if fact.enum and token.text not in fact.enum:
            raise SyntaxFailure(f"expected {name} to be one of: {', '.join(fact.enum)}", token.start, token.end,
                                "syntax.enum")
        p.advance()
        value = KeywordAttr(token.text)
    elif fact.kind in ("i32", "i64", "i16", "i8", "integer", "index"):
        negative = token.kind == "-"
        if negative:
            p.advance()
        number = p.tok
        if number.kind != tk.INT:
            raise Mismatch(f"expected integer value for '{name}'", p.pos)
        p.advance()
        # The format fixes the attribute's type, so no `: type` follows the number.
        value = IntegerAttr(-int(number.text, 0) if negative else int(number.text, 0))
    elif fact.kind == "bool":
        if token.kind != tk.BARE or token.text not in ("true", "false"):
            raise Mismatch(f"expected 'true' or 'false' for '{name}'", p.pos)
        p.advance()
        value = BoolAttr(token.text == "true")
    elif fact.kind == "type":
        ref = p.parse_type_ref()
        value = TypeAttr(ref.type)
    elif token.kind == tk.AT:
        p.parse_symbol(run.op, definition=fact.kind == "symbol_name" or name == "sym_name")
        symbol = run.op.symbols[-1]
        value = SymbolRefAttr(tuple(symbol.name.split("::")))
    else:
        end_index = _scan_one_attribute(p)
        if end_index == p.pos:
            raise Mismatch(f"expected attribute value for '{name}'", p.pos)
        end = p.toks[end_index - 1].end
        p.pos = end_index
        value = p.read_attr_text(p.text[start:end], start)
    end = p.prev_end()
    run.attributes[name] = AttrEntry(name, value, start, end, start, end, True)


def _scan_one_attribute(p: Parser) -> int:
    """Index just past one attribute value: a token, its ``<...>``/bracket group, and a ``: type``."""
    toks = p.toks
    i = p.pos
    token = p.see(i)
    if token.kind == "-":
        i += 1
        token = p.see(i)
    if token.kind in ("[", "{", "("):
        save = p.pos
        p.pos = i
        p.skip_balanced()
        i = p.pos
        p.pos = save
    elif token.kind in (tk.INT, tk.FLOAT, tk.STRING, tk.AT, tk.BARE, tk.HASH, tk.BANG):
        i += 1
        if p.see(i).kind == "<" and toks[i].start == token.end:
            save = p.pos
            p.pos = i
            p.skip_balanced()
            i = p.pos
            p.pos = save
    else:
        return p.pos
    if p.see(i).kind == ":" and token.kind in (tk.INT, tk.FLOAT, tk.STRING) and p.starts_type(i + 1):
        save = p.pos
        p.pos = i + 1
        p.parse_type_ref()
        i = p.pos
        p.pos = save
    return i


def _match_directive(run: _Run, directive: Directive) -> None:
    p = run.parser
    kind = directive.kind
    if kind == "attr-dict":
        if p.tok.kind == "{" and not p.looks_like_region():
            p.parse_attr_dict(run.op)
        return
    if kind == "attr-dict-with-keyword":
        if p.tok.kind == tk.BARE and p.tok.text == "attributes" and p.peek().kind == "{":
            p.advance()
            p.parse_attr_dict(run.op)
        return
    if kind == "prop-dict":
        if p.tok.kind == "<" and p.peek().kind == "{":
            p.advance()
            p.parse_attr_dict(run.op, inherent=True)
            _match_literal(p, ">")
        return
    if kind == "type":
        target = directive.args[0]
        _match_types(run, target)
        return
    if kind == "functional-type":
        if not p.starts_type():
            raise Mismatch("expected function type", p.pos)
        ref = p.parse_type_ref()
        if not isinstance(ref.type, FunctionType):
            raise SyntaxFailure("expected function type", ref.start, ref.end)
        ins, outs = directive.args
        _store_types(run, ins, [TypeRef(t, ref.start, ref.end) for t in ref.type.inputs])
        _store_types(run, outs, [TypeRef(t, ref.start, ref.end) for t in ref.type.results])
        return
    if kind == "custom":
        handler = CUSTOM_DIRECTIVES.get(directive.args[0])
        if handler is None:
            raise Mismatch(f"custom directive '{directive.args[0]}' is not modelled", p.pos)
        handler(run, directive.args[1:])
        return
    if kind == "regions":
        while p.tok.kind == "{":
            run.op.regions.append(p.parse_region(run.op))
            if p.tok.kind == ",":
                p.advance()
        return
    if kind == "successors":
        while p.tok.kind == tk.CARET:
            p.parse_successor(run.op)
            if p.tok.kind == ",":
                p.advance()
        return
    if kind == "operands":
        uses = run.operands.setdefault("", [])
        _read_uses(run, uses)
        return
    raise Mismatch(f"directive '{kind}' is not modelled", p.pos)


def _target_name(target) -> str:
    return target.name if isinstance(target, Variable) else str(target)


def _is_variadic(run: _Run, name: str) -> bool:
    if name in ("operands", "results"):
        return True
    for group in (run.facts.operands, run.facts.results):
        for fact in group:
            if fact.name == name:
                return fact.variadic or fact.optional
    return False


def _declared_dialect_type(run: _Run, name: str) -> str | None:
    """The dialect type an operand or result is declared as (``!nvgpu.mbarrier.group``), if one."""
    for group in (run.facts.operands, run.facts.results):
        for fact in group:
            if fact.name == name and fact.kind.startswith("!"):
                return fact.kind
    return None


def _read_short_type(run: _Run, spelled: str) -> TypeRef:
    """``<memorySpace = ...>``: a type whose dialect and name the format already implies."""
    p = run.parser
    start = p.tok.start
    p.skip_balanced()
    end = p.prev_end()
    return TypeRef(p.read_type_text(spelled + p.text[start:end], start - len(spelled)), start, end)


def _match_types(run: _Run, target) -> None:
    p = run.parser
    name = _target_name(target)
    if not _is_variadic(run, name):
        implied = _declared_dialect_type(run, name)
        if implied is not None and p.tok.kind == "<":
            _store_types(run, target, [_read_short_type(run, implied)])
            return
        if not p.starts_type():
            raise Mismatch("expected type", p.pos)
        _store_types(run, target, [p.parse_type_ref()])
        return
    expected = len(run.operands.get(name, ())) if run.kind_of(name) == "operand" else None
    if name == "operands":
        expected = sum(len(v) for v in run.operands.values())
    refs: list[TypeRef] = []
    if p.starts_type() and expected != 0:
        refs.append(p.parse_type_ref())
        while p.tok.kind == "," and p.starts_type(p.pos + 1) and (expected is None or len(refs) < expected):
            p.advance()
            refs.append(p.parse_type_ref())
    _store_types(run, target, refs)


def _store_types(run: _Run, target, refs: list[TypeRef]) -> None:
    name = _target_name(target)
    run.types.setdefault(name, []).extend(refs)


# ---------------------------------------------------------------- custom directives
def _dynamic_index_list(run: _Run, args: tuple) -> None:
    """``[%a, 4, %b]``: a mix of SSA operands and static integers."""
    p = run.parser
    operand = _target_name(args[0]) if args else ""
    _match_literal(p, "[")
    uses = run.operands.setdefault(operand, [])
    while p.tok.kind != "]":
        if p.tok.kind == tk.SSA:
            uses.append(_read_use(run))
        elif p.tok.kind == "-" and p.peek().kind == tk.INT:
            p.advance()
            p.advance()
        elif p.tok.kind == tk.INT:
            p.advance()
        else:
            raise Mismatch("expected SSA value or integer in index list", p.pos)
        if p.tok.kind == ",":
            p.advance()
        elif p.tok.kind != "]":
            raise Mismatch("expected ']' in index list", p.pos)
    p.advance()


def _async_dependencies(run: _Run, args: tuple) -> None:
    """``[async] [[%t0, %t1]]``: an optional async token result and its dependencies."""
    p = run.parser
    if p.tok.kind == tk.BARE and p.tok.text == "async":
        p.advance()
    if p.tok.kind == "[":
        operand = _target_name(args[1]) if len(args) > 1 else ""
        uses = run.operands.setdefault(operand, [])
        p.advance()
        _read_uses(run, uses)
        _match_literal(p, "]")


def _global_type_and_value(run: _Run, args: tuple) -> None:
    """``memref<...> [= uninitialized | = dense<...>]`` of ``memref.global``."""
    p = run.parser
    if not p.starts_type():
        raise Mismatch("expected type", p.pos)
    ref = p.parse_type_ref()
    run.types.setdefault(_target_name(args[0]) if args else "type", []).append(ref)
    if p.tok.kind == "=":
        p.advance()
        if p.tok.kind == tk.BARE and p.tok.text == "uninitialized":
            p.advance()
            return
        start = p.tok.start
        end_index = _scan_one_attribute(p)
        if end_index == p.pos:
            raise Mismatch("expected initial value", p.pos)
        p.pos = end_index
        p.read_attr_text(p.text[start:p.prev_end()], start)


def _launch_dim_type(run: _Run, args: tuple) -> None:
    """An optional ``: i32`` (or ``: i64``) naming the type of the launch sizes."""
    p = run.parser
    if p.tok.kind == ":" and p.starts_type(p.pos + 1):
        p.advance()
        run.types.setdefault("launchSizes", []).append(p.parse_type_ref())


def _launch_func_operands(run: _Run, args: tuple) -> None:
    """``args(%a : T, %b : U)``: the kernel operands and their types."""
    p = run.parser
    if not (p.tok.kind == tk.BARE and p.tok.text == "args" and p.peek().kind == "("):
        return
    operand = _target_name(args[0]) if args else ""
    uses = run.operands.setdefault(operand, [])
    p.advance()
    p.advance()
    while p.tok.kind != ")":
        uses.append(_read_use(run))
        _match_literal(p, ":")
        run.types.setdefault(operand, []).append(p.parse_type_ref())
        if p.tok.kind == ",":
            p.advance()
        elif p.tok.kind != ")":
            raise Mismatch("expected ')' after kernel operands", p.pos)
    p.advance()


CUSTOM_DIRECTIVES: dict[str, Callable[[_Run, tuple], None]] = {
    "DynamicIndexList": _dynamic_index_list,
    "AsyncDependencies": _async_dependencies,
    "GlobalMemrefOpTypeAndInitialValue": _global_type_and_value,
    "LaunchDimType": _launch_dim_type,
    "LaunchFuncOperands": _launch_func_operands,
}

