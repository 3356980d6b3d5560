"""A missing `}` is placed by indentation and its knock-on errors are dropped (verify/unclosed.py)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.fixes import apply_edits, fixes_for
from nvgpu_ls.verify import check_document

LOOP_LEFT_OPEN = """\
func.func @a(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %t = arith.addi %acc, %i : index
    scf.yield %t : index
  return %s : index
}

func.func @b(%x: index) -> index {
  %y = arith.addi %x, %x : index
  return %y : index
}
"""


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def test_the_region_whose_brace_is_less_indented_than_its_opener_is_named_first() -> None:
    (unclosed,) = [d for d in check_document(Document(LOOP_LEFT_OPEN)) if d.code == "syntax.unbalanced"]
    assert _line(LOOP_LEFT_OPEN, unclosed.start) == 13  # where the text runs out, as upstream reports
    suspect, outermost = unclosed.related
    assert LOOP_LEFT_OPEN[suspect.start] == "{" and _line(LOOP_LEFT_OPEN, suspect.start) == 4
    assert "line 8" in suspect.message and _line(LOOP_LEFT_OPEN, outermost.start) == 1
    assert unclosed.explanation.startswith("a '}' is probably missing before line 7")


def test_knock_on_errors_of_ops_read_one_region_too_deep_are_dropped() -> None:
    codes = [d.code for d in check_document(Document(LOOP_LEFT_OPEN))]
    assert not {"ssa.dominance", "block.terminator", "op.terminator-position"} & set(codes)
    assert "syntax.unbalanced" in codes and "syntax.unknown-dialect" in codes  # upstream's own first error stays


def test_errors_before_the_open_region_stay() -> None:
    text = LOOP_LEFT_OPEN.replace("  %c1 = arith.constant 1 : index\n", "  %c1 = arith.constant 1 : index\n"
                                  "  %bad = arith.addi %c0, %undefined : index\n")
    assert "ssa.undefined" in [d.code for d in check_document(Document(text))]


def test_without_indentation_the_parsers_report_is_kept() -> None:
    flat = "\n".join(line.strip() for line in LOOP_LEFT_OPEN.splitlines()) + "\n"
    (unclosed,) = [d for d in check_document(Document(flat)) if d.code == "syntax.unbalanced"]
    assert [r.message for r in unclosed.related] == ["the region is opened here"] and not unclosed.explanation
    assert "ssa.dominance" in [d.code for d in check_document(Document(flat))]


def test_a_closed_file_is_left_alone() -> None:
    closed = LOOP_LEFT_OPEN.replace("    scf.yield %t : index\n", "    scf.yield %t : index\n  }\n")
    assert [d.code for d in check_document(Document(closed)) if d.severity == 1] == []


BODY_LEFT_OPEN = """\
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: index) kernel {
    %c0 = arith.constant 0 : index
    scf.for %i = %c0 to %a step %a {
      %x = arith.addi %i, %c0 : index
    gpu.return
  }
  gpu.func @j() kernel {
    gpu.return
  }
}
"""


@pytest.mark.parametrize("text", [LOOP_LEFT_OPEN, BODY_LEFT_OPEN])
def test_the_quick_fix_inserts_the_brace_where_it_belongs_and_the_file_is_clean(text: str, tmp_path) -> None:
    doc = Document(text)
    (unclosed,) = [d for d in check_document(doc) if d.code == "syntax.unbalanced"]
    (fix,) = fixes_for(doc, unclosed)
    fixed = apply_edits(text, list(fix.edits))
    assert [d.code for d in check_document(Document(fixed)) if d.severity == 1] == []
    if shutil.which("mlir-opt-22"):
        (tmp_path / "fixed.mlir").write_text(fixed)
        done = subprocess.run(["mlir-opt-22", str(tmp_path / "fixed.mlir")], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
