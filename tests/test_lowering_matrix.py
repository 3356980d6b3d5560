"""The matrix patterns: ldmatrix, mma.sync, mma.sp.sync (against upstream's conversion) and
stmatrix (no upstream pattern: checked against the NVVM op upstream parses and the PTX the
instance table lists).

Each family's variants are lowered together, one ``func.func`` per variant, so that upstream
(a child process per call) is asked twice per family rather than twice per variant; the
tests then compare each variant's ops on their own.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.dialects.instance_forms import instance_form
from nvgpu_ls.verify import CheckOptions, check_document

from .lowering_support import assert_upstream_accepts, bindings, lower, lower_result, upstream_lowering

DATA = Path(__file__).resolve().parent / "data" / "lowering"
TARGET = "sm_90+ptx87"
"""A target every variant below exists on (fp8 mma.sync with an f16 accumulator needs PTX 8.7)."""


# ---------------------------------------------------------------- helpers
def _functions(text: str) -> dict[str, list[str]]:
    """The nvvm./llvm. op lines of each ``func.func`` of a printed module, SSA names blanked,
    so that two printings of the same ops compare equal line by line."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        header = re.match(r"\s*func\.func @(\w+)", line)
        if header:
            current = found.setdefault(header.group(1), [])
            continue
        op = re.match(r"\s*(?:%[\w.$-]+ = )?((?:llvm|nvvm)\.[\w.]+)", line)
        if op and current is not None:
            current.append(re.sub(r"%[\w.$-]+", "%_", re.sub(r'\s*loc\(.*\)$', "", line.strip())))
    return found


def _module(variants: list[tuple[str, str, str, str]]) -> str:
    """``func.func @vN(args) -> result { body; return }`` per variant (name, args, body, result)."""
    parts = []
    for name, args, body, result in variants:
        if result:
            parts.append(f"func.func @{name}({args}) -> {result} {{\n  %r = {body}\n  return %r : {result}\n}}")
        else:
            parts.append(f"func.func @{name}({args}) {{\n  {body}\n  return\n}}")
    return "\n".join(parts) + "\n"


@lru_cache(maxsize=None)
def _both(source: str) -> tuple[dict[str, list[str]], dict[str, list[str]], str]:
    """Our lowering (printed back by upstream) and upstream's own, per function; and our text."""
    ours = lower(source, target=TARGET)
    return _functions(assert_upstream_accepts(ours)), _functions(upstream_lowering(source)), ours


def _op_lines(lines: list[str], name: str) -> list[str]:
    return [line for line in lines if re.match(rf"(%_ = )?{re.escape(name)}\b", line)]


# ---------------------------------------------------------------- ldmatrix
def _ldmatrix(name: str, element: str, tiles: int, transpose: bool, per_register: int) -> tuple[str, str, str, str]:
    memref = f"memref<64x64x{element}, 3>"
    result = f"vector<{tiles}x{per_register}x{element}>"
    body = (f"nvgpu.ldmatrix %s[%i, %i] {{numTiles = {tiles} : i32, transpose = {str(transpose).lower()}}} "
            f": {memref} -> {result}")
    return name, f"%s: {memref}, %i: index", body, result


LDMATRIX = {
    "x1": ("f16", 1, False, 2), "x2": ("f16", 2, False, 2), "x4": ("f16", 4, False, 2),
    "x1_trans": ("f16", 1, True, 2), "x2_trans": ("bf16", 2, True, 2), "x4_trans": ("f16", 4, True, 2),
    "x4_i8": ("i8", 4, False, 4), "x2_f32": ("f32", 2, False, 1), "x4_i16": ("i16", 4, False, 2),
}
LDMATRIX_SOURCE = _module([_ldmatrix(name, *spec) for name, spec in LDMATRIX.items()])


@pytest.mark.parametrize("name", list(LDMATRIX))
def test_ldmatrix_ops_and_attributes_match_upstream(name):
    ours, theirs, _ = _both(LDMATRIX_SOURCE)
    assert ours[name] == theirs[name]
    element, tiles, transpose, per_register = LDMATRIX[name]
    [load] = _op_lines(ours[name], "nvvm.ldmatrix")
    assert f"num = {tiles} : i32" in load
    assert f"layout = #nvvm.mma_layout<{'col' if transpose else 'row'}>" in load
    assert "shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>" in load
    assert load.endswith("-> i32" if tiles == 1 else f"-> !llvm.struct<({', '.join(['i32'] * tiles)})>")
    row = f"vector<{per_register}x{element}>"
    assert len([line for line in ours[name] if line.startswith(f"%_ = llvm.bitcast %_ : i32 to {row}")]) == tiles
    assert len(_op_lines(ours[name], "llvm.insertvalue")) == tiles


