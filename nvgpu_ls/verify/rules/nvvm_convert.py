"""Verifiers of the ``nvvm.convert.*`` ops that ``nvgpu.extf``/``nvgpu.truncf`` lower to.

Rules and wording are the newest upstream NVVM dialect's (measured with the torch-mlir
bindings). Where that upstream moved a check into an ODS type-attribute constraint
(``srcType``/``dstTy`` of the unpacking and f6 ops), the constraint message is reported
here, since the structural layer verifies nvgpu ops only.

Two spellings are read: the attribute dictionary (``{rnd = #nvvm.fp_rnd_mode<rs>}``,
every released tool) and the newest keyword clauses (``rnd = <rs> sat = <satfinite>``),
which the op facts do not describe yet, so the parser keeps them as bare keywords.
The SM requirement of each op (``is not supported on sm_100``) is the target gate's.
"""

from __future__ import annotations

from ...analysis.values import FLOAT_WIDTHS, FloatType, Type, TypeAttr
from ...analysis.opview import OpView, Span, enum_case
from ..context import Report, verifies
from .conversions import on_op_line

CODE = "nvvm.convert"
E4M3, E5M2, E8M0 = "f8E4M3FN", "f8E5M2", "f8E8M0FNU"
E2M3, E3M2, E2M1 = "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"


class _Convert:
    """One nvvm.convert op: its enum properties, its type parameter and where each is written."""

    def __init__(self, view: OpView) -> None:
        self.view = view
        self._keywords = view.op.keywords if view.op.syntax == "heuristic" else []

    # ------------------------------------------------------------ properties
    def enum(self, name: str, default: str) -> tuple[str | None, Span | None]:
        """The case of ``name`` (None when unreadable) and the span of its value."""
        if self.view.has_attr(name):
            return enum_case(self.view.attr(name)), self.view.attr_span(name)
        for i, (word, _start, _end) in enumerate(self._keywords[:-1]):
            if word == name:
                value, start, end = self._keywords[i + 1]
                return value, (start, end)
        return default, None

    def flag(self, name: str) -> bool:
        if self.view.has_attr(name):
            return self.view.bool_attr(name)
        words = [w for w, _, _ in self._keywords]
        if name not in words:
            return False
        following = words[words.index(name) + 1:words.index(name) + 2]
        return following != ["false"]

    def type_param(self, name: str) -> tuple[Type | None, Span | None]:
        """The type written for ``dstTy``/``srcType`` (None when absent) and its span."""
        value = self.view.attr(name)
        if isinstance(value, TypeAttr):
            return value.type, self.view.attr_span(name)
        for word, start, end in reversed(self._keywords):
            if word in FLOAT_WIDTHS:
                return FloatType(word), (start, end)
        return None, None

    # ------------------------------------------------------------ reporting
    def op_error(self, report: Report, message: str, rule: str, span: Span | None = None) -> None:
        report.op_error(self.view, message, f"{CODE}.{rule}", on_op_line(self.view, span))

    def error(self, report: Report, message: str, rule: str, span: Span | None = None) -> None:
        report.error(self.view, message, f"{CODE}.{rule}", on_op_line(self.view, span))


