"""Affine ops: ``affine.apply``, ``affine.min``, ``affine.max``, ``affine.load``, ``affine.store``,
``affine.vector_load``, ``affine.vector_store``, ``affine.prefetch``, ``affine.for``, ``affine.if``,
``affine.parallel`` (upstream's ``AffineApplyOp::parse`` and its siblings).

A map is an ``#alias`` or written inline (``affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]``); its
dimension and symbol operands follow in ``(...)[...]``, and their number must be the map's. The
subscripts of loads and stores are affine expressions over SSA values (``%i + 1``).
"""

from __future__ import annotations

from .. import tokens as tk
from ..affine import AffineShape, read_affine, read_ssa_affine_map
from ..errors import SyntaxFailure, TypeSyntaxError
from ..ir import TypeRef, ValueDef, ValueUse
from ..values import AffineMapAttr, AttrAliasRef, IndexType, IntegerAttr, MemRefType
from .reader import Reader, reads
from .scf import implied


def _skip_to(r: Reader, offset: int) -> None:
    """Move the cursor to the first token at or after ``offset`` (text read by another reader)."""
    while r.token.kind != tk.EOF and r.token.start < offset:
        r.p.advance()


def _value_error(r: Reader, error: TypeSyntaxError, base: int) -> SyntaxFailure:
    at = base + (error.offset or 0)
    return SyntaxFailure(error.message, at, at + 1, "syntax.attribute")


def map_attribute(r: Reader, name: str, kind: str = "map") -> AffineShape | None:
    """An affine map (or integer set) attribute: ``#alias`` or inline; its shape when known."""
    token = r.token
    if token.kind == tk.HASH:
        r.p.advance()
        alias = r.p.aliases.get(token.text)
        r.set_attribute(name, AttrAliasRef(token.text), token.start, token.end)
        if alias is None:
            return None  # reported as an undefined alias by the use-def checks
        try:
            return read_affine(r.p.text, alias.value_start)
        except TypeSyntaxError:
            return None  # the alias's own definition is reported where it is
    if token.kind == tk.BARE and token.text in ("affine_map", "affine_set"):
        try:
            shape = read_affine(r.p.text, token.start)
        except TypeSyntaxError as error:
            raise _value_error(r, error, 0) from None
        if shape.kind != kind:
            raise r.error_at(token, "invalid kind of attribute specified")
        _skip_to(r, shape.end)
        r.set_attribute(name, AffineMapAttr(r.p.text[token.start:shape.end]), token.start, shape.end)
        return shape
    raise r.wrong_token("expected attribute value")


def dims_and_symbols(r: Reader, group: str) -> tuple[list[ValueUse], list[ValueUse]]:
    """``(%d, ...)`` then an optional ``[%s, ...]`` (upstream's ``parseDimAndSymbolList``)."""
    dims = r.operand_list(group, "(")
    symbols = r.operand_list(group, "[") if r.at("[") else []
    r.set_operand_types(group, implied(dims + symbols, IndexType()))
    return dims, symbols


def _count_mismatch(r: Reader, shape: AffineShape | None, dims: int, symbols: int, message: str) -> None:
    if shape is not None and (shape.dims != dims or shape.dims + shape.symbols != dims + symbols):
        raise SyntaxFailure(f"custom op '{r.op.name}' {message}", r.op.name_start, r.op.name_end,
                            "syntax.custom-form")


def _index_results(r: Reader, count: int) -> None:
    refs = [TypeRef(IndexType(), r.op.name_start, r.op.name_end, implied=True) for _ in range(count)]
    r.op.result_types = refs
    for value, ref in zip(r.op.results, refs):
        value.type = ref


@reads("affine.apply")
def read_apply(r: Reader) -> None:
    shape = map_attribute(r, "map")
    dims, symbols = dims_and_symbols(r, "mapOperands")
    r.attr_dict()
    _count_mismatch(r, shape, len(dims), len(symbols), "dimension or symbol index mismatch")
    _index_results(r, shape.results if shape is not None else 1)


@reads("affine.min", "affine.max")
def read_min_max(r: Reader) -> None:
    map_attribute(r, "map")
    dims_and_symbols(r, "operands")
    r.attr_dict()
    _index_results(r, 1)


def _subscripts(r: Reader, group: str) -> None:
    """``[%i + 1, symbol(%n)]`` after a memref: the uses and the map they make."""
    token = r.token
    if token.kind != "[":
        raise r.wrong_token("expected '['")
    try:
        found = read_ssa_affine_map(r.p.text, token.start)
    except TypeSyntaxError as error:
        raise _value_error(r, error, 0) from None
    for name, start, end, _symbol in found.uses:
        use = ValueUse(name, start, end, r.op)
        use.group = group
        r.op.operands.append(use)
        r.set_operand_types(group, [TypeRef(IndexType(), start, end, implied=True)])
    _skip_to(r, found.end)


def _memref_type(r: Reader, group: str, use: ValueUse) -> TypeRef:
    ref = r.colon_type()
    r.set_operand_types(group, [ref])
    return ref


