"""Single-token mutants of valid MLIR, judged by upstream: does nvgpu-ls reject what mlir-opt-22 rejects?

Seeds are the ``// -----`` sections of the project's own test kernels, of ``../shared/conformance``
and of ``../shared/realworld`` that both ``mlir-opt-22`` (parse and verify) and ``nvgpu-ls --check``
accept. Each mutant is one edit of one token of a seed: deleted, duplicated, swapped with its
neighbour, a punctuation mark changed into another, or one letter dropped from a name. Upstream
decides whether the mutant is valid; nvgpu-ls must report an error exactly when upstream does,
and its first error must sit on upstream's first error line; how many of those say it in upstream's
words is counted too.

``python -m fuzz.upstream_differential --mutants 2000 --seed 1`` prints the figures (and with
``--show N`` the first N disagreements); ``tests/test_upstream_differential.py`` runs a short
fixed-seed round.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from nvgpu_ls.analysis import tokens as tk
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.verify import check_document

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NVGPU_LS_SHARED", ROOT.parent / "shared"))
MLIR_OPT = "mlir-opt-22"
BATCH = 150
"""Mutants per ``mlir-opt-22 --split-input-file`` run."""
TIMEOUT_S = 120

BEYOND_UPSTREAM_PREFIXES = ("nvgpu.sm-gate", "nvgpu.ptx-gate", "nvvm.", "target.", "nvgpu.hazard.")
"""Codes of our documented checks beyond upstream: an error of these where upstream accepts is
counted apart from the false errors."""

_PUNCTUATION = ["(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "->", "*", "?", "+", "-"]
_ERROR_LINE = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.*)$")


@dataclass
class Seed:
    origin: str
    text: str


@dataclass
class Mutant:
    seed: Seed
    text: str
    edit: str
    upstream_line: int | None = None
    """Upstream's first error line (1-based, within the mutant), None when upstream accepts."""
    upstream_message: str = ""
    ours_line: int | None = None
    ours_message: str = ""
    ours_code: str = ""


@dataclass
class Tally:
    mutants: list[Mutant] = field(default_factory=list)

    @property
    def both_reject(self) -> list[Mutant]:
        return [m for m in self.mutants if m.upstream_line is not None and m.ours_line is not None]

    @property
    def missed(self) -> list[Mutant]:
        """Upstream rejects, we report no error."""
        return [m for m in self.mutants if m.upstream_line is not None and m.ours_line is None]

    @property
    def extra(self) -> list[Mutant]:
        """Upstream accepts, we report an error of upstream's kind."""
        return [m for m in self.mutants if m.upstream_line is None and m.ours_line is not None
                and not m.ours_code.startswith(BEYOND_UPSTREAM_PREFIXES)]

    @property
    def beyond(self) -> list[Mutant]:
        """Upstream accepts, we report an error from a documented check beyond upstream."""
        return [m for m in self.mutants if m.upstream_line is None and m.ours_line is not None
                and m.ours_code.startswith(BEYOND_UPSTREAM_PREFIXES)]

    @property
    def wrong_line(self) -> list[Mutant]:
        return [m for m in self.both_reject if m.ours_line != m.upstream_line]

    @property
    def other_words(self) -> list[Mutant]:
        """On upstream's line, in words other than upstream's."""
        return [m for m in self.both_reject if m.ours_line == m.upstream_line and m.ours_message != m.upstream_message]

    def verdict_agreement(self) -> float:
        agree = len(self.mutants) - len(self.missed) - len(self.extra)
        return agree / len(self.mutants) if self.mutants else 1.0

    def line_agreement(self) -> float:
        both = self.both_reject
        return (len(both) - len(self.wrong_line)) / len(both) if both else 1.0

    def word_agreement(self) -> float:
        on_line = len(self.both_reject) - len(self.wrong_line)
        return (on_line - len(self.other_words)) / on_line if on_line else 1.0

    def summary(self) -> str:
        return (f"{len(self.mutants)} mutants: upstream rejects "
                f"{sum(m.upstream_line is not None for m in self.mutants)}; verdicts agree "
                f"{self.verdict_agreement():.1%} (missed {len(self.missed)}, extra {len(self.extra)}, "
                f"beyond upstream {len(self.beyond)}); first error on upstream's line "
                f"{self.line_agreement():.1%} of {len(self.both_reject)} both reject, in upstream's words "
                f"{self.word_agreement():.1%} of those")


# ---------------------------------------------------------------- upstream
def mlir_opt() -> str | None:
    return shutil.which(MLIR_OPT)


