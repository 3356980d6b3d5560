"""The types a declarative format gives values it does not spell, as upstream's generated parser
gives them: from the ODS traits that tie types together (``AllTypesMatch``, ``TypesMatchWith``,
``SameOperandsAndResultType``) and from a constraint that builds its type (``Index``, ``I1``).

``memref.load %m[%i] : memref<4xf32>`` spells only the memref's type: the index is ``index``
(``Variadic<Index>``) and the result ``f32`` (``TypesMatchWith<memref → result, element type>``).
Upstream resolves each operand with that type, so ``%i : i32`` is "use of value '%i' expects
different type than prior uses"; the implied types placed at each use let the use-def layer say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .errors import TypeSyntaxError
from .ir import AnchoredTypeRef, AttrEntry, Operation, TypeRef, ValueUse
from .typegrammar import parse_type
from .values import (
    Attr, ComplexType, DenseElementsAttr, FloatAttr, IntegerAttr, IntegerType, MemRefType, TensorType, Type,
    UnrankedMemRefType, VectorType,
)

if TYPE_CHECKING:
    from .facts import OperandFact, OpFacts, ResultFact


class _Plan:
    """What an op's facts say about its implied types, worked out once per op."""

    __slots__ = ("facts", "built", "useful", "related_attributes", "operand_names", "results", "result_counts",
                 "result_refs")

    def __init__(self, facts: "OpFacts") -> None:
        self.facts = facts
        values: tuple[OperandFact | ResultFact, ...] = (*facts.operands, *facts.results)
        self.built = {f.name: t for f in values if f.builds for t in [_parse(f.builds)] if t is not None}
        self.useful = bool(facts.type_relations or self.built)
        """Can anything be implied at all?"""
        related = {name for relation in facts.type_relations for name in relation.names}
        self.related_attributes = tuple(a.name for a in facts.attributes if a.name in related)
        """The attributes whose type a relation ties to a value's (``AllTypesMatch<value, result>``)."""
        self.operand_names = tuple(f.name for f in facts.operands)
        self.results = tuple(f.name for f in facts.results) \
            if facts.results and not any(f.variadic or f.optional for f in facts.results) else ()
        """The result names, when each result is one value (else results are not implied)."""
        self.result_counts = (0, len(self.results))
        """How many results an op may name for them to be implied: none, or each."""
        self.result_refs = {name: tuple(n for relation in facts.type_relations if relation.kind == "same"
                                        and name in relation.names for n in relation.names)
                            for name in self.results}
        """For each result, the names a ``same`` relation ties it to (where its type may be spelled)."""


_PLANS: Final[dict[int, _Plan]] = {}


def _plan(facts: "OpFacts") -> _Plan:
    plan = _PLANS.get(id(facts))
    if plan is None or plan.facts is not facts:
        plan = _PLANS[id(facts)] = _Plan(facts)
    return plan


_IMPLIED: Final[dict[tuple, tuple["OpFacts", tuple, dict[str, Type]]]] = {}
"""``implied_types`` by (facts, spelled types): ops of one kind repeat a few spellings many times."""


def implied_types(facts: "OpFacts", spelled: dict[str, Type]) -> dict[str, Type]:
    """Each operand or result name's type: ``spelled`` (what the format's type directives gave,
    one type per name) completed through the op's type relations and built types (each element
    of a variadic group takes the one type). The result is shared: callers must not change it."""
    parts: list[object] = [id(facts)]
    values: list[Type] = []
    for name, value in spelled.items():  # a loop, not tuple(map(...)): this runs for most ops
        parts.append(name)
        parts.append(id(value))
        values.append(value)
    key = tuple(parts)
    known = _IMPLIED.get(key)
    if known is not None and known[0] is facts and _same_objects(known[1], values):
        return known[2]
    if len(_IMPLIED) > 1 << 14:
        _IMPLIED.clear()
    found = _implied_types(facts, spelled)
    _IMPLIED[key] = (facts, tuple(values), found)  # the types are kept alive with it, so their ids stay theirs
    return found


def _same_objects(kept: tuple, values: list[Type]) -> bool:
    """Are ``values`` the very objects ``kept`` holds (ids alone could be reused)?"""
    if len(kept) != len(values):
        return False
    for i in range(len(values)):
        if kept[i] is not values[i]:
            return False
    return True


