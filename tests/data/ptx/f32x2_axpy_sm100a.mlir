// Packed f32x2 arithmetic on Blackwell (sm_100a, PTX 8.6): y = alpha * x + y on pairs of
// f32 with fma.rn.f32x2, then a scale with mul.rz.ftz.f32x2, each one instruction for two
// lanes of data. nvgpu.fma / nvgpu.mul are nvgpu-ls extension ops: only the builtin engine
// lowers them.
gpu.module @f32x2_axpy [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @axpy_scale(%x: memref<4096xvector<2xf32>>, %y: memref<4096xvector<2xf32>>,
                       %alpha: vector<2xf32>, %scale: vector<2xf32>) kernel {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %xv = memref.load %x[%i] : memref<4096xvector<2xf32>>
    %yv = memref.load %y[%i] : memref<4096xvector<2xf32>>
    %sum = nvgpu.fma %alpha, %xv, %yv : vector<2xf32>
    %out = nvgpu.mul %sum, %scale <{rnd = #nvvm.fp_rnd_mode<rz>, ftz}> : vector<2xf32>
    memref.store %out, %y[%i] : memref<4096xvector<2xf32>>
    gpu.return
  }
}