def upstream_first_errors(texts: list[str], tool: str) -> list[tuple[int, str] | None]:
    """For each text, upstream's first error (line within the text, message), or None when it
    parses and verifies. Texts go through one ``--split-input-file`` run per batch; a batch whose
    run fails without a usable report is judged text by text."""
    verdicts: list[tuple[int, str] | None] = []
    for start in range(0, len(texts), BATCH):
        verdicts.extend(_judge_batch(texts[start:start + BATCH], tool))
    return verdicts


def _judge_batch(texts: list[str], tool: str) -> list[tuple[int, str] | None]:
    joined, starts = _join_sections(texts)
    completed = _run_tool(tool, joined, split=len(texts) > 1)
    if completed is None or completed.returncode not in (0, 1) or completed.returncode == 1 and \
            not _ERROR_LINE.search(completed.stderr.split("\n", 1)[0] if completed.stderr else ""):
        if len(texts) == 1:
            return [(1, "upstream crashed or hung") if completed is None or completed.returncode not in (0, 1)
                    else _first_error(completed.stderr, [1], 0)]
        half = len(texts) // 2
        return _judge_batch(texts[:half], tool) + _judge_batch(texts[half:], tool)
    found: list[tuple[int, str] | None] = [None] * len(texts)
    for line in completed.stderr.splitlines():
        match = _ERROR_LINE.match(line)
        if match is None:
            continue
        number = int(match.group("line"))
        index = _section_of(starts, number)
        if found[index] is None:
            found[index] = (number - starts[index] + 1, match.group("message"))
    return found


def _join_sections(texts: list[str]) -> tuple[str, list[int]]:
    """The texts as one split file, and the 1-based line each starts on."""
    parts: list[str] = []
    starts: list[int] = []
    line = 1
    for text in texts:
        if not text.endswith("\n"):
            text += "\n"
        starts.append(line)
        parts.append(text)
        line += text.count("\n")
        parts.append("// -----\n")
        line += 1
    return "".join(parts), starts


def _section_of(starts: list[int], line: int) -> int:
    index = 0
    for i, start in enumerate(starts):
        if start <= line:
            index = i
    return index


def _first_error(stderr: str, starts: list[int], index: int) -> tuple[int, str] | None:
    for line in stderr.splitlines():
        match = _ERROR_LINE.match(line)
        if match is not None:
            return int(match.group("line")) - starts[index] + 1, match.group("message")
    return None


def _run_tool(tool: str, text: str, split: bool) -> subprocess.CompletedProcess | None:
    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-diff-") as folder:
        path = Path(folder) / "input.mlir"
        path.write_text(text, encoding="utf-8")
        args = [tool, str(path), "-o", os.devnull]
        if split:
            args.append("--split-input-file")
        try:
            return subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT_S, errors="replace")
        except subprocess.TimeoutExpired:
            return None


# ---------------------------------------------------------------- ours
_PARSE_TIME = ("ssa.redefinition", "block.redefinition", "ssa.type-mismatch", "alias.undefined", "block.undefined")
"""Use-def errors upstream's parser reports while it reads (the rest come after it, from its
final check of forward references and from the verifier)."""


def our_first_error(text: str) -> tuple[int, str, str] | None:
    """nvgpu-ls's first error in ``text`` as upstream orders errors: (line, message, code), or None.

    Upstream stops at its first parse error, so ours is the first syntax error our parser met
    (``Document.syntax_in_parse_order``); without one, the earliest of the use-def errors found
    while reading, then of the undeclared values, then of any other error, by position."""
    doc = Document(text)
    errors = [d for d in check_document(doc) if d.severity == Severity.ERROR]
    if not errors:
        return None
    syntax = [d for d in doc.syntax_in_parse_order if d.severity == Severity.ERROR]
    if syntax:
        first = syntax[0]
    else:
        tiers = ([d for d in errors if d.code in _PARSE_TIME], [d for d in errors if d.code == "ssa.undefined"], errors)
        first = min(next(tier for tier in tiers if tier), key=lambda d: (d.start, d.end))
    return doc.position(first.start)[0] + 1, first.message, first.code


# ---------------------------------------------------------------- seeds and mutants
def seed_files() -> list[Path]:
    """The project's test kernels and the shared corpora (skipped where absent)."""
    found = sorted((ROOT / "tests" / "data").rglob("*.mlir"))
    for base in (SHARED / "conformance", SHARED / "realworld"):
        if base.is_dir():
            found.extend(sorted(base.rglob("*.mlir")))
    return found


def sections(text: str) -> list[str]:
    """The ``// -----`` sections of a file, each as a text of its own."""
    parts = re.split(r"(?m)^[ \t]*//[ \t]*-----[^\n]*\n?", text)
    return [part for part in parts if part.strip()]


