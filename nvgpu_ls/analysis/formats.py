"""Reading custom op syntax from the op facts' declarative assembly formats.

The op facts spell each op's custom syntax in upstream's declarative-format notation
(``$src `[` $indices `]` attr-dict `:` type($src)``). This module parses that
notation once per format (a recursive-descent reader) into a small element tree and matches the tree
against the token stream, filling the op's operands, attributes and types by their
ODS names. An op may list several formats (syntax changed across upstream releases);
the first that reads the whole op wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Final, NoReturn

from .facts import OpFacts
from . import tokens as tk
from .ir import AnchoredTypeRef, AttrEntry, Operation, TypeRef, ValueUse
from .errors import SyntaxFailure
from .implied_types import place_implied
from .typegrammar import NVGPU_STRUCT_TYPES
from .values import (
    ArrayAttr, Attr, BoolAttr, DenseArrayAttr, FunctionType, IntegerAttr, IntegerType, KeywordAttr, LLVMArrayType, LLVMStructType,
    OpaqueType, SymbolRefAttr, TypeAliasRef, TypeAttr, UnitAttr, VectorType,
)

if TYPE_CHECKING:
    from .parser import Parser

class Mismatch(Exception):
    """The tokens do not follow this format; ``index`` is where they stopped following it."""

    def __init__(self, message: str, index: int, failure: SyntaxFailure | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.failure = failure
        """The error as found, when it was found at a place of its own (not a wrong token)."""


class Unsupported(Mismatch):
    """The format uses a construct this interpreter does not model: the op is read structurally."""


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
    anchor: Any = None
    """The element of ``elements`` marked ``^`` (its presence decides the group's), if any."""


class FormatSyntaxError(ValueError):
    """A format string the notation reader cannot read."""


_FORMAT_TOKEN: Final = re.compile(r"\s*(?:(`[^`]*`)|(\$[A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_\-]*)|([()^:?,<>]))")


def _format_tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    pos = 0
    while True:
        match = _FORMAT_TOKEN.match(text, pos)
        if match is None:
            if text[pos:].strip():
                raise FormatSyntaxError(f"unexpected {text[pos:pos + 10]!r}")
            return tokens
        literal, variable, word, mark = match.groups()
        tokens.append(("literal", literal) if literal else ("var", variable[1:]) if variable
                      else ("word", word) if word else (mark, mark))
        pos = match.end()


class _FormatReader:
    """The declarative-format notation, read by recursive descent into ``Literal`` / ``Variable`` /
    ``Directive`` / ``Group`` elements."""

    _DIRECTIVE_WORDS = {"attr-dict": "attr-dict", "attr-dict-with-keyword": "attr-dict-with-keyword",
                        "prop-dict": "prop-dict", "operands": "operands", "regions": "regions",
                        "successors": "successors"}

    def __init__(self, text: str) -> None:
        self.tokens = _format_tokens(text)
        self.pos = 0

    def peek(self, ahead: int = 0) -> tuple[str, str]:
        index = self.pos + ahead
        return self.tokens[index] if index < len(self.tokens) else ("end", "")

    def take(self, kind: str) -> str:
        token = self.peek()
        if token[0] != kind:
            raise FormatSyntaxError(f"expected {kind}, found {token[1]!r}")
        self.pos += 1
        return token[1]

    def anchor(self) -> bool:
        if self.peek()[0] == "^":
            self.pos += 1
            return True
        return False

    def elements(self, closing: str) -> tuple:
        found = []
        while self.peek()[0] not in (closing, "end"):
            element = self.element()
            if element is not None:
                found.append(element)
        return tuple(found)

    def element(self) -> Any:
        kind, value = self.peek()
        if kind == "literal":
            self.pos += 1
            text = value[1:-1]
            return Literal(text) if text.strip() and text != "\\n" else None
        if kind == "var":
            self.pos += 1
            return Variable(value, self.anchor())
        if kind == "(":
            self.pos += 1
            then = self.elements(")")
            if not then:
                raise FormatSyntaxError("an optional group needs elements")
            self.take(")")
            otherwise: tuple = ()
            if self.peek()[0] == ":":
                self.pos += 1
                self.take("(")
                otherwise = self.elements(")")
                self.take(")")
            self.take("?")
            anchor = next((item for item in then if getattr(item, "anchor", False)), None)
            return Group(then, otherwise, anchor)
        if kind == "word" and value == "qualified" and self.peek(1)[0] == "(" and self.peek(2)[0] == "var":
            self.pos += 2
            name = self.take("var")
            self.take(")")
            return Variable(name, self.anchor())
        directive = self.directive()
        return Directive(directive.kind, directive.args, True) if self.anchor() else directive

    def directive(self) -> "Directive":
        word = self.take("word")
        if word in self._DIRECTIVE_WORDS:
            return Directive(self._DIRECTIVE_WORDS[word])
        if word == "type":
            self.take("(")
            target = self.target()
            self.take(")")
            return Directive("type", (target,))
        if word == "qualified":
            self.take("(")
            inner = self.directive()
            self.take(")")
            return inner
        if word == "functional-type":
            self.take("(")
            first = self.target()
            self.take(",")
            second = self.target()
            self.take(")")
            return Directive("functional-type", (first, second))
        if word == "custom":
            self.take("<")
            name = self.take("word")
            self.take(">")
            self.take("(")
            args: list = []
            while self.peek()[0] != ")":
                args.append(Variable(self.take("var")) if self.peek()[0] == "var" else self.directive())
                if self.peek()[0] != ",":
                    break
                self.pos += 1
            self.take(")")
            return Directive("custom", (name, *args))
        if word == "ref":
            self.take("(")
            target = Variable(self.take("var")) if self.peek()[0] == "var" else self.directive()
            self.take(")")
            return Directive("ref", (target,))
        raise FormatSyntaxError(f"unknown directive {word!r}")

    def target(self):
        kind, value = self.peek()
        if kind == "var":
            self.pos += 1
            return Variable(value)
        if kind == "word" and value in ("operands", "results"):
            self.pos += 1
            return value
        raise FormatSyntaxError(f"expected a type target, found {value!r}")




@lru_cache(maxsize=None)
def compile_format(text: str) -> tuple:
    """The element tree of one declarative format string (``FormatSyntaxError`` when the notation
    reader cannot read it)."""
    reader = _FormatReader(text)
    found = reader.elements("end")
    if reader.peek()[0] != "end":
        raise FormatSyntaxError(f"unexpected {reader.peek()[1]!r}")
    return found


def compile_format_or_none(text: str) -> tuple | None:
    """The element tree, or None for a format string the notation reader cannot read."""
    try:
        return compile_format(text)
    except FormatSyntaxError:
        return None


@lru_cache(maxsize=None)
def spelled_type_names(text: str) -> frozenset[str] | None:
    """The operand and result names whose types one format writes (``type($x)``,
    ``functional-type(...)``, types inside a custom directive; ``operands`` / ``results`` for the
    whole lists), None when the notation reader cannot read the format."""
    elements = compile_format_or_none(text)
    if elements is None:
        return None
    found: set[str] = set()

    def targets(item) -> None:
        if isinstance(item, Variable):
            found.add(item.name)
        elif isinstance(item, str):
            found.add(item)
        elif isinstance(item, Directive):
            for arg in item.args:
                targets(arg)

    def walk(items) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.elements)
                walk(item.else_elements)
            elif isinstance(item, Directive):
                if item.kind in ("type", "functional-type"):
                    for arg in item.args:
                        targets(arg)
                else:
                    walk(arg for arg in item.args if isinstance(arg, (Directive, Group)))
    walk(elements)
    return frozenset(found)


