"""The language server: pygls wiring only — documents in, results out.

Each feature is a plain function over an analysed ``Document`` (see ``verify/`` and,
as they arrive, ``features/``); this module only connects them to LSP messages.
"""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from . import __version__
from .analysis.document import Document
from .config import load_config, settings_for
from .diagnostics import Diagnostic
from .verify import CheckOptions, check_document


class NvgpuLanguageServer(LanguageServer):
    """Holds one analysed Document per open URI."""

    def __init__(self) -> None:
        super().__init__("nvgpu-ls", __version__)
        self.documents: dict[str, Document] = {}

    def analyse(self, uri: str) -> Document:
        """Bring the Document of ``uri`` up to the workspace's text, incrementally when possible."""
        text = self.workspace.get_text_document(uri).source
        doc = self.documents.get(uri)
        if doc is None:
            doc = Document(text, uri=uri)
            self.documents[uri] = doc
        else:
            doc.update(text)
        return doc

    def options_for(self, uri: str) -> CheckOptions:
        """The project configuration (``nvgpu-ls.toml`` / ``pyproject.toml``) that applies to ``uri``."""
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if path is None:
            return CheckOptions()
        return settings_for(load_config(path), path, None, "settings")

    def publish(self, uri: str, doc: Document) -> None:
        diagnostics = [to_lsp_diagnostic(doc, d) for d in check_document(doc, self.options_for(uri))]
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


def to_lsp_diagnostic(doc: Document, diag: Diagnostic) -> lsp.Diagnostic:
    """Our diagnostic as LSP's, positions in UTF-16 columns."""
    start = doc.lines.position(diag.start)
    end = doc.lines.position(diag.end)
    return lsp.Diagnostic(
        range=lsp.Range(lsp.Position(*start), lsp.Position(*end)),
        message=diag.message,
        severity=lsp.DiagnosticSeverity(int(diag.severity)),
        code=diag.code,
        source=diag.source,
    )


server = NvgpuLanguageServer()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: NvgpuLanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.publish(uri, ls.analyse(uri))


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: NvgpuLanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.publish(uri, ls.analyse(uri))


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: NvgpuLanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.documents.pop(uri, None)
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def serve_stdio() -> int:
    """Serve LSP over stdin/stdout until the client exits."""
    server.start_io()
    return 0
