"""Hover text for types, memory spaces and enum cases.

A memref says where it lives (shared, global, private memory), its shape, element type
and size in bytes; an nvgpu type spells out each parameter with the facts' words, plus
what the values imply (the TMA box in bytes and whether a row matches the swizzle span,
the barriers' bytes and PTX state space, the accumulator's registers per thread).
"""

from __future__ import annotations

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..analysis.values import (
    Attr, DeviceAsyncTokenType, DialectAttr, FloatType, GPUAddressSpaceAttr, IndexType, IntegerType,
    MBarrierGroupType, MBarrierTokenType, MemRefType, TensorMapDescriptorType, Type, TypeAliasRef, VectorType,
    KeywordAttr, WarpgroupAccumulatorType, WarpgroupDescriptorType, element_bit_width, memory_space_number,
)
from ..dialects import NVGPU_ENUMS, NVGPU_TYPES, enum_attributes
from ..analysis.facts import EnumFacts, TypeFacts
from ..dialects.instance_forms import byte_size, numel
from ..analysis.opview import OpView, attribute_words
from ..dialects.memory_spaces import shared_memory_space

NVVM_SPACES = {0: "generic", 1: "global", 3: "shared", 4: "constant", 5: "local"}
"""NVVM address spaces by number."""

FLOAT_DOCS = {
    "f16": "16-bit IEEE half", "bf16": "16-bit bfloat", "f32": "32-bit IEEE single", "f64": "64-bit IEEE double",
    "tf32": "TensorFloat-32 (19 significant bits, stored in 32)",
    "f8E4M3FN": "8-bit float e4m3 (finite only: no infinities)", "f8E5M2": "8-bit float e5m2",
    "f8E8M0FNU": "8-bit exponent-only scale e8m0 (unsigned, finite)", "f6E2M3FN": "6-bit float e2m3",
    "f6E3M2FN": "6-bit float e3m2", "f4E2M1FN": "4-bit float e2m1",
}

NVVM_ENUM_DOCS: dict[str, dict[str, str]] = {
    "nvvm.fp_rnd_mode": {
        "none": "no rounding modifier", "rn": "round to nearest, ties to even", "rm": "round toward -infinity",
        "rp": "round toward +infinity", "rz": "round toward zero", "rna": "round to nearest, ties away from zero",
        "rs": "stochastic rounding with caller-supplied random bits",
    },
    "nvvm.sat_mode": {
        "none": "no saturation: out-of-range values become Inf or NaN",
        "satfinite": "saturate to the largest finite value (NaN stays NaN)",
    },
}
"""Case docs of the NVVM enums that nvgpu ops reuse (``rnd``, ``sat``)."""


def code(text: object) -> str:
    """``text`` as inline Markdown code (backticks inside are doubled around)."""
    body = str(text)
    fence = "``" if "`" in body else "`"
    return f"{fence}{body}{fence}" if fence == "`" else f"{fence} {body} {fence}"


def expand(doc: Document, offset: int, value: Type | Attr | None) -> Type | Attr | None:
    """``value`` with the aliases of the chunk around ``offset`` expanded."""
    if value is None or not doc.chunks:
        return value
    return OpView(Operation(offset), doc).resolve(value)


# ---------------------------------------------------------------- enums
def enum_facts(enum_attr: str) -> EnumFacts | None:
    """The enum an ``AttributeFact.enum_attr`` names (``#nvgpu.rcp_rounding_mode``)."""
    return NVGPU_ENUMS.get(enum_attr.lstrip("#"))


def case_doc(enum_attr: str, case: str) -> str | None:
    """What one enum case means, from the nvgpu enum facts or the NVVM enums nvgpu reuses."""
    facts = enum_facts(enum_attr)
    if facts is not None:
        return facts.case_docs.get(case)
    return NVVM_ENUM_DOCS.get(enum_attr.lstrip("#"), {}).get(case)


