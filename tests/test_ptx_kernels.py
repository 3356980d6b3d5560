"""The PTX preview of the kernels under tests/data/ptx: each one previewed with ``validate=True``
(ptxas for its own chip), the instructions it exists for asserted in the PTX, and the source
mapping checked for the instructions that matter (the PTX line of an instruction maps back to
the line of the nvgpu op it came from).

Each kernel names its chip in its ``#nvvm.target``. The PTX ISA a kernel may use is bounded by
both tools: LLVM 22's NVPTX (llvmlite 0.50) emits up to ``.version`` 9.0 (``+ptx91`` is not
a feature it knows) and ptxas 13.0 assembles up to 9.0 ("Unsupported .version 9.1"). The
kernels use the lowest PTX ISA their ops allow: 7.0/7.1 (sm_80), 7.8 (sm_90 stmatrix),
8.0 (sm_90a wgmma/TMA), 8.1 (sm_89 fp8 cvt: ptxas refuses it below 8.1 on sm_89),
8.3 (tensor-map fences and tensormap.replace), 8.6 (sm_100a f32x2 and f6/f4/e8m0 cvt).

Engines: kernels that use only ops the torch-mlir bindings' upstream nvgpu dialect knows are
also previewed with the upstream engine, and the same instructions must appear. The others
use ops newer than the bindings (nvgpu-ls extension ops such as ``nvgpu.mbarrier.inval``,
``nvgpu.tma.async.reduce``, ``nvgpu.stmatrix``, ``nvgpu.tensormap.*``, ``nvgpu.fma``/``mul``,
``nvgpu.convert.*``) or spell one differently (``nvgpu.rcp``'s ``rounding = approx``): only the
builtin engine lowers them, and the upstream engine's preview of them must fail with a
diagnostic rather than a crash.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.ptx import find_ptxas

from .conftest import DATA, ROOT

from nvgpu_ls.ptx.preview import PreviewOptions, PreviewService

KERNEL_DATA = DATA / "ptx"
BOTH = ("builtin", "upstream")
BUILTIN_ONLY = ("builtin",)


@dataclass(frozen=True)
class Kernel:
    file: str
    chip: str
    engines: tuple[str, ...]
    opcodes: tuple[str, ...]
    """Instructions that must appear, each matched exactly against a PTX line's opcode."""
    mapped: tuple[tuple[str, str], ...] = ()
    """(opcode prefix, source op): the first PTX line with that opcode maps to a source line
    that holds that op."""
    why_builtin_only: str = ""


