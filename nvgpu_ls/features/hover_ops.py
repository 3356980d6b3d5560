"""Hover text for an op and the parts of its syntax: what it does, what this instance holds,
what it needs from the GPU, whether the module's target allows it, and what it lowers to.

Also the ``#nvvm.target`` of a gpu.module: the PTX ISA it implies and which nvgpu op
families it allows, computed from the facts' requirements with ``target.satisfies``.
"""

from __future__ import annotations

import re

from ..analysis.document import Document
from ..analysis.ir import AttrEntry, Operation
from ..analysis.values import Attr, UnitAttr
from ..dialects import NVGPU_OPS
from ..analysis.facts import AttributeFact, OperandFact, OpFacts, Requirement, ResultFact
from ..check_options import CheckOptions
from ..diagnostics import Severity
from ..dialects.instance_forms import instance_form, working_ops
from ..lowering.engine import LoweringOptions, emitted_ops
from ..lowering.target_attachment import opt_level_of
from ..target import (
    CHIP_PTX, ResolvedTarget, Target, alternatives, format_ptx, module_targets, ptx_needed, requirement_text,
    satisfies, sm_satisfies,
)
from ..analysis.opview import Operand, OpView
from ..verify.gate import form_keys, instance_requirement, scope_of
from .context import FeatureContext
from .hover_types import attr_text, case_doc, code, describe_attr_value, enum_cases


# ---------------------------------------------------------------- the op
def describe_op(ctx: FeatureContext, op: Operation) -> list[str]:
    """Everything about one op instance, as Markdown paragraphs."""
    facts = op.facts
    if facts is None:
        return [f"### {op.name}", "An op nvgpu-ls has no facts about; its operands and results are not checked.",
                *_unknown_op_values(ctx, op)]
    view = OpView(op, ctx.doc)
    lines = [f"### {op.name}", f"**{facts.summary}**", facts.explanation]
    if op.symbol_name and op.regions:
        lines.insert(1, f"```mlir\n{signature(ctx.text, op)}\n```")
    complete = op.dialect == "nvgpu"  # other ops' custom syntax may imply what it does not spell
    lines += _operands(view, facts, complete) + _attributes(view, facts, complete) + _results(view, facts, complete)
    lines += requirement_lines(ctx, op)
    broken = any(d.severity == Severity.ERROR and op.start <= d.start < op.end for d in ctx.diagnostics)
    lines += lowering_lines(op, ctx.doc, ctx.options, broken)
    return lines


def _unknown_op_values(ctx: FeatureContext, op: Operation) -> list[str]:
    view = OpView(op, ctx.doc)
    lines = [f"- operand {code(use.name)}" for use in op.operands]
    lines += [f"- result {code(value.name)}" + _typed(view.type_of_value(value)) for value in op.results]
    return lines


def _typed(t: object) -> str:
    return f": {code(t)}" if t is not None else ""


def signature(text: str, op: Operation) -> str:
    """The op's text up to its first region (a function's signature), whitespace collapsed."""
    end = op.regions[0].start if op.regions else op.end
    line = " ".join(text[op.start:end].split()).rstrip(" {")
    return line if len(line) <= 400 else line[:397] + "..."


def _operands(view: OpView, facts: OpFacts, complete: bool) -> list[str]:
    groups = view.operand_groups()
    lines = [operand_line(fact, groups.get(fact.name, [])) for fact in facts.operands
             if complete or groups.get(fact.name)]
    lines += [f"- {code(operand.use.name)}" + _typed(operand.type) for operand in groups.get("", [])]
    return ["**Operands**"] + lines if lines else []


def operand_line(fact: OperandFact, members: list[Operand]) -> str:
    """``- `dst`: `memref<...>` (`%s`) - doc`` for one ODS operand group of this instance."""
    doc = f" — {fact.doc}" if fact.doc else ""
    if not members:
        state = "*not given*" if fact.optional or fact.variadic else "*missing*"
        return f"- `{fact.name}`: {state}{doc}"
    names = ", ".join(member.use.name for member in members)
    types = list(dict.fromkeys(str(member.type) for member in members if member.type is not None))
    typed = f": {code(', '.join(types))}" if types else ""
    return f"- `{fact.name}`{typed} ({code(names)}){doc}"


def _attributes(view: OpView, facts: OpFacts, complete: bool) -> list[str]:
    lines = [attribute_line(view, fact) for fact in facts.attributes if complete or view.has_attr(fact.name)]
    return ["**Attributes**"] + lines if lines else []


