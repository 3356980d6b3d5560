"""The ``#nvvm.target`` each lowered ``gpu.module`` gets, written as text edits.

Every ``gpu.module`` of the document gets the target it resolves to (``target.py``:
its own ``#nvvm.target``, else the ``nv_tileaa`` module attributes, else the fallback
from outside the file), spelled as the compilation pipeline wants it::

    #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx84",
                 flags = {"-Xopt", "-fma=0", "-g", "-pragma-unroll-threshold=9900000",
                          libNVVMUseNVGpuComp = true}>

* ``triple`` is always ``nvptx64-nvidia-cuda``, upstream's default, and ``O`` is the level a
  source ``#nvvm.target`` states, else the lowering's ``opt_level`` (``-O``, the ``optLevel``
  setting), else 3 (``opt_level_of``); the PTX is compiled at that level. Both are written the way upstream's printer writes them, which
  leaves out parameters equal to their defaults (``triple``, ``O = 2``, empty
  ``features``), so the attribute survives a parse/print round trip through upstream
  unchanged.
* ``chip`` keeps its ``a`` / ``f`` suffix.
* ``features`` is ``"+ptxNN"`` exactly when the resolved PTX ISA is above the chip's
  default (``CHIP_PTX``): NVPTX emits the chip's default ``.version`` by itself, so a
  feature is needed only to raise it, and one equal to the default would just restate it.
  Other LLVM features of a source ``#nvvm.target`` are not kept; no ``link`` list is
  written.
* ``flags`` is a dictionary: the unit entries ``"-Xopt"``, ``"-fma=0"`` and
  ``"-pragma-unroll-threshold=9900000"`` (quoted: they are not bare identifiers), ``"-g"``
  when the lowering asks for device debug info (``"-lineinfo"`` for line info only), and ``libNVVMUseNVGpuComp = true`` when the
  gpu.module or a module around it carries ``nv_tileaa.libnvvm_use_nvgpucomp`` (as a
  unit attribute or ``= true``). Entries are in the order upstream prints a dictionary
  (sorted by name).

The edit replaces the module's whole target list ``[...]``, so lowering already lowered
text gives one target, not two. A lowered module ends with exactly one ``#nvvm.target``: the
first of its list (inline or through an alias), rebuilt from its own resolution, in its place —
the one the module is checked, lowered and compiled for first; each further ``#nvvm.target`` is
dropped with an information note saying so (the gate still checks the module against all of
them). Other entries of the list (another dialect's target) are kept as written. A module without a list gets one after its
symbol name, or after its ``<#offloading-handler>`` when it has one; in the generic form
the list goes in as ``targets = [...]`` beside ``sym_name``.

A module whose target cannot be resolved gets the ``failed to get compute capability.``
error, and one naming an unknown chip gets an error saying which — upstream's own message
where upstream refuses the chip too (``Minimum NVVM target SM version is sm_20``), ours as its
explanation; either stops the lowering (the engine then produces no text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..analysis.ir import Operation
from ..analysis.values import ArrayAttr, AttrAliasRef, BoolAttr, NVVMTargetAttr, UnitAttr
from ..diagnostics import Diagnostic, Severity
from ..target import CHIP_PTX, ResolvedTarget, Target, _element_spans, module_targets

if TYPE_CHECKING:
    from ..analysis.document import Document
    from .engine import Edit, LoweringRun

SOURCE = "nvgpu-ls.lowering"
CODE = "lowering.target"
NO_TARGET = "failed to get compute capability."
USE_NVGPUCOMP = "nv_tileaa.libnvvm_use_nvgpucomp"
BASE_FLAGS = ("-Xopt", "-fma=0", "-pragma-unroll-threshold=9900000")
DEFAULT_OPT_LEVEL = 2
"""Upstream's default ``O``, which its printer leaves out."""
DEFAULT_LOWERING_OPT_LEVEL = 3
"""The level a lowered module gets when neither its ``#nvvm.target`` nor the user says one: the
optimised path, as the target adapter this lowering follows defaults to."""


def opt_level_of(resolved: ResolvedTarget, chosen: int | None) -> int:
    """The ``O`` a module is lowered and compiled at: its ``#nvvm.target``'s, else ``chosen`` (the
    configuration's ``opt-level``, ``-O``, the ``optLevel`` setting), else
    ``DEFAULT_LOWERING_OPT_LEVEL``."""
    if resolved.opt_level is not None:
        return resolved.opt_level
    return chosen if chosen is not None else DEFAULT_LOWERING_OPT_LEVEL


def target_edits(doc: "Document", run: "LoweringRun") -> tuple[list["Edit"], list[Diagnostic]]:
    """The edits giving every ``gpu.module`` of ``doc`` its ``#nvvm.target`` list, and the
    errors for the modules whose target is missing or names an unknown chip."""
    edits: list[Edit] = []
    problems: list[Diagnostic] = []
    for op in doc.ops():
        if op.name != "gpu.module":
            continue
        edit, found = _module_edit(doc, run, op)
        problems += found
        if edit is not None:
            edits.append(edit)
    return edits, problems


