"""Completion candidates for types, type parameters, enum attributes, memory spaces and
GPU targets (``#nvvm.target<chip = "...", features = "...">``)."""

from __future__ import annotations

from functools import lru_cache

from lsprotocol import types as lsp

from ..analysis.values import FLOAT_WIDTHS
from ..dialects import NVGPU_ENUMS, NVGPU_OPS, NVGPU_TYPES, enum_attributes
from ..analysis.facts import TypeParamFact
from ..target import CHIP_PTX, KNOWN_CHIPS, Target, chip_order, format_ptx, parse_chip, parse_ptx, satisfies
from .completion_site import Candidate

K = lsp.CompletionItemKind

_INTEGERS = ("i1", "i8", "i16", "i32", "i64")
_COMMON_FLOATS = ("f16", "bf16", "f32", "f64", "tf32")
CONTAINERS = {
    "memref": "memref<16x16xf16, #gpu.address_space<workgroup>>: a buffer (shape x element, memory space)",
    "vector": "vector<4x2xf16>: a register vector",
    "tensor": "tensor<16x16xf16>: a value-semantics tensor",
    "complex": "complex<f32>",
    "tuple": "tuple<i32, f32>",
}
MEMORY_SPACES = (
    ("#gpu.address_space<workgroup>", "shared memory of the CTA (NVVM address space 3)"),
    ("#gpu.address_space<global>", "global memory (NVVM address space 1)"),
    ("#gpu.address_space<private>", "thread-private memory (NVVM address space 5)"),
    ("3", "shared memory as an integer memory space (NVVM's .shared)"),
    ("1", "global memory as an integer memory space"),
)
GPU_ADDRESS_SPACES = (("workgroup", "shared memory of the CTA"), ("global", "global memory"),
                      ("private", "thread-private memory"))
NVVM_TARGET_PARAMS = (
    ("chip", 'chip = "', 'the GPU, e.g. "sm_90a"'),
    ("features", 'features = "', 'LLVM features; "+ptx80" raises the PTX ISA to 8.0'),
    ("O", "O = ", "optimisation level 0-3 (default 2)"),
    ("triple", 'triple = "', 'target triple (default "nvptx64-nvidia-cuda")'),
    ("flags", "flags = ", "a dictionary of target flags"),
    ("link", "link = ", "an array of bitcode files to link"),
)
OTHER_DIALECT_TYPES = (
    ("!llvm.ptr", "!llvm.ptr", "an LLVM pointer (generic address space 0)"),
    ("!llvm.ptr<3>", "!llvm.ptr<3>", "an LLVM pointer into shared memory"),
    ("!llvm.struct", "!llvm.struct<(", "an LLVM struct, e.g. !llvm.struct<(i32, f32)>"),
    ("!llvm.array", "!llvm.array<", "an LLVM array, e.g. !llvm.array<4 x i32>"),
    ("!gpu.async.token", "!gpu.async.token", "token of an asynchronous gpu op"),
)
_NVGPU_TYPE_INSERT = {
    "nvgpu.mbarrier.group": "!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>",
}


def _first_sentence(text: str) -> str:
    return text.split(". ", 1)[0].rstrip(".")


def _md_list(rows: list[tuple[str, str]]) -> str:
    return "\n".join(f"- `{name}`: {doc}" if doc else f"- `{name}`" for name, doc in rows)


# ---------------------------------------------------------------- types
def scalar_types() -> list[Candidate]:
    """``index``, integers and floats, common ones first."""
    rest = [f for f in FLOAT_WIDTHS if f not in _COMMON_FLOATS]
    names = ["index", *_INTEGERS, *_COMMON_FLOATS, *rest]
    return [Candidate(name, K.TypeParameter, "builtin type") for name in names]


def container_types() -> list[Candidate]:
    return [Candidate(name, K.Struct, doc.split(":", 1)[0], doc, insert=name + "<") for name, doc in CONTAINERS.items()]


def dialect_types() -> list[Candidate]:
    """The nvgpu types (with their parameters) and the few other dialect types nvgpu code uses."""
    found = []
    for name, facts in NVGPU_TYPES.items():
        params = ", ".join(f"{p.name} = {_param_placeholder(p)}" for p in facts.params)
        spelled = f"!{name}<{params}>" if params else f"!{name}"
        insert = _NVGPU_TYPE_INSERT.get(name, f"!{name}<" if facts.params else f"!{name}")
        doc = f"`{spelled}`\n\n{facts.explanation}"
        if facts.params:
            doc += "\n\nParameters:\n" + _md_list([(p.name, p.doc) for p in facts.params])
        found.append(Candidate(f"!{name}", K.Struct, facts.summary, doc, insert=insert))
    found += [Candidate(label, K.Struct, detail, insert=insert, group=1) for label, insert, detail in OTHER_DIALECT_TYPES]
    return found


