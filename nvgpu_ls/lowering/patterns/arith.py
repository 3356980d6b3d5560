"""Arithmetic: ``nvgpu.rcp`` (upstream's pattern) and the packed f32x2 ``nvgpu.fma`` / ``nvgpu.mul``."""

from __future__ import annotations

import itertools

from ...analysis.values import LLVMArrayType, Type, VectorType
from ...dialects.instance_forms import instance_form
from ...dialects.refusals import rcp_limitation
from ..builder import Builder, Value
from ..llvm_types import F32, I64
from . import pattern


def _array_shape(t: Type) -> tuple[list[int], Type]:
    """The dimensions of nested ``!llvm.array``\\ s and the 1-D vector inside them."""
    dims: list[int] = []
    while isinstance(t, LLVMArrayType):
        dims.append(t.size)
        t = t.element
    return dims, t


def _rcp_1d(b: Builder, vector: Value) -> Value:
    """One ``nvvm.rcp.approx.ftz.f`` per element of a 1-D f32 vector, rebuilt with insertelement."""
    vtype = vector.type
    assert isinstance(vtype, VectorType)
    out = b.value(f"llvm.mlir.poison : {vtype}", vtype)
    for i in range(vtype.shape[0]):
        index = b.constant(i, I64)
        element = b.value(f"llvm.extractelement {vector}[{index} : i64] : {vtype}", F32)
        inverse = b.value(f"nvvm.rcp.approx.ftz.f {element} : f32", F32)
        out = b.value(f"llvm.insertelement {inverse}, {out}[{index} : i64] : {vtype}", vtype)
    return out


@pattern("nvgpu.rcp")
def lower_rcp(b: Builder) -> None:
    """Unrolls the f32 vector: per element llvm.extractelement, ``nvvm.rcp.approx.ftz.f`` and
    llvm.insertelement into a poison vector. An n-D vector goes through its converted
    ``!llvm.array`` nest, one 1-D vector at a time (extractvalue / insertvalue into a poison
    array), in row-major order as upstream's ``handleMultidimensionalVectors`` does."""
    limitation = rcp_limitation(b.view)
    if limitation is not None:
        b.fail(f"'nvgpu.rcp' op {limitation.message}")
    source = b.operand("in")
    dims, inner = _array_shape(source.type)
    if not isinstance(inner, VectorType) or not inner.shape or inner.shape[0] is None:
        b.fail(f"nvgpu.rcp lowers only static f32 vectors, not {b.source('in').type}")
    if not dims:
        b.replace(_rcp_1d(b, source))
        return
    result = b.value(f"llvm.mlir.poison : {source.type}", source.type)
    for position in itertools.product(*(range(d) for d in dims)):
        where = ", ".join(map(str, position))
        row = b.value(f"llvm.extractvalue {source}[{where}] : {source.type}", inner)
        inverse = _rcp_1d(b, row)
        result = b.value(f"llvm.insertvalue {inverse}, {result}[{where}] : {source.type}", source.type)
    b.replace(result)


_F32X2 = VectorType((2,), F32)


def _f32x2_asm(b: Builder, ptx: str, operands: list[Value]) -> Value:
    """``ptx`` as a pure ``llvm.inline_asm`` on 64-bit registers (the packed pair's ``.b64``)."""
    packed = [b.value(f"llvm.bitcast {v} : {v.type} to i64", I64) for v in operands]
    body = ptx.replace("d, a, b, c;", "$0, $1, $2, $3;").replace("d, a, b;", "$0, $1, $2;")
    constraints = ",".join(["=l"] + ["l"] * len(packed))
    names = ", ".join(map(str, packed))
    kinds = ", ".join("i64" for _ in packed)
    result = b.value(f'llvm.inline_asm asm_dialect = att "{body}", "{constraints}" {names} : ({kinds}) -> i64', I64)
    return b.value(f"llvm.bitcast {result} : i64 to {_F32X2}", _F32X2)


def _lower_f32x2(b: Builder, groups: tuple[str, ...]) -> None:
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific or not form.ptx:
        b.fail(f"cannot tell which f32x2 instruction this '{b.op.name}' is")
    operands = [b.operand(group) for group in groups]
    for group, value in zip(groups, operands):
        if str(value.type) != str(_F32X2):
            b.fail(f"'{b.op.name}' lowers only vector<2xf32> operands, not {b.source(group).type}")
    kind = form.ops[0]
    if kind == "llvm.intr.fma":
        a, x, c = operands
        b.replace(b.value(f"llvm.intr.fma({a}, {x}, {c}) : ({_F32X2}, {_F32X2}, {_F32X2}) -> {_F32X2}", _F32X2))
    elif kind == "llvm.fmul":
        lhs, rhs = operands
        b.replace(b.value(f"llvm.fmul {lhs}, {rhs} : {_F32X2}", _F32X2))
    else:
        b.replace(_f32x2_asm(b, form.ptx[0], operands))


@pattern("nvgpu.fma")
def lower_fma(b: Builder) -> None:
    """``rnd = rn`` without ftz: ``llvm.intr.fma`` on vector<2xf32>, which the NVPTX back end
    selects as ``fma.rn.f32x2`` on sm_100+. Any other rounding or ftz: ``llvm.inline_asm``
    with ``fma.{rnd}[.ftz].f32x2`` on the pair bitcast to i64 (NVVM's ``nvvm.fma`` accepts
    vector<2xf32> but is translated to two scalar ``fma.{rnd}.f32``, not the packed form)."""
    _lower_f32x2(b, ("a", "b", "c"))


@pattern("nvgpu.mul")
def lower_mul(b: Builder) -> None:
    """``rnd = rn`` without ftz: ``llvm.fmul`` on vector<2xf32> (``mul.rn.f32x2`` on sm_100+);
    otherwise ``llvm.inline_asm`` with ``mul.{rnd}[.ftz].f32x2`` (NVVM has no multiply op)."""
    _lower_f32x2(b, ("lhs", "rhs"))
