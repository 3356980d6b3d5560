"""PTX preview: an nvgpu source to the PTX the real toolchain makes of it, mapped back to source lines.

``PreviewService.preview`` lowers a buffer (the builtin engine in this process, or upstream's
``convert-nvgpu-to-nvvm`` in the native worker), sends the lowered text through the rest of
the pipeline in one long-lived native worker (``lowering/native.py``: LLVM dialect, LLVM IR
with line locations, PTX from llvmlite's NVPTX back end), and, when asked, assembles each
gpu.module's PTX with ``ptxas -v`` for its chip. The PTX keeps ``.loc`` directives, so every
line after one is mapped to the source line and column it came from, and ptxas's
``line N`` messages become diagnostics on the source.

Before anything native runs, the input is checked: a file without a ``gpu.module``, a module
without a target or with one LLVM's NVPTX back end does not know, and an nvgpu op that did
not lower become ordinary diagnostics (code ``ptx.*``), not a worker crash. Whatever goes
wrong later is a diagnostic of the stage it happened in (``ptx.parse``,
``ptx.llvm-codegen``, ``ptx.ptxas``, ...); ``preview`` itself never raises.

Results are cached by (text, path, options): asking again for an unchanged buffer answers
at once, with ``cached`` set.
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Callable

from ..analysis.document import Document
from ..diagnostics import Diagnostic, Severity
from ..lowering.engine import Lowered, LoweringOptions, lower_document
from ..lowering.native import NativeWorker
from ..lowering.outlining import Outlined, has_launches, outline
from ..lowering.upstream_engine import CODE_NATIVE, lower_with_upstream
from ..target import format_ptx, module_targets
from .occupancy import Occupancy, chip_limits, describe, max_threads_per_block, occupancy
from .pipeline import (
    Problem, PtxModule, PtxasOutput, lowered_to_ptx, ptxas_messages, ptxas_output, same_file,
)
from .sass import SassKernel, disassemble

SOURCE = "nvgpu-ls.ptx"
ENGINES = ("builtin", "upstream")

NVPTX_CHIPS: frozenset[str] = frozenset(
    ["sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37", "sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62",
     "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a"]
    + [f"sm_{arch}{suffix}" for arch in (100, 101, 103, 110, 120, 121) for suffix in ("", "a", "f")])
"""The processors of llvmlite's LLVM (22) NVPTX back end (``-mcpu=help``). Given another,
NVPTX warns and compiles for its default chip, so such a target is refused before."""
NVPTX_PTX: frozenset[tuple[int, int]] = frozenset(
    [(3, 2), (4, 0), (4, 1), (4, 2), (4, 3), (5, 0), (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5),
     (7, 0), (7, 1), (7, 2), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7), (7, 8),
     (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7), (8, 8), (9, 0)])
"""The PTX ISA versions the same back end can emit (its ``+ptxNN`` features)."""

_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)")
_LOC_LINE = re.compile(r"^(\s*\.loc\s+)(\d+)\s+(\d+)", re.M)
_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"((?:[^"\\]|\\.)*)"')
_MLIR_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)\)|"((?:[^"\\]|\\.)*)":(\d+):(\d+)')
_NVGPU_OP = re.compile(r'^\s*(?:%[^=\n]*=\s*)?"?(nvgpu\.[\w.]+)', re.M)
_UNSTABLE = ("timed out", "crashed", "could not start", "exited (status", "native worker failed",
             "unreadable output")
"""A problem with these words is about that run of the worker, not the input: not cached."""


# ---------------------------------------------------------------------------- results
@dataclass(frozen=True)
class PreviewOptions:
    """What to preview with: the lowering's options (target fallback, debug info, O level),
    the lowering engine, whether ptxas validates, which ptxas, and the time each native
    request (and each ptxas run) may take."""

    lowering: LoweringOptions = field(default_factory=LoweringOptions)
    engine: str = "builtin"
    validate: bool = False
    ptxas_path: str | None = None
    timeout: float = 120.0
    sass: bool = False
    """Also disassemble each module's cubin (ptxas with line info, then nvdisasm): implies
    ``validate``."""


@dataclass(frozen=True)
class SourceMapping:
    ptx_line: int
    """0-based line in ``PtxPreview.ptx``."""
    source_line: int
    """0-based line in the .mlir source."""
    source_column: int
    """0-based column (characters); 0 where the location names none."""


@dataclass(frozen=True)
class KernelReport:
    """ptxas's resource usage for one kernel (None where it did not say), the block size the
    PTX declares (``.reqntid``/``.maxntid``), the largest block the kernel can be launched
    with, and the occupancy that follows on the module's chip."""

    name: str
    registers: int | None
    spill_stores: int | None
    spill_loads: int | None
    shared_bytes: int | None
    stack_bytes: int | None
    barriers: int | None = None
    constant_bytes: int | None = None
    block_threads: int | None = None
    """Threads per block the PTX fixes or bounds; None where it says nothing."""
    max_threads: int | None = None
    occupancy: Occupancy | None = None
    """At ``block_threads`` (128 where the PTX says nothing), no dynamic shared memory."""

    def summary(self) -> str:
        """``90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads (...)``."""
        spills = (self.spill_stores or 0) + (self.spill_loads or 0)
        parts = [f"{self.registers if self.registers is not None else '?'} regs",
                 f"{spills} spill bytes" if spills else "0 spills", f"{_bytes(self.shared_bytes or 0)} smem"]
        if self.stack_bytes:
            parts.append(f"{_bytes(self.stack_bytes)} stack")
        if self.occupancy is not None:
            parts.append(describe(self.occupancy) + ("" if self.block_threads else ", block size assumed"))
        return " · ".join(parts)

    def to_json(self) -> dict:
        found = self.occupancy
        return {"name": self.name, "registers": self.registers, "spillStores": self.spill_stores,
                "spillLoads": self.spill_loads, "sharedBytes": self.shared_bytes, "stackBytes": self.stack_bytes,
                "barriers": self.barriers, "constantBytes": self.constant_bytes, "blockThreads": self.block_threads,
                "maxThreadsPerBlock": self.max_threads,
                "occupancy": None if found is None else {
                    "blockThreads": found.block_threads, "blocksPerSM": found.blocks_per_sm,
                    "warpsPerSM": found.warps_per_sm, "maxWarpsPerSM": found.max_warps,
                    "fraction": round(found.fraction, 4), "limitedBy": found.limited_by,
                    "limits": dict(found.limits), "sharedPerSM": found.shared_config},
                "summary": self.summary()}


