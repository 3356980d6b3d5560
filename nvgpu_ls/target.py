"""The GPU a module is checked against, and where that choice came from.

A :class:`Target` is what ``ptxas`` is asked to assemble for: an architecture number
(``90``), an optional suffix (``a``: the architecture-specific feature set, ``f``: the
family feature set) and a PTX ISA version. :func:`satisfies` answers whether an op's
:class:`~nvgpu_ls.analysis.facts.Requirement` holds on a target; the rules are ptxas's:

* a plain requirement ``sm_90`` is met by every architecture from 90 on, whatever its
  suffix (``sm_90a``, ``sm_100f``, ``sm_120``);
* an ``a`` requirement ``sm_90a`` is met only by ``sm_90a`` itself - later architectures
  do not inherit architecture-specific features;
* an ``f`` requirement ``sm_100f`` is met by the ``f`` and ``a`` targets of the same
  family (same major version) from that minor version on: ``sm_100f``, ``sm_100a``,
  ``sm_103f``, ``sm_103a`` - but not by plain ``sm_103`` nor by ``sm_110f``;
* the target's PTX ISA must be at least the requirement's.

:func:`resolve_target` finds the target of a ``gpu.module`` (or of the file), first hit
wins: ``#nvvm.target`` in the module's target list, then the ``nv_tileaa`` module
attributes, then the fallback from outside the file (config file, ``--target``, editor
setting).

Default PTX ISA. ``#nvvm.target<chip = "sm_90a">`` without ``+ptxNN`` is compiled by
LLVM's NVPTX backend with the PTX ISA its processor definition implies, which is the
oldest ISA that knows the chip; a ``+ptxNN`` feature raises it (NVPTX keeps the highest
PTX feature, so ``+ptx70`` on ``sm_90a`` still emits ``.version 8.0``). This module
models exactly that, so the gate judges the ``.version`` the pipeline really emits.
The table agrees with the oldest ``.version`` ptxas 13.0 accepts for each chip, except
``sm_88``, which ptxas takes from PTX 7.3 although PTX ISA 9.0 (and LLVM) introduce it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .analysis.facts import Requirement

if TYPE_CHECKING:  # pragma: no cover
    from .analysis.document import Document
    from .analysis.ir import Operation

PtxVersion = tuple[int, int]

CHIP_PTX: dict[str, PtxVersion] = {
    "sm_50": (4, 0), "sm_52": (4, 1), "sm_53": (4, 2),
    "sm_60": (5, 0), "sm_61": (5, 0), "sm_62": (5, 0),
    "sm_70": (6, 0), "sm_72": (6, 1), "sm_75": (6, 3),
    "sm_80": (7, 0), "sm_86": (7, 1), "sm_87": (7, 4), "sm_88": (9, 0), "sm_89": (7, 8),
    "sm_90": (7, 8), "sm_90a": (8, 0),
    "sm_100": (8, 6), "sm_100a": (8, 6), "sm_100f": (8, 8),
    "sm_101": (8, 6), "sm_101a": (8, 6), "sm_101f": (8, 8),
    "sm_103": (8, 8), "sm_103a": (8, 8), "sm_103f": (8, 8),
    "sm_110": (9, 0), "sm_110a": (9, 0), "sm_110f": (9, 0),
    "sm_120": (8, 7), "sm_120a": (8, 7), "sm_120f": (8, 8),
    "sm_121": (8, 8), "sm_121a": (8, 8), "sm_121f": (8, 8),
}
"""Every chip nvgpu-ls accepts, with the PTX ISA it gets when none is given (see the
module docstring). ptxas 13.0 accepts all of them but the ``sm_5x``/``sm_6x``/``sm_70``/
``sm_72`` chips it dropped and ``sm_101*``, which CUDA 13 renamed ``sm_110*``; ptxas
12.9 (the ``nvidia-cuda-nvcc-cu12`` wheel) still assembles those, and LLVM 22 knows
them all."""

KNOWN_CHIPS: tuple[str, ...] = tuple(CHIP_PTX)

_SUFFIX_RANK = {"": 0, "f": 1, "a": 2}
_ARCH = re.compile(r"sm_(\d+)([af]?)")


@dataclass(frozen=True)
class Target:
    """One GPU target: ``sm_{arch}{suffix}`` with a PTX ISA version."""

    arch: int
    suffix: str = ""
    """``""``, ``"a"`` (architecture-specific) or ``"f"`` (family)."""
    ptx: PtxVersion = (0, 0)

    @property
    def chip(self) -> str:
        return f"sm_{self.arch}{self.suffix}"

    @property
    def family(self) -> int:
        """The major version: sm_100, sm_101 and sm_103 are family 10, sm_120/121 family 12."""
        return self.arch // 10

    @property
    def ptx_text(self) -> str:
        return format_ptx(self.ptx)

    def with_ptx(self, ptx: PtxVersion) -> "Target":
        return Target(self.arch, self.suffix, ptx)

    def __str__(self) -> str:
        return f"{self.chip} (PTX ISA {self.ptx_text})"


@dataclass(frozen=True)
class ResolvedTarget:
    """The target of one ``gpu.module`` (or of the file), with where it came from.

    ``target`` is None when the source names a chip nvgpu-ls does not know; ``error``
    then says why, and the gate reports it at ``span``.
    """

    target: Target | None
    source: str
    """``#nvvm.target``, ``nv_tileaa.target_spec``, ``nv_tileaa.compute_capability`` or the
    fallback's origin (``nvgpu-ls.toml``, ``--target``, ``settings``)."""
    span: tuple[int, int] | None = None
    """Where in the document the target is written; None for the fallback."""
    error: str | None = None
    upstream_error: str | None = None
    """Upstream's own message when upstream refuses this target too (``error`` then explains it)."""
    opt_level: int | None = None
    """The optimisation level (``O``) an ``#nvvm.target`` states; None where it states none."""


