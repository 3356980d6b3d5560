"""Facts about MLIR's ``nvgpu`` dialect: every op, type and enum attribute.

This module is the single table that the parser, the verifiers, the target gate,
hover and the lowering all read. It holds plain data only (the records of
:mod:`nvgpu_ls.analysis.facts`) and exports three dictionaries:

* ``NVGPU_OPS``   -- op name (``"nvgpu.ldmatrix"``) -> :class:`OpFacts`
* ``NVGPU_TYPES`` -- type name without ``!`` (``"nvgpu.mbarrier.group"``) -> :class:`TypeFacts`
* ``NVGPU_ENUMS`` -- enum attribute name without ``#`` (``"nvgpu.swizzle"``) -> :class:`EnumFacts`

Conventions used throughout:

* Operand, attribute and result names are upstream's ODS names
  (``mlir/include/mlir/Dialect/NVGPU/IR/NVGPUOps.td``) because the formats refer to
  them as ``$name``.
* ``formats`` are written in upstream's declarative assembly-format notation, newest
  first. Upstream changed syntax once for the ops that carry inherent attributes: the
  newest upstream ("strict property assembly format", llvm-project PR #217272) spells
  them as keywords (``numTiles = 4 transpose = false``, ``bypassL1``, ``transposeB``);
  every release before that (including LLVM 22 / ``mlir-opt-22`` and the torch-mlir
  bindings) takes them in the attribute dictionary (``{numTiles = 4 : i32, ...}``).
  The keyword-era strings are reconstructed from upstream's refreshed tests and the
  PR description (the new ``.td`` text was not available); each op's ``note`` says so.
  Attribute-dictionary-era strings are copied from ``NVGPUOps.td`` (commits
  ``d54644a7``/``04b2c5eb``) with whitespace collapsed.
* A ``type($x)`` directive whose constraint is an nvgpu type with parameters is printed
  by upstream in its *stripped* form (``: <memorySpace = ..., num_barriers = 4>``
  instead of ``: !nvgpu.mbarrier.group<...>``) and parses either spelling (checked with
  ``mlir-opt-22``). Parameterless ``!nvgpu.mbarrier.token`` always prints in full.
* Enum attributes of the dialect print *bare* inside op formats (``rounding = approx``,
  ``swizzle = swizzle_128b`` inside a type) and as ``#nvgpu<rcp_rounding_mode approx>``
  when written standalone; ``#nvgpu.rcp_rounding_mode<approx>`` is rejected upstream.
* ``requirement`` is the lowest SM / PTX ISA of the PTX the op becomes, checked with
  ``ptxas`` 13.0 where it can assemble for the target (it cannot below ``sm_75``).
  Ops that emit no instruction of their own carry the requirement of the instruction
  they exist to feed, or ``None`` when they are host-side; their notes say which.
* Ops with ``upstream=False`` are nvgpu-ls designs for features upstream does not have
  (yet); their syntax imitates upstream's style and their notes say so.
"""

from __future__ import annotations

import re

from ..analysis.facts import (
    AttributeFact,
    EnumFacts,
    OperandFact,
    OpFacts,
    Requirement,
    ResultFact,
    TypeFacts,
    TypeParamFact,
    requirement_forms,
)
from .overlay import GENERATED_OPS

# Type spellings used as operand/result kinds.
ASYNC_TOKEN = "!nvgpu.device.async.token"
MBARRIER_GROUP = "!nvgpu.mbarrier.group"
MBARRIER_TOKEN = "!nvgpu.mbarrier.token"
TENSORMAP_DESC = "!nvgpu.tensormap.descriptor"
TENSOR_MAP_BYTES = 128
"""The size of a TMA tensor map (CUtensorMap; PTX's .b1024 tensormap operands)."""
WARPGROUP_DESC = "!nvgpu.warpgroup.descriptor"
WARPGROUP_ACC = "!nvgpu.warpgroup.accumulator"

# NVVM enums reused by upstream's nvgpu.truncf / nvgpu.extf (and by the f32x2 designs).
_FP_RND_MODES = ("none", "rn", "rm", "rp", "rz", "rna", "rs")
_SAT_MODES = ("none", "satfinite")



# ---------------------------------------------------------------------------
# Enums
# ---------------------------------------------------------------------------

SUBBYTE_PACKINGS = ("compact", "u6_unpack_u8_e2m3", "u6_unpack_u8_e3m2", "u4_unpack_u8_e2m1")
"""The cases of #nvgpu.subbytes_packedkind: ``compact`` and one ``u<bits>_unpack_u8_<format>`` per
sub-byte format (the naming of upstream's ``u6_unpack_u8_e2m3``)."""
_UNPACKED_CASE = re.compile(r"u(4|6)_unpack_u8_(e2m3|e3m2|e2m1)")
_PACKED_FORMATS = {"e2m3": ("f6E2M3FN", "6"), "e3m2": ("f6E3M2FN", "6"), "e2m1": ("f4E2M1FN", "4")}


def packed_kind_layout(case: str) -> tuple[str | None, bool] | None:
    """What a ``#nvgpu.subbytes_packedkind`` case means: (the narrow float format whose codes it
    holds, whether each code has a byte of its own). ``compact``: (None, False), the result keeps
    its float type; ``u6_unpack_u8_e3m2``: ("f6E3M2FN", True), the width and format agreeing;
    None for a case this project cannot read."""
    if case == "compact":
        return None, False
    match = _UNPACKED_CASE.fullmatch(case)
    if match is None or _PACKED_FORMATS[match.group(2)][1] != match.group(1):
        return None
    return _PACKED_FORMATS[match.group(2)][0], True


