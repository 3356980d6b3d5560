"""The SM / PTX ISA requirements of nvvm ops that ptxas accepts on more than one
architecture-specific or family target (``also=``), checked through the target gate.

Each case is one op in a gpu.module with an ``#nvvm.target``: a chip (and PTX ISA) ptxas
13.0 assembles the op's instruction for, which must pass, and one it rejects, which must
get the ``'nvvm.X' op is not supported on sm_NN`` error. The ptxas evidence is in each
op's ``Requirement.note`` in ``nvgpu_ls/dialects/overlay/nvvm.py``.
"""

from __future__ import annotations

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify.gate import check_targets

ARGS = ("%p3: !llvm.ptr<3>, %p6: !llvm.ptr<6>, %n: i32, %d64: i64, %b: i1, %f: f32, %g: f32, "
        "%v2h: vector<2xf16>, %v2bf: vector<2xbf16>, %v2i8: vector<2xi8>, %i8: i8, %i16: i16, "
        "%v4f: vector<4xf32>")

OPS: dict[str, str] = {
    "tcgen05.alloc": "nvvm.tcgen05.alloc %p3, %n : !llvm.ptr<3>, i32",
    "tcgen05.dealloc": "nvvm.tcgen05.dealloc %p6, %n : !llvm.ptr<6>, i32",
    "tcgen05.relinquish_alloc_permit": "nvvm.tcgen05.relinquish_alloc_permit",
    "tcgen05.fence": "nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>",
    "tcgen05.wait": "nvvm.tcgen05.wait #nvvm.tcgen05_wait<load>",
    "tcgen05.commit": "nvvm.tcgen05.commit %p3 : !llvm.ptr<3>",
    "tcgen05.shift": "nvvm.tcgen05.shift %p6 : !llvm.ptr<6>",
    "tcgen05.cp": "nvvm.tcgen05.cp %p6, %d64 {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}",
    "tcgen05.ld": "%r = nvvm.tcgen05.ld %p6 {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>",
    "tcgen05.st": ("%v = llvm.mlir.undef : vector<4xi32>\n    "
                   "nvvm.tcgen05.st %p6, %v {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>"),
    "tcgen05.mma": ("nvvm.tcgen05.mma %p6, %d64, %d64, %n, %b {kind = #nvvm.tcgen05_mma_kind<f16>} : "
                    "(!llvm.ptr<6>, i64, i64, i32, i1)"),
    "tcgen05.mma.i8": ("nvvm.tcgen05.mma %p6, %d64, %d64, %n, %b {kind = #nvvm.tcgen05_mma_kind<i8>} : "
                       "(!llvm.ptr<6>, i64, i64, i32, i1)"),
    "convert.bf16x2.to.f8x2": ("%r = nvvm.convert.bf16x2.to.f8x2 %v2bf {rnd = #nvvm.fp_rnd_mode<rz>} : "
                               "vector<2xbf16> -> i16 (f8E8M0FNU)"),
    "convert.f32x2.to.f6x2": "%r = nvvm.convert.f32x2.to.f6x2 %f, %g : i16 (f6E2M3FN)",
    "convert.f16x2.to.f6x2": "%r = nvvm.convert.f16x2.to.f6x2 %v2h : vector<2xf16> -> i16 (f6E2M3FN)",
    "convert.bf16x2.to.f6x2": "%r = nvvm.convert.bf16x2.to.f6x2 %v2bf : vector<2xbf16> -> i16 (f6E2M3FN)",
    "convert.f32x2.to.f4x2": "%r = nvvm.convert.f32x2.to.f4x2 %f, %g : i8 (f4E2M1FN)",
    "convert.f8x2.to.bf16x2": "%r = nvvm.convert.f8x2.to.bf16x2 %v2i8 : vector<2xi8> (f8E8M0FNU) -> vector<2xbf16>",
    "convert.f6x2.to.f16x2": "%r = nvvm.convert.f6x2.to.f16x2 %v2i8 : vector<2xi8> (f6E2M3FN) -> vector<2xf16>",
    "convert.f6x2.to.bf16x2": "%r = nvvm.convert.f6x2.to.bf16x2 %v2i8 : vector<2xi8> (f6E2M3FN) -> vector<2xbf16>",
    "convert.f4x2.to.f16x2": "%r = nvvm.convert.f4x2.to.f16x2 %i8 : i8 (f4E2M1FN) -> vector<2xf16>",
    "convert.f4x2.to.bf16x2": "%r = nvvm.convert.f4x2.to.bf16x2 %i8 : i8 (f4E2M1FN) -> vector<2xbf16>",
    "convert.f32x4.to.f8x4": "%r = nvvm.convert.f32x4.to.f8x4 %v4f, %n : vector<4xf32> -> vector<4xi8> (f8E4M3FN)",
    "convert.f32x4.to.f6x4": "%r = nvvm.convert.f32x4.to.f6x4 %v4f, %n : vector<4xf32> -> vector<4xi8> (f6E2M3FN)",
    "convert.f32x4.to.f4x4": "%r = nvvm.convert.f32x4.to.f4x4 %v4f, %n : vector<4xf32> -> i16 (f4E2M1FN)",
    "convert.f32x2.to.f8x2": ("%r = nvvm.convert.f32x2.to.f8x2 %f, %g {rnd = #nvvm.fp_rnd_mode<rn>, "
                              "sat = #nvvm.sat_mode<satfinite>} : i16 (f8E4M3FN)"),
    "convert.f16x2.to.f8x2": "%r = nvvm.convert.f16x2.to.f8x2 %v2h : vector<2xf16> -> i16 (f8E5M2)",
    "convert.f8x2.to.f16x2": "%r = nvvm.convert.f8x2.to.f16x2 %v2i8 : vector<2xi8> (f8E4M3FN) -> vector<2xf16>",
    "setmaxregister": "nvvm.setmaxregister increase 232",
}