def _bytes(count: int) -> str:
    if count >= 1024 and count % 1024 == 0 or count >= 10 * 1024:
        return f"{count / 1024:.3g} KiB"
    return f"{count} B"


@dataclass
class PtxasReport:
    """ptxas's verdict on one gpu.module's PTX: its kernels, and its own lines."""

    module: str
    chip: str
    ok: bool
    kernels: list[KernelReport]
    messages: list[str]
    sass: list[SassKernel] = field(default_factory=list)
    """Each kernel's SASS (asked for with ``PreviewOptions.sass``), source lines as the
    preview's: 0-based lines of the file previewed."""


@dataclass
class PtxPreview:
    ptx: str | None
    """All gpu.modules' PTX, each preceded by ``// gpu.module @name: sm_XX (+ptxNN)``."""
    modules: list[PtxModule]
    mapping: list[SourceMapping]
    """Every PTX line that follows a ``.loc`` of the source, mapped to that source place."""
    ptxas: list[PtxasReport]
    """Empty unless validating."""
    diagnostics: list[Diagnostic]
    """The lowering's diagnostics as they are; pipeline and ptxas problems with code
    ``ptx.<stage>`` and source ``nvgpu-ls.ptx`` at the source op or line (the start of the
    file where none is known)."""
    cached: bool = False

    def sass_listing(self) -> tuple[str, list[SourceMapping]]:
        """Every kernel's SASS as one text (a header per kernel, one instruction per line with
        its offset) and each instruction line's source line."""
        lines: list[str] = []
        mapping: list[SourceMapping] = []
        for report in self.ptxas:
            for kernel in report.sass:
                if lines:
                    lines.append("")
                lines.append(f"// gpu.module @{report.module}: {report.chip}, kernel {kernel.name}: "
                             f"{len(kernel.instructions)} instructions")
                for instruction in kernel.instructions:
                    if instruction.source_line is not None:
                        mapping.append(SourceMapping(len(lines), instruction.source_line, 0))
                    lines.append(f"/*{instruction.offset:04x}*/  {instruction.text}")
        return "\n".join(lines) + ("\n" if lines else ""), mapping

    def sass_per_line(self) -> dict[int, int]:
        """How many SASS instructions each source line (0-based) became, over all kernels."""
        counts: dict[int, int] = {}
        for report in self.ptxas:
            for kernel in report.sass:
                for line, count in kernel.per_source_line().items():
                    counts[line] = counts.get(line, 0) + count
        return counts

    def to_json(self) -> dict:
        """The result as the editor request and ``--json`` give it (diagnostics apart)."""
        return {
            "ptx": self.ptx,
            "mapping": [[m.ptx_line, m.source_line, m.source_column] for m in self.mapping],
            "ptxasReport": self.ptxas_json(),
            "modules": [{"name": m.name, "chip": m.chip, "features": m.features, "optLevel": m.opt_level}
                        for m in self.modules],
            "cached": self.cached,
        }

    def ptxas_json(self) -> list[dict]:
        """ptxas's verdict per module, with each kernel's figures."""
        return [{"module": r.module, "chip": r.chip, "ok": r.ok, "kernels": [k.to_json() for k in r.kernels],
                 "messages": list(r.messages)} for r in self.ptxas]

    def sass_json(self) -> dict:
        """The SASS request's answer: the listing, its source mapping, the instruction count of
        each source line, and the kernels' resources."""
        text, mapping = self.sass_listing()
        return {"sass": text if any(r.sass for r in self.ptxas) else None,
                "mapping": [[m.ptx_line, m.source_line, m.source_column] for m in mapping],
                "instructionsPerLine": [[line, count] for line, count in sorted(self.sass_per_line().items())],
                "ptxasReport": self.ptxas_json(),
                "cached": self.cached}


