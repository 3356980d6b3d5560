"""instance_forms: what one op instance lowers to, from its own attributes and types.

Unit tests pin the choices per family (cp.async cache and size, ldmatrix tiles, mma types,
mbarrier state space, TMA rank, wgmma shape, conversions); the ptxas test assembles every
PTX line the rules produce for ``data/hover/instance_forms.mlir`` on the lowest target
that accepts the op, so the spellings cannot drift from what ptxas reads.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.ir import Operation
from nvgpu_ls.dialects import NVGPU_OPS
from nvgpu_ls.dialects.instance_forms import RULES, InstanceForm, instance_form, regs
from nvgpu_ls.analysis.facts import Requirement
from nvgpu_ls.target import KNOWN_CHIPS, Target, chip_order, parse_chip, satisfies
from nvgpu_ls.verify.gate import instance_requirement

DATA = Path(__file__).resolve().parent / "data" / "hover"

GROUP = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>"


def forms(body: str, name: str, prelude: str = "") -> list[InstanceForm | None]:
    """The instance form of every ``name`` op in ``body`` (wrapped in a kernel)."""
    doc = Document(f"{prelude}\ngpu.module @m {{\n  gpu.func @k() kernel {{\n{body}\n    gpu.return\n  }}\n}}\n")
    return [instance_form(op, doc) for op in doc.ops() if op.name == name]


def form(body: str, name: str, prelude: str = "") -> InstanceForm:
    found = forms(body, name, prelude)
    assert found and found[0] is not None, f"no {name} in the snippet"
    return found[0]


def test_every_nvgpu_op_has_an_instance_rule() -> None:
    assert sorted(set(NVGPU_OPS) - set(RULES)) == []


def test_regs_lists_short_register_groups_and_elides_long_ones() -> None:
    assert regs("d", 2) == "{d0, d1}"
    assert regs("d", 64) == "{d0, ..., d63}"


# ---------------------------------------------------------------- cp.async
def test_copy_form_names_cg_instruction_for_16_byte_bypass_l1_copy() -> None:
    found = form("%t = nvgpu.device_async_copy %g[%i], %s[%i], 4 bypassL1 : memref<64xf32> to memref<64xf32, 3>",
                 "nvgpu.device_async_copy")
    assert found.ptx == ("cp.async.cg.shared.global [dst], [src], 16;",)
    assert found.ops == ("nvvm.cp.async.shared.global",)
    assert found.params["cache"] == "cg" and found.params["size"] == 16


def test_copy_form_names_ca_instruction_for_4_byte_copy() -> None:
    found = form("%t = nvgpu.device_async_copy %g[%i], %s[%i], 2 : memref<64xf16> to memref<64xf16, 3>",
                 "nvgpu.device_async_copy")
    assert found.ptx == ("cp.async.ca.shared.global [dst], [src], 4;",)


def test_copy_form_keeps_ca_when_bypass_l1_copy_is_not_16_bytes() -> None:
    found = form("%t = nvgpu.device_async_copy %g[%i], %s[%i], 2 {bypassL1} : memref<64xf32> to memref<64xf32, 3>",
                 "nvgpu.device_async_copy")
    assert found.ptx == ("cp.async.ca.shared.global [dst], [src], 8;",)
    assert any("bypassL1" in note for note in found.notes)


def test_copy_form_with_src_elements_uses_the_src_size_operand() -> None:
    found = form("%t = nvgpu.device_async_copy %g[%i], %s[%i], 4, %n : memref<64xf32> to memref<64xf32, 3>",
                 "nvgpu.device_async_copy")
    assert found.ptx == ("cp.async.ca.shared.global [dst], [src], 16, src_bytes;",)
    assert any("zeros" in note for note in found.notes)


def test_wait_form_waits_for_num_groups_or_zero() -> None:
    assert form("nvgpu.device_async_wait %t {numGroups = 3 : i32}", "nvgpu.device_async_wait").ptx == \
        ("cp.async.wait_group 3;",)
    assert form("nvgpu.device_async_wait %t", "nvgpu.device_async_wait").ptx == ("cp.async.wait_group 0;",)


# ---------------------------------------------------------------- ldmatrix / mma
def test_ldmatrix_form_spells_tile_count_and_transpose() -> None:
    found = form("%r = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = true} : "
                 "memref<64x64xf16, 3> -> vector<4x2xf16>", "nvgpu.ldmatrix")
    assert found.ptx == ("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {d0, d1, d2, d3}, [addr];",)
    assert found.params["layout"] == "col"
    single = form("%r = nvgpu.ldmatrix %s[%i, %i] numTiles = 1 transpose = false : "
                  "memref<64x64xf16, 3> -> vector<1x2xf16>", "nvgpu.ldmatrix")
    assert single.ptx == ("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {d0}, [addr];",)


def test_mma_sync_form_spells_shape_and_types() -> None:
    found = form("%d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : "
                 "(vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>", "nvgpu.mma.sync")
    assert found.ptx[0].startswith("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, ")


def test_mma_sync_form_adds_satfinite_for_integers_and_reads_f32_as_tf32() -> None:
    ints = form("%d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 32]} : "
                "(vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>", "nvgpu.mma.sync")
    assert ints.ptx[0].startswith("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 ")
    tf32 = form("%d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} : "
                "(vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>", "nvgpu.mma.sync")
    assert tf32.ptx[0].startswith("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 ")


def test_mma_sync_form_without_tf32_enabled_says_f32_does_not_lower() -> None:
    found = form("%d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 8]} : "
                 "(vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>", "nvgpu.mma.sync")
    assert found.ptx == () and "tf32Enabled" in found.notes[0]


def test_sparse_mma_form_is_inline_ptx_with_the_selector() -> None:
    found = form("%d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [16, 8, 32], sparsitySelector = 1 : i32}"
                 " : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>", "nvgpu.mma.sp.sync")
    assert found.ops == ("llvm.inline_asm",)
    assert found.ptx[0].startswith("mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 ")
    assert found.ptx[0].endswith(", meta, 0x1;")


# ---------------------------------------------------------------- mbarrier
def test_mbarrier_forms_use_shared_for_a_workgroup_group() -> None:
    found = form(f"%b = nvgpu.mbarrier.create -> {GROUP}\n%t = nvgpu.mbarrier.arrive %b[%i] : {GROUP} -> "
                 "!nvgpu.mbarrier.token", "nvgpu.mbarrier.arrive")
    assert found.ptx == ("mbarrier.arrive.shared.b64 state, [addr];",)
    assert found.ops == ("nvvm.mbarrier.arrive",)


def test_mbarrier_forms_use_generic_addressing_outside_shared_memory() -> None:
    group = "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>"
    found = form(f"nvgpu.mbarrier.init %b[%i], %n : {group}", "nvgpu.mbarrier.init")
    assert found.ptx == ("mbarrier.init.b64 [addr], count;",)


def test_mbarrier_forms_guard_with_the_predicate() -> None:
    found = form(f"nvgpu.mbarrier.arrive.expect_tx %b[%i], %n, predicate = %p : {GROUP}",
                 "nvgpu.mbarrier.arrive.expect_tx")
    assert found.ptx == ("@p mbarrier.arrive.expect_tx.shared.b64 _, [addr], txcount;",)


def test_mbarrier_create_form_declares_the_barriers() -> None:
    group = "!nvgpu.mbarrier.group<memorySpace = 3, num_barriers = 4>"
    found = form(f"%b = nvgpu.mbarrier.create -> {group}", "nvgpu.mbarrier.create")
    assert found.ptx == (".shared .align 8 .b64 __mbarrier[4];",)
    assert "32 bytes" in found.notes[0]


# ---------------------------------------------------------------- TMA
def test_tma_load_form_names_the_rank_and_multicast() -> None:
    prelude = ("!d = !nvgpu.tensormap.descriptor<tensor = memref<2x8x64xf16, 3>, swizzle = swizzle_128b, "
               "l2promo = none, oob = zero, interleave = none>")
    body = (f"%b = nvgpu.mbarrier.create -> {GROUP}\n"
            f"nvgpu.tma.async.load %d[%i, %i, %i], %b[%i] to %s multicast_mask = %m : !d, {GROUP} -> "
            "memref<2x8x64xf16, 3>")
    found = form(body, "nvgpu.tma.async.load", prelude)
    assert found.ptx == ("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
                         ".multicast::cluster [dst], [tmap, {c0, c1, c2}], [mbar], mask;",)
    assert "2048 bytes" in found.notes[0]


def test_tma_store_form_names_the_rank() -> None:
    prelude = ("!d = !nvgpu.tensormap.descriptor<tensor = memref<64xf32, 3>, swizzle = none, "
               "l2promo = none, oob = zero, interleave = none>")
    found = form("nvgpu.tma.async.store %s to %d[%i] : memref<64xf32, 3> -> !d", "nvgpu.tma.async.store", prelude)
    assert found.ptx == ("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [tmap, {c0}], [src];",)


# ---------------------------------------------------------------- warpgroup
def test_warpgroup_mma_form_derives_the_wgmma_shape_from_the_types() -> None:
    prelude = ("!a = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xbf16, 3>>\n"
               "!b = !nvgpu.warpgroup.descriptor<tensor = memref<64x256xbf16, 3>>\n"
               "!c = !nvgpu.warpgroup.accumulator<fragmented = vector<128x256xf32>>")
    found = form("%d = nvgpu.warpgroup.mma %a, %b, %c {transposeB, waitGroup = 0} : !a, !b, !c -> !c",
                 "nvgpu.warpgroup.mma", prelude)
    assert found.ptx[1] == ("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {d0, ..., d127}, "
                            "descA, descB, p, 1, 1, 0, 1;")
    assert found.ptx[-1] == "wgmma.wait_group.sync.aligned 0;"
    assert found.params["count"] == 8


def test_warpgroup_mma_form_for_tf32_has_no_transpose_immediates() -> None:
    prelude = ("!a = !nvgpu.warpgroup.descriptor<tensor = memref<64x32xtf32, 3>>\n"
               "!b = !nvgpu.warpgroup.descriptor<tensor = memref<32x64xtf32, 3>>\n"
               "!c = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>")
    found = form("%d = nvgpu.warpgroup.mma %a, %b, %c : !a, !b, !c -> !c", "nvgpu.warpgroup.mma", prelude)
    assert found.ptx[1] == "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {d0, ..., d31}, descA, descB, p, 1, 1;"


# ---------------------------------------------------------------- arithmetic and conversions
def test_rcp_form_is_one_approximate_reciprocal_per_element() -> None:
    found = form("%r = nvgpu.rcp %v {rounding = approx, ftz} : vector<8xf32>", "nvgpu.rcp")
    assert found.ptx == ("rcp.approx.ftz.f32 d, a;",) and "8 times" in found.notes[0]


def test_truncf_form_spells_rounding_relu_and_saturation() -> None:
    found = form("%r = nvgpu.truncf %v <{relu = true}> : vector<4xf32> to vector<4xf16>", "nvgpu.truncf")
    assert found.ptx == ("cvt.rn.relu.satfinite.f16x2.f32 d, a, b;",)
    none = form("%r = nvgpu.truncf %v <{rnd = #nvvm.fp_rnd_mode<rz>, sat = #nvvm.sat_mode<none>}> : "
                "vector<4xf32> to vector<4xbf16>", "nvgpu.truncf")
    assert none.ptx == ("cvt.rz.bf16x2.f32 d, a, b;",)
    assert none.ops == ("nvvm.convert.f32x2.to.bf16x2",)


def test_extf_form_widens_fp8_through_f16x2() -> None:
    found = form("%r = nvgpu.extf %v : vector<4xf8E5M2> to vector<4xf32>", "nvgpu.extf")
    assert found.ops == ("nvvm.convert.f8x2.to.f16x2", "llvm.fpext")
    assert found.ptx == ("cvt.rn.f16x2.e5m2x2 d, a;", "cvt.f32.f16 d, a;")


def _instance(body: str, name: str) -> tuple[Operation, Document]:
    doc = Document(f"gpu.module @m {{\n  gpu.func @k() kernel {{\n{body}\n    gpu.return\n  }}\n}}\n")
    return next(op for op in doc.ops() if op.name == name), doc


@pytest.mark.parametrize("source, result, narrow", [
    ("vector<4xf8E4M3FN>", "vector<4xbf16>", "e4m3"),
    ("vector<3xf8E5M2>", "vector<3xbf16>", "e5m2"),
    ("f8E4M3FN", "bf16", "e4m3"),
    ("vector<2x4xf8E5M2>", "vector<2x4xbf16>", "e5m2"),
])
def test_extf_form_widens_fp8_to_bf16_with_the_unit_scaled_cvt(source: str, result: str, narrow: str) -> None:
    found = form(f"%r = nvgpu.extf %v : {source} to {result}", "nvgpu.extf")
    assert found.specific
    assert found.ops == ("nvvm.convert.f8x2.to.bf16x2",)
    assert found.ptx == (f"cvt.rn.scaled::n2::ue8m0.bf16x2.{narrow}x2 d, a, scale;",)
    assert found.params["via"] == "bf16" and found.params["scale"] == 0x7F7F
    assert any(f"llvm.nvvm.{narrow}x2.to.bf16x2.rn.scale.n2.ue8m0" in note for note in found.notes)


def test_extf_form_to_bf16_uses_the_scaled_cvt_for_fp6_and_fp4_too() -> None:
    found = form("%r = nvgpu.extf %v : vector<8xf4E2M1FN> to vector<8xbf16>", "nvgpu.extf")
    assert found.ops == ("nvvm.convert.f4x2.to.bf16x2",)
    assert found.ptx == ("cvt.rn.scaled::n2::ue8m0.bf16x2.e2m1x2 d, a, scale;",)
    e8m0 = form("%r = nvgpu.extf %v : vector<4xf8E8M0FNU> to vector<4xbf16>", "nvgpu.extf")
    assert e8m0.ptx == ("cvt.rn.bf16x2.ue8m0x2 d, a;",)


@pytest.mark.parametrize("source, result, props, line", [
    ("vector<4xbf16>", "vector<4xf8E4M3FN>", "", "cvt.rn.satfinite.e4m3x2.bf16x2 d, a;"),
    ("vector<3xbf16>", "vector<3xf8E5M2>", "", "cvt.rn.satfinite.e5m2x2.bf16x2 d, a;"),
    ("bf16", "f8E5M2", " <{relu = true}>", "cvt.rn.satfinite.relu.e5m2x2.bf16x2 d, a;"),
    ("vector<2x2xbf16>", "vector<2x2xf8E4M3FN>", " <{relu = true}>", "cvt.rn.satfinite.relu.e4m3x2.bf16x2 d, a;"),
])
def test_truncf_form_narrows_bf16_to_fp8_with_the_bf16x2_cvt(source: str, result: str, props: str,
                                                              line: str) -> None:
    found = form(f"%r = nvgpu.truncf %v{props} : {source} to {result}", "nvgpu.truncf")
    assert found.specific
    assert found.ops == ("nvvm.convert.bf16x2.to.f8x2",)
    assert found.ptx == (line,)


@pytest.mark.parametrize("source, rejected", [("bf16", True), ("f32", True), ("f16", False)])
def test_truncf_form_to_fp8_without_satfinite_says_whether_upstream_rejects_it(source: str, rejected: bool) -> None:
    found = form(f"%r = nvgpu.truncf %v <{{sat = #nvvm.sat_mode<none>}}> : vector<4x{source}> to vector<4xf8E5M2>",
                 "nvgpu.truncf")
    assert any("rejects this instance" in note for note in found.notes) == rejected


@pytest.mark.parametrize("body, name, sm, ptx", [
    ("%r = nvgpu.extf %v : vector<4xf8E4M3FN> to vector<4xbf16>", "nvgpu.extf", "sm_100f", "9.2"),
    ("%r = nvgpu.extf %v : f8E5M2 to bf16", "nvgpu.extf", "sm_100f", "9.2"),
    ("%r = nvgpu.truncf %v : vector<4xbf16> to vector<4xf8E4M3FN>", "nvgpu.truncf", "sm_100f", "9.1"),
    ("%r = nvgpu.truncf %v <{relu = true}> : bf16 to f8E5M2", "nvgpu.truncf", "sm_100f", "9.1"),
    ("%r = nvgpu.extf %v : vector<4xf8E4M3FN> to vector<4xf16>", "nvgpu.extf", "sm_89", "8.1"),
    ("%r = nvgpu.truncf %v : vector<4xf16> to vector<4xf8E5M2>", "nvgpu.truncf", "sm_89", "8.1"),
    ("%r = nvgpu.extf %v : vector<4xf6E2M3FN> to vector<4xbf16>", "nvgpu.extf", "sm_100f", "9.2"),
    ("%r = nvgpu.extf %v : vector<8xf4E2M1FN> to vector<8xbf16>", "nvgpu.extf", "sm_100f", "9.2"),
    ("%r = nvgpu.truncf %v : vector<4xbf16> to vector<4xf6E3M2FN>", "nvgpu.truncf", "sm_100f", "9.1"),
])
def test_bf16_narrow_forms_need_the_sm100_families_and_a_newer_ptx_isa(body: str, name: str, sm: str,
                                                                    ptx: str) -> None:
    requirement = instance_requirement(*_instance(body, name))
    assert requirement is not None and (requirement.sm, requirement.ptx) == (sm, ptx)


def test_form_falls_back_to_the_facts_when_types_are_missing() -> None:
    found = form("%r = nvgpu.extf %v", "nvgpu.extf")
    assert not found.specific
    assert found.ops == NVGPU_OPS["nvgpu.extf"].lowers_to


# ---------------------------------------------------------------- ptxas
def _ptxas() -> str | None:
    candidates = [shutil.which("ptxas")]
    if importlib.util.find_spec("nvidia") is not None:
        spec = importlib.util.find_spec("nvidia.cuda_nvcc")
        for location in (spec.submodule_search_locations or []) if spec else []:
            candidates.append(str(Path(location) / "bin" / "ptxas"))
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return path
    return None


PTXAS = _ptxas()
PTXAS_PTX = (9, 0)
"""The PTX ISA the kernels declare: what ptxas 13.0 reads."""


def _ptxas_arches() -> frozenset[str]:
    if PTXAS is None:
        return frozenset()
    usage = subprocess.run([PTXAS, "--help"], capture_output=True, text=True, timeout=30).stdout
    return frozenset(re.findall(r"'(sm_\d+[af]?)'", usage))


def _lowest_chip(requirement: Requirement | None, arches: frozenset[str]) -> str | None:
    """The lowest chip ptxas knows that meets ``requirement`` with PTX ISA 9.0."""
    for chip in sorted(KNOWN_CHIPS, key=chip_order):
        target = parse_chip(chip)
        if chip in arches and isinstance(target, Target) and satisfies(target.with_ptx(PTXAS_PTX), requirement):
            return chip
    return None
CVT_REGS = {"f16x2": ".b32", "bf16x2": ".b32", "f32": ".f32", "f64": ".f64", "f16": ".b16", "bf16": ".b16",
            "e2m1x2": ".b8"}


def _register_type(opcode: str, name: str) -> str:
    """The PTX register type a placeholder operand of ``opcode`` needs."""
    base = re.sub(r"\d+$", "", name)
    fields = opcode.split(".")
    if base in ("p", "waitComplete"):
        return ".pred"
    if opcode.startswith(("mma.", "wgmma.")):
        if base in ("descA", "descB"):
            return ".b64"
        if base in ("d", "c"):
            accumulator = fields[-1] if opcode.startswith("mma.") else fields[-3]
            return {"f32": ".f32", "f64": ".f64"}.get(accumulator, ".b32")
        return ".f64" if fields[-2] == "f64" else ".b32"
    if opcode.startswith("cvt."):
        if base == "rbits":
            return ".b32"
        kind = fields[-2] if base == "d" else fields[-1]
        return CVT_REGS.get(kind, ".b16")
    if opcode.startswith(("fma.", "mul.")):
        return ".b64"
    if opcode.startswith("rcp."):
        return ".f32"
    if base in ("tmap", "state", "policy") or (base == "dst" and "tensormap" in opcode):
        return ".b64"
    if base == "src":
        return ".b64" if opcode.startswith(("cp.async.ca.", "cp.async.cg.", "ld.global.")) else ".b32"
    if base == "addr":
        return ".b32" if "shared" in opcode else ".b64"
    if base == "mask":
        return ".b16"
    if base == "new_val":
        return "." + fields[-1]
    return ".b32"


def _kernel(line: str, directives: list[str], chip: str) -> str:
    """A kernel holding one instruction, its placeholder operands declared as registers."""
    line = re.sub(r"\{(\w+?)0, \.\.\., \1(\d+)\}",
                  lambda m: "{" + ", ".join(f"{m.group(1)}{i}" for i in range(int(m.group(2)) + 1)) + "}", line)
    names: dict[str, str] = {"p": ".pred"} if line.startswith("@p ") else {}
    opcode, _, operands = line.removeprefix("@p ").partition(" ")
    for name in re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\b", operands):
        if name != "_":
            names.setdefault(name, _register_type(opcode, name))
    declarations = [f"  .reg {kind} {name};" for name, kind in names.items()]
    return "\n".join([".version 9.0", f".target {chip}", ".address_size 64", *directives,
                      ".visible .entry k()", "{", *declarations, f"  {line}", "  ret;", "}", ""])


def _data_forms() -> list[tuple[Operation, InstanceForm, str]]:
    doc = Document((DATA / "instance_forms.mlir").read_text())
    arches = _ptxas_arches()
    found = []
    for op in doc.ops():
        if not op.name.startswith("nvgpu."):
            continue
        shape = instance_form(op, doc)
        chip = _lowest_chip(instance_requirement(op, doc), arches)
        if shape is None or not shape.ptx or chip is None:
            continue
        found.append((op, shape, chip))
    return found


@pytest.mark.skipif(PTXAS is None, reason="ptxas not found (PATH or the nvidia-cuda-nvcc wheel)")
@pytest.mark.parametrize("case", _data_forms(), ids=lambda case: f"{case[0].name}@{case[0].start}")
def test_instance_form_ptx_assembles_with_ptxas(case: tuple[Operation, InstanceForm, str]) -> None:
    op, shape, chip = case
    assert shape.specific, f"{op.name} fell back to the facts"
    directives = [line for line in shape.ptx if line.startswith(".")]
    instructions = [line for line in shape.ptx if not line.startswith(".")] or [""]
    for line in instructions:
        kernel = _kernel(line, directives, chip) if line else "\n".join(
            [".version 9.0", f".target {chip}", ".address_size 64", *directives, ""])
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "k.ptx"
            path.write_text(kernel)
            result = subprocess.run([str(PTXAS), f"-arch={chip}", str(path), "-o", os.devnull],
                                    capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"{kernel}\n{result.stderr}"


def _ptxas_accepts(line: str, chip: str) -> bool:
    """Does ptxas assemble the one-instruction kernel of ``line`` for ``chip`` (PTX ISA 9.0)?"""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "k.ptx"
        path.write_text(_kernel(line, [], chip))
        result = subprocess.run([str(PTXAS), f"-arch={chip}", str(path), "-o", os.devnull],
                                capture_output=True, text=True, timeout=60)
    return result.returncode == 0


@pytest.mark.skipif(PTXAS is None, reason="ptxas not found (PATH or the nvidia-cuda-nvcc wheel)")
@pytest.mark.parametrize("body, name", [
    ("%r = nvgpu.extf %v : vector<4xf8E4M3FN> to vector<4xbf16>", "nvgpu.extf"),
    ("%r = nvgpu.extf %v : vector<4xf8E5M2> to vector<4xbf16>", "nvgpu.extf"),
    ("%r = nvgpu.truncf %v : vector<4xbf16> to vector<4xf8E4M3FN>", "nvgpu.truncf"),
    ("%r = nvgpu.truncf %v <{relu = true}> : vector<4xbf16> to vector<4xf8E5M2>", "nvgpu.truncf"),
])
def test_bf16_fp8_cvt_forms_are_newer_than_ptx_isa_9_0(body: str, name: str) -> None:
    """ptxas rejects these lines at PTX ISA 9.0 on every fp8-capable target, as their
    requirement (PTX ISA 9.1 / 9.2) says, while the f16x2 neighbour assembles in the same kernel."""
    op, doc = _instance(body, name)
    shape = instance_form(op, doc)
    assert shape is not None and shape.specific
    arches = _ptxas_arches()
    assert _lowest_chip(instance_requirement(op, doc), arches) is None
    chips = sorted({"sm_89", "sm_90a", "sm_100a", "sm_100f", "sm_120a"} & arches)
    assert chips and all(not _ptxas_accepts(shape.ptx[0], chip) for chip in chips)
    assert _ptxas_accepts("cvt.rn.f16x2.e4m3x2 d, a;", "sm_100a" if "sm_100a" in arches else chips[-1])
