"""Warp matrix ops: ``ldmatrix``, ``stmatrix``, ``mma.sync`` and ``mma.sp.sync``.

A thread's share of a matrix fragment is a 2-D vector ``vector<R x C x T>`` whose rows are
32-bit (64-bit for f64) registers; converted, it is ``!llvm.array<R x vector<C x T>>``. The
NVVM ops take and give registers one by one, so each pattern unpacks the array (extract a
row, bitcast it to ``i32`` or split it into scalars) and packs the op's struct result back
into the array, with the same ops in the same order as upstream's conversion, so that LLVM
sees the same IR from both engines.

The opcode facts (tile count, layout, shape) come from ``instance_forms``. The operand PTX
types follow upstream's conversion, which reads every 8-bit integer as ``s8`` and every
4-bit one as ``s4`` whatever its signedness.
"""

from __future__ import annotations

import re

from ...analysis.values import FloatType, IntegerType, LLVMArrayType, LLVMStructType, MemRefType, Type, VectorType
from ...dialects.instance_forms import InstanceForm, instance_form, mma_ptx_type
from ..builder import Builder, Value
from ..llvm_types import I32, I64
from ..memref_access import element_pointer
from . import pattern

_F16 = FloatType("f16")
_BF16 = FloatType("bf16")
_F32 = FloatType("f32")
_F64 = FloatType("f64")

_F16X2 = VectorType((2,), _F16)
_BF16X2 = VectorType((2,), _BF16)
_F32X1 = VectorType((1,), _F32)
_F32X2 = VectorType((2,), _F32)
_F64X2 = VectorType((2,), _F64)
_I32X2 = VectorType((2,), I32)
_I8X4 = VectorType((4,), IntegerType(8))
_I4X8 = VectorType((8,), IntegerType(4))


# ---------------------------------------------------------------- ldmatrix / stmatrix
def _form(b: Builder) -> InstanceForm:
    form = instance_form(b.op, b.run.doc)
    if form is None or not form.specific:
        b.fail(f"cannot tell the form of this {b.op.name}: numTiles or the memref type is unknown")
    return form


def _matrix_attributes(params: dict[str, object], num: bool) -> str:
    """The attribute dictionary ``nvvm.ldmatrix`` / ``nvvm.stmatrix`` print (``nvvm.stmatrix``
    has no ``num``: its register operands count the tiles)."""
    match = re.fullmatch(r"m(\d+)n(\d+)", str(params["shape"]))
    assert match is not None, params["shape"]
    count = f"num = {params['num']} : i32, " if num else ""
    return (f"{{eltType = #nvvm.ld_st_matrix_elt_type<{params['eltType']}>, "
            f"layout = #nvvm.mma_layout<{params['layout']}>, {count}"
            f"shape = #nvvm.ld_st_matrix_shape<m = {match.group(1)}, n = {match.group(2)}>}}")


def _fragment(b: Builder, t: Type | None, what: str) -> tuple[VectorType, LLVMArrayType]:
    """A 2-D fragment vector type and its converted array type."""
    if not isinstance(t, VectorType) or len(t.shape) != 2 or None in t.shape:
        b.fail(f"{what} must be a static 2-D vector to lower, got {t}")
    converted = b.convert(t)
    assert isinstance(converted, LLVMArrayType), converted
    return t, converted


def _memref_pointer(b: Builder, group: str) -> Value:
    memref_type = b.source(group).type
    if not isinstance(memref_type, MemRefType):
        b.fail(f"{b.op.name} lowers only with a memref {group}")
    return element_pointer(b, b.operand(group), memref_type, b.operands("indices"))


