"""The recovering op-level parser: tokens → operations, regions, blocks, values.

MLIR's custom op syntax is driven by each op, not by a context-free grammar, so this
is a recursive-descent reader over the token stream that asks the op facts how an op
is spelled (``formats.py`` interprets their declarative formats), reads the generic
form exactly, and reads any op it does not know with structural heuristics that
still recover results, operand uses, region structure, types and symbols. Types and
attributes are cut out by bracket balance and parsed by the lark grammar in
``typegrammar.py``.

It never raises on bad input: a syntax error becomes a diagnostic, the reader skips
to the next line that looks like the start of an op, and carries on.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Final

from ..diagnostics import Diagnostic, Related, Severity
from ..memory import register_cache
from . import tokens as tk
from . import formats, readers, structural
from .affine import read_affine
from .errors import DialectBodyFailure, SyntaxFailure
from .formats import scan_one_attribute
from .llvm_types import first_problem as first_llvm_struct_problem
from .value_errors import one_attribute_end
from .locations import read_location
from .ir import AttrEntry, Block, BlockRef, Operation, Region, SymbolRef, TypeRef, ValueDef, ValueUse
from .registry import OpRegistry
from .typegrammar import CONTAINER_TYPES, TypeSyntaxError, explain, parse_attr, parse_type
from .values import (
    Attr, FloatType, FunctionType, IndexType, IntegerType, LocationAttr, OpaqueAttr, OpaqueType, Type, TypeAliasRef,
    UnitAttr, alias_references, aliased_vector_elements, dialect_references,
)

MAX_DEPTH: Final = 200
"""Deepest region nesting read structurally; deeper text is skipped with a diagnostic."""



@dataclass
class AliasDef:
    """``#name = attr`` or ``!name = type`` at the top of a chunk."""

    name: str
    start: int
    end: int
    name_end: int
    value: Attr | Type
    value_start: int
    value_end: int


@dataclass
class Chunk:
    """One ``// -----`` section of a file: it is analysed as if it were a file of its own."""

    start: int
    end: int
    ops: list[Operation] = field(default_factory=list)
    aliases: dict[str, AliasDef] = field(default_factory=dict)


MAX_RESULT_COUNT: Final = 65_536
"""The most results one ``%name:N`` group may bind."""


