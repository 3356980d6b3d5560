"""``nvgpu.hazard.arrival-count`` (nvgpu_ls/verify/hazards/arrivals.py): the arrivals of an mbarrier
phase against the count its ``mbarrier.init`` set, counted per thread of a block of known shape.
Each case is a kernel with the hazard beside the same kernel fixed, then the places the check
must stay silent because the text does not fix the count."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from nvgpu_ls.code_pages import code_url
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

CODE = "nvgpu.hazard.arrival-count"

LAUNCH = """!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %ticks = arith.constant 10000000 : index
    %false = arith.constant false
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = SX, %sy = SY, %sz = %c1) {
      %tid = gpu.thread_id x
      %ntid = gpu.block_dim x
      %leader = arith.cmpi eq, %tid, %c0 : index
      %bar = nvgpu.mbarrier.create -> !barriers
BODY
      gpu.terminator
    }
    return
  }
}
"""


def kernel(body: str, sx: str = "%c128", sy: str = "%c1") -> str:
    return LAUNCH.replace("BODY", body).replace("SX", sx).replace("SY", sy)


def errors(text: str) -> list:
    return [d for d in check_document(Document(text)) if d.severity.name == "ERROR"]


def hazards(text: str) -> list:
    found = errors(text)
    assert not [d for d in found if not d.code.startswith("nvgpu.hazard")], "the sample itself must be valid"
    return [d for d in found if d.code == CODE]


WAIT = "      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barriers\n"

# Every thread arrives: thread 0 announcing bytes, the others nothing (upstream's sm_90 TMA tests).
EVERY_THREAD = """      nvgpu.mbarrier.init %bar[%c0], %ntid : !barriers
      scf.if %leader {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !barriers
      } else {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !barriers
      }
""" + WAIT

LEADER_ONLY = """      nvgpu.mbarrier.init %bar[%c0], COUNT, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
""" + WAIT

EVERY_THREAD_TOKEN = """      nvgpu.mbarrier.init %bar[%c0], COUNT : !barriers
      %token = nvgpu.mbarrier.arrive %bar[%c0] : !barriers -> !nvgpu.mbarrier.token
""" + WAIT


def test_every_thread_arriving_on_a_block_sized_count_is_silent():
    assert hazards(kernel(EVERY_THREAD)) == []


def test_one_arrival_on_a_block_sized_count_hangs():
    text = kernel(EVERY_THREAD.replace("      } else {\n        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !barriers\n", "      } else {\n"))
    [found] = hazards(text)
    assert "needs 128 arrivals" in found.message and "arrive 1 time" in found.message
    assert "never completes" in found.message and "127 arrivals short" in found.message
    doc = Document(text)
    assert doc.text[found.start:found.end] == "nvgpu.mbarrier.try_wait.parity"
    init, arrival = found.related
    assert "arrival count of 128" in init.message and "1 arrival here" in arrival.message
    assert found.data == {"count": 128, "arrivals": 1}


@pytest.mark.parametrize("count", ["%c1", "%ntid"])
def test_the_leader_alone_matches_a_count_of_one(count):
    found = hazards(kernel(LEADER_ONLY.replace("COUNT", count)))
    assert [d.data for d in found] == ([] if count == "%c1" else [{"count": 128, "arrivals": 1}])


def test_every_thread_arriving_on_a_count_of_one_completes_the_phase_early():
    [found] = hazards(kernel(EVERY_THREAD_TOKEN.replace("COUNT", "%c1")))
    assert "completes after the first 1, before the other 127" in found.message
    assert hazards(kernel(EVERY_THREAD_TOKEN.replace("COUNT", "%c128"))) == []


def test_the_block_shape_counts_every_thread_a_predicate_passes():
    # %tid == 0 holds in a thread of each of the 4 rows of a 32x4 block
    text = kernel(LEADER_ONLY.replace("COUNT", "%c1"), sx="%c32", sy="%c4")
    [found] = hazards(text)
    assert "in a 32x4x1 block the ops before it arrive 4 times" in found.message
    assert hazards(kernel(LEADER_ONLY.replace("COUNT", "%c4"), sx="%c32", sy="%c4")) == []


def test_nocomplete_arrives_its_count_in_each_thread():
    body = """      nvgpu.mbarrier.init %bar[%c0], COUNT, predicate = %leader : !barriers
      %lane = arith.cmpi ult, %tid, %c2 : index
      scf.if %lane {
        %t = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %c2 : !barriers -> !nvgpu.mbarrier.token
      }
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
""" + WAIT
    assert hazards(kernel(body.replace("COUNT", "%c5"))) == []
    [found] = hazards(kernel(body.replace("COUNT", "%c8")))
    assert found.data == {"count": 8, "arrivals": 5}


def test_each_iteration_of_a_loop_is_a_phase():
    body = """      nvgpu.mbarrier.init %bar[%c0], COUNT, predicate = %leader : !barriers
      scf.for %i = %c0 to %c8 step %c1 {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
        %step = arith.remui %i, %c2 : index
        %parity = arith.index_cast %step : index to i1
        nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !barriers
      }
