"""Verifiers of the arithmetic and float-conversion ops: ``nvgpu.rcp``, ``nvgpu.extf``,
``nvgpu.truncf`` and the names the conversions had before they were merged upstream
(``nvgpu.convert.fpext``, ``nvgpu.convert.fptrunc``, ``nvgpu.convert.float``).

The rules and their order follow upstream's verifiers as the newest tool that knows each
op reports them (the torch-mlir bindings for ``extf``/``truncf`` and the newest ``rcp``,
``mlir-opt-22`` for the ``{rounding = approx, ftz}`` era of ``rcp``); the pre-merge ops
use the wording of upstream's tests for them. Widths are MLIR's ``getWidth()`` (``tf32``
is 19 bits), which is what the messages print.

The ODS constraints of ``extf``/``truncf`` (float-like operand and result, the ``sat``
enum) are the structural layer's; the pre-merge ops also take tensors, which the
structural layer leaves to the verifier here, so their element types are checked here.

One warning goes beyond the verifiers: a truncation from f32 or bf16 to e4m3/e5m2 with
``sat = none`` verifies upstream, but ``convert-nvgpu-to-nvvm`` refuses to lower it (the
NVVM ops take only satfinite there), so it is said at check time, in the conversion's words.
"""

from __future__ import annotations

from ...analysis.values import (
    FLOAT_WIDTHS, BoolAttr, DialectAttr, FloatType, IntegerType, TensorType, Type, VectorType,
)
from ...diagnostics import Severity
from ...dialects.refusals import rcp_limitation, rcp_newest_form, saturation_refusal
from ...dialects.nvgpu import packed_kind_layout
from ...analysis.opview import OpView, Span, enum_case
from ..context import Report, unknowable, verifies

E8M0 = "f8E8M0FNU"
HALF_TYPES = ("f16", "bf16")

RCP = "nvgpu.rcp"
CONVERSION = "nvgpu.float-conversion"


# ---------------------------------------------------------------- shared helpers
def on_op_line(view: OpView, span: Span | None) -> Span:
    """``span`` when it starts on the op's first line, else the op: upstream reports these
    rules at the op's location, so a diagnostic must not start on a continuation line."""
    first = view.span
    if span is None or not first[0] <= span[0] <= first[1]:
        return first
    return span


def rnd_text(case: str) -> str:
    """How upstream prints an NVVM rounding-mode attribute."""
    return f"#nvvm.fp_rnd_mode<{case}>"


def element_of(t: Type | None) -> Type | None:
    if isinstance(t, (VectorType, TensorType)):
        return t.element
    return t


def float_width(t: Type | None) -> int | None:
    """MLIR's ``FloatType::getWidth()`` (tf32: 19)."""
    return FLOAT_WIDTHS.get(t.name) if isinstance(t, FloatType) else None


def _is(t: Type | None, *names: str) -> bool:
    return isinstance(t, FloatType) and t.name in names


# ---------------------------------------------------------------- nvgpu.rcp
@verifies(RCP)
def verify_rcp(view: OpView, report: Report) -> None:
    """Only the approximate, flush-to-zero reciprocal is implemented upstream.

    Two eras: ``{rounding = approx, ftz}`` (``#nvgpu.rcp_rounding_mode``, ``mlir-opt-22``)
    and ``{approx = true, ftz = true}`` with an NVVM ``rounding`` that must stay ``none``
    (the newest upstream, measured with the bindings). The attribute constraints of the newest
    era are checked here; the limitation is ``refusals.rcp_limitation``, which the instance form
    and the lowering pattern ask too."""
    operand = view.operand("in")
    for index, (what, t, span) in enumerate((
            ("operand", operand.type if operand else None, operand.type_span if operand else None),
            ("result", view.result_type(), view.result_span()))):
        if t is None or _is_f32_vector(t):
            continue
        if not isinstance(t, VectorType):
            return  # not a vector at all: the structural layer's
        report.op_error(view, f"{what} #0 must be vector of 32-bit float values, but got '{t}'",
                        f"{RCP}.type", on_op_line(view, span), view.defined_here(operand) if index == 0 else ())
        return
    in_type = operand.type if operand else None
    out_type = view.result_type()
    if in_type is not None and out_type is not None and in_type != out_type:
        report.op_error(view, "requires the same type for all operands and results", f"{RCP}.same-type")
        return

    rounding = view.attr("rounding")
    if rcp_newest_form(view):
        for name in ("approx", "ftz"):
            value = view.attr(name)
            if value is not None and not isinstance(value, BoolAttr) and not unknowable(value):
                report.op_error(view, f"attribute '{name}' failed to satisfy constraint: bool attribute",
                                f"{RCP}.attribute", on_op_line(view, view.attr_span(name)))
                return
        if rounding is not None and not unknowable(rounding) and not (
                isinstance(rounding, DialectAttr) and rounding.name == "nvvm.fp_rnd_mode"):
            report.op_error(view, "attribute 'rounding' failed to satisfy constraint: NVVM FPRoundingMode kind",
                            f"{RCP}.attribute", on_op_line(view, view.attr_span("rounding")))
            return
    limitation = rcp_limitation(view)
    if limitation is not None:
        span = view.attr_span(limitation.attribute) if limitation.attribute else view.span
        report.op_error(view, limitation.message, f"{RCP}.limitation", on_op_line(view, span),
                        data={"fix": limitation.fix} if limitation.fix else None)


