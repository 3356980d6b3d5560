// 2:4 structured-sparse tensor-core multiply on Ampere (sm_80, PTX 7.1): one warp computes
// a 16x8 f32 tile of C = A * B where A (16x32 f16) is stored compressed, its non-zero half
// as 16x16 plus 2-bit index metadata, over K = 128 in steps of 32. Each step loads the
// compressed A tile and B (32x8, transposed out of its row-major K x N layout) with
// ldmatrix and issues mma.sp.sync m16n8k32 with sparsity selector 0 (threads 0,1 of each
// quad hold the metadata).
gpu.module @sparse_gemm [#nvvm.target<chip = "sm_80", features = "+ptx71">] {
  gpu.func @spmm_f16_f32(%a: memref<16x64xf16>, %meta: memref<4x32xi32>, %b: memref<128x8xf16>,
                         %c: memref<16x8xf32>)
      workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sb: memref<32x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c16 : index
    %blk = arith.divui %lane, %c16 : index
    %col = arith.muli %blk, %c8 : index
    %acc = scf.for %k = %c0 to %c128 step %c32 iter_args(%sum = %zero) -> (vector<2x2xf32>) {
      // The compressed A holds 16 of every 32 K columns.
      %ka = arith.divui %k, %c2 : index
      %kac = arith.addi %ka, %col : index
      %va = vector.load %a[%row, %kac] : memref<16x64xf16>, vector<8xf16>
      vector.store %va, %sa[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      %kb = arith.addi %k, %lane : index
      %vb = vector.load %b[%kb, %c0] : memref<128x8xf16>, vector<8xf16>
      vector.store %vb, %sb[%lane, %c0] : memref<32x8xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      gpu.barrier
      %fa = nvgpu.ldmatrix %sa[%row, %col] {numTiles = 4 : i32, transpose = false}
          : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %fb = nvgpu.ldmatrix %sb[%lane, %c0] {numTiles = 4 : i32, transpose = true}
          : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %step = arith.divui %k, %c32 : index
      %word = memref.load %meta[%step, %lane] : memref<4x32xi32>
      %words = vector.broadcast %word : i32 to vector<1xi32>
      %md = vector.bitcast %words : vector<1xi32> to vector<2xi16>
      %next = nvgpu.mma.sp.sync (%fa, %fb, %sum) metadata (%md) {mmaShape = [16, 8, 32]}
          : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %next : vector<2x2xf32>
    }
    %group_id = arith.divui %lane, %c4 : index
    %in_group = arith.remui %lane, %c4 : index
    %pair = arith.muli %in_group, %c2 : index
    %row8 = arith.addi %group_id, %c8 : index
    %top = vector.extract %acc[0] : vector<2xf32> from vector<2x2xf32>
    %bottom = vector.extract %acc[1] : vector<2xf32> from vector<2x2xf32>
    vector.store %top, %c[%group_id, %pair] : memref<16x8xf32>, vector<2xf32>
    vector.store %bottom, %c[%row8, %pair] : memref<16x8xf32>, vector<2xf32>
    gpu.return
  }
}