# ---------------------------------------------------------------------------- parsing
def format_ptx(ptx: PtxVersion) -> str:
    return f"{ptx[0]}.{ptx[1]}"


def parse_ptx(text: str) -> PtxVersion | None:
    """``"8.0"`` → ``(8, 0)``; None when it is not a ``major.minor`` version."""
    match = re.fullmatch(r"(\d+)\.(\d+)", text.strip())
    return (int(match.group(1)), int(match.group(2))) if match else None


def valid_chips_text() -> str:
    """The known chips as one comma-separated line, for error messages."""
    return ", ".join(KNOWN_CHIPS)


def parse_chip(text: str) -> Target | str:
    """A chip name (``sm_90``, ``sm_90a``, ``sm_100f``) as a Target with its default PTX ISA,
    or an error message when nvgpu-ls does not know the chip."""
    name = text.strip()
    if name in CHIP_PTX:
        match = _ARCH.fullmatch(name)
        assert match is not None
        return Target(int(match.group(1)), match.group(2), CHIP_PTX[name])
    hint = ""
    if name.startswith(("compute_", "lto_")):
        hint = f" ('{name}' is a virtual architecture; name a real one such as 'sm_{name.split('_', 1)[1]}')"
    elif _ARCH.fullmatch(name):
        hint = " (no such architecture)"
    return f"unknown chip '{name}'{hint}; valid chips: {valid_chips_text()}"


UPSTREAM_MINIMUM_SM = "Minimum NVVM target SM version is sm_20"
"""What upstream's gpu.module verifier says of an ``#nvvm.target`` whose chip it reads below sm_20."""


def upstream_chip_error(chip: str) -> str | None:
    """Upstream's error for ``chip`` on a verified ``#nvvm.target``, or None where it has none.

    Upstream reads the SM number as the digits after the first three characters (``sm_90a`` →
    90, ``sm90`` → 0, ``abc12`` → 12) and refuses one below 20. Where no digits follow, its
    reading is undefined (measured: accepted), and so is one past ``int``: None for both.
    """
    digits = re.match(r"\d*", chip[3:])
    number = digits.group() if digits else ""
    if not number or len(number) > 9:
        return None
    return UPSTREAM_MINIMUM_SM if int(number) < 20 else None


def parse_features(features: str) -> PtxVersion | None:
    """The PTX ISA a ``#nvvm.target`` features string asks for (``"+ptx80"`` → ``(8, 0)``).

    Features are comma-separated LLVM features; the highest ``+ptxNN`` wins, as in NVPTX,
    and anything else is ignored. None when no PTX feature is given.
    """
    best: PtxVersion | None = None
    for feature in features.split(","):
        match = re.fullmatch(r"\+ptx(\d)(\d+)", feature.strip())
        if match:
            version = (int(match.group(1)), int(match.group(2)))
            best = version if best is None or version > best else best
    return best


def make_target(chip: str, features: str = "") -> Target | str:
    """A chip plus a features string, with the PTX ISA NVPTX would emit for them."""
    parsed = parse_chip(chip)
    if isinstance(parsed, str):
        return parsed
    asked = parse_features(features)
    return parsed if asked is None or asked <= parsed.ptx else parsed.with_ptx(asked)


def parse_target_spec(text: str) -> Target | str:
    """A target as the config file, ``--target`` and the editor setting spell it: a chip,
    optionally followed by its PTX ISA as ``#nvvm.target`` features (``sm_90a+ptx80``)."""
    chip, plus, features = text.strip().partition("+")
    return make_target(chip, plus + features)


