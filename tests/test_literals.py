"""Number and dense literals judged against their type as upstream's parser judges them."""

from __future__ import annotations

import pytest

from .upstream_cases import Case, assert_ours, assert_upstream_agrees

CASES = [
    Case('lit-0', 'func.func @f() {\n  %c = arith.constant 1 : f32\n  return\n}\n', 2,
         'unexpected decimal integer literal for a floating point value'),
    Case('lit-1', 'func.func @f() {\n  %c = arith.constant 1.0 : i32\n  return\n}\n', 3,
         'floating point value not valid for specified type'),
    Case('lit-2', 'func.func @f() {\n  %c = arith.constant 0x3F800000 : f32\n  return\n}\n', None),
    Case('lit-3', 'func.func @f() {\n  %c = arith.constant 300 : i8\n  return\n}\n', 2,
         'integer constant out of range for attribute'),
    Case('lit-4', 'func.func @f() {\n  %c = arith.constant -1 : ui8\n  return\n}\n', 2,
         'negative integer literal not valid for unsigned integer type'),
    Case('lit-5', 'func.func @f() {\n  %c = arith.constant 1 : index\n  %d = arith.constant true : i1\n  %e = arith.constant 2 : i1\n  return\n}\n', 3,
         'expected operation name in quotes'),
    Case('lit-6', 'func.func @f() {\n  %c = arith.constant dense<1> : vector<4xf32>\n  return\n}\n', 2,
         'unexpected decimal integer literal for a floating point value'),
    Case('lit-7', 'func.func @f() {\n  %c = arith.constant dense<[1.0, 2.0]> : vector<4xf32>\n  return\n}\n', 2,
         'inferred shape of elements literal ([2]) does not match type ([4])'),
    Case('lit-8', 'func.func @f() attributes {x = 1 : f32} {\n  return\n}\n', 1,
         'unexpected decimal integer literal for a floating point value'),
    Case('lit-9', 'func.func @f() {\n  %c = arith.constant 1 : vector<4xi32>\n  return\n}\n', 2,
         'integer literal not valid for specified type'),
    Case('lit-10', 'func.func @f() {\n  %c = arith.constant 1.0 : f32\n  %d = arith.addf %c, %c : f32\n  %e = arith.constant dense<0.0> : tensor<4xf32>\n  %g = arith.constant 5 : i64\n  return\n}\n', None),
    Case('lit2-0', 'func.func @f() {\n  %c = arith.constant 255 : i8\n  return\n}\n', None),
    Case('lit2-1', 'func.func @f() {\n  %c = arith.constant -128 : i8\n  return\n}\n', None),
    Case('lit2-2', 'func.func @f() {\n  %c = arith.constant -129 : i8\n  return\n}\n', 2,
         'integer constant out of range for attribute'),
    Case('lit2-3', 'func.func @f() {\n  %c = arith.constant 256 : i8\n  return\n}\n', 2,
         'integer constant out of range for attribute'),
    Case('lit2-4', 'func.func @f() {\n  %c = arith.constant -1 : i1\n  return\n}\n', None),
    Case('lit2-5', 'func.func @f() {\n  %c = arith.constant 128 : si8\n  return\n}\n', 2,
         'integer constant out of range for attribute'),
    Case('lit2-6', 'func.func @f() {\n  %c = arith.constant 255 : ui8\n  return\n}\n', 2,
         "'arith.constant' op integer return type must be signless"),
    Case('lit2-7', 'func.func @f() {\n  %c = arith.constant dense<[1.5, 2.0]> : vector<2xi32>\n  return\n}\n', 2,
         'expected integer elements, but parsed floating-point'),
    Case('lit2-8', 'func.func @f() {\n  %c = arith.constant dense<[[1, 2], [3, 4]]> : vector<4xi32>\n  return\n}\n', 2,
         'inferred shape of elements literal ([2, 2]) does not match type ([4])'),
    Case('lit2-9', 'func.func @f() {\n  %c = arith.constant dense<[300, 2]> : vector<2xi8>\n  return\n}\n', 2,
         'integer constant out of range for type'),
    Case('lit2-10', 'func.func @f() {\n  %c = arith.constant dense<[[1, 2], [3]]> : vector<2x2xi32>\n  return\n}\n', 2,
         'tensor literal is invalid; ranks are not consistent between elements'),
    Case('lit2-11', 'func.func @f() {\n  %c = arith.constant 18446744073709551615 : index\n  return\n}\n', 2,
         'integer constant out of range for attribute'),
    Case('lit2-12', 'func.func @f() {\n  %c = arith.constant 0x7FC00000 : f16\n  return\n}\n', 2,
         'hexadecimal float constant out of range for type'),
    Case('lit2-13', 'func.func @f() {\n  %c = arith.constant dense<true> : vector<2xi1>\n  %d = arith.constant dense<1> : vector<2xi1>\n  return\n}\n', None),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_literal_verdict_is_upstreams(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)
