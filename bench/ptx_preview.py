"""Latency of the PTX and SASS previews of the Hopper GEMM kernel (tests/data/ptx/hopper_gemm_sm90a.mlir).

    python3 bench/ptx_preview.py [--repeat N] [--no-validate | --validate-only | --sass-only] [--json OUT] [FILE]

For each lowering engine (builtin, upstream) and with ptxas validation off, on, and with SASS
(ptxas with line info, then nvdisasm: the "Preview SASS" request), medians of ``--repeat``
runs of ``PreviewService.preview``:

* cold: a new ``PreviewService`` and its first request (the native worker starts and imports
  the MLIR bindings and llvmlite on the way), the service closed afterwards;
* warm: the same service, the text changed by a comment each time so that the cache misses
  (the worker is already running: lowering, pipeline, PTX, and ptxas when validating);
* cached: the same text again (answered from the service's cache).

The warm row also splits its median into lowering (until "compiling to PTX" is reported),
PTX (until ptxas starts, or the end) and ptxas (with nvdisasm for SASS). Goals (issues 6 and
18): warm under 1 s, cached under 50 ms, for PTX and SASS alike. ``--json OUT`` writes the
rows as a list of objects (seconds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nvgpu_ls.diagnostics import Severity  # noqa: E402
from nvgpu_ls.ptx import find_ptxas  # noqa: E402
from nvgpu_ls.ptx.preview import PreviewOptions, PreviewService, PtxPreview  # noqa: E402
from nvgpu_ls.ptx.sass import find_cuda_tool  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "tests" / "data" / "ptx" / "hopper_gemm_sm90a.mlir"
ENGINES = ("builtin", "upstream")
WARM_GOAL_S = 1.0
CACHED_GOAL_S = 0.05


class Timed:
    """One preview, timed, with the moments its progress reports reached the PTX and ptxas steps."""

    def __init__(self, service: PreviewService, text: str, path: str, options: PreviewOptions) -> None:
        self.compiling: float | None = None
        self.ptxas: float | None = None
        started = time.perf_counter()

        def progress(message: str) -> None:
            now = time.perf_counter() - started
            if message.startswith("compiling to PTX") and self.compiling is None:
                self.compiling = now
            elif message.startswith("ptxas") and self.ptxas is None:
                self.ptxas = now

        self.result: PtxPreview = service.preview(text, path, options, progress)
        self.elapsed = time.perf_counter() - started
        errors = [f"{d.code}: {d.message}" for d in self.result.diagnostics if d.severity == Severity.ERROR]
        if self.result.ptx is None or errors:
            raise SystemExit(f"preview failed ({options.engine}): " + "; ".join(errors[:3]))
        if options.validate and not all(r.ok for r in self.result.ptxas):
            raise SystemExit(f"ptxas rejected the preview ({options.engine}): "
                             + "; ".join(m for r in self.result.ptxas for m in r.messages[:3]))
        if options.sass and not all(r.sass for r in self.result.ptxas):
            raise SystemExit(f"no SASS ({options.engine}): is nvdisasm installed (pip install nvidia-cuda-nvdisasm)?")


def measure(text: str, path: str, engine: str, mode: str, repeat: int) -> dict:
    options = PreviewOptions(engine=engine, validate=mode != "no", sass=mode == "sass")
    cold = []
    for _ in range(repeat):
        service = PreviewService()
        try:
            cold.append(Timed(service, text, path, options).elapsed)
        finally:
            service.close()
    warm: list[Timed] = []
    cached = []
    with PreviewService() as service:
        Timed(service, text, path, options)  # start the worker
        for run in range(repeat):
            changed = f"{text}// warm run {run}\n"
            warm.append(Timed(service, changed, path, options))
            again = Timed(service, changed, path, options)
            if not again.result.cached:
                raise SystemExit("the second request for the same text was not answered from the cache")
            cached.append(again.elapsed)
    lowering = [t.compiling for t in warm if t.compiling is not None]
    ptx_done = [(t.ptxas if t.ptxas is not None else t.elapsed) - t.compiling for t in warm if t.compiling is not None]
    ptxas = [t.elapsed - t.ptxas for t in warm if t.ptxas is not None]
    return {
        "engine": engine, "validate": mode != "no", "sass": mode == "sass", "mode": mode, "repeat": repeat,
        "cold_s": statistics.median(cold),
        "warm_s": statistics.median(t.elapsed for t in warm),
        "cached_s": statistics.median(cached),
        "warm_lowering_s": statistics.median(lowering) if lowering else None,
        "warm_ptx_s": statistics.median(ptx_done) if ptx_done else None,
        "warm_ptxas_s": statistics.median(ptxas) if ptxas else None,
        "ptx_lines": warm[-1].result.ptx.count("\n") if warm else None,
        "mapped_lines": len(warm[-1].result.mapping) if warm else None,
    }


def _ms(seconds: float | None) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds is not None else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", default=str(KERNEL), help="the kernel to preview (default: the Hopper GEMM)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (medians)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--no-validate", action="store_true", help="only without ptxas")
    which.add_argument("--validate-only", action="store_true", help="only with ptxas")
    which.add_argument("--sass-only", action="store_true", help="only the SASS preview")
    parser.add_argument("--engine", choices=ENGINES, action="append", help="only this engine (repeatable)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    path = Path(args.file).resolve()
    text = path.read_text()
    modes = (["no"] if args.no_validate else ["yes"] if args.validate_only else ["sass"] if args.sass_only
             else ["no", "yes", "sass"])
    if find_ptxas() is None:
        print("note: no ptxas found; timing without validation only", file=sys.stderr)
        modes = ["no"]
    elif "sass" in modes and find_cuda_tool("nvdisasm") is None:
        print("note: no nvdisasm found (pip install nvidia-cuda-nvdisasm); no SASS rows", file=sys.stderr)
        modes = [m for m in modes if m != "sass"] or ["yes"]
    rows = [measure(text, str(path), engine, mode, args.repeat)
            for engine in (args.engine or ENGINES) for mode in modes]
    print(f"PTX / SASS preview of {path.name}, medians of {args.repeat} runs "
          f"(goal: warm < {WARM_GOAL_S * 1000:.0f} ms, cached < {CACHED_GOAL_S * 1000:.0f} ms)")
    print(f"{'engine':<9} {'ptxas':<6} {'cold':>9} {'warm':>9} {'cached':>9}   "
          f"{'warm = lowering + PTX + ptxas':<32}")
    for row in rows:
        split = f"{_ms(row['warm_lowering_s'])} + {_ms(row['warm_ptx_s'])} + {_ms(row['warm_ptxas_s'])}"
        print(f"{row['engine']:<9} {row['mode']:<6} {_ms(row['cold_s']):>9} "
              f"{_ms(row['warm_s']):>9} {row['cached_s'] * 1000:>6.2f} ms   {split:<32}")
    met = all(r["warm_s"] < WARM_GOAL_S and r["cached_s"] < CACHED_GOAL_S for r in rows)
    print("goals met" if met else "goals NOT met")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
