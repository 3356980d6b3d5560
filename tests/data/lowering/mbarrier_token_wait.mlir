// Token-based waiting (sm_90, PTX 8.0): a block-wide barrier in shared memory (integer
// address space 3), expecting %count arrivals. Lane 0 of each warp first arrives for 31
// lanes with arrive.nocomplete, every thread arrives once more and keeps its token, then
// spins on test.wait until the phase the token names has completed.
!bar = !nvgpu.mbarrier.group<memorySpace = 3>

gpu.module @mbarrier_token_wait [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @spin(%flags: memref<128xi32>, %count: index) kernel {
    %c0 = arith.constant 0 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %true = arith.constant true
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %bar = nvgpu.mbarrier.create -> !bar
    nvgpu.mbarrier.init %bar[%c0], %count, predicate = %leader : !bar
    gpu.barrier
    %lane = arith.remui %tid, %c32 : index
    %first_lane = arith.cmpi eq, %lane, %c0 : index
    scf.if %first_lane {
      %early = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %c31 : !bar -> !nvgpu.mbarrier.token
    }
    %token = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !nvgpu.mbarrier.token
    scf.while : () -> () {
      %done = nvgpu.mbarrier.test.wait %bar[%c0], %token : !bar, !nvgpu.mbarrier.token
      %again = arith.xori %done, %true : i1
      scf.condition(%again)
    } do {
      scf.yield
    }
    %address = nvgpu.mbarrier.get %bar[%c0] : !bar -> i32
    memref.store %address, %flags[%tid] : memref<128xi32>
    gpu.return
  }
}
