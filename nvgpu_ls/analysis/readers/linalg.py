"""Linalg structured ops: ``linalg.generic`` and the named ops (``linalg.matmul``, ``linalg.fill``,
``linalg.copy``, convolutions, ...) as upstream's ``parseCommonStructuredOpParts`` reads them:
``ins(%a, %b : A, B) outs(%c : C)``, an optional ``-> results``, and the body (written for
``linalg.generic``, built by upstream for a named op)."""

from __future__ import annotations

from ..errors import SyntaxFailure
from ..ir import TypeRef
from .reader import FAMILY_READERS, READERS, Reader

_OWN_SYNTAX = frozenset({
    "linalg.generic", "linalg.map", "linalg.reduce", "linalg.transpose", "linalg.broadcast", "linalg.softmax",
    "linalg.pack", "linalg.unpack", "linalg.yield", "linalg.index", "linalg.winograd_filter_transform",
    "linalg.winograd_input_transform", "linalg.winograd_output_transform",
})
"""Linalg ops with a parser of their own (not the named structured ops' shared one)."""


def _operands_and_types(r: Reader, keyword: str, group: str) -> None:
    """``ins(%a, %b : A, B)`` / ``outs(...)`` when the keyword is there."""
    if r.optional_keyword(keyword) is None:
        return
    r.punctuation("(")
    at = r.token
    uses = r.operand_list(group)
    types = r.colon_type_list() if uses or r.at(":") else []
    r.punctuation(")")
    if len(uses) != len(types):
        raise SyntaxFailure(f"custom op '{r.op.name}' {len(uses)} operands present, but expected {len(types)}",
                            at.start, at.end, "syntax.custom-form")
    r.set_operand_types(group, [TypeRef(t.type, u.start, u.end, implied=True) for u, t in zip(uses, types)])


def common_parts(r: Reader) -> None:
    """Properties in ``<{...}>``, an attribute dictionary, then ``ins`` and ``outs``."""
    if r.optional_punctuation("<"):
        if not r.at("{"):
            raise r.wrong_token("expected '{'")
        r.p.parse_attr_dict(r.op, inherent=True)
        r.punctuation(">")
    r.attr_dict()
    _operands_and_types(r, "ins", "inputs")
    _operands_and_types(r, "outs", "outputs")


def read_named(r: Reader) -> None:
    if r.optional_keyword("indexing_maps"):
        r.punctuation("=")
        r.attribute_value("indexing_maps")
    common_parts(r)
    r.attr_dict()
    if r.optional_punctuation("->"):
        r.set_result_types(r.result_types())


def read_generic(r: Reader) -> None:
    if not r.at("{") and not r.at("hash"):
        raise r.wrong_token("expected attribute value")
    if r.at("{"):
        r.p.parse_attr_dict(r.op, inherent=True)
    else:
        r.attribute_value("traits")
    common_parts(r)
    if r.optional_keyword("attrs"):
        r.punctuation("=")
        r.attr_dict()
    r.region()
    if r.optional_punctuation("->"):
        r.set_result_types(r.result_types())


def named_reader(name: str):
    """The shared reader of linalg's named structured ops, for an op that has no parser of its own."""
    return read_named if name.startswith("linalg.") and name not in _OWN_SYNTAX else None


READERS["linalg.generic"] = read_generic
FAMILY_READERS.append(named_reader)
