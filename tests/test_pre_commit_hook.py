"""``nvgpu-ls --check`` in CI: the pre-commit hook (``.pre-commit-hooks.yaml``) and the example
GitHub Actions workflow (``editors/ci/github-actions.yml``).

The hook's command is run the way pre-commit runs it (its ``entry`` split into argv, then the
sample repository's files that its ``files`` pattern and ``types`` select) on a ``git init``
repository with one clean and one broken ``.mlir`` file and a file that is not MLIR; then real
``pre-commit try-repo`` runs it (pre-commit is pip-installed into a temporary folder). The
workflow's own shell steps run under bash the way the runner runs them (``bash -e -o pipefail``),
so that what they rely on — the SARIF file is written and the step goes on when errors are found,
the exit status is recorded, annotations are ``::error file=…,line=…`` commands — is checked
against the real command rather than assumed.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli_formats import assert_sarif_2_1_0

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / ".pre-commit-hooks.yaml"
WORKFLOW = ROOT / "editors" / "ci" / "github-actions.yml"

# `custom op 'nvgpu.device_async_copy' expected 'to'` on line 2: a syntax error in nvgpu's custom form, stable while the verifiers change.
BROKEN = ("func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %i: index) {\n"
          "  %0 = nvgpu.device_async_copy %a[%i], %b[%i], 4 : memref<4xf32> memref<4xf32, 3>\n"
          "  return\n"
          "}\n")
CLEAN = "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
BROKEN_COLUMN = BROKEN.splitlines()[1].rindex("memref<4xf32") + 1  # at the token found, as upstream

try:
    import yaml
except ImportError:  # PyYAML is not a dependency: the hook file is read by read_hooks below
    yaml = None


# --------------------------------------------------------------------------- reading the files

def _scalar(text: str):
    """A plain, quoted, boolean, number or ``[flow, list]`` YAML scalar of the hook file."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(item) for item in text[1:-1].split(",") if item.strip()]
    if text[:1] == '"':
        return ast.literal_eval(text)
    if text[:1] == "'":
        return text[1:-1].replace("''", "'")
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def read_hooks(text: str) -> list[dict]:
    """The shape of a ``.pre-commit-hooks.yaml``: a top-level list of flat mappings whose values
    are scalars or flow lists; ``#`` comments and blank lines are skipped."""
    hooks: list[dict] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if not line.strip():
            continue
        if line.startswith("- "):
            hooks.append({})
            line = "  " + line[2:]
        match = re.fullmatch(r"  ([A-Za-z_][\w-]*):\s*(.*)", line)
        assert match and hooks, f"line {number} is not of the hook file's shape: {raw!r}"
        hooks[-1][match[1]] = _scalar(match[2])
    return hooks


def hook_definition() -> dict:
    [hook] = [h for h in read_hooks(HOOKS.read_text()) if h["id"] == "nvgpu-ls"]
    return hook


def nvgpu_ls_argv(entry: str) -> list[str]:
    """The entry split as pre-commit splits it, its command resolved to the installed console script
    (or ``python -m nvgpu_ls`` where the script is not installed)."""
    argv = shlex.split(entry)
    assert argv[0] == "nvgpu-ls"
    beside = Path(sys.executable).with_name("nvgpu-ls")
    script = str(beside) if beside.exists() else shutil.which("nvgpu-ls")
    return ([script] if script else [sys.executable, "-m", "nvgpu_ls"]) + argv[1:]


def selected(hook: dict, files: list[str]) -> list[str]:
    """The files pre-commit gives the hook: matched by ``files``, not by ``exclude``, of its ``types``."""
    include = re.compile(hook.get("files", ""))
    exclude = re.compile(hook["exclude"]) if hook.get("exclude") else None
    return [f for f in files if include.search(f) and not (exclude and exclude.search(f))]


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=nvgpu-ls tests", "-c", "user.email=tests@nvgpu-ls.invalid",
                           "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
                          cwd=repo, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def sample_repo(tmp_path) -> Path:
    """A git repository with a clean and a broken kernel, a text file, and a config file of its own
    (so that none above the temporary folder applies)."""
    repo = tmp_path / "sample"
    (repo / "kernels").mkdir(parents=True)
    (repo / "kernels" / "clean.mlir").write_text(CLEAN)
    (repo / "kernels" / "broken.mlir").write_text(BROKEN)
    (repo / "notes.txt").write_text("not MLIR: %0 = nvgpu.nonsense\n")
    (repo / "nvgpu-ls.toml").write_text("# no settings\n")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    return repo


def run(argv: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    environment.update(env)
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=180, env=environment)


# --------------------------------------------------------------------------- the hook definition

def test_the_minimal_reader_reads_the_hook_file_as_yaml_does():
    if yaml is None:
        pytest.skip("PyYAML is not installed; the hook file is read by the minimal reader alone")
    assert read_hooks(HOOKS.read_text()) == yaml.safe_load(HOOKS.read_text())


