// A reusable block barrier in shared memory on Ampere (sm_80, PTX 7.0), driven by hand:
// thread 0 initialises it for every thread of the block; lane 0 of each warp arrives early
// on behalf of its 31 other lanes (arrive.nocomplete, which cannot complete the phase);
// then every thread arrives, keeps its token and polls test.wait until the phase the token
// names is over. Each thread records the barrier's shared-memory address (mbarrier.get) for
// the host to check; finally thread 0 invalidates the barrier so the memory can be reused.
// nvgpu.mbarrier.inval is an nvgpu-ls extension op: only the builtin engine lowers it.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

gpu.module @mbarrier_phases [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
  gpu.func @arrive_and_poll(%addresses: memref<1024xi32>, %threads: index) kernel {
    %c0 = arith.constant 0 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %true = arith.constant true
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %bar = nvgpu.mbarrier.create -> !bar
    nvgpu.mbarrier.init %bar[%c0], %threads, predicate = %leader : !bar
    gpu.barrier
    %lane = arith.remui %tid, %c32 : index
    %first_lane = arith.cmpi eq, %lane, %c0 : index
    scf.if %first_lane {
      %early = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %c31 : !bar -> !nvgpu.mbarrier.token
    }
    %token = nvgpu.mbarrier.arrive %bar[%c0] : !bar -> !nvgpu.mbarrier.token
    scf.while : () -> () {
      %done = nvgpu.mbarrier.test.wait %bar[%c0], %token : !bar, !nvgpu.mbarrier.token
      %pending = arith.xori %done, %true : i1
      scf.condition(%pending)
    } do {
      scf.yield
    }
    %address = nvgpu.mbarrier.get %bar[%c0] : !bar -> i32
    memref.store %address, %addresses[%tid] : memref<1024xi32>
    gpu.barrier
    scf.if %leader {
      nvgpu.mbarrier.inval %bar[%c0] : !bar
    }
    gpu.return
  }
}
