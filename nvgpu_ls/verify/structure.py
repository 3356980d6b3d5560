"""The checks every op's facts imply, before any op-specific rule: upstream's ODS layer.

Upstream generates these from each op's ODS definition and runs them before the op's
own ``verify()``: operand and result counts (the ``NOperands`` / ``AtLeastNOperands`` /
``OneResult`` traits and ``operandSegmentSizes``), required attributes, attribute
kinds and enum cases, and operand/result type constraints. Messages use upstream's
wording (measured with ``mlir-opt-22``), and like upstream only the first failure of
an op is reported.

Only ops of the dialects whose facts carry exact ODS constraints are checked here
(``nvgpu``); the ops around them are read for structure, not verified.
"""

from __future__ import annotations

from ..analysis.values import (
    ArrayAttr, BoolAttr, DenseArrayAttr, FloatType, IndexType, IntegerAttr, IntegerType,
    MBarrierGroupType, MBarrierTokenType, DeviceAsyncTokenType, MemRefType, OpaqueType, TensorMapDescriptorType,
    Type, TypeAliasRef, UnitAttr, UnrankedMemRefType, VectorType, WarpgroupAccumulatorType,
    WarpgroupDescriptorType, DialectType,
)
from ..dialects.facts import AttributeFact
from .context import OpView, Report, enum_case

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
    if view.facts is None or view.op.facts is None or view.op.dialect not in CHECKED_DIALECTS:
        return
    checks = [_operand_count, _result_count]
    if view.name not in OWN_CONSTRAINTS:
        checks += [_attributes, _operand_types, _result_types]
    for check in checks:
        if check(view, report):
            return


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
    if not view.op.generic:
        # The custom form may leave results unnamed; naming the wrong number is the error.
        named = len(view.op.results)
        if named == 0 or fixed <= named <= most:
            return False
        report.error(view, f"operation defines {most} results but was provided {named} to bind",
                     "op.result-count", data={"expected": most, "found": named})
        return True
    found = len(view.op.results) if view.op.results else len(view.op.result_types)
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
def _attributes(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    for fact in facts.attributes:
        entry = view.attr_entry(fact.name)
        if entry is None:
            if not fact.optional and fact.default is None and fact.kind not in ("unit", "bool"):
                report.op_error(view, f"requires attribute '{fact.name}'", "op.attribute-missing",
                                data={"attribute": fact.name, "kind": fact.kind})
                return True
            continue
        problem = _attribute_problem(view, fact)
        if problem is not None:
            report.op_error(view, f"attribute '{fact.name}' failed to satisfy constraint: {problem}",
                            "op.attribute-invalid", span=view.attr_span(fact.name),
                            data={"attribute": fact.name, "expected": list(fact.enum) or fact.kind})
            return True
    return False


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
def _operand_types(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    kinds = {g.name: g for g in facts.operands}
    index = -1
    for group, operands in view.operand_groups().items():
        for operand in operands:
            index += 1
            fact = kinds.get(group)
            if fact is None or (fact.kind == "float" and not facts.upstream):
                continue  # the branch-only conversion ops also take tensors; their verifier judges shapes
            summary = _type_problem(fact.kind, operand.type)
            if summary is None:
                continue
            prefix = "variadic of " if fact.variadic else ""
            report.op_error(view, f"operand #{index} must be {prefix}{summary}, but got '{operand.type}'",
                            "op.operand-type", span=view.type_span(operand), related=view.defined_here(operand),
                            data={"operand": fact.name, "expected": fact.kind})
            return True
    return False


def _result_types(view: OpView, report: Report) -> bool:
    facts = view.facts
    assert facts is not None
    for index, fact in enumerate(facts.results):
        if fact.kind == "float" and not facts.upstream:
            continue
        result = view.result_type(index)
        summary = _type_problem(fact.kind, result)
        if summary is not None:
            report.op_error(view, f"result #{index} must be {summary}, but got '{result}'", "op.result-type",
                            span=view.result_span(index), data={"result": fact.name, "expected": fact.kind})
            return True
    return False


def _type_problem(kind: str, value: Type | None) -> str | None:
    """The constraint summary when ``value`` is not of ``kind``, else None (also when unknown)."""
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
