"""Peak memory (resident set) of analysing, checking and lowering a generated file, and of
checking hostile inputs (random bytes, NUL bytes, one huge string literal, top-level ops) per
input byte with their time to diagnostics, each in a fresh child process, against the budgets
``tests/test_resource_bounds.py`` holds the project to.

    python bench/memory.py [--lines 20000] [--hostile-bytes 5000000]

Each figure is the child's own peak RSS (``VmHWM`` of ``/proc/self/status``, which starts
afresh at exec — ``ru_maxrss`` would carry over the parent's high-water mark) after the step,
and the step's share over the same child's peak after only importing the package (the
baseline, printed too).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import json, sys

sys.path[:0] = [{root!r}, {bench!r}]
from generate import generate
from nvgpu_ls.memory import memory_kib
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
step = {step!r}
text = generate({lines})
result = {{"lines": text.count("\n")}}
baseline = memory_kib()[1]
if step in ("check", "lower"):
    doc = Document(text)
    diagnostics = doc.diagnostics() + check_document(doc, CheckOptions(target="sm_90"))
    result["diagnostics"] = len(diagnostics)
if step == "lower":
    lowered = lower_document(doc, "generated.mlir", LoweringOptions(check=CheckOptions(target="sm_90")))
    result["lowered_lines"] = (lowered.text or "").count("\n")
    result["lowering_errors"] = sum(1 for d in lowered.diagnostics if d.severity.name == "ERROR")
result["baseline_kib"] = baseline
result["peak_kib"] = memory_kib()[1]
print(json.dumps(result))
"""


def measure(step: str, lines: int) -> dict:
    """Run ``step`` (``import``, ``check`` or ``lower``) on a generated file of ``lines`` lines in
    a child process; its peak RSS (KiB) and what it found."""
    code = _CHILD.format(root=str(ROOT), bench=str(ROOT / "bench"), step=step, lines=lines)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


_HOSTILE_CHILD = r"""
import json, random, sys, time

sys.path[:0] = [{root!r}]
from nvgpu_ls.memory import memory_kib
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document
kind, size = {kind!r}, {size}
if kind == "binary":
    rng = random.Random(1)
    text = bytes(rng.randrange(256) for _ in range(size)).decode("utf-8", errors="replace")
elif kind == "nul":
    text = "\0" * size
elif kind == "string":
    text = 'func.func @f() attributes {{s = "' + "a" * size + '"}} {{\n  return\n}}\n'
else:  # ops: top-level generic ops, one per line
    line = '"test.op"() : () -> ()\n'
    text = line * (size // len(line))
baseline = memory_kib()[1]
started = time.perf_counter()
doc = Document(text)
found = doc.diagnostics() + check_document(doc, CheckOptions())
seconds = time.perf_counter() - started
peak = memory_kib()[1]
# One character typed in the middle: for top-level ops, inside the op on the middle line.
middle = text.find("\n", len(text) // 2) + 1 + 12 if kind == "ops" else len(text) // 2
edited = text[:middle] + "x" + text[middle:]
started = time.perf_counter()
doc.update(edited)
doc.diagnostics() + check_document(doc, CheckOptions())
print(json.dumps({{"bytes": len(text.encode("utf-8", errors="surrogatepass")), "seconds": seconds,
                  "edit_seconds": time.perf_counter() - started, "edit": doc.last_update,
                  "baseline_kib": baseline, "peak_kib": peak, "diagnostics": len(found)}}))
"""

HOSTILE_KINDS = ("binary", "nul", "string", "ops")
"""Inputs whose cost per byte is bounded (``tests/test_resource_bounds.py``): random bytes, NUL
bytes, one string literal, and top-level ops (the most objects per byte)."""


def measure_hostile(kind: str, size: int) -> dict:
    """Analyse and check ``size`` bytes of a ``kind`` of input in a child process: the peak RSS
    over the child's baseline per input byte, the seconds to diagnostics, and the seconds to
    diagnostics again after one character typed in the middle (``edit_seconds``; ``edit`` says
    whether the update was ``incremental`` or ``full``)."""
    code = _HOSTILE_CHILD.format(root=str(ROOT), kind=kind, size=size)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    found["bytes_per_byte"] = (found["peak_kib"] - found["baseline_kib"]) * 1024 / max(found["bytes"], 1)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--hostile-bytes", type=int, default=5_000_000,
                        help="size of each hostile input (0: skip them)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from tests.test_resource_bounds import CHECK_BUDGET_MIB, HOSTILE_BUDGETS, LOWER_BUDGET_MIB

    base = measure("import", args.lines)
    print(f"generated file: {base['lines']} lines; baseline after import + generation: "
          f"{base['peak_kib'] / 1024:.0f} MiB peak RSS")
    for step, budget in (("check", CHECK_BUDGET_MIB), ("lower", LOWER_BUDGET_MIB)):
        found = measure(step, args.lines)
        extra = (found["peak_kib"] - base["peak_kib"]) / 1024
        print(f"{step:>6}: peak RSS {found['peak_kib'] / 1024:.0f} MiB ({extra:+.0f} MiB over the baseline); "
              f"budget {budget} MiB; {json.dumps({k: v for k, v in found.items() if 'kib' not in k})}")
    for kind in HOSTILE_KINDS if args.hostile_bytes else ():
        found = measure_hostile(kind, args.hostile_bytes)
        per_byte, seconds, edit_seconds = HOSTILE_BUDGETS[kind]
        print(f"{kind:>6}: {found['bytes'] / 1e6:.1f} MB: {found['bytes_per_byte']:.0f} B of peak RSS per input byte "
              f"(budget {per_byte}), {found['seconds']:.1f} s to diagnostics (budget {seconds} s), "
              f"{found['diagnostics']} diagnostics; one edit: {found['edit_seconds']:.2f} s ({found['edit']}; budget "
              f"{edit_seconds} s)")


if __name__ == "__main__":
    main()