def _param_placeholder(param: TypeParamFact) -> str:
    if param.enum:
        return "|".join(param.enum)
    return param.default or param.kind


def type_candidates(aliases: list[Candidate]) -> list[Candidate]:
    """Everything that can be written where a type is expected."""
    return [*scalar_types(), *container_types(), *dialect_types(), *aliases]


def element_types(aliases: list[Candidate]) -> list[Candidate]:
    """What may follow the shape of a memref / vector: scalars, ``vector<``, aliases."""
    vector = Candidate("vector", K.Struct, "vector element (memref of vectors)", insert="vector<", group=1)
    return [*scalar_types(), vector, *aliases]


def memory_spaces() -> list[Candidate]:
    found = [Candidate(text, K.EnumMember, doc) for text, doc in MEMORY_SPACES]
    found.append(Candidate("strided", K.Struct, "strided layout, e.g. strided<[64, 1], offset: ?>",
                           insert="strided<[", group=1))
    return found


# ---------------------------------------------------------------- type parameters
def type_params(type_name: str) -> tuple[TypeParamFact, ...]:
    """The parameters of an nvgpu type spelled with or without ``!``."""
    facts = NVGPU_TYPES.get(type_name.lstrip("!"))
    return facts.params if facts is not None else ()


def param_names(params: tuple[TypeParamFact, ...], present: set[str], owner: str = "") -> list[Candidate]:
    found = []
    for param in params:
        if param.name in present:
            continue
        detail = f"{param.kind} parameter" + (f" of {owner}" if owner else "")
        if param.default is not None:
            detail += f" (default {param.default})"
        doc = param.doc + (f"\n\nValues: {', '.join(f'`{v}`' for v in param.enum)}" if param.enum else "")
        found.append(Candidate(param.name, K.Property, detail, doc, insert=f"{param.name} = "))
    return found


def param_values(param: TypeParamFact, aliases: list[Candidate]) -> list[Candidate]:
    """What may follow ``name =`` inside a type's ``<...>``."""
    if param.enum:
        return enum_cases(param.enum, _case_docs(param.enum))
    if param.kind == "memref":
        memref = Candidate("memref", K.Struct, "static tile in shared memory", insert="memref<")
        return [memref, *aliases]
    if param.kind == "vector":
        return [Candidate("vector", K.Struct, "the whole accumulator tile", insert="vector<"), *aliases]
    if param.kind == "attribute":
        return memory_spaces()[:-1]
    return []


def _case_docs(cases: tuple[str, ...]) -> dict[str, str]:
    for enum in NVGPU_ENUMS.values():
        if enum.cases == cases:
            return enum.case_docs
    return {}


# ---------------------------------------------------------------- enums
def enum_cases(cases: tuple[str, ...], docs: dict[str, str] | None = None, spelled: str = "") -> list[Candidate]:
    """Enum cases, bare, or inside ``spelled<...>`` when the attribute is written in full."""
    docs = docs or {}
    return [Candidate(f"{spelled}<{case}>" if spelled else case, K.EnumMember, docs.get(case, ""))
            for case in cases]


def nvgpu_enum_names() -> list[Candidate]:
    """The enum mnemonics allowed in ``#nvgpu<...>``."""
    return [Candidate(name.split(".", 1)[1], K.Enum, _first_sentence(enum.summary), enum.summary,
                      insert=name.split(".", 1)[1] + " ")
            for name, enum in NVGPU_ENUMS.items()]


def nvgpu_enum_cases(mnemonic: str) -> list[Candidate]:
    enum = NVGPU_ENUMS.get(f"nvgpu.{mnemonic}")
    return enum_cases(enum.cases, enum.case_docs) if enum is not None else []


def attribute_prefixes() -> list[Candidate]:
    """Dialect attributes a ``#`` may start: memory spaces, targets, enums."""
    found = [Candidate(text, K.EnumMember, doc) for text, doc in MEMORY_SPACES[:3]]
    found.append(Candidate("#nvvm.target", K.Struct, 'the GPU of a gpu.module: #nvvm.target<chip = "sm_90a">',
                           insert="#nvvm.target<"))
    for name, enum in NVGPU_ENUMS.items():
        mnemonic = name.split(".", 1)[1]
        found.append(Candidate(f"#nvgpu<{mnemonic}>", K.Enum, _first_sentence(enum.summary), enum.summary,
                               insert=f"#nvgpu<{mnemonic} ", group=1))
    for name, cases in sorted(enum_attributes().items()):
        found.append(Candidate(name, K.Enum, ", ".join(cases[:6]) + (", ..." if len(cases) > 6 else ""),
                               insert=name + "<", group=2))
    return found


