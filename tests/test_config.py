"""The project configuration file: discovery, overrides, validation, and its effect on checks."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.config import (
    ConfigProblem, LoadedConfig, clear_cache, glob_matches, load_config, load_config_file, parse_target,
    problem_diagnostics, problem_messages, settings_for,
)
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import CheckOptions, check_document

# `custom op 'nvgpu.device_async_copy' expected 'to'`: a syntax error in the custom form, stable while the verifiers change.
BAD_COPY = ("func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %i: index) {\n"
            "  %0 = nvgpu.device_async_copy %a[%i], %b[%i], 4 : memref<4xf32> memref<4xf32, 3>\n"
            "  return\n"
            "}\n")


@pytest.fixture(autouse=True)
def fresh_cache():
    clear_cache()
    yield
    clear_cache()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


# --------------------------------------------------------------------------- discovery

def test_config_is_found_by_walking_up_from_the_document(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    doc = write(tmp_path / "a" / "b" / "c" / "k.mlir", "")
    loaded = load_config(doc)
    assert loaded.path == config and loaded.config.target == "sm_90a" and not loaded.problems


def test_nearest_config_wins_and_further_ones_are_not_merged(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", 'target = "sm_80"\n[rules]\n"ssa.*" = "off"\n')
    near = write(tmp_path / "a" / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    loaded = load_config(write(tmp_path / "a" / "b" / "k.mlir", ""))
    assert loaded.path == near and loaded.config.target == "sm_90a" and dict(loaded.config.rules) == {}


def test_pyproject_table_is_read(tmp_path):
    pyproject = write(tmp_path / "pyproject.toml", """\
        [project]
        name = "kernels"

        [tool.nvgpu-ls]
        target = "sm_100a"

        [tool.nvgpu-ls.rules]
        "nvgpu.sm-gate" = "warning"

        [[tool.nvgpu-ls.overrides]]
        files = ["old/**"]
        target = "sm_80"
        """)
    loaded = load_config(write(tmp_path / "k.mlir", ""))
    assert loaded.path == pyproject and not loaded.problems
    assert loaded.config.target == "sm_100a" and dict(loaded.config.rules) == {"nvgpu.sm-gate": "warning"}
    assert settings_for(loaded, tmp_path / "old" / "x.mlir").target == "sm_80"
    assert settings_for(loaded, tmp_path / "k.mlir").target_origin == "pyproject.toml"


def test_pyproject_without_the_table_is_skipped(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "x"\n[tool.ruff]\nline-length = 100\n')
    assert load_config(write(tmp_path / "pkg" / "k.mlir", "")).path == config


def test_broken_pyproject_that_is_not_ours_is_skipped_silently(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project\nname = "x"\n')
    loaded = load_config(write(tmp_path / "pkg" / "k.mlir", ""))
    assert loaded.path == config and not loaded.problems


def test_broken_pyproject_with_our_table_is_reported(tmp_path):
    pyproject = write(tmp_path / "pyproject.toml", '[tool.nvgpu-ls]\ntarget = "sm_90a\n')
    loaded = load_config(write(tmp_path / "k.mlir", ""))
    assert loaded.path == pyproject and len(loaded.problems) == 1
    assert "invalid TOML" in loaded.problems[0].message and loaded.problems[0].line == 2


def test_nvgpu_ls_toml_beats_pyproject_in_the_same_directory(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    write(tmp_path / "pyproject.toml", '[tool.nvgpu-ls]\ntarget = "sm_80"\n')
    assert load_config(tmp_path / "k.mlir").path == config


def test_no_config_anywhere_gives_defaults_and_the_fallback_target(tmp_path):
    loaded = load_config(write(tmp_path / "k.mlir", ""))
    if loaded.path is not None:  # a config above the temporary directory would be found too
        pytest.skip(f"a configuration exists above the temporary directory: {loaded.path}")
    assert loaded == LoadedConfig()
    assert settings_for(loaded, tmp_path / "k.mlir") == CheckOptions(None, "--target", {})
    assert settings_for(loaded, tmp_path / "k.mlir", "sm_80") == CheckOptions("sm_80", "--target", {})


def test_discovery_starts_at_a_directory_too(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    (tmp_path / "sub").mkdir()
    assert load_config(tmp_path / "sub").path == config


def test_explicit_file_is_read_whatever_its_name(tmp_path):
    config = write(tmp_path / "ci" / "strict.toml", 'target = "sm_90a+ptx80"\n')
    loaded = load_config_file(config)
    assert loaded.path == config and loaded.config.target == "sm_90a+ptx80"
    assert settings_for(loaded, tmp_path / "elsewhere" / "k.mlir").target_origin == "strict.toml"


def test_explicit_pyproject_without_the_table_is_a_problem(tmp_path):
    loaded = load_config_file(write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n'))
    assert loaded.config.target is None and "no [tool.nvgpu-ls] table" in loaded.problems[0].message


def test_parsed_files_are_cached_until_they_change(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_90a"\n')
    first = load_config(tmp_path)
    assert load_config(tmp_path).config is first.config
    config.write_text('target = "sm_100a"\n')
    os.utime(config, ns=(config.stat().st_atime_ns, config.stat().st_mtime_ns + 10_000_000))
    assert load_config(tmp_path).config.target == "sm_100a"


# --------------------------------------------------------------------------- settings for a file

OVERRIDES = """\
    target = "sm_90a"

    [rules]
    "nvgpu.tma.async.load" = "error"
    "syntax.*" = "warning"

    [[overrides]]
    files = ["kernels/**/*.mlir"]
    target = "sm_80"
    rules = { "nvgpu.tma.*" = "off", "ssa.undefined" = "hint" }

    [[overrides]]
    files = ["kernels/legacy/**"]
    target = "sm_75"
    rules = { "ssa.*" = "info" }

    [[overrides]]
    files = ["kernels/legacy/keep.mlir"]
    rules = { "nvgpu.tma.async.load" = "warning" }
    """


@pytest.fixture
def overrides(tmp_path) -> LoadedConfig:
    write(tmp_path / "nvgpu-ls.toml", OVERRIDES)
    loaded = load_config(tmp_path)
    assert not loaded.problems, loaded.problems
    return loaded


def test_top_level_applies_where_no_override_matches(overrides, tmp_path):
    options = settings_for(overrides, tmp_path / "other" / "k.mlir", "sm_100a")
    assert options.target == "sm_90a" and options.target_origin == "nvgpu-ls.toml"
    assert dict(options.severities) == {"nvgpu.tma.async.load": "error", "syntax.*": "warning"}


def test_matching_override_beats_the_top_level_even_with_a_glob(overrides, tmp_path):
    options = settings_for(overrides, tmp_path / "kernels" / "gemm.mlir")
    assert options.target == "sm_80"
    # The override's "nvgpu.tma.*" = "off" covers the top level's exact "nvgpu.tma.async.load".
    assert dict(options.severities) == {"syntax.*": "warning", "nvgpu.tma.*": "off", "ssa.undefined": "hint"}


def test_later_override_beats_earlier_ones(overrides, tmp_path):
    options = settings_for(overrides, tmp_path / "kernels" / "legacy" / "old.mlir")
    assert options.target == "sm_75"
    assert dict(options.severities) == {"syntax.*": "warning", "nvgpu.tma.*": "off", "ssa.*": "info"}
    keep = settings_for(overrides, tmp_path / "kernels" / "legacy" / "keep.mlir")
    assert keep.target == "sm_75"  # the last override names no target: the earlier one's stays
    assert keep.severities["nvgpu.tma.async.load"] == "warning" and keep.severities["nvgpu.tma.*"] == "off"


def test_override_globs_are_relative_to_the_config_directory(overrides, tmp_path):
    assert settings_for(overrides, tmp_path / "x" / "kernels" / "gemm.mlir").target == "sm_90a"
    assert settings_for(overrides, tmp_path.parent / "kernels" / "gemm.mlir").target == "sm_90a"


def test_relative_file_paths_are_resolved_from_the_working_directory(overrides, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path / "")
    assert settings_for(overrides, "kernels/gemm.mlir").target == "sm_80"
    assert settings_for(overrides, None).target == "sm_90a"  # standard input: no path, no override


@pytest.mark.parametrize("pattern, path, expected", [
    ("kernels/*.mlir", "kernels/a.mlir", True),
    ("kernels/*.mlir", "kernels/sub/a.mlir", False),
    ("kernels/**/*.mlir", "kernels/a.mlir", True),
    ("kernels/**/*.mlir", "kernels/x/y/a.mlir", True),
    ("**/*.mlir", "a.mlir", True),
    ("**/legacy/*.mlir", "x/y/legacy/a.mlir", True),
    ("*.mlir", "sub/a.mlir", False),
    ("kernels/legacy", "kernels/legacy/deep/a.mlir", True),
    ("kernels/**", "kernels/a/b.mlir", True),
    ("./kernels/a.mlir", "kernels/a.mlir", True),
    ("k?.mlir", "k1.mlir", True),
    ("k?.mlir", "k12.mlir", False),
    ("k[0-9].mlir", "k7.mlir", True),
    ("k[!0-9].mlir", "k7.mlir", False),
    ("a.b.mlir", "aXb.mlir", False),
])
def test_glob_semantics(pattern, path, expected):
    assert glob_matches(pattern, path) is expected


def test_a_class_stays_inside_one_path_segment():
    assert glob_matches("a[!x]b", "a/b") is False
    assert glob_matches("a[!x]b", "ayb") is True


def test_globs_that_backtrack_take_linear_time():
    """``*a*a*a*a*a*a*a*a*b.mlir`` against a 40-``a`` name took 6.5 s per file (issue 16), and a
    ``[rules]`` key of many ``*`` as long again over every diagnostic code."""
    import time

    from nvgpu_ls.verify import apply_severities
    from nvgpu_ls.diagnostics import Diagnostic, Severity

    started = time.monotonic()
    for _ in range(20):
        assert glob_matches("*a" * 10 + "*b.mlir", "a" * 40 + ".mlir") is False
        assert glob_matches("**/" + "*a" * 10 + "*b.mlir", "x/" * 20 + "a" * 60) is False
    diagnostics = [Diagnostic(0, 1, "m", "a" * 60, Severity.ERROR)]
    assert apply_severities(diagnostics, {"*a" * 30 + "*b": "off"}) == diagnostics
    severities: dict[str, str] = {}
    from nvgpu_ls.config import _override_rule
    _override_rule(severities, "a" * 60, "off")
    _override_rule(severities, "*a" * 30 + "*b", "off")
    assert "a" * 60 in severities
    assert time.monotonic() - started < 2


# --------------------------------------------------------------------------- invalid configurations

@pytest.mark.parametrize("text, fragment, line, defaulted", [
    ('target = "sm_90a"\n[rules\n', "invalid TOML", 2, {"target": None}),
    ("target = 90\n", "'target' must be a string", 1, {"target": None}),
    ('target = { chip = "sm_90a" }\n', "not a table", 1, {"target": None}),
    ('target = "sm90a"\n', "expected a chip", 1, {"target": None}),
    ('target = "sm_91"\n', "unknown chip 'sm_91'", 1, {"target": None}),
    ('target = "sm_90a"\nrules = ["ssa.*"]\n', "'rules' must be a table", 2, {"target": "sm_90a", "rules": {}}),
    ('[rules]\n"ssa.*" = "warn"\n"syntax.*" = "off"\n', 'unknown severity "warn"', 2,
     {"rules": {"syntax.*": "off"}}),
    ('[rules]\n"syntax.*" = "off"\n"ssa.*" = 2\n', "must be a string", 3, {"rules": {"syntax.*": "off"}}),
    ('target = "sm_90a"\ncolour = "blue"\n', "unknown key 'colour'", 2, {"target": "sm_90a"}),
    ('overrides = 3\n', "'overrides' must be an array of tables", 1, {"overrides": ()}),
    ('overrides = [1]\n', "override 1 must be a table", 1, {"overrides": ()}),
    ('[[overrides]]\ntarget = "sm_80"\n', "has no 'files'", 1, {"overrides": ()}),
    ('[[overrides]]\nfiles = "k.mlir"\n', "'files' must be a non-empty array", 2, {"overrides": ()}),
    ('[[overrides]]\nfiles = []\n', "not an empty array", 2, {"overrides": ()}),
    ('[[overrides]]\nfiles = ["a.mlir", 3]\n', "a glob in 'files' must be a non-empty string", 2, {}),
    ('[[overrides]]\nfiles = ["a.mlir"]\nwhen = "always"\n', "unknown key 'when'", 3, {}),
    ('[[overrides]]\nfiles = ["a.mlir"]\n\n[[overrides]]\nfiles = ["b.mlir"]\ntarget = "sm_9"\n',
     "expected a chip", 6, {}),
    ('[[overrides]]\nfiles = ["a.mlir"]\nrules = { "ssa.*" = "loud" }\n', 'unknown severity "loud"', 3, {}),
])
def test_invalid_settings_are_reported_with_file_and_line_and_defaulted(tmp_path, text, fragment, line, defaulted):
    config = write(tmp_path / "nvgpu-ls.toml", text)
    loaded = load_config(tmp_path / "k.mlir")
    assert loaded.path == config
    assert [p for p in loaded.problems if fragment in p.message], loaded.problems
    problem = next(p for p in loaded.problems if fragment in p.message)
    assert problem.line == line and problem.column is not None
    assert Path(problem.path).resolve() == config.resolve()
    for name, value in defaulted.items():
        got = getattr(loaded.config, name)
        assert (dict(got) if name == "rules" else got) == value


def test_the_problem_points_at_the_key_inside_an_inline_table(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", '[[overrides]]\nfiles = ["a"]\nrules = { "ssa.*" = "off", "x.y" = "loud" }\n')
    problem = load_config(tmp_path).problems[0]
    assert (problem.line, problem.column) == (3, 28)


def test_pyproject_problems_are_located_in_the_tool_table(tmp_path):
    write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n\n[tool.nvgpu-ls.rules]\n"ssa.*" = "loud"\n')
    problem = load_config(tmp_path).problems[0]
    assert problem.line == 5 and 'unknown severity "loud"' in problem.message


def test_tool_table_that_is_not_a_table_is_reported(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool]\nnvgpu-ls = 3\n')
    loaded = load_config(tmp_path)
    assert loaded.problems and "must be a table" in loaded.problems[0].message and loaded.problems[0].line == 2


def test_unquoted_dotted_rule_names_mean_the_code(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", '[rules]\nnvgpu.sm-gate = "warning"\nssa.undefined = "off"\n')
    loaded = load_config(tmp_path)
    assert not loaded.problems and dict(loaded.config.rules) == {"nvgpu.sm-gate": "warning", "ssa.undefined": "off"}


def test_severity_names_are_case_insensitive(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", '[rules]\n"ssa.*" = "Warning"\n')
    assert dict(load_config(tmp_path).config.rules) == {"ssa.*": "warning"}


def test_unreadable_explicit_file_is_a_problem_without_a_line(tmp_path):
    loaded = load_config_file(tmp_path / "missing.toml")
    assert len(loaded.problems) == 1 and loaded.problems[0].line is None
    assert "cannot read the configuration" in loaded.problems[0].message


@pytest.mark.parametrize("data", [
    b"\xff\xfe\x00\x01", b"= = =", b"[[[[", b"rules = { a = { b = { c = 1 } } }", b"target = 1979-05-27",
    b'overrides = [{ files = [[1]] , rules = 1, target = [] }]', b"[rules]\n\"\" = \"off\"\n",
])
def test_garbage_never_raises(tmp_path, data):
    (tmp_path / "nvgpu-ls.toml").write_bytes(data)
    loaded = load_config(tmp_path)
    assert loaded.problems and all(isinstance(p, ConfigProblem) for p in loaded.problems)
    settings_for(loaded, tmp_path / "k.mlir")


def test_problems_as_messages_and_as_diagnostics(tmp_path):
    text = 'target = "sm_90a"\n[rules]\n"ssa.*" = "loud"\n'
    write(tmp_path / "nvgpu-ls.toml", text)
    loaded = load_config(tmp_path)
    [message] = problem_messages(loaded)
    assert message.endswith(" [config.invalid]") and ":3:1: error: unknown severity" in message
    [diagnostic] = problem_diagnostics(loaded)
    assert diagnostic.code == "config.invalid" and diagnostic.severity == Severity.ERROR
    assert text[diagnostic.start:diagnostic.end] == '"ssa.*"'


@pytest.mark.parametrize("value, expected", [
    ("sm_90a", "sm_90a"), ("SM_80", "sm_80"), ("sm_100a+ptx86", "sm_100a+ptx86"), ("sm_120", "sm_120"),
    ("sm90", None), ("sm_90a+ptx", None), ("compute_90", None), ("", None), ("sm_91", None), ("sm_80f", None),
])
def test_target_spelling(value, expected):
    assert parse_target(value) == expected


# --------------------------------------------------------------------------- applied through check_document

def codes_and_levels(text: str, options: CheckOptions) -> dict[str, Severity]:
    return {d.code: d.severity for d in check_document(Document(text), options)
            if d.code.startswith(("syntax.", "ssa."))}


def test_configured_severities_relevel_and_drop_diagnostics(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", '[rules]\n"syntax.*" = "warning"\n')
    options = settings_for(load_config(tmp_path), tmp_path / "k.mlir")
    assert codes_and_levels(BAD_COPY, CheckOptions()) == {"syntax.custom-form": Severity.ERROR}
    assert codes_and_levels(BAD_COPY, options) == {"syntax.custom-form": Severity.WARNING}


def test_off_drops_and_an_exact_code_beats_a_glob(tmp_path):
    write(tmp_path / "nvgpu-ls.toml", """\
        [rules]
        "syntax.*" = "off"

        [[overrides]]
        files = ["hinted/**"]
        rules = { "syntax.custom-form" = "hint" }
        """)
    loaded = load_config(tmp_path)
    assert codes_and_levels(BAD_COPY, settings_for(loaded, tmp_path / "k.mlir")) == {}
    hinted = settings_for(loaded, tmp_path / "hinted" / "k.mlir")
    assert codes_and_levels(BAD_COPY, hinted) == {"syntax.custom-form": Severity.HINT}


def test_problem_paths_are_printed_relative_to_the_current_directory(tmp_path, monkeypatch):
    write(tmp_path / "proj" / "nvgpu-ls.toml", "target = 1\n")
    monkeypatch.chdir(tmp_path)
    assert problem_messages(load_config(tmp_path / "proj"))[0].startswith("proj/nvgpu-ls.toml:1:1: error:")
    monkeypatch.chdir(tmp_path / "proj")  # the parsed file is cached; the path it prints is not
    assert problem_messages(load_config(tmp_path / "proj"))[0].startswith("nvgpu-ls.toml:1:1: error:")


def test_a_deeply_nested_array_is_a_config_problem_not_a_crash(tmp_path):
    """A 20,000-deep array (40 KB) raised RecursionError out of config loading: a traceback in the
    CLI, and in the server no diagnostics for any file below it (issue 16)."""
    deep = "x = " + "[" * 20_000 + "]" * 20_000 + "\n"
    (tmp_path / "ours").mkdir()
    (tmp_path / "ours" / "nvgpu-ls.toml").write_text(deep)
    (problem,) = load_config(tmp_path / "ours" / "k.mlir").problems
    assert "nested too deeply" in problem.message
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "pyproject.toml").write_text(deep)  # someone else's file: not ours to judge
    assert load_config(tmp_path / "theirs" / "k.mlir") == LoadedConfig()
    (tmp_path / "ours" / "k.mlir").write_text("func.func @f() {\n  return\n}\n")
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", str(tmp_path / "ours" / "k.mlir")],
                            capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr and "[config.invalid]" in result.stdout and result.returncode == 1


def test_a_config_planted_above_a_checkout_is_not_used(tmp_path):
    """A ``nvgpu-ls.toml`` in a folder above the checkout with ``"*" = "off"`` hid every error,
    syntax included (issue 16): the search stops at the repository's root."""
    (tmp_path / "nvgpu-ls.toml").write_text('[rules]\n"*" = "off"\n')
    checkout = tmp_path / "work" / "repo"
    (checkout / "kernels").mkdir(parents=True)
    (checkout / ".git").mkdir()
    kernel = checkout / "kernels" / "k.mlir"
    kernel.write_text("func.func @f() {\n  %x = arith.addi\n}\n")
    assert load_config(kernel) == LoadedConfig()
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", str(kernel)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 1 and "error" in result.stdout
    (checkout / "nvgpu-ls.toml").write_text('target = "sm_80"\n')  # the checkout's own file still counts
    assert load_config(kernel).config.target == "sm_80"
    (checkout / ".git").rmdir()
    (checkout / ".git").write_text("gitdir: elsewhere\n")  # a worktree's root
    (checkout / "nvgpu-ls.toml").unlink()
    assert load_config(kernel) == LoadedConfig()


