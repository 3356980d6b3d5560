"""gpu.warp_execute_on_lane_0 lowered by the builtin engine: a lane-0 scf.if whose boundary
values move through gpu.shuffle (lowering/warp_lane0.py), gated to sm_70 / PTX 6.0.

Upstream parses and verifies every lowered text; the PTX of each kernel is assembled by ptxas.
The kernel of tests/data/ptx/warp_lane0_sm80.mlir also ran on an H200 with the results NumPy
expects (tools/run_kernels_on_gpu.py, docs/gpu.md).
"""

from __future__ import annotations

import re

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.ptx import find_ptxas
from nvgpu_ls.ptx.preview import PreviewOptions, preview_ptx
from nvgpu_ls.verify import check_document

from .lowering_support import assert_upstream_accepts, lower, lower_result

NEEDS_PTXAS = pytest.mark.skipif(find_ptxas() is None, reason="no ptxas (PATH or nvidia-cuda-nvcc wheel)")


def kernel(body: str, args: str = "", chip: str = "sm_80") -> str:
    return (f'gpu.module @m [#nvvm.target<chip = "{chip}">] {{\n'
            f"  gpu.func @k({args}) kernel {{\n    %lane = gpu.lane_id\n{body}\n    gpu.return\n  }}\n}}\n")


UNIFORM = kernel("""    %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%x : f32) -> (f32) {
    ^bb0(%y: f32):
      %z = arith.addf %y, %y : f32
      gpu.yield %z : f32
    }
    memref.store %r, %out[%lane] : memref<32xf32>""", "%x: f32, %out: memref<32xf32>")


def test_body_runs_under_a_lane_0_condition_and_its_yield_becomes_scf_yield() -> None:
    text = lower(UNIFORM)
    assert "gpu.warp_execute_on_lane_0" not in text and "gpu.yield" not in text
    assert re.search(r"arith.cmpi eq, %lane, %\w+ : index", text)
    assert re.search(r"scf.if %\w+ -> \(f32\) \{", text) and "scf.yield %z : f32" in text
    assert "%y = builtin.unrealized_conversion_cast %x : f32 to f32" in text
    assert_upstream_accepts(text)


def test_a_uniform_result_is_broadcast_from_lane_0_with_one_shuffle() -> None:
    text = lower(UNIFORM)
    assert len(re.findall(r"gpu.shuffle idx %\w+, %\w+, %\w+ : f32", text)) == 1
    assert re.search(r"%r = builtin.unrealized_conversion_cast %\w+ : f32 to f32", text)


def test_an_op_without_results_or_arguments_is_a_plain_lane_0_if() -> None:
    text = lower(kernel("""    gpu.warp_execute_on_lane_0(%lane)[32] {
      %z = arith.constant 0.0 : f32
      memref.store %z, %out[%lane] : memref<32xf32>
    }""", "%out: memref<32xf32>"))
    assert re.search(r"scf.if %\w+ \{", text) and "gpu.shuffle" not in text
    assert_upstream_accepts(text)


def test_distributed_operand_is_gathered_one_shuffle_per_element_of_every_lane() -> None:
    text = lower(kernel("""    %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<2xf32>) -> (f32) {
    ^bb0(%all: vector<64xf32>):
      %s = vector.reduction <add>, %all : vector<64xf32> into f32
      gpu.yield %s : f32
    }
    memref.store %r, %out[%lane] : memref<32xf32>""", "%v: vector<2xf32>, %out: memref<32xf32>"))
    assert len(re.findall(r"gpu.shuffle idx", text)) == 64 + 1
    assert re.search(r"%all = builtin.unrealized_conversion_cast %\w+ : vector<64xf32> to vector<64xf32>", text)
    assert_upstream_accepts(text)


def test_distributed_result_gives_each_lane_its_slice_at_laneid_times_k() -> None:
    text = lower(kernel("""    %r = gpu.warp_execute_on_lane_0(%lane)[32] -> (vector<4xf32>) {
      %c = arith.constant dense<1.0> : vector<128xf32>
      gpu.yield %c : vector<128xf32>
    }
    vector.store %r, %out[%lane] : memref<256xf32>, vector<4xf32>""", "%out: memref<256xf32>"))
    assert len(re.findall(r"gpu.shuffle idx", text)) == 128
    assert re.search(r"arith.muli %lane, %\w+ : index", text)
    assert len(re.findall(r"vector.extract %\w+\[%\w+\] : f32 from vector<128xf32>", text)) == 4
    assert_upstream_accepts(text)