def _implied_types(facts: "OpFacts", spelled: dict[str, Type]) -> dict[str, Type]:
    types = dict(spelled)
    relations = facts.type_relations
    _relate(relations, types)
    built = _plan(facts).built
    if any(name not in types for name in built):
        for name, found in built.items():
            types.setdefault(name, found)
        _relate(relations, types)
    return types


def _relate(relations, types: dict[str, Type]) -> None:
    """Spread known types along the relations until nothing changes."""
    changed = True
    while changed:
        changed = False
        for relation in relations:
            names = relation.names
            if relation.kind == "same":
                source = next((types[n] for n in names if n in types), None)
                if source is not None:
                    for name in names:
                        if name not in types:
                            types[name] = source
                            changed = True
            elif relation.kind == "with" and relation.transform and names[0] in types and names[1] not in types:
                found = transformed(types[names[0]], relation.transform)
                if found is not None:
                    types[names[1]] = found
                    changed = True


def transformed(value: Type, transform: str) -> Type | None:
    """A ``TypesMatchWith`` transformer applied to ``value`` (None when it does not apply)."""
    if transform == "same":
        return value
    if transform == "element":
        if isinstance(value, (MemRefType, VectorType, TensorType, UnrankedMemRefType, ComplexType)):
            return value.element
        return None
    if transform == "i1-same-shape":
        if isinstance(value, VectorType):
            return VectorType(value.shape, IntegerType(1), value.scalable)
        if isinstance(value, TensorType):
            return TensorType(value.shape, IntegerType(1))
        return IntegerType(1)
    return None


def attribute_type(value: Attr | None) -> Type | None:
    """The type a typed attribute carries (``1 : i32``; ``dense<...> : T``), None for an untyped one."""
    if isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)):
        return value.type
    return None


def _parse(text: str) -> Type | None:
    try:
        return parse_type(text)
    except TypeSyntaxError:
        return None


def place_implied(op: Operation, facts: "OpFacts", operands: dict[str, list[ValueUse]],
                  typed: dict[str, list[TypeRef]], attributes: dict[str, AttrEntry] | None = None) -> None:
    """Give ``op`` the operand and result types its format implies but does not spell: operand
    types at each use (where the use-def layer compares them with the definitions), result types
    at the op's name. A typed attribute (``arith.constant 1 : i32``) spells its type, and a result
    of that very type (``AllTypesMatch<value, result>``) is spelled there too."""
    plan = _PLANS.get(id(facts))
    if plan is None or plan.facts is not facts:
        plan = _plan(facts)
    if not plan.useful:
        return
    want_results = plan.results and not op.result_types and len(op.results) in plan.result_counts
    if not want_results:
        for name, uses in operands.items():
            if uses and name not in typed:
                break
        else:
            return  # the format spelled every type there is
    spelled: dict[str, Type] = {}
    spelled_at: dict[str, tuple[int, int]] = {}
    if plan.related_attributes and attributes:
        for name in plan.related_attributes:
            entry = attributes.get(name)
            found = attribute_type(entry.value) if entry is not None else None
            if found is not None:
                spelled[name] = found
                spelled_at[name] = (entry.value_start, entry.value_end)  # type: ignore[union-attr]
    for name, refs in typed.items():
        if refs:
            first = refs[0].type
            if first is not None and (len(refs) == 1 or all(ref.type is first or ref.type == first for ref in refs)):
                spelled[name] = first
    types = implied_types(facts, spelled)
    operand_types = op.operand_types
    for name in plan.operand_names:
        named = operands.get(name)
        if named and name not in typed:
            implied = types.get(name)
            if implied is not None:
                operand_types[name] = [AnchoredTypeRef(implied, use) for use in named]
    if want_results:
        results = [types.get(name) for name in plan.results]
        if all(t is not None for t in results):  # not `None not in`: that compares each type with None
            op.result_types = [_result_ref(t, name, plan, spelled_at, op)  # type: ignore[arg-type]
                               for t, name in zip(results, plan.results)]


def _result_ref(found: Type, name: str, plan: _Plan, spelled_at: dict[str, tuple[int, int]],
                op: Operation) -> TypeRef:
    """Where a result's type is shown: the typed attribute it must equal, else (implied) the op's name."""
    for related in plan.result_refs[name]:
        at = spelled_at.get(related)
        if at is not None:
            return TypeRef(found, at[0], at[1])
    return AnchoredTypeRef(found, op, at_name=True)