"""Both lowering engines over one text, through the same rest of the pipeline, compared.

A ``Case`` is a text with gpu.modules. ``compare_case`` lowers it with the builtin engine
(``lowering.engine.lower_document``) and with upstream's ``convert-nvgpu-to-nvvm``
(``lowering.upstream_engine.lower_with_upstream``), compiles both to PTX
(``pipeline.lowered_to_ptx``) and compares the instruction streams
(``compare.instruction_stream``) of every function.

Upstream's conversion tests hold top-level ``func.func``s, not kernels: ``function_cases``
wraps each function that uses an nvgpu op in a ``gpu.module`` of its own with
``#nvvm.target<chip = "sm_90a", features = "+ptx80">`` (the type and attribute aliases and
the ``memref.global``s it names copied along), so that it goes through the same pipeline:
``convert-gpu-to-nvvm`` turns a ``func.func`` inside a gpu.module into an ``llvm.func`` and
NVPTX emits it as a ``.func``.
"""

from __future__ import annotations

import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from ..analysis.document import Document
from ..diagnostics import Severity
from ..lowering.engine import LoweringOptions, lower_document
from ..lowering.native import NativeWorker
from ..lowering.upstream_engine import lower_with_upstream
from ..check_options import CheckOptions
from ..verify import check_document
from ..chunks import split_chunks
from .compare import instruction_stream
from .pipeline import PtxResult, lowered_to_ptx

ENGINES = ("builtin", "upstream")
CONFORMANCE_TARGET = '#nvvm.target<chip = "sm_90a", features = "+ptx80">'
FALLBACK_TARGETS = ('#nvvm.target<chip = "sm_90a", features = "+ptx87">',
                    '#nvvm.target<chip = "sm_100a", features = "+ptx88">')
"""Tried in order when our checker says a function needs a newer chip or PTX ISA than
``CONFORMANCE_TARGET`` (its ``nvgpu.sm-gate`` / ``nvgpu.ptx-gate`` errors)."""


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    path: str = ""
    target: str = ""
    """The target where the text names none (``sm_80``): what the file's RUN lines compile for."""


@dataclass
class CaseResult:
    """``failures[engine]``: why that engine's lowering or compilation failed (absent: it
    worked); ``functions``: per function compiled by both, whether the streams are equal."""

    case: Case
    failures: dict[str, str] = field(default_factory=dict)
    functions: dict[str, bool] = field(default_factory=dict)
    ptx: dict[str, PtxResult] = field(default_factory=dict)
    lowered: dict[str, str] = field(default_factory=dict)

    @property
    def verdict(self) -> str:
        if self.failures:
            return "failed"
        return "identical" if self.functions and all(self.functions.values()) else "differing"

    def differing(self) -> list[str]:
        return [name for name, same in self.functions.items() if not same]


def _problems(diagnostics: Iterable) -> str:
    errors = [d for d in diagnostics if d.severity == Severity.ERROR]
    return "; ".join(f"{d.code}: {d.message}" for d in errors[:3]) or "no text"


