// Float conversions: f32 -> f16/bf16 packs, fp8/fp6/fp4/e8m0 round trips, unaligned and 2-D shapes.
gpu.module @convert_kernels [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @quantise(%in: memref<64xvector<8xf32>>, %half: memref<64xvector<8xf16>>, %out: memref<64xvector<8xf32>>, %i: index) kernel {
    %v = memref.load %in[%i] : memref<64xvector<8xf32>>
    %h = nvgpu.truncf %v : vector<8xf32> to vector<8xf16>
    memref.store %h, %half[%i] : memref<64xvector<8xf16>>
    %b = nvgpu.truncf %v {rnd = #nvvm.fp_rnd_mode<rz>, sat = #nvvm.sat_mode<none>, relu = true} : vector<8xf32> to vector<8xbf16>
    %bw = nvgpu.extf %b : vector<8xbf16> to vector<8xf32>
    %q8 = nvgpu.truncf %v : vector<8xf32> to vector<8xf8E4M3FN>
    %w8 = nvgpu.extf %q8 : vector<8xf8E4M3FN> to vector<8xf32>
    %q6 = nvgpu.truncf %v : vector<8xf32> to vector<8xf6E2M3FN>
    %w6 = nvgpu.extf %q6 : vector<8xf6E2M3FN> to vector<8xf16>
    %q4 = nvgpu.truncf %v {relu = true} : vector<8xf32> to vector<8xf4E2M1FN>
    %w4 = nvgpu.extf %q4 : vector<8xf4E2M1FN> to vector<8xf32>
    %e8 = nvgpu.truncf %v {rnd = #nvvm.fp_rnd_mode<rp>} : vector<8xf32> to vector<8xf8E8M0FNU>
    %we = nvgpu.extf %e8 : vector<8xf8E8M0FNU> to vector<8xf32>
    %s0 = arith.addf %bw, %w8 : vector<8xf32>
    %s1 = arith.addf %s0, %w4 : vector<8xf32>
    %s2 = arith.mulf %s1, %we : vector<8xf32>
    memref.store %s2, %out[%i] : memref<64xvector<8xf32>>
    memref.store %w6, %half[%i] : memref<64xvector<8xf16>>
    gpu.return
  }
  gpu.func @odd_shapes(%in: memref<16xvector<2x3xf32>>, %out: memref<16xvector<2x3xf32>>, %i: index) kernel {
    %v = memref.load %in[%i] : memref<16xvector<2x3xf32>>
    %q = nvgpu.truncf %v : vector<2x3xf32> to vector<2x3xf8E5M2>
    %w = nvgpu.extf %q {relu = true} : vector<2x3xf8E5M2> to vector<2x3xf32>
    memref.store %w, %out[%i] : memref<16xvector<2x3xf32>>
    gpu.return
  }
}