class Parser:
    """Reads one token list; see the module docstring."""

    def __init__(self, text: str, tokens: list[tk.Token], registry: OpRegistry) -> None:
        self.text = text
        self.toks = tokens
        self.pos = 0
        self.registry = registry
        self.diagnostics: list[Diagnostic] = []
        self.origins: list[int] = []
        """For each diagnostic, the start of the op whose reading produced it."""
        self.reading: list[int] = [0]
        self.depth = 0
        self.furthest = 0
        """End offset of the furthest token examined so far (look-ahead included)."""
        self.deferred_location_aliases: list[tuple[str, int, int]] = []
        """Aliases named by op and argument locations, checked once the chunk has been read."""
        self.aliases: dict[str, AliasDef] = {}
        """The alias definitions of the chunk being read, as far as read (hand-written readers look
        up an ``#map`` they are given)."""
        self.defer_from = -1
        """Bodies of outermost function-like ops (``Operation.is_function_like``) whose '{' lies at
        or after this offset are stepped over unread (-1: read everything); see ``defer_body``."""
        self.deferred: list[Region] = []
        """The regions stepped over, in text order."""

    # ------------------------------------------------------------------ helpers
    @property
    def tok(self) -> tk.Token:
        return self.toks[self.pos]

    def peek(self, ahead: int = 1) -> tk.Token:
        index = self.pos + ahead
        return self.see(index if index < len(self.toks) else len(self.toks) - 1)

    def see(self, index: int) -> tk.Token:
        """The token at ``index``, recorded as examined."""
        token = self.toks[index]
        if token.end > self.furthest:
            self.furthest = token.end
        return token

    def advance(self) -> tk.Token:
        toks = self.toks
        pos = self.pos
        token = toks[pos]
        if token.kind != "eof":
            pos += 1
            self.pos = pos
            reach = toks[pos].end  # see(pos), inlined: this runs for every token
            if reach > self.furthest:
                self.furthest = reach
        return token

    def at_end(self) -> bool:
        return self.toks[self.pos].kind in _END_KINDS

    def prev_end(self) -> int:
        return self.toks[self.pos - 1].end if self.pos > 0 else 0

    def error(self, message: str, start: int, end: int, code: str = "syntax.error", origin: int | None = None,
              related: tuple[Related, ...] = (), explanation: str = "") -> None:
        size = len(self.text)
        if start >= size:  # at the end of the input upstream shows it on the last character
            start = max(size - 1, 0)
        end = min(max(end, start), size)
        for index in range(len(self.diagnostics) - 1, max(len(self.diagnostics) - 4, -1), -1):
            earlier = self.diagnostics[index]
            if earlier.message == message and earlier.start <= end and start <= earlier.end:
                # One mistake seen from two levels (a typed attribute and its type): keep the
                # narrower place, say it once.
                if end - start < earlier.end - earlier.start:
                    self.diagnostics[index] = Diagnostic(start, end, message, code, Severity.ERROR, "nvgpu-ls")
                return
        self.diagnostics.append(Diagnostic(start, end, message, code, Severity.ERROR, "nvgpu-ls", related,
                                           explanation=explanation))
        self.origins.append(self.reading[-1] if origin is None else origin)

    def truncate_diagnostics(self, count: int) -> None:
        """Forget diagnostics reported after the first ``count`` (a speculative read is undone)."""
        del self.diagnostics[count:]
        del self.origins[count:]

    def fail(self, message: str, token: tk.Token | None = None, code: str = "syntax.error") -> SyntaxFailure:
        token = token or self.toks[self.pos]
        start, end = self.blame_span(token)
        return SyntaxFailure(message, start, end, code)

    def invalid_character(self, token: tk.Token) -> SyntaxFailure:
        """Upstream's error for an error token, at its first character (a run of control
        characters is one token)."""
        return SyntaxFailure(f"unexpected character '{tk.printable(token.text[:1])}'", token.start,
                             token.start + 1, "syntax.invalid-character")

    def blame_span(self, token: tk.Token) -> tuple[int, int]:
        """Where to show an error found at ``token``.

        When the token opens a new line, the op that was being read ended early: the
        end of the previous line is where the user has to look, not the next op.
        """
        index = self.index_of(token)
        if token.newline_before and index > 0 and token.kind != tk.ERROR:
            previous = self.toks[index - 1]
            return previous.start, previous.end
        if index > 0 and token.kind not in (tk.ERROR, tk.EOF) and self.toks[index - 1].end < token.start:
            # Upstream reports a wrong token just past the token before it; cover both places.
            return self.toks[index - 1].end, token.end
        return token.start, token.end

    def index_of(self, token: tk.Token) -> int:
        """Index of a token near the cursor."""
        i = min(self.pos, len(self.toks) - 1)
        toks = self.toks
        while i > 0 and toks[i].start > token.start:
            i -= 1
        while i < len(toks) - 1 and toks[i].start < token.start:
            i += 1
        return i

    def expect(self, kind: str, what: str | None = None) -> tk.Token:
        if self.toks[self.pos].kind != kind:
            raise self.fail(f"expected '{what or kind}'")
        return self.advance()

    # ------------------------------------------------------------------ chunks
    def parse_chunks(self) -> list[Chunk]:
        """Read every chunk of the buffer."""
        chunks: list[Chunk] = []
        chunk = Chunk(0, 0)
        while True:
            self.parse_top_level(chunk)
            self.check_location_aliases(chunk)
            if self.toks[self.pos].kind == tk.SPLIT:
                chunk.end = self.toks[self.pos].start
                chunks.append(chunk)
                split = self.advance()
                chunk = Chunk(split.end, split.end)
                continue
            chunk.end = len(self.text)
            chunks.append(chunk)
            return chunks

    def check_location_aliases(self, chunk: Chunk) -> None:
        for name, at, origin in self.deferred_location_aliases:
            if name not in chunk.aliases:
                self.error("operation location alias was never defined", at, at + len(name), "syntax.location",
                           origin)
        self.deferred_location_aliases = []

    def parse_top_level(self, chunk: Chunk) -> None:
        self.aliases = chunk.aliases
        while not self.at_end():
            token = self.toks[self.pos]
            if token.kind in (tk.HASH, tk.BANG):
                try:
                    self.parse_alias(chunk)
                except SyntaxFailure as failure:
                    self.error(failure.message, failure.start, failure.end, failure.code)
                    self.skip_top_level_item()
                continue
            if token.kind == "{" and self.peek().kind == "-":
                self.skip_file_metadata()
                continue
            if token.kind == "}":
                # upstream reads an op there, and says so just past the token before the brace
                start, end = self.blame_span(token)
                self.error("expected operation name in quotes", start, end, "syntax.unbalanced",
                           related=(Related(token.start, token.end, "this '}' closes no region"),),
                           explanation="there is one '}' more than '{' before it")
                self.advance()
                continue
            op = self.parse_op_recovering(None)
            if op is not None:
                chunk.ops.append(op)

    def skip_file_metadata(self) -> None:
        """``{-# dialect_resources: ... #-}`` blocks hold no ops; step over them."""
        start = self.toks[self.pos].start
        close = self.text.find("#-}", start)
        end = len(self.text) if close == -1 else close + 3
        if close == -1:
            self.error("expected '#-}' to end the file metadata block", start, min(start + 3, len(self.text)))
        while not self.at_end() and self.toks[self.pos].start < end:
            self.advance()

    def skip_top_level_item(self) -> None:
        """After a broken alias definition: on to the next line that starts an op or an alias."""
        self.advance()
        while not self.at_end():
            token = self.toks[self.pos]
            if token.newline_before and (token.kind in (tk.HASH, tk.BANG) or self.starts_op()):
                return
            self.advance()

    def parse_alias(self, chunk: Chunk) -> None:
        """``#name = attribute`` or ``!name = type`` at the top level (any ``#``/``!`` there starts one)."""
        name_tok = self.advance()
        kind = "type" if name_tok.kind == tk.BANG else "attribute"
        if name_tok.text in chunk.aliases:
            raise SyntaxFailure(f"redefinition of {kind} alias id '{name_tok.text[1:]}'", name_tok.start, name_tok.end,
                                "syntax.duplicate-alias")
        if "." in name_tok.text:
            raise SyntaxFailure(f"{kind} names with a '.' are reserved for dialect-defined names", name_tok.start,
                                name_tok.end, "syntax.alias")
        if self.toks[self.pos].kind != "=":
            raise self.fail(f"expected '=' in {kind} alias definition")
        self.advance()  # '='
        start_index = self.pos
        value_start = self.toks[self.pos].start
        is_type = name_tok.kind == tk.BANG
        end_index = self.scan_alias_value()
        if end_index == start_index:
            self.error("expected a value after '='", name_tok.start, self.prev_end())
            return
        value_end = self.toks[end_index - 1].end
        text = self.text[value_start:value_end]
        self.pos = end_index
        value = self.read_type_text(text, value_start) if is_type else self.read_attr_text(text, value_start)
        for name in sorted(alias_references(value)):
            if name not in chunk.aliases:  # an alias may use only the aliases defined above it
                at = _whole_word(text, name)
                at = value_start + (at if at is not None else 0)
                self.error(f"undefined symbol alias id '{name[1:]}'", at, at + len(name), "alias.undefined")
                break
        chunk.aliases[name_tok.text] = AliasDef(name_tok.text, name_tok.start, value_end, name_tok.end, value,
                                                value_start, value_end)

    # ------------------------------------------------------------------ ops
    def parse_op_recovering(self, parent: Block | None) -> Operation | None:
        """Read one op; on a syntax error report it, skip to the next op, keep what was read."""
        start_pos = self.pos
        op = Operation(self.toks[self.pos].start)
        op.parent = parent
        op.prefix_reach = self.furthest
        self.reading.append(op.start)
        try:
            self.parse_op(op)
        except SyntaxFailure as failure:
            self.error(failure.message, failure.start, failure.end, failure.code)
            self.recover(op, must_advance=self.pos == start_pos)
        except RecursionError:
            self.error("operation nested too deeply to analyse", op.start, self.toks[self.pos].end, "syntax.too-deep")
            self.recover(op, must_advance=self.pos == start_pos)
        finally:
            self.reading.pop()
        if self.pos == start_pos:
            # Nothing could be read at all: drop the token so the loop advances.
            bad = self.advance()
            self.report_bad_token(bad)
            return None
        op.end = max(op.end, self.prev_end())
        if not op.name:
            return op if (op.results or op.operands or op.regions) else None
        return op

    def report_bad_token(self, bad: tk.Token) -> None:
        if bad.kind == tk.ERROR:
            failure = self.invalid_character(bad)
            self.error(failure.message, failure.start, failure.end, failure.code)

    def recover(self, op: Operation, must_advance: bool) -> None:
        """Skip to the next token that starts an op on a new line, reading any regions on the way.

        ``must_advance``: nothing of the op was consumed, so its first token goes regardless.
        """
        first = must_advance
        open_dicts = 0
        while not self.at_end():
            token = self.toks[self.pos]
            if token.kind == "}":
                if not open_dicts:
                    return
                open_dicts -= 1
            elif not first and token.newline_before and self.starts_op():
                return
            first = False
            if token.kind == "{":
                if self.looks_like_region():
                    try:
                        op.add_region(self.parse_region(op))
                    except SyntaxFailure as failure:
                        self.error(failure.message, failure.start, failure.end, failure.code)
                    continue
                open_dicts += 1
            if token.kind == tk.SSA and op.name:
                op.operands.append(ValueUse(token.text, token.start, token.end, op))
            self.advance()

    def starts_op(self, index: int | None = None) -> bool:
        """Does the token at ``index`` look like the first token of an op (or a block, or a region end)?"""
        i = self.pos if index is None else index
        toks = self.toks
        token = self.see(i)
        kind = token.kind
        if kind in ("}", tk.CARET, tk.EOF, tk.SPLIT):
            return True
        self.see(min(i + 1, len(toks) - 1))
        if kind == tk.SSA:
            j = i + 1
            # %a, %b:2, %c = ...
            while True:
                self.see(min(j + 2, len(toks) - 1))
                if toks[j].kind == ":" and toks[j + 1].kind == tk.INT:
                    j += 2
                if toks[j].kind == "=":
                    return True
                if toks[j].kind == "," and toks[j + 1].kind == tk.SSA:
                    j += 2
                    continue
                return False
        if kind == tk.STRING:
            return toks[i + 1].kind == "("
        if kind == tk.BARE:
            nxt = toks[i + 1].kind
            if nxt in ("=", ",", ":", ")", "]", ">"):
                return False
            return "." in token.text or self.registry.is_bare_op_word(token.text)
        if kind in (tk.HASH, tk.BANG):
            return toks[i + 1].kind == "=" and self.depth == 0
        return False

    def parse_op(self, op: Operation) -> None:
        self.parse_results(op)
        token = self.toks[self.pos]
        if token.kind == tk.STRING:
            self.parse_generic(op)
        elif token.kind == tk.BARE:
            self.parse_custom(op)
        else:
            if op.results:
                raise self.fail("expected operation name in quotes")
            if token.kind == tk.ERROR:
                raise self.invalid_character(token)
            raise self.fail("expected operation name in quotes")
        self.parse_trailing_location(op)
        op.end = self.prev_end()

    def parse_results(self, op: Operation) -> None:
        if self.toks[self.pos].kind != tk.SSA:
            return
        groups = []
        base = op.start  # the groups are kept relative to it (``Operation.result_groups``)
        while True:
            if self.toks[self.pos].kind != tk.SSA:
                raise self.fail("expected valid ssa identifier")
            token = self.advance()
            if "#" in token.text:
                raise self.fail("result names cannot carry a '#N' suffix", token)
            count = 1
            end = token.end
            if self.toks[self.pos].kind == ":":
                self.advance()
                if self.toks[self.pos].kind != tk.INT:
                    raise self.fail("expected integer number of results")
                number = self.advance()
                if len(number.text) > 12:  # past MAX_RESULT_COUNT; int() refuses over 4300 digits
                    raise self.fail(f"result count is too large (at most {MAX_RESULT_COUNT})", number)
                count = int(number.text, 16) if number.text.startswith("0x") else int(number.text)
                if count < 1:
                    raise self.fail("expected named operation to have at least 1 result", number)
                if count > MAX_RESULT_COUNT:  # each result is a value object: a typo must not exhaust memory
                    raise self.fail(f"result count {count} is too large (at most {MAX_RESULT_COUNT})", number)
                end = number.end
            groups.append((token.text, count, token.start - base, end - base))
            if self.toks[self.pos].kind == ",":
                self.advance()
                continue
            break
        if self.toks[self.pos].kind != "=":
            raise self.fail("expected '=' after SSA name")
        self.advance()
        op.set_relative_result_groups(tuple(groups))
        results = op.results
        for name, count, start, _end in groups:
            start += base
            if count == 1:
                results.append(ValueDef(name, start, start + len(name), op, len(results)))
            else:
                for k in range(count):
                    results.append(ValueDef(f"{name}#{k}", start, start + len(name), op, len(results)))

    def parse_trailing_location(self, op: Operation) -> None:
        token = self.toks[self.pos]
        if token.kind == tk.BARE and token.text == "loc" and self.peek().kind == "(":
            op.loc = self.read_location_specifier()

    def read_location_specifier(self) -> tuple[int, int]:
        """``loc(...)`` at the cursor (an op's, an argument's): checked as upstream reads it; an alias it
        names may be defined anywhere in the chunk (upstream resolves those at the end)."""
        token = self.toks[self.pos]
        try:
            found = read_location(self.text, token.start, inline=False)
        except TypeSyntaxError as exc:
            at = exc.offset if exc.offset is not None else token.start
            raise SyntaxFailure(exc.message, at, at + 1, "syntax.location") from None
        self.deferred_location_aliases.extend((name, at, self.reading[-1]) for name, at in found.aliases)
        while self.toks[self.pos].kind not in (tk.EOF, tk.SPLIT) and self.toks[self.pos].start < found.end:
            self.advance()
        return token.start, found.end

    # ------------------------------------------------------------------ generic form
    def parse_generic(self, op: Operation) -> None:
        name_tok = self.advance()
        op.name = name_tok.text[1:-1] if len(name_tok.text) >= 2 and name_tok.text.endswith('"') else name_tok.text[1:]
        op.name_start, op.name_end = name_tok.start, name_tok.end
        op.generic = True
        op.syntax = "generic"
        op.facts = self.registry.facts(op.name)
        if tk.is_unterminated_string(name_tok):
            raise self.fail("expected '\"' in string literal", name_tok, "syntax.unterminated-string")
        if op.facts is None:
            problem, message = self.registry.judge_generic(op.name)
            if problem == "unknown-dialect":
                raise SyntaxFailure(message, name_tok.start, name_tok.end, "syntax.unknown-dialect")
            if problem:  # upstream's verifier, not its parser, rejects it: the op is still read
                self.error(message, name_tok.start, name_tok.end, "op.unregistered")
        self.expect("(", "(")
        while self.toks[self.pos].kind != ")":
            token = self.expect(tk.SSA, "SSA operand")
            op.operands.append(ValueUse(token.text, token.start, token.end, op))
            if self.toks[self.pos].kind == ",":
                self.advance()
            elif self.toks[self.pos].kind != ")":
                raise self.fail("expected ')' in operand list")
        self.advance()
        if self.toks[self.pos].kind == "[":
            self.advance()
            while True:
                self.parse_successor(op)
                if self.toks[self.pos].kind == ",":
                    self.advance()
                    continue
                self.expect("]", "]")
                break
        if self.toks[self.pos].kind == "<" and self.peek().kind == "{":
            self.advance()
            self.parse_attr_dict(op, inherent=True)
            self.expect(">", ">")
        if self.toks[self.pos].kind == "(" and self.peek().kind == "{":
            self.advance()
            while True:
                op.add_region(self.parse_region(op))
                if self.toks[self.pos].kind == ",":
                    self.advance()
                    continue
                self.expect(")", ")")
                break
        if self.toks[self.pos].kind == "{":
            self.parse_attr_dict(op)
        self.expect(":", ":")
        ref = self.parse_type_ref()
        op.types.append(ref)
        if not isinstance(ref.type, FunctionType):
            if not isinstance(ref.type, OpaqueType):
                raise SyntaxFailure("expected function type", ref.start, ref.end)
            return
        inputs, outputs = ref.type.inputs, ref.type.results
        if len(inputs) != len(op.operands):
            self.error(f"expected {len(op.operands)} operand type{'s' if len(op.operands) != 1 else ''} "
                       f"but had {len(inputs)}", ref.start, ref.end, "syntax.type-count")
        if op.results and len(outputs) != len(op.results):  # unnamed results are fine in any number
            self.error(f"operation defines {len(outputs)} results but was provided {len(op.results)} to bind",
                       ref.start, ref.end, "syntax.type-count")
        op.operand_types[""] = [TypeRef(t, ref.start, ref.end) for t in inputs]
        op.result_types = [TypeRef(t, ref.start, ref.end) for t in outputs]
        for value, type_ref in zip(op.results, op.result_types):
            value.type = type_ref

    def parse_successor(self, op: Operation, with_operands: bool = True) -> None:
        """``^bb`` and, ``with_operands`` (the generic form's successor list), its ``(%v : T, ...)``;
        a declarative format reads the operands that follow as an operand group of its own."""
        token = self.expect(tk.CARET, "block name")
        ref = BlockRef(token.text, token.start, token.end, op)
        op.add_successor(ref)
        if with_operands and self.toks[self.pos].kind == "(":
            self.advance()
            while self.toks[self.pos].kind != ")":
                use_tok = self.expect(tk.SSA, "SSA operand")
                use = ValueUse(use_tok.text, use_tok.start, use_tok.end, op)
                op.operands.append(use)
                ref.operands.append(use)
                if self.toks[self.pos].kind == ":":
                    self.advance()
                    self.parse_type_ref()
                if self.toks[self.pos].kind == ",":
                    self.advance()
                elif self.toks[self.pos].kind != ")":
                    raise self.fail("expected ')' in successor operand list")
            self.advance()

    # ------------------------------------------------------------------ custom form
    def parse_custom(self, op: Operation) -> None:
        name_tok = self.advance()
        op.name_start, op.name_end = name_tok.start, name_tok.end
        found = self.registry.lookup(name_tok.text, self.default_dialect(op))
        op.name = found.name
        op.facts = self.registry.facts(op.name)
        if found.problem:
            raise SyntaxFailure(found.message, name_tok.start, name_tok.end, f"syntax.{found.problem}")
        if op.facts is not None and op.facts.formats:
            if formats.parse_with_formats(self, op):
                op.syntax = "format"
                return
        if op.facts is not None and op.facts.parser == "custom" and readers.read_with_reader(self, op):
            op.syntax = "reader"
            return
        op.syntax = "heuristic"
        structural.read_unknown_syntax(self, op)

    def default_dialect(self, op: Operation) -> str:
        """The default dialect for undotted names: the one the op around ``op`` declares (the top
        level is builtin's)."""
        if op.parent is None:
            return "builtin"
        return self.registry.default_dialect_of(op.parent.parent.parent.name)

    def parse_symbol(self, op: Operation, definition: bool) -> None:
        token = self.advance()
        if tk.is_unterminated_string(token):
            raise self.fail("expected '\"' in string literal", token, "syntax.unterminated-string")
        name = token.text
        end = token.end
        while self.toks[self.pos].kind == ":" and self.peek().kind == ":" and self.peek(2).kind == tk.AT \
                and self.toks[self.pos].start == end and self.peek().start == end + 1:
            self.advance()
            self.advance()
            part = self.advance()
            name += "::" + part.text
            end = part.end
        op.add_symbol(SymbolRef(name, token.start, end, op, definition))

    def continues_line(self, last: tk.Token, index: int) -> bool:
        """Does the token at ``index``, first on its line, continue the op whose last token was ``last``?"""
        if last.kind in _CONTINUATION_END:
            return True
        token = self.see(index)
        kind = token.kind
        if kind in ("}", tk.CARET, tk.EOF, tk.SPLIT):
            return False
        if kind in _CONTINUATION_START:
            return not (kind in (tk.HASH, tk.BANG) and self.see(min(index + 1, len(self.toks) - 1)).kind == "=")
        if kind in (tk.SSA, tk.STRING, tk.BARE):
            return not self.starts_op(index)
        return False

    # ------------------------------------------------------------------ regions
    def looks_like_region(self) -> bool:
        """Is the '{' at the cursor a region (rather than an attribute dictionary)?"""
        nxt = self.peek()
        after = self.peek(2)
        kind = nxt.kind
        if kind == "}":
            return nxt.newline_before
        if kind in (tk.CARET, tk.SSA):
            return True
        if nxt.newline_before and kind in (tk.BARE, tk.STRING):
            # Regions put their ops on new lines; a dictionary on new lines still reads `key =` / `key,`.
            return after.kind not in ("=", ",")
        if kind == tk.STRING:
            return after.kind == "("
        if kind == tk.BARE:
            if after.kind in ("=",):
                return False
            if after.kind in (",", "}"):
                return self.registry.facts(nxt.text) is not None or self.registry.is_bare_op_word(nxt.text)
            return True
        return nxt.newline_before and kind not in (tk.STRING,)

    def parse_region(self, op: Operation) -> Region:
        open_tok = self.expect("{", "{")
        if 0 <= self.defer_from <= open_tok.start and not op.regions and _outermost_function(op):
            return self.defer_body(op, open_tok)
        region = Region(op, open_tok.start)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                self.skip_nested_region(open_tok)
                region.end = self.prev_end()
                return region
            block = Block(region, self.toks[self.pos].start)
            while True:
                token = self.toks[self.pos]
                if token.kind == "}":
                    self.advance()
                    break
                if token.kind in (tk.EOF, tk.SPLIT):
                    # Where the text ran out, as upstream (and clang) report it, with the brace it needed.
                    last = self.toks[self.pos - 1] if self.pos > 0 else open_tok
                    self.error("expected '}' to close the region", last.start, last.end, "syntax.unbalanced",
                               related=(Related(open_tok.start, open_tok.end, "the region is opened here"),))
                    break
                if token.kind == tk.CARET:
                    if block.label is not None or block.ops or block.args:
                        block.end = self.prev_end()
                        region.blocks.append(block)
                    block = Block(region, token.start)
                    try:
                        self.parse_block_header(block)
                    except SyntaxFailure as failure:
                        self.error(failure.message, failure.start, failure.end, failure.code)
                        self.skip_line()
                    continue
                op_ = self.parse_op_recovering(block)
                if op_ is not None:
                    block.ops.append(op_)
            if block.label is not None or block.ops or block.args or not region.blocks:
                block.end = self.prev_end()
                region.blocks.append(block)
        finally:
            self.depth -= 1
        region.end = self.prev_end()
        return region

    def defer_body(self, op: Operation, open_tok: tk.Token) -> Region:
        """Step over a function's body to its closing brace, reporting nothing: the region is
        left with one empty block. The text before the body reads as it would otherwise (the
        parser never looks back), and so do the signatures, symbols and aliases after it."""
        region = Region(op, open_tok.start)
        self.skip_to_region_end()
        region.blocks.append(Block(region, open_tok.end))
        region.end = self.prev_end()
        self.deferred.append(region)
        return region

    def skip_nested_region(self, open_tok: tk.Token) -> None:
        self.error(f"regions nested deeper than {MAX_DEPTH} levels are not analysed", open_tok.start, open_tok.end,
                   "syntax.too-deep")
        self.skip_to_region_end()

    def skip_to_region_end(self) -> None:
        """Step past the '}' that closes the region whose '{' was just read, counting braces (or to
        the end of the chunk)."""
        level = 1
        while level and not self.at_end():
            kind = self.advance().kind
            if kind == "{":
                level += 1
            elif kind == "}":
                level -= 1

    def skip_line(self) -> None:
        self.advance()
        while not self.at_end() and not self.toks[self.pos].newline_before and self.toks[self.pos].kind != "}":
            self.advance()

    def parse_block_header(self, block: Block) -> None:
        label = self.advance()
        block.label = label.text
        block.label_start, block.label_end = label.start, label.end
        if self.toks[self.pos].kind == "(":
            self.advance()
            while self.toks[self.pos].kind != ")":
                arg_tok = self.expect(tk.SSA, "SSA value")
                arg = ValueDef(arg_tok.text, arg_tok.start, arg_tok.end, block, len(block.args), is_block_arg=True)
                self.expect(":", ":")
                arg.type = self.parse_type_ref()
                if self.toks[self.pos].kind == tk.BARE and self.toks[self.pos].text == "loc" and self.peek().kind == "(":
                    self.read_location_specifier()
                block.args.append(arg)
                if self.toks[self.pos].kind == ",":
                    self.advance()
                elif self.toks[self.pos].kind != ")":
                    raise self.fail("expected ')' to end the block argument list")
            self.advance()
        self.expect(":", ":")

    # ------------------------------------------------------------------ attributes
    def parse_dict_or_skip(self, op: Operation) -> None:
        """An attribute dictionary if it reads as one; otherwise op-specific text, stepped over."""
        save, saved_diags = self.pos, len(self.diagnostics)
        try:
            self.parse_attr_dict(op)
        except SyntaxFailure:
            self.pos = save
            self.truncate_diagnostics(saved_diags)
            self.skip_balanced()

    def parse_attr_dict(self, op: Operation, inherent: bool = False) -> None:
        open_tok = self.expect("{", "{")
        while self.toks[self.pos].kind != "}":
            key = self.toks[self.pos]
            if key.kind not in (tk.BARE, tk.STRING):
                raise self.fail("expected attribute name")
            self.advance()
            name = key.text[1:-1] if key.kind == tk.STRING else key.text
            if self.toks[self.pos].kind == "=":
                self.advance()
                value_start = self.toks[self.pos].start
                end_index = self.scan_value(stop_at_comma=True)
                if end_index == self.pos:
                    raise self.fail("expected attribute value")
                value_end = self.toks[end_index - 1].end
                self.pos = end_index
                value = self.read_dict_value(self.text[value_start:value_end], value_start)
                entry = AttrEntry(name, value, key.start, value_end, value_start, value_end, inherent)
            else:
                entry = AttrEntry(name, UnitAttr(), key.start, key.end, key.start, key.end, inherent)
            if name in op.attributes and not op.attributes[name].inherent:
                self.error(f"duplicate key '{name}' in dictionary attribute", key.start, key.end,
                           "syntax.duplicate-attribute")
            op.attributes[name] = entry
            if self.toks[self.pos].kind == ",":
                self.advance()
                if self.toks[self.pos].kind == "}":
                    raise self.fail("expected attribute name")
                continue
            if self.toks[self.pos].kind != "}":
                raise self.fail("expected '}' in attribute dictionary")
        self.advance()
        del open_tok

    def read_dict_value(self, text: str, start: int) -> Attr:
        """A dictionary entry's value; one attribute followed by more on the entry is upstream's
        'expected '}' in attribute dictionary' just past the attribute, as upstream reads it."""
        reported = len(self.diagnostics)
        value = self.read_attr_text(text, start)
        if len(self.diagnostics) > reported:
            end = one_attribute_end(text)
            if end is not None and text[end:].strip():
                del self.diagnostics[reported:], self.origins[reported:]
                at = start + len(text[:end].rstrip())
                raise SyntaxFailure("expected '}' in attribute dictionary", at, at + 1, "syntax.error")
        return value

    def scan_alias_value(self) -> int:
        """Index just past an alias's value: exactly one type or attribute, as upstream reads it (what
        follows on the line is the next top-level item, not more of the value)."""
        token = self.toks[self.pos]
        if token.kind == tk.BARE and token.text in ("affine_map", "affine_set"):
            try:
                end = read_affine(self.text, token.start).end
            except TypeSyntaxError:
                return self.scan_value(stop_at_comma=False)  # the value's own reading reports it
            index = self.pos
            while self.toks[index].kind not in (tk.EOF, tk.SPLIT) and self.toks[index].start < end:
                index += 1
            return index
        if token.kind == "(":
            save = self.pos
            try:
                self.skip_balanced()
                if self.toks[self.pos].kind == "->":
                    self.advance()
                    self.pos = scan_one_attribute(self)
                return self.pos
            except DialectBodyFailure:
                raise
            except SyntaxFailure:
                return self.scan_value(stop_at_comma=False)
            finally:
                self.pos = save
        try:
            end_index = scan_one_attribute(self)
        except DialectBodyFailure:
            raise
        except SyntaxFailure:
            return self.scan_value(stop_at_comma=False)
        return end_index if end_index > self.pos else self.scan_value(stop_at_comma=False)

    def scan_value(self, stop_at_comma: bool) -> int:
        """Index just past one attribute/type value starting at the cursor (bracket-balanced)."""
        i = self.pos
        toks = self.toks
        stack: list[str] = []
        first = True
        while True:
            token = self.see(i)
            kind = token.kind
            if kind in (tk.EOF, tk.SPLIT):
                break
            if not first and token.newline_before and not stack and not self.continues_line(toks[i - 1], i):
                break
            if not first and stack and token.newline_before and self.starts_op(i) and kind != "}":
                break
            if kind in _CLOSERS:
                if kind == "<" and not stack and not first and toks[i - 1].end != token.start \
                        and toks[i - 1].kind not in (tk.BARE, tk.HASH, tk.BANG):
                    break
                stack.append(kind)
            elif kind in (")", "]", ">", "}"):
                if not stack:
                    break
                if _CLOSERS[stack[-1]] != kind:
                    break
                stack.pop()
            elif not stack and kind == "," and stop_at_comma:
                break
            i += 1
            first = False
        return i

    def read_attr_text(self, text: str, start: int) -> Attr:
        if text.startswith("loc("):
            try:
                found = read_location(text, 0, inline=True)
            except TypeSyntaxError as exc:
                self.report_value_error(exc, start, text, "syntax.location")
                return LocationAttr(text)
            for name, at in found.aliases:
                if name not in self.aliases:
                    self.error(f"undefined symbol alias id '{name[1:]}'", start + at, start + at + len(name),
                               "alias.undefined")
                    break
            if found.end < len(text.rstrip()):
                self.error("expected end of location", start + found.end, start + len(text.rstrip()), "syntax.location")
            return LocationAttr(text)
        known = _CLEAN_ATTRS.get(text)
        if known is not None and known[0] is self.registry:
            return known[1]
        try:
            value = parse_attr(text)
        except TypeSyntaxError as exc:
            self.report_value_error(exc, start, text, "syntax.attribute")
            return OpaqueAttr(text)
        if isinstance(value, OpaqueAttr) and self.describes(text):
            self.report_opaque(text, start, "attr", "syntax.attribute")
            return value
        if not self.check_dialect_references(value, text, start):
            _remember_clean(_CLEAN_ATTRS, text, self.registry, value)
        return value

    def describes(self, text: str) -> bool:
        """Does ``text`` (a dialect type or attribute) belong to a dialect whose syntax the type grammar
        reads exactly? The LLVM dialect's types and debug-info attributes have parsers of their own,
        which the grammar only approximates (the debug-info expressions are checked apart)."""
        head = text.lstrip()[1:].split("<", 1)[0]
        if "." not in head:
            return False
        dialect = head.split(".", 1)[0]
        return dialect != "llvm" and self.registry.is_closed_dialect(dialect)

    def report_opaque(self, text: str, start: int, kind: str, code: str) -> None:
        """A value of a known dialect the grammar could not read: why, where it went wrong."""
        problem = explain(text, kind)
        if problem is not None:
            self.report_value_error(problem, start, text, code)

    def read_type_text(self, text: str, start: int) -> Type:
        known = _CLEAN_TYPES.get(text)
        if known is not None and known[0] is self.registry:
            value = known[1]
        else:
            try:
                value = parse_type(text)
            except TypeSyntaxError as exc:
                self.report_value_error(exc, start, text, "syntax.type")
                return OpaqueType(text)
            if "!llvm.struct<" in text:  # member lists the grammar keeps opaque, read as upstream reads them
                problem = first_llvm_struct_problem(text)
                if problem is not None:
                    at = start + problem[0]
                    self.error(problem[1], at, min(at + 1, len(self.text)), "syntax.type")
                    return OpaqueType(text)
            if isinstance(value, OpaqueType) and self.describes(text):
                self.report_opaque(text, start, "type", "syntax.type")
                return value
            if self.check_dialect_references(value, text, start):
                return value
            _remember_clean(_CLEAN_TYPES, text, self.registry, value)
        if "x!" in text:  # what an alias stands for is the file's, not the text's: judged at every use
            self.check_vector_aliases(value, text, start)
        return value

    def check_vector_aliases(self, value: Attr | Type, text: str, start: int) -> None:
        """``vector<2x!t>``: the alias must stand for an integer, index or float type."""
        if "x!" not in text:
            return
        for name in sorted(aliased_vector_elements(value)):
            target = self.aliases.get(name)
            element = target.value if target is not None else None
            while isinstance(element, TypeAliasRef) and element.name in self.aliases:
                element = self.aliases[element.name].value
            if element is None or isinstance(element, (IntegerType, FloatType, IndexType, OpaqueType)):
                continue
            at = start + max(text.find(name), 0)
            # Through an alias upstream's type verifier, not its vector parser, sees the element.
            self.error("failed to verify 'elementType': VectorElementTypeInterface instance", at, at + len(name),
                       "syntax.type")
            return

    def check_dialect_references(self, value: Attr | Type, text: str, start: int) -> bool:
        """Dialect types and attributes inside ``value`` that upstream does not know: an unregistered
        dialect, or a mnemonic its dialect does not define. True when one was reported."""
        if "." not in text:
            return False
        problems = []
        for sigil, name in dialect_references(value):
            at = max(text.find(sigil + name), 0)
            message = self.registry.judge_dialect_value(sigil, name, _angle_body(text, at + len(name) + 1))
            if message:
                problems.append((at, name, message))
        if problems:  # upstream stops at the first, and reads what is inside it as an opaque string
            at, name, message = min(problems)
            self.error(message, start + at, start + at + len(name) + 1, "syntax.dialect")
            return True
        return False

    def report_value_error(self, exc: TypeSyntaxError, start: int, text: str, code: str) -> None:
        """A type/attribute error at its character, or over the whole value when it has no one place."""
        start = max(start, 0)
        if exc.offset is not None and exc.end_offset is not None:  # upstream's place, up to the token's end
            at = len(self.text[:start + exc.offset].rstrip()) if exc.wrong_token else start + exc.offset
            self.error(exc.message, at, max(start + exc.end_offset, at + 1), code, explanation=exc.explanation)
            return
        if exc.wrong_token and exc.offset is not None:  # upstream shows it just past the text before it
            at = len(self.text[:start + exc.offset].rstrip())
            self.error(exc.message, at, min(at + 1, len(self.text)), code, explanation=exc.explanation)
            return
        if exc.after:  # judged once read: upstream points at the token after the value
            at = self.next_token_offset(start + len(text))
            self.error(exc.message, at, min(at + 1, len(self.text)), code)
            return
        word = _UNKNOWN_WORD.match(exc.message)
        found = _whole_word(text, word.group(1)) if word is not None and exc.offset is None else None
        if found is not None and word is not None:  # the grammar knows the word, not its place: find it
            self.error(exc.message, start + found, start + found + len(word.group(1)), code)
        elif exc.offset is None:
            self.error(exc.message, start, start + len(text.rstrip()), code)
        else:
            offset = self.blame_offset(min(start + exc.offset, start + len(text)))
            self.error(exc.message, offset, min(offset + 1, len(self.text)), code)

    # ------------------------------------------------------------------ types
    def starts_type(self, index: int | None = None) -> bool:
        token = self.see(self.pos if index is None else index)
        if token.kind == tk.BANG:
            return True
        if token.kind == "(":
            return True
        if token.kind == tk.BARE:
            word = token.text
            return word in CONTAINER_TYPES or self.registry.is_scalar_type(word)
        return False

    def parse_type_ref(self) -> TypeRef:
        """One type at the cursor: cut out by bracket balance, parsed by the type grammar."""
        start = self.toks[self.pos].start
        try:
            return self._parse_type_ref()
        except DialectBodyFailure:
            raise
        except SyntaxFailure as failure:
            raise self.grammar_failure(start, failure) from None

    def grammar_failure(self, start: int, failure: SyntaxFailure) -> SyntaxFailure:
        """A type that does not close, judged as upstream judges it: the type grammar's first error
        in the text from the type on, when that comes before where the brackets stopped balancing
        — or wherever it is for a builtin type, which upstream reads token by token and never
        judges by its brackets (a dialect type's body it does)."""
        limit = self.text.find("\n", max(failure.end, failure.start))
        text = self.text[start:len(self.text) if limit < 0 else limit]
        builtin = text.startswith("(") or _BUILTIN_TYPE_START.match(text) is not None
        try:
            parse_type(text)
        except TypeSyntaxError as exc:
            if exc.offset is not None and (builtin or start + exc.offset <= failure.start):
                at = self.blame_offset(start + exc.offset)
                return SyntaxFailure(exc.message, at, at + 1, "syntax.type")
        return failure

    def next_token_offset(self, offset: int) -> int:
        """Where the first token at or after ``offset`` starts (white space and comments skipped)."""
        return tk.skip_blank(self.text, offset)

    def blame_offset(self, offset: int) -> int:
        """Where upstream shows an error at the token at ``offset``: just past the token before it
        when ``offset`` opens a line (upstream's ``emitWrongTokenError``)."""
        line_start = self.text.rfind("\n", 0, offset) + 1
        if self.text[line_start:offset].strip():
            return offset
        before = self.text[:offset].rstrip()
        return max(len(before) - 1, 0)

    def _parse_type_ref(self) -> TypeRef:
        token = self.toks[self.pos]
        start = token.start
        if token.kind == "(":
            reported = len(self.diagnostics)
            self.skip_balanced()
            if self.toks[self.pos].kind == "->":
                self.advance()
                self.parse_type_list_or_one()
            # The whole function type is read below and reports its first error; a result type's
            # own report would say the same thing twice.
            del self.diagnostics[reported:], self.origins[reported:]
        elif token.kind == tk.BANG or (token.kind == tk.BARE and (token.text in CONTAINER_TYPES or
                                                                  self.registry.is_scalar_type(token.text))):
            self.advance()
            if self.toks[self.pos].kind == "<" and self.toks[self.pos].start == token.end:
                self.skip_balanced()
        elif token.kind == tk.BARE:
            self.advance()
            shown = self.blame_span(token)  # a wrong token: upstream shows it past what comes before
            self.error("expected non-function type", shown[0], shown[1], "syntax.type",
                       explanation=f"'{token.text}' is not a type")
            return TypeRef(OpaqueType(token.text), token.start, token.end)
        else:
            raise self.fail("expected non-function type")
        end = self.prev_end()
        return TypeRef(self.read_type_text(self.text[start:end], start), start, end)

    def parse_type_list_or_one(self, result_attributes: bool = False) -> list[TypeRef]:
        """``T`` or ``(T, U)`` after an arrow; with ``result_attributes`` (a function's
        signature) each type in parentheses may carry an attribute dictionary,
        ``-> (f32 {llvm.noundef})``, which is stepped over."""
        if self.toks[self.pos].kind == "(":
            save = self.pos
            self.skip_balanced()
            if self.toks[self.pos].kind == "->":  # a function type as the single result
                self.pos = save
                return [self.parse_type_ref()]
            self.pos = save
            self.advance()
            refs = []
            while self.toks[self.pos].kind != ")":
                refs.append(self.parse_type_ref())
                if result_attributes and self.toks[self.pos].kind == "{":
                    self.skip_balanced()
                if self.toks[self.pos].kind == ",":
                    self.advance()
                elif self.toks[self.pos].kind != ")":
                    raise self.fail("expected ')' in type list")
            self.advance()
            return refs
        return [self.parse_type_ref()]

    def opens_dialect_body(self, index: int) -> bool:
        """Is the ``<`` at ``index`` the body of the dialect type or attribute just before it?"""
        if index == 0:
            return False
        before = self.toks[index - 1]
        return before.kind in (tk.BANG, tk.HASH) and before.end == self.toks[index].start

    def skip_dialect_body(self) -> None:
        """Step over a dialect value's ``<...>`` body as upstream's lexer scans it, character by
        character; an unbalanced bracket is upstream's error at the ``<`` (or the last string)."""
        open_tok = self.toks[self.pos]
        simple = _SIMPLE_BODY.match(self.text, open_tok.start)
        end, message = (simple.end(), None) if simple else tk.scan_pretty_body(self.text, open_tok.start)
        if message is not None:
            raise DialectBodyFailure(message, end, min(end + 1, len(self.text)), "syntax.dialect-body")
        toks = self.toks
        pos = self.pos
        while toks[pos].start < end and toks[pos].kind != tk.EOF:
            pos += 1
        self.pos = pos
        reach = toks[pos - 1].end
        if reach > self.furthest:
            self.furthest = reach

    def skip_balanced(self) -> None:
        """Step over one bracketed group starting at the cursor; errors when it never closes."""
        toks = self.toks
        open_tok = toks[self.pos]
        if open_tok.kind == "<" and self.pos:
            before = toks[self.pos - 1]
            if before.kind in _SIGILS and before.end == open_tok.start:
                self.skip_dialect_body()
                return
        stack = [open_tok.kind]
        self.advance()
        closers = _CLOSERS
        while stack:
            token = toks[self.pos]
            kind = token.kind
            if kind == "<":
                before = toks[self.pos - 1]
                if before.kind in _SIGILS and before.end == token.start:
                    self.skip_dialect_body()
                    continue
            if kind in closers:
                if token.newline_before and self.starts_op():
                    raise SyntaxFailure(f"unbalanced '{stack[-1]}'", open_tok.start, self.prev_end(),
                                        "syntax.unbalanced")
                stack.append(kind)
            elif kind in _CLOSING:
                if token.newline_before and kind != "}" and self.starts_op():
                    raise SyntaxFailure(f"unbalanced '{stack[-1]}'", open_tok.start, self.prev_end(),
                                        "syntax.unbalanced")
                if closers[stack[-1]] != kind:
                    raise self.fail(f"expected '{closers[stack[-1]]}'", token, "syntax.unbalanced")
                stack.pop()
            elif kind in _END_KINDS or (token.newline_before and self.starts_op()):
                raise SyntaxFailure(f"unbalanced '{stack[-1]}'", open_tok.start, self.prev_end(), "syntax.unbalanced")
            elif kind == "string" and tk.is_unterminated_string(token):
                raise self.fail("expected '\"' in string literal", token, "syntax.unterminated-string")
            elif kind == "error":
                raise self.invalid_character(token)
            pos = self.pos + 1  # self.advance(), inlined (the token is no EOF)
            self.pos = pos
            reach = toks[pos].end
            if reach > self.furthest:
                self.furthest = reach


