"""Structured control flow: ``scf.for``, ``scf.if``, ``scf.while``, ``scf.parallel``, ``scf.forall``,
``scf.execute_region`` (upstream's ``ForOp::parse``, ``IfOp::parse``, ...).

The values an op defines for its body (the induction variable, ``iter_args``) become the entry
block's arguments; the operands that initialise them are uses. Types the syntax implies (an
index bound, an ``i1`` condition) are recorded at the operand, so that a value used with two
types is reported as upstream's parser reports it.
"""

from __future__ import annotations

from .. import tokens as tk
from ..errors import SyntaxFailure
from ..ir import TypeRef, ValueDef, ValueUse
from ..values import FunctionType, IndexType, IntegerType, Type, UnitAttr
from .reader import Reader, reads


def implied(uses: list[ValueUse], type_: Type | None) -> list[TypeRef]:
    """The type the syntax gives ``uses`` without spelling it, placed at each use."""
    return [TypeRef(type_, use.start, use.end, implied=True) for use in uses] if type_ is not None else []


@reads("scf.for")
def read_for(r: Reader) -> None:
    unsigned = r.token
    if r.optional_keyword("unsigned"):
        r.keyword_attribute("unsignedCmp", UnitAttr(), unsigned)
    induction = r.argument(r.op, allow_type=False)
    r.punctuation("=")
    bounds = [r.operand("lowerBound")]
    r.keyword("to")
    bounds.append(r.operand("upperBound"))
    r.keyword("step")
    bounds.append(r.operand("step"))
    carried: list[ValueDef] = []
    inits: list[ValueUse] = []
    results: list[TypeRef] = []
    if r.optional_keyword("iter_args"):
        carried, inits = r.assignment_list("initArgs", r.op)
        r.punctuation("->")
        results = r.result_types()
    if len(carried) != len(results):
        raise SyntaxFailure("custom op 'scf.for' mismatch in number of loop-carried values and defined values",
                            r.op.name_start, r.op.name_end, "syntax.custom-form")
    bound_type: Type = IndexType()
    if r.optional_punctuation(":"):
        ref = r.type_ref()
        bound_type = ref.type
    induction.type = TypeRef(bound_type, induction.start, induction.end)
    for value, ref in zip(carried, results):
        value.type = ref
    for group, use in zip(("lowerBound", "upperBound", "step"), bounds):
        r.set_operand_types(group, implied([use], bound_type))
    r.set_operand_types("initArgs", [TypeRef(ref.type, use.start, use.end, implied=True) for use, ref in zip(inits, results)])
    r.region([induction, *carried])
    r.attr_dict()
    r.set_result_types(results)


@reads("scf.if")
def read_if(r: Reader) -> None:
    condition = r.operand("condition")
    r.set_operand_types("condition", implied([condition], IntegerType(1)))
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types()
    r.region()
    if r.optional_keyword("else"):
        r.region()
    r.attr_dict()
    r.set_result_types(results)


@reads("scf.while")
def read_while(r: Reader) -> None:
    arguments: list[ValueDef] = []
    inits: list[ValueUse] = []
    if r.at("("):
        arguments, inits = r.assignment_list("inits", r.op)
    r.punctuation(":")
    start = r.token
    ref = r.type_ref()
    signature = ref.type
    if not isinstance(signature, FunctionType):
        raise SyntaxFailure(f"invalid kind of type specified: expected builtin.function, but found '{signature}'",
                            start.start, start.end, "syntax.custom-form")
    if len(signature.inputs) != len(inits):
        raise r.error_at(start, f"expected as many input types as operands (expected {len(inits)} got "
                                f"{len(signature.inputs)})")
    for value, type_ in zip(arguments, signature.inputs):
        value.type = TypeRef(type_, ref.start, ref.end)
    r.set_operand_types("inits", [TypeRef(t, u.start, u.end, implied=True) for u, t in zip(inits, signature.inputs)])
    r.region(arguments)
    r.keyword("do")
    r.region()
    r.attr_dict_with_keyword()
    r.set_result_types([TypeRef(t, ref.start, ref.end) for t in signature.results])


@reads("scf.parallel")
def read_parallel(r: Reader) -> None:
    ivs = r.argument_list(r.op)
    for value in ivs:
        value.type = TypeRef(IndexType(), value.start, value.end)
    r.punctuation("=")
    for group, keyword in (("lowerBound", ""), ("upperBound", "to"), ("step", "step")):
        if keyword:
            r.keyword(keyword)
        uses = r.operand_list(group, "(", count=len(ivs))
        r.set_operand_types(group, implied(uses, IndexType()))
    inits: list[ValueUse] = []
    if r.optional_keyword("init"):
        inits = r.operand_list("initVals", "(")
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types()
    r.region(ivs)
    r.attr_dict()
    r.set_operand_types("initVals", [TypeRef(ref.type, use.start, use.end, implied=True) for use, ref in zip(inits, results)])
    r.set_result_types(results)


@reads("scf.forall")
def read_forall(r: Reader) -> None:
    ivs = r.argument_list(r.op)
    for value in ivs:
        value.type = TypeRef(IndexType(), value.start, value.end)
    if r.optional_keyword("in"):
        _dynamic_index_list(r, "dynamicUpperBound")
    else:
        r.punctuation("=")
        _dynamic_index_list(r, "dynamicLowerBound")
        r.keyword("to")
        _dynamic_index_list(r, "dynamicUpperBound")
        r.keyword("step")
        _dynamic_index_list(r, "dynamicStep")
    outs: list[ValueDef] = []
    results: list[TypeRef] = []
    if r.optional_keyword("shared_outs"):
        outs, inits = r.assignment_list("outputs", r.op)
        if r.optional_punctuation("->"):
            results = r.result_types()
        if len(results) != len(inits):
            raise SyntaxFailure("custom op 'scf.forall' mismatch between out operands and types", r.token.start,
                                r.token.end, "syntax.custom-form")
        for value, ref in zip(outs, results):
            value.type = ref
        r.set_operand_types("outputs", [TypeRef(ref.type, use.start, use.end, implied=True) for use, ref in zip(inits, results)])
    r.region([*ivs, *outs])
    r.attr_dict()
    r.set_result_types(results)


def _dynamic_index_list(r: Reader, group: str) -> None:
    """``(%a, 4, %b)``: SSA values and integers mixed (upstream's ``parseDynamicIndexList``)."""
    r.punctuation("(")
    if r.optional_punctuation(")"):
        return
    while True:
        if r.at(tk.SSA):
            use = r.operand(group)
            r.set_operand_types(group, implied([use], IndexType()))
        else:
            r.integer()
        if not r.optional_punctuation(","):
            break
    r.punctuation(")")


@reads("scf.execute_region")
def read_execute_region(r: Reader) -> None:
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types()
    token = r.token
    if r.optional_keyword("no_inline"):
        r.keyword_attribute("no_inline", UnitAttr(), token)
    r.region()
    r.attr_dict()
    r.set_result_types(results)


@reads("scf.forall.in_parallel")
def read_in_parallel(r: Reader) -> None:
    r.region()
    r.attr_dict()
