"""Loops and conditionals carrying nvgpu values are re-typed along with the nvgpu ops."""

from __future__ import annotations

import re

from .lowering_support import assert_upstream_accepts, lower

ACC = "!nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>>"
ACC_STRUCT = "!llvm.struct<(!llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>)>"

K_LOOP = f"""\
!acc = {ACC}
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {{
  gpu.func @g(%lb: index, %ub: index, %out: memref<64x16xf32>) kernel {{
    %i0 = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %i0) -> (!acc) {{
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc
      scf.yield %z : !acc
    }}
    nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x16xf32>
    gpu.return
  }}
}}
"""


def loop_header(text: str) -> str:
    return next(line for line in text.splitlines() if "scf.for" in line)


def test_a_loop_carrying_an_accumulator_carries_its_llvm_struct():
    text = lower(K_LOOP)
    header = loop_header(text)
    assert f"-> ({ACC_STRUCT})" in header and "nvgpu" not in header
    assert "scf.yield %nv" in text and f": {ACC_STRUCT}" in text
    assert_upstream_accepts(text)


def test_values_flowing_only_through_the_loop_need_no_casts_back():
    text = lower(K_LOOP)
    assert not re.search(r"unrealized_conversion_cast .* to !nvgpu", text)


def test_a_loop_result_used_by_an_unlowered_op_is_cast_back():
    source = f"""\
!acc = {ACC}
func.func @f(%lb: index, %ub: index, %init: !acc) -> !acc {{
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %init) -> (!acc) {{
    scf.yield %a : !acc
  }}
  return %r : !acc
}}
"""
    text = lower(source)
    assert f"builtin.unrealized_conversion_cast %init : {ACC} to {ACC_STRUCT}" in text
    back = re.search(rf"(%nv\d+) = builtin.unrealized_conversion_cast %r : {re.escape(ACC_STRUCT)} to {re.escape(ACC)}",
                     text)
    assert back and f"return {back.group(1)} : !acc" in text
    assert_upstream_accepts(text)


def test_a_block_argument_used_by_an_unlowered_op_is_cast_back_at_the_top_of_the_body():
    source = f"""\
!acc = {ACC}
func.func @f(%lb: index, %ub: index, %init: !acc, %c: i1) -> !acc {{
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %init) -> (!acc) {{
    %s = arith.select %c, %a, %a : !acc
    scf.yield %s : !acc
  }}
  return %r : !acc
}}
"""
    text = lower(source)
    body_start = text.index("scf.for")
    cast = re.search(rf"(%nv\d+) = builtin.unrealized_conversion_cast %a : {re.escape(ACC_STRUCT)}", text[body_start:])
    assert cast and f"arith.select %c, {cast.group(1)}, {cast.group(1)}" in text
    assert_upstream_accepts(text)


def test_an_if_yielding_mbarrier_tokens_is_retyped():
    source = """\
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%c: i1) kernel {
    %c0 = arith.constant 0 : index
    %b = nvgpu.mbarrier.create -> !bar
    %t = scf.if %c -> (!nvgpu.mbarrier.token) {
      %x = nvgpu.mbarrier.arrive %b[%c0] : !bar -> !nvgpu.mbarrier.token
      scf.yield %x : !nvgpu.mbarrier.token
    } else {
      %y = nvgpu.mbarrier.arrive.nocomplete %b[%c0], %c0 : !bar -> !nvgpu.mbarrier.token
      scf.yield %y : !nvgpu.mbarrier.token
    }
    %done = nvgpu.mbarrier.test.wait %b[%c0], %t : !bar, !nvgpu.mbarrier.token
    gpu.return
  }
}
"""
    text = lower(source)
    assert "scf.if %c -> (i64)" in text
    assert text.count(": i64\n") >= 2 or text.count("scf.yield %") == 2
    assert "!nvgpu.mbarrier.token" not in text.split("gpu.module", 1)[1].split("gpu.return")[0].replace(
        "to !nvgpu.mbarrier.token", "")
    assert_upstream_accepts(text)


def test_loops_over_index_and_memref_values_are_left_as_written():
    source = """\
func.func @f(%lb: index, %ub: index, %m: memref<4xf32>) -> index {
  %r:2 = scf.for %i = %lb to %ub step %lb iter_args(%a = %lb, %b = %m) -> (index, memref<4xf32>) {
    scf.yield %a, %b : index, memref<4xf32>
  }
  return %r#0 : index
}
"""
    assert lower(source) == source