# ---------------------------------------------------------------- matching
class _Run:
    """The state of one attempt to read an op with one format."""

    __slots__ = ("parser", "op", "facts", "operands", "types", "attributes", "names", "type_targets")

    def __init__(self, parser: Parser, op: Operation, facts: OpFacts) -> None:
        self.parser = parser
        self.op = op
        self.facts = facts
        self.operands: dict[str, list[ValueUse]] = {}
        self.types: dict[str, list[TypeRef]] = {}
        self.attributes: dict[str, AttrEntry] = {}
        self.names, self.type_targets = _names_of(facts)

    def kind_of(self, name: str) -> str:
        return self.names.get(name, _OTHER)[0]


_OTHER: Final = ("other", None)
NameTable = dict[str, tuple[Any, Any]]
"""An op's ODS names → (``operand`` / ``attribute`` / ``result`` / ``other``, its fact)."""
TypeTargets = dict[str, tuple[bool, "str | None"]]
"""``_type_target``'s memo for one op: each operand or result name → (variadic or optional,
declared dialect type)."""
_NAME_TABLES: Final[dict[int, tuple[OpFacts, NameTable, TypeTargets]]] = {}


def _names_of(facts: OpFacts) -> tuple[NameTable, TypeTargets]:
    """What each ODS name of ``facts`` is: (``operand`` / ``attribute`` / ``result``, its first fact),
    and the op's (at first empty) ``_type_target`` memo.

    An operand shadows an attribute of the same name, and an attribute a result. Facts are
    immutable and live as long as the process, so the table is made once per op."""
    entry = _NAME_TABLES.get(id(facts))
    if entry is not None and entry[0] is facts:
        return entry[1], entry[2]
    table: NameTable = {}
    for group, kind in ((facts.results, "result"), (facts.attributes, "attribute"), (facts.operands, "operand")):
        firsts: dict[str, object] = {}
        for fact in group:
            firsts.setdefault(fact.name, fact)
        table.update((name, (kind, fact)) for name, fact in firsts.items())
    targets: TypeTargets = {}
    _NAME_TABLES[id(facts)] = (facts, table, targets)
    return table, targets


def parse_with_formats(parser: Parser, op: Operation) -> bool:
    """Read ``op``'s custom syntax with its facts' formats.

    Returns True when a format read it. A format that reads the op and leaves nothing else on
    its line wins at once; otherwise the format that read the op furthest is taken, and what
    follows on the line is left to be read as the next op (as upstream's parser does, which
    knows no lines). When no format reads the op: for ops of a closed dialect (every op and its
    syntax known) the farthest mismatch is raised as a syntax error; otherwise, or when a format
    uses a construct not modelled here, the cursor is restored and False returned so that the
    caller reads the op structurally.
    """
    facts = op.facts
    assert facts is not None
    start = parser.pos
    saved_diags = len(parser.diagnostics)
    best: Mismatch | None = None
    partial: _Partial | None = None
    flawed: _Partial | None = None
    unsupported = False
    saved_symbols = len(op.symbols)
    saved_regions = len(op.regions)

    def undo() -> None:
        parser.pos = start
        parser.truncate_diagnostics(saved_diags)
        del op.symbols[saved_symbols:]
        del op.regions[saved_regions:]

    for attempt, text in enumerate(facts.formats):
        if attempt:  # undo what the format before read (nothing to undo before the first)
            undo()
        run = _Run(parser, op, facts)
        steps = _steps_of(facts, text)
        if steps is None:
            unsupported = True
            continue
        try:
            _run_steps(run, steps)
        except Unsupported:
            unsupported = True
            continue
        except Mismatch as mismatch:
            if best is None or mismatch.index > best.index:
                best = mismatch
            continue
        except SyntaxFailure as failure:
            index = _index_at(parser, failure.start)
            if best is None or index > best.index or index == best.index and best.failure is None:
                best = Mismatch(failure.message, index, failure)
            continue
        if _ends_its_line(run):
            if len(facts.formats) > 1 and len(parser.diagnostics) > saved_diags and len(op.regions) == saved_regions:
                # Read, but with an error in a value: another era may read the op cleanly. Where
                # none does, this read stands — the text has its shape — unless another era failed
                # at the very token of its error (that era's words are the more precise there).
                if flawed is None:
                    flawed = _Partial(run, parser, saved_diags, op.symbols[saved_symbols:], op.regions[saved_regions:])
                continue
            _commit(run)
            return True
        if partial is None or parser.pos > partial.pos:
            partial = _Partial(run, parser, saved_diags, op.symbols[saved_symbols:], op.regions[saved_regions:])
    # the token the flawed read's first error is about (a wrong token is shown just before it)
    if flawed is not None and (best is None or
                               _index_at(parser, tk.skip_blank(parser.text, flawed.diagnostics[0].start)) != best.index):
        undo()
        flawed.restore(parser, op)
        _commit(flawed.run)
        return True
    if partial is not None and not unsupported:
        undo()
        partial.restore(parser, op)
        _commit(partial.run)
        return True
    undo()
    if parser.registry.is_closed_dialect(op.dialect) and best is not None and not unsupported:
        if best.failure is not None:
            raise best.failure
        token = parser.toks[min(best.index, len(parser.toks) - 1)]
        start, end = parser.blame_span(token)
        raise SyntaxFailure(best.message, start, end, "syntax.custom-form")
    return False


class _Partial:
    """A format that read the op but not its whole line: what it read, to take it back up."""

    def __init__(self, run: _Run, parser: Parser, saved_diags: int, symbols: list, regions: list) -> None:
        self.run = run
        self.pos = parser.pos
        self.diagnostics = parser.diagnostics[saved_diags:]
        self.origins = parser.origins[saved_diags:]
        self.symbols = symbols
        self.regions = regions

    def restore(self, parser: Parser, op: Operation) -> None:
        parser.pos = self.pos
        parser.diagnostics.extend(self.diagnostics)
        parser.origins.extend(self.origins)
        op.add_symbols(self.symbols)
        op.add_regions(self.regions)


def _index_at(parser: Parser, offset: int) -> int:
    """The index of the token holding ``offset`` (searched from the cursor, either way)."""
    toks = parser.toks
    i = parser.pos
    while i > 0 and toks[i].start > offset:
        i -= 1
    while i + 1 < len(toks) and toks[i + 1].start <= offset:
        i += 1
    return i


