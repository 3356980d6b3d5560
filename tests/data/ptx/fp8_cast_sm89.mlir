// fp8 casts for mixed-precision training on Ada (sm_89, PTX 8.1): each thread scales 8
// activations and 8 gradients by their per-tensor factors and casts them to fp8, e4m3 for
// activations (cvt.rn.satfinite.e4m3x2.f32) and e5m2 for gradients
// (cvt.rn.satfinite.e5m2x2.f32), then widens the activation codes back
// (cvt.rn.f16x2.e4m3x2, then f16 -> f32) to record the cast's error.
// nvgpu.truncf / nvgpu.extf are upstream ops: both engines lower this file.
gpu.module @fp8_cast [#nvvm.target<chip = "sm_89", features = "+ptx81">] {
  gpu.func @cast_fp8(%act: memref<4096xvector<8xf32>>, %grad: memref<4096xvector<8xf32>>,
                     %act8: memref<4096xvector<8xf8E4M3FN>>, %grad8: memref<4096xvector<8xf8E5M2>>,
                     %error: memref<4096xvector<8xf32>>, %act_scale: f32, %grad_scale: f32) kernel {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %sa = vector.broadcast %act_scale : f32 to vector<8xf32>
    %sg = vector.broadcast %grad_scale : f32 to vector<8xf32>
    %a = memref.load %act[%i] : memref<4096xvector<8xf32>>
    %g = memref.load %grad[%i] : memref<4096xvector<8xf32>>
    %as = arith.mulf %a, %sa : vector<8xf32>
    %gs = arith.mulf %g, %sg : vector<8xf32>
    %a8 = nvgpu.truncf %as : vector<8xf32> to vector<8xf8E4M3FN>
    %g8 = nvgpu.truncf %gs : vector<8xf32> to vector<8xf8E5M2>
    memref.store %a8, %act8[%i] : memref<4096xvector<8xf8E4M3FN>>
    memref.store %g8, %grad8[%i] : memref<4096xvector<8xf8E5M2>>
    %back = nvgpu.extf %a8 : vector<8xf8E4M3FN> to vector<8xf32>
    %err = arith.subf %as, %back : vector<8xf32>
    memref.store %err, %error[%i] : memref<4096xvector<8xf32>>
    gpu.return
  }
}
