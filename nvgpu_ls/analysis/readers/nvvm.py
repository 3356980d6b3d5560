"""``nvvm.mma.sync`` and ``nvvm.mma.sp.sync`` (upstream's ``MmaOp::parse``): ``A[...] B[...] C[...]``
operand fragments, an attribute dictionary, and ``: (A, B, C) -> D`` with one type per fragment."""

from __future__ import annotations

from ..errors import SyntaxFailure
from ..ir import TypeRef
from .reader import Reader, reads


def _fragments(r: Reader, names: tuple[str, ...]) -> list[list]:
    found = []
    for name in names:
        r.keyword(name)
        found.append(r.operand_list(name, "[") if r.at("[") else [])
    return found


def _types(r: Reader, fragments: list[list], groups: tuple[str, ...]) -> None:
    r.punctuation(":")
    r.punctuation("(")
    types = r.type_list()
    r.punctuation(")")
    if len(types) != len(fragments):
        raise SyntaxFailure(f"custom op '{r.op.name}' expected one type for each operand segment but got "
                            f"{len(types)} types", r.op.name_start, r.op.name_end, "syntax.custom-form")
    for group, uses, ref in zip(groups, fragments, types):
        r.set_operand_types(group, [TypeRef(ref.type, use.start, use.end, implied=True) for use in uses])
    r.punctuation("->")
    r.set_result_types([r.type_ref()])


@reads("nvvm.mma.sync")
def read_mma_sync(r: Reader) -> None:
    fragments = _fragments(r, ("A", "B", "C"))
    r.attr_dict()
    _types(r, fragments, ("A", "B", "C"))
