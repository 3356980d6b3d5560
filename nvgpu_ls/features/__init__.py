"""LSP features as plain functions over an analysed ``Document``, one module per feature.

Each takes a ``FeatureContext`` (the document, the client's position encoding, the settings
and the latest diagnostics) and returns lsprotocol types; ``server.py`` only wires them to
pygls. They never raise on a broken document: whatever the parser recovered is served.
"""
