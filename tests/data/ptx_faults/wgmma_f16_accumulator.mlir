// A wgmma with an f16 accumulator: valid for the checker and for upstream's verifiers, but
// translating the lowered nvvm.wgmma.mma_async (a struct of f16 members, as upstream's
// conversion builds it) to LLVM IR crashes the native code (SIGSEGV) — with either engine.
!tmA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf16>>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  memref.global "private" @smemA : memref<64x64xf16, 3> {alignment = 1024 : i64}
  gpu.func @k(%tmA: !tmA) kernel {
    %sa = memref.get_global @smemA : memref<64x64xf16, 3>
    %dA = nvgpu.warpgroup.generate.descriptor %sa, %tmA : memref<64x64xf16, 3>, !tmA -> !descA
    %dB = nvgpu.warpgroup.generate.descriptor %sa, %tmA : memref<64x64xf16, 3>, !tmA -> !descB
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %res = nvgpu.warpgroup.mma %dA, %dB, %zero {transposeB} : !descA, !descB, !acc -> !acc
    gpu.return
  }
}
