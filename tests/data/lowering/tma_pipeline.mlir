// A TMA-fed tile copy: one thread prefetches the descriptor, arms the barrier with the
// byte count and issues the TMA loads (plain, multicast, predicated); every thread waits
// on the barrier phase; then the tile goes back out with TMA stores.
// The tensor maps reach the kernel as !llvm.ptr (the device address that
// nvgpu.tma.create.descriptor returns): upstream's convert-gpu-to-nvvm has no conversion
// for a !nvgpu.tensormap.descriptor kernel argument.
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmB = !nvgpu.tensormap.descriptor<tensor = memref<8x32xf32, 3>, swizzle = none, l2promo = l2promo_64b, oob = nan, interleave = none>
!tm1 = !nvgpu.tensormap.descriptor<tensor = memref<256xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!tm3 = !nvgpu.tensormap.descriptor<tensor = memref<2x8x16xbf16, 3>, swizzle = swizzle_32b, l2promo = l2promo_128b, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

gpu.module @tma_kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @load_store_tiles(%mapA_ptr: !llvm.ptr, %mapB_ptr: !llvm.ptr, %map1_ptr: !llvm.ptr, %map3_ptr: !llvm.ptr,
                             %row: index, %col: index, %mask: i16)
      workgroup(%tileA: memref<64x64xf16, #gpu.address_space<workgroup>>,
                %tileB: memref<8x32xf32, #gpu.address_space<workgroup>>,
                %tile1: memref<256xf32, #gpu.address_space<workgroup>>,
                %tile3: memref<2x8x16xbf16, #gpu.address_space<workgroup>>) kernel {
    %mapA = builtin.unrealized_conversion_cast %mapA_ptr : !llvm.ptr to !tmA
    %mapB = builtin.unrealized_conversion_cast %mapB_ptr : !llvm.ptr to !tmB
    %map1 = builtin.unrealized_conversion_cast %map1_ptr : !llvm.ptr to !tm1
    %map3 = builtin.unrealized_conversion_cast %map3_ptr : !llvm.ptr to !tm3
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 10240 : index
    %threads = arith.constant 128 : index
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %barriers = nvgpu.mbarrier.create -> !barriers
    nvgpu.mbarrier.init %barriers[%c0], %threads, predicate = %leader : !barriers
    nvgpu.mbarrier.init %barriers[%c1], %threads, predicate = %leader : !barriers
    gpu.barrier
    nvgpu.tma.prefetch.descriptor %mapA, predicate = %leader : !tmA
    nvgpu.tma.prefetch.descriptor %mapB : !tmB
    nvgpu.mbarrier.arrive.expect_tx %barriers[%c0], %bytes, predicate = %leader : !barriers
    nvgpu.tma.async.load %mapA[%col, %row], %barriers[%c0] to %tileA, predicate = %leader
        : !tmA, !barriers -> memref<64x64xf16, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %mapB[%col, %row], %barriers[%c0] to %tileB multicast_mask = %mask, predicate = %leader
        : !tmB, !barriers -> memref<8x32xf32, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %map1[%col], %barriers[%c1] to %tile1 multicast_mask = %mask
        : !tm1, !barriers -> memref<256xf32, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %map3[%col, %row, %c0], %barriers[%c1] to %tile3
        : !tm3, !barriers -> memref<2x8x16xbf16, #gpu.address_space<workgroup>>
    %phase = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %barriers[%c0], %phase, %ticks : !barriers
    nvgpu.tma.async.store %tileA to %mapA[%col, %row], predicate = %leader
        : memref<64x64xf16, #gpu.address_space<workgroup>> -> !tmA
    nvgpu.tma.async.store %tileB to %mapB[%col, %row]
        : memref<8x32xf32, #gpu.address_space<workgroup>> -> !tmB
    nvgpu.tma.async.store %tile1 to %map1[%col]
        : memref<256xf32, #gpu.address_space<workgroup>> -> !tm1
    gpu.return
  }

  // A subview of a larger shared buffer as the TMA destination: the address carries the offset.
  gpu.func @load_into_subview(%map_ptr: !llvm.ptr, %x: index, %y: index)
      workgroup(%stage: memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %map = builtin.unrealized_conversion_cast %map_ptr : !llvm.ptr to !tmA
    %c0 = arith.constant 0 : index
    %barriers = nvgpu.mbarrier.create -> !barriers
    %second = memref.subview %stage[1, 0, 0] [1, 64, 64] [1, 1, 1]
        : memref<2x64x64xf16, #gpu.address_space<workgroup>>
          to memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %map[%x, %y], %barriers[%c0] to %second
        : !tmA, !barriers -> memref<64x64xf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    gpu.return
  }
}
