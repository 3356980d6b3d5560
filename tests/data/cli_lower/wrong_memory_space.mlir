// The destination of a cp.async must be in shared memory: this file cannot be lowered.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  gpu.func @copy(%src: memref<128xf32>, %i: index) kernel {
    %dst = memref.alloc() : memref<128xf32>
    %t = nvgpu.device_async_copy %src[%i], %dst[%i], 4 : memref<128xf32> to memref<128xf32>
    gpu.return
  }
}
