"""Mutations of MLIR text: byte and token edits, truncation, splices of ops (lines) from other
files, and the pathological shapes (deep nesting, huge literals, invalid UTF-8, NUL, CR, long lines)."""

from __future__ import annotations

import random
import re

from fuzz.corpus import decode

_TOKEN = re.compile(r"%[\w.$-]*|@[\w.$-]*|\^[\w.$-]*|#[\w.$-]*|![\w.$-]*|\"(?:[^\"\\\n]|\\.)*\"|[\w.$-]+|\s+|.",
                    re.S)
_PIECES = ["{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "=", "->", "%", "@", "^", "#", "!", "\"", "\\",
           "nvgpu.", "scf.execute_region {", "gpu.module @m {", "func.func @f() {", "gpu.func @k() kernel {",
           "memref<", "vector<4x2xf16>", "!nvgpu.mbarrier.group<", "#gpu.address_space<workgroup>",
           "i32", "index", "f16", "%c0", "0x", "-1", "1e999", "\n", "\r", "\r\n", "\0", "\t", "\ufeff",
           "\u2028", "\ud800", "é", "𝔘", "// ", "loc(", "dense<", "affine_map<(d0) -> (d0)>", "{{", "}}"]


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _byte_edit(rng: random.Random, text: str, corpus: list[str]) -> str:
    data = bytearray(text.encode("utf-8", errors="surrogatepass"))
    for _ in range(rng.randint(1, 8)):
        pos = rng.randint(0, len(data))
        choice = rng.random()
        if choice < 0.3 and data:
            data[min(pos, len(data) - 1)] = rng.randrange(256)
        elif choice < 0.6:
            data[pos:pos] = bytes([rng.randrange(256)])
        elif data:
            del data[pos:pos + rng.randint(1, 16)]
    return decode(bytes(data))


def _token_edit(rng: random.Random, text: str, corpus: list[str]) -> str:
    toks = tokens(text)
    for _ in range(rng.randint(1, 6)):
        if not toks:
            toks = [rng.choice(_PIECES)]
        i = rng.randrange(len(toks))
        kind = rng.randrange(5)
        if kind == 0:
            toks.insert(i, rng.choice(_PIECES) if rng.random() < 0.5 else rng.choice(toks))
        elif kind == 1:
            del toks[i]
        elif kind == 2:
            toks[i] = rng.choice(_PIECES) if rng.random() < 0.5 else rng.choice(toks)
        elif kind == 3:
            toks.insert(i, toks[i])
        else:
            j = rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
    return "".join(toks)


def _truncate(rng: random.Random, text: str, corpus: list[str]) -> str:
    return text[:rng.randint(0, len(text))]


def _splice(rng: random.Random, text: str, corpus: list[str]) -> str:
    lines = text.splitlines(keepends=True)
    other = rng.choice(corpus).splitlines(keepends=True)
    if not other:
        return text
    for _ in range(rng.randint(1, 5)):
        start = rng.randrange(len(other))
        piece = other[start:start + rng.randint(1, 8)]
        at = rng.randint(0, len(lines))
        lines[at:at] = piece
    return "".join(lines)


def _line_endings(rng: random.Random, text: str, corpus: list[str]) -> str:
    ending = rng.choice(["\r\n", "\r", "\n\r", "\x0b", "\x0c", "\u2028", "\x85"])
    if rng.random() < 0.5:
        return text.replace("\n", ending)
    lines = text.split("\n")
    return "".join(line + (ending if rng.random() < 0.5 else "\n") for line in lines)[:len(text) + len(lines)]


def _nul(rng: random.Random, text: str, corpus: list[str]) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 10)):
        chars.insert(rng.randint(0, len(chars)), "\0")
    return "".join(chars)


def _invalid_utf8(rng: random.Random, text: str, corpus: list[str]) -> str:
    data = bytearray(text.encode("utf-8", errors="surrogatepass"))
    for _ in range(rng.randint(1, 6)):
        bad = rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80\x80"])
        pos = rng.randint(0, len(data))
        data[pos:pos] = bad
    if rng.random() < 0.3:  # what a client sending surrogateescaped text would give
        return bytes(data).decode("utf-8", errors="surrogateescape")
    return decode(bytes(data))


def _insert_at_line(rng: random.Random, text: str, piece: str) -> str:
    lines = text.splitlines(keepends=True)
    lines.insert(rng.randint(0, len(lines)), piece)
    return "".join(lines)


