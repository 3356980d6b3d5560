// Retargeting a TMA descriptor on the device, then a split-K style reduction through it:
// the first warp copies the 128-byte tensor map into shared memory, rewrites its base
// address, one box dimension, the swizzle mode and the fill mode, and publishes it back
// to global memory with a release fence; the consumer acquires it (tma.fence.descriptor)
// before adding its tile into the global tensor with TMA reduces.
// Everything here except nvgpu.tma.fence.descriptor is an nvgpu-ls extension op.
// tensormap.replace is arch-specific (sm_90a) and needs PTX 8.3, like the acquire fence.
!tm = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmi = !nvgpu.tensormap.descriptor<tensor = memref<4x8x32xi32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>

gpu.module @tma_update [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
  gpu.func @retarget_and_reduce(%map_ptr: !llvm.ptr, %imap_ptr: !llvm.ptr, %new_base: i64, %rows: i32,
                                %global_copy: memref<128xi8, #gpu.address_space<global>>,
                                %x: index, %y: index, %z: index)
      workgroup(%copy: memref<128xi8, #gpu.address_space<workgroup>>,
                %tile: memref<64x32xf32, #gpu.address_space<workgroup>>,
                %itile: memref<4x8x32xi32, #gpu.address_space<workgroup>>) kernel {
    %map = builtin.unrealized_conversion_cast %map_ptr : !llvm.ptr to !tm
    %imap = builtin.unrealized_conversion_cast %imap_ptr : !llvm.ptr to !tmi
    %c0 = arith.constant 0 : index
    %swizzle_64b = arith.constant 2 : i32
    %fill_nan = arith.constant 1 : i32
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    nvgpu.tensormap.replace %copy, global_address = %new_base : memref<128xi8, #gpu.address_space<workgroup>>, i64
    nvgpu.tensormap.replace %copy, box_dim[1] = %rows : memref<128xi8, #gpu.address_space<workgroup>>, i32
    nvgpu.tensormap.replace %copy, swizzle_mode = %swizzle_64b : memref<128xi8, #gpu.address_space<workgroup>>, i32
    nvgpu.tensormap.replace %global_copy, fill_mode = %fill_nan : memref<128xi8, #gpu.address_space<global>>, i32
    nvgpu.tensormap.replace %global_copy, global_dim[0] = %rows : memref<128xi8, #gpu.address_space<global>>, i32
    nvgpu.tensormap.cp_fenceproxy %copy to %map scope = gpu : memref<128xi8, #gpu.address_space<workgroup>> -> !tm
    nvgpu.tma.fence.descriptor %map : !tm
    nvgpu.tma.async.reduce %tile to %map[%x, %y] kind = add, predicate = %leader
        : memref<64x32xf32, #gpu.address_space<workgroup>> -> !tm
    nvgpu.tma.async.reduce %itile to %imap[%x, %y, %z] kind = max
        : memref<4x8x32xi32, #gpu.address_space<workgroup>> -> !tmi
    nvgpu.tma.async.reduce %itile to %imap[%x, %y, %z] kind = xor, predicate = %leader
        : memref<4x8x32xi32, #gpu.address_space<workgroup>> -> !tmi
    gpu.return
  }
}
