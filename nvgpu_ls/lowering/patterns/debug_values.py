"""Debug records: ``debuginfo.value %v, #var, #expr : type`` (an op of the reference toolchain), and
its ``declare`` / ``addr`` kinds (``lower_debug_address``).

The op says that source variable ``#var`` holds ``%v``. It becomes, for each scalar piece
(leaf) of the converted value, an ``llvm.nvvm.move`` of the leaf (which keeps the value in
a register of its own, so that the optimizer neither folds it away nor merges it with
another value the debugger would then show) and an ``llvm.intr.dbg.value`` recording the
moved value for the variable. NVVM has no op for the move intrinsics, so they are written
as ``llvm.call_intrinsic "llvm.nvvm.move.<type>"``, the way other MLIR GPU compilers call
them. The op has no results, so nothing else of the data flow changes.

Only with device debug info (``LoweringOptions.debug_info``, ``-g``): otherwise, line info only or
none, the record is dropped, so that no value is pinned for a debugger that will not ask for it.

A scalar keeps the written expression (left out when empty, as upstream prints it). A
vector, struct or array (a converted memref, mbarrier group or accumulator) is split into
its leaves with ``llvm.extractvalue`` / ``llvm.extractelement``; each leaf gets the
written expression followed by ``DW_OP_LLVM_fragment(offset, size)``, its place in the
value in bits under the NVPTX data layout (fields at their natural alignment, vector
elements packed). A fragment already in the expression is the place of the whole value
in the variable, so the leaves' fragments are shifted by it.
"""

from __future__ import annotations

import re

from ...analysis.values import (
    FloatType, IntegerType, LLVMArrayType, LLVMPointerType, LLVMStructType, MemRefType, Type, VectorType,
)
from ..builder import Builder, Value
from ..llvm_types import I16, I32
from ..memref_access import element_pointer
from . import pattern

_FRAGMENT = re.compile(r"DW_OP_LLVM_fragment\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)")

Step = tuple[str, int]
"""One step from an aggregate to a part: ``("value", i)`` (struct field / array element) or
``("element", i)`` (vector element)."""


@pattern("debuginfo.value")
def lower_debug_value(b: Builder) -> None:
    """One ``llvm.nvvm.move`` + ``llvm.intr.dbg.value`` per leaf of the value (see the module
    docstring); f16/bf16 leaves move as i16 and leaves narrower than 16 bits are zero-extended
    to i16 first (the move intrinsics exist for i16, i32, i64, float, double and pointers only);
    a leaf of another type is recorded without a move."""
    if not b.run.options.debug_info:
        return  # line info only, or none: the record is dropped, and nothing pins its value
    variable, expression, operations = _record_attributes(b)
    value = b.operand("value")
    leaves = leaves_of(value.type)
    if leaves is None:
        b.fail(f"no debug record for a value of type {value.type}")
    whole = size_bits(value.type)
    base_offset, kept = _split_fragment(operations)
    parts: dict[tuple[Step, ...], Value] = {}
    constants: dict[int, Value] = {}
    for path, offset, leaf_type in leaves:
        pinned = _pin(b, _extract(b, value, path, parts, constants), leaf_type)
        size = size_bits(leaf_type)
        if offset == 0 and size == whole:
            text = f"{expression} " if operations else ""
        else:
            fragment = f"DW_OP_LLVM_fragment({base_offset + offset}, {size})"
            text = f"#llvm.di_expression<[{', '.join([*kept, fragment])}]> "
        b.emit(f"llvm.intr.dbg.value {variable} {text}= {pinned} : {pinned.type}")


@pattern("debuginfo.declare")
@pattern("debuginfo.addr")
def lower_debug_address(b: Builder) -> None:
    """``debuginfo.declare`` → ``llvm.intr.dbg.declare`` of the address; ``debuginfo.addr`` →
    ``llvm.intr.dbg.value`` of the address (pinned, as a value is) with ``DW_OP_deref`` first in the
    expression, what LLVM 17 replaced ``llvm.dbg.addr`` with. A memref's address is its storage's
    (aligned pointer moved by its offset). Dropped without device debug info, as values are."""
    if not b.run.options.debug_info:
        return
    variable, expression, operations = _record_attributes(b)
    source = b.source("value").type
    if isinstance(source, MemRefType):
        address = element_pointer(b, b.operand("value"), source, [])
    elif isinstance(b.operand("value").type, LLVMPointerType):
        address = b.operand("value")
    else:
        b.fail(f"'{b.op.name}' records an address: a memref or an !llvm.ptr, not {source}")
    if b.op.name == "debuginfo.declare":
        text = f"{expression} " if operations else ""
        b.emit(f"llvm.intr.dbg.declare {variable} {text}= {address} : {address.type}")
        return
    pinned = _pin(b, address, address.type)
    dereferenced = f"#llvm.di_expression<[{', '.join(['DW_OP_deref', *operations])}]> "
    b.emit(f"llvm.intr.dbg.value {variable} {dereferenced}= {pinned} : {pinned.type}")


