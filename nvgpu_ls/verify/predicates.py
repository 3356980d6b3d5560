"""Upstream's ODS type constraints, evaluated on this project's type values.

The registry keeps each constraint's predicate as a tree (``and`` / ``or`` / ``not`` /
``element`` over leaves that are upstream's C++ conditions on ``$_self``). ``satisfies`` walks
that tree with three-valued logic: a leaf this module does not read is *unknown*, and a
constraint whose answer is unknown is never reported, so that an unmodelled condition cannot
produce a false error. Leaves are read by pattern (``$_self.isSignlessInteger(32)``,
``::llvm::isa<::mlir::VectorType>($_self)``, ``...getAddressSpace() == 3``) into checks on
``analysis.values`` types.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from ..analysis.values import (
    ComplexType, DeviceAsyncTokenType, DialectType, FloatType, FunctionType, IndexType, IntegerType,
    LLVMArrayType, LLVMPointerType, LLVMStructType, MBarrierGroupType, MBarrierTokenType, MemRefType, NoneType,
    TensorMapDescriptorType, TensorType, TupleType, Type, UnrankedMemRefType, VectorType, WarpgroupAccumulatorType,
    WarpgroupDescriptorType,
)

Answer = bool | None
"""True, False, or None when this project cannot tell."""
Check = Callable[[Type], Answer]


def satisfies(tree: list | None, value: Type) -> Answer:
    """Does ``value`` satisfy the predicate ``tree`` (None: cannot tell)?"""
    if tree is None:
        return None
    head = tree[0]
    if head == "c":
        return leaf(tree[1])(value)
    if head == "and":
        result: Answer = True
        for part in tree[1:]:
            answer = satisfies(part, value)
            if answer is False:
                return False
            if answer is None:
                result = None
        return result
    if head == "or":
        result = False
        for part in tree[1:]:
            answer = satisfies(part, value)
            if answer is True:
                return True
            if answer is None:
                result = None
        return result
    if head == "not":
        answer = satisfies(tree[1], value)
        return None if answer is None else not answer
    if head == "element":
        element = element_type(value)
        return None if element is None else satisfies(tree[1], element)
    return None


def element_type(value: Type) -> Type | None:
    """The element type of a shaped (or complex) type, else None."""
    if isinstance(value, (VectorType, MemRefType, UnrankedMemRefType, TensorType, ComplexType)):
        return value.element
    return None


# ---------------------------------------------------------------- leaves
_UNKNOWN: Check = lambda value: None  # noqa: E731


@lru_cache(maxsize=None)
def leaf(text: str) -> Check:
    """The check a C++ condition stands for (``_UNKNOWN`` when it is not read here)."""
    condition = text.strip()
    while condition.startswith("(") and _closing(condition) == len(condition) - 1:
        condition = condition[1:-1].strip()
    if condition.startswith("!"):
        inner = leaf(condition[1:])
        return lambda value: None if (answer := inner(value)) is None else not answer
    for pattern, make in _LEAVES:
        match = pattern.fullmatch(condition)
        if match is not None:
            return make(match)
    return _UNKNOWN


def _closing(text: str) -> int:
    depth = 0
    for index, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if depth == 0:
            return index
    return -1


_FLOAT_METHODS = {"F16": "f16", "F32": "f32", "F64": "f64", "F80": "f80", "F128": "f128", "BF16": "bf16",
                  "TF32": "tf32"}
_CLASSES: dict[str, Check] = {
    "VectorType": lambda t: isinstance(t, VectorType),
    "FixedVectorType": lambda t: isinstance(t, VectorType) and not any(t.scalable),
    "ScalableVectorType": lambda t: isinstance(t, VectorType) and any(t.scalable),
    "MemRefType": lambda t: isinstance(t, MemRefType),
    "UnrankedMemRefType": lambda t: isinstance(t, UnrankedMemRefType),
    "BaseMemRefType": lambda t: isinstance(t, (MemRefType, UnrankedMemRefType)),
    "TensorType": lambda t: isinstance(t, TensorType),
    "RankedTensorType": lambda t: isinstance(t, TensorType) and t.shape is not None,
    "UnrankedTensorType": lambda t: isinstance(t, TensorType) and t.shape is None,
    "ShapedType": lambda t: isinstance(t, (VectorType, MemRefType, UnrankedMemRefType, TensorType)),
    "IndexType": lambda t: isinstance(t, IndexType),
    "IntegerType": lambda t: isinstance(t, IntegerType),
    "FloatType": lambda t: isinstance(t, FloatType),
    "BFloat16Type": lambda t: isinstance(t, FloatType) and t.name == "bf16",
    "ComplexType": lambda t: isinstance(t, ComplexType),
    "NoneType": lambda t: isinstance(t, NoneType),
    "FunctionType": lambda t: isinstance(t, FunctionType),
    "TupleType": lambda t: isinstance(t, TupleType),
    "LLVM::LLVMPointerType": lambda t: isinstance(t, LLVMPointerType),
    "LLVM::LLVMStructType": lambda t: isinstance(t, LLVMStructType),
    "LLVM::LLVMArrayType": lambda t: isinstance(t, LLVMArrayType),
    "LLVM::LLVMTokenType": lambda t: _dialect_named(t, "llvm.token"),
    "LLVM::LLVMVoidType": lambda t: _dialect_named(t, "llvm.void"),
    "LLVM::LLVMFunctionType": lambda t: _dialect_named(t, "llvm.func"),
    "gpu::AsyncTokenType": lambda t: _dialect_named(t, "gpu.async.token"),
    "gpu::MMAMatrixType": lambda t: _dialect_named(t, "gpu.mma_matrix"),
    "gpu::SparseDnTensorHandleType": lambda t: _dialect_named(t, "gpu.sparse.dntensor_handle"),
    "gpu::SparseSpMatHandleType": lambda t: _dialect_named(t, "gpu.sparse.spmat_handle"),
    "gpu::SparseSpGEMMOpHandleType": lambda t: _dialect_named(t, "gpu.sparse.spgemmop_handle"),
    "nvgpu::DeviceAsyncTokenType": lambda t: isinstance(t, DeviceAsyncTokenType),
    "nvgpu::MBarrierGroupType": lambda t: isinstance(t, MBarrierGroupType),
    "nvgpu::MBarrierTokenType": lambda t: isinstance(t, MBarrierTokenType),
    "nvgpu::TensorMapDescriptorType": lambda t: isinstance(t, TensorMapDescriptorType),
    "nvgpu::WarpgroupMatrixDescriptorType": lambda t: isinstance(t, WarpgroupDescriptorType),
    "nvgpu::WarpgroupAccumulatorType": lambda t: isinstance(t, WarpgroupAccumulatorType),
}
"""``::llvm::isa<::mlir::X>($_self)`` by ``X``."""


def _dialect_named(t: Type, name: str) -> Answer:
    if isinstance(t, DialectType):
        return t.name == name
    return False if _is_builtin(t) else None


def _is_builtin(t: Type) -> bool:
    return isinstance(t, (IntegerType, FloatType, IndexType, VectorType, MemRefType, UnrankedMemRefType, TensorType,
                          ComplexType, NoneType, FunctionType, TupleType))


def _isa(names: str) -> Check:
    checks = []
    for name in names.split(","):
        name = name.strip().removeprefix("::").removeprefix("mlir::")
        check = _CLASSES.get(name)
        if check is None:
            return _UNKNOWN
        checks.append(check)

    def any_of(value: Type) -> Answer:
        answers = [check(value) for check in checks]
        if any(a is True for a in answers):
            return True
        return None if any(a is None for a in answers) else False
    return any_of


def _integer(width: str, signedness: str | None) -> Check:
    wanted = {"Signless": "", "Signed": "s", "Unsigned": "u"}[signedness or "Signless"]

    def check(value: Type) -> Answer:
        return isinstance(value, IntegerType) and value.signedness == wanted and (not width or value.width == int(width))
    return check


def _of_vector(inner: Check) -> Check:
    return lambda value: inner(value.element) if isinstance(value, VectorType) else None


def _compare(actual: int, op: str, expected: int) -> bool:
    return {"==": actual == expected, ">": actual > expected, ">=": actual >= expected, "<": actual < expected,
            "!=": actual != expected}[op]


def _rank(op: str, expected: str, family: str) -> Check:
    def check(value: Type) -> Answer:
        if family == "VectorType" and not isinstance(value, VectorType):
            return None
        if isinstance(value, VectorType):
            return _compare(len(value.shape), op, int(expected))
        if isinstance(value, (MemRefType, TensorType)) and value.shape is not None:
            return _compare(len(value.shape), op, int(expected))
        return None
    return check


def _element_count(expected: str) -> Check:
    def check(value: Type) -> Answer:
        if not isinstance(value, VectorType):
            return None
        count = 1
        for dim in value.shape:
            count *= dim
        return count == int(expected)
    return check


def _has_rank(value: Type) -> Answer:
    if isinstance(value, (VectorType, MemRefType)):
        return True
    if isinstance(value, TensorType):
        return value.shape is not None
    if isinstance(value, UnrankedMemRefType):
        return False
    return None


def _static_shape(value: Type) -> Answer:
    if isinstance(value, VectorType):
        return True
    if isinstance(value, (MemRefType, TensorType)):
        return value.shape is not None and all(d is not None for d in value.shape)
    if isinstance(value, UnrankedMemRefType):
        return False
    return None


_LLVM_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128"})


def llvm_compatible(value: Type) -> Answer:
    """``LLVM::isCompatibleOuterType``: a type the LLVM dialect takes as is."""
    if isinstance(value, IntegerType):
        return not value.signedness
    if isinstance(value, FloatType):
        return value.name in _LLVM_FLOATS
    if isinstance(value, VectorType):
        return llvm_compatible(value.element) if isinstance(value.element, (IntegerType, FloatType)) else (
            True if isinstance(value.element, LLVMPointerType) else None)
    if isinstance(value, (LLVMPointerType, LLVMStructType, LLVMArrayType)):
        return True
    if isinstance(value, DialectType):
        return True if value.name.startswith("llvm.") else None
    if isinstance(value, (IndexType, MemRefType, UnrankedMemRefType, TensorType, ComplexType, NoneType, TupleType,
                          FunctionType)):
        return False
    return None


def _llvm_vector(value: Type) -> Answer:
    """``LLVM::isCompatibleVectorType``: a builtin vector of LLVM-compatible integers, floats or pointers."""
    if not isinstance(value, VectorType):
        return False if _is_builtin(value) or isinstance(value, (LLVMPointerType, LLVMStructType)) else None
    element = value.element
    if isinstance(element, IntegerType):
        return not element.signedness
    if isinstance(element, FloatType):
        return element.name in _LLVM_FLOATS
    return True if isinstance(element, LLVMPointerType) else None


def _llvm_float(value: Type) -> Answer:
    if isinstance(value, FloatType):
        return value.name in _LLVM_FLOATS
    return False if _is_builtin(value) or isinstance(value, LLVMPointerType) else None


def _value_semantics(value: Type) -> Answer:
    if isinstance(value, (VectorType, TensorType)):
        return True
    if _is_builtin(value) or isinstance(value, (LLVMPointerType, LLVMStructType, LLVMArrayType)):
        return False
    return None


def _float_named(name: str) -> Check:
    return lambda value: isinstance(value, FloatType) and value.name == name


def _address_space(space: str) -> Check:
    return lambda value: value.address_space == int(space) if isinstance(value, LLVMPointerType) else None


_LEAVES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Check]]] = [
    (re.compile(r"true"), lambda m: lambda value: True),
    (re.compile(r"\$_self\.is(Signless|Signed|Unsigned)Integer\((\d*)\)"),
     lambda m: _integer(m.group(2), m.group(1))),
    (re.compile(r"\$_self\.isSignlessIntOrIndex\(\)"),
     lambda m: lambda value: isinstance(value, IndexType) or (isinstance(value, IntegerType) and not value.signedness)),
    (re.compile(r"\$_self\.isSignlessIntOrIndexOrFloat\(\)"),
     lambda m: lambda value: isinstance(value, (IndexType, FloatType)) or (
         isinstance(value, IntegerType) and not value.signedness)),
    (re.compile(r"\$_self\.is(F16|F32|F64|F80|F128|BF16|TF32)\(\)"),
     lambda m: _float_named(_FLOAT_METHODS[m.group(1)])),
    (re.compile(r"\$_self\.isIndex\(\)"), lambda m: lambda value: isinstance(value, IndexType)),
    (re.compile(r"\$_self\.hasTrait<::mlir::ValueSemantics>\(\)"), lambda m: _value_semantics),
    (re.compile(r"(?:::)?llvm::isa<([\w:, ]+)>\(\$_self\)"), lambda m: _isa(m.group(1))),
    (re.compile(r"::llvm::cast<::mlir::(?:VectorType|ShapedType)>\(\$_self\)\.getRank\(\) (==|>|>=|<|!=) (\d+)"),
     lambda m: _rank(m.group(1), m.group(2), "VectorType" if "VectorType" in m.group(0) else "ShapedType")),
    (re.compile(r"::llvm::cast<::mlir::VectorType>\(\$_self\)\.getNumElements\(\) == (\d+)"),
     lambda m: _element_count(m.group(1))),
    (re.compile(r"::llvm::cast<::mlir::ShapedType>\(\$_self\)\.hasRank\(\)"), lambda m: _has_rank),
    (re.compile(r"::llvm::cast<::mlir::ShapedType>\(\$_self\)\.hasStaticShape\(\)"), lambda m: _static_shape),
    (re.compile(r"::llvm::cast<::mlir::LLVM::LLVMPointerType>\(\$_self\)\.getAddressSpace\(\) == (\d+)"),
     lambda m: _address_space(m.group(1))),
    (re.compile(r"::llvm::cast<::mlir::VectorType>\(\$_self\)\.getElementType\(\)\.is(Signless|Signed|Unsigned)"
                r"Integer\((\d*)\)"),
     lambda m: _of_vector(_integer(m.group(2), m.group(1)))),
    (re.compile(r"::llvm::isa<([\w:]+)>\(::llvm::cast<::mlir::VectorType>\(\$_self\)\.getElementType\(\)\)"),
     lambda m: _of_vector(_isa(m.group(1)))),
    (re.compile(r"::mlir::LLVM::isCompatibleVectorType\(\$_self\)"), lambda m: _llvm_vector),
    (re.compile(r"::mlir::LLVM::isCompatibleOuterType\(\$_self\)"), lambda m: llvm_compatible),
    (re.compile(r"::mlir::LLVM::isCompatibleFloatingPointType\(\$_self\)"), lambda m: _llvm_float),
    (re.compile(r"::mlir::LLVM::isCompatibleFloatingPointType\(::llvm::cast<::mlir::VectorType>\(\$_self\)"
                r"\.getElementType\(\)\)"), lambda m: _of_vector(_llvm_float)),
    (re.compile(r"::mlir::LLVM::isScalableVectorType\(\$_self\)"),
     lambda m: lambda value: any(value.scalable) if isinstance(value, VectorType) else (
         False if _is_builtin(value) else None)),
]
"""Each C++ condition this module reads: its pattern, and how to make its check."""
