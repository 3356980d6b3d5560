"""Custom directives of generated formats, read as upstream's hand-written parse functions read
them: ``InsertExtractValueElementType`` (``llvm.insertvalue`` / ``extractvalue``: the member type
derived from the container and position, its errors, and operands taken in the order the syntax
writes them, not the declared one), ``ApplyRegisteredPassOptions`` (a pass's options, SSA
values among them), ``GEPIndices`` (with ``GEPOp::verify``), ``AllReduceOperation`` (with the reduction ops'
verifiers), ``SwitchCases`` (with ``IndexSwitchOp::verify``), ``SwitchOpCases`` (``cf.switch`` /
``llvm.switch``, with the branch checks), ``SequenceOpOperands`` and ``ShuffleType``; where upstream reports
``functional-type(operands, ...)`` counts; and a missing keyword as the op's own error."""

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



def _gep(line: str) -> str:
    return f"llvm.func @f(%p: !llvm.ptr, %i: i32) {{\n  {line}\n  llvm.return\n}}\n"


GEP = "'llvm.getelementptr' op"
CASES += [
    Case("gep-mixed", _gep("%q = llvm.getelementptr %p[%i, 1, 5] : (!llvm.ptr, i32) -> !llvm.ptr, "
                           "!llvm.struct<(i32, !llvm.array<4 x f32>)>"), None),
    Case("gep-hex-and-negative", _gep("%q = llvm.getelementptr inbounds %p[0x10, -1] : (!llvm.ptr) -> !llvm.ptr, "
                                      "!llvm.array<4 x i8>"), None),
    Case("gep-no-comma", _gep("%q = llvm.getelementptr %p[%i 0] : (!llvm.ptr, i32) -> !llvm.ptr, f32"), 2,
         "expected ']'"),
    Case("gep-empty", _gep("%q = llvm.getelementptr %p[] : (!llvm.ptr) -> !llvm.ptr, f32"), 2, "expected SSA operand"),
    Case("gep-float-index", _gep("%q = llvm.getelementptr %p[1.0] : (!llvm.ptr) -> !llvm.ptr, f32"), 2,
         "expected SSA operand"),
    Case("gep-too-large", _gep("%q = llvm.getelementptr %p[2147483648] : (!llvm.ptr) -> !llvm.ptr, f32"), 2,
         "custom op 'llvm.getelementptr' integer value too large"),
    Case("gep-dynamic-marker", _gep("%q = llvm.getelementptr %p[-2147483648] : (!llvm.ptr) -> !llvm.ptr, f32"), 2,
         f"{GEP} expected as many dynamic indices as specified in 'rawConstantIndices'"),
    Case("gep-scalar-indexed", _gep("%q = llvm.getelementptr %p[%i, 0] : (!llvm.ptr, i32) -> !llvm.ptr, f32"), 2,
         f"{GEP} type 'f32' cannot be indexed (index #1)"),
    Case("gep-struct-dynamic", _gep("%q = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, "
                                    "!llvm.struct<(i32, f32)>"), 2,
         f"{GEP} expected index 1 indexing a struct to be constant"),
    Case("gep-struct-bounds", _gep("%q = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, "
                                   "!llvm.struct<(i32, f32)>"), 2, f"{GEP} index 1 indexing a struct is out of bounds"),
    Case("gep-index-type", _gep("%q = llvm.getelementptr %p[%i] : (!llvm.ptr, f32) -> !llvm.ptr, i8"), 2,
         "use of value '%i' expects different type than prior uses: 'f32' vs 'i32'"),
    Case("gep-types-count", _gep("%q = llvm.getelementptr %p[%i] : (!llvm.ptr) -> !llvm.ptr, f32"), 2,
         "custom op 'llvm.getelementptr' number of operands and types do not match: got 2 operands and 1 types"),
]


def _reduce(line: str) -> str:
    return ("gpu.module @m {\n  gpu.func @k(%x: f32, %i: i32, %v: vector<4xf32>) kernel {\n"
            f"    {line}\n    gpu.return\n  }}\n}}\n")


