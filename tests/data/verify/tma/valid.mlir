// TMA ops that upstream accepts and nvgpu-ls reports nothing about.

!d1 = !nvgpu.tensormap.descriptor<tensor = memref<128xf32, 3>, swizzle = none, l2promo = none, oob = nan, interleave = none>
!d32 = !nvgpu.tensormap.descriptor<tensor = memref<64x16xf16, 3>, swizzle = swizzle_32b, l2promo = none, oob = zero, interleave = none>
!d64 = !nvgpu.tensormap.descriptor<tensor = memref<2x64x32xf16, 3>, swizzle = swizzle_64b, l2promo = l2promo_64b, oob = zero, interleave = none>
!d128 = !nvgpu.tensormap.descriptor<tensor = memref<2x2x8x128xi8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
!d5 = !nvgpu.tensormap.descriptor<tensor = memref<2x2x2x8x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
gpu.module @kernels {
  gpu.func @loads(%t1: !d1, %t32: !d32, %t64: !d64, %t128: !d128, %t5: !d5,
                  %b1: memref<128xf32, 3>, %b32: memref<64x16xf16, 3>, %b64: memref<2x64x32xf16, 3>,
                  %b128: memref<2x2x8x128xi8, #gpu.address_space<workgroup>>, %b5: memref<2x2x2x8x8xf16, 3>,
                  %mask: i16, %p: i1) kernel {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %bars = nvgpu.mbarrier.create -> !bars
    nvgpu.tma.prefetch.descriptor %t1 : !d1
    nvgpu.tma.prefetch.descriptor %t32, predicate = %p : !d32
    nvgpu.tma.fence.descriptor %t64 : !d64
    nvgpu.tma.async.load %t1[%c0], %bars[%c0] to %b1 : !d1, !bars -> memref<128xf32, 3>
    nvgpu.tma.async.load %t32[%c0, %c0], %bars[%c3] to %b32, predicate = %p : !d32, !bars -> memref<64x16xf16, 3>
    nvgpu.tma.async.load %t64[%c0, %c0, %c0], %bars[%c0] to %b64 multicast_mask = %mask : !d64, !bars -> memref<2x64x32xf16, 3>
    nvgpu.tma.async.load %t128[%c0, %c0, %c0, %c0], %bars[%c0] to %b128 multicast_mask = %mask, predicate = %p : <tensor = memref<2x2x8x128xi8, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> memref<2x2x8x128xi8, #gpu.address_space<workgroup>>
    "nvgpu.tma.async.load"(%b5, %bars, %t5, %c0, %c0, %c0, %c0, %c0, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 5, 1, 0, 0>}> : (memref<2x2x2x8x8xf16, 3>, !bars, !d5, index, index, index, index, index, index) -> ()
    nvgpu.tma.async.store %b32 to %t32[%c0, %c0] : memref<64x16xf16, 3> -> !d32
    nvgpu.tma.async.store %b5 to %t5[%c0, %c0, %c0, %c0, %c0], predicate = %p : memref<2x2x2x8x8xf16, 3> -> !d5
    gpu.return
  }
}

// -----

// a tile at an offset inside a larger shared buffer, as upstream's own conversion test has it
!lhs = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, strided<[64, 1], offset: 8192>, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = 3>
func.func @strided(%d: !lhs, %buf: memref<64x64xf16, strided<[64, 1], offset: 8192>, 3>, %bar: !bar) {
  %c0 = arith.constant 0 : index
  nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %buf : !lhs, !bar -> memref<64x64xf16, strided<[64, 1], offset: 8192>, 3>
  return
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!d1 = !nvgpu.tensormap.descriptor<tensor = memref<256xf32, 3>, swizzle = none, l2promo = none, oob = nan, interleave = none>
func.func @host(%a: memref<1024x1024xf16>, %v: memref<4096xf32>, %n: index) -> (!desc, !d1, !desc) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %g = memref.cast %a : memref<1024x1024xf16> to memref<*xf16>
  %t = nvgpu.tma.create.descriptor %g box[%c128, %c64] : memref<*xf16> -> !desc
  %gv = memref.cast %v : memref<4096xf32> to memref<*xf32>
  %tv = nvgpu.tma.create.descriptor %gv box[%c256] : memref<*xf32> -> !d1
  // box sizes that are not constants are not judged
  %tn = nvgpu.tma.create.descriptor %g box[%n, %n] : memref<*xf16> -> !desc
  return %t, %tv, %tn : !desc, !d1, !desc
}
