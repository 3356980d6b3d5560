// A 16x16 tile of C = A * B per block on Ampere (sm_80, PTX 7.0), one warp per block, f16
// inputs and an f32 accumulator, with a two-stage cp.async pipeline along K.
//
// Each K step of 32 moves a 16x32 slice of A and a 32x16 slice of B (1 KiB each, two
// 16-byte cp.async.cg copies per lane and matrix) into one of two shared-memory stages while
// the tensor cores work on the other: the copies of step k+1 are issued before waiting for
// those of step k (numGroups = 1). The last step issues zero-byte copies (srcElements = 0)
// so that every iteration commits one group. Per stage, two k16 sub-steps load A with
// ldmatrix.x4 and B with ldmatrix.x4.trans (two n8 fragments) and issue two mma.sync
// m16n8k16. Lane l then writes rows l/4 and l/4 + 8, columns 2*(l%4) .. +1 of both n8 halves.
gpu.module @ampere_gemm [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
  gpu.func @gemm_f16_f32(%a: memref<128x512xf16>, %b: memref<512x128xf16>, %c: memref<128x128xf32>)
      workgroup(%sa: memref<2x16x32xf16, #gpu.address_space<workgroup>>,
                %sb: memref<2x32x16xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c480 = arith.constant 480 : index
    %c512 = arith.constant 512 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %lane = gpu.thread_id x
    %tile_m = gpu.block_id x
    %tile_n = gpu.block_id y
    %row0 = arith.muli %tile_m, %c16 : index
    %col0 = arith.muli %tile_n, %c16 : index

    // Copy coordinates: A rows lane/2, chunks (lane%2) and (lane%2)+2 of 8 halves;
    // B row lane, chunks 0 and 1.
    %a_row = arith.divui %lane, %c2 : index
    %a_chunk = arith.remui %lane, %c2 : index
    %a_k0 = arith.muli %a_chunk, %c8 : index
    %a_k1 = arith.addi %a_k0, %c16 : index
    %a_grow = arith.addi %row0, %a_row : index
    %b_col1 = arith.addi %col0, %c8 : index

    // Prologue: K step 0 into stage 0.
    %p0 = nvgpu.device_async_copy %a[%a_grow, %a_k0], %sa[%c0, %a_row, %a_k0], 8 {bypassL1}
        : memref<128x512xf16> to memref<2x16x32xf16, #gpu.address_space<workgroup>>
    %p1 = nvgpu.device_async_copy %a[%a_grow, %a_k1], %sa[%c0, %a_row, %a_k1], 8 {bypassL1}
        : memref<128x512xf16> to memref<2x16x32xf16, #gpu.address_space<workgroup>>
    %p2 = nvgpu.device_async_copy %b[%lane, %col0], %sb[%c0, %lane, %c0], 8 {bypassL1}
        : memref<512x128xf16> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
    %p3 = nvgpu.device_async_copy %b[%lane, %b_col1], %sb[%c0, %lane, %c8], 8 {bypassL1}
        : memref<512x128xf16> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
    %prologue = nvgpu.device_async_create_group %p0, %p1, %p2, %p3

    // ldmatrix coordinates: lane l gives row l % 16 of column block l / 16.
    %frag_row = arith.remui %lane, %c16 : index
    %frag_blk = arith.divui %lane, %c16 : index
    %frag_col = arith.muli %frag_blk, %c8 : index

    %acc:2 = scf.for %k = %c0 to %c512 step %c32 iter_args(%left = %zero, %right = %zero)
        -> (vector<2x2xf32>, vector<2x2xf32>) {
      %step = arith.divui %k, %c32 : index
      %stage = arith.remui %step, %c2 : index
      %other = arith.subi %c1, %stage : index
      // Issue step k+1 (zero bytes past the end, at a clamped in-bounds address).
      %k_next = arith.addi %k, %c32 : index
      %has_next = arith.cmpi ult, %k_next, %c512 : index
      %k_load = arith.minui %k_next, %c480 : index
      %count = arith.select %has_next, %c8, %c0 : index
      %ka0 = arith.addi %k_load, %a_k0 : index
      %ka1 = arith.addi %k_load, %a_k1 : index
      %kb = arith.addi %k_load, %lane : index
      %n0 = nvgpu.device_async_copy %a[%a_grow, %ka0], %sa[%other, %a_row, %a_k0], 8, %count {bypassL1}
          : memref<128x512xf16> to memref<2x16x32xf16, #gpu.address_space<workgroup>>
      %n1 = nvgpu.device_async_copy %a[%a_grow, %ka1], %sa[%other, %a_row, %a_k1], 8, %count {bypassL1}
          : memref<128x512xf16> to memref<2x16x32xf16, #gpu.address_space<workgroup>>
      %n2 = nvgpu.device_async_copy %b[%kb, %col0], %sb[%other, %lane, %c0], 8, %count {bypassL1}
          : memref<512x128xf16> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
      %n3 = nvgpu.device_async_copy %b[%kb, %b_col1], %sb[%other, %lane, %c8], 8, %count {bypassL1}
          : memref<512x128xf16> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
      %next = nvgpu.device_async_create_group %n0, %n1, %n2, %n3
      // All but the newest group done: this stage has landed.
      nvgpu.device_async_wait %next {numGroups = 1 : i32}
      gpu.barrier
      %sums:2 = scf.for %kk = %c0 to %c32 step %c16 iter_args(%l = %left, %r = %right)
          -> (vector<2x2xf32>, vector<2x2xf32>) {
        %a_col = arith.addi %kk, %frag_col : index
        %b_row = arith.addi %kk, %frag_row : index
        %fa = nvgpu.ldmatrix %sa[%stage, %frag_row, %a_col] {numTiles = 4 : i32, transpose = false}
            : memref<2x16x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %fb = nvgpu.ldmatrix %sb[%stage, %b_row, %frag_col] {numTiles = 4 : i32, transpose = true}
            : memref<2x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %fb0 = vector.extract_strided_slice %fb {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
            : vector<4x2xf16> to vector<2x2xf16>
        %fb1 = vector.extract_strided_slice %fb {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]}
            : vector<4x2xf16> to vector<2x2xf16>
        %l2 = nvgpu.mma.sync (%fa, %fb0, %l) {mmaShape = [16, 8, 16]}
            : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %r2 = nvgpu.mma.sync (%fa, %fb1, %r) {mmaShape = [16, 8, 16]}
            : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %l2, %r2 : vector<2x2xf32>, vector<2x2xf32>
      }
      // The next iteration's copies overwrite this stage.
      gpu.barrier
      scf.yield %sums#0, %sums#1 : vector<2x2xf32>, vector<2x2xf32>
    }

    %group_id = arith.divui %lane, %c4 : index
    %in_group = arith.remui %lane, %c4 : index
    %pair = arith.muli %in_group, %c2 : index
    %top = arith.addi %row0, %group_id : index
    %bottom = arith.addi %top, %c8 : index
    %left_col = arith.addi %col0, %pair : index
    %right_col = arith.addi %left_col, %c8 : index
    %l_top = vector.extract %acc#0[0] : vector<2xf32> from vector<2x2xf32>
    %l_bottom = vector.extract %acc#0[1] : vector<2xf32> from vector<2x2xf32>
    %r_top = vector.extract %acc#1[0] : vector<2xf32> from vector<2x2xf32>
    %r_bottom = vector.extract %acc#1[1] : vector<2xf32> from vector<2x2xf32>
    vector.store %l_top, %c[%top, %left_col] : memref<128x128xf32>, vector<2xf32>
    vector.store %l_bottom, %c[%bottom, %left_col] : memref<128x128xf32>, vector<2xf32>
    vector.store %r_top, %c[%top, %right_col] : memref<128x128xf32>, vector<2xf32>
    vector.store %r_bottom, %c[%bottom, %right_col] : memref<128x128xf32>, vector<2xf32>
    gpu.return
  }
}
