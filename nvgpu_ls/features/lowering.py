"""Lower to NVVM in the editor: the code actions, the command and the custom request.

* ``source.lowerToNvvm.nvgpu`` -- "Lower this file to NVVM", offered for a file with
  nvgpu ops and no errors; it carries the command ``nvgpu-ls.lowerToNvvm`` with the
  document's URI, which answers the lowered text (the client shows it as it likes).
* ``refactor.rewrite.lowerToNvvm.nvgpu`` -- "Lower 'nvgpu.X' to NVVM in place": the op
  under the cursor replaced by what it lowers to, as a workspace edit. Offered only when
  the op has a pattern and lowers without error, so that applying it never leaves the
  buffer worse than it was.
* ``nvgpu-ls/lowerToNvvm`` -- a request with ``{textDocument: {uri}, engine?}`` answering
  the same object as the command, for editors that show the result in a side panel.

The command and the request answer ``{"text", "diagnostics", "engine", "loweredOps"}``:
``text`` is None when the file could not be lowered, and ``diagnostics`` (LSP
diagnostics, ranges in the negotiated encoding, on the source document) say why.
``lower_to_nvvm`` is meant to run off the event loop, on a snapshot of the text: a
whole-file lowering re-parses and re-checks, and the upstream engine runs a subprocess.
The refactoring lowers one op against the analysed state and reuses its diagnostics.
"""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import converters
from lsprotocol import types as lsp
from pygls.uris import to_fs_path

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..analysis.positions import Encoding
from ..diagnostics import Diagnostic, Severity
from ..files import MAX_SOURCE_BYTES, read_file
from ..settings import ENGINES
from ..check_options import CheckOptions
from .commands import LOWER_OP_TO_NVVM_KIND, LOWER_TO_NVVM_COMMAND, LOWER_TO_NVVM_KIND
from .context import FeatureContext, FeatureError
from .diagnostics import to_lsp_diagnostic

log = logging.getLogger(__name__)

LOWER_FILE_TITLE = "Lower this file to NVVM"
UPSTREAM_TIMEOUT = 60.0
"""Time limit of one upstream-engine run (it parses, converts and prints in a subprocess)."""
SOURCE = "nvgpu-ls.lowering"


