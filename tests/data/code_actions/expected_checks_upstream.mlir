// Both diagnostics are upstream's own: mlir-opt -verify-diagnostics accepts the checks written for them.
func.func @f(%m: memref<16x16xf16>, %i: index) {
  %r = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16> -> vector<4x2xf16>
  return
}

// -----

func.func @g() {
  %0 = arith.constant 1 : i32
  %0 = arith.constant 2 : i32
  return
}