def test_ldmatrix_repacks_into_a_poison_array_after_the_load():
    ours, _, _ = _both(LDMATRIX_SOURCE)
    names = [re.sub(r"^%_ = ", "", line).split()[0] for line in ours["x2"]]
    start = names.index("nvvm.ldmatrix")
    assert names[start:] == ["nvvm.ldmatrix", "llvm.mlir.poison", "llvm.extractvalue", "llvm.bitcast",
                             "llvm.insertvalue", "llvm.extractvalue", "llvm.bitcast", "llvm.insertvalue"]


def test_ldmatrix_address_is_the_element_pointer_of_the_indices():
    ours, _, _ = _both(LDMATRIX_SOURCE)
    assert "%_ = llvm.getelementptr %_[%_] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16" in ours["x4"]


def test_ldmatrix_result_used_by_an_unlowered_op_is_cast_back():
    text = lower("""\
func.func @f(%s: memref<64x64xf16, 3>, %i: index) -> vector<2xf16> {
  %t = nvgpu.ldmatrix %s[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, 3> -> vector<4x2xf16>
  %e = vector.extract %t[1] : vector<2xf16> from vector<4x2xf16>
  return %e : vector<2xf16>
}
""", target=TARGET)
    assert re.search(r"%t = builtin.unrealized_conversion_cast %nv\d+ : !llvm.array<4 x vector<2xf16>> "
                     r"to vector<4x2xf16>", text)
    assert_upstream_accepts(text)


@pytest.mark.parametrize("element, per_register", [("f8E4M3FN", 4), ("ui8", 4)])
def test_ldmatrix_refuses_elements_upstream_repacks_into_invalid_ir(element, per_register):
    _, args, body, result = _ldmatrix("f", element, 1, False, per_register)
    found = lower_result(_module([("f", args, body, result)]), target=TARGET)
    errors = [d.message for d in found.diagnostics if d.severity == Severity.ERROR]
    assert found.text is None and len(errors) == 1
    row = f"vector<{per_register}x{element}>"
    assert errors[0].startswith(f"'llvm.insertvalue' op Type mismatch: cannot insert '{row}'")
    assert "Type mismatch" in bindings(_module([("f", args, body, result)]),
                                       "builtin.module(convert-nvgpu-to-nvvm)")["error"]


# ---------------------------------------------------------------- mma.sync
def _mma(name: str, a: str, b: str, c: str, shape: str, extra: str = "") -> tuple[str, str, str, str]:
    attrs = f"mmaShape = [{shape}]" + (f", {extra}" if extra else "")
    body = f"nvgpu.mma.sync (%a, %b, %c) {{{attrs}}} : ({a}, {b}, {c}) -> {c}"
    return name, f"%a: {a}, %b: {b}, %c: {c}", body, c