@reads("affine.load")
def read_load(r: Reader) -> None:
    memref = r.operand("memref")
    _subscripts(r, "indices")
    r.attr_dict()
    ref = _memref_type(r, "memref", memref)
    if isinstance(ref.type, MemRefType):
        r.set_result_types([TypeRef(ref.type.element, ref.start, ref.end, implied=True)])


@reads("affine.store")
def read_store(r: Reader) -> None:
    value = r.operand("value")
    r.punctuation(",")
    memref = r.operand("memref")
    _subscripts(r, "indices")
    r.attr_dict()
    ref = _memref_type(r, "memref", memref)
    if isinstance(ref.type, MemRefType):
        r.set_operand_types("value", [TypeRef(ref.type.element, value.start, value.end, implied=True)])


@reads("affine.vector_load")
def read_vector_load(r: Reader) -> None:
    memref = r.operand("memref")
    _subscripts(r, "indices")
    r.attr_dict()
    _memref_type(r, "memref", memref)
    r.punctuation(",")
    r.set_result_types([r.type_ref()])


@reads("affine.vector_store")
def read_vector_store(r: Reader) -> None:
    r.operand("value")
    r.punctuation(",")
    memref = r.operand("memref")
    _subscripts(r, "indices")
    r.attr_dict()
    _memref_type(r, "memref", memref)
    r.punctuation(",")
    r.set_operand_types("value", [r.type_ref()])


@reads("affine.prefetch")
def read_prefetch(r: Reader) -> None:
    memref = r.operand("memref")
    _subscripts(r, "indices")
    r.punctuation(",")
    r.keyword_choice(("read", "write"), "rw specifier has to be 'read' or 'write'")
    r.punctuation(",")
    r.keyword("locality")
    r.punctuation("<")
    r.integer()
    r.punctuation(">")
    r.punctuation(",")
    r.keyword_choice(("data", "instr"), "cache type has to be 'data' or 'instr'")
    r.attr_dict()
    _memref_type(r, "memref", memref)


def _bound(r: Reader, lower: bool) -> None:
    """A loop bound: an SSA value, an integer, or ``max``/``min`` a map with its operands."""
    prefixed = r.optional_keyword("max" if lower else "min") is not None
    group = "lowerBoundOperands" if lower else "upperBoundOperands"
    uses = r.operand_list(group)
    if uses:
        if len(uses) > 1:
            raise r.error_at(r.p.toks[r.p.pos - 1], "expected only one loop bound operand")
        r.set_operand_types(group, implied(uses, IndexType()))
        return
    attribute = "lowerBoundMap" if lower else "upperBoundMap"
    start = r.token
    if start.kind in (tk.INT, "-"):
        value = r.integer()
        r.set_attribute(attribute, IntegerAttr(value), start.start, r.p.prev_end())
        return
    if start.kind not in (tk.HASH, tk.BARE):
        raise r.wrong_token("expected attribute value")
    shape = map_attribute(r, attribute)
    dims, symbols = dims_and_symbols(r, group)
    if shape is None:
        return
    if shape.dims != len(dims):
        raise r.error_at(r.p.toks[r.p.pos - 1], "dim operand count and affine map dim count must match")
    if shape.symbols != len(symbols):
        raise r.error_at(r.p.toks[r.p.pos - 1], "symbol operand count and affine map symbol count must match")
    if shape.results > 1 and not prefixed:
        which = ("lower loop bound affine map with multiple results requires 'max' prefix" if lower
                 else "upper loop bound affine map with multiple results requires 'min' prefix")
        raise r.error_at(start, which)


@reads("affine.for")
def read_for(r: Reader) -> None:
    induction = r.argument(r.op, allow_type=False)
    induction.type = TypeRef(IndexType(), induction.start, induction.end)
    r.punctuation("=")
    _bound(r, lower=True)
    r.keyword("to", " between bounds")
    _bound(r, lower=False)
    if r.optional_keyword("step"):
        start = r.token
        if r.integer() < 0:
            raise r.error_at(start, "expected step to be representable as a positive signed integer")
    carried: list[ValueDef] = []
    results: list[TypeRef] = []
    if r.optional_keyword("iter_args"):
        carried, inits = r.assignment_list("inits", r.op)
        r.punctuation("->")
        results = r.result_types()
        for value, ref in zip(carried, results):
            value.type = ref
        r.set_operand_types("inits", [TypeRef(ref.type, use.start, use.end, implied=True) for use, ref in zip(inits, results)])
    if len(carried) != len(results):
        raise SyntaxFailure("custom op 'affine.for' mismatch between the number of loop-carried values and results",
                            r.op.name_start, r.op.name_end, "syntax.custom-form")
    r.region([induction, *carried])
    r.attr_dict()
    r.set_result_types(results)


@reads("affine.if")
def read_if(r: Reader) -> None:
    shape = map_attribute(r, "condition", kind="set")
    dims, symbols = dims_and_symbols(r, "operands")
    if shape is not None and (shape.dims != len(dims) or shape.symbols != len(symbols)):
        raise SyntaxFailure("custom op 'affine.if' symbol operand count and integer set symbol count must match",
                            r.op.name_start, r.op.name_end, "syntax.custom-form")
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types()
    r.region()
    if r.optional_keyword("else"):
        r.region()
    r.attr_dict()
    r.set_result_types(results)
