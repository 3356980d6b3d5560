"""The op facts: one table for every consumer (parser, verifiers, hover, lowering).

``ALL_OPS`` merges the nvgpu table with the facts about the ops that surround nvgpu
code (func, gpu, arith, memref, vector, scf, cf, llvm, nvvm); nvgpu facts win on a
name clash because they are the ones this project exists for.
"""

from __future__ import annotations

from .facts import AttributeFact, EnumFacts, OperandFact, OpFacts, Requirement, ResultFact, TypeFacts
from .nvgpu import NVGPU_ENUMS, NVGPU_OPS, NVGPU_TYPES
from .surrounding import SURROUNDING_OPS

ALL_OPS: dict[str, OpFacts] = {**SURROUNDING_OPS, **NVGPU_OPS}

__all__ = [
    "ALL_OPS", "NVGPU_OPS", "NVGPU_TYPES", "NVGPU_ENUMS", "SURROUNDING_OPS",
    "OpFacts", "OperandFact", "AttributeFact", "ResultFact", "Requirement", "TypeFacts", "EnumFacts",
]
