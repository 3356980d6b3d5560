"""The parser's shortcuts for types, attributes and dialect bodies give what the long way gives.

A type or attribute text read once without an error is not judged again; a dialect body without
brackets, strings or ``->`` is stepped over by a pattern instead of upstream's character scan.
Errors must still be reported at every place they occur, in every file."""

from __future__ import annotations

import random

from nvgpu_ls.analysis import parser as parser_module
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.tokens import scan_pretty_body
from nvgpu_ls.memory import release_memory


def _messages(text: str) -> list[str]:
    return [d.message for d in Document(text).diagnostics()]


def test_an_unknown_dialect_type_is_reported_at_every_use() -> None:
    text = ("func.func @f(%a: !gpu.tokn, %b: !gpu.tokn) {\n  return\n}\n"
            "func.func @g(%a: !gpu.tokn) {\n  return\n}\n")
    first = Document(text)
    again = Document(text)
    assert len(first.diagnostics()) == len(again.diagnostics()) >= 1
    assert [d.start for d in first.diagnostics()] == [d.start for d in again.diagnostics()]


def test_a_vector_of_an_alias_is_judged_by_each_files_alias() -> None:
    good = "!t = i32\nfunc.func @f(%v: vector<2x!t>) {\n  return\n}\n"
    bad = "!t = memref<4xf32>\nfunc.func @f(%v: vector<2x!t>) {\n  return\n}\n"
    assert _messages(good) == []
    assert _messages(bad) == ["failed to verify 'elementType': VectorElementTypeInterface instance"]
    assert _messages(good) == []


def test_a_clean_reading_is_remembered_only_for_its_registry() -> None:
    text = "func.func @f(%m: memref<4xf32, #gpu.address_space<workgroup>>) {\n  return\n}\n"
    release_memory()
    assert _messages(text) == []
    remembered = parser_module._CLEAN_TYPES.get("memref<4xf32, #gpu.address_space<workgroup>>")
    assert remembered is not None and remembered[0] is Document(text).registry
    release_memory()
    assert "memref<4xf32, #gpu.address_space<workgroup>>" not in parser_module._CLEAN_TYPES


def test_an_attribute_with_an_unknown_mnemonic_is_reported_every_time() -> None:
    text = ('func.func @f() attributes {x = #gpu.adress_space<workgroup>} {\n  return\n}\n'
            'func.func @g() attributes {x = #gpu.adress_space<workgroup>} {\n  return\n}\n')
    messages = _messages(text)
    assert len(messages) == 2 and messages[0] == messages[1]


def test_the_simple_body_pattern_ends_where_the_character_scan_ends() -> None:
    pieces = ["a", " ", "=", ",", "1", "x", "<", ">", "#gpu.address_space", "[", "]", "(", ")", "{", "}",
              '"s"', "->", "-", "\0", "\n", "?"]
    rng = random.Random(7)
    matched = 0
    for _ in range(20000):
        body = "<" + "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12))) + ">"
        simple = parser_module._SIMPLE_BODY.match(body)
        if simple is None:
            continue
        matched += 1
        assert scan_pretty_body(body, 0) == (simple.end(), None), body
    assert matched > 1000
