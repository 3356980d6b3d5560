"""Kernel outlining (``lowering/outlining.py``): a ``gpu.launch`` becomes the ``gpu.module`` /
``gpu.func`` / ``gpu.launch_func`` upstream's ``gpu-kernel-outlining`` makes of it. Judged by
``mlir-opt-22``: our outlined text, printed by it, is exactly what its own pass prints for the
original; and every line of the kernel maps back to the line it came from."""

from __future__ import annotations

import shutil
import subprocess
import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.lowering.outlining import has_launches, outline

from .conftest import realworld_launch_files

MLIR_OPT = shutil.which("mlir-opt-22")
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed (mlir-22-tools)")

CASES = {
    "captured values in first-use order, regions before operands": """
func.func @host(%m: memref<?xf32>, %f: f32, %flag: i1, %n: index, %w: i64) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = arith.addi %n, %c1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%tx] : memref<?xf32>
    scf.if %flag {
      %e = arith.index_cast %w : i64 to index
      memref.store %f, %m[%e] : memref<?xf32>
    }
    %s = arith.mulf %v, %f : f32
    memref.store %s, %m[%k] : memref<?xf32>
    gpu.terminator
  }
  return
}
""",
    "names: two launches, a clash, and a second function": """
module {
  func.func @a_kernel() { return }
  func.func @a() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
  func.func @"b.c"() {
    %c2 = arith.constant 2 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c2)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c2, %sz = %c2) {
      gpu.terminator
    }
    return
  }
}
""",
    "clusters, dynamic shared memory, async, attributions, known sizes": """
module attributes {test.note = 1 : i32} {
  func.func @k(%m: memref<?xf32>, %shm: i32, %n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4294967295 = arith.constant 4294967295 : index
    %t = gpu.wait async
    %u = gpu.launch async [%t] clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c4294967295, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1)
               dynamic_shared_memory_size %shm
               workgroup(%wg : memref<32xf32, #gpu.address_space<workgroup>>)
               private(%pv : memref<2xf32, #gpu.address_space<private>>) {
      %x = memref.load %wg[%cx] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %x, %pv[%tz] : memref<2xf32, #gpu.address_space<private>>
      memref.store %x, %m[%ncx] : memref<?xf32>
      gpu.terminator
    }
    gpu.wait [%u]
    return
  }
}
""",
    "several blocks, result groups, constants of every kind": """
func.func @blocks(%c: i1, %m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %pair:2 = "test.pair"() : () -> (index, f32)
  %vec = arith.constant dense<1.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    cf.cond_br %c, ^bb1, ^bb2(%tx : index)
  ^bb1:
    memref.store %pair#1, %m[%pair#0] : memref<4xf32>
    gpu.terminator
  ^bb2(%i: index):
    "test.use"(%false, %vec, %i) : (i1, vector<4xf32>, index) -> ()
    gpu.terminator
  }
  return
}
""",
    "named modules, an existing one, callees and globals copied in": """
module {
  gpu.module @existing {
    gpu.func @old() kernel { gpu.return }
  }
  memref.global "private" @table : memref<4xf32, 3>
  func.func private @helper(%i: index) -> index {
    %r = func.call @leaf(%i) : (index) -> index
    return %r : index
  }
  func.func private @leaf(%i: index) -> index { return %i : index }
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) module(@existing) function(@old) {
      %g = memref.get_global @table : memref<4xf32, 3>
      %j = func.call @helper(%tx) : (index) -> index
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) module(@fresh) function(@one) {
      %j = func.call @helper(%tx) : (index) -> index
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) module(@fresh) function(@one) {
      %j = func.call @leaf(%tx) : (index) -> index
      gpu.terminator
    }
    return
  }
}
""",
}


