"""Text → model: tokens, the recovering parser, types and attributes, the Document
(``analysis.document``).

Importing the package imports none of them: the package root installs the default op registry
through ``analysis.registry`` at import, and a server must be able to answer ``initialize``
before the parser is loaded (``fast_start``).
"""
