"""``nvgpu-ls --check``: SARIF, GitHub workflow commands, JSON with related places, and the
options that choose a file's settings (``--target``, ``--config``, ``--no-config``, ``--upstream``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path
from urllib.parse import urlparse

import pytest

from nvgpu_ls import cli
from nvgpu_ls.config import clear_cache
from nvgpu_ls.diagnostics import Diagnostic, Related, Severity
from nvgpu_ls.output import escape_data, escape_property
from nvgpu_ls.verify import CheckOptions

# `custom op 'nvgpu.device_async_copy' expected 'to'` at line 2: a syntax error in nvgpu's custom form, stable while the verifiers change.
BAD_COPY = ("func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %i: index) {\n"
            "  %0 = nvgpu.device_async_copy %a[%i], %b[%i], 4 : memref<4xf32> memref<4xf32, 3>\n"
            "  return\n"
            "}\n")
CLEAN = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
NO_CONFIG_ABOVE = "nvgpu-ls.toml"


@pytest.fixture(autouse=True)
def project(tmp_path, monkeypatch) -> Path:
    """A working directory of its own, with a (clean) config file so that none above it is found."""
    clear_cache()
    monkeypatch.chdir(tmp_path)
    (tmp_path / NO_CONFIG_ABOVE).write_text("# no settings\n")
    yield tmp_path
    clear_cache()


def check(capsys, *args: str) -> tuple[int, str, str]:
    status = cli.main(["--check", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def fake_diagnostics(monkeypatch, diagnostics: list[Diagnostic]) -> list[CheckOptions | None]:
    """Make the check return ``diagnostics`` for every file; returns the options each check got."""
    seen: list[CheckOptions | None] = []

    def check_document(doc, options=None):
        seen.append(options)
        return list(diagnostics)

    monkeypatch.setattr(cli, "check_document", check_document)
    return seen


def record_options(monkeypatch) -> list[CheckOptions | None]:
    """Let the real check run, and record the options it got."""
    seen: list[CheckOptions | None] = []
    real = cli.check_document

    def check_document(doc, options=None):
        seen.append(options)
        return real(doc, options)

    monkeypatch.setattr(cli, "check_document", check_document)
    return seen


# --------------------------------------------------------------------------- SARIF

SARIF_LEVELS = {"none", "note", "warning", "error"}
SARIF_RUN_KEYS = {"tool", "invocations", "conversion", "language", "versionControlProvenance",
                  "originalUriBaseIds", "artifacts", "logicalLocations", "graphs", "results",
                  "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
                  "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
                  "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses",
                  "translations", "policies", "webRequests", "webResponses", "specialLocations", "properties"}


def assert_physical_location(location: dict, base_ids: dict) -> None:
    artifact = location["artifactLocation"]
    uri = artifact["uri"]
    assert isinstance(uri, str) and uri and "\\" not in uri and " " not in uri
    if "uriBaseId" in artifact:
        assert artifact["uriBaseId"] == "%SRCROOT%" and "%SRCROOT%" in base_ids
        assert not urlparse(uri).scheme and not uri.startswith("/"), "a uri under a base id is relative"
    region = location["region"]
    for key in ("startLine", "startColumn", "endLine", "endColumn"):
        assert isinstance(region[key], int) and region[key] >= 1, region
    assert region["endLine"] >= region["startLine"]
    if region["endLine"] == region["startLine"]:
        assert region["endColumn"] >= region["startColumn"]


def assert_sarif_2_1_0(log: dict) -> None:
    """The parts of the SARIF 2.1.0 schema that a code-scanning upload relies on, checked one by one."""
    assert set(log) <= {"$schema", "version", "runs", "inlineExternalProperties", "properties"}
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1
    run = log["runs"][0]
    assert set(run) <= SARIF_RUN_KEYS
    driver = run["tool"]["driver"]
    assert driver["name"] == "nvgpu-ls" and isinstance(driver["version"], str)
    info = urlparse(driver["informationUri"])
    assert info.scheme in ("http", "https") and info.netloc
    ids = [rule["id"] for rule in driver["rules"]]
    assert len(ids) == len(set(ids)), "one rule per code"
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"].strip()
        assert rule["defaultConfiguration"]["level"] in SARIF_LEVELS
    base_ids = run.get("originalUriBaseIds", {})
    for base in base_ids.values():
        assert urlparse(base["uri"]).scheme == "file" and base["uri"].endswith("/")
    assert run["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints")
    for invocation in run.get("invocations", []):
        assert isinstance(invocation["executionSuccessful"], bool)
    for result in run["results"]:
        assert result["ruleId"] in ids and ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in SARIF_LEVELS
        assert isinstance(result["message"]["text"], str) and result["message"]["text"]
        assert result["locations"]
        for location in result["locations"]:
            assert_physical_location(location["physicalLocation"], base_ids)
        related_ids = [r["id"] for r in result.get("relatedLocations", [])]
        assert len(related_ids) == len(set(related_ids)) and all(isinstance(i, int) and i >= 0 for i in related_ids)
        for related in result.get("relatedLocations", []):
            assert_physical_location(related["physicalLocation"], base_ids)
            assert related["message"]["text"]
    json.dumps(log)  # plain JSON all the way down


def test_sarif_log_has_the_2_1_0_shape_and_one_result_per_diagnostic(capsys, project):
    kernels = project / "kernels"
    kernels.mkdir()
    (kernels / "copy.mlir").write_text(BAD_COPY)
    status, out, _ = check(capsys, "kernels", "--format", "sarif")
    assert status == 1
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    [result] = [r for r in log["runs"][0]["results"] if r["ruleId"] == "syntax.custom-form"]
    assert result["level"] == "error" and result["message"]["text"] == "custom op 'nvgpu.device_async_copy' expected 'to'"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "kernels/copy.mlir", "uriBaseId": "%SRCROOT%"}
    column = BAD_COPY.splitlines()[1].rindex("memref<4xf32") + 1  # at the token found, as upstream
    assert location["region"]["startLine"] == 2 and location["region"]["startColumn"] == column
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.resolve().as_uri() + "/"


def test_sarif_levels_rules_and_related_locations(capsys, monkeypatch, project):
    (project / "k.mlir").write_text("%0 = a\n%0 = b\n")
    fake_diagnostics(monkeypatch, [
        Diagnostic(7, 9, "redefinition of SSA value '%0'", "ssa.redefinition",
                   related=(Related(0, 2, "previously defined here"),)),
        Diagnostic(0, 0, "no target", "target.none", Severity.INFORMATION),
        Diagnostic(1, 2, "odd", "nvgpu.odd", Severity.WARNING),
        Diagnostic(3, 4, "hint", "nvgpu.hinted", Severity.HINT),
    ])
    status, out, _ = check(capsys, "k.mlir", "--format", "sarif")
    assert status == 1
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    results = {r["ruleId"]: r for r in log["runs"][0]["results"]}
    assert {code: r["level"] for code, r in results.items()} == {
        "ssa.redefinition": "error", "target.none": "note", "nvgpu.odd": "warning", "nvgpu.hinted": "note"}
    [related] = results["ssa.redefinition"]["relatedLocations"]
    assert related["message"]["text"] == "previously defined here"
    assert related["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 3}
    assert results["ssa.redefinition"]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(results)


def test_sarif_rules_say_what_each_code_catches(capsys, monkeypatch, project):
    from nvgpu_ls.verify.hazards import RULES
    (project / "k.mlir").write_text("%0 = a\n%0 = b\n")
    fake_diagnostics(monkeypatch, [
        Diagnostic(0, 2, "told to expect 4096 bytes", "nvgpu.hazard.tx-bytes"),
        Diagnostic(3, 4, "box dimension 0 is 64", "nvgpu.tma.box-shape"),
        Diagnostic(5, 6, "needs sm_90", "nvgpu.sm-gate"),
    ])
    _, out, _ = check(capsys, "k.mlir", "--format", "sarif")
    rules = {r["id"]: r for r in json.loads(out)["runs"][0]["tool"]["driver"]["rules"]}
    hazard = rules["nvgpu.hazard.tx-bytes"]
    assert hazard["shortDescription"]["text"] == ("An mbarrier phase told to expect other than the bytes its TMA "
                                                  "loads bring.")
    assert hazard["fullDescription"]["text"] == RULES["nvgpu.hazard.tx-bytes"]
    assert '"nvgpu.hazard.tx-bytes" = "off"' in hazard["help"]["text"]
    assert rules["nvgpu.tma.box-shape"]["shortDescription"]["text"] == \
        "The verifier of nvgpu.tma rejects the op: box shape."
    assert rules["nvgpu.sm-gate"]["shortDescription"]["text"].startswith("An op needs a newer GPU architecture")
    assert not any("verifier rule '" in r["shortDescription"]["text"] for r in rules.values())


def test_sarif_for_a_clean_file_has_no_error_results(capsys, project):
    (project / "ok.mlir").write_text(CLEAN)
    status, out, _ = check(capsys, "ok.mlir", "--format", "sarif", "--target", "sm_90a")
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    assert status == 0 and not [r for r in log["runs"][0]["results"] if r["level"] == "error"]


def test_sarif_paths_are_percent_encoded_and_outside_files_absolute(capsys, project, tmp_path_factory):
    (project / "my kernel#1.mlir").write_text(BAD_COPY)
    outside = tmp_path_factory.mktemp("outside") / "far.mlir"
    outside.write_text(BAD_COPY)
    _, out, _ = check(capsys, "my kernel#1.mlir", str(outside), "--format", "sarif", "--no-config")
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert "my%20kernel%231.mlir" in uris and outside.resolve().as_uri() in uris


def test_unreadable_paths_make_the_sarif_run_unsuccessful(capsys, project):
    (project / "ok.mlir").write_text(CLEAN)
    status, out, err = check(capsys, "ok.mlir", "missing.mlir", "--format", "sarif")
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    invocation = log["runs"][0]["invocations"][0]
    assert status == 2 and invocation["executionSuccessful"] is False
    assert "missing.mlir" in invocation["toolExecutionNotifications"][0]["message"]["text"]
    assert "missing.mlir: no such file or directory" in err


# --------------------------------------------------------------------------- GitHub workflow commands

def test_github_escaping_of_messages_and_properties():
    assert escape_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b"
    assert escape_property("dir,1/a:b%.mlir") == "dir%2C1/a%3Ab%25.mlir"


def test_github_commands_carry_file_position_title_and_escaped_message(capsys, project):
    (project / "we,ird:name.mlir").write_text(BAD_COPY)
    status, out, _ = check(capsys, "we,ird:name.mlir", "--format", "github")
    assert status == 1
    [line] = [text_line for text_line in out.splitlines() if "title=syntax.custom-form" in text_line]
    column = BAD_COPY.splitlines()[1].rindex("memref<4xf32") + 1  # at the token found, as upstream
    assert line.startswith(f"::error file=we%2Cird%3Aname.mlir,line=2,col={column},endLine=2,endColumn=")
    assert line.endswith(",title=syntax.custom-form::custom op 'nvgpu.device_async_copy' expected 'to'")
    assert out.splitlines()[-1].startswith("1 file checked:")


def test_github_severities_multiline_messages_and_related_notes(capsys, monkeypatch, project):
    (project / "k.mlir").write_text("%0 = a\n%0 = b\n")
    fake_diagnostics(monkeypatch, [
        Diagnostic(7, 9, "first\nsecond 50%", "ssa.redefinition", related=(Related(0, 2, "defined here"),)),
        Diagnostic(0, 1, "w", "x.w", Severity.WARNING),
        Diagnostic(0, 1, "i", "x.i", Severity.INFORMATION),
        Diagnostic(0, 1, "h", "x.h", Severity.HINT),
    ])
    _, out, _ = check(capsys, "k.mlir", "--format", "github")
    lines = sorted(out.splitlines()[:-1], key=lambda text_line: "title=ssa" not in text_line)
    assert lines[0] == ("::error file=k.mlir,line=2,col=1,endLine=2,endColumn=3,title=ssa.redefinition::"
                        "first%0Asecond 50%25%0Ak.mlir:1:1: note: defined here")
    assert sorted(text_line.split(" ", 1)[0] for text_line in lines[1:4]) == ["::notice", "::notice", "::warning"]


# --------------------------------------------------------------------------- JSON and text

def test_json_entries_carry_related_places(capsys, monkeypatch, project):
    (project / "k.mlir").write_text("%0 = a\n%0 = b\n")
    fake_diagnostics(monkeypatch, [Diagnostic(7, 9, "redefinition of SSA value '%0'", "ssa.redefinition",
                                              related=(Related(0, 2, "previously defined here"),))])
    status, out, _ = check(capsys, "k.mlir", "--format", "json")
    [entry] = json.loads(out)
    assert status == 1 and entry["range"]["start"] == {"line": 2, "column": 1}
    assert entry["related"] == [{"file": "k.mlir", "message": "previously defined here",
                                 "range": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 3}}}]


GATED = ('gpu.module @m [#nvvm.target<chip = "sm_75">] {\n'
         '  gpu.func @k(%m: memref<16x16xf16, 3>) kernel {\n'
         '    %c0 = arith.constant 0 : index\n'
         '    %s = nvgpu.ldmatrix %m[%c0, %c0] {numTiles = 4 : i32, transpose = false}'
         ' : memref<16x16xf16, 3> -> vector<4x2xf16>\n'
         '    gpu.return\n  }\n}\n')


def _apply(text: str, edits: list[dict]) -> str:
    """``text`` with JSON edits applied (1-based lines and columns, the end exclusive)."""
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def offset(place: dict) -> int:
        return starts[place["line"] - 1] + place["column"] - 1

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        text = text[:offset(edit["range"]["start"])] + edit["newText"] + text[offset(edit["range"]["end"]):]
    return text


def test_json_entries_carry_the_quick_fixes_the_server_offers(capsys, project):
    (project / "k.mlir").write_text(GATED)
    status, out, _ = check(capsys, "k.mlir", "--format", "json")
    [gate] = [entry for entry in json.loads(out) if entry["code"] == "nvgpu.ptx-gate"]
    [fix] = [fix for fix in gate["fixes"] if fix["preferred"]]
    assert "+ptx65" in fix["title"]
    (project / "k.mlir").write_text(_apply(GATED, fix["edits"]))
    status, out, _ = check(capsys, "k.mlir", "--format", "json")
    assert status == 0 and not [entry for entry in json.loads(out) if entry["severity"] == "error"]


def test_json_entries_without_related_have_an_empty_list(capsys, project):
    (project / "k.mlir").write_text(BAD_COPY)
    _, out, _ = check(capsys, "k.mlir", "--format", "json")
    entries = json.loads(out)
    assert entries and all(entry["related"] == [] for entry in entries if entry["code"].startswith("syntax."))


def test_text_prints_related_places_as_notes(capsys, monkeypatch, project):
    (project / "k.mlir").write_text("%0 = a\n%0 = b\n")
    fake_diagnostics(monkeypatch, [Diagnostic(7, 9, "redefinition", "ssa.redefinition",
                                              related=(Related(0, 2, "previously defined here"),))])
    _, out, _ = check(capsys, "k.mlir")
    assert out.splitlines()[:6] == ["k.mlir:2:1: error: redefinition [ssa.redefinition]", "%0 = b", "^~",
                                    "k.mlir:1:1: note: previously defined here", "%0 = a", "^~"]


def test_warnings_alone_exit_zero(capsys, monkeypatch, project):
    (project / "k.mlir").write_text(CLEAN)
    fake_diagnostics(monkeypatch, [Diagnostic(0, 1, "w", "x.w", Severity.WARNING)])
    status, out, _ = check(capsys, "k.mlir")
    assert status == 0 and out.splitlines()[-1] == "1 file checked: 0 errors, 1 warning in 1 file"


# --------------------------------------------------------------------------- --target, --config, --no-config

def test_target_is_the_fallback_when_no_config_names_one(capsys, monkeypatch, project):
    (project / "k.mlir").write_text(CLEAN)
    seen = record_options(monkeypatch)
    check(capsys, "k.mlir", "--target", "SM_80")
    assert seen[-1].target == "sm_80" and seen[-1].target_origin == "--target"


def test_config_target_beats_the_command_line(capsys, monkeypatch, project):
    (project / "k.mlir").write_text(CLEAN)
    (project / "nvgpu-ls.toml").write_text('target = "sm_90a"\n')
    seen = record_options(monkeypatch)
    check(capsys, "k.mlir", "--target", "sm_80")
    assert seen[-1].target == "sm_90a" and seen[-1].target_origin == "nvgpu-ls.toml"


def test_no_config_ignores_the_file(capsys, monkeypatch, project):
    (project / "k.mlir").write_text(BAD_COPY)
    (project / "nvgpu-ls.toml").write_text('target = "sm_90a"\n[rules]\n"syntax.*" = "off"\n')
    seen = record_options(monkeypatch)
    status, out, _ = check(capsys, "k.mlir", "--no-config", "--target", "sm_80")
    assert seen[-1] == CheckOptions("sm_80", "--target", {})
    assert status == 1 and "[syntax.custom-form]" in out


def test_discovered_config_relevels_diagnostics(capsys, project):
    (project / "k.mlir").write_text(BAD_COPY)
    (project / "nvgpu-ls.toml").write_text('[rules]\n"syntax.*" = "warning"\n"ssa.*" = "off"\n')
    status, out, _ = check(capsys, "k.mlir")
    assert ": warning: custom op 'nvgpu.device_async_copy' expected 'to' [syntax.custom-form]" in out and "[ssa." not in out


def test_explicit_config_applies_to_files_anywhere(capsys, monkeypatch, project):
    (project / "deep" / "er").mkdir(parents=True)
    (project / "deep" / "er" / "k.mlir").write_text(BAD_COPY)
    (project / "deep" / "nvgpu-ls.toml").write_text('target = "sm_75"\n')
    ci = project / "ci"
    ci.mkdir()
    (ci / "strict.toml").write_text('target = "sm_90a"\n[rules]\n"syntax.*" = "hint"\n')
    seen = record_options(monkeypatch)
    status, out, _ = check(capsys, "deep", "--config", "ci/strict.toml")
    assert seen[-1].target == "sm_90a" and seen[-1].target_origin == "strict.toml"
    assert ": hint: custom op 'nvgpu.device_async_copy' expected 'to' [syntax.custom-form]" in out


def test_missing_explicit_config_is_a_usage_error(capsys, project):
    (project / "k.mlir").write_text(CLEAN)
    status, _, err = check(capsys, "k.mlir", "--config", "nope.toml")
    assert status == 2 and "nope.toml: no such file or directory" in err


@pytest.mark.parametrize("args", [
    ("--target", "ampere"), ("--target", "sm_90a+ptx"), ("--target", "sm_91"), ("--config", "x.toml", "--no-config"),
    ("--format", "xml"),
])
def test_bad_options_are_usage_errors(capsys, project, args):
    (project / "k.mlir").write_text(CLEAN)
    (project / "x.toml").write_text("")
    status, _, err = check(capsys, "k.mlir", *args)
    assert status == 2 and "Traceback" not in err


def test_config_problems_are_printed_and_fail_the_check(capsys, project):
    (project / "k.mlir").write_text(CLEAN)
    (project / "nvgpu-ls.toml").write_text('target = "sm_90a"\n\n[rules]\n"ssa.*" = "loud"\n')
    status, out, _ = check(capsys, "k.mlir")
    assert status == 1
    assert out.splitlines()[0].startswith("nvgpu-ls.toml:4:1: error: unknown severity \"loud\"")
    assert out.splitlines()[0].endswith("[config.invalid]")
    assert out.splitlines()[-1].endswith("; 1 configuration problem")


def test_config_problems_are_reported_once_in_every_format(capsys, project):
    for name in ("a.mlir", "b.mlir"):
        (project / name).write_text(CLEAN)
    (project / "nvgpu-ls.toml").write_text('target = 90\n')
    _, out, _ = check(capsys, "a.mlir", "b.mlir", "--format", "json")
    assert [e["file"] for e in json.loads(out) if e["code"] == "config.invalid"] == ["nvgpu-ls.toml"]
    _, out, _ = check(capsys, "a.mlir", "b.mlir", "--format", "github")
    assert out.count("title=config.invalid") == 1 and "::error file=nvgpu-ls.toml,line=1,col=1," in out
    _, out, _ = check(capsys, "a.mlir", "b.mlir", "--format", "sarif")
    log = json.loads(out)
    assert_sarif_2_1_0(log)
    [result] = [r for r in log["runs"][0]["results"] if r["ruleId"] == "config.invalid"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "nvgpu-ls.toml"


def test_standard_input_uses_the_config_of_the_working_directory(capsys, monkeypatch, project):
    (project / "nvgpu-ls.toml").write_text('target = "sm_90a"\n')
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=types.SimpleNamespace(read=lambda size=-1: b"")))
    seen = record_options(monkeypatch)
    _, out, _ = check(capsys, "-", "--format", "sarif")
    assert seen[-1].target == "sm_90a"
    assert_sarif_2_1_0(json.loads(out))


# --------------------------------------------------------------------------- --upstream

def fake_upstream(monkeypatch, problem: str | None, theirs: list[Diagnostic]) -> list[tuple]:
    calls: list[tuple] = []
    module = types.ModuleType("nvgpu_ls.verify.upstream")

    def upstream_diagnostics(text: str, timeout: float = 60.0):
        calls.append(("run", text, timeout))
        return list(theirs), problem

    def merge_upstream(ours, their, text):
        calls.append(("merge", len(ours), len(their)))
        return list(ours) + [d for d in their if d.message not in {o.message for o in ours}]

    module.upstream_diagnostics = upstream_diagnostics
    module.merge_upstream = merge_upstream
    monkeypatch.setitem(sys.modules, "nvgpu_ls.verify.upstream", module)
    return calls


def test_upstream_diagnostics_are_merged_and_the_problem_noted_once(capsys, monkeypatch, project):
    for name in ("a.mlir", "b.mlir"):
        (project / name).write_text(CLEAN)
    theirs = [Diagnostic(0, 9, "'func.func' op says no", "mlir.verifier")]
    calls = fake_upstream(monkeypatch, "torch-mlir bindings not installed", theirs)
    status, out, err = check(capsys, "a.mlir", "b.mlir", "--upstream", "--upstream-timeout", "5")
    assert status == 1
    assert out.count("error: 'func.func' op says no [mlir.verifier]") == 2
    assert err.count("note: torch-mlir bindings not installed") == 1
    assert ("run", CLEAN, 5.0) in calls and sum(1 for c in calls if c[0] == "merge") == 2


def test_configured_severities_apply_to_upstream_diagnostics(capsys, monkeypatch, project):
    (project / "a.mlir").write_text(CLEAN)
    (project / "nvgpu-ls.toml").write_text('[rules]\n"mlir.*" = "off"\n')
    fake_upstream(monkeypatch, None, [Diagnostic(0, 9, "says no", "mlir.verifier")])
    status, out, err = check(capsys, "a.mlir", "--upstream")
    assert "mlir.verifier" not in out and not err


def test_without_upstream_the_upstream_module_is_not_used(capsys, monkeypatch, project):
    (project / "a.mlir").write_text(CLEAN)
    calls = fake_upstream(monkeypatch, None, [])
    check(capsys, "a.mlir")
    assert calls == []


def test_upstream_module_that_cannot_be_imported_is_a_note(capsys, monkeypatch, project):
    (project / "a.mlir").write_text(BAD_COPY)
    monkeypatch.setitem(sys.modules, "nvgpu_ls.verify.upstream", None)
    status, out, err = check(capsys, "a.mlir", "--upstream")
    assert status == 1 and "[syntax.custom-form]" in out
    assert "note: the upstream verifier is not available" in err and "Traceback" not in err


# --------------------------------------------------------------------------- the installed command

def console_script() -> str | None:
    beside = Path(sys.executable).with_name("nvgpu-ls")
    return str(beside) if beside.exists() else shutil.which("nvgpu-ls")


@pytest.mark.skipif(console_script() is None, reason="the nvgpu-ls console script is not installed")
def test_console_script_end_to_end_with_config_and_every_format(project):
    (project / "kernels").mkdir()
    (project / "kernels" / "copy.mlir").write_text(BAD_COPY)
    (project / "nvgpu-ls.toml").write_text('target = "sm_90a"\nbogus = 1\n[rules]\n"ssa.*" = "off"\n')
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([console_script(), "--check", "kernels", *args], cwd=project, capture_output=True,
                              text=True, timeout=120, env=env)

    text = run()
    assert text.returncode == 1 and "Traceback" not in text.stderr
    assert "nvgpu-ls.toml:2:1: error: unknown key 'bogus'" in text.stdout
    assert "kernels/copy.mlir:2:" in text.stdout and "custom op 'nvgpu.device_async_copy' expected 'to' [syntax.custom-form]" in text.stdout
    sarif = run("--format", "sarif")
    assert sarif.returncode == 1
    log = json.loads(sarif.stdout)
    assert_sarif_2_1_0(log)
    assert {"syntax.custom-form", "config.invalid"} <= {r["ruleId"] for r in log["runs"][0]["results"]}
    github = run("--format", "github", "--no-config")
    assert github.returncode == 1 and "::error file=kernels/copy.mlir,line=2," in github.stdout
    assert "config.invalid" not in github.stdout


def test_upstream_verifier_that_raises_is_a_note(capsys, monkeypatch, project):
    (project / "a.mlir").write_text(CLEAN)
    fake_upstream(monkeypatch, None, [])

    def broken(text: str, timeout: float = 60.0):
        raise RuntimeError("worker vanished")

    monkeypatch.setattr(sys.modules["nvgpu_ls.verify.upstream"], "upstream_diagnostics", broken)
    status, out, err = check(capsys, "a.mlir", "--upstream", "--format", "sarif")
    assert "note: the upstream verifier failed: RuntimeError: worker vanished" in err
    notes = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    text = "the upstream verifier failed: RuntimeError: worker vanished"
    assert notes == [{"level": "note", "message": {"text": text}}]


def test_unknown_chip_for_target_names_the_known_ones(capsys, project):
    (project / "k.mlir").write_text(CLEAN)
    status, _, err = check(capsys, "k.mlir", "--target", "sm_91")
    assert status == 2 and "unknown chip 'sm_91'" in err and "sm_90a" in err
