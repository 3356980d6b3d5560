"""Fixes for the target gate: raise or change the target a module is checked against.

* ``*.sm-gate`` / ``*.ptx-gate`` -- rewrite the ``#nvvm.target`` the failing check used
  (its ``chip``, and ``features = "+ptxNN"`` when the PTX ISA must rise), or the
  ``nv_tileaa`` attribute, to the lowest target that accepts every gated op of the module
  (the gate's ``data``: ``lowestTarget``/``ptx``); a gpu.module checked against the
  fallback target gets a target list of its own. "Raise" when the new target accepts
  everything the old one did, "Change" otherwise (``sm_100a`` -> ``sm_90a``); a module
  listing several targets may instead drop the one that fails when another listed target
  already accepts every op.
* ``target.none`` -- give every gpu.module with gated ops and no target its own
  ``[#nvvm.target<...>]`` (the lowest target of that module).
* ``target.unknown-chip`` -- replace the chip with the nearest known ones.
"""

from __future__ import annotations

import difflib
import re

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...diagnostics import Diagnostic
from ...analysis.facts import Requirement
from ...target import (
    CHIP_PTX, KNOWN_CHIPS, TILEAA_CC, TILEAA_SPEC, ResolvedTarget, Target, chip_order, format_ptx, lowest_target,
    nvvm_targets, parse_chip, parse_features, parse_ptx, satisfies, tileaa_target,
)
from ...verify.gate import instance_requirement, is_gated
from . import Edit, Fix, Fixer

_CHIP = re.compile(r'chip\s*=\s*"([^"]*)"')
_FEATURES = re.compile(r'features\s*=\s*"([^"]*)"')
_PTX_FEATURE = re.compile(r"\+ptx\d+")


def fixers_for(code: str) -> list[Fixer]:
    if code.endswith(("sm-gate", "ptx-gate")):
        return [gate_fixes]
    if code == "target.none":
        return [no_target_fixes]
    if code == "target.unknown-chip":
        return [unknown_chip_fixes]
    return []


# ---------------------------------------------------------------------- targets as text
def wanted_target(data: dict) -> Target | None:
    """The gate's ``lowestTarget`` with the PTX ISA it needs there."""
    chip = data.get("lowestTarget")
    if not isinstance(chip, str):
        return None
    target = parse_chip(chip)
    if not isinstance(target, Target):
        return None
    ptx = parse_ptx(str(data.get("ptx") or ""))
    return target.with_ptx(ptx) if ptx is not None and ptx > target.ptx else target


def ptx_feature(target: Target) -> str:
    return "+ptx" + format_ptx(target.ptx).replace(".", "")


def target_attribute(target: Target) -> str:
    """``#nvvm.target<chip = "sm_90a">``, with ``features`` when the chip's own PTX ISA is too old."""
    features = f', features = "{ptx_feature(target)}"' if target.ptx > CHIP_PTX[target.chip] else ""
    return f'#nvvm.target<chip = "{target.chip}"{features}>'


def accepts_all_of(new: Target, old: Target) -> bool:
    """Does ``new`` run everything ``old`` runs (a raise rather than a change)?"""
    if new.ptx < old.ptx or new.arch < old.arch:
        return False
    if old.suffix == "a":
        return new.chip == old.chip
    if old.suffix == "f":
        return new.suffix in ("a", "f") and new.family == old.family
    return True


def _rewrite_nvvm_target(text: str, start: int, end: int, new: Target) -> list[Edit] | None:
    """Edits turning the ``#nvvm.target<...>`` at start..end into one for ``new``: its
    ``chip`` replaced, ``+ptxNN`` set in ``features`` when the chip's PTX ISA is too old,
    every other parameter kept."""
    written = text[start:end]
    if not written.startswith("#nvvm.target"):
        return None  # an alias: its definition may serve other modules
    if "<" not in written:
        return [(start, end, target_attribute(new))]
    chip = _CHIP.search(written)
    features = _FEATURES.search(written)
    current = parse_features(features.group(1)) if features else None
    raise_ptx = new.ptx > max(CHIP_PTX[new.chip], current or (0, 0))
    edits: list[Edit] = []
    if chip is None:
        inner = start + written.index("<") + 1
        added = f'chip = "{new.chip}"'
        if raise_ptx and features is None:
            added += f', features = "{ptx_feature(new)}"'
        if written[written.index("<") + 1:].strip() != ">":
            added += ", "
        edits.append((inner, inner, added))
    elif chip.group(1) != new.chip:
        edits.append((start + chip.start(1), start + chip.end(1), new.chip))
    if raise_ptx and features is not None:
        others = [f.strip() for f in features.group(1).split(",")
                  if f.strip() and not _PTX_FEATURE.fullmatch(f.strip())]
        edits.append((start + features.start(1), start + features.end(1), ",".join([*others, ptx_feature(new)])))
    elif raise_ptx and chip is not None:
        edits.append((start + chip.end(), start + chip.end(), f', features = "{ptx_feature(new)}"'))
    return edits


def _symbol(module: Operation | None) -> str:
    if module is None:
        return "this module"
    name = module.symbol_name
    return f"{module.name} {name}" if name else module.name


