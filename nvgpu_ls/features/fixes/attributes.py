"""Data-driven attribute fixes: the verifiers say what value would be right, these write it.

What each payload means (the diagnostic's ``data``):

* ``op.attribute-missing`` ``{"attribute", "kind"}`` -- insert ``name = value`` into the
  op's property or attribute dictionary (a new ``{...}`` before the type colon when it has
  none), the value derived from the op where it can be (``numTiles`` from the result
  vector, ``mmaShape`` from the A fragment, ``dstElements`` for a 16-byte copy), else a
  placeholder of the attribute's kind;
* ``{"attribute", "expected": [...]}`` or ``{"attribute", "valid": [...]}`` -- one fix per
  candidate value (enum cases ranked by spelling with difflib, numbers by distance),
  replacing the value as written; ``op.attribute-invalid`` with an integer kind rewrites
  the integer's type;
* ``{"fix": {name: value}}`` -- the one obvious fix (preferred): set each attribute
  (``None`` removes it, ``True`` sets a unit/bool one); ``{"alternatives": [{...}, ...]}``
  -- further, equally valid settings.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...analysis.values import MemRefType, VectorType, element_bit_width
from ...diagnostics import Diagnostic
from ...analysis.facts import AttributeFact
from ...analysis.opview import OpView, enum_case
from . import Edit, Fix, Fixer
from .text import attribute_dicts, format_ints, insert_entry, remove_entry, replace_int, replace_word

_INTEGER_KINDS = ("i32", "i64", "index")


def fixers_for(diag: Diagnostic) -> list[Fixer]:
    data = diag.data or {}
    found: list[Fixer] = []
    if diag.code == "op.attribute-missing":
        found.append(missing_attribute_fixes)
    if isinstance(data.get("attribute"), str) and any(isinstance(data.get(k), list) for k in ("expected", "valid")):
        found.append(choice_fixes)
    if diag.code == "op.attribute-invalid" and data.get("expected") in _INTEGER_KINDS:
        found.append(integer_kind_fixes)
    if isinstance(data.get("fix"), dict) or isinstance(data.get("alternatives"), list):
        found.append(setting_fixes)
    return found


def _op_of(doc: Document, diag: Diagnostic) -> Operation | None:
    """The op the diagnostic is about: the innermost op with facts around its start."""
    op = doc.op_at(diag.start)
    while op is not None and op.facts is None:
        op = op.parent_op()
    return op


def _fact(op: Operation, name: str) -> AttributeFact | None:
    return op.facts.attribute(name) if op.facts is not None else None


def _literal_braces(op: Operation) -> bool:
    """Does the op's custom syntax write ``{`` itself (``nvgpu.rcp %x {rounding = approx}``)?
    Inside those braces values are bare words, not full attributes."""
    facts = op.facts
    return not op.generic and facts is not None and any("`{`" in f for f in facts.formats)


# ---------------------------------------------------------------------- writing values
def _display(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def entry_text(op: Operation, name: str, value: Any, in_props: bool) -> str:
    """``name = value`` as the op's dictionary needs it spelled (typed integers, full enum
    attributes), or the bare name of a set unit attribute."""
    fact = _fact(op, name)
    kind = fact.kind if fact is not None else ""
    bare = _literal_braces(op) and not in_props
    if value is True:
        return name if kind == "unit" and not in_props else f"{name} = true"
    if value is False:
        return f"{name} = false"
    if isinstance(value, int):
        suffix = f" : {kind}" if kind in _INTEGER_KINDS and not bare else ""
        return f"{name} = {value}{suffix}"
    if isinstance(value, list):
        return f"{name} = {format_ints(value, '')}"
    if isinstance(value, str):
        if kind == "enum" and not bare and fact is not None and fact.enum_attr:
            return f"{name} = {fact.enum_attr}<{value}>"
        if kind in ("string", "symbol") and not bare:
            return f'{name} = "{value}"'
        return f"{name} = {value}"
    raise ValueError(value)


def set_attribute(doc: Document, op: Operation, name: str, value: Any) -> list[Edit] | None:
    """Edits giving attribute ``name`` of ``op`` the value ``value`` (None removes it); None
    when the current spelling cannot be edited exactly."""
    text = doc.text
    entry = op.attributes.get(name)
    if value is None:
        if entry is None:
            return []
        removal = remove_entry(doc, op, entry)
        return [removal] if removal is not None else None
    if entry is None:
        dicts = attribute_dicts(doc, op)
        in_props = bool(dicts) and any(d.props for d in dicts)
        edit = insert_entry(doc, op, entry_text(op, name, value, in_props))
        return [edit] if edit is not None else None
    start, end = entry.value_start, entry.value_end
    written = text[start:end]
    if isinstance(value, bool):
        if start == end or written.strip() == "":  # a unit attribute
            if value:
                return []
            removal = remove_entry(doc, op, entry)
            return [removal] if removal is not None else None
        word = re.search(r"\b(true|false)\b", written)
        if word is None:
            return None
        new = "true" if value else "false"
        return [] if word.group(1) == new else [(start + word.start(1), start + word.end(1), new)]
    if isinstance(value, int):
        edit = replace_int(text, start, end, value)
        return [edit] if edit is not None else None
    if isinstance(value, list):
        return [(start, end, format_ints([int(v) for v in value], written))]
    if isinstance(value, str):
        case = enum_case(OpView(op, doc).attr(name))
        if case is None:
            return None
        if case == value:
            return []
        edit = replace_word(text, start, end, case, value)
        return [edit] if edit is not None else None
    return None


def _settings_title(settings: dict) -> str:
    parts = []
    for name, value in settings.items():
        if value is None:
            parts.append(f"remove {name}")
        elif value is True:
            parts.append(f"set {name}")
        else:
            parts.append(f"set {name} = {_display(value)}")
    text = " and ".join(parts)
    return text[0].upper() + text[1:]


def _settings_fix(doc: Document, op: Operation, settings: dict, preferred: bool) -> Fix | None:
    """One fix making every setting of ``settings`` (titled by those that change something)."""
    edits: list[Edit] = []
    changed: dict = {}
    for name, value in settings.items():
        found = set_attribute(doc, op, name, value)
        if found is None:
            return None
        if found:
            edits.extend(found)
            changed[name] = value
    if not edits:
        return None
    return Fix(_settings_title(changed), tuple(edits), preferred)


# ---------------------------------------------------------------------- the fixers
def setting_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    op = _op_of(doc, diag)
    if op is None:
        return []
    fixes = []
    if isinstance(data.get("fix"), dict):
        fix = _settings_fix(doc, op, data["fix"], preferred=True)
        if fix is not None:
            fixes.append(fix)
    for settings in data.get("alternatives") or ():
        if isinstance(settings, dict):
            fix = _settings_fix(doc, op, settings, preferred=False)
            if fix is not None:
                fixes.append(fix)
    return fixes


def rank_candidates(current: Any, candidates: list, limit: int = 3) -> list:
    """The candidates closest to ``current``: words by spelling, numbers and lists by distance."""
    if not candidates:
        return []
    if all(isinstance(c, str) for c in candidates):
        if not isinstance(current, str):
            return candidates[:limit]
        scored = sorted(candidates, key=lambda c: -difflib.SequenceMatcher(None, current, c).ratio())
        close = [c for c in scored if difflib.SequenceMatcher(None, current, c).ratio() >= 0.5]
        return (close or scored)[:limit]
    if all(isinstance(c, int) and not isinstance(c, bool) for c in candidates):
        if isinstance(current, int):
            return sorted(candidates, key=lambda c: (abs(c - current), c))[:limit]
        return candidates[:limit]
    if all(isinstance(c, list) for c in candidates):
        if isinstance(current, list) and all(len(c) == len(current) for c in candidates):
            return sorted(candidates, key=lambda c: sum(abs(a - b) for a, b in zip(c, current)))[:limit]
        return candidates[:limit]
    return []


def _current_value(view: OpView, name: str) -> Any:
    case = view.enum_attr(name)
    number = view.int_attr(name)
    listed = view.int_list_attr(name)
    return listed if listed is not None else number if number is not None else case


def choice_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    name = data["attribute"]
    candidates = data.get("valid") if isinstance(data.get("valid"), list) else data.get("expected")
    op = _op_of(doc, diag)
    if op is None or not isinstance(candidates, list):
        return []
    view = OpView(op, doc)
    current = _current_value(view, name)
    ranked = [c for c in rank_candidates(current, candidates) if c != current]
    fixes = []
    for candidate in ranked:
        edits = set_attribute(doc, op, name, candidate)
        if edits:
            fixes.append(Fix(f"Change {name} to {_display(candidate)}", tuple(edits), preferred=len(ranked) == 1))
    return fixes


def integer_kind_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    name, kind = data.get("attribute"), data["expected"]
    op = _op_of(doc, diag)
    entry = op.attributes.get(name) if op is not None and isinstance(name, str) else None
    if entry is None:
        return []
    written = doc.text[entry.value_start:entry.value_end]
    match = re.fullmatch(r"\s*(-?\d+)\s*(:\s*\S+)?\s*", written)
    if match is None:
        return []
    new = f"{match.group(1)} : {kind}"
    return [Fix(f"Write {name} as {new}", ((entry.value_start, entry.value_end, new),), preferred=True)]


# ---------------------------------------------------------------------- missing attributes
def default_value(view: OpView, fact: AttributeFact) -> Any:
    """A value for a missing required attribute: derived from the op where its types
    decide it, else a placeholder of the attribute's kind."""
    name, kind = fact.name, fact.kind
    if name == "numTiles":
        vector = view.result_type() if view.name == "nvgpu.ldmatrix" else view.type_of("source")
        if isinstance(vector, VectorType) and vector.shape and vector.shape[0] in (1, 2, 4):
            return int(vector.shape[0])
        return 1
    if name == "mmaShape":
        a = view.type_of("matrixA")
        if isinstance(a, VectorType) and len(a.shape) == 2:
            f64 = str(a.element) == "f64"
            m = 8 if f64 else 16
            k = a.shape[0] * a.shape[1] * 32 // m * (2 if view.name == "nvgpu.mma.sp.sync" else 1)
            return [m, 8, k]
        return [16, 8, 16]
    if name == "dstElements":
        dst = view.type_of("dst")
        width = element_bit_width(dst.element) if isinstance(dst, MemRefType) else None
        return 128 // width if width and 128 % width == 0 else 4
    if kind == "enum" and fact.enum:
        return fact.default if fact.default in fact.enum else fact.enum[0]
    if kind in _INTEGER_KINDS:
        return 1
    if kind == "array<i64>":
        return []
    if kind in ("string", "symbol"):
        return ""
    if kind in ("bool", "unit"):
        return True
    return None


def missing_attribute_fixes(doc: Document, diag: Diagnostic) -> list[Fix]:
    data = diag.data or {}
    name = data.get("attribute")
    op = _op_of(doc, diag)
    if op is None or not isinstance(name, str) or name in op.attributes:
        return []
    fact = _fact(op, name)
    if fact is None:
        return []
    value = default_value(OpView(op, doc), fact)
    if value is None:
        return []
    edits = set_attribute(doc, op, name, value)
    if not edits:
        return []
    return [Fix(f"Add {name} = {_display(value)}", tuple(edits), preferred=True)]
