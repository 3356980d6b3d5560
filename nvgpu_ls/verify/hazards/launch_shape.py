"""``nvgpu.hazard.launch-shape``: a kernel launched with blocks its warpgroup ops cannot run in, or
with a cluster its multicast masks do not fit.

``nvgpu.warpgroup.mma`` becomes ``wgmma.*.sync.aligned`` instructions, which a warpgroup — four
whole warps, 128 threads — executes together. A block whose thread count is not a multiple of
128 leaves a warpgroup short: an H200 stopped the Hopper GEMM launched with 96 threads with
``CUDA_ERROR_ILLEGAL_INSTRUCTION``. Checked where the block size is a constant: a
``gpu.launch_func`` of a kernel holding a warpgroup op (its ``threads in``), a ``gpu.launch``
whose body holds one, and a kernel's own ``known_block_size``.

A multicast TMA load (``multicast_mask = %m``) sends its box to the CTAs of the cluster whose
ranks are the mask's bits. Where the cluster's shape (``clusters in``, ``known_cluster_size``,
``nvvm.cluster_dim``; one CTA without any) and the mask are constants, a bit past the cluster's
last rank names a CTA that does not exist, and an empty mask sends the box nowhere.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...diagnostics import Diagnostic, Related, Severity
from .index import Body, HazardIndex
from .shapes import BodyShapes, kernel_key, known_block_threads, launch_block_shape
from .static import static_int, thread_count

CODE = "nvgpu.hazard.launch-shape"
RULE = ("`nvgpu.warpgroup.mma` runs as `wgmma` instructions a whole warpgroup — 4 warps, 128 threads — executes "
        "together, so a block that runs it must have a multiple of 128 threads; with fewer the warpgroup is short "
        "and the kernel faults (an illegal instruction). A multicast TMA load's mask names CTAs of the cluster by "
        "rank, one bit each: it must name at least one, and none past the cluster's last rank.")
"""The rule as hover explains it."""

WARPGROUP = 128
_WARPGROUP_OPS = frozenset({"nvgpu.warpgroup.mma"})


def launch_shape_hazards(doc: Document, index: HazardIndex, shapes: BodyShapes) -> list[Diagnostic]:
    """An error on each launch (or kernel) whose blocks cannot hold whole warpgroups."""
    kernels: dict[str, Operation] = {}
    found: list[Diagnostic] = []
    for body in index.kernels:
        kernel = body.op
        wgmma = _first_warpgroup_op(body)
        if wgmma is None:
            continue
        kernels[kernel_key(body.module, kernel)] = wgmma
        known = known_block_threads(kernel, doc)
        if known is not None and known % WARPGROUP:
            found.append(_diagnostic(kernel, wgmma, known, f"kernel {(kernel.symbol_name or '@?').lstrip('@')}'s "
                                                            "known_block_size"))
    for body in index.launches:
        wgmma = _first_warpgroup_op(body)
        threads = _threads(body.op) if wgmma is not None else None
        if wgmma is not None and threads is not None and threads % WARPGROUP:
            found.append(_diagnostic(body.op, wgmma, threads, "this gpu.launch"))
    for name, launches in shapes.launches.items():
        wgmma = kernels.get(name)
        for op in launches if wgmma is not None else ():
            threads = _threads(op)
            if wgmma is not None and threads is not None and threads % WARPGROUP:
                found.append(_diagnostic(op, wgmma, threads, f"this launch of {name.rsplit('@', 1)[-1]}"))
    return found + _mask_hazards(index, shapes)


def _mask_hazards(index: HazardIndex, shapes: BodyShapes) -> list[Diagnostic]:
    """An error on each multicast load whose constant mask names no CTA, or one past its cluster."""
    found: list[Diagnostic] = []
    for load in index.tma_loads:
        uses = load.operands_of("multicastMask")
        mask = static_int(uses[0].definition) if uses else None
        if mask is None:
            continue
        body = shapes.body_of(load)
        cluster = shapes.cluster_of(body) if body is not None else None
        if cluster is None:
            continue
        ctas = thread_count(cluster)
        mask &= 0xFFFF
        shape = "x".join(str(size) for size in cluster)
        if mask == 0:
            message = (f"this multicast load's mask is 0: it names no CTA of the {shape} cluster, and its box "
                       f"lands nowhere")
        elif mask >> ctas:
            past = [rank for rank in range(ctas, 16) if mask >> rank & 1]
            names = ", ".join(str(rank) for rank in past)
            ranks = "rank 0 only" if ctas == 1 else f"ranks 0-{ctas - 1}"
            message = (f"this multicast load's mask {mask:#06x} names CTA rank{'s' if len(past) > 1 else ''} {names}, "
                       f"but the {shape} cluster it runs in has {ranks}: the box is sent to CTAs that do not exist")
        else:
            continue
        related = (Related(uses[0].start, uses[0].end, f"the mask: {mask:#06x}"),)
        found.append(Diagnostic(load.name_start, load.name_end, message, CODE, Severity.ERROR, related=related,
                                data={"mask": mask, "ctas": ctas}))
    return found


def _first_warpgroup_op(body: Body) -> Operation | None:
    return next((inner for inner in body.inner if inner.name in _WARPGROUP_OPS), None)


def _threads(launch: Operation) -> int | None:
    shape = launch_block_shape(launch)
    return None if shape is None else thread_count(shape)


def _diagnostic(at: Operation, wgmma: Operation, threads: int, what: str) -> Diagnostic:
    warps = -(-threads // 32)
    message = (f"{what} gives each block {threads} threads ({warps} warps), not a multiple of {WARPGROUP}: the "
               f"warpgroup op it runs needs whole warpgroups of 4 warps, the last one is short, and the kernel "
               f"faults (an illegal instruction)")
    return Diagnostic(at.name_start, at.name_end, message, CODE, Severity.ERROR,
                      related=(Related(wgmma.name_start, wgmma.name_end, "this warpgroup op needs 128 threads"),),
                      data={"threads": threads})
