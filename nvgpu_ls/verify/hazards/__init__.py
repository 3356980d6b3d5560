"""Hazards no single op's verifier can see: checks across the ops of a kernel (issue 19).

Each check reads the whole function around the ops it is about, follows values through
``arith`` to constants (``static.py``) and stays silent wherever something it needs is not
known statically: a hazard diagnostic is a promise about what will happen at run time, so
it is given only where the facts are all in the text. Codes are ``nvgpu.hazard.*``; each
module's docstring holds the rule, and docs/hazards.md has a page on each.

* ``transactions.py`` -- ``nvgpu.hazard.tx-bytes``: the bytes an mbarrier phase is told to
  expect against the bytes the TMA loads signalling it bring.
* ``shared_memory.py`` -- ``nvgpu.hazard.shared-memory``: a kernel's static shared memory,
  and that plus its launch's dynamic shared memory, against its chip's per-block maximum.
* ``launch_shape.py`` -- ``nvgpu.hazard.launch-shape``: blocks of a kernel with warpgroup ops
  that are not whole warpgroups.
* ``phases.py`` -- ``nvgpu.hazard.phase-parity``: a wait in a loop that re-arms its barrier,
  with the same parity in every iteration.
* ``arrivals.py`` -- ``nvgpu.hazard.arrival-count``: the arrivals of a phase against the count
  its ``mbarrier.init`` set, where the block's shape fixes them.
* ``alignment.py`` -- ``nvgpu.hazard.tma-alignment``: a TMA load into a global declared below
  128-byte alignment.
* ``layouts.py`` -- ``nvgpu.hazard.tile-layout``: a wgmma descriptor reading a buffer with
  another swizzle or tile than the TMA load that fills it.

They share one walk of the document (``index.py``), the values ``static.py`` works out (per
block, or per thread of a block of a known shape) and the shapes ``shapes.py`` finds: they run
on every check.
"""

from __future__ import annotations

from ...analysis.document import Document
from ...diagnostics import Diagnostic
from . import alignment, arrivals, launch_shape, layouts, phases, shared_memory, transactions
from .alignment import alignment_hazards
from .arrivals import arrival_hazards
from .index import index_hazard_ops
from .launch_shape import launch_shape_hazards
from .layouts import layout_hazards
from .phases import phase_hazards
from .shapes import BodyShapes
from .shared_memory import shared_memory_hazards
from .transactions import transaction_hazards

_CHECKS = (transactions, shared_memory, launch_shape, phases, alignment, layouts, arrivals)
RULES: dict[str, str] = {check.CODE: check.RULE for check in _CHECKS}
"""Each hazard code and the rule behind it, in a paragraph (hover shows it on the diagnostic)."""


def _summary(doc: str | None) -> str:
    """The title of a check module's docstring (what follows its ``code``:), as a sentence."""
    title = (doc or "").split("\n\n", 1)[0].split(": ", 1)[-1].replace("\n", " ").strip().rstrip(".")
    return title[:1].upper() + title[1:] + "." if title else "A hazard across the ops of a kernel."


SUMMARIES: dict[str, str] = {check.CODE: _summary(check.__doc__) for check in _CHECKS}
"""Each hazard code in a sentence: what it catches (SARIF's short description)."""


def hazard_diagnostics(doc: Document, fallback_target: str | None = None,
                       fallback_origin: str = "--target") -> list[Diagnostic]:
    """Every hazard diagnostic of ``doc``; ``fallback_target`` is the target of modules that
    name none (the configuration's, the setting's)."""
    index = index_hazard_ops(doc)
    shapes = BodyShapes(doc, index)
    return (transaction_hazards(doc, index, shapes)
            + shared_memory_hazards(doc, index, fallback_target, fallback_origin)
            + launch_shape_hazards(doc, index, shapes) + phase_hazards(doc, index) + alignment_hazards(doc, index)
            + layout_hazards(doc, index) + arrival_hazards(index, shapes))
