// Warp-level tensor-core tiles on Ampere (sm_80, PTX 7.1), one warp per block.
//
// @gemm_f16: C(16x8, f32) = A(16xK, f16) * B(Kx8, f16). Each step of 16 along K copies the
// A tile (16 bytes per thread) and the B tile (8 bytes per thread) into shared memory with
// cp.async, waits for the group, loads the fragments with ldmatrix (A as four 8x8 tiles,
// B transposed out of its row-major K x N layout as two tiles) and accumulates with
// mma.sync m16n8k16. Each lane then writes its two rows of two f32 results.
//
// @gemm_i8: the same with 8-bit integers (m16n8k32, i32 accumulator, satfinite); ldmatrix
// moves 8-bit data as b16 pairs, so A is four tiles of 16 bytes per row and B, stored
// N x K (column-major), two tiles without transposition.
//
// @sparse_f16: a 2:4-sparse A (its non-zero half, 16x16 f16) times B (32x8) with
// mma.sp.sync m16n8k32 and an f16 accumulator; the metadata register comes from memory.
gpu.module @matrix_ampere_gemm [#nvvm.target<chip = "sm_80", features = "+ptx71">] {
  gpu.func @gemm_f16(%a: memref<16x256xf16>, %b: memref<256x8xf16>, %c: memref<16x8xf32>)
      workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sb: memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %lane = gpu.thread_id x
    // cp.async: thread t copies 8 halves of A row t/2 and 4 halves of B row t/2.
    %copy_row = arith.divui %lane, %c2 : index
    %half = arith.remui %lane, %c2 : index
    %a_col = arith.muli %half, %c8 : index
    %b_col = arith.muli %half, %c4 : index
    // ldmatrix: lane l gives the address of row l % 16, column block l / 16.
    %frag_row = arith.remui %lane, %c16 : index
    %frag_blk = arith.divui %lane, %c16 : index
    %frag_col = arith.muli %frag_blk, %c8 : index
    %acc = scf.for %k = %c0 to %c256 step %c16 iter_args(%sum = %zero) -> (vector<2x2xf32>) {
      %ka = arith.addi %k, %a_col : index
      %kb = arith.addi %k, %copy_row : index
      %t0 = nvgpu.device_async_copy %a[%copy_row, %ka], %sa[%copy_row, %a_col], 8 {bypassL1}
          : memref<16x256xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      %t1 = nvgpu.device_async_copy %b[%kb, %b_col], %sb[%copy_row, %b_col], 4
          : memref<256x8xf16> to memref<16x8xf16, #gpu.address_space<workgroup>>
      %group = nvgpu.device_async_create_group %t0, %t1
      nvgpu.device_async_wait %group {numGroups = 0 : i32}
      gpu.barrier
      %fa = nvgpu.ldmatrix %sa[%frag_row, %frag_col] {numTiles = 4 : i32, transpose = false}
          : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %fb = nvgpu.ldmatrix %sb[%frag_row, %c0] {numTiles = 2 : i32, transpose = true}
          : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %next = nvgpu.mma.sync (%fa, %fb, %sum) {mmaShape = [16, 8, 16]}
          : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %next : vector<2x2xf32>
    }
    // Lane l holds C[l/4][2*(l%4) .. +1] and C[l/4 + 8][2*(l%4) .. +1].
    %group_id = arith.divui %lane, %c4 : index
    %in_group = arith.remui %lane, %c4 : index
    %col = arith.muli %in_group, %c2 : index
    %row8 = arith.addi %group_id, %c8 : index
    %top = vector.extract %acc[0] : vector<2xf32> from vector<2x2xf32>
    %bottom = vector.extract %acc[1] : vector<2xf32> from vector<2x2xf32>
    vector.store %top, %c[%group_id, %col] : memref<16x8xf32>, vector<2xf32>
    vector.store %bottom, %c[%row8, %col] : memref<16x8xf32>, vector<2xf32>
    gpu.return
  }

  gpu.func @gemm_i8(%a: memref<16x32xi8>, %bt: memref<8x32xi8>, %c: memref<16x8xi32>)
      workgroup(%sa: memref<16x32xi8, #gpu.address_space<workgroup>>,
                %sb: memref<8x32xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0> : vector<2x2xi32>
    %lane = gpu.thread_id x
    %copy_row = arith.divui %lane, %c2 : index
    %half = arith.remui %lane, %c2 : index
    %a_col = arith.muli %half, %c16 : index
    %b_row = arith.remui %lane, %c8 : index
    %b_blk = arith.divui %lane, %c8 : index
    %b_col = arith.muli %b_blk, %c8 : index
    %t0 = nvgpu.device_async_copy %a[%copy_row, %a_col], %sa[%copy_row, %a_col], 16 {bypassL1}
        : memref<16x32xi8> to memref<16x32xi8, #gpu.address_space<workgroup>>
    %t1 = nvgpu.device_async_copy %bt[%b_row, %b_col], %sb[%b_row, %b_col], 8
        : memref<8x32xi8> to memref<8x32xi8, #gpu.address_space<workgroup>>
    %group = nvgpu.device_async_create_group %t0, %t1
    nvgpu.device_async_wait %group
    gpu.barrier
    %frag_row = arith.remui %lane, %c16 : index
    %frag_blk = arith.divui %lane, %c16 : index
    %frag_col = arith.muli %frag_blk, %c16 : index
    %fa = nvgpu.ldmatrix %sa[%frag_row, %frag_col] {numTiles = 4 : i32, transpose = false}
        : memref<16x32xi8, #gpu.address_space<workgroup>> -> vector<4x4xi8>
    %fb = nvgpu.ldmatrix %sb[%b_row, %b_col] {numTiles = 2 : i32, transpose = false}
        : memref<8x32xi8, #gpu.address_space<workgroup>> -> vector<2x4xi8>
    %acc = nvgpu.mma.sync (%fa, %fb, %zero) {mmaShape = [16, 8, 32]}
        : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    %group_id = arith.divui %lane, %c4 : index
    %in_group = arith.remui %lane, %c4 : index
    %col = arith.muli %in_group, %c2 : index
    %row8 = arith.addi %group_id, %c8 : index
    %top = vector.extract %acc[0] : vector<2xi32> from vector<2x2xi32>
    %bottom = vector.extract %acc[1] : vector<2xi32> from vector<2x2xi32>
    vector.store %top, %c[%group_id, %col] : memref<16x8xi32>, vector<2xi32>
    vector.store %bottom, %c[%row8, %col] : memref<16x8xi32>, vector<2xi32>
    gpu.return
  }

  gpu.func @sparse_f16(%meta: memref<32xi32>, %c: memref<16x8xf16>)
      workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sb: memref<32x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf16>
    %lane = gpu.thread_id x
    %frag_row = arith.remui %lane, %c16 : index
    %frag_blk = arith.divui %lane, %c16 : index
    %frag_col = arith.muli %frag_blk, %c8 : index
    %fa = nvgpu.ldmatrix %sa[%frag_row, %frag_col] {numTiles = 4 : i32, transpose = false}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %fb = nvgpu.ldmatrix %sb[%lane, %c0] {numTiles = 4 : i32, transpose = true}
        : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %word = memref.load %meta[%lane] : memref<32xi32>
    %word_vec = vector.broadcast %word : i32 to vector<1xi32>
    %md = vector.bitcast %word_vec : vector<1xi32> to vector<2xi16>
    %acc = nvgpu.mma.sp.sync (%fa, %fb, %zero) metadata (%md) {mmaShape = [16, 8, 32]}
        : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %group_id = arith.divui %lane, %c4 : index
    %in_group = arith.remui %lane, %c4 : index
    %col = arith.muli %in_group, %c2 : index
    %row8 = arith.addi %group_id, %c8 : index
    %top = vector.extract %acc[0] : vector<2xf16> from vector<2x2xf16>
    %bottom = vector.extract %acc[1] : vector<2xf16> from vector<2x2xf16>
    vector.store %top, %c[%group_id, %col] : memref<16x8xf16>, vector<2xf16>
    vector.store %bottom, %c[%row8, %col] : memref<16x8xf16>, vector<2xf16>
    gpu.return
  }
}
