"""Start-up as an editor and a CI job pay it, beside Debian's ``mlir-lsp-server-22`` / ``mlir-opt-22`` in the same run.

    python3 bench/startup.py [--lines 300] [--runs 9] [--json]

Every run starts fresh processes and times, from the moment the process is spawned:

* ``initialize``: the server's answer to ``initialize`` (what an editor waits for before it
  sends the open files);
* ``diagnostics``: the first ``publishDiagnostics`` for a file of ``--lines`` lines
  (``bench/generate.py``; it holds no error) opened as soon as ``initialize`` is answered
  (nvgpu-ls may publish its first screen first: that first publication counts);
* ``check``: ``nvgpu-ls --check FILE --no-cache`` as a whole process, beside ``mlir-opt-22
  FILE`` (parse and verify, the nearest upstream command).

Each is measured three ways: as installed (bytecode caches present and writable); read-only
(``PYTHONDONTWRITEBYTECODE=1``: the bytecode compiled at install time is read, none is written);
and with no bytecode at all (``PYTHONPYCACHEPREFIX`` on an empty folder as well: every module
of the standard library, the dependencies and nvgpu-ls is compiled on every start). The servers take turns run by run, so that a busy
machine slows both alike. Figures are medians (and the fastest and slowest run) in
milliseconds; the ratio column is nvgpu-ls / the upstream tool.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import say_core  # noqa: E402
from generate import generate  # noqa: E402
from lsp_latency import Client  # noqa: E402

UPSTREAM_SERVER = "mlir-lsp-server-22"
UPSTREAM_CHECK = "mlir-opt-22"
OURS = "nvgpu-ls"


@dataclass
class Samples:
    initialize: list[float] = field(default_factory=list)
    diagnostics: list[float] = field(default_factory=list)
    check: list[float] = field(default_factory=list)


MODES = ("as installed", "read-only", "no bytecode")


def environment(mode: str, prefix: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHONPYCACHE")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if mode != "as installed":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    if mode == "no bytecode":
        env["PYTHONPYCACHEPREFIX"] = str(prefix)  # empty: nothing to read, and nothing is written
    return env


async def one_server_run(argv: list[str], path: Path, text: str, env: dict[str, str]) -> tuple[float, float]:
    """(spawn → initialize answered, spawn → first diagnostics of ``path``) of a fresh server, in seconds."""
    client = Client(argv)
    client.env = env
    spawned = time.perf_counter()
    await client.start()
    try:
        await client.initialize(path.parent)
        answered = time.perf_counter()
        await client.timed_notify("textDocument/didOpen", {"textDocument": {
            "uri": path.as_uri(), "languageId": "mlir", "version": 1, "text": text}})
        await client.diagnostics_for(path.as_uri(), 1)
        published = client.first_diagnostics[(path.as_uri(), 1)][0]
        return answered - spawned, published - spawned
    finally:
        await client.stop()


def one_check_run(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=False)
    return time.perf_counter() - started


async def measure(runs: int, lines: int, mode: str) -> dict[str, Samples]:
    text = generate(lines)
    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-startup-") as folder:
        path = Path(folder) / "kernels.mlir"
        path.write_text(text, encoding="utf-8")
        prefix = Path(folder) / "no-bytecode"
        prefix.mkdir()
        env = environment(mode, prefix)
        servers = {OURS: [sys.executable, "-m", "nvgpu_ls"]}
        checks = {OURS: [sys.executable, "-m", "nvgpu_ls", "--check", str(path), "--no-cache", "--no-config"]}
        if shutil.which(UPSTREAM_SERVER):
            servers[UPSTREAM_SERVER] = [shutil.which(UPSTREAM_SERVER) or UPSTREAM_SERVER]
        if shutil.which(UPSTREAM_CHECK):
            checks[UPSTREAM_SERVER] = [shutil.which(UPSTREAM_CHECK) or UPSTREAM_CHECK, str(path)]
        samples = {name: Samples() for name in servers}
        for run in range(runs):
            order = list(servers) if run % 2 == 0 else list(reversed(servers))
            for name in order:
                initialize, diagnostics = await one_server_run(servers[name], path, text, env)
                samples[name].initialize.append(initialize)
                samples[name].diagnostics.append(diagnostics)
                if name in checks:
                    samples[name].check.append(one_check_run(checks[name], env))
        return samples


def figures(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values) * 1000, "min": min(values) * 1000, "max": max(values) * 1000}


def report(results: dict[str, dict[str, Samples]]) -> list[dict]:
    rows = []
    for caches, samples in results.items():
        for step in ("initialize", "diagnostics", "check"):
            row: dict = {"caches": caches, "step": step}
            for name, found in samples.items():
                values = getattr(found, step)
                if values:
                    row[name] = figures(values)
            if OURS in row and UPSTREAM_SERVER in row:
                row["ratio"] = row[OURS]["median"] / row[UPSTREAM_SERVER]["median"]
            rows.append(row)
    return rows


def table(rows: list[dict]) -> str:
    def cell(found: dict | None) -> str:
        if not found:
            return "—"
        return f"{found['median']:.0f} ({found['min']:.0f}–{found['max']:.0f})"

    names = {"initialize": "spawn → initialize answered", "diagnostics": "spawn → first diagnostics",
             "check": "--check FILE (mlir-opt-22 FILE)"}
    lines = ["| bytecode | step | nvgpu-ls ms | upstream ms | ratio |", "|---|---|---:|---:|---:|"]
    for row in rows:
        ratio = f"{row['ratio']:.1f}×" if "ratio" in row else "—"
        lines.append(f"| {row['caches']} | {names[row['step']]} | {cell(row.get(OURS))} | "
                     f"{cell(row.get(UPSTREAM_SERVER))} | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=300)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for mode in MODES:
        results[mode] = asyncio.run(measure(args.runs, args.lines, mode))
    rows = report(results)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    say_core()
    print(f"{args.lines}-line file, {args.runs} runs each, medians (fastest–slowest):")
    print(table(rows))


if __name__ == "__main__":
    main()