def _is_f32_vector(t: Type) -> bool:
    return isinstance(t, VectorType) and bool(t.shape) and _is(t.element, "f32")


# ---------------------------------------------------------------- float conversions
class _Conversion:
    """What every conversion rule reads: the two types, their element types, the
    rounding mode and where to point."""

    def __init__(self, view: OpView) -> None:
        self.view = view
        operand = view.operand("in")
        self.operand = operand
        self.src = operand.type if operand else None
        self.dst = view.result_type()
        self.src_elem = element_of(self.src)
        self.dst_elem = element_of(self.dst)
        rnd = view.attr("rnd")
        self.rnd = "rn" if rnd is None else enum_case(rnd)
        self.random_bits = view.operand("random_bits")

    def error(self, report: Report, message: str, rule: str, span: Span | None = None, **data) -> None:
        report.op_error(self.view, message, f"{CONVERSION}.{rule}", on_op_line(self.view, span),
                        data=data or None)

    @property
    def rnd_span(self) -> Span:
        return self.view.attr_span("rnd")

    @property
    def result_span(self) -> Span:
        return self.view.result_span()


def _shape(t: Type | None) -> tuple[int | None, ...] | None:
    return tuple(t.shape) if isinstance(t, (VectorType, TensorType)) and t.shape is not None else None


def _check_upstream_shapes(c: _Conversion, report: Report) -> bool:
    """``extf``/``truncf``: scalars or vectors on both sides, of equal shape (scalable
    flags are not compared, as upstream compares only the dimensions)."""
    src_vector, dst_vector = isinstance(c.src, VectorType), isinstance(c.dst, VectorType)
    if src_vector != dst_vector:
        c.error(report, f"input and output must both be scalars or both be vectors, got '{c.src}' and '{c.dst}'",
                "scalar-vector", c.result_span)
        return False
    if src_vector and _shape(c.src) != _shape(c.dst):
        c.error(report, f"input and output shapes must match, got '{c.src}' and '{c.dst}'", "shape", c.result_span)
        return False
    return True


def _check_branch_shapes(c: _Conversion, report: Report) -> bool:
    """The pre-merge ops also take tensors: ranked, non-0-D, and the same container on
    both sides."""
    src_shaped = isinstance(c.src, (VectorType, TensorType))
    dst_shaped = isinstance(c.dst, (VectorType, TensorType))
    if src_shaped != dst_shaped:
        c.error(report, "input and output must both be scalars or both be vectors/tensors", "scalar-vector",
                c.result_span)
        return False
    if not src_shaped:
        return True
    if any(isinstance(t, TensorType) and t.shape is None for t in (c.src, c.dst)):
        c.error(report, "unranked tensor types are not supported", "unranked")
        return False
    if any(not t.shape for t in (c.src, c.dst)):  # type: ignore[union-attr]
        c.error(report, "rank-0 shaped types are not supported, use scalar type instead", "rank-0")
        return False
    if type(c.src) is not type(c.dst):
        c.error(report, "input and output must be the same container type (both vector or both tensor)",
                "container", c.result_span)
        return False
    if _shape(c.src) != _shape(c.dst):
        c.error(report, "input and output shapes must match", "shape", c.result_span)
        return False
    return True