def _enclosing(op: Operation | None, names: tuple[str, ...]) -> Operation | None:
    while op is not None and op.name not in names:
        op = op.parent_op()
    return op


def _target_list_insertion(doc: Document, module: Operation, new: Target) -> Edit | None:
    """Where a gpu.module without targets gets ``[#nvvm.target<...>]``: right after its
    symbol, before ``attributes`` or its region (a module with an offloading handler
    ``<...>`` is left alone)."""
    if module.name != "gpu.module" or "targets" in module.attributes:
        return None
    symbol = next((s for s in module.symbols if s.is_definition), None)
    if symbol is None:
        return None
    text = doc.text
    at = symbol.end
    rest = text[at:module.end].lstrip()
    if rest.startswith("<"):
        return None  # an offloading handler: keep to texts we can place exactly
    if not (rest.startswith("{") or rest.startswith("attributes")):
        return None
    return (at, at, f" [{target_attribute(new)}]")


# ---------------------------------------------------------------------- the gate
def gate_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    new = wanted_target(data)
    if new is None:
        return []
    op = doc.op_at(diag.start)
    module = _enclosing(op.parent_op() if op is not None else None, ("gpu.module",))
    origin = data.get("targetOrigin")
    if origin == "#nvvm.target" and module is not None and diag.related:
        return _nvvm_target_fixes(doc, module, (diag.related[0].start, diag.related[0].end), new)
    if origin in (TILEAA_SPEC, TILEAA_CC) and diag.related:
        return _tileaa_fixes(doc, op, module, (diag.related[0].start, diag.related[0].end), new)
    if module is not None:
        edit = _target_list_insertion(doc, module, new)
        if edit is not None:
            return [Fix(f"Set the target of {_symbol(module)} to {_describe(new)}", (edit,), preferred=True)]
    return []


def _describe(target: Target, old: Target | None = None) -> str:
    if target.ptx > CHIP_PTX[target.chip] and (old is None or target.ptx > old.ptx):
        return f"{target.chip} (PTX ISA {target.ptx_text})"
    return target.chip


def _nvvm_target_fixes(doc: Document, module: Operation, span: tuple[int, int], new: Target) -> list[Fix]:
    listed = nvvm_targets(doc, module)
    current = next((t for t in listed if t.span == span), None)
    if current is None or current.target is None:
        return []
    old = current.target
    fixes: list[Fix] = []
    others = [t.target for t in listed if t is not current and t.target is not None]
    if any(t.chip == new.chip and t.ptx >= new.ptx for t in others):
        removal = _remove_list_element(module, listed, current)
        if removal is not None:
            fixes.append(Fix(f"Remove the target {old.chip} from {_symbol(module)}", (removal,), preferred=True))
            return fixes
    edits = _rewrite_nvvm_target(doc.text, span[0], span[1], new)
    if not edits:
        return fixes
    if new.chip == old.chip:
        title = f"Raise the PTX ISA of {_symbol(module)} to {new.ptx_text} ({ptx_feature(new)})"
    elif accepts_all_of(new, old):
        title = f"Raise the target of {_symbol(module)} to {_describe(new, old)}"
    else:
        title = f"Change the target of {_symbol(module)} to {_describe(new, old)}"
    fixes.append(Fix(title, tuple(edits), preferred=True))
    return fixes


def _remove_list_element(module: Operation, listed: list[ResolvedTarget], current: ResolvedTarget) -> Edit | None:
    """The edit deleting ``current`` and one separator from the module's target list, when
    the list holds only ``#nvvm.target`` entries (so neighbours in ``listed`` are neighbours)."""
    spans = [t.span for t in listed]
    entry = module.attributes.get("targets")
    elements = getattr(entry.value, "elements", None) if entry is not None else None
    if any(s is None for s in spans) or len(spans) < 2 or elements is None or len(elements) != len(spans):
        return None
    index = listed.index(current)
    if index + 1 < len(spans):
        return (spans[index][0], spans[index + 1][0], "")  # type: ignore[index]
    return (spans[index - 1][1], spans[index][1], "")  # type: ignore[index]


def _tileaa_fixes(doc: Document, op: Operation | None, module: Operation | None, span: tuple[int, int],
                  new: Target) -> list[Fix]:
    text = doc.text
    if new.ptx > CHIP_PTX[new.chip]:
        # nv_tileaa names no PTX ISA: only a gpu.module's own #nvvm.target (which wins) can.
        if module is not None:
            edit = _target_list_insertion(doc, module, new)
            if edit is not None:
                return [Fix(f"Set the target of {_symbol(module)} to {_describe(new)}", (edit,), preferred=True)]
        return []
    holder, entry = _attribute_at(op, span)
    if holder is None or entry is None:
        return []
    title = f"Raise the target of {_symbol(holder)} to {new.chip}"
    if entry.name == TILEAA_SPEC:
        match = re.search(r'"([^"]*)"', text[entry.value_start:entry.value_end])
        if match is None:
            return []
        start = entry.value_start + match.start(1)
        return [Fix(title, ((start, start + len(match.group(1)), new.chip),), preferred=True)]
    match = re.search(r"\d+", text[entry.value_start:entry.value_end])
    if match is None:
        return []
    number = (entry.value_start + match.start(), entry.value_start + match.end(), str(new.arch))
    if not new.suffix:
        return [Fix(title, (number,), preferred=True)]
    # compute_capability cannot say 'a'/'f': target_spec beside it does (and wins on the same op).
    spec = (entry.start, entry.start, f'{TILEAA_SPEC} = "{new.chip}", ')
    return [Fix(title, (spec, number), preferred=True)]


