"""The SM / PTX-ISA target gate: ops the GPU a module targets cannot run.

For every op whose facts carry a :class:`~nvgpu_ls.analysis.facts.Requirement`, the gate
works out the requirement of this very instance (``requirement_forms``: an
``nvgpu.mma.sync`` of shape m16n8k16 needs sm_80 even though m16n8k8 runs on sm_75),
resolves the target of the enclosing ``gpu.module`` (or of the file) with
:func:`nvgpu_ls.target.module_targets`, and reports an op the target does not satisfy:

* ``nvgpu.sm-gate`` / ``nvgpu.ptx-gate`` (``nvvm.*`` for nvvm ops written in the file)
  on the op's name, with the place the target came from as related information and,
  as ``data`` for a quick fix, the lowest target that accepts every gated op of the
  module;
* ``target.unknown-chip`` on an ``#nvvm.target`` / ``nv_tileaa`` attribute (or for a
  fallback) naming a chip nvgpu-ls does not know — in upstream's words where upstream's
  gpu.module verifier refuses the chip too, ours then as the explanation;
* ``target.none``, once, when gated ops have no target at all: the checks were skipped.

Ops whose requirement every known chip meets (``nvvm.read.ptx.sreg.tid.x``: sm_10) are
not "gated": they never fail, so they neither trigger ``target.none`` nor affect the
lowest target.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterable, Iterator, cast

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..analysis.values import DialectAttr, FloatType, Type, TypeAttr, VectorType
from ..diagnostics import Diagnostic, Related, Severity
from ..analysis.facts import Requirement
from ..target import (
    TILEAA_CC, TILEAA_SPEC, ResolvedTarget, Target, format_ptx, lowest_target, module_targets, nvvm_targets,
    parse_chip, ptx_needed, requirement_text, satisfies, tileaa_target,
)
from ..analysis.opview import OpView
from ..dialects.overlay.nvvm import KERNEL_ATTRIBUTE_REQUIREMENTS

SOURCE = "nvgpu-ls"
_MODULES = ("gpu.module", "builtin.module")

_BASELINE = cast(Target, parse_chip("sm_50"))


# ---------------------------------------------------------------------------- instance forms
def _element(t: Type | None) -> Type | None:
    return t.element if isinstance(t, VectorType) else t


def _mma_keys(view: OpView) -> list[str]:
    shape = view.int_list_attr("mmaShape")
    element = _element(view.type_of("matrixA"))
    if shape is None or len(shape) != 3 or element is None:
        return []
    name = str(element)
    if name == "f32" and view.unit("tf32Enabled"):
        name = "tf32"
    return [f"m{shape[0]}n{shape[1]}k{shape[2]}.{name}"]


def _conversion_types(view: OpView) -> tuple[str, str, int, int] | None:
    source = _element(view.type_of("in"))
    result = _element(view.result_type(0))
    if not isinstance(source, FloatType) or not isinstance(result, FloatType):
        return None
    return str(source), str(result), source.width, result.width


def _extf_keys(view: OpView) -> list[str]:
    types = _conversion_types(view)
    if types is None:
        return []
    source, result = types[0], types[1]
    return [f"{source}->{result}", f"{source}->*"]


def _truncf_keys(view: OpView) -> list[str]:
    types = _conversion_types(view)
    if types is None:
        return []
    source, result = types[0], types[1]
    modifiers = []
    if view.enum_word("rnd", "rn") == "rs":
        modifiers.append("rs")
    if view.enum_word("sat", "satfinite") == "none":
        modifiers.append("sat=none")
    keys = []
    for side in (source, "*"):
        keys += [f"{side}->{result}.{m}" for m in modifiers]
        keys.append(f"{side}->{result}")
    return keys


def _convert_float_keys(view: OpView) -> list[str]:
    types = _conversion_types(view)
    if types is None:
        return []
    return _extf_keys(view) if types[2] < types[3] else _truncf_keys(view)


def _tensormap_replace_keys(view: OpView) -> list[str]:
    field = view.enum_attr("field")
    return [f"field={field}"] if field else []


def _tcgen05_mma_keys(view: OpView) -> list[str]:
    kind = view.enum_attr("kind")
    value = view.attr("kind")
    if kind is None and isinstance(value, DialectAttr) and len(value.params) == 1 \
            and isinstance(value.params[0], TypeAttr):
        kind = str(value.params[0].type)  # ``#nvvm.tcgen05_mma_kind<i8>`` reads its ``i8`` as a type
    return [f"kind={kind}"] if kind else []


def _mma_sp_keys(view: OpView) -> list[str]:
    return ["orderedMetadata"] if view.has_attr("orderedMetadata") else []


FORM_KEYS: dict[str, Callable[[OpView], list[str]]] = {
    "nvgpu.mma.sync": _mma_keys,
    "nvgpu.extf": _extf_keys,
    "nvgpu.convert.fpext": _extf_keys,
    "nvgpu.truncf": _truncf_keys,
    "nvgpu.convert.fptrunc": _truncf_keys,
    "nvgpu.convert.float": _convert_float_keys,
    "nvgpu.tensormap.replace": _tensormap_replace_keys,
    "nvvm.tcgen05.mma": _tcgen05_mma_keys,
    "nvvm.mma.sp.sync": _mma_sp_keys,
}
"""How the gate spells an instance's form, most specific key first (see the key
conventions above ``_MMA_SYNC_FORMS`` in ``dialects/nvgpu.py``)."""


def form_keys(op: Operation, doc: Document, view: OpView | None = None) -> list[str]:
    """The keys under which ``op``'s facts may list this instance's requirement."""
    compute = FORM_KEYS.get(op.name)
    return compute(view or OpView(op, doc)) if compute is not None else []


def instance_requirement(op: Operation, doc: Document, view: OpView | None = None) -> Requirement | None:
    """What this op instance needs: its form's requirement when the facts list the form,
    else the op's requirement (its floor); None for ops that need nothing."""
    facts = op.facts
    if facts is None:
        return None
    if facts.requirement_forms:
        forms = {form.key: form for form in facts.requirement_forms}
        for key in form_keys(op, doc, view):
            if key in forms:
                return forms[key].requirement
    return facts.requirement


