// warpgroup ops that upstream accepts and nvgpu-ls reports nothing about.

!mapA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, #gpu.address_space<workgroup>>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @gemm(%lhs: memref<128x64xf16, 3>, %rhs: memref<64x128xf16, #gpu.address_space<workgroup>>, %mapA: !mapA,
                %mapB: !mapB, %out: memref<128x128xf32, 3>, %gout: memref<128x128xf32>) {
  %a = nvgpu.warpgroup.generate.descriptor %lhs, %mapA : memref<128x64xf16, 3>, !mapA -> !descA
  // the tile is loaded by two TMA boxes of 64x64; the descriptor covers all of it
  %b = nvgpu.warpgroup.generate.descriptor %rhs, %mapB : memref<64x128xf16, #gpu.address_space<workgroup>>, !mapB -> !descB
  %c = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %d = nvgpu.warpgroup.mma %a, %b, %c {transposeB} : !descA, !descB, !acc -> !acc
  %e = nvgpu.warpgroup.mma %a, %b, %d {transposeA, transposeB, waitGroup = 0 : i64} :
      !descA,
      !descB,
      !acc
      ->
      !acc
  nvgpu.warpgroup.mma.store %e, %out : !acc to memref<128x128xf32, 3>
  nvgpu.warpgroup.mma.store %e, %gout : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> to memref<128x128xf32>
  return
}

// -----

// element types upstream supports, K-major (no transpose flag) where they are not 16-bit
!a32 = !nvgpu.warpgroup.descriptor<tensor = memref<64x32xtf32, 3>>
!b32 = !nvgpu.warpgroup.descriptor<tensor = memref<32x64xtf32, 3>>
!a8 = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf8E4M3FN, 3>>
!b8 = !nvgpu.warpgroup.descriptor<tensor = memref<64x256xf8E5M2, 3>>
!abf = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xbf16, 3>>
!bbf = !nvgpu.warpgroup.descriptor<tensor = memref<16x8xbf16, 3>>
!acc64 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!acc256 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>
!acc8 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf16>>
func.func @types(%a32: !a32, %b32: !b32, %a8: !a8, %b8: !b8, %abf: !abf, %bbf: !bbf) {
  %c64 = nvgpu.warpgroup.mma.init.accumulator -> !acc64
  %d64 = nvgpu.warpgroup.mma %a32, %b32, %c64 : !a32, !b32, !acc64 -> !acc64
  %c256 = nvgpu.warpgroup.mma.init.accumulator -> !acc256
  %d256 = nvgpu.warpgroup.mma %a8, %b8, %c256 : !a8, !b8, !acc256 -> !acc256
  %c8 = nvgpu.warpgroup.mma.init.accumulator -> !acc8
  %d8 = nvgpu.warpgroup.mma %abf, %bbf, %c8 {transposeB} : !abf, !bbf, !acc8 -> !acc8
  %g8 = "nvgpu.warpgroup.mma"(%abf, %bbf, %d8) <{transposeB}> : (!abf, !bbf, !acc8) -> !acc8
  return
}

// -----

// nvgpu-ls-only: the keyword syntax of the newest upstream (no released tool here parses it)
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
func.func @keyword_era(%a: !descA, %b: !descB, %c: !acc) -> !acc {
  %d = nvgpu.warpgroup.mma %a, %b, %c transposeB : !descA, !descB, !acc -> !acc
  %e = nvgpu.warpgroup.mma %a, %b, %d waitGroup = 1 transposeB : !descA, !descB, !acc -> !acc
  return %e : !acc
}
