// ldmatrix reads shared memory, but %tile is declared in the default (global) space.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  func.func @load(%tile: memref<64x64xf16>, %i: index) -> vector<4x2xf16> {
    %frag = nvgpu.ldmatrix %tile[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16> -> vector<4x2xf16>
    %first = memref.load %tile[%i, %i] : memref<64x64xf16>
    return %frag : vector<4x2xf16>
  }
}