def deep_nesting(depth: int, kind: str = "execute_region", closed: bool = True) -> str:
    if kind == "execute_region":
        open_, close = "scf.execute_region {\n", "}\n"
    elif kind == "brace":
        open_, close = "{", "}"
    elif kind == "type":
        open_, close = "vector<", ">"
    elif kind == "paren":
        open_, close = "(", ")"
    else:
        open_, close = "[", "]"
    body = open_ * depth + (close * depth if closed else "")
    if kind == "execute_region":
        return "func.func @f() {\n" + body + "  return\n}\n"
    if kind == "type":
        return "func.func @f(%a: " + open_ * depth + "f32" + (close * depth if closed else "") + ") {\n  return\n}\n"
    return "%x = \"test.op\"() {a = " + body + "} : () -> ()\n"


def huge_integer(digits: int = 100_000) -> str:
    return ("func.func @f() {\n  %c = arith.constant " + "9" * digits + " : i32\n"
            "  %t = nvgpu.ldmatrix %s[%c] {numTiles = " + "7" * digits + " : i32, transpose = false} "
            ": memref<64x64xf16, 3> -> vector<4x2xf16>\n  return\n}\n")


def huge_string(size: int = 1_000_000) -> str:
    return "%x = \"test.op\"() {s = \"" + "a" * size + "\"} : () -> ()\n"


def long_line(size: int = 1_000_000) -> str:
    return "func.func @f() { " + "%c = arith.constant 0 : index " * (size // 30) + " return }\n"


def _pathological(rng: random.Random, text: str, corpus: list[str]) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return _insert_at_line(rng, text, deep_nesting(rng.choice([100, 1000, 10_000]),
                                                       rng.choice(["execute_region", "brace", "type", "paren",
                                                                   "list"]), rng.random() < 0.7))
    if kind == 1:
        return _insert_at_line(rng, text, huge_integer(rng.choice([1000, 100_000])))
    if kind == 2:
        return _insert_at_line(rng, text, huge_string(rng.choice([10_000, 1_000_000])))
    if kind == 3:
        return _insert_at_line(rng, text, long_line(rng.choice([10_000, 1_000_000])))
    if kind == 4:
        return _insert_at_line(rng, text, "\"" + "x" * rng.choice([1000, 200_000]))  # unterminated string
    if kind == 5:
        return _insert_at_line(rng, text, "// " + "\\" * 100_000 + "\n" + "%" * 50_000 + "\n")
    return text * rng.randint(2, 4)


_INT = re.compile(r"(?<![\w%@#^!.])\d+(?![\w.])")
_ELEMENT = re.compile(r"\b(?:f16|f32|f64|bf16|tf32|i1|i4|i8|i16|i32|i64|index|f8E4M3FN|f8E5M2)\b")
_NUMBERS = ["0", "1", "2", "3", "4", "7", "8", "16", "32", "64", "128", "256", "-1", "1024", "65536",
            "2147483647", "2147483648", "4294967296", "18446744073709551616", "99999999999999999999999"]
_ELEMENTS = ["f16", "f32", "f64", "bf16", "tf32", "i1", "i4", "i8", "i16", "i32", "i64", "index", "f8E4M3FN",
             "f8E5M2", "ui8", "si32", "complex<f32>", "none"]


def _value_edit(rng: random.Random, text: str, corpus: list[str]) -> str:
    """Plausible edits that keep the syntax: integers (shapes, attributes, memory spaces) and element types."""
    ints = list(_INT.finditer(text))
    elements = list(_ELEMENT.finditer(text))
    edits = []
    for _ in range(rng.randint(1, 4)):
        if ints and (rng.random() < 0.6 or not elements):
            m = rng.choice(ints)
            edits.append((m.start(), m.end(), rng.choice(_NUMBERS)))
        elif elements:
            m = rng.choice(elements)
            edits.append((m.start(), m.end(), rng.choice(_ELEMENTS)))
    for start, end, new in sorted(set(edits), reverse=True):
        if all(not (s < end and start < e) for s, e, _ in edits if (s, e) != (start, end)):
            text = text[:start] + new + text[end:]
    return text


MUTATORS = [(_value_edit, 8), (_byte_edit, 6), (_token_edit, 8), (_truncate, 4), (_splice, 5), (_line_endings, 2), (_nul, 1),
            (_invalid_utf8, 2), (_pathological, 1)]
_NAMES = [m for m, _ in MUTATORS]
_WEIGHTS = [w for _, w in MUTATORS]


def mutate(rng: random.Random, text: str, corpus: list[str], cheap: bool = False) -> tuple[str, str]:
    """One mutant of ``text`` and the names of the mutations applied (1–3 stacked).
    ``cheap`` leaves out the pathological (large) mutations."""
    names: list[str] = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutator = rng.choices(_NAMES, _WEIGHTS)[0]
        if cheap and mutator is _pathological:
            mutator = _token_edit
        text = mutator(rng, text, corpus)
        names.append(mutator.__name__.lstrip("_"))
    return text, "+".join(names)
