"""``nvgpu.hazard.tx-bytes``: an mbarrier phase told to expect other than the bytes its TMA loads bring.

A TMA load (``nvgpu.tma.async.load ..., %bar[%i] to %tile``) counts its bytes off the
transaction count of the barrier it names when they land; ``nvgpu.mbarrier.arrive.expect_tx
%bar[%i], %bytes`` adds ``%bytes`` to it. The phase completes when the arrivals are in and the
count is back at zero. Announce more than the loads bring and it never gets there: every
``mbarrier.try_wait.parity`` on the phase waits for ever (an H200 ran such a kernel until it was
killed). Announce less and the phase can complete before the last tile has landed; the late
bytes are then counted against the next phase (on the H200 that kernel hung too).

The rule is checked per block and per barrier (the same ``%bar`` value and the same constant
id): the ops between two waits on it (``try_wait.parity``, ``test.wait``) are one phase, and in
a phase with both announcements and loads the bytes announced must equal the bytes loaded, a
load's bytes being its tensor map's box (the descriptor type's ``tensor``: elements x element
size). A multicast load (``multicast_mask = %m``) lands its box in every CTA of the cluster its
mask names, and signals each one's barrier of the same id: where the cluster's shape and the
mask are constants and every op of the phase runs in each CTA alike (no condition on a block or
cluster id), each CTA of the mask receives the box once from each CTA of the cluster. The check
stays silent where it cannot count: a byte count, barrier id or mask that is not a constant,
announcements and loads under different predicates, a nested region in the phase that touches
the barrier, or an announcement of other than 0 bytes elsewhere that may fall in the phase (in
another arm of an ``scf.if`` around the block, or anywhere when no wait in the block ends it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...analysis.document import Document
from ...analysis.ir import Block, Operation, ValueUse
from ...analysis.opview import OpView
from ...analysis.values import MemRefType, TensorMapDescriptorType, element_bit_width
from ...diagnostics import Diagnostic, Related, Severity
from ...dialects.instance_forms import byte_size
from .index import HazardIndex
from .shapes import BodyShapes
from .static import ThreadValues, static_int, thread_count, threads_running

CODE = "nvgpu.hazard.tx-bytes"
RULE = ("A TMA load counts its bytes off the transaction count of the mbarrier it names; "
        "`mbarrier.arrive.expect_tx` adds the bytes it announces. A phase completes when its arrivals are in "
        "and the count is back at zero, so the bytes announced in a phase must equal the bytes its TMA loads "
        "bring (each load its tensor map's box: elements x element size). More, and the phase never completes: "
        "the waits on it hang. Fewer, and it can complete before the last tile has landed.")
"""The rule as hover explains it."""

_EXPECT = "nvgpu.mbarrier.arrive.expect_tx"
_LOAD = "nvgpu.tma.async.load"
_WAITS = frozenset({"nvgpu.mbarrier.try_wait.parity", "nvgpu.mbarrier.test.wait"})
_BARRIER_OPS = frozenset({_EXPECT, _LOAD}) | _WAITS


@dataclass
class _Phase:
    """The announcements and loads of one barrier between two waits on it."""

    expects: list[tuple[Operation, int]] = field(default_factory=list)
    loads: list[tuple[Operation, int]] = field(default_factory=list)
    multicast: list[tuple[Operation, int, ValueUse]] = field(default_factory=list)
    """Multicast loads: (op, box bytes, mask)."""
    countable: bool = True
    predicates: set[str | None] = field(default_factory=set)
    waited: bool = False
    """Does a wait on the barrier in the same block end the phase?"""


def transaction_hazards(doc: Document, index: HazardIndex, shapes: BodyShapes) -> list[Diagnostic]:
    """A ``tx-bytes`` error on each announcement of a phase whose bytes do not add up."""
    found: list[Diagnostic] = []
    for block in index.announcing_blocks:
        found += _block_hazards(block, doc, shapes)
    return found


def barrier_key(op: Operation) -> tuple[str, int] | None:
    """(barrier group value, constant barrier id) of a barrier op; None where not constant."""
    groups = op.operands_of("barriers")
    ids = op.operands_of("mbarId")
    if len(groups) != 1 or len(ids) != 1 or groups[0].definition is None:
        return None
    index = static_int(ids[0].definition)
    return None if index is None else (_value_name(groups[0]), index)


def _value_name(use: ValueUse) -> str:
    definition = use.definition
    return f"{definition.name}@{definition.start}" if definition is not None else use.name


def _predicate(op: Operation) -> str | None:
    uses = op.operands_of("predicate")
    return _value_name(uses[0]) if uses else None


def _block_hazards(block: Block, doc: Document, shapes: BodyShapes) -> list[Diagnostic]:
    phases: dict[tuple[str, int], _Phase] = {}
    closed: list[tuple[tuple[str, int], _Phase]] = []
    for op in block.ops:
        if op.regions:
            _mark_nested(op, phases)
            continue
        if op.name not in _BARRIER_OPS:
            continue
        key = barrier_key(op)
        if key is None:
            if op.name != _LOAD or op.operands_of("barriers"):
                for phase in phases.values():  # an unknown barrier id may be any of them
                    phase.countable = False
            continue
        if op.name in _WAITS:
            if key in phases:
                phases[key].waited = True
                closed.append((key, phases.pop(key)))
            continue
        phase = phases.setdefault(key, _Phase())
        phase.predicates.add(_predicate(op))
        if op.name == _EXPECT:
            bytes_ = static_int(op.operands_of("txcount")[0].definition) if op.operands_of("txcount") else None
            if bytes_ is None:
                phase.countable = False
            else:
                phase.expects.append((op, bytes_))
        else:
            bytes_ = _load_bytes(op, doc)
            mask = op.operands_of("multicastMask")
            if bytes_ is None:
                phase.countable = False
            elif mask:
                phase.multicast.append((op, bytes_, mask[0]))
            else:
                phase.loads.append((op, bytes_))
    closed += list(phases.items())
    found = []
    for key, phase in closed:
        if phase.countable and phase.expects and (phase.loads or phase.multicast) and len(phase.predicates) == 1 \
                and not _announced_beside(block, phase):
            received = _received(phase, shapes)
            if received is not None:
                found += _mismatch(phase, received, doc)
    return found


def _received(phase: _Phase, shapes: BodyShapes) -> list[int] | None:
    """The bytes the phase's loads bring to each CTA of the cluster (one entry without multicast);
    None where a multicast cannot be counted."""
    unicast = sum(bytes_ for _, bytes_ in phase.loads)
    if not phase.multicast:
        return [unicast]
    body = shapes.body_of(phase.multicast[0][0])
    block, cluster = shapes.of(body) if body is not None else (None, None)
    if body is None or cluster is None:
        return None
    values = ThreadValues(block or (32, 1, 1))  # any shape: only whether each condition is known matters
    ops = [op for op, _ in phase.expects] + [op for op, _, _ in phase.multicast]
    if any(threads_running(op, body.op, values) is None for op in ops):
        return None  # a condition that may differ between the cluster's CTAs
    ctas = thread_count(cluster)
    received = [unicast] * ctas
    for _, bytes_, mask_use in phase.multicast:
        mask = static_int(mask_use.definition)
        if mask is None:
            return None
        for rank in range(ctas):
            if mask >> rank & 1:
                received[rank] += bytes_ * ctas
    return received


def _announced_beside(block: Block, phase: _Phase) -> bool:
    """May an announcement on the barrier outside ``block`` fall in ``phase``? Other threads may run
    an ``scf.if`` arm beside the one holding ``block`` in the same phase; and where no wait in the
    block ends the phase, any announcement elsewhere may. Announcing a constant 0 adds nothing."""
    first = phase.expects[0][0]
    groups = first.operands_of("barriers")
    group = groups[0].definition if groups else None
    if group is None:
        return True
    key = barrier_key(first)
    elsewhere = [use.owner for use in group.uses if use.owner.name == _EXPECT and use.owner.parent is not block
                 and not _inside(use.owner, block) and barrier_key(use.owner) == key]
    adding = [op for op in elsewhere
              if static_int(op.operands_of("txcount")[0].definition if op.operands_of("txcount") else None) != 0]
    if not adding:
        return False
    if not phase.waited:
        return True
    arms = _arms_around(block)
    return any(arms.get(id(branch)) not in (None, region) for op in adding for branch, region in _branches(op))


def _inside(op: Operation, block: Block) -> bool:
    """Is ``op`` nested in one of ``block``'s ops?"""
    return op.enclosing(lambda parent: parent.parent is block) is not None


