// warpgroup verifier cases, one failing op per section (annotation format: see ../tma/invalid.mlir).

!map = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none>
func.func @shared_tma_rule(%tile: memref<128x64xf16, 3>, %map: !map) {
  // expect @+1 error nvgpu.tma.swizzle-width upstream at {{!map}} {{the tensormap descriptor must have last dimension of 64 bytes but it is 128 bytes}}
  %0 = nvgpu.warpgroup.generate.descriptor %tile, %map : memref<128x64xf16, 3>, !map -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
  return
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @shared_tma_rule_space(%tile: memref<128x64xf16, 3>, %map: !map) {
  // expect @+1 error nvgpu.tma.descriptor-memory-space upstream at {{!map}} {{the tensor map descriptor has incorrect address space, it must be shared memory address space.}}
  %0 = nvgpu.warpgroup.generate.descriptor %tile, %map : memref<128x64xf16, 3>, !map -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
  return
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<128x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @swizzle_128b_only(%tile: memref<128x8xf16, 3>, %map: !map) {
  // expect @+1 error nvgpu.warpgroup.swizzle upstream at {{!map}} {{supports only swizzle_128b is supported for the time being}}
  %0 = nvgpu.warpgroup.generate.descriptor %tile, %map : memref<128x8xf16, 3>, !map -> !nvgpu.warpgroup.descriptor<tensor = memref<128x8xf16, 3>>
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @transpose_a_alone(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.transpose upstream at {{transposeA}} {{'nvgpu.warpgroup.mma' op supports non-transpose A (Row Major) and transpose B (Column Major) for the time being }}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeA} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!acc16 = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @result_type(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.result-type upstream at {{!acc16}} {{'nvgpu.warpgroup.mma' op type of matrix C and matrix D must be the same}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc16
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64x2xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @rank(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.rank upstream at {{!a}} {{'nvgpu.warpgroup.mma' op has matrices A, B, C and D, they must be 2 dimensional}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x32xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @k_mismatch(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.shape upstream at {{!b}} {{'nvgpu.warpgroup.mma' op 2nd dim matrix-A (32)!= 1st dim matrix-B (64 )}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @m_mismatch(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.shape upstream at {{!a}} {{'nvgpu.warpgroup.mma' op 1st dim matrix-A ( 64 )!= 1st dim matrix-C ( 128 )}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x?xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @n_dynamic(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.shape upstream at {{!b}} {{'nvgpu.warpgroup.mma' op 2nd dim matrix-B ( -9223372036854775808 ) != 2nd dim matrix-C ( 128 )}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xi8, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xi8, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xi32>>
func.func @data_type_i8(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.data-type upstream {{'nvgpu.warpgroup.mma' op 'i32' += 'i8' * 'i8', it is not supported.}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xtf32, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xtf32, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @data_type_tf32_f16(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.data-type upstream {{'nvgpu.warpgroup.mma' op 'f16' += 'tf32' * 'tf32', it is not supported.}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xi1, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x40xi1, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x40xi32>>
func.func @size_n(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.size-n upstream at {{!b}} {{'nvgpu.warpgroup.mma' op has input type 'memref<64x40xi1, 3>' n is set to 40, it is not supported}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf8E4M3FN, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf8E5M2, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>
func.func @f8_into_f16(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.unsupported-type upstream {{'nvgpu.warpgroup.mma' op hit a limitation: 'f16' += 'f8E4M3FN' * 'f8E5M2', it is not supported yet}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc : !a, !b, !acc -> !acc
  return
}

// -----

// generic form
!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @generic_transpose(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.transpose upstream at {{transposeA}} {{'nvgpu.warpgroup.mma' op supports non-transpose A (Row Major) and transpose B (Column Major) for the time being }}
  %0 = "nvgpu.warpgroup.mma"(%a, %b, %acc) <{transposeA}> : (!a, !b, !acc) -> !acc
  return
}

// -----

func.func @store_f16(%acc: !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>, %out: memref<128x128xf16>) {
  // expect @+1 error nvgpu.warpgroup.store-type upstream at {{!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>>}} {{'nvgpu.warpgroup.mma.store' op hit a limitation: only f32 results for the time being}}
  nvgpu.warpgroup.mma.store %acc, %out : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf16>> to memref<128x128xf16>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
func.func @store_shape(%acc: !acc, %out: memref<128x64xf32, 3>) {
  // expect @+1 error nvgpu.warpgroup.store-shape upstream at {{memref<128x64xf32, 3>}} {{'nvgpu.warpgroup.mma.store' op results ['vector<128x128xf32>'][128] values. However, destination memref[128][64]  does not have same size as results}}
  nvgpu.warpgroup.mma.store %acc, %out : !acc to memref<128x64xf32, 3>
  return
}

// -----

func.func @init_m(%x: index) {
  // expect @+1 error nvgpu.warpgroup.accumulator-shape upstream at {{!nvgpu.warpgroup.accumulator<fragmented = vector<96x128xf32>>}} {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<96x128xf32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %0 = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<96x128xf32>>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x12xf32>>
func.func @init_n() {
  // expect @+1 error nvgpu.warpgroup.accumulator-shape upstream at {{!acc}} {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<64x12xf32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
  return
}

// -----

// upstream checks N against the accumulator's element type, so an i32 accumulator never fits
func.func @init_i32() {
  // expect @+1 error nvgpu.warpgroup.accumulator-shape upstream {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<64x128xi32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %0 = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xi32>>
  return
}

// -----

func.func @init_rank1() {
  // expect @+1 error nvgpu.warpgroup.accumulator-shape upstream {{'nvgpu.warpgroup.mma.init.accumulator' op has type 'vector<128xf32>'. It does not fit into warp-group level (wgmma) matrix multiplication instruction (or not supported yet)}}
  %0 = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128xf32>>
  return
}

// -----

// ---------------------------------------------------------------- nvgpu-ls additions

!a = !nvgpu.warpgroup.descriptor<tensor = memref<64x32xtf32, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<32x64xtf32, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @transpose_tf32(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 error nvgpu.warpgroup.transpose-type at {{transposeB}} {{'nvgpu.warpgroup.mma' op sets transposeB, but wgmma transposes only f16/bf16 operands; with 'tf32' inputs both matrices must stay K-major (no transpose flag), and nvvm.wgmma.mma_async rejects the layout this flag produces}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<96x64xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<96x128xf32>>
func.func @size_m(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 warning nvgpu.warpgroup.size-m at {{!a}} {{M = 96 is not a multiple of 64: the lowering issues M / 64 = 1 row block of wgmma instructions and leaves rows 64 to 95 uncomputed}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!a = !nvgpu.warpgroup.descriptor<tensor = memref<64x40xf16, 3>>
!b = !nvgpu.warpgroup.descriptor<tensor = memref<40x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @size_k(%a: !a, %b: !b, %acc: !acc) {
  // expect @+1 warning nvgpu.warpgroup.size-k at {{!a}} {{K = 40 is not a multiple of 16, the K of one wgmma instruction for 'f16': the lowering issues K / 16 = 2 instructions per tile and drops the last 8 columns of A and rows of B}}
  %0 = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !a, !b, !acc -> !acc
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @store_rank1(%acc: !acc, %out: memref<4096xf32>) {
  // nvgpu-ls-only: upstream rejects it too, but reads a second size the memref does not have and
  // prints garbage (e.g. 'destination memref[4096][94057583692384]')
  // expect @+1 error nvgpu.warpgroup.store-rank at {{memref<4096xf32>}} {{'nvgpu.warpgroup.mma.store' op needs a 2-D destination memref (M x N), but it has rank 1: the accumulator 'vector<64x64xf32>' is stored row by row into a 2-D memref}}
  nvgpu.warpgroup.mma.store %acc, %out : !acc to memref<4096xf32>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @store_rank3(%acc: !acc, %out: memref<64x64x2xf32>) {
  // expect @+1 error nvgpu.warpgroup.store-rank at {{memref<64x64x2xf32>}} {{'nvgpu.warpgroup.mma.store' op stores into a rank-3 memref, but the lowering writes each element with two indices and the resulting memref.store is invalid; store into a 2-D memref (a subview)}}
  nvgpu.warpgroup.mma.store %acc, %out : !acc to memref<64x64x2xf32>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @store_element_type(%acc: !acc, %out: memref<64x64xf16, 3>) {
  // expect @+1 error nvgpu.warpgroup.store-element-type at {{memref<64x64xf16, 3>}} {{'nvgpu.warpgroup.mma.store' op stores 'f32' accumulator elements into a memref of 'f16': the lowering does not convert, and the memref.store it emits rejects the mismatch}}
  nvgpu.warpgroup.mma.store %acc, %out : !acc to memref<64x64xf16, 3>
  return
}

// -----

func.func @init_rank3() {
  // expect @+1 warning nvgpu.warpgroup.accumulator-rank {{the accumulator 'vector<64x8x2xf32>' has rank 3: wgmma accumulators are 2-D (M x N); nvgpu.warpgroup.mma rejects other ranks and the lowering ignores the extra dimensions}}
  %0 = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x8x2xf32>>
  return
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @descriptor_of_global_tile(%tile: memref<128x64xf16, 1>, %map: !map) {
  // expect @+1 warning nvgpu.warpgroup.descriptor-memory-space at {{memref<128x64xf16, 1>}} {{the tile is in memory space 1, but wgmma reads its operands from shared memory only: the descriptor encodes 14 bits of the address, so a tile elsewhere yields a descriptor that points at unrelated shared memory}}
  %0 = nvgpu.warpgroup.generate.descriptor %tile, %map : memref<128x64xf16, 1>, !map -> !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 1>>
  return
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
func.func @descriptor_type(%tile: memref<128x64xf16, 3>, %map: !map) {
  // expect @+1 warning nvgpu.warpgroup.descriptor-type at {{!descA}} {{the descriptor type describes 'memref<64x64xf16, 3>' but the tile is 'memref<128x64xf16, 3>': nvgpu.warpgroup.mma takes the GEMM shape and element type from the descriptor type, so it would walk memory laid out differently from the tile}}
  %0 = nvgpu.warpgroup.generate.descriptor %tile, %map : memref<128x64xf16, 3>, !map -> !descA
  return
}
