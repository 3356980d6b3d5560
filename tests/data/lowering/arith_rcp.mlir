// nvgpu.rcp: fast approximate reciprocal of f32 vectors (1-D and 2-D), e.g. softmax normalisation.
gpu.module @rcp_kernels [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
  gpu.func @normalise(%sums: memref<128xvector<4xf32>>, %tiles: memref<64xvector<2x4xf32>>, %i: index) kernel {
    %s = memref.load %sums[%i] : memref<128xvector<4xf32>>
    %inv = nvgpu.rcp %s {rounding = approx, ftz} : vector<4xf32>
    memref.store %inv, %sums[%i] : memref<128xvector<4xf32>>
    %t = memref.load %tiles[%i] : memref<64xvector<2x4xf32>>
    %tinv = nvgpu.rcp %t {rounding = approx, ftz} : vector<2x4xf32>
    memref.store %tinv, %tiles[%i] : memref<64xvector<2x4xf32>>
    gpu.return
  }
}
