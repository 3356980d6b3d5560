"""The member lists of LLVM dialect struct types, read as upstream's LLVM type parser reads them.

``!llvm.struct<[“name”,] [packed] (T, ...)>`` (or ``<"name", opaque>``, or ``<"name">``) lists its
members as LLVM-compatible types: builtin types (``i32``, ``vector<4xf32>``), the LLVM dialect's
own types written without their ``!llvm.`` prefix (``ptr<3>``, ``struct<...>``, ``array<4 x i8>``,
``func<...>``, ``void``, ...) or any ``!dialect.type``. The type grammar keeps a struct it cannot
model as an opaque value; this reader finds the first place where upstream's parser would stop,
with upstream's words (measured with ``mlir-opt-22``), and nothing where it would not.
"""

from __future__ import annotations

import re

from .typegrammar import TypeSyntaxError, parse_type

_WORD = re.compile(r"[A-Za-z_][\w.$]*")
_INTEGER = re.compile(r"\d+")
_BUILTIN_SCALAR = re.compile(r"(?:[su]?i\d+|f16|bf16|f32|f64|f80|f128|tf32|index|none|f\d+E\d+M\d+\w*)$")
_BUILTIN_SHAPED = ("vector", "tensor", "memref", "complex", "tuple")
_LLVM_PLAIN = ("void", "token", "label", "metadata", "x86_amx", "ptr")
_LLVM_BODIED = ("ptr", "struct", "array", "func", "target", "vec")
_STRUCT = re.compile(r"!llvm\.struct(?=<)")


class _Stop(Exception):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


def first_problem(text: str) -> tuple[int, str] | None:
    """(offset in ``text``, upstream's message) of the first struct type upstream's parser
    rejects, or None. A struct nested in another is read with it (an identified struct may name
    one around it without a body)."""
    checked_to = 0
    for match in _STRUCT.finditer(text):
        if match.start() < checked_to:
            continue
        try:
            _Reader(text, match.end()).struct_body(())
            checked_to = _Reader(text, match.end()).balanced()
        except _Stop as stop:
            return stop.offset, stop.message
    return None


class _Reader:
    def __init__(self, text: str, at: int) -> None:
        self.text = text
        self.at = at

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.at:self.at + 1]

    def skip_space(self) -> None:
        text, at = self.text, self.at
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        self.at = at

    def word(self) -> str | None:
        self.skip_space()
        match = _WORD.match(self.text, self.at)
        if match is None:
            return None
        self.at = match.end()
        return match.group()

    def balanced(self) -> int:
        """Skip one ``<...>`` (its nesting and strings); where it ends."""
        text, at, depth = self.text, self.at, 0
        while at < len(text):
            char = text[at]
            if char == '"':
                at = text.find('"', at + 1)
                if at < 0:
                    break
            elif char in "<([{":
                depth += 1
            elif char in ">)]}":
                depth -= 1
                if depth == 0:
                    self.at = at + 1
                    return self.at
            at += 1
        raise _Stop(len(text), "unbalanced '<'")

    def struct_body(self, names: tuple[str, ...]) -> None:
        """``<`` name? packed? ``(members)`` or ``opaque`` ``>``, the cursor on its ``<``; ``names``
        are the identified structs around it. An error is placed just past the token before the
        one upstream found wrong, as upstream places it."""
        self.at += 1
        name = None
        if self.peek() == '"':
            end = self.text.find('"', self.at + 1)
            if end < 0:
                return
            name = self.text[self.at + 1:end]
            self.at = end + 1
            after_name = self.at
            following = self.peek()
            if following == ">":
                if name not in names:
                    raise _Stop(after_name, "struct without a body only allowed in a recursive struct")
                return  # a reference to the identified struct around it
            if following != ",":
                raise _Stop(after_name, "expected ','")
            self.at += 1
            names = (*names, name)
        before = self.at
        word = self.word()
        if word == "opaque":
            if name is None:
                raise _Stop(self.at - len(word), "only identified structs can be opaque")
            return
        if word == "packed":
            before = self.at
        else:
            self.at = before
        if self.peek() != "(":
            raise _Stop(before, "expected '('")
        self.at += 1
        if self.peek() == ")":
            return
        while True:
            self.member(names)
            after = self.at
            following = self.peek()
            if following == ",":
                self.at += 1
                continue
            if following == ")":
                return
            raise _Stop(after, "expected ')'")

    def member(self, names: tuple[str, ...]) -> None:
        self.skip_space()
        start = self.at
        if self.text.startswith("!", start):
            self.at += 1
            word = self.word()
            if word is None:
                raise _Stop(start, "expected valid keyword")
            if self.text.startswith("<", self.at):
                if word == "llvm.struct":
                    _Reader(self.text, self.at).struct_body(names)
                self.balanced()
            return
        word = self.word()
        if word is None:
            raise _Stop(start, "expected valid keyword")
        if _BUILTIN_SCALAR.match(word) or word in _LLVM_PLAIN and not self.text.startswith("<", self.at):
            return
        if word in _BUILTIN_SHAPED and self.text.startswith("<", self.at):
            self._builtin(start, self.balanced())
            return
        if word in _LLVM_BODIED and self.text.startswith("<", self.at):
            if word == "struct":
                _Reader(self.text, self.at).struct_body(names)
            self.balanced()
            return
        raise _Stop(start, f"unknown LLVM type: {word}")

    def _builtin(self, start: int, end: int) -> None:
        try:
            parse_type(self.text[start:end])
        except TypeSyntaxError as exc:
            raise _Stop(start + (exc.offset or 0), exc.message) from None
