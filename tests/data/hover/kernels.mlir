// Kernels for the hover tests: one gpu.module per target situation.
#smem = #gpu.address_space<workgroup>
!barriers = !nvgpu.mbarrier.group<memorySpace = #smem, num_barriers = 2>
!tile = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #smem>, swizzle = swizzle_128b, l2promo = l2promo_64b, oob = nan, interleave = none>
!narrow = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

module attributes {gpu.container_module} {
  memref.global "private" @staging : memref<256xf32, #smem>

  gpu.module @ampere [#nvvm.target<chip = "sm_80">] {
    gpu.func @copy(%src: memref<128x128xf32>, %dst: memref<64x64xf32, #smem>, %i: index, %n: index) kernel {
      %big = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i], 4 {bypassL1} : memref<128x128xf32> to memref<64x64xf32, #smem>
      %small = nvgpu.device_async_copy %src[%i, %i], %dst[%i, %i], 1 : memref<128x128xf32> to memref<64x64xf32, #smem>
      %group = nvgpu.device_async_create_group %big, %small
      nvgpu.device_async_wait %group {numGroups = 1 : i32}
      %bars = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.arrive.expect_tx %bars[%i], %n : !barriers
      cf.br ^done(%n : index)
    ^done(%count: index):
      gpu.return
    }
  }

  gpu.module @hopper [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @load(%map: !tile, %tile: memref<64x64xf16, #smem>, %i: index) kernel {
      %bars = nvgpu.mbarrier.create -> !barriers
      // Ampère → Hopper: the comment before this op has non-ASCII text (UTF-16 columns).
      nvgpu.tma.async.load %map[%i, %i], %bars[%i] to %tile : !tile, !barriers -> memref<64x64xf16, #smem>
      gpu.return
    }
  }

  gpu.module @untargeted {
    gpu.func @mma(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) kernel {
      %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.return
    }
  }

  func.func @launch(%g: memref<*xf16>, %c64: index) {
    %map = nvgpu.tma.create.descriptor %g box[%c64, %c64] : memref<*xf16> -> !tile
    gpu.launch_func @hopper::@load blocks in (%c64, %c64, %c64) threads in (%c64, %c64, %c64) args(%map : !tile)
    return
  }
}