# --------------------------------------------------------------------------- opt-level
def test_opt_level_is_read_and_carried_with_the_check_options(tmp_path):
    config = write(tmp_path / "nvgpu-ls.toml", 'target = "sm_80"\nopt-level = 1\n')
    loaded = load_config_file(str(config))
    assert loaded.problems == () and loaded.config.opt_level == 1
    assert settings_for(loaded, tmp_path / "k.mlir").opt_level == 1
    assert settings_for(LoadedConfig(), tmp_path / "k.mlir", "sm_80").opt_level is None


@pytest.mark.parametrize("value", ["4", "-1", "true", '"2"', "2.0"])
def test_an_opt_level_that_is_no_level_is_reported_and_not_used(tmp_path, value):
    loaded = load_config_file(str(write(tmp_path / "nvgpu-ls.toml", f"opt-level = {value}\n")))
    (problem,) = loaded.problems
    assert "'opt-level' must be 0, 1, 2 or 3" in problem.message and problem.line == 1
    assert loaded.config.opt_level is None


def test_the_configurations_opt_level_comes_before_dash_o_and_after_the_targets_own(tmp_path):
    from nvgpu_ls.cli import main

    write(tmp_path / "nvgpu-ls.toml", 'target = "sm_80"\nopt-level = 1\n')
    kernel = write(tmp_path / "k.mlir", """\
        gpu.module @plain {
          gpu.func @k() kernel {
            gpu.return
          }
        }
        gpu.module @stated [#nvvm.target<O = 0, chip = "sm_80">] {
          gpu.func @j() kernel {
            gpu.return
          }
        }
        """)
    out = tmp_path / "k.nvvm.mlir"
    assert main(["lower", str(kernel), "-O3", "-o", str(out)]) == 0
    lowered = out.read_text()
    assert '@plain [#nvvm.target<O = 1, chip = "sm_80"' in lowered
    assert '@stated [#nvvm.target<O = 0, chip = "sm_80"' in lowered