def _branches(op: Operation) -> list[tuple[Operation, int]]:
    """The ``scf.if`` s around ``op``, each with the index of the region holding it."""
    found = []
    child, parent = op, op.parent_op()
    while parent is not None:
        if parent.name == "scf.if" and child.parent is not None:
            found.append((parent, parent.regions.index(child.parent.parent)))
        child, parent = parent, parent.parent_op()
    return found


def _arms_around(block: Block) -> dict[int, int]:
    """The ``scf.if`` s around ``block`` (by id), each with the index of the region holding it."""
    region = block.parent
    owner = region.parent if region is not None else None
    if owner is None:
        return {}
    arms = {id(branch): index for branch, index in _branches(owner)}
    if owner.name == "scf.if":
        arms[id(owner)] = owner.regions.index(region)
    return arms


def _mark_nested(op: Operation, phases: dict[tuple[str, int], _Phase]) -> None:
    """A nested region touching a barrier of an open phase makes that phase uncountable."""
    for inner in op.walk():
        if inner is op or inner.name not in _BARRIER_OPS:
            continue
        key = barrier_key(inner)
        for phase_key, phase in phases.items():
            if key is None or key == phase_key:
                phase.countable = False


def _load_bytes(op: Operation, doc: Document) -> int | None:
    """The bytes one TMA load brings: its tensor map's box, elements x element size."""
    descriptor = OpView(op, doc).type_of("tensorMapDescriptor")
    if not isinstance(descriptor, TensorMapDescriptorType) or not isinstance(descriptor.tensor, MemRefType):
        return None
    bits = element_bit_width(descriptor.tensor.element)
    return byte_size(descriptor.tensor) if bits is not None and bits % 8 == 0 else None


