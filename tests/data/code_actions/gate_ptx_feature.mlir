// nvgpu.tma.fence.descriptor needs PTX ISA 8.3; the target asks for 8.0.
gpu.module @tma [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  func.func @fence(%desc: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>) {
    nvgpu.tma.fence.descriptor %desc : !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    return
  }
}
