"""Thousands of damaged versions of real files: the parser never raises, hangs, or points outside the buffer."""

from __future__ import annotations

import random
import time

from nvgpu_ls.analysis.document import Document

from .conftest import DATA, conformance_files

MUTANTS = 3000
SLOWEST_ALLOWED_S = 5.0
"""A hang guard, not a speed goal: a mutant of at most 120 lines parses in milliseconds."""

JUNK = ["\x00", "\ufffd", "\r", "\r\n", "{", "}", "(", ")", "<", ">", "[", "]", '"', "%", "^", "@", "#", "!",
        ":", ",", "=", "->", "// -----\n", "\n", "loc(", "%0 = ", "nvgpu.", "memref<", "!nvgpu.mbarrier.group<",
        "9" * 400, "a" * 2000, "\U0001F680", "\\", "{-#", "#-}", "...", "x" * 3]


def seeds() -> list[str]:
    texts = [p.read_text() for p in sorted(DATA.rglob("*.mlir"))]
    texts += [p.read_text() for p in conformance_files()]
    return [t for t in texts if t.strip()]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    if len(lines) > 120:
        start = rng.randrange(len(lines) - 120)
        lines = lines[start:start + 120]
    text = "".join(lines)
    for _ in range(rng.choice((1, 1, 2, 3, 6))):
        kind = rng.randrange(7)
        pos = rng.randrange(len(text) + 1)
        if kind == 0:  # delete a span
            text = text[:pos] + text[pos + rng.randrange(1, 40):]
        elif kind == 1:  # insert junk
            text = text[:pos] + rng.choice(JUNK) + text[pos:]
        elif kind == 2:  # truncate
            text = text[:pos]
        elif kind == 3:  # duplicate a span somewhere else
            span = text[pos:pos + rng.randrange(1, 80)]
            where = rng.randrange(len(text) + 1)
            text = text[:where] + span + text[where:]
        elif kind == 4:  # swap two lines
            parts = text.splitlines(keepends=True)
            if len(parts) > 2:
                i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
                parts[i], parts[j] = parts[j], parts[i]
                text = "".join(parts)
        elif kind == 5:  # replace one character
            if text:
                i = rng.randrange(len(text))
                text = text[:i] + chr(rng.randrange(1, 0x2FF)) + text[i + 1:]
        else:  # splice a line from elsewhere
            parts = text.splitlines(keepends=True)
            if parts:
                text = text[:pos] + rng.choice(parts) + text[pos:]
    return text


def test_damaged_files_never_break_the_parser():
    rng = random.Random(0x5EED)
    pool = seeds()
    slowest = 0.0
    for _ in range(MUTANTS):
        text = mutate(rng.choice(pool), rng)
        started = time.perf_counter()
        doc = Document(text)
        diagnostics = doc.diagnostics()
        elapsed = time.perf_counter() - started
        slowest = max(slowest, elapsed)
        assert elapsed < SLOWEST_ALLOWED_S, f"parse took {elapsed:.1f}s on {text[:200]!r}"
        for diag in diagnostics:
            assert 0 <= diag.start <= diag.end <= len(text), (diag, text[:200])
        for op in doc.ops():
            assert 0 <= op.start <= op.end <= len(text)
            for use in op.operands:
                assert text[use.start:use.end] == use.name


def test_damaged_edits_keep_incremental_and_full_analysis_equal():
    rng = random.Random(0xED17)
    pool = seeds()
    for _ in range(150):
        original = mutate(rng.choice(pool), rng)
        doc = Document(original)
        edited = mutate(original, rng) if rng.random() < 0.3 else _small_edit(original, rng)
        doc.update(edited)
        fresh = Document(edited)
        assert [(d.start, d.end, d.message) for d in doc.diagnostics()] == \
            [(d.start, d.end, d.message) for d in fresh.diagnostics()]
        assert [(o.name, o.start, o.end) for o in doc.ops()] == [(o.name, o.start, o.end) for o in fresh.ops()]


def _small_edit(text: str, rng: random.Random) -> str:
    pos = rng.randrange(len(text) + 1)
    return text[:pos] + rng.choice(["x", " ", "1", "%", ""]) + text[pos + rng.choice((0, 1)):]
