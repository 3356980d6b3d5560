"""Verifiers upstream writes in C++ for NVVM's prefetch, uni-directional proxy fences and
mbarrier arrivals (``NVVMDialect.cpp``: ``PrefetchOp``, ``FenceProxy{Acquire,Release}Op``,
``verifyMBarrierArriveLikeOp``, which the waits share, and ``MBarrierArriveExpectTxOp``), with upstream's messages and
in its order — only the first failing rule of an op is reported, as upstream stops there. Each
message was measured with ``mlir-opt-22`` and the bindings (``tests/test_verify_nvvm_memory.py``
holds a valid and an invalid case for every rule and checks them against ``mlir-opt-22``).
"""

from __future__ import annotations

from ...analysis.opview import OpView, enum_case
from ...analysis.values import LLVMPointerType
from ..context import Report, verifies

CODE = "nvvm.rule"
GENERIC, GLOBAL, CONSTANT, LOCAL, SHARED_CLUSTER = 0, 1, 4, 5, 7
"""NVVM's address spaces, as ``!llvm.ptr<N>`` numbers them."""


def address_space(view: OpView, group: str = "addr") -> int | None:
    """The address space of the pointer operand `group` (None: not a known pointer)."""
    found = view.operands(group)
    kind = found[0].type if found else None
    return kind.address_space if isinstance(kind, LLVMPointerType) else None


def enum_or_default(view: OpView, name: str, default: str | None = None) -> str | None:
    """The case of enum attribute ``name``, ``default`` when the op does not write it."""
    return enum_case(view.attr(name)) if view.has_attr(name) else default


@verifies("nvvm.prefetch")
def verify_prefetch(view: OpView, report: Report) -> None:
    space = address_space(view)
    level = enum_or_default(view, "cacheLevel")
    priority = enum_or_default(view, "evictPriority")
    tensormap = view.has_attr("tensormap")
    if space is None:
        return
    message = None
    if tensormap and level is not None:
        message = "cannot specify both tensormap and cache level"
    elif tensormap:
        if space not in (GENERIC, CONSTANT):
            message = "prefetch tensormap requires a generic or constant pointer"
        elif priority is not None:
            message = "prefetch tensormap does not support eviction priority"
        elif view.has_attr("in_param_space") and space != GENERIC:
            message = "in_param_space can only be specified for a generic pointer"
    elif level is not None:
        if space not in (GENERIC, GLOBAL, LOCAL):
            message = "prefetch to cache level requires a generic, global, or local pointer"
        elif view.has_attr("uniform") and level != "L1":
            message = "unsupported cache level, the only supported uniform cache level is L1"
        elif view.has_attr("uniform") and space != GENERIC:
            message = "prefetch to uniform cache requires a generic pointer"
        elif priority is not None and level != "L2":
            message = "cache eviction priority supported only for cache level L2"
        elif priority is not None and space != GLOBAL:
            message = "cache eviction priority requires a global pointer"
        elif priority is not None and priority not in ("evict_normal", "evict_last"):
            message = "unsupported cache eviction priority, only evict_last and evict_normal are supported"
        elif view.operands("predicate"):
            message = "predicate supported only on prefetch tensormap"
    else:
        message = "requires specification of either cache level or tensormap"
    if message is not None:
        report.op_error(view, message, f"{CODE}.prefetch")


@verifies("nvvm.fence.proxy.acquire", "nvvm.fence.proxy.release")
def verify_uni_directional_fence(view: OpView, report: Report) -> None:
    if enum_or_default(view, "fromProxy", "generic") != "generic":
        report.op_error(view, "uni-directional proxies only support generic for from_proxy attribute",
                        f"{CODE}.fence-proxy")
    elif enum_or_default(view, "toProxy", "tensormap") != "tensormap":
        report.op_error(view, "uni-directional proxies only support tensormap for to_proxy attribute",
                        f"{CODE}.fence-proxy")


@verifies("nvvm.mbarrier.arrive", "nvvm.mbarrier.arrive_drop", "nvvm.mbarrier.arrive.expect_tx",
          "nvvm.mbarrier.arrive_drop.expect_tx", "nvvm.mbarrier.expect_tx", "nvvm.mbarrier.complete_tx",
          "nvvm.mbarrier.test.wait", "nvvm.mbarrier.try_wait")
def verify_mbarrier_arrival(view: OpView, report: Report) -> None:
    scope = enum_or_default(view, "scope", "cta")
    cluster_space = address_space(view) == SHARED_CLUSTER
    returns = bool(view.op.results)
    message = None
    if view.name == "nvvm.mbarrier.arrive.expect_tx" and view.operands("predicate"):
        if scope != "cta":
            message = "mbarrier scope must be CTA when using predicate"
        elif cluster_space:
            message = "mbarrier in shared_cluster space is not supported when using predicate"
        elif returns:
            message = "return-value is not supported when using predicate"
        elif view.bool_attr("relaxed"):
            message = "mbarrier with relaxed semantics is not supported when using predicate"
    if message is None and scope not in ("cta", "cluster"):
        message = "mbarrier scope must be either CTA or Cluster"
    if message is None and cluster_space and returns:
        message = "mbarrier in shared_cluster space cannot return any value"
    if message is not None:
        report.error(view, message, f"{CODE}.mbarrier-arrive")