# ---------------------------------------------------------------------------- the service
class PreviewService:
    """Keeps one long-lived native worker and a cache keyed by (text, path, options)."""

    def __init__(self, cache_size: int = 16) -> None:
        self.worker = NativeWorker()
        self._cache: OrderedDict[tuple[str, str, str], PtxPreview] = OrderedDict()
        self._cache_size = max(cache_size, 0)
        self._lock = threading.Lock()

    def preview(self, text: str, path: str, options: PreviewOptions | None = None,
                progress: Callable[[str], None] | None = None) -> PtxPreview:
        """The PTX preview of ``text`` (the buffer of ``path``); never raises."""
        options = options or PreviewOptions()
        report = _safe(progress)
        key = (text, path, repr(options))
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
        if hit is not None:
            report("cached")
            return replace(hit, modules=list(hit.modules), mapping=list(hit.mapping), ptxas=list(hit.ptxas),
                           diagnostics=list(hit.diagnostics), cached=True)
        try:
            result, stable = _Run(self.worker, text, path, options, report).run()
        except Exception as exc:  # a bug here must not take the server down with it
            return PtxPreview(None, [], [], [], [Diagnostic(0, 0, f"PTX preview failed: {type(exc).__name__}: {exc}",
                                                            "ptx.internal", Severity.ERROR, SOURCE)])
        if stable and self._cache_size:
            with self._lock:
                self._cache[key] = result
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return result

    @property
    def cached_previews(self) -> int:
        """How many previews the cache holds now (at most ``cache_size``)."""
        with self._lock:
            return len(self._cache)

    def forget_cached(self) -> None:
        """Empty the cache (nothing is open any more); the worker keeps running."""
        with self._lock:
            self._cache.clear()

    def close(self) -> None:
        """Stop the worker (killing it under a preview still running) and forget the cache."""
        self.worker.kill()
        self.worker.close()
        with self._lock:
            self._cache.clear()

    def __enter__(self) -> "PreviewService":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def preview_ptx(text: str, path: str, options: PreviewOptions | None = None) -> PtxPreview:
    """One preview with a service of its own (its worker stopped afterwards)."""
    with PreviewService(cache_size=0) as service:
        return service.preview(text, path, options)


