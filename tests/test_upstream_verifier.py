"""Upstream MLIR's verifier in a worker process: positions, chunks, merging, and every
way the worker can fail (crash, hang, garbage, bindings missing) ending as a message."""

from __future__ import annotations

import importlib.util
import re
import sys
import time

import pytest

from nvgpu_ls.analysis.positions import LineIndex
from nvgpu_ls.diagnostics import Diagnostic, Related, Severity
from nvgpu_ls.verify import upstream
from nvgpu_ls.verify.upstream import (CODE_PARSER, CODE_VERIFIER, MISSING_BINDINGS, merge_upstream,
                                      upstream_diagnostics)
from nvgpu_ls.chunks import split_chunks
from nvgpu_ls.verify.upstream_worker import blank_explicit_locations

from .conftest import CONFORMANCE, needs_conformance


def _bindings_present() -> bool:
    try:
        return importlib.util.find_spec("torch_mlir.ir") is not None
    except ImportError:
        return False


needs_bindings = pytest.mark.skipif(
    not _bindings_present(),
    reason="torch_mlir (upstream MLIR bindings) is not importable: pip install torch-mlir",
)

SAMPLE = """\
// Kernels for the upstream verifier — ünïcödé in a comment before the op.
func.func @load_from_global(%src: memref<64x64xf16, 2>) -> vector<4x2xf16> {
  %c0 = arith.constant 0 : index
  %v = nvgpu.ldmatrix %src[%c0, %c0] {transpose = false, numTiles = 4 : i32} : memref<64x64xf16, 2> -> vector<4x2xf16> loc("kernel.py":10:4)
  return %v : vector<4x2xf16>
}

// -----

func.func @undeclared() attributes {note = "ñ→𝔘"} { %s = arith.addi %missing, %missing : i32
  return
}

// -----

module attributes {nv_tileaa.compute_capability = 90 : i32} {
  func.func @tile() {
    "nv_tileaa.barrier"() : () -> ()
    return
  }
}

// -----

func.func @typo() {
  "nvgpu.no_such_op"() : () -> ()
  return
}
"""

VALID = """\
func.func @load(%src: memref<64x64xf16, 3>) -> vector<4x2xf16> {
  %c0 = arith.constant 0 : index
  %v = nvgpu.ldmatrix %src[%c0, %c0] {transpose = false, numTiles = 4 : i32} : memref<64x64xf16, 3> -> vector<4x2xf16>
  return %v : vector<4x2xf16>
}
"""


@pytest.fixture(scope="module")
def sample_result() -> tuple[list[Diagnostic], str | None]:
    return upstream_diagnostics(SAMPLE)


# ------------------------------------------------------------------ real bindings

@needs_bindings
def test_upstream_message_lands_on_the_op(sample_result):
    diagnostics, problem = sample_result
    assert problem is None
    first = diagnostics[0]
    assert first.start == SAMPLE.index("nvgpu.ldmatrix")  # not at kernel.py:10:4
    assert SAMPLE[first.start:first.end] == "nvgpu.ldmatrix"
    assert "must have a memory space attribute of IntegerAttr(3)" in first.message
    assert (first.code, first.source, first.severity) == (CODE_VERIFIER, "mlir", Severity.ERROR)
    assert any(r.message.startswith("see current operation") and r.start == first.start for r in first.related)


@needs_bindings
def test_byte_columns_after_non_ascii_map_to_the_right_character(sample_result):
    diagnostics, _ = sample_result
    parse_errors = [d for d in diagnostics if d.code == CODE_PARSER]
    assert len(parse_errors) == 1
    assert parse_errors[0].start == SAMPLE.index("%missing")
    assert parse_errors[0].message == "use of undeclared SSA value name"


@needs_bindings
def test_chunks_are_verified_alone_and_keep_their_lines(sample_result):
    diagnostics, _ = sample_result
    lines = LineIndex(SAMPLE)
    assert [lines.line_of(d.start) + 1 for d in diagnostics] == [4, 10, 26]
    typo = diagnostics[2]
    assert typo.start == SAMPLE.index('"nvgpu.no_such_op"')
    assert "unregistered operation 'nvgpu.no_such_op'" in typo.message  # nvgpu itself stays strict


@needs_bindings
def test_valid_file_and_unregistered_dialects():
    tile = SAMPLE.split("// -----")[2]
    assert upstream_diagnostics(VALID + "// -----" + tile) == ([], None)  # unregistered: allowed by default
    strict, problem = upstream_diagnostics(tile, allow_unregistered=False)
    assert problem is None
    assert len(strict) == 1 and "unregistered dialect" in strict[0].message
    lines = LineIndex(tile)
    assert lines.line_of(strict[0].start) == lines.line_of(tile.index('"nv_tileaa.barrier"'))


