// First case — the same names again in every chunk (é)
#layout = affine_map<(d0) -> (d0)>
func.func @f(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  return %x : i32
}

// -----

// Second case
#layout = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: i32) -> i32 {
  %x = arith.muli %a, %a : i32
  %y = func.call @f(%x) : (i32) -> i32
  return %y : i32
}
