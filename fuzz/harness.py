"""The layers under fuzz and their invariants.

- parser: ``Document(text)`` and ``.diagnostics()`` raise nothing; every diagnostic range lies
  in the text; ``Document.update`` from a seed to its mutant gives the diagnostics of a fresh
  ``Document`` of the mutant.
- verify: ``check_document`` raises nothing, ranges lie in the text; an ``IncrementalCheck``
  carried across a chain of ``Document.update`` edits equals a fresh check after each edit.
- lowering: ``lower_document`` raises nothing and either gives text or error diagnostics (never
  a ``lowering.internal`` one); a sample of successes is given to upstream MLIR (the bindings,
  in a child process) at the end: where upstream parses the input, it must parse the output.

A crash is an exception escaping; a hang is one input over its time limit (interrupted with
SIGALRM, so a real infinite loop is caught too); anything else wrong is a violation.
"""

from __future__ import annotations

import random
import signal
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions, check_document
from nvgpu_ls.verify.incremental import IncrementalCheck

from fuzz.mutate import mutate

LAYERS = ("parser", "verify", "lowering")
TARGETS = (None, "sm_70", "sm_80", "sm_90", "sm_90a", "sm_100a")


class Hang(Exception):
    pass


def time_limit(text: str) -> float:
    """Seconds one input may take in one layer: generous (a loaded 2-core machine) and linear in size."""
    return 20.0 + len(text) / 50_000


def _alarm(signum, frame):  # noqa: ARG001
    raise Hang()


@dataclass
class Finding:
    layer: str
    kind: str  # crash | hang | violation
    what: str
    mutation: str
    text: str
    chain: tuple[str, ...] = ()
    """For the verify layer: every text the document went through, ``text`` last."""
    target: str | None = None


@dataclass
class LayerStats:
    tried: int = 0
    crashes: int = 0
    hangs: int = 0
    violations: int = 0
    lowered: int = 0
    upstream_checked: int = 0
    seconds: float = 0.0


@dataclass
class Run:
    seed: int
    save: Path | None = None
    stats: dict[str, LayerStats] = field(default_factory=lambda: {name: LayerStats() for name in LAYERS})
    findings: list[Finding] = field(default_factory=list)
    lowering_sample: list[tuple[str, str, str]] = field(default_factory=list)

    def record(self, finding: Finding) -> None:
        stats = self.stats[finding.layer]
        if finding.kind == "crash":
            stats.crashes += 1
        elif finding.kind == "hang":
            stats.hangs += 1
        else:
            stats.violations += 1
        self.findings.append(finding)
        if self.save is not None:
            self.save.mkdir(parents=True, exist_ok=True)
            n = len(self.findings)
            (self.save / f"{finding.layer}-{finding.kind}-{n}.mlir").write_text(
                finding.text, encoding="utf-8", errors="surrogatepass")
            (self.save / f"{finding.layer}-{finding.kind}-{n}.txt").write_text(
                f"{finding.mutation}\n{finding.what}\ntarget: {finding.target}\n", encoding="utf-8", errors="replace")
            for k, step in enumerate(finding.chain):  # replay: check_verify([edit-0, edit-1, ...], target)
                (self.save / f"{finding.layer}-{finding.kind}-{n}.edit-{k}.mlir").write_text(
                    step, encoding="utf-8", errors="surrogatepass")

    @property
    def failed(self) -> bool:
        return bool(self.findings)


def ranges_inside(diagnostics: list[Diagnostic], text: str) -> str:
    """'' when every range lies in ``text``, else what is wrong."""
    for d in diagnostics:
        if not (0 <= d.start <= d.end <= len(text)):
            return f"diagnostic {d.code} range {d.start}..{d.end} outside 0..{len(text)}"
        for r in d.related:
            start, end = getattr(r, "start", 0), getattr(r, "end", 0)
            if not (0 <= start <= end <= len(text)):
                return f"related range of {d.code} {start}..{end} outside 0..{len(text)}"
    return ""


def _key(diagnostics: list[Diagnostic]) -> list[tuple]:
    return [(d.start, d.end, d.code, d.message, d.severity) for d in diagnostics]


def check_parser(text: str, seed_text: str) -> str:
    doc = Document(text)
    fresh = doc.diagnostics()
    problem = ranges_inside(fresh, text)
    if problem:
        return problem
    updated = Document(seed_text)
    updated.diagnostics()
    updated.update(text)
    if updated.text != text:
        return "Document.update left a different text"
    if _key(updated.diagnostics()) != _key(fresh):
        return "Document.update diagnostics differ from a fresh Document's"
    return ""


def check_verify(chain: list[str], target: str | None) -> str:
    options = CheckOptions(target=target)
    doc = Document(chain[0])
    incremental = IncrementalCheck()
    for i, text in enumerate(chain):
        if i:
            doc.update(text)
        found = incremental.check(doc, options)
        fresh = check_document(Document(text), options)
        problem = ranges_inside(fresh, text)
        if problem:
            return problem
        if _key(found) != _key(fresh):
            return f"IncrementalCheck after edit {i} differs from a fresh check_document"
    return ""


