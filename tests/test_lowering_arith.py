"""The arithmetic patterns: nvgpu.rcp (upstream's unrolling) and the packed f32x2 fma / mul."""

from __future__ import annotations

import pytest

from .lowering_support import assert_upstream_accepts, lower, lower_result, op_names, upstream_lowering

RCP = """\
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx70">] {{
  gpu.func @k(%v: {type}, %o: memref<4x{type}>, %i: index) kernel {{
    %r = nvgpu.rcp %v {attrs} : {type}
    memref.store %r, %o[%i] : memref<4x{type}>
    gpu.return
  }}
}}
"""

F32X2 = """\
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {{
  gpu.func @k(%a: vector<2xf32>, %b: vector<2xf32>, %c: vector<2xf32>, %o: memref<4xvector<2xf32>>, %i: index) kernel {{
    %r = {op} {attrs}: vector<2xf32>
    memref.store %r, %o[%i] : memref<4xvector<2xf32>>
    gpu.return
  }}
}}
"""


def _upstream_rcp(text: str) -> str:
    # The bindings spell nvgpu.rcp's properties as a plain dictionary.
    return text.replace("{rounding = approx, ftz}", "{approx = true, ftz = true}")


def _nvvm_llvm(text: str) -> list[str]:
    return [n for n in op_names(text) if n.startswith(("nvvm.", "llvm."))]


@pytest.mark.parametrize("type, count", [("vector<4xf32>", 4), ("vector<1xf32>", 1), ("vector<2x3xf32>", 6),
                                         ("vector<2x2x2xf32>", 8)])
def test_rcp_issues_one_approx_ftz_per_element(type, count):
    text = lower(RCP.format(type=type, attrs="{rounding = approx, ftz}"))
    assert text.count("nvvm.rcp.approx.ftz.f") == count
    assert text.count("llvm.insertelement") == count
    assert_upstream_accepts(text)


@pytest.mark.parametrize("type", ["vector<4xf32>", "vector<2x3xf32>", "vector<2x2x2xf32>"])
def test_rcp_ops_match_upstream_conversion(type):
    source = RCP.format(type=type, attrs="{rounding = approx, ftz}")
    assert _nvvm_llvm(lower(source)) == _nvvm_llvm(upstream_lowering(_upstream_rcp(source)))


def test_rcp_nd_goes_through_the_array_of_vectors():
    text = lower(RCP.format(type="vector<2x3xf32>", attrs="{rounding = approx, ftz}"))
    assert "to !llvm.array<2 x vector<3xf32>>" in text
    assert "llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>" in text
    assert "llvm.extractvalue" in text and "llvm.insertvalue" in text


def test_rcp_without_ftz_is_refused():
    result = lower_result(RCP.format(type="vector<4xf32>", attrs="{rounding = approx}"))
    assert result.text is None


@pytest.mark.parametrize("op, attrs, ptx", [
    ("nvgpu.fma %a, %b, %c", "<{rnd = #nvvm.fp_rnd_mode<rz>}> ", "fma.rz.f32x2 $0, $1, $2, $3;"),
    ("nvgpu.fma %a, %b, %c", "<{rnd = #nvvm.fp_rnd_mode<rm>, ftz}> ", "fma.rm.ftz.f32x2 $0, $1, $2, $3;"),
    ("nvgpu.fma %a, %b, %c", "<{ftz}> ", "fma.rn.ftz.f32x2 $0, $1, $2, $3;"),
    ("nvgpu.mul %a, %b", "<{rnd = #nvvm.fp_rnd_mode<rp>}> ", "mul.rp.f32x2 $0, $1, $2;"),
    ("nvgpu.mul %a, %b", "<{rnd = #nvvm.fp_rnd_mode<rz>, ftz}> ", "mul.rz.ftz.f32x2 $0, $1, $2;"),
])
def test_f32x2_modes_become_inline_ptx(op, attrs, ptx):
    text = lower(F32X2.format(op=op, attrs=attrs))
    assert f'llvm.inline_asm asm_dialect = att "{ptx}"' in text
    assert "llvm.bitcast %" in text and ": vector<2xf32> to i64" in text and ": i64 to vector<2xf32>" in text
    assert "has_side_effects" not in text
    assert_upstream_accepts(text)


def test_default_fma_is_the_vector_fma_intrinsic():
    text = lower(F32X2.format(op="nvgpu.fma %a, %b, %c", attrs=""))
    assert "llvm.intr.fma(%a, %b, %c) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>" in text
    assert "inline_asm" not in text
    assert_upstream_accepts(text)


def test_default_mul_is_a_vector_fmul():
    text = lower(F32X2.format(op="nvgpu.mul %a, %b", attrs="<{rnd = #nvvm.fp_rnd_mode<rn>}> "))
    assert "llvm.fmul %a, %b : vector<2xf32>" in text
    assert "inline_asm" not in text
    assert_upstream_accepts(text)


@pytest.mark.parametrize("name", ["arith_rcp", "arith_f32x2"])
def test_kernel_files_lower_and_upstream_accepts_them(name):
    from pathlib import Path
    text = (Path(__file__).parent / "data" / "lowering" / f"{name}.mlir").read_text()
    assert_upstream_accepts(lower(text))