def _attribute_at(op: Operation | None, span: tuple[int, int]):
    """The enclosing op and its attribute entry written at ``span`` (an ``nv_tileaa`` one)."""
    parent = op.parent_op() if op is not None else None
    while parent is not None:
        for entry in parent.attributes.values():
            if (entry.start, entry.end) == span:
                return parent, entry
        parent = parent.parent_op()
    return None, None


def module_requirements(doc: Document, module: Operation) -> list[Requirement]:
    """The requirements of the gated ops inside ``module``."""
    found = []
    for op in module.walk():
        requirement = instance_requirement(op, doc) if op is not module else None
        if requirement is not None and is_gated(requirement):
            found.append(requirement)
    return found


# ---------------------------------------------------------------------- no target
def no_target_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    edits: list[Edit] = []
    names: list[str] = []
    chips: list[str] = []
    for module in doc.ops():
        if module.name != "gpu.module" or "targets" in module.attributes:
            continue
        if tileaa_target(doc, module) is not None:
            continue
        requirements = module_requirements(doc, module)
        lowest = lowest_target(requirements) if requirements else None  # type: ignore[arg-type]
        if lowest is None:
            continue
        edit = _target_list_insertion(doc, module, lowest)
        if edit is not None:
            edits.append(edit)
            names.append(_symbol(module))
            chips.append(_describe(lowest))
    if not edits:
        return []
    if len(edits) == 1:
        title = f"Set the target of {names[0]} to {chips[0]}"
    else:
        title = f"Set the targets of {len(edits)} gpu.modules ({', '.join(sorted(set(chips)))})"
    return [Fix(title, tuple(edits), preferred=True)]


# ---------------------------------------------------------------------- unknown chips
def _target(chip: str) -> Target:
    parsed = parse_chip(chip)
    assert isinstance(parsed, Target)
    return parsed


def nearest_chips(name: str, count: int = 3, plain_only: bool = False,
                  requirements: list[Requirement] | None = None) -> list[str]:
    """Known chips closest to ``name``: by architecture number and suffix for ``sm_NN``-like
    names (``compute_90`` -> ``sm_90``), by spelling otherwise; chips that run every op of
    ``requirements`` (the module's gated ops) first."""
    chips = [c for c in KNOWN_CHIPS if not plain_only or c[-1].isdigit()]
    runs_all = set(chips)
    if requirements:
        runs_all = {c for c in chips if all(satisfies(_target(c), r) for r in requirements)}
    match = re.fullmatch(r"(?:sm|compute|lto)_?(\d+)([a-z]?)", name.strip().lower())
    if match is None:
        close = difflib.get_close_matches(name, chips, n=len(chips), cutoff=0.3)
        return sorted(close, key=lambda c: c not in runs_all)[:count]
    arch, suffix = int(match.group(1)), match.group(2)

    def distance(chip: str) -> tuple:
        parsed = _target(chip)
        return (chip not in runs_all, abs(parsed.arch - arch), parsed.suffix != suffix, chip_order(chip))

    return sorted(chips, key=distance)[:count]


def unknown_chip_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    text = doc.text
    holder = doc.op_at(diag.start)
    requirements = module_requirements(doc, holder) if holder is not None else []
    written = text[diag.start:diag.end]
    if written.startswith("#nvvm.target"):
        match = _CHIP.search(written)
        if match is None:
            return []
        at = (diag.start + match.start(1), diag.start + match.end(1))
        name = match.group(1)
    elif written.startswith(TILEAA_SPEC):
        match = re.search(r'=\s*"([^"]*)"', written)
        if match is None:
            return []
        at = (diag.start + match.start(1), diag.start + match.end(1))
        name = match.group(1)
    elif written.startswith(TILEAA_CC):
        match = re.search(r"=\s*(\d+)", written)
        if match is None:
            return []
        at = (diag.start + match.start(1), diag.start + match.end(1))
        candidates = nearest_chips(f"sm_{match.group(1)}", plain_only=True, requirements=requirements)
        return [Fix(f"Change the compute capability to {c[3:]} ({c})", ((at[0], at[1], c[3:]),),
                    preferred=i == 0 and len(candidates) == 1)
                for i, c in enumerate(candidates)]
    else:
        return []  # the fallback target: it lives in the settings, not in this file
    candidates = nearest_chips(name, requirements=requirements)
    exact = [c for c in candidates if c == f"sm_{name.split('_', 1)[-1]}"]
    return [Fix(f"Change the chip '{name}' to '{c}'", ((at[0], at[1], c),), preferred=bool(exact) and c == exact[0])
            for c in candidates]
