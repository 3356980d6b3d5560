// mbarrier verifier cases (annotation format: see ../tma/invalid.mlir). Upstream has no mbarrier
// rule beyond the ODS types, so every case here is an nvgpu-ls warning that upstream accepts.

!global = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>
gpu.module @kernels {
  gpu.func @create_in_global() kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expect @+1 warning nvgpu.mbarrier.memory-space at {{!global}} {{the mbarrier group is in #gpu.address_space<global>, not in shared memory (#gpu.address_space<workgroup> or 3): the barriers are then allocated outside shared memory and the generic-address mbarrier instructions they lower to are undefined there}}
    %bar = nvgpu.mbarrier.create -> !global
    // reported once, at the create
    nvgpu.mbarrier.init %bar[%c0], %c1 : !global
    gpu.return
  }
}

// -----

func.func @group_argument_in_default_space(%bar: !nvgpu.mbarrier.group<memorySpace = 0>) {
  %c0 = arith.constant 0 : index
  // expect @+1 warning nvgpu.mbarrier.memory-space at {{!nvgpu.mbarrier.group<memorySpace = 0>}} {{the mbarrier group is in memory space 0, not in shared memory (#gpu.address_space<workgroup> or 3): the barriers are then allocated outside shared memory and the generic-address mbarrier instructions they lower to are undefined there}}
  %t = nvgpu.mbarrier.arrive %bar[%c0] : !nvgpu.mbarrier.group<memorySpace = 0> -> !nvgpu.mbarrier.token
  return
}

// -----

func.func @no_barriers() {
  // expect @+1 warning nvgpu.mbarrier.num-barriers at {{<memorySpace = 3, num_barriers = 0>}} {{the mbarrier group has num_barriers = 0: it allocates no barrier, so every mbarrier id used with it is out of bounds}}
  %bar = nvgpu.mbarrier.create -> <memorySpace = 3, num_barriers = 0>
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
func.func @init_index(%n: index) {
  %c4 = arith.constant 4 : index
  %bars = nvgpu.mbarrier.create -> !bars
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c4}} {{mbarrier id 4 is out of range for a group of 4 barriers (valid ids are 0 to 3); the lowering does not bounds-check it and addresses memory past the group}}
  nvgpu.mbarrier.init %bars[%c4], %n : !bars
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @arrive_negative_index(%bar: !bar) {
  %m1 = arith.constant -1 : index
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%m1}} {{mbarrier id -1 is out of range for a group of 1 barrier (valid ids are 0 to 0); the lowering does not bounds-check it and addresses memory past the group}}
  %t = nvgpu.mbarrier.arrive %bar[%m1] : !bar -> !nvgpu.mbarrier.token
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = 3, num_barriers = 2>
func.func @wait_index(%bars: !bars, %t: !nvgpu.mbarrier.token, %p: i1) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c2}} {{mbarrier id 2 is out of range for a group of 2 barriers (valid ids are 0 to 1); the lowering does not bounds-check it and addresses memory past the group}}
  %done = nvgpu.mbarrier.test.wait %bars[%c2], %t : !bars, !nvgpu.mbarrier.token
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c7}} {{mbarrier id 7 is out of range for a group of 2 barriers (valid ids are 0 to 1); the lowering does not bounds-check it and addresses memory past the group}}
  nvgpu.mbarrier.try_wait.parity %bars[%c7], %p, %c0 : !bars
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c2}} {{mbarrier id 2 is out of range for a group of 2 barriers (valid ids are 0 to 1); the lowering does not bounds-check it and addresses memory past the group}}
  %addr = nvgpu.mbarrier.get %bars[%c2] : !bars -> i32
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @init_count(%bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 warning nvgpu.mbarrier.count-range at {{%c0}} {{the arrival count 0 is outside the range 1 to 1048575 (2^20 - 1) that PTX allows for an mbarrier; the behaviour is undefined}}
  nvgpu.mbarrier.init %bar[%c0], %c0 : !bar
  return
}

// -----

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @counts(%bar: !bar, %p: i1) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 1048576 : index
  // expect @+1 warning nvgpu.mbarrier.count-range at {{%big}} {{the arrival count 1048576 is outside the range 1 to 1048575 (2^20 - 1) that PTX allows for an mbarrier; the behaviour is undefined}}
  nvgpu.mbarrier.init %bar[%c0], %big, predicate = %p : !bar
  // expect @+1 warning nvgpu.mbarrier.count-range at {{%c0}} {{the arrival count 0 is outside the range 1 to 1048575 (2^20 - 1) that PTX allows for an mbarrier; the behaviour is undefined}}
  %t = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %c0 : !bar -> !nvgpu.mbarrier.token
  // expect @+1 warning nvgpu.mbarrier.count-range at {{%big}} {{the transaction count 1048576 is outside the range 0 to 1048575 (2^20 - 1) that PTX allows for an mbarrier; the behaviour is undefined}}
  nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %big : !bar
  return
}

// -----

// generic form
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
func.func @generic(%bars: !bars) {
  %c5 = arith.constant 5 : index
  %c128 = arith.constant 128 : index
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c5}} {{mbarrier id 5 is out of range for a group of 2 barriers (valid ids are 0 to 1); the lowering does not bounds-check it and addresses memory past the group}}
  "nvgpu.mbarrier.init"(%bars, %c128, %c5) : (!bars, index, index) -> ()
  return
}

// -----

// nvgpu-ls-only: mbarrier.inval is an nvgpu-ls op
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @inval(%bar: !bar) {
  %c1 = arith.constant 1 : index
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c1}} {{mbarrier id 1 is out of range for a group of 1 barrier (valid ids are 0 to 0); the lowering does not bounds-check it and addresses memory past the group}}
  nvgpu.mbarrier.inval %bar[%c1] : !bar
  return
}