_ENUM_LIST = (
    EnumFacts(
        name="nvgpu.swizzle",
        cases=("none", "swizzle_32b", "swizzle_64b", "swizzle_128b"),
        summary=(
            "TensorMapSwizzleKind: how TMA swizzles shared-memory bank placement. Used "
            "bare as the `swizzle` parameter of !nvgpu.tensormap.descriptor; standalone "
            "spelling #nvgpu<swizzle swizzle_128b>."
        ),
        case_docs={
            "none": "no swizzle (value 0)",
            "swizzle_32b": "32-byte swizzle span; innermost box dimension must be 32 bytes (value 1)",
            "swizzle_64b": "64-byte swizzle span; innermost box dimension must be 64 bytes (value 2)",
            "swizzle_128b": "128-byte swizzle span; innermost box dimension must be 128 bytes (value 3)",
        },
    ),
    EnumFacts(
        name="nvgpu.l2promo",
        cases=("none", "l2promo_64b", "l2promo_128b", "l2promo_256b"),
        summary=(
            "TensorMapL2PromoKind: L2 sector promotion used by TMA fetches. Used bare as "
            "the `l2promo` parameter of !nvgpu.tensormap.descriptor; standalone spelling "
            "#nvgpu<l2promo l2promo_64b>."
        ),
        case_docs={
            "none": "no L2 promotion (value 0)",
            "l2promo_64b": "promote to 64-byte L2 requests (value 1)",
            "l2promo_128b": "promote to 128-byte L2 requests (value 2)",
            "l2promo_256b": "promote to 256-byte L2 requests (value 3)",
        },
    ),
    EnumFacts(
        name="nvgpu.oob",
        cases=("zero", "nan"),
        summary=(
            "TensorMapOOBKind: what TMA writes for elements outside the tensor. Used bare "
            "as the `oob` parameter of !nvgpu.tensormap.descriptor; standalone spelling "
            "#nvgpu<oob zero>. (The attribute is `oob`, not `oobfill`.)"
        ),
        case_docs={
            "zero": "out-of-bound elements read as zero (value 0)",
            "nan": "out-of-bound elements read as NaN; floating-point element types only (value 1)",
        },
    ),
    EnumFacts(
        name="nvgpu.interleave",
        cases=("none", "interleave_16b", "interleave_32b"),
        summary=(
            "TensorMapInterleaveKind: interleaved global layout for TMA. Used bare as the "
            "`interleave` parameter of !nvgpu.tensormap.descriptor; standalone spelling "
            "#nvgpu<interleave none>. Upstream verifiers accept only `none` today."
        ),
        case_docs={
            "none": "no interleave (value 0); the only value upstream verifiers accept",
            "interleave_16b": "16-byte interleave (value 1); rejected: 'Interleave options are not supported yet.'",
            "interleave_32b": "32-byte interleave (value 2); rejected: 'Interleave options are not supported yet.'",
        },
    ),
    EnumFacts(
        name="nvgpu.rcp_rounding_mode",
        cases=("approx", "rn", "rz", "rm", "rp"),
        summary=(
            "RcpRoundingMode: rounding of nvgpu.rcp. Bare in the op (`rounding = approx`), "
            "standalone #nvgpu<rcp_rounding_mode approx>. Only `approx` (with ftz) passes "
            "the verifier today."
        ),
        case_docs={
            "approx": "approximate reciprocal (rcp.approx); the only accepted mode",
            "rn": "round to nearest even (rejected by the verifier today)",
            "rz": "round toward zero (rejected by the verifier today)",
            "rm": "round toward -inf (rejected by the verifier today)",
            "rp": "round toward +inf (rejected by the verifier today)",
        },
    ),
    EnumFacts(
        name="nvgpu.subbytes_packedkind",
        cases=SUBBYTE_PACKINGS,
        summary=(
            "How the sub-byte results of a narrowing conversion are laid out, spelled "
            "#nvgpu.subbytes_packedkind<...>: `compact` (seen in CuTe DSL output) keeps the narrow "
            "float type, its codes packed densely (the MXFP4 / NVFP4 storage: two e2m1 per byte); "
            "`u6_unpack_u8_e2m3` (upstream's branch test of PR #199700) gives each code a byte of "
            "its own, and so do its siblings for the other MXFP6 format and for e2m1, read by the "
            "same naming (packed_kind_layout)."
        ),
        case_docs={
            "compact": "the result keeps its narrow float type, codes packed densely (two f4E2M1FN per byte in memory)",
            "u6_unpack_u8_e2m3": "each 6-bit e2m3 (MXFP6) code zero-extended in its own byte (vector<Nxi8>)",
            "u6_unpack_u8_e3m2": "each 6-bit e3m2 (MXFP6) code zero-extended in its own byte (vector<Nxi8>)",
            "u4_unpack_u8_e2m1": "each 4-bit e2m1 (MXFP4 / NVFP4) code zero-extended in its own byte (vector<Nxi8>)",
        },
    ),
    EnumFacts(
        name="nvgpu.tma_reduce_kind",
        cases=("add", "min", "max", "inc", "dec", "and", "or", "xor"),
        summary=(
            "nvgpu-ls extension (not upstream): reduction of nvgpu.tma.async.reduce, bare "
            "in the op (`kind = add`). Same cases as upstream's #nvvm.tma_redux_kind."
        ),
        case_docs={
            "add": "element-wise add (.add)",
            "min": "element-wise minimum (.min)",
            "max": "element-wise maximum (.max)",
            "inc": "wrapping increment (.inc, unsigned 32-bit)",
            "dec": "wrapping decrement (.dec, unsigned 32-bit)",
            "and": "bitwise and (.and, .b32/.b64)",
            "or": "bitwise or (.or, .b32/.b64)",
            "xor": "bitwise xor (.xor, .b32/.b64)",
        },
    ),
    EnumFacts(
        name="nvgpu.tensormap_field",
        cases=(
            "global_address",
            "rank",
            "box_dim",
            "global_dim",
            "global_stride",
            "element_stride",
            "elemtype",
            "interleave_layout",
            "swizzle_mode",
            "swizzle_atomicity",
            "fill_mode",
        ),
        summary=(
            "nvgpu-ls extension (not upstream): the tensor-map field that "
            "nvgpu.tensormap.replace overwrites; names follow PTX tensormap.replace."
        ),
        case_docs={
            "global_address": "base address of the global tensor (new value i64)",
            "rank": "tensor rank (new value i32; PTX stores it as rank - 1, check the ISA)",
            "box_dim": "box size of dimension [ord] (needs ord; new value i32)",
            "global_dim": "extent of global dimension [ord] (needs ord; new value i32)",
            "global_stride": "byte stride of global dimension [ord] (needs ord; new value i64)",
            "element_stride": "traversal stride of dimension [ord] (needs ord; new value i32)",
            "elemtype": "element type code; new value must be a constant",
            "interleave_layout": "interleave code (0 none, 1 16B, 2 32B); new value must be a constant",
            "swizzle_mode": "swizzle code (0 none, 1 32B, 2 64B, 3 128B); new value must be a constant in [0, 3]",
            "swizzle_atomicity": "swizzle atomicity code; new value must be a constant; needs sm_100a / PTX 8.6 (ptxas 13.0)",
            "fill_mode": "out-of-bound fill code (0 zero, 1 NaN); new value must be a constant",
        },
    ),
    EnumFacts(
        name="nvgpu.fence_scope",
        cases=("cta", "cluster", "gpu", "sys"),
        summary=(
            "nvgpu-ls extension (not upstream): release scope of "
            "nvgpu.tensormap.cp_fenceproxy, bare in the op (`scope = gpu`). Same cases as "
            "upstream's #nvvm.mem_scope."
        ),
        case_docs={
            "cta": "visible to the issuing CTA",
            "cluster": "visible to the CTA cluster",
            "gpu": "visible to the whole GPU (the usual choice for a descriptor in global memory)",
            "sys": "visible system-wide",
        },
    ),
)


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

