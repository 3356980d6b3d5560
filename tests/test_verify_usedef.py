"""Use-def problems: undefined values and blocks, redefinitions, dominance, type agreement."""

from __future__ import annotations

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify.usedef import check_use_def


def _problems(text: str) -> list[tuple[int, int, str, str, list[tuple[int, str]]]]:
    doc = Document(text)
    found = []
    for d in sorted(check_use_def(doc), key=lambda d: d.start):
        line, col = doc.position(d.start)
        related = [(doc.position(r.start)[0] + 1, r.message) for r in d.related]
        found.append((line + 1, col + 1, d.code, d.message, related))
    return found


def test_undeclared_value_is_reported_at_the_use() -> None:
    text = "func.func @d(%x: index) {\n  %y = arith.addi %q, %x : index\n  return\n}\n"
    assert _problems(text) == [(2, 19, "ssa.undefined", "use of undeclared SSA value name", [])]


def test_redefinition_points_at_the_first_definition() -> None:
    text = "func.func @f() {\n  %c = arith.constant 0 : index\n  %c = arith.constant 1 : index\n  return\n}\n"
    assert _problems(text) == [(3, 3, "ssa.redefinition", "redefinition of SSA value '%c'",
                                [(2, "previously defined here")])]


def test_redefinition_inside_a_nested_region_is_an_error_as_upstream() -> None:
    text = ("func.func @a(%x: index) {\n  %c = arith.constant 0 : index\n  scf.for %i = %c to %x step %x {\n"
            "    %c = arith.constant 1 : index\n  }\n  return\n}\n")
    assert [p[2:4] for p in _problems(text)] == [("ssa.redefinition", "redefinition of SSA value '%c'")]


def test_redefinition_in_a_separate_function_is_fine() -> None:
    text = ("func.func @a() {\n  %c = arith.constant 0 : index\n  return\n}\n"
            "func.func @b() {\n  %c = arith.constant 0 : index\n  return\n}\n")
    assert _problems(text) == []


def test_use_before_definition_in_the_same_block_does_not_dominate() -> None:
    text = ("func.func @b(%x: index) {\n  %y = arith.addi %z, %x : index\n  %z = arith.constant 0 : index\n"
            "  return\n}\n")
    assert _problems(text) == [(2, 19, "ssa.dominance", "operand #0 does not dominate this use",
                                [(3, "operand defined here (op in the same block)")])]


def test_use_in_a_nested_region_before_the_definition_does_not_dominate() -> None:
    text = ("func.func @g(%x: index) {\n  scf.execute_region {\n    %y = arith.addi %z, %x : index\n"
            "    scf.yield\n  }\n  %z = arith.constant 0 : index\n  return\n}\n")
    assert _problems(text) == [(3, 21, "ssa.dominance", "operand #0 does not dominate this use",
                                [(6, "operand defined here (op in a parent region)")])]


def test_graph_regions_allow_forward_references() -> None:
    text = ('module {\n  "test.user"(%v) : (i32) -> ()\n  %v = "test.def"() : () -> i32\n}\n')
    assert [p[2] for p in _problems(text)] == []


def test_use_with_a_type_other_than_its_definition_is_reported_once() -> None:
    text = "func.func @c(%x: index) {\n  %y = arith.addi %x, %x : i32\n  return\n}\n"
    assert _problems(text) == [(2, 19, "ssa.type-mismatch",
                                "use of value '%x' expects different type than prior uses: 'i32' vs 'index'",
                                [(1, "prior use here")])]


def test_equal_types_spelled_differently_agree() -> None:
    text = ("func.func @c(%m: memref<4xf32, 3 : i64>, %i: index) {\n"
            "  %v = memref.load %m[%i] : memref<4xf32, 3>\n  return\n}\n")
    assert _problems(text) == []


def test_type_agreement_sees_through_aliases() -> None:
    text = ("!smem = memref<4xf32, 3>\nfunc.func @c(%m: !smem, %i: index) {\n"
            "  %v = memref.load %m[%i] : memref<4xf32, 3>\n  return\n}\n")
    assert _problems(text) == []


