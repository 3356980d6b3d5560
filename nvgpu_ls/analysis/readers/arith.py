"""``arith.select`` (upstream's ``SelectOp::parse``): ``%c, %a, %b : T`` with an ``i1`` condition, or
``: C, T`` when the condition is a vector or tensor of ``i1``."""

from __future__ import annotations

from ..ir import TypeRef
from ..values import IntegerType, Type
from .reader import Reader, reads


@reads("arith.select")
def read_select(r: Reader) -> None:
    uses = r.operand_list("", count=3)
    r.attr_dict()
    r.punctuation(":")
    result = r.type_ref()
    condition: Type = IntegerType(1)
    if r.optional_punctuation(","):
        condition = result.type
        result = r.type_ref()
    for use, group in zip(uses, ("condition", "true_value", "false_value")):
        use.group = group
    r.set_operand_types("condition", [TypeRef(condition, uses[0].start, uses[0].end, implied=True)])
    r.set_operand_types("true_value", [TypeRef(result.type, uses[1].start, uses[1].end, implied=True)])
    r.set_operand_types("false_value", [TypeRef(result.type, uses[2].start, uses[2].end, implied=True)])
    r.set_result_types([result])