def _requirement_arch(text: str) -> tuple[int, str] | None:
    """The (arch, suffix) of a requirement's ``sm`` (any ``sm_N`` spelling, known or not)."""
    match = _ARCH.fullmatch(text.strip())
    return (int(match.group(1)), match.group(2)) if match else None


# ---------------------------------------------------------------------------- satisfaction
def sm_satisfies(target: Target, sm: str) -> bool:
    """Does the target's architecture meet ``sm`` (ignoring PTX ISA)? See the module docstring."""
    parsed = _requirement_arch(sm)
    if parsed is None:
        return False
    arch, suffix = parsed
    if suffix == "a":
        return target.arch == arch and target.suffix == "a"
    if suffix == "f":
        return target.suffix in ("a", "f") and target.family == arch // 10 and target.arch >= arch
    return target.arch >= arch


def alternatives(requirement: Requirement) -> list[tuple[str, PtxVersion]]:
    """Every ``(sm, ptx)`` pair that meets the requirement, the main one first."""
    pairs = [(requirement.sm, requirement.ptx), *requirement.also]
    result = []
    for sm, ptx in pairs:
        version = parse_ptx(ptx)
        result.append((sm, version if version is not None else (0, 0)))
    return result


def satisfies(target: Target, requirement: Requirement | None) -> bool:
    """Does ``target`` meet ``requirement`` (None is always met)?"""
    if requirement is None:
        return True
    return any(sm_satisfies(target, sm) and target.ptx >= ptx for sm, ptx in alternatives(requirement))


def ptx_needed(target: Target, requirement: Requirement) -> PtxVersion | None:
    """The lowest PTX ISA with which ``target``'s architecture meets ``requirement``;
    None when no PTX ISA would do (the architecture itself falls short)."""
    versions = [ptx for sm, ptx in alternatives(requirement) if sm_satisfies(target, sm)]
    return min(versions) if versions else None


def requirement_text(requirement: Requirement) -> str:
    """``sm_90a``, ``sm_100a or sm_103a``, ``sm_100f, sm_110f or sm_120f`` (SMs only)."""
    names: list[str] = []
    for sm, _ in alternatives(requirement):
        if sm not in names:
            names.append(sm)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def chip_order(chip: str) -> tuple[int, int]:
    """Sort key putting chips from lowest to highest: by architecture, plain < f < a."""
    parsed = _requirement_arch(chip)
    if parsed is None:
        return (10**6, 0)
    return (parsed[0], _SUFFIX_RANK[parsed[1]])


def lowest_target(requirements: list[Requirement]) -> Target | None:
    """The lowest known chip (plain before ``f`` before ``a``) whose architecture meets every
    requirement, with the PTX ISA all of them need there (at least the chip's default);
    None when no single chip meets them all (e.g. sm_90a-only and sm_100a-only ops)."""
    for chip in sorted(KNOWN_CHIPS, key=chip_order):
        target = parse_chip(chip)
        assert isinstance(target, Target)
        ptx = target.ptx
        for requirement in requirements:
            needed = ptx_needed(target, requirement)
            if needed is None:
                break
            ptx = max(ptx, needed)
        else:
            return target.with_ptx(ptx)
    return None


# ---------------------------------------------------------------------------- resolution
TILEAA_SPEC = "nv_tileaa.target_spec"
TILEAA_CC = "nv_tileaa.compute_capability"


def resolve_target(doc: "Document", module_op: "Operation | None", fallback: str | None,
                   fallback_origin: str) -> ResolvedTarget | None:
    """The target of ``module_op`` (a ``gpu.module``, or the ``builtin.module`` / None that
    holds code outside any gpu.module), first hit wins:

    1. ``#nvvm.target<chip = ..., features = "+ptxNN">`` in the gpu.module's target list
       (the first one; :func:`module_targets` gives all of them);
    2. ``nv_tileaa.target_spec = "sm_XX"`` or ``nv_tileaa.compute_capability = XX`` (major*10
       + minor) on the gpu.module or an enclosing builtin.module, innermost first
       (``target_spec`` before ``compute_capability`` on the same op, as it can name an
       ``a``/``f`` chip);
    3. ``fallback`` (a chip name), recorded with ``fallback_origin``.

    None when none of them is there. A source naming an unknown chip still wins; its
    ResolvedTarget has ``target`` None and an ``error``.
    """
    found = module_targets(doc, module_op, fallback, fallback_origin)
    return found[0] if found else None