def _ends_its_line(run: _Run) -> bool:
    """Does the op end its line (or is what follows the start of another op)?"""
    p = run.parser
    token = p.toks[p.pos]
    if token.kind in (tk.EOF, tk.SPLIT, "}") or token.newline_before:
        return True
    if token.kind == tk.BARE and token.text == "loc" and p.peek().kind == "(":
        return True
    return token.kind in (tk.SSA, tk.STRING, tk.BARE) and p.starts_op()  # MLIR needs no line break between ops


def _commit(run: _Run) -> None:
    op = run.op
    for name, uses in run.operands.items():
        for use in uses:
            use.group = name
        op.operands.extend(uses)
    if len(op.operands) > 1 and not _uses_in_order(op.operands):
        op.operands.sort(key=_START)
    for name, refs in run.types.items():
        op.types.extend(refs)
        kind = run.kind_of(name)
        if kind == "operand" or name == "operands":
            op.operand_types[name if kind == "operand" else ""] = refs
        elif kind == "result" or name == "results":
            op.result_types.extend(refs)
    if len(op.types) > 1 and not _types_in_order(op.types):
        op.types.sort(key=_START)
    for name, entry in run.attributes.items():
        op.attributes[name] = entry
    if "operands" not in run.types and "results" not in run.types:
        place_implied(op, run.facts, run.operands, run.types, run.attributes)
    for ref, value in zip(op.result_types, op.results):
        value.type = ref


_START: Final = attrgetter("start")


def _uses_in_order(uses: list[ValueUse]) -> bool:
    """Are the uses in text order already (as a format mostly reads them)? Checked in compiled
    code, where a sort's key function would look each start up by name."""
    for i in range(1, len(uses)):
        if uses[i].start < uses[i - 1].start:
            return False
    return True


def _types_in_order(refs: list[TypeRef]) -> bool:
    """``_uses_in_order`` for the op's written types."""
    for i in range(1, len(refs)):
        if refs[i].start < refs[i - 1].start:
            return False
    return True


# ---------------------------------------------------------------- per-op programs
Steps = list[tuple[int, Any]]
"""A format's top-level elements as (step code, argument) pairs; see ``_run_steps``."""
_STEPS: Final[dict[tuple[int, str], tuple[OpFacts, "Steps | None"]]] = {}


def _steps_of(facts: OpFacts, text: str) -> Steps | None:
    """The top-level elements of one format of one op as ``(code, argument)`` steps, each run by
    ``_run_steps``: what ``_match`` does, with the dispatch on the element's kind (and, for a plain
    operand, on its facts) done once per op and format instead of per instance."""
    key = (id(facts), text)
    entry = _STEPS.get(key)
    if entry is not None and entry[0] is facts:
        return entry[1]
    elements = compile_format_or_none(text)
    steps = None if elements is None else [_step_of(facts, element) for element in elements]
    _STEPS[key] = (facts, steps)
    return steps


def prepare(facts: OpFacts) -> None:
    """Build the reading programs of every format of ``facts`` ahead of use (a server does it
    for every op while it is idle, so that neither the first file nor later ones pay for it)."""
    for text in facts.formats:
        _steps_of(facts, text)


_LITERAL_STEP: Final = 0
_OPERAND_STEP: Final = 1
_VARIABLE_STEP: Final = 2
_TYPES_STEP: Final = 3
_ANY_STEP: Final = 4


def _step_of(facts: OpFacts, element) -> tuple[int, Any]:
    cls = type(element)
    if cls is Literal and element.text != "::":
        return _LITERAL_STEP, element.text
    if cls is Variable:
        kind, fact = _names_of(facts)[0].get(element.name, _OTHER)
        if kind == "operand" and not fact.variadic and not fact.optional:
            return _OPERAND_STEP, element.name
        return _VARIABLE_STEP, element.name
    if cls is Directive and element.kind == "type":
        return _TYPES_STEP, element.args[0]
    return _ANY_STEP, element


def _run_steps(run: _Run, steps: Steps) -> None:
    """Match a format's steps in order. A switch on codes rather than stored functions: the
    compiled core calls each one directly instead of through a Python call."""
    for code, argument in steps:
        if code == _LITERAL_STEP:
            _literal_step(run, argument)
        elif code == _OPERAND_STEP:
            _operand_step(run, argument)
        elif code == _VARIABLE_STEP:
            _match_variable(run, argument)
        elif code == _TYPES_STEP:
            _match_types(run, argument)
        else:
            _match_one(run, argument)


def _literal_step(run: _Run, text: str) -> None:
    """``_match_literal`` for any literal but ``::``."""
    p = run.parser
    toks = p.toks
    pos = p.pos
    token = toks[pos]
    kind = token.kind
    if not (token.text == text if kind == "bare" or kind == "int" else kind == text):
        raise _literal_mismatch(run, text, pos)
    if kind != "eof":  # p.advance(), inlined
        pos += 1
        p.pos = pos
        reach = toks[pos].end
        if reach > p.furthest:
            p.furthest = reach


def _operand_step(run: _Run, name: str) -> None:
    """``_match_variable`` for an operand that is neither variadic nor optional."""
    uses = run.operands.setdefault(name, [])
    uses.append(_read_use(run))


def _match(run: _Run, elements: tuple) -> None:
    for element in elements:
        _match_one(run, element)


def _match_one(run: _Run, element) -> None:
    p = run.parser
    cls = type(element)
    if cls is Literal:
        text = element.text
        token = p.toks[p.pos]
        if text != "::" and (token.text == text if token.kind == "bare" or token.kind == "int" else token.kind == text):
            p.advance()  # _match_literal's common case
        elif text[0].isalpha() or text[0] == "_":
            raise _literal_mismatch(run, text, p.pos)
        else:
            _match_literal(p, text)
    elif cls is Variable:
        _match_variable(run, element.name)
    elif cls is Group:
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
    elif cls is Directive:
        _match_directive(run, element)


def _literal_mismatch(run: _Run, text: str, pos: int) -> Mismatch:
    """A literal the tokens do not follow. A keyword is upstream's ``parseKeyword``: its error is the
    op's own, at the token found; punctuation is a wrong token, shown just past the one before."""
    if not (text[0].isalpha() or text[0] == "_"):
        return Mismatch(f"expected '{text}'", pos)
    token = run.parser.toks[pos]
    failure = SyntaxFailure(f"custom op '{run.op.name}' expected '{text}'", token.start, token.end,
                            "syntax.custom-form")
    return Mismatch(f"expected '{text}'", pos, failure)


def _literal_matches(token: tk.Token, text: str) -> bool:
    if token.kind == tk.BARE or token.kind == tk.INT:
        return token.text == text
    return token.kind == text


def _match_literal(p: Parser, text: str) -> None:
    if text == "::":
        if p.toks[p.pos].kind == ":" and p.peek().kind == ":":
            p.advance()
            p.advance()
            return
        raise Mismatch("expected '::'", p.pos)
    if not _literal_matches(p.toks[p.pos], text):
        raise Mismatch(f"expected '{text}'", p.pos)
    p.advance()