def check_lowering(text: str, target: str | None, run: Run, rng: random.Random) -> str:
    options = LoweringOptions(check=CheckOptions(target=target), attach_targets=rng.random() < 0.5)
    result = lower_document(Document(text), "fuzz.mlir", options)
    problem = ranges_inside(result.diagnostics, text)
    if problem:
        return problem
    internal = [d for d in result.diagnostics if d.code == "lowering.internal"]
    if internal:
        return f"lowering.internal: {internal[0].message}"
    if result.text is None:
        if not any(d.severity == Severity.ERROR for d in result.diagnostics):
            return "the lowering gave no text and no error diagnostic"
        return ""
    if not isinstance(result.text, str):
        return "the lowering's text is not a str"
    run.stats["lowering"].lowered += 1
    if result.lowered_ops and len(run.lowering_sample) < 400 and len(text) < 200_000:
        run.lowering_sample.append((text, result.text, target or ""))
    return ""


def _guarded(run: Run, layer: str, mutation: str, text: str, limit: float, body,
             chain: tuple[str, ...] = (), target: str | None = None) -> None:
    stats = run.stats[layer]
    stats.tried += 1
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        problem = body()
    except Hang:
        run.record(Finding(layer, "hang", f"over {limit:.0f} s", mutation, text, chain, target))
        return
    except RecursionError:
        run.record(Finding(layer, "crash", traceback.format_exc(limit=-8), mutation, text, chain, target))
        return
    except Exception:  # noqa: BLE001 - every escaping exception is a finding
        run.record(Finding(layer, "crash", traceback.format_exc(limit=-8), mutation, text, chain, target))
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    if problem:
        run.record(Finding(layer, "violation", problem, mutation, text, chain, target))


def fuzz(layers: list[str], seconds: float, seed: int, corpus: list[str], save: Path | None = None,
         upstream_sample: int = 0, log=None) -> Run:
    """Fuzz ``layers`` round-robin for ``seconds`` in all; ``upstream_sample`` lowering successes
    are checked with upstream MLIR at the end (not counted in ``seconds``)."""
    run = Run(seed, save)
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    turn = 0
    last_log = time.monotonic()
    while time.monotonic() < deadline:
        layer = layers[turn % len(layers)]
        turn += 1
        seed_text = rng.choice(corpus)
        text, mutation = mutate(rng, seed_text, corpus)
        target = rng.choice(TARGETS)
        started = time.monotonic()
        if layer == "parser":
            _guarded(run, layer, mutation, text, time_limit(text), lambda: check_parser(text, seed_text))
        elif layer == "verify":
            chain = [seed_text, text]
            for _ in range(rng.randint(0, 3)):
                chain.append(mutate(rng, chain[-1], corpus, cheap=True)[0])
            limit = sum(time_limit(t) for t in chain)
            _guarded(run, layer, mutation, chain[-1], limit, lambda: check_verify(chain, target), tuple(chain), target)
        else:
            _guarded(run, layer, mutation, text, time_limit(text), lambda: check_lowering(text, target, run, rng))
        run.stats[layer].seconds += time.monotonic() - started
        if log is not None and time.monotonic() - last_log > 30:
            last_log = time.monotonic()
            log(summary(run))
    if upstream_sample and "lowering" in layers:
        check_upstream(run, rng, upstream_sample)
    return run


def check_upstream(run: Run, rng: random.Random, count: int) -> None:
    """Upstream parses the lowered text wherever it parses the input (a sample, in child processes)."""
    try:
        import torch_mlir  # noqa: F401
    except ImportError:
        return
    from tests.lowering_support import bindings

    sample = rng.sample(run.lowering_sample, len(run.lowering_sample))
    for source, lowered, target in sample[:4 * count]:  # many mutants are not valid upstream input
        if run.stats["lowering"].upstream_checked >= count:
            break
        try:
            before = bindings(source, timeout=120)
            if not before["ok"]:
                continue
            after = bindings(lowered, timeout=120)
        except Exception:  # noqa: BLE001 - a timeout of the child is a hang of upstream, not ours
            continue
        run.stats["lowering"].upstream_checked += 1
        if not after["ok"]:
            run.record(Finding("lowering", "violation",
                               f"upstream parses the input but not the lowering (target {target}): "
                               f"{after['error'][:1000]}", "upstream", source))


def summary(run: Run) -> str:
    lines = [f"seed {run.seed}"]
    for name, s in run.stats.items():
        if not s.tried:
            continue
        extra = f", lowered {s.lowered}, upstream-checked {s.upstream_checked}" if name == "lowering" else ""
        lines.append(f"  {name:9s} tried {s.tried:6d} in {s.seconds:6.1f} s: crashes {s.crashes}, "
                     f"hangs {s.hangs}, violations {s.violations}{extra}")
    for f in run.findings[:20]:
        lines.append(f"  {f.layer} {f.kind} [{f.mutation}] ({len(f.text)} chars): {f.what.strip()[-600:]}")
    return "\n".join(lines)
