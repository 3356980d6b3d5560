"""Text written into MLIR source: the one way a file name or message becomes a string literal.

MLIR's lexer knows ``\\\\``, ``\\"``, ``\\n``, ``\\t`` and ``\\XX`` (two hex digits, one byte) inside a
string and nothing else: JSON's ``\\u00e9`` is "unknown escape in string literal". So every byte of
the UTF-8 text that is not printable ASCII, and ``"`` and ``\\``, is written ``\\XX``, as upstream's
printer writes it (``llvm::printEscapedString``); the lexer gives the same bytes back.
"""

from __future__ import annotations

_PLAIN = frozenset(range(0x20, 0x7F)) - {ord('"'), ord("\\")}


def mlir_string_body(text: str) -> str:
    """``text`` escaped for the inside of an MLIR string literal (``loc("<here>":1:1)``)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return text
    return "".join(chr(byte) if byte in _PLAIN else f"\\{byte:02X}"
                   for byte in text.encode("utf-8", errors="surrogateescape"))
