"""Where each diagnostic code is documented: the page of ``docs/diagnostics/`` and its anchor.

Also what upstream's own server reports alike (``reported_by_upstream``), so that an editor that
runs ``mlir-lsp-server`` beside nvgpu-ls can be shown only what nvgpu-ls adds.

One place for the link that SARIF (``helpUri``), LSP (``codeDescription``) and hover give with a
diagnostic. Every code has a page (its family's); the codes the project's own examples produce
also have a section of their own there, anchored by the code itself
(``tools/generate_diagnostic_docs.py`` writes the pages).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

PROJECT_URL = "https://github.com/nvgpu-ls/nvgpu-ls"
"""The project's home, as ``pyproject.toml``'s ``[project.urls]`` gives it."""
DOCS_URL = f"{PROJECT_URL}/blob/main/docs/diagnostics/"

DIALECT_PAGES = ("nvgpu", "nvvm", "gpu", "memref", "arith", "vector", "scf", "llvm", "func")
"""Dialects whose verifier rules have a page each; the rules of the others share one."""

PAGES = {
    "syntax": "Syntax: text MLIR's parser does not read",
    "ssa": "Values and blocks: definitions, uses, dominance",
    "structure": "Op structure: what every op's definition asks",
    "target": "Target: the SM and PTX ISA an op needs",
    "hazards": "Hazards: what runs wrong though every op verifies",
    "config": "Configuration: nvgpu-ls.toml",
    "lowering": "Lowering: nvgpu to nvvm",
    "ptx": "PTX: LLVM's NVPTX, ptxas and nvdisasm",
    "upstream": "Upstream MLIR's own verdict",
    **{dialect: f"The {dialect} dialect's verifier rules" for dialect in DIALECT_PAGES},
    "other-dialects": "Verifier rules of the other dialects",
}
"""Every page: its file stem and its title."""


def page_of(code: str) -> str:
    """The stem of the page that documents ``code`` (a key of ``PAGES``)."""
    family, _, rest = code.partition(".")
    if code.endswith("-gate") or family == "target":
        return "target"
    if code.startswith("nvgpu.hazard."):
        return "hazards"
    if family in ("ssa", "block", "usedef"):
        return "ssa"
    if family == "op":
        return "structure"
    if family == "mlir":
        return "upstream"
    if family in PAGES and family not in DIALECT_PAGES:
        return family
    if family in DIALECT_PAGES and rest:
        return family
    return "other-dialects"


@lru_cache(maxsize=1)
def _upstream_codes() -> frozenset[str]:
    try:
        return frozenset(json.loads((Path(__file__).parent / "upstream_codes.json").read_text("utf-8"))["codes"])
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()


def reported_by_upstream(code: str) -> bool:
    """Does upstream's own verifier report ``code``'s findings in the same words? Measured with
    mlir-opt-22 on the test inputs that produce the code (``upstream_codes.json``, written by
    ``tools/generate_diagnostic_docs.py``); a code not measured so counts as not."""
    return code in _upstream_codes()


def code_url(code: str) -> str:
    """The address of ``code``'s documentation: its page, at its own section."""
    return f"{DOCS_URL}{page_of(code)}.md#{code}"
