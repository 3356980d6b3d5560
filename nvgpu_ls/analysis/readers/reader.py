"""``Reader``: the pieces upstream's hand-written op parsers are built from, and the registry of
readers by op name (see the package's docstring)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .. import tokens as tk
from ..errors import SyntaxFailure
from ..formats import scan_one_attribute
from ..ir import AttrEntry, Block, Operation, Region, TypeRef, ValueDef, ValueUse
from ..values import Attr, FunctionType, StringAttr, SymbolRefAttr

if TYPE_CHECKING:
    from ..parser import Parser

READERS: dict[str, Callable[["Reader"], None]] = {}
"""The reader of each op upstream parses by hand, by op name."""
FAMILY_READERS: list[Callable[[str], Callable[["Reader"], None] | None]] = []
"""Readers shared by a family of ops (linalg's named ops), asked by op name when ``READERS`` has none."""


def reads(*names: str) -> Callable[[Callable[["Reader"], None]], Callable[["Reader"], None]]:
    """Register a reader for the ops ``names``."""
    def register(function: Callable[[Reader], None]) -> Callable[[Reader], None]:
        for name in names:
            READERS[name] = function
        return function
    return register


class Reader:
    """One op being read by its hand-written parser: upstream's ``OpAsmParser`` pieces."""

    def __init__(self, parser: "Parser", op: Operation) -> None:
        self.p = parser
        self.op = op

    # ------------------------------------------------------------ tokens
    @property
    def token(self) -> tk.Token:
        return self.p.toks[self.p.pos]

    def peek(self, ahead: int = 1) -> tk.Token:
        return self.p.peek(ahead)

    def at(self, kind: str) -> bool:
        """Is the cursor at punctuation ``kind`` (or a token of that kind)?"""
        return self.token.kind == kind

    def at_keyword(self, word: str) -> bool:
        token = self.token
        return token.kind == tk.BARE and token.text == word

    def wrong_token(self, message: str) -> SyntaxFailure:
        """Upstream's wrong-token error at the cursor (moved to the end of the previous line when
        the token starts a new one)."""
        return self.p.fail(message, code="syntax.custom-form")

    def error_at(self, token: tk.Token, message: str, code: str = "syntax.custom-form") -> SyntaxFailure:
        """An error the op's parser reports about ``token`` (``custom op 'X' ...``)."""
        return SyntaxFailure(f"custom op '{self.op.name}' {message}", token.start, token.end, code)

    def punctuation(self, kind: str, message: str | None = None) -> tk.Token:
        if self.token.kind != kind:
            raise self.wrong_token(message or f"expected '{kind}'")
        return self.p.advance()

    def optional_punctuation(self, kind: str) -> bool:
        if self.token.kind == kind:
            self.p.advance()
            return True
        return False

    def keyword(self, word: str, message: str = "") -> tk.Token:
        """A keyword (``to``, ``step``); upstream reports a missing one at the token, by op."""
        if not self.at_keyword(word):
            raise self.error_at(self.token, f"expected '{word}'{message}")
        token = self.p.advance()
        self.op.add_keyword(token.text, token.start, token.end)
        return token

    def keyword_choice(self, words: tuple[str, ...], message: str = "") -> str:
        """One of ``words`` (``read`` or ``write``)."""
        token = self.token
        if token.kind != tk.BARE or token.text not in words:
            raise self.error_at(token, message or f"expected one of: {', '.join(words)}")
        self.p.advance()
        self.op.add_keyword(token.text, token.start, token.end)
        return token.text

    def optional_keyword(self, *words: str) -> str | None:
        token = self.token
        if token.kind == tk.BARE and token.text in words:
            self.p.advance()
            self.op.add_keyword(token.text, token.start, token.end)
            return token.text
        return None

    # ------------------------------------------------------------ operands and arguments
    def operand(self, group: str) -> ValueUse:
        token = self.token
        if token.kind != tk.SSA:
            raise self.wrong_token("expected SSA operand")
        self.p.advance()
        use = ValueUse(token.text, token.start, token.end, self.op)
        use.group = group
        self.op.operands.append(use)
        return use

    def optional_operand(self, group: str) -> ValueUse | None:
        return self.operand(group) if self.at(tk.SSA) else None

    def operand_list(self, group: str, delimiter: str = "", count: int = -1,
                     context: str = " in operand list") -> list[ValueUse]:
        """``%a, %b`` (possibly none), in ``(...)`` or ``[...]`` when ``delimiter`` names one;
        ``count`` operands exactly when it is not -1 (upstream's ``parseOperandList``)."""
        closing = {"(": ")", "[": "]"}.get(delimiter, "")
        start = self.token
        uses: list[ValueUse] = []
        if delimiter:
            if not self.at(delimiter):
                raise self.wrong_token(f"expected '{delimiter}'{context}")
            self.p.advance()
            if not self.optional_punctuation(closing):
                uses.append(self.operand(group))
                while self.optional_punctuation(","):
                    uses.append(self.operand(group))
                self.punctuation(closing, f"expected '{closing}'{context}")
        elif self.at(tk.SSA):
            uses.append(self.operand(group))
            while self.optional_punctuation(","):
                uses.append(self.operand(group))
        if count != -1 and len(uses) != count:
            raise self.error_at(start, f"expected {count} operands")
        return uses

    def assignment_list(self, group: str, owner: Operation) -> tuple[list[ValueDef], list[ValueUse]]:
        """``(%arg = %value, ...)``: region arguments and the operands that initialise them."""
        if not self.at("("):
            raise self.error_at(self.token, "expected '('")
        self.p.advance()
        arguments: list[ValueDef] = []
        uses: list[ValueUse] = []
        if self.optional_punctuation(")"):
            return arguments, uses
        while True:
            arguments.append(self.argument(owner, allow_type=False))
            self.punctuation("=")
            uses.append(self.operand(group))
            if not self.optional_punctuation(","):
                break
        self.punctuation(")")
        return arguments, uses

    def argument_list(self, owner: Operation, delimiter: str = "(", allow_type: bool = False) -> list[ValueDef]:
        """``(%i, %j)``: region arguments (upstream's ``parseArgumentList``)."""
        closing = {"(": ")", "[": "]"}[delimiter]
        self.punctuation(delimiter, f"expected '{delimiter}'")
        arguments: list[ValueDef] = []
        if self.optional_punctuation(closing):
            return arguments
        while True:
            arguments.append(self.argument(owner, allow_type=allow_type))
            if not self.optional_punctuation(","):
                break
        self.punctuation(closing, f"expected '{closing}'")
        return arguments

    def argument(self, owner: Operation | Block, allow_type: bool = True, require_type: bool = False) -> ValueDef:
        """``%name`` (``: type`` when allowed) that an op defines for one of its regions."""
        token = self.token
        if token.kind != tk.SSA:
            raise self.wrong_token("expected SSA operand")
        self.p.advance()
        if "#" in token.text:
            raise SyntaxFailure("result number not allowed in argument list", token.start, token.end,
                                "syntax.error")
        value = ValueDef(token.text, token.start, token.end, owner, is_block_arg=True)
        if require_type or (allow_type and self.at(":")):
            self.punctuation(":")
            value.type = self.type_ref()
        return value

    # ------------------------------------------------------------ types
    def starts_type(self) -> bool:
        return self.p.starts_type()

    def type_ref(self) -> TypeRef:
        """One type (upstream's ``parseType``)."""
        if not self.starts_type():
            raise self.wrong_token("expected non-function type")
        ref = self.p.parse_type_ref()
        self.op.types.append(ref)
        return ref

    def colon_type(self) -> TypeRef:
        self.punctuation(":")
        return self.type_ref()

    def type_list(self) -> list[TypeRef]:
        """``T, U, ...`` (at least one)."""
        refs = [self.type_ref()]
        while self.optional_punctuation(","):
            refs.append(self.type_ref())
        return refs

    def colon_type_list(self) -> list[TypeRef]:
        self.punctuation(":")
        return self.type_list()

    def result_types(self, allow_attributes: bool = False) -> list[TypeRef]:
        """After ``->``: a type, or ``(T, U)`` (each with an attribute dictionary when allowed)."""
        if not self.at("("):
            return [self.type_ref()]
        self.p.advance()
        refs: list[TypeRef] = []
        if self.optional_punctuation(")"):
            return refs
        while True:
            refs.append(self.type_ref())
            if allow_attributes:
                self.discarded_attr_dict()
            if not self.optional_punctuation(","):
                break
        self.punctuation(")")
        return refs

    def set_operand_types(self, group: str, refs: list[TypeRef]) -> None:
        self.op.operand_types.setdefault(group, []).extend(refs)

    def set_result_types(self, refs: list[TypeRef]) -> None:
        self.op.result_types = list(refs)
        for value, ref in zip(self.op.results, refs):
            value.type = ref

    # ------------------------------------------------------------ attributes and symbols
    def attr_dict(self) -> None:
        if self.at("{"):
            self.p.parse_attr_dict(self.op)

    def attr_dict_with_keyword(self) -> None:
        if self.at_keyword("attributes"):
            self.keyword("attributes")
            if not self.at("{"):
                raise self.wrong_token("expected '{'")
            self.p.parse_attr_dict(self.op)

    def discarded_attr_dict(self) -> tuple[tuple[str, Attr], ...]:
        """An argument's or a result's attribute dictionary: its entries, kept out of the op's own."""
        if not self.at("{"):
            return ()
        saved = self.op.attributes
        self.op.attributes = {}
        try:
            self.p.parse_attr_dict(self.op)
            return tuple((name, entry.value) for name, entry in self.op.attributes.items())
        finally:
            self.op.attributes = saved

    def attribute_value(self, name: str) -> Attr:
        """A whole attribute (upstream's ``parseAttribute``), stored under ``name``."""
        token = self.token
        end_index = scan_one_attribute(self.p)
        if end_index == self.p.pos:
            raise self.wrong_token("expected attribute value")
        end = self.p.toks[end_index - 1].end
        self.p.pos = end_index
        value = self.p.read_attr_text(self.p.text[token.start:end], token.start)
        self.set_attribute(name, value, token.start, end)
        return value

    def set_attribute(self, name: str, value: Attr, start: int, end: int) -> None:
        self.op.attributes[name] = AttrEntry(name, value, start, end, start, end, True)

    def symbol_name(self, attribute: str = "sym_name") -> str:
        """``@name``: the symbol the op defines."""
        token = self.token
        if token.kind != tk.AT:
            raise self.error_at(token, "expected valid '@'-identifier for symbol name")
        self.p.parse_symbol(self.op, definition=True)
        symbol = self.op.symbols[-1]
        self.set_attribute(attribute, StringAttr(symbol.name[1:]), symbol.start, symbol.end)
        return symbol.name

    def symbol_reference(self, attribute: str) -> str:
        token = self.token
        if token.kind != tk.AT:
            raise self.wrong_token("expected attribute value")
        self.p.parse_symbol(self.op, definition=False)
        symbol = self.op.symbols[-1]
        self.set_attribute(attribute, SymbolRefAttr(tuple(symbol.name.split("::"))), symbol.start, symbol.end)
        return symbol.name

    def keyword_attribute(self, name: str, value: Attr, token: tk.Token) -> None:
        """An attribute the syntax spells as a keyword (``kernel``, ``private``): recorded without a
        span of its own, so that the cursor finds the keyword there."""
        self.set_attribute(name, value, token.start, token.start)

    def integer(self) -> int:
        negative = self.optional_punctuation("-")
        token = self.token
        if token.kind != tk.INT:
            raise self.wrong_token("expected integer value")
        self.p.advance()
        if len(token.text) > 1000:
            raise SyntaxFailure("integer literal is too large", token.start, token.end, "syntax.error")
        value = int(token.text, 16) if token.text.startswith("0x") else int(token.text)
        return -value if negative else value

    # ------------------------------------------------------------ regions
    def region(self, arguments: list[ValueDef] | None = None) -> Region:
        """A region whose entry block receives ``arguments`` (upstream's ``parseRegion``)."""
        if not self.at("{"):
            raise self.wrong_token("expected '{' to begin a region")
        region = self.p.parse_region(self.op)
        self.op.add_region(region)
        if arguments:
            attach_entry_arguments(region, arguments, self)
        return region

    def optional_region(self, arguments: list[ValueDef] | None = None) -> Region | None:
        return self.region(arguments) if self.at("{") else None

    def location(self) -> None:
        """An optional ``loc(...)`` (an argument's or the op's)."""
        if self.at_keyword("loc") and self.peek().kind == "(":
            self.p.read_location_specifier()


def attach_entry_arguments(region: Region, arguments: list[ValueDef], reader: Reader) -> None:
    """Give a region's entry block the arguments its op spelled; a region that spells its own
    entry block (``^bb0(...)``) may not have them too."""
    if region.blocks and region.blocks[0].label is not None:
        block = region.blocks[0]
        raise SyntaxFailure("invalid block name in region with named arguments", block.label_start, block.label_end,
                            "syntax.custom-form")
    if not region.blocks:
        region.blocks.append(Block(region, region.start))
    entry = region.blocks[0]
    for index, value in enumerate(arguments):
        value.owner = entry
        value.index = index
    entry.args = list(arguments) + entry.args


def function_type(inputs: list[TypeRef], results: list[TypeRef]) -> FunctionType:
    return FunctionType(tuple(ref.type for ref in inputs), tuple(ref.type for ref in results))


def read_with_reader(parser: "Parser", op: Operation) -> bool:
    """Read ``op`` with its hand-written reader; False when it has none."""
    reader = READERS.get(op.name)
    for family in FAMILY_READERS:
        if reader is not None:
            break
        reader = family(op.name)
    if reader is None:
        return False
    reader(Reader(parser, op))
    return True
