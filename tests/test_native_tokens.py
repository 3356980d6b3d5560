"""The native token scanner (``nvgpu_ls/analysis/_ctokens.c``) makes exactly the tokens of the
pure-Python one, on every real file the project has and on random text (skipped when the
extension was not built: then the Python scanner is the only one)."""

from __future__ import annotations

import random

import pytest

from nvgpu_ls.analysis import tokens as tk

from .conftest import every_mlir_file

pytestmark = pytest.mark.native

needs_native = pytest.mark.skipif(tk._native is None, reason="the native scanner was not built (no C compiler?)")

_ALPHABET = list("%^@#!\"\\/-.>:=,()[]{}<>*+?|$_ \t\n\r\x0b\x0c0123456789xXeEabcfz") + ["//", "// -----", "\u00e9", "\u4e2d",
                                                                                      "\U0001f600", "\x00", "->", "..."]


@needs_native
def test_every_real_file_gets_the_same_tokens() -> None:
    files = every_mlir_file()
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert tk.tokenize(text) == tk.tokenize_python(text), path


@needs_native
def test_random_text_gets_the_same_tokens_from_any_start() -> None:
    rng = random.Random(20261126)
    for _ in range(3000):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 60)))
        start = rng.randrange(0, len(text) + 1)
        end = rng.randrange(start, len(text) + 1)
        assert tk.tokenize(text, start, end) == tk.tokenize_python(text, start, end), (text, start, end)


@needs_native
def test_token_fields_are_the_python_scanners_own_kinds() -> None:
    token = tk.tokenize("%x = arith.addi %a, %b : i32")[0]
    assert type(token) is tk.Token and token.kind is tk.SSA and token.newline_before is True


def test_a_run_of_control_characters_is_one_token_reported_at_its_first() -> None:
    """4 MB of NUL bytes made 4 million tokens (896 MB, issue 16); no token starts with a control
    character, so a run of them is one, in both scanners, and upstream's error is at its start."""
    from nvgpu_ls.analysis.document import Document

    text = "a \x00\x00\x01b %x\x7f\x1f\t\x0e\n"
    for scan in (tk.tokenize, tk.tokenize_python):
        found = [(t.kind, t.text) for t in scan(text)]
        assert found == [("bare", "a"), ("error", "\x00\x00\x01"), ("bare", "b"), ("ssa", "%x"),
                         ("error", "\x7f\x1f"), ("error", "\x0e"), ("eof", "")]
    doc = Document("\x00" * 100_000 + "\nfunc.func @f() {\n  return\n}\n")
    assert [(d.start, d.end, d.message) for d in doc.diagnostics()] == [(0, 1, "unexpected character '\\x00'")]


@needs_native
def test_the_native_scanner_makes_each_repeated_text_once() -> None:
    """A word spelled many times is one string in all its tokens (and in every name the model
    keeps from them); the text here is stored two bytes a character (the comment), its words
    one byte, so the scanner compares them character by character."""
    text = "// \u4e2d\u6587\n" + "%c0 = arith.constant 0 : index\n" * 50 + '%s = "test.op"() {s = "\u00e9\u00e9"} : () -> i32\n' * 3
    tokens = tk.tokenize(text)
    assert tokens == tk.tokenize_python(text)
    for word in ("%c0", "arith.constant", "index", '"test.op"', '"\u00e9\u00e9"', "->"):
        spelled = [t.text for t in tokens if t.text == word]
        assert len(spelled) >= 3 and len({id(t) for t in spelled}) == 1, word


@needs_native
def test_the_native_and_python_brace_matchers_agree() -> None:
    """Where a function body ends (the first look steps over it): the same '}' from both, on
    every '{' of every real file and of random text (strings, escapes, comments, unclosed ones)."""
    rng = random.Random(20261127)
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in every_mlir_file()]
    texts += ["".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 80))) for _ in range(3000)]
    checked = 0
    for text in texts:
        for at in [i for i, char in enumerate(text) if char == "{"][:200]:
            assert tk.matching_brace(text, at) == tk.matching_brace_python(text, at), (text[at:at + 80], at)
            checked += 1
    assert checked > 5_000
    assert tk.matching_brace('f { "}" // }\n { } }', 2) == 18


@needs_native
def test_the_native_and_python_line_starts_agree() -> None:
    """Lines start after each LF only (CR, form feeds and U+2028 are no line starts to the model),
    in one-byte, two-byte and four-byte texts alike."""
    rng = random.Random(20261128)
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in every_mlir_file()]
    texts += ["".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 80))) for _ in range(3000)]
    for text in texts:
        assert tk.line_starts(text) == tk.line_starts_python(text), text[:80]
    assert tk.line_starts("a\nb\r\nc\x0c\u2028d\n") == [0, 2, 5, 10]
    assert tk.line_starts("") == [0]
