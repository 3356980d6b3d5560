// Writing mma.sync results back through stmatrix on Hopper (sm_90, PTX 8.0).
//
// @mma_then_stmatrix: one warp multiplies a 16x16 A tile by a 16x8 B tile (both loaded with
// ldmatrix) with an f16 accumulator; the 16x8 f16 result is exactly two 8x8 tiles in the
// mma register layout, so stmatrix .x2 stores it to shared memory in one instruction (lane
// l gives the address of row l % 16), from where the block copies it out to global memory.
//
// @transpose_tiles: stmatrix .x4.trans stores four bf16 8x8 tiles transposed, and .x1 one
// i16 tile as it is, each lane handing over the registers it loaded with ldmatrix.
gpu.module @matrix_hopper_stmatrix [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @mma_then_stmatrix(%out: memref<16x8xf16>)
      workgroup(%sa: memref<16x16xf16, #gpu.address_space<workgroup>>,
                %sb: memref<16x8xf16, #gpu.address_space<workgroup>>,
                %sc: memref<16x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf16>
    %lane = gpu.thread_id x
    %row = arith.remui %lane, %c16 : index
    %blk = arith.divui %lane, %c16 : index
    %col = arith.muli %blk, %c8 : index
    %fa = nvgpu.ldmatrix %sa[%row, %col] {numTiles = 4 : i32, transpose = false}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %fb = nvgpu.ldmatrix %sb[%row, %c0] {numTiles = 2 : i32, transpose = true}
        : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %acc = nvgpu.mma.sync (%fa, %fb, %zero) {mmaShape = [16, 8, 16]}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    nvgpu.stmatrix %acc, %sc[%row, %c0] numTiles = 2 transpose = false
        : vector<2x2xf16> -> memref<16x8xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %lt16 = arith.cmpi ult, %lane, %c16 : index
    scf.if %lt16 {
      %half_row = arith.remui %lane, %c16 : index
      %v = vector.load %sc[%half_row, %c0] : memref<16x8xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      vector.store %v, %out[%half_row, %c0] : memref<16x8xf16>, vector<8xf16>
    }
    gpu.return
  }

  gpu.func @transpose_tiles()
      workgroup(%src: memref<32x8xbf16, #gpu.address_space<workgroup>>,
                %dst: memref<32x8xbf16, #gpu.address_space<workgroup>>,
                %words: memref<8x8xi16, #gpu.address_space<workgroup>>,
                %copy: memref<8x8xi16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %lane = gpu.thread_id x
    %tiles = nvgpu.ldmatrix %src[%lane, %c0] {numTiles = 4 : i32, transpose = false}
        : memref<32x8xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    nvgpu.stmatrix %tiles, %dst[%lane, %c0] {numTiles = 4 : i32, transpose = true}
        : vector<4x2xbf16> -> memref<32x8xbf16, #gpu.address_space<workgroup>>
    %row = arith.remui %lane, %c8 : index
    %one = nvgpu.ldmatrix %words[%row, %c0] {numTiles = 1 : i32, transpose = false}
        : memref<8x8xi16, #gpu.address_space<workgroup>> -> vector<1x2xi16>
    nvgpu.stmatrix %one, %copy[%row, %c0] numTiles = 1 transpose = false
        : vector<1x2xi16> -> memref<8x8xi16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
