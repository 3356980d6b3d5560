// mbarrier ops that upstream accepts and nvgpu-ls reports nothing about.

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
gpu.module @kernels {
  gpu.func @pipeline(%n: index, %p: i1) kernel {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c128 = arith.constant 128 : index
    %c1048575 = arith.constant 1048575 : index
    %ticks = arith.constant 10000000 : index
    %parity = arith.constant false
    %bars = nvgpu.mbarrier.create -> !bars
    nvgpu.mbarrier.init %bars[%c0], %c128 : !bars
    nvgpu.mbarrier.init %bars[%c3], %c1048575, predicate = %p : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    // ids and counts that are not constants are not judged
    nvgpu.mbarrier.init %bars[%n], %n : !bars
    %t = nvgpu.mbarrier.arrive %bars[%c3] : !bars -> !nvgpu.mbarrier.token
    %t2 = nvgpu.mbarrier.arrive.nocomplete %bars[%c0], %c128 : !bars -> !nvgpu.mbarrier.token
    nvgpu.mbarrier.arrive.expect_tx %bars[%c0], %c0 : !bars
    nvgpu.mbarrier.arrive.expect_tx %bars[%c0], %c1048575, predicate = %p : !bars
    %done = nvgpu.mbarrier.test.wait %bars[%c0], %t : !bars, !nvgpu.mbarrier.token
    nvgpu.mbarrier.try_wait.parity %bars[%c3], %parity, %ticks : !bars
    %addr = nvgpu.mbarrier.get %bars[%c3] : !bars -> i32
    %addr64 = "nvgpu.mbarrier.get"(%bars, %c0) : (!bars, index) -> i64
    gpu.return
  }
}

// -----

#smem = #gpu.address_space<workgroup>
!bar = !nvgpu.mbarrier.group<memorySpace = #smem>
func.func @aliases_and_integer_space(%bar: !bar, %shared: !nvgpu.mbarrier.group<memorySpace = 3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  nvgpu.mbarrier.init %bar[%c0], %c1 : !bar
  nvgpu.mbarrier.init %shared[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = 3>
  return
}

// -----

// nvgpu-ls-only: mbarrier.inval is an nvgpu-ls op
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @inval(%bar: !bar) {
  %c0 = arith.constant 0 : index
  nvgpu.mbarrier.inval %bar[%c0] : !bar
  return
}
