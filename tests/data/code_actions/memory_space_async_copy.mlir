// cp.async writes shared memory; the destination buffer is allocated in global memory.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  func.func @copy(%src: memref<128x128xf32>, %i: index) {
    %buf = memref.alloc() : memref<128x128xf32, #gpu.address_space<global>>
    %token = nvgpu.device_async_copy %src[%i, %i], %buf[%i, %i], 4 : memref<128x128xf32> to memref<128x128xf32, #gpu.address_space<global>>
    return
  }
}
