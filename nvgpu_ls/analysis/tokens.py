"""The token scanner for MLIR text.

One compiled regular expression walks the buffer; every character ends up in a
token, in skipped whitespace, or in a comment, so nothing can raise here. Tokens are
light tuples because a 20,000-line file has hundreds of thousands of them.
"""

from __future__ import annotations

import os
import re
from typing import Final, NamedTuple

# Token kinds. Punctuation tokens use their own text as kind. ``Final``: the compiled core reads
# them as constants, not as attributes of this (interpreted) module.
SSA: Final = "ssa"          # %name, %0, %x#1
CARET: Final = "caret"      # ^bb0
AT: Final = "at"            # @symbol, @"quoted"
HASH: Final = "hash"        # #alias, #dialect.attr
BANG: Final = "bang"        # !alias, !dialect.type
BARE: Final = "bare"        # identifiers and keywords, dotted op names
INT: Final = "int"
FLOAT: Final = "float"
STRING: Final = "string"
SPLIT: Final = "split"      # a `// -----` line
ERROR: Final = "error"      # a character that starts no MLIR token
EOF: Final = "eof"

CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
"""Each opening bracket and the token that closes it."""

_ID_CHARS = r"[A-Za-z0-9_$.\-]"
STRING_LITERAL = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
"""A double-quoted MLIR string as a regular expression (a backslash escapes the next character),
the one every reader of strings uses. Unrolled: ``"(?:[^"\\]|\\.)*"`` makes Python's matcher keep
state for each character, and a 4 MB string took 1.4 GB."""
_PATTERN = re.compile(
    # Each match is the white space before a token, then the token: one match per token, no
    # match objects (``findall``), and the kind read from the token's first character below.
    # The alternatives are tried in this order; the last one takes any other character.
    r"([ \t\r\f\v\n]*+)("
    rf"%{_ID_CHARS}+(?:#[0-9]+)?"                        # ssa
    r"|[A-Za-z_][A-Za-z0-9_$.]*"                          # bare
    r"|->"
    r"|\.\.\."
    r"|//[^\n]*"                                          # comment
    r"|[()\[\]{}<>,:=+\-*?|/]"                            # punctuation
    r"|[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?"                 # float
    r"|0x[0-9A-Fa-f]+|[0-9]+"                             # int
    rf"|\^{_ID_CHARS}+"                                   # caret
    rf'|@(?:{STRING_LITERAL}?|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*)'   # at
    rf"|#[A-Za-z_$.\-]{_ID_CHARS}*"                       # hash
    rf"|![A-Za-z_$.\-]{_ID_CHARS}*"                       # bang
    rf'|{STRING_LITERAL}?'                               # string
    r"|[\x00-\x08\x0e-\x1f\x7f]++"                          # error: a run of control characters
    r"|[^ \t\r\f\v\n]"                                    # error
    r"|\Z)",                                              # only white space left
    re.DOTALL,
)