def enum_cases(enum_attr: str, cases: tuple[str, ...], current: str | None) -> list[str]:
    """One bullet per allowed case, the current one in bold."""
    lines = []
    for case in cases:
        doc = case_doc(enum_attr, case)
        name = f"**{code(case)}**" if case == current else code(case)
        lines.append(f"- {name}" + (f": {doc}" if doc else ""))
    return lines


# ---------------------------------------------------------------- memory spaces and scalars
def memory_space_text(space: Attr | None) -> str:
    """Where memory in ``space`` lives, in words."""
    if isinstance(space, GPUAddressSpaceAttr):
        return {"workgroup": "**shared memory** (workgroup; NVVM address space 3)",
                "global": "**global memory** (NVVM address space 1)",
                "private": "**private memory** (per thread; NVVM address space 0)"}.get(space.space, str(space))
    number = memory_space_number(space)
    if space is None:
        return "the default memory space (generic addressing; global memory for kernel arguments)"
    if number is None:
        return f"memory space {code(space)}"
    name = NVVM_SPACES.get(number)
    if number == 3:
        return "**shared memory** (NVVM address space 3)"
    return f"**{name} memory** (NVVM address space {number})" if name else f"NVVM address space {number}"


def scalar_text(t: Type) -> str | None:
    """A scalar type in words: ``32-bit signless integer``, ``16-bit IEEE half``."""
    if isinstance(t, IntegerType):
        kind = {"": "signless", "s": "signed", "u": "unsigned"}[t.signedness]
        return f"{t.width}-bit {kind} integer"
    if isinstance(t, IndexType):
        return "index: a machine-sized integer (64 bits on nvptx64)"
    if isinstance(t, FloatType):
        return FLOAT_DOCS.get(t.name, f"{t.width}-bit float")
    return None


def _shape(shape: tuple) -> str:
    return " x ".join("?" if d is None else str(d) for d in shape) or "scalar (rank 0)"


def _size_text(t: MemRefType | VectorType) -> str:
    count, size = numel(t), byte_size(t)
    if count is None or size is None:
        return "size known only at run time" if count is None else f"{count} elements"
    return f"{count} element{'s' if count != 1 else ''}, {size} bytes"


# ---------------------------------------------------------------- one-line summaries
def type_summary(t: Type | None) -> str | None:
    """One line about a type, for value hovers (None when there is nothing to add)."""
    if isinstance(t, MemRefType):
        return f"{_shape(t.shape)} {t.element} in {memory_space_text(t.memory_space)}; {_size_text(t)}"
    if isinstance(t, VectorType):
        return f"vector of {_shape(t.shape)} {t.element}: {_size_text(t)} (in registers)"
    if isinstance(t, (IntegerType, IndexType, FloatType)):
        return scalar_text(t)
    facts = nvgpu_type_facts(t)
    return facts.summary if facts is not None else None


def nvgpu_type_facts(t: Type | None) -> TypeFacts | None:
    """The facts of an nvgpu type value, None for any other type."""
    names = {DeviceAsyncTokenType: "nvgpu.device.async.token", MBarrierTokenType: "nvgpu.mbarrier.token",
             MBarrierGroupType: "nvgpu.mbarrier.group", TensorMapDescriptorType: "nvgpu.tensormap.descriptor",
             WarpgroupDescriptorType: "nvgpu.warpgroup.descriptor",
             WarpgroupAccumulatorType: "nvgpu.warpgroup.accumulator"}
    name = names.get(type(t))
    return NVGPU_TYPES.get(name) if name else None


