"""Time of the nvgpu → nvvm lowering: the builtin engine beside upstream's convert-nvgpu-to-nvvm.

    python3 bench/lowering_speed.py [--repeat N] [--lines 5000] [--json OUT]

Inputs: upstream's own conversion test file (``../shared/conformance/.../nvgpu-to-nvvm.mlir``,
less the functions that today's rules reject — the file mixes verifier eras, and neither
engine lowers a file with errors — and those the bindings cannot parse: newer op syntax) and a generated file of ``--lines`` lines
(``bench/generate.py``). For each, the same work on both sides, medians of ``--repeat`` runs:

* builtin: parse (``Document``), check, lower, print — in this process;
* upstream: parse, ``convert-nvgpu-to-nvvm``, print with locations — the torch-mlir
  bindings in a child process, timed inside it (start-up and imports excluded);
* upstream engine end to end (``lower_with_upstream``: worker start, transfer, our own
  check first), once per input, for what a user waits for.

The ratio column is builtin / upstream.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate  # noqa: E402

from nvgpu_ls.analysis.document import Document  # noqa: E402
from nvgpu_ls.diagnostics import Severity  # noqa: E402
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document  # noqa: E402
from nvgpu_ls.verify import CheckOptions, check_document  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CONVERSION_TEST = ROOT.parent / "shared" / "conformance" / "mlir" / "test" / "Conversion" / "NVGPUToNVVM" / \
    "nvgpu-to-nvvm.mlir"
TARGET = "sm_90a"

_UPSTREAM_TIMER = r"""
import json, re, statistics, sys, time
request = json.loads(sys.stdin.read())
from torch_mlir import ir, passmanager
if request["probe"]:
    with ir.Context():
        try:
            ir.Module.parse(request["text"])
            print(json.dumps({"line": 0}))
        except ir.MLIRError as exc:
            found = re.search(r":(\d+):\d+: ", str(exc))
            print(json.dumps({"line": int(found.group(1)) if found else -1}))
    sys.exit(0)
samples = []
for _ in range(request["repeat"]):
    started = time.perf_counter()
    with ir.Context() as ctx:
        module = ir.Module.parse(request["text"])
        passmanager.PassManager.parse("builtin.module(convert-nvgpu-to-nvvm)").run(module.operation)
        module.operation.get_asm(enable_debug_info=True)
    samples.append(time.perf_counter() - started)
print(json.dumps({"median": statistics.median(samples)}))
"""


def without_rejected_functions(text: str) -> tuple[str, int, int]:
    """``text`` less each top-level function (or nested module) holding one of our errors or
    one the bindings cannot parse; also how many of how many were kept."""
    total = len(_function_spans(text))
    doc = Document(text)
    errors = [d.start for d in check_document(doc, CheckOptions(target=TARGET)) if d.severity == Severity.ERROR]
    text = _cut(text, lambda start, end: any(start <= e < end for e in errors))
    for _ in range(total):
        line = _upstream_parse_error_line(text)
        if line <= 0:
            break
        offset = sum(len(row) + 1 for row in text.split("\n")[:line - 1])
        text = _cut(text, lambda start, end: start <= offset < end)
    return text, len(_function_spans(text)), total


def _function_spans(text: str) -> list[tuple[int, int]]:
    doc = Document(text)
    return [(inner.start, inner.end) for chunk in doc.chunks for op in chunk.ops for inner in _functions(op)]


def _cut(text: str, rejected) -> str:
    for start, end in sorted(_function_spans(text), reverse=True):
        if rejected(start, end):
            text = text[:start] + text[end:]
    return text


def _upstream_parse_error_line(text: str) -> int:
    done = subprocess.run([sys.executable, "-c", _UPSTREAM_TIMER], input=json.dumps({"text": text, "probe": True}),
                          capture_output=True, text=True, timeout=300)
    return json.loads(done.stdout.strip().splitlines()[-1])["line"] if done.returncode == 0 else -1


def _functions(op):
    body = [inner for region in op.regions for block in region.blocks for inner in block.ops]
    return [inner for inner in body if inner.name in ("func.func", "gpu.module", "gpu.func")] or [op]


def time_builtin(text: str, repeat: int) -> float:
    options = LoweringOptions(check=CheckOptions(target=TARGET))
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = lower_document(Document(text), "bench.mlir", options)
        samples.append(time.perf_counter() - started)
        if result.text is None:
            raise SystemExit("builtin engine refused the input: " + "; ".join(d.message for d in result.diagnostics[:3]))
    return statistics.median(samples)


def time_upstream(text: str, repeat: int) -> float | None:
    request = json.dumps({"text": text, "repeat": repeat, "probe": False})
    done = subprocess.run([sys.executable, "-c", _UPSTREAM_TIMER], input=request, capture_output=True, text=True,
                          timeout=1800)
    if done.returncode != 0:
        print(f"upstream failed: {done.stderr.strip()[-400:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])["median"]


def time_upstream_engine(text: str) -> float | None:
    try:
        from nvgpu_ls.lowering.upstream_engine import lower_with_upstream
    except ImportError:
        return None
    started = time.perf_counter()
    result = lower_with_upstream(text, "bench.mlir", LoweringOptions(check=CheckOptions(target=TARGET)), 1800.0)
    elapsed = time.perf_counter() - started
    return elapsed if result.text is not None else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    inputs = []
    if CONVERSION_TEST.is_file():
        text, kept, total = without_rejected_functions(CONVERSION_TEST.read_text())
        inputs.append((f"nvgpu-to-nvvm.mlir ({kept} of {total} functions)", text))
    else:
        print(f"note: {CONVERSION_TEST} not found; only the generated file is timed", file=sys.stderr)
    generated = generate(args.lines)
    inputs.append((f"generated, {generated.count(chr(10))} lines", generated))
    rows = []
    for name, text in inputs:
        ours = time_builtin(text, args.repeat)
        theirs = time_upstream(text, args.repeat)
        engine = time_upstream_engine(text)
        rows.append({"input": name, "builtin_s": ours, "upstream_s": theirs, "upstream_engine_s": engine,
                     "ratio": ours / theirs if theirs else None})
    print(f"{'input':<42} {'builtin':>10} {'upstream':>10} {'ratio':>7} {'upstream engine, end to end':>28}")
    for row in rows:
        up = f"{row['upstream_s'] * 1000:.0f} ms" if row["upstream_s"] else "n/a"
        ratio = f"{row['ratio']:.1f}x" if row["ratio"] else "n/a"
        engine = f"{row['upstream_engine_s'] * 1000:.0f} ms" if row["upstream_engine_s"] else "n/a"
        print(f"{row['input']:<42} {row['builtin_s'] * 1000:>7.0f} ms {up:>10} {ratio:>7} {engine:>28}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