def test_hook_definition_runs_nvgpu_ls_check_on_mlir_files():
    hook = hook_definition()
    assert hook["name"] and hook["language"] == "python"
    assert shlex.split(hook["entry"]) == ["nvgpu-ls", "--check"]
    assert hook["pass_filenames"] is True and hook.get("types", ["file"]) == ["file"]
    pattern = re.compile(hook["files"])
    assert pattern.search("kernels/gemm.mlir") and pattern.search("a.b.mlir")
    assert not pattern.search("gemm.mlir.txt") and not pattern.search("notes.txt") and not pattern.search("mlir")
    assert isinstance(hook.get("require_serial", False), bool)


@needs_git
def test_hook_command_on_a_sample_repo_fails_on_the_broken_file(sample_repo):
    hook = hook_definition()
    staged = git(sample_repo, "diff", "--staged", "--name-only").split()
    files = selected(hook, staged)
    assert sorted(files) == ["kernels/broken.mlir", "kernels/clean.mlir"]
    done = run(nvgpu_ls_argv(hook["entry"]) + files, sample_repo)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"kernels/broken.mlir:2:{BROKEN_COLUMN}: error: custom op 'nvgpu.device_async_copy' expected 'to' [syntax.custom-form]" in done.stdout
    assert "clean.mlir:" not in done.stdout and "notes.txt" not in done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("2 files checked: 1 error")
    assert "Traceback" not in done.stderr