_TYPE_LIST = (
    TypeFacts(
        name="nvgpu.device.async.token",
        summary="Token that links an async copy to the group and wait that complete it.",
        explanation=(
            "A value of this type is produced by nvgpu.device_async_copy and "
            "nvgpu.device_async_create_group and consumed by nvgpu.device_async_wait. It "
            "carries no data at run time: it only records, in SSA form, which copies belong "
            "to which commit group so that passes can reason about the ordering. The "
            "hardware itself tracks groups per thread in issue order, so the token does not "
            "make a wait target a specific group; the wait's numGroups does. The type has no "
            "parameters and is always spelled !nvgpu.device.async.token."
        ),
        params=(),
        lowers_to="i32 (a dummy constant 0; tokens are dropped)",
    ),
    TypeFacts(
        name="nvgpu.mbarrier.group",
        summary="One or more 64-bit mbarrier objects living in a memory space (normally shared).",
        explanation=(
            "Describes an array of `num_barriers` mbarrier objects (8 bytes each, 8-byte "
            "aligned) created by nvgpu.mbarrier.create. Every mbarrier op picks one element "
            "with an index operand (`%group[%i]`). Put the group in workgroup memory "
            "(memorySpace = #gpu.address_space<workgroup> or 3): the lowering then uses the "
            "`.shared` forms of the PTX instructions, and TMA loads can only signal barriers "
            "in shared memory. When `num_barriers` is omitted it is 1. Releases up to LLVM 17 "
            "called this type !nvgpu.mbarrier.barrier and had no `num_barriers` parameter. "
            "As the type of an op operand it may be written stripped, e.g. "
            "`: <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>`."
        ),
        params=(
            TypeParamFact(
                name="memorySpace",
                kind="attribute",
                doc="memory-space attribute, e.g. #gpu.address_space<workgroup> or the integer 3",
            ),
            TypeParamFact(
                name="num_barriers",
                kind="unsigned",
                default="1",
                doc="number of mbarrier objects in the group; omitted when 1",
            ),
        ),
        lowers_to="memref<num_barriers x i64, memorySpace> (then the usual memref descriptor struct)",
    ),
    TypeFacts(
        name="nvgpu.mbarrier.token",
        summary="The phase state returned by an mbarrier arrive, for a later test_wait.",
        explanation=(
            "Opaque 64-bit state returned by nvgpu.mbarrier.arrive and "
            "nvgpu.mbarrier.arrive.nocomplete; pass it to nvgpu.mbarrier.test.wait to ask "
            "whether the phase the thread arrived on has completed. Do not inspect or "
            "combine tokens. Phase-parity waiting (nvgpu.mbarrier.try_wait.parity) does not "
            "need a token. The type has no parameters and always prints as "
            "!nvgpu.mbarrier.token."
        ),
        params=(),
        lowers_to="i64",
    ),
    TypeFacts(
        name="nvgpu.tensormap.descriptor",
        summary="A TMA tensor map: how to cut tiles of a global tensor into shared memory.",
        explanation=(
            "Models the 128-byte CUtensorMap that TMA instructions read. `tensor` is the "
            "shape, element type and memory space of ONE tile (box) as it lands in shared "
            "memory, not the shape of the global tensor; it must be static, in shared memory, "
            "rank 1 to 5, every dimension 1..256, and the innermost dimension must be a "
            "multiple of 16 bytes. With a swizzle other than `none` and rank > 1 the "
            "innermost dimension must span exactly the swizzle width (32, 64 or 128 bytes; "
            "older upstream required 128 bytes for every swizzle). All five parameters are "
            "required. Descriptors are created on the host by nvgpu.tma.create.descriptor "
            "and passed to kernels; a descriptor modified after launch must be fenced "
            "(nvgpu.tma.fence.descriptor) before use. As an op operand type it may be "
            "written stripped (`: <tensor = ..., swizzle = ..., ...>`)."
        ),
        params=(
            TypeParamFact(
                name="tensor",
                kind="memref",
                doc="static memref type of one box/tile in shared memory, e.g. memref<128x64xf16, 3>",
            ),
            TypeParamFact(
                name="swizzle",
                kind="enum",
                enum=("none", "swizzle_32b", "swizzle_64b", "swizzle_128b"),
                doc="#nvgpu.swizzle value, written bare",
            ),
            TypeParamFact(
                name="l2promo",
                kind="enum",
                enum=("none", "l2promo_64b", "l2promo_128b", "l2promo_256b"),
                doc="#nvgpu.l2promo value, written bare",
            ),
            TypeParamFact(
                name="oob",
                kind="enum",
                enum=("zero", "nan"),
                doc="#nvgpu.oob value, written bare",
            ),
            TypeParamFact(
                name="interleave",
                kind="enum",
                enum=("none", "interleave_16b", "interleave_32b"),
                doc="#nvgpu.interleave value, written bare; only `none` passes the verifiers",
            ),
        ),
        lowers_to="!llvm.ptr (generic pointer to the 128-byte tensor map)",
    ),
    TypeFacts(
        name="nvgpu.warpgroup.descriptor",
        summary="64-bit wgmma matrix descriptor for an operand tile in shared memory.",
        explanation=(
            "Encodes where a wgmma multiplicand lives in shared memory and how it is laid "
            "out: start address, leading- and stride-dimension byte offsets, base offset and "
            "swizzle mode packed into one 64-bit register value. `tensor` is the tile the "
            "descriptor covers (for A: M x K, for B: K x N); nvgpu.warpgroup.mma derives the "
            "GEMM shape from the two descriptor types and walks the tile by advancing the "
            "descriptor. Build it with nvgpu.warpgroup.generate.descriptor from the same "
            "tensor map that loaded the tile, so the swizzle matches (upstream supports only "
            "swizzle_128b). An early upstream version named this type "
            "!nvgpu.wgmma.descriptor."
        ),
        params=(
            TypeParamFact(
                name="tensor",
                kind="memref",
                doc="memref type of the operand tile in shared memory, e.g. memref<128x64xf16, 3>",
            ),
        ),
        lowers_to="i64",
    ),
    TypeFacts(
        name="nvgpu.warpgroup.accumulator",
        summary="Warpgroup-distributed wgmma accumulator (matrix C/D) held in registers.",
        explanation=(
            "Represents an M x N accumulator tile that the 128 threads of a warpgroup own "
            "jointly, each thread holding its fragment in registers. `fragmented` is the "
            "whole logical tile (e.g. vector<128x128xf32>), not a per-thread vector; M must "
            "be a multiple of 64 and N one of the wgmma N sizes (multiples of 8 up to 256, "
            "fewer for integer types). Create it with nvgpu.warpgroup.mma.init.accumulator, "
            "thread it through nvgpu.warpgroup.mma (usually as an scf.for iter_arg) and "
            "write it out with nvgpu.warpgroup.mma.store. Keep the tile small enough to fit "
            "the register file: a 128x256 f32 tile would need 256 registers per thread, more "
            "than the 255 a thread can have."
        ),
        params=(
            TypeParamFact(
                name="fragmented",
                kind="vector",
                doc="2-D vector type of the whole accumulator tile, e.g. vector<64x128xf32>",
            ),
        ),
        lowers_to=(
            "!llvm.struct<(S, S, ...)> with one inner struct per 64 rows; S holds N/2 "
            "elements of T for f32/i32 accumulators (N/4 for f16)"
        ),
    ),
)


# ---------------------------------------------------------------------------
# Requirement forms: what an op instance needs when that depends on its types
# ---------------------------------------------------------------------------
# Read by the target gate (verify/gate.py), which spells an instance's form as a key and
# tries the most specific key first:
#
# * nvgpu.mma.sync: ``m{M}n{N}k{K}.{A element type}``, with ``tf32`` for f32 operands
#   under tf32Enabled (``m16n8k16.f16``, ``m8n8k4.f64``, ``m16n8k32.f8E4M3FN``).
# * nvgpu.extf / nvgpu.truncf (and their pre-merge spellings): ``{source}->{result}``
#   element types as MLIR spells them, ``*`` for any source (truncf) or any result
#   (extf); truncf appends ``.rs`` for stochastic rounding and ``.sat=none`` without
#   saturation (``f32->f16.rs``, ``*->f8E4M3FN``, ``f8E5M2->*``).
# * nvgpu.tensormap.replace: ``field={field}``.
#
# Every value below was measured with ptxas 13.0 (12.9 for sm_70) on the kernels in
# tests/data/gate_ptx/, which tests/test_gate_agrees_with_ptxas.py replays.

_CVT_FP8 = Requirement(
    sm="sm_89",
    ptx="8.1",
    note=(
        "cvt with .e4m3x2/.e5m2x2 (ptxas 13.0): sm_89 needs PTX 8.1, while sm_90 and later "
        "accept it from their oldest ISA (sm_90: PTX 7.8), hence the second pair."
    ),
    also=(("sm_90", "7.8"),),
)
_CVT_NARROW = Requirement(
    sm="sm_100f",
    ptx="8.6",
    note=(
        "cvt with .e2m3x2/.e3m2x2/.e2m1x2/.ue8m0x2 (ptxas 13.0): a family feature of "
        "sm_100f, sm_110f and sm_120f - accepted on sm_100a/f, sm_103a/f, sm_110a/f, "
        "sm_120a/f, sm_121a/f; rejected on plain sm_100, sm_103, sm_110, sm_120."
    ),
    also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
)
_CVT_UNVERIFIED = Requirement(
    sm="sm_100f",
    ptx="9.1",
    note=(
        "f16x2/bf16x2 -> e2m3x2/e3m2x2 cvt forms are not in PTX ISA 9.0: ptxas 13.0 "
        "rejects them on every target ('Unexpected instruction types'), so a newer ISA is "
        "needed; the SM follows the f32 forms. Unverified."
    ),
    also=(("sm_110f", "9.1"), ("sm_120f", "9.1")),
)
_CVT_BF16X2_TO_FP8 = Requirement(
    sm="sm_100f",
    ptx="9.1",
    note=(
        "cvt.rn.satfinite[.relu].{e4m3x2|e5m2x2}.bf16x2 is not in PTX ISA 9.0: ptxas 13.0 rejects it "
        "on every target ('Unexpected instruction types'). LLVM's NVPTX back end emits it from PTX "
        "ISA 9.1 on the sm_100f/sm_110f/sm_120f families (hasFP16X2ToNarrowFPConversionSupport). "
        "Unverified with ptxas."
    ),
    also=(("sm_110f", "9.1"), ("sm_120f", "9.1")),
)
_CVT_NARROW_TO_BF16X2 = Requirement(
    sm="sm_100f",
    ptx="9.2",
    note=(
        "e4m3/e5m2/e2m3/e3m2/e2m1 -> bf16 is cvt.rn.scaled::n2::ue8m0.bf16x2.{type}x2 (unit scale "
        "0x7F7F), not in PTX ISA 9.0: ptxas 13.0 rejects every bf16x2 <- narrow cvt on every "
        "target. LLVM's NVPTX back end emits it from PTX ISA 9.2 on the sm_100f/sm_110f/sm_120f "
        "families (hasNarrowFPToBF16x2ConversionSupport). Unverified with ptxas."
    ),
    also=(("sm_110f", "9.2"), ("sm_120f", "9.2")),
)
_CVT_RS = Requirement(
    sm="sm_100a",
    ptx="8.7",
    note=(
        "cvt.rs (stochastic rounding), ptxas 13.0: only sm_100a and sm_103a ('Feature .rs "
        "not supported' on sm_100f, sm_103f, sm_110a, sm_120a); PTX 8.7."
    ),
    also=(("sm_103a", "8.7"),),
)
_CVT_F16X2_SATFINITE = Requirement(
    sm="sm_80",
    ptx="8.1",
    note="cvt.{rn,rz}.satfinite.{f16x2,bf16x2}.f32: sm_80, and .satfinite needs PTX 8.1 (ptxas 13.0).",
)
_CVT_F16X2 = Requirement(sm="sm_80", ptx="7.0", note="cvt.{rn,rz}.{f16x2,bf16x2}.f32 without .satfinite: sm_80 / PTX 7.0 (ptxas 13.0).")

