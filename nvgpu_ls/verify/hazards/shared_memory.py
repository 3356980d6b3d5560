"""``nvgpu.hazard.shared-memory``: a kernel that needs more shared memory than a block may have.

A block's shared memory is its static shared memory (the workgroup-space ``memref.global`` s
the kernel reads with ``memref.get_global``, the barriers of each ``nvgpu.mbarrier.create``, 8
bytes each, workgroup ``memref.alloca`` s, the kernel's or launch's ``workgroup(...)``
attributions) plus the dynamic shared memory its launch asks for
(``dynamic_shared_memory_size``). The most a block may have is the chip's opt-in maximum
(``chips.py``: 227 KiB on sm_80 … sm_90 … sm_100 with their own figures, 99 KiB on sm_86/89 and
sm_120). Static shared memory past it and ptxas refuses the kernel ("uses too much shared
data"); static plus dynamic past it and the launch is refused (``CUDA_ERROR_INVALID_VALUE``,
seen on an H200, opt-in or not). Static shared memory above 48 KiB is fine: ptxas 13 takes it
and the H200 ran such a kernel; the 48 KiB without opt-in binds dynamic memory, which MLIR's
runtime opts into by itself.

The sum is a lower bound: the sizes alone, without the padding alignment adds, and nothing a
called function adds; a dynamic size or a global that is not a
constant leaves the launch's part out. So an error here is certain; a kernel just under the
limit may still be over it.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...analysis.ir import Operation, ValueDef
from ...analysis.opview import OpView
from ...analysis.values import FunctionType, MBarrierGroupType, MemRefType, TypeAttr
from ...chips import chip_limits
from ...diagnostics import Diagnostic, Related, Severity
from ...dialects.instance_forms import byte_size
from ...dialects.memory_spaces import shared_memory_space
from ...target import module_targets
from .index import Body, HazardIndex, scope_globals
from .shapes import kernel_key
from .static import static_int

CODE = "nvgpu.hazard.shared-memory"
RULE = ("A block's shared memory — the workgroup-space globals its kernel reads, its mbarrier groups "
        "(8 bytes a barrier), its workgroup allocas and attributions, and the dynamic shared memory its "
        "launch asks for — may not exceed the chip's per-block maximum with the opt-in (227 KiB on sm_90 and sm_100, 163 KiB on "
        "sm_80, 99 KiB on sm_86, sm_89 and sm_120). Static shared memory over it and ptxas refuses the kernel; "
        "static plus dynamic over it and the launch is refused. Static shared memory over 48 KiB is fine.")
"""The rule as hover explains it."""

MBARRIER_BYTES = 8
Spanned = Operation | ValueDef
"""Where a piece of shared memory is made: an op, or a workgroup attribution."""


def shared_memory_hazards(doc: Document, index: HazardIndex, fallback: str | None, origin: str) -> list[Diagnostic]:
    """An error on each kernel (and each launch of one) over its chip's shared-memory limit."""
    found: list[Diagnostic] = []
    launches = index.launches_by_kernel
    per_module: dict[int, tuple[dict[str, Operation], tuple[str, int] | None]] = {}
    for body in index.kernels:
        module = body.module
        assert module is not None
        if id(module) not in per_module:
            per_module[id(module)] = (scope_globals(module), _limit(doc, module, fallback, origin))
        symbols, limit = per_module[id(module)]
        if limit is not None:
            found += _kernel_hazards(body, symbols, limit, doc, launches)
    for body in index.launches:
        found += _launch_hazards(body, doc, fallback, origin)
    return found


def _limit(doc: Document, module: Operation | None, fallback: str | None, origin: str) -> tuple[str, int] | None:
    """The smallest per-block maximum among the targets of ``module``: (chip, bytes)."""
    best: tuple[str, int] | None = None
    for resolved in module_targets(doc, module, fallback, origin):
        if resolved.target is None:
            continue
        limits = chip_limits(resolved.target.chip)
        if limits is not None and (best is None or limits.max_shared_per_block < best[1]):
            best = (resolved.target.chip, limits.max_shared_per_block)
    return best


def _static_parts(body: Body, symbols: dict[str, Operation], doc: Document) -> list[tuple[str, int, Spanned]]:
    """(what, bytes, where) of each piece of static shared memory the ops in ``body`` make."""
    parts: list[tuple[str, int, Spanned]] = [(f"the workgroup attribution {arg.name}", size, arg)
                                             for arg, size in _attributions(body.op)]
    seen: set[str] = set()
    for op in body.inner:
        if op.name == "memref.get_global" and op.symbols:
            name = op.symbols[0].name
            target = symbols.get(name)
            if name in seen or target is None:
                continue
            seen.add(name)
            declared = OpView(target, doc).attr("type")
            size = _shared_bytes(declared.type if isinstance(declared, TypeAttr) else declared)
            if size:
                parts.append((name, size, target))
        elif op.name == "nvgpu.mbarrier.create":
            group = OpView(op, doc).resolve(op.result_types[0].type if op.result_types else None)
            if isinstance(group, MBarrierGroupType) and shared_memory_space(group.memory_space):
                parts.append(("the mbarrier group", MBARRIER_BYTES * group.num_barriers, op))
        elif op.name == "memref.alloca":
            size = _shared_bytes(OpView(op, doc).resolve(op.result_types[0].type if op.result_types else None))
            if size:
                parts.append(("a workgroup alloca", size, op))
    return parts


