"""``nvgpu.hazard.phase-parity``: a wait in a loop whose parity never changes while the loop re-arms the barrier.

An mbarrier's phases alternate parity: 0, 1, 0, ... ``nvgpu.mbarrier.try_wait.parity %bar[%i],
%p`` waits until the phase of parity ``%p`` has completed, and returns at once when the current
phase has the other parity (the one of parity ``%p`` is then already complete). A loop that
arms the barrier again in every iteration (``mbarrier.arrive.expect_tx``, ``mbarrier.arrive``,
a TMA load signalling it) completes one phase per iteration, so its wait must flip its parity
with the iteration (``(k / step) % 2``, an iteration argument that flips). With the same parity
in every iteration, every other wait returns before its phase's data has landed; the Hopper GEMM
written so (tests/data/hazards/parity_fixed.mlir) failed on an H200 with
``CUDA_ERROR_LAUNCH_FAILED``, every run.

Checked for the nearest enclosing ``scf.for`` / ``scf.while`` of the wait: the parity is the same
in every iteration when its value is defined outside the loop; the loop re-arms the barrier when
an op inside it arrives on or loads into the same barrier (the same ``%bar`` value and constant
id).
"""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic, Related, Severity
from .index import HazardIndex
from .transactions import barrier_key

CODE = "nvgpu.hazard.phase-parity"
RULE = ("An mbarrier's phases alternate parity 0, 1, 0, ...; `try_wait.parity` returns at once when the phase "
        "of the parity it names has already completed. A loop that arms the barrier in every iteration completes "
        "a phase per iteration, so its wait must flip its parity with the iteration: with the same parity every "
        "time, every other wait returns before that phase's data has landed.")
"""The rule as hover explains it."""

_LOOPS = frozenset({"scf.for", "scf.while"})
_ARMING = frozenset({"nvgpu.mbarrier.arrive.expect_tx", "nvgpu.mbarrier.arrive", "nvgpu.mbarrier.arrive.nocomplete",
                     "nvgpu.tma.async.load"})


def phase_hazards(doc: Document, index: HazardIndex) -> list[Diagnostic]:
    """An error on each wait in a re-arming loop whose parity is the same in every iteration."""
    found = []
    for wait in index.parity_waits:
        loop = wait.enclosing(lambda parent: parent.name in _LOOPS or parent.is_function_like)
        if loop is None or loop.name not in _LOOPS:
            continue
        parity = wait.operands_of("phaseParity")
        definition = parity[0].definition if len(parity) == 1 else None
        if definition is None or loop.start <= definition.start < loop.end:
            continue
        key = barrier_key(wait)
        if key is None:
            continue
        arming = next((op for op in loop.walk() if op.name in _ARMING and barrier_key(op) == key), None)
        if arming is None:
            continue
        message = (f"this wait's parity ({parity[0].name}) is the same in every iteration of the {loop.name}, but "
                   f"the loop arms the barrier again in each, completing one phase per iteration: phases alternate "
                   f"parity 0, 1, 0, ..., so every other wait finds a completed phase of that parity and returns at "
                   f"once, before the data of the new phase has landed (flip the parity with the iteration)")
        related = (Related(arming.name_start, arming.name_end, "the loop arms the barrier here"),
                   Related(definition.start, definition.end, "the parity is defined outside the loop"))
        found.append(Diagnostic(wait.name_start, wait.name_end, message, CODE, Severity.ERROR, related=related))
    return found
