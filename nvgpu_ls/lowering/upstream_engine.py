"""The upstream lowering engine: upstream MLIR's own ``convert-nvgpu-to-nvvm`` over a buffer.

``lower_with_upstream`` gives the same ``Lowered`` as the builtin engine
(``engine.lower_document``), made by upstream's pass through the torch-mlir bindings in the
native worker (``native_worker.py``), so that either can feed the rest of the pipeline
(``nvgpu_ls.ptx``) and the two can be compared. Like the builtin engine it first runs our
own check and refuses a file with errors, and attaches each gpu.module's ``#nvvm.target``
afterwards; kernels written as ``gpu.launch`` are converted in place and outlined after, as
upstream's ``gpu-lower-to-nvvm-pipeline`` does. Each ``// -----`` chunk is converted on its own; the result is printed with
debug info, so every op's ``loc(...)`` points at the source line it came from.

Native code can abort or hang on bad input; whatever happens in the worker becomes an
error diagnostic naming the stage it happened in, never an exception.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..analysis.document import Document
from ..analysis.positions import LineIndex
from ..diagnostics import Diagnostic, Severity
from ..verify import check_document
from ..verify.upstream import _diagnostic as upstream_diagnostic
from ..chunks import split_chunks
from .engine import Lowered, LoweringOptions, LoweringRun, SOURCE, apply_edits, checked_as_outlined
from .native import NativeWorker, StageCallback, run_native
from .outlining import has_launches, outline

CONVERT_NVGPU = "builtin.module(convert-nvgpu-to-nvvm)"
CODE_NATIVE = "lowering.native"
"""A diagnostic saying the native worker gave no result (crash, hang, libraries missing)."""

_NVGPU_OP = re.compile(r'^\s*(?:%[^=\n]*=\s*)?"?nvgpu\.[\w.]+', re.M)


def lower_with_upstream(doc_text: str, path: str = "", options: LoweringOptions | None = None,
                        timeout: float = 60.0, worker: NativeWorker | None = None,
                        on_stage: StageCallback | None = None) -> Lowered:
    """``doc_text`` lowered by upstream's ``convert-nvgpu-to-nvvm`` (see the module docstring).

    Diagnostics: our checker's errors (then nothing is lowered), upstream's own diagnostics
    (``source="mlir"``) at the source places, a ``lowering.native`` error when the worker
    crashed, hung or could not run, and target attachment's findings.
    """
    options = options or LoweringOptions()
    doc = Document(doc_text)
    if not has_launches(doc):
        errors = [d for d in check_document(doc, options.check) if d.severity == Severity.ERROR]
        if errors:
            return Lowered(None, errors)
        return _convert(doc, path, options, timeout, worker, on_stage)
    # As upstream's gpu-lower-to-nvvm-pipeline: the nvgpu ops converted in place, then outlined.
    outlined_source, checked = checked_as_outlined(doc, options.check)
    if outlined_source is None:
        return Lowered(None, checked)
    errors = [d for d in checked if d.severity == Severity.ERROR]
    if errors:
        return Lowered(None, errors)
    lowered = _convert(doc, path, replace(options, attach_targets=False), timeout, worker, on_stage)
    if lowered.text is None:
        return lowered
    outlined = outline(Document(lowered.text))
    if outlined.problems:
        return Lowered(None, lowered.diagnostics + _at_chunk_start(outlined.problem_diagnostics()))
    return _with_targets(replace(lowered, text=outlined.text), path, options)


def _convert(doc: Document, path: str, options: LoweringOptions, timeout: float,
             worker: NativeWorker | None, on_stage: StageCallback | None) -> Lowered:
    """``doc`` through upstream's pass in the worker, targets attached when ``options`` ask."""
    doc_text = doc.text
    request = {"kind": "lower", "text": doc_text, "pipeline": CONVERT_NVGPU,
               "file_name": path or doc.uri or "<buffer>", "allow_unregistered": True}
    reply = worker.request(request, timeout, on_stage) if worker is not None else run_native(request, timeout)
    chunks = split_chunks(doc_text)
    if reply.result is None:
        at = chunks[min(int(reply.where.get("chunk", 0)), len(chunks) - 1)][0] if chunks else 0
        message = f"upstream lowering failed: {reply.problem}"
        return Lowered(None, [Diagnostic(at, at, message, CODE_NATIVE, Severity.ERROR, SOURCE)])
    index = LineIndex(doc_text)
    diagnostics: list[Diagnostic] = []
    texts: list[str] = []
    failed = False
    try:
        results = list(reply.result["chunks"])
        for result in results:
            diagnostics += [upstream_diagnostic(record, index) for record in result["diagnostics"]]
            failed = failed or not result["ok"]
            texts.append(str(result["text"]))
    except (KeyError, TypeError, ValueError) as exc:
        message = f"upstream lowering failed: the native worker gave an unreadable result ({exc})"
        return Lowered(None, [Diagnostic(0, 0, message, CODE_NATIVE, Severity.ERROR, SOURCE)])
    if len(results) != len(chunks):
        message = "upstream lowering failed: the native worker did not convert every chunk"
        return Lowered(None, [*diagnostics, Diagnostic(0, 0, message, CODE_NATIVE, Severity.ERROR, SOURCE)])
    if failed or any(d.severity == Severity.ERROR for d in diagnostics):
        return Lowered(None, diagnostics)
    text = "// -----\n".join(texts)
    remaining = len(_NVGPU_OP.findall(text))
    lowered = Lowered(text, diagnostics, max(sum(1 for op in doc.ops() if op.dialect == "nvgpu") - remaining, 0))
    return _with_targets(lowered, path, options)


def _with_targets(lowered: Lowered, path: str, options: LoweringOptions) -> Lowered:
    """``lowered`` with each gpu.module's ``#nvvm.target`` attached (when ``options`` ask)."""
    if not options.attach_targets or lowered.text is None:
        return lowered
    from .target_attachment import target_edits
    lowered_doc = Document(lowered.text)
    edits, problems = target_edits(lowered_doc, LoweringRun(lowered_doc, path, options))
    diagnostics = lowered.diagnostics + _at_chunk_start(problems)
    if any(d.severity == Severity.ERROR for d in problems):
        return Lowered(None, diagnostics)
    return replace(lowered, text=apply_edits(lowered.text, edits), diagnostics=diagnostics)


def _at_chunk_start(problems: list[Diagnostic]) -> list[Diagnostic]:
    """Target attachment's findings are spans of the lowered text, not of the source: kept
    with their messages, placed at the start of the source."""
    return [Diagnostic(0, 0, d.message, d.code, d.severity, d.source) for d in problems]