# ---------------------------------------------------------------- full descriptions
def describe_type(t: Type | None, written: str = "") -> list[str]:
    """Markdown paragraphs describing ``t`` (already alias-expanded); ``written`` is the
    spelling at the hovered place when it differs (an alias)."""
    if t is None:
        return []
    head = f"```mlir\n{t}\n```"
    lines = [head] if not written or written == str(t) else [f"{code(written)} =", head]
    if isinstance(t, TypeAliasRef):
        return lines + [f"{code(t.name)} is not defined in this file (or this `// -----` section)."]
    if isinstance(t, MemRefType):
        lines.append(f"memref in {memory_space_text(t.memory_space)}")
        element = scalar_text(t.element)
        lines.append(f"- shape {_shape(t.shape)} of {code(t.element)}" + (f" ({element})" if element else "")
                     + f": {_size_text(t)}")
        if t.layout is not None:
            lines.append(f"- layout {code(t.layout)}")
        return lines
    if isinstance(t, VectorType):
        return lines + [f"vector of {_shape(t.shape)} {code(t.element)}: {_size_text(t)}, held in registers"]
    facts = nvgpu_type_facts(t)
    if facts is not None:
        return lines + [f"**{facts.summary}**"] + _nvgpu_params(t, facts) + [
            facts.explanation, f"Lowers to {facts.lowers_to}." if facts.lowers_to else ""]
    scalar = scalar_text(t)
    return lines + ([scalar[0].upper() + scalar[1:] + "."] if scalar else [])


def _param_doc(facts: TypeFacts, name: str) -> str:
    for param in facts.params:
        if param.name == name:
            return param.doc
    return ""


def _nvgpu_params(t: Type, facts: TypeFacts) -> list[str]:
    if isinstance(t, MBarrierGroupType):
        return _mbarrier_group(t, facts)
    if isinstance(t, TensorMapDescriptorType):
        return _tensor_map(t, facts)
    if isinstance(t, WarpgroupDescriptorType):
        tile = t.tensor
        if isinstance(tile, MemRefType):
            return [f"- `tensor` = {code(tile)}: a {_shape(tile.shape)} {tile.element} operand tile "
                    f"({_size_text(tile)}) in {memory_space_text(tile.memory_space)}"]
        return [f"- `tensor` = {code(tile)}: {_param_doc(facts, 'tensor')}"]
    if isinstance(t, WarpgroupAccumulatorType):
        return _accumulator(t, facts)
    return []


def _mbarrier_group(t: MBarrierGroupType, facts: TypeFacts) -> list[str]:
    shared = shared_memory_space(t.memory_space)
    where = memory_space_text(t.memory_space)
    effect = ("the mbarrier ops use the `.shared` PTX forms" if shared else
              "not shared memory: the mbarrier ops use generic addressing and TMA cannot signal these barriers"
              if shared is False else "")
    return [f"- `memorySpace` = {code(t.memory_space)}: {where}" + (f"; {effect}" if effect else ""),
            f"- `num_barriers` = {t.num_barriers}: {t.num_barriers * 8} bytes of barriers (8 bytes each)"]


def _tensor_map(t: TensorMapDescriptorType, facts: TypeFacts) -> list[str]:
    lines = []
    tile = t.tensor
    if isinstance(tile, MemRefType) and tile.shape and None not in tile.shape:
        bits = element_bit_width(tile.element)
        inner = tile.shape[-1]
        row = inner * bits // 8 if bits is not None and inner is not None else None
        lines.append(f"- `tensor` = {code(tile)}: the box (one tile) is {_shape(tile.shape)} {tile.element} = "
                     f"{byte_size(tile)} bytes in {memory_space_text(tile.memory_space)}"
                     + (f"; each innermost row is {tile.shape[-1]} x {bits // 8 if bits >= 8 else bits / 8:g} = "
                        f"{row} bytes" if row is not None and bits is not None else ""))
        lines += _swizzle_fit(t.swizzle, row, tile.rank)
    else:
        lines.append(f"- `tensor` = {code(tile)}: {_param_doc(facts, 'tensor')}")
    for name in ("swizzle", "l2promo", "oob", "interleave"):
        value = getattr(t, name)
        doc = case_doc(f"nvgpu.{name}", value)
        lines.append(f"- `{name}` = {code(value)}" + (f": {doc}" if doc else ""))
    return lines