BODY = "{\n    ^bb0(%a: f32, %b: f32):\n      %s = arith.addf %a, %b : f32\n      gpu.yield %s : f32\n    }"
CASES += [
    Case("all-reduce-kind", _reduce("%r = gpu.all_reduce add %x uniform {} : (f32) -> (f32)"), None),
    Case("all-reduce-body", _reduce(f"%r = gpu.all_reduce %x {BODY} : (f32) -> (f32)"), None),
    Case("all-reduce-neither", _reduce("%r = gpu.all_reduce %x {} : (f32) -> (f32)"), 3,
         "expected either an op attribute or a non-empty body"),
    Case("all-reduce-both", _reduce(f"%r = gpu.all_reduce add %x {BODY} : (f32) -> (f32)"), 3,
         "expected either an op attribute or a non-empty body"),
    Case("all-reduce-unknown-kind", _reduce("%r = gpu.all_reduce foo %x {} : (f32) -> (f32)"), 3,
         "custom op 'gpu.all_reduce' invalid op kind"),
    Case("all-reduce-no-region", _reduce("%r = gpu.all_reduce add %x : (f32) -> (f32)"), 3,
         "expected '{' to begin a region"),
    Case("all-reduce-bitwise-float", _reduce("%r = gpu.all_reduce and %x {} : (f32) -> (f32)"), 3,
         "`and` reduction operation is not compatible with type 'f32'"),
    Case("all-reduce-float-kind-integer", _reduce("%r = gpu.all_reduce maximumf %i {} : (i32) -> (i32)"), 3,
         "`maximumf` reduction operation is not compatible with type 'i32'"),
    Case("subgroup-reduce-cluster", _reduce("%r = gpu.subgroup_reduce add %x cluster(size = 4) : (f32) -> f32"), None),
    Case("subgroup-reduce-vector", _reduce("%r = gpu.subgroup_reduce mul %v : (vector<4xf32>) -> vector<4xf32>"), None),
    Case("subgroup-reduce-no-kind", _reduce("%r = gpu.subgroup_reduce %x : (f32) -> f32"), 3,
         "'gpu.subgroup_reduce' op requires attribute 'op'"),
    Case("subgroup-reduce-vector-bitwise", _reduce("%r = gpu.subgroup_reduce and %v : (vector<4xf32>) -> "
                                                   "vector<4xf32>"), 3,
         "`and` reduction operation is not compatible with type 'vector<4xf32>'"),
]


SWITCH = """func.func @f(%i: index, %a: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  case -5 {
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}
"""
SWITCH_OP = "'scf.index_switch' op"
CASES += [
    Case("index-switch", SWITCH, None),
    Case("index-switch-duplicate", SWITCH.replace("case -5", "case 2"), 2, f"{SWITCH_OP} has duplicate case value: 2"),
    Case("index-switch-word", SWITCH.replace("case -5", "case x"), 7,
         "custom op 'scf.index_switch' expected integer value"),
    Case("index-switch-too-large", SWITCH.replace("case -5", "case 9223372036854775808"), 7,
         "custom op 'scf.index_switch' integer value too large"),
    Case("index-switch-no-default", SWITCH.replace("  default {", "  defaultx {"), 10,
         "custom op 'scf.index_switch' expected 'default'"),
    Case("index-switch-yield-count", SWITCH.replace("    scf.yield %c : i32", "    scf.yield"), 2,
         f"{SWITCH_OP} expected each region to return 1 values, but case region #0 returns 0"),
    Case("index-switch-default-first", SWITCH.replace("    scf.yield %a : i32", "    scf.yield"), 2,
         f"{SWITCH_OP} expected each region to return 1 values, but default region returns 0"),
    Case("index-switch-yield-type", SWITCH.replace("    scf.yield %c : i32", "    scf.yield %i : index"), 2,
         f"{SWITCH_OP} expected result #0 of each region to be 'i32'"),
    Case("keyword-literal-is-the-ops-error",
         "func.func @f(%a: i32) {\n  %r = arith.index_cast %a : i32 too index\n  return\n}\n", 2,
         "custom op 'arith.index_cast' expected 'to'"),
]



def _shuffle(lines: str) -> str:
    return (f"llvm.func @g(%v: vector<4xf32>, %w: vector<2xf32>) -> vector<4xf32> {{\n{lines}\n"
            "  llvm.return %v : vector<4xf32>\n}\n")


CASES += [
    Case("shuffle-widens", _shuffle("  %s = llvm.shufflevector %v, %v [0, 1, 4, 5] : vector<4xf32>\n"
                                    "  %t = llvm.fadd %s, %v : vector<4xf32>"), None),
    Case("shuffle-narrows", _shuffle("  %s = llvm.shufflevector %v, %v [0, 1] : vector<4xf32>\n"
                                     "  %t = llvm.fadd %s, %s : vector<2xf32>"), None),
    Case("shuffle-result-used-as-wider", _shuffle("  %s = llvm.shufflevector %v, %v [0, 1, 4] : vector<4xf32>\n"
                                                  "  %t = llvm.fadd %s, %v : vector<4xf32>"), 3,
         "use of value '%s' expects different type than prior uses: 'vector<4xf32>' vs 'vector<3xf32>'"),
    Case("shuffle-operands-differ", _shuffle("  %s = llvm.shufflevector %v, %w [0, 1] : vector<4xf32>"), 2,
         "use of value '%w' expects different type than prior uses: 'vector<4xf32>' vs 'vector<2xf32>'"),
]