def _safe(progress: Callable[[str], None] | None) -> Callable[[str], None]:
    def report(message: str) -> None:
        if progress is not None:
            try:
                progress(message)
            except Exception:  # a failing progress report must not stop the preview
                pass
    return report


# ---------------------------------------------------------------------------- one preview
class _Run:
    """The steps of one preview, sharing the document and what was found."""

    def __init__(self, worker: NativeWorker, text: str, path: str, options: PreviewOptions,
                 report: Callable[[str], None]) -> None:
        self.worker = worker
        self.text = text
        self.file_name = path or "<buffer>"
        self.options = options
        self.report = report
        self.doc = Document(text)
        self.diagnostics: list[Diagnostic] = []
        self.stable = True
        self.outlined: Outlined | None = None
        """Kernels written as ``gpu.launch``: the preview is made of the outlined text, and what it
        finds is placed back at the source."""
        if has_launches(self.doc):
            self.outlined = outline(self.doc)
            self.text = self.outlined.text
            self.doc = Document(self.text)

    def result(self, ptx: str | None = None, modules: list[PtxModule] | None = None,
               mapping: list[SourceMapping] | None = None,
               ptxas: list[PtxasReport] | None = None) -> tuple[PtxPreview, bool]:
        diagnostics = self.diagnostics
        if self.outlined is not None:
            outlined = self.outlined
            diagnostics = outlined.problem_diagnostics() + outlined.original_diagnostics(diagnostics)
            mapping = [replace(m, source_line=outlined.original_line(m.source_line)) for m in mapping or []]
            ptx = None if ptx is None else self.source_locs(ptx)
            modules = [replace(module, ptx=self.source_locs(module.ptx)) for module in modules or []]
            for report in ptxas or []:
                report.sass = [SassKernel(kernel.name, [replace(i, source_line=outlined.original_line(i.source_line))
                                                        if i.source_line is not None else i
                                                        for i in kernel.instructions]) for kernel in report.sass]
        return PtxPreview(ptx, modules or [], mapping or [], ptxas or [], diagnostics), self.stable

    def source_locs(self, ptx: str) -> str:
        """``ptx`` with the ``.loc`` lines of this file moved from the outlined text's lines to the
        source's (the columns stay)."""
        assert self.outlined is not None
        files = _source_files(ptx, self.file_name)
        outlined = self.outlined

        def moved(match: re.Match[str]) -> str:
            if int(match.group(2)) not in files or int(match.group(3)) <= 0:
                return match.group(0)
            return f"{match.group(1)}{match.group(2)} {outlined.original_line(int(match.group(3)) - 1) + 1}"

        return _LOC_LINE.sub(moved, ptx)

    def problem(self, code: str, message: str, span: tuple[int, int] | None = None,
                severity: Severity = Severity.ERROR) -> None:
        start, end = span or (0, 0)
        self.diagnostics.append(Diagnostic(start, end, message, code, severity, SOURCE))

    def run(self) -> tuple[PtxPreview, bool]:
        options = self.options
        if options.engine not in ENGINES:
            self.problem("ptx.options", f"unknown lowering engine '{options.engine}' (known: {', '.join(ENGINES)})")
            return self.result()
        if self.outlined is not None and self.outlined.problems:
            return self.result()
        if not self.check_input():
            return self.result()
        lowered = self.lower()
        if lowered is None:
            return self.result()
        if not self.check_lowered(lowered.text or ""):
            return self.result()
        self.report("compiling to PTX")
        compiled = lowered_to_ptx(lowered.text or "", options.timeout,
                                  worker=self.worker, debug_info=True,
                                  full_debug=options.lowering.debug_info, file_name=self.file_name,
                                  line_origins=lowered.line_origins, on_stage=self.on_stage)
        for problem in compiled.problems:
            self.pipeline_problem(problem)
        ptx, mapping, offsets = self.combine(compiled.modules)
        reports: list[PtxasReport] = []
        if options.validate or options.sass:
            for module in compiled.modules:
                reports.append(self.validate(module, offsets[module.name]))
        return self.result(ptx, compiled.modules, mapping, reports)

    # ------------------------------------------------------------------ before native code
    def check_input(self) -> bool:
        """False (with diagnostics) when the file cannot be compiled as it is: no gpu.module,
        or a module whose target is missing or unknown to LLVM's NVPTX back end."""
        modules = [op for op in self.doc.ops() if op.name == "gpu.module"]
        if not modules:
            self.problem("ptx.no-gpu-module", "no gpu.module in this file: PTX is made of the kernels of a "
                                              "gpu.module")
            return False
        check = self.options.lowering.check
        ok = True
        for op in modules:
            name = (op.symbol_name or "?").lstrip("@")
            span = (op.name_start, op.name_end)
            resolved = module_targets(self.doc, op, check.target, check.target_origin)
            if not resolved:
                self.problem("ptx.target", f"gpu.module @{name} has no target: give it an #nvvm.target<chip = ...> "
                                           "or set one (nvgpu-ls.toml, the target setting, --target)", span)
                ok = False
            for found in resolved:
                at = found.span or span
                if found.target is None:
                    self.problem("ptx.target", f"gpu.module @{name}: {found.error}", at)
                    ok = False
                elif found.target.chip not in NVPTX_CHIPS:
                    self.problem("ptx.target", f"gpu.module @{name}: LLVM's NVPTX back end (llvmlite) does not know "
                                               f"the chip '{found.target.chip}'", at)
                    ok = False
                elif found.target.ptx not in NVPTX_PTX:
                    self.problem("ptx.target", f"gpu.module @{name}: LLVM's NVPTX back end (llvmlite) cannot emit "
                                               f"PTX ISA {format_ptx(found.target.ptx)} (at most "
                                               f"{format_ptx(max(NVPTX_PTX))})", at)
                    ok = False
        return ok

    def lower(self) -> Lowered | None:
        options = self.options
        self.report(f"lowering ({options.engine})")
        if options.engine == "upstream":
            lowered = lower_with_upstream(self.text, self.file_name, options.lowering, options.timeout,
                                          worker=self.worker, on_stage=self.on_stage)
            if any(d.code == CODE_NATIVE and _unstable(d.message) for d in lowered.diagnostics):
                self.stable = False
        else:
            lowered = lower_document(self.doc, self.file_name, options.lowering)
        self.diagnostics += lowered.diagnostics
        return lowered if lowered.text is not None else None

    def check_lowered(self, lowered_text: str) -> bool:
        """False (with a diagnostic at each source op) when nvgpu ops are left after lowering:
        the rest of the pipeline cannot translate them."""
        left = set(_NVGPU_OP.findall(lowered_text))
        if not left:
            return True
        placed = False
        for op in self.doc.ops():
            if op.name in left:
                self.problem("ptx.not-lowered", f"'{op.name}' was not lowered ({self.options.engine} engine): "
                                                "no PTX can be made of it", (op.name_start, op.name_end))
                placed = True
        if not placed:
            self.problem("ptx.not-lowered", f"ops left unlowered: {', '.join(sorted(left))}")
        return False

    # ------------------------------------------------------------------ native results
    def on_stage(self, stage: str, where: dict) -> None:
        detail = f" @{where['module']}" if "module" in where else ""
        detail += f" (chunk {where['chunk']})" if "chunk" in where else ""
        self.report(f"{stage}{detail}")

    def pipeline_problem(self, problem: Problem) -> None:
        if _unstable(problem.message):
            self.stable = False
        where = f" (gpu.module @{problem.module})" if problem.module else ""
        message = f"PTX generation failed in stage '{problem.stage}'{where}: {problem.message}"
        self.problem(f"ptx.{problem.stage}", message, self.span_of_message(problem.message, problem.module))

    def span_of_message(self, message: str, module: str | None) -> tuple[int, int] | None:
        """The source place a pipeline message names (an MLIR location of this file), else
        the gpu.module it is about, else None (the start of the file)."""
        for match in _MLIR_LOC.finditer(message):
            name = match.group(1) if match.group(1) is not None else match.group(4)
            line = int(match.group(2) or match.group(5))
            column = int(match.group(3) or match.group(6))
            if same_file(name.replace('\\"', '"').replace("\\\\", "\\"), self.file_name) and line > 0:
                return self.line_span(line - 1, column)
        if module is not None:
            for op in self.doc.ops():
                if op.name == "gpu.module" and (op.symbol_name or "").lstrip("@") == module:
                    return op.name_start, op.name_end
        return None

    def line_span(self, line: int, byte_column: int) -> tuple[int, int]:
        """From a 1-based byte column of a 0-based source line to the end of that line."""
        lines = self.doc.lines
        if line >= lines.line_count:
            return len(self.text), len(self.text)
        start = lines.offset(line, max(byte_column - 1, 0), "utf-8")
        end = lines.offset(line, 0) + len(lines.line_text(line).rstrip())
        return start, max(start, end)

    def combine(self, modules: list[PtxModule]) -> tuple[str | None, list[SourceMapping], dict[str, int]]:
        """The modules' PTX as one text, its source mapping, and where each module's PTX starts."""
        if not modules:
            return None, [], {}
        parts: list[str] = []
        mapping: list[SourceMapping] = []
        offsets: dict[str, int] = {}
        line = 0
        for module in modules:
            if parts:
                parts.append("\n")
                line += 1
            features = f" ({module.features})" if module.features else ""
            parts.append(f"// gpu.module @{module.name}: {module.chip}{features}, O{module.opt_level}\n")
            line += 1
            offsets[module.name] = line
            body = module.ptx if module.ptx.endswith("\n") else module.ptx + "\n"
            parts.append(body)
            for ptx_line, (source_line, column) in sorted(ptx_source_lines(body, self.file_name).items()):
                mapping.append(SourceMapping(line + ptx_line, source_line, self.char_column(source_line, column)))
            line += body.count("\n")
        return "".join(parts), mapping, offsets

    def char_column(self, line: int, byte_column: int) -> int:
        if byte_column <= 1 or line >= self.doc.lines.line_count:
            return 0
        raw = self.doc.lines.line_text(line).encode("utf-8")[:byte_column - 1]
        return len(raw.decode("utf-8", "ignore"))

    # ------------------------------------------------------------------ ptxas
    def validate(self, module: PtxModule, offset: int) -> PtxasReport:
        self.report(f"ptxas @{module.name} ({module.chip})")
        sass = self.options.sass
        done = ptxas_output(module.ptx, module.chip, self.options.ptxas_path, self.options.timeout, verbose=True,
                            line_info=sass, keep_cubin=sass)
        if isinstance(done, Problem):
            self.stable = self.stable and "timed out" not in done.message
            self.problem("ptx.ptxas", f"gpu.module @{module.name}: {done.message}",
                         self.span_of_message("", module.name))
            return PtxasReport(module.name, module.chip, False, [], [done.message])
        lines = ptxas_source_lines(module.ptx, self.file_name)
        errors = False
        for message in ptxas_messages(done.text):
            if message.line is None and "aborted due to errors" in message.message:
                continue  # ptxas's closing line after the errors it named
            severity = Severity.ERROR if message.severity == "error" else Severity.WARNING
            errors = errors or severity == Severity.ERROR
            span = None
            where = ""
            if message.line is not None:
                where = f" (PTX line {offset + message.line})"
                origin = lines.get(message.line - 1)
                if origin is not None:
                    span = self.line_span(origin[0], origin[1])
            if span is None:
                span = self.span_of_message("", module.name)
            self.problem("ptx.ptxas", f"ptxas ({module.chip}): {message.message}{where}", span, severity)
        ok = done.returncode == 0 and not errors
        if done.returncode != 0 and not errors:
            self.problem("ptx.ptxas", f"ptxas failed (exit status {done.returncode}) for gpu.module @{module.name}",
                         self.span_of_message("", module.name))
        kept = [line.rstrip() for line in done.text.splitlines() if line.strip()]
        report = PtxasReport(module.name, module.chip, ok, kernel_reports(done, module.ptx, module.chip), kept)
        if sass and ok and done.cubin is not None:
            self.report(f"nvdisasm @{module.name}")
            listing = disassemble(done.cubin, self.file_name, timeout=self.options.timeout)
            if isinstance(listing, Problem):
                self.stable = self.stable and "timed out" not in listing.message
                self.problem("ptx.sass", f"gpu.module @{module.name}: {listing.message}",
                             self.span_of_message("", module.name))
            else:
                report.sass = listing
        return report