KERNELS = (
    Kernel("ampere_gemm_sm80.mlir", "sm_80", BOTH, (
        "cp.async.cg.shared.global", "cp.async.commit_group", "cp.async.wait_group",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "bar.sync"),
        mapped=(("mma.sync", "nvgpu.mma.sync"), ("ldmatrix", "nvgpu.ldmatrix"),
                ("cp.async.cg", "nvgpu.device_async_copy"), ("cp.async.commit_group", "nvgpu.device_async_create_group"),
                ("cp.async.wait_group", "nvgpu.device_async_wait"))),
    Kernel("hopper_gemm_sm90a.mlir", "sm_90a", BOTH, (
        "mbarrier.init.shared.b64", "prefetch.tensormap", "mbarrier.arrive.expect_tx.shared.b64",
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes",
        "mbarrier.try_wait.parity.shared.b64", "wgmma.fence.sync.aligned",
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", "wgmma.commit_group.sync.aligned",
        "wgmma.wait_group.sync.aligned"),
        mapped=(("wgmma.mma_async", "nvgpu.warpgroup.mma "), ("cp.async.bulk.tensor", "nvgpu.tma.async.load"),
                ("mbarrier.try_wait.parity", "nvgpu.mbarrier.try_wait.parity"),
                ("mbarrier.arrive.expect_tx", "nvgpu.mbarrier.arrive.expect_tx"))),
    Kernel("mbarrier_phases_sm80.mlir", "sm_80", BUILTIN_ONLY, (
        "mbarrier.init.shared.b64", "mbarrier.arrive.noComplete.shared.b64", "mbarrier.arrive.shared.b64",
        "mbarrier.test_wait.shared.b64", "mbarrier.inval.shared.b64"),
        mapped=(("mbarrier.test_wait", "nvgpu.mbarrier.test.wait"), ("mbarrier.inval", "nvgpu.mbarrier.inval"),
                ("mbarrier.arrive.noComplete", "nvgpu.mbarrier.arrive.nocomplete")),
        why_builtin_only="nvgpu.mbarrier.inval"),
    Kernel("tma_store_reduce_sm90.mlir", "sm_90", BUILTIN_ONLY, (
        "fence.proxy.tensormap::generic.acquire.sys", "prefetch.tensormap",
        "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group",
        "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"),
        mapped=(("cp.reduce.async.bulk.tensor", "nvgpu.tma.async.reduce"),
                ("cp.async.bulk.tensor", "nvgpu.tma.async.store"),
                ("fence.proxy.tensormap", "nvgpu.tma.fence.descriptor")),
        why_builtin_only="nvgpu.tma.async.reduce"),
    Kernel("tensormap_update_sm90a.mlir", "sm_90a", BUILTIN_ONLY, (
        "tensormap.replace.tile.global_address.shared::cta.b1024.b64",
        "tensormap.replace.tile.global_dim.shared::cta.b1024.b32",
        "tensormap.replace.tile.global_stride.shared::cta.b1024.b64",
        "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned"),
        mapped=(("tensormap.replace", "nvgpu.tensormap.replace"),
                ("tensormap.cp_fenceproxy", "nvgpu.tensormap.cp_fenceproxy")),
        why_builtin_only="nvgpu.tensormap.replace"),
    Kernel("stmatrix_sm90.mlir", "sm_90", BUILTIN_ONLY, (
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", "stmatrix.sync.aligned.m8n8.x4.shared.b16"),
        mapped=(("stmatrix", "nvgpu.stmatrix"), ("mma.sync", "nvgpu.mma.sync")),
        why_builtin_only="nvgpu.stmatrix"),
    Kernel("mma_sparse_sm80.mlir", "sm_80", BOTH, (
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32"),
        mapped=(("mma.sp.sync", "nvgpu.mma.sp.sync"),)),
    Kernel("rcp_softmax_sm80.mlir", "sm_80", BUILTIN_ONLY, ("rcp.approx.ftz.f32",),
           mapped=(("rcp.approx", "nvgpu.rcp"),),
           why_builtin_only="nvgpu.rcp's `rounding = approx` (the bindings want `{approx = true, ftz = true}`)"),
    Kernel("f32x2_axpy_sm100a.mlir", "sm_100a", BUILTIN_ONLY, ("fma.rn.f32x2", "mul.rz.ftz.f32x2"),
           mapped=(("fma.rn.f32x2", "nvgpu.fma"), ("mul.rz.ftz.f32x2", "nvgpu.mul")),
           why_builtin_only="nvgpu.fma / nvgpu.mul"),
    Kernel("conversions_sm100a.mlir", "sm_100a", BUILTIN_ONLY, (
        "cvt.rn.satfinite.f16x2.f32", "cvt.rz.relu.satfinite.bf16x2.f32", "cvt.rn.satfinite.e4m3x2.f32",
        "cvt.rn.satfinite.e2m3x2.f32", "cvt.rn.satfinite.e2m1x2.f32", "cvt.rp.satfinite.ue8m0x2.f32",
        "cvt.rn.f16x2.e4m3x2", "cvt.rn.f16x2.e2m3x2"),
        mapped=(("cvt.rn.satfinite.e2m1x2.f32", "nvgpu.truncf"), ("cvt.rp.satfinite.ue8m0x2.f32", "nvgpu.truncf"),
                ("cvt.rn.satfinite.e2m3x2.f32", "nvgpu.convert.fptrunc"),
                ("cvt.rz.relu.satfinite.bf16x2.f32", "nvgpu.convert.float")),
        why_builtin_only="nvgpu.convert.* (pre-merge spellings)"),
    Kernel("tensormap_retarget_sm90a.mlir", "sm_90a", BUILTIN_ONLY, (
        "ld.global.v4.b32", "st.shared.v4.b32", "tensormap.replace.tile.global_address.shared::cta.b1024.b64",
        "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned",
        "fence.proxy.tensormap::generic.acquire.sys",
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"),
        mapped=(("ld.global.v4", "nvgpu.tensormap.create.descriptor"), ("tensormap.replace", "nvgpu.tensormap.replace"),
                ("tensormap.cp_fenceproxy", "nvgpu.tensormap.cp_fenceproxy")),
        why_builtin_only="nvgpu.tensormap.*"),
    Kernel("warp_lane0_sm80.mlir", "sm_80", BUILTIN_ONLY, ("shfl.sync.idx.b32",),
           mapped=(("shfl.sync.idx", "gpu.warp_execute_on_lane_0"),),
           why_builtin_only="gpu.warp_execute_on_lane_0 (upstream's pipeline has no conversion for it)"),
    Kernel("fp8_cast_sm89.mlir", "sm_89", BOTH, (
        "cvt.rn.satfinite.e4m3x2.f32", "cvt.rn.satfinite.e5m2x2.f32", "cvt.rn.f16x2.e4m3x2"),
        mapped=(("cvt.rn.satfinite.e5m2x2.f32", "nvgpu.truncf"), ("cvt.rn.f16x2.e4m3x2", "nvgpu.extf"))),
)
CASES = [(k, engine) for k in KERNELS for engine in k.engines]
NEEDS_PTXAS = pytest.mark.skipif(find_ptxas() is None, reason="no ptxas (PATH or nvidia-cuda-nvcc wheel)")

_PREDICATE = re.compile(r"^@!?%\w+\s+")


def opcodes(ptx: str) -> list[str]:
    """The opcode of every instruction line of ``ptx`` (its index in the list is not the line)."""
    return [opcode for _, opcode in instruction_lines(ptx)]


def instruction_lines(ptx: str) -> list[tuple[int, str]]:
    """(0-based line, opcode) of every instruction of ``ptx``."""
    found = []
    for index, line in enumerate(ptx.splitlines()):
        text = _PREDICATE.sub("", line.strip())
        if not text or text.startswith(("//", ".", "{", "}", "$")) or text.endswith(":"):
            continue
        opcode = re.split(r"[\s;]", text, maxsplit=1)[0]
        if re.fullmatch(r"[a-z][\w.:]*", opcode):
            found.append((index, opcode))
    return found


@pytest.fixture(scope="module")
def service():
    running = PreviewService()
    yield running
    running.close()


_previews: dict[tuple[str, str], object] = {}


def preview_of(service, kernel: Kernel, engine: str):
    """One validated preview per kernel and engine for the whole module."""
    key = (kernel.file, engine)
    if key not in _previews:
        path = KERNEL_DATA / kernel.file
        _previews[key] = service.preview(path.read_text(), str(path),
                                         PreviewOptions(engine=engine, validate=True))
    return _previews[key]


def _errors(preview) -> list[str]:
    return [f"{d.code}: {d.message}" for d in preview.diagnostics if d.severity == Severity.ERROR]


def _ids(case) -> str:
    kernel, engine = case
    return f"{kernel.file.removesuffix('.mlir')}-{engine}"


# ---------------------------------------------------------------------------- the kernels
def test_every_kernel_file_is_listed():
    assert sorted(p.name for p in KERNEL_DATA.glob("*.mlir")) == sorted(k.file for k in KERNELS)


@pytest.mark.parametrize("kernel", KERNELS, ids=lambda k: k.file)
def test_kernel_is_check_clean_for_its_target(kernel: Kernel):
    done = subprocess.run([sys.executable, "-m", "nvgpu_ls", "--check", str(KERNEL_DATA / kernel.file)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no errors or warnings" in done.stdout
    assert f'chip = "{kernel.chip}"' in (KERNEL_DATA / kernel.file).read_text()


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_preview_gives_ptx_for_the_kernels_chip(service, case):
    kernel, engine = case
    preview = preview_of(service, kernel, engine)
    assert _errors(preview) == [] and preview.ptx is not None
    assert [m.chip for m in preview.modules] == [kernel.chip]
    assert f".target {kernel.chip}" in preview.ptx


@NEEDS_PTXAS
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_ptxas_accepts_the_preview_for_the_kernels_chip(service, case):
    kernel, engine = case
    preview = preview_of(service, kernel, engine)
    assert [(r.chip, r.ok) for r in preview.ptxas] == [(kernel.chip, True)], [r.messages for r in preview.ptxas]
    assert all(k.registers for r in preview.ptxas for k in r.kernels)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_expected_instructions_appear(service, case):
    kernel, engine = case
    present = set(opcodes(preview_of(service, kernel, engine).ptx or ""))
    assert [op for op in kernel.opcodes if op not in present] == []


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_instructions_map_back_to_their_nvgpu_op(service, case):
    kernel, engine = case
    preview = preview_of(service, kernel, engine)
    source = (KERNEL_DATA / kernel.file).read_text().splitlines()
    mapping = {m.ptx_line: m.source_line for m in preview.mapping}
    lines = instruction_lines(preview.ptx or "")
    for prefix, op in kernel.mapped:
        first = next((line for line, opcode in lines if opcode.startswith(prefix)), None)
        assert first is not None, f"no {prefix} in the PTX"
        assert first in mapping, f"the first {prefix} (PTX line {first}) is not mapped"
        assert op in source[mapping[first]], (prefix, mapping[first] + 1, source[mapping[first]])


def test_both_engines_give_the_same_instructions_where_both_lower(service):
    for kernel in KERNELS:
        if kernel.engines != BOTH:
            continue
        builtin, upstream = (set(opcodes(preview_of(service, kernel, e).ptx or "")) for e in BOTH)
        assert builtin == upstream, (kernel.file, builtin ^ upstream)


@pytest.mark.parametrize("kernel", [k for k in KERNELS if k.engines == BUILTIN_ONLY], ids=lambda k: k.file)
def test_builtin_only_kernels_fail_upstream_with_a_diagnostic(service, kernel: Kernel):
    """Only the builtin engine lowers these (``why_builtin_only``): upstream's preview says so
    as an error diagnostic, without PTX, and the service keeps working."""
    path = KERNEL_DATA / kernel.file
    preview = service.preview(path.read_text(), str(path), PreviewOptions(engine="upstream"))
    assert preview.ptx is None and _errors(preview), kernel.why_builtin_only
    assert preview_of(service, kernel, "builtin").ptx is not None


# ---------------------------------------------------------------------------- the CLI
@NEEDS_PTXAS
@pytest.mark.parametrize("kernel", KERNELS, ids=lambda k: k.file)
def test_nvgpu_ls_ptx_validate_gives_ptx_ptxas_accepts_with_the_expected_instructions(kernel: Kernel,
                                                                                       tmp_path: Path):
    out = tmp_path / "kernel.ptx"
    done = subprocess.run([sys.executable, "-m", "nvgpu_ls", "ptx", "--validate", "-o", str(out),
                           str(KERNEL_DATA / kernel.file)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    ptx = out.read_text()
    assert f".target {kernel.chip}" in ptx
    missing = set(kernel.opcodes) - set(opcodes(ptx))
    assert not missing, missing
