// One instance of every lowering form nvgpu-ls spells out per instance. Each op carries its
// own types, so the test can ask instance_forms about it and hand the PTX to ptxas.
!group = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!ggroup = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>
!tile = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!cube = !nvgpu.tensormap.descriptor<tensor = memref<4x8x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!wgA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!wgB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!wgA8 = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf8E4M3FN, 3>>
!acc8 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>

gpu.module @forms {
  gpu.func @copies(%g: memref<256xf32>, %s: memref<256xf32, 3>, %h: memref<256xf16, 3>, %gh: memref<256xf16>, %i: index, %n: index) kernel {
    %c16 = nvgpu.device_async_copy %g[%i], %s[%i], 4 bypassL1 : memref<256xf32> to memref<256xf32, 3>
    %c4 = nvgpu.device_async_copy %g[%i], %s[%i], 1 : memref<256xf32> to memref<256xf32, 3>
    %c8 = nvgpu.device_async_copy %gh[%i], %h[%i], 4, %n : memref<256xf16> to memref<256xf16, 3>
    %grp = nvgpu.device_async_create_group %c16, %c4, %c8
    nvgpu.device_async_wait %grp numGroups = 2
    gpu.return
  }

  gpu.func @warp_mma(%s: memref<64x64xf16, 3>, %i: index, %a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>, %ch: vector<2x2xf16>,
                     %ia: vector<4x4xi8>, %ib: vector<2x4xi8>, %ic: vector<2x2xi32>, %ta: vector<4x1xf32>, %tb: vector<2x1xf32>,
                     %da: vector<1x1xf64>, %dc: vector<1x2xf64>, %fa: vector<4x4xf8E4M3FN>, %fb: vector<2x4xf8E4M3FN>, %meta: vector<2xi16>) kernel {
    %l1 = nvgpu.ldmatrix %s[%i, %i] numTiles = 1 transpose = false : memref<64x64xf16, 3> -> vector<1x2xf16>
    %l4 = nvgpu.ldmatrix %s[%i, %i] numTiles = 4 transpose = true : memref<64x64xf16, 3> -> vector<4x2xf16>
    nvgpu.stmatrix %a, %s[%i, %i] numTiles = 4 transpose = false : vector<4x2xf16> -> memref<64x64xf16, 3>
    %m0 = nvgpu.mma.sync(%a, %b, %c) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %m1 = nvgpu.mma.sync(%a, %b, %ch) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %m2 = nvgpu.mma.sync(%ia, %ib, %ic) mmaShape = [16, 8, 32] : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    %m3 = nvgpu.mma.sync(%ta, %tb, %c) mmaShape = [16, 8, 8] tf32Enabled : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %m4 = nvgpu.mma.sync(%da, %da, %dc) mmaShape = [8, 8, 4] : (vector<1x1xf64>, vector<1x1xf64>, vector<1x2xf64>) -> vector<1x2xf64>
    %m5 = nvgpu.mma.sync(%fa, %fb, %c) mmaShape = [16, 8, 32] : (vector<4x4xf8E4M3FN>, vector<2x4xf8E4M3FN>, vector<2x2xf32>) -> vector<2x2xf32>
    %sp = nvgpu.mma.sp.sync(%a, %a, %c) metadata(%meta) mmaShape = [16, 8, 32] sparsitySelector = 1 : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return
  }

  gpu.func @barriers(%i: index, %n: index, %p: i1, %g: !ggroup) kernel {
    %bars = nvgpu.mbarrier.create -> !group
    nvgpu.mbarrier.init %bars[%i], %n, predicate = %p : !group
    nvgpu.mbarrier.init %g[%i], %n : !ggroup
    %t0 = nvgpu.mbarrier.arrive %bars[%i] : !group -> !nvgpu.mbarrier.token
    %t1 = nvgpu.mbarrier.arrive %g[%i] : !ggroup -> !nvgpu.mbarrier.token
    %t2 = nvgpu.mbarrier.arrive.nocomplete %bars[%i], %n : !group -> !nvgpu.mbarrier.token
    nvgpu.mbarrier.arrive.expect_tx %bars[%i], %n, predicate = %p : !group
    %ok = nvgpu.mbarrier.test.wait %bars[%i], %t0 : !group, !nvgpu.mbarrier.token
    nvgpu.mbarrier.try_wait.parity %bars[%i], %p, %n : !group
    nvgpu.mbarrier.inval %bars[%i] : !group
    gpu.return
  }

  gpu.func @tma(%d: !tile, %d3: !cube, %s: memref<128x64xf16, 3>, %s3: memref<4x8x64xf16, 3>, %i: index, %mask: i16, %p: i1, %map: memref<128xi8, 3>, %v: i32, %policy: i64) kernel {
    %bars = nvgpu.mbarrier.create -> !group
    nvgpu.tma.prefetch.descriptor %d, predicate = %p : !tile
    nvgpu.tma.fence.descriptor %d : !tile
    nvgpu.tma.async.load %d[%i, %i], %bars[%i] to %s : !tile, !group -> memref<128x64xf16, 3>
    nvgpu.tma.async.load %d3[%i, %i, %i], %bars[%i] to %s3 multicast_mask = %mask, predicate = %p : !cube, !group -> memref<4x8x64xf16, 3>
    nvgpu.tma.async.store %s to %d[%i, %i] : memref<128x64xf16, 3> -> !tile
    nvgpu.tma.async.reduce %s to %d[%i, %i] kind = add : memref<128x64xf16, 3> -> !tile
    nvgpu.tma.async.reduce %s to %d[%i, %i] kind = max l2_cache_hint = %policy, predicate = %p : memref<128x64xf16, 3> -> !tile
    nvgpu.tensormap.replace %map, box_dim[1] = %v : memref<128xi8, 3>, i32
    nvgpu.tensormap.create.descriptor %d to %map : !tile -> memref<128xi8, 3>
    nvgpu.tensormap.cp_fenceproxy %map to %d scope = gpu : memref<128xi8, 3> -> !tile
    gpu.return
  }

  gpu.func @warpgroups(%s: memref<128x64xf16, 3>, %d: !tile, %b: !wgB, %a8: !wgA8, %out: memref<128x128xf32, 3>) kernel {
    %da = nvgpu.warpgroup.generate.descriptor %s, %d : memref<128x64xf16, 3>, !tile -> !wgA
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %r = nvgpu.warpgroup.mma %da, %b, %acc transposeB : !wgA, !wgB, !acc -> !acc
    %acc8 = nvgpu.warpgroup.mma.init.accumulator -> !acc8
    %r8 = nvgpu.warpgroup.mma %a8, %a8, %acc8 : !wgA8, !wgA8, !acc8 -> !acc8
    nvgpu.warpgroup.mma.store %r, %out : !acc to memref<128x128xf32, 3>
    gpu.return
  }

  gpu.func @arithmetic(%v: vector<4xf32>, %w: vector<2xf32>, %e4: vector<4xf8E4M3FN>, %e8: vector<4xf8E8M0FNU>, %f4: vector<4xf4E2M1FN>,
                       %h: vector<4xf16>, %bits: i32, %x: vector<4xf64>) kernel {
    %r = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>
    %f = nvgpu.fma %w, %w, %w <{rnd = #nvvm.fp_rnd_mode<rz>, ftz}> : vector<2xf32>
    %m = nvgpu.mul %w, %w : vector<2xf32>
    %x0 = nvgpu.extf %e4 <{relu = true}> : vector<4xf8E4M3FN> to vector<4xf16>
    %x1 = nvgpu.extf %e4 : vector<4xf8E4M3FN> to vector<4xf32>
    %x2 = nvgpu.extf %e8 : vector<4xf8E8M0FNU> to vector<4xbf16>
    %x3 = nvgpu.extf %f4 : vector<4xf4E2M1FN> to vector<4xf16>
    %x4 = nvgpu.extf %h : vector<4xf16> to vector<4xf32>
    %y0 = nvgpu.truncf %v : vector<4xf32> to vector<4xf16>
    %y1 = nvgpu.truncf %v <{rnd = #nvvm.fp_rnd_mode<rz>, sat = #nvvm.sat_mode<none>}> : vector<4xf32> to vector<4xbf16>
    %y2 = nvgpu.truncf %v, %bits <{rnd = #nvvm.fp_rnd_mode<rs>}> : vector<4xf32> to vector<4xf16>
    %y3 = nvgpu.truncf %v <{relu = true}> : vector<4xf32> to vector<4xf8E5M2>
    %y4 = nvgpu.truncf %h : vector<4xf16> to vector<4xf8E4M3FN>
    %y5 = nvgpu.truncf %v <{rnd = #nvvm.fp_rnd_mode<rp>}> : vector<4xf32> to vector<4xf8E8M0FNU>
    %y6 = nvgpu.truncf %v : vector<4xf32> to vector<4xf4E2M1FN>
    %y7 = nvgpu.truncf %x : vector<4xf64> to vector<4xf16>
    %y8 = nvgpu.truncf %x : vector<4xf64> to vector<4xf8E4M3FN>
    gpu.return
  }
}

func.func @host(%g: memref<*xf16>, %c64: index) {
  %desc = nvgpu.tma.create.descriptor %g box[%c64, %c64] : memref<*xf16> -> !tile
  return
}
