// Generic and custom forms together, aliases, blocks, successors, locations.
#smem = #gpu.address_space<workgroup>
!barrierType = !nvgpu.mbarrier.group<memorySpace = #smem, num_barriers = 2>
#loc1 = loc("kernel.py":12:4)

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%a: memref<64xf32, 1>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %pair:2 = "test.two"(%c0) : (index) -> (i32, f32)
      %s = "arith.addi"(%pair#0, %pair#0) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32 loc(#loc1)
      "cf.br"(%s)[^bb1] : (i32) -> ()
    ^bb1(%x: i32):
      %barrier = nvgpu.mbarrier.create -> !barrierType
      gpu.return
    }
  }
  func.func @host(%arg0: index) -> index {
    %r = scf.for %i = %arg0 to %arg0 step %arg0 iter_args(%acc = %arg0) -> (index) {
      %next = arith.addi %acc, %i : index
      scf.yield %next : index
    }
    return %r : index
  }
}

// -----

func.func @second_chunk(%v: vector<4xf32>) -> vector<4xf32> {
  return %v : vector<4xf32>
}
