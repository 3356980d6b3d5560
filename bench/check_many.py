"""``nvgpu-ls --check`` over a tree of many files, against ``mlir-opt-22`` run once per file, as
a CI job pays for them.

    python bench/check_many.py [--files 200] [--lines 2000] [--runs 3]

The tree is ``--files`` generated files of ``--lines`` lines each (``generate.py``: valid
kernels that both tools read), in a temporary folder. Timed, as wall-clock medians over
``--runs``, each run a fresh process as CI starts it:

- ``--jobs 1`` and ``--jobs 2`` with no cache (``--no-cache``);
- a cold cache (the first run with an empty cache directory, which it fills), then a warm one
  (nothing changed), then one file changed in the warm cache;
- ``mlir-opt-22 FILE -o /dev/null`` for every file, one after another (its parser and
  verifier; upstream has no batch mode, and CI scripts call it per file).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from core import say_core  # noqa: E402
from generate import generate  # noqa: E402

MLIR_OPT = shutil.which("mlir-opt-22")


def _seconds(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                          timeout=3600)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[:4]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return time.perf_counter() - started


def _upstream(files: list[Path]) -> float:
    assert MLIR_OPT is not None
    started = time.perf_counter()
    for path in files:
        subprocess.run([MLIR_OPT, str(path), "-o", os.devnull], check=True, timeout=600,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    say_core()

    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-check-many-") as work:
        tree = Path(work) / "tree"
        tree.mkdir()
        text = generate(args.lines)
        files = []
        for n in range(args.files):  # each file its own text, so that no two share a cache entry
            path = tree / f"k{n:04d}.mlir"
            path.write_text(text.replace("@kernel_0(", f"@kernel_0_{n}("))
            files.append(path)
        (tree / "nvgpu-ls.toml").write_text('target = "sm_90a"\n')
        check = [sys.executable, "-m", "nvgpu_ls", "--check", str(tree)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        timings: dict[str, list[float]] = {}
        for _ in range(args.runs):
            timings.setdefault("--jobs 1, no cache", []).append(_seconds(check + ["--jobs", "1", "--no-cache"], env))
            timings.setdefault("--jobs 2, no cache", []).append(_seconds(check + ["--jobs", "2", "--no-cache"], env))
            cache = Path(work) / "cache"
            shutil.rmtree(cache, ignore_errors=True)
            cached = check + ["--jobs", "2", "--cache-dir", str(cache)]
            timings.setdefault("--jobs 2, cold cache (filling it)", []).append(_seconds(cached, env))
            timings.setdefault("--jobs 2, warm cache, nothing changed", []).append(_seconds(cached, env))
            files[0].write_text(files[0].read_text() + "\n")
            timings.setdefault("--jobs 2, warm cache, one file changed", []).append(_seconds(cached, env))
            if MLIR_OPT:
                timings.setdefault("mlir-opt-22, once per file", []).append(_upstream(files))
        total_lines = sum(p.read_text().count("\n") for p in files)
        print(f"{args.files} files, {total_lines} lines in all; {os.cpu_count()} CPUs; medians of {args.runs} runs")
        reference = statistics.median(timings["mlir-opt-22, once per file"]) if MLIR_OPT else None
        for name, values in timings.items():
            median = statistics.median(values)
            ratio = f"  {median / reference:.2f}x mlir-opt-22" if reference else ""
            print(f"{name:>40}: {median:7.2f} s{ratio}")


if __name__ == "__main__":
    main()