def _group_present(run: _Run, group: Group) -> bool:
    p = run.parser
    first = group.elements[0]
    token = p.toks[p.pos]
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
            return fact is not None and _attribute_can_start(p, fact, token)
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


_STARTS_BY_KIND: Final = {
    "string": (tk.STRING,), "symbol": (tk.AT,), "symbol_name": (tk.AT,), "i1": (tk.INT, "-"), "i8": (tk.INT, "-"),
    "i16": (tk.INT, "-"), "i32": (tk.INT, "-"), "i64": (tk.INT, "-"), "index": (tk.INT, "-"),
    "integer": (tk.INT, "-"), "array": ("[",), "dictionary": ("{",),
}
"""The tokens an optional attribute of a kind can start with (upstream's typed ``parseOptionalAttribute``);
an alias (``#name``) stands for any attribute."""


def _attribute_can_start(p: Parser, fact, token: tk.Token) -> bool:
    """Does ``token`` start the attribute ``fact`` describes (an optional group anchored on it)?"""
    kind = fact.kind
    if kind == "enum":
        if fact.syntax == "angle":
            return token.kind == "<" or token.kind == tk.HASH
        return token.kind == tk.BARE and token.text in fact.enum
    if fact.syntax == "dialect":
        return token.kind in ("<", tk.HASH)
    if kind == "type":
        return p.starts_type()
    if kind == "bool":
        return token.kind == tk.BARE and token.text in ("true", "false")
    if kind.startswith("dense_") and kind.endswith("_array"):
        return token.kind == "["
    starts = _STARTS_BY_KIND.get(kind)
    if starts is not None:
        return token.kind in starts or (token.kind == tk.HASH and kind not in ("string", "symbol", "symbol_name"))
    return token.kind in (tk.INT, tk.FLOAT, tk.STRING, tk.HASH, "[", tk.AT, "-", "{") or (
        token.kind == tk.BARE and token.text in ("true", "false", "dense", "array", "affine_map", "unit",
                                                 "sparse", "dense_resource", "affine_set", "strided", "loc"))


def _match_variable(run: _Run, name: str) -> None:
    p = run.parser
    kind, fact = run.names.get(name, _OTHER)
    if kind == "operand":
        uses = run.operands.setdefault(name, [])
        if fact.variadic:
            _read_uses(run, uses)
            return
        if fact.optional and p.toks[p.pos].kind != tk.SSA:
            return
        uses.append(_read_use(run))
        return
    if kind == "attribute":
        _match_attribute(run, name)
        return
    if p.toks[p.pos].kind == "{":
        run.op.add_region(p.parse_region(run.op))
        return
    if p.toks[p.pos].kind == tk.CARET:
        p.parse_successor(run.op, with_operands=False)
        return
    if any(region.name == name for region in run.facts.regions):
        raise Mismatch("expected '{' to begin a region", p.pos)
    if any(successor.name == name for successor in run.facts.successors):
        raise Mismatch("expected block name", p.pos)
    raise Mismatch(f"format names '${name}', which '{run.op.name}' does not have", p.pos)


def _read_use(run: _Run) -> ValueUse:
    p = run.parser
    pos = p.pos
    toks = p.toks
    token = toks[pos]
    if token.kind != "ssa":
        raise Mismatch("expected SSA operand", pos)
    pos += 1  # p.advance(), inlined
    p.pos = pos
    reach = toks[pos].end
    if reach > p.furthest:
        p.furthest = reach
    return ValueUse(token.text, token.start, token.end, run.op)


def _read_uses(run: _Run, into: list[ValueUse]) -> None:
    """``%a, %b, ...`` (possibly none); a comma after a value must be followed by another."""
    p = run.parser
    while p.toks[p.pos].kind == tk.SSA:
        into.append(_read_use(run))
        if p.toks[p.pos].kind != ",":
            return
        if p.peek().kind != tk.SSA:  # upstream's list takes the comma, then wants a value (no format has
            raise Mismatch("expected SSA operand", p.pos + 1)  # a list followed by a literal comma)
        p.advance()


def _match_attribute(run: _Run, name: str) -> None:
    p = run.parser
    fact = run.facts.attribute(name)
    assert fact is not None
    token = p.toks[p.pos]
    start = token.start
    if fact.kind == "unit":
        return
    if fact.kind == "enum":
        value = _match_enum(run, fact, token)
    elif fact.kind in ("i32", "i64", "i16", "i8", "integer", "index"):
        negative = token.kind == "-"
        if negative:
            p.advance()
        number = p.toks[p.pos]
        if number.kind != tk.INT:
            raise Mismatch(f"expected integer value for '{name}'", p.pos)
        p.advance()
        # The format fixes the attribute's type, so no `: type` follows the number.
        if len(number.text) > 1000:  # far past any integer attribute; int() refuses over 4300 digits
            raise Mismatch(f"integer value for '{name}' is too large", p.pos - 1)
        # decimal with leading zeros allowed (as upstream reads it), or 0x hexadecimal
        magnitude = int(number.text, 16) if number.text.startswith("0x") else int(number.text)
        value = IntegerAttr(-magnitude if negative else magnitude)
    elif fact.kind == "bool":
        if token.kind != tk.BARE or token.text not in ("true", "false"):
            raise Mismatch(f"expected 'true' or 'false' for '{name}'", p.pos)
        p.advance()
        value = BoolAttr(token.text == "true")
    elif fact.kind == "type":
        ref = p.parse_type_ref()
        value = TypeAttr(ref.type)
    elif fact.kind == "symbol_name" and token.kind != tk.AT:
        raise SyntaxFailure(f"custom op '{run.op.name}' expected valid '@'-identifier for symbol name",
                            token.start, token.end, "syntax.custom-form")
    elif token.kind == tk.AT:
        p.parse_symbol(run.op, definition=fact.kind == "symbol_name" or name == "sym_name")
        symbol = run.op.symbols[-1]
        value = SymbolRefAttr(tuple(symbol.name.split("::")))
    else:
        end_index = scan_one_attribute(p, typed_literal=fact.kind in ("typed_attr", "any"))
        if end_index == p.pos:
            raise Mismatch("expected attribute value", p.pos)
        end = p.toks[end_index - 1].end
        p.pos = end_index
        value = p.read_attr_text(p.text[start:end], start)
    end = p.prev_end()
    run.attributes[name] = AttrEntry(name, value, start, end, start, end, True)


def _match_enum(run: _Run, fact, token: tk.Token) -> Attr:
    """An enum case as the format spells it: a bare keyword (``slt``), or in angle brackets
    (``<rn>``); a bit enum may list several cases (``<nnan, ninf>``); a dialect enum attribute may
    also be written in full (``#nvvm.fp_rnd_mode<rn>``)."""
    p = run.parser
    if token.kind == tk.HASH and fact.enum_attr:
        end_index = scan_one_attribute(p)
        p.pos = end_index
        return p.read_attr_text(p.text[token.start:p.prev_end()], token.start)
    angle = fact.syntax == "angle"
    if angle:
        if token.kind != "<":
            raise Mismatch("expected '<'", p.pos)
        p.advance()
    words = [_enum_word(run, fact)]
    while fact.separator and p.toks[p.pos].kind == fact.separator:
        p.advance()
        words.append(_enum_word(run, fact))
    if angle:
        _match_literal(p, ">")
    return KeywordAttr(words[0] if len(words) == 1 else f"{fact.separator} ".join(words))


