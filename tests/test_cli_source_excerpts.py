"""Text output shows each finding's source line with a caret under its span, as mlir-opt and clang
do (nvgpu_ls/output.py ``caret_lines``, ``write_text_findings``)."""

from __future__ import annotations

import io

from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.output import EXCERPT_WIDTH, Finding, RelatedFinding, caret_lines, write_text_findings


def test_the_caret_runs_under_the_span():
    line, carets = caret_lines("  %r = nvgpu.ldmatirx %m", (1, 8), (1, 22))
    assert line == "  %r = nvgpu.ldmatirx %m"
    assert carets == "       ^~~~~~~~~~~~~~"


def test_a_span_that_goes_on_to_another_line_is_marked_to_the_end_of_this_one():
    assert caret_lines("gpu.module @m {", (1, 1), (9, 2))[1] == "^" + "~" * 14


def test_an_empty_span_gets_one_caret_even_at_the_end_of_the_line():
    assert caret_lines("abc", (1, 4), (1, 4)) == ("abc", "   ^")


def test_tabs_stay_tabs_so_the_caret_lines_up_at_any_tab_width():
    assert caret_lines("\t\t%x = foo", (1, 3), (1, 5))[1] == "\t\t^~"


def test_line_breaks_are_not_shown():
    assert caret_lines("%x = foo\r\n", (1, 6), (1, 9)) == ("%x = foo", "     ^~~")


def test_a_long_line_is_cut_around_the_place():
    text = "a" * 1000 + "BAD" + "b" * 1000
    line, carets = caret_lines(text, (1, 1001), (1, 1004))
    assert line.startswith("...") and line.endswith("...") and len(line) == EXCERPT_WIDTH + 6
    assert line[carets.index("^"):carets.index("^") + 3] == "BAD" and carets.endswith("^~~")


def test_a_note_at_the_finding_s_own_span_does_not_repeat_the_line():
    related = (RelatedFinding("f.mlir", (3, 8), (3, 22), "did you mean 'nvgpu.ldmatrix'?", "  x"),
               RelatedFinding("f.mlir", (1, 1), (1, 2), "defined here", "%m"))
    finding = Finding("f.mlir", (3, 8), (3, 22), Severity.ERROR, "syntax.unknown-op", "unknown", related=related,
                      excerpt="  %r = nvgpu.ldmatirx %m")
    out = io.StringIO()
    write_text_findings([finding], out)
    assert out.getvalue().splitlines() == [
        "f.mlir:3:8: error: unknown [syntax.unknown-op]",
        "  %r = nvgpu.ldmatirx %m",
        "       ^~~~~~~~~~~~~~",
        "f.mlir:3:8: note: did you mean 'nvgpu.ldmatrix'?",
        "f.mlir:1:1: note: defined here",
        "%m",
        "^",
    ]


def test_a_finding_without_a_place_has_no_excerpt():
    out = io.StringIO()
    write_text_findings([Finding("f.mlir", None, None, Severity.ERROR, "file.unreadable", "gone")], out)
    assert out.getvalue() == "f.mlir: error: gone [file.unreadable]\n"


def test_an_explanation_is_printed_after_the_caret_and_before_the_notes():
    finding = Finding("k.mlir", (1, 6), (1, 9), Severity.ERROR, "nvgpu.x.y", "upstream's words", excerpt="%x = foo",
                      related=(RelatedFinding("k.mlir", (1, 1), (1, 3), "%x defined here", "%x = foo"),),
                      explanation="what is at fault, in plain words")
    out = io.StringIO()
    write_text_findings([finding], out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "k.mlir:1:6: error: upstream's words [nvgpu.x.y]"
    assert lines[3] == "  = what is at fault, in plain words" and lines[4].endswith("note: %x defined here")