def module_targets(doc: "Document", module_op: "Operation | None", fallback: str | None,
                   fallback_origin: str) -> list[ResolvedTarget]:
    """Like :func:`resolve_target`, but every ``#nvvm.target`` of a gpu.module's list (a
    module compiled for two GPUs must pass on both); otherwise at most one entry."""
    if module_op is not None and module_op.name == "gpu.module":
        listed = nvvm_targets(doc, module_op)
        if listed:
            return listed
    op = module_op
    while op is not None:
        if op.name in ("gpu.module", "builtin.module"):
            found = tileaa_target(doc, op)
            if found is not None:
                return [found]
        op = op.parent_op()
    if fallback is not None and fallback.strip():
        target = parse_target_spec(fallback)
        if isinstance(target, str):
            return [ResolvedTarget(None, fallback_origin, None, f"{target} (from {fallback_origin})")]
        return [ResolvedTarget(target, fallback_origin)]
    return []


def nvvm_targets(doc: "Document", module_op: "Operation") -> list[ResolvedTarget]:
    """Each ``#nvvm.target`` in a gpu.module's ``[...]`` list, with its span."""
    from .analysis.values import ArrayAttr, AttrAliasRef, BoolAttr, IntegerAttr, NVVMTargetAttr

    entry = module_op.attributes.get("targets")
    if entry is None or not isinstance(entry.value, ArrayAttr):
        return []
    spans = _element_spans(doc.text, entry.value_start, entry.value_end)
    aliases = None
    result = []
    for index, element in enumerate(entry.value.elements):
        if isinstance(element, AttrAliasRef):
            aliases = aliases if aliases is not None else doc.aliases(module_op.start)
            alias = aliases.get(element.name)
            if alias is not None:
                element = alias.value  # type: ignore[assignment]  # an alias of a type is no target: skipped below
        if not isinstance(element, NVVMTargetAttr):
            continue
        span = spans[index] if index < len(spans) else (entry.value_start, entry.value_end)
        target = make_target(element.chip, element.features)
        stated = element.opt_level if any(key == "O" for key, _ in element.params) else None
        if isinstance(target, str):
            verified = not any(key == "verifyTarget" and isinstance(value, (BoolAttr, IntegerAttr)) and not value.value
                               for key, value in element.params)
            upstream = upstream_chip_error(element.chip) if verified else None
            result.append(ResolvedTarget(None, "#nvvm.target", span, target, upstream, stated))
        else:
            result.append(ResolvedTarget(target, "#nvvm.target", span, opt_level=stated))
    return result


def tileaa_target(doc: "Document", op: "Operation") -> ResolvedTarget | None:
    """The target an op's ``nv_tileaa`` attributes name (``target_spec`` first), if any."""
    from .analysis.values import IntegerAttr, StringAttr

    spec = op.attributes.get(TILEAA_SPEC)
    if spec is not None:
        span = (spec.start, spec.end)
        if not isinstance(spec.value, StringAttr):
            return ResolvedTarget(None, TILEAA_SPEC, span, f"'{TILEAA_SPEC}' must be a string such as \"sm_90a\"")
        target = parse_chip(spec.value.value)
        if isinstance(target, str):
            return ResolvedTarget(None, TILEAA_SPEC, span, target)
        return ResolvedTarget(target, TILEAA_SPEC, span)
    capability = op.attributes.get(TILEAA_CC)
    if capability is not None:
        span = (capability.start, capability.end)
        if not isinstance(capability.value, IntegerAttr):
            return ResolvedTarget(None, TILEAA_CC, span,
                                  f"'{TILEAA_CC}' must be an integer, major * 10 + minor (90 for sm_90)")
        target = parse_chip(f"sm_{capability.value.value}")
        if isinstance(target, str):
            return ResolvedTarget(None, TILEAA_CC, span,
                                  f"compute capability {capability.value.value}: {target}")
        return ResolvedTarget(target, TILEAA_CC, span)
    return None


def _element_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the top-level elements of the ``[a, b, ...]`` array written at start..end."""
    spans: list[tuple[int, int]] = []
    i = text.find("[", start, end)
    if i == -1:
        return spans
    depth = 0
    quote = False
    element_start: int | None = None
    i += 1
    while i < end:
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                quote = False
        elif ch == '"':
            quote = True
            element_start = i if element_start is None else element_start
        elif ch in "<([{":
            depth += 1
            element_start = i if element_start is None else element_start
        elif ch in ">)]}":
            if depth == 0 and ch == "]":
                break
            depth -= 1
        elif ch == "," and depth == 0:
            if element_start is not None:
                spans.append((element_start, _trim_end(text, element_start, i)))
            element_start = None
        elif not ch.isspace() and element_start is None:
            element_start = i
        i += 1
    if element_start is not None:
        spans.append((element_start, _trim_end(text, element_start, i)))
    return spans


def _trim_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end