def _attributions(op: Operation) -> list[tuple[ValueDef, int]]:
    """The workgroup attributions of a ``gpu.func`` or ``gpu.launch`` (``workgroup(%buf : memref<...>)``):
    the entry block's arguments after the function's inputs, or the launch's ids and sizes, that
    are workgroup-space memrefs; with their bytes."""
    if not op.regions or not op.regions[0].blocks:
        return []
    args = op.regions[0].blocks[0].args
    if op.name == "gpu.launch":
        first = 18 if op.operands_of("clusterSizeX") else 12
    else:
        signature = op.attributes.get("function_type")
        value = signature.value if signature is not None else None
        written = value.type if isinstance(value, TypeAttr) else None
        if not isinstance(written, FunctionType):
            return []
        first = len(written.inputs)
    found = []
    for arg in args[first:]:
        size = _shared_bytes(arg.type.type if arg.type is not None else None)
        if size:
            found.append((arg, size))
    return found


def _shared_bytes(memref: object) -> int:
    """The bytes of a static workgroup-space memref type; 0 for any other type."""
    if not isinstance(memref, MemRefType) or not shared_memory_space(memref.memory_space):
        return 0
    return byte_size(memref) or 0


def _kernel_hazards(body: Body, symbols: dict[str, Operation], limit: tuple[str, int], doc: Document,
                    launches: dict[str, list[Operation]]) -> list[Diagnostic]:
    kernel, module = body.op, body.module
    assert module is not None
    parts = _static_parts(body, symbols, doc)
    if not parts:
        return []
    static = sum(size for _, size, _ in parts)
    name = (kernel.symbol_name or "@?").lstrip("@")
    found = []
    if static > limit[1]:
        found.append(_diagnostic(kernel, doc, f"kernel {name}", parts, 0, limit,
                                 "ptxas refuses the kernel (\"uses too much shared data\")"))
        return found
    for launch in launches.get(kernel_key(module, kernel), []):
        dynamic = _dynamic_size(launch)
        if dynamic and static + dynamic > limit[1]:
            found.append(_diagnostic(launch, doc, f"this launch of {name}", parts, dynamic, limit,
                                     "the launch is refused (CUDA_ERROR_INVALID_VALUE), with the opt-in or without"))
    return found


def _dynamic_size(launch: Operation) -> int:
    uses = launch.operands_of("dynamicSharedMemorySize")
    value = static_int(uses[0].definition) if uses else None
    return value if value is not None and value > 0 else 0


def _launch_hazards(body: Body, doc: Document, fallback: str | None, origin: str) -> list[Diagnostic]:
    launch = body.op
    scope = launch.enclosing(lambda parent: parent.name in ("builtin.module", "gpu.module"))
    parts = _static_parts(body, scope_globals(scope), doc)
    static = sum(size for _, size, _ in parts)
    dynamic = _dynamic_size(launch)
    if not static + dynamic:
        return []
    limit = _limit(doc, scope, fallback, origin)
    if limit is None or static + dynamic <= limit[1]:
        return []
    outcome = ("ptxas refuses the kernel (\"uses too much shared data\")" if static > limit[1] else
               "the launch is refused (CUDA_ERROR_INVALID_VALUE), with the opt-in or without")
    return [_diagnostic(launch, doc, "the kernel of this gpu.launch", parts, dynamic, limit, outcome)]


def _diagnostic(at: Operation, doc: Document, what: str, parts: list[tuple[str, int, Spanned]], dynamic: int,
                limit: tuple[str, int], outcome: str) -> Diagnostic:
    static = sum(size for _, size, _ in parts)
    pieces = ", ".join(f"{name} {size:,}" for name, size, _ in parts)
    total = static + dynamic
    needs = f"{total:,} bytes of shared memory (static: {pieces}" + (f"; dynamic: {dynamic:,})" if dynamic else ")")
    chip, most = limit
    message = (f"{what} needs at least {needs}, more than a block may have on {chip} "
               f"({most:,} bytes, {most // 1024} KiB, with the opt-in): {outcome}")
    related = tuple(Related(op.start, op.end, f"{name}: {size:,} bytes of shared memory") for name, size, op in parts)
    return Diagnostic(at.name_start, at.name_end, message, CODE, Severity.ERROR, related=related,
                      data={"needed": total, "limit": most, "chip": chip})
