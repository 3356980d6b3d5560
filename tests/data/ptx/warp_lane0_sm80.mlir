// Warp-level code written for one lane: lane 0 sums the warp's 64 inputs (each lane holds 2
// of them, distributed block-cyclically), doubles every input, and hands results back — the
// sum, the same sum as f16, and an index broadcast to every lane, the doubled vector
// distributed 2 per lane. Each lane writes out[2*lane + e] = 2*in[2*lane + e] + sum +
// f16(sum) + 7. gpu.warp_execute_on_lane_0 has no upstream lowering; the builtin engine runs
// the body under a lane-0 scf.if and moves the values through shfl.sync.idx.
gpu.module @warp_lane0 [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
  gpu.func @lane0_sum(%in: memref<64xf32>, %out: memref<64xf32>) kernel {
    %lane = gpu.lane_id
    %c2 = arith.constant 2 : index
    %base = arith.muli %lane, %c2 : index
    %mine = vector.load %in[%base] : memref<64xf32>, vector<2xf32>
    %r:4 = gpu.warp_execute_on_lane_0(%lane)[32] args(%mine : vector<2xf32>) -> (f32, f16, index, vector<2xf32>) {
    ^bb0(%all: vector<64xf32>):
      %sum = vector.reduction <add>, %all : vector<64xf32> into f32
      %half = arith.truncf %sum : f32 to f16
      %seven = arith.constant 7 : index
      %twice = arith.addf %all, %all : vector<64xf32>
      gpu.yield %sum, %half, %seven, %twice : f32, f16, index, vector<64xf32>
    }
    %widened = arith.extf %r#1 : f16 to f32
    %i = arith.index_cast %r#2 : index to i32
    %seven = arith.sitofp %i : i32 to f32
    %a = arith.addf %r#0, %widened : f32
    %b = arith.addf %a, %seven : f32
    %splat = vector.broadcast %b : f32 to vector<2xf32>
    %result = arith.addf %r#3, %splat : vector<2xf32>
    vector.store %result, %out[%base] : memref<64xf32>, vector<2xf32>
    gpu.return
  }
}
