// A copy kernel, a reduction and their host launch: every kind of name the navigation
// features know (values, %x:2 groups, block labels, nested symbols, aliases).
#identity = affine_map<(d0) -> (d0)>
!buffer = memref<128xf32>
module attributes {gpu.container_module} {
  // Größe: 128 × f32 — 🚀 kernels below
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @copy(%src: !buffer, %dst: memref<128xf32, #identity>, %n: index) kernel {
      %tid = gpu.thread_id x
      %in = arith.cmpi ult, %tid, %n : index
      cf.cond_br %in, ^load, ^done
    ^load:
      %v = memref.load %src[%tid] : !buffer
      memref.store %v, %dst[%tid] : memref<128xf32, #identity>
      cf.br ^done
    ^done:
      gpu.return
    }
    gpu.func @sum(%src: !buffer) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %i = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (f32) {
        %e = memref.load %src[%i] : !buffer
        %next = arith.addf %acc, %e : f32
        scf.yield %next : f32
      }
      gpu.return
    }
  }
  memref.global "private" @table : memref<128xf32> = dense<0.0>
  func.func @pair() -> (i32, i32) {
    %p:2 = "test.two"() : () -> (i32, i32)
    %s = arith.addi %p#0, %p#1 : i32
    return %p#0, %s : i32, i32
  }
  func.func private @"größe🚀"(i32) -> i32
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t = memref.get_global @table : memref<128xf32>
    %r:2 = func.call @pair() : () -> (i32, i32)
    %g = func.call @"größe🚀"(%r#1) : (i32) -> i32
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%t : memref<128xf32>, %t : memref<128xf32>, %c128 : index)
    gpu.launch_func @kernels::@sum blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%t : memref<128xf32>)
    return
  }
}
