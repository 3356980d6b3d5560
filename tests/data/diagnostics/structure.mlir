// Small inputs, one per diagnostic code the other test inputs do not show; each chunk names the
// code it gets (tests/test_diagnostic_docs.py checks it, tools/generate_diagnostic_docs.py shows it).
// diagnostic: ssa.dominance
func.func @f(%a: i32) -> i32 {
  %sum = arith.addi %a, %twice : i32
  %twice = arith.addi %a, %a : i32
  return %sum : i32
}
// -----
// diagnostic: block.terminator
func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
}
// -----
// diagnostic: op.parent
func.func @f() {
  gpu.return
}
// -----
// diagnostic: op.terminator-position
func.func @f(%a: i32) -> i32 {
  return %a : i32
  %b = arith.addi %a, %a : i32
}
// -----
// diagnostic: gpu.sm-gate
gpu.module @warp [#nvvm.target<chip = "sm_60">] {
  gpu.func @lane0(%out: memref<32xf32>) kernel {
    %lane = gpu.lane_id
    gpu.warp_execute_on_lane_0(%lane)[32] {
      %z = arith.constant 0.0 : f32
      memref.store %z, %out[%lane] : memref<32xf32>
    }
    gpu.return
  }
}
