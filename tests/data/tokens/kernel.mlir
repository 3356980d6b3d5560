// Semantic tokens and inlay hints: one file with a bit of everything.
!desc = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!group = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
#map = affine_map<(d0, d1) -> (d0 floordiv 4, d1)>
module attributes {gpu.container_module} {
  func.func @host(%g: memref<*xf16>) -> !desc {
    %c64 = arith.constant 64 : index
    %d = nvgpu.tma.create.descriptor %g box[%c64, %c64] : memref<*xf16> -> !desc
    return %d : !desc
  }
  gpu.module @kernels {
    gpu.func @tma(%d: !desc, %gmem: memref<128x128xf16>) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %s = memref.alloc() : memref<128x64xf16, 3>
      %bars = nvgpu.mbarrier.create -> !group
      nvgpu.tma.async.load %d[%c0, %c0], %bars[%c0] to %s : !desc, !group -> memref<128x64xf16, 3>
      %t = nvgpu.device_async_copy %gmem[%tid, %c0], %s[%tid, %c0], 8 : memref<128x128xf16> to memref<128x64xf16, 3>
      %g = nvgpu.device_async_create_group %t
      %p = arith.cmpi ult, %tid, %c0 : index
      %v = memref.load %gmem[%c0, %c0] : memref<128x128xf16>
      cf.br ^bb1(%c0 : index)
    ^bb1(%i: index):
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@tma blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    %r = "test.generic"(%c1) {note = "x"} : (index) -> i32
    return
  }
}
