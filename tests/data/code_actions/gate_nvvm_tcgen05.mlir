// tcgen05 (5th-generation tensor core) memory needs a Blackwell family target.
gpu.module @blackwell [#nvvm.target<chip = "sm_90">] {
  func.func @alloc(%p: !llvm.ptr<3>, %n: i32) {
    nvvm.tcgen05.alloc %p, %n : !llvm.ptr<3>, i32
    return
  }
}
