// A warpgroup accumulates a 64x64 f32 tile of D = A * B over K = 128 in two steps of 64 with
// bf16 inputs: each step copies a 64x64 slice of A and B into shared memory, builds the
// descriptors and issues four wgmma instructions on the accumulator of the step before.
// A second kernel multiplies fp8 tiles (e4m3 x e5m2, K-major B) into an f32 accumulator.
!tm16 = !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!desc16 = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xbf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>

!tmA8 = !nvgpu.tensormap.descriptor<tensor = memref<64x128xf8E4M3FN, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmB8 = !nvgpu.tensormap.descriptor<tensor = memref<32x128xf8E5M2, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA8 = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf8E4M3FN, 3>>
!descB8 = !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf8E5M2, 3>>
!acc8 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>

gpu.module @wgmma_kloop [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  memref.global "private" @sliceA : memref<64x64xbf16, 3> {alignment = 1024 : i64}
  memref.global "private" @sliceB : memref<64x64xbf16, 3> {alignment = 1024 : i64}
  memref.global "private" @tileA8 : memref<64x128xf8E4M3FN, 3> {alignment = 1024 : i64}
  memref.global "private" @tileB8 : memref<128x32xf8E5M2, 3> {alignment = 1024 : i64}

  gpu.func @gemm_64x64_k128(%tm: !tm16, %a: memref<64x128xbf16>, %b: memref<128x64xbf16>,
                            %d: memref<64x64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %sa = memref.get_global @sliceA : memref<64x64xbf16, 3>
    %sb = memref.get_global @sliceB : memref<64x64xbf16, 3>
    %copies = arith.cmpi ult, %tid, %c64 : index
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc

    // K step 0: columns 0..63 of A, rows 0..63 of B (stored N-major: transposeB)
    scf.if %copies {
      scf.for %j = %c0 to %c64 step %c1 {
        %va = memref.load %a[%tid, %j] : memref<64x128xbf16>
        memref.store %va, %sa[%tid, %j] : memref<64x64xbf16, 3>
        %vb = memref.load %b[%j, %tid] : memref<128x64xbf16>
        memref.store %vb, %sb[%j, %tid] : memref<64x64xbf16, 3>
      }
    }
    gpu.barrier
    %dA0 = nvgpu.warpgroup.generate.descriptor %sa, %tm : memref<64x64xbf16, 3>, !tm16 -> !desc16
    %dB0 = nvgpu.warpgroup.generate.descriptor %sb, %tm : memref<64x64xbf16, 3>, !tm16 -> !desc16
    %acc0 = nvgpu.warpgroup.mma %dA0, %dB0, %zero {transposeB, waitGroup = 0} : !desc16, !desc16, !acc -> !acc
    gpu.barrier

    // K step 1: columns 64..127 of A, rows 64..127 of B
    scf.if %copies {
      scf.for %j = %c0 to %c64 step %c1 {
        %ka = arith.addi %j, %c64 : index
        %va = memref.load %a[%tid, %ka] : memref<64x128xbf16>
        memref.store %va, %sa[%tid, %j] : memref<64x64xbf16, 3>
        %vb = memref.load %b[%ka, %tid] : memref<128x64xbf16>
        memref.store %vb, %sb[%j, %tid] : memref<64x64xbf16, 3>
      }
    }
    gpu.barrier
    %dA1 = nvgpu.warpgroup.generate.descriptor %sa, %tm : memref<64x64xbf16, 3>, !tm16 -> !desc16
    %dB1 = nvgpu.warpgroup.generate.descriptor %sb, %tm : memref<64x64xbf16, 3>, !tm16 -> !desc16
    %acc1 = nvgpu.warpgroup.mma %dA1, %dB1, %acc0 {transposeB, waitGroup = 0} : !desc16, !desc16, !acc -> !acc
    nvgpu.warpgroup.mma.store %acc1, %d : !acc to memref<64x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  gpu.func @gemm_fp8_64x32x128(%tmA: !tmA8, %tmB: !tmB8, %d: memref<64x32xf32>) kernel {
    %sa = memref.get_global @tileA8 : memref<64x128xf8E4M3FN, 3>
    %sb = memref.get_global @tileB8 : memref<128x32xf8E5M2, 3>
    %dA = nvgpu.warpgroup.generate.descriptor %sa, %tmA : memref<64x128xf8E4M3FN, 3>, !tmA8 -> !descA8
    %dB = nvgpu.warpgroup.generate.descriptor %sb, %tmB : memref<128x32xf8E5M2, 3>, !tmB8 -> !descB8
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc8
    %res = nvgpu.warpgroup.mma %dA, %dB, %zero : !descA8, !descB8, !acc8 -> !acc8
    nvgpu.warpgroup.mma.store %res, %d : !acc8 to memref<64x32xf32>
    gpu.return
  }
}