def _printed(text: str, *flags: str) -> str:
    done = subprocess.run([MLIR_OPT, "--allow-unregistered-dialect", *flags, "-"], input=text, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@needs_mlir_opt
@pytest.mark.parametrize("name", sorted(CASES))
def test_outlined_text_is_what_upstreams_pass_makes(name: str) -> None:
    text = CASES[name]
    outlined = outline(Document(text))
    assert not outlined.problems
    assert _printed(outlined.text) == _printed(text, "--gpu-kernel-outlining")


@needs_mlir_opt
def test_every_real_world_launch_upstream_reads_is_outlined_as_upstream_does() -> None:
    files = [path for path, _entry in realworld_launch_files()]
    if not files:
        pytest.skip("../shared/realworld is not here")
    for path in files:
        text = path.read_text()
        doc = Document(text)
        assert has_launches(doc), path
        outlined = outline(doc)
        assert not outlined.problems, path
        assert outlined.kernels, path
        assert _printed(outlined.text) == _printed(text, "--gpu-kernel-outlining"), path


def test_every_kernel_line_maps_to_the_line_it_came_from() -> None:
    text = CASES["captured values in first-use order, regions before operands"]
    outlined = outline(Document(text))
    source = text.split("\n")
    lines = outlined.text.split("\n")
    assert len(outlined.line_origins) == len(lines)
    launch_line = next(i for i, line in enumerate(source) if "gpu.launch" in line)
    for line, origin in zip(lines, outlined.line_origins):
        stripped = line.strip()
        if any(word in stripped for word in ("gpu.block_id", "gpu.thread_id", "gpu.grid_dim", "gpu.block_dim",
                                             "gpu.func", "gpu.module", "gpu.launch_func")):
            assert origin == launch_line, line
        elif stripped.startswith("module attributes"):  # the module made around a file without one
            assert origin == 1
        elif stripped == "gpu.return":
            assert source[origin].strip() == "gpu.terminator"
        elif stripped and stripped != "}":
            assert source[origin].strip() == stripped, (line, source[origin])


def test_a_file_without_launches_is_left_as_it_is() -> None:
    text = "gpu.module @m {\n  gpu.func @k() kernel {\n    gpu.return\n  }\n}\n"
    doc = Document(text)
    assert not has_launches(doc)
    outlined = outline(doc)
    assert outlined.text == text and outlined.line_origins == list(range(text.count("\n") + 1))


def test_a_launch_using_an_undefined_value_is_reported_and_left_alone() -> None:
    text = ("func.func @f() {\n  %c1 = arith.constant 1 : index\n"
            "  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)\n"
            "             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {\n"
            "    \"test.use\"(%nowhere) : (index) -> ()\n    gpu.terminator\n  }\n  return\n}\n")
    outlined = outline(Document(text))
    assert len(outlined.problems) == 1 and "not defined" in outlined.problems[0][2]
    assert "gpu.launch blocks" in outlined.text and "gpu.module" not in outlined.text


@needs_mlir_opt
def test_a_split_file_is_outlined_piece_by_piece() -> None:
    text = CASES["captured values in first-use order, regions before operands"] + "// -----\n" + \
        CASES["names: two launches, a clash, and a second function"]
    outlined = outline(Document(text))
    assert not outlined.problems and len(outlined.kernels) == 4
    assert len(outlined.line_origins) == outlined.text.count("\n") + 1
    assert _printed(outlined.text, "--split-input-file") == _printed(text, "--split-input-file",
                                                                     "--gpu-kernel-outlining")
    source = text.split("\n")
    second = [origin for line, origin in zip(outlined.text.split("\n"), outlined.line_origins)
              if line.strip() == "func.func @a_kernel() { return }"]
    assert second and source[second[0]].strip() == "func.func @a_kernel() { return }"


def test_a_diagnostic_found_in_an_outlined_kernel_points_its_related_places_at_the_source_too() -> None:
    from nvgpu_ls.lowering.engine import lower_document

    text = """func.func @main() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.addi %tx, %tx : index
    %v = arith.addi %ty, %ty : index
    gpu.terminator
  }
  return
}
"""
    lowered = lower_document(Document(text))
    (redefined,) = [d for d in lowered.diagnostics if d.code == "ssa.redefinition"]
    assert text[redefined.start:redefined.end] == "%v" and text.count("\n", 0, redefined.start) == 5
    (previous,) = redefined.related
    assert text[previous.start:previous.end] == "%v" and text.count("\n", 0, previous.start) == 4


LAUNCH_WITH_HOST_VALUES = """
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  func.func @main(%n: index, %flag: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %leader = arith.cmpi eq, %tx, %c0 : index
      %bar = nvgpu.mbarrier.create -> !barriers
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !barriers
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %n, predicate = %leader : !barriers
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %flag, %n : !barriers
      gpu.terminator
    }
    return
  }
}
"""


@needs_mlir_opt
def test_a_launch_is_lowered_before_it_is_outlined_as_upstreams_pipeline_does() -> None:
    """Upstream's pipeline lowers nvgpu ops before outlining: a host value an nvgpu op converts
    is cast once on the host, and the kernel takes the cast value (``i64``) as its parameter,
    in the order of first use; the values used as they are stay ``index``/``i1``."""
    lowered = lower_document(Document(LAUNCH_WITH_HOST_VALUES), "", LoweringOptions(attach_targets=False))
    assert lowered.text is not None, [d.message for d in lowered.diagnostics]

    def signatures(printed: str) -> list[str]:
        return [line.split("{")[0].strip() for line in printed.splitlines()
                if line.strip().startswith(("gpu.func", "gpu.launch_func"))]

    theirs = signatures(_printed(LAUNCH_WITH_HOST_VALUES, "--convert-nvgpu-to-nvvm", "--gpu-kernel-outlining"))
    assert any("i64" in line for line in theirs)
    assert signatures(_printed(lowered.text)) == theirs
