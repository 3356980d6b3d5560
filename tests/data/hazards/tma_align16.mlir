// Hazard: A's tile, a TMA load's destination, is declared aligned to 16 bytes only, after 16
// bytes of padding; TMA needs its shared-memory destination aligned to 128 bytes. On an H200 the
// kernel stopped with CUDA_ERROR_MISALIGNED_ADDRESS, from its cubin and from its PTX. (Aligned to
// 128 but not to the 1024 bytes of a 128-byte swizzle's pattern, it ran exact:
// tests/data/hazards/tma_misaligned.mlir.) The fixed kernel is tests/data/ptx/hopper_gemm_sm90a.mlir.
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_128b, oob = zero, interleave = none>
!tmB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_128b, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

gpu.module @hopper_gemm [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  memref.global "private" @pad : memref<4xf32, 3> {alignment = 1024 : i64}
  memref.global "private" @tileA : memref<128x64xf16, 3> {alignment = 16 : i64}
  memref.global "private" @tileB : memref<64x64xf16, 3> {alignment = 1024 : i64}

  gpu.func @gemm_128x64_f16_f32(%mapA: !tmA, %mapB: !tmB, %c: memref<1024x1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    %step_bytes = arith.constant 24576 : index
    %ticks = arith.constant 10000000 : index
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %row0 = arith.muli %bm, %c128 : index
    %col0 = arith.muli %bn, %c64 : index
    %leader = arith.cmpi eq, %tid, %c0 : index
    %sa = memref.get_global @tileA : memref<128x64xf16, 3>
    %pad = memref.get_global @pad : memref<4xf32, 3>
    %padded = nvgpu.device_async_copy %c[%c0, %c0], %pad[%c0], 4 : memref<1024x1024xf32> to memref<4xf32, 3>
    %pad_group = nvgpu.device_async_create_group %padded
    nvgpu.device_async_wait %pad_group
    %sb = memref.get_global @tileB : memref<64x64xf16, 3>

    // One barrier, armed by the leader alone.
    %bar = nvgpu.mbarrier.create -> !barriers
    nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
    nvgpu.tma.prefetch.descriptor %mapA, predicate = %leader : !tmA
    nvgpu.tma.prefetch.descriptor %mapB, predicate = %leader : !tmB
    gpu.barrier

    // The shared tiles do not move: their wgmma descriptors are built once.
    %dA = nvgpu.warpgroup.generate.descriptor %sa, %mapA : memref<128x64xf16, 3>, !tmA -> !descA
    %dB = nvgpu.warpgroup.generate.descriptor %sb, %mapB : memref<64x64xf16, 3>, !tmB -> !descB
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc

    %sum = scf.for %k = %c0 to %c1024 step %c64 iter_args(%acc = %zero) -> (!acc) {
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %step_bytes, predicate = %leader : !barriers
      nvgpu.tma.async.load %mapA[%k, %row0], %bar[%c0] to %sa, predicate = %leader
          : !tmA, !barriers -> memref<128x64xf16, 3>
      nvgpu.tma.async.load %mapB[%col0, %k], %bar[%c0] to %sb, predicate = %leader
          : !tmB, !barriers -> memref<64x64xf16, 3>
      %step = arith.divui %k, %c64 : index
      %parity = arith.remui %step, %c2 : index
      %phase = arith.index_cast %parity : index to i1
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !barriers
      %next = nvgpu.warpgroup.mma %dA, %dB, %acc {transposeB, waitGroup = 0} : !descA, !descB, !acc -> !acc
      // Every thread is past its wgmma before the next loads overwrite the tiles.
      gpu.barrier
      scf.yield %next : !acc
    }

    %tile = memref.subview %c[%row0, %col0] [128, 64] [1, 1]
        : memref<1024x1024xf32> to memref<128x64xf32, strided<[1024, 1], offset: ?>>
    nvgpu.warpgroup.mma.store %sum, %tile : !acc to memref<128x64xf32, strided<[1024, 1], offset: ?>>
    gpu.return
  }
}
