// TMA reduce and stmatrix work on shared memory; these buffers are in global memory (1) and the default space.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  func.func @reduce(%s: memref<64x64xf16, 1>, %d: !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %i: index) {
    nvgpu.tma.async.reduce %s to %d[%i, %i] kind = add : memref<64x64xf16, 1> -> !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    return
  }
  func.func @store(%v: vector<4x2xf16>, %m: memref<128x128xf16>, %i: index) {
    nvgpu.stmatrix %v, %m[%i, %i] numTiles = 4 transpose = false : vector<4x2xf16> -> memref<128x128xf16>
    return
  }
}