def _enum_word(run: _Run, fact) -> str:
    p = run.parser
    token = p.toks[p.pos]
    cases = fact.enum
    if token.kind in (tk.BARE, tk.STRING):
        word = tk.string_value(token.text) if token.kind == tk.STRING else token.text
        if not cases or word in cases:
            p.advance()
            return word
    own_parser = fact.enum_attr or fact.enum_type and fact.syntax == "angle"
    if own_parser and token.kind not in (tk.BARE, tk.STRING):
        message = "expected valid keyword or string"  # the enum attribute's parser reads a word first
    elif own_parser:
        message = f"expected {fact.enum_type or fact.name} to be one of: {', '.join(cases)}"
    else:
        message = (f"expected string or keyword containing one of the following enum values for attribute "
                   f"'{fact.name}' [{', '.join(cases)}]")
    # Shown at the token itself: upstream reports at the place the enum was to start.
    failure = SyntaxFailure(f"custom op '{run.op.name}' {message}", token.start, token.end, "syntax.enum")
    if token.kind not in (tk.BARE, tk.STRING) and fact.syntax != "angle":
        raise Mismatch(failure.message, p.pos, failure)
    raise failure


def _after_group(p: Parser, index: int) -> int:
    """Index just past the bracketed group opening at ``index``."""
    save = p.pos
    p.pos = index
    try:
        p.skip_balanced()
        return p.pos
    finally:
        p.pos = save


def scan_one_attribute(p: Parser, typed_literal: bool = False) -> int:
    """Index just past one attribute value: a token, its ``<...>``/bracket group, and a ``: type``.

    With ``typed_literal`` (an attribute whose type the format does not fix, read as upstream's
    ``parseAttribute`` reads it without one) a number or string followed by ``:`` takes a type
    there, whatever follows: ``0 : %c`` is upstream's 'expected non-function type'."""
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
        if token.kind == tk.BARE and token.text in ("loc", "distinct") and p.see(i).kind in ("(", "["):
            i = _after_group(p, i)  # loc(...), distinct[N]
        if p.see(i).kind == "<" and (toks[i].start == token.end or toks[i - 1].kind == "]"):
            i = _after_group(p, i)
    else:
        return p.pos
    if p.see(i).kind == ":" and (token.kind in (tk.INT, tk.FLOAT, tk.STRING) or _TYPED_ELEMENTS.get(token.text)) \
            and (p.starts_type(i + 1) or typed_literal and token.kind in (tk.INT, tk.FLOAT, tk.STRING)):
        save = p.pos
        p.pos = i + 1
        p.parse_type_ref()
        i = p.pos
        p.pos = save
    return i


_TYPED_ELEMENTS: Final = {"dense": True, "sparse": True, "dense_resource": True}
"""Elements attributes spelled with a trailing ``: type``."""


def _match_directive(run: _Run, directive: Directive) -> None:
    p = run.parser
    kind = directive.kind
    if kind == "attr-dict":
        if p.toks[p.pos].kind == "{":  # upstream reads any '{' here as the dictionary
            p.parse_attr_dict(run.op)
        return
    if kind == "attr-dict-with-keyword":
        if p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "attributes" and p.peek().kind == "{":
            p.advance()
            p.parse_attr_dict(run.op)
        return
    if kind == "prop-dict":
        if p.toks[p.pos].kind == "<" and p.peek().kind == "{":
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
            raise Mismatch("expected non-function type", p.pos)
        reported = len(p.diagnostics)
        ref = p.parse_type_ref()
        if not isinstance(ref.type, FunctionType):
            written = p.text[ref.start:ref.end]
            if len(p.diagnostics) > reported:  # the type's own first error is upstream's
                first = p.diagnostics[reported]
                raise SyntaxFailure(first.message, first.start, first.end, first.code)
            if written.startswith("("):  # a type list that never became a function type
                raise SyntaxFailure("expected '->' in function type", ref.end, ref.end + 1, "syntax.type")
            raise SyntaxFailure(f"custom op '{run.op.name}' invalid kind of type specified: expected "
                                f"builtin.function, but found '{written}'", ref.start, ref.end)
        ins, outs = directive.args
        name = _target_name(ins)
        uses = [u for group in run.operands.values() for u in group] if name == "operands" else \
            run.operands.get(name, []) if run.kind_of(name) == "operand" else None
        if uses is not None and len(uses) != len(ref.type.inputs):
            # ``operands`` with no operands directive to have read them: upstream resolves them at the op's name
            at_name = name == "operands" and "" not in run.operands
            _operand_type_count_error(run, uses, len(ref.type.inputs), run.op.name_start if at_name else None)
        _store_types(run, ins, [TypeRef(t, ref.start, ref.end) for t in ref.type.inputs])
        _store_types(run, outs, [TypeRef(t, ref.start, ref.end) for t in ref.type.results])
        return
    if kind == "custom":
        handler = CUSTOM_DIRECTIVES.get(directive.args[0])
        if handler is None:
            raise Unsupported(f"custom directive '{directive.args[0]}' is not modelled", p.pos)
        handler(run, directive.args[1:])
        return
    if kind == "regions":
        while p.toks[p.pos].kind == "{":
            run.op.add_region(p.parse_region(run.op))
            if p.toks[p.pos].kind == ",":
                p.advance()
        return
    if kind == "successors":
        while p.toks[p.pos].kind == tk.CARET:
            p.parse_successor(run.op)
            if p.toks[p.pos].kind == ",":
                p.advance()
        return
    if kind == "operands":
        uses = run.operands.setdefault("", [])
        _read_uses(run, uses)
        return
    raise Unsupported(f"directive '{kind}' is not modelled", p.pos)


def _target_name(target) -> str:
    return target.name if isinstance(target, Variable) else str(target)


def _is_variadic(run: _Run, name: str) -> bool:
    return _type_target(run, name)[0]


def _declared_dialect_type(run: _Run, name: str) -> str | None:
    """The dialect type an operand or result is declared as (``!nvgpu.mbarrier.group``), if one."""
    return _type_target(run, name)[1]


def _type_target(run: _Run, name: str) -> tuple[bool, str | None]:
    """(variadic or optional, declared dialect type) of the operand or result called ``name``,
    memoised per op."""
    found = run.type_targets.get(name)
    if found is None:
        found = run.type_targets[name] = (_compute_variadic(run, name), _compute_dialect_type(run, name))
    return found


def _compute_variadic(run: _Run, name: str) -> bool:
    if name in ("operands", "results"):
        return True
    for group in (run.facts.operands, run.facts.results):
        for fact in group:
            if fact.name == name:
                return fact.variadic or fact.optional
    return False


def _compute_dialect_type(run: _Run, name: str) -> str | None:
    for group in (run.facts.operands, run.facts.results):
        for fact in group:
            if fact.name == name and fact.kind.startswith("!"):
                return fact.kind
    return None