def test_nvgpu_ops_inside_the_body_are_lowered_in_place() -> None:
    text = lower(kernel("""    gpu.warp_execute_on_lane_0(%lane)[32] {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      nvgpu.mbarrier.init %bars[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    }""", "%bars: !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"))
    assert "nvvm.mbarrier.init" in text and "nvgpu.mbarrier.init" not in text
    assert re.search(r"scf.if %\w+ \{", text)
    assert_upstream_accepts(text)


@pytest.mark.parametrize("header, why", [
    ("%r = gpu.warp_execute_on_lane_0(%lane)[64] -> (f32) {", "warp of 32 lanes only"),
    ("%r = gpu.warp_execute_on_lane_0(%lane)[32] -> (vector<1x2xf32>) {", "1-D vectors distributed"),
])
def test_what_registers_cannot_carry_is_refused_with_a_diagnostic(header: str, why: str) -> None:
    inner = "vector<32x2xf32>" if "1x2" in header else "f32"
    value = "dense<1.0> : vector<32x2xf32>" if "1x2" in header else "1.0 : f32"
    result = lower_result(kernel(f"""    {header}
      %c = arith.constant {value}
      gpu.yield %c : {inner}
    }}"""))
    assert result.text is None
    assert any(why in d.message and d.code == "lowering.unsupported" for d in result.diagnostics), \
        [d.message for d in result.diagnostics]


def test_gate_wants_sm_70() -> None:
    found = check_document(Document(kernel("""    gpu.warp_execute_on_lane_0(%lane)[32] {
    }""", chip="sm_60")))
    assert [(d.code, d.message) for d in found if d.code.endswith("-gate")] == [
        ("gpu.sm-gate", "'gpu.warp_execute_on_lane_0' requires sm_70; this gpu.module targets sm_60")]
    assert not [d for d in check_document(Document(kernel("    gpu.warp_execute_on_lane_0(%lane)[32] {\n    }",
                                                          chip="sm_70"))) if d.code.endswith("-gate")]


@NEEDS_PTXAS
def test_every_element_width_crosses_the_boundary_and_ptxas_accepts_it() -> None:
    types = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "index", "vector<3xi8>"]
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    names = ", ".join(f"%a{i}" for i in range(len(types)))
    typed = ", ".join(types)
    blocks = ", ".join(f"%b{i}: {t}" for i, t in enumerate(types))
    yields = ", ".join(f"%b{i}" for i in range(len(types)))
    body = (f"    %r:{len(types)} = gpu.warp_execute_on_lane_0(%lane)[32] args({names} : {typed}) -> ({typed}) {{\n"
            f"    ^bb0({blocks}):\n      gpu.yield {yields} : {typed}\n    }}\n"
            + "".join(f"    memref.store %r#{i}, %o{i}[%lane] : memref<32x{t}>\n"
                      for i, t in enumerate(types) if not t.startswith("vector")))
    outs_args = ", ".join(f"%o{i}: memref<32x{t}>" for i, t in enumerate(types) if not t.startswith("vector"))
    text = kernel(body, f"{args}, {outs_args}")
    lowered = lower(text)
    assert_upstream_accepts(lowered)
    preview = preview_ptx(text, "widths.mlir", PreviewOptions(validate=True))
    assert preview.ptx, [d.message for d in preview.diagnostics]
    assert not [d for d in preview.diagnostics if d.severity.name == "ERROR"], [d.message for d in preview.diagnostics]
    assert preview.ptx.count("shfl.sync.idx.b32") >= len(types)


def test_the_generic_form_is_refused_with_a_diagnostic_not_misread() -> None:
    result = lower_result(kernel("""    "gpu.warp_execute_on_lane_0"(%lane) <{warp_size = 32 : i64}> ({
      gpu.yield
    }) : (index) -> ()"""))
    assert result.text is None
    assert any("custom form only" in d.message for d in result.diagnostics), [d.message for d in result.diagnostics]
