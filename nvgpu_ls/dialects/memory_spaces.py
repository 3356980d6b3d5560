"""Where a memref lives, as upstream's nvgpu verifiers decide it.

One home for ``NVGPUDialect::hasSharedMemoryAddressSpace`` and its helpers, which the
cp.async, ldmatrix, mbarrier, TMA, warpgroup and extension rules all ask.
"""

from __future__ import annotations

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