def lower_both(case: Case, options: LoweringOptions | None = None,
               worker: NativeWorker | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """Each engine's lowered text, and each failing engine's reason."""
    options = options or LoweringOptions()
    texts: dict[str, str] = {}
    failures: dict[str, str] = {}
    builtin = lower_document(Document(case.text), case.path, options)
    upstream = lower_with_upstream(case.text, case.path, options, worker=worker)
    for engine, lowered in zip(ENGINES, (builtin, upstream)):
        if lowered.text is None:
            failures[engine] = "lowering: " + _problems(lowered.diagnostics)
        else:
            texts[engine] = lowered.text
    return texts, failures


def compare_case(case: Case, options: LoweringOptions | None = None,
                 worker: NativeWorker | None = None) -> CaseResult:
    """Lower ``case`` with both engines, compile both, compare (see the module docstring);
    native work in ``worker`` (a long-lived one), else in a worker per step."""
    result = CaseResult(case)
    if options is None and case.target:
        options = LoweringOptions(check=CheckOptions(target=case.target))
    result.lowered, result.failures = lower_both(case, options, worker)
    for engine, text in result.lowered.items():
        ptx = lowered_to_ptx(text, worker=worker)
        result.ptx[engine] = ptx
        if ptx.problems:
            result.failures[engine] = "; ".join(str(p) for p in ptx.problems[:3])
    if result.failures:
        return result
    ours, theirs = result.ptx["builtin"], result.ptx["upstream"]
    for module in ours.modules:
        other = theirs.module(module.name)
        mine_streams = by_function(module.ptx)
        their_streams = by_function(other.ptx) if other is not None else {}
        for name in sorted(set(mine_streams) | set(their_streams)):
            result.functions[f"{module.name}::{name}"] = mine_streams.get(name) == their_streams.get(name)
    if not result.functions:
        result.failures["compare"] = "no function bodies in either engine's PTX"
    return result


def by_function(ptx: str) -> dict[str, list[str]]:
    """Each function's ``compare.instruction_stream``, by name (its ``.entry``/``.func`` line first)."""
    streams: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in instruction_stream(ptx):
        if line.startswith((".entry ", ".func ")) and " " not in line.split(" ", 1)[1]:
            current = streams.setdefault(line.split(" ", 1)[1], [])
        if current is not None:
            current.append(line)
    return streams


def compare_cases(cases: list[Case], workers: int = 8) -> list[CaseResult]:
    """``compare_case`` over ``cases``, several at a time, each thread with its own long-lived
    native worker."""
    local = threading.local()
    started: list[NativeWorker] = []
    lock = threading.Lock()

    def compare(case: Case) -> CaseResult:
        if not hasattr(local, "worker"):
            local.worker = NativeWorker()
            with lock:
                started.append(local.worker)
        return compare_case(case, worker=local.worker)

    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(compare, cases))
    finally:
        for worker in started:
            worker.close()


# ---------------------------------------------------------------------------- cases
def kernel_cases(folder: Path) -> list[Case]:
    """One case per kernel file ``folder/*.mlir``."""
    return [Case(path.stem, path.read_text(encoding="utf-8"), str(path)) for path in sorted(folder.glob("*.mlir"))]


_TRANSFORM_SCRIPT = re.compile(r"^\s*(?:%[\w#:, %]*=\s*)?transform\.", re.M)
"""A file whose kernel a transform script makes first (its RUN line runs the interpreter)."""


def _readable_realworld(realworld: Path) -> Iterable[tuple[Path, dict, str]]:
    """The files under ``realworld`` that ``mlir-opt-22`` reads (their ``truth.json`` says so),
    with their entries and text; none where the folder is absent."""
    truth_file = realworld / "truth.json"
    if not truth_file.exists():
        return
    for relative, entry in sorted(json.loads(truth_file.read_text())["files"].items()):
        path = realworld / relative
        if entry.get("mlir_opt_22", {}).get("ok") and path.exists():
            yield path, entry, path.read_text(encoding="utf-8")


def realworld_launch_files(realworld: Path) -> list[tuple[Path, dict]]:
    """The files under ``realworld`` (``../shared/realworld``) that ``mlir-opt-22`` reads and that
    hold a ``gpu.launch``, with their ``truth.json`` entries; none where the folder is absent."""
    return [(path, entry) for path, entry, text in _readable_realworld(realworld) if "gpu.launch " in text]


def realworld_kernel_files(realworld: Path) -> list[tuple[Path, str]]:
    """The files under ``realworld`` whose kernels upstream compiles as they are written:
    ``mlir-opt-22`` reads them, their RUN lines name a target, they hold a ``gpu.module`` or a
    ``gpu.launch`` and no transform script makes the kernel first; each with that target
    (``sm_80+ptx71`` where the RUN lines name features too)."""
    found = []
    for path, entry, text in _readable_realworld(realworld):
        if entry.get("target") and ("gpu.module " in text or "gpu.launch " in text) \
                and not _TRANSFORM_SCRIPT.search(text):
            features = entry.get("features") or ""
            found.append((path, entry["target"] + (features if features.startswith("+") else "")))
    return found


def launch_cases(realworld: Path) -> list[Case]:
    """One case per real-world launch kernel upstream compiles as it is written (a target named
    by its RUN lines, no transform script to run first): outlined by both engines."""
    return [Case(path.stem, path.read_text(encoding="utf-8"), str(path), entry["target"])
            for path, entry in realworld_launch_files(realworld)
            if entry.get("target") and not _TRANSFORM_SCRIPT.search(path.read_text(encoding="utf-8"))]


