// Split-K epilogue on Hopper (sm_90, PTX 8.3): each block holds a 64x32 f32 partial tile of C
// in shared memory. The first K split writes its tile out with a TMA store; the others add
// theirs into C with a TMA reduce. The tensor map was updated by another kernel just
// before (a new base address), so every block first acquires it with
// nvgpu.tma.fence.descriptor (fence.proxy.tensormap, PTX 8.3) and prefetches it.
// nvgpu.tma.async.reduce is an nvgpu-ls extension op: only the builtin engine lowers it.
!tm = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

gpu.module @tma_epilogue [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
  gpu.func @split_k_epilogue(%map: !tm, %partials: memref<8x64x32xf32>)
      workgroup(%tile: memref<64x32xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %split = gpu.block_id z
    %leader = arith.cmpi eq, %tid, %c0 : index
    nvgpu.tma.fence.descriptor %map : !tm
    nvgpu.tma.prefetch.descriptor %map, predicate = %leader : !tm
    // Stage the partial tile (thread t moves row t) into shared memory.
    %in_tile = arith.cmpi ult, %tid, %c64 : index
    scf.if %in_tile {
      %row = vector.load %partials[%split, %tid, %c0] : memref<8x64x32xf32>, vector<32xf32>
      vector.store %row, %tile[%tid, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>, vector<32xf32>
    }
    gpu.barrier
    %x = arith.muli %bn, %c32 : index
    %y = arith.muli %bm, %c64 : index
    %first = arith.cmpi eq, %split, %c0 : index
    scf.if %first {
      nvgpu.tma.async.store %tile to %map[%x, %y], predicate = %leader
          : memref<64x32xf32, #gpu.address_space<workgroup>> -> !tm
    } else {
      nvgpu.tma.async.reduce %tile to %map[%x, %y] kind = add, predicate = %leader
          : memref<64x32xf32, #gpu.address_space<workgroup>> -> !tm
    }
    gpu.return
  }
}
