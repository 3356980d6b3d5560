"""Multicast TMA loads in the hazard checks: ``nvgpu.hazard.tx-bytes`` counts a multicast box once
from each CTA of the cluster in each CTA its mask names (nvgpu_ls/verify/hazards/transactions.py),
and ``nvgpu.hazard.launch-shape`` flags a mask that names no CTA or one past the cluster
(launch_shape.py). The kernel: a cluster of CTAs, each loading its half of a tile and sending it
to the CTAs of the mask."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

KERNEL = """!tm = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  memref.global "private" @tile : memref<64x64xf16, 3> {alignment = 1024 : i64}
  func.func @main(%map: !tm, %dynamic: i16, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %bytes = arith.constant BYTES : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %mask = arith.constant MASK : i16
    gpu.launch clusters(%cx, %cy, %cz) in (%sx = CLUSTER, %sy = %c1, %sz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1) {
      %tid = gpu.thread_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %row = arith.index_cast %rank : i32 to index
      %first = arith.cmpi eq, %row, %c0 : index
      %tile = memref.get_global @tile : memref<64x64xf16, 3>
      %half = memref.subview %tile[0, 0] [32, 64] [1, 1] : memref<64x64xf16, 3> to memref<32x64xf16, strided<[64, 1]>, 3>
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %leader : !barriers
      nvgpu.tma.async.load %map[%c0, %row], %bar[%c0] to %half multicast_mask = %mask, predicate = ISSUER
          : !tm, !barriers -> memref<32x64xf16, strided<[64, 1]>, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barriers
      gpu.terminator
    }
    return
  }
}
"""
BOX = 32 * 64 * 2


def kernel(announced: int, mask: int, cluster: str = "%c2", issuer: str = "%leader") -> str:
    return (KERNEL.replace("BYTES", str(announced)).replace("MASK", str(mask)).replace("CLUSTER", cluster)
            .replace("ISSUER", issuer))


def hazards(text: str, code: str) -> list:
    found = [d for d in check_document(Document(text)) if d.severity.name == "ERROR"]
    assert not [d for d in found if not d.code.startswith("nvgpu.hazard")], "the sample itself must be valid"
    return [d for d in found if d.code == code]


LAUNCHED = """!tm = !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<32x64xf16, 3> {alignment = 128 : i64}
    gpu.func @load(%map: !tm) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 8192 : index
      %mask = arith.constant 3 : i16
      %tile = memref.get_global @tile : memref<32x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.init %bar[%c0], %c1 : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !barriers
      nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %tile multicast_mask = %mask : !tm, !barriers -> memref<32x64xf16, 3>
      gpu.return
    }
  }
  func.func @main(%map: !tm) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@load clusters in (CLUSTER, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%map : !tm)
    return
  }
}
"""


TX, SHAPE = "nvgpu.hazard.tx-bytes", "nvgpu.hazard.launch-shape"


def test_a_box_multicast_to_the_whole_cluster_arrives_once_from_each_cta():
    assert hazards(kernel(2 * BOX, 0b11), TX) == []
    assert hazards(kernel(4 * BOX, 0b1111, cluster="%c4"), TX) == []


def test_announcing_one_box_of_a_two_cta_multicast_is_too_few():
    [found] = hazards(kernel(BOX, 0b11), TX)
    assert f"bring {2 * BOX} ({BOX} x 2), a multicast box coming once from each of the cluster's 2 CTAs" in found.message
    assert "can complete before the last 4096 bytes" in found.message and f"(announce {2 * BOX})" in found.message
    assert found.data["loaded"] == 2 * BOX and "constant" in found.data
    assert any("multicast TMA load" in related.message for related in found.related)


def test_a_mask_leaving_out_a_cta_starves_that_cta():
    [found] = hazards(kernel(2 * BOX, 0b01), TX)
    assert f"rank 0 {2 * BOX}, rank 1 0" in found.message and "on rank 1 the transaction count never" in found.message
    assert "constant" not in found.data  # no one announcement is right for both CTAs


@pytest.mark.parametrize("issuer, cluster, mask", [
    ("%first", "%c2", 0b11),   # only rank 0 issues: the CTAs differ
    ("%leader", "%n", 0b11),   # the cluster's size is not a constant
])
def test_multicast_is_not_counted_where_the_ctas_may_differ(issuer, cluster, mask):
    assert hazards(kernel(BOX, mask, cluster=cluster, issuer=issuer), TX) == []


def test_a_mask_that_is_not_a_constant_is_not_counted():
    text = kernel(BOX, 0b11).replace("multicast_mask = %mask", "multicast_mask = %dynamic")
    assert hazards(text, TX) == [] and hazards(text, SHAPE) == []


def test_a_mask_past_the_cluster_names_ctas_that_do_not_exist():
    [found] = hazards(kernel(2 * BOX, 0b111), SHAPE)
    assert "mask 0x0007 names CTA rank 2, but the 2x1x1 cluster it runs in has ranks 0-1" in found.message
    assert found.data == {"mask": 7, "ctas": 2}
    assert hazards(kernel(2 * BOX, 0b11), SHAPE) == []
    assert hazards(kernel(2 * BOX, 0b11, cluster="%c1"), SHAPE)[0].data == {"mask": 3, "ctas": 1}


def test_an_empty_mask_sends_the_box_nowhere():
    [found] = hazards(kernel(0, 0), SHAPE)
    assert "mask is 0: it names no CTA of the 2x1x1 cluster" in found.message


def test_a_kernel_s_cluster_comes_from_its_launches():
    text = LAUNCHED
    assert hazards(text.replace("CLUSTER", "%c2"), TX) == []
    [found] = hazards(text.replace("CLUSTER", "%c1"), TX)
    assert "a multicast box coming only from this CTA" in found.message
    assert hazards(text.replace("CLUSTER", "%c1"), SHAPE)[0].data == {"mask": 3, "ctas": 1}


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="needs mlir-opt-22")
def test_upstream_reads_the_samples_as_valid():
    for text in (kernel(2 * BOX, 0b11), kernel(BOX, 0b111, issuer="%first"), kernel(BOX, 0b11, cluster="%n"),
                 LAUNCHED.replace("CLUSTER", "%c2")):
        run = subprocess.run(["mlir-opt-22", "-"], input=text, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
