"""``memref.transpose`` (upstream's ``TransposeOp::parse``): ``%m (d0, d1) -> (d1, d0) {attrs} :
memref<...> to memref<...>``, the permutation written inline as a bare affine map."""

from __future__ import annotations

from .. import tokens as tk
from ..affine import read_affine
from ..errors import SyntaxFailure, TypeSyntaxError
from ..ir import TypeRef
from ..values import AffineMapAttr, MemRefType, OpaqueType, TypeAliasRef
from .reader import Reader, reads


@reads("memref.transpose")
def read_transpose(r: Reader) -> None:
    source = r.operand("in")
    start = r.token.start
    try:
        shape = read_affine(r.p.text, start, keyword="map")
    except TypeSyntaxError as error:
        at = r.p.blame_offset(error.offset if error.offset is not None else start)
        raise SyntaxFailure(error.message, at, at + 1, "syntax.attribute") from None
    while r.token.kind != tk.EOF and r.token.start < shape.end:
        r.p.advance()
    r.set_attribute("permutation", AffineMapAttr(f"affine_map<{r.p.text[start:shape.end]}>"), start, shape.end)
    r.attr_dict()
    r.punctuation(":")
    source_type = memref_type(r)
    r.keyword("to")
    result_type = memref_type(r)
    r.set_operand_types("in", [TypeRef(source_type.type, source.start, source.end, implied=True)])
    r.set_result_types([result_type])


def memref_type(r: Reader) -> TypeRef:
    """A type that must be a ranked memref (upstream's ``parseType(MemRefType &)``)."""
    token = r.token
    ref = r.type_ref()
    if not isinstance(ref.type, (MemRefType, OpaqueType, TypeAliasRef)):
        raise r.error_at(token, f"invalid kind of type specified: expected builtin.memref, but found '{ref.type}'")
    return ref
