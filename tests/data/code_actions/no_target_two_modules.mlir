// Neither module names a target, so the gate was skipped.
gpu.module @hopper {
  func.func @mma(%a: !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>, %acc: !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>) -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>> {
    %d = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>> -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>
    return %d : !nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>
  }
}

gpu.module @ampere {
  func.func @mma(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    return %d : vector<2x2xf32>
  }
}
