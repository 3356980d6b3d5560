"""The NVVM rules upstream checks in C++ (``verify/rules/nvvm_memory.py``, ``nvvm_tma.py``):
prefetch, uni-directional proxy fences, mbarrier arrival scopes, bulk and tensor copies. Every
rule has an invalid case with upstream's message and its line, and valid cases beside them; with
``mlir-opt-22`` installed each case's verdict and first message are also measured against it.
Rules the issue named that upstream does not check (an ``mbarrier.init`` count, a fence's size,
a bulk copy's size: SSA operands) are valid cases here, as upstream has them."""

from __future__ import annotations


import pytest

from .verify_support import MLIR_OPT, function_text, upstream_first_errors, verify_body

needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")

P3, P7 = "!llvm.ptr<3>", "!llvm.ptr<7>"
DESC = "%desc: !llvm.ptr, %c0: i32, %c1: i32, %c2: i32, %c3: i32, %c4: i32, %o0: i16, %o1: i16"
LOAD = "nvvm.cp.async.bulk.tensor.shared.cluster.global"
LOAD_ARGS = f"%dst: !llvm.ptr<7>, %cta: !llvm.ptr<3>, %mbar: !llvm.ptr<3>, %mask: i16, %pr: i1, {DESC}"
STORE_ARGS = f"%src: !llvm.ptr<3>, %hint: i64, %pr: i1, {DESC}"
LOAD_MODE = "#nvvm.tma_load_mode"
STORE_MODE = "#nvvm.tma_store_mode"
REDUCE = "nvvm.cp.async.bulk.tensor.reduce"
ADD = "redKind = #nvvm.tma_redux_kind<add>"

VALID = [
    ("%p: !llvm.ptr, %g: !llvm.ptr<1>", "nvvm.prefetch level = L1, %g : !llvm.ptr<1>"),
    ("%p: !llvm.ptr", "nvvm.prefetch tensormap, %p : !llvm.ptr"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch level = L2, evict_priority = evict_last, %g : !llvm.ptr<1>"),
    ("%a: !llvm.ptr, %s: i32", "nvvm.fence.proxy.acquire #nvvm.mem_scope<cta> %a, %s"),
    ("", "nvvm.fence.proxy.release #nvvm.mem_scope<cluster>"),
    ("%p: !llvm.ptr<3>, %c: i32", "nvvm.mbarrier.init %p, %c : !llvm.ptr<3>, i32"),
    (f"%p: {P3}, %tx: i32", f"%r = nvvm.mbarrier.arrive.expect_tx %p, %tx {{scope = #nvvm.mem_scope<cluster>}} : {P3}, i32 -> i64"),
    (f"%q: {P7}, %tx: i32", f"nvvm.mbarrier.arrive.expect_tx %q, %tx {{scope = #nvvm.mem_scope<cluster>}} : {P7}, i32"),
    (f"%p: {P3}, %tx: i32, %pr: i1", f"nvvm.mbarrier.arrive.expect_tx %p, %tx, predicate = %pr : {P3}, i32, i1"),
    (f"%p: {P3}, %tx: i32", f"nvvm.mbarrier.expect_tx %p, %tx {{scope = #nvvm.mem_scope<cta>}} : {P3}, i32"),
    ("%dst: !llvm.ptr<7>, %src: !llvm.ptr<1>, %mbar: !llvm.ptr<3>, %sz: i32, %mask: i16",
     "nvvm.cp.async.bulk.shared.cluster.global %dst, %src, %mbar, %sz multicast_mask = %mask : !llvm.ptr<7>, !llvm.ptr<1>"),
    ("%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>, %mbar: !llvm.ptr<3>, %sz: i32",
     "nvvm.cp.async.bulk.shared.cluster.global %dst, %src, %mbar, %sz : !llvm.ptr<3>, !llvm.ptr<1>"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1] : {P7}, !llvm.ptr"),
    (LOAD_ARGS, f"{LOAD} %cta, %desc, %mbar, box[%c0] {{isCTAOnly = true}} : {P3}, !llvm.ptr"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1, %c2] im2col[%o0] {{mode = {LOAD_MODE}<im2col>}} : {P7}, !llvm.ptr"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1, %c2, %c3, %c4] {{mode = {LOAD_MODE}<tile_gather4>}} : {P7}, !llvm.ptr"),
    (DESC, f"nvvm.cp.async.bulk.tensor.prefetch %desc, box[%c0, %c1, %c2] im2col[%o0] {{mode = {LOAD_MODE}<im2col>}} : !llvm.ptr"),
    (STORE_ARGS, f"nvvm.cp.async.bulk.tensor.global.shared.cta %desc, %src, box[%c0, %c1, %c2, %c3, %c4] {{mode = {STORE_MODE}<tile_scatter4>}} : !llvm.ptr, {P3}"),
    (STORE_ARGS, f"{REDUCE} %desc, %src, box[%c0, %c1, %c2] {{{ADD}, mode = {STORE_MODE}<im2col>}} : !llvm.ptr, {P3}"),
]

