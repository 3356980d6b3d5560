"""The verifiers upstream writes in C++ for NVVM's matrix multiplies (``NVVMDialect.cpp``).

``nvvm.mma.sync`` (``MmaOp::verify`` with ``inferOperandMMAType``): the shape and fragment-type
table, the result type, ``b1Op`` / ``intOverflowBehavior`` where the multiplicand type needs
them, the layouts (row/col but for f16 m8n8k4). ``nvvm.wgmma.mma_async``
(``WgmmaMmaAsyncOp::verify``): the D += A * B type table, m, k by input type, n, transposes,
the result struct's size, satfinite. Upstream's messages and order, first failing rule only;
measured against ``mlir-opt-22`` on generated ops in ``tests/test_verify_nvvm_mma.py``.
"""

from __future__ import annotations

import re

from ...analysis.opview import OpView
from ...analysis.values import FloatType, IntegerType, LLVMStructType, Type
from ..context import Report, verifies
from .nvvm_memory import enum_or_default

CODE = "nvvm.rule.mma"
F16X2, I32, F32, F64 = "vector<2xf16>", "i32", "f32", "f64"
_SHAPE = re.compile(r"\b([mnk])\s*=\s*(\d+)")


def infer_mma_type(kind: Type | None, accumulator: bool) -> str | None:
    """``MmaOp::inferOperandMMAType``: the PTX type a register (or result struct) type stands for."""
    if isinstance(kind, LLVMStructType):
        return infer_mma_type(kind.body[0], accumulator) if kind.body else None
    if isinstance(kind, FloatType) and kind.name == "f64":
        return "f64"
    if (isinstance(kind, FloatType) and kind.name == "f16") or str(kind) == F16X2:
        return "f16"
    if isinstance(kind, FloatType) and kind.name == "f32":
        return "f32" if accumulator else "tf32"
    if isinstance(kind, IntegerType):
        return "s32" if accumulator else None
    return None


def _struct(*fields: str) -> str:
    return f"!llvm.struct<({', '.join(fields)})>"


class _Table:
    """What ``MmaOp::verify`` accepts for one multiplicand type: shapes, fragments, results."""

    def __init__(self) -> None:
        self.shapes: list[tuple[int, int, int]] = []
        self.a: list[tuple[str, ...]] = []
        self.b: list[tuple[str, ...]] = []
        self.c: list[tuple[str, ...]] = []
        self.results: list[str] = []


_K_FACTOR = {"tf32": 4, "bf16": 8, "f16": 8, "s4": 32, "u4": 32, "b1": 128, "s8": 16, "u8": 16}
_INTEGER = ("s4", "u4", "s8", "u8", "b1")


