// Completion fixture: a host function launching a kernel of a gpu.module built for sm_80.
#shared = #gpu.address_space<workgroup>
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!barriers = !nvgpu.mbarrier.group<memorySpace = #shared>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    func.func @helper(%h: index) -> index {
      return %h : index
    }

    gpu.func @copy(%src: memref<128xf32>, %dst: memref<128xf32, #shared>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %src[%i] : memref<128xf32>
        // CURSOR-IN-LOOP
        memref.store %v, %dst[%i] : memref<128xf32, #shared>
      }
      // CURSOR-AFTER-LOOP
      %late = arith.addi %c0, %c1 : index
      gpu.return
    }
  }

  func.func @main(%size: index) {
    %one = arith.constant 1 : index
    %buf = memref.alloc() : memref<128xf32>
    // CURSOR-IN-MAIN
    gpu.launch_func @kernels::@copy blocks in (%one, %one, %one) threads in (%size, %one, %one) args(%buf : memref<128xf32>, %buf : memref<128xf32>, %size : index)
    return
  }
}