def is_gated(requirement: Requirement | None) -> bool:
    """Could some known target fail this requirement?"""
    return requirement is not None and not satisfies(_BASELINE, requirement)


# ---------------------------------------------------------------------------- the check
GatedEntry = tuple[int, int, str, Requirement]
"""A gated op as the gate's diagnostics need it: (name start, name end, op name, requirement)."""


class GatedSite:
    """Where a gated op's name is written: what the gate's messages need of an op."""

    __slots__ = ("name", "name_start", "name_end")

    def __init__(self, name: str, name_start: int, name_end: int) -> None:
        self.name = name
        self.name_start = name_start
        self.name_end = name_end


class _Scope:
    """The gated ops that share one target resolution (a gpu.module, or file-level code).

    Ops are kept in batches of entries relative to a base offset, so that the entries of
    an unchanged function can be handed over as they are (``verify/incremental.py``)."""

    def __init__(self, module_op: Operation | None, in_gpu_module: bool) -> None:
        self.module_op = module_op
        self.in_gpu_module = in_gpu_module
        self.batches: list[tuple[int, list[GatedEntry]]] = []
        self.requirements: dict[int, Requirement] = {}
        """Each distinct requirement object, by id."""
        self.requirement_ids: set[int] = set()
        """The keys of ``requirements`` (``add_batch`` tests a unit's against them)."""
        self.count = 0
        self.open_batch: list[GatedEntry] | None = None
        """The last batch when ``GatedOps.add`` built it (so more ops may join it)."""

    @property
    def symbol(self) -> str | None:
        if not self.in_gpu_module or self.module_op is None:
            return None
        return self.module_op.symbol_name

    def entries(self) -> Iterator[GatedEntry]:
        """Every gated op in document order, at its absolute offsets."""
        for base, batch in self.batches:
            if base == 0:
                yield from batch
            else:
                for start, end, name, requirement in batch:
                    yield start + base, end + base, name, requirement

    @property
    def ops(self) -> list[tuple[GatedSite, Requirement]]:
        return [(GatedSite(name, start, end), requirement) for start, end, name, requirement in self.entries()]

    def first(self) -> GatedSite:
        base, batch = self.batches[0]
        start, end, name, _ = batch[0]
        return GatedSite(name, start + base, end + base)


