"""What upstream verifies but refuses to lower: per-op predicates that the verifier (a warning or
an error at check time), the instance forms (what the hover says an op becomes) and the lowering
patterns (the failure) all ask, written once here with upstream's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.opview import OpView, enum_case
from ..analysis.values import DialectAttr, KeywordAttr, UnitAttr


def saturation_refusal(source: str, result: str, sat: str) -> str | None:
    """Upstream's reason when ``convert-nvgpu-to-nvvm`` refuses a truncation for its saturation
    mode, else None: the f32x2 / bf16x2 -> e4m3/e5m2 converts take only ``satfinite`` (the
    f16x2 one has no mode; it always saturates). The verifiers accept such IR."""
    if source not in ("f32", "bf16") or result not in ("f8E4M3FN", "f8E5M2") or sat == "satfinite":
        return None
    packed = "f32x2" if source == "f32" else "bf16x2"
    return (f"Only SATFINITE saturation mode is supported for conversions from {packed} to 'f8E4M3FN' and "
            "'f8E5M2' types")


@dataclass(frozen=True)
class RcpLimitation:
    """Why upstream's ``nvgpu.rcp`` refuses an instance: only the approximate, flush-to-zero
    reciprocal is implemented (the verifier says so; so the conversion never sees another)."""

    message: str
    """Upstream's words after ``'nvgpu.rcp' op``."""
    attribute: str | None = None
    """The attribute at fault, when one is (else the op)."""
    fix: dict = field(default_factory=dict)
    """Attribute values that make the instance one upstream implements (empty: none to suggest)."""


def rcp_newest_form(view: OpView) -> bool:
    """Is the ``nvgpu.rcp`` instance written in the newest upstream's form (``{approx = true,
    ftz = true}`` with an NVVM ``rounding``) rather than LLVM 22's (``{rounding = approx, ftz}``)?"""
    rounding = view.attr("rounding")
    llvm22 = isinstance(rounding, KeywordAttr) or isinstance(view.attr("ftz"), UnitAttr) or (
        isinstance(rounding, DialectAttr) and rounding.name.startswith("nvgpu"))
    return not llvm22 or view.has_attr("approx")


def rcp_limitation(view: OpView) -> RcpLimitation | None:
    """The limitation an ``nvgpu.rcp`` instance runs into, else None.

    Two eras: ``{rounding = approx, ftz}`` (``#nvgpu.rcp_rounding_mode``, ``mlir-opt-22``) and
    ``{approx = true, ftz = true}`` whose NVVM ``rounding`` must stay ``none`` (the newest
    upstream, measured with the bindings). An unreadable rounding mode is no limitation here:
    the attribute checks report it."""
    rounding = view.attr("rounding")
    ftz = view.bool_attr("ftz")
    if rcp_newest_form(view):
        if not (view.bool_attr("approx") and ftz):
            return RcpLimitation("has a limitation. non-approx or non-ftz is not supported yet.",
                                 fix={"approx": True, "ftz": True})
        case = enum_case(rounding) if rounding is not None else "none"
        if case is not None and case != "none":
            return RcpLimitation(f"has a limitation. #nvvm.fp_rnd_mode<{case}> is not supported yet.", "rounding")
        return None
    case = enum_case(rounding) if rounding is not None else "approx"
    if case is None or (case == "approx" and ftz):
        return None
    return RcpLimitation(f"has a limitation. #nvgpu<rcp_rounding_mode {case}> or non-ftz is not supported yet.",
                         "rounding" if case != "approx" else None, {"rounding": "approx", "ftz": True})
