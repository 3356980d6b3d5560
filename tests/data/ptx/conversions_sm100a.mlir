// Quantising an activation tile for block-scaled low-precision GEMMs on Blackwell
// (sm_100a, PTX 8.6): each thread takes 8 f32 values, and
// - writes them as f16 (cvt.rn.satfinite.f16x2.f32) and as bf16 with relu
//   (cvt.rz.relu.satfinite.bf16x2.f32),
// - as fp8 e4m3 (cvt.rn.satfinite.e4m3x2.f32), fp6 e2m3 and fp4 e2m1 codes,
// - computes the e8m0 block scale of the pair maxima (cvt.rp.satfinite.ue8m0x2.f32) and
//   widens the fp8/fp6 codes back (cvt.rn.f16x2.e4m3x2, cvt.rn.f16x2.e2m3x2) to measure
//   the quantisation error, in f32.
// nvgpu.extf / nvgpu.truncf are upstream's spellings; nvgpu.convert.fpext /
// nvgpu.convert.fptrunc / nvgpu.convert.float are the pre-merge ones (nvgpu-ls extension
// ops). The f6/f4/e8m0 forms need sm_100a; only the builtin engine lowers this file.
gpu.module @quantise [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @quantise_tile(%in: memref<1024xvector<8xf32>>, %half: memref<1024xvector<8xf16>>,
                          %brain: memref<1024xvector<8xbf16>>, %fp8: memref<1024xvector<8xf8E4M3FN>>,
                          %fp6: memref<1024xvector<8xf6E2M3FN>>, %fp4: memref<1024xvector<8xf4E2M1FN>>,
                          %scales: memref<1024xvector<2xf8E8M0FNU>>, %error: memref<1024xvector<8xf32>>) kernel {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %v = memref.load %in[%i] : memref<1024xvector<8xf32>>
    %h = nvgpu.truncf %v : vector<8xf32> to vector<8xf16>
    memref.store %h, %half[%i] : memref<1024xvector<8xf16>>
    %b = nvgpu.convert.float %v {rnd = #nvvm.fp_rnd_mode<rz>, relu = true} : vector<8xf32> to vector<8xbf16>
    memref.store %b, %brain[%i] : memref<1024xvector<8xbf16>>
    %q8 = nvgpu.truncf %v : vector<8xf32> to vector<8xf8E4M3FN>
    memref.store %q8, %fp8[%i] : memref<1024xvector<8xf8E4M3FN>>
    %q6 = nvgpu.convert.fptrunc %v : vector<8xf32> to vector<8xf6E2M3FN>
    memref.store %q6, %fp6[%i] : memref<1024xvector<8xf6E2M3FN>>
    %q4 = nvgpu.truncf %v : vector<8xf32> to vector<8xf4E2M1FN>
    memref.store %q4, %fp4[%i] : memref<1024xvector<8xf4E2M1FN>>
    %lo = vector.extract_strided_slice %v {offsets = [0], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
    %hi = vector.extract_strided_slice %v {offsets = [2], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
    %peak = arith.maximumf %lo, %hi : vector<2xf32>
    %scale = nvgpu.truncf %peak {rnd = #nvvm.fp_rnd_mode<rp>} : vector<2xf32> to vector<2xf8E8M0FNU>
    memref.store %scale, %scales[%i] : memref<1024xvector<2xf8E8M0FNU>>
    %w8 = nvgpu.extf %q8 : vector<8xf8E4M3FN> to vector<8xf16>
    %w6 = nvgpu.convert.fpext %q6 : vector<8xf6E2M3FN> to vector<8xf16>
    %w8f = nvgpu.extf %w8 : vector<8xf16> to vector<8xf32>
    %w6f = nvgpu.extf %w6 : vector<8xf16> to vector<8xf32>
    %d8 = arith.subf %v, %w8f : vector<8xf32>
    %d6 = arith.subf %v, %w6f : vector<8xf32>
    %d = arith.addf %d8, %d6 : vector<8xf32>
    memref.store %d, %error[%i] : memref<1024xvector<8xf32>>
    gpu.return
  }
}
