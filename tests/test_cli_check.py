"""``nvgpu-ls --check``: line format, JSON, summary and exit codes, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CLEAN = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
BROKEN = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : memref<4xf32\n  return %a : i32\n}\n"


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, input=stdin)


def test_clean_file_exits_zero_with_summary(tmp_path):
    (tmp_path / "ok.mlir").write_text(CLEAN)
    result = run("--check", "ok.mlir", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "1 file checked: no errors or warnings"


def test_error_is_printed_as_path_line_col_and_exits_one(tmp_path):
    (tmp_path / "bad.mlir").write_text(BROKEN)
    result = run("--check", "bad.mlir", cwd=tmp_path)
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith("bad.mlir:2:") and ": error: " in first and first.endswith("]")


def test_each_error_shows_its_source_line_with_a_caret_under_the_span(tmp_path):
    (tmp_path / "bad.mlir").write_text(BROKEN)
    lines = run("--check", "bad.mlir", cwd=tmp_path).stdout.splitlines()
    column = int(lines[0].split(":")[2])
    assert lines[1] == BROKEN.splitlines()[1]
    assert lines[2].index("^") == column - 1 and set(lines[2].strip()) <= {"^", "~"}


def test_a_directory_without_an_mlir_file_is_an_error_not_a_green_run(tmp_path):
    (tmp_path / "kernel").mkdir()
    (tmp_path / "kernel" / "notes.txt").write_text("nothing here")
    (tmp_path / "ok.mlir").write_text(CLEAN)
    result = run("--check", "kernel", "ok.mlir", cwd=tmp_path)
    assert result.returncode == 2
    assert "kernel: no .mlir file in this directory, nothing to check" in result.stderr
    assert "1 file checked" in result.stdout  # the files that were found are still checked


def test_directories_are_searched_for_mlir_files(tmp_path):
    sub = tmp_path / "kernels" / "deep"
    sub.mkdir(parents=True)
    (sub / "a.mlir").write_text(CLEAN)
    (sub / "notes.txt").write_text("not mlir {")
    result = run("--check", "kernels", cwd=tmp_path)
    assert result.returncode == 0 and "1 file checked" in result.stdout


def test_json_format_lists_file_range_severity_code_message(tmp_path):
    (tmp_path / "bad.mlir").write_text(BROKEN)
    result = run("--check", "bad.mlir", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    entries = json.loads(result.stdout)
    assert entries and set(entries[0]) >= {"file", "range", "severity", "code", "message"}
    assert entries[0]["range"]["start"]["line"] == 2 and entries[0]["severity"] == "error"


def test_missing_path_is_reported_and_exits_two(tmp_path):
    (tmp_path / "ok.mlir").write_text(CLEAN)
    result = run("--check", "ok.mlir", "nope.mlir", cwd=tmp_path)
    assert result.returncode == 2
    assert "nope.mlir: no such file or directory" in result.stderr
    assert "Traceback" not in result.stderr


def test_usage_error_exits_two(tmp_path):
    result = run("--check", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_binary_and_odd_named_files_are_diagnosed_not_raised(tmp_path):
    odd = tmp_path / "we ird;$(x) 'name'.mlir"
    odd.write_bytes(b"\xff\xfe\x00garbage {{{ \x00\n")
    result = run("--check", str(odd), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "not valid UTF-8" in result.stdout


def test_standard_input_is_checked_as_stdin(tmp_path):
    result = run("--check", "-", cwd=tmp_path, stdin=BROKEN)
    assert result.returncode == 1 and result.stdout.startswith("<stdin>:2:")


def test_paths_may_follow_other_options_as_a_pre_commit_hook_with_args_passes_them(tmp_path):
    (tmp_path / "ok.mlir").write_text(CLEAN)
    (tmp_path / "bad.mlir").write_text(BROKEN)
    result = run("--check", "--target", "sm_90a", "--format", "text", "ok.mlir", "bad.mlir", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout.startswith("bad.mlir:2:"), result.stdout + result.stderr
    assert "2 files checked" in result.stdout


def test_check_without_paths_and_paths_without_check_are_usage_errors(tmp_path):
    (tmp_path / "ok.mlir").write_text(CLEAN)
    assert run("--check", cwd=tmp_path).returncode == 2
    stray = run("ok.mlir", cwd=tmp_path)
    assert stray.returncode == 2 and "use --check" in stray.stderr


def test_output_cut_short_by_its_reader_ends_quietly_with_the_sigpipe_status(tmp_path: Path):
    """``nvgpu-ls --check . | head -1``: the reader closes the pipe long before the report ends."""
    body = "".join(f"  %v{i} = nvgpu.no_such_op_{i} : i32\n" for i in range(3000))
    (tmp_path / "many.mlir").write_text(f"func.func @f() {{\n{body}  return\n}}\n")
    proc = subprocess.Popen([sys.executable, "-m", "nvgpu_ls", "--check", "many.mlir"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    status = proc.wait(timeout=120)
    assert b"many.mlir:2:" in first
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr, stderr
    assert status == 141
