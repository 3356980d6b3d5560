"""Our diagnostics as LSP's: ranges in the client's encoding, related places, a link per code."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..diagnostics import Diagnostic
from .context import FeatureContext

NVGPU_DOCS = "https://mlir.llvm.org/docs/Dialects/NVGPU/"
NVVM_DOCS = "https://mlir.llvm.org/docs/Dialects/NVVMDialect/"
PTX_ISA_DOCS = "https://docs.nvidia.com/cuda/parallel-thread-execution/index.html"
TARGETS_DOCS = "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capabilities"
LANGREF = "https://mlir.llvm.org/docs/LangRef/"

_GATE_CODES = {"nvgpu.sm-gate": PTX_ISA_DOCS, "nvgpu.ptx-gate": PTX_ISA_DOCS}


def code_url(code: str) -> str | None:
    """The page that explains the rule behind ``code``: the dialect's documentation for
    verifier rules, the PTX ISA for SM / PTX gates, MLIR's LangRef for syntax and use-def."""
    if code in _GATE_CODES or code.endswith("-gate"):
        return _GATE_CODES.get(code, PTX_ISA_DOCS)
    family = code.split(".", 1)[0]
    if family == "nvgpu":
        return NVGPU_DOCS
    if family == "nvvm":
        return NVVM_DOCS
    if family == "target":
        return TARGETS_DOCS
    if family in ("syntax", "ssa", "block", "op"):
        return LANGREF
    return None


def to_lsp_diagnostic(ctx: FeatureContext, diag: Diagnostic) -> lsp.Diagnostic:
    """``diag`` placed in the client's position encoding, with its related places and the
    quick-fix data the verifiers attached (code actions read it back from the request)."""
    url = code_url(diag.code)
    related = [lsp.DiagnosticRelatedInformation(location=ctx.location(r.start, r.end), message=r.message)
               for r in diag.related]
    return lsp.Diagnostic(
        range=ctx.range(diag.start, diag.end),
        message=diag.full_message,
        severity=lsp.DiagnosticSeverity(int(diag.severity)),
        code=diag.code,
        code_description=lsp.CodeDescription(href=url) if url else None,
        source=diag.source,
        related_information=related or None,
        data=diag.data,
    )