def _sixteen_rows(table: _Table, a_type: str, shape: tuple[int, int, int]) -> None:
    k_factor = _K_FACTOR[a_type]
    fragment = F16X2 if a_type == "f16" else I32
    if a_type in ("tf32", "bf16"):
        table.results.append(_struct(F32, F32, F32, F32))
    elif a_type == "f16":
        table.results += [_struct(F16X2, F16X2), _struct(F32, F32, F32, F32)]
    if a_type in _INTEGER:
        table.results.append(_struct(I32, I32, I32, I32))
        table.c.append((I32,) * 4)
    else:
        table.c += [(F16X2,) * 2, (F32,) * 4]
    table.a.append((fragment,) * ((shape[0] // 8) * (shape[2] // k_factor)))
    table.b.append((fragment,) * ((shape[1] // 8) * (shape[2] // k_factor)))
    table.shapes += [(16, 8, k_factor), (16, 8, k_factor * 2)]


def _eight_rows(table: _Table, a_type: str) -> None:
    if a_type == "f16":
        table.a.append((F16X2,) * 2)
        table.b.append((F16X2,) * 2)
        table.results += [_struct(F16X2, F16X2, F16X2, F16X2), _struct(*(F32,) * 8)]
        table.c += [(F16X2,) * 4, (F32,) * 8]
        table.shapes.append((8, 8, 4))
    if a_type == "f64":
        table.a.append((F64,))
        table.b.append((F64,))
        table.c.append((F64,) * 2)
        table.results.append(_struct(F64, F64))
        table.shapes.append((8, 8, 4))
    if a_type in _INTEGER:
        table.a.append((I32,))
        table.b.append((I32,))
        table.c.append((I32, I32))
        table.results.append(_struct(I32, I32))
        table.shapes.append({"s4": (8, 8, 32), "u4": (8, 8, 32), "b1": (8, 8, 128)}.get(a_type, (8, 8, 16)))


def _shape(view: OpView) -> tuple[int, int, int] | None:
    if not view.has_attr("shape"):
        return None
    found = dict(_SHAPE.findall(view.doc.text[slice(*view.attr_span("shape"))]))
    if set(found) != {"m", "n", "k"}:
        return None
    return int(found["m"]), int(found["n"]), int(found["k"])


def _multiplicand_type(view: OpView, name: str, group: str) -> str | None:
    """The attribute's type, else what upstream's parser infers from the registers (which it
    infers as for an accumulator: f32 registers give f32, i32 ones s32)."""
    if view.has_attr(name):
        return enum_or_default(view, name)
    registers = view.operands(group)
    return infer_mma_type(registers[0].type, True) if registers else None


def mma_sync_problem(view: OpView) -> tuple[str, bool] | None:
    """The first rule ``nvvm.mma.sync`` breaks: (message, whether upstream prefixes it with
    the op, ``emitOpError``); None when it verifies or cannot be read."""
    shape = _shape(view)
    a_type = _multiplicand_type(view, "multiplicandAPtxType", "A")
    b_type = _multiplicand_type(view, "multiplicandBPtxType", "B")
    groups = {g: view.operands(g) for g in ("A", "B", "C")}
    result = view.result_type(0)
    if shape is None or a_type is None or any(o.type is None for g in groups.values() for o in g) or result is None:
        return None
    table = _Table()
    if shape[0] == 16:
        if a_type not in _K_FACTOR:
            return f"invalid shape or multiplicand type: {a_type}", False
        _sixteen_rows(table, a_type, shape)
        c_type = infer_mma_type(groups["C"][0].type, True) if groups["C"] else None
        if infer_mma_type(result, True) != c_type:
            return "ctype does not match dtype", True
    if shape[0] == 8:
        _eight_rows(table, a_type)
    if not (table.a and table.b and table.c) or shape not in table.shapes:
        return f"unimplemented variant for MMA shape <{shape[0]}, {shape[1]}, {shape[2]}>", True
    for name, expected in (("A", table.a), ("B", table.b), ("C", table.c)):
        got = tuple(str(o.type) for o in groups[name])
        if got not in expected:
            listed = "".join(f"{len(x)}x{x[0]} " for x in expected)
            return f"Could not match types for the {name} operands; expected one of {listed}but got {', '.join(got)}", True
    if str(result) not in table.results:
        return (f"Could not match allowed types for the result; expected one of {', '.join(table.results)} "
                f"but got {result}"), True
    if a_type == "b1" and not view.has_attr("b1Op"):
        return "op requires b1Op attribute", True
    if a_type in ("s4", "u4", "s8", "u8") and not view.has_attr("intOverflowBehavior"):
        return "op requires intOverflowBehavior attribute", True
    layouts = (enum_or_default(view, "layoutA"), enum_or_default(view, "layoutB"))
    if not (shape == (8, 8, 4) and a_type == "f16") and layouts != ("row", "col"):
        return (f"requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape "
                f"<{shape[0]}, {shape[1]}, {shape[2]}> with element types {a_type} and {b_type}. "
                f"Only m8n8k4 with f16 supports other layouts."), True
    return None


@verifies("nvvm.mma.sync")
def verify_mma_sync(view: OpView, report: Report) -> None:
    found = mma_sync_problem(view)
    if found is None:
        return
    message, prefixed = found
    if prefixed:
        report.op_error(view, message, CODE)
    else:
        report.error(view, message, CODE)



_WGMMA_K = {"tf32": 8, "f16": 16, "bf16": 16, "s8": 32, "u8": 32, "e4m3": 32, "e5m2": 32, "b1": 256}
_WGMMA_N = frozenset(range(8, 257, 8))
_WGMMA_N_SHORT = frozenset((8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256))


def _wgmma_types_allowed(d: str, a: str, b: str) -> bool:
    """``isAllowedWGMMADataType``: D += A * B combinations wgmma has."""
    if a in ("f16", "bf16"):
        return d in ("f32", "f16") and b == a
    if a == "tf32":
        return d == "f32" and b == "tf32"
    if a in ("s8", "u8"):
        return d == "s32" and b in ("s8", "u8")
    if a == "b1":
        return d == "s32" and b == "b1"
    if a in ("e4m3", "e5m2"):
        return d in ("f32", "f16") and b in ("e4m3", "e5m2")
    return False


def wgmma_problem(view: OpView) -> str | None:
    """The first rule ``nvvm.wgmma.mma_async`` breaks (``WgmmaMmaAsyncOp::verify``, every message
    an ``emitOpError``); None when it verifies or cannot be read."""
    result = view.result_type(0)
    shape = _shape(view)
    d, a, b = (enum_or_default(view, name) for name in ("typeD", "typeA", "typeB"))
    if result is None or shape is None or d is None or a is None or b is None:
        return None
    if not isinstance(result, LLVMStructType):
        return "expected results to be struct"
    body = result.body or ()
    for field in body:
        if str(field) != str(body[0]):
            return f"all elements in struct must be same type but there is {field}"
    if d not in ("f32", "f16", "s32"):
        return f"does not support the given output type {d}"
    if d == "s32" and "neg" in (enum_or_default(view, "scaleA"), enum_or_default(view, "scaleB")):
        return "has s32 output, scaleA and scaleB cannot be neg"
    if not _wgmma_types_allowed(d, a, b):
        return f"{d} += {a} * {b}, it is not supported."
    m, n, k = shape
    if m != 64:
        return "shape 'm' must be 64"
    if _WGMMA_K.get(a) != k:
        return f"shape 'k' must be {_WGMMA_K.get(a)} for input type {a}"
    if n not in (_WGMMA_N_SHORT if a in ("s8", "u8", "b1") else _WGMMA_N):
        return f"has input type {a} n is set to {n}, it is not supported."
    layouts = (enum_or_default(view, "layoutA"), enum_or_default(view, "layoutB"))
    if a not in ("f16", "bf16") and (layouts[0] == "col" or layouts[1] == "row"):
        return (f"given layouts layout_a = {layouts[0]} and layout_b = {layouts[1]} for input types {a} and {b} "
                f"requires transpose. However, this is only supported for: f16 and bf16")
    expected = n // 4 if d == "f16" else n // 2
    if len(body) != expected:
        return f"results {expected}, however output struct has {len(body)} elements"
    if d != "s32" and enum_or_default(view, "satfinite") == "satfinite":
        return f" `satfinite` can be only used with s32 accumulator, however the current accumulator is {d}"
    return None


@verifies("nvvm.wgmma.mma_async")
def verify_wgmma(view: OpView, report: Report) -> None:
    message = wgmma_problem(view)
    if message is not None:
        report.op_error(view, message, CODE)
