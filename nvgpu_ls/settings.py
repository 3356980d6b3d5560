"""The editor's settings for the server, typed, validated and defaulted.

They arrive as ``initializationOptions`` and again from ``workspace/configuration``
(section ``nvgpu-ls``), in the camelCase spelling editors use::

    {"target": "sm_90a", "configPath": "tools/nvgpu-ls.toml", "rules": {"nvgpu.sm-gate": "warning"},
     "loweringEngine": "builtin", "ptxasPath": "/usr/local/cuda/bin/ptxas", "idleMemoryRelease": 30}

Like the configuration file, settings are never a reason to stop: each invalid value is a
problem (shown to the user once with ``window/showMessage``) and keeps its default. The
project's configuration file beats these settings where both say something (its target,
its rule severities), because it travels with the code.

A setting that names a program to run (``ptxasPath``) can come from a project: editors merge
workspace settings (``.vscode/settings.json``, ``.nvim.lua``, ``.helix/languages.toml``) into
the answer to ``workspace/configuration``. So the program is run only when it is also among
``trustedTools``, which is read from ``initializationOptions`` alone: the launch, which the
user's own editor configuration (or the VS Code extension, from user settings) writes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .config import check_target
from .check_options import DEBUG_INFO_MODES, SEVERITY_NAMES, is_opt_level

SECTION = "nvgpu-ls"
"""The ``workspace/configuration`` section, and the key an editor may nest settings under."""
ENGINES = ("builtin", "upstream")
DIAGNOSTICS_MODES = ("all", "beyondUpstream", "off")
"""What the server publishes: everything, only what upstream's own server does not report (for an
editor that runs ``mlir-lsp-server`` beside it), or nothing (its other features stay)."""


@dataclass(frozen=True)
class ServerSettings:
    """What the user configured in the editor. Every field has a working default."""

    target: str | None = None
    """The target for files whose module and configuration file name none."""
    config_path: str | None = None
    """A configuration file to use instead of searching from each document up."""
    rules: Mapping[str, str] = field(default_factory=dict)
    """Severity by diagnostic code or glob, under the configuration file's own rules."""
    lowering_engine: str = "builtin"
    """``builtin`` (ours, keeps source spans) or ``upstream`` (MLIR's convert-nvgpu-to-nvvm)."""
    ptxas_path: str | None = None
    """The ``ptxas`` to validate PTX with; searched on PATH and in the CUDA wheel when unset."""
    idle_memory_release: float = 30.0
    """Seconds after the last document closes before the server empties its caches and gives
    the memory back (``nvgpu_ls.memory``); 0 never does."""
    trusted_tools: frozenset[str] = frozenset()
    """The programs the user lets settings name (absolute paths); only from the launch."""
    resource_lens: bool = True
    """Show each kernel's resources and occupancy as a code lens (compiles the file with ptxas
    in the background after edits)."""
    diagnostics: str = "all"
    """Which diagnostics are published (``DIAGNOSTICS_MODES``)."""
    opt_level: int | None = None
    """The optimisation level (``O``, 0-3) the previews lower and compile modules at whose
    ``#nvvm.target`` states none; None: 3."""
    debug_info: str = "off"
    """How much debug info the lowering panel and the PTX preview ask for (``DEBUG_INFO_MODES``):
    ``off``, ``lineinfo`` (``-lineinfo`` in the attached targets) or ``full`` (``-g``: the
    ``debuginfo.value`` records kept, full DWARF in the PTX). The PTX preview keeps its ``.loc``
    lines in every mode: they map it to the source."""

    def trusted_program(self, path: str | None) -> str | None:
        """``path`` when the user trusts it to run, else None (the default is searched)."""
        return path if path is not None and os.path.normpath(path) in self.trusted_tools else None

    def untrusted_programs(self) -> list[str]:
        """What each program setting that will not run says to the user."""
        if self.ptxas_path is None or self.trusted_program(self.ptxas_path) is not None:
            return []
        return [f"setting 'ptxasPath': {self.ptxas_path!r} is not among the trustedTools given at launch "
                f"(initializationOptions, from user settings); using the default ptxas"]


LAUNCH_ONLY = frozenset({"trustedTools"})
"""Settings read only from ``initializationOptions``: a project can put anything else in the
settings an editor sends later."""


