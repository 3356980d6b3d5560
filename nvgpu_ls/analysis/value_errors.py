"""Where and in which words upstream's parser stops on a type or attribute the grammar cannot read.

The type grammar (``typegrammar.py``) builds the model of every type and attribute; when it fails,
its own message names the tokens it expected, which is not what a user can search for. This reader
walks the text as ``mlir/lib/AsmParser/TypeParser.cpp`` and ``AttributeParser.cpp`` do — ``memref``,
``tensor``, ``vector``, ``complex``, ``tuple``, function types, dimension lists with their ``x``
glued to the next word, the nvgpu types' ``struct(params)`` bodies, arrays and attribute
dictionaries — and gives upstream's first error: its words, and its place (a wrong token is
reported just past the text before it, as upstream's ``emitWrongTokenError`` does). Other dialects'
types and attributes are stepped over whole; an error inside them is left to the grammar. None
means the reader found no error, and the grammar's message stands.
"""

from __future__ import annotations

import re
from typing import Callable

from .tokens import scan_pretty_body, skip_blank
from .typegrammar import (
    GPU_ADDRESS_SPACES, NVGPU_ENUM_CLASSES, NVGPU_STRUCT_TYPES, REQUIRED, TENSOR_MAP_ENUMS, is_scalar_type_name,
)

_BARE = re.compile(r"[A-Za-z_][\w$.]*")
_NUMBER = re.compile(r"0x[0-9A-Fa-f]+|\d+(?:\.\d*(?:[eE][+-]?\d+)?)?")
_INT64_MAX = (1 << 63) - 1


_BUILTIN_ELEMENTS = {
    # container: (builtin kinds it holds, dialect types it holds, dialects none of whose types it holds)
    "vector": ({"int", "float", "index"}, {"llvm.ptr", "ptr.ptr"}, {"llvm", "gpu", "nvgpu"}),
    "memref": ({"int", "float", "index", "complex", "vector", "memref"}, {"ptr.ptr"}, {"llvm", "gpu", "nvgpu"}),
    "tensor": ({"int", "float", "index", "complex", "vector"}, set(), set()),
    "complex": ({"int", "float"}, set(), set()),
}
"""What each builtin container holds, measured with ``mlir-opt-22``: builtin kinds, and for dialect
types the ones known to implement its element interface and the dialects known to have none that
do (a dialect type of any other dialect is given the benefit of the doubt)."""
ELEMENT_MESSAGES = {
    "vector": "failed to verify 'elementType': VectorElementTypeInterface instance",
    "memref": "invalid memref element type",
    "tensor": "invalid tensor element type",
    "complex": "invalid element type for complex",
}
"""Upstream's words for an element its container cannot hold (for a vector at the vector, for the
others at the element)."""


def type_kind(text: str) -> str:
    """``int``, ``float``, ``index``, ``none``, a container keyword, ``function``, ``!dialect.name``
    for a dialect type, ``alias`` or ``unknown``: the kind of the type ``text`` spells."""
    text = text.strip()
    if text.startswith("("):
        return "function"
    if text.startswith("!"):
        name = _BARE.match(text, 1)
        if name is None:
            return "unknown"
        return "!" + name.group() if "." in name.group() else "alias"
    word = _BARE.match(text)
    if word is None:
        return "unknown"
    word_text = word.group()
    if word_text in ("memref", "tensor", "vector", "complex", "tuple", "index", "none"):
        return word_text
    if re.fullmatch(r"[su]?i\d+", word_text):
        return "int"
    return "float" if is_scalar_type_name(word_text) else "unknown"


def element_problem(container: str, element: str) -> str | None:
    """Upstream's words when the type ``element`` spells cannot be an element of ``container``
    (``vector``, ``memref``, ``tensor``, ``complex``); None when it can, or when nobody here can tell."""
    builtin, dialect_types, refused_dialects = _BUILTIN_ELEMENTS[container]
    kind = type_kind(element)
    if kind in ("alias", "unknown"):
        return None
    if kind.startswith("!"):
        name = kind[1:]
        if name in dialect_types or name.split(".", 1)[0] not in refused_dialects:
            return None
        return ELEMENT_MESSAGES[container]
    return None if kind in builtin else ELEMENT_MESSAGES[container]


