"""``nvgpu.hazard.arrival-count``: an mbarrier phase that gets other than the arrivals its init asked for.

``nvgpu.mbarrier.init %bar[%i], %count`` sets how many arrivals complete a phase. Every thread
that runs ``mbarrier.arrive`` or ``mbarrier.arrive.expect_tx`` arrives once;
``mbarrier.arrive.nocomplete %bar[%i], %n`` arrives ``%n`` times; a TMA load does not arrive.
A phase completes when its pending arrivals reach zero (and its transaction bytes are in); the
count then starts again from ``%count``. With fewer arrivals the phase never completes and every
wait on it hangs; with more, it completes before the last threads have arrived, and their
arrivals count against the next phase, which then completes early too.

The arrivals of a phase are counted where the text fixes them all: the block's shape is known (a
``gpu.launch``'s constant sizes, a kernel's ``known_block_size`` or the one shape all its
``gpu.launch_func`` s give), the count and the barrier id are constants, and which threads run
each arrival follows from thread ids through ``arith`` (``predicate = %tid == 0``, ``scf.if``
arms). A phase is the ops between two ``try_wait.parity`` s on the barrier in one block (or the
init, or the start of the block, and the first one), ``scf.if`` arms included; a ``test.wait``
may find its phase incomplete, so it ends none. The check is silent for a barrier any of whose
arrivals lies outside such a phase (in a loop of its own, in another branch, past the last wait
of a loop body, before two waits in a row), or whose group value reaches any op but the mbarrier
and TMA ops.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...analysis.ir import Block, Operation
from ...diagnostics import Diagnostic, Related, Severity
from .index import Body, HazardIndex
from .shapes import BodyShapes
from .static import Shape, ThreadValues, threads_running
from .transactions import barrier_key

CODE = "nvgpu.hazard.arrival-count"
RULE = ("`mbarrier.init` sets how many arrivals complete each phase of a barrier. Each thread running "
        "`mbarrier.arrive` or `mbarrier.arrive.expect_tx` arrives once (`arrive.nocomplete` its count; a TMA load "
        "not at all). Fewer arrivals in a phase and it never completes: the waits on it hang. More, and it "
        "completes before the last threads arrive, whose arrivals then count against the next phase.")
"""The rule as hover explains it."""

_ARRIVE = "nvgpu.mbarrier.arrive"
_EXPECT = "nvgpu.mbarrier.arrive.expect_tx"
_NOCOMPLETE = "nvgpu.mbarrier.arrive.nocomplete"
_ARRIVALS = frozenset({_ARRIVE, _EXPECT, _NOCOMPLETE})
_PARITY_WAIT = "nvgpu.mbarrier.try_wait.parity"
_TEST_WAIT = "nvgpu.mbarrier.test.wait"
_WAITS = frozenset({_PARITY_WAIT, _TEST_WAIT})
_INIT = "nvgpu.mbarrier.init"
_LOAD = "nvgpu.tma.async.load"
_USERS = _ARRIVALS | _WAITS | frozenset({_INIT, _LOAD})
"""The ops a barrier group may reach for its arrivals to be countable (none of them hands it on)."""
_LOOPS = frozenset({"scf.for", "scf.while"})


@dataclass
class _Phase:
    wait: Operation
    arrivals: list[Operation]


def arrival_hazards(index: HazardIndex, shapes: BodyShapes) -> list[Diagnostic]:
    """An error on each wait whose phase gets other than its barrier's arrival count."""
    found: list[Diagnostic] = []
    for init in index.inits:
        body = shapes.body_of(init)
        shape = shapes.block_of(body) if body is not None else None
        mine = _barrier_ops(init) if shape is not None else None
        if body is not None and shape is not None and mine is not None:
            found += _barrier_hazards(init, mine, body, shape)
    return found


def _barrier_ops(init: Operation) -> list[Operation] | None:
    """The ops on ``init``'s barrier, where they can be told apart from the group's other barriers,
    nothing else gets the group, this is the barrier's one init and a parity wait waits on it."""
    key = barrier_key(init)
    groups = init.operands_of("barriers")
    group = groups[0].definition if groups else None
    if key is None or group is None:
        return None
    keyed = [(use.owner, barrier_key(use.owner) if use.owner.name in _USERS else None) for use in group.uses]
    if any(user_key is None for _, user_key in keyed):
        return None
    mine = [user for user, user_key in keyed if user_key == key]
    if sum(1 for user in mine if user.name == _INIT) != 1 or not any(user.name == _PARITY_WAIT for user in mine):
        return None
    return mine


def _barrier_hazards(init: Operation, mine: list[Operation], body: Body, shape: Shape) -> list[Diagnostic]:
    values = ThreadValues(shape)
    count = _init_count(init, body, values)
    phases = _phases(init, mine)
    if count is None or phases is None:
        return []
    found = []
    for phase in phases:
        per_op = [(op, _arrivals_of(op, body, values)) for op in phase.arrivals]
        if any(arrived is None for _, arrived in per_op):
            continue
        total = sum(arrived for _, arrived in per_op)  # type: ignore[misc]
        if total != count:
            found.append(_diagnostic(phase, per_op, total, count, init, shape))  # type: ignore[arg-type]
    return found