_UNKNOWN_WORD: Final = re.compile(r"unknown type '(.+)'$")
_BUILTIN_TYPE_START: Final = re.compile(r"(?:memref|tensor|vector|complex|tuple)\b")

_CLEAN_TYPES: Final[dict[str, tuple[OpRegistry, Type]]] = {}
_CLEAN_ATTRS: Final[dict[str, tuple[OpRegistry, Attr]]] = {}
"""Type and attribute texts read without an error, by text, with the registry that judged their
dialect references: a file repeats a few spellings many times, and each is judged once."""
register_cache(_CLEAN_TYPES.clear)
register_cache(_CLEAN_ATTRS.clear)
_CLEAN_LIMIT: Final = 1 << 14


def _outermost_function(op: Operation) -> bool:
    """Is ``op`` function-like with no function-like op around it?"""
    if not op.is_function_like:
        return False
    parent = op.parent_op()
    while parent is not None:
        if parent.is_function_like:
            return False
        parent = parent.parent_op()
    return True


def _remember_clean(cache: dict, text: str, registry: OpRegistry, value: object) -> None:
    if len(cache) >= _CLEAN_LIMIT:
        cache.clear()
    cache[text] = (registry, value)


_SIGILS: Final = frozenset({tk.BANG, tk.HASH})
_CLOSERS: Final = tk.CLOSERS
"""``tokens.CLOSERS``, held by this compiled module (reading it from the interpreted one is a
lookup per token)."""
_SIMPLE_BODY: Final = re.compile(r'<(?:[^<>\[\](){}"\-\0]++|<(?:[^<>\[\](){}"\-\0]++|<[^<>\[\](){}"\-\0]*+>)*+>)*+>')
"""A dialect body with no brackets but ``<>`` nested at most three deep, and no strings, ``->`` or
NUL (``!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>``): the character scan
would end at its ``>``."""


def _angle_body(text: str, at: int) -> str:
    """The balanced ``<...>`` starting at ``at`` in ``text`` (empty when none starts there)."""
    if not text.startswith("<", at):
        return ""
    depth = 0
    for index in range(at, len(text)):
        if text[index] == "<":
            depth += 1
        elif text[index] == ">" and text[index - 1] != "-":
            depth -= 1
            if depth == 0:
                return text[at:index + 1]
    return text[at:]


def _whole_word(text: str, word: str) -> int | None:
    """Where ``word`` first appears in ``text`` as a whole identifier."""
    match = re.search(rf"(?:(?<![\w.$])|(?<=[0-9?]x)){re.escape(word)}(?![\w.$])", text)
    return match.start() if match else None


_END_KINDS: Final = frozenset({tk.EOF, tk.SPLIT})
_CLOSING: Final = frozenset({")", "]", ">", "}"})
_CONTINUATION_END: Final = frozenset({",", ":", "=", "->", "(", "[", "<", "{"})
_CONTINUATION_START: Final = frozenset({":", "->", ",", ")", "]", ">", "=", "(", "[", "<", "{", tk.INT, tk.FLOAT, tk.HASH,
                                 tk.BANG, tk.AT})




sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