MMA = {
    "m16n8k16_f16_f16": ("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", "16, 8, 16", ""),
    "m16n8k16_f16_f32": ("vector<4x2xf16>", "vector<2x2xf16>", "vector<2x2xf32>", "16, 8, 16", ""),
    "m16n8k8_f16": ("vector<2x2xf16>", "vector<1x2xf16>", "vector<2x2xf16>", "16, 8, 8", ""),
    "m16n8k16_bf16": ("vector<4x2xbf16>", "vector<2x2xbf16>", "vector<2x2xf32>", "16, 8, 16", ""),
    "m16n8k8_bf16": ("vector<2x2xbf16>", "vector<1x2xbf16>", "vector<2x2xf32>", "16, 8, 8", ""),
    "m16n8k4_tf32": ("vector<2x1xf32>", "vector<1x1xf32>", "vector<2x2xf32>", "16, 8, 4", "tf32Enabled"),
    "m16n8k8_tf32": ("vector<4x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", "16, 8, 8", "tf32Enabled"),
    "m8n8k4_f64": ("vector<1x1xf64>", "vector<1x1xf64>", "vector<1x2xf64>", "8, 8, 4", ""),
    "m16n8k32_i8": ("vector<4x4xi8>", "vector<2x4xi8>", "vector<2x2xi32>", "16, 8, 32", ""),
    "m8n8k16_i8": ("vector<1x4xi8>", "vector<1x4xi8>", "vector<1x2xi32>", "8, 8, 16", ""),
    "m16n8k32_ui8": ("vector<4x4xui8>", "vector<2x4xui8>", "vector<2x2xi32>", "16, 8, 32", ""),
    "m16n8k32_i4": ("vector<2x8xi4>", "vector<1x8xi4>", "vector<2x2xi32>", "16, 8, 32", ""),
    "m16n8k64_i4": ("vector<4x8xi4>", "vector<2x8xi4>", "vector<2x2xi32>", "16, 8, 64", ""),
    "m16n8k32_e4m3": ("vector<4x4xf8E4M3FN>", "vector<2x4xf8E4M3FN>", "vector<2x2xf32>", "16, 8, 32", ""),
    "m16n8k16_e5m2_f16": ("vector<2x4xf8E5M2>", "vector<1x4xf8E5M2>", "vector<2x2xf16>", "16, 8, 16", ""),
}
MMA_SOURCE = _module([_mma(name, *spec) for name, spec in MMA.items()])

# Variant -> (A/B PTX type printed, or None where nvvm.mma.sync infers it from the registers,
#             satfinite, registers of A, B, C).
MMA_EXPECTED = {
    "m16n8k16_f16_f16": (None, False, 4, 2, 2), "m16n8k16_f16_f32": (None, False, 4, 2, 4),
    "m16n8k8_f16": (None, False, 2, 1, 2), "m16n8k16_bf16": ("bf16", False, 4, 2, 4),
    "m16n8k8_bf16": ("bf16", False, 2, 1, 4), "m16n8k4_tf32": ("tf32", False, 2, 1, 4),
    "m16n8k8_tf32": ("tf32", False, 4, 2, 4), "m8n8k4_f64": (None, False, 1, 1, 2),
    "m16n8k32_i8": ("s8", True, 4, 2, 4), "m8n8k16_i8": ("s8", True, 1, 1, 2),
    "m16n8k32_ui8": ("s8", True, 4, 2, 4), "m16n8k32_i4": ("s4", True, 2, 1, 4),
    "m16n8k64_i4": ("s4", True, 4, 2, 4), "m16n8k32_e4m3": ("e4m3", False, 4, 2, 4),
    "m16n8k16_e5m2_f16": ("e5m2", False, 2, 1, 2),
}


@pytest.mark.parametrize("name", list(MMA))
def test_mma_sync_ops_and_attributes_match_upstream(name):
    ours, theirs, _ = _both(MMA_SOURCE)
    assert ours[name] == theirs[name]


@pytest.mark.parametrize("name", list(MMA))
def test_mma_sync_shape_layouts_types_and_overflow(name):
    ours, _, _ = _both(MMA_SOURCE)
    ptx, satfinite, regs_a, regs_b, regs_c = MMA_EXPECTED[name]
    [mma] = _op_lines(ours[name], "nvvm.mma.sync")
    m, n, k = MMA[name][3].split(", ")
    assert f"shape = #nvvm.shape<m = {m}, n = {n}, k = {k}>" in mma
    assert "layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>" in mma
    assert ("intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>" in mma) == satfinite
    if ptx is None:
        assert "multiplicandAPtxType" not in mma and "multiplicandBPtxType" not in mma
    else:
        assert f"multiplicandAPtxType = #nvvm.mma_type<{ptx}>, multiplicandBPtxType = #nvvm.mma_type<{ptx}>" in mma
    groups = re.match(r"%_ = nvvm\.mma\.sync A\[(.*?)\]\s+B\[(.*?)\]\s+C\[(.*?)\]", mma)
    assert groups is not None
    assert [len(g.split(", ")) for g in groups.groups()] == [regs_a, regs_b, regs_c]