_PREFETCH = "'nvvm.prefetch' op "
INVALID = [
    ("%p: !llvm.ptr", "nvvm.prefetch level = L1, tensormap, %p : !llvm.ptr",
     _PREFETCH + "cannot specify both tensormap and cache level"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch %g : !llvm.ptr<1>",
     _PREFETCH + "requires specification of either cache level or tensormap"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch tensormap, %g : !llvm.ptr<1>",
     _PREFETCH + "prefetch tensormap requires a generic or constant pointer"),
    ("%k: !llvm.ptr<4>", "nvvm.prefetch level = L1, %k : !llvm.ptr<4>",
     _PREFETCH + "prefetch to cache level requires a generic, global, or local pointer"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch level = L1, evict_priority = evict_last, %g : !llvm.ptr<1>",
     _PREFETCH + "cache eviction priority supported only for cache level L2"),
    ("%p: !llvm.ptr", "nvvm.prefetch level = L2, evict_priority = evict_last, %p : !llvm.ptr",
     _PREFETCH + "cache eviction priority requires a global pointer"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch level = L2, evict_priority = evict_first, %g : !llvm.ptr<1>",
     _PREFETCH + "unsupported cache eviction priority, only evict_last and evict_normal are supported"),
    ("%g: !llvm.ptr<1>, %pr: i1", "nvvm.prefetch level = L2, %g, predicate = %pr : !llvm.ptr<1>, i1",
     _PREFETCH + "predicate supported only on prefetch tensormap"),
    ("%p: !llvm.ptr", "nvvm.prefetch tensormap, evict_priority = evict_last, %p : !llvm.ptr",
     _PREFETCH + "prefetch tensormap does not support eviction priority"),
    ("%g: !llvm.ptr<1>", "nvvm.prefetch level = L2 uniform, %g : !llvm.ptr<1>",
     _PREFETCH + "unsupported cache level, the only supported uniform cache level is L1"),
    ("%a: !llvm.ptr, %s: i32",
     "nvvm.fence.proxy.acquire #nvvm.mem_scope<cta> %a, %s to_proxy = #nvvm.proxy_kind<generic>",
     "'nvvm.fence.proxy.acquire' op uni-directional proxies only support tensormap for to_proxy attribute"),
    ("", "nvvm.fence.proxy.release #nvvm.mem_scope<cta> from_proxy = #nvvm.proxy_kind<tensormap>",
     "'nvvm.fence.proxy.release' op uni-directional proxies only support generic for from_proxy attribute"),
    (f"%p: {P3}, %tx: i32", f"%r = nvvm.mbarrier.arrive.expect_tx %p, %tx {{scope = #nvvm.mem_scope<gpu>}} : {P3}, i32 -> i64",
     "mbarrier scope must be either CTA or Cluster"),
    (f"%p: {P3}, %tx: i32", f"nvvm.mbarrier.expect_tx %p, %tx {{scope = #nvvm.mem_scope<sys>}} : {P3}, i32",
     "mbarrier scope must be either CTA or Cluster"),
    (f"%q: {P7}, %tx: i32", f"%r = nvvm.mbarrier.arrive.expect_tx %q, %tx {{scope = #nvvm.mem_scope<cluster>}} : {P7}, i32 -> i64",
     "mbarrier in shared_cluster space cannot return any value"),
    (f"%p: {P3}, %tx: i32, %pr: i1",
     f"nvvm.mbarrier.arrive.expect_tx %p, %tx, predicate = %pr {{scope = #nvvm.mem_scope<cluster>}} : {P3}, i32, i1",
     "mbarrier scope must be CTA when using predicate"),
    (f"%q: {P7}, %tx: i32, %pr: i1", f"nvvm.mbarrier.arrive.expect_tx %q, %tx, predicate = %pr : {P7}, i32, i1",
     "mbarrier in shared_cluster space is not supported when using predicate"),
    (f"%p: {P3}, %tx: i32, %pr: i1", f"%r = nvvm.mbarrier.arrive.expect_tx %p, %tx, predicate = %pr : {P3}, i32, i1 -> i64",
     "return-value is not supported when using predicate"),
    (f"%p: {P3}, %tx: i32, %pr: i1",
     f"nvvm.mbarrier.arrive.expect_tx %p, %tx, predicate = %pr {{relaxed = true}} : {P3}, i32, i1",
     "mbarrier with relaxed semantics is not supported when using predicate"),
    ("%dst: !llvm.ptr<3>, %src: !llvm.ptr<1>, %mbar: !llvm.ptr<3>, %sz: i32, %mask: i16",
     "nvvm.cp.async.bulk.shared.cluster.global %dst, %src, %mbar, %sz multicast_mask = %mask : !llvm.ptr<3>, !llvm.ptr<1>",
     "Multicast is not supported with shared::cta mode."),
    (LOAD_ARGS, f"{LOAD} %cta, %desc, %mbar, box[%c0] : {P3}, !llvm.ptr",
     "Shared::cluster destination requires address-space 7."),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0] {{isCTAOnly = true}} : {P7}, !llvm.ptr",
     "Shared::cta destination requires address-space 3."),
    (LOAD_ARGS, f"{LOAD} %cta, %desc, %mbar, box[%c0] multicast_mask = %mask {{isCTAOnly = true}} : {P3}, !llvm.ptr",
     "Multicast is not supported with shared::cta mode."),
    (LOAD_ARGS, f"{LOAD} %cta, %desc, %mbar, box[%c0] {{isCTAOnly = true, group = #nvvm.cta_group<cta_1>}} : {P3}, !llvm.ptr",
     "CTAGroup is not supported with shared::cta mode."),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1, %c2, %c3, %c4, %c0] : {P7}, !llvm.ptr",
     "expects coordinates between 1 to 5 dimension"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1] {{mode = {LOAD_MODE}<im2col>}} : {P7}, !llvm.ptr",
     "to use im2col mode, the tensor has to be at least 3-dimensional"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1, %c2, %c3] im2col[%o0] {{mode = {LOAD_MODE}<im2col>}} : {P7}, !llvm.ptr",
     " im2col offsets expected 2 (provided 1)"),
    (LOAD_ARGS, f"{LOAD} %dst, %desc, %mbar, box[%c0, %c1, %c2, %c3] {{mode = {LOAD_MODE}<tile_gather4>}} : {P7}, !llvm.ptr",
     "Gather4 mode expects 5 coordinates"),
    (DESC, f"nvvm.cp.async.bulk.tensor.prefetch %desc, box[%c0, %c1] {{mode = {LOAD_MODE}<im2col>}} : !llvm.ptr",
     "to use im2col mode, the tensor has to be at least 3-dimensional"),
    (DESC, f"nvvm.cp.async.bulk.tensor.prefetch %desc, box[%c0, %c1, %c2] {{mode = {LOAD_MODE}<tile_gather4>}} : !llvm.ptr",
     "Gather4 mode expects 5 coordinates"),
    (STORE_ARGS, f"nvvm.cp.async.bulk.tensor.global.shared.cta %desc, %src, box[%c0, %c1] {{mode = {STORE_MODE}<im2col>}} : !llvm.ptr, {P3}",
     "to use im2col mode, the tensor has to be at least 3-dimensional"),
    (STORE_ARGS, f"nvvm.cp.async.bulk.tensor.global.shared.cta %desc, %src, box[%c0, %c1, %c2, %c3] {{mode = {STORE_MODE}<tile_scatter4>}} : !llvm.ptr, {P3}",
     "Scatter4 mode expects 5 coordinates"),
    (STORE_ARGS, f"{REDUCE} %desc, %src, box[%c0, %c1] {{{ADD}, mode = {STORE_MODE}<im2col>}} : !llvm.ptr, {P3}",
     "to use im2col mode, the tensor has to be at least 3-dimensional"),
]