def attribute_value_text(view: OpView, fact: AttributeFact) -> str:
    """The attribute's value at this instance, its default when absent, or why there is none."""
    value = view.attr(fact.name)
    if fact.kind == "unit":
        return "set" if view.has_attr(fact.name) else "*not set*"
    if value is None:
        if fact.default is not None:
            return f"{code(fact.default)} (default)"
        return "*not set*" if fact.optional else "*missing*"
    if isinstance(value, UnitAttr):
        return "set"
    if fact.kind == "enum":
        return code(view.enum_attr(fact.name) or value)
    return code(attr_text(value))


def attribute_line(view: OpView, fact: AttributeFact) -> str:
    """``- `name` = `value` - doc`` (or ``: set`` / ``: *not set*``) for one attribute of this instance."""
    value = attribute_value_text(view, fact)
    doc = f" — {fact.doc}" if fact.doc else ""
    return f"- `{fact.name}` = {value}{doc}" if not value.startswith(("*", "set")) else \
        f"- `{fact.name}`: {value}{doc}"


def _results(view: OpView, facts: OpFacts, complete: bool) -> list[str]:
    if not view.op.results and not (complete and any(not fact.optional for fact in facts.results)):
        return []
    lines = ["**Results**"]
    for index, value in enumerate(view.op.results):
        fact = _result_fact(facts, index)
        doc = f" — {fact.doc}" if fact is not None and fact.doc else ""
        label = f"`{fact.name}`" if fact is not None else code(value.name)
        owner = f" ({code(value.name)})" if fact is not None else ""
        lines.append(f"- {label}{_typed(view.type_of_value(value))}{owner}{doc}")
    if not view.op.results:
        lines += [f"- `{fact.name}`: *not bound to a name*" for fact in facts.results if not fact.optional]
    return lines


def _result_fact(facts: OpFacts, index: int) -> ResultFact | None:
    if index < len(facts.results):
        return facts.results[index]
    return facts.results[-1] if facts.results and facts.results[-1].variadic else None


# ---------------------------------------------------------------- requirement and target
def matched_form(op: Operation, doc: Document) -> str | None:
    """The requirement form key this instance matched, if its facts list one."""
    facts = op.facts
    if facts is None or not facts.requirement_forms:
        return None
    listed = {form.key for form in facts.requirement_forms}
    return next((key for key in form_keys(op, doc) if key in listed), None)


def requirement_text_long(requirement: Requirement) -> str:
    """``sm_89 and PTX ISA 8.1 (also sm_90 with PTX ISA 7.8)``."""
    text = f"{code(requirement.sm)} and PTX ISA {requirement.ptx}"
    if requirement.also:
        others = ", ".join(f"{code(sm)} with PTX ISA {ptx}" for sm, ptx in requirement.also)
        text += f" (also {others})"
    return text


def requirement_lines(ctx: FeatureContext, op: Operation) -> list[str]:
    """What this instance needs from the GPU and whether the enclosing module's target has it."""
    facts = op.facts
    if facts is None or (facts.requirement is None and not facts.requirement_forms):
        return ["**Needs** nothing from the GPU: no instruction of its own is gated."] if op.dialect == "nvgpu" else []
    requirement = instance_requirement(op, ctx.doc)
    key = matched_form(op, ctx.doc)
    for_form = f" for the form {code(key)}" if key else " (the op's floor)" if facts.requirement_forms else ""
    if requirement is None:
        return [f"**Needs** no particular GPU{for_form}: it lowers to instructions every target has."]
    lines = [f"**Needs** {requirement_text_long(requirement)}{for_form}"]
    return lines + [f"**Target**: {line}" for line in target_verdicts(ctx, op, requirement)]


def resolved_targets(ctx: FeatureContext, op: Operation) -> list[ResolvedTarget]:
    """The targets ``op`` is checked against, resolved as the gate resolves them."""
    module, _ = scope_of(op)
    return module_targets(ctx.doc, module, ctx.options.target, ctx.options.target_origin)


def target_origin_text(found: ResolvedTarget, in_gpu_module: bool) -> str:
    """Where a resolved target came from, as a hover says it."""
    if found.source == "#nvvm.target":
        return "this gpu.module's #nvvm.target"
    if found.span is not None:
        return f"the module's {found.source}"
    where = "the file" if not in_gpu_module else "this gpu.module"
    return f"no target in {where}; the fallback from {found.source}"


def target_verdicts(ctx: FeatureContext, op: Operation, requirement: Requirement) -> list[str]:
    """One line per target: allowed, not available (and what it needs), or no target set."""
    _, in_gpu_module = scope_of(op)
    found = resolved_targets(ctx, op)
    if not found:
        return ["no target set, so the SM / PTX ISA checks are skipped"]
    lines = []
    for resolved in found:
        target = resolved.target
        origin = target_origin_text(resolved, in_gpu_module)
        if target is None:
            lines.append(f"unknown ({resolved.error}; {origin})")
        elif satisfies(target, requirement):
            lines.append(f"allowed on {target.chip} ({origin})")
        else:
            lines.append(f"not available on {target.chip}: needs {_shortfall(target, requirement)} ({origin})")
    return lines


