"""The ops the hazard checks read, found in one walk of the document.

The checks run on every keystroke's check, document-wide, so they share one pass over the
ops instead of each walking the document (and each kernel) again: ``HazardIndex`` records the
kernels (``gpu.func`` marked ``kernel`` in a ``gpu.module``) and ``gpu.launch`` bodies with the
ops inside each that the checks care about, the ``gpu.launch_func`` s, the blocks that hold an
mbarrier announcement, the parity waits, the TMA loads, the wgmma descriptors and the mbarrier
initialisations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...analysis.document import Document
from ...analysis.ir import Block, Operation

WATCHED = frozenset({"memref.get_global", "nvgpu.mbarrier.create", "memref.alloca", "nvgpu.warpgroup.mma"})
"""Ops inside a kernel the checks read."""


@dataclass
class Body:
    """A kernel or a ``gpu.launch``, and the watched ops inside it, in order."""

    op: Operation
    module: Operation | None
    """The ``gpu.module`` of a kernel; None for a ``gpu.launch``."""
    inner: list[Operation] = field(default_factory=list)


@dataclass
class HazardIndex:
    kernels: list[Body] = field(default_factory=list)
    launches: list[Body] = field(default_factory=list)
    launch_funcs: list[Operation] = field(default_factory=list)
    announcing_blocks: list[Block] = field(default_factory=list)
    parity_waits: list[Operation] = field(default_factory=list)
    tma_loads: list[Operation] = field(default_factory=list)
    descriptors: list[Operation] = field(default_factory=list)
    inits: list[Operation] = field(default_factory=list)

    @cached_property
    def launches_by_kernel(self) -> dict[str, list[Operation]]:
        """The ``gpu.launch_func`` s of the document by the kernel they name (``@module::@kernel``)."""
        found: dict[str, list[Operation]] = {}
        for op in self.launch_funcs:
            if op.symbols:
                found.setdefault(op.symbols[0].name, []).append(op)
        return found


_WATCHED, _ANNOUNCE, _KERNEL, _LAUNCH, _LAUNCH_FUNC, _WAIT, _TMA, _DESCRIPTOR, _INIT = range(9)
_KINDS: dict[str, int] = {
    **{name: _WATCHED for name in WATCHED},
    "nvgpu.mbarrier.arrive.expect_tx": _ANNOUNCE, "gpu.func": _KERNEL, "gpu.launch": _LAUNCH,
    "gpu.launch_func": _LAUNCH_FUNC, "nvgpu.mbarrier.try_wait.parity": _WAIT, "nvgpu.tma.async.load": _TMA,
    "nvgpu.warpgroup.generate.descriptor": _DESCRIPTOR, "nvgpu.mbarrier.init": _INIT,
}


def index_hazard_ops(doc: Document) -> HazardIndex:
    """One walk of ``doc``'s ops (document order: a body's ops follow it and end before its end).
    Most ops are none of these: each costs one dictionary lookup."""
    found = HazardIndex()
    open_bodies: list[Body] = []
    seen_blocks: set[int] = set()
    kinds = _KINDS
    for op in doc.ops():
        kind = kinds.get(op.name)
        if kind is None:
            continue
        if kind == _WATCHED or kind == _KERNEL or kind == _LAUNCH:
            start = op.start
            while open_bodies and start >= open_bodies[-1].op.end:
                open_bodies.pop()
        if kind == _WATCHED:
            for body in open_bodies:
                body.inner.append(op)
        elif kind == _ANNOUNCE:
            block = op.parent
            if block is not None and id(block) not in seen_blocks:
                seen_blocks.add(id(block))
                found.announcing_blocks.append(block)
        elif kind == _KERNEL:
            module = op.parent_op() if "gpu.kernel" in (op.attributes or {}) else None
            if module is not None and module.name == "gpu.module":
                body = Body(op, module)
                found.kernels.append(body)
                open_bodies.append(body)
        elif kind == _LAUNCH:
            body = Body(op, None)
            found.launches.append(body)
            open_bodies.append(body)
        elif kind == _LAUNCH_FUNC:
            found.launch_funcs.append(op)
        elif kind == _WAIT:
            found.parity_waits.append(op)
        elif kind == _TMA:
            found.tma_loads.append(op)
        elif kind == _INIT:
            found.inits.append(op)
        else:
            found.descriptors.append(op)
    return found


def scope_globals(scope: Operation | None) -> dict[str, Operation]:
    """The ``memref.global`` s directly in ``scope``'s region (a module), by ``@name``."""
    if scope is None:
        return {}
    return {op.symbol_name: op for region in scope.regions for block in region.blocks for op in block.ops
            if op.name == "memref.global" and op.symbol_name}
