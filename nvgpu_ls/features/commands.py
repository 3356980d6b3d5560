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
* :data:`PREVIEW_PTX_KIND` / :data:`PREVIEW_PTX_COMMAND` -- the PTX the file's
  ``gpu.module``s compile to (lowering, the rest of the pipeline, LLVM's NVPTX backend,
  ``ptxas`` validation), mapped back to source lines; :data:`PREVIEW_PTX_REQUEST` answers
  the same for a side panel. Offered (``ptx_preview.py``).
* :data:`PREVIEW_SASS_KIND` / :data:`PREVIEW_SASS_COMMAND` -- the SASS ptxas makes of that
  PTX (``nvdisasm``), each instruction mapped to its source line, with each kernel's
  resources and occupancy; :data:`PREVIEW_SASS_REQUEST` answers the same. Offered.
* :data:`SERVER_STATUS_REQUEST` -- what the server holds now: documents, handlers in flight,
  caches, its worker, its memory (``server_status.py``).
"""

from __future__ import annotations

ADD_EXPECTED_CHECKS_KIND = "source.addExpectedChecks.nvgpu"
"""Annotate diagnostics with ``expected-*`` checks (offered)."""

LOWER_TO_NVVM_KIND = "source.lowerToNvvm.nvgpu"
"""Lower the whole file to NVVM, through :data:`LOWER_TO_NVVM_COMMAND` (offered)."""

LOWER_OP_TO_NVVM_KIND = "refactor.rewrite.lowerToNvvm.nvgpu"
"""Replace the op under the cursor by its NVVM lowering (offered)."""

PREVIEW_PTX_KIND = "source.previewPtx.nvgpu"
"""Preview the file's PTX, through :data:`PREVIEW_PTX_COMMAND` (offered)."""

PREVIEW_SASS_KIND = "source.previewSass.nvgpu"
"""Preview the file's SASS, through :data:`PREVIEW_SASS_COMMAND` (offered)."""

LOWER_TO_NVVM_COMMAND = "nvgpu-ls.lowerToNvvm"
"""``workspace/executeCommand`` name of :data:`LOWER_TO_NVVM_KIND`; arguments ``[uri]`` or
``[uri, engine]``; answers ``{text, diagnostics, engine, loweredOps}``."""

LOWER_TO_NVVM_REQUEST = "nvgpu-ls/lowerToNvvm"
"""Custom request, params ``{textDocument: {uri}, engine?}``; answers as the command does."""

PREVIEW_PTX_COMMAND = "nvgpu-ls.previewPtx"
"""``workspace/executeCommand`` name of :data:`PREVIEW_PTX_KIND`; arguments ``[uri]``, ``[uri,
engine]`` or ``[params]`` (as the request's); answers ``{ptx, mapping, ptxasReport, modules,
cached, engine, diagnostics}``."""

PREVIEW_PTX_REQUEST = "nvgpu-ls/previewPtx"
"""Custom request, params ``{textDocument: {uri}, engine?, validate?, timeout?}``; answers as the
command does."""

PREVIEW_SASS_COMMAND = "nvgpu-ls.previewSass"
"""``workspace/executeCommand`` name of :data:`PREVIEW_SASS_KIND`; arguments as
:data:`PREVIEW_PTX_COMMAND`'s; answers ``{sass, mapping, instructionsPerLine, ptxasReport,
modules, cached, engine, diagnostics}`` (``mapping``: SASS line to source line)."""

PREVIEW_SASS_REQUEST = "nvgpu-ls/previewSass"
"""Custom request, params as :data:`PREVIEW_PTX_REQUEST`'s; answers as the command does."""

SERVER_STATUS_REQUEST = "nvgpu-ls/serverStatus"
"""Custom request, no params; answers ``ServerStatus.to_json()`` (``server_status.py``)."""

PARTIAL_DIAGNOSTICS_NOTIFICATION = "nvgpu-ls/partialDiagnostics"
"""Custom notification, params ``{uri, version, throughLine}``, sent just before a
``publishDiagnostics`` that is a first look at a file just opened: complete for the functions
that end before the 0-based ``throughLine``; the complete diagnostics of the version follow."""

RESERVED_KINDS: tuple[str, ...] = ()
"""Kinds announced to clients for which no action is offered yet."""

COMMANDS: tuple[str, ...] = (LOWER_TO_NVVM_COMMAND, PREVIEW_PTX_COMMAND, PREVIEW_SASS_COMMAND)
"""Every command name nvgpu-ls registers with the server."""