def _shortfall(target: Target, requirement: Requirement) -> str:
    needed = ptx_needed(target, requirement)
    if needed is None:
        return requirement_text(requirement)
    return f"PTX ISA {format_ptx(needed)}, but {target.chip} gets PTX ISA {target.ptx_text}"


# ---------------------------------------------------------------- lowering
def lowering_lines(op: Operation, doc: Document, options: CheckOptions | None = None,
                   broken: bool = False) -> list[str]:
    """The ops and PTX this instance lowers to: the ops the lowering writes for it (plumbing
    left out unless there is nothing else), else its instance form's, else every form the
    facts list. A ``broken`` op (one with errors) is not lowered: the lowering refuses it."""
    form = instance_form(op, doc)
    if form is None:
        return []
    emitted = None if broken else emitted_ops(doc, op, LoweringOptions(check=options) if options is not None else None)
    names = (working_ops(emitted) or emitted) if emitted else (working_ops(form.ops) or form.ops)
    ops = ", ".join(code(name) for name in names)
    specific = emitted is not None or form.specific
    lines = [f"**Lowers to** {ops}" if specific else f"**Lowers to** (one of, depending on the instance) {ops}"]
    if form.ptx:
        lines.append("```ptx\n" + "\n".join(form.ptx) + "\n```")
    lines += [f"- {note}" for note in form.notes]
    return lines


# ---------------------------------------------------------------- attributes and keywords
def describe_attribute(ctx: FeatureContext, op: Operation, entry: AttrEntry, in_value: bool) -> list[str]:
    """An attribute of ``op`` (its name or its value)."""
    view = OpView(op, ctx.doc)
    fact = op.facts.attribute(entry.name) if op.facts is not None else None
    if fact is None:
        value = view.resolve(entry.value)
        if not isinstance(value, Attr):
            return [f"attribute {code(entry.name)} of {code(op.name)}", f"```mlir\n{value}\n```"]
        return [f"attribute {code(entry.name)} of {code(op.name)}"] + describe_attr_value(value)
    return attribute_fact_lines(view, fact, in_value)


def attribute_fact_lines(view: OpView, fact: AttributeFact, in_value: bool) -> list[str]:
    """An attribute as the facts describe it, with this instance's value and, for enums, every case."""
    current = view.enum_attr(fact.name) if fact.kind == "enum" else None
    lines = []
    if in_value and current is not None and fact.enum_attr:
        doc = case_doc(fact.enum_attr, current)
        lines.append(f"{code(current)} — " + (doc or "a case of " + fact.enum_attr))
    kind = f"{fact.kind} attribute" + (f" {code(fact.enum_attr)}" if fact.enum_attr else "")
    lines.append(f"**{fact.name}** ({kind}) of {code(view.name)}")
    if fact.doc:
        lines.append(fact.doc[0].upper() + fact.doc[1:] + ("" if fact.doc.endswith(".") else "."))
    lines.append(f"Here: {attribute_value_text(view, fact)}")
    if fact.default is not None:
        lines.append(f"Default: {code(fact.default)}")
    if fact.enum:
        lines += ["Allowed values:"] + enum_cases(fact.enum_attr, fact.enum, current)
    return lines


_FORMAT_PIECE = re.compile(r"`([^`]*)`|\$(\w+)")


def syntax_keyword_target(facts: OpFacts, word: str) -> str | None:
    """The operand, attribute or result a literal keyword of the op's syntax introduces
    (``predicate`` in ``(`,` `predicate` `=` $predicate^)?``)."""
    for text in facts.formats:
        pieces = list(_FORMAT_PIECE.finditer(text))
        for index, piece in enumerate(pieces):
            if piece.group(1) != word:
                continue
            for following in pieces[index + 1:]:
                if following.group(2):
                    return following.group(2)
                if following.group(1) and following.group(1)[:1].isalpha():
                    break
    return None


def describe_keyword(ctx: FeatureContext, op: Operation, word: str) -> list[str]:
    """A bare word of ``op``'s custom syntax: the attribute or operand it spells or introduces."""
    facts = op.facts
    if word == "kernel" and op.name == "gpu.func":
        return ["`kernel` — marks this gpu.func as a kernel: an entry point the host launches "
                "(gpu.launch_func), compiled as a PTX `.entry`."]
    if facts is None:
        return []
    view = OpView(op, ctx.doc)
    name = word if facts.attribute(word) is not None else syntax_keyword_target(facts, word)
    if name is None:
        return [f"{code(word)} — a keyword of {code(op.name)}'s syntax"]
    attribute = facts.attribute(name)
    if attribute is not None:
        return attribute_fact_lines(view, attribute, False)
    for fact in facts.operands:
        if fact.name == name:
            return [f"{code(word)} — introduces the operand `{name}` of {code(op.name)}",
                    operand_line(fact, view.operands(name))]
    return [f"{code(word)} — a keyword of {code(op.name)}'s syntax"]


