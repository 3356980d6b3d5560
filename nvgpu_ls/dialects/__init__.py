"""The op facts: one table for every consumer (parser, verifiers, hover, lowering).

``ALL_OPS`` is, first hit wins: the nvgpu table (``nvgpu.py``: both syntax eras and the ops this
project designs beyond upstream), the ops of the era after LLVM 22 (``eras.py``), the reference
toolchain's ``debuginfo.value``, and every op of the fully described dialects generated from
upstream's ODS (``ods``) with the project's own words (``overlay``) merged in.
"""

from __future__ import annotations

from collections import ChainMap
from functools import lru_cache
from typing import Mapping

from .debuginfo import DEBUGINFO_OPS
from .eras import ERA_OPS
from ..analysis.facts import OpFacts
from .nvgpu import NVGPU_ENUMS, NVGPU_OPS, NVGPU_TYPES
from ..analysis.registry import DialectKnowledge, OpRegistry
from .ods import registry
from .overlay import GENERATED_OPS

ALL_OPS: Mapping[str, OpFacts] = ChainMap(NVGPU_OPS, ERA_OPS, DEBUGINFO_OPS, GENERATED_OPS)  # type: ignore[arg-type]
PROJECT_DIALECTS = frozenset({"debuginfo"})
"""Dialects of the reference toolchain this project follows that upstream does not have."""


@lru_cache(maxsize=1)
def default_registry() -> OpRegistry:
    """The registry over every op the project has facts for, and every dialect upstream registers."""
    return OpRegistry(ALL_OPS, dialect_knowledge())


@lru_cache(maxsize=1)
def dialect_knowledge() -> DialectKnowledge:
    """Which dialects the facts describe, which dialects upstream registers, and the op names known
    without a description (other dialects' ops; ops of a described dialect that only the newer
    bindings have), for the parser."""
    ods = registry()
    described = frozenset(name for name in ods.dialects if ods.is_described(name)) | PROJECT_DIALECTS
    names: dict[str, frozenset[str]] = {}
    for dialect, entry in ods.dialects.items():
        if dialect not in described:
            known = ods.known_op_names(dialect)
            if known is not None:
                names[dialect] = known
        elif entry.get("newer_op_names"):
            names[dialect] = frozenset(f"{dialect}.{op}" for op in entry["newer_op_names"])
    enums = {name: ods.enum_cases(name) for name in ods.enums}
    types: dict[str, set[str]] = {name: set(HAND_PARSED_TYPES.get(name, ())) for name in described}
    attrs: dict[str, set[str]] = {name: set() for name in described}
    for table, found in ((ods.typedefs, types), (ods.attrdefs, attrs), (NVGPU_TYPES, types), (NVGPU_ENUMS, attrs)):
        for full in table:
            dialect, _, mnemonic = full.partition(".")
            if dialect in found:
                found[dialect].add(mnemonic)
    return DialectKnowledge(closed=described, known=frozenset(ods.dialects) | PROJECT_DIALECTS, op_names=names,
                            type_mnemonics={d: frozenset(m) for d, m in types.items() if d not in PROJECT_DIALECTS},
                            attr_mnemonics={d: frozenset(m) for d, m in attrs.items() if d not in PROJECT_DIALECTS},
                            enums=enums)


HAND_PARSED_TYPES = {
    "gpu": ("async.token", "mma_matrix", "sparse.dntensor_handle", "sparse.spmat_handle", "sparse.spgemmop_handle"),
    "llvm": ("void", "token", "label", "metadata"),
}
"""Types whose dialect parses them by hand rather than from a TypeDef (so the registry's type
definitions do not list them)."""


@lru_cache(maxsize=1)
def enum_attributes() -> dict[str, tuple[str, ...]]:
    """Every dialect enum attribute outside nvgpu's own the op facts know, with its cases
    (``#nvvm.mma_layout`` → ``row``, ``col``)."""
    found: dict[str, tuple[str, ...]] = {}
    for op in ALL_OPS.values():
        for attr in op.attributes:
            if attr.enum_attr and attr.enum and not attr.enum_attr.startswith("#nvgpu."):
                known = found.get(attr.enum_attr, ())
                found[attr.enum_attr] = known + tuple(c for c in attr.enum if c not in known)
    return found
