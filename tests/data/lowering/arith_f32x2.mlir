// Packed f32x2 fma/mul (Blackwell): default rn, and explicit rounding / ftz modes.
gpu.module @f32x2_kernels [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @axpy_pairs(%x: memref<256xvector<2xf32>>, %y: memref<256xvector<2xf32>>, %alpha: memref<1xvector<2xf32>>, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %a = memref.load %alpha[%c0] : memref<1xvector<2xf32>>
    %xv = memref.load %x[%i] : memref<256xvector<2xf32>>
    %yv = memref.load %y[%i] : memref<256xvector<2xf32>>
    %r0 = nvgpu.fma %a, %xv, %yv : vector<2xf32>
    %r1 = nvgpu.fma %r0, %xv, %yv <{rnd = #nvvm.fp_rnd_mode<rz>, ftz}> : vector<2xf32>
    %m0 = nvgpu.mul %r1, %a : vector<2xf32>
    %m1 = nvgpu.mul %m0, %xv <{rnd = #nvvm.fp_rnd_mode<rp>, ftz}> : vector<2xf32>
    memref.store %m1, %y[%i] : memref<256xvector<2xf32>>
    gpu.return
  }
}
