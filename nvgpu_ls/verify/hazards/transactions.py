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
size). The check stays silent where it cannot count: a byte count or barrier id that is not a
constant, a multicast load (its bytes land in other CTAs' barriers too), announcements and
loads under different predicates, or a nested region in the phase that touches the barrier.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...analysis.document import Document
from ...analysis.ir import Block, Operation, ValueUse
from ...analysis.opview import OpView
from ...analysis.values import MemRefType, TensorMapDescriptorType, element_bit_width
from ...diagnostics import Diagnostic, Related, Severity
from .index import HazardIndex
from .static import static_int

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
    countable: bool = True
    predicates: set[str | None] = field(default_factory=set)


def transaction_hazards(doc: Document, index: HazardIndex) -> list[Diagnostic]:
    """A ``tx-bytes`` error on each announcement of a phase whose bytes do not add up."""
    found: list[Diagnostic] = []
    for block in index.announcing_blocks:
        found += _block_hazards(block, doc)
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


def _block_hazards(block: Block, doc: Document) -> list[Diagnostic]:
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
            bytes_ = None if op.operands_of("multicastMask") else _load_bytes(op, doc)
            if bytes_ is None:
                phase.countable = False
            else:
                phase.loads.append((op, bytes_))
    closed += list(phases.items())
    found = []
    for key, phase in closed:
        if phase.countable and phase.expects and phase.loads and len(phase.predicates) == 1:
            found += _mismatch(phase, doc)
    return found


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
    tensor = descriptor.tensor
    bits = element_bit_width(tensor.element)
    if not tensor.is_static or bits is None or bits % 8:
        return None
    count = 1
    for dim in tensor.shape:
        count *= int(dim)  # type: ignore[arg-type]
    return count * bits // 8


def _mismatch(phase: _Phase, doc: Document) -> list[Diagnostic]:
    announced = sum(bytes_ for _, bytes_ in phase.expects)
    loaded = sum(bytes_ for _, bytes_ in phase.loads)
    if announced == loaded:
        return []
    parts = " + ".join(f"{bytes_}" for _, bytes_ in phase.loads)
    brought = f"{loaded} ({parts})" if len(phase.loads) > 1 else f"{loaded}"
    if announced > loaded:
        outcome = (f"the transaction count never returns to zero, the phase never completes and every wait "
                   f"on it waits for ever (announce {loaded})")
    else:
        outcome = (f"the phase can complete before the last {loaded - announced} bytes have landed, which are "
                   f"then counted against the next phase (announce {loaded})")
    related = tuple(Related(load.name_start, load.end, f"this TMA load brings {bytes_} bytes")
                    for load, bytes_ in phase.loads)
    data: dict = {"announced": announced, "loaded": loaded}
    if len(phase.expects) == 1:
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
