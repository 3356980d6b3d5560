"""Block and cluster shapes of launches and kernels, where the text fixes them.

A ``gpu.launch`` and a ``gpu.launch_func`` give theirs as operands (``threads in``, ``clusters
in``), constants when ``static_int`` can follow them; a kernel (``gpu.func ... kernel``) may
declare its own (``known_block_size``, ``known_cluster_size``, ``nvvm.cluster_dim``), and
otherwise has the one shape every launch of it in the document agrees on.
"""

from __future__ import annotations

from functools import cached_property
from typing import Callable

from ...analysis.document import Document
from ...analysis.ir import Operation
from ...analysis.opview import OpView
from ...analysis.values import DenseArrayAttr
from .index import Body, HazardIndex
from .static import Shape, static_int

_BLOCK = ("blockSizeX", "blockSizeY", "blockSizeZ")
_CLUSTER = ("clusterSizeX", "clusterSizeY", "clusterSizeZ")
_KNOWN_BLOCK = ("known_block_size", "gpu.known_block_size")
_KNOWN_CLUSTER = ("known_cluster_size", "nvvm.cluster_dim")
ONE: Shape = (1, 1, 1)


MAX_THREADS = 1024
"""The most threads a block may have on any NVIDIA GPU: a larger block never launches, and the
per-thread work of the checks stays bounded by it."""
MAX_CLUSTER = 16
"""The most blocks a (non-portable) cluster may have."""


def launch_block_shape(launch: Operation) -> Shape | None:
    """Threads per block of a ``gpu.launch`` / ``gpu.launch_func`` where all three are constants
    (and the block is one that can launch)."""
    return _bounded(_operand_shape(launch, _BLOCK), MAX_THREADS)


def launch_cluster_shape(launch: Operation) -> Shape | None:
    """Blocks per cluster of a launch: (1, 1, 1) without ``clusters``; None where not constant."""
    if not launch.operands_of(_CLUSTER[0]):
        return ONE
    return _bounded(_operand_shape(launch, _CLUSTER), MAX_CLUSTER)


def _bounded(shape: Shape | None, most: int) -> Shape | None:
    return shape if shape is not None and shape[0] * shape[1] * shape[2] <= most else None


def _operand_shape(launch: Operation, groups: tuple[str, str, str]) -> Shape | None:
    """``gpu.launch``'s custom syntax files all three sizes under the first group, ``gpu.launch_func``
    one per group."""
    uses = launch.operands_of(groups[0])
    if len(uses) != 3:
        uses = [use for group in groups for use in launch.operands_of(group)]
    if len(uses) != 3:
        return None
    sizes = [static_int(use.definition) for use in uses]
    if any(size is None or size <= 0 for size in sizes):
        return None
    return (sizes[0], sizes[1], sizes[2])  # type: ignore[return-value]


def declared_shape(kernel: Operation, doc: Document, names: tuple[str, ...]) -> Shape | None:
    """A kernel's own ``known_block_size``-style attribute: three positive integers."""
    written = kernel.attributes
    for name in names:
        if name not in written:
            continue
        attr = OpView(kernel, doc).attr(name)
        if isinstance(attr, DenseArrayAttr) and len(attr.values) == 3 and all(
                isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in attr.values):
            return (int(attr.values[0]), int(attr.values[1]), int(attr.values[2]))
    return None


def kernel_key(module: Operation | None, kernel: Operation) -> str:
    """How a ``gpu.launch_func`` names the kernel: ``@module::@kernel``."""
    return f"@{((module.symbol_name if module is not None else None) or '').lstrip('@')}::" \
           f"@{(kernel.symbol_name or '').lstrip('@')}"


def known_block_threads(kernel: Operation, doc: Document) -> int | None:
    """Threads per block a kernel declares (``known_block_size``)."""
    shape = declared_shape(kernel, doc, _KNOWN_BLOCK)
    return None if shape is None else shape[0] * shape[1] * shape[2]


class BodyShapes:
    """The kernels and ``gpu.launch`` bodies of a document with their shapes, each worked out once."""

    def __init__(self, doc: Document, index: HazardIndex) -> None:
        self.doc = doc
        self.index = index
        self.blocks: dict[int, Shape | None] = {}
        self.clusters: dict[int, Shape | None] = {}

    @cached_property
    def bodies(self) -> dict[int, Body]:
        return {id(body.op): body for body in self.index.kernels + self.index.launches}

    @property
    def launches(self) -> dict[str, list[Operation]]:
        return self.index.launches_by_kernel

    def body_of(self, op: Operation) -> Body | None:
        """The kernel or ``gpu.launch`` whose body holds ``op`` (None: another function's)."""
        around = op.enclosing(lambda parent: id(parent) in self.bodies or parent.is_function_like)
        return self.bodies.get(id(around)) if around is not None else None

    def of(self, body: Body) -> tuple[Shape | None, Shape | None]:
        """(block shape, cluster shape) of ``body``, where the text fixes them."""
        return self.block_of(body), self.cluster_of(body)

    def block_of(self, body: Body) -> Shape | None:
        """The block shape of every run of ``body``: a ``gpu.launch``'s own; a kernel's
        ``known_block_size``, else the one all its launches in the document agree on."""
        key = id(body.op)
        if key not in self.blocks:
            self.blocks[key] = launch_block_shape(body.op) if body.module is None else (
                _bounded(declared_shape(body.op, self.doc, _KNOWN_BLOCK), MAX_THREADS)
                or self._agreed(body, launch_block_shape))
        return self.blocks[key]

    def cluster_of(self, body: Body) -> Shape | None:
        """The cluster shape of every run of ``body`` (one CTA where no launch asks for clusters)."""
        key = id(body.op)
        if key not in self.clusters:
            self.clusters[key] = launch_cluster_shape(body.op) if body.module is None else (
                _bounded(declared_shape(body.op, self.doc, _KNOWN_CLUSTER), MAX_CLUSTER)
                or self._agreed(body, launch_cluster_shape))
        return self.clusters[key]

    def _agreed(self, body: Body, shape_of: Callable[[Operation], Shape | None]) -> Shape | None:
        if not self.launches:
            return None
        shapes = [shape_of(op) for op in self.launches.get(kernel_key(body.module, body.op), [])]
        return shapes[0] if shapes and shapes[0] is not None and shapes.count(shapes[0]) == len(shapes) else None
