"""``nvgpu.mma.sync`` and ``nvgpu.mma.sp.sync``: warp-level tensor-core MMA.

Upstream's rules first, in its order and words: the ODS layer (the sparse metadata is
``vector<2xi16>``; A and B have the same element type), the sparsity selector, the
``mmaShape`` arity, then ``verifyMmaSyncOp`` — supported input types, 2-D fragments,
warp-wide element counts for ``[m, n, k]``, ``tf32Enabled`` only for f32, and the
per-thread fragment shapes. The input types follow the newest upstream (the
``torch-mlir`` bindings), which also accepts ``f8E4M3FN`` / ``f8E5M2``.

Upstream's verifier accepts shapes and accumulator types that no PTX instruction
has; the conversion to NVVM then fails (``unimplemented variant for MMA shape``,
``Could not match types for the C operands``, ``ctype does not match dtype``) or, for
the sparse op, ptxas rejects the inline assembly. Those are errors here too, with the
shapes that do exist (measured: NVVM's verifier for mma.sync, ptxas for mma.sp.sync).
So is a sparsity selector other than 0 for the sparse shapes where ptxas allows only 0.
f32 operands without ``tf32Enabled`` verify but are never lowered: a warning.
"""

from __future__ import annotations

from ...analysis.values import FloatType, IntegerType, Type, VectorType
from ...diagnostics import Related, Severity
from ...analysis.opview import OpView
from ..context import Report, unknowable, verifies
from .async_copy import Emitter, c_div

CODE = "nvgpu.mma-sync"
WARP_SIZE = 32
METADATA = VectorType((2,), IntegerType(16))

_SELECTOR_BITS = 0xFFFFFFFF
"""``getSparsitySelector()`` is read as ``unsigned``: negative selectors are large."""

# Input element kind -> ((m, n, k) shapes PTX has, accumulator element kinds it allows).
_DENSE: dict[str, tuple[tuple[tuple[int, int, int], ...], tuple[str, ...]]] = {
    "f16": (((16, 8, 8), (16, 8, 16)), ("f16", "f32")),
    "bf16": (((16, 8, 8), (16, 8, 16)), ("f32",)),
    "tf32": (((16, 8, 4), (16, 8, 8)), ("f32",)),
    "f64": (((8, 8, 4),), ("f64",)),
    "i8": (((8, 8, 16), (16, 8, 16), (16, 8, 32)), ("i32",)),
    "i4": (((8, 8, 32), (16, 8, 32), (16, 8, 64)), ("i32",)),
    "f8": (((16, 8, 16), (16, 8, 32)), ("f16", "f32")),
}
_SPARSE: dict[str, tuple[tuple[tuple[int, int, int], ...], tuple[str, ...]]] = {
    "f16": (((16, 8, 16), (16, 8, 32)), ("f16", "f32")),
    "bf16": (((16, 8, 16), (16, 8, 32)), ("f32",)),
    "tf32": (((16, 8, 8), (16, 8, 16)), ("f32",)),
    "i8": (((16, 8, 32), (16, 8, 64)), ("i32",)),
    "i4": (((16, 8, 64), (16, 8, 128)), ("i32",)),
    "f8": (((16, 8, 64),), ("f32",)),
}
_SELECTOR_ZERO = {("i8", (16, 8, 64)), ("i4", (16, 8, 128)), ("f8", (16, 8, 64))}
"""Sparse shapes whose metadata every thread pair shares: ptxas accepts only selector 0."""
_INPUT_NAMES = {"f16": "f16", "bf16": "bf16", "tf32": "tf32 (f32)", "f64": "f64", "i8": "8-bit integer",
                "i4": "4-bit integer", "f8": "f8E4M3FN/f8E5M2"}
_ACC_NAMES = {"f16": "f16", "f32": "f32", "f64": "f64", "i32": "32-bit integer"}


