"""The lowering patterns: one function per source op, registered under the op's name.

A pattern takes the ``Builder`` of one op instance and writes what it becomes (see
``builder.py``); it raises ``LoweringError`` (``builder.fail``) for an instance it cannot
lower, which the engine reports as a diagnostic on the op. The modules below group the
patterns by op family; importing this package registers all of them.
"""

from __future__ import annotations

from typing import Callable

from ..builder import Builder

Pattern = Callable[[Builder], None]
PATTERNS: dict[str, Pattern] = {}
"""The pattern of each op, keyed by op name."""


def pattern(name: str) -> Callable[[Pattern], Pattern]:
    """Register ``function`` as the lowering of op ``name``."""
    def register(function: Pattern) -> Pattern:
        if name in PATTERNS:
            raise ValueError(f"two lowering patterns for {name}")
        PATTERNS[name] = function
        return function
    return register


def _load_families() -> None:
    import importlib
    import pkgutil
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_load_families()
