// Attribute values the verifiers reject, each with the value that would be right.
gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
  func.func @sat(%v: vector<8xf32>) -> vector<8xf8E4M3FN> {
    %0 = nvgpu.truncf %v <{sat = #nvvm.sat_mode<sat>}> : vector<8xf32> to vector<8xf8E4M3FN>
    return %0 : vector<8xf8E4M3FN>
  }
  func.func @rounding(%v: vector<8xf32>) -> vector<8xf16> {
    %0 = nvgpu.truncf %v <{rnd = #nvvm.fp_rnd_mode<rm>}> : vector<8xf32> to vector<8xf16>
    return %0 : vector<8xf16>
  }
  func.func @width(%m: memref<16x16xf16, 3>, %i: index) -> vector<1x2xf16> {
    %0 = "nvgpu.ldmatrix"(%m, %i, %i) {numTiles = 1 : i64, transpose = false} : (memref<16x16xf16, 3>, index, index) -> vector<1x2xf16>
    return %0 : vector<1x2xf16>
  }
  func.func @rcp(%x: vector<16xf32>) -> vector<16xf32> {
    %0 = nvgpu.rcp %x {rounding = rn} : vector<16xf32>
    return %0 : vector<16xf32>
  }
  func.func @transpose(%m: memref<16x16xf32, 3>, %i: index) -> vector<4x1xf32> {
    %0 = nvgpu.ldmatrix %m[%i, %i] numTiles = 4 transpose = true : memref<16x16xf32, 3> -> vector<4x1xf32>
    return %0 : vector<4x1xf32>
  }
  func.func @copy_size(%src: memref<128x128xf32>, %dst: memref<128x128xf32, 3>, %i: index) {
    %0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i], 3 : memref<128x128xf32> to memref<128x128xf32, 3>
    return
  }
  func.func @bypass(%src: memref<128x128xf32>, %dst: memref<128x128xf32, 3>, %i: index) {
    %0 = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i], 2 bypassL1 : memref<128x128xf32> to memref<128x128xf32, 3>
    return
  }
  func.func @selector(%a: vector<4x4xi8>, %b: vector<4x4xi8>, %c: vector<2x2xi32>, %meta: vector<2xi16>) -> vector<2x2xi32> {
    %0 = nvgpu.mma.sp.sync (%a, %b, %c) metadata(%meta) {mmaShape = [16, 8, 64], sparsitySelector = 1 : i32} : (vector<4x4xi8>, vector<4x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    return %0 : vector<2x2xi32>
  }
  func.func @shape(%a: vector<8x2xf16>, %b: vector<4x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %0 = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 32]} : (vector<8x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    return %0 : vector<2x2xf32>
  }
  func.func @tf32(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %0 = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    return %0 : vector<2x2xf32>
  }
  func.func @tiles(%m: memref<16x16xf16, 3>, %i: index) -> vector<2xf16> {
    %0 = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<2x2xf16>
    %1 = vector.extract %0[0] : vector<2xf16> from vector<2x2xf16>
    return %1 : vector<2xf16>
  }
  func.func @stmatrix(%v: vector<2x2xf16>, %m: memref<128x128xf16, 3>, %i: index) {
    nvgpu.stmatrix %v, %m[%i, %i] numTiles = 4 transpose = false : vector<2x2xf16> -> memref<128x128xf16, 3>
    return
  }
  func.func @reduce(%s: memref<4x32xf32, 3>, %d: !nvgpu.tensormap.descriptor<tensor = memref<4x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, %i: index) {
    nvgpu.tma.async.reduce %s to %d[%i, %i] kind = min : memref<4x32xf32, 3> -> !nvgpu.tensormap.descriptor<tensor = memref<4x32xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    return
  }
  func.func @mismatch(%m: memref<16x16xf16, 3>, %i: index) {
    %0 = memref.load %m[%i, %i] : memref<16x16xf32, 3>
    return
  }
  func.func @selector_bits(%a: vector<2x4xi8>, %b: vector<2x4xi8>, %c: vector<2x2xi32>, %meta: vector<2xi16>) -> vector<2x2xi32> {
    %0 = nvgpu.mma.sp.sync (%a, %b, %c) metadata(%meta) {mmaShape = [16, 8, 32], sparsitySelector = 2 : i32} : (vector<2x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    return %0 : vector<2x2xi32>
  }
  func.func @ftz(%x: vector<16xf32>) -> vector<16xf32> {
    %0 = nvgpu.rcp %x {rounding = approx} : vector<16xf32>
    return %0 : vector<16xf32>
  }
}