@needs_bindings
@needs_conformance
def test_conformance_messages_are_on_the_lines_upstream_expects():
    """Where the bindings' snapshot words an error as upstream's invalid.mlir expects it,
    our position for it is the line the annotation names."""
    path = CONFORMANCE / "mlir" / "test" / "Dialect" / "NVGPU" / "invalid.mlir"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = path.read_text()
    lines = text.split("\n")
    expected = []
    for number, line in enumerate(lines):
        found = re.search(r"expected-error\s*(@[+-]\d+|@below)?\s*\{\{(.*)\}\}", line)
        if not found:
            continue
        target = number
        if found.group(1) == "@below":
            target = number + 1
            while lines[target].lstrip().startswith("//"):
                target += 1
        elif found.group(1):
            target = number + int(found.group(1)[1:])
        expected.append((target, found.group(2)))
    diagnostics, problem = upstream_diagnostics(text)
    assert problem is None
    index = LineIndex(text)
    matched = 0
    for target, message in expected:
        places = [index.line_of(d.start) for d in diagnostics if message in d.message]
        if places:
            matched += 1
            assert target in places, (target + 1, message, [p + 1 for p in places])
    assert matched >= len(expected) // 2


# ------------------------------------------------------------------ worker helpers

def test_split_follows_mlir_opt():
    text = "a\n// -----\nb // ----- c\n// ------\nd"
    assert [chunk for _, chunk in split_chunks(text)] == ["a\n", "\nb ", " c\n", "-\nd"]
    assert all(text[offset:offset + len(chunk)] == chunk for offset, chunk in split_chunks(text))


def test_explicit_locations_are_blanked_byte_for_byte():
    text = ('#loc = loc("k.py":1:2)\n%0 = "a.b"() : () -> i32 loc(fused["é(", #loc]) // loc(x)\n'
            '^bb0(%a: i32 loc(#loc)):\n%s = "a.c"() {loc = "loc(keep)"} : () -> ()\n')
    blanked = blank_explicit_locations(text)
    assert blanked.splitlines()[0] == '#loc = loc("k.py":1:2)'
    assert "fused" not in blanked and "loc(#loc)" not in blanked
    assert "// loc(x)" in blanked and '"loc(keep)"' in blanked
    assert [len(line.encode()) for line in blanked.split("\n")] == [len(line.encode()) for line in text.split("\n")]


# ------------------------------------------------------------------ merging

TEXT = "line one\nline two\nline three\n"


def _at(line: int, message: str, code: str, source: str = "nvgpu-ls") -> Diagnostic:
    start = [0, 9, 18][line]
    return Diagnostic(start + 2, start + 4, message, code, source=source)


def test_merge_drops_what_we_already_say():
    ours = [_at(0, "'nvgpu.ldmatrix' op expected vector register shape[1] = 2", "nvgpu.ldmatrix.shape"),
            _at(1, "Expected   ':'", "syntax.error")]
    theirs = [_at(0, "expected vector register shape[1] = 2", CODE_VERIFIER, "mlir"),  # ours has more detail
              _at(1, "expected ':'", CODE_VERIFIER, "mlir")]  # same text, case and spaces aside
    assert merge_upstream(ours, theirs, TEXT) == ours


def test_merge_drops_upstream_wording_that_contains_ours():
    ours = [_at(2, "results must be 2 dimensional vector", "nvgpu.ldmatrix.rank")]
    theirs = [_at(2, "'nvgpu.ldmatrix' op results must be 2 dimensional vector", CODE_VERIFIER, "mlir")]
    assert merge_upstream(ours, theirs, TEXT) == ours


def test_merge_drops_upstream_parse_error_where_we_report_a_syntax_error():
    ours = [_at(1, "unbalanced '('", "syntax.unbalanced")]
    theirs = [_at(1, "expected ')' in argument list", CODE_PARSER, "mlir")]
    assert merge_upstream(ours, theirs, TEXT) == ours