def _check_branch_elements(c: _Conversion, report: Report, result_may_be_bytes: bool = False) -> bool:
    """The ODS constraint of the pre-merge ops (floats, in scalars, vectors or tensors)."""
    operand_span = c.operand.type_span if c.operand else None
    if c.src_elem is not None and not isinstance(c.src_elem, FloatType):
        c.error(report, f"operand #0 must be floating-point or vector/tensor of floating-point values, but got '{c.src}'",
                "element-type", operand_span)
        return False
    if c.dst_elem is not None and not isinstance(c.dst_elem, FloatType) and not result_may_be_bytes:
        c.error(report, f"result #0 must be floating-point or vector/tensor of floating-point values, but got '{c.dst}'",
                "element-type", c.result_span)
        return False
    return True


def _check_extension(c: _Conversion, report: Report) -> None:
    """Widening: narrow formats go through the f16x2/bf16x2 unpack instructions."""
    src, dst = c.src_elem, c.dst_elem
    src_width, dst_width = float_width(src), float_width(dst)
    if src_width is None or dst_width is None:
        return
    if dst_width <= src_width:
        c.error(report, f"result type '{dst}' must be wider than operand type '{src}'", "not-wider", c.result_span)
        return
    if dst_width not in (16, 32, 64):
        c.error(report, f"result type must be 16, 32, or 64 bitwidth, but got {dst_width}", "result-width",
                c.result_span)
        return
    if _is(src, E8M0) and not _is(dst, "bf16", "f32"):
        c.error(report, "expects bf16 or f32 output type when input type is e8m0.", "e8m0-result", c.result_span)
        return
    if c.rnd is None:
        return
    if c.rnd != "rn":
        c.error(report, f"expects RN rounding mode, but got {rnd_text(c.rnd)}", "rounding", c.rnd_span,
                expected=["rn"], attribute="rnd")
        return
    if c.view.bool_attr("relu") and _is(dst, "bf16"):
        c.error(report, "relu is not supported for bf16 destination", "relu-bf16", c.view.attr_span("relu"))


def _check_truncation(c: _Conversion, report: Report, dst: Type | None = None) -> None:
    """Narrowing: rounding-mode rules per source/target pair, stochastic rounding and
    its random bits."""
    src = c.src_elem
    dst = dst if dst is not None else c.dst_elem
    src_width, dst_width = float_width(src), float_width(dst)
    if src_width is None or dst_width is None:
        return
    if dst_width >= src_width:
        c.error(report, f"result type '{dst}' must be narrower than operand type '{src}'", "not-narrower",
                c.result_span)
        return
    if src_width not in (16, 32, 64):
        c.error(report, f"input type must be 64/32/16 bitwidth, but got {src_width}", "input-width",
                c.operand.type_span if c.operand else None)
        return
    rnd = c.rnd
    if rnd is None:
        return
    half_pair = _is(src, "f32") and _is(dst, *HALF_TYPES)
    if _is(dst, E8M0):
        if rnd not in ("rz", "rp"):
            c.error(report, f"expects RZ or RP rounding mode when result type is e8m0, but got {rnd_text(rnd)}",
                    "rounding", c.rnd_span, expected=["rz", "rp"], attribute="rnd")
            return
    elif rnd == "rs":
        if not half_pair:
            c.error(report, f"RS (stochastic) rounding is only supported for f32->f16/bf16, got '{src}' -> '{dst}'",
                    "stochastic-types", c.rnd_span)
            return
        if c.random_bits is None:
            c.error(report, "random_bits operand is required with RS rounding", "random-bits-missing", c.rnd_span)
            return
    elif _is(src, "f64"):
        if rnd != "rn":
            c.error(report, f"expects RN rounding mode for f64 input, but got {rnd_text(rnd)}", "rounding",
                    c.rnd_span, expected=["rn"], attribute="rnd")
            return
    elif half_pair:
        if rnd not in ("rn", "rz"):
            c.error(report, f"expects RN or RZ rounding mode for f32 to f16/bf16, but got {rnd_text(rnd)}",
                    "rounding", c.rnd_span, expected=["rn", "rz"], attribute="rnd")
            return
    elif rnd != "rn":
        c.error(report, f"expects RN rounding mode, but got {rnd_text(rnd)}", "rounding", c.rnd_span,
                expected=["rn"], attribute="rnd")
        return
    if c.random_bits is not None and rnd != "rs":
        c.error(report, "random_bits can only be used with RS rounding mode", "random-bits-unused",
                c.random_bits.span)
        return
    _warn_unlowerable_saturation(c, report, src, dst)


