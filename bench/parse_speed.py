"""Parse time of generated files (300 / 5,000 / 20,000 lines) and re-analysis after a one-character
edit, beside upstream's parser (mlir-opt-22) on the same files in the same run.

    python bench/parse_speed.py [--repeat N] [--json OUT]

Figures are medians. The mlir-opt-22 column is its own "Parser" phase from -mlir-timing
(process start-up excluded), with the verifier off, so both sides do the same work. The two
take turns, one sample each, so that both see the same moments of a noisy machine; the ratio
is the median of each turn's ratio. Like every ``nvgpu-ls`` command, the bench keeps the memory a
freed analysis leaves for the next (``memory.keep_freed_arenas``).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from core import say_core  # noqa: E402
from generate import edit_site, generate  # noqa: E402

from nvgpu_ls.analysis.document import Document  # noqa: E402
from nvgpu_ls.memory import keep_freed_arenas  # noqa: E402

SIZES = (300, 5_000, 20_000)


def time_full_parse(text: str) -> float:
    """One full analysis of ``text``, in seconds. The documents of the samples before are cyclic
    garbage: they are collected first (untimed), as a server's idle collector would have done,
    so that the figure is this analysis's and not the leftover heap's."""
    gc.collect()
    started = time.perf_counter()
    Document(text)
    return time.perf_counter() - started


def time_in_turns(text: str, path: str, repeat: int) -> tuple[float, float | None, float | None]:
    """(our median, mlir-opt-22's median, the median of the per-turn ratios): ``repeat`` turns of
    one analysis each."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(repeat):
        ours.append(time_full_parse(text))
        upstream = time_mlir_opt(path)
        if upstream is not None:
            theirs.append(upstream)
    if len(theirs) != len(ours):
        return statistics.median(ours), None, None
    ratio = statistics.median(a / b for a, b in zip(ours, theirs))
    return statistics.median(ours), statistics.median(theirs), ratio


def time_one_char_edit(text: str, repeat: int) -> tuple[float, str]:
    """Median time of Document.update after typing one character inside a function.

    The full-parse samples before it leave their documents as cyclic garbage that no collection has
    reached yet; it is collected first so that the figure is the edit's, not the leftover heap's."""
    gc.collect()
    doc = Document(text)
    site = edit_site(text, function=len(re.findall(r"@kernel_\d+\(", text)) // 2)
    samples = []
    mode = ""
    current = text
    for i in range(repeat):
        # Alternate typing and deleting a digit so every update is a real one-character edit.
        new = current[:site] + "7" + current[site:] if i % 2 == 0 else text
        started = time.perf_counter()
        doc.update(new)
        samples.append(time.perf_counter() - started)
        mode = doc.last_update
        current = new
    return statistics.median(samples), mode


def time_mlir_opt(path: str) -> float | None:
    """mlir-opt-22's own Parser phase for one read of ``path``, in seconds (None: no tool, or it
    rejected the file)."""
    tool = shutil.which("mlir-opt-22")
    if tool is None:
        return None
    result = subprocess.run([tool, "--mlir-very-unsafe-disable-verifier-on-parsing", "--mlir-timing",
                             "--mlir-timing-display=list", path, "-o", os.devnull],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        print(f"mlir-opt-22 rejected the generated file: {result.stderr[:300]}", file=sys.stderr)
        return None
    match = re.search(r"^\s*([0-9.]+)\s+\([^)]*\)\s+Parser\s*$", result.stderr, re.M) or \
        re.search(r"([0-9.]+)\s+\(\s*[0-9.]+%\)\s+Parser", result.stderr)
    return float(match.group(1)) if match else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    say_core()
    keep_freed_arenas()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            text = generate(size)
            path = os.path.join(tmp, f"gen_{size}.mlir")
            Path(path).write_text(text)
            time_full_parse(text)  # the first analysis of a size fills the caches of its types
            ours, upstream, ratio = time_in_turns(text, path, args.repeat)
            row = {"lines": text.count("\n"), "nvgpu_ls_parse_s": ours, "mlir_opt_22_parse_s": upstream,
                   "ratio": ratio}
            if size == SIZES[-1]:
                edit, mode = time_one_char_edit(text, max(args.repeat * 4, 10))
                row["one_char_edit_s"] = edit
                row["edit_mode"] = mode
            rows.append(row)
    print(f"{'lines':>7} {'nvgpu-ls parse':>15} {'mlir-opt-22 parser':>19} {'ratio':>7}")
    for row in rows:
        up = f"{row['mlir_opt_22_parse_s'] * 1000:.1f} ms" if row["mlir_opt_22_parse_s"] else "n/a"
        ratio = f"{row['ratio']:.2f}x" if row["ratio"] else "n/a"
        print(f"{row['lines']:>7} {row['nvgpu_ls_parse_s'] * 1000:>12.1f} ms {up:>19} {ratio:>7}")
    last = rows[-1]
    print(f"one-character edit inside one function of the {last['lines']}-line file: "
          f"{last['one_char_edit_s'] * 1000:.1f} ms ({last['edit_mode']} re-analysis)")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
