"""The target gate must say what ptxas says.

Every gated nvgpu op (and every instance form with its own requirement: mma.sync shapes
and types, extf/truncf type pairs and rounding) is written twice: as an MLIR snippet the
gate judges, and as a small PTX kernel holding the instruction(s) the op becomes
(``tests/data/gate_ptx/``; ``VERSION`` and ``TARGET`` are filled in here). For each
target the gate's verdict on the snippet must equal ptxas's on the kernel. The newest ptxas
is used where it knows the architecture (the ``nvidia-cuda-nvcc`` 13.x wheel's, 13.5 today,
reading PTX ISA 9.5), the ``nvidia-cuda-nvcc-cu12`` wheel's ptxas (12.9) for sm_70, which
ptxas 13 dropped. Each target is tried with the newest PTX ISA that ptxas supports, and a
few ops also with a PTX ISA just too old and just new enough (the fp6 conversions of PTX ISA
9.1 and 9.2 among them, where a ptxas reads it).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify.gate import check_targets

pytestmark = pytest.mark.slow

PTX_DIR = Path(__file__).resolve().parent / "data" / "gate_ptx"

# ---------------------------------------------------------------------------- ptxas
RELEASE_PTX = {
    (12, 4): "8.4", (12, 5): "8.5", (12, 6): "8.5", (12, 7): "8.6", (12, 8): "8.7", (12, 9): "8.8",
    (13, 0): "9.0", (13, 1): "9.1", (13, 5): "9.5",
}
"""The newest PTX ISA each CUDA release's ptxas reads (13.5's measured: it refuses 9.6)."""


@dataclass(frozen=True)
class Ptxas:
    path: str
    release: tuple[int, int]
    newest_ptx: str
    arches: frozenset[str]


def _describe(path: str) -> Ptxas | None:
    try:
        version = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
        usage = subprocess.run([path, "--help"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"release (\d+)\.(\d+)", version)
    if match is None:
        return None
    release = (int(match.group(1)), int(match.group(2)))
    newest = RELEASE_PTX.get(release)
    if newest is None:
        return None
    return Ptxas(path, release, newest, frozenset(re.findall(r"'(sm_\d+[af]?)'", usage)))


@lru_cache(maxsize=1)
def available_ptxas() -> tuple[Ptxas, ...]:
    """Every ptxas found, newest release first: the one on PATH, the nvidia-cuda-nvcc 13.x
    wheel's and the cu12 wheel's."""
    candidates = []
    on_path = shutil.which("ptxas")
    if on_path:
        candidates.append(on_path)
    nvidia = importlib.util.find_spec("nvidia")
    if nvidia is not None and nvidia.submodule_search_locations:
        for location in nvidia.submodule_search_locations:
            candidates.append(str(Path(location) / "cu13" / "bin" / "ptxas"))  # nvidia-cuda-nvcc 13.x
    spec = importlib.util.find_spec("nvidia.cuda_nvcc") if nvidia is not None else None
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            candidates.append(str(Path(location) / "bin" / "ptxas"))
    found = []
    for path in dict.fromkeys(candidates):
        if os.access(path, os.X_OK):
            described = _describe(path)
            if described is not None:
                found.append(described)
    return tuple(sorted(found, key=lambda p: p.release, reverse=True))


def ptxas_for(chip: str) -> Ptxas | None:
    """The newest ptxas that assembles for ``chip``."""
    for ptxas in available_ptxas():
        if chip in ptxas.arches:
            return ptxas
    return None


def assemble(kernel: str, chip: str, ptx: str) -> tuple[bool, str]:
    """Run ptxas on ``kernel`` for ``.target chip`` / ``.version ptx``: (accepted, stderr)."""
    ptxas = ptxas_for(chip)
    assert ptxas is not None
    text = (PTX_DIR / kernel).read_text().replace("VERSION", ptx).replace("TARGET", chip)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        result = subprocess.run([ptxas.path, f"-arch={chip}", path, "-o", os.devnull],
                                capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(path)
    if result.returncode < 0:
        raise AssertionError(f"ptxas crashed (signal {-result.returncode}) on {kernel} for {chip}")
    return result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------- the snippets
BAR = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"
TOKEN = "!nvgpu.mbarrier.token"
DESC = ("!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, "
        "oob = zero, interleave = none>")
WG_A = "!nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>"
WG_B = "!nvgpu.warpgroup.descriptor<tensor = memref<16x8xf16, 3>>"
ACC = "!nvgpu.warpgroup.accumulator<fragmented = vector<64x8xf32>>"
ARGS = (f"%c0: index, %n: index, %p: i1, %bar: {BAR}, %tok: {TOKEN}, %desc: {DESC}, "
        f"%tile: memref<64x64xf16, 3>, %map: memref<128xi8, 3>, %v: i32, %atok: !nvgpu.device.async.token, "
        f"%g: memref<128xf16>, %s: memref<128xf16, 3>, %sm: memref<128x128xf16, 3>, %x2: vector<2xf32>, "
        f"%da: {WG_A}, %db: {WG_B}, %acc: {ACC}, %out: memref<64x8xf32>")


def _mma(shape: str, a: str, b: str, c: str, extra: str = "") -> tuple[str, str]:
    attrs = f"{{mmaShape = [{shape}]{extra}}}"
    return f"%d = nvgpu.mma.sync (%ma, %mb, %mc) {attrs} : ({a}, {b}, {c}) -> {c}", f"%ma: {a}, %mb: {b}, %mc: {c}"


def _cvt(op: str, source: str, result: str, props: str = "", rbits: bool = False) -> tuple[str, str]:
    operands = "%cx, %rb" if rbits else "%cx"
    props = f" <{{{props}}}>" if props else ""
    return (f"%r = {op} {operands}{props} : vector<2x{source}> to vector<2x{result}>",
            f"%cx: vector<2x{source}>, %rb: i32")


CASES: dict[str, tuple[str, tuple[str, str] | str]] = {
    # case id: (ptx kernel, MLIR op line [, extra function arguments])
    "ldmatrix": ("ldmatrix_x4.ptx", "%r = nvgpu.ldmatrix %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} "
                                    ": memref<128x128xf16, 3> -> vector<4x2xf16>"),
    "stmatrix": ("stmatrix_x4.ptx", ("nvgpu.stmatrix %sv, %sm[%c0, %c0] {numTiles = 4 : i32, transpose = false} "
                                     ": vector<4x2xf16> -> memref<128x128xf16, 3>", "%sv: vector<4x2xf16>")),
    "device_async_copy": ("cp_async.ptx", "%t = nvgpu.device_async_copy %g[%c0], %s[%c0], 8 {bypassL1} "
                                          ": memref<128xf16> to memref<128xf16, 3>"),
    "device_async_create_group": ("cp_async_commit.ptx", "%t = nvgpu.device_async_create_group %atok"),
    "device_async_wait": ("cp_async_wait.ptx", "nvgpu.device_async_wait %atok {numGroups = 1 : i32}"),
    "mbarrier.create": ("mbarrier_init.ptx", f"%b = nvgpu.mbarrier.create -> {BAR}"),
    "mbarrier.get": ("mbarrier_init.ptx", f"%a = nvgpu.mbarrier.get %bar[%c0] : {BAR} -> i32"),
    "mbarrier.init": ("mbarrier_init.ptx", f"nvgpu.mbarrier.init %bar[%c0], %n : {BAR}"),
    "mbarrier.arrive": ("mbarrier_arrive.ptx", f"%t = nvgpu.mbarrier.arrive %bar[%c0] : {BAR} -> {TOKEN}"),
    "mbarrier.arrive.nocomplete": ("mbarrier_arrive_nocomplete.ptx",
                                   f"%t = nvgpu.mbarrier.arrive.nocomplete %bar[%c0], %n : {BAR} -> {TOKEN}"),
    "mbarrier.arrive.expect_tx": ("mbarrier_expect_tx.ptx", f"nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %n : {BAR}"),
    "mbarrier.test.wait": ("mbarrier_test_wait.ptx", f"%w = nvgpu.mbarrier.test.wait %bar[%c0], %tok : {BAR}, {TOKEN}"),
    "mbarrier.try_wait.parity": ("mbarrier_try_wait_parity.ptx",
                                 f"nvgpu.mbarrier.try_wait.parity %bar[%c0], %p, %n : {BAR}"),
    "mbarrier.inval": ("mbarrier_inval.ptx", f"nvgpu.mbarrier.inval %bar[%c0] : {BAR}"),
    "tma.async.load": ("tma_load.ptx", f"nvgpu.tma.async.load %desc[%c0, %c0], %bar[%c0] to %tile "
                                       f": {DESC}, {BAR} -> memref<64x64xf16, 3>"),
    "tma.async.store": ("tma_store.ptx", f"nvgpu.tma.async.store %tile to %desc[%c0, %c0] "
                                         f": memref<64x64xf16, 3> -> {DESC}"),
    "tma.async.reduce": ("tma_reduce.ptx", f"nvgpu.tma.async.reduce %tile to %desc[%c0, %c0] kind = add "
                                           f": memref<64x64xf16, 3> -> {DESC}"),
    "tma.prefetch.descriptor": ("tma_prefetch.ptx", f"nvgpu.tma.prefetch.descriptor %desc : {DESC}"),
    "tma.fence.descriptor": ("tma_fence.ptx", f"nvgpu.tma.fence.descriptor %desc : {DESC}"),
    "tensormap.cp_fenceproxy": ("tensormap_cp_fenceproxy.ptx",
                                f"nvgpu.tensormap.cp_fenceproxy %map to %desc scope = gpu : memref<128xi8, 3> -> {DESC}"),
    "tensormap.replace.box_dim": ("tensormap_replace_box_dim.ptx",
                                  "nvgpu.tensormap.replace %map, box_dim[1] = %v : memref<128xi8, 3>, i32"),
    "tensormap.replace.swizzle_atomicity": ("tensormap_replace_swizzle_atomicity.ptx",
                                            "nvgpu.tensormap.replace %map, swizzle_atomicity = %v "
                                            ": memref<128xi8, 3>, i32"),
    "warpgroup.mma": ("wgmma.ptx", f"%d = nvgpu.warpgroup.mma %da, %db, %acc {{transposeB}} "
                                   f": {WG_A}, {WG_B}, {ACC} -> {ACC}"),
    "warpgroup.generate.descriptor": ("wgmma.ptx", f"%d = nvgpu.warpgroup.generate.descriptor %tile, %desc "
                                                   f": memref<64x64xf16, 3>, {DESC} -> {WG_A}"),
    "warpgroup.mma.init.accumulator": ("wgmma.ptx", f"%a = nvgpu.warpgroup.mma.init.accumulator -> {ACC}"),
    "warpgroup.mma.store": ("wgmma.ptx", f"nvgpu.warpgroup.mma.store %acc, %out : {ACC} to memref<64x8xf32>"),
    "rcp": ("rcp.ptx", "%r = nvgpu.rcp %x2 {rounding = approx, ftz} : vector<2xf32>"),
    "fma": ("fma_f32x2.ptx", "%r = nvgpu.fma %x2, %x2, %x2 : vector<2xf32>"),
    "mul": ("mul_f32x2.ptx", "%r = nvgpu.mul %x2, %x2 : vector<2xf32>"),
    "mma.sp.sync": ("mma_sp_m16n8k32_f16.ptx",
                    ("%d = nvgpu.mma.sp.sync (%ma, %mb, %mc) metadata (%meta) {mmaShape = [16, 8, 32]} "
                     ": (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>",
                     "%ma: vector<4x2xf16>, %mb: vector<4x2xf16>, %mc: vector<2x2xf16>, %meta: vector<2xi16>")),
    # mma.sync: one case per shape and element type
    "mma.m16n8k8.f16": ("mma_m16n8k8_f16.ptx", _mma("16, 8, 8", "vector<2x2xf16>", "vector<1x2xf16>", "vector<2x2xf32>")),
    "mma.m16n8k16.f16": ("mma_m16n8k16_f16.ptx", _mma("16, 8, 16", "vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>")),
    "mma.m16n8k8.bf16": ("mma_m16n8k8_bf16.ptx", _mma("16, 8, 8", "vector<2x2xbf16>", "vector<1x2xbf16>", "vector<2x2xf32>")),
    "mma.m16n8k16.bf16": ("mma_m16n8k16_bf16.ptx", _mma("16, 8, 16", "vector<4x2xbf16>", "vector<2x2xbf16>", "vector<2x2xf32>")),
    "mma.m16n8k4.tf32": ("mma_m16n8k4_tf32.ptx", _mma("16, 8, 4", "vector<2x1xf32>", "vector<1x1xf32>", "vector<2x2xf32>", ", tf32Enabled")),
    "mma.m16n8k8.tf32": ("mma_m16n8k8_tf32.ptx", _mma("16, 8, 8", "vector<4x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", ", tf32Enabled")),
    "mma.m8n8k4.f64": ("mma_m8n8k4_f64.ptx", _mma("8, 8, 4", "vector<1x1xf64>", "vector<1x1xf64>", "vector<1x2xf64>")),
    "mma.m8n8k16.i8": ("mma_m8n8k16_i8.ptx", _mma("8, 8, 16", "vector<1x4xi8>", "vector<1x4xi8>", "vector<1x2xi32>")),
    "mma.m16n8k16.i8": ("mma_m16n8k16_i8.ptx", _mma("16, 8, 16", "vector<2x4xi8>", "vector<1x4xi8>", "vector<2x2xi32>")),
    "mma.m16n8k32.i8": ("mma_m16n8k32_i8.ptx", _mma("16, 8, 32", "vector<4x4xi8>", "vector<2x4xi8>", "vector<2x2xi32>")),
    "mma.m8n8k32.i4": ("mma_m8n8k32_i4.ptx", _mma("8, 8, 32", "vector<1x8xi4>", "vector<1x8xi4>", "vector<1x2xi32>")),
    "mma.m16n8k32.i4": ("mma_m16n8k32_i4.ptx", _mma("16, 8, 32", "vector<2x8xi4>", "vector<1x8xi4>", "vector<2x2xi32>")),
    "mma.m16n8k64.i4": ("mma_m16n8k64_i4.ptx", _mma("16, 8, 64", "vector<4x8xi4>", "vector<2x8xi4>", "vector<2x2xi32>")),
    "mma.m16n8k32.e4m3": ("mma_m16n8k32_e4m3.ptx",
                          _mma("16, 8, 32", "vector<4x4xf8E4M3FN>", "vector<2x4xf8E4M3FN>", "vector<2x2xf32>")),
    "mma.m16n8k32.e5m2": ("mma_m16n8k32_e5m2.ptx",
                          _mma("16, 8, 32", "vector<4x4xf8E5M2>", "vector<2x4xf8E5M2>", "vector<2x2xf32>")),
    "mma.m16n8k16.e4m3": ("mma_m16n8k16_e4m3.ptx",
                          _mma("16, 8, 16", "vector<2x4xf8E4M3FN>", "vector<1x4xf8E4M3FN>", "vector<2x2xf32>")),
    # extf / truncf: one case per conversion instruction
    "extf.e4m3.f16": ("extf_e4m3_f16.ptx", _cvt("nvgpu.extf", "f8E4M3FN", "f16")),
    "extf.e5m2.f32": ("extf_e5m2_f32.ptx", _cvt("nvgpu.extf", "f8E5M2", "f32")),
    "extf.e8m0.bf16": ("extf_e8m0_bf16.ptx", _cvt("nvgpu.extf", "f8E8M0FNU", "bf16")),
    "extf.e2m3.f16": ("extf_e2m3_f16.ptx", _cvt("nvgpu.extf", "f6E2M3FN", "f16")),
    "extf.e3m2.f32": ("extf_e3m2_f32.ptx", _cvt("nvgpu.extf", "f6E3M2FN", "f32")),
    "extf.e2m1.f16": ("extf_e2m1_f16.ptx", _cvt("nvgpu.extf", "f4E2M1FN", "f16")),
    "extf.e2m3.bf16": ("extf_e2m3_bf16.ptx", _cvt("nvgpu.extf", "f6E2M3FN", "bf16")),
    "extf.f16.f32": ("extf_f16_f32.ptx", _cvt("nvgpu.extf", "f16", "f32")),
    "convert.fpext.e4m3.f16": ("extf_e4m3_f16.ptx", _cvt("nvgpu.convert.fpext", "f8E4M3FN", "f16")),
    "truncf.f32.f16": ("truncf_f32_f16.ptx", _cvt("nvgpu.truncf", "f32", "f16")),
    "truncf.f32.f16.nosat": ("truncf_f32_f16_nosat.ptx",
                             _cvt("nvgpu.truncf", "f32", "f16", "sat = #nvvm.sat_mode<none>")),
    "truncf.f32.bf16.rz": ("truncf_f32_bf16_rz.ptx", _cvt("nvgpu.truncf", "f32", "bf16", "rnd = #nvvm.fp_rnd_mode<rz>")),
    "truncf.f32.f16.rs": ("truncf_f32_f16_rs.ptx",
                          _cvt("nvgpu.truncf", "f32", "f16", "rnd = #nvvm.fp_rnd_mode<rs>", rbits=True)),
    "truncf.f32.e4m3": ("truncf_f32_e4m3.ptx", _cvt("nvgpu.truncf", "f32", "f8E4M3FN")),
    "truncf.f16.e5m2": ("truncf_f16_e5m2.ptx", _cvt("nvgpu.truncf", "f16", "f8E5M2")),
    "truncf.f32.e2m3": ("truncf_f32_e2m3.ptx", _cvt("nvgpu.truncf", "f32", "f6E2M3FN")),
    "truncf.f32.e2m1": ("truncf_f32_e2m1.ptx", _cvt("nvgpu.truncf", "f32", "f4E2M1FN")),
    "truncf.f32.e8m0.rz": ("truncf_f32_e8m0_rz.ptx",
                           _cvt("nvgpu.truncf", "f32", "f8E8M0FNU", "rnd = #nvvm.fp_rnd_mode<rz>")),
    "truncf.bf16.e8m0.rp": ("truncf_bf16_e8m0_rp.ptx",
                            _cvt("nvgpu.truncf", "bf16", "f8E8M0FNU", "rnd = #nvvm.fp_rnd_mode<rp>")),
    "truncf.f16.e2m3": ("truncf_f16_e2m3.ptx", _cvt("nvgpu.truncf", "f16", "f6E2M3FN")),
    "truncf.f64.f32": ("truncf_f64_f32.ptx", _cvt("nvgpu.truncf", "f64", "f32")),
    "truncf.f64.e4m3": ("truncf_f64_e4m3.ptx", _cvt("nvgpu.truncf", "f64", "f8E4M3FN")),
    "convert.fptrunc.f32.e2m1": ("truncf_f32_e2m1.ptx", _cvt("nvgpu.convert.fptrunc", "f32", "f4E2M1FN")),
}

ARCHES = ("sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120")
"""The targets every case is tried on (newest PTX ISA of the ptxas used)."""

FAMILY_ARCHES = ("sm_100", "sm_100f", "sm_103a", "sm_110f", "sm_120a")
FAMILY_CASES = (
    "extf.e8m0.bf16", "extf.e2m3.f16", "extf.e2m1.f16", "truncf.f32.e2m3", "truncf.f32.e8m0.rz",
    "truncf.bf16.e8m0.rp", "truncf.f32.f16.rs", "tensormap.replace.box_dim",
    "tensormap.replace.swizzle_atomicity", "warpgroup.mma", "fma", "mma.m16n8k16.e4m3",
)
"""Cases whose requirement is architecture- or family-specific (or new with sm_100) are
also tried on these targets: the ``a``-is-not-inherited and family rules live there."""

OLD_PTX = (
    # (case, chip, PTX ISA): each op at the PTX ISA just below and at its minimum
    ("ldmatrix", "sm_75", "6.4"), ("ldmatrix", "sm_75", "6.5"),
    ("mma.sp.sync", "sm_80", "7.0"), ("mma.sp.sync", "sm_80", "7.1"),
    ("mbarrier.arrive.expect_tx", "sm_90", "7.8"), ("mbarrier.arrive.expect_tx", "sm_90", "8.0"),
    ("tma.fence.descriptor", "sm_90", "8.2"), ("tma.fence.descriptor", "sm_90", "8.3"),
    ("tensormap.replace.box_dim", "sm_90a", "8.2"), ("tensormap.replace.box_dim", "sm_90a", "8.3"),
    ("extf.e4m3.f16", "sm_89", "7.8"), ("extf.e4m3.f16", "sm_89", "8.1"), ("extf.e4m3.f16", "sm_90", "7.8"),
    ("truncf.f32.f16", "sm_80", "7.0"), ("truncf.f32.f16", "sm_80", "8.1"), ("truncf.f32.f16.nosat", "sm_80", "7.0"),
    ("truncf.f32.f16.rs", "sm_100a", "8.6"), ("truncf.f32.f16.rs", "sm_100a", "8.7"),
    ("mma.m16n8k32.e4m3", "sm_89", "8.3"), ("mma.m16n8k32.e4m3", "sm_89", "8.4"),
    ("mma.m16n8k16.e4m3", "sm_90a", "8.6"), ("mma.m16n8k16.e4m3", "sm_90a", "8.7"),
    ("stmatrix", "sm_90", "7.8"), ("fma", "sm_100", "8.6"),
    # the PTX ISA 9.1 / 9.2 fp6 conversions, checkable with a ptxas of CUDA 13.1 or later
    ("truncf.f16.e2m3", "sm_100a", "9.0"), ("truncf.f16.e2m3", "sm_100a", "9.1"),
    ("extf.e2m3.bf16", "sm_100a", "9.1"), ("extf.e2m3.bf16", "sm_100a", "9.2"),
    ("extf.e2m3.bf16", "sm_120a", "9.1"), ("extf.e2m3.bf16", "sm_120a", "9.2"),
)


def _isa(version: str) -> tuple[int, int]:
    major, minor = version.split(".")
    return int(major), int(minor)


def snippet(case: str, chip: str, ptx: str) -> str:
    line, extra = CASES[case][1], ""
    if isinstance(line, tuple):
        line, extra = line
    args = ARGS + (", " + extra if extra else "")
    features = "+ptx" + ptx.replace(".", "")
    return (f'gpu.module @m [#nvvm.target<chip = "{chip}", features = "{features}">] {{\n'
            f"  func.func @f({args}) {{\n    {line}\n    return\n  }}\n}}\n")


def gate_accepts(case: str, chip: str, ptx: str) -> tuple[bool, list[str]]:
    doc = Document(snippet(case, chip, ptx))
    syntax = [d.message for d in doc.diagnostics()]
    assert not syntax, f"snippet of {case} does not parse: {syntax}"
    gated = [d.message for d in check_targets(doc, None, "test") if d.code.endswith(("sm-gate", "ptx-gate"))]
    return not gated, gated


def _runs() -> list[tuple[str, str, str]]:
    runs = []
    for case in CASES:
        for chip in ARCHES + (FAMILY_ARCHES if case in FAMILY_CASES else ()):
            ptxas = ptxas_for(chip)
            if ptxas is not None:
                runs.append((case, chip, ptxas.newest_ptx))
    for case, chip, ptx in OLD_PTX:
        ptxas = ptxas_for(chip)
        if ptxas is not None and _isa(ptx) <= _isa(ptxas.newest_ptx):
            runs.append((case, chip, ptx))
    return runs


@pytest.fixture(scope="module")
def ptxas_verdicts() -> dict[tuple[str, str, str], tuple[bool, str]]:
    """ptxas's verdict on every (case, chip, PTX ISA), computed once in a thread pool."""
    if not available_ptxas():
        pytest.skip("no ptxas found (neither on PATH nor from the nvidia-cuda-nvcc wheels)")
    runs = _runs()
    kernels = {(CASES[case][0], chip, ptx) for case, chip, ptx in runs}
    with ThreadPoolExecutor(max_workers=max(4, 2 * (os.cpu_count() or 1))) as pool:
        results = dict(zip(kernels, pool.map(lambda k: assemble(*k), kernels)))
    return {(case, chip, ptx): results[(CASES[case][0], chip, ptx)] for case, chip, ptx in runs}


