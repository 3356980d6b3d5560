"""The checks every op's facts imply, before any op-specific rule: upstream's ODS layer.

Upstream generates these from each op's ODS definition and runs them before the op's own
``verify()``: operand and result counts (the ``NOperands`` / ``AtLeastNOperands`` / ``OneResult``
traits and ``operandSegmentSizes``), required attributes and their kinds, operand and result type
constraints, the type relations ODS states (``AllTypesMatch``, ``TypesMatchWith``), then the
native traits (``SameOperandsAndResultType``, ``SameTypeOperands``, ...). Messages use upstream's
wording (measured with ``mlir-opt-22``), and like upstream only the first failure of an op is
reported.

Ops generated from the registry are judged by their constraints' predicates (``predicates``),
with the constraint's summary as the message; the project's own nvgpu designs, which have no ODS
record, by the kinds their facts name. A count or attribute is judged only where the op's syntax
was read completely (its declarative format, or the generic form); the ops upstream parses with
hand-written C++ fill theirs in ways the readers do not all model.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from ..analysis.implied_types import attribute_type, transformed
from ..analysis.values import (
    ArrayAttr, BoolAttr, DenseArrayAttr, FloatAttr, FloatType, IndexType, IntegerAttr, IntegerType,
    MBarrierGroupType, MBarrierTokenType, DeviceAsyncTokenType, MemRefType, OpaqueType, TensorMapDescriptorType,
    TensorType, Type, TypeAliasRef, UnitAttr, UnrankedMemRefType, VectorType, WarpgroupAccumulatorType,
    WarpgroupDescriptorType, DialectType,
)
from ..analysis.facts import AttributeFact
from ..analysis.formats import CUSTOM_DIRECTIVES, spelled_type_names
from ..dialects.ods import registry
from ..memory import register_cache
from ..analysis.opview import OpView, enum_case, same_type
from .context import Report, unknowable
from .predicates import element_type, satisfies

CHECKED_DIALECTS = frozenset({"nvgpu"})

OWN_CONSTRAINTS = frozenset({"nvgpu.rcp"})
"""Ops whose ODS constraints differ between the eras their facts merge (``nvgpu.rcp``: a unit
``ftz`` and an nvgpu rounding enum in LLVM 22, BoolAttr ``approx``/``ftz`` and an NVVM rounding
mode after it; operands of ``vector of 32-bit float values``): their verifier in ``rules/`` checks
attributes, operand and result types itself, era by era."""

_TYPE_CONSTRAINTS: dict[str, tuple[str, type | tuple[type, ...]]] = {
    "memref": ("memref of any type values", MemRefType),
    "vector": ("vector of any type values", VectorType),
    "index": ("index", IndexType),
    "!nvgpu.mbarrier.group": ("mbarrier barrier type", MBarrierGroupType),
    "!nvgpu.mbarrier.token": ("mbarrier token type", MBarrierTokenType),
    "!nvgpu.device.async.token": ("device async token type", DeviceAsyncTokenType),
    "!nvgpu.tensormap.descriptor": ("TensorMap descriptor", TensorMapDescriptorType),
    "!nvgpu.warpgroup.descriptor": ("Warpgroup matrix descriptor type", WarpgroupDescriptorType),
    "!nvgpu.warpgroup.accumulator": ("warpgroup accumulator type", WarpgroupAccumulatorType),
}
"""Operand/result kinds checked by class, with upstream's ODS summary of the constraint.
(Upstream's summaries of the token and accumulator types are empty; ours name them.)"""

_INTEGER_KINDS = {"i1": 1, "i16": 16, "i32": 32, "i64": 64}

_ATTRIBUTE_SUMMARIES = {
    "i32": "32-bit signless integer attribute",
    "i64": "64-bit signless integer attribute",
    "index": "index attribute",
    "bool": "bool attribute",
    "unit": "unit attribute",
    "array<i64>": "64-bit integer array attribute",
}

_ENUM_SUMMARIES = {
    "#nvgpu.rcp_rounding_mode": "Rounding mode of rcp",
    "#nvvm.sat_mode": "Describes the saturation mode whose value is one of {none, satfinite}",
    "#nvvm.fp_rnd_mode": "NVVM FPRoundingMode kind",
}


def check_structure(view: OpView, report: Report) -> None:
    """Report the first ODS-level violation of ``view``'s op, if any."""
    facts, op = view.facts, view.op
    if facts is None or op.facts is None:
        return
    key = (op.name, op.generic, op.syntax)
    known = _PLANS.get(key)
    if known is None or known[0] is not facts:
        known = _PLANS[key] = (facts, _plan(facts, op))
    for check in known[1]:
        if check(view, report):
            return


def _plan(facts, op) -> tuple:
    """The checks an op of this kind, written this way, needs, in upstream's order: each op kind
    and syntax is planned once, leaving out the checks its facts make vacuous."""
    generated = is_generated(facts)
    if not generated and op.dialect not in CHECKED_DIALECTS:
        return ()
    read_whole = op.generic or op.syntax == "format"
    spelled = _spelled_names(facts) if op.syntax == "format" and not op.generic else None
    checks = []
    if op.dialect in CHECKED_DIALECTS or op.generic:
        checks += [_operand_count, _result_count]
    elif op.syntax == "format" and _types_all_results(facts.formats):
        checks.append(_result_count)
    if op.name not in OWN_CONSTRAINTS:
        attributes = tuple(fact for fact in facts.attributes if fact.kind in _JUDGED_KINDS
                           or not (fact.optional or fact.default is not None or fact.kind == "unit"))
        if read_whole and attributes:
            checks.append(partial(_attributes, judged=attributes))
        operands = _judged_groups(facts.operands, spelled, "operands")
        if operands:
            checks.append(partial(_operand_types, groups=operands))
        results = _judged_flags(facts.results, spelled, "results")
        if any(results) and not any(r.variadic or r.optional for r in facts.results[:-1]):
            checks.append(partial(_result_types, judged=results))
        relations = _relations_to_check(facts, spelled) if generated else ()
        if relations:
            checks.append(partial(_type_relations, traits=relations))
        if generated and _native_of(facts.traits):
            checks.append(_native_traits)
    return tuple(checks)


def _spelled_names(facts) -> frozenset[str] | None:
    """The operand and result names some format of the op writes a type for (``operands`` /
    ``results`` standing for every one), None when a format cannot be read."""
    found: set[str] = set()
    for text in facts.formats:
        names = spelled_type_names(text)
        if names is None:
            return None
        found |= names
    return frozenset(found)


def _judged_flags(groups, spelled: frozenset[str] | None, everything: str) -> tuple[bool, ...]:
    """For each operand or result group, whether its constraint can fail: not where it holds for
    every type (``AnyType``), nor where the op's format leaves the type unwritten and the constraint
    builds it (``Variadic<Index>`` indices are given ``index``, so they are ``index``)."""
    flags = []
    for fact in groups:
        if fact.constraint and _always_holds(fact.constraint):
            flags.append(False)
        elif spelled is not None and fact.builds and fact.name not in spelled and everything not in spelled:
            flags.append(False)
        else:
            flags.append(True)
    return tuple(flags)


def _judged_groups(groups, spelled: frozenset[str] | None, everything: str) -> tuple:
    """``(fact, judged)`` of each group up to the last judged one; empty when none is judged."""
    flags = _judged_flags(groups, spelled, everything)
    if not any(flags):
        return ()
    last = max(i for i, flag in enumerate(flags) if flag)
    return tuple(zip(groups[:last + 1], flags[:last + 1]))


@lru_cache(maxsize=None)
def _always_holds(constraint: str) -> bool:
    """Is the constraint's predicate ``true`` (``AnyType`` and its variadic forms)?"""
    _, root = registry().root(constraint)
    return root.get("pred") == ["c", "(true)"]


def _relations_to_check(facts, spelled: frozenset[str] | None) -> tuple:
    """The op's type relations a check can find broken. Where the format writes the type of one
    side only, the other side's type is made from it (``implied_types``) and the relation holds by
    construction: an ``AllTypesMatch`` of two or more values of which one value's type is written
    (a typed attribute counts), a ``TypesMatchWith`` whose source is written and target is not;
    both only where ``implied_types`` models the relation."""
    traits = _relation_traits(facts.name)
    if spelled is None or "operands" in spelled or "results" in spelled:
        return traits
    attributes = {a.name for a in facts.attributes}
    kept = []
    for trait in traits:
        if trait[0] == "AllTypesMatch":
            modelled = any(r.kind == "same" and set(trait[2:]) <= set(r.names) for r in facts.type_relations)
            written = sum(1 for name in trait[2:] if name in spelled or name in attributes)
            if modelled and written == 1 and len(trait) > 3:
                continue
        else:
            modelled = any(r.kind == "with" and r.transform and r.names == (trait[2], trait[3])
                           for r in facts.type_relations)
            if modelled and trait[2] in spelled and trait[3] not in spelled and trait[3] not in attributes:
                continue
        kept.append(trait)
    return tuple(kept)


_PLANS: dict[tuple[str, bool, str], tuple[object, tuple]] = {}
"""(op name, generic, syntax) → (the facts it was planned from, the checks)."""
register_cache(_PLANS.clear)


def is_generated(facts) -> bool:
    """Facts made from an ODS record (their values name upstream's constraints)."""
    known = _GENERATED.get(id(facts))
    if known is not None and known[0] is facts:
        return known[1]
    found = any(f.constraint for f in (*facts.operands, *facts.results, *facts.attributes))
    _GENERATED[id(facts)] = (facts, found)
    return found


_GENERATED: dict[int, tuple[object, bool]] = {}
"""``id(facts)`` → (facts, answer): one entry per op kind."""
register_cache(_GENERATED.clear)


# ---------------------------------------------------------------- counts
def _operand_count(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    found = len(view.op.operands)
    groups = facts.operands
    fixed = sum(1 for g in groups if not (g.variadic or g.optional))
    flexible = [g for g in groups if g.variadic or g.optional]
    if len(flexible) > 1:
        segments = view.attr("operandSegmentSizes")
        if view.op.generic:
            total = sum(int(v) for v in segments.values) if isinstance(segments, DenseArrayAttr) else 0
            if total != found:
                report.op_error(view, f"operand count ({found}) does not match with the total size ({total}) "
                                      "specified in attribute 'operandSegmentSizes'", "op.operand-count",
                                data={"expected": total, "found": found})
                return True
        return False
    if not flexible:
        if found == fixed:
            return False
        if fixed == 0:
            message = "requires zero operands"
        elif fixed == 1:
            message = "requires a single operand"
        else:
            message = f"expected {fixed} operands, but found {found}"
    else:
        if found >= fixed and (flexible[0].variadic or found <= fixed + 1):
            return False
        message = (f"expected {fixed} or more operands, but found {found}" if found < fixed
                   else f"expected at most {fixed + 1} operands, but found {found}")
    report.op_error(view, message, "op.operand-count", data={"expected": fixed, "found": found})
    return True


def _result_count(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    if any(r.variadic for r in facts.results):
        return False
    fixed = sum(1 for r in facts.results if not r.optional)
    most = len(facts.results)
    if not view.op.generic and not _types_all_results(facts.formats):
        # The custom form may leave results unnamed; naming the wrong number is the error.
        named = len(view.op.results)
        if named == 0 or fixed <= named <= most:
            return False
        report.error(view, f"operation defines {most} results but was provided {named} to bind",
                     "op.result-count", data={"expected": most, "found": named})
        return True
    found = len(view.op.results) if view.op.results and view.op.generic else len(view.op.result_types)
    if fixed <= found <= most:
        return False
    if most == 0:
        message = "requires zero results"
    elif most == 1 and fixed == 1:
        message = "requires one result"
    else:
        message = f"expected {fixed} results, but found {found}"
    report.op_error(view, message, "op.result-count", data={"expected": fixed, "found": found})
    return True


# ---------------------------------------------------------------- attributes
@lru_cache(maxsize=None)
def _types_all_results(formats: tuple[str, ...]) -> bool:
    """Does the format spell the result types as one list (``functional-type``, ``type(results)``),
    so that how many it lists is how many results the op gets?"""
    return bool(formats) and all("functional-type" in f or "type(results)" in f for f in formats[:1])


def _attributes(view: OpView, report: Report, judged: tuple[AttributeFact, ...]) -> bool:
    """The ``judged`` attributes (those that must be present, or whose kind has a check) of the op."""
    facts = view.facts
    assert facts is not None
    by_directives = set() if view.op.generic else custom_directive_names(facts.formats)
    for fact in judged:
        entry = view.attr_entry(fact.name)
        if entry is None and fact.name in by_directives:
            continue  # read by a custom directive of the format, which the reader does not store
        if entry is None:
            if not fact.optional and fact.default is None and fact.kind != "unit":
                report.op_error(view, f"requires attribute '{fact.name}'", "op.attribute-missing",
                                data={"attribute": fact.name, "kind": fact.kind})
                return True
            continue
        if fact.kind not in _JUDGED_KINDS:
            continue
        problem = _attribute_problem(view, fact)
        if problem is not None:
            report.op_error(view, f"attribute '{fact.name}' failed to satisfy constraint: {problem}",
                            "op.attribute-invalid", span=view.attr_span(fact.name),
                            data={"attribute": fact.name, "expected": list(fact.enum) or fact.kind})
            return True
    return False


_CUSTOM_DIRECTIVE = re.compile(r"custom<(\w+)>\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


@lru_cache(maxsize=None)
def custom_directive_names(formats: tuple[str, ...]) -> frozenset[str]:
    """The names the formats' ``custom<...>(...)`` directives that the reader does not model read
    (what those store is unknown; a modelled one stores the attributes it reads)."""
    names: set[str] = set()
    for text in formats:
        for match in _CUSTOM_DIRECTIVE.finditer(text):
            if match.group(1) not in CUSTOM_DIRECTIVES:
                names.update(re.findall(r"\$(\w+)", match.group(2)))
    return frozenset(names)


_JUDGED_KINDS = frozenset({"enum", "i32", "i64", "index", "bool", "unit", "array<i64>"})
"""The attribute kinds ``_attribute_problem`` judges a value of."""


def _attribute_problem(view: OpView, fact: AttributeFact) -> str | None:
    """The constraint summary when the attribute's value does not satisfy it, else None."""
    value = view.attr(fact.name)
    entry = view.attr_entry(fact.name)
    assert entry is not None
    kind = fact.kind
    spelled_by_syntax = entry.inherent and not view.op.generic
    if kind == "enum":
        case = enum_case(value)
        if isinstance(value, (IntegerAttr, BoolAttr, ArrayAttr, DenseArrayAttr)) or (case is not None and case not in fact.enum):
            return _ENUM_SUMMARIES.get(fact.enum_attr, f"one of {{{', '.join(fact.enum)}}}")
        return None
    if kind in ("i32", "i64", "index"):
        if not isinstance(value, IntegerAttr):
            return _ATTRIBUTE_SUMMARIES[kind] if not _opaque(value) else None
        written = value.type
        if written is None:
            return None if spelled_by_syntax or kind == "i64" else _ATTRIBUTE_SUMMARIES[kind]
        if kind == "index":
            return None if isinstance(written, IndexType) else _ATTRIBUTE_SUMMARIES[kind]
        ok = isinstance(written, IntegerType) and written.width == int(kind[1:]) and not written.signedness
        return None if ok else _ATTRIBUTE_SUMMARIES[kind]
    if kind == "bool":
        return None if isinstance(value, (BoolAttr, UnitAttr)) and (isinstance(value, BoolAttr) or spelled_by_syntax) \
            or _opaque(value) else _ATTRIBUTE_SUMMARIES[kind]
    if kind == "unit":
        return None if isinstance(value, UnitAttr) or _opaque(value) else _ATTRIBUTE_SUMMARIES[kind]
    if kind == "array<i64>":
        if isinstance(value, ArrayAttr):
            ok = all(isinstance(e, IntegerAttr) and (e.type is None or str(e.type) == "i64") for e in value.elements)
            return None if ok else _ATTRIBUTE_SUMMARIES[kind]
        return None if _opaque(value) else _ATTRIBUTE_SUMMARIES[kind]
    return None


def _opaque(value) -> bool:
    """Values the grammar kept verbatim (or unresolved aliases): not judged."""
    name = type(value).__name__
    return name in ("OpaqueAttr", "AttrAliasRef") or value is None


# ---------------------------------------------------------------- types
def _operand_types(view: OpView, report: Report, groups: tuple) -> bool:
    """Each operand of the judged ``groups`` (``(fact, judged)`` pairs) against its constraint."""
    facts = view.facts
    assert facts is not None
    index = -1
    for fact, judged in groups:
        operands = view.operands(fact.name)
        if not judged:
            index += len(operands)
            continue
        for operand in operands:
            index += 1
            summary = _constraint_problem(fact, operand.type, facts.upstream)
            if summary is None:
                continue
            report.op_error(view, f"operand #{index} must be {summary}, but got '{operand.type}'",
                            "op.operand-type", span=view.type_span(operand), related=view.defined_here(operand),
                            data={"operand": fact.name, "expected": fact.kind})
            return True
    return False


def _result_types(view: OpView, report: Report, judged: tuple[bool, ...]) -> bool:
    """Each result against its group's constraint (planned only where every group but the last is
    a single result, so that a result's index names its group; ``judged`` flags each group)."""
    facts = view.facts
    assert facts is not None
    groups = facts.results
    last = len(groups) - 1
    for index in range(len(view.op.results if not view.op.generic else view.op.result_types)):
        group = min(index, last)
        fact = groups[group]
        if index > last and not fact.variadic:
            return False
        if not judged[group]:
            continue
        found = view.result_type(index)
        summary = _constraint_problem(fact, found, facts.upstream)
        if summary is not None:
            report.op_error(view, f"result #{index} must be {summary}, but got '{found}'", "op.result-type",
                            span=view.result_span(index), data={"result": fact.name, "expected": fact.kind})
            return True
    return False


_VERDICTS: dict[tuple[str, int], tuple[Type, str | None]] = {}
"""(constraint, ``id(type)``) → (the type, the summary when it fails, else None): types are shared
per spelling and constraints are few, so most checks are a lookup."""
register_cache(_VERDICTS.clear)
_VERDICTS_GET = _VERDICTS.get


def _constraint_problem(fact, value: Type | None, upstream: bool) -> str | None:
    """The constraint's summary when ``value`` does not satisfy it, else None (also when unknown)."""
    if value is None:
        return None
    if fact.constraint:
        key = (fact.constraint, id(value))
        known = _VERDICTS_GET(key)
        if known is not None and known[0] is value:
            return known[1]
        verdict = None
        if not unknowable(value):
            entry = registry().constraint(fact.constraint)
            _, root = registry().root(fact.constraint)
            if satisfies(root.get("pred"), value) is False:
                verdict = entry.get("summary") or root.get("summary")
        if len(_VERDICTS) > 1 << 15:
            _VERDICTS.clear()
        _VERDICTS[key] = (value, verdict)
        return verdict
    if unknowable(value):
        return None
    if fact.kind == "float" and not upstream:
        return None  # the branch-only conversion ops also take tensors; their verifier judges shapes
    summary = _type_problem(fact.kind, value)
    return f"variadic of {summary}" if summary is not None and fact.variadic else summary


def _type_problem(kind: str, value: Type | None) -> str | None:
    """The constraint summary when ``value`` is not of ``kind``, else None (also when unknown): the
    project's own designs, which name kinds, not ODS constraints."""
    if value is None or isinstance(value, (OpaqueType, TypeAliasRef)):
        return None
    if isinstance(value, DialectType) and not value.name.startswith("nvgpu."):
        return None
    if kind in _TYPE_CONSTRAINTS:
        summary, classes = _TYPE_CONSTRAINTS[kind]
        if isinstance(value, classes) and not (isinstance(value, VectorType) and not value.shape):
            return None  # ODS vectors have a non-zero rank
        if kind == "memref" and isinstance(value, UnrankedMemRefType):
            return None
        return summary
    if kind in _INTEGER_KINDS:
        ok = isinstance(value, IntegerType) and value.width == _INTEGER_KINDS[kind] and not value.signedness
        return None if ok else f"{_INTEGER_KINDS[kind]}-bit signless integer"
    if kind == "integer":
        ok = isinstance(value, IntegerType) and value.width in (32, 64) and not value.signedness
        return None if ok else "32-bit signless integer or 64-bit signless integer"
    if kind == "float":
        if isinstance(value, FloatType):
            return None
        if isinstance(value, VectorType) and value.shape and isinstance(value.element, FloatType):
            return None
        return "floating-point or vector of floating-point values"
    return None


# ---------------------------------------------------------------- relations and traits
class _TypedValues:
    """The types of the operand, result and attribute groups an op's relations name, by ODS name,
    each looked up when a relation first asks for it (operands first, then results, then typed
    attributes, as the names never clash)."""

    __slots__ = ("view", "found")

    def __init__(self, view: OpView) -> None:
        self.view = view
        self.found: dict[str, list[Type | None] | None] = {}

    def get(self, name: str) -> list[Type | None] | None:
        found = self.found
        if name in found:
            return found[name]
        view = self.view
        facts = view.facts
        assert facts is not None
        value: list[Type | None] | None = None
        operands, results, attributes = _group_names(facts)
        if name in operands:
            value = [o.type for o in view.operands(name)]
        elif (index := results.get(name, -1)) >= 0:
            value = [view.result_type(index)] if index < len(view.op.results or view.op.result_types) else []
        elif name in attributes:
            typed = _attribute_type(view.attr(name))
            value = [typed] if typed is not None else None
        found[name] = value
        return value


def _group_names(facts) -> tuple[frozenset[str], dict[str, int], frozenset[str]]:
    """The op's operand group names, its result groups' indices (none where a group is variadic
    or optional, as a result's index then names no group) and its attribute names."""
    known = _GROUP_NAMES.get(id(facts))
    if known is not None and known[0] is facts:
        return known[1]
    fixed = not any(r.variadic or r.optional for r in facts.results)
    found = (frozenset(f.name for f in facts.operands),
             {r.name: i for i, r in enumerate(facts.results)} if fixed else {},
             frozenset(f.name for f in facts.attributes))
    _GROUP_NAMES[id(facts)] = (facts, found)
    return found


_GROUP_NAMES: dict[int, tuple[object, tuple]] = {}
register_cache(_GROUP_NAMES.clear)


def _attribute_type(value) -> Type | None:
    """The type of a typed attribute (``1 : i32``; an untyped integer is i64, a float f64)."""
    found = attribute_type(value)
    if found is None and isinstance(value, IntegerAttr):
        return IntegerType(64)
    if found is None and isinstance(value, FloatAttr):
        return FloatType("f64")
    return found


def _type_relations(view: OpView, report: Report, traits: tuple) -> bool:
    """``AllTypesMatch`` and ``TypesMatchWith`` (the op's ``traits`` of them that can fail), as
    upstream's ODS verifier states them."""
    facts = view.facts
    assert facts is not None
    values = _TypedValues(view)
    for trait in traits:
        if trait[0] == "AllTypesMatch":
            groups = [values.get(name) for name in trait[2:]]
            types = [g[0] for g in groups if g and len(g) == 1]
            if len(types) != len(trait[2:]) or all(t is types[0] for t in types[1:]):
                continue  # one type object (types are shared per spelling): they match
            if _known(types) and not all(same_type(t, types[0]) for t in types[1:]):
                report.op_error(view, f"failed to verify that {trait[1]}", "op.type-relation",
                                data={"trait": trait[0]})
                return True
            continue
        relation = next((r for r in facts.type_relations if r.kind == "with" and r.names == (trait[2], trait[3])),
                        None)
        source, target = values.get(trait[2]), values.get(trait[3])
        if relation is None or not relation.transform or not source or not target or len(source) != 1 \
                or len(target) != 1 or not _known([source[0], target[0]]):
            continue
        expected = transformed(source[0], relation.transform)  # type: ignore[arg-type]
        if expected is not None and not same_type(expected, target[0]):
            report.op_error(view, f"failed to verify that {trait[1]}", "op.type-relation", data={"trait": trait[0]})
            return True
    return False


@lru_cache(maxsize=None)
def _relation_traits(name: str) -> tuple[list, ...]:
    """The op's ``AllTypesMatch`` / ``TypesMatchWith`` records in the registry."""
    return tuple(t for t in registry().ops.get(name, {}).get("traits", ())
                 if isinstance(t, list) and t[0] in ("AllTypesMatch", "TypesMatchWith"))


def _known(types: list[Type | None]) -> bool:
    return all(t is not None and not unknowable(t) for t in types)


_NATIVE = (
    ("SameOperandsAndResultType", True, "type", "requires the same type for all operands and results"),
    ("SameTypeOperands", False, "identical", "requires all operands to have the same type"),
    ("SameOperandsAndResultElementType", True, "element",
     "requires the same element type for all operands and results"),
    ("SameOperandsElementType", False, "element", "requires the same element type for all operands"),
    ("SameOperandsAndResultShape", True, "shape", "requires the same shape for all operands and results"),
)
"""Native traits upstream verifies after the ODS checks: the trait, whether results take part, what
must agree, and upstream's message."""


def _native_traits(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    for trait, with_results, part, message in _native_of(facts.traits):
        types = [o.type for o in view.all_operands()]
        if with_results:
            results = len(view.op.results or view.op.result_types)
            types = [view.result_type(i) for i in range(results)] + types
        if len(types) < 2 or not _known(types):
            continue
        if not all(_agree(types[0], other, part) for other in types[1:]):  # type: ignore[arg-type]
            report.op_error(view, message, "op.same-types", data={"trait": trait})
            return True
    return False


@lru_cache(maxsize=None)
def _native_of(traits: tuple[str, ...]) -> tuple[tuple, ...]:
    return tuple(entry for entry in _NATIVE if entry[0] in traits)


def _agree(first: Type, other: Type, part: str) -> bool:
    """Do two types agree as the trait asks: ``identical``; ``element`` (``getElementTypeOrSelf``);
    ``shape`` (``verifyCompatibleShape``: a dynamic size or an unranked type fits any); ``type``
    (both of those)."""
    if part == "identical":
        return same_type(first, other)
    if part in ("element", "type") and not same_type(element_type(first) or first, element_type(other) or other):
        return False
    if part in ("shape", "type"):
        return compatible_shapes(first, other)
    return True


def compatible_shapes(first: Type, other: Type) -> bool:
    """``verifyCompatibleShape``: both shaped or neither; unranked fits all; equal ranks whose sizes
    are equal or dynamic."""
    a, b = _shape(first), _shape(other)
    if a is _NOT_SHAPED or b is _NOT_SHAPED:
        return a is b
    if a is None or b is None:
        return True
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))  # type: ignore[arg-type]


_NOT_SHAPED = object()


def _shape(value: Type):
    """A shaped type's sizes, None when unranked; ``_NOT_SHAPED`` for a type that is not shaped."""
    if isinstance(value, VectorType):
        return tuple(value.shape)
    if isinstance(value, (MemRefType, TensorType)):
        return None if value.shape is None else tuple(value.shape)
    if isinstance(value, UnrankedMemRefType):
        return None
    return _NOT_SHAPED
