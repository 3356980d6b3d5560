// The pre-merge conversion ops (nvgpu.convert.fpext / fptrunc / float, nvgpu-ls extension
// ops) in every form their lowering has: fp4 and fp6 widened to bf16, f16 and bf16 narrowed
// to fp6, f32 to fp4, and f64 through llvm.fptrunc. tests/test_lowers_to.py reads what each
// lowers to from here.
gpu.module @premerge [#nvvm.target<chip = "sm_100a", features = "+ptx92">] {
  gpu.func @forms(%f4: vector<2xf4E2M1FN>, %f6: vector<2xf6E2M3FN>, %h: vector<2xf16>, %b: vector<2xbf16>,
                  %s: vector<2xf32>, %d: vector<2xf64>) kernel {
    %e4 = nvgpu.convert.fpext %f4 : vector<2xf4E2M1FN> to vector<2xbf16>
    %e6 = nvgpu.convert.fpext %f6 : vector<2xf6E2M3FN> to vector<2xbf16>
    %t6h = nvgpu.convert.fptrunc %h : vector<2xf16> to vector<2xf6E2M3FN>
    %t6b = nvgpu.convert.fptrunc %b : vector<2xbf16> to vector<2xf6E2M3FN>
    %t4 = nvgpu.convert.fptrunc %s : vector<2xf32> to vector<2xf4E2M1FN>
    %g4 = nvgpu.convert.float %f4 : vector<2xf4E2M1FN> to vector<2xbf16>
    %g6 = nvgpu.convert.float %f6 : vector<2xf6E2M3FN> to vector<2xbf16>
    %n6 = nvgpu.convert.float %h : vector<2xf16> to vector<2xf6E2M3FN>
    %n32 = nvgpu.convert.float %d : vector<2xf64> to vector<2xf32>
    gpu.return
  }
}
