"""The token scanner for MLIR text.

One compiled regular expression walks the buffer; every character ends up in a
token, in skipped whitespace, or in a comment, so nothing can raise here. Tokens are
light tuples because a 20,000-line file has hundreds of thousands of them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Token kinds. Punctuation tokens use their own text as kind.
SSA = "ssa"          # %name, %0, %x#1
CARET = "caret"      # ^bb0
AT = "at"            # @symbol, @"quoted"
HASH = "hash"        # #alias, #dialect.attr
BANG = "bang"        # !alias, !dialect.type
BARE = "bare"        # identifiers and keywords, dotted op names
INT = "int"
FLOAT = "float"
STRING = "string"
SPLIT = "split"      # a `// -----` line
ERROR = "error"      # a character that starts no MLIR token
EOF = "eof"

CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}
"""Each opening bracket and the token that closes it."""

_ID_CHARS = r"[A-Za-z0-9_$.\-]"
_PATTERN = re.compile(
    r"(?P<ws>[ \t\r\f\v]+)"
    r"|(?P<nl>\n)"
    rf"|(?P<ssa>%{_ID_CHARS}+(?:#[0-9]+)?)"
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_$.]*)"
    r"|(?P<arrow>->)"
    r"|(?P<ellipsis>\.\.\.)"
    r"|(?P<comment>//[^\n]*)"
    r"|(?P<punct>[()\[\]{}<>,:=+\-*?|/])"
    r"|(?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)"
    r"|(?P<int>0x[0-9A-Fa-f]+|[0-9]+)"
    rf"|(?P<caret>\^{_ID_CHARS}+)"
    r'|(?P<at>@(?:"(?:[^"\\\n]|\\.)*"?|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*))'
    rf"|(?P<hash>#[A-Za-z_$.\-]{_ID_CHARS}*)"
    rf"|(?P<bang>![A-Za-z_$.\-]{_ID_CHARS}*)"
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"?)'
    r"|(?P<error>.)",
    re.DOTALL,
)


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
    """All tokens of ``text[start:end]`` with absolute offsets, ending with an EOF token."""
    end = len(text) if end is None else end
    tokens: list[Token] = []
    append = tokens.append
    make = tuple.__new__  # NamedTuple's own constructor is several times slower
    newline = start == 0
    for match in _PATTERN.finditer(text, start, end):
        kind = match.lastgroup
        if kind == "ws":
            continue
        if kind == "comment":
            if not _is_split_marker(text, match.start(), match.group()):
                continue
            kind = "split"
        if kind == "nl":
            newline = True
            continue
        value = match.group()
        if kind == "punct" or kind == "arrow" or kind == "ellipsis":
            kind = value
        begin, finish = match.span()
        append(make(Token, (kind, begin, finish, value, newline)))
        newline = False
    append(Token(EOF, end, end, "", True))
    return tokens


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