CF_SWITCH = """func.func @f(%flag: i32, %a: i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32),
    -3: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %a : i32
}
"""
LLVM_SWITCH = """llvm.func @g(%flag: i32, %a: i32) -> i32 {
  llvm.switch %flag : i32, ^bb1(%a : i32) [
    1: ^bb2,
    2: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  llvm.return %x : i32
^bb2:
  llvm.return %a : i32
}
"""
CASES += [
    Case("cf-switch", CF_SWITCH, None),
    Case("cf-switch-no-colon", CF_SWITCH.replace("42: ^bb1", "42 ^bb1"), 4, "expected ':'"),
    Case("cf-switch-word-case", CF_SWITCH.replace("-3: ^bb2", "x: ^bb2"), 5,
         "custom op 'cf.switch' expected integer value"),
    Case("cf-switch-operand-type", CF_SWITCH.replace("42: ^bb1(%a : i32)", "42: ^bb1(%a : f32)"), 4,
         "use of value '%a' expects different type than prior uses: 'f32' vs 'i32'"),
    Case("cf-switch-untyped-operand", CF_SWITCH.replace("42: ^bb1(%a : i32)", "42: ^bb1(%a)"), 4, "expected ':'"),
    Case("cf-switch-case-operands", CF_SWITCH.replace("-3: ^bb2", "-3: ^bb1"), 2,
         "branch has 0 operands for successor #2, but target block has 1"),
    Case("cf-switch-default-operands", CF_SWITCH.replace("default: ^bb1(%a : i32)", "default: ^bb1"), 2,
         "branch has 0 operands for successor #0, but target block has 1"),
    Case("llvm-switch", LLVM_SWITCH, None),
    Case("llvm-switch-word-case", LLVM_SWITCH.replace("1: ^bb2,", "x: ^bb2,"), 3,
         "custom op 'llvm.switch' expected integer value"),
    Case("llvm-switch-no-comma", LLVM_SWITCH.replace("1: ^bb2,", "1: ^bb2"), 3, "expected ']'"),
    Case("llvm-switch-case-operands", LLVM_SWITCH.replace("2: ^bb1(%a : i32)", "2: ^bb1"), 2,
         "branch has 0 operands for successor #2, but target block has 1"),
]


SEQUENCE = """module attributes {transform.with_named_sequence} {
  transform.sequence failures(propagate) {
  ^bb1(%arg1: !transform.any_op):
    %f = transform.structured.match ops{["func.func"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.sequence %f : !transform.any_op failures(suppress) {
    ^bb2(%arg2: !transform.any_op):
      transform.yield
    }
    transform.sequence %f, %arg1 : (!transform.any_op, !transform.any_op) -> !transform.any_op failures(suppress) {
    ^bb2(%arg2: !transform.any_op, %arg3: !transform.any_op):
      transform.yield %arg2 : !transform.any_op
    }
    transform.yield
  }
}
"""
FAILURES = ("custom op 'transform.sequence' expected string or keyword containing one of the following enum "
            "values for attribute 'failure_propagation_mode' [propagate, suppress]")
CASES += [
    Case("sequence", SEQUENCE, None),
    Case("sequence-string-mode", SEQUENCE.replace("failures(propagate)", 'failures("suppress")'), None),
    Case("sequence-empty-mode", SEQUENCE.replace("failures(propagate)", "failures()propagate"), 2, FAILURES),
    Case("sequence-unknown-mode", SEQUENCE.replace("failures(propagate)", "failures(bogus)"), 2, FAILURES),
    Case("sequence-no-paren", SEQUENCE.replace("failures(propagate)", "failures failures(propagate)"), 2,
         "expected '('"),
    Case("sequence-two-modes", SEQUENCE.replace("failures(propagate)", "failures(propagate propagate)"), 2,
         "expected ')'"),
    Case("named-sequence", "module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s("
         "%a: !transform.any_op {transform.readonly}) -> !transform.any_op {\n    transform.yield %a : "
         "!transform.any_op\n  }\n}\n", None),
    Case("named-sequence-argument-attributes", "module attributes {transform.with_named_sequence} {\n"
         "  transform.named_sequence @s(%a: !transform.any_op {transform.readonly transform.readonly}) {\n"
         "    transform.yield\n  }\n}\n", 2, "expected '}' in attribute dictionary"),
    Case("yield-types-count", SEQUENCE.replace("transform.yield %arg2 : !transform.any_op",
                                               "transform.yield %arg2 : !transform.any_op, !transform.any_op"), 11,
         "custom op 'transform.yield' number of operands and types do not match: got 1 operands and 2 types"),
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


def test_an_opaque_struct_is_stepped_into_without_guessing_its_members() -> None:
    from nvgpu_ls.analysis.document import Document
    from nvgpu_ls.verify import check_document

    text = ('llvm.func @f(%p: !llvm.ptr, %s: !llvm.struct<"t", opaque>, %i: i32) {\n'
            '  %q = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"t", opaque>\n'
            '  %r = llvm.insertvalue %i, %s[0] : !llvm.struct<"t", opaque>\n'
            "  llvm.return\n}\n")
    codes = [d.code for d in check_document(Document(text))]
    assert "llvm.gep.index" not in codes and "syntax.custom-form" not in codes
