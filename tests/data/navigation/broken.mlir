// Broken on purpose — ünïcödé comment, 🚀 before the code
// (the parser recovers around each error)
!smem = memref<64xf16, 3>
gpu.module @kernels {
  gpu.func @fill(%buf: !smem, %i: index) kernel {
    %v = memref.load %buf[%i] : !smem
    %bad = arith.addf %v, : f16
    %w = arith.addf %v, %v : f16 // 🚀 still fine
    memref.store %w, %buf[%i] : !smem
    %q = nvgpu.ldmatrix %buf[%i] {numTiles = : vector<4x2xf16>
    gpu.return
  }
  gpu.func @other() kernel {
    %u = arith.constant 1 : i32
    cf.br ^exit
  ^exit:
    gpu.return
  }
}
func.func @host() {
  %c = arith.constant 1 : index
  gpu.launch_func @kernels::@fill blocks in (%c, %c, %c) threads in (%c, %c, %c)
  %x = arith.addi %c, %missing : index
  return
