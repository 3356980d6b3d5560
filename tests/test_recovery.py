"""A syntax error is a diagnostic at the right place, and everything else is still analysed."""

from __future__ import annotations

from nvgpu_ls.analysis.document import Document

BROKEN = """func.func @f(%a: i32, %m: memref<4xf32, 3>) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : memref<4xf32
  %2 = arith.muli %0, %0 : i32
  %3 = "test.op"(%2 : (i32) -> i32
  %4 = arith.subi %2, %0 : i32
  return
}
func.func @g() {
  %t = nvgpu.device_async_copy %m[
  return
}
func.func @h() {
  return
}
"""


def test_each_broken_line_gets_one_diagnostic_on_its_line():
    doc = Document(BROKEN)
    lines = sorted({doc.lines.position(d.start)[0] + 1 for d in doc.diagnostics()})
    assert lines == [3, 5, 10]


def test_ops_after_an_error_are_still_analysed():
    doc = Document(BROKEN)
    names = [op.name for op in doc.ops()]
    assert names.count("func.func") == 3
    assert "arith.subi" in names and "arith.muli" in names
    (sub,) = [op for op in doc.ops() if op.name == "arith.subi"]
    assert all(u.definition is not None for u in sub.operands)


def test_unclosed_region_is_reported_where_the_text_ends_with_its_brace_as_related():
    doc = Document("func.func @f() {\n  %0 = arith.constant 0 : i32\n")
    (diag,) = doc.diagnostics()
    assert "'}'" in diag.message and doc.text[diag.start:diag.end] == "i32"  # where upstream stops
    (related,) = diag.related
    assert doc.text[related.start:related.end] == "{" and "opened here" in related.message


def test_stray_closing_brace_is_reported_and_skipped():
    doc = Document("}\nfunc.func @f() {\n  return\n}\n")
    assert len(doc.diagnostics()) == 1 and [op.name for op in doc.ops()][0] == "func.func"


def test_unterminated_string_and_bad_characters_are_reported():
    doc = Document('%0 = "test.op() : () -> ()\n%1 = arith.constant 1 : i32 \x01\n')
    codes = {d.code for d in doc.diagnostics()}
    assert "syntax.unterminated-string" in codes and "syntax.invalid-character" in codes


def test_unknown_bare_op_uses_upstream_wording():
    doc = Document("func.func @f() {\n  frobnicate %x\n  return\n}\n")
    (diag,) = doc.diagnostics()
    assert diag.message == "custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)"


def test_an_op_of_a_dialect_upstream_does_not_register_is_upstreams_error_and_still_read():
    doc = Document("func.func @f(%a: i32) {\n  %0 = mydialect.thing %a, [1, 2] {x = 1} : i32 -> f32\n  return\n}\n")
    assert [(d.code, d.message) for d in doc.diagnostics()] == [
        ("syntax.unknown-dialect", "Dialect `mydialect' not found for custom op 'mydialect.thing'")]
    (op,) = [o for o in doc.ops() if o.name == "mydialect.thing"]
    assert [u.name for u in op.operands] == ["%a"] and [r.name for r in op.results] == ["%0"]


def test_an_undescribed_op_of_a_registered_dialect_is_read_without_complaint():
    doc = Document("func.func @f(%a: tensor<4xf32>) {\n  %0 = tosa.abs %a : (tensor<4xf32>) -> tensor<4xf32>\n"
                   "  return\n}\n")
    assert doc.diagnostics() == []
    (op,) = [o for o in doc.ops() if o.name == "tosa.abs"]
    assert op.syntax == "heuristic" and [u.name for u in op.operands] == ["%a"]


def test_an_op_a_registered_dialect_does_not_have_is_unknown():
    doc = Document("func.func @f(%a: tensor<4xf32>) {\n  %0 = tosa.absolutely %a : tensor<4xf32>\n  return\n}\n")
    assert [d.message for d in doc.diagnostics()] == ["custom op 'tosa.absolutely' is unknown"]


def test_unknown_nvgpu_op_is_an_error():
    doc = Document("func.func @f() {\n  nvgpu.frobnicate\n  return\n}\n")
    assert [d.message for d in doc.diagnostics()] == ["custom op 'nvgpu.frobnicate' is unknown"]


def test_deep_region_nesting_is_bounded():
    depth = 10_000
    text = '"test.op"() ({\n' * depth + "}) : () -> ()\n" * depth
    doc = Document(text)
    assert any(d.code == "syntax.too-deep" for d in doc.diagnostics())
    assert all(0 <= d.start <= d.end <= len(text) for d in doc.diagnostics())


def test_an_unclosed_metadata_block_at_the_end_of_the_text_is_reported_inside_it():
    doc = Document("{-")
    assert [(d.start, d.end) for d in doc.diagnostics() if "file metadata block" in d.message] == [(0, 2)]