def _read_short_type(run: _Run, spelled: str) -> TypeRef:
    """``<memorySpace = ...>``: a type whose dialect and name the format already implies."""
    p = run.parser
    start = p.toks[p.pos].start
    p.skip_balanced()
    end = p.prev_end()
    return TypeRef(p.read_type_text(spelled + p.text[start:end], start - len(spelled)), start, end)


def _match_types(run: _Run, target) -> None:
    p = run.parser
    name = _target_name(target)
    if not _is_variadic(run, name):
        implied = _declared_dialect_type(run, name)
        if implied is not None and p.toks[p.pos].kind == "<":
            _store_types(run, target, [_read_short_type(run, implied)])
            return
        if implied is not None and implied[1:] in NVGPU_STRUCT_TYPES and p.toks[p.pos].kind != tk.BANG:
            raise Mismatch("expected '<'", p.pos)  # upstream reads the type's own body, stripped of its name
        if not p.starts_type():
            raise Mismatch("expected non-function type", p.pos)
        _store_types(run, target, [p.parse_type_ref()])
        return
    directive = not isinstance(target, Variable)  # ``type(operands)``, not an operand named so
    expected = None
    if run.kind_of(name) == "operand" and not directive:
        # an ``operands`` directive read them all: they are this group when it is the op's only one
        read = run.operands.get(name) or (run.operands.get("", []) if len(run.facts.operands) == 1 else [])
        expected = len(read)
    if directive and name == "operands":
        expected = sum(len(v) for v in run.operands.values())
    refs: list[TypeRef] = []
    if p.starts_type():
        refs = _type_list(p)
    elif expected:
        raise Mismatch("expected non-function type", p.pos)
    if expected is not None and len(refs) != expected and not directive:
        _operand_type_count_error(run, run.operands.get(name) or run.operands.get("") or [], len(refs))
    _store_types(run, target, refs)


def _operand_type_count_error(run: _Run, uses: list[ValueUse], types: int, at: int | None = None) -> None:
    """Upstream's ``resolveOperands``: as many types as operands, reported where the operands start
    (or at ``at``)."""
    if at is None:
        at = min((u.start for u in uses), default=run.op.start)
    raise SyntaxFailure(f"custom op '{run.op.name}' number of operands and types do not match: got {len(uses)} "
                        f"operands and {types} types", at, at + 1, "syntax.custom-form")


def _type_list(p: Parser) -> list[TypeRef]:
    """``T, U, ...``: one type at the cursor and each further one a comma introduces."""
    refs = [p.parse_type_ref()]
    while p.toks[p.pos].kind == "," and p.starts_type(p.pos + 1):
        p.advance()
        refs.append(p.parse_type_ref())
    return refs


def _store_types(run: _Run, target, refs: list[TypeRef]) -> None:
    name = _target_name(target)
    run.types.setdefault(name, []).extend(refs)


# ---------------------------------------------------------------- custom directives
def _dynamic_index_list(run: _Run, args: tuple) -> None:
    """``[%a, 4, %b]``: a mix of SSA operands and static integers."""
    p = run.parser
    operand = _target_name(args[0]) if args else ""
    start = p.toks[p.pos].start
    _match_literal(p, "[")
    uses = run.operands.setdefault(operand, [])
    values: list[int] = []
    while p.toks[p.pos].kind != "]":
        if p.toks[p.pos].kind == tk.SSA:
            uses.append(_read_use(run))
            values.append(K_DYNAMIC)
        else:
            value = _optional_signed_integer(p)
            if value is None:
                raise Mismatch("expected SSA value or integer in index list", p.pos)
            values.append(value)
        if p.toks[p.pos].kind == ",":
            p.advance()
            if p.toks[p.pos].kind not in (tk.SSA, tk.INT, "-"):
                raise Mismatch("expected integer value", p.pos)
        elif p.toks[p.pos].kind != "]":
            raise Mismatch("expected ']' in index list", p.pos)
    p.advance()
    if len(args) > 1:  # the static entries, SSA ones marked as upstream marks them
        name = _target_name(args[1])
        run.attributes[name] = AttrEntry(name, DenseArrayAttr(IntegerType(64), tuple(values)), start, p.prev_end(),
                                         start, p.prev_end(), True)


K_DYNAMIC: Final = -(1 << 63)
"""``ShapedType::kDynamic``: how a static index list marks an entry given as an SSA value."""


def _integer(text: str) -> int:
    return int(text, 16) if text.startswith("0x") else int(text)


def _async_dependencies(run: _Run, args: tuple) -> None:
    """``[async] [[%t0, %t1]]``: an optional async token result and its dependencies."""
    p = run.parser
    if p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "async":
        p.advance()
    if p.toks[p.pos].kind == "[":
        operand = _target_name(args[1]) if len(args) > 1 else ""
        uses = run.operands.setdefault(operand, [])
        p.advance()
        _read_uses(run, uses)
        _match_literal(p, "]")


def _global_type_and_value(run: _Run, args: tuple) -> None:
    """``memref<...> [= uninitialized | = dense<...>]`` of ``memref.global``."""
    p = run.parser
    if not p.starts_type():
        raise Mismatch("expected non-function type", p.pos)
    ref = p.parse_type_ref()
    name = _target_name(args[0]) if args else "type"
    run.types.setdefault(name, []).append(ref)
    run.attributes[name] = AttrEntry(name, TypeAttr(ref.type), ref.start, ref.end, ref.start, ref.end, True)
    if p.toks[p.pos].kind == "=":
        p.advance()
        if p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "uninitialized":
            p.advance()
            return
        start = p.toks[p.pos].start
        end_index = scan_one_attribute(p)
        if end_index == p.pos:
            raise Mismatch("expected initial value", p.pos)
        p.pos = end_index
        p.read_attr_text(p.text[start:p.prev_end()], start)


def _launch_dim_type(run: _Run, args: tuple) -> None:
    """An optional ``: i32`` (or ``: i64``) naming the type of the launch sizes."""
    p = run.parser
    if p.toks[p.pos].kind == ":" and p.starts_type(p.pos + 1):
        p.advance()
        run.types.setdefault("launchSizes", []).append(p.parse_type_ref())


def _launch_func_operands(run: _Run, args: tuple) -> None:
    """``args(%a : T, %b : U)``: the kernel operands and their types."""
    p = run.parser
    if not (p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "args" and p.peek().kind == "("):
        return
    operand = _target_name(args[0]) if args else ""
    uses = run.operands.setdefault(operand, [])
    p.advance()
    p.advance()
    while p.toks[p.pos].kind != ")":
        uses.append(_read_use(run))
        _match_literal(p, ":")
        run.types.setdefault(operand, []).append(p.parse_type_ref())
        if p.toks[p.pos].kind == ",":
            p.advance()
        elif p.toks[p.pos].kind != ")":
            raise Mismatch("expected ')' after kernel operands", p.pos)
    p.advance()