def collect_seeds(tool: str, files: list[Path] | None = None) -> list[Seed]:
    """The sections both upstream and nvgpu-ls accept."""
    candidates: list[Seed] = []
    for path in files if files is not None else seed_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for number, part in enumerate(sections(text)):
            if len(part) <= 60_000:
                candidates.append(Seed(f"{_short(path)}#{number}", part))
    verdicts = upstream_first_errors([seed.text for seed in candidates], tool)
    return [seed for seed, verdict in zip(candidates, verdicts)
            if verdict is None and our_first_error(seed.text) is None]


def _short(path: Path) -> str:
    for base in (ROOT, SHARED):
        try:
            return str(path.relative_to(base))
        except ValueError:
            continue
    return str(path)


def mutate(seed: Seed, rng: random.Random) -> Mutant | None:
    """One single-token edit of ``seed``, or None when the seed has too few tokens."""
    text = seed.text
    tokens = [t for t in tk.tokenize(text) if t.kind not in (tk.EOF, tk.SPLIT)]
    if len(tokens) < 2:
        return None
    index = rng.randrange(len(tokens))
    token = tokens[index]
    kind = rng.choice(("delete", "duplicate", "swap", "punctuation", "letter"))
    if kind == "letter":
        letters = [i for i, c in enumerate(token.text) if c.isalpha()]
        if not letters or token.kind not in (tk.BARE, tk.HASH, tk.BANG, tk.AT, tk.CARET):
            kind = "punctuation"
        else:
            drop = token.start + rng.choice(letters)
            return Mutant(seed, text[:drop] + text[drop + 1:], f"drop '{text[drop]}' of '{token.text}'")
    if kind == "punctuation":
        punctuation = [i for i, t in enumerate(tokens) if t.kind in _PUNCTUATION]
        if not punctuation:
            return None
        token = tokens[rng.choice(punctuation)]
        other = rng.choice([p for p in _PUNCTUATION if p != token.kind])
        return Mutant(seed, text[:token.start] + other + text[token.end:], f"'{token.text}' -> '{other}'")
    if kind == "delete":
        return Mutant(seed, text[:token.start] + text[token.end:], f"delete '{token.text}'")
    if kind == "duplicate":
        return Mutant(seed, text[:token.end] + " " + token.text + text[token.end:], f"duplicate '{token.text}'")
    if index + 1 >= len(tokens):
        return None
    after = tokens[index + 1]
    swapped = text[:token.start] + after.text + text[token.end:after.start] + token.text + text[after.end:]
    return Mutant(seed, swapped, f"swap '{token.text}' and '{after.text}'")


def make_mutants(seeds: list[Seed], count: int, rng: random.Random) -> list[Mutant]:
    mutants: list[Mutant] = []
    while len(mutants) < count and seeds:
        mutant = mutate(rng.choice(seeds), rng)
        if mutant is not None and mutant.text != mutant.seed.text:
            mutants.append(mutant)
    return mutants


def run(count: int, seed: int, tool: str, files: list[Path] | None = None) -> tuple[list[Seed], Tally]:
    """Collect the seeds, make ``count`` mutants with ``random.Random(seed)`` and judge them."""
    seeds = collect_seeds(tool, files)
    mutants = make_mutants(seeds, count, random.Random(seed))
    for mutant, verdict in zip(mutants, upstream_first_errors([m.text for m in mutants], tool)):
        if verdict is not None:
            mutant.upstream_line, mutant.upstream_message = verdict
        ours = our_first_error(mutant.text)
        if ours is not None:
            mutant.ours_line, mutant.ours_message, mutant.ours_code = ours
    return seeds, Tally(mutants)


def describe(mutant: Mutant) -> str:
    line_no = mutant.upstream_line or mutant.ours_line or 1
    lines = mutant.text.splitlines()
    shown = lines[line_no - 1].strip() if 0 < line_no <= len(lines) else ""
    return (f"{mutant.seed.origin}: {mutant.edit}\n    line {line_no}: {shown[:160]}\n"
            f"    upstream: {mutant.upstream_line}: {mutant.upstream_message[:160]}\n"
            f"    ours:     {mutant.ours_line}: {mutant.ours_message[:160]} [{mutant.ours_code}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz.upstream_differential", description=__doc__)
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements of each kind")
    args = parser.parse_args(argv)
    tool = mlir_opt()
    if tool is None:
        print(f"{MLIR_OPT} not found (Debian package mlir-22-tools)", file=sys.stderr)
        return 2
    seeds, tally = run(args.mutants, args.seed, tool)
    print(f"{len(seeds)} seed sections")
    print(tally.summary())
    if args.show:
        for title, group in (("missed", tally.missed), ("extra", tally.extra), ("beyond upstream", tally.beyond),
                             ("wrong line", tally.wrong_line), ("other words", tally.other_words)):
            print(f"\n== {title} ({len(group)})")
            for mutant in group[:args.show]:
                print(describe(mutant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