@needs_git
def test_hook_command_passes_when_only_the_clean_file_is_staged(sample_repo):
    hook = hook_definition()
    git(sample_repo, "reset", "-q")
    git(sample_repo, "add", "kernels/clean.mlir", "notes.txt")
    files = selected(hook, git(sample_repo, "diff", "--staged", "--name-only").split())
    assert files == ["kernels/clean.mlir"]
    done = run(nvgpu_ls_argv(hook["entry"]) + files, sample_repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "1 file checked: no errors or warnings"


# --------------------------------------------------------------------------- real pre-commit

@pytest.fixture(scope="module")
def pre_commit(tmp_path_factory) -> Path:
    """pre-commit, pip-installed into a folder of its own (the test environment is left as it is)."""
    target = tmp_path_factory.mktemp("pre-commit-package")
    try:
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--target", str(target), "pre-commit"], capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        pytest.skip("pip install pre-commit took over 3 minutes")
    if done.returncode != 0:
        pytest.skip(f"pre-commit could not be pip-installed: {done.stderr.strip()[-400:]}")
    return target


@needs_git
def test_pre_commit_try_repo_runs_the_hook(pre_commit, sample_repo, tmp_path):
    """``pre-commit try-repo`` with this working tree's hook file and package, committed to a
    repository of their own (try-repo uses a repository's commits, and the hook file may not be
    committed yet). The hook environment is a virtualenv that sees this interpreter's site-packages
    (``VIRTUALENV_SYSTEM_SITE_PACKAGES``), so that installing the package there fetches nothing."""
    if sys.prefix != sys.base_prefix:
        pytest.skip("the tests run in a virtual environment: a hook virtualenv would not see its packages, "
                    "and installing nvgpu-ls's dependencies (torch-mlir, …) again takes too long")
    hook_repo = tmp_path / "nvgpu-ls"
    shutil.copytree(ROOT / "nvgpu_ls", hook_repo / "nvgpu_ls", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy2(ROOT / name, hook_repo / name)
    git(hook_repo, "init", "-q")
    git(hook_repo, "add", "-A")
    git(hook_repo, "commit", "-q", "-m", "nvgpu-ls")
    env = {"PYTHONPATH": str(pre_commit), "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
           "VIRTUALENV_SYSTEM_SITE_PACKAGES": "1", "PIP_NO_BUILD_ISOLATION": "0",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PRE_COMMIT_COLOR": "never"}
    try_repo = [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "nvgpu-ls", "--files"]

    failed = run(try_repo + ["kernels/clean.mlir", "kernels/broken.mlir", "notes.txt"], sample_repo, **env)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert re.search(r"nvgpu-ls\.+Failed", failed.stdout) and "- exit code: 1" in failed.stdout
    assert f"kernels/broken.mlir:2:{BROKEN_COLUMN}: error: custom op 'nvgpu.device_async_copy' expected 'to' [syntax.custom-form]" in failed.stdout
    assert "2 files checked: 1 error" in failed.stdout  # notes.txt was not passed

    passed = run(try_repo + ["kernels/clean.mlir", "notes.txt"], sample_repo, **env)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert re.search(r"nvgpu-ls\.+Passed", passed.stdout)


# --------------------------------------------------------------------------- the GitHub Actions workflow

def workflow_steps() -> dict[str, dict]:
    """The workflow's steps by name (PyYAML), or each named step's ``run`` script read from the
    text where PyYAML is not installed."""
    text = WORKFLOW.read_text()
    if yaml is not None:
        workflow = yaml.safe_load(text)
        on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
        assert {"push", "pull_request"} <= set(on)
        assert set(workflow["jobs"]) == {"sarif", "annotations"}
        return {step["name"]: dict(step, job=job) for job, body in workflow["jobs"].items()
                for step in body["steps"] if "name" in step}
    steps: dict[str, dict] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = re.match(r"(\s*)- name: (.+)$", line)
        if not match:
            continue
        step: dict = {}
        indent = len(match[1]) + 2
        for j in range(i + 1, len(lines)):
            if lines[j].strip() and (len(lines[j]) - len(lines[j].lstrip()) < indent or lines[j].lstrip().startswith("- ")):
                break
            key = re.match(r"\s*(run|if|uses|id): ?(.*)$", lines[j])
            if key and len(lines[j]) - len(lines[j].lstrip()) == indent:
                if key[1] == "run" and key[2] == "|":
                    block = []
                    for k in range(j + 1, len(lines)):
                        if lines[k].strip() and len(lines[k]) - len(lines[k].lstrip()) <= indent:
                            break
                        block.append(lines[k][indent + 2:])
                    step["run"] = "\n".join(block).strip() + "\n"
                else:
                    step[key[1]] = key[2].strip()
        steps[match[2].strip()] = step
    return steps


def env_of_workflow() -> dict[str, str]:
    return dict(re.findall(r'^  (NVGPU_LS|MLIR_PATHS): "(.*)"$', WORKFLOW.read_text(), re.MULTILINE))


def run_step(script: str, repo: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess, str]:
    """A ``run:`` script as the runner runs it (``bash --noprofile --norc -eo pipefail``), with
    the workflow's env, a ``GITHUB_OUTPUT`` file and this environment's nvgpu-ls first on PATH."""
    shell = shutil.which("bash")
    if shell is None:
        pytest.skip("bash is not installed")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    launcher = bin_dir / "nvgpu-ls"
    launcher.write_text(f"#!/bin/sh\nexec {' '.join(map(shlex.quote, nvgpu_ls_argv('nvgpu-ls')))} \"$@\"\n")
    launcher.chmod(0o755)
    output = tmp_path / "github_output"
    output.write_text("")
    script_file = tmp_path / "step.sh"
    script_file.write_text(script)
    done = run([shell, "--noprofile", "--norc", "-eo", "pipefail", str(script_file)], repo,
               PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", GITHUB_OUTPUT=str(output),
               **env_of_workflow())
    return done, output.read_text()


def test_workflow_installs_from_git_and_uploads_sarif_with_permission():
    text = WORKFLOW.read_text()
    assert env_of_workflow()["NVGPU_LS"].startswith("nvgpu-ls @ git+https://")
    assert env_of_workflow()["MLIR_PATHS"] == "."
    assert 'pip install "$NVGPU_LS"' in text and "security-events: write" in text
    steps = workflow_steps()
    upload = steps["Upload SARIF to code scanning"]
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert "always()" in upload["if"]
    if yaml is not None:
        assert upload["with"]["sarif_file"] == "nvgpu-ls.sarif" and upload["job"] == "sarif"
        assert steps["nvgpu-ls --check (annotations)"]["job"] == "annotations"


@needs_git
def test_workflow_sarif_step_writes_the_log_and_goes_on_when_errors_are_found(sample_repo, tmp_path):
    steps = workflow_steps()
    done, output = run_step(steps["nvgpu-ls --check (SARIF)"]["run"], sample_repo, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr  # the upload step comes next
    assert "status=1" in output.splitlines()
    log = json.loads((sample_repo / "nvgpu-ls.sarif").read_text())
    assert_sarif_2_1_0(log)
    [result] = [r for r in log["runs"][0]["results"] if r["level"] == "error"]
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "kernels/broken.mlir", "uriBaseId": "%SRCROOT%"}
    assert (location["region"]["startLine"], location["region"]["startColumn"]) == (2, BROKEN_COLUMN)
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is True
    assert "Fail when the check could not run" in steps
    assert "'2'" in steps["Fail when the check could not run"]["if"]


@needs_git
def test_workflow_sarif_step_records_a_clean_run(sample_repo, tmp_path):
    (sample_repo / "kernels" / "broken.mlir").unlink()
    done, output = run_step(workflow_steps()["nvgpu-ls --check (SARIF)"]["run"], sample_repo, tmp_path)
    assert done.returncode == 0 and "status=0" in output.splitlines()
    log = json.loads((sample_repo / "nvgpu-ls.sarif").read_text())
    assert_sarif_2_1_0(log)
    assert [r for r in log["runs"][0]["results"] if r["level"] == "error"] == []


@needs_git
def test_workflow_annotations_step_fails_with_error_commands(sample_repo, tmp_path):
    done, _ = run_step(workflow_steps()["nvgpu-ls --check (annotations)"]["run"], sample_repo, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    [error] = [line for line in done.stdout.splitlines() if line.startswith("::error ")]
    assert error.startswith(f"::error file=kernels/broken.mlir,line=2,col={BROKEN_COLUMN},endLine=2,")
    assert error.endswith(",title=syntax.custom-form::custom op 'nvgpu.device_async_copy' expected 'to'")
    assert done.stdout.splitlines()[-1].startswith("2 files checked: 1 error")
