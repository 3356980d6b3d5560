// The normalisation step of a row softmax on Ampere (sm_80, PTX 7.0): each thread holds
// four row sums and scales its 4x4 block of exponentials by their approximate reciprocals
// (nvgpu.rcp, rcp.approx.ftz.f32) instead of dividing.
gpu.module @softmax_normalise [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
  gpu.func @scale_rows(%sums: memref<1024xvector<4xf32>>, %exps: memref<1024x4xvector<4xf32>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %s = memref.load %sums[%i] : memref<1024xvector<4xf32>>
    %inv = nvgpu.rcp %s {rounding = approx, ftz} : vector<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %e = memref.load %exps[%i, %j] : memref<1024x4xvector<4xf32>>
      %scaled = arith.mulf %e, %inv : vector<4xf32>
      memref.store %scaled, %exps[%i, %j] : memref<1024x4xvector<4xf32>>
    }
    gpu.return
  }
}
