"""Affine maps and integer sets as upstream's ``AffineParser`` reads them.

``affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 4)>`` and ``affine_set<(d0) : (d0 - 1 >= 0)>``
appear as attributes and, inline, as operands of ``affine.*`` ops. ``read_affine`` parses one
from a position in a text, returns what it declares (dimensions, symbols, results) and where it
ends, and raises ``TypeSyntaxError`` with upstream's message at upstream's place when it is
malformed: an undeclared identifier, a missing operand, a non-affine product, a bracket.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import TypeSyntaxError
from .tokens import STRING_LITERAL

_TOKEN = re.compile(r"\s*(->|>=|<=|==|%[A-Za-z0-9_$.\-]+(?:#[0-9]+)?|[A-Za-z_][A-Za-z0-9_$.]*|0x[0-9A-Fa-f]+|[0-9]+|.)",
                    re.DOTALL)
_KEYWORDS = ("floordiv", "ceildiv", "mod")


@dataclass(frozen=True)
class AffineShape:
    """What an affine map or integer set declares; ``end`` is the offset just past its ``>``."""

    kind: str  # "map" or "set"
    dims: int
    symbols: int
    results: int
    end: int


@dataclass
class _Expr:
    """How much an expression depends on dimensions and symbols (for the affine rules)."""

    constant: bool
    symbolic: bool  # constant or made of symbols only


class _Lexer:
    def __init__(self, text: str, pos: int) -> None:
        self.text = text
        self.pos = pos
        self.token = ""
        self.start = pos
        self.last_end = pos
        self.next()

    def next(self) -> None:
        self.last_end = self.start + len(self.token) if self.token else self.pos
        match = _TOKEN.match(self.text, self.pos)
        if match is None or match.group(1) == "" or self.pos >= len(self.text):
            self.token, self.start = "", len(self.text)
            self.pos = len(self.text)
            return
        self.token = match.group(1)
        self.start = match.start(1)
        self.pos = match.end(1)

    def wrong(self, message: str) -> TypeSyntaxError:
        """Upstream's wrong-token error: just past the previous token."""
        return TypeSyntaxError(message, self.last_end)

    def here(self, message: str) -> TypeSyntaxError:
        return TypeSyntaxError(message, self.start)


class _Parser:
    def __init__(self, lexer: _Lexer, ssa: bool = False) -> None:
        self.lx = lexer
        self.names: dict[str, bool] = {}  # identifier -> is symbol
        self.ssa = ssa
        """Expressions over SSA values (``%i + 1``, ``symbol(%n)``) rather than declared identifiers."""
        self.uses: list[tuple[str, int, int, bool]] = []
        """The SSA values an expression names: (name, start, end, is a symbol)."""

    def expect(self, token: str, message: str) -> None:
        if self.lx.token != token:
            raise self.lx.wrong(message)
        self.lx.next()

    def identifier_list(self, closing: str, context: str, symbol: bool) -> int:
        opening = "(" if closing == ")" else "["
        self.expect(opening, f"expected '{opening}'{context}")
        count = 0
        if self.lx.token == closing:
            self.lx.next()
            return 0
        while True:
            name = self.lx.token
            if not (name[:1].isalpha() or name[:1] == "_") or name in _KEYWORDS:
                raise self.lx.wrong("expected bare identifier")
            if name in self.names:
                raise self.lx.here(f"redefinition of identifier '{name}'")
            self.names[name] = symbol
            count += 1
            self.lx.next()
            if self.lx.token != ",":
                break
            self.lx.next()
        self.expect(closing, f"expected '{closing}'{context}")
        return count

    # ---- expressions: low precedence + and -, high precedence * floordiv ceildiv mod
    def expr(self) -> _Expr:
        lhs = self.term(None)
        while self.lx.token in ("+", "-"):
            self.lx.next()
            rhs = self.term(lhs)
            lhs = _Expr(lhs.constant and rhs.constant, lhs.symbolic and rhs.symbolic)
        return lhs

    def term(self, outer: _Expr | None) -> _Expr:
        lhs = self.operand(outer)
        while self.lx.token in ("*",) + _KEYWORDS:
            op = self.lx.token
            at = self.lx.start
            self.lx.next()
            rhs = self.operand(lhs)
            if op == "*" and not (lhs.symbolic or rhs.symbolic):
                raise TypeSyntaxError("non-affine expression: at least one of the multiply operands has to be "
                                      "either a constant or symbolic", at)
            if op != "*" and not rhs.symbolic:
                raise TypeSyntaxError(f"non-affine expression: right operand of {op} has to be either a constant "
                                      "or symbolic", at)
            lhs = _Expr(lhs.constant and rhs.constant, lhs.symbolic and rhs.symbolic)
        return lhs

    def operand(self, lhs: _Expr | None) -> _Expr:
        token = self.lx.token
        if token == "(":
            self.lx.next()
            if self.lx.token == ")":
                raise self.lx.here("no expression inside parentheses")
            inner = self.expr()
            self.expect(")", "expected ')'")
            return inner
        if token == "-":
            self.lx.next()
            if self.lx.token in ("", ")", ",", "]", ">") or self.lx.token in ("+", "*"):
                raise self.lx.here("missing operand of negation")
            return self.operand(lhs)
        if token[:1].isdigit():
            self.lx.next()
            return _Expr(True, True)
        if self.ssa and token.startswith("%"):
            self.uses.append((token, self.lx.start, self.lx.start + len(token), False))
            self.lx.next()
            return _Expr(False, False)
        if self.ssa and token == "symbol":
            self.lx.next()
            self.expect("(", "expected '('")
            name = self.lx.token
            if not name.startswith("%"):
                raise self.lx.wrong("expected SSA operand")
            self.uses.append((name, self.lx.start, self.lx.start + len(name), True))
            self.lx.next()
            self.expect(")", "expected ')'")
            return _Expr(False, True)
        if token in ("+", "*") or (token in _KEYWORDS and token not in self.names):
            raise self.lx.here("missing right operand of binary operator" if lhs is not None
                               else "missing left operand of binary operator")
        if token[:1].isalpha() or token[:1] == "_":
            if token not in self.names:
                raise self.lx.here("use of undeclared identifier")
            self.lx.next()
            symbol = self.names[token]
            return _Expr(False, symbol)
        raise self.lx.here("missing right operand of binary operator" if lhs is not None
                           else "expected affine expression")

    def result_list(self) -> int:
        self.expect("(", "expected '(' in affine map range")
        if self.lx.token == ")":
            self.lx.next()
            return 0
        count = 0
        while True:
            self.expr()
            count += 1
            if self.lx.token != ",":
                break
            self.lx.next()
        self.expect(")", "expected ')' in affine map range")
        return count

    def constraints(self) -> int:
        self.expect("(", "expected '(' in integer set constraint list")
        count = 0
        while True:
            self.expr()
            if self.lx.token not in (">=", "==", "<="):
                raise self.lx.here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
            self.lx.next()
            self.expr()
            count += 1
            if self.lx.token != ",":
                break
            self.lx.next()
        self.expect(")", "expected ')' in integer set constraint list")
        return count