@pytest.mark.parametrize("case", sorted(CASES))
def test_gate_matches_ptxas(case: str, ptxas_verdicts) -> None:
    disagreements = []
    for (name, chip, ptx), (accepted, stderr) in sorted(ptxas_verdicts.items()):
        if name != case:
            continue
        gate_ok, gate_messages = gate_accepts(case, chip, ptx)
        if gate_ok != accepted:
            first = next((line for line in stderr.splitlines() if "error" in line), stderr.strip())
            disagreements.append(f"{chip} PTX {ptx}: ptxas {'accepts' if accepted else 'rejects'} "
                                 f"({first.strip()[:160]}), gate {'accepts' if gate_ok else 'rejects'} "
                                 f"{gate_messages}")
    if not any(name == case for name, _, _ in ptxas_verdicts):
        pytest.skip(f"no ptxas for any target of {case}")
    assert not disagreements, f"{case}: " + "; ".join(disagreements)


def test_every_kernel_assembles_somewhere(ptxas_verdicts) -> None:
    """A kernel no target accepts would make the comparison vacuous (typo in the PTX), unless
    its instruction is newer than every ptxas here (the PTX ISA 9.1 and 9.2 forms, where no
    ptxas of CUDA 13.1 or later is installed: the nvidia-cuda-nvcc 13.x wheel brings one)."""
    newest = max((_isa(p.newest_ptx) for p in available_ptxas()), default=(0, 0))
    newer_than_ptxas = {"extf_e2m3_bf16.ptx", "truncf_f16_e2m3.ptx"} if newest < (9, 2) else set()
    accepted = {CASES[case][0] for (case, _, _), (ok, _) in ptxas_verdicts.items() if ok}
    never = sorted({kernel for kernel, _ in CASES.values()} - accepted - newer_than_ptxas)
    assert not never, f"kernels no target assembles: {never}"


def test_every_gated_nvgpu_op_has_a_case() -> None:
    from nvgpu_ls.dialects.nvgpu import NVGPU_OPS

    covered = set()
    for case in CASES:
        line = CASES[case][1]
        text = line[0] if isinstance(line, tuple) else line
        covered.update(re.findall(r"nvgpu\.[\w.]+(?= )", text))
    gated = {name for name, facts in NVGPU_OPS.items() if facts.requirement is not None}
    # the pre-merge nvgpu.convert.float shares its forms with extf/truncf, covered above
    assert gated - covered <= {"nvgpu.convert.float"}, sorted(gated - covered)