def _unstable(message: str) -> bool:
    return any(word in message for word in _UNSTABLE)


# ---------------------------------------------------------------------------- PTX text
def ptx_source_lines(ptx: str, file_name: str) -> dict[int, tuple[int, int]]:
    """0-based PTX line → (0-based source line, 1-based byte column) for every line after a
    ``.loc`` of ``file_name`` (up to the next ``.loc``, or the end of the function)."""
    files = _source_files(ptx, file_name)
    found: dict[int, tuple[int, int]] = {}
    current: tuple[int, int] | None = None
    for index, line in enumerate(ptx.splitlines()):
        loc = _LOC.match(line)
        if loc:
            number = int(loc.group(2))
            current = (number - 1, int(loc.group(3))) if int(loc.group(1)) in files and number > 0 else None
            continue
        if current is not None and line.strip():
            found[index] = current
        if line.startswith("}"):
            current = None
    return found


def ptxas_source_lines(ptx: str, file_name: str) -> dict[int, tuple[int, int]]:
    """Like ``ptx_source_lines``, and a ``.loc`` line itself maps to the place it names (ptxas
    may point at any line)."""
    files = _source_files(ptx, file_name)
    found = ptx_source_lines(ptx, file_name)
    for index, line in enumerate(ptx.splitlines()):
        loc = _LOC.match(line)
        if loc and int(loc.group(1)) in files and int(loc.group(2)) > 0:
            found[index] = (int(loc.group(2)) - 1, int(loc.group(3)))
    return found


