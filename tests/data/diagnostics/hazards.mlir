// diagnostic: nvgpu.hazard.arrival-count
// Only thread 0 arrives, but mbarrier.init asks for a block's worth of arrivals: the wait hangs.
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %tid = gpu.thread_id x
      %ntid = gpu.block_dim x
      %leader = arith.cmpi eq, %tid, %c0 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.init %bar[%c0], %ntid, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barriers

      gpu.terminator
    }
    return
  }
}
