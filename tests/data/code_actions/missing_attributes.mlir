// Required attributes left out, in every place an attribute can be written.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  func.func @ops(%m: memref<16x16xf16, 3>, %i: index, %a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
    %in_dict = "nvgpu.ldmatrix"(%m, %i, %i) {transpose = false} : (memref<16x16xf16, 3>, index, index) -> vector<4x2xf16>
    %in_props = "nvgpu.ldmatrix"(%m, %i, %i) <{transpose = false}> : (memref<16x16xf16, 3>, index, index) -> vector<2x2xf16>
    %no_dict = "nvgpu.mma.sync"(%a, %b, %c) : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    return
  }
}