def _swizzle_fit(swizzle: str, row: int | None, rank: int) -> list[str]:
    if row is None:
        return []
    span = {"swizzle_32b": 32, "swizzle_64b": 64, "swizzle_128b": 128}.get(swizzle)
    if span is not None and rank > 1:
        if row == span:
            return [f"- the {row}-byte row matches the {span}-byte swizzle span"]
        return [f"- the {row}-byte row does not match the {span}-byte swizzle span: with {swizzle} the "
                f"innermost dimension must span exactly {span} bytes"]
    if row % 16:
        return [f"- the {row}-byte row is not a multiple of 16 bytes, which TMA requires"]
    return []


def _accumulator(t: WarpgroupAccumulatorType, facts: TypeFacts) -> list[str]:
    tile = t.fragmented
    if not isinstance(tile, VectorType) or len(tile.shape) != 2:
        return [f"- `fragmented` = {code(tile)}: {_param_doc(facts, 'fragmented')}"]
    rows, cols = tile.shape
    per_thread = rows * cols // 128
    return [f"- `fragmented` = {code(tile)}: an M = {rows} by N = {cols} {tile.element} tile; each of the "
            f"128 threads of the warpgroup holds {per_thread} value{'s' if per_thread != 1 else ''} in registers"
            + (f" ({rows // 64} block{'s' if rows // 64 != 1 else ''} of 64 rows)" if rows % 64 == 0 else "")]


def describe_attr_value(value: Attr | None) -> list[str]:
    """Markdown for an attribute value on its own: memory spaces say where memory lives, an
    enum attribute what its case means and which cases its enum has."""
    if value is None:
        return []
    lines = [f"```mlir\n{attr_text(value)}\n```"]
    if isinstance(value, GPUAddressSpaceAttr):
        lines.append(f"Memory space: {memory_space_text(value)}.")
    return lines + enum_value_lines(value)


def attr_text(value: Attr) -> str:
    """``value`` as written, parameters included (``#nvvm.mma_layout<row>``)."""
    if not isinstance(value, DialectAttr) or value.text or not value.params:
        return str(value)
    return f"#{value.name}<{', '.join(_param_text(p) for p in value.params)}>"


def _param_text(param: object) -> str:
    if isinstance(param, tuple) and len(param) == 2 and param[0] == "seq":
        return " ".join(_param_text(p) for p in param[1])
    if isinstance(param, tuple) and len(param) == 2 and isinstance(param[0], str):
        return f"{param[0]} = {_param_text(param[1])}"
    return param.word if isinstance(param, KeywordAttr) else str(param)


def enum_value_lines(value: Attr) -> list[str]:
    """For an enum attribute standing alone (``#nvgpu<rcp_rounding_mode approx>``,
    ``#nvvm.mma_layout<row>``): its case, the enum it belongs to and every case; [] otherwise."""
    if not isinstance(value, DialectAttr):
        return []
    words = attribute_words(value.params)
    if not words:
        return []
    case, summary = words[-1], ""  # ``enum_case``'s reading
    if value.name == "nvgpu" and len(words) >= 2:
        enum_attr = f"#nvgpu.{words[-2]}"  # ``#nvgpu<mnemonic case>``
        facts = enum_facts(enum_attr)
        cases = facts.cases if facts is not None else None
        summary = facts.summary if facts is not None else ""
    else:
        enum_attr = f"#{value.name}"
        cases = enum_attributes().get(enum_attr)
    if not cases:
        return []
    meaning = case_doc(enum_attr, case)
    lines = [f"{code(case)} — " + (meaning or f"a case of {code(enum_attr)}")]
    if summary:
        lines.append(f"{code(enum_attr)}: {summary}")
    return lines + ["Allowed values:"] + enum_cases(enum_attr, cases, case)
