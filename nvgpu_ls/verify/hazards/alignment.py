"""``nvgpu.hazard.tma-alignment``: a TMA load into shared memory that is not declared 128-byte aligned.

``cp.async.bulk.tensor`` writes its box to a shared-memory address that must be aligned to 128
bytes. A TMA load whose destination is a workgroup ``memref.global`` declared with a smaller
``alignment`` gets no such guarantee: ptxas may place the buffer at any multiple of what was
declared, and when it lands off a 128-byte boundary the load faults — an H200 stopped the GEMM of
tests/data/hazards/tma_align16.mlir (its tile aligned to 16, after 16 bytes) with
``CUDA_ERROR_MISALIGNED_ADDRESS``. A warning, since the placement is ptxas's: the declared
alignment is what the text can promise.

Not a hazard, measured: a destination 128-byte aligned but off the 1024-byte pattern of a 128-byte
swizzle. The TMA's swizzled writes and a wgmma's swizzled reads both follow the address, and the
H200 ran such a GEMM (tests/data/hazards/tma_misaligned.mlir, its tile at 0x880) to the exact
result. A global with no ``alignment`` is left alone too (the text says nothing of it).
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...analysis.opview import OpView
from ...analysis.values import IntegerAttr
from ...diagnostics import Diagnostic, Related, Severity
from .index import HazardIndex, scope_globals

CODE = "nvgpu.hazard.tma-alignment"
RULE = ("A TMA load (`cp.async.bulk.tensor`) writes to a shared-memory address that must be aligned to 128 "
        "bytes; a destination declared with a smaller `alignment` may be placed off that boundary, and the load "
        "then faults with a misaligned address.")
"""The rule as hover explains it."""

TMA_ALIGNMENT = 128


def alignment_hazards(doc: Document, index: HazardIndex) -> list[Diagnostic]:
    """A warning on each TMA load whose destination global is declared below 128-byte alignment."""
    found = []
    for load in index.tma_loads:
        uses = load.operands_of("dst")
        definition = uses[0].definition if uses else None
        owner = definition.owner if definition is not None else None
        if not isinstance(owner, Operation) or owner.name != "memref.get_global" or not owner.symbols:
            continue
        name = owner.symbols[0].name
        target = scope_globals(owner.enclosing(lambda parent: parent.is_symbol_table)).get(name)
        if target is None:
            continue
        declared = OpView(target, doc).attr("alignment")
        if not isinstance(declared, IntegerAttr) or declared.value >= TMA_ALIGNMENT:
            continue
        message = (f"this TMA load writes to {name}, declared aligned to {declared.value} bytes, but TMA needs its "
                   f"shared-memory destination aligned to {TMA_ALIGNMENT}: nothing keeps the buffer on such a "
                   f"boundary, and off it the load faults with a misaligned address (declare alignment = "
                   f"{TMA_ALIGNMENT} or more)")
        found.append(Diagnostic(load.name_start, load.name_end, message, CODE, Severity.WARNING,
                                related=(Related(target.start, target.end, f"{name} is declared here"),),
                                data={"global": name, "alignment": declared.value}))
    return found