_ALIAS_LINE = re.compile(r"^[!#][\w$.-]+\s*=.*$", re.M)
_SYMBOL_USE = re.compile(r"@([\w$.-]+)")


def function_cases(path: Path, target: str = CONFORMANCE_TARGET) -> list[Case]:
    """One case per top-level ``func.func`` of ``path`` (each ``// -----`` chunk on its own,
    functions in a top-level ``module`` included) that uses an nvgpu op, wrapped as the
    module docstring says. Functions our parser cannot read are left out."""
    text = path.read_text(encoding="utf-8")
    cases = []
    for offset, chunk in split_chunks(text):
        doc = Document(chunk)
        aliases = "\n".join(m.group() for m in _ALIAS_LINE.finditer(chunk))
        globals_ = {}
        functions = []
        for op in doc.ops():
            parent = op.parent_op()
            top = parent is None or (parent.name == "builtin.module" and parent.parent_op() is None)
            if not top:
                continue
            if op.name == "memref.global":
                found = _SYMBOL_USE.search(chunk, op.start, op.end)
                if found:
                    globals_[found.group(1)] = chunk[op.start:op.end]
            elif op.name == "func.func":
                functions.append(op)
        for op in functions:
            body = chunk[op.start:op.end]
            if not any(inner.dialect == "nvgpu" for inner in _nested_ops(op)):
                continue
            symbol = _SYMBOL_USE.search(body)
            assert symbol is not None  # a func.func the parser read has its @name
            name = symbol.group(1)
            used = [globals_[s] for s in dict.fromkeys(_SYMBOL_USE.findall(body)) if s in globals_]
            inside = "\n".join(["  " + g for g in used] + [body])
            wrapped = _wrap(aliases, inside, target)
            line = text.count("\n", 0, offset + op.start) + 1
            cases.append(Case(f"{path.name}:{line}:@{name}", wrapped, f"{path.name}:{line}"))
    return cases


def _wrap(aliases: str, inside: str, target: str) -> str:
    """The function in a gpu.module with ``target``, or with the first fallback target our
    checker finds no chip/PTX gate error for, when ``target`` is the default and has one."""
    def text(with_target: str) -> str:
        return f"{aliases}\ngpu.module @conformance [{with_target}] {{\n{inside}\n}}\n"
    if target != CONFORMANCE_TARGET:
        return text(target)
    for candidate in (target, *FALLBACK_TARGETS):
        gated = [d for d in check_document(Document(text(candidate)), CheckOptions())
                 if d.severity == Severity.ERROR and d.code in ("nvgpu.sm-gate", "nvgpu.ptx-gate")]
        if not gated:
            return text(candidate)
    return text(target)


def _nested_ops(op) -> Iterable:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                yield inner
                yield from _nested_ops(inner)


def table(results: list[CaseResult]) -> str:
    """cases / identical / differing / failed (by engine) as a Markdown table."""
    rows: dict[str, dict[str, int]] = {}
    for result in results:
        if result.case.target:
            group = "real-world gpu.launch kernels (outlined)"
        elif ":" in result.case.path:
            group = result.case.path.split(":")[0].rsplit("/", 1)[-1]
        else:
            group = "kernel files"
        row = rows.setdefault(group, {"cases": 0, "identical": 0, "differing": 0, "builtin": 0, "upstream": 0})
        row["cases"] += 1
        if result.failures:
            for engine in result.failures:
                row[engine] += 1
        else:
            row[result.verdict] += 1
    total = {key: sum(row[key] for row in rows.values()) for key in ("cases", "identical", "differing",
                                                                   "builtin", "upstream")}
    lines = ["| source | cases | identical | differing | failed (builtin) | failed (upstream) |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, row in [*rows.items(), ("total", total)]:
        lines.append(f"| {name} | {row['cases']} | {row['identical']} | {row['differing']} | {row['builtin']} "
                     f"| {row['upstream']} |")
    compared = total["identical"] + total["differing"]
    if compared:
        lines.append(f"\nIdentical: {total['identical']} of {compared} cases compiled by both engines "
                     f"({100 * total['identical'] / compared:.0f}%).")
    return "\n".join(lines)