def test_mma_sync_result_registers_are_paired_into_64_bit_rows():
    ours, _, _ = _both(MMA_SOURCE)
    lines = ours["m16n8k16_f16_f32"]
    after = lines[[i for i, line in enumerate(lines) if "nvvm.mma.sync" in line][0] + 1:]
    assert len(_op_lines(after, "llvm.insertelement")) == 4
    assert after[-1] == "%_ = llvm.insertvalue %_, %_[1] : !llvm.array<2 x vector<2xf32>>"


def test_mma_sync_f16_accumulator_is_taken_whole():
    ours, _, _ = _both(MMA_SOURCE)
    lines = ours["m16n8k16_f16_f16"]
    after = lines[[i for i, line in enumerate(lines) if "nvvm.mma.sync" in line][0] + 1:]
    assert [line.split(" ")[2] for line in after] == ["llvm.extractvalue", "llvm.extractvalue", "llvm.mlir.poison",
                                                 "llvm.insertvalue", "llvm.insertvalue"]


def test_mma_sync_with_f32_operands_needs_tf32():
    _, args, body, result = _mma("f", "vector<2x1xf32>", "vector<1x1xf32>", "vector<2x2xf32>", "16, 8, 4")
    found = lower_result(_module([("f", args, body, result)]), target=TARGET)
    errors = [d for d in found.diagnostics if d.severity == Severity.ERROR]
    assert found.text is None and len(errors) == 1 and "tf32Enabled" in errors[0].message


def test_mma_sync_result_feeding_an_unlowered_loop_is_cast_back():
    source = """\
func.func @f(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>, %n: index) -> vector<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (vector<2x2xf32>) {
    %d = nvgpu.mma.sync (%a, %b, %acc) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    scf.yield %d : vector<2x2xf32>
  }
  return %r : vector<2x2xf32>
}
"""
    text = lower(source, target=TARGET)
    assert "builtin.unrealized_conversion_cast %acc : vector<2x2xf32> to !llvm.array<2 x vector<2xf32>>" in text
    assert re.search(r"%d = builtin.unrealized_conversion_cast %nv\d+ : !llvm.array<2 x vector<2xf32>> "
                     r"to vector<2x2xf32>", text)
    assert_upstream_accepts(text)


# ---------------------------------------------------------------- mma.sp.sync
def _sparse(name: str, a: str, b: str, c: str, shape: str, extra: str = "") -> tuple[str, str, str, str]:
    attrs = f"mmaShape = [{shape}]" + (f", {extra}" if extra else "")
    body = f"nvgpu.mma.sp.sync (%a, %b, %c) metadata (%m) {{{attrs}}} : ({a}, {b}, {c}) -> {c}"
    return name, f"%a: {a}, %b: {b}, %c: {c}, %m: vector<2xi16>", body, c


SPARSE = {
    "m16n8k16_f16": ("vector<2x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", "16, 8, 16", ""),
    "m16n8k16_f16_selector1": ("vector<2x2xf16>", "vector<2x2xf16>", "vector<2x2xf16>", "16, 8, 16",
                               "sparsitySelector = 1 : i32"),
    "m16n8k32_f16_f32": ("vector<4x2xf16>", "vector<4x2xf16>", "vector<2x2xf32>", "16, 8, 32", ""),
    "m16n8k16_bf16": ("vector<2x2xbf16>", "vector<2x2xbf16>", "vector<2x2xf32>", "16, 8, 16", ""),
    "m16n8k8_tf32": ("vector<2x1xf32>", "vector<2x1xf32>", "vector<2x2xf32>", "16, 8, 8", "tf32Enabled"),
    "m16n8k64_i8": ("vector<4x4xi8>", "vector<4x4xi8>", "vector<2x2xi32>", "16, 8, 64", ""),
    "m16n8k64_i4": ("vector<2x8xi4>", "vector<2x8xi4>", "vector<2x2xi32>", "16, 8, 64",
                    "sparsitySelector = 1 : i32"),
}
SPARSE_SOURCE = _module([_sparse(name, *spec) for name, spec in SPARSE.items()])

