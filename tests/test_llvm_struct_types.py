"""The member lists of ``!llvm.struct`` types, read as upstream's LLVM type parser reads them:
upstream's first error where it stops, no error on any form it accepts."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.llvm_types import first_problem

from .upstream_cases import Case, assert_ours, assert_upstream_agrees


def _arg(type_text: str) -> str:
    return f"llvm.func @f(%a: {type_text})\n"


VALID = [
    "!llvm.struct<(ptr, struct<(i32, f32)>, array<4 x i8>)>",
    "!llvm.struct<(ptr<3>, i64)>",
    "!llvm.struct<packed (i8, i32)>",
    '!llvm.struct<"name", (i32)>',
    '!llvm.struct<"n", opaque>',
    "!llvm.struct<(!llvm.ptr, i32)>",
    "!llvm.struct<()>",
    "!llvm.struct<(i32,\n    i64)>",
    "!llvm.struct<(vector<2xf16>, f16, bf16, i1, array<2 x array<3 x f32>>)>",
    '!llvm.struct<"n", (ptr, struct<"n">)>',
    '!llvm.struct<"n", (ptr, !llvm.struct<"n">)>',
    '!llvm.struct<"n", (struct<"m", (struct<"n">)>)>',
]
CASES = [Case(f"valid-{i}", _arg(t), None) for i, t in enumerate(VALID)] + [
    Case("glued-members", _arg("!llvm.struct<(i32i32)>"), 1, "unknown LLVM type: i32i32"),
    Case("unknown-member", _arg("!llvm.struct<(i32, foo)>"), 1, "unknown LLVM type: foo"),
    Case("trailing-comma", _arg("!llvm.struct<(i32, i32 ,)>"), 1, "expected valid keyword"),
    Case("no-comma", _arg("!llvm.struct<(i32 i32)>"), 1, "expected ')'"),
    Case("nested-no-comma", _arg("!llvm.struct<(struct<(i32 i8)>)>"), 1, "expected ')'"),
    Case("nested-unknown", _arg('!llvm.struct<"n", packed (i8, struct<(i32, bar)>)>'), 1, "unknown LLVM type: bar"),
    Case("split-vector", _arg("!llvm.struct<(vector<2xf16>vector ,<2xf16>)>"), 1, "expected ')'"),
    Case("members-without-parentheses", _arg("!llvm.struct<i32(,i32,i32,i32)>"), 1, "expected '('"),
    Case("empty-body", _arg("!llvm.struct<>"), 1, "expected '('"),
    Case("packed-without-members", _arg("!llvm.struct<packed i32>"), 1, "expected '('"),
    Case("named-without-members", _arg('!llvm.struct<"n", packed>'), 1, "expected '('"),
    Case("name-without-comma", _arg('!llvm.struct<"n" i32>'), 1, "expected ','"),
    Case("name-alone", _arg('!llvm.struct<"n">'), 1, "struct without a body only allowed in a recursive struct"),
    Case("reference-to-no-enclosing-struct", _arg('!llvm.struct<"n", (ptr, struct<"m">)>'), 1,
         "struct without a body only allowed in a recursive struct"),
    Case("anonymous-opaque", _arg("!llvm.struct<opaque>"), 1, "only identified structs can be opaque"),
    Case("nested-without-parentheses", _arg("!llvm.struct<(struct<i32>)>"), 1, "expected '('"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_struct_member_list_verdict_is_upstreams(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)


@pytest.mark.parametrize("text", VALID)
def test_a_struct_upstream_accepts_has_no_problem(text: str) -> None:
    assert first_problem(text) is None


def test_the_problem_is_placed_at_the_word_upstream_names() -> None:
    text = "!llvm.struct<(i32, foo)>"
    offset, message = first_problem(text)
    assert text[offset:].startswith("foo") and message == "unknown LLVM type: foo"


@pytest.mark.parametrize("text, after", [
    ("!llvm.struct<packed i32>", "!llvm.struct<packed"),
    ('!llvm.struct<"n", i32>', '!llvm.struct<"n",'),
    ('!llvm.struct<"n" i32>', '!llvm.struct<"n"'),
])
def test_a_missing_token_is_placed_just_past_the_one_before_it(text: str, after: str) -> None:
    offset, _ = first_problem(text)
    assert offset == len(after)