def _source_files(ptx: str, file_name: str) -> set[int]:
    """The ``.file`` numbers naming ``file_name`` (by path; by base name where no path matches)."""
    entries: dict[int, str] = {}
    for line in ptx.splitlines():
        match = _FILE.match(line)
        if match:
            entries[int(match.group(1))] = _unescape(match.group(2))
    exact = {number for number, name in entries.items() if same_file(name, file_name)}
    if exact:
        return exact
    base = os.path.basename(file_name)
    return {number for number, name in entries.items() if os.path.basename(name) == base}


def _unescape(name: str) -> str:
    """A ``.file`` name as LLVM escaped it (``\\"``, ``\\\\``, ``\\n``, octal ``\\042``), unescaped. The
    octal escapes are bytes of the name's UTF-8 (``Jos\\303\\251``: ``José``)."""
    simple = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t", "r": b"\r"}
    out = bytearray()
    pos = 0
    for match in re.finditer(r"\\([0-7]{1,3}|.)", name):
        out += name[pos:match.start()].encode("utf-8", errors="surrogateescape")
        text = match.group(1)
        if text[0] in "01234567":
            out.append(int(text, 8) & 0xFF)
        else:
            out += simple.get(text, ("\\" + text).encode("utf-8", errors="surrogateescape"))
        pos = match.end()
    out += name[pos:].encode("utf-8", errors="surrogateescape")
    return out.decode("utf-8", errors="replace")


