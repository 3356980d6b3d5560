"""The C++ verifiers of ``nvvm.mma.sync`` and ``nvvm.wgmma.mma_async``
(``verify/rules/nvvm_mma.py``): fixed cases for each mma.sync rule, and seeded sweeps of
generated ops of both (shapes, register and element types and counts, result structs,
multiplicand types, scales, layouts, the integer, satfinite and b1 attributes) whose verdict and
first message must be ``mlir-opt-22``'s, op for op."""

from __future__ import annotations

import random

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import verify_ops

from .verify_support import MLIR_OPT, function_text, upstream_first_errors, verify_body

needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")

H2 = "vector<2xf16>"
REGISTERS = {"f16": H2, "i32": "i32", "f32": "f32", "f64": "f64"}
RESULTS = [f"!llvm.struct<({H2}, {H2})>", "!llvm.struct<(f32, f32, f32, f32)>", "!llvm.struct<(i32, i32, i32, i32)>",
           "!llvm.struct<(i32, i32)>", "!llvm.struct<(f64, f64)>", f"!llvm.struct<({', '.join(['f32'] * 8)})>",
           f"!llvm.struct<({H2}, {H2}, {H2}, {H2})>"]
SHAPES = [(16, 8, 4), (16, 8, 8), (16, 8, 16), (16, 8, 32), (16, 8, 64), (16, 8, 128), (16, 8, 256), (8, 8, 4),
          (8, 8, 16), (8, 8, 32), (8, 8, 128), (16, 8, 12), (32, 8, 16)]
ROW_COL = "layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>"


def mma(a: list[str], b: list[str], c: list[str], result: str, attributes: str) -> tuple[str, str]:
    """(arguments, op) of an ``nvvm.mma.sync`` over registers of the given types."""
    names = {"a": a, "b": b, "c": c}
    args = ", ".join(f"%{g}{i}: {t}" for g, types in names.items() for i, t in enumerate(types))
    groups = " ".join(f"{g.upper()}[{', '.join(f'%{g}{i}' for i in range(len(types)))}]" for g, types in names.items())
    return args, f"%0 = nvvm.mma.sync {groups} {{{attributes}}} : ({a[0]}, {b[0]}, {c[0]}) -> {result}"