def read_affine(text: str, pos: int, keyword: str = "") -> AffineShape:
    """The ``affine_map<...>`` / ``affine_set<...>`` starting at ``pos`` (at its keyword, or at its
    ``(`` when ``keyword`` names what an op reads inline without the keyword and brackets)."""
    if not keyword:
        match = re.compile(r"affine_(map|set)").match(text, pos)
        if match is None:
            raise TypeSyntaxError("expected affine map", pos)
        keyword, pos = match.group(1), match.end()
        lexer = _Lexer(text, pos)
        what = "affine map" if keyword == "map" else "integer set"
        if lexer.token != "<":
            raise lexer.wrong(f"expected '<' in {what}")
        lexer.next()
        shape = _body(lexer, keyword)
        if lexer.token != ">":
            raise lexer.wrong(f"expected '>' in {what}")
        return AffineShape(shape.kind, shape.dims, shape.symbols, shape.results, lexer.start + 1)
    lexer = _Lexer(text, pos)
    shape = _body(lexer, keyword)
    return AffineShape(shape.kind, shape.dims, shape.symbols, shape.results, lexer.last_end if lexer.token == ""
                       else lexer.start)


def _body(lexer: _Lexer, keyword: str) -> AffineShape:
    parser = _Parser(lexer)
    dims = parser.identifier_list(")", " in dimensional identifier list", symbol=False)
    symbols = parser.identifier_list("]", " in symbol list", symbol=True) if lexer.token == "[" else 0
    if keyword == "map" and lexer.token == "->":
        lexer.next()
        return AffineShape("map", dims, symbols, parser.result_list(), 0)
    if lexer.token == ":":
        lexer.next()
        return AffineShape("set", dims, symbols, parser.constraints(), 0)
    if keyword == "set":
        raise lexer.wrong("expected ':' in integer set")
    raise lexer.wrong("expected '->' or ':'")


_AFFINE_OR_STRING = re.compile(STRING_LITERAL + r'|(?<![\w$.])affine_(?:map|set)(?![\w$.])')


def check_affine(text: str) -> None:
    """Check every affine map and integer set in an attribute or type text (not inside strings)."""
    for match in _AFFINE_OR_STRING.finditer(text):
        if not match.group().startswith('"'):
            read_affine(text, match.start())


@dataclass(frozen=True)
class SsaAffineMap:
    """``[%i + 1, symbol(%n)]``: an affine map written over SSA values (upstream's
    ``parseAffineMapOfSSAIds``); ``end`` is the offset just past its closing bracket."""

    results: int
    uses: tuple[tuple[str, int, int, bool], ...]
    end: int


def read_ssa_affine_map(text: str, pos: int, closing: str = "]") -> SsaAffineMap:
    """The bracketed list of affine expressions over SSA values at ``pos`` (at its opening bracket)."""
    lexer = _Lexer(text, pos)
    opening = "[" if closing == "]" else "("
    parser = _Parser(lexer, ssa=True)
    parser.expect(opening, f"expected '{opening}'")
    count = 0
    if lexer.token != closing:
        while True:
            parser.expr()
            count += 1
            if lexer.token != ",":
                break
            lexer.next()
    parser.expect(closing, f"expected '{closing}'")
    return SsaAffineMap(count, tuple(parser.uses), lexer.last_end)