def _mismatch(phase: _Phase, received: list[int], doc: Document) -> list[Diagnostic]:
    announced = sum(bytes_ for _, bytes_ in phase.expects)
    wrong = [rank for rank, bytes_ in enumerate(received) if bytes_ != announced]
    if not wrong:
        return []
    loaded = received[wrong[0]]
    ctas = len(received)
    where = ""
    if len(set(received)) == 1:
        parts = [f"{bytes_}" for _, bytes_ in phase.loads] + [f"{bytes_} x {ctas}" for _, bytes_, _ in phase.multicast]
        brought = f"{loaded} ({' + '.join(parts)})" if len(parts) > 1 or phase.multicast else f"{loaded}"
        if phase.multicast:
            brought += (f", a multicast box coming once from each of the cluster's {ctas} CTAs" if ctas > 1 else
                        ", a multicast box coming only from this CTA, the one CTA of its cluster")
        advice = f" (announce {loaded})"
    else:
        each = ", ".join(f"rank {rank} {bytes_}" for rank, bytes_ in enumerate(received))
        brought = (f"different bytes to the CTAs of the {ctas}-CTA cluster, which all announce the same: {each} "
                   f"(a multicast box comes once from each CTA of the cluster to each CTA its mask names)")
        where, advice = f"on rank {wrong[0]} ", ""
    if announced > loaded:
        outcome = (f"{where}the transaction count never returns to zero, the phase never completes and every wait "
                   f"on it waits for ever{advice}")
    else:
        outcome = (f"{where}the phase can complete before the last {loaded - announced} bytes have landed, which are "
                   f"then counted against the next phase{advice}")
    related = tuple(Related(load.name_start, load.end, f"this TMA load brings {bytes_} bytes")
                    for load, bytes_ in phase.loads)
    related += tuple(Related(load.name_start, load.end, f"this multicast TMA load brings {bytes_} bytes to each CTA "
                                                         f"its mask names, from each CTA of the cluster")
                     for load, bytes_, _ in phase.multicast)
    data: dict = {"announced": announced, "loaded": loaded}
    if len(phase.expects) == 1 and len(set(received)) == 1:
        literal = _constant_literal(phase.expects[0][0], doc)
        if literal is not None:
            data["constant"] = list(literal)
    found = []
    for expect, bytes_ in phase.expects:
        others = "" if len(phase.expects) == 1 else f" (with the other announcements, {announced})"
        message = (f"this phase of the barrier is told to expect {bytes_} bytes{others}, but the TMA loads "
                   f"signalling it bring {brought}: {outcome}")
        found.append(Diagnostic(expect.name_start, expect.name_end, message, CODE, Severity.ERROR,
                                related=related, data=data))
    return found


_INTEGER = re.compile(r"\s*(-?\d+)")


def _constant_literal(expect: Operation, doc: Document) -> tuple[int, int] | None:
    """The span of the integer the announced byte count is written as, where editing it changes
    nothing else: an ``arith.constant`` used by this announcement alone."""
    uses = expect.operands_of("txcount")
    definition = uses[0].definition if uses else None
    if definition is None or len(definition.uses) != 1:
        return None
    owner = definition.owner
    if not isinstance(owner, Operation) or owner.name != "arith.constant":
        return None
    entry = owner.attributes.get("value")
    if entry is None:
        return None
    match = _INTEGER.match(doc.text, entry.value_start, entry.value_end)
    return (match.start(1), match.end(1)) if match else None