def nvvm_target_text(target: Target, opt_level: int = 3, debug_info: bool = False,
                     use_nvgpucomp: bool = False, line_info: bool = False) -> str:
    """``#nvvm.target<...>`` for ``target`` as upstream prints it (see the module docstring)."""
    params = []
    if opt_level != DEFAULT_OPT_LEVEL:
        params.append(f"O = {opt_level}")
    params.append(f'chip = "{target.chip}"')
    features = ptx_feature(target)
    if features:
        params.append(f'features = "{features}"')
    flags = {f'"{flag}"': "" for flag in BASE_FLAGS}
    if debug_info:
        flags['"-g"'] = ""
    elif line_info:
        flags['"-lineinfo"'] = ""
    if use_nvgpucomp:
        flags["libNVVMUseNVGpuComp"] = " = true"
    entries = ", ".join(name + value for name, value in sorted(flags.items(), key=lambda item: item[0].strip('"')))
    params.append(f"flags = {{{entries}}}")
    return f"#nvvm.target<{', '.join(params)}>"


def ptx_feature(target: Target) -> str:
    """``+ptxNN`` when ``target``'s PTX ISA is above its chip's default, else ``""``."""
    default = CHIP_PTX.get(target.chip)
    if default is not None and target.ptx <= default:
        return ""
    return f"+ptx{target.ptx[0]}{target.ptx[1]}"


def uses_nvgpucomp(module_op: Operation) -> bool:
    """Does the gpu.module or a module around it set ``nv_tileaa.libnvvm_use_nvgpucomp``?"""
    op: Operation | None = module_op
    while op is not None:
        if op.name in ("gpu.module", "builtin.module"):
            entry = op.attributes.get(USE_NVGPUCOMP)
            if entry is not None:
                return isinstance(entry.value, UnitAttr) or (isinstance(entry.value, BoolAttr) and entry.value.value)
        op = op.parent_op()
    return False


def _module_edit(doc: "Document", run: "LoweringRun", op: Operation) -> tuple["Edit | None", list[Diagnostic]]:
    from .engine import Edit

    check = run.options.check
    resolved = module_targets(doc, op, check.target, check.target_origin)
    name_span = (op.name_start, op.name_end)
    if not resolved:
        return None, [Diagnostic(*name_span, NO_TARGET, CODE, Severity.ERROR, SOURCE)]
    problems = [Diagnostic(*(r.span or name_span), r.upstream_error or f"cannot attach a target: {r.error}", CODE,
                           Severity.ERROR, SOURCE,
                           explanation=f"cannot attach a target: {r.error}" if r.upstream_error else "")
                for r in resolved if r.target is None]
    if problems:
        return None, problems
    chosen = resolved[0]
    assert chosen.target is not None
    attached = nvvm_target_text(chosen.target, opt_level_of(chosen, run.options.chosen_opt_level),
                                run.options.debug_info, uses_nvgpucomp(op), run.options.line_info)
    notes = [Diagnostic(*(r.span or name_span), _dropped(chosen.target.chip, r.target.chip), CODE,
                        Severity.INFORMATION, SOURCE) for r in resolved[1:] if r.target is not None]
    entry = op.attributes.get("targets")
    if entry is not None and isinstance(entry.value, ArrayAttr):
        written = _written_elements(doc, op, entry.value, entry.value_start, entry.value_end)
        others = [text for text, is_nvvm in written if not is_nvvm]
        if any(is_nvvm for _, is_nvvm in written):
            first = next(i for i, (_, is_nvvm) in enumerate(written) if is_nvvm)
            elements = [attached if i == first else text for i, (text, is_nvvm) in enumerate(written)
                        if not is_nvvm or i == first]
        else:
            elements = [attached] + others
        return Edit(entry.value_start, entry.value_end, f"[{', '.join(elements)}]"), notes
    return _insertion(doc, op, f"[{attached}]"), notes


def _dropped(kept: str, dropped: str) -> str:
    return (f"this #nvvm.target ({dropped}) is dropped: a lowered gpu.module keeps exactly one, the first of its "
            f"list ({kept}); lower a copy of the module for each GPU to compile it for {dropped} too")


def _is_nvvm_target(doc: "Document", op: Operation, element) -> bool:
    if isinstance(element, AttrAliasRef):
        alias = doc.aliases(op.start).get(element.name)
        element = alias.value if alias is not None else element
    return isinstance(element, NVVMTargetAttr)


def _written_elements(doc: "Document", op: Operation, array: ArrayAttr, start: int,
                      end: int) -> list[tuple[str, bool]]:
    """Each entry of a target list as written, and whether it is an ``#nvvm.target``."""
    spans = _element_spans(doc.text, start, end)
    return [(doc.text[s:e], _is_nvvm_target(doc, op, element)) for element, (s, e) in zip(array.elements, spans)]


def _insertion(doc: "Document", op: Operation, listed: str) -> "Edit":
    """Insert a target list into a gpu.module that has none."""
    from .engine import Edit

    name = op.attributes.get("sym_name")
    if op.generic:
        assert name is not None
        return Edit(name.end, name.end, f", targets = {listed}")
    at = name.end if name is not None else op.name_end
    handler = op.attributes.get("offloadingHandler")
    if handler is not None:
        close = doc.text.find(">", handler.end)
        at = close + 1 if close != -1 else handler.end
    return Edit(at, at, f" {listed}")
