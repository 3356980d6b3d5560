"""Analysis time grows at most linearly with input size: parse + check of a text of size n
against one of size 4n, generated kernels and pathological shapes (regex backtracking, deep
nesting, unclosed brackets). Min of 3 timings each; a ratio under ``BOUND`` passes (linear is
4, quadratic 16; the bound is generous so that a loaded machine does not flake)."""

from __future__ import annotations

import time
from typing import Callable

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document

from fuzz.mutate import deep_nesting

BOUND = 12.0


def _kernels(n: int) -> str:
    from bench.generate import generate
    return generate(n)


SHAPES: dict[str, Callable[[int], str]] = {
    # n is roughly the size in "units"; each shape's text grows linearly with n
    "generated kernels": lambda n: _kernels(n // 2),
    "long line": lambda n: "func.func @f() { " + "%c = arith.constant 0 : index " * n + "return }\n",
    "unclosed braces": lambda n: "func.func @f() {\n" + "scf.execute_region {\n" * (n // 4),
    "nested regions": lambda n: deep_nesting(min(n // 4, 10_000)) if n // 4 <= 10_000 else deep_nesting(n // 4),
    "unclosed angles": lambda n: "func.func @f(%a: " + "vector<" * n + ") {\n}\n",
    "percent signs": lambda n: "%" * (n * 20) + "\n",
    "backslashes in string": lambda n: "%x = \"t.o\"() {s = \"" + "\\" * (n * 20) + "} : () -> ()\n",
    "unterminated strings": lambda n: "\"abc\n" * (n * 4),
    "many quotes": lambda n: "\"" * (n * 20) + "\n",
    "many attributes": lambda n: "%x = \"t.o\"() {" + ", ".join(f"a{i} = {i} : i32" for i in range(n)) + "} : () -> ()\n",
    "colons and arrows": lambda n: ": -> " * (n * 4) + "\n",
    "nvgpu op soup": lambda n: "func.func @f() {\n" + "  nvgpu.ldmatrix nvgpu.mma.sync( {\n" * (n // 2) + "}\n",
    "undefined uses": lambda n: "func.func @f() {\n" + "".join(f"  \"t.o\"(%v{i}) : (i32) -> ()\n" for i in range(n // 2)) + "}\n",
    "nul and cr": lambda n: "func.func @f() {\0\r" * n,
}


def _timed(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        check_document(Document(text), CheckOptions(target="sm_90a"))
        best = min(best, time.perf_counter() - started)
    return best


def probe(n: int = 2000, shapes: list[str] | None = None) -> list[tuple[str, float, bool]]:
    """(shape, t(4n)/t(n), within BOUND) for each shape."""
    found = []
    for name, make in SHAPES.items():
        if shapes is not None and name not in shapes:
            continue
        small, large = make(n), make(4 * n)
        t_small, t_large = _timed(small), _timed(large)
        # under ~10 ms, timer noise dominates: floor the small time so tiny inputs do not flake
        ratio = t_large / max(t_small, 0.01)
        found.append((name, ratio, ratio < BOUND))
    return found