class GatedOps:
    """The gated ops of a document grouped by the scope their target is resolved for,
    scopes in the order of their first gated op, ops in document order."""

    def __init__(self) -> None:
        self._by_module: dict[int, _Scope] = {}
        self.scopes: list[_Scope] = []

    def _scope(self, scope: tuple[Operation | None, bool]) -> _Scope:
        module_op, in_gpu = scope
        found = self._by_module.get(id(module_op))
        if found is None:
            found = self._by_module[id(module_op)] = _Scope(module_op, in_gpu)
            self.scopes.append(found)
        return found

    def add(self, op: Operation, requirement: Requirement | None) -> None:
        """Record ``op`` with its ``gated_requirement``; an op the gate does not check (None) is passed over."""
        if requirement is None:
            return
        found = self._scope(scope_of(op))
        if found.open_batch is None:
            found.open_batch = []
            found.batches.append((0, found.open_batch))
        found.open_batch.append((op.name_start, op.name_end, op.name, requirement))
        found.requirements.setdefault(id(requirement), requirement)
        found.requirement_ids.add(id(requirement))
        found.count += 1

    def add_batch(self, batch: tuple[int, list[GatedEntry]], requirements: dict[int, Requirement],
                  ids: frozenset[int], scope: tuple[Operation | None, bool]) -> None:
        """Record gated ops given as ``(base, entries)``, relative to ``base`` (all with the same
        ``scope_of``); ``requirements`` holds their distinct requirements by id, ``ids`` its keys.
        Nothing is copied: an unchanged function hands over the same objects at every check."""
        entries = batch[1]
        if not entries:
            return
        found = self._scope(scope)
        found.batches.append(batch)
        found.open_batch = None
        if not ids <= found.requirement_ids:
            found.requirements.update(requirements)
            found.requirement_ids.update(ids)
        found.count += len(entries)


def check_targets(doc: Document, target: str | None, origin: str) -> list[Diagnostic]:
    """Every target-gate diagnostic of ``doc``; ``target`` is the fallback chip (config file,
    ``--target`` or editor setting) and ``origin`` names where it came from."""
    gated = GatedOps()
    for op in doc.ops():
        gated.add(op, gated_requirement(op, doc))
    return target_diagnostics(doc, target, origin, gated, doc.ops())


def gated_requirement(op: Operation, doc: Document, view: OpView | None = None) -> Requirement | None:
    """The requirement of ``op`` when the gate checks it (some known target fails it), else None."""
    facts = op.facts
    if facts is None or facts.requirement is None and not facts.requirement_forms:
        return None
    requirement = instance_requirement(op, doc, view)
    return requirement if _is_gated(requirement) else None


def target_diagnostics(doc: Document, target: str | None, origin: str, gated: GatedOps,
                       module_ops: Iterable[Operation]) -> list[Diagnostic]:
    """The gate's diagnostics from the gated ops found in ``doc``; ``module_ops`` holds (at
    least) every ``gpu.module`` / ``builtin.module`` of ``doc``, in document order."""
    module_ops = module_ops if isinstance(module_ops, list) else [op for op in module_ops if op.name in _MODULES]
    diagnostics = list(_unknown_chips(doc, module_ops))
    scopes = gated.scopes
    untargeted: list[_Scope] = []
    fallback_error_reported = False
    for scope in scopes:
        resolved = module_targets(doc, scope.module_op, target, origin)
        if not resolved:
            untargeted.append(scope)
            continue
        lowest = _lowest_target(frozenset(scope.requirements.values()))
        data_base = _fix_data(scope, lowest)
        for found in resolved:
            if found.target is None:
                if found.span is None and not fallback_error_reported:
                    fallback_error_reported = True
                    op = scope.first()
                    diagnostics.append(Diagnostic(op.name_start, op.name_end, found.error or "unknown chip",
                                                  "target.unknown-chip", Severity.ERROR, SOURCE))
                continue  # an unknown chip in the file was reported on its attribute
            failing = {key for key, requirement in scope.requirements.items()
                       if not _satisfies(found.target, requirement)}
            if not failing:
                continue
            for start, end, name, requirement in scope.entries():
                if id(requirement) in failing:
                    diagnostic = _gate(GatedSite(name, start, end), requirement, found, scope, data_base)
                    if diagnostic is not None:
                        diagnostics.append(diagnostic)
    if untargeted:
        diagnostics.append(_no_target(untargeted))
    diagnostics += _kernel_attribute_gates(doc, target, origin, module_ops)
    return diagnostics


