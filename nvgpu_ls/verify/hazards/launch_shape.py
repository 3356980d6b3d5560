"""``nvgpu.hazard.launch-shape``: a kernel launched with blocks its warpgroup ops cannot run in.

``nvgpu.warpgroup.mma`` becomes ``wgmma.*.sync.aligned`` instructions, which a warpgroup — four
whole warps, 128 threads — executes together. A block whose thread count is not a multiple of
128 leaves a warpgroup short: an H200 stopped the Hopper GEMM launched with 96 threads with
``CUDA_ERROR_ILLEGAL_INSTRUCTION``. Checked where the block size is a constant: a
``gpu.launch_func`` of a kernel holding a warpgroup op (its ``threads in``), a ``gpu.launch``
whose body holds one, and a kernel's own ``known_block_size``.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...analysis.opview import OpView
from ...analysis.values import DenseArrayAttr
from ...diagnostics import Diagnostic, Related, Severity
from .index import Body, HazardIndex
from .static import static_int

CODE = "nvgpu.hazard.launch-shape"
RULE = ("`nvgpu.warpgroup.mma` runs as `wgmma` instructions a whole warpgroup — 4 warps, 128 threads — executes "
        "together, so a block that runs it must have a multiple of 128 threads; with fewer the warpgroup is short "
        "and the kernel faults (an illegal instruction).")
"""The rule as hover explains it."""

WARPGROUP = 128
_WARPGROUP_OPS = frozenset({"nvgpu.warpgroup.mma"})
_BLOCK = ("blockSizeX", "blockSizeY", "blockSizeZ")


def launch_shape_hazards(doc: Document, index: HazardIndex) -> list[Diagnostic]:
    """An error on each launch (or kernel) whose blocks cannot hold whole warpgroups."""
    kernels: dict[tuple[str, str], Operation] = {}
    found: list[Diagnostic] = []
    for body in index.kernels:
        kernel, module = body.op, body.module
        wgmma = _first_warpgroup_op(body)
        if module is None or wgmma is None:
            continue
        kernels[((module.symbol_name or "").lstrip("@"), (kernel.symbol_name or "").lstrip("@"))] = wgmma
        known = _known_block_size(kernel, doc)
        if known is not None and known % WARPGROUP:
            found.append(_diagnostic(kernel, wgmma, known, f"kernel {(kernel.symbol_name or '@?').lstrip('@')}'s "
                                                            "known_block_size"))
    for body in index.launches:
        wgmma = _first_warpgroup_op(body)
        threads = _threads(body.op) if wgmma is not None else None
        if wgmma is not None and threads is not None and threads % WARPGROUP:
            found.append(_diagnostic(body.op, wgmma, threads, "this gpu.launch"))
    for op in index.launch_funcs:
        if not op.symbols:
            continue
        parts = [part.lstrip("@") for part in op.symbols[0].name.split("::")]
        wgmma = kernels.get((parts[0], parts[1])) if len(parts) == 2 else None
        threads = _threads(op) if wgmma is not None else None
        if wgmma is not None and threads is not None and threads % WARPGROUP:
            found.append(_diagnostic(op, wgmma, threads, f"this launch of {parts[1]}"))
    return found


def _first_warpgroup_op(body: Body) -> Operation | None:
    return next((inner for inner in body.inner if inner.name in _WARPGROUP_OPS), None)


def _threads(launch: Operation) -> int | None:
    """Threads per block of a launch, where all three sizes are constants (``gpu.launch``'s custom
    syntax files the three under ``blockSizeX``, ``gpu.launch_func``'s one per group)."""
    uses = launch.operands_of(_BLOCK[0])
    if len(uses) != 3:
        uses = [use for group in _BLOCK for use in launch.operands_of(group)]
    if len(uses) != 3:
        return None
    total = 1
    for use in uses:
        size = static_int(use.definition)
        if size is None or size <= 0:
            return None
        total *= size
    return total


def _known_block_size(kernel: Operation, doc: Document) -> int | None:
    for name in ("known_block_size", "gpu.known_block_size"):
        attr = OpView(kernel, doc).attr(name)
        if isinstance(attr, DenseArrayAttr) and len(attr.values) == 3 and all(isinstance(v, int) for v in attr.values):
            total = 1
            for value in attr.values:
                total *= int(value)
            return total
    return None


def _diagnostic(at: Operation, wgmma: Operation, threads: int, what: str) -> Diagnostic:
    warps = -(-threads // 32)
    message = (f"{what} gives each block {threads} threads ({warps} warps), not a multiple of {WARPGROUP}: the "
               f"warpgroup op it runs needs whole warpgroups of 4 warps, the last one is short, and the kernel "
               f"faults (an illegal instruction)")
    return Diagnostic(at.name_start, at.name_end, message, CODE, Severity.ERROR,
                      related=(Related(wgmma.name_start, wgmma.name_end, "this warpgroup op needs 128 threads"),),
                      data={"threads": threads})