_COMPILING = re.compile(r"Compiling entry function '([^']+)'")
_PROPERTIES = re.compile(r"Function properties for (\S+)")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")


_BARRIERS = re.compile(r"used (\d+) barriers")
_CMEM = re.compile(r"(\d+) bytes cmem\[0\]")
_ENTRY = re.compile(r"\.entry\s+([\w$.]+)\s*\(")
_BLOCK_DIRECTIVE = re.compile(r"\.(reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?")
ASSUMED_BLOCK = 128
"""Threads per block the occupancy is given for where the PTX fixes none."""


def declared_block_sizes(ptx: str) -> dict[str, tuple[int, bool]]:
    """Per entry function, the threads per block its ``.reqntid`` (exact) or ``.maxntid`` (a
    bound) gives: (threads, exact)."""
    found: dict[str, tuple[int, bool]] = {}
    entries = list(_ENTRY.finditer(ptx))
    for index, entry in enumerate(entries):
        body_start = ptx.find(")", entry.end())
        brace = ptx.find("{", body_start)
        header = ptx[body_start:brace if brace >= 0 else len(ptx)]
        if index + 1 < len(entries):
            header = header[:max(0, entries[index + 1].start() - body_start)]
        match = _BLOCK_DIRECTIVE.search(header)
        if match:
            threads = 1
            for value in match.groups()[1:]:
                threads *= int(value) if value else 1
            found[entry.group(1)] = (threads, match.group(1) == "reqntid")
    return found


