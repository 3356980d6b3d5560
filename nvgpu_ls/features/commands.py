"""Code-action kinds, command names and custom requests of nvgpu-ls, in one place.

The kinds are LSP ``CodeActionKind`` strings: a client filters by prefix, so
``source.lowerToNvvm.nvgpu`` is offered for ``only = ["source"]`` and for
``only = ["source.lowerToNvvm"]``. The trailing ``.nvgpu`` keeps our kinds apart from
other servers' in editors that show several.

* :data:`ADD_EXPECTED_CHECKS_KIND` -- insert ``// expected-* @below {{...}}`` annotations
  for the diagnostics in the requested range (``-verify-diagnostics`` test files), like
  upstream ``mlir-lsp-server``'s "Add expected-* diagnostic checks". Offered.
* :data:`LOWER_TO_NVVM_KIND` / :data:`LOWER_TO_NVVM_COMMAND` -- what the file's ``nvgpu``
  ops lower to (``convert-nvgpu-to-nvvm``): the action carries the command, which answers
  the lowered text. :data:`LOWER_TO_NVVM_REQUEST` answers the same for a side panel.
  :data:`LOWER_OP_TO_NVVM_KIND` lowers the op under the cursor in place. Offered
  (``lowering.py``).
* :data:`PREVIEW_PTX_KIND` / :data:`PREVIEW_PTX_COMMAND` -- reserved: show the PTX the
  module assembles to (lowering, LLVM's NVPTX backend, ``ptxas`` validation). Announced,
  not offered yet; the command is not registered with the server before then.
"""

from __future__ import annotations

ADD_EXPECTED_CHECKS_KIND = "source.addExpectedChecks.nvgpu"
"""Annotate diagnostics with ``expected-*`` checks (offered)."""

LOWER_TO_NVVM_KIND = "source.lowerToNvvm.nvgpu"
"""Lower the whole file to NVVM, through :data:`LOWER_TO_NVVM_COMMAND` (offered)."""

LOWER_OP_TO_NVVM_KIND = "refactor.rewrite.lowerToNvvm.nvgpu"
"""Replace the op under the cursor by its NVVM lowering (offered)."""

PREVIEW_PTX_KIND = "source.previewPtx.nvgpu"
"""Reserved: preview the module's PTX (not offered yet)."""

LOWER_TO_NVVM_COMMAND = "nvgpu-ls.lowerToNvvm"
"""``workspace/executeCommand`` name of :data:`LOWER_TO_NVVM_KIND`; arguments ``[uri]`` or
``[uri, engine]``; answers ``{text, diagnostics, engine, loweredOps}``."""

LOWER_TO_NVVM_REQUEST = "nvgpu-ls/lowerToNvvm"
"""Custom request, params ``{textDocument: {uri}, engine?}``; answers as the command does."""

PREVIEW_PTX_COMMAND = "nvgpu-ls.previewPtx"
"""Reserved ``workspace/executeCommand`` name for :data:`PREVIEW_PTX_KIND`."""

RESERVED_KINDS: tuple[str, ...] = (PREVIEW_PTX_KIND,)
"""Kinds announced to clients for which no action is offered yet."""

COMMANDS: tuple[str, ...] = (LOWER_TO_NVVM_COMMAND, PREVIEW_PTX_COMMAND)
"""Every command name nvgpu-ls reserves (the offered ones are registered with the server)."""
