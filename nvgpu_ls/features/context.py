"""What every feature function receives: one analysed document and how to speak LSP about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.positions import Encoding
from ..diagnostics import Diagnostic
from ..settings import ServerSettings
from ..check_options import CheckOptions


class FeatureError(Exception):
    """A request that cannot be honoured for a reason the user should read (a rename to an
    invalid name); the server answers it as an LSP error with this message."""


@dataclass(frozen=True)
class ClientSupport:
    """What the client declared it can do, where a feature answers differently for it."""

    lazy_completion_documentation: bool = False
    """It asks ``completionItem/resolve`` for an item's documentation (``resolveSupport``), so a
    completion list may leave documentation out: a list of every op name is then a tenth the size."""
    completion_edit_range_default: bool = False
    """It takes one edit range for the whole list (``completionList.itemDefaults``: ``editRange``)."""
    completion_data_default: bool = False
    """It takes one ``data`` for the whole list (``itemDefaults``: ``data``), and sends it back on resolve."""

    @classmethod
    def from_capabilities(cls, capabilities: lsp.ClientCapabilities | None) -> "ClientSupport":
        document = capabilities.text_document if capabilities is not None else None
        completion = document.completion if document is not None else None
        if completion is None:
            return cls()
        item = completion.completion_item
        resolvable = item.resolve_support.properties if item is not None and item.resolve_support else []
        defaults = completion.completion_list.item_defaults if completion.completion_list else None
        return cls(lazy_completion_documentation="documentation" in resolvable,
                   completion_edit_range_default="editRange" in (defaults or []),
                   completion_data_default="data" in (defaults or []))


@dataclass
class FeatureContext:
    """The analysed state a request is answered against.

    ``diagnostics`` are the ones last computed for exactly this text (code actions read
    their ``data``); ``options`` is the check configuration that applies to the document
    (fallback target, severities), ``settings`` the editor's.
    """

    doc: Document
    encoding: Encoding = "utf-16"
    settings: ServerSettings = field(default_factory=ServerSettings)
    options: CheckOptions = field(default_factory=CheckOptions)
    diagnostics: Sequence[Diagnostic] = ()
    client: ClientSupport = field(default_factory=ClientSupport)

    @property
    def uri(self) -> str:
        return self.doc.uri

    @property
    def text(self) -> str:
        return self.doc.text

    def offset(self, position: lsp.Position) -> int:
        """The text offset of an LSP position (clamped into the text)."""
        return self.doc.lines.offset(position.line, position.character, self.encoding)

    def position(self, offset: int) -> lsp.Position:
        line, character = self.doc.lines.position(offset, self.encoding)
        return lsp.Position(line=line, character=character)

    def range(self, start: int, end: int) -> lsp.Range:
        return lsp.Range(start=self.position(start), end=self.position(end))

    def span_of(self, range_: lsp.Range) -> tuple[int, int]:
        """The ``(start, end)`` offsets an LSP range covers."""
        return self.offset(range_.start), self.offset(range_.end)

    def location(self, start: int, end: int) -> lsp.Location:
        return lsp.Location(uri=self.uri, range=self.range(start, end))