def _innermost(arg) -> str:
    """The variable a directive argument names through ``ref(...)`` / ``type(...)`` wrappers."""
    while isinstance(arg, Directive) and arg.args:
        arg = arg.args[0]
    return _target_name(arg)


def _insert_extract_value_element_type(run: _Run, args: tuple) -> None:
    """Writes nothing: the inserted value's type (``llvm.insertvalue``) or the result's
    (``llvm.extractvalue``) is the container's member at the position. Upstream's parser rejects a
    position past a member list or into a type that has none, where the op's text ends."""
    if len(args) < 3:
        return
    target, container, position = (_innermost(arg) for arg in args[:3])
    refs, entry = run.types.get(container), run.attributes.get(position)
    if not refs or entry is None:
        return
    if isinstance(entry.value, DenseArrayAttr):
        indices = [int(v) for v in entry.value.values]
    elif isinstance(entry.value, ArrayAttr) and all(isinstance(e, IntegerAttr) for e in entry.value.elements):
        # ``[0, 1]``: how the format spells the position
        indices = [e.value for e in entry.value.elements if isinstance(e, IntegerAttr)]
    else:
        return
    member = refs[-1].type
    for index in indices:
        if isinstance(member, LLVMStructType):
            if member.body is None:
                return  # an identified struct named only, or opaque: its members are not here
            if not 0 <= index < len(member.body):
                _custom_form_failure(run, f"position out of bounds: {index}")
            member = member.body[index]
        elif isinstance(member, LLVMArrayType):
            if not 0 <= index < member.size:
                _custom_form_failure(run, f"position out of bounds: {index}")
            member = member.element
        elif isinstance(member, (OpaqueType, TypeAliasRef)):
            return  # read verbatim, or an alias: not followed
        else:
            _custom_form_failure(run, f"expected LLVM IR structure/array type, got: '{member}'")
    kind = run.kind_of(target)
    if kind == "operand":
        run.types[target] = [AnchoredTypeRef(member, use) for use in run.operands.get(target, [])]
    elif kind == "result":
        run.types[target] = [AnchoredTypeRef(member, run.op, at_name=True)]


def _registered_pass_options(run: _Run, args: tuple) -> None:
    """``{key = value, ...}``: a pass's options, each value an attribute, an SSA value (an option
    given at run time, one of the op's operands) or an array of those; keys are identifiers or
    strings, each once."""
    p = run.parser
    uses = run.operands.setdefault(_innermost(args[1]) if len(args) > 1 else "dynamic_options", [])
    _match_literal(p, "{")
    keys: set[str] = set()
    duplicate = False
    while True:
        key = p.toks[p.pos]
        if key.kind not in (tk.BARE, tk.STRING):
            if key.kind == "}" and not keys:
                break
            raise SyntaxFailure(f"custom op '{run.op.name}' expected key to either be an identifier or a string",
                                key.start, key.end, "syntax.custom-form")
        p.advance()
        name = key.text[1:-1] if key.kind == tk.STRING else key.text
        duplicate = duplicate or name in keys
        keys.add(name)
        _match_literal(p, "=")
        _pass_option_value(run, uses)
        if p.toks[p.pos].kind != ",":
            break
        p.advance()
    if p.toks[p.pos].kind != "}":
        raise Mismatch("expected '}' in options dictionary", p.pos)
    p.advance()
    if duplicate:
        _custom_form_failure(run, "duplicate keys found in options dictionary")


def _pass_option_value(run: _Run, uses: list[ValueUse]) -> None:
    p = run.parser
    token = p.toks[p.pos]
    if token.kind == tk.SSA:
        uses.append(_read_use(run))
        return
    if token.kind == "[":
        p.advance()
        while p.toks[p.pos].kind != "]":
            _pass_option_value(run, uses)
            if p.toks[p.pos].kind != ",":
                break
            p.advance()
        if p.toks[p.pos].kind != "]":
            raise Mismatch("expected ']'", p.pos)
        p.advance()
        return
    start = token.start
    end_index = p.scan_value(stop_at_comma=True)
    if end_index == p.pos:
        raise Mismatch("expected SSA operand", p.pos)
    end = p.toks[end_index - 1].end
    p.pos = end_index
    p.read_attr_text(p.text[start:end], start)


def _all_reduce_operation(run: _Run, args: tuple) -> None:
    """An optional reduction kind (``add``, ``maxnumf``, ...): the op's enum attribute."""
    p = run.parser
    token = p.toks[p.pos]
    if token.kind != tk.BARE:
        return
    name = _innermost(args[0]) if args else "op"
    fact = run.facts.attribute(name)
    if fact is None or not fact.enum:
        return
    p.advance()
    if token.text not in fact.enum:  # upstream reads the word, then finds it is no kind
        after = p.toks[p.pos]
        raise SyntaxFailure(f"custom op '{run.op.name}' invalid op kind", after.start, after.end, "syntax.enum")
    run.attributes[name] = AttrEntry(name, KeywordAttr(token.text), token.start, token.end, token.start, token.end,
                                     True)


def _switch_cases(run: _Run, args: tuple) -> None:
    """``case 2 {...} case 5 {...}``: each case's value (a 64-bit integer) and region."""
    p = run.parser
    start = p.toks[p.pos].start
    values: list[int] = []
    while p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "case":
        p.advance()
        values.append(_case_value(run, 64))
        run.op.add_region(p.parse_region(run.op))
    if args:
        name = _innermost(args[0])
        run.attributes[name] = AttrEntry(name, DenseArrayAttr(IntegerType(64), tuple(values)), start, p.prev_end(),
                                         start, p.prev_end(), True)


def _shuffle_type(run: _Run, args: tuple) -> None:
    """Writes nothing: the result is a vector of the operands' element type, one element per mask
    entry (scalable where the operands are)."""
    if len(args) < 3:
        return
    source, target, mask = (_innermost(arg) for arg in args[:3])
    refs, entry = run.types.get(source), run.attributes.get(mask)
    if not refs or entry is None or not isinstance(refs[-1].type, VectorType):
        return
    if isinstance(entry.value, DenseArrayAttr):
        count = len(entry.value.values)
    elif isinstance(entry.value, ArrayAttr):
        count = len(entry.value.elements)
    else:
        return
    vector = refs[-1].type
    result = VectorType((count,), vector.element, vector.scalable[:1] if vector.scalable else ())
    if run.kind_of(target) == "result":
        run.types[target] = [AnchoredTypeRef(result, run.op, at_name=True)]


