"""The ``nvgpu-ls`` command: serving LSP over stdio (no arguments) answers ``initialize`` first,
from what an earlier start kept (``fast_start``), then imports the server; anything else goes
to ``cli.main`` as it is."""

from __future__ import annotations

import gc
import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # The imports below make hundreds of thousands of objects that live as long as the process:
    # the cyclic collector would only walk them again and again (about a sixth of the server's
    # import time). It waits, and they go to the oldest generation at once (freeze + unfreeze).
    gc.disable()
    try:
        if not args:
            from .fast_start import answer_initialize
            answer_initialize()
            from . import server  # noqa: F401  (imported while the collector waits)
        from .cli import main as cli_main
    finally:
        gc.freeze()
        gc.unfreeze()
        gc.enable()
    return cli_main(args)