SPARSE_ASM = {
    "m16n8k16_f16": ("mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                     "{$0,$1},{$2,$3},{$4,$5},{$6,$7},$8,0x0;", "=r,=r,r,r,r,r,r,r,r"),
    "m16n8k16_f16_selector1": ("mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                               "{$0,$1},{$2,$3},{$4,$5},{$6,$7},$8,0x1;", "=r,=r,r,r,r,r,r,r,r"),
    "m16n8k32_f16_f32": ("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
                         "{$0,$1,$2,$3},{$4,$5,$6,$7},{$8,$9,$10,$11},{$12,$13,$14,$15},$16,0x0;",
                         "=r,=r,=r,=r," + ",".join(["r"] * 13)),
    "m16n8k16_bf16": ("mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                      "{$0,$1,$2,$3},{$4,$5},{$6,$7},{$8,$9,$10,$11},$12,0x0;", "=r,=r,=r,=r," + ",".join(["r"] * 9)),
    "m16n8k8_tf32": ("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                     "{$0,$1,$2,$3},{$4,$5},{$6,$7},{$8,$9,$10,$11},$12,0x0;", "=r,=r,=r,=r," + ",".join(["r"] * 9)),
    "m16n8k64_i8": ("mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 "
                    "{$0,$1,$2,$3},{$4,$5,$6,$7},{$8,$9,$10,$11},{$12,$13,$14,$15},$16,0x0;",
                    "=r,=r,=r,=r," + ",".join(["r"] * 13)),
    "m16n8k64_i4": ("mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.s4.s32 "
                    "{$0,$1,$2,$3},{$4,$5},{$6,$7},{$8,$9,$10,$11},$12,0x1;", "=r,=r,=r,=r," + ",".join(["r"] * 9)),
}


@pytest.mark.parametrize("name", list(SPARSE))
def test_mma_sp_sync_ops_match_upstream(name):
    ours, theirs, _ = _both(SPARSE_SOURCE)
    assert ours[name] == theirs[name]


@pytest.mark.parametrize("name", list(SPARSE))
def test_mma_sp_sync_inline_asm_string_and_constraints(name):
    ours, _, _ = _both(SPARSE_SOURCE)
    [asm] = _op_lines(ours[name], "llvm.inline_asm")
    text, constraints = SPARSE_ASM[name]
    assert f'llvm.inline_asm has_side_effects asm_dialect = att "{text}", "{constraints}"' in asm
    # The metadata operand is the i32 bitcast of the vector<2xi16>, written last.
    assert "%_ = llvm.bitcast %_ : vector<2xi16> to i32" in ours[name]
    assert re.search(r", i32\) -> !llvm\.struct<", asm)


def test_mma_sp_sync_opcode_agrees_with_the_instance_table():
    """For signless operands the opcode of the inline PTX is the one hover shows."""
    _, _, ours = _both(SPARSE_SOURCE)
    doc = Document(SPARSE_SOURCE)
    for op in doc.ops():
        if op.name != "nvgpu.mma.sp.sync":
            continue
        form = instance_form(op, doc)
        assert form is not None and form.specific
        opcode = form.ptx[0].split(" ")[0]
        assert f'"{opcode} ' in ours


# ---------------------------------------------------------------- stmatrix
def _stmatrix(name: str, element: str, tiles: int, transpose: bool, keyword: bool) -> tuple[str, str, str, str]:
    memref = f"memref<64x64x{element}, #gpu.address_space<workgroup>>"
    vector = f"vector<{tiles}x2x{element}>"
    attrs = (f"numTiles = {tiles} transpose = {str(transpose).lower()}" if keyword
             else f"{{numTiles = {tiles} : i32, transpose = {str(transpose).lower()}}}")
    body = f"nvgpu.stmatrix %v, %s[%i, %i] {attrs} : {vector} -> {memref}"
    return name, f"%v: {vector}, %s: {memref}, %i: index", body, ""


STMATRIX = {
    "x1": ("f16", 1, False, True), "x2": ("f16", 2, False, False), "x4": ("f16", 4, False, True),
    "x1_trans": ("bf16", 1, True, False), "x2_trans": ("i16", 2, True, True), "x4_trans": ("bf16", 4, True, False),
}
STMATRIX_SOURCE = _module([_stmatrix(name, *spec) for name, spec in STMATRIX.items()])


@lru_cache(maxsize=None)
def _stmatrix_lowered() -> tuple[dict[str, list[str]], str]:
    ours = lower(STMATRIX_SOURCE, target=TARGET)
    return _functions(assert_upstream_accepts(ours)), ours


@pytest.mark.parametrize("name", list(STMATRIX))
def test_stmatrix_becomes_nvvm_stmatrix_of_i32_registers(name):
    ours, _ = _stmatrix_lowered()
    element, tiles, transpose, _ = STMATRIX[name]
    [store] = _op_lines(ours[name], "nvvm.stmatrix")
    assert store == (f"nvvm.stmatrix {', '.join(['%_'] * (tiles + 1))} {{eltType = #nvvm.ld_st_matrix_elt_type<b16>, "
                     f"layout = #nvvm.mma_layout<{'col' if transpose else 'row'}>, "
                     f"shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}} : !llvm.ptr<3>{', i32' * tiles}")
    casts = [line for line in ours[name] if line.startswith(f"%_ = llvm.bitcast %_ : vector<2x{element}> to i32")]
    assert len(casts) == tiles
    assert any(line.startswith("%_ = llvm.getelementptr") and f"!llvm.ptr<3>, {element}" in line for line in ours[name])


def test_stmatrix_ptx_is_the_instruction_the_instance_table_lists():
    llvmlite = pytest.importorskip("llvmlite.binding")
    source = (DATA / "matrix_hopper_stmatrix.mlir").read_text()
    ptx = _ptx(lower(source, attach_targets=False), llvmlite)
    doc = Document(source)
    listed = [instance_form(op, doc).ptx[0].split(" ")[0] for op in doc.ops() if op.name == "nvgpu.stmatrix"]
    emitted = re.findall(r"^\s*(stmatrix\.\S+)", ptx, re.MULTILINE)
    assert sorted(emitted) == sorted(listed) and len(listed) == 3


_TO_LLVM_IR = r"""
import sys
from torch_mlir import ir, passmanager
from torch_mlir.dialects import llvm
with ir.Context():
    module = ir.Module.parse(sys.stdin.read())
    passmanager.PassManager.parse("builtin.module(gpu.module(convert-scf-to-cf,convert-vector-to-llvm,"
                                  "convert-gpu-to-nvvm,convert-nvvm-to-llvm,reconcile-unrealized-casts))"
                                  ).run(module.operation)
    [gpu_module] = [op for op in module.body.operations if op.operation.name == "gpu.module"]
    inner = ir.Module.create(loc=ir.Location.unknown())
    with ir.InsertionPoint(inner.body):
        for op in gpu_module.regions[0].blocks[0].operations:
            op.operation.clone()
    print(llvm.translate_module_to_llvmir(inner.operation))
"""


def _ptx(text: str, llvmlite) -> str:
    """PTX for sm_90 of a lowered kernel file (upstream's pipeline, then LLVM's NVPTX backend)."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", _TO_LLVM_IR], input=text, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    llvmlite.initialize_all_targets()
    llvmlite.initialize_all_asmprinters()
    module = llvmlite.parse_assembly(done.stdout)
    machine = llvmlite.Target.from_triple("nvptx64-nvidia-cuda").create_target_machine(
        cpu="sm_90", features="+ptx80", opt=2)
    return machine.emit_assembly(module)


# ---------------------------------------------------------------- kernel files
KERNELS = sorted(DATA.glob("matrix_*.mlir"))


@pytest.mark.parametrize("path", KERNELS, ids=[p.name for p in KERNELS])
def test_kernel_file_checks_clean(path):
    doc = Document(path.read_text())
    assert [d.message for d in check_document(doc, CheckOptions())] == []


@pytest.mark.parametrize("path", KERNELS, ids=[p.name for p in KERNELS])
def test_kernel_file_lowers_to_text_upstream_accepts(path):
    text = lower(path.read_text(), path=path.name)
    for name in ("nvgpu.ldmatrix", "nvgpu.mma.sync", "nvgpu.stmatrix", "nvgpu.mma.sp.sync"):
        assert name not in text
    assert_upstream_accepts(text)


def test_ampere_kernel_lowers_like_upstream():
    source = (DATA / "matrix_ampere_gemm.mlir").read_text()
    ours = assert_upstream_accepts(lower(source, attach_targets=False))
    theirs = upstream_lowering(source)

    def ops(text: str) -> list[str]:
        return [re.sub(r"%[\w.$-]+", "%_", line.strip()) for line in text.splitlines()
                if re.match(r"\s*(?:%[\w.$-]+ = )?(?:llvm|nvvm)\.", line)]
    assert ops(ours) == ops(theirs)