@pattern("nvgpu.ldmatrix")
def lower_ldmatrix(b: Builder) -> None:
    """``nvvm.ldmatrix`` on the element pointer, giving ``i32`` (one tile) or a struct of one
    ``i32`` per tile; each register is bitcast to the result's row vector and inserted into a
    poison ``!llvm.array``, as upstream repacks it."""
    form = _form(b)
    result, array = _fragment(b, b.result_type(0), "the ldmatrix result")
    registers = result.shape[0]
    # Upstream bitcasts to the row type as written, before conversion: for an element LLVM
    # stores as an integer (an 8-bit float) that row does not fit the converted array.
    row = VectorType(result.shape[1:], result.element)
    if str(row) != str(array.element):
        b.fail(f"'llvm.insertvalue' op Type mismatch: cannot insert '{row}' into '{array}' (upstream's "
               "conversion of ldmatrix produces invalid IR for this element type)")
    ld_type: Type = I32 if registers == 1 else LLVMStructType((I32,) * registers)
    ptr = _memref_pointer(b, "srcMemref")
    attributes = _matrix_attributes(form.params, True)
    loaded = b.value(f"nvvm.ldmatrix {ptr} {attributes} : ({ptr.type}) -> {ld_type}", ld_type)
    packed = b.value(f"llvm.mlir.poison : {array}", array)
    for i in range(registers):
        register = loaded if registers == 1 else b.value(f"llvm.extractvalue {loaded}[{i}] : {ld_type}", I32)
        cast = b.value(f"llvm.bitcast {register} : i32 to {row}", row)
        packed = b.value(f"llvm.insertvalue {cast}, {packed}[{i}] : {array}", array)
    b.replace(packed)


@pattern("nvgpu.stmatrix")
def lower_stmatrix(b: Builder) -> None:
    """``nvvm.stmatrix`` (no upstream pattern): the element pointer, then each row of the
    source fragment (``vector<2 x 16-bit>``) extracted and bitcast to the ``i32`` register
    ``stmatrix.sync.aligned.m8n8.x{numTiles}[.trans].shared.b16`` stores."""
    form = _form(b)
    _, array = _fragment(b, b.source("source").type, "the stmatrix source")
    ptr = _memref_pointer(b, "dstMemref")
    source = b.operand("source")
    registers = []
    for i in range(array.size):
        row = b.value(f"llvm.extractvalue {source}[{i}] : {array}", array.element)
        registers.append(b.value(f"llvm.bitcast {row} : {array.element} to i32", I32))
    if len(registers) != form.params["num"]:
        b.fail(f"stmatrix stores {form.params['num']} registers but the source holds {len(registers)}")
    operands = ", ".join(str(r) for r in registers)
    b.emit(f"nvvm.stmatrix {ptr}, {operands} {_matrix_attributes(form.params, False)} : "
           f"{ptr.type}, {', '.join(['i32'] * len(registers))}")


# ---------------------------------------------------------------- mma.sync / mma.sp.sync
def _operand_ptx(b: Builder, element: Type) -> str:
    """Upstream's ``getNvvmMmaType``: the table's PTX type, except that integers are signed."""
    ptx = mma_ptx_type(element, tf32=True)
    if isinstance(element, IntegerType):
        ptx = f"s{element.width}" if element.width in (4, 8) else None
    if ptx is None or ptx in ("f32", "s32"):
        b.fail(f"'{b.op.name}' op failed to deduce operand PTX types")
    return ptx


def _accumulator_ptx(b: Builder, element: Type) -> str:
    """``NVVM::MmaOp::inferOperandMMAType`` for an accumulator element."""
    if isinstance(element, IntegerType):
        return "s32"
    if isinstance(element, FloatType) and element.name in ("f16", "f32", "f64"):
        return element.name
    b.fail("could not infer the PTX type for the accumulator/result")


def _inferred_operand_ptx(register: Type) -> str | None:
    """The multiplicand PTX type ``nvvm.mma.sync`` infers from a register type (its printer
    then leaves the attribute out)."""
    if register == _F64:
        return "f64"
    if register in (_F16, _F16X2):
        return "f16"
    if register == _F32:
        return "tf32"
    return None


def _unpack(b: Builder, operand: Value, ptx: str) -> list[Value]:
    """Upstream's ``unpackOperandVector``: each row extracted; 4 x i8, 8 x i4, bf16 pairs and
    tf32 rows bitcast to ``i32``; i32 / f32 / f64 rows split into scalars; others kept."""
    array = operand.type
    assert isinstance(array, LLVMArrayType), array
    row_type = array.element
    found: list[Value] = []
    for i in range(array.size):
        row = b.value(f"llvm.extractvalue {operand}[{i}] : {array}", row_type)
        if (row_type in (_I8X4, _I4X8) or (row_type == _BF16X2 and ptx == "bf16")
                or (row_type == _F32X1 and ptx == "tf32")):
            found.append(b.value(f"llvm.bitcast {row} : {row_type} to i32", I32))
        elif isinstance(row_type, VectorType) and row_type.element in (I32, _F32, _F64):
            for index in range(row_type.shape[0]):
                position = b.constant(index, I64)
                found.append(b.value(f"llvm.extractelement {row}[{position} : i64] : {row_type}",
                                     row_type.element))
        else:
            found.append(row)
    return found


