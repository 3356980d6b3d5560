"""nvgpu.mma.sync / nvgpu.mma.sp.sync: upstream's rules in its words and order, and ours.

``upstream`` says which upstream tool reports exactly the case's message: ``mlir-opt``
(Debian's mlir-opt-22, run with ``--verify-diagnostics`` when installed) or
``bindings`` (the torch-mlir wheel, newer: it accepts f8 inputs and checks the
``mmaShape`` arity, which mlir-opt-22 reads past). Our own rules (PTX shapes,
accumulator and result types, tf32Enabled) have no upstream check: the conversion to
NVVM or ptxas is what rejects those ops.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.diagnostics import Diagnostic, Severity
from nvgpu_ls.verify import check_document, verify_ops
from . import verify_support
from .verify_support import assert_single_diagnostic

FAMILY = "nvgpu.mma-sync."
MLIR_OPT = shutil.which("mlir-opt-22")


def mma(a: str, b: str, c: str, attrs: str, result: str | None = None, sparse: bool = False,
        meta: str = "vector<2xi16>") -> str:
    """A function whose line 2 is the op on ``vector<a>``, ``vector<b>``, ``vector<c>``."""
    a, b, c = (f"vector<{t}>" for t in (a, b, c))
    result = f"vector<{result}>" if result else c
    operands = "(%a, %b, %c) metadata(%m)" if sparse else "(%a, %b, %c)"
    name = "nvgpu.mma.sp.sync" if sparse else "nvgpu.mma.sync"
    return (f"func.func @f(%a: {a}, %b: {b}, %c: {c}, %m: {meta}) {{\n"
            f"  %d = {name} {operands} {attrs} : ({a}, {b}, {c}) -> {result}\n"
            "  return\n}\n")


def family_diagnostics(text: str) -> tuple[Document, list[Diagnostic]]:
    return verify_support.family_diagnostics(text, FAMILY)


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    code: str
    message: str
    span: str
    severity: Severity = Severity.ERROR
    upstream: str = ""
    """``mlir-opt``, ``bindings``, ``both`` or empty (our rule)."""
    note: str = ""
    """A note upstream attaches on line 1 (the function's arguments)."""


K16 = "{mmaShape = [16, 8, 16]}"

VALID = {
    "f16-m16n8k16-f32": mma("4x2xf16", "2x2xf16", "2x2xf32", K16),
    "f16-m16n8k8-f16": mma("2x2xf16", "1x2xf16", "2x2xf16", "{mmaShape = [16, 8, 8]}"),
    "bf16-m16n8k16": mma("4x2xbf16", "2x2xbf16", "2x2xf32", K16),
    "tf32-m16n8k8": mma("4x1xf32", "2x1xf32", "2x2xf32", "{mmaShape = [16, 8, 8], tf32Enabled}"),
    "tf32-m16n8k4": mma("2x1xf32", "1x1xf32", "2x2xf32", "{mmaShape = [16, 8, 4], tf32Enabled}"),
    "f64-m8n8k4": mma("1x1xf64", "1x1xf64", "1x2xf64", "{mmaShape = [8, 8, 4]}"),
    "i8-m16n8k32": mma("4x4xi8", "2x4xi8", "2x2xi32", "{mmaShape = [16, 8, 32]}"),
    "i8-m8n8k16": mma("1x4xi8", "1x4xi8", "1x2xi32", "{mmaShape = [8, 8, 16]}"),
    "i4-m16n8k64": mma("4x8xi4", "2x8xi4", "2x2xi32", "{mmaShape = [16, 8, 64]}"),
    "sparse-f16-m16n8k32": mma("4x2xf16", "4x2xf16", "2x2xf16", "{mmaShape = [16, 8, 32]}", sparse=True),
    "sparse-i8-m16n8k64": mma("4x4xi8", "4x4xi8", "2x2xi32", "{mmaShape = [16, 8, 64]}", sparse=True),
    "sparse-i8-m16n8k32-selector-1": mma("2x4xi8", "2x4xi8", "2x2xi32",
                                         "{mmaShape = [16, 8, 32], sparsitySelector = 1 : i32}", sparse=True),
    "sparse-tf32-m16n8k16": mma("4x1xf32", "4x1xf32", "2x2xf32", "{mmaShape = [16, 8, 16], tf32Enabled}",
                                sparse=True),
}

VALID_NEWER = {
    "f8E4M3FN-m16n8k32": mma("4x4xf8E4M3FN", "2x4xf8E4M3FN", "2x2xf32", "{mmaShape = [16, 8, 32]}"),
    "f8E5M2-m16n8k16-f16": mma("2x4xf8E5M2", "1x4xf8E5M2", "2x2xf16", K16),
    "sparse-f8E4M3FN-m16n8k64": mma("4x4xf8E4M3FN", "4x4xf8E4M3FN", "2x2xf32", "{mmaShape = [16, 8, 64]}",
                                    sparse=True),
}

VALID_OTHER_SYNTAX = {
    "keyword": mma("4x2xf16", "2x2xf16", "2x2xf32", "mmaShape = [16, 8, 16]"),
    "keyword-tf32": mma("4x1xf32", "2x1xf32", "2x2xf32", "mmaShape = [16, 8, 8] tf32Enabled"),
    "keyword-sparse": mma("4x2xf16", "4x2xf16", "2x2xf16", "mmaShape = [16, 8, 32] sparsitySelector = 1",
                          sparse=True),
    "generic": ("func.func @f(%a: vector<4x2xf16>, %b: vector<4x2xf16>, %c: vector<2x2xf16>, %m: vector<2xi16>) {\n"
                '  %d = "nvgpu.mma.sp.sync"(%a, %b, %c, %m) {mmaShape = [16, 8, 32], sparsitySelector = 0 : i32} : '
                "(vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>, vector<2xi16>) -> vector<2x2xf16>\n  return\n}\n"),
}

INPUT_TYPE = "expected input data type (i4,i8,f16,bf16,tf32,f64,f8E4M3FN,f8E5M2) supported by nvgpu.mma.sync"
GENERIC_META = ("func.func @f(%a: vector<4x2xf16>, %b: vector<4x2xf16>, %c: vector<2x2xf16>, %m: vector<4xi16>) {\n"
                '  %d = "nvgpu.mma.sp.sync"(%a, %b, %c, %m) {mmaShape = [16, 8, 32]} : '
                "(vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>, vector<4xi16>) -> vector<2x2xf16>\n  return\n}\n")

INVALID = [
    # The ODS layer.
    Case("element-types-differ", mma("4x4xi32", "2x4xi8", "2x2xi32", "{mmaShape = [16, 8, 32]}"),
         "nvgpu.mma-sync.element-type",
         "'nvgpu.mma.sync' op failed to verify that matrixA and matrixB have same element type", "vector<2x4xi8>",
         upstream="both"),
    # MmaSparseSyncOp::verify, then the shape's arity.
    Case("sparsity-selector", mma("2x2xf16", "2x2xf16", "2x2xf16",
                                  "{mmaShape = [16, 8, 16], sparsitySelector = 42 : i32}", sparse=True),
         "nvgpu.mma-sync.sparsity-selector", "'nvgpu.mma.sp.sync' op sparsity selector should be 0 or 1",
         "42 : i32", upstream="both"),
    Case("negative-sparsity-selector", mma("2x2xf16", "2x2xf16", "2x2xf16",
                                           "{mmaShape = [16, 8, 16], sparsitySelector = -1 : i32}", sparse=True),
         "nvgpu.mma-sync.sparsity-selector", "'nvgpu.mma.sp.sync' op sparsity selector should be 0 or 1",
         "-1 : i32", upstream="both"),
    Case("shape-arity", mma("4x2xf16", "2x2xf16", "2x2xf32", "{mmaShape = [16, 8]}"), "nvgpu.mma-sync.shape-arity",
         "'nvgpu.mma.sync' op mmaShape must have exactly 3 elements", "[16, 8]", upstream="bindings"),
    # verifyMmaSyncOp.
    Case("sparse-f64", mma("1x1xf64", "1x1xf64", "1x2xf64", "{mmaShape = [8, 8, 4]}", sparse=True),
         "nvgpu.mma-sync.sparse-f64", "f64 is not supported for sparse mode", "vector<1x1xf64>", upstream="both"),
    Case("input-type", mma("4x4xi32", "2x4xi32", "2x2xi32", "{mmaShape = [16, 8, 32]}"),
         "nvgpu.mma-sync.input-type", INPUT_TYPE, "vector<4x4xi32>", upstream="bindings"),
    Case("input-type-f8E4M3", mma("4x4xf8E4M3", "2x4xf8E4M3", "2x2xf32", "{mmaShape = [16, 8, 32]}"),
         "nvgpu.mma-sync.input-type", INPUT_TYPE, "vector<4x4xf8E4M3>", upstream="bindings"),
    Case("matrixA-rank", mma("8xf16", "2x2xf16", "2x2xf16", K16), "nvgpu.mma-sync.operand-rank",
         "matrixA must be 2 dimensional vector", "vector<8xf16>", upstream="both"),
    Case("matrixB-rank", mma("4x2xf16", "2x2x1xf16", "2x2xf16", K16), "nvgpu.mma-sync.operand-rank",
         "matrixB must be 2 dimensional vector", "vector<2x2x1xf16>", upstream="both"),
    Case("matrixC-rank", mma("4x2xf16", "2x2xf16", "4xf16", K16), "nvgpu.mma-sync.operand-rank",
         "matrixC must be 2 dimensional vector", "vector<4xf16>", upstream="both"),
    Case("matrixA-elements", mma("4x4xf16", "2x2xf16", "2x2xf16", K16), "nvgpu.mma-sync.fragment-size",
         "'nvgpu.mma.sync' op expected 256 warp-wide matrix A elements", "vector<4x4xf16>", upstream="both"),
    Case("matrixB-elements", mma("4x2xf16", "2x4xf16", "2x2xf16", K16), "nvgpu.mma-sync.fragment-size",
         "'nvgpu.mma.sync' op expected 128 warp-wide matrix B elements", "vector<2x4xf16>", upstream="both"),
    Case("matrixC-elements", mma("4x2xf16", "2x2xf16", "2x4xf16", K16), "nvgpu.mma-sync.fragment-size",
         "'nvgpu.mma.sync' op expected 128 warp-wide matrix C elements", "vector<2x4xf16>", upstream="both"),
    Case("sparse-matrixA-elements", mma("4x2xf16", "2x2xf16", "2x2xf16", K16, sparse=True),
         "nvgpu.mma-sync.fragment-size", "'nvgpu.mma.sp.sync' op expected 256 warp-wide matrix A elements",
         "vector<4x2xf16>", upstream="both"),
    Case("tf32-for-f16", mma("4x2xf16", "2x2xf16", "2x2xf16", "{mmaShape = [16, 8, 16], tf32Enabled}"),
         "nvgpu.mma-sync.tf32", "'nvgpu.mma.sync' op expected tf32 tensor cores only for F32 operands",
         "tf32Enabled", upstream="both"),
    Case("matrixA-shape", mma("2x4xf16", "2x2xf16", "2x2xf16", K16), "nvgpu.mma-sync.fragment-shape",
         "'nvgpu.mma.sync' op expected matrix A to be shaped (4 x 2)", "vector<2x4xf16>", upstream="both"),
    Case("matrixB-shape-tf32", mma("4x1xf32", "1x2xf32", "2x2xf32", "{mmaShape = [16, 8, 8], tf32Enabled}"),
         "nvgpu.mma-sync.fragment-shape", "'nvgpu.mma.sync' op expected matrix B to be shaped (2 x 1)",
         "vector<1x2xf32>", upstream="both"),
    Case("matrixC-shape-f64", mma("1x1xf64", "1x1xf64", "2x1xf64", "{mmaShape = [8, 8, 4]}"),
         "nvgpu.mma-sync.fragment-shape", "'nvgpu.mma.sync' op expected matrix C to be shaped (1 x 2)",
         "vector<2x1xf64>", upstream="both"),
    Case("keyword-shape", mma("2x4xf16", "2x2xf16", "2x2xf16", "mmaShape = [16, 8, 16]"),
         "nvgpu.mma-sync.fragment-shape", "'nvgpu.mma.sync' op expected matrix A to be shaped (4 x 2)",
         "vector<2x4xf16>"),
    # Beyond upstream: what the conversion to NVVM and ptxas reject.
    Case("ptx-shape", mma("8x2xf16", "4x2xf16", "2x2xf32", "{mmaShape = [16, 8, 32]}"), "nvgpu.mma-sync.ptx-shape",
         "'nvgpu.mma.sync' op no PTX mma.sync instruction has shape m16n8k32 for f16 operands (supported: "
         "m16n8k8, m16n8k16)", "[16, 8, 32]"),
    Case("ptx-shape-f64", mma("2x1xf64", "1x1xf64", "2x2xf64", "{mmaShape = [16, 8, 4]}"), "nvgpu.mma-sync.ptx-shape",
         "'nvgpu.mma.sync' op no PTX mma.sync instruction has shape m16n8k4 for f64 operands (supported: m8n8k4)",
         "[16, 8, 4]"),
    Case("ptx-shape-sparse", mma("1x2xf16", "1x2xf16", "2x2xf16", "{mmaShape = [16, 8, 8]}", sparse=True),
         "nvgpu.mma-sync.ptx-shape", "'nvgpu.mma.sp.sync' op no PTX mma.sp.sync instruction has shape m16n8k8 "
         "for f16 operands (supported: m16n8k16, m16n8k32)", "[16, 8, 8]"),
    Case("accumulator-bf16", mma("4x2xbf16", "2x2xbf16", "2x2xf16", K16), "nvgpu.mma-sync.accumulator-type",
         "'nvgpu.mma.sync' op accumulator element type f16 is not supported with bf16 operands by PTX mma.sync "
         "(expected f32)", "vector<2x2xf16>"),
    Case("accumulator-i8", mma("4x4xi8", "2x4xi8", "2x2xf32", "{mmaShape = [16, 8, 32]}"),
         "nvgpu.mma-sync.accumulator-type", "'nvgpu.mma.sync' op accumulator element type f32 is not supported "
         "with 8-bit integer operands by PTX mma.sync (expected 32-bit integer)", "vector<2x2xf32>"),
    Case("accumulator-sparse-f8", mma("4x4xf8E5M2", "4x4xf8E5M2", "2x2xf16", "{mmaShape = [16, 8, 64]}",
                                      sparse=True),
         "nvgpu.mma-sync.accumulator-type", "'nvgpu.mma.sp.sync' op accumulator element type f16 is not "
         "supported with f8E4M3FN/f8E5M2 operands by PTX mma.sp.sync (expected f32)", "vector<2x2xf16>"),
    Case("sparsity-selector-for-shape", mma("4x4xi8", "4x4xi8", "2x2xi32",
                                            "{mmaShape = [16, 8, 64], sparsitySelector = 1 : i32}", sparse=True),
         "nvgpu.mma-sync.sparsity-selector-shape", "'nvgpu.mma.sp.sync' op sparsitySelector must be 0 for m16n8k64 "
         "with 8-bit integer operands (ptxas accepts no other value there)", "1 : i32"),
    Case("result-type", mma("4x2xf16", "2x2xf16", "2x2xf16", K16, result="2x2xf32"), "nvgpu.mma-sync.result-type",
         "'nvgpu.mma.sync' op result type 'vector<2x2xf32>' differs from matrixC type 'vector<2x2xf16>'; the "
         "accumulator fragment is updated in place, so they must be the same", "vector<2x2xf32>"),
    Case("tf32-disabled", mma("4x1xf32", "2x1xf32", "2x2xf32", "{mmaShape = [16, 8, 8]}"),
         "nvgpu.mma-sync.tf32-disabled", "'nvgpu.mma.sync' op f32 operands need tf32Enabled: without it the op "
         "verifies but is not converted to NVVM (tensor cores multiply f32 as tf32)", "vector<4x1xf32>",
         severity=Severity.WARNING),
]


@pytest.mark.parametrize(
    "text", list(VALID.values()) + list(VALID_NEWER.values()) + list(VALID_OTHER_SYNTAX.values()),
    ids=list(VALID) + list(VALID_NEWER) + list(VALID_OTHER_SYNTAX))
def test_valid_mma_gets_no_diagnostic(text: str) -> None:
    assert family_diagnostics(text)[1] == []


@pytest.mark.parametrize("case", INVALID, ids=[c.id for c in INVALID])
def test_rule_is_reported_with_code_message_and_span(case: Case) -> None:
    assert_single_diagnostic(case.text, FAMILY, case.code, case.message, case.span,
                             severity=case.severity)


def test_fragment_errors_name_the_mma_shape() -> None:
    case = next(c for c in INVALID if c.id == "matrixA-shape")
    _, found = family_diagnostics(case.text)
    assert [(case.text[r.start:r.end], r.message) for r in found[0].related] == [
        ("[16, 8, 16]", "mmaShape is [16, 8, 16]")]


def test_element_type_mismatch_points_at_matrix_a() -> None:
    case = next(c for c in INVALID if c.id == "element-types-differ")
    _, found = family_diagnostics(case.text)
    assert [(case.text[r.start:r.end], r.message) for r in found[0].related] == [
        ("vector<4x4xi32>", "matrixA element type is i32")]


def test_generic_metadata_of_another_type_fails_its_ods_constraint() -> None:
    found = [d for d in check_document(Document(GENERIC_META)) if d.severity == Severity.ERROR]
    assert [(d.code, d.message) for d in found] == [
        ("op.operand-type", "'nvgpu.mma.sp.sync' op operand #3 must be fixed-length vector of 16-bit signless "
                            "integer values of length 2, but got 'vector<4xi16>'")]


def test_custom_metadata_of_another_type_is_a_use_def_mismatch_at_the_use() -> None:
    """The custom syntax gives the metadata ``vector<2xi16>`` without spelling it (its ODS constraint
    builds that type): another type is upstream's parser's mismatch, reported by the use-def layer."""
    text = mma("4x2xf16", "4x2xf16", "2x2xf16", "{mmaShape = [16, 8, 32]}", sparse=True, meta="vector<2xi32>")
    found = [d for d in check_document(Document(text)) if d.severity == Severity.ERROR]
    assert [(d.code, d.message, text[d.start:d.end]) for d in found] == [
        ("ssa.type-mismatch", "use of value '%m' expects different type than prior uses: 'vector<2xi16>' vs "
                              "'vector<2xi32>'", "%m")]
    assert [(text[r.start:r.end], r.message) for r in found[0].related] == [("%m", "prior use here")]


ODD = [
    mma("4x2x!e", "2x2xf16", "2x2xf32", K16).replace("func.func", "!e = f16\nfunc.func", 1),
    mma("4x2xf16", "2x2xf16", "2x2xf32", "{mmaShape = #undefined}"),
    mma("4x2xf16", "2x2xf16", "2x2xf32", "{mmaShape = [16, 8, 16]}").replace("%c: vector<2x2xf32>", "%c: !u.t"),
    mma("4x2xf16", "2x2xf16", "2x2xf32", "{mmaShape = [16, 8, 16]}", result="2x2x!u.t"),
    mma("4x2xf16", "4x2xf16", "2x2xf16", "{mmaShape = [16, 8, 32]}", sparse=True, meta="!u.t"),
    mma("1x1xf16", "1x1xf16", "1x2xf16", "{mmaShape = [0, 0, 0]}"),
    mma("1x1xf16", "1x1xf16", "1x2xf16", "{mmaShape = [9223372036854775807, 9223372036854775807, 4]}"),
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_odd_input_never_raises(text: str) -> None:
    doc = Document(text)
    for diag in verify_ops(doc):
        assert diag.message


def test_unresolved_types_are_not_judged() -> None:
    for text in ODD[:5]:
        doc = Document(text)
        assert [d.code for d in verify_ops(doc) if d.code.startswith(FAMILY)] == [], text


def _annotated(case: Case) -> str:
    lines = case.text.splitlines()
    lines.insert(1, f"// expected-error @+1 {{{{{case.message}}}}}")
    if case.note:
        lines.insert(0, f"// expected-note @+1 {{{{{case.note}}}}}")
    return "\n".join(lines)


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 is not installed")
def test_mlir_opt_agrees_on_every_upstream_case() -> None:
    sections = [_annotated(c) for c in INVALID if c.upstream in ("mlir-opt", "both")]
    sections += list(VALID.values()) + [VALID_OTHER_SYNTAX["generic"]]
    # Our own rules: upstream accepts these (mlir-opt-22 knows neither f8 inputs nor the keyword syntax).
    sections += [c.text for c in INVALID if not c.upstream and not any(w in c.id for w in ("f8", "keyword"))]
    result = subprocess.run([MLIR_OPT, "--split-input-file", "--verify-diagnostics", "-o", "/dev/null"],
                            input="\n// -----\n".join(sections), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_newer_upstream_bindings_agree() -> None:
    ir = pytest.importorskip("torch_mlir.ir")
    for case in INVALID:
        if case.upstream not in ("bindings", "both"):
            continue
        with pytest.raises(Exception) as error, ir.Context():
            ir.Module.parse(case.text)
        assert case.message in str(error.value), case.id
    for text in list(VALID.values()) + list(VALID_NEWER.values()):
        with ir.Context():
            assert ir.Module.parse(text).operation.verify()


@pytest.mark.parametrize("case_id, explanation", [
    ("matrixA-elements", "matrixA is vector<4x4xf16>: 16 elements a thread, 512 across the warp's 32 threads, "
                         "where mmaShape [16, 8, 16] needs 8 a thread: vector<4x2xf16>"),
    ("sparse-matrixA-elements", "matrixA is vector<4x2xf16>: 8 elements a thread, 256 across the warp's 32 "
                                "threads, where mmaShape [16, 8, 16], with A compressed to half by the 2:4 "
                                "sparsity, needs 4 a thread: vector<2x2xf16>"),
])
def test_a_fragment_size_error_explains_the_type_it_saw_and_the_one_the_shape_needs(case_id, explanation) -> None:
    case = next(c for c in INVALID if c.id == case_id)
    _, found = family_diagnostics(case.text)
    assert found[0].message == case.message and found[0].explanation == explanation
    assert found[0].full_message == f"{case.message}\n{explanation}"
