"""Verifiers upstream writes in C++ for NVVM's bulk and tensor (TMA) copies
(``NVVMDialect.cpp``: ``verifyTMALoadParams``, ``cpAsyncBulkTensorCommonVerifier`` and the
``CpAsyncBulk*`` ops' ``verify``), with upstream's messages, first failing rule only. Each
message was measured with ``mlir-opt-22`` (``tests/test_verify_nvvm_memory.py``).
"""

from __future__ import annotations

from ...analysis.opview import OpView
from ..context import Report, verifies
from .nvvm_memory import SHARED_CLUSTER, address_space, enum_or_default

CODE = "nvvm.rule.tma"
SHARED = 3


def _mode(view: OpView) -> str:
    return enum_or_default(view, "mode") or "tile"


def _load_params(view: OpView) -> str | None:
    """``verifyTMALoadParams``: coordinates, im2col offsets and the load mode agree."""
    dims = len(view.operands("coordinates"))
    offsets = len(view.operands("im2colOffsets"))
    mode = _mode(view)
    if not 1 <= dims <= 5:
        return "expects coordinates between 1 to 5 dimension"
    if mode == "tile_gather4" and dims != 5:
        return "Gather4 mode expects 5 coordinates"
    im2col = mode in ("im2col", "im2col_w", "im2col_w_128")
    if im2col and dims < 3:
        return f"to use {mode} mode, the tensor has to be at least 3-dimensional"
    expected = dims - 2 if mode == "im2col" else 2 if im2col else 0
    if offsets != expected:
        return f" im2col offsets expected {expected} (provided {offsets})"
    return None


def _store_params(view: OpView, scatter: str | None) -> str | None:
    """``cpAsyncBulkTensorCommonVerifier`` by store mode; ``scatter``: the error tile_scatter4
    always gets (None: it needs 5 coordinates)."""
    dims = len(view.operands("coordinates"))
    mode = _mode(view)
    if mode == "tile_scatter4":
        return scatter or (None if dims == 5 else "Scatter4 mode expects 5 coordinates")
    if not 1 <= dims <= 5:
        return "expects coordinates between 1 to 5 dimension"
    if mode == "im2col" and dims < 3:
        return "to use im2col mode, the tensor has to be at least 3-dimensional"
    return None


@verifies("nvvm.cp.async.bulk.tensor.shared.cluster.global")
def verify_tensor_load(view: OpView, report: Report) -> None:
    cta_only = view.bool_attr("isCTAOnly")
    message = None
    if view.operands("predicate"):
        if cta_only:
            message = "Predicate is supported only for shared::cluster mode."
        elif _mode(view) not in ("tile", "im2col"):
            message = "Predicate is supported only for Tile and Im2col modes."
    else:
        space = address_space(view, "dstMem")
        if space is not None and space != (SHARED if cta_only else SHARED_CLUSTER):
            message = ("Shared::cta destination requires address-space 3." if cta_only
                       else "Shared::cluster destination requires address-space 7.")
        elif cta_only and view.operands("multicastMask"):
            message = "Multicast is not supported with shared::cta mode."
        elif cta_only and view.has_attr("group"):
            message = "CTAGroup is not supported with shared::cta mode."
    message = message or _load_params(view)
    if message is not None:
        report.error(view, message, f"{CODE}.load")


@verifies("nvvm.cp.async.bulk.tensor.prefetch")
def verify_tensor_prefetch(view: OpView, report: Report) -> None:
    message = _load_params(view)
    if message is not None:
        report.error(view, message, f"{CODE}.prefetch")


@verifies("nvvm.cp.async.bulk.tensor.global.shared.cta")
def verify_tensor_store(view: OpView, report: Report) -> None:
    message = None
    if view.operands("predicate"):
        if _mode(view) != "tile":
            message = "Inline-ptx lowering supported only for Tile mode."
        elif view.operands("l2CacheHint"):
            message = "Inline-ptx lowering unsupported with L2 cache-hint."
    message = message or _store_params(view, None)
    if message is not None:
        report.error(view, message, f"{CODE}.store")


@verifies("nvvm.cp.async.bulk.tensor.reduce")
def verify_tensor_reduce(view: OpView, report: Report) -> None:
    message = _store_params(view, "Scatter mode unsupported for CpAsyncBulkTensorReduceOp")
    if message is not None:
        report.error(view, message, f"{CODE}.reduce")


@verifies("nvvm.cp.async.bulk.shared.cluster.global")
def verify_bulk_load(view: OpView, report: Report) -> None:
    if address_space(view, "dstMem") == SHARED and view.operands("multicastMask"):
        report.error(view, "Multicast is not supported with shared::cta mode.", f"{CODE}.bulk")
