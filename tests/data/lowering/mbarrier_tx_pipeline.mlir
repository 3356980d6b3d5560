// A two-stage ring of transaction barriers (sm_90): thread 0 initialises both barriers and,
// each iteration, announces the bytes that the copy engine will deliver to the stage's
// barrier (an arrival of its own: 129 = 128 threads + 1); every thread arrives and then
// waits for the stage's phase by parity, flipping the parity when the ring wraps around.
!ring = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

gpu.module @mbarrier_tx_pipeline [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @ring(%out: memref<64xi32>, %steps: index, %bytes: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %arrivals = arith.constant 129 : index
    %ticks = arith.constant 1000000 : index
    %false = arith.constant false
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %ring = nvgpu.mbarrier.create -> !ring
    nvgpu.mbarrier.init %ring[%c0], %arrivals, predicate = %leader : !ring
    nvgpu.mbarrier.init %ring[%c1], %arrivals, predicate = %leader : !ring
    gpu.barrier
    %parity = scf.for %i = %c0 to %steps step %c1 iter_args(%phase = %false) -> (i1) {
      %stage = arith.remui %i, %c2 : index
      nvgpu.mbarrier.arrive.expect_tx %ring[%stage], %bytes, predicate = %leader : !ring
      %token = nvgpu.mbarrier.arrive %ring[%stage] : !ring -> !nvgpu.mbarrier.token
      nvgpu.mbarrier.try_wait.parity %ring[%stage], %phase, %ticks : !ring
      %last = arith.cmpi eq, %stage, %c1 : index
      %flipped = arith.xori %phase, %last : i1
      scf.yield %flipped : i1
    }
    %address = nvgpu.mbarrier.get %ring[%c1] : !ring -> i32
    memref.store %address, %out[%c0] : memref<64xi32>
    gpu.return
  }
}
