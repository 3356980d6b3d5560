"""Beyond upstream: "did you mean" for a misspelled name.

A diagnostic about a name that does not exist -- an op (``custom op 'gpu.fun' is unknown``), an
enum case, a dialect attribute or type mnemonic, a required attribute spelled wrongly in the
attribute dictionary -- gets the closest known name as a related note and as ``data["suggestion"]``
(``{"start", "end", "text"}``: the replacement the quick fix makes). The message itself stays
upstream's. Candidates come from what the registry knows; a name is suggested only when it is
close (``difflib``'s ratio of at least 0.75) and only one candidate is that close or closer. A name
the nvgpu specification uses for an upstream op or enum (``nvgpu.cvt_fpext``, ``#nvvm.load_mode``)
gets upstream's name whatever its distance, and an explanation saying so.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from typing import Iterable

from ..analysis.document import Document
from ..diagnostics import Diagnostic, Related
from ..dialects import ALL_OPS, dialect_knowledge

CUTOFF = 0.75
_ONE_OF = re.compile(r"to be one of: (.+)$|enum values for attribute '[^']*' \[(.+)\]$")
_MNEMONIC = re.compile(r"unknown (attribute|type) `([^`]+)` in dialect `([^`]+)`")


def with_suggestions(doc: Document, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics``, each about a misspelled name carrying its suggestion."""
    return [_suggested(doc, diag) for diag in diagnostics]


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The one candidate close to ``word``, if there is one."""
    pool = [c for c in set(candidates) if c != word]
    found = difflib.get_close_matches(word, pool, n=2, cutoff=CUTOFF)
    if not found:
        return None
    if len(found) > 1 and difflib.SequenceMatcher(None, word, found[1]).ratio() == \
            difflib.SequenceMatcher(None, word, found[0]).ratio():
        return None  # two equally close: no single suggestion
    return found[0]


SPECIFICATION_OPS = {
    "nvgpu.cvt_fpext": "nvgpu.extf",
    "nvgpu.cvt_fptrunc": "nvgpu.truncf",
    "nvgpu.fma.packed.f32x2": "nvgpu.fma",
    "nvgpu.warpgroup.descriptor": "nvgpu.warpgroup.generate.descriptor",
    "nvgpu.mbarrier.init.shared": "nvgpu.mbarrier.init",
}
"""Op names the nvgpu specification uses for ops upstream MLIR spells otherwise."""
SPECIFICATION_ATTRIBUTES = {
    ("nvvm", "tcgen05_group"): ("nvvm", "cta_group"),
    ("nvvm", "load_mode"): ("nvvm", "tma_load_mode"),
    ("nvgpu", "rnd"): ("nvvm", "fp_rnd_mode"),
}
"""Enum namespaces of the specification (and of CuTe DSL's output, which writes a truncation's
rounding mode ``rnd = #nvgpu.rnd<rn>``), by (dialect, mnemonic), and upstream's."""
_NAMED_BY = {"nvgpu.rnd": "CuTe DSL"}
"""Who writes a name of these tables that the specification does not."""


SPECIFICATION_OPERANDS = {
    "nvgpu.tma.async.load": "nvvm.cp.async.bulk.tensor.shared.cluster.global",
    "nvgpu.tma.async.store": "nvvm.cp.async.bulk.tensor.global.shared.cta",
}
"""Upstream nvgpu ops the specification gives an ``l2CacheHint`` operand that neither upstream
build has (LLVM 22's ODS, the torch-mlir 20261001 bindings), and the NVVM op that takes one."""

_CACHE_HINT_WORDS = ("l2_cache_hint", "l2CacheHint")


def _suggested(doc: Document, diag: Diagnostic) -> Diagnostic:
    if diag.code == "syntax.custom-form" and _at_cache_hint(doc, diag):
        return _cache_hint_explained(doc, diag)
    found = _specification_name(doc.text[diag.start:diag.end], diag) or _suggestion(doc, diag)
    if found is None:
        return diag
    start, end, text = found
    data = dict(diag.data or {})
    data["suggestion"] = {"start": start, "end": end, "text": text}
    related = diag.related + (Related(start, end, f"did you mean '{text}'?"),)
    explanation = diag.explanation
    written = doc.text[start:end].strip().strip('"')
    if written in SPECIFICATION_OPS or any(written == f"{d}.{m}" for d, m in SPECIFICATION_ATTRIBUTES):
        explanation = (f"'{written}' is {_NAMED_BY.get(written, 'the nvgpu specification')}'s name for what "
                       f"upstream MLIR calls '{text.strip(chr(34))}'; nvgpu-ls reads files as upstream does")
    return dataclasses.replace(diag, related=related, data=data, explanation=explanation)


def _at_cache_hint(doc: Document, diag: Diagnostic) -> bool:
    """Is the token the error is at an L2 cache hint keyword? On a line of its own, the error
    is at the token before it (upstream reports at the end of the previous line)."""
    if doc.text[diag.start:diag.end].strip() in _CACHE_HINT_WORDS:
        return True
    following = _NEXT_WORD.match(doc.text, diag.end)
    return following is not None and "\n" in following.group(1) and following.group(2) in _CACHE_HINT_WORDS


_NEXT_WORD = re.compile(r"(\s*)([A-Za-z_][\w$.]*)")


def _cache_hint_explained(doc: Document, diag: Diagnostic) -> Diagnostic:
    """An L2 cache hint written on an upstream TMA op that has none: the error stays upstream's,
    the explanation says where the hint goes."""
    op = doc.op_at(diag.start)
    name = op.name if op is not None and op.name in SPECIFICATION_OPERANDS else None
    if name is None:
        return diag
    explanation = (f"upstream's '{name}' has no L2 cache hint (the nvgpu specification's l2CacheHint is in neither "
                   f"LLVM 22 nor the newer bindings); the NVVM op it lowers to takes one: "
                   f"'{SPECIFICATION_OPERANDS[name]} ... l2_cache_hint = %policy'")
    return dataclasses.replace(diag, explanation=explanation)


def _specification_name(written: str, diag: Diagnostic) -> tuple[int, int, str] | None:
    """The upstream name of an op or enum attribute written as the specification spells it."""
    if diag.code in ("syntax.unknown-op", "syntax.unknown-dialect", "op.unregistered"):
        name = written.strip().strip('"')
        if name in SPECIFICATION_OPS:
            quote = '"' if written.strip().startswith('"') else ""
            return diag.start, diag.end, f"{quote}{SPECIFICATION_OPS[name]}{quote}"
    match = _MNEMONIC.search(diag.message) if diag.code == "syntax.dialect" else None
    if match is not None and (match.group(3), match.group(2)) in SPECIFICATION_ATTRIBUTES:
        name = f"{match.group(3)}.{match.group(2)}"
        at = written.find(name)
        if at >= 0:
            return diag.start + at, diag.start + at + len(name), \
                ".".join(SPECIFICATION_ATTRIBUTES[(match.group(3), match.group(2))])
    return None


def _suggestion(doc: Document, diag: Diagnostic) -> tuple[int, int, str] | None:
    written = doc.text[diag.start:diag.end]
    if diag.code in ("syntax.unknown-op", "syntax.unknown-dialect"):
        return _op_name(written, diag)
    match = _ONE_OF.search(diag.message) if diag.code in ("syntax.enum", "syntax.custom-form") else None
    if match is not None:
        cases = [c.strip() for c in (match.group(1) or match.group(2)).split(",")]
        word = written.strip().strip('"')
        found = closest(word, cases) if word else None
        return (diag.start, diag.end, found) if found else None
    if diag.code == "syntax.dialect":
        return _mnemonic(written, diag)
    if diag.code == "op.attribute-missing":
        return _attribute_name(doc, diag)
    return None


def _op_name(written: str, diag: Diagnostic) -> tuple[int, int, str] | None:
    name = written.strip().strip('"')
    if not name or not re.fullmatch(r"[\w$.\-]+", name):
        return None
    dialect = name.split(".", 1)[0]
    knowledge = dialect_knowledge()
    pool = [n for n in ALL_OPS if n.startswith(dialect + ".")] + list(knowledge.op_names.get(dialect, ()))
    found = closest(name, pool) if pool else None
    if found is None and "." in name:  # the dialect itself misspelled: any op
        found = closest(name, [*ALL_OPS, *(n for names in knowledge.op_names.values() for n in names)])
    if found is None:
        return None
    quote = '"' if written.strip().startswith('"') else ""
    return diag.start, diag.end, f"{quote}{found}{quote}"


def _mnemonic(written: str, diag: Diagnostic) -> tuple[int, int, str] | None:
    match = _MNEMONIC.search(diag.message)
    if match is None:
        return None
    kind, mnemonic, dialect = match.groups()
    knowledge = dialect_knowledge()
    table = knowledge.attr_mnemonics if kind == "attribute" else knowledge.type_mnemonics
    found = closest(mnemonic, table.get(dialect, ()))
    at = written.find(mnemonic)
    if found is None or at < 0:
        return None
    return diag.start + at, diag.start + at + len(mnemonic), found


def _attribute_name(doc: Document, diag: Diagnostic) -> tuple[int, int, str] | None:
    missing = (diag.data or {}).get("attribute")
    op = doc.op_at(diag.start)
    if not isinstance(missing, str) or op is None or op.facts is None:
        return None
    known = {fact.name for fact in op.facts.attributes}
    strays = {name: entry for name, entry in op.attributes.items() if name not in known and "." not in name}
    for name, entry in strays.items():
        if closest(name, [missing]) == missing:
            start = doc.text.find(name, entry.start, entry.end + len(name))
            if start >= 0:
                return start, start + len(name), missing
    return None