def _kernel_attribute_gates(doc: Document, target: str | None, origin: str,
                            module_ops: Iterable[Operation]) -> list[Diagnostic]:
    """The cluster attributes of a gpu.module's functions (``KERNEL_ATTRIBUTE_REQUIREMENTS``)
    its targets cannot honour, reported on the attribute's name, as an op is."""
    diagnostics: list[Diagnostic] = []
    for module_op in module_ops:
        if module_op.name != "gpu.module" or not module_op.regions or not module_op.regions[0].blocks:
            continue
        sites = [(function, entry, KERNEL_ATTRIBUTE_REQUIREMENTS[name])
                 for function in module_op.regions[0].blocks[0].ops
                 for name, entry in function.attributes.items() if name in KERNEL_ATTRIBUTE_REQUIREMENTS]
        if not sites:
            continue
        resolved = [found for found in module_targets(doc, module_op, target, origin) if found.target is not None]
        scope = _Scope(module_op, True)
        for function, entry, requirement in sites:
            quoted = doc.text.startswith('"', entry.start)
            site = GatedSite(entry.name, entry.start, entry.start + len(entry.name) + 2 * quoted)
            fix = _fix_data(scope, _lowest_target(frozenset((requirement,))))
            for found in resolved:
                assert found.target is not None
                if _satisfies(found.target, requirement):
                    continue
                diagnostic = _gate(site, requirement, found, scope, fix)
                if diagnostic is not None:
                    diagnostics.append(replace(diagnostic, message=_attribute_message(entry.name, found, requirement)))
    return diagnostics


def _attribute_message(name: str, found: ResolvedTarget, requirement: Requirement) -> str:
    """The gate's message for a function attribute (upstream checks none of them)."""
    target = found.target
    assert target is not None
    needed = ptx_needed(target, requirement)
    if needed is not None:
        return (f"attribute '{name}' requires PTX ISA {format_ptx(needed)}; this gpu.module targets PTX ISA "
                f"{target.ptx_text} ({_raising_ptx(found, needed)}): LLVM's NVPTX back end refuses it")
    return (f"attribute '{name}' requires {requirement_text(requirement)}; this gpu.module targets {target.chip}: "
            f"LLVM's NVPTX back end drops it without a word, and the kernel launches without it")


def scope_of(op: Operation) -> tuple[Operation | None, bool]:
    """The gpu.module around ``op``; else the innermost builtin.module (or None)."""
    builtin: Operation | None = None
    parent = op.parent_op()
    while parent is not None:
        if parent.name == "gpu.module":
            return parent, True
        if parent.name == "builtin.module" and builtin is None:
            builtin = parent
        parent = parent.parent_op()
    return builtin, False


def _gate(op: GatedSite, requirement: Requirement, found: ResolvedTarget, scope: _Scope,
          data_base: dict) -> Diagnostic | None:
    target = found.target
    assert target is not None
    if _satisfies(target, requirement):
        return None
    dialect = op.name.split(".", 1)[0]
    needed_ptx = ptx_needed(target, requirement)
    where = "this gpu.module" if scope.in_gpu_module else "this file"
    if needed_ptx is not None:
        code = f"{dialect}.ptx-gate"
        needed = f"PTX ISA {format_ptx(needed_ptx)}"
        how = _raising_ptx(found, needed_ptx)
        if dialect != "nvvm":
            message = f"'{op.name}' requires {needed}; {where} targets PTX ISA {target.ptx_text} ({how})"
        else:
            message = (f"'{op.name}' op is not supported with PTX ISA {target.ptx_text}; it requires {needed} "
                       f"({how})")
    else:
        code = f"{dialect}.sm-gate"
        needed = requirement_text(requirement)
        if dialect != "nvvm":
            message = f"'{op.name}' requires {needed}; {where} targets {target.chip}"
        else:
            message = f"'{op.name}' op is not supported on {target.chip}; it requires {needed}"
    related: tuple[Related, ...] = ()
    if found.span is not None:
        related = (Related(found.span[0], found.span[1], f"target {target} set here ({found.source})"),)
    data = dict(data_base)
    data.update({"target": target.chip, "targetPtx": target.ptx_text, "targetOrigin": found.source,
                 "requires": needed})
    return Diagnostic(op.name_start, op.name_end, message, code, Severity.ERROR, SOURCE, related, data)


