"""Ops of the upstream era after LLVM 22: what the newer bindings read that ``mlir-opt-22`` does not.

Two upstream builds judge what is valid MLIR here: Debian's ``mlir-opt-22`` (LLVM 22.1.8, whose
ODS the generated registry holds) and the MLIR Python bindings of the ``torch-mlir==20261001``
wheel, which are newer. A user's file may be written for either, so an op or spelling that
either of them accepts is read without complaint. The nvgpu ops and the keyword syntax of that
era live with the nvgpu facts (``nvgpu.py``); the ``nvvm`` ops are here.

Provenance: op and operand names are those of the bindings' generated op classes
(``torch_mlir/dialects/_nvvm_ops_gen.py``); each format was measured by parsing and printing an
instance with those bindings. Requirements are this project's measurements (see each note).
"""

from __future__ import annotations

from ..analysis.facts import AttributeFact, OperandFact, OpFacts, Requirement, ResultFact

_ERA = "torch-mlir 20261001 bindings (newer than LLVM 22)"


def _era_op(name: str, summary: str, explanation: str, operand: OperandFact, attributes: tuple[AttributeFact, ...],
            result: str, fmt: str, requirement: Requirement, ptx: str) -> OpFacts:
    return OpFacts(name=name, summary=summary, explanation=explanation, operands=(operand,), attributes=attributes,
                   results=(ResultFact("dst", result),), formats=(fmt,), requirement=requirement, ptx=(ptx,),
                   upstream=False, note=f"Era: {_ERA}; mlir-opt-22 does not know this op.")


_PTX91_F6 = ("cvt.rn.satfinite.{e2m3x2,e3m2x2}.{f16x2,bf16x2} is a PTX ISA 9.1 form (ptxas 13.0 stops at PTX "
             "9.0). ptxas 13.1 (PTX 9.1) accepts it on sm_100a/100f/103a/103f, sm_110a/110f, "
             "sm_120a/120f/121a/121f with PTX 9.1 and rejects plain targets: the sm_100f, sm_110f and sm_120f "
             "families.")
_PTX92_BF16 = ("LLVM's NVPTX back end selects cvt.rn.scaled::n2::ue8m0.bf16x2.* (with unit scales 0x7F7F) from PTX "
               "ISA 9.2 on the sm_100f/sm_110f/sm_120f families (hasNarrowFPToBF16x2ConversionSupport). ptxas 13.0 "
               "stops at PTX 9.0, so this is unverified with ptxas.")
_FAMILIES_91 = (("sm_110f", "9.1"), ("sm_120f", "9.1"))
_FAMILIES_92 = (("sm_110f", "9.2"), ("sm_120f", "9.2"))
_RELU = AttributeFact("relu", "bool", default="false", optional=True)

ERA_OPS: dict[str, OpFacts] = {op.name: op for op in (
    _era_op("nvvm.convert.f16x2.to.f6x2", "Pack f16x2 into two 6-bit floats",
            "Converts a vector<2xf16> to e2m3/e3m2 values packed into i16 or vector<2xi8>.",
            OperandFact("src", "vector<2xf16>"), (_RELU, AttributeFact("dstTy", "type")), "i16|vector<2xi8>",
            "$src attr-dict `:` type($src) `->` type($dst) `(` $dstTy `)`",
            Requirement("sm_100f", "9.1", note=_PTX91_F6, also=_FAMILIES_91),
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.f16x2 d, a;"),
    _era_op("nvvm.convert.bf16x2.to.f6x2", "Pack bf16x2 into two 6-bit floats",
            "Converts a vector<2xbf16> to e2m3/e3m2 values packed into i16 or vector<2xi8>.",
            OperandFact("src", "vector<2xbf16>"), (_RELU, AttributeFact("dstTy", "type")), "i16|vector<2xi8>",
            "$src attr-dict `:` type($src) `->` type($dst) `(` $dstTy `)`",
            Requirement("sm_100f", "9.1", note=_PTX91_F6, also=_FAMILIES_91),
            "cvt.rn.satfinite{.relu}.{e2m3x2,e3m2x2}.bf16x2 d, a;"),
    _era_op("nvvm.convert.f6x2.to.bf16x2", "Unpack two 6-bit floats to bf16x2",
            "Widens a pair of e2m3/e3m2 values to vector<2xbf16>.",
            OperandFact("src", "vector<2xi8>"), (AttributeFact("srcType", "type"),), "vector<2xbf16>",
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
            Requirement("sm_100f", "9.2", note=_PTX92_BF16, also=_FAMILIES_92),
            "cvt.rn.scaled::n2::ue8m0.bf16x2.{e2m3x2,e3m2x2} d, a, scale;"),
    _era_op("nvvm.convert.f4x2.to.bf16x2", "Unpack two 4-bit floats to bf16x2",
            "Widens the two e2m1 values packed in an i8 to vector<2xbf16>.",
            OperandFact("src", "i8"), (AttributeFact("srcType", "type"),), "vector<2xbf16>",
            "$src attr-dict `:` type($src) `(` $srcType `)` `->` type($dst)",
            Requirement("sm_100f", "9.2", note=_PTX92_BF16, also=_FAMILIES_92),
            "cvt.rn.scaled::n2::ue8m0.bf16x2.e2m1x2 d, a, scale;"),
)}