# ---------------------------------------------------------------- targets
_ANY_PTX = (99, 9)


def _nvgpu_ops_on(chip: str) -> set[str]:
    target = parse_chip(chip)
    assert isinstance(target, Target)
    target = target.with_ptx(_ANY_PTX)
    return {name for name, facts in NVGPU_OPS.items() if satisfies(target, facts.requirement)}


def _base_chip(chip: str) -> str | None:
    """What ``chip`` is compared with: the plain chip of an ``a``/``f`` chip, else the next lower plain one."""
    if chip[-1] in "af":
        return chip[:-1]
    plain = [c for c in sorted(KNOWN_CHIPS, key=chip_order) if c[-1].isdigit()]
    index = plain.index(chip)
    return plain[index - 1] if index > 0 else None


@lru_cache(maxsize=1)
def _chip_rows() -> list[tuple[str, str, str]]:
    rows = []
    for chip in sorted(KNOWN_CHIPS, key=chip_order):
        available = _nvgpu_ops_on(chip)
        base = _base_chip(chip)
        added = sorted(available - _nvgpu_ops_on(base)) if base else []
        detail = f"PTX ISA {format_ptx(CHIP_PTX[chip])} by default"
        if added:
            names = [n.split(".", 1)[1] for n in added]
            shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
            detail += f"; adds {len(added)} nvgpu op{'s' if len(added) > 1 else ''}" \
                      f"{f' over {base}' if base else ''}: {shown}"
        doc = f"**{chip}** ({'architecture-specific' if chip.endswith('a') else 'family' if chip.endswith('f') else 'plain'}" \
              f" target; default PTX ISA {format_ptx(CHIP_PTX[chip])})"
        if chip.endswith("a"):
            doc += "\n\nArchitecture-specific features are not inherited by later architectures."
        if added:
            doc += f"\n\nnvgpu ops available here but not on {base or 'older chips'}:\n" + \
                   "\n".join(f"- `{n}`" for n in added)
        doc += f"\n\n{len(available)} of {len(NVGPU_OPS)} nvgpu ops are available on {chip}."
        rows.append((chip, detail, doc))
    return rows


def chip_candidates(quoted: bool) -> list[Candidate]:
    """Every chip nvgpu-ls knows, lowest first, each saying what it adds."""
    return [Candidate(f'"{chip}"' if quoted else chip, K.Value, detail, doc)
            for chip, detail, doc in _chip_rows()]


@lru_cache(maxsize=1)
def _ptx_rows() -> list[tuple[str, str]]:
    versions = set(CHIP_PTX.values())
    needed: dict[tuple[int, int], list[str]] = {}
    for name, facts in NVGPU_OPS.items():
        if facts.requirement is not None:
            version = parse_ptx(facts.requirement.ptx)
            if version is not None:
                versions.add(version)
                needed.setdefault(version, []).append(name.split(".", 1)[1])
    rows = []
    for version in sorted(versions):
        chips = [c for c, v in CHIP_PTX.items() if v == version]
        detail = f"PTX ISA {format_ptx(version)}"
        if chips:
            detail += f" (default of {', '.join(chips[:3])}{', ...' if len(chips) > 3 else ''})"
        if version in needed:
            ops = needed[version]
            detail += f"; needed by {', '.join(ops[:3])}{', ...' if len(ops) > 3 else ''}"
        rows.append((f"+ptx{version[0]}{version[1]}", detail))
    return rows


def ptx_feature_candidates(quoted: bool) -> list[Candidate]:
    return [Candidate(f'"{name}"' if quoted else name, K.Value, detail) for name, detail in _ptx_rows()]


def target_attributes() -> list[Candidate]:
    """What a gpu.module's target list holds: ``#nvvm.target<chip = "...">``."""
    return [Candidate("#nvvm.target", K.Struct, 'the GPU the module is compiled for', insert='#nvvm.target<chip = "')]


def nvvm_target_params(present: set[str]) -> list[Candidate]:
    return [Candidate(name, K.Property, doc, insert=insert)
            for name, insert, doc in NVVM_TARGET_PARAMS if name not in present]


def address_space_cases() -> list[Candidate]:
    return [Candidate(name, K.EnumMember, doc) for name, doc in GPU_ADDRESS_SPACES]
