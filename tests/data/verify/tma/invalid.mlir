// TMA verifier cases, one failing op per section.
// `// expect @+N <severity> <code> [upstream] [at {{span text}}] {{message}}`: the diagnostic N lines
// below; `upstream` marks rules upstream MLIR enforces with that message (cross-checked with mlir-opt-22),
// the others are nvgpu-ls additions that upstream accepts. `// nvgpu-ls-only` keeps a section from mlir-opt.

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = interleave_16b>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @interleave(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.interleave upstream at {{!desc}} {{Interleave options are not supported yet.}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x64xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @descriptor_not_shared(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.descriptor-memory-space upstream at {{!desc}} {{the tensor map descriptor has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x64xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<global>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @descriptor_global_store(%d: !desc, %buf: memref<64x64xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.descriptor-memory-space upstream at {{!desc}} {{the tensor map descriptor has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x64xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x?xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @descriptor_dynamic(%d: !desc, %buf: memref<64x64xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.descriptor-static upstream at {{!desc}} {{the tensor map descriptor must be static shaped}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x64xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x512xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @box_too_large(%d: !desc, %buf: memref<64x512xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.box-size upstream at {{!desc}} {{the tensor map descriptor must have dimensions between 1 and 256 but it is 512}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x512xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<0x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @box_empty(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.box-size upstream at {{!desc}} {{the tensor map descriptor must have dimensions between 1 and 256 but it is 0}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @swizzle_128b_too_wide(%d: !desc, %buf: memref<64x128xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.swizzle-width upstream at {{!desc}} {{the tensormap descriptor must have last dimension of 128 bytes but it is 256 bytes}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x128xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none>
func.func @swizzle_64b_needs_64_bytes(%buf: memref<64x64xf16, 3>, %d: !desc) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.swizzle-width upstream at {{!desc}} {{the tensormap descriptor must have last dimension of 64 bytes but it is 128 bytes}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x64xf16, 3> -> !desc
  return
}

// -----

// tf32 counts 19 bits in upstream's arithmetic: 32 x 19 / 8 = 76
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x32xtf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @swizzle_tf32(%buf: memref<64x32xtf32, 3>, %d: !desc) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.swizzle-width upstream {{the tensormap descriptor must have last dimension of 128 bytes but it is 76 bytes}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x32xtf32, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @element_type(%d: !desc, %buf: memref<64x64xf32, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.element-type upstream at {{memref<64x64xf32, 3>}} {{the element type of tensor map descriptor and memref must be same}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x64xf32, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @destination_not_shared(%d: !desc, %buf: memref<64x64xf16>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.memref-memory-space upstream at {{memref<64x64xf16>}} {{the destination memref has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x64xf16>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @source_not_shared(%d: !desc, %buf: memref<64x64xf16, 1>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.memref-memory-space upstream at {{memref<64x64xf16, 1>}} {{the destination memref has incorrect address space, it must be shared memory address space.}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x64xf16, 1> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @destination_dynamic(%d: !desc, %buf: memref<64x?xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.memref-static upstream at {{memref<64x?xf16, 3>}} {{the destination memref must be static shaped}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x?xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @rank_mismatch(%d: !desc, %buf: memref<4096xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.rank-mismatch upstream at {{memref<4096xf16, 3>}} {{the shape of tensor map descriptor and memref must have same rank}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<4096xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @shape_mismatch(%d: !desc, %buf: memref<64x32xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.shape-mismatch upstream at {{memref<64x32xf16, 3>}} {{memref and tensor map shapes mismatch 'memref<64x64xf16, 3>' != 'memref<64x32xf16, 3>'}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x32xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x4xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @inner_bytes(%d: !desc, %buf: memref<64x4xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.inner-bytes upstream at {{!desc}} {{the bytes in the last dimension of the tensor map must be a multiple of 16}}
  nvgpu.tma.async.store %buf to %d[%c0, %c0] : memref<64x4xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @too_many_coordinates(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.max-coordinates upstream at {{%c0, %c0, %c0, %c0, %c0, %c0}} {{Maximum 5 coordinates are supported.}}
  nvgpu.tma.async.load %d[%c0, %c0, %c0, %c0, %c0, %c0], %bar[%c0] to %buf : !desc, !bar -> memref<64x64xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @coordinate_count(%d: !desc, %buf: memref<64x64xf16, 3>) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.coordinate-count upstream at {{%c0}} {{number of coordinates do not match with the rank of tensor descriptor map.}}
  nvgpu.tma.async.store %buf to %d[%c0] : memref<64x64xf16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @too_many_boxes(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.max-coordinates upstream at {{%c, %c, %c, %c, %c, %c}} {{Maximum 5 coordinates are supported.}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c, %c, %c, %c, %c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x128xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none>
func.func @create_swizzle(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.swizzle-width upstream at {{!desc}} {{the tensormap descriptor must have last dimension of 64 bytes but it is 256 bytes}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> !desc
  return
}

// -----

// generic form: the same rule, reported on the written operand types
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @generic_form(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.swizzle-width upstream {{the tensormap descriptor must have last dimension of 32 bytes but it is 128 bytes}}
  "nvgpu.tma.async.load"(%buf, %bar, %d, %c0, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 0, 0>}> : (memref<64x64xf16, 3>, !bar, !desc, index, index, index) -> ()
  return
}

// -----

// ---------------------------------------------------------------- nvgpu-ls additions

// nvgpu-ls-only: a rank-0 tensor map makes upstream's verifier read past the empty shape
// (mlir-opt-22 crashes with a segmentation fault in verifyTmaDescriptorWithMemref)
!desc = !nvgpu.tensormap.descriptor<tensor = memref<f16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @rank_zero(%d: !desc, %buf: memref<f16, 3>) {
  // expect @+1 error nvgpu.tma.rank at {{!desc}} {{the tensor map descriptor must have between 1 and 5 dimensions but it has 0: TMA tensor maps are 1-D to 5-D, and neither cuTensorMapEncodeTiled nor cp.async.bulk.tensor accepts another rank}}
  nvgpu.tma.async.store %buf to %d[] : memref<f16, 3> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<1x1x1x1x2x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @rank_six(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.rank at {{!desc}} {{the tensor map descriptor must have between 1 and 5 dimensions but it has 6: TMA tensor maps are 1-D to 5-D, and neither cuTensorMapEncodeTiled nor cp.async.bulk.tensor accepts another rank}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!gbar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>
func.func @barrier_not_shared(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !gbar) {
  %c0 = arith.constant 0 : index
  // expect @+1 error nvgpu.tma.barrier-memory-space at {{!gbar}} {{the mbarrier group is in #gpu.address_space<global>, but a TMA load can only signal an mbarrier in shared memory: convert-nvgpu-to-nvvm produces a non-shared barrier pointer that nvvm.cp.async.bulk.tensor rejects}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !desc, !gbar -> memref<64x64xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
func.func @barrier_index(%d: !desc, %buf: memref<64x64xf16, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expect @+1 warning nvgpu.mbarrier.index-range at {{%c4}} {{mbarrier id 4 is out of range for a group of 4 barriers (valid ids are 0 to 3); the lowering does not bounds-check it and addresses memory past the group}}
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c4] to %buf : !desc, !bar -> memref<64x64xf16, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @box_constant_too_large(%t: memref<*xf16>) {
  %c64 = arith.constant 64 : index
  %c300 = arith.constant 300 : index
  // expect @+1 error nvgpu.tma.box-size at {{%c300}} {{box dimension 0 is 300, but every TMA box dimension must be between 1 and 256 (cuTensorMapEncodeTiled rejects the box)}}
  %0 = nvgpu.tma.create.descriptor %t box[%c300, %c64] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x4xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @create_inner_bytes(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.inner-bytes at {{!desc}} {{the bytes in the last dimension of the tensor map must be a multiple of 16 (the innermost box dimension is 8 bytes; cuTensorMapEncodeTiled rejects it)}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64xf16, 3>, swizzle = swizzle_64b, l2promo = none, oob = zero, interleave = none>
func.func @create_rank1_swizzle(%t: memref<*xf16>, %c: index) {
  // expect @+1 error nvgpu.tma.swizzle-width at {{!desc}} {{the innermost box dimension is 128 bytes, wider than the swizzle_64b pattern of 64 bytes (cuTensorMapEncodeTiled rejects a box wider than its swizzle span)}}
  %0 = nvgpu.tma.create.descriptor %t box[%c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xi32, 3>, swizzle = none, l2promo = none, oob = nan, interleave = none>
func.func @oob_nan_integer(%t: memref<*xi32>, %c: index) {
  // expect @+1 error nvgpu.tma.oob-nan at {{!desc}} {{oob = nan needs floating-point data, but the tensor map holds 'i32' elements (cuTensorMapEncodeTiled rejects NaN out-of-bounds fill for integer data)}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xi32> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @box_count(%t: memref<*xf16>, %c: index) {
  // expect @+1 warning nvgpu.tma.box-count at {{%c}} {{1 box dimension is given for a rank-2 tensor map descriptor: the driver encodes as many box sizes as the tensor has dimensions, and TMA ops address the tile with one coordinate per descriptor dimension}}
  %0 = nvgpu.tma.create.descriptor %t box[%c] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @box_shape(%t: memref<*xf16>) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // expect @+1 warning nvgpu.tma.box-shape at {{%c128}} {{box dimension 1 is 128, but the descriptor's tile 'memref<64x64xf16, 3>' has 64 there: TMA then moves tiles of a different size than the shared-memory buffers and the mbarrier byte counts the descriptor type implies}}
  %0 = nvgpu.tma.create.descriptor %t box[%c64, %c128] : memref<*xf16> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @source_element_type(%t: memref<*xf32>, %c: index) {
  // expect @+1 warning nvgpu.tma.source-element-type at {{memref<*xf32>}} {{the global tensor has 'f32' elements but the descriptor's tile has 'f16': the driver encodes the tensor map for the global tensor's element type, and TMA ops move the bytes as the descriptor type describes}}
  %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf32> -> !desc
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @kernels {
  gpu.func @host_op_in_kernel(%t: memref<*xf16>, %c: index) kernel {
    // expect @+1 warning nvgpu.tma.host-only {{nvgpu.tma.create.descriptor runs on the host, but it is inside gpu.func: it lowers to a call of the host runtime function mgpuTensorMapEncodeTiledMemref, which device code cannot link; create the descriptor on the host and pass it to the kernel}}
    %0 = nvgpu.tma.create.descriptor %t box[%c, %c] : memref<*xf16> -> !desc
    gpu.return
  }
}