def _warn_unlowerable_saturation(c: _Conversion, report: Report, src: Type | None, dst: Type | None) -> None:
    """``sat = none`` on f32/bf16 -> e4m3/e5m2: valid IR that convert-nvgpu-to-nvvm cannot lower."""
    if not isinstance(src, FloatType) or not isinstance(dst, FloatType) or not c.view.has_attr("sat"):
        return
    sat = enum_case(c.view.attr("sat"))
    refusal = saturation_refusal(src.name, dst.name, sat) if sat is not None else None
    if refusal is not None:
        report.error(c.view, f"convert-nvgpu-to-nvvm cannot lower this: {refusal}",
                     f"{CONVERSION}.unlowerable-saturation", c.view.attr_span("sat"), severity=Severity.WARNING)


def _packed_target(view: OpView) -> tuple[bool, FloatType | None]:
    """(whether packed_kind gives each result code a byte of its own, or may: a case this project
    cannot read; the float format its case names when known). ``compact`` is no packing: the
    result keeps its float type."""
    if not view.has_attr("packed_kind"):
        return False, None
    layout = packed_kind_layout(enum_case(view.attr("packed_kind")) or "")
    if layout is None:
        return True, None
    name, own_bytes = layout
    return own_bytes, FloatType(name) if name else None


@verifies("nvgpu.extf")
def verify_extf(view: OpView, report: Report) -> None:
    c = _Conversion(view)
    if c.src is None or c.dst is None or not _check_upstream_shapes(c, report):
        return
    _check_extension(c, report)


@verifies("nvgpu.truncf")
def verify_truncf(view: OpView, report: Report) -> None:
    c = _Conversion(view)
    if c.src is None or c.dst is None or not _check_upstream_shapes(c, report):
        return
    _check_truncation(c, report)


@verifies("nvgpu.convert.fpext")
def verify_convert_fpext(view: OpView, report: Report) -> None:
    c = _Conversion(view)
    if c.src is None or c.dst is None:
        return
    if _check_branch_shapes(c, report) and _check_branch_elements(c, report):
        _check_extension(c, report)


@verifies("nvgpu.convert.fptrunc")
def verify_convert_fptrunc(view: OpView, report: Report) -> None:
    c = _Conversion(view)
    if c.src is None or c.dst is None:
        return
    packed, target = _packed_target(view)
    if not (_check_branch_shapes(c, report) and _check_branch_elements(c, report, result_may_be_bytes=packed)):
        return
    if packed:
        if not (isinstance(c.dst_elem, IntegerType) and c.dst_elem.width == 8):
            kind = enum_case(view.attr("packed_kind"))
            c.error(report, f"packed_kind #nvgpu.subbytes_packedkind<{kind}> expects i8 result elements, "
                            f"but got '{c.dst}'", "packed-result", c.result_span)
            return
        if target is None:
            return  # a packing this project does not know: not judged
        _check_truncation(c, report, target)
        return
    _check_truncation(c, report)


@verifies("nvgpu.convert.float")
def verify_convert_float(view: OpView, report: Report) -> None:
    """The earliest pre-merge op converts either way; the widths pick the rule set."""
    c = _Conversion(view)
    if c.src is None or c.dst is None:
        return
    if not (_check_branch_shapes(c, report) and _check_branch_elements(c, report)):
        return
    src_width, dst_width = float_width(c.src_elem), float_width(c.dst_elem)
    if src_width is None or dst_width is None:
        return
    if dst_width > src_width:
        if c.random_bits is not None:
            c.error(report, "random_bits is only supported for truncation", "random-bits-unused", c.random_bits.span)
            return
        _check_extension(c, report)
    else:
        _check_truncation(c, report)