def test_successor_naming_no_block_is_reported() -> None:
    text = "func.func @e() {\n  cf.br ^bb9\n^bb1:\n  return\n}\n"
    assert _problems(text) == [(2, 9, "block.undefined", "reference to an undefined block", [])]


def test_an_alias_the_chunk_never_defines_is_reported_at_its_use() -> None:
    text = "#a = #gpu.address_space<workgroup>\nfunc.func @f(%m: memref<4xf32, #b>, %n: memref<4xf32, #a>) {\n  return\n}\n"
    found = [p for p in _problems(text) if p[2] == "alias.undefined"]
    assert found == [(2, 32, "alias.undefined", "undefined symbol alias id 'b'", [])]


def test_an_alias_defined_in_another_split_chunk_is_undefined_here() -> None:
    text = ("!t = !nvgpu.mbarrier.token\n// -----\nfunc.func @f(%t: !t) {\n  return\n}\n"
            "// -----\n!t = !nvgpu.mbarrier.token\nfunc.func @g(%t: !t) {\n  return\n}\n")
    found = [p for p in _problems(text) if p[2] == "alias.undefined"]
    assert [(p[0], p[1]) for p in found] == [(3, 18)]


def test_a_loop_result_may_reuse_the_name_of_its_iteration_argument() -> None:
    text = ("func.func @k(%x: f32, %n: index) -> f32 {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            "  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {\n"
            "    %s = arith.addf %acc, %acc : f32\n    scf.yield %s : f32\n  }\n  return %acc : f32\n}\n")
    assert _problems(text) == []


def test_names_defined_in_a_region_are_forgotten_when_it_ends() -> None:
    text = ("func.func @k(%c: i1) -> index {\n  %r = scf.if %c -> index {\n    %r = arith.constant 1 : index\n"
            "    scf.yield %r : index\n  } else {\n    %r = arith.constant 2 : index\n    scf.yield %r : index\n  }\n"
            "  %u = arith.addi %r, %r : index\n  return %u : index\n}\n")
    assert _problems(text) == []


def test_a_region_local_name_used_after_the_region_is_undeclared() -> None:
    text = ("func.func @k(%c: i1) {\n  scf.if %c {\n    %v = arith.constant 1 : index\n  }\n"
            "  %u = arith.addi %v, %v : index\n  return\n}\n")
    assert [p[:3] for p in _problems(text)] == [(5, 19, "ssa.undefined"), (5, 23, "ssa.undefined")]


def test_a_block_label_defined_twice_in_one_region_is_reported() -> None:
    text = "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n^bb1:\n  return\n}\n"
    assert _problems(text) == [(5, 1, "block.redefinition", "redefinition of block '^bb1'",
                                [(3, "previously defined here")])]


def test_a_symbol_defined_twice_in_one_table_is_reported_however_it_is_quoted() -> None:
    text = 'func.func @f() {\n  return\n}\nfunc.func @"f"() {\n  return\n}\n'
    assert _problems(text) == [(4, 11, "symbol.redefinition", "redefinition of symbol named 'f'",
                                [(1, "see existing symbol definition here")])]


def test_the_same_symbol_in_two_modules_is_fine() -> None:
    text = "module @a {\n  func.func @f() {\n    return\n  }\n}\nmodule @b {\n  func.func @f() {\n    return\n  }\n}\n"
    assert _problems(text) == []


def test_a_value_from_outside_an_isolated_op_is_a_region_isolation_error() -> None:
    # Upstream's parser resolves the name across functions; its verifier rejects the use.
    text = ("func.func @f() {\n  %x = arith.addi %y, %y : index\n  return\n}\n"
            "func.func @g() {\n  %y = arith.constant 1 : index\n  return\n}\n")
    assert _problems(text) == [(2, 8, "ssa.isolation", "'arith.addi' op using value defined outside the region",
                                [(1, "required by region isolation constraints"), (6, "the value is defined here")])]


def test_a_top_level_value_redefined_inside_a_function_is_a_redefinition() -> None:
    text = "%c = arith.constant 0 : index\nfunc.func @f() {\n  %c = arith.constant 1 : index\n  return\n}\n"
    assert [p[2:4] for p in _problems(text)] == [("ssa.redefinition", "redefinition of SSA value '%c'")]