CODES = ("nvvm.rule",)
EXAMPLES = [function_text(body, args, "llvm") for args, body, _ in INVALID]
"""The invalid cases as whole inputs (the diagnostic pages take their examples from them)."""


def _ours(args: str, body: str) -> list[tuple[int, str]]:
    return [(line, message) for line, code, message in verify_body(body, args, wrapper="llvm")
            if code.startswith(CODES)]


def _upstream(args: str, body: str) -> list[tuple[int, str]]:
    return list(upstream_first_errors([function_text(body, args, "llvm")]).values())


@pytest.mark.parametrize("args,body", VALID, ids=lambda value: value[:60])
def test_a_valid_op_gets_no_rule_diagnostic(args: str, body: str) -> None:
    assert _ours(args, body) == []


@pytest.mark.parametrize("args,body,message", INVALID, ids=lambda value: value[:60])
def test_an_invalid_op_gets_upstreams_message_on_its_line(args: str, body: str, message: str) -> None:
    assert _ours(args, body) == [(1, message)]


@needs_mlir_opt
@pytest.mark.parametrize("args,body", VALID, ids=lambda value: value[:60])
def test_upstream_accepts_every_valid_case(args: str, body: str) -> None:
    assert _upstream(args, body) == []


@needs_mlir_opt
@pytest.mark.parametrize("args,body,message", INVALID, ids=lambda value: value[:60])
def test_upstream_rejects_every_invalid_case_with_the_same_message(args: str, body: str, message: str) -> None:
    assert _upstream(args, body) == [(1, message)]