def _record_attributes(b: Builder) -> tuple[str, str, list[str]]:
    """A debug record's variable and expression as written, and the expression's operations."""
    variable, _ = _attribute_text(b, "varInfo", "llvm.di_local_variable")
    expression, definition = _attribute_text(b, "locationExpr", "llvm.di_expression")
    operations = expression_operations(definition)
    if operations is None:
        b.fail(f"cannot read the expression {definition}", _span(b, "locationExpr"))
    return variable, expression, operations


def _attribute_text(b: Builder, name: str, kind: str) -> tuple[str, str]:
    """The attribute as written (an alias name stays an alias name) and its definition's text."""
    entry = b.op.attributes.get(name)
    if entry is None:
        b.fail(f"'{b.op.name}' needs its {name} attribute")
    text = b.run.doc.text[entry.value_start:entry.value_end].strip()
    if text.startswith(f"#{kind}<"):
        return text, text
    alias = b.run.doc.aliases(b.op.start).get(text)
    if alias is None:
        b.fail(f"attribute alias {text} is not defined", (entry.value_start, entry.value_end))
    definition = b.run.doc.text[alias.value_start:alias.value_end].strip()
    if not definition.startswith(f"#{kind}<"):
        b.fail(f"expected a #{kind} attribute, found {text}", (entry.value_start, entry.value_end))
    return text, definition


def _span(b: Builder, name: str) -> tuple[int, int] | None:
    entry = b.op.attributes.get(name)
    return (entry.value_start, entry.value_end) if entry is not None else None


def expression_operations(text: str) -> list[str] | None:
    """The operations of a ``#llvm.di_expression<[...]>`` (``<>``: none), each as written;
    None when ``text`` is not one."""
    match = re.fullmatch(r"#llvm\.di_expression<\s*(?:\[(.*)\])?\s*>", text.strip(), re.S)
    if match is None:
        return None
    inner = (match.group(1) or "").strip()
    operations, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            operations.append(inner[start:i].strip())
            start = i + 1
    if inner:
        operations.append(inner[start:].strip())
    return operations


def _split_fragment(operations: list[str]) -> tuple[int, list[str]]:
    """The offset of a fragment already in the expression (0 when none), and the other operations."""
    offset = 0
    kept = []
    for operation in operations:
        match = _FRAGMENT.fullmatch(operation)
        if match:
            offset = int(match.group(1))
        else:
            kept.append(operation)
    return offset, kept


# ---------------------------------------------------------------------------- extraction
def _extract(b: Builder, value: Value, path: tuple[Step, ...], parts: dict[tuple[Step, ...], Value],
             constants: dict[int, Value]) -> Value:
    """The part of ``value`` at ``path``: one ``llvm.extractvalue`` for the struct/array steps
    (shared by the elements of one vector), then an ``llvm.extractelement``."""
    if not path:
        return value
    if path in parts:
        return parts[path]
    positions = [index for kind, index in path if kind == "value"]
    part = value
    if positions:
        key = path[:len(positions)]
        if key not in parts:
            inner = _part_type(value.type, key)
            parts[key] = b.value(f"llvm.extractvalue {value}[{', '.join(map(str, positions))}] : {value.type}", inner)
        part = parts[key]
    if len(positions) < len(path):
        index = path[-1][1]
        if index not in constants:
            constants[index] = b.constant(index, I32)
        assert isinstance(part.type, VectorType)
        part = b.value(f"llvm.extractelement {part}[{constants[index]} : i32] : {part.type}", part.type.element)
    parts[path] = part
    return part


def _part_type(t: Type, path: tuple[Step, ...]) -> Type:
    for _, index in path:
        if isinstance(t, LLVMStructType):
            t = t.body[index]  # type: ignore[index]
        elif isinstance(t, (LLVMArrayType, VectorType)):
            t = t.element
    return t


