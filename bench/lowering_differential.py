"""Both lowering engines compared through the same pipeline to PTX: the table docs/lowering.md quotes.

    python bench/lowering_differential.py [--details] [--jobs N]

Cases: every kernel file in tests/data/lowering, every top-level func.func using an nvgpu op
in upstream's conversion tests under ../shared/conformance (each wrapped in a gpu.module, see
``nvgpu_ls.ptx.differential``), and every real-world kernel written as a ``gpu.launch`` under
../shared/realworld that upstream compiles as written (outlined by both engines). For each case: lowered by the builtin
engine and by upstream's convert-nvgpu-to-nvvm, both compiled to PTX the same way, the
instruction streams of every function compared (register numbering ignored). A case is
"identical" when every function's stream is equal, "differing" when one is not, and
"failed (engine)" when that engine could not lower or compile it (both columns count a
case both failed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nvgpu_ls.ptx.differential import compare_cases, function_cases, kernel_cases, launch_cases, table  # noqa: E402

CONFORMANCE = ROOT.parent / "shared" / "conformance" / "mlir" / "test" / "Conversion" / "NVGPUToNVVM"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--details", action="store_true", help="one line per case")
    parser.add_argument("--jobs", type=int, default=8)
    args = parser.parse_args()
    cases = kernel_cases(ROOT / "tests" / "data" / "lowering")
    if CONFORMANCE.is_dir():
        cases += [case for path in sorted(CONFORMANCE.glob("*.mlir")) for case in function_cases(path)]
    else:
        print(f"(conformance corpus not found at {CONFORMANCE}: kernel files only)")
    launches = launch_cases(ROOT.parent / "shared" / "realworld")
    cases += launches
    print(f"({len(launches)} real-world gpu.launch kernels, outlined)")
    started = time.perf_counter()
    results = compare_cases(cases, args.jobs)
    print(table(results))
    print(f"\n{len(cases)} cases in {time.perf_counter() - started:.0f} s")
    if args.details:
        for result in results:
            why = "; ".join(f"{k}: {v[:160]}" for k, v in result.failures.items())
            print(f"{result.verdict:10} {result.case.name} {', '.join(result.differing())} {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