"""
    assert hazards(kernel(body.replace("COUNT", "%c1"))) == []
    assert [d.data for d in hazards(kernel(body.replace("COUNT", "%c2")))] == [{"count": 2, "arrivals": 1}]


def test_a_kernel_s_launches_give_its_block_shape():
    text = """!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wait_all() kernel {
      %c0 = arith.constant 0 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %tid = gpu.thread_id x
      %ntid = gpu.block_dim x
      %leader = arith.cmpi eq, %tid, %c0 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.init %bar[%c0], %ntid, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !barriers
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@wait_all blocks in (%c1, %c1, %c1) threads in (SIZE, %c1, %c1)
    return
  }
}
"""
    assert [d.data for d in hazards(text.replace("SIZE", "%c64"))] == [{"count": 64, "arrivals": 1}]
    assert hazards(text.replace("SIZE", "%c1")) == []
    # two launches that disagree leave the shape open
    two = text.replace("SIZE", "%c64").replace("    return\n  }\n}", "    gpu.launch_func @kernels::@wait_all blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)\n    return\n  }\n}")
    assert hazards(two) == []
    # no launch in the document: silent
    no_launch = text.replace("SIZE", "%c64").replace("    gpu.launch_func @kernels::@wait_all blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)\n", "")
    assert hazards(no_launch) == []
    # the kernel's own known_block_size
    known = no_launch.replace("@wait_all() kernel {", "@wait_all() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {")
    assert [d.data for d in hazards(known)] == [{"count": 32, "arrivals": 1}]


SILENT = {
    "arrival in a loop of its own": """      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      scf.for %i = %c0 to %c2 step %c1 {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      }
""" + WAIT,
    "condition on the block id": """      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      %first = arith.cmpi eq, %bx, %c0 : index
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %first : !barriers
""" + WAIT,
    "barrier id not a constant": """      nvgpu.mbarrier.init %bar[%c0], %c2, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%tid], %c0, predicate = %leader : !barriers
""" + WAIT,
    "count not a constant": """      %n = arith.addi %bx, %c1 : index
      nvgpu.mbarrier.init %bar[%c0], %n, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
""" + WAIT,
    "arrivals for two phases before two waits": """      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
""" + WAIT + WAIT.replace("%false", "%true").replace("      nvgpu", "      %true = arith.constant true\n      nvgpu"),
    "arrival after the last wait of a loop body": """      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      scf.for %i = %c0 to %c8 step %c1 {
        %step = arith.remui %i, %c2 : index
        %parity = arith.index_cast %step : index to i1
        nvgpu.mbarrier.try_wait.parity %bar[%c0], %parity, %ticks : !barriers
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
      }
""",
    "no wait": """      nvgpu.mbarrier.init %bar[%c0], %c4, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0, predicate = %leader : !barriers
""",
}


@pytest.mark.parametrize("case", sorted(SILENT))
def test_the_check_stays_silent_where_the_text_does_not_fix_the_count(case):
    assert hazards(kernel(SILENT[case])) == []


def test_a_launch_size_that_is_not_a_constant_is_silent():
    folded = kernel(LEADER_ONLY.replace("COUNT", "%ntid"), sx="%n")
    folded = folded.replace("    gpu.launch", "    %n = arith.addi %c128, %c0 : index\n    gpu.launch", 1)
    assert [d.data for d in hazards(folded)] == [{"count": 128, "arrivals": 1}]
    argument = kernel(LEADER_ONLY.replace("COUNT", "%ntid"), sx="%n").replace("func.func @main()", "func.func @main(%n: index)")
    assert hazards(argument) == []


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="needs mlir-opt-22")
def test_upstream_reads_the_samples_as_valid():
    samples = [kernel(EVERY_THREAD), kernel(LEADER_ONLY.replace("COUNT", "%c1"), sx="%c32", sy="%c4")]
    samples += [kernel(body) for body in SILENT.values()]
    for text in samples:
        run = subprocess.run(["mlir-opt-22", "-"], input=text, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr


def test_hover_on_the_wait_explains_the_rule():
    from lsprotocol import types as lsp

    from nvgpu_ls.features.context import FeatureContext
    from nvgpu_ls.features.hover import hover

    text = kernel(LEADER_ONLY.replace("COUNT", "%c2"))
    doc = Document(text)
    ctx = FeatureContext(doc, "utf-16", diagnostics=check_document(doc))
    line = next(i for i, text_line in enumerate(text.splitlines()) if "try_wait.parity" in text_line)
    column = text.splitlines()[line].index("nvgpu.mbarrier") + 3
    shown = hover(ctx, lsp.Position(line, column)).contents.value
    assert f"**Hazard** [`{CODE}`]({code_url(CODE)})" in shown and "arrivals complete each phase" in shown


def test_a_block_too_large_to_launch_is_not_counted_thread_by_thread():
    text = kernel(LEADER_ONLY.replace("COUNT", "%ntid"), sx="%huge").replace(
        "    %ticks = arith.constant", "    %huge = arith.constant 4000000 : index\n    %ticks = arith.constant", 1)
    assert hazards(text) == []  # no block has 4,000,000 threads: the shape is not used (nor 4M-entry tuples built)
