"""Readers for the ops upstream parses with hand-written C++ (``func.func``, ``scf.for``, ...).

Ops with a declarative assembly format are read from their format (``formats.py``); the ops
whose ODS says ``hasCustomAssemblyFormat`` have a parser of their own upstream, and each gets
one here, written against upstream's parser so that it accepts what it accepts and fails where
it fails, with its words. ``Reader`` offers the pieces those parsers are built from (upstream's
``OpAsmParser``); one module per family registers its readers in ``READERS`` by op name.

Errors follow upstream's two kinds: a wrong token (``expected ','``), shown at the end of the
previous line when the token starts a new one, and the errors a parser reports about a token
(``custom op 'func.func' expected valid '@'-identifier for symbol name``), shown at the token.
"""

from __future__ import annotations

from .reader import FAMILY_READERS, READERS, Reader, attach_entry_arguments, function_type, read_with_reader, reads

__all__ = ["READERS", "FAMILY_READERS", "Reader", "reads", "read_with_reader", "attach_entry_arguments",
           "function_type"]

from . import affine, arith, functions, gpu, linalg, memref, nvvm, scf, vector  # noqa: E402,F401  (register their readers)
