// @load's caller passes a global-memory tile: retyping the argument alone would break the call.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  func.func @load(%tile: memref<64x64xf16>, %i: index) -> vector<4x2xf16> {
    %frag = nvgpu.ldmatrix %tile[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16> -> vector<4x2xf16>
    return %frag : vector<4x2xf16>
  }
  func.func @caller(%tile: memref<64x64xf16>, %i: index) -> vector<4x2xf16> {
    %frag = func.call @load(%tile, %i) : (memref<64x64xf16>, index) -> vector<4x2xf16>
    return %frag : vector<4x2xf16>
  }
}