def _quoted(*names: str) -> str:
    """Types listed the way upstream streams them into a message: ``'a' and 'b'``."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _one_of(c: _Convert, report: Report, name: str, allowed: tuple[str, ...], message: str, rule: str) -> bool:
    """Report a type parameter outside ``allowed``; True when reported."""
    t, span = c.type_param(name)
    if t is None or (isinstance(t, FloatType) and t.name in allowed):
        return False
    c.op_error(report, message, rule, span)
    return True


def _type_constraint(name: str, allowed: tuple[str, ...]) -> str:
    """The ODS message of a ``TypeAttrOf<...>`` constraint."""
    return (f"attribute '{name}' failed to satisfy constraint: type attribute of "
            + " or ".join(f"{t} type" for t in allowed))


# ---------------------------------------------------------------- f32 -> tf32
@verifies("nvvm.convert.float.to.tf32")
def verify_float_to_tf32(view: OpView, report: Report) -> None:
    c = _Convert(view)
    rnd, span = c.enum("rnd", "none")
    if rnd is None:
        return
    if rnd == "rna":
        if c.flag("relu"):
            c.error(report, "Relu not supported with rna rounding mode.", "relu", span)
    elif rnd not in ("rn", "rz"):
        c.error(report, "Only {rn,rz,rna} rounding modes supported for ConvertFloatToTF32Op.", "rounding", span)


# ---------------------------------------------------------------- f32x2 -> f16x2 / bf16x2
def _verify_f32x2_to_half2(view: OpView, report: Report, dst: str) -> None:
    c = _Convert(view)
    rnd, span = c.enum("rnd", "none")
    if rnd is None:
        return
    has_bits = bool(view.operands("random_bits"))
    if rnd not in ("rn", "rz", "rs"):
        c.op_error(report, f"Only RN, RZ, and RS rounding modes are supported for conversions from f32x2 to {dst}.",
                   "rounding", span)
    elif rnd == "rs" and not has_bits:
        c.op_error(report, "random_bits is required for RS rounding mode.", "random-bits-missing", span)
    elif rnd != "rs" and has_bits:
        c.op_error(report, "random_bits not supported for RN and RZ rounding modes.", "random-bits-unused",
                   view.operands("random_bits")[0].span)


@verifies("nvvm.convert.f32x2.to.f16x2")
def verify_f32x2_to_f16x2(view: OpView, report: Report) -> None:
    _verify_f32x2_to_half2(view, report, "f16x2")


@verifies("nvvm.convert.f32x2.to.bf16x2")
def verify_f32x2_to_bf16x2(view: OpView, report: Report) -> None:
    _verify_f32x2_to_half2(view, report, "bf16x2")


# ---------------------------------------------------------------- packing to 8-bit floats
def _verify_to_f8x2(c: _Convert, report: Report, source: str, unknown) -> None:
    """The e4m3/e5m2 path (RN, SATFINITE) and the ue8m0 path (RZ/RP, no relu) shared by
    the f32x2 and bf16x2 sources; ``unknown`` reports a destination of neither kind."""
    dst, dst_span = c.type_param("dstTy")
    if dst is None:
        return
    name = dst.name if isinstance(dst, FloatType) else str(dst)
    rnd, rnd_span = c.enum("rnd", "none")
    if name in (E4M3, E5M2):
        if rnd is not None and rnd != "rn":
            c.op_error(report, f"Only RN rounding mode is supported for conversions from {source} to "
                               f"{_quoted(E4M3, E5M2)} types", "rounding", rnd_span)
            return
        sat, sat_span = c.enum("sat", "none")
        if sat is not None and sat != "satfinite":
            c.op_error(report, f"Only SATFINITE saturation mode is supported for conversions from {source} to "
                               f"{_quoted(E4M3, E5M2)} types", "saturation", sat_span)
    elif name == E8M0:
        if rnd is not None and rnd not in ("rz", "rp"):
            c.op_error(report, f"Only RZ and RP rounding modes are supported for conversions from {source} to "
                               f"{_quoted(E8M0)} type", "rounding", rnd_span)
            return
        if c.flag("relu"):
            c.op_error(report, f"relu not supported for conversions to {_quoted(E8M0)} type", "relu",
                       c.view.attr_span("relu"))
    else:
        unknown(dst_span)


@verifies("nvvm.convert.f32x2.to.f8x2")
def verify_f32x2_to_f8x2(view: OpView, report: Report) -> None:
    c = _Convert(view)
    _verify_to_f8x2(c, report, "f32x2", lambda span: c.op_error(
        report, f"Only {_quoted(E4M3, E5M2, E8M0)} types are supported for conversions from f32x2 to f8x2",
        "destination-type", span))


@verifies("nvvm.convert.bf16x2.to.f8x2")
def verify_bf16x2_to_f8x2(view: OpView, report: Report) -> None:
    c = _Convert(view)
    _verify_to_f8x2(c, report, "bf16x2", lambda span: c.op_error(
        report, _type_constraint("dstTy", (E8M0, E4M3, E5M2)), "destination-type", span))


@verifies("nvvm.convert.f16x2.to.f8x2")
def verify_f16x2_to_f8x2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E4M3, E5M2),
            f"Only {_quoted(E4M3, E5M2)} types are supported for conversions from f16x2 to f8x2.", "destination-type")


# ---------------------------------------------------------------- packing to 6- and 4-bit floats
@verifies("nvvm.convert.f32x2.to.f6x2")
def verify_f32x2_to_f6x2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E2M3, E3M2),
            f"Only {_quoted(E2M3, E3M2)} types are supported for conversions from f32x2 to f6x2.", "destination-type")


@verifies("nvvm.convert.f16x2.to.f6x2", "nvvm.convert.bf16x2.to.f6x2")
def verify_half2_to_f6x2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E2M3, E3M2), _type_constraint("dstTy", (E2M3, E3M2)),
            "destination-type")


@verifies("nvvm.convert.f32x2.to.f4x2")
def verify_f32x2_to_f4x2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E2M1,),
            f"Only {_quoted(E2M1)} type is supported for conversions from f32x2 to f4x2.", "destination-type")


# ---------------------------------------------------------------- stochastic f32x4 packing
@verifies("nvvm.convert.f32x4.to.f8x4")
def verify_f32x4_to_f8x4(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E4M3, E5M2),
            f"Only {_quoted(E4M3, E5M2)} types are supported for conversions from f32x4 to f8x4.", "destination-type")


@verifies("nvvm.convert.f32x4.to.f6x4")
def verify_f32x4_to_f6x4(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E2M3, E3M2),
            f"Only {_quoted(E2M3, E3M2)} types are supported for conversions from f32x4 to f6x4.", "destination-type")


@verifies("nvvm.convert.f32x4.to.f4x4")
def verify_f32x4_to_f4x4(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "dstTy", (E2M1,),
            f"Only {_quoted(E2M1)} type is supported for conversions from f32x4 to f4x4.", "destination-type")


# ---------------------------------------------------------------- unpacking
@verifies("nvvm.convert.f8x2.to.f16x2")
def verify_f8x2_to_f16x2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "srcType", (E4M3, E5M2), _type_constraint("srcType", (E4M3, E5M2)),
            "source-type")


@verifies("nvvm.convert.f8x2.to.bf16x2")
def verify_f8x2_to_bf16x2(view: OpView, report: Report) -> None:
    c = _Convert(view)
    allowed = (E8M0, E4M3, E5M2)
    if _one_of(c, report, "srcType", allowed, _type_constraint("srcType", allowed), "source-type"):
        return
    src, _span = c.type_param("srcType")
    if isinstance(src, FloatType) and src.name == E8M0 and c.flag("relu"):
        c.op_error(report, f"relu not supported for conversions from {_quoted(E8M0)} type", "relu",
                   view.attr_span("relu"))


@verifies("nvvm.convert.f6x2.to.f16x2", "nvvm.convert.f6x2.to.bf16x2")
def verify_f6x2_to_half2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "srcType", (E2M3, E3M2), _type_constraint("srcType", (E2M3, E3M2)),
            "source-type")


@verifies("nvvm.convert.f4x2.to.f16x2", "nvvm.convert.f4x2.to.bf16x2")
def verify_f4x2_to_half2(view: OpView, report: Report) -> None:
    _one_of(_Convert(view), report, "srcType", (E2M1,), _type_constraint("srcType", (E2M1,)), "source-type")
