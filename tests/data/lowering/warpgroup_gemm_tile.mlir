// One warpgroup computes a 128x128 f32 tile of D = A * B with f16 inputs (K = 64): the 128
// threads copy A and B into shared memory, build the wgmma descriptors of the two tiles,
// issue the 2 x 4 wgmma instructions of the tile and store each thread's fragment.
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>

gpu.module @wgmma_tile [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  memref.global "private" @smemA : memref<128x64xf16, 3> {alignment = 1024 : i64}
  memref.global "private" @smemB : memref<64x128xf16, 3> {alignment = 1024 : i64}

  gpu.func @gemm_128x128x64(%tmA: !tmA, %tmB: !tmB, %a: memref<128x64xf16>, %b: memref<64x128xf16>,
                            %d: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %sa = memref.get_global @smemA : memref<128x64xf16, 3>
    %sb = memref.get_global @smemB : memref<64x128xf16, 3>
    // thread t copies row t of A and, for t < 64, row t of B
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %a[%tid, %k] : memref<128x64xf16>
      memref.store %v, %sa[%tid, %k] : memref<128x64xf16, 3>
    }
    %copiesB = arith.cmpi ult, %tid, %c64 : index
    scf.if %copiesB {
      scf.for %n = %c0 to %c128 step %c1 {
        %v = memref.load %b[%tid, %n] : memref<64x128xf16>
        memref.store %v, %sb[%tid, %n] : memref<64x128xf16, 3>
      }
    }
    gpu.barrier
    %dA = nvgpu.warpgroup.generate.descriptor %sa, %tmA : memref<128x64xf16, 3>, !tmA -> !descA
    %dB = nvgpu.warpgroup.generate.descriptor %sb, %tmB : memref<64x128xf16, 3>, !tmB -> !descB
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %res = nvgpu.warpgroup.mma %dA, %dB, %zero {transposeB} : !descA, !descB, !acc -> !acc
    nvgpu.warpgroup.mma.store %res, %d : !acc to memref<128x128xf32>
    gpu.return
  }
}
