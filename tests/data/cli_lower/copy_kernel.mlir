// A cp.async copy into shared memory; the file names no target (--target or a configuration gives it).
gpu.module @kernels {
  gpu.func @copy(%src: memref<128xf32>, %i: index) kernel {
    %dst = memref.alloc() : memref<128xf32, 3>
    %t = nvgpu.device_async_copy %src[%i], %dst[%i], 4 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
    %g = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %g {numGroups = 1 : i32}
    gpu.return
  }
}
