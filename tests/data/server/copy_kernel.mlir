gpu.module @kernels {
  gpu.func @copy(%src: memref<128xf32>, %i: index) kernel {
    %dst = memref.alloc() : memref<128xf32, 3>
    %t = nvgpu.device_async_copy %src[%i], %dst[%i], 4 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
    gpu.return
  }
}
