"""``python -m fuzz --layer parser|verify|lowering|all --seconds N --seed S [--linearity] [--save DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fuzz.corpus import seeds
from fuzz.harness import LAYERS, fuzz, summary
from fuzz.linearity import probe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__)
    parser.add_argument("--layer", choices=[*LAYERS, "all"], default="all")
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget for all layers together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", type=Path, help="write each failing input here")
    parser.add_argument("--upstream-sample", type=int, default=10,
                        help="lowering successes to check with upstream MLIR at the end (0: none)")
    parser.add_argument("--linearity", action="store_true", help="also run the linearity probe")
    args = parser.parse_args(argv)
    layers = list(LAYERS) if args.layer == "all" else [args.layer]
    corpus = seeds()
    print(f"{len(corpus)} seed files; layers {', '.join(layers)}; {args.seconds:g} s; seed {args.seed}", flush=True)
    run = fuzz(layers, args.seconds, args.seed, corpus, args.save, args.upstream_sample,
               log=lambda s: print(s, flush=True))
    print(summary(run))
    failed = run.failed
    if args.linearity:
        for name, ratio, ok in probe():
            print(f"  linearity {name:24s} t(4n)/t(n) = {ratio:5.2f} {'ok' if ok else 'TOO STEEP'}")
            failed |= not ok
    total = sum(s.tried for s in run.stats.values())
    print(f"total inputs {total}; {'FAIL' if failed else 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
