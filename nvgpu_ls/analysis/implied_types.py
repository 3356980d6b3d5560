"""The types a declarative format gives values it does not spell, as upstream's generated parser
gives them: from the ODS traits that tie types together (``AllTypesMatch``, ``TypesMatchWith``,
``SameOperandsAndResultType``) and from a constraint that builds its type (``Index``, ``I1``).

``memref.load %m[%i] : memref<4xf32>`` spells only the memref's type: the index is ``index``
(``Variadic<Index>``) and the result ``f32`` (``TypesMatchWith<memref → result, element type>``).
Upstream resolves each operand with that type, so ``%i : i32`` is "use of value '%i' expects
different type than prior uses"; the implied types placed at each use let the use-def layer say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .errors import TypeSyntaxError
from .ir import AttrEntry, Operation, TypeRef, ValueUse
from .typegrammar import parse_type
from .values import (
    Attr, ComplexType, DenseElementsAttr, FloatAttr, IntegerAttr, IntegerType, MemRefType, TensorType, Type,
    UnrankedMemRefType, VectorType,
)

if TYPE_CHECKING:
    from .facts import OpFacts


def implied_types(facts: "OpFacts", spelled: dict[str, Type]) -> dict[str, Type]:
    """Each operand or result name's type: ``spelled`` (what the format's type directives gave,
    one type per name) completed through the op's type relations and built types (each element
    of a variadic group takes the one type)."""
    types = dict(spelled)
    built = {fact.name: fact.builds for fact in (*facts.operands, *facts.results) if fact.builds}
    for with_builders in (False, True):
        if with_builders:
            for name, text in built.items():
                if name not in types:
                    found = _parse(text)
                    if found is not None:
                        types[name] = found
        changed = True
        while changed:
            changed = False
            for relation in facts.type_relations:
                for name, found in _propagate(relation, types):
                    if name not in types and found is not None:
                        types[name] = found
                        changed = True
    return types


def _propagate(relation, types: dict[str, Type]) -> Iterable[tuple[str, Type | None]]:
    if relation.kind == "same":
        source = next((types[n] for n in relation.names if n in types), None)
        if source is not None:
            return [(name, source) for name in relation.names]
        return []
    if relation.kind == "with" and relation.transform and relation.names[0] in types:
        return [(relation.names[1], transformed(types[relation.names[0]], relation.transform))]
    return []


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
    spelled: dict[str, Type] = {}
    spelled_at: dict[str, tuple[int, int]] = {}
    for name, entry in (attributes or {}).items():
        found = attribute_type(entry.value)
        if found is not None:
            spelled[name] = found
            spelled_at[name] = (entry.value_start, entry.value_end)
    for name, refs in typed.items():
        if refs and all(ref.type == refs[0].type for ref in refs):
            spelled[name] = refs[0].type
    if not facts.type_relations and not any(f.builds for f in (*facts.operands, *facts.results)):
        return
    types = implied_types(facts, spelled)
    for fact in facts.operands:
        uses = operands.get(fact.name)
        if not uses or fact.name in typed or fact.name not in types:
            continue
        op.operand_types[fact.name] = [TypeRef(types[fact.name], use.start, use.end, implied=True) for use in uses]
    if op.result_types or not facts.results or any(f.variadic or f.optional for f in facts.results):
        return
    if len(op.results) not in (0, len(facts.results)):
        return
    found = [types.get(fact.name) for fact in facts.results]
    if all(t is not None for t in found):
        op.result_types = [_result_ref(t, fact.name, facts, spelled_at, op)  # type: ignore[arg-type]
                           for t, fact in zip(found, facts.results)]


def _result_ref(found: Type, name: str, facts: "OpFacts", spelled_at: dict[str, tuple[int, int]],
                op: Operation) -> TypeRef:
    """Where a result's type is shown: the typed attribute it must equal, else (implied) the op's name."""
    for relation in facts.type_relations:
        if relation.kind == "same" and name in relation.names:
            at = next((spelled_at[n] for n in relation.names if n in spelled_at), None)
            if at is not None:
                return TypeRef(found, at[0], at[1])
    return TypeRef(found, op.name_start, op.name_end, implied=True)
