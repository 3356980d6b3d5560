"""Paths a hostile checkout or workspace setting can name: nothing but a regular file of bounded
size is read, a directory walk does not follow a link out of its directory, and a path is printed
so that it cannot forge a line of output (issue 16)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nvgpu_ls.cli import collect_files, read_source, shown_path
from nvgpu_ls.config import load_config_file
from nvgpu_ls.features.lowering import saved_text
from nvgpu_ls.files import UnreadableFile, read_file, walk_sources

VALID = "func.func @f() {\n  return\n}\n"
needs_proc = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc")
needs_devices = pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"),
                                   reason="no /dev/zero or FIFOs here")


def _check(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", *args], capture_output=True, text=True,
                          timeout=timeout)


@needs_devices
def test_read_file_refuses_devices_and_fifos_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.mlir"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="a character device"):
        read_file("/dev/zero")
    with pytest.raises(UnreadableFile, match="a FIFO"):
        read_file(fifo)  # no writer: a blocking open or read would never return
    with pytest.raises(UnreadableFile, match="a directory"):
        read_file(tmp_path)


@needs_proc
def test_read_file_refuses_a_pseudo_file_that_calls_itself_empty() -> None:
    with pytest.raises(UnreadableFile, match="pseudo-file"):
        read_file("/proc/self/environ")


def test_read_file_refuses_a_file_over_its_limit_and_reads_one_at_it(tmp_path: Path) -> None:
    path = tmp_path / "k.mlir"
    path.write_bytes(b"x" * 1000)
    assert read_file(path, limit=1000) == b"x" * 1000
    with pytest.raises(UnreadableFile, match="too large"):
        read_file(path, limit=999)


@needs_devices
def test_a_walk_takes_links_inside_its_directory_and_passes_over_links_out_of_it(tmp_path: Path) -> None:
    tree = tmp_path / "k"
    tree.mkdir()
    (tree / "ok.mlir").write_text(VALID)
    (tree / "inside.mlir").symlink_to(tree / "ok.mlir")
    (tree / "zero.mlir").symlink_to("/dev/zero")
    outside = tmp_path / "secret.mlir"
    outside.write_text("ssh-rsa AAAA\n")
    (tree / "out.mlir").symlink_to(outside)
    (tree / "linked").symlink_to(tmp_path)  # a linked directory is not entered
    walked = walk_sources(str(tree))
    assert [os.path.basename(f) for f in walked.files] == ["inside.mlir", "ok.mlir"]
    assert sorted(os.path.basename(p) for p, _ in walked.skipped) == ["out.mlir", "zero.mlir"]


@needs_devices
def test_check_of_a_directory_with_a_device_link_and_a_fifo_ends_with_clear_messages(tmp_path: Path) -> None:
    """Before: ``/dev/zero`` read until memory ran out (a MemoryError traceback), a FIFO blocked forever."""
    tree = tmp_path / "k"
    tree.mkdir()
    (tree / "ok.mlir").write_text(VALID)
    (tree / "zero.mlir").symlink_to("/dev/zero")
    os.mkfifo(tree / "pipe.mlir")
    if Path("/proc/self/environ").exists():
        (tree / "env.mlir").symlink_to("/proc/self/environ")
    result = _check(str(tree), timeout=60)
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert "zero.mlir: a link to a file outside the directory, not followed" in result.stderr
    assert "pipe.mlir: not a regular file (a FIFO)" in result.stderr
    assert result.returncode == 2  # a file that is there could not be checked
    assert "1 file checked" in result.stdout
    shown = result.stdout + result.stderr
    assert not [name for name in os.environ if len(name) > 8 and f"'{name}" in shown]  # as an "unknown op" would


@needs_proc
def test_an_explicit_pseudo_file_is_refused_and_its_content_never_shown() -> None:
    text, problem, _ = read_source("/proc/self/environ")
    assert text is None and "pseudo-file" in problem


@needs_devices
def test_a_config_path_to_a_device_a_fifo_or_a_pseudo_file_is_a_config_problem(tmp_path: Path) -> None:
    """The server's ``configPath``: before, ``/dev/zero`` grew to 1.2 GB and raised MemoryError, a
    FIFO left every file without diagnostics."""
    fifo = tmp_path / "nvgpu-ls.toml"
    os.mkfifo(fifo)
    for path, kind in (("/dev/zero", "a character device"), (str(fifo), "a FIFO")):
        loaded = load_config_file(path)
        assert [p.message for p in loaded.problems] == [f"cannot read the configuration: not a regular file ({kind})"]


def test_a_config_file_over_its_limit_is_a_config_problem(tmp_path: Path) -> None:
    path = tmp_path / "nvgpu-ls.toml"
    path.write_text("# padding\n" * 200_000)
    (problem,) = load_config_file(path).problems
    assert "too large" in problem.message


@needs_devices
def test_the_saved_text_of_a_device_or_fifo_is_none(tmp_path: Path) -> None:
    fifo = tmp_path / "k.mlir"
    os.mkfifo(fifo)
    assert saved_text("file:///dev/zero") is None
    assert saved_text(fifo.as_uri()) is None


def test_a_path_with_a_newline_is_printed_on_one_line(tmp_path: Path) -> None:
    """A name with a newline could start a ``::error`` line of its own in ``--format github``."""
    name = "a\n::error file=x.mlir::forged\r.mlir"
    assert "\n" not in shown_path(name) and "\r" not in shown_path(name)
    files, problems = collect_files([str(tmp_path / name)])
    assert files == [] and problems == [f"{shown_path(str(tmp_path / name))}: no such file or directory"]
    result = _check("--format", "github", str(tmp_path / name))
    assert not any(line.startswith("::error file=x.mlir") for line in (result.stdout + result.stderr).splitlines())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("command", [["--check"], ["lower", "--no-config"]])
def test_output_that_cannot_be_written_is_its_own_status_with_a_message(tmp_path: Path, command: list[str]) -> None:
    """stdout on a full disk was a traceback and status 1, the status of "errors found"."""
    path = tmp_path / "k.mlir"
    path.write_text(VALID)
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "nvgpu_ls", *command, str(path)], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 74
    assert "cannot write the output: No space left on device" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_an_output_file_on_a_full_disk_is_the_output_error_status(tmp_path: Path) -> None:
    """``-o`` on a full disk was status 2, the status of a usage error."""
    path = tmp_path / "k.mlir"
    path.write_text(VALID)
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls", "lower", "--no-config", str(path), "-o", "/dev/full"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 74
    assert "cannot write /dev/full: No space left on device" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX names and pipes")
@pytest.mark.parametrize("form", ["text", "json", "sarif", "github"])
def test_a_file_name_that_is_not_utf8_is_reported_in_every_format(tmp_path: Path, form: str) -> None:
    """A name such as ``k\\xe9.mlir`` (Latin-1) found by a directory walk: SARIF crashed with
    ``UnicodeEncodeError`` and empty output, and the line formats on any strict UTF-8 stdout."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / os.fsdecode(b"k\xe9.mlir")).write_text("func.func @f() {\n  %0 = arith.addi : i32\n  return\n}\n")
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", "d", "--no-config", "--format", form],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    if form == "sarif":
        import json

        (finding,) = json.loads(result.stdout)["runs"][0]["results"]
        assert finding["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "d/k%E9.mlir"
    elif form == "json":
        import json

        (finding,) = json.loads(result.stdout)
        assert os.fsencode(finding["file"]) == b"d/k\xe9.mlir"
    else:
        assert "d/k\\xe9.mlir" in result.stdout.splitlines()[0]


class _PartialWriter:
    """A binary stream that takes at most ``step`` bytes a call, as a pipe may."""

    def __init__(self, step: int) -> None:
        self.step, self.taken = step, bytearray()

    def write(self, data: bytes) -> int:
        self.taken += bytes(data[:self.step])
        return min(self.step, len(data))

    def flush(self) -> None:
        pass


def test_write_all_writes_what_a_short_write_left() -> None:
    import io

    from nvgpu_ls.output import write_all

    raw = _PartialWriter(1000)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    out.buffer.write = raw.write  # type: ignore[method-assign]
    text = "é" * 5000
    write_all(out, text)
    assert bytes(raw.taken) == text.encode("utf-8")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_a_lowering_cut_short_by_its_reader_is_the_broken_pipe_status() -> None:
    """``nvgpu-ls lower K | head -c 100`` exited 0: the pipe took part of one large write and
    the rest was dropped without an error."""
    kernel = Path(__file__).parent / "data" / "lowering" / "warpgroup_gemm_tile.mlir"
    process = subprocess.Popen([sys.executable, "-m", "nvgpu_ls", "lower", "--no-config", "--target", "sm_90a",
                                str(kernel)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert len(process.stdout.read(100)) == 100  # the one large write has begun (the text is over 64 KiB)
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141, error
    assert "Traceback" not in error


def test_a_relative_ptxas_path_setting_is_refused() -> None:
    """A relative ``ptxasPath`` resolved against the workspace: a checkout's ``./ptxas`` ran."""
    from nvgpu_ls.settings import parse_settings

    settings, problems = parse_settings({"ptxasPath": "tools/ptxas"})
    assert settings.ptxas_path is None
    assert problems == ["setting 'ptxasPath': a program must be given by an absolute path, not 'tools/ptxas'; "
                        "using the default"]
    assert parse_settings({"ptxasPath": "/opt/cuda/bin/ptxas"})[0].ptxas_path == "/opt/cuda/bin/ptxas"


def test_ptxas_is_never_taken_from_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty PATH entry (or ``.``) means the current folder: a workspace ``./ptxas`` ran."""
    from nvgpu_ls.ptx.pipeline import find_ptxas, program_on_path

    planted = tmp_path / "ptxas"
    planted.write_text("#!/bin/sh\ntouch PLANTED\n")
    planted.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    for path in ("", ":", ".", f"{os.pathsep}/nonexistent", "bin"):
        monkeypatch.setenv("PATH", path)
        assert program_on_path("ptxas") is None
        assert find_ptxas() != str(planted) and find_ptxas() != "./ptxas"
    assert find_ptxas("ptxas") is None  # a relative explicit path is not run either
    monkeypatch.setenv("PATH", str(tmp_path))
    assert program_on_path("ptxas") == str(planted)


@pytest.mark.parametrize("kind", ["binary", "many lines"])
def test_the_server_says_a_document_over_the_limit_is_too_large_instead_of_analysing_it(kind: str) -> None:
    """A 16 MB binary document ran the server out of memory (MemoryError, no diagnostics); one
    of many lines is not given a first look either."""
    import asyncio

    from nvgpu_ls.documents import DocumentStore
    from nvgpu_ls.files import MAX_SOURCE_BYTES
    from nvgpu_ls.verify import CheckOptions

    published: list[tuple[int, list]] = []

    async def main() -> None:
        done = asyncio.Event()

        def publish(uri, version, diagnostics, doc, options) -> None:
            published.append((version, diagnostics))
            done.set()

        store = DocumentStore(lambda uri: CheckOptions(), publish)
        store.ready.set()
        if kind == "binary":
            huge = "\x00\xff" * (MAX_SOURCE_BYTES // 3 + 1)  # over the limit in UTF-8 bytes
        else:
            huge = "func.func @f() {\n  return\n}\n" * (MAX_SOURCE_BYTES // 25 + 1)
        store.open("file:///huge.mlir", huge, 1)
        await asyncio.wait_for(done.wait(), 60)
        done.clear()
        store.change("file:///huge.mlir", VALID, 2)  # cut down to size: analysed again
        await asyncio.wait_for(done.wait(), 60)
        store.shutdown()
        assert store.first_looks == 0

    asyncio.run(main())
    (version, diagnostics), (after, fresh) = published
    assert version == 1 and [d.code for d in diagnostics] == ["file.too-large"]
    assert "too large to analyse" in diagnostics[0].message
    assert after == 2 and fresh == []