def _raising_ptx(found: ResolvedTarget, needed_ptx: tuple[int, int]) -> str:
    """How to give the target the PTX ISA it lacks, where its target is written."""
    assert found.target is not None
    feature = "+ptx" + format_ptx(needed_ptx).replace(".", "")
    if found.span is not None:
        return f'add features = "{feature}" to the #nvvm.target'
    return f"name the target as {found.target.chip}{feature} in {found.source}"


@lru_cache(maxsize=1024)
def _lowest_target(requirements: frozenset[Requirement]) -> Target | None:
    """``lowest_target`` of a set of requirements (it does not depend on their order or
    repetitions), remembered: a module's ops repeat a few requirements many times."""
    return lowest_target(list(requirements))


@lru_cache(maxsize=4096)
def _satisfies(target: Target, requirement: Requirement) -> bool:
    return satisfies(target, requirement)


@lru_cache(maxsize=4096)
def _is_gated(requirement: Requirement | None) -> bool:
    return is_gated(requirement)


def _fix_data(scope: _Scope, lowest: Target | None) -> dict:
    data: dict = {"lowestTarget": lowest.chip if lowest else None,
                  "ptx": lowest.ptx_text if lowest else None,
                  "module": scope.symbol}
    if lowest is None:
        data["conflict"] = _conflict_text(scope)
    return data


def _conflict_text(scope: _Scope) -> str:
    """Why no single target accepts the module: two ops whose requirements exclude each other."""
    ops = scope.ops
    for i, (first, first_req) in enumerate(ops):
        for second, second_req in ops[i + 1:]:
            if _lowest_target(frozenset((first_req, second_req))) is None:
                return (f"no single target accepts both '{first.name}' ({requirement_text(first_req)}) and "
                        f"'{second.name}' ({requirement_text(second_req)})")
    return "no single target accepts every op of this module"


def _no_target(scopes: list[_Scope]) -> Diagnostic:
    lowest = _lowest_target(frozenset(r for scope in scopes for r in scope.requirements.values()))
    example = lowest.chip if lowest is not None else "sm_90a"
    attribute = f'#nvvm.target<chip = "{example}"'
    default = parse_chip(example)
    if lowest is not None and isinstance(default, Target) and lowest.ptx > default.ptx:
        attribute += f', features = "+ptx{lowest.ptx[0]}{lowest.ptx[1]}"'
    attribute += ">"
    first_op = scopes[0].first()
    count = sum(scope.count for scope in scopes)
    message = (f"no target GPU is set, so the SM / PTX ISA checks of {count} op"
               f"{'' if count == 1 else 's'} were skipped; set one with "
               f"{attribute} on the gpu.module, target = \"{example}\" in "
               f"nvgpu-ls.toml, or --target {example}")
    data = {"lowestTarget": lowest.chip if lowest else None, "ptx": lowest.ptx_text if lowest else None,
            "module": scopes[0].symbol}
    if lowest is None:
        data["conflict"] = _conflict_text(_merged(scopes))
    return Diagnostic(first_op.name_start, first_op.name_end, message, "target.none", Severity.INFORMATION,
                      SOURCE, (), data)


def _merged(scopes: list[_Scope]) -> _Scope:
    merged = _Scope(None, False)
    for scope in scopes:
        merged.batches += scope.batches
        merged.requirements.update(scope.requirements)
        merged.requirement_ids.update(scope.requirement_ids)
        merged.count += scope.count
    return merged


def _unknown_chips(doc: Document, ops: Iterable[Operation]) -> Iterable[Diagnostic]:
    """``target.unknown-chip`` for every target attribute in the file naming an unknown chip."""
    for op in ops:
        if op.name == "gpu.module":
            for found in nvvm_targets(doc, op):
                if found.target is None and found.span is not None:
                    yield Diagnostic(found.span[0], found.span[1], found.upstream_error or found.error or "unknown chip",
                                     "target.unknown-chip", Severity.ERROR, SOURCE,
                                     explanation=(found.error or "") if found.upstream_error else "")
        if op.name in ("gpu.module", "builtin.module") and (TILEAA_SPEC in op.attributes or TILEAA_CC in op.attributes):
            tileaa = tileaa_target(doc, op)
            if tileaa is not None and tileaa.target is None and tileaa.span is not None:
                yield Diagnostic(tileaa.span[0], tileaa.span[1], tileaa.error or "unknown chip",
                                 "target.unknown-chip", Severity.ERROR, SOURCE)