EXTF_LOWERS_TO: tuple[str, ...] = (
    "nvvm.convert.f8x2.to.f16x2",
    "nvvm.convert.f8x2.to.bf16x2",
    "nvvm.convert.f6x2.to.f16x2",
    "nvvm.convert.f6x2.to.bf16x2",
    "nvvm.convert.f4x2.to.f16x2",
    "nvvm.convert.f4x2.to.bf16x2",
    "llvm.fpext",
    "llvm.bitcast",
    "llvm.zext",
    "llvm.extractelement",
    "llvm.insertelement",
    "llvm.mlir.undef",
)
"""What nvgpu.extf and its pre-merge names lower to (one place: they share the lowering)."""

TRUNCF_LOWERS_TO: tuple[str, ...] = (
    "nvvm.convert.f32x2.to.f16x2",
    "nvvm.convert.f32x2.to.bf16x2",
    "nvvm.convert.f32x2.to.f8x2",
    "nvvm.convert.f16x2.to.f8x2",
    "nvvm.convert.f32x2.to.f6x2",
    "nvvm.convert.f16x2.to.f6x2",
    "nvvm.convert.bf16x2.to.f6x2",
    "nvvm.convert.f32x2.to.f4x2",
    "llvm.fptrunc",
    "llvm.bitcast",
    "llvm.trunc",
    "llvm.insertelement",
    "llvm.mlir.undef",
)
"""What nvgpu.truncf and its pre-merge names lower to."""

_EXTF_FORMS = requirement_forms({
    "f8E4M3FN->*": _CVT_FP8,
    "f8E5M2->*": _CVT_FP8,
    "f8E4M3FN->bf16": _CVT_NARROW_TO_BF16X2,
    "f8E5M2->bf16": _CVT_NARROW_TO_BF16X2,
    "f8E8M0FNU->*": _CVT_NARROW,
    "f6E2M3FN->*": _CVT_NARROW,
    "f6E3M2FN->*": _CVT_NARROW,
    "f4E2M1FN->*": _CVT_NARROW,
    "f6E2M3FN->bf16": _CVT_NARROW_TO_BF16X2,
    "f6E3M2FN->bf16": _CVT_NARROW_TO_BF16X2,
    "f4E2M1FN->bf16": _CVT_NARROW_TO_BF16X2,
    "f16->*": None,
    "bf16->*": None,
    "f32->*": None,
})

_TRUNCF_FORMS = requirement_forms({
    "f32->f16": _CVT_F16X2_SATFINITE,
    "f32->f16.sat=none": _CVT_F16X2,
    "f32->f16.rs": _CVT_RS,
    "f32->bf16": _CVT_F16X2_SATFINITE,
    "f32->bf16.sat=none": _CVT_F16X2,
    "f32->bf16.rs": _CVT_RS,
    "f64->f32": None,
    "f64->f16": None,
    "f64->bf16": None,
    "*->f8E4M3FN": _CVT_FP8,
    "*->f8E5M2": _CVT_FP8,
    "bf16->f8E4M3FN": _CVT_BF16X2_TO_FP8,
    "bf16->f8E5M2": _CVT_BF16X2_TO_FP8,
    "*->f8E8M0FNU": _CVT_NARROW,
    "*->f6E2M3FN": _CVT_NARROW,
    "*->f6E3M2FN": _CVT_NARROW,
    "*->f4E2M1FN": _CVT_NARROW,
    "f16->f6E2M3FN": _CVT_UNVERIFIED,
    "f16->f6E3M2FN": _CVT_UNVERIFIED,
    "bf16->f6E2M3FN": _CVT_UNVERIFIED,
    "bf16->f6E3M2FN": _CVT_UNVERIFIED,
})


_TENSORMAP_REPLACE_FORMS = requirement_forms({
    "field=swizzle_atomicity": Requirement(
        sm="sm_100f",
        ptx="8.6",
        note=(
            "tensormap.replace.tile.swizzle_atomicity (ptxas 13.0): rejected on sm_90a; a "
            "family feature of sm_100f/sm_110f/sm_120f like the other fields off sm_90a."
        ),
        also=(("sm_110f", "9.0"), ("sm_120f", "8.7")),
    ),
})


# ---------------------------------------------------------------------------
# Ops
# ---------------------------------------------------------------------------

