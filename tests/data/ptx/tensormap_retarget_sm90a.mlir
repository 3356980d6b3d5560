// Retargeting a TMA tensor map on the device and loading through it (sm_90a, PTX 8.3): thread 0
// copies the template map (which describes one 64x64 f16 tensor) into shared memory with
// nvgpu.tensormap.create.descriptor, points its base address at another tensor %b, and the first
// warp publishes it over a second global map with cp_fenceproxy. After the matching acquire
// (tma.fence.descriptor), a TMA load through the published map brings %b's tile into shared
// memory, and the block copies it out: %out equals %b, not the template's tensor. All three
// tensor-map ops are nvgpu-ls extension ops: only the builtin engine lowers them.
!tm = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

gpu.module @tensormap_retarget [#nvvm.target<chip = "sm_90a", features = "+ptx83">] {
  memref.global "private" @copy : memref<128xi8, 3> {alignment = 128 : i64}
  memref.global "private" @tile : memref<64x64xf16, 3> {alignment = 128 : i64}

  gpu.func @retarget_and_load(%template: !tm, %published: !tm, %b: memref<64x64xf16>, %out: memref<64x64xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %tile_bytes = arith.constant 8192 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %first_warp = arith.cmpi ult, %tid, %c32 : index
    %copy = memref.get_global @copy : memref<128xi8, 3>
    %tile = memref.get_global @tile : memref<64x64xf16, 3>
    %bar = nvgpu.mbarrier.create -> !barriers
    scf.if %leader {
      nvgpu.tensormap.create.descriptor %template to %copy : !tm -> memref<128xi8, 3>
      %address = memref.extract_aligned_pointer_as_index %b : memref<64x64xf16> -> index
      %base = arith.index_cast %address : index to i64
      nvgpu.tensormap.replace %copy, global_address = %base : memref<128xi8, 3>, i64
      nvgpu.mbarrier.init %bar[%c0], %c1 : !barriers
    }
    gpu.barrier
    scf.if %first_warp {
      nvgpu.tensormap.cp_fenceproxy %copy to %published scope = gpu : memref<128xi8, 3> -> !tm
    }
    gpu.barrier
    scf.if %leader {
      nvgpu.tma.fence.descriptor %published : !tm
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %tile_bytes : !barriers
      nvgpu.tma.async.load %published[%c0, %c0], %bar[%c0] to %tile : !tm, !barriers -> memref<64x64xf16, 3>
    }
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barriers
    scf.for %i = %tid to %c4096 step %c128 {
      %row = arith.divui %i, %c64 : index
      %col = arith.remui %i, %c64 : index
      %v = memref.load %tile[%row, %col] : memref<64x64xf16, 3>
      memref.store %v, %out[%row, %col] : memref<64x64xf16>
    }
    gpu.return
  }
}
