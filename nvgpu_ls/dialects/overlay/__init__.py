"""The project's own words about generated ops, keyed by op name (see ``core`` and ``nvvm``)."""

from __future__ import annotations

from ..facts import OpWords
from .core import WORDS as _CORE
from .nvvm import WORDS as _NVVM

WORDS: dict[str, OpWords] = {**_CORE, **_NVVM}
