// A kernel being edited: two lines do not parse, the ops around them still hover.
gpu.module @editing [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%s: memref<64x64xf16, 3>, %g: memref<128xf32>, %t: memref<128xf32, 3>, %i: index) kernel {
    %x = arith.addi %i, : index
    %a = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
    %c = nvgpu.device_async_copy %g[%i], %t[%i], 4 {bypassL1} : memref<128xf32> to memref<128xf32, 3>
    %d = nvgpu.mma.sync(%a, %a
    %e = nvgpu.device_async_copy %g[%i], %t[%i], 1 : memref<128xf32> to memref<128xf32, 3>
    %u = nvgpu.rcp %undefined {rounding = approx, ftz} : vector<4xf32>
    gpu.return
  }
}
