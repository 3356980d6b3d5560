"""Code-action kinds and command names nvgpu-ls reserves, in one place.

The kinds are LSP ``CodeActionKind`` strings: a client filters by prefix, so
``source.lowerToNvvm.nvgpu`` is offered for ``only = ["source"]`` and for
``only = ["source.lowerToNvvm"]``. The trailing ``.nvgpu`` keeps our kinds apart from
other servers' in editors that show several.

* :data:`ADD_EXPECTED_CHECKS_KIND` -- insert ``// expected-* @below {{...}}`` annotations
  for the diagnostics in the requested range (``-verify-diagnostics`` test files), like
  upstream ``mlir-lsp-server``'s "Add expected-* diagnostic checks". Offered now.
* :data:`LOWER_TO_NVVM_KIND` / :data:`LOWER_TO_NVVM_COMMAND` -- reserved: show what the
  ``nvgpu`` ops of the module lower to (``convert-nvgpu-to-nvvm``), as a new document.
  Announced in the server's ``codeActionKinds`` but not offered yet.
* :data:`PREVIEW_PTX_KIND` / :data:`PREVIEW_PTX_COMMAND` -- reserved: show the PTX the
  module assembles to (lowering, LLVM's NVPTX backend, ``ptxas`` validation). Announced,
  not offered yet.

The command names are what ``workspace/executeCommand`` will carry once those actions
exist; they are not registered with the server before then.
"""

from __future__ import annotations

ADD_EXPECTED_CHECKS_KIND = "source.addExpectedChecks.nvgpu"
"""Annotate diagnostics with ``expected-*`` checks (offered)."""

LOWER_TO_NVVM_KIND = "source.lowerToNvvm.nvgpu"
"""Reserved: preview the module lowered to NVVM (not offered yet)."""

PREVIEW_PTX_KIND = "source.previewPtx.nvgpu"
"""Reserved: preview the module's PTX (not offered yet)."""

LOWER_TO_NVVM_COMMAND = "nvgpu-ls.lowerToNvvm"
"""Reserved ``workspace/executeCommand`` name for :data:`LOWER_TO_NVVM_KIND`."""

PREVIEW_PTX_COMMAND = "nvgpu-ls.previewPtx"
"""Reserved ``workspace/executeCommand`` name for :data:`PREVIEW_PTX_KIND`."""

RESERVED_KINDS: tuple[str, ...] = (LOWER_TO_NVVM_KIND, PREVIEW_PTX_KIND)
"""Kinds announced to clients for which no action is offered yet."""

COMMANDS: tuple[str, ...] = (LOWER_TO_NVVM_COMMAND, PREVIEW_PTX_COMMAND)
"""Every command name nvgpu-ls reserves."""