def test_merge_keeps_everything_else_in_order():
    ours = [_at(0, "expected vector register shape[1] = 2", "nvgpu.ldmatrix.shape"),
            _at(2, "unbalanced '('", "syntax.unbalanced")]
    other_line = _at(1, "expected vector register shape[1] = 2", CODE_VERIFIER, "mlir")
    other_message = _at(0, "transpose works only at 16b granularity", CODE_VERIFIER, "mlir")
    verifier_on_syntax_line = _at(2, "operand #0 does not dominate this use", CODE_VERIFIER, "mlir")
    parse_on_verifier_line = _at(0, "custom op 'x' is unknown", CODE_PARSER, "mlir")
    theirs = [other_line, other_message, verifier_on_syntax_line, parse_on_verifier_line]
    merged = merge_upstream(ours, theirs, TEXT)
    assert sorted(merged, key=id) == sorted([*ours, *theirs], key=id)
    assert [d.start for d in merged] == sorted(d.start for d in merged)


def test_merge_of_empty_messages_drops_nothing():
    ours = [_at(0, "", "nvgpu.x")]
    theirs = [_at(0, "something upstream says", CODE_VERIFIER, "mlir")]
    assert len(merge_upstream(ours, theirs, TEXT)) == 2


# ------------------------------------------------------------------ the worker failing

def _python(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    monkeypatch.setattr(upstream, "WORKER_COMMAND", [sys.executable, "-c", code])


def test_killed_worker_names_the_signal(monkeypatch):
    _python(monkeypatch, "import os; os.abort()")
    assert upstream_diagnostics(VALID) == ([], "upstream verifier crashed (SIGABRT)")


def test_crash_names_what_llvm_said(monkeypatch):
    _python(monkeypatch, "import os, sys; sys.stderr.write('LLVM ERROR: bad thing\\n #0 0x1 frame\\n'); "
                         "sys.stderr.flush(); os.abort()")
    assert upstream_diagnostics(VALID) == ([], "upstream verifier crashed (SIGABRT): LLVM ERROR: bad thing")


def test_crash_keeps_the_chunks_finished_before_it(monkeypatch):
    record = '{"line": 1, "column": 1, "severity": "error", "message": "m", "kind": "verifier", "notes": []}'
    _python(monkeypatch, f"import os, sys; sys.stdout.write('[{record}]\\n'); sys.stdout.flush(); os.abort()")
    diagnostics, problem = upstream_diagnostics("a\n// -----\nb\n")
    assert [(d.start, d.message) for d in diagnostics] == [(0, "m")]
    assert problem == "upstream verifier crashed (SIGABRT) in the chunk starting at line 2"


def test_hanging_worker_times_out(monkeypatch):
    _python(monkeypatch, "import time; time.sleep(60)")
    began = time.monotonic()
    assert upstream_diagnostics(VALID, timeout=1) == ([], "upstream verifier timed out after 1 s")
    assert time.monotonic() - began < 10


@pytest.mark.parametrize("output", ["this is not json", '{"line": 1}', "[1, 2]", "[]\n[]"])
def test_garbage_output_is_reported(monkeypatch, output):
    _python(monkeypatch, f"print({output!r})")
    diagnostics, problem = upstream_diagnostics(VALID)
    assert diagnostics == []
    assert problem is not None and problem.startswith("upstream verifier ")


def test_failing_worker_reports_its_last_words(monkeypatch):
    _python(monkeypatch, "import sys; sys.exit('LLVM ERROR: out of cheese')")
    assert upstream_diagnostics(VALID) == ([], "upstream verifier failed (exit status 1): LLVM ERROR: out of cheese")


def test_missing_bindings_say_what_to_install(monkeypatch, tmp_path):
    shadow = tmp_path / "torch_mlir"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'torch_mlir'\")\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    assert upstream_diagnostics(VALID) == ([], MISSING_BINDINGS)


def test_worker_that_cannot_start(monkeypatch, tmp_path):
    monkeypatch.setattr(upstream, "WORKER_COMMAND", [str(tmp_path / "no-such-python")])
    diagnostics, problem = upstream_diagnostics(VALID)
    assert diagnostics == [] and problem.startswith("upstream verifier could not start")


def test_related_notes_map_to_offsets(monkeypatch):
    record = ('{"line": 2, "column": 4, "severity": "warning", "message": "w", "kind": "verifier",'
              ' "notes": [{"line": 1, "column": 3, "message": "here"}]}')
    _python(monkeypatch, f"print('[{record}]')")
    text = "é€x y\nab cd\n"
    [diag], problem = upstream_diagnostics(text)
    assert problem is None
    assert (diag.start, diag.end, diag.severity) == (text.index("cd"), text.index("cd") + 2, Severity.WARNING)
    assert diag.related == (Related(1, 2, "here"),)  # byte column 3: the character after "é" (2 bytes)