def document_path(uri: str) -> str:
    """The path lowered ops' ``loc(...)`` name: the file's path, or the URI of an unsaved buffer."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    return path or uri


# ---------------------------------------------------------------------- code actions
def lower_file_action(ctx: FeatureContext) -> lsp.CodeAction | None:
    """The source action lowering the whole file (through the command), when there is
    something to lower and nothing that stops it."""
    if any(d.severity == Severity.ERROR for d in ctx.diagnostics):
        return None
    if not any(op.dialect == "nvgpu" for op in ctx.doc.ops()):
        return None
    command = lsp.Command(title=LOWER_FILE_TITLE, command=LOWER_TO_NVVM_COMMAND, arguments=[ctx.uri])
    return lsp.CodeAction(title=LOWER_FILE_TITLE, kind=LOWER_TO_NVVM_KIND, command=command)


def op_to_lower(doc: Document, offset: int) -> Operation | None:
    """The innermost op at ``offset`` (or around it) that has a lowering pattern."""
    from ..lowering.patterns import PATTERNS  # loaded on first use: the server starts without the patterns

    op = doc.op_at(offset)
    while op is not None and op.name not in PATTERNS:
        op = op.parent_op()
    return op


def lower_op_action(ctx: FeatureContext, offset: int) -> lsp.CodeAction | None:
    """The refactoring replacing the op at ``offset`` by its lowering, when it lowers cleanly;
    a pattern that fails costs this action only, not the quick fixes beside it."""
    try:
        return _lower_op_action(ctx, offset)
    except Exception:  # noqa: BLE001
        log.exception("lowering the op at offset %d of %s failed", offset, ctx.uri)
        return None


def _lower_op_action(ctx: FeatureContext, offset: int) -> lsp.CodeAction | None:
    from ..lowering.engine import LoweringOptions, lowering_edits

    op = op_to_lower(ctx.doc, offset)
    if op is None:
        return None
    found = lowering_edits(ctx.doc, document_path(ctx.uri), LoweringOptions(check=ctx.options), only=op,
                           checked=list(ctx.diagnostics))
    if not found.edits or any(d.severity == Severity.ERROR for d in found.diagnostics):
        return None
    edits = [lsp.TextEdit(range=ctx.range(e.start, e.end), new_text=e.new)
             for e in sorted(found.edits, key=lambda e: (e.start, e.end))]
    return lsp.CodeAction(title=f"Lower '{op.name}' to NVVM in place", kind=LOWER_OP_TO_NVVM_KIND,
                          edit=lsp.WorkspaceEdit(changes={ctx.uri: edits}))


# ---------------------------------------------------------------------- command and request
def lowering_request(arguments: Any) -> tuple[str, str | None]:
    """``(uri, engine or None)`` from the command's arguments (``[uri]``, ``[uri, engine]`` or
    ``[params]``) or the request's params (``{textDocument: {uri}, engine?}``, a dict or the
    named tuple pygls makes of a custom request's params)."""
    if isinstance(arguments, list):
        if len(arguments) == 1 and not isinstance(arguments[0], str):
            return lowering_request(arguments[0])
        if 1 <= len(arguments) <= 2 and all(isinstance(a, str) for a in arguments):
            return arguments[0], _engine(arguments[1] if len(arguments) == 2 else None)
        raise FeatureError("expected the document's URI (and optionally the engine) as arguments")
    document = _field(arguments, "textDocument") or _field(arguments, "text_document")
    uri = _field(document, "uri") if document is not None else _field(arguments, "uri")
    if not isinstance(uri, str):
        raise FeatureError("expected params {textDocument: {uri}, engine?}")
    return uri, _engine(_field(arguments, "engine"))


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


def _engine(value: Any) -> str | None:
    if value is None or value in ENGINES:
        return value
    raise FeatureError(f"unknown lowering engine {value!r}; expected one of {', '.join(ENGINES)}")


def saved_text(uri: str) -> str | None:
    """The text of a document that is not open, from disk (None when there is none, or when it
    is not a regular file of a size the parser takes: ``files.read_file``)."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is None:
        return None
    try:
        return read_file(path, MAX_SOURCE_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None


def lower_to_nvvm(text: str, uri: str, options: CheckOptions, engine: str, encoding: Encoding = "utf-16",
                  timeout: float = UPSTREAM_TIMEOUT, opt_level: int | None = None,
                  debug_info: str = "off") -> dict[str, Any]:
    """Lower ``text`` (the document ``uri``) with ``engine`` and answer the command's result
    object. Slow (a fresh parse and check, or a subprocess): run it off the event loop."""
    from ..lowering.engine import Lowered, LoweringOptions, lower_document

    doc = Document(text, uri=uri)
    lowering_options = LoweringOptions(check=options, opt_level=opt_level, **LoweringOptions.debug_mode(debug_info))
    if engine == "upstream":
        try:
            from ..lowering.upstream_engine import lower_with_upstream
        except ImportError as exc:
            lowered = Lowered(None, [Diagnostic(0, 0, f"the upstream lowering engine is not available: {exc}",
                                                "lowering.engine", Severity.ERROR, SOURCE)])
        else:
            lowered = lower_with_upstream(text, document_path(uri), lowering_options, timeout)
    else:
        lowered = lower_document(doc, document_path(uri), lowering_options)
    ctx = FeatureContext(doc, encoding, options=options, diagnostics=lowered.diagnostics)
    converter = converters.get_converter()
    diagnostics = sorted(lowered.diagnostics, key=lambda d: (d.start, d.end))
    return {
        "text": lowered.text,
        "diagnostics": [converter.unstructure(to_lsp_diagnostic(ctx, d), lsp.Diagnostic) for d in diagnostics],
        "engine": engine,
        "loweredOps": lowered.lowered_ops,
    }
