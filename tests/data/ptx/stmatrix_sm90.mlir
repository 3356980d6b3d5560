// An mma.sync tile written back through stmatrix on Hopper (sm_90, PTX 7.8): one warp
// multiplies a 16x16 f16 A tile by a 16x16 B tile (two n8 halves) with f16 accumulators;
// the 16x16 f16 result is four 8x8 tiles in the mma register layout, which stmatrix .x4
// stores to shared memory in one instruction (lane l gives the address of row l % 16 in
// column block l / 16). The block then copies the tile out with 16-byte vector stores.
// nvgpu.stmatrix is an nvgpu-ls extension op: only the builtin engine lowers it.
gpu.module @stmatrix_epilogue [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
  gpu.func @mma_f16_then_stmatrix(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf16>)
      workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sb: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sc: memref<16x16xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf16>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c16 : index
    %blk = arith.divui %lane, %c16 : index
    %col = arith.muli %blk, %c8 : index
    // Stage A and B: lane l moves 8 halves of row l % 16 of each, at column block l / 16.
    %va = vector.load %a[%row, %col] : memref<16x16xf16>, vector<8xf16>
    vector.store %va, %sa[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    %vb = vector.load %b[%row, %col] : memref<16x16xf16>, vector<8xf16>
    vector.store %vb, %sb[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    gpu.barrier
    %fa = nvgpu.ldmatrix %sa[%row, %col] {numTiles = 4 : i32, transpose = false}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %fb = nvgpu.ldmatrix %sb[%row, %col] {numTiles = 4 : i32, transpose = true}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %fb0 = vector.extract_strided_slice %fb {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
        : vector<4x2xf16> to vector<2x2xf16>
    %fb1 = vector.extract_strided_slice %fb {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]}
        : vector<4x2xf16> to vector<2x2xf16>
    %left = nvgpu.mma.sync (%fa, %fb0, %zero) {mmaShape = [16, 8, 16]}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %right = nvgpu.mma.sync (%fa, %fb1, %zero) {mmaShape = [16, 8, 16]}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    // Tiles in stmatrix order: rows 0-7 / 8-15 of the left half, then of the right half.
    %tiles = vector.shuffle %left, %right [0, 1, 2, 3] : vector<2x2xf16>, vector<2x2xf16>
    nvgpu.stmatrix %tiles, %sc[%row, %col] numTiles = 4 transpose = false
        : vector<4x2xf16> -> memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %vc = vector.load %sc[%row, %col] : memref<16x16xf16, #gpu.address_space<workgroup>>, vector<8xf16>
    vector.store %vc, %c[%row, %col] : memref<16x16xf16>, vector<8xf16>
    gpu.return
  }
}
