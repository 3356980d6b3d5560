"""Vector ops with hand-written parsers: ``vector.transfer_read``, ``vector.transfer_write``,
``vector.contract``, ``vector.outerproduct``, ``vector.mask``."""

from __future__ import annotations

from .. import tokens as tk
from ..errors import SyntaxFailure
from ..ir import TypeRef
from ..values import IndexType, MemRefType, TensorType, Type, TypeAliasRef, UnrankedMemRefType, VectorType
from .reader import Reader, reads
from .scf import implied


def _shaped_element(type_: Type) -> Type | None:
    return getattr(type_, "element", None)


def _transfer_types(r: Reader, vector_first: bool, start: tk.Token) -> tuple[TypeRef, TypeRef]:
    """``: shaped, vector`` (``: vector, shaped`` for a write) with upstream's checks, reported at
    ``start`` (the colon); returns the shaped type and the vector type."""
    r.punctuation(":")
    refs = r.type_list()
    if len(refs) != 2:
        raise r.error_at(start, "requires two types")
    vector, shaped = (refs[0], refs[1]) if vector_first else (refs[1], refs[0])
    checks = [(shaped, _is_shaped_source, "requires memref or ranked tensor type"),
              (vector, _is_vector, "requires vector type")]
    if vector_first:
        checks.reverse()
    for ref, check, message in checks:
        if check(ref.type) is False:
            raise r.error_at(start, message)
    return shaped, vector


def _is_shaped_source(type_: Type) -> bool | None:
    if isinstance(type_, TypeAliasRef):
        return None  # judged once the alias is known, by the verifier
    if isinstance(type_, TensorType):
        return type_.shape is not None
    return isinstance(type_, MemRefType) and not isinstance(type_, UnrankedMemRefType)


def _is_vector(type_: Type) -> bool | None:
    return None if isinstance(type_, TypeAliasRef) else isinstance(type_, VectorType)


def _permutation_needed(r: Reader, shaped: TypeRef, vector: TypeRef, at: tk.Token) -> None:
    """Without a ``permutation_map``, the vector's rank may not exceed the source's."""
    if "permutation_map" in r.op.attributes:
        return
    source, vec = shaped.type, vector.type
    if not isinstance(source, (MemRefType, TensorType)) or not isinstance(vec, VectorType) or source.shape is None:
        return
    element = source.element
    rank = len(vec.shape) - (len(element.shape) if isinstance(element, VectorType) else 0)
    if len(source.shape) < rank:
        raise r.error_at(at, "expected a custom permutation_map when rank(source) != rank(destination)")


@reads("vector.transfer_read")
def read_transfer_read(r: Reader) -> None:
    r.operand("base")
    indices = r.operand_list("indices", "[")
    r.punctuation(",")
    padding = r.operand("padding")
    if r.optional_punctuation(","):
        r.operand("mask")
    r.attr_dict()
    at = r.token
    shaped, vector = _transfer_types(r, vector_first=False, start=at)
    _permutation_needed(r, shaped, vector, at)
    r.set_operand_types("base", [shaped])
    r.set_operand_types("indices", implied(indices, IndexType()))
    element = _shaped_element(shaped.type)
    if element is not None:
        r.set_operand_types("padding", implied([padding], element))
    r.set_result_types([vector])


@reads("vector.transfer_write")
def read_transfer_write(r: Reader) -> None:
    r.operand("valueToStore")
    r.punctuation(",")
    r.operand("base")
    indices = r.operand_list("indices", "[")
    if r.optional_punctuation(","):
        r.operand("mask")
    r.attr_dict()
    at = r.token
    shaped, vector = _transfer_types(r, vector_first=True, start=at)
    _permutation_needed(r, shaped, vector, at)
    r.set_operand_types("valueToStore", [vector])
    r.set_operand_types("base", [shaped])
    r.set_operand_types("indices", implied(indices, IndexType()))
    if isinstance(shaped.type, TensorType):
        r.set_result_types([shaped])


@reads("vector.contract")
def read_contract(r: Reader) -> None:
    if r.at("{"):
        r.p.parse_attr_dict(r.op, inherent=True)
    else:  # the dictionary may be an alias (``#matmul_trait``)
        r.attribute_value("trait")
    lhs = r.operand("lhs")
    r.punctuation(",")
    rhs = r.operand("rhs")
    r.punctuation(",")
    acc = r.operand("acc")
    while r.optional_punctuation(","):
        r.operand("masks")
    r.attr_dict()
    r.punctuation(":")
    start = r.token
    types = r.type_list()
    r.keyword("into")
    result = r.type_ref()
    if len(types) < 2:
        raise SyntaxFailure("custom op 'vector.contract' expected 2 operand types", start.start, start.end,
                            "syntax.custom-form")
    r.set_operand_types("lhs", [TypeRef(types[0].type, lhs.start, lhs.end)])
    r.set_operand_types("rhs", [TypeRef(types[1].type, rhs.start, rhs.end)])
    r.set_operand_types("acc", [TypeRef(result.type, acc.start, acc.end)])
    r.set_result_types([result])


@reads("vector.outerproduct")
def read_outerproduct(r: Reader) -> None:
    uses = r.operand_list("operands")
    r.attr_dict()
    r.punctuation(":")
    r.type_ref()
    r.punctuation(",")
    r.type_ref()
    if len(uses) < 2:
        raise SyntaxFailure("custom op 'vector.outerproduct' expected at least 2 operands", r.op.name_start,
                            r.op.name_end, "syntax.custom-form")
    for use, group in zip(uses, ("lhs", "rhs", "acc")):
        use.group = group


@reads("vector.mask")
def read_mask(r: Reader) -> None:
    r.operand("mask")
    if r.optional_punctuation(","):
        r.operand("passthru")
    r.region()
    r.attr_dict()
    r.punctuation(":")
    r.type_ref()
    if r.optional_punctuation("->"):
        r.set_result_types(r.result_types())