def parse_settings(raw: Any, launch: bool = False,
                   trusted_tools: frozenset[str] = frozenset()) -> tuple[ServerSettings, list[str]]:
    """Read settings as an editor sends them; returns them and what was wrong (one message per
    problem). Unknown keys are problems too: a misspelt setting silently doing nothing is worse.
    ``launch`` says they are the ``initializationOptions``, the only place ``trustedTools`` is
    read; otherwise the programs trusted at launch (``trusted_tools``) are kept."""
    if raw is None:
        return ServerSettings(), []
    if isinstance(raw, Mapping) and isinstance(raw.get(SECTION), Mapping):
        raw = raw[SECTION]
    if not isinstance(raw, Mapping):
        return ServerSettings(), [f"settings must be an object, not {_kind(raw)}; using the defaults"]
    problems: list[str] = []
    values: dict[str, Any] = {"trusted_tools": trusted_tools}
    for key, value in raw.items():
        reader = _READERS.get(key)
        if reader is None:
            known = ", ".join(sorted(_READERS))
            problems.append(f"unknown setting '{key}' (known settings: {known}); ignored")
            continue
        if key in LAUNCH_ONLY and not launch:
            problems.append(f"setting '{key}' is read only from initializationOptions, where a project cannot "
                            f"put it; ignored")
            continue
        name, read = reader
        try:
            values[name] = read(value)
        except ValueError as exc:
            problems.append(f"setting '{key}': {exc}; using the default")
    settings = ServerSettings(**values)
    return settings, problems + settings.untrusted_programs()


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _optional_string(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {_kind(value)}")
    return value


def _target(value: Any) -> str | None:
    text = _optional_string(value)
    if text is None:
        return None
    target, problem = check_target(text)
    if target is None:
        raise ValueError(problem)
    return target


def _path(value: Any) -> str | None:
    text = _optional_string(value)
    return None if text is None else os.path.expanduser(text)


def _program(value: Any) -> str | None:
    """A program to run: an absolute path only. A relative one would resolve against wherever the
    server runs (a workspace a pull request controls) and run whatever file it names there."""
    path = _path(value)
    if path is not None and not os.path.isabs(path):
        raise ValueError(f"a program must be given by an absolute path, not {path!r}")
    return path


def _programs(value: Any) -> frozenset[str]:
    if value is None:
        return frozenset()
    if not isinstance(value, list):
        raise ValueError(f"expected a list of absolute paths, got {_kind(value)}")
    paths = [_program(item) for item in value]
    return frozenset(os.path.normpath(path) for path in paths if path is not None)


def _rules(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"expected an object of code → severity, got {_kind(value)}")
    rules: dict[str, str] = {}
    bad: list[str] = []
    for code, level in value.items():
        if isinstance(level, str) and level.lower() in SEVERITY_NAMES:
            rules[str(code)] = level.lower()
        else:
            bad.append(f"{code!s} = {level!r}")
    if bad:
        raise ValueError(f"invalid severities ({', '.join(bad)}); use one of "
                         f"{', '.join(sorted(SEVERITY_NAMES))}")
    return rules


def _seconds(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86400:
        raise ValueError(f"expected a number of seconds from 0 to 86400, got {value!r}")
    return float(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    """A reader of a setting that is one of ``choices``."""
    def read(value: Any) -> str:
        if value not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}, got {value!r}")
        return value
    return read


def _opt_level(value: Any) -> int | None:
    if value is None:
        return None
    if not is_opt_level(value):
        raise ValueError(f"expected an optimisation level 0, 1, 2 or 3, got {value!r}")
    return value



_READERS = {
    "target": ("target", _target),
    "configPath": ("config_path", _path),
    "rules": ("rules", _rules),
    "loweringEngine": ("lowering_engine", _one_of(ENGINES)),
    "ptxasPath": ("ptxas_path", _program),
    "idleMemoryRelease": ("idle_memory_release", _seconds),
    "trustedTools": ("trusted_tools", _programs),
    "resourceLens": ("resource_lens", _flag),
    "diagnostics": ("diagnostics", _one_of(DIAGNOSTICS_MODES)),
    "optLevel": ("opt_level", _opt_level),
    "debugInfo": ("debug_info", _one_of(DEBUG_INFO_MODES)),
}