TCGEN05_FAMILY = ("tcgen05.alloc", "tcgen05.dealloc", "tcgen05.relinquish_alloc_permit", "tcgen05.fence",
                  "tcgen05.wait", "tcgen05.commit", "tcgen05.cp", "tcgen05.ld", "tcgen05.st", "tcgen05.mma")
CONVERT_FAMILY = ("convert.bf16x2.to.f8x2", "convert.f32x2.to.f6x2", "convert.f32x2.to.f4x2",
                  "convert.f8x2.to.bf16x2", "convert.f6x2.to.f16x2", "convert.f4x2.to.f16x2")
CONVERT_FAMILY_91 = ("convert.f16x2.to.f6x2", "convert.bf16x2.to.f6x2")
CONVERT_FAMILY_92 = ("convert.f6x2.to.bf16x2", "convert.f4x2.to.bf16x2")
"""The scaled narrow -> bf16x2 cvt: PTX ISA 9.2 in LLVM's NVPTX back end (no ptxas here reads 9.2)."""
CONVERT_RS = ("convert.f32x4.to.f8x4", "convert.f32x4.to.f6x4", "convert.f32x4.to.f4x4")
CONVERT_FP8 = ("convert.f32x2.to.f8x2", "convert.f16x2.to.f8x2", "convert.f8x2.to.f16x2")

# (op, chip, ptx or "" for the chip's default): accepted by ptxas 13.0 (13.1 for PTX 9.1 forms)
ACCEPTED = (
    [(op, chip, "") for op in TCGEN05_FAMILY
     for chip in ("sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f")]
    + [("tcgen05.shift", chip, "") for chip in ("sm_100a", "sm_103a", "sm_110a")]
    + [("tcgen05.mma.i8", chip, "") for chip in ("sm_100a", "sm_110a")]
    + [(op, chip, "") for op in CONVERT_FAMILY
       for chip in ("sm_100a", "sm_100f", "sm_103a", "sm_110f", "sm_120a", "sm_120f", "sm_121a", "sm_121f")]
    + [(op, chip, "+ptx91") for op in CONVERT_FAMILY_91 for chip in ("sm_100f", "sm_103a", "sm_110f", "sm_121a")]
    + [(op, chip, "+ptx92") for op in CONVERT_FAMILY_92 for chip in ("sm_100f", "sm_103a", "sm_110f", "sm_121a")]
    + [(op, chip, "+ptx87" if chip == "sm_100a" else "") for op in CONVERT_RS for chip in ("sm_100a", "sm_103a")]
    + [(op, chip, ptx) for op in CONVERT_FP8
       for chip, ptx in (("sm_89", "+ptx81"), ("sm_90", ""), ("sm_90", "+ptx78"), ("sm_120", ""))]
    + [("setmaxregister", chip, "") for chip in ("sm_90a", "sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a",
                                                 "sm_110f", "sm_120a", "sm_120f", "sm_121a", "sm_121f")]
)

