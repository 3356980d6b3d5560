"""``nvgpu.hazard.phase-parity`` (nvgpu_ls/verify/hazards/phases.py): a wait in a loop that arms its
barrier again in every iteration, with the same parity each time — the Hopper GEMM written so
(tests/data/hazards/parity_fixed.mlir) failed on an H200 with CUDA_ERROR_LAUNCH_FAILED."""

from __future__ import annotations


from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

from .conftest import DATA

CODE = "nvgpu.hazard.phase-parity"
GEMM = (DATA / "ptx" / "hopper_gemm_sm90a.mlir").read_text()


def hazards(text: str) -> list:
    doc = Document(text)
    return [(doc.lines.line_of(d.start), d) for d in check_document(doc) if d.code == CODE]


def test_a_constant_parity_in_a_re_arming_loop_is_an_error():
    text = (DATA / "hazards" / "parity_fixed.mlir").read_text()
    [(line, found)] = hazards(text)
    lines = text.splitlines()
    assert "nvgpu.mbarrier.try_wait.parity" in lines[line]
    assert "same in every iteration of the scf.for" in found.message and "returns at" in found.message
    doc = Document(text)
    armed, defined = found.related
    assert "arrive.expect_tx" in lines[doc.lines.line_of(armed.start)]
    assert "%phase = arith.constant false" in lines[doc.lines.line_of(defined.start)]


def test_the_parity_of_the_iteration_is_silent():
    assert hazards(GEMM) == []


def test_a_parity_carried_and_flipped_by_the_loop_is_silent():
    text = GEMM.replace('''      %step = arith.divui %k, %c64 : index
      %parity = arith.remui %step, %c2 : index
      %phase = arith.index_cast %parity : index to i1
''', "").replace("iter_args(%acc = %zero) -> (!acc) {", "iter_args(%acc = %zero, %phase = %false) -> (!acc, i1) {") \
        .replace("      scf.yield %next : !acc", "      %flipped = arith.xori %phase, %true : i1\n      scf.yield %next, %flipped : !acc, i1") \
        .replace("    %sum = scf.for", "    %false = arith.constant false\n    %true = arith.constant true\n    %sum, %last = scf.for")
    assert "iter_args(%acc = %zero, %phase = %false)" in text
    assert not [d for d in check_document(Document(text)) if d.severity.name == "ERROR"]
    assert hazards(text) == []


def test_a_loop_that_does_not_arm_the_barrier_may_wait_on_one_parity():
    # the wait in the loop only: the barrier is armed once, before the loop
    text = (DATA / "hazards" / "parity_fixed.mlir").read_text()
    start = text.index("      nvgpu.mbarrier.arrive.expect_tx")
    end = text.index("      nvgpu.mbarrier.try_wait.parity")
    loads = text[start:end]
    text = text[:start] + text[end:]
    text = text.replace("    %sum = scf.for", loads.replace("%k", "%c0").replace("      ", "    ", 1) + "    %sum = scf.for", 1)
    assert not [d for d in check_document(Document(text)) if d.severity.name == "ERROR" and "hazard" not in d.code]
    assert hazards(text) == []
