"""Custom directives of generated formats, read as upstream's hand-written parse functions read
them: ``InsertExtractValueElementType`` (``llvm.insertvalue`` / ``extractvalue``: the member type
derived from the container and position, its errors, and operands taken in the order the syntax
writes them, not the declared one) and ``ApplyRegisteredPassOptions`` (a pass's options, SSA
values among them); and where upstream reports ``functional-type(operands, ...)`` counts."""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.opview import OpView

from .upstream_cases import Case, assert_ours, assert_upstream_agrees

STRUCT = "!llvm.struct<(i32, i32)>"


def _in_func(body: str) -> str:
    return (f"llvm.func @f(%s: {STRUCT}, %a: !llvm.array<4 x f32>, %i: i32, %x: f32) -> {STRUCT} {{\n"
            f"{body}\n  llvm.return %s : {STRUCT}\n}}\n")


CASES = [
    Case("insert-member", _in_func(f"  %r = llvm.insertvalue %i, %s[0] : {STRUCT}"), None),
    Case("insert-array-member", _in_func("  %r = llvm.insertvalue %x, %a[3] : !llvm.array<4 x f32>"), None),
    Case("extract-then-insert", _in_func(f"  %m = llvm.extractvalue %s[1] : {STRUCT}\n"
                                         f"  %r = llvm.insertvalue %m, %s[0] : {STRUCT}"), None),
    Case("insert-wrong-member-type", _in_func(f"  %r = llvm.insertvalue %x, %s[0] : {STRUCT}"), 2,
         "use of value '%x' expects different type than prior uses: 'i32' vs 'f32'"),
    Case("insert-array-wrong-member", _in_func("  %r = llvm.insertvalue %i, %a[0] : !llvm.array<4 x f32>"), 2,
         "use of value '%i' expects different type than prior uses: 'f32' vs 'i32'"),
    Case("insert-past-struct", _in_func(f"  %r = llvm.insertvalue %i, %s[2] : {STRUCT}"), 3,
         "custom op 'llvm.insertvalue' position out of bounds: 2"),
    Case("insert-negative", _in_func(f"  %r = llvm.insertvalue %i, %s[-1] : {STRUCT}"), 3,
         "custom op 'llvm.insertvalue' position out of bounds: -1"),
    Case("insert-past-array", _in_func("  %r = llvm.insertvalue %x, %a[4] : !llvm.array<4 x f32>"), 3,
         "custom op 'llvm.insertvalue' position out of bounds: 4"),
    Case("insert-into-member", _in_func(f"  %r = llvm.insertvalue %i, %s[0, 1] : {STRUCT}"), 3,
         "custom op 'llvm.insertvalue' expected LLVM IR structure/array type, got: 'i32'"),
    Case("extract-past-struct", _in_func(f"  %r = llvm.extractvalue %s[2] : {STRUCT}"), 3,
         "custom op 'llvm.extractvalue' position out of bounds: 2"),
    Case("extract-member-used-as-struct", _in_func(f"  %r = llvm.extractvalue %s[0] : {STRUCT}\n"
                                                   f"  %t = llvm.insertvalue %i, %r[0] : {STRUCT}"), 3,
         f"use of value '%r' expects different type than prior uses: '{STRUCT}' vs 'i32'"),
]



def _pass(options: str) -> str:
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main(%t: !transform.any_op, %p: !transform.any_param) {\n"
            f"    %r = transform.apply_registered_pass \"canonicalize\" with options = {options} to %t"
            " : (!transform.any_op, !transform.any_param) -> !transform.any_op\n"
            "    transform.yield\n  }\n}\n")


OP = "custom op 'transform.apply_registered_pass'"
CASES += [
    Case("options-ssa", _pass('{"top-down" = %p}'), None),
    Case("options-attribute-and-ssa", _pass('{"a" = dense<1> : tensor<1xi32>, "b" = %p}'), None),
    Case("options-array", _pass('{"a" = [1, %p]}'), None),
    Case("options-nested-array", _pass('{"a" = [[%p]]}'), None),
    Case("options-no-equals", _pass('{"a" %p}'), 3, "expected '='"),
    Case("options-duplicate-key", _pass('{"a" = %p, "a" = 2}'), 3,
         f"{OP} duplicate keys found in options dictionary"),
    Case("options-undeclared", _pass('{"a" = %q}'), 3, "use of undeclared SSA value name"),
    Case("options-no-comma", _pass('{"a" = %p "b" = 1}'), 3, "expected '}' in options dictionary"),
    Case("options-number-key", _pass('{1 = %p}'), 3, f"{OP} expected key to either be an identifier or a string"),
    Case("options-trailing-comma", _pass('{"a" = %p, }'), 3,
         f"{OP} expected key to either be an identifier or a string"),
    Case("options-no-value", _pass('{"a" = }'), 3, "expected SSA operand"),
    Case("options-array-no-comma", _pass('{"a" = [%p 2]}'), 3, "expected ']'"),
    Case("options-too-few-operands", _pass('{"a" = 1}'), 3,
         f"{OP} number of operands and types do not match: got 1 operands and 2 types"),
    Case("functional-type-operands-count",
         "func.func @f(%t: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {\n"
         "  %r = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>) -> tensor<4xf32>\n"
         "  return %r : tensor<4xf32>\n}\n", 2,
         "custom op 'bufferization.materialize_in_destination' number of operands and types do not match: "
         "got 2 operands and 1 types"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_custom_directive_verdict_is_upstreams(case: Case) -> None:
    assert_ours(case)


def test_upstream_gives_these_verdicts() -> None:
    assert_upstream_agrees(CASES)


def test_the_written_first_operand_of_insertvalue_is_its_value_not_its_container() -> None:
    doc = Document(_in_func(f"  %r = llvm.insertvalue %i, %s[0] : {STRUCT}"))
    op = next(op for op in doc.ops() if op.name == "llvm.insertvalue")
    view = OpView(op, doc)
    assert [o.use.name for o in view.operands("value")] == ["%i"]
    assert [o.use.name for o in view.operands("container")] == ["%s"]
    assert str(view.type_of("value")) == "i32" and str(view.type_of("container")) == STRUCT