# (op, chip, ptx): rejected by ptxas
REJECTED = (
    [(op, chip, "") for op in TCGEN05_FAMILY for chip in ("sm_90", "sm_90a", "sm_100", "sm_103", "sm_110",
                                                          "sm_120a", "sm_120f")]
    + [("tcgen05.shift", chip, "") for chip in ("sm_100", "sm_100f", "sm_103f", "sm_110f", "sm_120a")]
    + [("tcgen05.mma.i8", chip, "") for chip in ("sm_100f", "sm_103a", "sm_103f", "sm_110f")]
    + [(op, chip, "") for op in CONVERT_FAMILY for chip in ("sm_90a", "sm_100", "sm_110", "sm_120", "sm_121")]
    + [(op, chip, "+ptx91") for op in CONVERT_FAMILY_91 for chip in ("sm_90a", "sm_100", "sm_120")]
    + [(op, chip, "+ptx92") for op in CONVERT_FAMILY_92 for chip in ("sm_90a", "sm_100", "sm_120")]
    + [(op, "sm_100f", "+ptx91") for op in CONVERT_FAMILY_92]
    + [(op, chip, "") for op in CONVERT_RS for chip in ("sm_100", "sm_100f", "sm_103f", "sm_110a", "sm_120a")]
    + [(op, "sm_89", "") for op in CONVERT_FP8]  # sm_89 needs PTX 8.1; its default is 7.8
    + [(op, "sm_86", "+ptx81") for op in CONVERT_FP8]
    + [("setmaxregister", chip, "") for chip in ("sm_90", "sm_100", "sm_103", "sm_110", "sm_120", "sm_121")]
)


def _module(op: str, chip: str, ptx: str) -> str:
    features = f', features = "{ptx}"' if ptx else ""
    return (f'gpu.module @m [#nvvm.target<chip = "{chip}"{features}>] {{\n'
            f"  func.func @f({ARGS}) {{\n    {OPS[op]}\n    return\n  }}\n}}\n")


def _gate_errors(op: str, chip: str, ptx: str) -> list[str]:
    doc = Document(_module(op, chip, ptx))
    assert not doc.diagnostics(), [d.message for d in doc.diagnostics()]
    name = "nvvm." + op.removesuffix(".i8")
    assert any(o.name == name and o.facts is not None for o in doc.ops()), f"{name} not recognised"
    return [d.message for d in check_targets(doc, None, "")]


@pytest.mark.parametrize(("op", "chip", "ptx"), ACCEPTED)
def test_accepted(op: str, chip: str, ptx: str) -> None:
    assert _gate_errors(op, chip, ptx) == []


@pytest.mark.parametrize(("op", "chip", "ptx"), REJECTED)
def test_rejected(op: str, chip: str, ptx: str) -> None:
    errors = _gate_errors(op, chip, ptx)
    name = "nvvm." + op.removesuffix(".i8")
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"'{name}' op is not supported ")
    assert f"on {chip}" in errors[0] or "with PTX ISA" in errors[0]


def test_messages_name_every_accepting_target() -> None:
    assert _gate_errors("tcgen05.alloc", "sm_90", "") == [
        "'nvvm.tcgen05.alloc' op is not supported on sm_90; it requires sm_100f or sm_110f"]
    assert _gate_errors("tcgen05.shift", "sm_100f", "") == [
        "'nvvm.tcgen05.shift' op is not supported on sm_100f; it requires sm_100a, sm_103a or sm_110a"]
    assert _gate_errors("tcgen05.mma.i8", "sm_103a", "") == [
        "'nvvm.tcgen05.mma' op is not supported on sm_103a; it requires sm_100a or sm_110a"]
    assert _gate_errors("convert.f32x2.to.f4x2", "sm_120", "") == [
        "'nvvm.convert.f32x2.to.f4x2' op is not supported on sm_120; it requires sm_100f, sm_110f or sm_120f"]
    assert _gate_errors("convert.f32x4.to.f8x4", "sm_100", "") == [
        "'nvvm.convert.f32x4.to.f8x4' op is not supported on sm_100; it requires sm_100a or sm_103a"]
    assert _gate_errors("setmaxregister", "sm_100", "") == [
        "'nvvm.setmaxregister' op is not supported on sm_100; it requires sm_90a, sm_100f, sm_110f or sm_120f"]


def test_ptx_gate_on_an_accepting_architecture() -> None:
    # sm_89 has the fp8 cvt from PTX 8.1 only; sm_100a has the .rs cvt from PTX 8.7.
    assert _gate_errors("convert.f16x2.to.f8x2", "sm_89", "") == [
        "'nvvm.convert.f16x2.to.f8x2' op is not supported with PTX ISA 7.8; it requires PTX ISA 8.1 "
        '(add features = "+ptx81" to the #nvvm.target)']
    assert len(_gate_errors("convert.f32x4.to.f8x4", "sm_100a", "")) == 1
    assert len(_gate_errors("convert.f16x2.to.f6x2", "sm_100a", "+ptx90")) == 1