@verifies("nvgpu.mma.sync", "nvgpu.mma.sp.sync")
def verify_mma_sync(view: OpView, report: Report) -> None:
    sparse = view.name == "nvgpu.mma.sp.sync"
    a, b, c = view.operand("matrixA"), view.operand("matrixB"), view.operand("matrixC")
    a_type, b_type, c_type = (_vector(view.type_of(g)) for g in ("matrixA", "matrixB", "matrixC"))
    emit = Emitter(view, report)

    # ---- ODS layer (the metadata's type constraint is the generic ODS check's, in ``structure``)
    if a_type is not None and b_type is not None and a_type.element != b_type.element:
        emit.op_error("failed to verify that matrixA and matrixB have same element type", f"{CODE}.element-type",
                      view.type_span(b), f"matrixB is {b_type}",
                      (Related(*view.type_span(a), f"matrixA element type is {a_type.element}"),))
        return

    # ---- MmaSparseSyncOp::verify / MmaSyncOp::verify
    if sparse:
        selector = view.int_attr("sparsitySelector", 0)
        if selector is not None and (selector & _SELECTOR_BITS) > 1:
            emit.op_error("sparsity selector should be 0 or 1", f"{CODE}.sparsity-selector",
                          view.attr_span("sparsitySelector"), f"sparsitySelector is {selector}",
                          data={"attribute": "sparsitySelector", "valid": [0, 1]})
            return
    shape = view.int_list_attr("mmaShape")
    shape_span = view.attr_span("mmaShape")
    if shape is not None and len(shape) != 3:
        emit.op_error("mmaShape must have exactly 3 elements", f"{CODE}.shape-arity", shape_span, "mmaShape")
        return

    # ---- verifyMmaSyncOp
    if a_type is None:
        return
    element = a_type.element
    if sparse and _is(element, "f64"):
        emit.error("f64 is not supported for sparse mode", f"{CODE}.sparse-f64", view.type_span(a),
                   f"matrixA is {a_type}")
        return
    kind = _input_kind(element)
    if kind is None:
        if not _unknown(element):
            emit.error("expected input data type (i4,i8,f16,bf16,tf32,f64,f8E4M3FN,f8E5M2) supported by "
                       f"{view.name}", f"{CODE}.input-type", view.type_span(a), f"matrixA is {a_type}")
        return
    if kind == "f64":
        shape_k, per_a, per_b = 4, 1, 1
    else:
        bits = element.width  # type: ignore[attr-defined]  # an integer or float type: _input_kind said so
        shape_k, per_a, per_b = 128 // bits, 32 // bits, 32 // bits
    per_c = 2

    for name, operand, vector in (("A", a, a_type), ("B", b, b_type), ("C", c, c_type)):
        if vector is not None and len(vector.shape) != 2:
            emit.error(f"matrix{name} must be 2 dimensional vector", f"{CODE}.operand-rank",
                       view.type_span(operand), f"matrix{name} is {vector}")
            return
    if shape is None or b_type is None or c_type is None:
        return
    m, n, k = shape
    shape_note = (Related(*shape_span, f"mmaShape is [{m}, {n}, {k}]"),)
    factor = 2 if sparse else 1
    checks = (("A", a, a_type, m * k, c_div(m * k, factor)), ("B", b, b_type, k * n, k * n),
              ("C", c, c_type, m * n, m * n))
    m_tile, n_tile, k_tile = c_div(m, 8), c_div(n, 8), c_div(k, shape_k)
    expected = (("A", a, a_type, c_div(m_tile * k_tile, factor), m_tile * k_tile, per_a),
                ("B", b, b_type, k_tile * n_tile, k_tile * n_tile, per_b),
                ("C", c, c_type, m_tile * n_tile, m_tile * n_tile, per_c))
    fragments = {name: f"vector<{rows}x{columns}x{vector.element}>" for name, _, vector, rows, _, columns in expected}
    compressed = ", with A compressed to half by the 2:4 sparsity," if sparse else ""
    for name, operand, vector, wanted, actual in checks:
        per_thread = vector.shape[0] * vector.shape[1]
        if _i64(per_thread * WARP_SIZE) != _i64(actual):
            emit.op_error(f"expected {_i64(wanted)} warp-wide matrix {name} elements", f"{CODE}.fragment-size",
                          view.type_span(operand), f"matrix{name} is {vector}", shape_note,
                          explanation=f"matrix{name} is {vector}: {per_thread} elements a thread, "
                                      f"{per_thread * WARP_SIZE} across the warp's {WARP_SIZE} threads, where "
                                      f"mmaShape [{m}, {n}, {k}]{compressed if name == 'A' else ''} needs "
                                      f"{_i64(actual) // WARP_SIZE} a thread: {fragments[name]}")
            return
    tf32 = view.has_attr("tf32Enabled")
    if tf32 and kind != "tf32":
        emit.op_error("expected tf32 tensor cores only for F32 operands", f"{CODE}.tf32",
                      view.attr_span("tf32Enabled"), "tf32Enabled is set")
        return
    for name, operand, vector, rows, shown, columns in expected:
        if vector.shape[0] != rows or vector.shape[1] != columns:
            emit.op_error(f"expected matrix {name} to be shaped ({_i64(shown)} x {columns})",
                          f"{CODE}.fragment-shape", view.type_span(operand), f"matrix{name} is {vector}",
                          shape_note, data={"expected": [rows, columns]},
                          explanation=f"each thread holds matrix {name} of mmaShape [{m}, {n}, {k}] as {rows} "
                                      f"register{'s' if rows != 1 else ''} of {columns} {vector.element}: "
                                      f"{fragments[name]}, not {vector}")
            return

    # ---- beyond upstream: what the conversion to NVVM / ptxas accepts
    shapes, accumulators = (_SPARSE if sparse else _DENSE)[kind]
    instruction = "mma.sp.sync" if sparse else "mma.sync"
    if (m, n, k) not in shapes:
        listed = ", ".join(f"m{x}n{y}k{z}" for x, y, z in shapes)
        emit.op_error(f"no PTX {instruction} instruction has shape m{m}n{n}k{k} for {_INPUT_NAMES[kind]} "
                      f"operands (supported: {listed})", f"{CODE}.ptx-shape", shape_span,
                      f"mmaShape is [{m}, {n}, {k}]", data={"shapes": [list(x) for x in shapes]})
        return
    if _accumulator_kind(c_type.element) not in accumulators and not _unknown(c_type.element):
        listed = " or ".join(_ACC_NAMES[x] for x in accumulators)
        emit.op_error(f"accumulator element type {c_type.element} is not supported with {_INPUT_NAMES[kind]} "
                      f"operands by PTX {instruction} (expected {listed})", f"{CODE}.accumulator-type",
                      view.type_span(c), f"matrixC is {c_type}")
        return
    if sparse and (kind, (m, n, k)) in _SELECTOR_ZERO and view.int_attr("sparsitySelector", 0) != 0:
        emit.op_error(f"sparsitySelector must be 0 for m{m}n{n}k{k} with {_INPUT_NAMES[kind]} operands (ptxas "
                      "accepts no other value there)", f"{CODE}.sparsity-selector-shape",
                      view.attr_span("sparsitySelector"), "sparsitySelector",
                      data={"sparsitySelector": 0, "fix": {"sparsitySelector": 0}})
        return
    result = view.result_type()
    if result is not None and not _unknown(result) and result != c_type:
        emit.op_error(f"result type '{result}' differs from matrixC type '{c_type}'; the accumulator fragment "
                      "is updated in place, so they must be the same", f"{CODE}.result-type", view.result_span(),
                      f"result type {result}", (Related(*view.type_span(c), f"matrixC is {c_type}"),))
        return
    if kind == "tf32" and not tf32:
        emit.error(f"'{view.name}' op f32 operands need tf32Enabled: without it the op verifies but is not "
                   "converted to NVVM (tensor cores multiply f32 as tf32)", f"{CODE}.tf32-disabled",
                   view.type_span(a), f"matrixA is {a_type}", data={"add": "tf32Enabled", "fix": {"tf32Enabled": True}},
                   severity=Severity.WARNING)






def _vector(t: Type | None) -> VectorType | None:
    return t if isinstance(t, VectorType) else None


def _is(t: Type, name: str) -> bool:
    return isinstance(t, FloatType) and t.name == name


def _input_kind(t: Type) -> str | None:
    """The ``verifyMmaSyncOp`` class of an A element type (``isInteger(8)`` ignores signedness)."""
    if isinstance(t, FloatType):
        return {"f16": "f16", "bf16": "bf16", "f32": "tf32", "f64": "f64",
                "f8E4M3FN": "f8", "f8E5M2": "f8"}.get(t.name)
    if isinstance(t, IntegerType):
        return {8: "i8", 4: "i4"}.get(t.width)
    return None


def _accumulator_kind(t: Type) -> str | None:
    if isinstance(t, FloatType) and t.name in ("f16", "f32", "f64"):
        return t.name
    if isinstance(t, IntegerType) and t.width == 32:
        return "i32"
    return None


def _unknown(t: Type) -> bool:
    """Types this project cannot judge (``context.unknowable``)."""
    return unknowable(t)


def _i64(value: int) -> int:
    """``value`` wrapped to a signed 64-bit integer, as upstream computes it."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >= 1 << 63 else value