def _init_count(init: Operation, body: Body, values: ThreadValues) -> int | None:
    """The arrival count ``init`` sets: the same in every thread that runs it."""
    uses = init.operands_of("count")
    counts = values.of(uses[0].definition) if uses else None
    running = threads_running(init, body.op, values)
    if counts is None or running is None:
        return None
    if isinstance(counts, int):
        return counts if any(running) else None
    chosen = {count for count, runs in zip(counts, running) if runs}
    return chosen.pop() if len(chosen) == 1 else None


def _phases(init: Operation, mine: list[Operation]) -> list[_Phase] | None:
    """The phases ending in a wait on the barrier, each with its arrivals; None where an arrival of
    the barrier is in none of them (or in two)."""
    arrivals = {id(op) for op in mine if op.name in _ARRIVALS}
    counted: set[int] = set()
    phases: list[_Phase] = []
    blocks: dict[int, Block] = {}
    for op in mine:
        if op.name == _PARITY_WAIT and op.parent is not None:
            blocks.setdefault(id(op.parent), op.parent)
    keyset = {id(op) for op in mine}
    for block in blocks.values():
        span: list[Operation] = []
        clean = block is not init.parent  # ops before the init are no part of a phase
        last: _Phase | None = None
        for op in block.ops:
            if op is init:
                span, clean, last = [], True, None
                continue
            if id(op) in keyset and op.name == _TEST_WAIT:
                span, clean, last = [], False, None  # it may find the phase incomplete: no phase ends here
                continue
            if id(op) in keyset and op.name == _PARITY_WAIT:
                if not span and last is not None:
                    # two waits in a row: the arrivals before them may complete two phases
                    phases.remove(last)
                    counted.difference_update(id(arrival) for arrival in last.arrivals)
                last = None
                if clean and span:
                    last = _Phase(op, span)
                    phases.append(last)
                    counted.update(id(arrival) for arrival in span)
                span, clean = [], True
                continue
            if id(op) in arrivals:
                span.append(op)
            elif op.regions:
                nested = [inner for inner in op.walk() if id(inner) in keyset and inner.name != _LOAD]
                if not nested:
                    continue
                if op.name == "scf.if" and all(inner.name in _ARRIVALS and _only_ifs(inner, op) for inner in nested):
                    span += nested
                else:
                    clean = False
        if span and block.parent is not None and block.parent.parent.name in _LOOPS:
            # arrivals after the last wait of a loop body belong to the next iteration's first phase
            first = next((phase for phase in phases if phase.wait.parent is block), None)
            if first is not None:
                phases.remove(first)
                counted.difference_update(id(arrival) for arrival in first.arrivals)
    if counted != arrivals:
        return None
    return phases


def _only_ifs(op: Operation, top: Operation) -> bool:
    """Is every op between ``op`` and ``top`` an ``scf.if``?"""
    return op.enclosing(lambda parent: parent is top or parent.name != "scf.if") is top


def _arrivals_of(op: Operation, body: Body, values: ThreadValues) -> int | None:
    """How many times ``op`` arrives in one run of its phase, summed over the block's threads."""
    running = threads_running(op, body.op, values)
    if running is None:
        return None
    if op.name != _NOCOMPLETE:
        return sum(running)
    uses = op.operands_of("count")
    counts = values.of(uses[0].definition) if uses else None
    if counts is None:
        return None
    if isinstance(counts, int):
        return counts * sum(running)
    return sum(count for count, runs in zip(counts, running) if runs)


def _diagnostic(phase: _Phase, per_op: list[tuple[Operation, int]], total: int, count: int, init: Operation,
                shape: Shape) -> Diagnostic:
    block = "x".join(str(size) for size in shape)
    if total < count:
        outcome = (f"the phase never completes and this wait waits for ever ({count - total} arrival"
                   f"{'s' if count - total != 1 else ''} short)")
    else:
        outcome = (f"the phase completes after the first {count}, before the other {total - count} have arrived, "
                   f"and their arrivals count against the next phase, which then completes early too")
    message = (f"the phase this wait waits for needs {count} arrival{'s' if count != 1 else ''} (the count given to "
               f"mbarrier.init), but in a {block} block the ops before it arrive {total} time"
               f"{'s' if total != 1 else ''}: {outcome}")
    related = (Related(init.name_start, init.name_end, f"the barrier is initialised with an arrival count of {count}"),
               *(Related(op.name_start, op.name_end, f"{arrived} arrival{'s' if arrived != 1 else ''} here")
                 for op, arrived in per_op))
    return Diagnostic(phase.wait.name_start, phase.wait.name_end, message, CODE, Severity.ERROR, related=related,
                      data={"count": count, "arrivals": total})
