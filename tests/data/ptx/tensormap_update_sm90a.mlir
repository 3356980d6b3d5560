// Retargeting a TMA tensor map on the device (sm_90a, PTX 8.3), as a grouped GEMM does
// between groups: eight lanes copy the group's 128-byte template map into shared memory,
// thread 0 rewrites its base address, outer dimension and row stride, and the first warp
// publishes it to the global copy the next kernel uses with cp_fenceproxy (a release fence
// from the generic proxy to the tensor-map proxy; warp-collective).
// tensormap.replace is arch-specific (sm_90a). Both ops are nvgpu-ls extension ops: only the
// builtin engine lowers them.
!tm = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

gpu.module @tensormap_update [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
  gpu.func @retarget(%maps: memref<16x128xi8>, %published: !tm, %bases: memref<16xi64>,
                     %rows: memref<16xi32>, %strides: memref<16xi64>, %group: index)
      workgroup(%copy: memref<128xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %first_warp = arith.cmpi ult, %tid, %c32 : index
    // Lanes 0..7 copy 16 bytes each of the group's template map.
    %c8 = arith.constant 8 : index
    %copier = arith.cmpi ult, %tid, %c8 : index
    scf.if %copier {
      %offset = arith.muli %tid, %c16 : index
      %bytes = vector.load %maps[%group, %offset] : memref<16x128xi8>, vector<16xi8>
      vector.store %bytes, %copy[%offset] : memref<128xi8, #gpu.address_space<workgroup>>, vector<16xi8>
    }
    gpu.barrier
    scf.if %leader {
      %base = memref.load %bases[%group] : memref<16xi64>
      %outer = memref.load %rows[%group] : memref<16xi32>
      %stride = memref.load %strides[%group] : memref<16xi64>
      nvgpu.tensormap.replace %copy, global_address = %base : memref<128xi8, #gpu.address_space<workgroup>>, i64
      nvgpu.tensormap.replace %copy, global_dim[1] = %outer : memref<128xi8, #gpu.address_space<workgroup>>, i32
      nvgpu.tensormap.replace %copy, global_stride[0] = %stride : memref<128xi8, #gpu.address_space<workgroup>>, i64
    }
    gpu.barrier
    // The fence is warp-collective (.sync.aligned): the whole first warp publishes.
    scf.if %first_warp {
      nvgpu.tensormap.cp_fenceproxy %copy to %published scope = gpu : memref<128xi8, #gpu.address_space<workgroup>> -> !tm
    }
    gpu.return
  }
}
