"""Text → model: tokens, the recovering parser, types and attributes, the Document."""

from .document import Document

__all__ = ["Document"]