F16_M16N8K16 = mma([H2] * 4, [H2] * 2, [H2] * 2, RESULTS[0], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 16>")
S8 = ("intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, multiplicandAPtxType = #nvvm.mma_type<s8>, "
      "multiplicandBPtxType = #nvvm.mma_type<s8>")

VALID = [
    F16_M16N8K16,
    mma([H2] * 2, [H2], ["f32"] * 4, RESULTS[1], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 8>"),
    mma(["i32"] * 2, ["i32"], ["i32"] * 4, RESULTS[2], f"{S8}, {ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 16>"),
    mma(["f64"], ["f64"], ["f64"] * 2, RESULTS[4], f"{ROW_COL}, shape = #nvvm.shape<m = 8, n = 8, k = 4>"),
    mma([H2] * 2, [H2] * 2, [H2] * 4, RESULTS[6],
        "layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m = 8, n = 8, k = 4>"),
]

OP = "'nvvm.mma.sync' op "
INVALID = [
    (mma([H2] * 4, [H2] * 2, [H2] * 2, RESULTS[0], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 12>"),
     OP + "unimplemented variant for MMA shape <16, 8, 12>"),
    (mma([H2] * 2, [H2] * 2, [H2] * 2, RESULTS[0], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 16>"),
     OP + f"Could not match types for the A operands; expected one of 4x{H2} but got {H2}, {H2}"),
    (mma([H2] * 4, [H2] * 2, [H2] * 2, RESULTS[1], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 16>"),
     OP + "ctype does not match dtype"),
    (mma(["f32"], ["f32"], ["f32"] * 4, RESULTS[1], f"{ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 8>"),
     "invalid shape or multiplicand type: f32"),
    (mma(["i32"] * 2, ["i32"], ["i32"] * 4, RESULTS[2], f"{S8.split(', ', 1)[1]}, {ROW_COL}, shape = #nvvm.shape<m = 16, n = 8, k = 16>"),
     OP + "op requires intOverflowBehavior attribute"),
    (mma([H2] * 4, [H2] * 2, [H2] * 2, RESULTS[0],
         "layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>"),
     OP + "requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <16, 8, 16> "
          "with element types f16 and f16. Only m8n8k4 with f16 supports other layouts."),
]


EXAMPLES = [function_text(op, args, "llvm") for (args, op), _ in INVALID]
"""The invalid cases as whole inputs (the diagnostic pages take their examples from them)."""


def _ours(args: str, body: str) -> list[str]:
    return [message for _line, code, message in verify_body(body, args, wrapper="llvm") if code.startswith("nvvm.rule")]


@pytest.mark.parametrize("case", VALID, ids=lambda c: c[1][:70])
def test_a_valid_mma_sync_gets_no_rule_diagnostic(case: tuple[str, str]) -> None:
    assert _ours(*case) == []


@pytest.mark.parametrize("case,message", INVALID, ids=lambda c: c[1][:70] if isinstance(c, tuple) else c[:50])
def test_an_invalid_mma_sync_gets_upstreams_message(case: tuple[str, str], message: str) -> None:
    assert _ours(*case) == [message]


VALID_FORMS = [
    # (multiplicand attribute, register kind, m, n, k, A count, B count, C kind, C count, result)
    (None, "f16", 16, 8, 8, 2, 1, "f16", 2, RESULTS[0]), (None, "f16", 16, 8, 16, 4, 2, "f32", 4, RESULTS[1]),
    ("tf32", "i32", 16, 8, 4, 2, 1, "f32", 4, RESULTS[1]), ("tf32", "i32", 16, 8, 8, 4, 2, "f32", 4, RESULTS[1]),
    ("bf16", "i32", 16, 8, 16, 4, 2, "f32", 4, RESULTS[1]), ("s8", "i32", 16, 8, 32, 4, 2, "i32", 4, RESULTS[2]),
    ("u4", "i32", 16, 8, 64, 4, 2, "i32", 4, RESULTS[2]), (None, "f64", 8, 8, 4, 1, 1, "f64", 2, RESULTS[4]),
    ("s8", "i32", 8, 8, 16, 1, 1, "i32", 2, RESULTS[3]),
]


def _near_valid(draw: random.Random) -> str:
    """A valid form, left as it is or with one thing changed."""
    ptx, kind, m, n, k, a, b, c_kind, c, result = draw.choice(VALID_FORMS)
    attributes = {"shape": f"shape = #nvvm.shape<m = {m}, n = {n}, k = {k}>", "layouts": ROW_COL}
    if ptx is not None:
        attributes["ptx"] = f"multiplicandAPtxType = #nvvm.mma_type<{ptx}>, multiplicandBPtxType = #nvvm.mma_type<{ptx}>"
    if ptx in ("s8", "u4"):
        attributes["overflow"] = "intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>"
    change = draw.choice(["none", "none", "layout", "count", "result", "attribute", "k"])
    if change == "layout":
        attributes["layouts"] = "layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>"
    elif change == "count":
        a = draw.choice([1, 2, 4, 8])
    elif change == "result":
        result = draw.choice(RESULTS)
    elif change == "attribute" and len(attributes) > 2:
        del attributes[draw.choice(sorted(set(attributes) - {"shape", "layouts"}))]
    elif change == "k":
        attributes["shape"] = f"shape = #nvvm.shape<m = {m}, n = {n}, k = {k * 2}>"
    registers = [REGISTERS[kind]] * a, [REGISTERS[kind]] * b, [REGISTERS[c_kind]] * c
    args, op = mma(*registers, result, ", ".join(attributes.values()))
    return function_text(op, args, "llvm")


def generated_ops(seed: int, count: int) -> list[str]:
    """``count`` functions, each one ``nvvm.mma.sync``: a third near a valid form, the rest
    drawn at random (most of them invalid)."""
    draw = random.Random(seed)
    functions = []
    for _ in range(count):
        if draw.random() < 0.35:
            functions.append(_near_valid(draw))
            continue
        m, n, k = draw.choice(SHAPES)
        kinds = [draw.choice(list(REGISTERS)) for _ in range(3)]
        if draw.random() < 0.5:
            kinds[1] = kinds[0]
        counts = draw.choice([1, 2, 4]), draw.choice([1, 2]), draw.choice([1, 2, 4, 8])
        layouts = ("row", "col") if draw.random() < 0.8 else (draw.choice(["row", "col"]), draw.choice(["row", "col"]))
        attributes = [f"shape = #nvvm.shape<m = {m}, n = {n}, k = {k}>",
                      f"layoutA = #nvvm.mma_layout<{layouts[0]}>", f"layoutB = #nvvm.mma_layout<{layouts[1]}>"]
        if kinds[0] == "i32" or draw.random() < 0.2:
            ptx = draw.choice(["s8", "u8", "s4", "u4", "b1", "bf16", "tf32"])
            attributes += [f"multiplicandAPtxType = #nvvm.mma_type<{ptx}>", f"multiplicandBPtxType = #nvvm.mma_type<{ptx}>"]
        if draw.random() < 0.5:
            attributes.append("intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>")
        if draw.random() < 0.3:
            attributes.append("b1Op = #nvvm.mma_b1op<xor_popc>")
        registers = [[REGISTERS[kind]] * number for kind, number in zip(kinds, counts)]
        args, op = mma(*registers, draw.choice(RESULTS), ", ".join(sorted(attributes)))
        functions.append(function_text(op, args, "llvm"))
    return functions


@needs_mlir_opt
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_mma_sync_ops_get_upstreams_verdict_and_first_message(seed: int) -> None:
    assert_agrees_with_upstream(generated_ops(seed, 300))


WGMMA_TYPES = ["f16", "bf16", "tf32", "s8", "u8", "b1", "e4m3", "e5m2", "f32", "s32"]
WGMMA_VALID = [("f32", "f16", "f16", 16), ("f16", "bf16", "bf16", 16), ("f32", "tf32", "tf32", 8),
               ("s32", "s8", "u8", 32), ("f32", "e4m3", "e5m2", 32), ("s32", "b1", "b1", 256)]


def wgmma(d: str, a: str, b: str, shape: tuple[int, int, int], fields: int, element: str, scales: tuple[str, str],
          layouts: tuple[str, str], satfinite: bool) -> str:
    """A function holding one ``nvvm.wgmma.mma_async``."""
    struct = f"!llvm.struct<({', '.join([element] * fields)})>"
    sat = ", <satfinite>" if satfinite else ""
    return (f"llvm.func @f(%da: i64, %db: i64, %acc: {struct}) {{\n"
            f"  %r = nvvm.wgmma.mma_async %da, %db, %acc, #nvvm.shape<m = {shape[0]}, n = {shape[1]}, k = {shape[2]}>, "
            f"D [<{d}>, #nvvm.wgmma_scale_out<one>{sat}], "
            f"A [<{a}>, #nvvm.wgmma_scale_in<{scales[0]}>, #nvvm.mma_layout<{layouts[0]}>], "
            f"B [<{b}>, #nvvm.wgmma_scale_in<{scales[1]}>, #nvvm.mma_layout<{layouts[1]}>] : {struct} -> {struct}\n"
            f"  llvm.return\n}}\n")


def generated_wgmma(seed: int, count: int) -> list[str]:
    """``count`` wgmma functions: half a valid form with at most one thing changed, half random."""
    draw = random.Random(seed)
    functions = []
    for _ in range(count):
        if draw.random() < 0.5:
            d, a, b, k = draw.choice(WGMMA_VALID)
            n = draw.choice([8, 16, 64, 128, 256])
            fields = n // 4 if d == "f16" else n // 2
            shape, scales, layouts, satfinite = (64, n, k), ("one", "one"), ("row", "col"), False
            change = draw.choice(["none", "n", "k", "m", "fields", "scale", "layout", "satfinite", "b"])
            shape = {"n": (64, n + 4, k), "k": (64, n, k * 2), "m": (32, n, k)}.get(change, shape)
            fields = fields + 1 if change == "fields" else fields
            scales = ("neg", "one") if change == "scale" else scales
            layouts = ("col", "col") if change == "layout" else layouts
            satfinite = change == "satfinite"
            b = draw.choice(WGMMA_TYPES) if change == "b" else b
        else:
            d, a, b = (draw.choice(WGMMA_TYPES) for _ in range(3))
            shape = (draw.choice([64, 64, 32]), draw.choice([8, 12, 16, 40, 48, 64, 256, 264]),
                     draw.choice([8, 16, 32, 64, 256]))
            fields = draw.choice([4, 8, 16, 32, 64])
            scales = draw.choice(["one", "neg"]), draw.choice(["one", "neg"])
            layouts = draw.choice(["row", "col"]), draw.choice(["row", "col"])
            satfinite = draw.random() < 0.2
        element = {"f16": "vector<2xf16>", "s32": "i32"}.get(d, "f32")
        functions.append(wgmma(d, a, b, shape, fields, element, scales, layouts, satfinite))
    return functions


def assert_agrees_with_upstream(functions: list[str]) -> None:
    """Each function gets mlir-opt-22's first error (or none) as its first rule diagnostic, and
    enough of them are valid for the sweep to test acceptance too."""
    theirs = upstream_first_errors(functions)
    for index, function in enumerate(functions):
        doc = Document(function)
        assert not doc.diagnostics()
        ours = [d.message for d in verify_ops(doc) if d.code.startswith("nvvm.rule")]
        assert ours[:1] == ([theirs[index][1]] if index in theirs else []), function
    assert len(functions) - len(theirs) > 20


@needs_mlir_opt
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_wgmma_ops_get_upstreams_verdict_and_first_message(seed: int) -> None:
    assert_agrees_with_upstream(generated_wgmma(seed, 300))