_OP_LIST = (
    # --- warp-level matrix ops ---------------------------------------------------
    # --- cp.async (Ampere async copy) --------------------------------------------
    # --- mbarrier -----------------------------------------------------------------
    # --- TMA ------------------------------------------------------------------------
    # --- warpgroup (wgmma) ------------------------------------------------------------
    # --- arithmetic -----------------------------------------------------------------
    # --- float conversions (upstream since PR #199700) ----------------------------------
    OpFacts(
        name="nvgpu.extf",
        summary="Widen floats, including fp8/fp6/fp4 and e8m0, using the hardware's packed converters.",
        explanation=(
            "Converts a float scalar or vector to a strictly wider float type, element-wise "
            "with the same shape. Narrow formats (f8E4M3FN, f8E5M2, f8E8M0FNU, f6E2M3FN, "
            "f6E3M2FN, f4E2M1FN) are turned into f16/bf16 pairs with the packed cvt "
            "instructions and, for f32/f64 targets, widened further; f16/bf16/f32 sources "
            "use ordinary extension. e8m0 sources only go to bf16 or f32; `relu` (clamp "
            "negatives to zero) is not available for bf16 results; only round-to-nearest "
            "(rnd = rn) is accepted. The hardware path matters: fp8 needs sm_89+, fp6/fp4/e8m0 "
            "need the sm_100a family."
        ),
        operands=(OperandFact(name="in", kind="float", doc="float scalar or vector of floats (FloatLike, non-0-D)"),),
        attributes=(
            AttributeFact(
                name="rnd",
                kind="enum",
                enum=_FP_RND_MODES,
                enum_attr="#nvvm.fp_rnd_mode",
                default="rn",
                doc="rounding; only rn is accepted for extension",
            ),
            AttributeFact(name="relu", kind="bool", default="false", doc="clamp negative results to zero; not for bf16 results"),
        ),
        results=(ResultFact(name="out", kind="float", doc="wider float type, same shape as `in`"),),
        formats=(
            "$in prop-dict attr-dict `:` type($in) `to` type($out)",
            "$in attr-dict `:` type($in) `to` type($out)",
        ),
        requirement=Requirement(
            sm="sm_89",
            ptx="8.1",
            note=(
                "Floor of the packed narrow-float paths (ptxas 13.0): cvt.rn.f16x2.e4m3x2/"
                "e5m2x2 need sm_89 / PTX 8.1 (sm_90 accepts them from PTX 7.8); e2m3/e3m2/"
                "e2m1/ue8m0 sources are a family feature of sm_100f/sm_110f/sm_120f (any of "
                "their a/f targets, not plain sm_100/sm_120) / PTX 8.6; f6/f4 -> bf16 needs "
                "cvt forms newer than PTX 9.0. f16/bf16/f32 sources lower to llvm.fpext and "
                "need nothing special. requirement_forms refine it by source/result type."
            ),
            also=(("sm_90", "7.8"),),
        ),
        requirement_forms=_EXTF_FORMS,
        lowers_to=EXTF_LOWERS_TO,
        ptx=(
            "cvt.rn.f16x2.e4m3x2 d, a;",
            "cvt.rn.f16x2.e5m2x2 d, a;",
            "cvt.rn.bf16x2.ue8m0x2 d, a;",
            "cvt.rn.f16x2.e2m3x2 d, a;",
            "cvt.rn.f16x2.e2m1x2 d, a;",
            "cvt.f32.f16 d, a;",
        ),
        traits=("Pure",),
        note=(
            "Added by llvm-project PR #199700 (mid-2026; parsed by the torch-mlir bindings, "
            "not by mlir-opt-22). formats[0] (with prop-dict, so `<{relu = true}>` parses) "
            "is the newest form seen in upstream's nvgpu-extf-invalid.mlir; formats[1] "
            "(`{relu = true}` in attr-dict) is the form the bindings accept. Attribute "
            "names come from the PR's review; formats are reconstructed from tests."
        ),
    ),
    OpFacts(
        name="nvgpu.truncf",
        summary="Narrow floats, including to fp8/fp6/fp4 and e8m0, with rounding/saturation control.",
        explanation=(
            "Converts a float scalar or vector to a strictly narrower float type element-wise "
            "(16-, 32- or 64-bit sources). By default it rounds to nearest and saturates to "
            "the largest finite value (sat = satfinite) instead of producing Inf/NaN; set "
            "sat = none to allow overflow, relu = true to clamp negatives to zero. Narrow "
            "targets need rn, except e8m0 targets which need rz or rp; f64 sources need rn. "
            "Stochastic rounding (rnd = rs) is only for f32 -> f16/bf16 and then requires the "
            "i32 random_bits operand, which is rejected with any other mode. Pick the target "
            "architecture accordingly: f32->f16/bf16 packs need sm_80, fp8 sm_89, fp6/fp4/e8m0 "
            "and rs the sm_100a family."
        ),
        operands=(
            OperandFact(name="in", kind="float", doc="float scalar or vector of floats (FloatLike, non-0-D)"),
            OperandFact(name="random_bits", kind="i32", optional=True, doc="entropy for stochastic rounding; only with rnd = rs"),
        ),
        attributes=(
            AttributeFact(
                name="rnd",
                kind="enum",
                enum=_FP_RND_MODES,
                enum_attr="#nvvm.fp_rnd_mode",
                default="rn",
                doc="rounding mode",
            ),
            AttributeFact(
                name="sat",
                kind="enum",
                enum=_SAT_MODES,
                enum_attr="#nvvm.sat_mode",
                default="satfinite",
                doc="saturation; only none and satfinite are accepted (newer NVVM also spells `sat`, which is rejected)",
            ),
            AttributeFact(name="relu", kind="bool", default="false", doc="clamp negative results to zero"),
        ),
        results=(ResultFact(name="out", kind="float", doc="narrower float type, same shape as `in`"),),
        formats=(
            "$in (`,` $random_bits^)? prop-dict attr-dict `:` type($in) `to` type($out)",
            "$in (`,` $random_bits^)? attr-dict `:` type($in) `to` type($out)",
        ),
        requirement=Requirement(
            sm="sm_80",
            ptx="8.1",
            note=(
                "Floor for the default f32->f16/bf16 path, which emits cvt.rn.satfinite."
                "f16x2.f32: ptxas 13.0 says '.satfinite on cvt.f16x2.f32 requires PTX 8.1' "
                "(PTX 7.0 with sat = none). fp8 targets need sm_89 / PTX 8.1 (sm_90: PTX "
                "7.8); fp6/fp4/ue8m0 targets are a family feature of sm_100f/sm_110f/sm_120f "
                "/ PTX 8.6 (not plain sm_100); rnd = rs only sm_100a or sm_103a / PTX 8.7 "
                "(ptxas rejects it on sm_100f); f64 -> f32/f16/bf16 is llvm.fptrunc. "
                "requirement_forms refine it by types, rnd and sat."
            ),
        ),
        requirement_forms=_TRUNCF_FORMS,
        lowers_to=TRUNCF_LOWERS_TO,
        ptx=(
            "cvt.rn.satfinite.f16x2.f32 d, a, b;",
            "cvt.rn.satfinite.e4m3x2.f32 d, a, b;",
            "cvt.rn.satfinite.e2m3x2.f32 d, a, b;",
            "cvt.rn.satfinite.e2m1x2.f32 d, a, b;",
            "cvt.rz.satfinite.ue8m0x2.f32 d, a, b;",
            "cvt.rs.f16x2.f32 d, a, b, rbits;",
        ),
        traits=("Pure",),
        note=(
            "Added by llvm-project PR #199700: ODS arguments (FloatLike:$in, "
            "DefaultValuedAttr<FPRoundingModeAttr, RN>:$rnd, DefaultValuedAttr<satfinite "
            "or none, SATFINITE>:$sat, DefaultValuedAttr<BoolAttr, false>:$relu, "
            "Optional<I32>:$random_bits), result FloatLike:$out, and formats[1] are from the "
            "PR. formats[0] adds prop-dict, as the newest tests write `<{rnd = ...}>`; it is "
            "reconstructed."
        ),
    ),
    # Pre-merge spellings of extf/truncf (PR #199700 review iterations).
    OpFacts(
        name="nvgpu.convert.fpext",
        summary="Pre-merge name of nvgpu.extf (float widening with packed narrow-float converters).",
        explanation=(
            "Same semantics as nvgpu.extf, under the name the op had while llvm-project PR "
            "#199700 was under review; it also accepted tensors (ranked, non-0-D, same "
            "container kind for input and result). No released tool parses it: prefer "
            "nvgpu.extf. Narrow sources go through packed cvt instructions (fp8 from sm_89, "
            "fp6/fp4/e8m0 from the sm_100a family); e8m0 only widens to bf16/f32; only rn "
            "rounding; no relu for bf16 results."
        ),
        operands=(OperandFact(name="in", kind="float", doc="float scalar, vector or ranked tensor of floats"),),
        attributes=(
            AttributeFact(name="rnd", kind="enum", enum=_FP_RND_MODES, enum_attr="#nvvm.fp_rnd_mode", default="rn", doc="only rn accepted"),
            AttributeFact(name="relu", kind="bool", default="false", doc="clamp negatives to zero; not for bf16 results"),
        ),
        results=(ResultFact(name="out", kind="float", doc="wider float, same shape/container"),),
        formats=("$in attr-dict `:` type($in) `to` type($out)",),
        requirement=Requirement(
            sm="sm_89",
            ptx="8.1",
            note="As nvgpu.extf: fp8 sm_89 / PTX 8.1 (sm_90: 7.8); fp6/fp4/e8m0 the sm_100f/110f/120f families / PTX 8.6 (ptxas 13.0).",
            also=(("sm_90", "7.8"),),
        ),
        requirement_forms=_EXTF_FORMS,
        lowers_to=EXTF_LOWERS_TO,
        ptx=("cvt.rn.f16x2.e4m3x2 d, a;", "cvt.rn.f16x2.e2m1x2 d, a;"),
        upstream=False,
        traits=("Pure",),
        note=(
            "Branch-only: the name used in PR #199700 before it was renamed to extf at "
            "merge (lowering_patterns.md: patterns only in branch versions of "
            "NVGPUToNVVM.cpp). Syntax and messages from upstream's nvgpu-convert-fpext*.mlir; "
            "operand/attribute names assumed equal to nvgpu.extf."
        ),
    ),
    OpFacts(
        name="nvgpu.convert.fptrunc",
        summary="Pre-merge name of nvgpu.truncf (float narrowing with rounding/saturation).",
        explanation=(
            "Same semantics as nvgpu.truncf, under the name used while llvm-project PR "
            "#199700 was under review; it also accepted ranked tensors and had a "
            "packed_kind attribute choosing how sub-byte results are packed into bytes. No "
            "released tool parses it: prefer nvgpu.truncf. Defaults: rn rounding, satfinite "
            "saturation; rs needs random_bits and f32 -> f16/bf16; e8m0 targets need rz/rp."
        ),
        operands=(
            OperandFact(name="in", kind="float", doc="float scalar, vector or ranked tensor of floats"),
            OperandFact(name="random_bits", kind="i32", optional=True, doc="entropy for rnd = rs"),
        ),
        attributes=(
            AttributeFact(name="rnd", kind="enum", enum=_FP_RND_MODES, enum_attr="#nvvm.fp_rnd_mode", default="rn", doc="rounding mode"),
            AttributeFact(name="sat", kind="enum", enum=_SAT_MODES, enum_attr="#nvvm.sat_mode", default="satfinite", doc="saturation"),
            AttributeFact(name="relu", kind="bool", default="false", doc="clamp negatives to zero"),
            AttributeFact(
                name="packed_kind",
                kind="enum",
                enum=SUBBYTE_PACKINGS,
                enum_attr="#nvgpu.subbytes_packedkind",
                optional=True,
                doc="layout of sub-byte results: compact (the float type), or one byte per code (i8 results)",
            ),
        ),
        results=(ResultFact(name="out", kind="any", doc="narrower float (or i8 vector with packed_kind), same shape"),),
        formats=("$in (`,` $random_bits^)? attr-dict `:` type($in) `to` type($out)",),
        requirement=Requirement(sm="sm_80", ptx="8.1", note="As nvgpu.truncf (default satfinite f32->f16 needs PTX 8.1; ptxas 13.0)."),
        requirement_forms=_TRUNCF_FORMS,
        lowers_to=TRUNCF_LOWERS_TO,
        ptx=("cvt.rn.satfinite.f16x2.f32 d, a, b;", "cvt.rn.satfinite.e4m3x2.f32 d, a, b;"),
        upstream=False,
        traits=("Pure",),
        note=(
            "Branch-only pre-merge name (see nvgpu.convert.fpext). Syntax from upstream's "
            "nvgpu-convert-fptrunc*.mlir; packed_kind seen once as "
            "#nvgpu.subbytes_packedkind<u6_unpack_u8_e2m3> with an i8 result vector, which "
            "is why the result kind is `any`."
        ),
    ),
    OpFacts(
        name="nvgpu.convert.float",
        summary="Earliest pre-merge form: one any-to-any float conversion op (widening or narrowing).",
        explanation=(
            "An earlier iteration of PR #199700 had a single op converting between any two "
            "float types, dispatching to the same packed cvt paths as nvgpu.extf (wider "
            "result) or nvgpu.truncf (narrower result). It exists only in upstream's "
            "*-large.mlir smoke tests; no released tool parses it. Use nvgpu.extf or "
            "nvgpu.truncf instead; the same architecture rules apply per direction."
        ),
        operands=(OperandFact(name="in", kind="float", doc="float scalar or vector"),),
        attributes=(
            AttributeFact(name="rnd", kind="enum", enum=_FP_RND_MODES, enum_attr="#nvvm.fp_rnd_mode", default="rn", optional=True, doc="assumed, as in truncf"),
            AttributeFact(name="sat", kind="enum", enum=_SAT_MODES, enum_attr="#nvvm.sat_mode", default="satfinite", optional=True, doc="assumed, as in truncf"),
            AttributeFact(name="relu", kind="bool", default="false", optional=True, doc="assumed, as in truncf"),
        ),
        results=(ResultFact(name="out", kind="float", doc="converted value, same shape"),),
        formats=("$in attr-dict `:` type($in) `to` type($out)",),
        requirement=Requirement(
            sm="sm_80",
            ptx="8.1",
            note="Lowest of its two directions (narrowing f32->f16 with satfinite: sm_80 / PTX 8.1); widening from fp8 needs sm_89 / PTX 8.1.",
        ),
        requirement_forms=_TRUNCF_FORMS + _EXTF_FORMS,
        lowers_to=EXTF_LOWERS_TO + TRUNCF_LOWERS_TO,
        ptx=("cvt.rn.f16x2.e4m3x2 d, a;", "cvt.rn.satfinite.f16x2.f32 d, a, b;"),
        upstream=False,
        traits=("Pure",),
        note=(
            "Branch-only. Seen only without attributes in nvgpu-convert-fpext-large.mlir and "
            "nvgpu-convert-fptrunc-large.mlir; its attribute list is an assumption."
        ),
    ),
    # --- beyond today's upstream (nvgpu-ls designs) -----------------------------------
    OpFacts(
        name="nvgpu.tma.async.reduce",
        summary="TMA: asynchronously reduce a shared-memory tile into a global tensor (add/min/max/...).",
        explanation=(
            "Like nvgpu.tma.async.store, but instead of overwriting, the Tensor Memory "
            "Accelerator combines each element of the shared-memory tile with the global "
            "element at the box `coordinates` using `kind` (add, min, max, inc, dec, and, or, "
            "xor), atomically per element. Use it for split-K accumulation or scatter-add "
            "epilogues without a read-modify-write loop. Issue it from one thread after a "
            "proxy fence, track completion with bulk groups (commit/wait) like a TMA store, "
            "and check the element type supports the kind (e.g. bitwise kinds need integer "
            "types, inc/dec unsigned 32-bit)."
        ),
        operands=(
            OperandFact(name="src", kind="memref", doc="shared-memory source tile"),
            OperandFact(name="tensorMapDescriptor", kind=TENSORMAP_DESC, doc="the tensor map"),
            OperandFact(name="coordinates", kind="index", variadic=True, doc="tile origin, 1 to 5 values"),
            OperandFact(name="l2CacheHint", kind="i64", optional=True, builds="i64",
                        doc="L2 cache policy (a 64-bit createpolicy value): the .L2::cache_hint form"),
            OperandFact(name="predicate", kind="i1", optional=True, builds="i1", doc="issue only where true"),
        ),
        attributes=(
            AttributeFact(
                name="kind",
                kind="enum",
                enum=("add", "min", "max", "inc", "dec", "and", "or", "xor"),
                enum_attr="#nvgpu.tma_reduce_kind",
                doc="reduction applied element-wise; printed bare",
            ),
        ),
        formats=(
            "$src `to` $tensorMapDescriptor `[` $coordinates `]` `kind` `=` $kind (`l2_cache_hint` `=` $l2CacheHint^)? (`,` `predicate` `=` $predicate^)? attr-dict `:` type($src) `->` type($tensorMapDescriptor)",
        ),
        requirement=Requirement(sm="sm_90", ptx="8.0", note="cp.reduce.async.bulk.tensor (.tile, .bulk_group): sm_90 / PTX 8.0 (ptxas 13.0)."),
        lowers_to=("llvm.inline_asm",),
        ptx=("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [tmap, {c0, c1}], [src];",),
        upstream=False,
        traits=("AttrSizedOperandSegments", "MemRead(src)", "MemWrite(tensorMapDescriptor)"),
        note=(
            "nvgpu-ls design modelled on nvgpu.tma.async.store plus a keyword clause in the "
            "newest upstream style (`kind = add`), and the specification's l2CacheHint written as "
            "NVVM's bulk copies write theirs (`l2_cache_hint = %policy`). The kind enum is the project's "
            "#nvgpu.tma_reduce_kind (bare keywords, like rcp's rounding) mirroring "
            "#nvvm.tma_redux_kind. Apply the same descriptor/tile verification as the store."
        ),
    ),
    OpFacts(
        name="nvgpu.mbarrier.inval",
        summary="Invalidate an mbarrier so its 8 bytes of shared memory can be reused.",
        explanation=(
            "Ends the life of barrier `mbarId`: afterwards the memory may be reused for other "
            "data or re-initialised with nvgpu.mbarrier.init. Call it once, from one thread, "
            "only when no thread will touch the barrier again and no arrival or TMA "
            "transaction on it is still pending (typically after a final wait and a CTA "
            "barrier). Skipping it is harmless if the memory is never repurposed; reusing "
            "the memory without it is undefined."
        ),
        operands=(
            OperandFact(name="barriers", kind=MBARRIER_GROUP, doc="the group"),
            OperandFact(name="mbarId", kind="index", doc="which barrier of the group"),
        ),
        formats=("$barriers `[` $mbarId `]` attr-dict `:` type($barriers)",),
        requirement=Requirement(sm="sm_80", ptx="7.0", note="mbarrier.inval: sm_80 / PTX 7.0 (ptxas 13.0)."),
        lowers_to=("nvvm.mbarrier.inval", "llvm.getelementptr"),
        ptx=("mbarrier.inval.shared.b64 [addr];",),
        upstream=False,
        note="nvgpu-ls design: same shape as nvgpu.mbarrier.arrive without a result.",
    ),
    OpFacts(
        name="nvgpu.stmatrix",
        summary="Warp-cooperative store of 8x8 matrix tiles from registers to shared memory (inverse of ldmatrix).",
        explanation=(
            "All 32 threads of a warp together store one, two or four 8x8 tiles of 16-bit "
            "elements (numTiles) from their mma-layout register fragments into shared "
            "memory; each thread supplies the address of one row. It is the fast way to "
            "write an nvgpu.mma.sync result tile back to shared memory (e.g. before a TMA "
            "store), and transpose = true stores each tile transposed. The source vector is "
            "vector<numTiles x 2 x T> for 16-bit T, the destination must be shared memory, "
            "and all lanes must execute it with valid, 16-byte aligned row addresses."
        ),
        operands=(
            OperandFact(name="source", kind="vector", doc="vector<numTiles x 2 x T>, 16-bit T"),
            OperandFact(name="dstMemref", kind="memref", doc="shared-memory destination"),
            OperandFact(name="indices", kind="index", variadic=True, doc="one index per dstMemref dimension: this thread's row start"),
        ),
        attributes=(
            AttributeFact(name="numTiles", kind="i32", doc="1, 2 or 4 (.x1/.x2/.x4); equals source dim 0"),
            AttributeFact(name="transpose", kind="bool", doc="store each tile transposed (.trans)"),
        ),
        formats=(
            "$source `,` $dstMemref `[` $indices `]` `numTiles` `=` $numTiles `transpose` `=` $transpose attr-dict `:` type($source) `->` type($dstMemref)",
            "$source `,` $dstMemref `[` $indices `]` attr-dict `:` type($source) `->` type($dstMemref)",
        ),
        requirement=Requirement(sm="sm_90", ptx="7.8", note="stmatrix: sm_90 / PTX 7.8 (ptxas 13.0; rejected on sm_89 and PTX 7.7)."),
        lowers_to=("nvvm.stmatrix", "llvm.getelementptr", "llvm.extractvalue", "llvm.bitcast"),
        ptx=(
            "stmatrix.sync.aligned.m8n8.x4.shared.b16 [addr], {r0, r1, r2, r3};",
            "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [addr], {r0, r1};",
        ),
        upstream=False,
        traits=("MemWrite(dstMemref)",),
        note=(
            "nvgpu-ls design mirroring nvgpu.ldmatrix: both eras are provided (keyword "
            "clauses `numTiles = 4 transpose = false` newest, attribute dictionary "
            "`{numTiles = 4 : i32, transpose = false}` older); verify like ldmatrix with "
            "16-bit elements only."
        ),
    ),
    OpFacts(
        name="nvgpu.tensormap.replace",
        summary="Overwrite one field of a 128-byte tensor map held in global or shared memory.",
        explanation=(
            "Edits a copy of a TMA tensor map in place, one field at a time (base address, "
            "rank, box/global dimension or stride [ord], element type, interleave, swizzle, "
            "fill mode), so a kernel can retarget TMA to a different tensor without a host "
            "round trip. Work on a copy in shared memory (memref<128xi8, workgroup>, "
            "128-byte aligned) or writable global memory - never the kernel-parameter "
            "original - then publish it with nvgpu.tensormap.cp_fenceproxy and have "
            "consumers run nvgpu.tma.fence.descriptor before using it. ord must be a "
            "constant and is required exactly for box_dim, global_dim, global_stride and "
            "element_stride; for elemtype, interleave_layout, swizzle_mode, "
            "swizzle_atomicity and fill_mode the new value must be a constant too. "
            "Arch-specific: sm_90a / sm_100a only."
        ),
        operands=(
            OperandFact(name="tensorMap", kind="memref", doc="128-byte tensor-map copy in global or workgroup memory"),
            OperandFact(name="newValue", kind="integer", doc="i32, or i64 for global_address/global_stride"),
        ),
        attributes=(
            AttributeFact(
                name="field",
                kind="enum",
                enum=(
                    "global_address",
                    "rank",
                    "box_dim",
                    "global_dim",
                    "global_stride",
                    "element_stride",
                    "elemtype",
                    "interleave_layout",
                    "swizzle_mode",
                    "swizzle_atomicity",
                    "fill_mode",
                ),
                enum_attr="#nvgpu.tensormap_field",
                doc="field to overwrite; printed bare",
            ),
            AttributeFact(name="ord", kind="i32", optional=True, doc="dimension ordinal, for the per-dimension fields only"),
        ),
        formats=(
            "$tensorMap `,` $field (`[` $ord^ `]`)? `=` $newValue attr-dict `:` type($tensorMap) `,` type($newValue)",
        ),
        requirement=Requirement(
            sm="sm_90a",
            ptx="8.3",
            note=(
                "tensormap.replace: sm_90a / PTX 8.3, and a family feature of sm_100f, "
                "sm_110f and sm_120f (ptxas 13.0: 'not supported on .target' sm_90, sm_100, "
                "sm_103, sm_110, sm_120; accepted on sm_100a/f, sm_103a/f, sm_110a/f, "
                "sm_120a/f, sm_121a). ptxas also requires ord and the field3 values to be "
                "immediates; the swizzle_atomicity field is rejected on sm_90a (see "
                "requirement_forms)."
            ),
            also=(("sm_100f", "8.6"), ("sm_110f", "9.0"), ("sm_120f", "8.7")),
        ),
        requirement_forms=_TENSORMAP_REPLACE_FORMS,
        lowers_to=("nvvm.tensormap.replace",),
        ptx=(
            "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [addr], new_val;",
            "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [addr], ord, new_val;",
            "tensormap.replace.tile.swizzle_mode.global.b1024.b32 [addr], imm;",
        ),
        upstream=False,
        traits=("MemWrite(tensorMap)",),
        note=(
            "nvgpu-ls design modelled on PTX tensormap.replace: reads as a field "
            "assignment, e.g. `nvgpu.tensormap.replace %map, box_dim[1] = %v : "
            "memref<128xi8, #gpu.address_space<workgroup>>, i32`. Lowers to "
            "nvvm.tensormap.replace (LLVM 22). Field codes for swizzle_mode / interleave_layout / fill_mode use "
            "the numeric values of #nvgpu.swizzle / #nvgpu.interleave / #nvgpu.oob."
        ),
    ),
    OpFacts(
        name="nvgpu.tensormap.create.descriptor",
        summary="Copy a tensor map from its global descriptor into shared memory, to edit it there.",
        explanation=(
            "The first step of retargeting TMA on the device: copies the 128 bytes of the tensor map "
            "a descriptor points at (a kernel parameter or a global copy) into a 128-byte, 128-byte "
            "aligned buffer in the CTA's shared memory (memref<128xi8, workgroup>), where "
            "nvgpu.tensormap.replace edits it field by field before nvgpu.tensormap.cp_fenceproxy "
            "publishes it. Every thread that runs it copies the whole map (eight 16-byte loads and "
            "stores): run it from one thread, then a barrier before the others edit or read the copy."
        ),
        operands=(
            OperandFact(name="tensorMapDescriptor", kind=TENSORMAP_DESC, doc="the tensor map to copy"),
            OperandFact(name="dst", kind="memref", doc="128-byte buffer in workgroup memory that receives it"),
        ),
        formats=(
            "$tensorMapDescriptor `to` $dst attr-dict `:` type($tensorMapDescriptor) `->` type($dst)",
        ),
        lowers_to=("llvm.load", "llvm.store", "llvm.getelementptr"),
        ptx=("ld.global.v4.b32 {r0, r1, r2, r3}, [src];", "st.shared.v4.b32 [dst], {r0, r1, r2, r3};"),
        upstream=False,
        traits=("MemRead(tensorMapDescriptor)", "MemWrite(dst)"),
        note=(
            "nvgpu-ls design for the specification's tensormap.create.descriptor (global -> shared "
            "copy), shaped like nvgpu.tensormap.cp_fenceproxy (`src to dst`), e.g. "
            "`nvgpu.tensormap.create.descriptor %desc to %copy : !desc -> memref<128xi8, 3>`. "
            "Plain loads and stores: no target requirement of its own (the maps it copies exist "
            "from sm_90)."
        ),
    ),
    OpFacts(
        name="nvgpu.tensormap.cp_fenceproxy",
        summary="Copy a modified tensor map from shared to global memory with a release fence for TMA.",
        explanation=(
            "Publishes a tensor map edited in shared memory (nvgpu.tensormap.replace): the "
            "whole warp cooperatively copies the 128 bytes to the global descriptor and "
            "performs a release fence between the generic and tensormap proxies at `scope`. "
            "Threads that then use the descriptor for TMA must first run "
            "nvgpu.tma.fence.descriptor (the matching acquire). All 32 lanes must execute "
            "it (.sync.aligned). The destination must be in writable global memory (e.g. a "
            "descriptor from nvgpu.tma.create.descriptor), not a kernel parameter; choose "
            "`gpu` scope unless the consumer is known to be narrower."
        ),
        operands=(
            OperandFact(name="src", kind="memref", doc="128-byte tensor-map copy in workgroup memory"),
            OperandFact(name="dst", kind=TENSORMAP_DESC, doc="descriptor in global memory to overwrite"),
        ),
        attributes=(
            AttributeFact(
                name="scope",
                kind="enum",
                enum=("cta", "cluster", "gpu", "sys"),
                enum_attr="#nvgpu.fence_scope",
                doc="release scope; printed bare",
            ),
        ),
        formats=(
            "$src `to` $dst `scope` `=` $scope attr-dict `:` type($src) `->` type($dst)",
        ),
        requirement=Requirement(
            sm="sm_90",
            ptx="8.3",
            note="tensormap.cp_fenceproxy: sm_90 / PTX 8.3 (ptxas 13.0; unlike tensormap.replace it is not arch-specific).",
        ),
        lowers_to=("llvm.inline_asm",),
        ptx=("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [dst], [src], 128;",),
        upstream=False,
        traits=("MemRead(src)", "MemWrite(dst)"),
        note=(
            "nvgpu-ls design modelled on PTX tensormap.cp_fenceproxy and on "
            "nvgpu.tma.async.store's `src to dst` shape, e.g. `nvgpu.tensormap.cp_fenceproxy "
            "%smem to %desc scope = gpu : memref<128xi8, 3> -> !desc`. Scope enum is the "
            "project's #nvgpu.fence_scope (mirrors #nvvm.mem_scope). No NVVM op exists."
        ),
    ),
    OpFacts(
        name="nvgpu.fma",
        summary="Packed fused multiply-add on vector<2xf32> (one fma.rn.f32x2 instruction).",
        explanation=(
            "Computes a*b + c for both lanes of a vector<2xf32> with a single rounding, "
            "using Blackwell's packed f32x2 FMA, which doubles f32 FMA throughput on the "
            "CUDA cores (useful in attention/softmax epilogues). Rounding defaults to "
            "round-to-nearest-even; rn, rz, rm and rp are available, `ftz` flushes denormals. "
            "Only vector<2xf32> is accepted; wider vectors must be split into pairs. Needs "
            "sm_100 or newer (not sm_90)."
        ),
        operands=(
            OperandFact(name="a", kind="vector", doc="vector<2xf32>"),
            OperandFact(name="b", kind="vector", doc="vector<2xf32>"),
            OperandFact(name="c", kind="vector", doc="vector<2xf32> addend"),
        ),
        attributes=(
            AttributeFact(
                name="rnd",
                kind="enum",
                enum=("rn", "rz", "rm", "rp"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="rn",
                doc="rounding mode (a PTX rounding modifier is mandatory for f32x2)",
            ),
            AttributeFact(name="ftz", kind="unit", optional=True, doc="flush denormals to zero"),
        ),
        results=(ResultFact(name="result", kind="vector", doc="vector<2xf32>"),),
        formats=(
            "$a `,` $b `,` $c prop-dict attr-dict `:` type($result)",
            "$a `,` $b `,` $c attr-dict `:` type($result)",
        ),
        requirement=Requirement(
            sm="sm_100",
            ptx="8.6",
            note="fma.rn.f32x2: sm_100 / PTX 8.6 (ptxas 13.0: rejected on sm_90/sm_90a and PTX 8.5; accepted on sm_100, sm_103, sm_120).",
        ),
        lowers_to=("llvm.intr.fma", "llvm.inline_asm"),
        ptx=("fma.rn.f32x2 d, a, b, c;", "fma.rz.ftz.f32x2 d, a, b, c;"),
        upstream=False,
        traits=("Pure", "SameOperandsAndResultType"),
        note=(
            "nvgpu-ls design in the style of upstream nvgpu.truncf (NVVM rounding enum in "
            "the property dictionary, `<{rnd = #nvvm.fp_rnd_mode<rz>}>`, or attr-dict in the "
            "older form) with math.fma's operand names. LLVM 22 has no NVVM op for packed "
            "f32x2; lower rn without ftz to llvm.intr.fma on vector<2xf32> (NVPTX selects "
            "fma.rn.f32x2 on sm_100+, to be confirmed) and other modes to inline asm."
        ),
    ),
    OpFacts(
        name="nvgpu.mul",
        summary="Packed multiply on vector<2xf32> (one mul.rn.f32x2 instruction).",
        explanation=(
            "Multiplies both lanes of two vector<2xf32> values with one Blackwell packed "
            "instruction, doubling f32 multiply throughput. Rounding defaults to "
            "round-to-nearest-even (rn, rz, rm, rp available) and the result is never "
            "contracted into an FMA, unlike arith.mulf which the compiler may fuse. `ftz` "
            "flushes denormals; saturation is not available. Only vector<2xf32>; needs "
            "sm_100 or newer."
        ),
        operands=(
            OperandFact(name="lhs", kind="vector", doc="vector<2xf32>"),
            OperandFact(name="rhs", kind="vector", doc="vector<2xf32>"),
        ),
        attributes=(
            AttributeFact(
                name="rnd",
                kind="enum",
                enum=("rn", "rz", "rm", "rp"),
                enum_attr="#nvvm.fp_rnd_mode",
                default="rn",
                doc="rounding mode",
            ),
            AttributeFact(name="ftz", kind="unit", optional=True, doc="flush denormals to zero"),
        ),
        results=(ResultFact(name="result", kind="vector", doc="vector<2xf32>"),),
        formats=(
            "$lhs `,` $rhs prop-dict attr-dict `:` type($result)",
            "$lhs `,` $rhs attr-dict `:` type($result)",
        ),
        requirement=Requirement(
            sm="sm_100",
            ptx="8.6",
            note="mul.rn.f32x2: sm_100 / PTX 8.6 (ptxas 13.0: rejected on sm_90a; .sat is illegal).",
        ),
        lowers_to=("llvm.fmul", "llvm.inline_asm"),
        ptx=("mul.rn.f32x2 d, a, b;", "mul.rp.ftz.f32x2 d, a, b;"),
        upstream=False,
        traits=("Pure", "SameOperandsAndResultType"),
        note=(
            "nvgpu-ls design in the style of upstream nvgpu.truncf with arith.mulf's operand "
            "names; see nvgpu.fma for the lowering caveat (llvm.fmul for rn without ftz, "
            "inline asm otherwise)."
        ),
    ),
)


NVGPU_OPS: dict[str, OpFacts] = {
    **{name: GENERATED_OPS[name] for name in GENERATED_OPS if name.startswith("nvgpu.")},
    **{op.name: op for op in _OP_LIST},
}
"""Every nvgpu op: upstream's (LLVM 22's structure with the project's words, ``overlay.nvgpu``), then
the ops of later eras and the project's designs below."""
NVGPU_TYPES: dict[str, TypeFacts] = {ty.name: ty for ty in _TYPE_LIST}
NVGPU_ENUMS: dict[str, EnumFacts] = {en.name: en for en in _ENUM_LIST}

__all__ = ["NVGPU_OPS", "NVGPU_TYPES", "NVGPU_ENUMS"]
