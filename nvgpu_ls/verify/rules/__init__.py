"""The per-op verifiers, one module per op family.

Importing this package imports every module in it, and each module registers its
verifiers with :func:`nvgpu_ls.verify.context.verifies`; adding a family is adding a file.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
