"""Hostile input and environment: odd file names, a bad ptxas, where files are written, a bad worker.

* A file name with spaces, both quotes and shell metacharacters (``;``, ``$()``, backticks,
  ``&``, ``|``, ``*`` and a newline) goes through every path that starts another program —
  ``--check`` (with ``--upstream``), ``lower`` and ``ptx --validate`` with both engines, the
  server's lowering and preview requests — as an argument or a file's content, never through a
  shell: the outputs name the file, and the ``touch`` commands in the name never ran (their
  marker files do not exist in the working directory).
* The ``ptxasPath`` setting (``--ptxas``; ``nvgpu-ls.toml`` cannot name one) pointing at a
  missing file, or at a script that prints garbage, fails without saying why, or hangs: a
  ``ptx.ptxas`` diagnostic says so; a hung ptxas (and what it started) is killed at the timeout;
  a path with shell metacharacters is executed as it is.
* ptxas reads the PTX from a private temporary folder that is gone afterwards; ``-o`` into a
  folder that does not exist is exit status 2 with nothing written anywhere else.
* A native worker that prints garbage, answers another request's id, or hangs: a clear problem,
  the worker killed, and the next request served by the real worker.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.features import commands
from nvgpu_ls.lowering import native
from nvgpu_ls.lowering.native import NativeWorker
from nvgpu_ls.lowering.strings import mlir_string_body
from nvgpu_ls.output import shown_path
from nvgpu_ls.ptx.pipeline import Problem, find_ptxas, ptxas_output, ptxas_safe_file_names
from nvgpu_ls.ptx.preview import PreviewOptions, PreviewService, ptx_source_lines

from .lsp_support import LspSession, uri_of

pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data"
KERNEL = (DATA / "cli_lower" / "copy_kernel.mlir").read_text().replace(
    "gpu.module @kernels {", 'gpu.module @kernels [#nvvm.target<chip = "sm_80">] {')
HAS_PTXAS = find_ptxas() is not None
UPSTREAM = importlib.util.find_spec("torch_mlir") is not None
MARKERS = ("M1", "M2", "M3", "M4")
HOSTILE_STEM = "we ird 'q\" ;touch M3;$(touch M1)`touch M2`&touch M4&|*"


def hostile_file(folder: Path) -> Path:
    """The kernel under a name a shell would run commands from (with a newline where the
    file system allows one)."""
    for stem in (HOSTILE_STEM + "\nx", HOSTILE_STEM):
        path = folder / f"{stem}.mlir"
        try:
            path.write_text(KERNEL)
            return path
        except OSError:
            continue
    raise AssertionError("no hostile name could be created")


def no_markers(folder: Path) -> None:
    for where in (folder, Path.cwd()):
        for marker in MARKERS:
            assert not (where / marker).exists(), f"a shell ran a command from the file name ({where / marker})"


def cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", *args], capture_output=True, text=True, timeout=300,
                          cwd=cwd, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})


# ---------------------------------------------------------------------- file names, the CLI
@pytest.mark.parametrize("upstream", [False, True], ids=["builtin", "upstream"])
def test_check_names_a_hostile_file_and_runs_nothing_from_its_name(tmp_path, upstream):
    if upstream and not UPSTREAM:
        pytest.skip("no torch-mlir")
    path = hostile_file(tmp_path)
    path.write_text(KERNEL.replace("gpu.return", "nvgpu.no_such_op\n    gpu.return"))
    done = cli(["--check", "--no-config", *(["--upstream"] if upstream else []), str(path)], tmp_path)
    assert done.returncode == 1, done.stderr
    # the name as it is, its newline escaped: a line-matching reader of the output sees one finding
    assert done.stdout.startswith(f"{shown_path(str(path))}:8:") and "\\n" in done.stdout.splitlines()[0], done.stdout
    assert "1 file checked: 1 error" in done.stdout and "Traceback" not in done.stderr
    no_markers(tmp_path)


@pytest.mark.parametrize("engine", ["builtin", "upstream"])
def test_lower_keeps_a_hostile_file_name_in_its_locations_and_runs_nothing(tmp_path, engine):
    if engine == "upstream" and not UPSTREAM:
        pytest.skip("no torch-mlir")
    path = hostile_file(tmp_path)
    done = cli(["lower", "--no-config", "-g", "--engine", engine, str(path)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert f'loc("{mlir_string_body(str(path))}":' in done.stdout
    no_markers(tmp_path)


@pytest.mark.parametrize("engine", ["builtin", "upstream"])
@pytest.mark.parametrize("stem", ["José", 'q") loc("x'])
def test_lower_writes_any_file_name_as_mlir_reads_it_back(tmp_path, engine, stem):
    """``José/k.mlir`` was written with JSON's ``\\u00e9``, which MLIR's lexer rejects ("unknown escape
    in string literal"), so ``ptx`` and Preview PTX failed; the lowering must parse as MLIR again."""
    if engine == "upstream" and not UPSTREAM:
        pytest.skip("no torch-mlir")
    folder = tmp_path / stem
    folder.mkdir()
    path = folder / "k.mlir"
    path.write_text(KERNEL)
    done = cli(["lower", "--no-config", "-g", "--engine", engine, str(path)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert f'loc("{mlir_string_body(str(path))}":' in done.stdout
    if UPSTREAM:
        from tests.lowering_support import bindings
        assert bindings(done.stdout, timeout=120)["ok"]


@pytest.mark.skipif(not (HAS_PTXAS and UPSTREAM), reason="needs ptxas and the native pipeline")
def test_ptx_of_a_file_under_a_non_ascii_folder_names_it_in_its_file_table(tmp_path):
    folder = tmp_path / "José"
    folder.mkdir()
    path = folder / "k.mlir"
    path.write_text(KERNEL)
    done = cli(["ptx", "--no-config", "--validate", str(path)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Jos\\303\\251" in done.stdout  # LLVM's octal escapes of the UTF-8 bytes
    assert ptx_source_lines(done.stdout, str(path)), "the preview finds no line of the file"


def test_a_file_table_name_is_unescaped_as_utf_8():
    from nvgpu_ls.ptx.preview import _unescape
    assert _unescape("/tmp/Jos\\303\\251/k\\042\\\\.mlir") == '/tmp/José/k"\\.mlir'


@pytest.mark.skipif(not (HAS_PTXAS and UPSTREAM), reason="needs ptxas and the native pipeline")
@pytest.mark.parametrize("engine", ["builtin", "upstream"])
def test_ptx_validate_of_a_hostile_file_name_is_accepted_by_ptxas_and_runs_nothing(tmp_path, engine):
    path = hostile_file(tmp_path)
    done = cli(["ptx", "--no-config", "--validate", "--engine", engine, str(path)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "ptxas: gpu.module @kernels (sm_80): accepted" in done.stderr
    assert '\\042' in done.stdout and '\\"' not in done.stdout
    no_markers(tmp_path)


def test_a_double_quote_in_the_file_name_no_longer_makes_ptxas_reject_the_ptx():
    """Regression: LLVM wrote ``.file 1 "a\\"b.mlir"``, a syntax error to ptxas, so a file named
    with a double quote could never be validated; the quote is now written ``\\042``."""
    ptx = '.version 7.1\n.target sm_80\n\t.loc\t1 3 5\n\tret;\n\t.file\t1 "/x/a\\"b\\\\c\\nd.mlir"\n'
    fixed = ptxas_safe_file_names(ptx)
    assert '\t.file\t1 "/x/a\\042b\\\\c\\nd.mlir"' in fixed
    assert ptxas_safe_file_names(fixed) == fixed
    assert ptx_source_lines(fixed, '/x/a"b\\c\nd.mlir').get(3) == (2, 5)  # still mapped to its source


# ---------------------------------------------------------------------- file names, the server
@pytest.mark.skipif(not UPSTREAM, reason="needs the native pipeline")
def test_the_server_lowers_and_previews_a_hostile_file_and_runs_nothing(tmp_path):
    path = hostile_file(tmp_path)
    name = str(path)

    async def main():
        session = LspSession("neovim-0.7.2", initialization_options={"target": "sm_80"}, root=str(tmp_path))
        await session.start()
        try:
            await session.open(name, KERNEL)
            doc = {"textDocument": {"uri": uri_of(name)}}
            lowered = await session.request(session.client.protocol.send_request_async(
                commands.LOWER_TO_NVVM_REQUEST, {**doc, "engine": "builtin"}))
            previewed = await session.request(session.client.protocol.send_request_async(
                commands.PREVIEW_PTX_REQUEST, {**doc, "validate": HAS_PTXAS}))
            return lowered, previewed
        finally:
            await session.stop()

    lowered, previewed = asyncio.run(main())
    assert lowered.text and "nvvm." in lowered.text
    assert previewed.ptx and ".entry copy" in previewed.ptx
    assert previewed.mapping, "the PTX of a hostile name is still mapped to its source lines"
    assert not [d for d in previewed.diagnostics if d.severity == lsp.DiagnosticSeverity.Error]
    if HAS_PTXAS:
        assert [r.ok for r in previewed.ptxasReport] == [True]
    no_markers(tmp_path)


# ---------------------------------------------------------------------- a bad ptxas
FAKE_PTX = ".version 7.1\n.target sm_80\n.address_size 64\n"


def fake_ptxas(folder: Path, body: str, name: str = "ptxas") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / name
    script.write_text(f"#!{sys.executable}\nimport os, sys, time, subprocess\n{body}\n")
    script.chmod(0o755)
    return script


def test_a_missing_ptxas_path_is_a_clear_problem():
    done = ptxas_output(FAKE_PTX, "sm_80", "/nonexistent/nvgpu-ls/ptxas", timeout=30)
    assert isinstance(done, Problem) and done.stage == "ptxas" and "ptxas not found" in done.message


@pytest.mark.skipif(not HAS_PTXAS, reason="no ptxas")
def test_a_project_config_naming_a_ptxas_is_refused_and_the_program_never_runs(tmp_path):
    """A cloned repository's ``nvgpu-ls.toml`` must not make the tool run a program of its choosing."""
    evil = fake_ptxas(tmp_path / "bin", "open(os.path.join(os.path.dirname(sys.argv[0]), 'ran'), 'w').close()")
    (tmp_path / "nvgpu-ls.toml").write_text(f'ptxas = "{evil}"\nptxasPath = "{evil}"\n'
                                            f'[[overrides]]\nfiles = ["*.mlir"]\nptxas = "{evil}"\n')
    (tmp_path / "k.mlir").write_text(KERNEL)
    done = cli(["ptx", "k.mlir", "--validate"], tmp_path)
    assert done.stderr.count("unknown key 'ptxas' was ignored") == 2
    assert "unknown key 'ptxasPath' was ignored" in done.stderr
    assert "ptxas: gpu.module @kernels (sm_80): accepted" in done.stdout + done.stderr  # the real ptxas ran
    assert not (tmp_path / "bin" / "ran").exists()


def test_ptxas_garbage_output_is_reported_not_parsed_into_nonsense(tmp_path):
    script = fake_ptxas(tmp_path, "open(os.path.join(os.path.dirname(sys.argv[0]), 'ran'), 'w').close()\n"
                                  "sys.stdout.buffer.write(b'\\x00\\xff garbage line 12; nonsense\\n' * 3)\n"
                                  "sys.exit(3)")
    done = ptxas_output(FAKE_PTX, "sm_80", str(script), timeout=60, verbose=True)
    assert not isinstance(done, Problem) and done.returncode == 3 and (tmp_path / "ran").exists()
    from nvgpu_ls.ptx.preview import PtxasOutput, kernel_reports
    assert isinstance(done, PtxasOutput) and kernel_reports(done) == []


def test_a_hung_ptxas_and_the_process_it_started_are_killed_at_the_timeout(tmp_path):
    pid_file = tmp_path / "child.pid"
    script = fake_ptxas(tmp_path, "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
                                  f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
                                  "time.sleep(300)")
    started = time.monotonic()
    done = ptxas_output(FAKE_PTX, "sm_80", str(script), timeout=3)
    assert time.monotonic() - started < 120
    assert isinstance(done, Problem) and "timed out after 3 s" in done.message
    child = int(pid_file.read_text())
    for _ in range(100):  # the grandchild is killed with its group (reaped by init: wait for it to go)
        if not _running(child):
            break
        time.sleep(0.1)
    assert not _running(child), "the process ptxas started outlived the timeout"


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not UPSTREAM, reason="needs the native pipeline")
def test_a_bad_ptxas_setting_is_a_ptx_ptxas_diagnostic_and_its_path_is_not_shell_interpreted(tmp_path, monkeypatch):
    hostile_folder = tmp_path / "bin;touch M1;$(touch M2)`touch M3` &"
    garbage = fake_ptxas(hostile_folder, "open('ran', 'w').close()\nprint('@@@ garbage @@@')\nsys.exit(7)")
    quiet_ok = fake_ptxas(hostile_folder, "print('line 1; nothing to see')", name="ptxas-ok")
    monkeypatch.chdir(tmp_path)  # markers of a shell would land here
    with PreviewService() as service:
        results = {which: service.preview(KERNEL, str(tmp_path / "k.mlir"),
                                          PreviewOptions(validate=True, ptxas_path=path))
                   for which, path in (("missing", str(tmp_path / "no-such-ptxas")), ("garbage", str(garbage)),
                                       ("ok", str(quiet_ok)))}
    missing = [d.message for d in results["missing"].diagnostics if d.code == "ptx.ptxas"]
    assert len(missing) == 1 and "ptxas not found" in missing[0]
    assert results["missing"].ptx  # the PTX is still shown
    failed = [d.message for d in results["garbage"].diagnostics if d.code == "ptx.ptxas"]
    assert failed == ["ptxas failed (exit status 7) for gpu.module @kernels"]
    (report,) = results["garbage"].ptxas
    assert not report.ok and report.kernels == [] and report.messages == ["@@@ garbage @@@"]
    assert (tmp_path / "ran").exists()  # the configured program ran, as given
    (ok,) = results["ok"].ptxas
    assert ok.ok and ok.kernels == []
    no_markers(tmp_path)
    no_markers(hostile_folder)


# ---------------------------------------------------------------------- where files are written
def _our_temp_entries() -> set[str]:
    return {n for n in os.listdir(tempfile.gettempdir()) if n.startswith("nvgpu-ls")}


def test_ptxas_reads_the_ptx_from_a_private_temporary_folder_removed_afterwards(tmp_path):
    log = tmp_path / "seen"
    script = fake_ptxas(tmp_path, "source = next(a for a in sys.argv[1:] if a.endswith('.ptx'))\n"
                                  "folder = os.path.dirname(source)\n"
                                  f"open({str(log)!r}, 'w').write(folder + '\\n' + oct(os.stat(folder).st_mode & 0o777))")
    before = _our_temp_entries()
    done = ptxas_output(FAKE_PTX, "sm_80", str(script), timeout=60)
    assert not isinstance(done, Problem) and done.returncode == 0
    folder, mode = log.read_text().splitlines()
    assert Path(folder).parent == Path(tempfile.gettempdir()) and Path(folder).name.startswith("nvgpu-ls-ptxas-")
    assert mode == "0o700"
    assert not Path(folder).exists()
    assert _our_temp_entries() == before


@pytest.mark.parametrize("command", ["lower", "ptx"])
def test_output_into_a_folder_that_does_not_exist_is_exit_2_and_writes_nothing(tmp_path, command):
    if command == "ptx" and not UPSTREAM:
        pytest.skip("needs the native pipeline")
    source = tmp_path / "k.mlir"
    source.write_text(KERNEL)
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("")
    before = _our_temp_entries()
    for target in (tmp_path / "missing" / "out.txt", not_a_folder / "out.txt"):
        done = cli([command, "--no-config", str(source), "-o", str(target)], tmp_path)
        assert done.returncode == 2, done.stderr
        assert f"nvgpu-ls: error: cannot write {target}:" in done.stderr and "Traceback" not in done.stderr
        assert done.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.mlir", "plain-file"]
    assert not_a_folder.read_text() == ""
    assert _our_temp_entries() == before


# ---------------------------------------------------------------------- a bad native worker
def fake_worker(folder: Path, body: str) -> list[str]:
    script = folder / "worker.py"
    script.write_text("import json, sys, time\nfor line in sys.stdin:\n    request = json.loads(line)\n"
                      + "".join(f"    {row}\n" for row in body.splitlines()))
    return [sys.executable, str(script)]


@pytest.mark.parametrize("behaviour, body, expected", [
    ("garbage", "print('not json at all \\x00', flush=True)", "native worker gave unreadable output"),
    ("json-not-a-record", "print('[1, 2]', flush=True)", "native worker gave unreadable output"),
    ("wrong-id", "print(json.dumps({'id': 'other', 'event': 'done', 'result': {}}), flush=True)\ntime.sleep(300)",
     "native worker timed out after 3 s"),
    ("hangs", "print(json.dumps({'id': request['id'], 'event': 'stage', 'stage': 'llvm-codegen'}), flush=True)\n"
              "time.sleep(300)", "native worker timed out after 3 s in stage 'llvm-codegen' and was killed"),
    ("exits", "sys.exit(9)", "native worker exited (status 9) without a result"),
])
def test_a_bad_worker_is_a_clear_problem_and_the_next_request_works(tmp_path, monkeypatch, behaviour, body,
                                                                   expected):
    monkeypatch.setattr(native, "WORKER_COMMAND", fake_worker(tmp_path, body))
    worker = NativeWorker()
    try:
        started = time.monotonic()
        reply = worker.request({"kind": "ping"}, timeout=3)
        assert time.monotonic() - started < 60
        assert reply.result is None and reply.problem is not None and reply.problem.startswith(expected), reply
        fake_pid = worker._process.pid if worker._process is not None else None
        monkeypatch.undo()  # the real worker again
        answered = worker.request({"kind": "ping"}, timeout=120)
        assert answered.result == {} and answered.problem is None, answered
        assert worker.starts == 2
        if fake_pid is not None:
            assert not _running(fake_pid)
    finally:
        worker.close()
