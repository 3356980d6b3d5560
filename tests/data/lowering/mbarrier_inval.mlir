// Barrier lifetime (sm_90, PTX 8.0): four barriers in shared memory, one per warp, are
// initialised, used for one phase, and invalidated by their warp's lane 0 after the last
// wait so that their shared memory could be reused. nvgpu.mbarrier.inval is an nvgpu-ls
// op (upstream's nvgpu dialect has none); it lowers to nvvm.mbarrier.inval.
!warps = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>

gpu.module @mbarrier_inval [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @per_warp(%out: memref<128xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %ticks = arith.constant 10000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %lane = arith.remui %tid, %c32 : index
    %first_lane = arith.cmpi eq, %lane, %c0 : index
    %bars = nvgpu.mbarrier.create -> !warps
    nvgpu.mbarrier.init %bars[%warp], %c32, predicate = %first_lane : !warps
    gpu.barrier
    %token = nvgpu.mbarrier.arrive %bars[%warp] : !warps -> !nvgpu.mbarrier.token
    nvgpu.mbarrier.try_wait.parity %bars[%warp], %false, %ticks : !warps
    %address = nvgpu.mbarrier.get %bars[%warp] : !warps -> i64
    %low = arith.trunci %address : i64 to i32
    memref.store %low, %out[%tid] : memref<128xi32>
    gpu.barrier
    scf.if %first_lane {
      nvgpu.mbarrier.inval %bars[%warp] : !warps
    }
    gpu.return
  }
}