def _switch_op_cases(run: _Run, args: tuple) -> None:
    """A switch's cases: ``default: ^bb(...), 42: ^bb(...), ...`` (``cf.switch``, whose directive
    also reads the default destination) or ``[42: ^bb(...), ...]`` (``llvm.switch``); each case
    an integer and a successor with its operands and their types."""
    p = run.parser
    names = [_innermost(arg) for arg in args]
    if len(names) >= 8:
        if not (p.toks[p.pos].kind == tk.BARE and p.toks[p.pos].text == "default"):
            raise _literal_mismatch(run, "default", p.pos)
        p.advance()
        _match_literal(p, ":")
        _switch_successor(run, names[2])
        values_name, cases_group = names[4], names[6]
    elif len(names) >= 5:
        _match_literal(p, "[")
        values_name, cases_group = names[1], names[3]
    else:
        return
    start = p.toks[p.pos].start
    values: list[int] = []
    segments: list[int] = []
    bracketed = len(names) < 8
    while bracketed and p.toks[p.pos].kind != "]" or not bracketed and p.toks[p.pos].kind == ",":
        if not bracketed or values:
            _match_literal(p, ",")
        values.append(_case_value(run, None))
        _match_literal(p, ":")
        segments.append(_switch_successor(run, cases_group))
        if bracketed and p.toks[p.pos].kind not in (",", "]"):
            raise Mismatch("expected ']'", p.pos)
    if bracketed:
        p.advance()
    end = p.prev_end()
    run.attributes[values_name] = AttrEntry(values_name, DenseArrayAttr(IntegerType(64), tuple(values)), start, end,
                                            start, end, True)
    run.attributes["case_operand_segments"] = AttrEntry(
        "case_operand_segments", DenseArrayAttr(IntegerType(32), tuple(segments)), start, end, start, end, True)


def _switch_successor(run: _Run, group: str) -> int:
    """``^bb`` and its optional ``(%a, %b : T, U)``; how many operands it passes."""
    p = run.parser
    if p.toks[p.pos].kind != tk.CARET:
        raise Mismatch("expected block name", p.pos)
    p.parse_successor(run.op, with_operands=False)
    if p.toks[p.pos].kind != "(":
        return 0
    p.advance()
    uses: list[ValueUse] = []
    _read_uses(run, uses)
    _match_literal(p, ":")
    if not p.starts_type():
        raise Mismatch("expected non-function type", p.pos)
    refs = _type_list(p)
    _match_literal(p, ")")
    if len(refs) != len(uses):
        _operand_type_count_error(run, uses, len(refs))
    run.operands.setdefault(group, []).extend(uses)
    run.types.setdefault(group, []).extend(refs)
    run.op.successors[-1].operands.extend(uses)
    return len(uses)


def _sequence_operands(run: _Run, args: tuple) -> None:
    """``%root [, %extra...] : [(] T [, U...] [)]``, all optional: a transform sequence's root and
    extra bindings with their types."""
    p = run.parser
    if p.toks[p.pos].kind != tk.SSA or len(args) < 4:
        return
    root, extra = _innermost(args[0]), _innermost(args[2])
    run.operands.setdefault(root, []).append(_read_use(run))
    extras = run.operands.setdefault(extra, [])
    if p.toks[p.pos].kind == ",":
        p.advance()
        if p.toks[p.pos].kind != tk.SSA:
            raise Mismatch("expected SSA operand", p.pos)
        _read_uses(run, extras)
    _match_literal(p, ":")
    parenthesized = p.toks[p.pos].kind == "("
    if parenthesized:
        p.advance()
    if not p.starts_type():
        raise Mismatch("expected non-function type", p.pos)
    run.types.setdefault(root, []).append(p.parse_type_ref())
    if extras:
        _match_literal(p, ",")
        refs = _type_list(p)
        run.types.setdefault(extra, []).extend(refs)
        if len(refs) != len(extras):
            _custom_form_failure(run, "expected types to be provided for all operands")
    if parenthesized and p.toks[p.pos].kind == ")":
        p.advance()


GEP_DYNAMIC: Final = -(1 << 31)
"""``GEPOp::kDynamicIndex``: how ``rawConstantIndices`` marks an index given as an SSA value."""


def _gep_indices(run: _Run, args: tuple) -> None:
    """``%i, 0, %j``: a getelementptr's indices, SSA values and 32-bit constants, at least one."""
    p = run.parser
    uses = run.operands.setdefault(_innermost(args[0]) if args else "dynamicIndices", [])
    start = p.toks[p.pos].start
    values: list[int] = []
    while True:
        token = p.toks[p.pos]
        value = _optional_signed_integer(p)
        if value is not None:
            if not GEP_DYNAMIC <= value < -GEP_DYNAMIC:
                _integer_too_large(run, token)
            values.append(value)
        elif token.kind == tk.SSA:
            uses.append(_read_use(run))
            values.append(GEP_DYNAMIC)
        else:
            raise Mismatch("expected SSA operand", p.pos)
        if p.toks[p.pos].kind != ",":
            break
        p.advance()
    if len(args) > 1:
        name = _innermost(args[1])
        run.attributes[name] = AttrEntry(name, DenseArrayAttr(IntegerType(32), tuple(values)), start, p.prev_end(),
                                         start, p.prev_end(), True)


def _case_value(run: _Run, bits: int | None) -> int:
    """A case's ``42`` / ``-3`` (upstream's ``parseInteger``): the op's error where no integer
    stands, or where it does not fit ``bits`` signed bits (None: any width, as a switch's cases,
    which upstream reads at its flag's width, may be)."""
    p = run.parser
    token = p.toks[p.pos]
    value = _optional_signed_integer(p)
    if value is None:
        raise SyntaxFailure(f"custom op '{run.op.name}' expected integer value", token.start, token.end,
                            "syntax.custom-form")
    if bits is not None and not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
        _integer_too_large(run, token)
    return value


def _optional_signed_integer(p: Parser) -> int | None:
    """``42`` / ``-3`` / ``0x10`` at the cursor, read; None, reading nothing, where there is none."""
    token = p.toks[p.pos]
    negative = token.kind == "-" and p.peek().kind == tk.INT
    if token.kind != tk.INT and not negative:
        return None
    if negative:
        p.advance()
    return _integer(p.advance().text) * (-1 if negative else 1)


def _integer_too_large(run: _Run, token: tk.Token) -> None:
    raise SyntaxFailure(f"custom op '{run.op.name}' integer value too large", token.start, run.parser.prev_end(),
                        "syntax.custom-form")


def _custom_form_failure(run: _Run, message: str) -> NoReturn:
    """An error upstream's parser gives where it stands: at the token after the op's text."""
    token = run.parser.toks[run.parser.pos]
    raise SyntaxFailure(f"custom op '{run.op.name}' {message}", token.start, token.end, "syntax.custom-form")


CUSTOM_DIRECTIVES: Final[dict[str, Callable[[_Run, tuple], None]]] = {
    "InsertExtractValueElementType": _insert_extract_value_element_type,
    "ApplyRegisteredPassOptions": _registered_pass_options,
    "GEPIndices": _gep_indices,
    "AllReduceOperation": _all_reduce_operation,
    "SwitchCases": _switch_cases,
    "ShuffleType": _shuffle_type,
    "SwitchOpCases": _switch_op_cases,
    "SequenceOpOperands": _sequence_operands,
    "DynamicIndexList": _dynamic_index_list,
    "AsyncDependencies": _async_dependencies,
    "GlobalMemrefOpTypeAndInitialValue": _global_type_and_value,
    "LaunchDimType": _launch_dim_type,
    "LaunchFuncOperands": _launch_func_operands,
}