def kernel_reports(output: PtxasOutput, ptx: str = "", chip: str = "") -> list[KernelReport]:
    """Each entry function's resources, as ``ptxas -v`` reports them, with the block size
    ``ptx`` declares and the occupancy on ``chip``."""
    reports: dict[str, dict[str, int | None]] = {}
    current: str | None = None
    properties_of: str | None = None
    for line in output.text.splitlines():
        match = _COMPILING.search(line)
        if match:
            current = match.group(1)
            reports.setdefault(current, {})
            continue
        match = _PROPERTIES.search(line)
        if match:
            properties_of = match.group(1)
            continue
        match = _FRAME.search(line)
        if match and properties_of in reports:
            entry = reports[properties_of]
            entry["stack"], entry["spill_stores"], entry["spill_loads"] = (int(g) for g in match.groups())
            continue
        match = _USED.search(line)
        if match and current is not None:
            reports[current]["registers"] = int(match.group(1))
            smem = _SMEM.search(line)
            reports[current]["shared"] = int(smem.group(1)) if smem else 0
            barriers = _BARRIERS.search(line)
            reports[current]["barriers"] = int(barriers.group(1)) if barriers else 0
            cmem = _CMEM.search(line)
            reports[current]["constant"] = int(cmem.group(1)) if cmem else None
    declared = declared_block_sizes(ptx)
    limits = chip_limits(chip) if chip else None
    found = []
    for name, r in reports.items():
        block = declared.get(name)
        registers, shared = r.get("registers"), r.get("shared")
        max_threads = result = None
        if limits is not None and registers is not None:
            max_threads = max_threads_per_block(limits, registers, block[0] if block else None)
            threads = block[0] if block else min(ASSUMED_BLOCK, max_threads) or ASSUMED_BLOCK
            result = occupancy(chip, registers, shared or 0, threads, limits=limits)
        found.append(KernelReport(name, registers, r.get("spill_stores"), r.get("spill_loads"), shared,
                                  r.get("stack"), r.get("barriers"), r.get("constant"),
                                  block[0] if block else None, max_threads, result))
    return found
