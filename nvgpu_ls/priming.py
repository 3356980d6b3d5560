"""What the first file of a session would build, built before it arrives.

A process's first analysis costs several times a later one: lark builds the lexers of the type
and attribute grammars state by state as they are first met, ops' facts and reading programs
are made on first use, spellings fill their caches. ``prime`` reads and checks ``PRIMER`` — a
small kernel file written with the types, attributes and ops nearly every kernel file has — so
that this happens while the server waits for the client after ``initialize``, not while the user
waits for the first diagnostics. What it builds is what the first file would have built anyway
(the same caches; an idle release empties them again).
"""

from __future__ import annotations

from .analysis.document import Document
from .check_options import CheckOptions
from .verify import check_document

PRIMER = """\
#map = affine_map<(d0, d1) -> (d0 * 64 + d1)>
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @primer [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @kernel(%g: memref<128x128xf16>, %d: !desc, %v: vector<4xf32>, %i: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %f = arith.constant 1.0 : f32
      %zero = arith.constant dense<0.0> : vector<2x2xf32>
      %tid = gpu.thread_id x
      %s = memref.alloc() : memref<64x64xf16, 3>
      %x = memref.load %g[%tid, %c0] : memref<128x128xf16>
      memref.store %x, %s[%tid, %c0] : memref<64x64xf16, 3>
      %t = nvgpu.device_async_copy %g[%tid, %c0], %s[%tid, %c0], 8 : memref<128x128xf16> to memref<64x64xf16, 3>
      %a = nvgpu.ldmatrix %s[%tid, %c0] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
      %b = nvgpu.ldmatrix %s[%c0, %tid] {numTiles = 2 : i32, transpose = true} : memref<64x64xf16, 3> -> vector<2x2xf16>
      %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%c = %zero) -> (vector<2x2xf32>) {
        %m = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %m : vector<2x2xf32>
      }
      %bar = nvgpu.mbarrier.create -> !bar
      nvgpu.mbarrier.init %bar[%c0], %c16 : !bar
      %e = vector.extract %v[0] : f32 from vector<4xf32>
      %sum = arith.addf %e, %f : f32
      %cmp = arith.cmpi slt, %i, %i : i32
      %sel = arith.select %cmp, %sum, %f : f32
      %idx = affine.apply #map(%tid, %c1)
      gpu.barrier
      gpu.return
    }
  }
  func.func @host(%n: index) -> index {
    %r = arith.addi %n, %n : index
    return %r : index
  }
}
"""


def prime() -> None:
    """Read and check ``PRIMER`` once (runs on the analysis thread)."""
    check_document(Document(PRIMER), CheckOptions())