_LOOK = "look"
"""A first character whose token's kind needs a second look at the token."""
_FIRST_CHAR_KIND: dict[str, str] = {c: c for c in "()[]{}<>,:=+*?|"}
_FIRST_CHAR_KIND.update({c: BARE for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"})
_FIRST_CHAR_KIND['"'] = STRING
_FIRST_CHAR_KIND.update({c: _LOOK for c in "%^@#!-./0123456789"})
_PREFIX_KIND = {"%": SSA, "^": CARET, "@": AT, "#": HASH, "!": BANG}
"""Sigils that make a token of their kind when a name follows them (alone: an error)."""


_SPLIT = re.compile(r"//[ \t]*-----")


def _is_split_marker(text: str, start: int, comment: str) -> bool:
    """``// -----`` alone at the start of a line (indentation allowed) separates chunks."""
    if not _SPLIT.match(comment):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    return not text[line_start:start].strip(" \t")


class Token(NamedTuple):
    kind: str
    start: int
    end: int
    text: str
    newline_before: bool
    """True when a line break separates this token from the previous one."""


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """All tokens of ``text[start:end]`` with absolute offsets, ending with an EOF token: from the
    native scanner where it was built (``_ctokens``), else from ``tokenize_python``."""
    end = len(text) if end is None else end
    if _native is not None:
        return _native.tokenize(text, start, end, Token, _KINDS)
    return tokenize_python(text, start, end)


def tokenize_python(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """``tokenize`` in Python: the reference the native scanner is held equal to."""
    end = len(text) if end is None else end
    tokens: list[Token] = []
    append = tokens.append
    make = tuple.__new__  # NamedTuple's own constructor is several times slower
    kind_of = _FIRST_CHAR_KIND.get
    newline = start == 0
    pos = start
    for space, value in _PATTERN.findall(text, start, end):
        if space:
            pos += len(space)
            if not newline and "\n" in space:
                newline = True
        if not value:
            break  # white space up to the end
        begin = pos
        pos += len(value)
        kind = kind_of(value[0], ERROR)
        if kind is _LOOK:
            char = value[0]
            if char in _PREFIX_KIND:
                kind = _PREFIX_KIND[char] if len(value) > 1 else ERROR
            elif char == "-":
                kind = value  # '-' or '->'
            elif char == "/":
                if len(value) > 1:  # a comment
                    if not _is_split_marker(text, begin, value):
                        continue
                    kind = SPLIT
                else:
                    kind = "/"
            elif char == ".":
                kind = value if value == "..." else ERROR
            else:
                kind = FLOAT if "." in value else INT
        append(make(Token, (kind, begin, pos, value, newline)))
        newline = False
    append(Token(EOF, end, end, "", True))
    return tokens


_BODY_CLOSERS = {">": "<", "]": "[", ")": "(", "}": "{"}


_BRACE_STOPS = re.compile(r'[{}"]|//')
_STRING_TOKEN = re.compile(STRING_LITERAL + "?", re.DOTALL)
"""A string token as the scanner reads one (``_PATTERN``'s alternative), closing quote optional."""


def matching_brace(text: str, at: int) -> int:
    """The offset of the '}' closing the '{' at ``at``, braces inside strings and comments not
    counted (the scanner's own rules for both); -1 when the text ends first. From the native
    scanner where it was built, else ``matching_brace_python``."""
    if _native is not None:
        return _native.matching_brace(text, at)
    return matching_brace_python(text, at)


def matching_brace_python(text: str, at: int) -> int:
    """``matching_brace`` in Python: the reference the native one is held equal to."""
    depth = 0
    pos = at
    find = _BRACE_STOPS.search
    while (match := find(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return match.start()
        elif char == '"':  # to the end of the string token (unterminated: its line's end)
            pos = _STRING_TOKEN.match(text, match.start()).end()  # type: ignore[union-attr]
        elif char == "//":
            newline = text.find("\n", pos)
            if newline < 0:
                return -1
            pos = newline
    return -1


def skip_blank(text: str, offset: int) -> int:
    """Where the first token at or after ``offset`` starts: white space and ``//`` comments skipped."""
    while offset < len(text):
        if text[offset].isspace():
            offset += 1
        elif text.startswith("//", offset):
            newline = text.find("\n", offset)
            offset = len(text) if newline < 0 else newline
        else:
            break
    return min(offset, len(text))


def scan_pretty_body(text: str, at: int) -> tuple[int, str | None]:
    """Read a dialect type's or attribute's ``<...>`` body character by character, as upstream's
    ``parseDialectSymbolBody`` does before the dialect sees it: brackets must nest (``->`` is one
    mark, comments are not special, strings are lexed). Returns (end, None) with ``end`` just past
    the closing ``>``, or (where, message) with upstream's error and the place it is shown: the
    ``<`` or the last string the scan lexed."""
    nested: list[str] = []
    shown = at
    pos = at
    while True:
        mark = _BODY_MARK.search(text, pos)
        if mark is None:
            return shown, f"unbalanced '{nested[-1]}' character in pretty dialect name"
        char = mark.group()
        pos = mark.end()
        if char == "->":
            continue
        if char in "<[({":
            nested.append(char)
        elif char in _BODY_CLOSERS:
            if nested[-1] != _BODY_CLOSERS[char]:
                return shown, f"unbalanced '{nested[-1]}' character in pretty dialect name"
            nested.pop()
            if not nested:
                return pos, None
        elif char == '"':
            shown = pos - 1
            end = _string_end(text, pos)
            if end is None:
                newline = text.find("\n", pos)
                return (len(text) if newline < 0 else newline), 'expected \'"\' in string literal'
            pos = end
        else:  # a NUL: upstream's end of input
            return shown, f"unbalanced '{nested[-1]}' character in pretty dialect name"


_BODY_MARK = re.compile(r'->|[<>\[\](){}"\0]')


def _string_end(text: str, pos: int) -> int | None:
    """Just past the string whose opening quote is before ``pos``; None when its line ends first."""
    size = len(text)
    while pos < size:
        char = text[pos]
        if char == '"':
            return pos + 1
        if char in "\n\r\0":
            return None
        pos += 2 if char == "\\" else 1
    return None


_KINDS = (SSA, CARET, AT, HASH, BANG, BARE, INT, FLOAT, STRING, SPLIT, ERROR, EOF)
"""The kinds in the order the native scanner takes them."""


def line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts: 0, then one past every ``\\n``; from the native scanner
    where it was built, else ``line_starts_python``."""
    if _native is not None:
        return _native.line_starts(text)
    return line_starts_python(text)


def line_starts_python(text: str) -> list[int]:
    """``line_starts`` in Python: the reference the native one is held equal to."""
    starts = [0]
    find = text.find
    pos = find("\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = find("\n", pos + 1)
    return starts


def _load_native():
    """The native scanner, unless it was not built or ``NVGPU_LS_PURE_PYTHON`` is set."""
    if os.environ.get("NVGPU_LS_PURE_PYTHON"):
        return None
    try:
        from . import _ctokens
    except ImportError:
        return None
    return _ctokens


_native = _load_native()


def is_unterminated_string(token: Token) -> bool:
    """A string (or quoted symbol) token that reached the end of its line unclosed."""
    text = token.text
    if token.kind == AT:
        text = text[1:]
        if not text.startswith('"'):
            return False
    elif token.kind != STRING:
        return False
    if len(text) < 2 or not text.endswith('"'):
        return True
    backslashes = len(text) - 1 - len(text[:-1].rstrip("\\"))
    return backslashes % 2 == 1


def printable(text: str) -> str:
    """A token's text as it can be quoted in a message (control characters escaped)."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


_ESCAPE = re.compile(r'\\(?:([0-9A-Fa-f]{2})|(.))', re.DOTALL)
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def string_value(quoted: str) -> str:
    """The value of a string literal as upstream's lexer reads it: ``\\"``, ``\\\\``, ``\\n``,
    ``\\t`` and two hexadecimal digits (``\\0A``) are escapes; the quotes are dropped."""
    inner = quoted[1:-1] if len(quoted) >= 2 and quoted.startswith('"') and quoted.endswith('"') else quoted.lstrip('"')
    if "\\" not in inner:
        return inner

    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return chr(int(match.group(1), 16))
        return _SIMPLE_ESCAPES.get(match.group(2), match.group(0))
    return _ESCAPE.sub(one, inner)
