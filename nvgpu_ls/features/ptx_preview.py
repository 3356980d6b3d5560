"""Preview PTX in the editor: the source action, the command and the custom request.

* ``source.previewPtx.nvgpu`` -- "Preview PTX", offered for a file with ``gpu.module``s and
  no errors; it carries the command ``nvgpu-ls.previewPtx`` with ``{textDocument: {uri},
  validate: true}``, which answers the PTX (the client shows it as it likes).
* ``nvgpu-ls/previewPtx`` -- a request with ``{textDocument: {uri}, engine?, validate?,
  timeout?}`` answering the same object, for editors that show the PTX in a side panel.

Both answer ``PtxPreview.to_json()`` (``ptx``, ``mapping``, ``ptxasReport``, ``modules``,
``cached``) plus ``engine`` and ``diagnostics`` (LSP diagnostics on the source document, in
the negotiated encoding). The ``ptx.*`` diagnostics among them (a pipeline stage that
failed, ptxas's errors mapped to source lines) are also published on the ``.mlir`` file
until its text changes: :func:`ptx_diagnostics` picks them.

``run_preview`` is slow (a native worker, ptxas): the server runs it on its own thread, on
a snapshot of the text, with one long-lived ``PreviewService``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import converters
from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.positions import Encoding
from ..diagnostics import Diagnostic, Severity
from ..check_options import CheckOptions
from .commands import PREVIEW_PTX_COMMAND, PREVIEW_PTX_KIND, PREVIEW_SASS_COMMAND, PREVIEW_SASS_KIND
from .context import FeatureContext, FeatureError
from .diagnostics import to_lsp_diagnostic
from .lowering import _engine, _field, document_path

if TYPE_CHECKING:
    from ..ptx.preview import PreviewOptions, PreviewService, PtxPreview

PREVIEW_PTX_TITLE = "Preview PTX"
PREVIEW_SASS_TITLE = "Preview SASS"
PTX_CODE_PREFIX = "ptx."
"""The codes of the preview's own diagnostics (pipeline stages, ptxas), published on the file."""


# ---------------------------------------------------------------------- code action
def preview_ptx_action(ctx: FeatureContext) -> lsp.CodeAction | None:
    """The source action previewing the file's PTX (through the command), when the file has a
    ``gpu.module`` to compile and no error stops it. A failed earlier preview (``ptx.*``
    diagnostics) does not: previewing again is how the user sees whether a fix worked."""
    if any(d.severity == Severity.ERROR and not d.code.startswith(PTX_CODE_PREFIX) for d in ctx.diagnostics):
        return None
    if not any(op.name == "gpu.module" for op in ctx.doc.ops()):
        return None
    arguments = [{"textDocument": {"uri": ctx.uri}, "validate": True}]
    command = lsp.Command(title=PREVIEW_PTX_TITLE, command=PREVIEW_PTX_COMMAND, arguments=arguments)
    return lsp.CodeAction(title=PREVIEW_PTX_TITLE, kind=PREVIEW_PTX_KIND, command=command)


def preview_sass_action(ctx: FeatureContext) -> lsp.CodeAction | None:
    """The source action previewing the file's SASS, offered where "Preview PTX" is."""
    if preview_ptx_action(ctx) is None:
        return None
    arguments = [{"textDocument": {"uri": ctx.uri}}]
    command = lsp.Command(title=PREVIEW_SASS_TITLE, command=PREVIEW_SASS_COMMAND, arguments=arguments)
    return lsp.CodeAction(title=PREVIEW_SASS_TITLE, kind=PREVIEW_SASS_KIND, command=command)


# ---------------------------------------------------------------------- command and request
@dataclass(frozen=True)
class PreviewRequest:
    """What a command or request asked for; ``None`` fields take the server's settings."""

    uri: str
    engine: str | None = None
    validate: bool = False
    timeout: float | None = None
    """Seconds per native request and per ptxas run (the preview's default when None)."""
    work_done_token: int | str | None = None
    """The client's own progress token, when it sent one."""
    sass: bool = False
    """The SASS preview (set by its command and request, not by a parameter)."""


