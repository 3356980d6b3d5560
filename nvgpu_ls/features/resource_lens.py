"""Code lenses with each kernel's resources and occupancy, above its ``gpu.func`` or ``gpu.launch``.

``90 regs · 0 spills · 25 KiB smem · 5 blocks/SM of 128 threads (31% of warps, limited by
registers)``: what ``ptxas -v`` says of the kernel on its module's chip and the occupancy that
follows (``ptx/occupancy.py``). Clicking the lens previews the kernel's SASS. The same
compilation disassembles the kernels, and hovering an op says how many SASS instructions its
line became (while the figures are those of the text shown).

Finding the figures takes the PTX pipeline and ptxas, about a second, so the lenses never wait
for it: ``ResourceLenses`` keeps, per document, the kernels' reports of the last text that
was compiled, and the server compiles the newest text in the background (debounced, on the
preview thread) and asks the client to refresh its lenses when the figures arrive. A lens
shows the last figures found for its kernel, found by name in the current text, so edits move
the lenses with their kernels until the new figures replace them. A file with errors, no
kernel or no ptxas gets no lenses.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..diagnostics import Severity
from ..lowering.outlining import has_launches, outline
from .commands import PREVIEW_SASS_COMMAND
from .context import FeatureContext

if TYPE_CHECKING:
    from ..ptx.preview import KernelReport, PtxPreview

RESOURCE_DEBOUNCE = 0.6
"""Seconds the text must rest before it is compiled for its lenses."""


@dataclass(frozen=True)
class KernelAnchor:
    """Where a kernel's lens goes: the kernel's module and name as the PTX has them, and the
    source span of the op that makes it (``gpu.func`` or ``gpu.launch``)."""

    module: str
    name: str
    start: int
    end: int


def kernel_anchors(doc: Document) -> list[KernelAnchor]:
    """Each kernel of ``doc``: its ``gpu.func``s marked ``kernel`` inside a ``gpu.module``, and
    its ``gpu.launch``es under the names outlining gives them."""
    anchors = []
    launches = []
    for op in doc.ops():
        if op.name == "gpu.launch":
            launches.append(op)
        if op.name != "gpu.func" or "gpu.kernel" not in (op.attributes or {}):
            continue
        module = op.parent_op()
        if module is None or module.name != "gpu.module":
            continue
        anchors.append(KernelAnchor((module.symbol_name or "").lstrip("@"), (op.symbol_name or "").lstrip("@"),
                                    op.name_start, op.name_end))
    if launches and has_launches(doc):
        by_line = {doc.lines.line_of(op.name_start): op for op in launches}
        for kernel in outline(doc).kernels:
            launch = by_line.get(kernel.launch_line)
            if launch is not None:
                anchors.append(KernelAnchor(kernel.module, kernel.function, launch.name_start, launch.name_end))
    return sorted(anchors, key=lambda anchor: anchor.start)


def worth_compiling(ctx: FeatureContext) -> bool:
    """Whether the document can have lenses: a kernel, and no error stopping the pipeline."""
    if any(d.severity == Severity.ERROR for d in ctx.diagnostics):
        return False
    return any(op.name in ("gpu.module", "gpu.launch") for op in ctx.doc.ops())


Reports = dict[tuple[str, str], "KernelReport"]
SassLines = dict[int, list[tuple[str, int]]]
"""Per 0-based source line, (kernel, SASS instructions) for each kernel it went into."""


@dataclass(frozen=True)
class Figures:
    """What one compilation of a document's text found."""

    reports: Reports
    sass_lines: SassLines


NO_FIGURES = Figures({}, {})


def kernel_figures(preview: PtxPreview) -> Figures:
    """Each kernel's report in ``preview``, by (module, kernel), and its SASS per source line."""
    reports = {(report.module, kernel.name): kernel for report in preview.ptxas for kernel in report.kernels}
    sass_lines: SassLines = {}
    for report in preview.ptxas:
        for kernel in report.sass:
            for line, count in sorted(kernel.per_source_line().items()):
                sass_lines.setdefault(line, []).append((kernel.name, count))
    return Figures(reports, sass_lines)


class ResourceLenses:
    """Per document: the text last compiled for lenses and its kernels' reports."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, tuple[str, Figures]] = {}
        self._asked: set[str] = set()
        """Documents whose lenses the client asked for: their edits are compiled too."""

    def ask(self, uri: str) -> None:
        with self._lock:
            self._asked.add(uri)

    def asked(self, uri: str) -> bool:
        with self._lock:
            return uri in self._asked

    def is_current(self, uri: str, text: str) -> bool:
        """Whether ``text`` is what the document's figures were found for."""
        with self._lock:
            found = self._found.get(uri)
        return found is not None and found[0] == text

    def keep(self, uri: str, text: str, figures: Figures) -> None:
        with self._lock:
            self._found[uri] = (text, figures)

    def forget(self, uri: str) -> None:
        with self._lock:
            self._found.pop(uri, None)
            self._asked.discard(uri)

    def reports(self, uri: str) -> Reports:
        """The kernels' reports last found for the document (for whatever text it had then)."""
        with self._lock:
            found = self._found.get(uri)
        return found[1].reports if found is not None else {}

    def sass_lines(self, uri: str, text: str) -> SassLines:
        """The SASS instruction counts per line, when they were found for exactly ``text``."""
        with self._lock:
            found = self._found.get(uri)
        return found[1].sass_lines if found is not None and found[0] == text else {}


def code_lenses(ctx: FeatureContext, reports: Reports) -> list[lsp.CodeLens]:
    """A lens on each kernel of ``ctx``'s document that ``reports`` has figures for."""
    if not reports:
        return []
    lenses = []
    for anchor in kernel_anchors(ctx.doc):
        report = reports.get((anchor.module, anchor.name))
        if report is None:
            continue
        command = lsp.Command(title=report.summary(), command=PREVIEW_SASS_COMMAND,
                              arguments=[{"textDocument": {"uri": ctx.uri}}])
        lenses.append(lsp.CodeLens(range=ctx.range(anchor.start, anchor.end), command=command,
                                   data={"kernel": anchor.name, "module": anchor.module}))
    return lenses


def compile_for_lenses(service: Any, text: str, path: str, options: Any) -> Figures:
    """The kernels' figures of ``text`` (the PTX pipeline, ``ptxas -v`` and nvdisasm; slow: off
    the event loop); none when it could not be compiled."""
    preview = service.preview(text, path, options)
    return kernel_figures(preview)


def with_sass_counts(ctx: FeatureContext, found: lsp.Hover | None, position: lsp.Position,
                     sass_lines: SassLines) -> lsp.Hover | None:
    """``found`` (the hover of an op) with what the op's line became in SASS."""
    counts = sass_lines.get(position.line)
    if found is None or not counts or not isinstance(found.contents, lsp.MarkupContent):
        return found
    made = ", ".join(f"{count} in `{kernel}`" for kernel, count in counts)
    plural = "instruction" if sum(count for _, count in counts) == 1 else "instructions"
    value = f"{found.contents.value}\n\n**SASS** from this line: {made} ({plural}; ptxas's line info)"
    return lsp.Hover(contents=lsp.MarkupContent(kind=found.contents.kind, value=value), range=found.range)