# ---------------------------------------------------------------- #nvvm.target
def describe_target(found: ResolvedTarget, chosen_opt_level: int | None = None,
                    chosen_from: str = "the `optLevel` setting") -> list[str]:
    """What a target allows: its PTX ISA, the optimisation level its modules are lowered and
    compiled at (``chosen_opt_level``: the ``optLevel`` setting), and which nvgpu op families
    it accepts or refuses."""
    target = found.target
    if target is None:
        return [f"**Target** from {found.source}: {found.error}"]
    lines = [f"### {found.source} — {target.chip}", _ptx_origin(target),
             _opt_level_origin(found, chosen_opt_level, chosen_from)]
    if target.suffix == "a":
        lines.append(f"`{target.chip}` is architecture-specific: its `a` features are not inherited by later GPUs.")
    elif target.suffix == "f":
        lines.append(f"`{target.chip}` is a family target: it has the features of its family from this chip on.")
    allowed, denied = _families(target)
    total = sum(len(ops) for ops in allowed.values()) + sum(len(ops) for ops in denied.values())
    count = sum(len(ops) for ops in allowed.values())
    lines.append(f"**Allows** {count} of the {total} nvgpu ops:")
    lines += [f"- **{family}**: {', '.join(ops)}" for family, ops in allowed.items()]
    if denied:
        lines.append("**Not available**:")
        lines += [f"- **{family}**: {', '.join(ops)}" for family, ops in denied.items()]
    return lines


def _opt_level_origin(found: ResolvedTarget, chosen: int | None, chosen_from: str) -> str:
    level = opt_level_of(found, chosen)
    if found.opt_level is not None:
        why = "this target's `O`"
    elif chosen is not None:
        why = f"the target states no `O`: {chosen_from}"
    else:
        why = "the target states no `O`: nvgpu-ls's default"
    return f"Lowered and compiled at **O{level}** ({why})"


def _ptx_origin(target: Target) -> str:
    default = CHIP_PTX.get(target.chip)
    if default is not None and target.ptx > default:
        return f"PTX ISA {target.ptx_text} (raised from {format_ptx(default)} by the features)"
    return f"PTX ISA {target.ptx_text}, the oldest that knows {target.chip}"


def family_of(name: str) -> tuple[str, str]:
    """``nvgpu.mbarrier.arrive`` -> (``mbarrier``, ``arrive``); ``nvgpu.device_async_copy`` ->
    (``device_async``, ``copy``); a one-word op is its own family."""
    mnemonic = name.split(".", 1)[1]
    family = "device_async" if mnemonic.startswith("device_async") else re.split(r"[._]", mnemonic)[0]
    rest = mnemonic[len(family) + 1:]
    return family, rest or mnemonic


def _families(target: Target) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    allowed: dict[str, list[str]] = {}
    denied: dict[str, list[str]] = {}
    for name, facts in NVGPU_OPS.items():
        family, short = family_of(name)
        verdict, detail = _op_verdict(target, facts)
        bucket = allowed if verdict else denied
        bucket.setdefault(family, []).append(short + (f" ({detail})" if detail else ""))
    return allowed, denied


def _op_verdict(target: Target, facts: OpFacts) -> tuple[bool, str]:
    """Whether ``target`` accepts the op (its floor or some form), and what it leaves out."""
    if facts.requirement is None and not facts.requirement_forms:
        return True, "host-side" if facts.name == "nvgpu.tma.create.descriptor" else ""
    floor = satisfies(target, facts.requirement)
    refused = [form.key for form in facts.requirement_forms if not satisfies(target, form.requirement)]
    accepted = len(facts.requirement_forms) - len(refused)
    if not floor and not accepted:
        assert facts.requirement is not None
        return False, f"needs {_need(target, facts.requirement)}"
    if refused:
        shown = ", ".join(refused[:3]) + (f" and {len(refused) - 3} more" if len(refused) > 3 else "")
        return True, f"not {shown}"
    return True, ""


def _need(target: Target, requirement: Requirement) -> str:
    if any(sm_satisfies(target, sm) for sm, _ in alternatives(requirement)):
        needed = ptx_needed(target, requirement)
        return f"PTX ISA {format_ptx(needed)}" if needed is not None else requirement_text(requirement)
    return requirement_text(requirement)
