// sm_90 alone compiles with PTX ISA 7.8; TMA prefetch needs 8.0.
gpu.module @tma [#nvvm.target<O = 3, chip = "sm_90">] {
  func.func @prefetch(%desc: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>) {
    nvgpu.tma.prefetch.descriptor %desc : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    return
  }
}
