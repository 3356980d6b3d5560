// One or more spellings of every nvgpu op, as a kernel author writes them. Both upstream syntax
// eras appear where an op has two (attribute dictionary, and the newer keyword form).
!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!group = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
!wgA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!wgB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>

gpu.module @syntax {
  gpu.func @copies(%g: memref<128x128xf16>, %s: memref<64x64xf16, 3>, %i: index, %n: index) kernel {
    %t0 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8 : memref<128x128xf16> to memref<64x64xf16, 3>
    %t1 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8, %n {bypassL1} : memref<128x128xf16> to memref<64x64xf16, 3>
    %t2 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8, %n bypassL1 : memref<128x128xf16> to memref<64x64xf16, 3>
    %grp = nvgpu.device_async_create_group %t0, %t1, %t2
    nvgpu.device_async_wait %grp {numGroups = 1 : i32}
    nvgpu.device_async_wait %grp numGroups = 1
    nvgpu.device_async_wait %grp
    gpu.return
  }

  gpu.func @tensor_cores(%s: memref<64x64xf16, 3>, %i: index, %c: vector<2x2xf32>, %meta: vector<2xi16>) kernel {
    %a = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
    %b = nvgpu.ldmatrix %s[%i, %i] numTiles = 2 transpose = true : memref<64x64xf16, 3> -> vector<2x2xf16>
    %d0 = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d1 = nvgpu.mma.sync(%a, %b, %c) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %e0 = nvgpu.mma.sp.sync(%a, %a, %c) metadata(%meta) {mmaShape = [16, 8, 32]} : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %e1 = nvgpu.mma.sp.sync(%a, %a, %c) metadata(%meta) mmaShape = [16, 8, 32] sparsitySelector = 1 : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    nvgpu.stmatrix %a, %s[%i, %i] numTiles = 4 transpose = false : vector<4x2xf16> -> memref<64x64xf16, 3>
    nvgpu.stmatrix %b, %s[%i, %i] {numTiles = 2 : i32, transpose = true} : vector<2x2xf16> -> memref<64x64xf16, 3>
    gpu.return
  }

  gpu.func @barriers(%i: index, %n: index, %p: i1, %parity: i1) kernel {
    %bars = nvgpu.mbarrier.create -> !group
    nvgpu.mbarrier.init %bars[%i], %n : !group
    nvgpu.mbarrier.init %bars[%i], %n, predicate = %p : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    %tok = nvgpu.mbarrier.arrive %bars[%i] : !group -> !nvgpu.mbarrier.token
    %tok2 = nvgpu.mbarrier.arrive.nocomplete %bars[%i], %n : !group -> !nvgpu.mbarrier.token
    nvgpu.mbarrier.arrive.expect_tx %bars[%i], %n : !group
    nvgpu.mbarrier.arrive.expect_tx %bars[%i], %n, predicate = %p : !group
    %done = nvgpu.mbarrier.test.wait %bars[%i], %tok : !group, !nvgpu.mbarrier.token
    nvgpu.mbarrier.try_wait.parity %bars[%i], %parity, %n : !group
    nvgpu.mbarrier.try_wait.parity %bars[%i], %parity, %n : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    %ptr = nvgpu.mbarrier.get %bars[%i] : !group -> i32
    nvgpu.mbarrier.inval %bars[%i] : !group
    gpu.return
  }

  gpu.func @tma(%d: !desc, %s: memref<64x64xf16, 3>, %i: index, %mask: i16, %p: i1, %raw: memref<128xi8>, %smap: memref<128xi8, 3>) kernel {
    %bars = nvgpu.mbarrier.create -> !group
    nvgpu.tma.prefetch.descriptor %d : !desc
    nvgpu.tma.prefetch.descriptor %d, predicate = %p : !desc
    nvgpu.tma.fence.descriptor %d : !desc
    nvgpu.tma.async.load %d[%i, %i], %bars[%i] to %s : !desc, !group -> memref<64x64xf16, 3>
    nvgpu.tma.async.load %d[%i, %i], %bars[%i] to %s multicast_mask = %mask, predicate = %p : !desc, !group -> memref<64x64xf16, 3>
    nvgpu.tma.async.store %s to %d[%i, %i] : memref<64x64xf16, 3> -> !desc
    nvgpu.tma.async.store %s to %d[%i, %i], predicate = %p : memref<64x64xf16, 3> -> !desc
    nvgpu.tma.async.reduce %s to %d[%i, %i] kind = add : memref<64x64xf16, 3> -> !desc
    nvgpu.tensormap.create.descriptor %d to %smap : !desc -> memref<128xi8, 3>
    nvgpu.tensormap.cp_fenceproxy %raw to %d scope = gpu : memref<128xi8> -> !desc
    nvgpu.tensormap.replace %raw, box_dim[1] = %i : memref<128xi8>, index
    gpu.return
  }

  gpu.func @warpgroups(%s: memref<64x64xf16, 3>, %s2: memref<64x128xf16, 3>, %d: !desc, %out: memref<64x128xf32>) kernel {
    %da = nvgpu.warpgroup.generate.descriptor %s, %d : memref<64x64xf16, 3>, !desc -> !wgA
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %acc1 = nvgpu.warpgroup.mma %da, %da, %acc {transposeB} : !wgA, !wgA, !acc -> !acc
    %acc2 = nvgpu.warpgroup.mma %da, %da, %acc1 waitGroup = 1 transposeB : !wgA, !wgA, !acc -> !acc
    nvgpu.warpgroup.mma.store %acc2, %out : !acc to memref<64x128xf32>
    gpu.return
  }

  gpu.func @arithmetic(%v: vector<4xf32>, %w: vector<2xf32>, %h: vector<8xf16>, %bits: i32) kernel {
    %r0 = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>
    %r1 = nvgpu.rcp %v {rounding = approx} : vector<4xf32>
    %x0 = nvgpu.extf %h : vector<8xf16> to vector<8xf32>
    %x1 = nvgpu.extf %h <{relu = true}> : vector<8xf16> to vector<8xf32>
    %y0 = nvgpu.truncf %v : vector<4xf32> to vector<4xf8E4M3FN>
    %y1 = nvgpu.truncf %v, %bits : vector<4xf32> to vector<4xf8E4M3FN>
    %z0 = nvgpu.convert.fpext %h : vector<8xf16> to vector<8xf32>
    %z1 = nvgpu.convert.fptrunc %v : vector<4xf32> to vector<4xf16>
    %z2 = nvgpu.convert.float %v : vector<4xf32> to vector<4xbf16>
    %f = nvgpu.fma %w, %w, %w : vector<2xf32>
    %m = nvgpu.mul %w, %w : vector<2xf32>
    gpu.return
  }
}

func.func @host(%g: memref<128x128xf16>, %c64: index) {
  %desc = nvgpu.tma.create.descriptor %g box[%c64, %c64] : memref<128x128xf16> -> !desc
  return
}
