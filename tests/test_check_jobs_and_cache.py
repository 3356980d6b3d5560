"""``--check`` in several processes (``--jobs``) and with findings kept between runs (the
cache): the same report as one process without a cache, in every format, and a file is
analysed again exactly when something its findings depend on changed (issue 17)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nvgpu_ls import cli
from nvgpu_ls.cli import Settings, check_texts, read_source, run_check
from nvgpu_ls.result_cache import ResultCache
from nvgpu_ls.verify import CheckOptions

from .conftest import DATA

pytestmark = pytest.mark.slow

FILES = sorted(str(p) for p in DATA.rglob("*.mlir"))


def _check(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd, env={**os.environ, "XDG_CACHE_HOME": str(cwd / "xdg")})


@pytest.mark.parametrize("form", ["text", "json", "sarif", "github"])
def test_two_processes_and_a_warm_cache_report_what_one_process_does(tmp_path: Path, form: str) -> None:
    one = _check([str(DATA), "--jobs", "1", "--no-cache", "--format", form], tmp_path)
    assert one.returncode == 1 and "Traceback" not in one.stderr
    cold = _check([str(DATA), "--jobs", "2", "--format", form], tmp_path)
    warm = _check([str(DATA), "--jobs", "2", "--format", form], tmp_path)
    assert (cold.returncode, cold.stdout, cold.stderr) == (one.returncode, one.stdout, one.stderr)
    assert (warm.returncode, warm.stdout, warm.stderr) == (one.returncode, one.stdout, one.stderr)
    assert any((tmp_path / "xdg" / "nvgpu-ls" / "check").rglob("*"))


def test_worker_processes_give_the_results_one_process_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "PARALLEL_MIN_CHARACTERS", 0)
    work = []
    for path in FILES:
        text, _, extra = read_source(path)
        assert text is not None
        work.append((path, text, extra, CheckOptions("sm_90a")))
    assert check_texts(work, 2) == check_texts(work, 1)


def _run(paths: list[str], cache: ResultCache, target: str | None = None) -> str:
    out = io.StringIO()
    run_check(paths, "json", out, io.StringIO(), Settings(no_config=True, target=target), None, 1, cache)
    return out.getvalue()


def test_only_what_changed_is_analysed_again(tmp_path: Path) -> None:
    folder = tmp_path / "k"
    folder.mkdir()
    for n in range(3):
        (folder / f"f{n}.mlir").write_text(f"func.func @f{n}() {{\n  return\n}}\n")
    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    first = _run([str(folder)], cache)
    assert (cache.hits, cache.stored) == (0, 3)

    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    assert _run([str(folder)], cache) == first and (cache.hits, cache.stored) == (3, 0)

    (folder / "f1.mlir").write_text("func.func @f1() {\n  %0 = arith.addi : i32\n  return\n}\n")
    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    changed = _run([str(folder)], cache)
    assert (cache.hits, cache.stored) == (2, 1) and "f1.mlir" in changed and changed != first

    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    _run([str(folder)], cache, target="sm_90a")  # other options: nothing can be reused
    assert (cache.hits, cache.stored) == (0, 3)

    cache = ResultCache(tmp_path / "cache", fingerprint="b")  # nvgpu-ls itself changed
    _run([str(folder)], cache)
    assert (cache.hits, cache.stored) == (0, 3)


def test_an_entry_that_cannot_be_read_is_analysed_again_and_replaced(tmp_path: Path) -> None:
    source = tmp_path / "k.mlir"
    source.write_text("func.func @f() {\n  %0 = arith.addi : i32\n  return\n}\n")
    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    expected = _run([str(source)], cache)
    (entry,) = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    for broken in ("{", json.dumps({"findings": [{"start": "x"}], "errors": 0, "warnings": 0}), "[]", "\0" * 10):
        entry.write_text(broken)
        cache = ResultCache(tmp_path / "cache", fingerprint="a")
        assert _run([str(source)], cache) == expected and (cache.hits, cache.stored) == (0, 1)


def test_an_entry_is_not_shared_between_paths(tmp_path: Path) -> None:
    """The path is part of the key: a report names the file it was made for."""
    for name in ("a.mlir", "b.mlir"):
        (tmp_path / name).write_text("func.func @f() {\n  %0 = arith.addi : i32\n  return\n}\n")
    cache = ResultCache(tmp_path / "cache", fingerprint="a")
    _run([str(tmp_path / "a.mlir")], cache)
    report = _run([str(tmp_path / "b.mlir")], cache)
    assert cache.hits == 0 and "b.mlir" in report and "a.mlir" not in report


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    source = tmp_path / "k.mlir"
    source.write_text("func.func @f() {\n  return\n}\n")
    cache = ResultCache(blocker / "cache", fingerprint="a")
    assert json.loads(_run([str(source)], cache)) == [] and cache.stored == 0


def test_jobs_must_not_be_negative(tmp_path: Path) -> None:
    done = _check([str(DATA), "--jobs", "-1"], tmp_path)
    assert done.returncode == 2 and "--jobs must be 0" in done.stderr


def test_a_worker_that_dies_leaves_the_check_to_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    class DyingPool:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def __enter__(self) -> "DyingPool":
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def map(self, *args: object, **kwargs: object) -> list:
            raise BrokenProcessPool("a worker was killed")

    monkeypatch.setattr(cli, "PARALLEL_MIN_CHARACTERS", 0)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", DyingPool)
    work = [(path, *read_source(path)[::2], CheckOptions()) for path in FILES[:3]]
    assert check_texts(work, 2) == check_texts(work, 1)


def test_the_installation_is_known_by_its_bytes_not_its_file_times(tmp_path: Path) -> None:
    """A CI job installs nvgpu-ls afresh each run: new modification times, the same files."""
    import shutil

    from nvgpu_ls import result_cache

    copy = tmp_path / "nvgpu_ls"
    shutil.copytree(Path(result_cache.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); "
             "from nvgpu_ls.result_cache import installation_fingerprint as f; print(f())")

    def fingerprint() -> str:
        return subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True,
                              check=True, timeout=120, cwd=tmp_path).stdout.strip()

    before = fingerprint()
    for path in copy.rglob("*.py"):
        os.utime(path, (1, 1))
    assert fingerprint() == before
    (copy / "verify" / "__init__.py").write_text((copy / "verify" / "__init__.py").read_text() + "\n# changed\n")
    assert fingerprint() != before
