"""The project's own words about generated ops, keyed by op name (see ``core``, ``nvgpu`` and ``nvvm``)."""

from __future__ import annotations

from ...analysis.facts import OpWords
from ..ods import GeneratedOps, registry
from .core import WORDS as _CORE
from .nvgpu import WORDS as _NVGPU
from .nvvm import WORDS as _NVVM

WORDS: dict[str, OpWords] = {**_CORE, **_NVGPU, **_NVVM}

GENERATED_OPS = GeneratedOps(registry(), WORDS)
"""Every op of the fully described dialects: its structure from the registry, these words merged in."""