def _intrinsic_result_type(b: Builder, array: LLVMArrayType) -> LLVMStructType:
    """Upstream's ``inferIntrinsicResultType``: the struct of registers the MMA returns."""
    row = array.element
    if row == _F16X2:
        return LLVMStructType((_F16X2,) * array.size)
    if row == _I32X2:
        return LLVMStructType((I32,) * (2 * array.size))
    if row == _F64X2:
        return LLVMStructType((_F64, _F64))
    if row == _F32X2:
        return LLVMStructType((_F32,) * (2 * array.size))
    if row == _F32X1:
        return LLVMStructType((_F32,) * array.size)
    b.fail(f"no register struct for an MMA result of {array}")


def _repack(b: Builder, result: Value, array: LLVMArrayType) -> Value:
    """Upstream's ``convertIntrinsicResult``: the struct's registers into the result array —
    32-bit rows taken whole (bitcast where the member differs), 64-bit rows assembled from
    two scalars with ``insertelement``."""
    struct = result.type
    assert isinstance(struct, LLVMStructType) and struct.body is not None, struct
    row = array.element
    rows: list[Value] = []
    if row in (_F16X2, _F32X1):
        for i, member in enumerate(struct.body):
            value = b.value(f"llvm.extractvalue {result}[{i}] : {struct}", member)
            if member != row:
                value = b.value(f"llvm.bitcast {value} : {member} to {row}", row)
            rows.append(value)
    else:
        for i in range(len(struct.body) // 2):
            vector = b.value(f"llvm.mlir.poison : {row}", row)
            first = b.value(f"llvm.extractvalue {result}[{2 * i}] : {struct}", struct.body[2 * i])
            second = b.value(f"llvm.extractvalue {result}[{2 * i + 1}] : {struct}", struct.body[2 * i + 1])
            for position, scalar in ((0, first), (1, second)):
                index = b.constant(position, I32)
                vector = b.value(f"llvm.insertelement {scalar}, {vector}[{index} : i32] : {row}", row)
            rows.append(vector)
    packed = b.value(f"llvm.mlir.poison : {array}", array)
    for i, value in enumerate(rows):
        packed = b.value(f"llvm.insertvalue {value}, {packed}[{i}] : {array}", array)
    return packed


def _mma_shape(b: Builder) -> tuple[int, int, int]:
    shape = b.view.int_list_attr("mmaShape")
    if shape is None or len(shape) != 3:
        b.fail("mmaShape must have exactly 3 elements")
    return shape[0], shape[1], shape[2]


def _refuse_f32_without_tf32(b: Builder, a: VectorType) -> None:
    if a.element == _F32 and not b.view.has_attr("tf32Enabled"):
        b.fail("f32 operands lower only with tf32Enabled: upstream's conversion leaves this "
               f"{b.op.name} unconverted (tensor cores multiply f32 as tf32)")


@pattern("nvgpu.mma.sync")
def lower_mma_sync(b: Builder) -> None:
    """``nvvm.mma.sync`` with ``shape``, layouts row/col, the multiplicand PTX types (both
    from matrixA, as upstream does), ``satfinite`` overflow for integers; A, B and C unpacked
    into registers and the register struct repacked into the result array."""
    a, _ = _fragment(b, b.source("matrixA").type, "matrixA")
    c, _ = _fragment(b, b.source("matrixC").type, "matrixC")
    m, n, k = _mma_shape(b)
    _refuse_f32_without_tf32(b, a)
    ptx_a = _operand_ptx(b, a.element)
    ptx_b = ptx_a
    ptx_c = _accumulator_ptx(b, c.element)
    overflow = isinstance(a.element, IntegerType)
    regs_a = _unpack(b, b.operand("matrixA"), ptx_a)
    regs_b = _unpack(b, b.operand("matrixB"), ptx_b)
    regs_c = _unpack(b, b.operand("matrixC"), ptx_c)
    _, result_array = _fragment(b, b.result_type(0), "the mma.sync result")
    struct = _intrinsic_result_type(b, result_array)
    attributes = []
    if overflow:
        attributes.append("intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>")
    attributes += ["layoutA = #nvvm.mma_layout<row>", "layoutB = #nvvm.mma_layout<col>"]
    for name, ptx, registers in (("A", ptx_a, regs_a), ("B", ptx_b, regs_b)):
        if _inferred_operand_ptx(registers[0].type) is None:
            attributes.append(f"multiplicand{name}PtxType = #nvvm.mma_type<{ptx}>")
    attributes.append(f"shape = #nvvm.shape<m = {m}, n = {n}, k = {k}>")
    names = ["A[" + ", ".join(map(str, regs_a)) + "]", "B[" + ", ".join(map(str, regs_b)) + "]",
             "C[" + ", ".join(map(str, regs_c)) + "]"]
    types = ", ".join(str(regs[0].type) for regs in (regs_a, regs_b, regs_c))
    result = b.value(f"nvvm.mma.sync {'  '.join(names)}  {{{', '.join(attributes)}}} : ({types}) -> {struct}",
                     struct)
    b.replace(_repack(b, result, result_array))


def sparse_asm(shape: tuple[int, int, int], ptx: dict[str, str], sizes: dict[str, int], overflow: bool,
               selector: int) -> tuple[str, str]:
    """Upstream's inline ``mma.sp.sync`` string and constraints: operands ``$i`` in sections
    ``{D}, {A}, {B}, {C}``, then the metadata register and the selector immediate; every
    register is constrained ``r`` (outputs ``=r``)."""
    m, n, k = shape
    text = f"mma.sp.sync.aligned.m{m}n{n}k{k}.row.col."
    if overflow:
        text += "satfinite."
    text += f"{ptx['c']}.{ptx['a']}.{ptx['b']}.{ptx['c']} "
    index = 0
    for size in (sizes["c"], sizes["a"], sizes["b"], sizes["c"]):
        text += "{" + ",".join(f"${index + i}" for i in range(size)) + "},"
        index += size
    text += f"${index},0x{selector};"
    constraints = ",".join(["=r"] * sizes["c"] + ["r"] * (sizes["a"] + sizes["b"] + sizes["c"]) + ["r"])
    return text, constraints


@pattern("nvgpu.mma.sp.sync")
def lower_mma_sp_sync(b: Builder) -> None:
    """``llvm.inline_asm`` of upstream's ``mma.sp.sync.aligned...`` string (NVVM has no sparse
    MMA op): A, B, C unpacked as for mma.sync, the ``vector<2xi16>`` metadata bitcast to
    ``i32``, the sparsity selector written into the instruction as an immediate."""
    a, _ = _fragment(b, b.source("matrixA").type, "matrixA")
    bt, _ = _fragment(b, b.source("matrixB").type, "matrixB")
    c, _ = _fragment(b, b.source("matrixC").type, "matrixC")
    shape = _mma_shape(b)
    ptx = {"a": _operand_ptx(b, a.element), "b": _operand_ptx(b, bt.element), "c": _accumulator_ptx(b, c.element)}
    _refuse_f32_without_tf32(b, a)
    overflow = isinstance(a.element, IntegerType)
    regs_a = _unpack(b, b.operand("matrixA"), ptx["a"])
    regs_b = _unpack(b, b.operand("matrixB"), ptx["b"])
    regs_c = _unpack(b, b.operand("matrixC"), ptx["c"])
    _, result_array = _fragment(b, b.result_type(0), "the mma.sp.sync result")
    struct = _intrinsic_result_type(b, result_array)
    metadata = b.operand("sparseMetadata")
    if metadata.type != VectorType((2,), IntegerType(16)):
        b.fail(f"'{b.op.name}' op Expected metadata type to be LLVM VectorType of 2 i16 elements")
    metadata = b.value(f"llvm.bitcast {metadata} : {metadata.type} to i32", I32)
    selector = b.view.int_attr("sparsitySelector", 0) or 0
    text, constraints = sparse_asm(shape, ptx, {"a": len(regs_a), "b": len(regs_b), "c": len(regs_c)},
                                   overflow, selector)
    operands = [*regs_a, *regs_b, *regs_c, metadata]
    result = b.value(
        f'llvm.inline_asm has_side_effects asm_dialect = att "{text}", "{constraints}" '
        f"{', '.join(map(str, operands))} : ({', '.join(str(v.type) for v in operands)}) -> {struct}", struct)
    b.replace(_repack(b, result, result_array))
