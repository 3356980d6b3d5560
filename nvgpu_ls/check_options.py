"""What a check needs from outside the file: the fallback target and the rule severities.

A base module: the configuration reader fills ``CheckOptions`` and every layer above passes it
to ``verify.check_document`` without either importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .diagnostics import Severity

OPT_LEVELS = range(4)
"""The optimisation levels (``O``) a target, ``-O``, ``opt-level`` and ``optLevel`` may name."""
DEBUG_INFO_MODES = ("off", "lineinfo", "full")
"""How much debug info a lowering asks for: none, line info only (``-lineinfo``), device debug (``-g``)."""


def is_opt_level(value: object) -> bool:
    """Is ``value`` an optimisation level as a configuration spells one (an integer 0-3, not a bool)?"""
    return isinstance(value, int) and not isinstance(value, bool) and value in OPT_LEVELS


SEVERITY_NAMES: dict[str, Severity | None] = {
    "error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFORMATION,
    "information": Severity.INFORMATION, "hint": Severity.HINT, "off": None,
}
"""Spellings a configuration may use for a rule's severity; ``off`` drops the rule."""


@dataclass(frozen=True)
class CheckOptions:
    """What a check needs beyond the text: the target to assume where the file names
    none (config file, then ``--target`` / the editor setting), and per-rule severities
    keyed by diagnostic code or a glob over codes (``nvgpu.tma.*``)."""

    target: str | None = None
    target_origin: str = "--target"
    """Where ``target`` came from, for messages (``nvgpu-ls.toml``, ``--target``, ``settings``)."""
    severities: Mapping[str, str] = field(default_factory=dict)
    opt_level: int | None = None
    """The configuration file's ``opt-level``: what the lowering and the PTX use for modules whose
    ``#nvvm.target`` states no ``O`` (before ``-O`` and the editor's ``optLevel``)."""