def preview_request(arguments: Any) -> PreviewRequest:
    """The request in the command's arguments (``[uri]``, ``[uri, engine]`` or ``[params]``)
    or the custom request's params (``{textDocument: {uri}, engine?, validate?, timeout?}``,
    a dict or the named tuple pygls makes of a custom request's params)."""
    if isinstance(arguments, list):
        if len(arguments) == 1 and not isinstance(arguments[0], str):
            return preview_request(arguments[0])
        if 1 <= len(arguments) <= 2 and all(isinstance(a, str) for a in arguments):
            return PreviewRequest(arguments[0], _engine(arguments[1] if len(arguments) == 2 else None))
        raise FeatureError("expected the document's URI (and optionally the engine) as arguments")
    document = _field(arguments, "textDocument") or _field(arguments, "text_document")
    uri = _field(document, "uri") if document is not None else _field(arguments, "uri")
    if not isinstance(uri, str):
        raise FeatureError("expected params {textDocument: {uri}, engine?, validate?, timeout?}")
    validate = _field(arguments, "validate")
    if validate is not None and not isinstance(validate, bool):
        raise FeatureError(f"'validate' must be true or false, not {validate!r}")
    timeout = _field(arguments, "timeout")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or timeout <= 0):
        raise FeatureError(f"'timeout' must be a positive number of seconds, not {timeout!r}")
    token = _field(arguments, "workDoneToken")
    return PreviewRequest(uri, _engine(_field(arguments, "engine")), bool(validate),
                          float(timeout) if timeout is not None else None,
                          token if isinstance(token, (int, str)) and not isinstance(token, bool) else None)


def preview_options(check: CheckOptions, engine: str, validate: bool = False, ptxas_path: str | None = None,
                    timeout: float | None = None, sass: bool = False, opt_level: int | None = None,
                    debug_info: str = "off") -> PreviewOptions:
    """The preview's options: the document's check options (its fallback target), the engine,
    whether to run ptxas and which one, the time limit, whether to disassemble, the
    optimisation level of modules whose target states none (the ``optLevel`` setting) and the
    debug info mode (the ``debugInfo`` setting)."""
    from ..lowering.engine import LoweringOptions
    from ..ptx.preview import PreviewOptions

    limit = {} if timeout is None else {"timeout": timeout}
    lowering = LoweringOptions(check=check, opt_level=opt_level, **LoweringOptions.debug_mode(debug_info))
    return PreviewOptions(lowering=lowering, engine=engine,
                          validate=validate or sass,
                          ptxas_path=ptxas_path, sass=sass, **limit)


def ptx_diagnostics(preview: PtxPreview) -> list[Diagnostic]:
    """The preview's own diagnostics (``ptx.*``), which are published on the source file; the
    lowering's are the ordinary checks' business."""
    return [d for d in preview.diagnostics if d.code.startswith(PTX_CODE_PREFIX)]


def preview_result(preview: PtxPreview, doc: Document, options: CheckOptions, engine: str,
                   encoding: Encoding = "utf-16", sass: bool = False) -> dict[str, Any]:
    """The command's and request's answer: ``preview.to_json()`` (the SASS preview's
    ``sass_json()`` in place of the PTX with ``sass``) with ``engine`` and the diagnostics as
    LSP diagnostics on ``doc``."""
    ctx = FeatureContext(doc, encoding, options=options, diagnostics=preview.diagnostics)
    converter = converters.get_converter()
    diagnostics = sorted(preview.diagnostics, key=lambda d: (d.start, d.end))
    shown = preview.to_json()
    if sass:
        shown.pop("ptx")
        shown.update(preview.sass_json())
    return {
        **shown,
        "engine": engine,
        "diagnostics": [converter.unstructure(to_lsp_diagnostic(ctx, d), lsp.Diagnostic) for d in diagnostics],
    }


def run_preview(service: PreviewService, text: str, uri: str, options: PreviewOptions, encoding: Encoding = "utf-16",
                progress: Callable[[str], None] | None = None) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Preview ``text`` (the document ``uri``) with ``service``: the answer, and the ``ptx.*``
    diagnostics to publish on the document. Slow: run it off the event loop."""
    preview = service.preview(text, document_path(uri), options, progress)
    result = preview_result(preview, Document(text, uri=uri), options.lowering.check, options.engine, encoding,
                            options.sass)
    return result, ptx_diagnostics(preview)
