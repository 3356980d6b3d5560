"""Completion candidates for op names and for an op's attributes (names and values).

Op names carry their summary, explanation and custom syntax; ops that go beyond
upstream MLIR or that the target at the cursor cannot run are marked and sorted after
the others, never hidden.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..dialects import ALL_OPS, NVGPU_ENUMS
from ..analysis.facts import AttributeFact, OpFacts
from ..memory import register_cache
from ..target import Target, format_ptx, module_targets, ptx_needed, requirement_text, satisfies
from ..check_options import CheckOptions
from .completion_site import Candidate, enclosing
from .completion_types import enum_cases

K = lsp.CompletionItemKind

_FORMAT_TOKEN = re.compile(
    r"`(?P<lit>[^`]*)`|(?P<fn>functional-type|type|ref|qualified)\((?P<arg>[^()]*)\)"
    r"|custom<(?P<custom>\w+)>\([^()]*(?:\([^()]*\)[^()]*)*\)|\$(?P<var>\w+)\^?"
    r"|(?P<word>attr-dict-with-keyword|attr-dict|prop-dict|operands|regions|successors)"
    r"|(?P<punct>[()?:^])")
_SKIPPED_ATTRIBUTE_KINDS = frozenset({"symbol_name"})
_SKIPPED_ATTRIBUTES = frozenset({"function_type", "arg_attrs", "res_attrs", "sym_visibility",
                                 "operandSegmentSizes", "resultSegmentSizes"})
EXTRA_ATTRIBUTES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "gpu.module": (
        ("nv_tileaa.target_spec", 'nv_tileaa.target_spec = "', 'the target chip as a string, e.g. "sm_90a"'),
        ("nv_tileaa.compute_capability", "nv_tileaa.compute_capability = ",
         "the target as major*10+minor, e.g. 90 : i32"),
    ),
    "builtin.module": (
        ("nv_tileaa.target_spec", 'nv_tileaa.target_spec = "', 'the target chip as a string, e.g. "sm_90a"'),
        ("nv_tileaa.compute_capability", "nv_tileaa.compute_capability = ",
         "the target as major*10+minor, e.g. 90 : i32"),
        ("gpu.container_module", "gpu.container_module", "the module holds gpu.modules launched by gpu.launch_func"),
    ),
    "gpu.func": (
        ("nvvm.maxntid", "nvvm.maxntid = array<i32: ", "maximum threads per CTA (.maxntid)"),
        ("nvvm.reqntid", "nvvm.reqntid = array<i32: ", "exact threads per CTA (.reqntid)"),
        ("nvvm.minctasm", "nvvm.minctasm = ", "minimum CTAs per SM (.minnctapersm)"),
        ("nvvm.maxnreg", "nvvm.maxnreg = ", "maximum registers per thread (.maxnreg)"),
        ("nvvm.cluster_dim", "nvvm.cluster_dim = array<i32: ", "cluster shape (.reqnctapercluster)"),
    ),
}


# ---------------------------------------------------------------- targets
def targets_at(doc: Document, offset: int, options: CheckOptions) -> list[Target]:
    """The targets the code at ``offset`` is checked against (its gpu.module's, else the
    file's or the fallback), resolved as the target gate does."""
    chain = enclosing(doc, offset)
    module = next((op for op in reversed(chain) if op.name == "gpu.module"), None)
    if module is None:
        module = next((op for op in reversed(chain) if op.name == "builtin.module"), None)
    resolved = module_targets(doc, module, options.target, options.target_origin)
    return [found.target for found in resolved if found.target is not None]


# ---------------------------------------------------------------- syntax
@lru_cache(maxsize=None)
def syntax_of(name: str) -> str:
    """The op's newest custom syntax, readable: ``%operand``, ``$attribute``, ``[...]`` optional."""
    facts = ALL_OPS.get(name)
    if facts is None or not facts.formats:
        return ""
    operands = {o.name for o in facts.operands}
    parts: list[str] = []
    for match in _FORMAT_TOKEN.finditer(facts.formats[0]):
        if match.group("lit") is not None:
            literal = match.group("lit").strip()
            if literal:
                parts.append(literal)
        elif match.group("fn"):
            parts.append(f"{match.group('fn')}({match.group('arg').strip()})")
        elif match.group("custom"):
            parts.append(f"<{match.group('custom')}>")
        elif match.group("var"):
            var = match.group("var")
            parts.append(f"%{var}" if var in operands else f"${var}")
        elif match.group("word") in ("operands", "regions", "successors"):
            parts.append(match.group("word"))
        elif match.group("punct") in ("(", ")", "?"):
            parts.append({"(": "\x01", ")": "\x02", "?": "\x03"}[match.group("punct")])
    text = " ".join(parts)
    text = re.sub(r" ([\],)])", r"\1", text)
    text = re.sub(r"([\[(]) ", r"\1", text)
    text = re.sub(r"(%\w+) \[", r"\1[", text)
    while True:  # optional groups, innermost first
        text, count = re.subn(r"\x01 ?([^\x01\x02]*?) ?\x02 \x03", r"[\1]", text)
        if not count:
            break
    text = re.sub(r"\[ ?(,) ?", r"[, ", text)
    return text.replace("\x01 ", "(").replace(" \x02", ")").replace("\x03", "?")


# ---------------------------------------------------------------- op names
def op_candidates(targets: list[Target]) -> list[Candidate]:
    """Every known op, nvgpu first: allowed ones (group 0), then ops beyond upstream (1),
    then ops the target cannot run (2)."""
    return list(_op_candidates(tuple(targets)))


@lru_cache(maxsize=16)
def _op_candidates(targets: tuple[Target, ...]) -> tuple[Candidate, ...]:
    ordered = sorted(ALL_OPS.values(), key=lambda facts: (facts.dialect != "nvgpu", facts.name))
    return tuple(_op_candidate(facts, list(targets)) for facts in ordered)


register_cache(_op_candidates.cache_clear)


def _op_candidate(facts: OpFacts, targets: list[Target]) -> Candidate:
    notes: list[str] = []
    group = 0
    if not facts.upstream:
        notes.append("beyond upstream")
        group = 1
    blocked = [t for t in targets if not satisfies(t, facts.requirement)]
    if blocked and facts.requirement is not None:
        target = blocked[0]
        needed = ptx_needed(target, facts.requirement)
        if needed is not None:
            notes.insert(0, f"needs PTX ISA {format_ptx(needed)}, target has {target.ptx_text}")
        else:
            notes.insert(0, f"needs {requirement_text(facts.requirement)}, target is {target.chip}")
        group = 2
    note = "; ".join(notes)
    syntax = syntax_of(facts.name)
    detail = f"({note}) {facts.summary}" if note else facts.summary
    doc = [f"**{facts.name}** — {facts.summary}", facts.explanation]
    if syntax:
        doc.append(f"```mlir\n{facts.name} {syntax}\n```")
    if facts.requirement is not None:
        doc.append(f"Requires {requirement_text(facts.requirement)} / PTX ISA {facts.requirement.ptx}.")
    if note:
        doc.append(f"*Note: {note}.*")
    kind = K.Method if facts.dialect == "nvgpu" else K.Function
    return Candidate(facts.name, kind, detail, "\n\n".join(d for d in doc if d), group=group,
                     description=note, signature=f" {syntax}" if syntax else "")


# ---------------------------------------------------------------- attributes
def attribute_names(op_name: str | None, present: set[str]) -> list[Candidate]:
    """The op's attributes not written yet, as ``name = `` (unit attributes bare)."""
    facts = ALL_OPS.get(op_name or "")
    found: list[Candidate] = []
    if facts is not None:
        for attr in facts.attributes:
            if attr.name in present or attr.kind in _SKIPPED_ATTRIBUTE_KINDS or attr.name in _SKIPPED_ATTRIBUTES:
                continue
            insert = attr.name if attr.kind == "unit" else f"{attr.name} = "
            detail = attr.kind + (": " + "|".join(attr.enum) if attr.enum else "")
            if attr.optional:
                detail += " (optional)"
            found.append(Candidate(attr.name, K.Property, detail, attr.doc, insert=insert))
    for name, insert, doc in EXTRA_ATTRIBUTES.get(op_name or "", ()):
        if name not in present:
            found.append(Candidate(name, K.Property, doc, insert=insert, group=1))
    return found


def attribute_fact(op_name: str | None, name: str) -> AttributeFact | None:
    facts = ALL_OPS.get(op_name or "")
    return facts.attribute(name) if facts is not None else None


def attribute_values(op_name: str | None, attr: AttributeFact, in_dictionary: bool) -> list[Candidate]:
    """What may follow ``name =``: enum cases (bare in custom syntax and for nvgpu enums,
    spelled in full in another dialect's attribute dictionary) or ``true``/``false``."""
    if attr.kind == "enum" and attr.enum:
        docs = NVGPU_ENUMS.get(attr.enum_attr.lstrip("#"))
        spelled = attr.enum_attr if in_dictionary and attr.enum_attr and \
            not attr.enum_attr.startswith("#nvgpu") else ""
        return enum_cases(attr.enum, docs.case_docs if docs is not None else None, spelled)
    if attr.kind == "bool":
        return [Candidate("true", K.Keyword, ""), Candidate("false", K.Keyword, "")]
    return []