def _pin(b: Builder, leaf: Value, leaf_type: Type) -> Value:
    """``llvm.nvvm.move`` of the leaf, through i16 for halves and narrow integers."""
    if isinstance(leaf_type, FloatType) and leaf_type.name in ("f16", "bf16"):
        leaf = b.value(f"llvm.bitcast {leaf} : {leaf.type} to i16", I16)
    elif isinstance(leaf_type, IntegerType) and leaf_type.width < 16:
        leaf = b.value(f"llvm.zext {leaf} : {leaf.type} to i16", I16)
    name = _move_name(leaf.type)
    if name is None:
        return leaf
    return b.value(f'llvm.call_intrinsic "llvm.nvvm.move.{name}"({leaf}) : ({leaf.type}) -> {leaf.type}', leaf.type)


def _move_name(t: Type) -> str | None:
    if isinstance(t, IntegerType) and t.width in (16, 32, 64):
        return f"i{t.width}"
    if isinstance(t, FloatType) and t.name in ("f32", "f64"):
        return "float" if t.name == "f32" else "double"
    if isinstance(t, LLVMPointerType):
        return "ptr"
    return None


# ---------------------------------------------------------------------------- layout
def leaves_of(t: Type) -> list[tuple[tuple[Step, ...], int, Type]] | None:
    """Every scalar of ``t`` as (path, offset in bits, type), in memory order; None when ``t``
    is not an LLVM type the lowering can take apart."""
    if _is_scalar(t):
        return [((), 0, t)]
    found: list[tuple[tuple[Step, ...], int, Type]] = []
    if isinstance(t, VectorType):
        if len(t.shape) != 1 or any(t.scalable) or not _is_scalar(t.element):
            return None
        width = size_bits(t.element)
        return [((("element", i),), i * width, t.element) for i in range(t.shape[0])]
    if isinstance(t, LLVMArrayType):
        inner = leaves_of(t.element)
        if inner is None:
            return None
        stride = alloc_bits(t.element)
        for i in range(t.size):
            found += [((("value", i), *path), i * stride + offset, leaf) for path, offset, leaf in inner]
        return found
    if isinstance(t, LLVMStructType) and t.body is not None:
        for i, (field, offset) in enumerate(zip(t.body, field_offsets(t))):
            inner = leaves_of(field)
            if inner is None:
                return None
            found += [((("value", i), *path), offset + at, leaf) for path, at, leaf in inner]
        return found
    return None


def _is_scalar(t: Type) -> bool:
    return isinstance(t, (IntegerType, FloatType, LLVMPointerType))


def size_bits(t: Type) -> int:
    """The type's size in bits under the NVPTX data layout (pointers are 64-bit)."""
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return t.width
    if isinstance(t, LLVMPointerType):
        return 64
    if isinstance(t, VectorType):
        return t.shape[0] * size_bits(t.element)
    if isinstance(t, LLVMArrayType):
        return t.size * alloc_bits(t.element)
    if isinstance(t, LLVMStructType) and t.body is not None:
        if not t.body:
            return 0
        offsets = field_offsets(t)
        end = offsets[-1] + alloc_bits(t.body[-1])
        return _round_up(end, align_bits(t))
    raise ValueError(f"no size for {t}")


def align_bits(t: Type) -> int:
    """ABI alignment in bits: ``i64:64``, ``i128:128``, ``v16:16``, ``v32:32``, otherwise natural."""
    if isinstance(t, (IntegerType, FloatType)):
        return max(8, min(128, _power_of_two(size_bits(t))))
    if isinstance(t, LLVMPointerType):
        return 64
    if isinstance(t, VectorType):
        return max(8, _power_of_two(size_bits(t)))
    if isinstance(t, LLVMArrayType):
        return align_bits(t.element)
    if isinstance(t, LLVMStructType) and t.body is not None:
        return 8 if t.packed or not t.body else max(align_bits(f) for f in t.body)
    raise ValueError(f"no alignment for {t}")


def alloc_bits(t: Type) -> int:
    """The space one ``t`` takes in an array or struct: its size in bytes rounded to its alignment."""
    return _round_up(_round_up(size_bits(t), 8), align_bits(t))


def field_offsets(t: LLVMStructType) -> list[int]:
    offsets = []
    cursor = 0
    for field in t.body or ():
        if not t.packed:
            cursor = _round_up(cursor, align_bits(field))
        offsets.append(cursor)
        cursor += alloc_bits(field)
    return offsets


def _round_up(value: int, to: int) -> int:
    return -(-value // to) * to


def _power_of_two(bits: int) -> int:
    result = 1
    while result < bits:
        result *= 2
    return result
