"""``nvgpu.hazard.tile-layout``: a wgmma descriptor that reads a buffer in another layout than its TMA load wrote.

``nvgpu.warpgroup.generate.descriptor %buf, %map`` describes how ``%buf`` is laid out for the
wgmma — the swizzle and the tile of the tensor map it is given. The TMA loads that fill ``%buf``
write it with *their* tensor map's swizzle and box. Where the two differ the wgmma reads the
bytes in another arrangement than they were written: wrong values, no fault. Checked where the
same ``%buf`` value is a TMA load's destination and a descriptor's tensor and both tensor maps'
types are known: their swizzles and their tiles must agree.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...analysis.opview import OpView
from ...analysis.values import TensorMapDescriptorType
from ...diagnostics import Diagnostic, Related, Severity
from .index import HazardIndex

CODE = "nvgpu.hazard.tile-layout"
RULE = ("`warpgroup.generate.descriptor` tells the wgmma how its buffer is laid out — the swizzle and tile of the "
        "tensor map it is given — and the TMA loads filling that buffer lay it out with their own tensor map. "
        "The two must agree, or the wgmma reads the bytes in another arrangement than they were written.")
"""The rule as hover explains it."""


def layout_hazards(doc: Document, index: HazardIndex) -> list[Diagnostic]:
    """An error on each descriptor whose tensor map disagrees with a TMA load filling its buffer."""
    writers: dict[int, list[tuple[Operation, TensorMapDescriptorType]]] = {}
    for load in index.tma_loads:
        destination = load.operands_of("dst")
        definition = destination[0].definition if destination else None
        written = OpView(load, doc).type_of("tensorMapDescriptor")
        if definition is not None and isinstance(written, TensorMapDescriptorType):
            writers.setdefault(id(definition), []).append((load, written))
    found = []
    for descriptor in index.descriptors:
        tensor = descriptor.operands_of("tensor")
        definition = tensor[0].definition if tensor else None
        read = OpView(descriptor, doc).type_of("tensorMap")
        if definition is None or not isinstance(read, TensorMapDescriptorType):
            continue
        for load, written in writers.get(id(definition), []):
            differences = []
            if written.swizzle != read.swizzle:
                differences.append(f"swizzle {written.swizzle}, read as {read.swizzle}")
            if str(written.tensor) != str(read.tensor):
                differences.append(f"tile {written.tensor}, read as {read.tensor}")
            if not differences:
                continue
            message = (f"this descriptor reads {tensor[0].name} with its tensor map's layout, but a TMA load fills "
                       f"it with another ({'; '.join(differences)}): the wgmma reads the bytes in another "
                       f"arrangement than they were written, and computes with wrong values")
            found.append(Diagnostic(descriptor.name_start, descriptor.name_end, message, CODE, Severity.ERROR,
                                    related=(Related(load.name_start, load.name_end,
                                                     f"this TMA load writes {tensor[0].name} with "
                                                     f"swizzle {written.swizzle}"),)))
            break
    return found
