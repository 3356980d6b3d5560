// A warpgroup MMA (wgmma) needs the architecture-specific sm_90a target.
gpu.module @kernels [#nvvm.target<chip = "sm_91">] {
  func.func @mma(%a: !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>, %acc: !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>) -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>> {
    %d = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>
    return %d : !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>
  }
}
