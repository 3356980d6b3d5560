"""``nvgpu.hazard.tile-layout`` (nvgpu_ls/verify/hazards/layouts.py): a wgmma descriptor that reads
a buffer with another swizzle or tile than the TMA load filling it wrote."""

from __future__ import annotations


from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

from .conftest import DATA

CODE = "nvgpu.hazard.tile-layout"
GEMM = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()
TMB = ("!tmB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, "
       "l2promo = l2promo_128b, oob = zero, interleave = none>")


def hazards(text: str) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc) if d.code == CODE]


def with_second_map(swizzle: str) -> str:
    """The GEMM with B's tile loaded through a second tensor map, ``swizzle`` its swizzle, while
    the descriptor is still made with the first."""
    text = GEMM.replace(TMB, TMB + "\n" + TMB.replace("!tmB =", "!tmB2 =").replace("swizzle_128b", swizzle))
    text = text.replace("gpu.func @gemm_128x64_f16_f32(%mapA: !tmA, %mapB: !tmB,",
                        "gpu.func @gemm_128x64_f16_f32(%mapA: !tmA, %mapB: !tmB, %mapB2: !tmB2,")
    return text.replace('''      nvgpu.tma.async.load %mapB[%col0, %k], %bar[%c0] to %sb, predicate = %leader
          : !tmB, !barriers -> memref<64x64xf16, 3>''', '''      nvgpu.tma.async.load %mapB2[%col0, %k], %bar[%c0] to %sb, predicate = %leader
          : !tmB2, !barriers -> memref<64x64xf16, 3>''')


def test_a_load_with_another_swizzle_than_the_descriptor_is_an_error():
    text = with_second_map("swizzle_64b")
    assert "%mapB2[%col0, %k]" in text
    [(line, found)] = hazards(text)
    assert "nvgpu.warpgroup.generate.descriptor %sb" in text.splitlines()[line]
    assert "swizzle swizzle_64b, read as swizzle_128b" in found.message
    assert "tma.async.load %mapB2" in text.splitlines()[Document(text).lines.line_of(found.related[0].start)]


def test_the_same_layout_through_another_map_is_silent():
    assert hazards(with_second_map("swizzle_128b")) == []


def test_the_gemm_is_silent():
    assert hazards(GEMM) == []