class UpstreamError(Exception):
    """Upstream's first error in a text: its words, its place, and the token it is about."""

    def __init__(self, offset: int, message: str, wrong_token: bool = False, end: int | None = None,
                 explanation: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.wrong_token = wrong_token
        """At a token that opens the text: upstream shows it just past what comes before the text."""
        self.end = end
        """Where the token the error is about ends (a wrong token's error is shown before it)."""
        self.explanation = explanation


_Stop = UpstreamError


class _Unknown(Exception):
    """Something this reader does not model: leave the verdict to the grammar."""


def first_type_error(text: str) -> UpstreamError | None:
    """Upstream's first error reading ``text`` as one type (followed by nothing else), or None."""
    return _first_error(text, _Reader.type)


def first_attribute_error(text: str) -> UpstreamError | None:
    """Like ``first_type_error``, for ``text`` read as one attribute (an attribute dictionary
    among them)."""
    return _first_error(text, _Reader.attribute)


def _first_error(text: str, read: Callable[["_Reader"], None]) -> UpstreamError | None:
    reader = _Reader(text)
    try:
        read(reader)
    except UpstreamError as stop:
        return stop
    except (_Unknown, RecursionError):
        return None
    return None  # read whole, or followed by text whose meaning is the caller's context's


def one_attribute_end(text: str) -> int | None:
    """Where the first attribute of ``text`` ends, when it reads cleanly; None otherwise."""
    reader = _Reader(text)
    try:
        reader.attribute()
    except (_Stop, _Unknown, RecursionError):
        return None
    if re.fullmatch(r"\s*#[\w$]+\.[\w$.]+", text[:reader.at]):
        return None  # a dialect attribute without a body: whether it needs one is its dialect's to say
    return reader.at


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.container_start = 0
        """Where the builtin container being read starts (upstream reports some errors there)."""

    # ------------------------------------------------------------------ tokens
    def skip_space(self) -> int:
        self.at = skip_blank(self.text, self.at)
        return self.at

    def peek_kind(self) -> str:
        """``eof``, ``bare``, ``int``, ``float``, ``bang``, ``hash``, ``string``, or the punctuation."""
        at = self.skip_space()
        text = self.text
        if at >= len(text):
            return "eof"
        char = text[at]
        if char.isalpha() or char == "_":
            return "bare"
        if char.isdigit():
            number = _NUMBER.match(text, at)
            assert number is not None
            return "float" if "." in number.group() else "int"
        if text.startswith("->", at):
            return "->"
        if char == "!":
            return "bang"
        if char == "#":
            return "hash"
        if char == '"':
            return "string"
        return char

    def word(self) -> str:
        self.skip_space()
        match = _BARE.match(self.text, self.at)
        return match.group() if match else ""

    def wrong_token(self, message: str, explanation: str = "") -> _Stop:
        """Upstream's ``emitWrongTokenError``: just past the text before the token (the token
        itself kept as the end of what is shown)."""
        at = self.skip_space()
        token = _BARE.match(self.text, at) or _NUMBER.match(self.text, at)
        token_end = token.end() if token else (at + 2 if self.text.startswith("->", at) else at + 1)
        end = min(token_end, len(self.text)) if at < len(self.text) else None
        before = self.text[:at].rstrip()
        return _Stop(len(before) if before else at, message, wrong_token=not before, end=end,
                     explanation=explanation)

    def at_token(self, message: str) -> _Stop:
        return _Stop(self.skip_space(), message)

    def expect(self, kind: str, message: str) -> None:
        if self.peek_kind() != kind:
            raise self.wrong_token(message)
        self.at += len(kind)

    def consume_if(self, kind: str) -> bool:
        if self.peek_kind() == kind:
            self.at += len(kind)
            return True
        return False

    def skip_body(self) -> None:
        """The cursor on a ``<``, ``[`` or ``{``: past what closes it, scanned as upstream scans a
        dialect body (its errors are the grammar's to report)."""
        end, problem = scan_pretty_body(self.text, self.at)
        if problem is not None:
            raise _Unknown()
        self.at = end

    # ------------------------------------------------------------------ types
    def type(self) -> None:
        if self.peek_kind() == "(":
            self.function_type()
        else:
            self.non_function_type()

    def function_type(self) -> None:
        self.type_list_parens()
        self.expect("->", "expected '->' in function type")
        if self.peek_kind() == "(":
            self.type_list_parens()
        else:
            self.non_function_type()

    def type_list_parens(self) -> None:
        self.at += 1  # '('
        if self.consume_if(")"):
            return
        self.type_list()
        self.expect(")", "expected ')'")

    def type_list(self) -> None:
        self.type()
        while self.consume_if(","):
            self.type()

    def non_function_type(self) -> None:
        kind = self.peek_kind()
        if kind == "bang":
            self.dialect_symbol()
            return
        if kind != "bare":
            raise self.wrong_token("expected non-function type")
        word = self.word()
        if word in ("memref", "tensor", "vector", "complex", "tuple"):
            outer, self.container_start = self.container_start, self.at
            self.at += len(word)
            getattr(self, f"{word}_type")()
            self.container_start = outer
            return
        if is_scalar_type_name(word):
            self.at += len(word)
            return
        raise self.wrong_token("expected non-function type", f"'{word}' is not a type")

    def dialect_symbol(self) -> None:
        """``!name`` / ``#name``, with its ``<...>`` body when it has one: an nvgpu struct type
        read as upstream reads it, anything else stepped over."""
        sigil = self.text[self.at]
        self.at += 1
        match = _BARE.match(self.text, self.at)
        if match is None:
            raise _Unknown()
        self.at = match.end()
        if sigil == "!" and match.group() in NVGPU_STRUCT_TYPES:
            self.nvgpu_struct(NVGPU_STRUCT_TYPES[match.group()])
        elif sigil == "#" and match.group() == "gpu.address_space":
            self.gpu_address_space()
        elif self.text.startswith("<", self.at):
            self.skip_body()

    def gpu_address_space(self) -> None:
        """``<case>`` of ``#gpu.address_space``, the case a keyword or a string."""
        self.expect("<", "expected '<'")
        kind = self.peek_kind()
        if kind not in ("bare", "string"):
            raise self.at_token("expected valid keyword or string")
        start = self.at
        if kind == "string":
            self.string()
            word = self.text[start + 1:self.at - 1]
        else:
            word = self.word()
            self.at += len(word)
        if word not in GPU_ADDRESS_SPACES:
            raise _Stop(start, f"expected ::mlir::gpu::AddressSpace to be one of: {', '.join(GPU_ADDRESS_SPACES)}")
        self.expect(">", "expected '>'")

    def nvgpu_struct(self, params: tuple[tuple[str, str, object], ...]) -> None:
        """``<` struct(params) `>`` as upstream's generated parser reads it: with every parameter
        required exactly that many, comma-separated; otherwise a list, then the required ones."""
        self.expect("<", "expected '<'")
        kinds = {name: kind for name, kind, _ in params}
        seen: set[str] = set()

        def one() -> None:
            if self.peek_kind() != "bare":
                raise self.wrong_token("expected valid keyword")
            key = self.word()
            self.at += len(key)
            self.expect("=", "expected '='")
            at = self.skip_space()
            if key not in kinds or key in seen:
                raise _Stop(at, f"duplicate or unknown struct parameter name: {key}")
            seen.add(key)
            self.struct_value(key, kinds[key])

        if all(default is REQUIRED for _, _, default in params):
            for index in range(len(params)):
                one()
                if index != len(params) - 1:
                    self.expect(",", "expected ','")
        else:
            one()
            while self.consume_if(","):
                one()
            missing = [name for name, _, default in params if default is REQUIRED and name not in seen]
            if missing:
                raise self.at_token(f"struct is missing required parameter: {missing[0]}")
        self.expect(">", "expected '>'")

    def struct_value(self, key: str, kind: str) -> None:
        start = self.skip_space()
        if kind in ("memref", "vector"):
            self.type()
            if type_kind(self.text[start:self.at]) != kind:
                raise _Stop(start, f"invalid kind of type specified: expected builtin.{kind}, but found "
                                   f"'{self.text[start:self.at].strip()}'")
        elif kind == "unsigned":
            self.consume_if("-")
            if self.peek_kind() != "int":
                raise self.at_token("expected integer value")
            self.at = _NUMBER.match(self.text, self.at).end()  # type: ignore[union-attr]
        elif kind == "enum":
            if self.peek_kind() not in ("bare", "string"):
                raise self.at_token("expected valid keyword or string")
            word = self.word()
            if word not in TENSOR_MAP_ENUMS[key]:
                raise self.at_token(f"expected ::mlir::nvgpu::{NVGPU_ENUM_CLASSES[key]} to be one of: "
                                    f"{', '.join(TENSOR_MAP_ENUMS[key])}")
            self.at += len(word)
        else:
            self.attribute()

    def attribute(self) -> None:
        """One attribute as upstream's ``parseAttribute`` reads it (without a type given): arrays
        and dictionaries element by element, a number or string with the ``: type`` it may take,
        dialect attributes stepped over; upstream's words when none starts here."""
        kind = self.peek_kind()
        if kind == "-" and self.text[self.at + 1:self.at + 2].isdigit():
            self.at += 1
            kind = self.peek_kind()
        if kind in ("int", "float", "string"):
            if kind == "string":
                self.string()
            else:
                self.at = _NUMBER.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.consume_if(":"):
                self.type()
            return
        if kind in ("hash", "bang"):
            self.dialect_symbol()
            return
        if kind == "[":
            self.at += 1
            if self.consume_if("]"):
                return
            self.attribute()
            while self.consume_if(","):
                self.attribute()
            self.expect("]", "expected ',' or ']'")
            return
        if kind == "{":
            self.dictionary()
            return
        if kind == "@":
            self.symbol_reference()
            return
        if kind == "(":
            self.type()
            return
        if kind != "bare":
            raise self.wrong_token("expected attribute value")
        word = self.word()
        if word in ("affine_map", "affine_set", "strided", "dense", "array", "sparse", "dense_resource",
                    "distinct", "loc"):
            self.at += len(word)
            if self.peek_kind() in ("<", "[", "("):
                self.skip_body()
                if word == "distinct" and self.peek_kind() == "<":
                    self.skip_body()
            if word in ("dense", "sparse", "dense_resource") and self.consume_if(":"):
                self.type()
            return
        if word in ("true", "false", "unit"):
            self.at += len(word)
            return
        if word in ("memref", "tensor", "vector", "complex", "tuple") or is_scalar_type_name(word):
            self.type()  # a type is an attribute too
            return
        raise self.wrong_token("expected attribute value")

    def dictionary(self) -> None:
        """``{name [= value], ...}``, the cursor on its ``{``."""
        self.at += 1
        if self.consume_if("}"):
            return
        while True:
            kind = self.peek_kind()
            if kind == "string":
                self.string()
            elif kind == "bare":
                self.at += len(self.word())
            else:
                raise self.at_token("expected attribute name")
            if self.consume_if("="):
                self.attribute()
            if not self.consume_if(","):
                break
        self.expect("}", "expected '}' in attribute dictionary")

    def string(self) -> None:
        close = self.text.find('"', self.at + 1)
        while close > 0 and self.text[close - 1] == "\\":
            close = self.text.find('"', close + 1)
        if close < 0:
            raise _Unknown()
        self.at = close + 1

    def symbol_reference(self) -> None:
        """``@name`` (or ``@"name"``) and its nested ``::@name`` parts."""
        while True:
            self.at += 1  # '@'
            if self.peek_kind() == "string":
                self.string()
            elif self.peek_kind() == "bare":
                self.at += len(self.word())
            else:
                raise _Unknown()
            if not self.text.startswith("::@", self.at):
                return
            self.at += 2

    # ------------------------------------------------------------------ dimensions
    def integer_in_dimension_list(self) -> None:
        at = self.skip_space()
        number = _NUMBER.match(self.text, at)
        if number is None:
            raise _Unknown()
        spelled = number.group()
        if spelled.startswith("0x"):
            self.at = at + 1  # upstream reads the 0 and goes on at the x
            return
        if "." in spelled or int(spelled) > _INT64_MAX:
            raise self.at_token("invalid dimension")
        self.at = number.end()

    def x_in_dimension_list(self) -> None:
        if self.peek_kind() != "bare" or not self.text.startswith("x", self.at):
            raise self.wrong_token("expected 'x' in dimension list")
        self.at += 1  # only the x: what is glued to it is the next token

    def ranked_dimensions(self, allow_dynamic: bool = True) -> list[int]:
        sizes: list[int] = []
        while self.peek_kind() in ("int", "?"):
            if self.consume_if("?"):
                if not allow_dynamic:
                    raise _Unknown()
                sizes.append(-1)
            else:
                start = self.skip_space()
                self.integer_in_dimension_list()
                spelled = self.text[start:self.at]
                sizes.append(0 if spelled.startswith("0") and len(spelled) == 1 else int(spelled))
            self.x_in_dimension_list()
        return sizes

    # ------------------------------------------------------------------ builtin containers
    def memref_type(self) -> None:
        self.expect("<", "expected '<' in memref type")
        unranked = self.consume_if("*")
        if unranked:
            self.x_in_dimension_list()
        else:
            self.ranked_dimensions()
        problem = self.element_type("memref")
        if problem is not None:
            raise problem
        if self.consume_if(">"):
            return
        self.expect(",", "expected ',' or '>' in memref type")
        if self.peek_kind() == ">":
            raise self.wrong_token("expected list element")
        space = False
        while True:
            start = self.skip_space()
            self.attribute()
            layout = self.text.startswith(("affine_map", "strided"), start)
            name = _BARE.match(self.text, start + 1)
            if not layout and self.text.startswith("#", start) and (name is None or "." not in name.group()):
                raise _Unknown()  # an alias: a layout or a memory space, the file says which
            if layout and unranked:
                raise self.at_token("cannot have affine map for unranked memref type")
            if layout and space:
                raise self.at_token("expected memory space to be last in memref type")
            if not layout and space:
                raise self.at_token("multiple memory spaces specified in memref type")
            space = space or not layout
            if not self.consume_if(","):
                break
        self.expect(">", "expected ',' or '>'")

    def tensor_type(self) -> None:
        self.expect("<", "expected '<' in tensor type")
        if self.consume_if("*"):
            self.x_in_dimension_list()
        else:
            self.ranked_dimensions()
        problem = self.element_type("tensor")
        if self.consume_if(","):
            if self.peek_kind() != ">":
                self.attribute()
        self.expect(">", "expected '>' in tensor type")
        if problem is not None:
            raise problem

    def vector_type(self) -> None:
        self.expect("<", "expected '<' in vector type")
        sizes: list[int] = []
        while self.peek_kind() in ("int", "["):
            scalable = self.consume_if("[")
            if scalable and self.peek_kind() != "int":
                raise _Unknown()
            start = self.skip_space()
            self.integer_in_dimension_list()
            spelled = self.text[start:self.at]
            sizes.append(int(spelled) if spelled.isdigit() else 0)
            if scalable and not self.consume_if("]"):
                raise self.wrong_token("missing ']' closing scalable dimension")
            self.x_in_dimension_list()
        problem = self.element_type("vector")
        self.expect(">", "expected '>' in vector type")
        if problem is not None:
            raise problem
        if any(size <= 0 for size in sizes):
            raise _Stop(self.container_start, "vector types must have positive constant sizes but got "
                        + ", ".join(map(str, sizes)))

    def complex_type(self) -> None:
        self.expect("<", "expected '<' in complex type")
        problem = self.element_type("complex")
        self.expect(">", "expected '>' in complex type")
        if problem is not None:
            raise problem

    def tuple_type(self) -> None:
        self.expect("<", "expected '<' in tuple type")
        if self.consume_if(">"):
            return
        self.type_list()
        self.expect(">", "expected '>' in tuple type")

    def element_type(self, container: str) -> _Stop | None:
        """The element type, and upstream's error where ``container`` cannot hold it (raised by
        the caller when upstream checks: a memref at once, the others after their ``>``)."""
        start = self.skip_space()
        self.type()
        problem = element_problem(container, self.text[start:self.at])
        if problem is None:
            return None
        return _Stop(self.container_start if container == "vector" else start, problem)
