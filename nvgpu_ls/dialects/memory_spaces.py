"""Where a memref lives, as upstream's nvgpu verifiers decide it.

One home for ``NVGPUDialect::hasSharedMemoryAddressSpace`` and its helpers, which the
cp.async, ldmatrix, mbarrier, TMA, warpgroup and extension rules all ask.
"""

from __future__ import annotations

import dataclasses

from ..analysis.values import (
    Attr, AttrAliasRef, DialectAttr, GPUAddressSpaceAttr, IntegerAttr, MemRefType, OpaqueAttr,
)
from ..analysis.opview import attribute_words

SHARED_MEMORY_SPACE = 3
"""``NVGPUDialect::kSharedMemoryAddressSpace``."""


def shared_memory_space(space: Attr | None) -> bool | None:
    """Upstream's ``isSharedMemoryAddressSpace``: an integer 3 or ``#gpu.address_space<workgroup>``.

    None when the attribute cannot be judged (an unresolved alias, text the grammar
    keeps opaque), so that callers skip the rule instead of guessing.
    """
    if space is None:
        return False
    if isinstance(space, IntegerAttr):
        return space.value == SHARED_MEMORY_SPACE
    if isinstance(space, GPUAddressSpaceAttr):
        return space.space == "workgroup"
    if isinstance(space, (AttrAliasRef, OpaqueAttr)):
        return None
    if isinstance(space, DialectAttr):
        words = attribute_words(space.params)
        if space.name == "gpu.address_space" or (space.name == "gpu" and "address_space" in words):
            return "workgroup" in words
    return False


def memref_in_shared_memory(memref: MemRefType) -> bool | None:
    """``NVGPUDialect::hasSharedMemoryAddressSpace`` of a memref as ``OpView`` resolves it (an
    aliased memory space already moved out of the layout slot); None when unknowable, e.g.
    an unresolved alias that may be the memory space."""
    if memref.memory_space is None and isinstance(memref.layout, (AttrAliasRef, OpaqueAttr)):
        return None
    return shared_memory_space(memref.memory_space)


_NAMED_SPACES = {1: "global memory (space 1)", 4: "constant memory (space 4)", 5: "local memory (space 5)"}


def not_shared_explanation(what: str, memref: MemRefType, op: str) -> str:
    """Plain words for a memref that is not in shared memory where ``op`` needs it there: where
    the memref lives and the type it would need (the same memref in space 3)."""
    space = memref.memory_space
    if space is None:
        place = "the default memory space (global memory in a kernel)"
    elif isinstance(space, IntegerAttr):
        place = _NAMED_SPACES.get(space.value, f"memory space {space.value}")
    elif isinstance(space, GPUAddressSpaceAttr):
        place = f"{space.space} memory"
    else:
        place = f"memory space {space}"
    wanted = dataclasses.replace(memref, memory_space=IntegerAttr(SHARED_MEMORY_SPACE))
    return (f"{what} is {memref}, in {place}; {op} works on shared memory only, so it needs {wanted} "
            "(or #gpu.address_space<workgroup>): a workgroup attribution, a memref.alloc in space 3 or a "
            "view of gpu.dynamic_shared_memory")
