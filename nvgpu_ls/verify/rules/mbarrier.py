"""Verifiers for the mbarrier ops, and the helpers the TMA and warpgroup rules share.

Upstream gives the mbarrier ops no verifier of their own: their ODS constraints (an
``!nvgpu.mbarrier.group`` operand, ``index`` ids and counts, an ``i1`` parity, an
``!nvgpu.mbarrier.token``) are the structural layer's business, and a value of another type where
the custom syntax implies one (an ``index`` parity) the use-def layer's. What is left are the
things that make a barrier misbehave at run time although upstream accepts the IR,
each checked here and reported as a warning that says why:

* ``nvgpu.mbarrier.memory-space`` -- the group is not in shared memory. Upstream
  accepts any memory space (measured with ``mlir-opt-22``): ``mbarrier.create`` then
  allocates a module global outside shared memory and the ops lower to the
  generic-address ``nvvm.mbarrier.*`` forms, whose PTX is undefined unless the
  address falls inside the shared window.
* ``nvgpu.mbarrier.num-barriers`` -- ``num_barriers = 0``: every id is out of bounds.
* ``nvgpu.mbarrier.index-range`` -- a constant ``mbarId`` outside ``0 .. num_barriers-1``:
  the lowering indexes the barrier array without a bounds check.
* ``nvgpu.mbarrier.count-range`` -- a constant arrival count outside ``1 .. 2^20-1`` or a
  constant transaction count outside ``0 .. 2^20-1``, the ranges PTX defines.

``nvgpu.mbarrier.inval`` (an nvgpu-ls op, not upstream) gets the same checks.
"""

from __future__ import annotations

from ...analysis.ir import Operation
from ...analysis.values import (
    Attr, FloatType, IndexType, IntegerAttr, IntegerType, MBarrierGroupType, Type, element_bit_width,
)
from ...diagnostics import Related, Severity
from ...analysis.opview import Operand, OpView, Span
from ..context import Report, verifies
from ...dialects.memory_spaces import shared_memory_space

MAX_MBARRIER_COUNT = (1 << 20) - 1
"""PTX: arrival and transaction counts of an mbarrier are at most 2^20 - 1."""


# ---------------------------------------------------------------- helpers shared by the rule modules
def upstream_bit_width(element: Type | None) -> int | None:
    """``getIntOrFloatBitWidth`` as upstream computes it (tf32 counts 19 bits); None
    for element types that have none (index, vectors, unknown types)."""
    if isinstance(element, FloatType) and element.name == "tf32":
        return 19
    if element is None or isinstance(element, IndexType):
        return None
    if isinstance(element, (IntegerType, FloatType)):
        return element_bit_width(element)
    return None


def constant_int(operand: Operand | None) -> int | None:
    """The value of an operand defined by ``arith.constant`` / ``index.constant`` with an
    integer value, else None."""
    if operand is None or operand.definition is None:
        return None
    owner = operand.definition.owner
    if not isinstance(owner, Operation) or owner.name not in ("arith.constant", "index.constant"):
        return None
    entry = owner.attributes.get("value")
    value = entry.value if entry is not None else None
    return value.value if isinstance(value, IntegerAttr) else None


def defined_type(view: OpView, operand: Operand | None) -> Type | None:
    """The type the operand's value was defined with (not the type the op's syntax implies
    for it); for ``arith.constant`` results, the type of the constant."""
    if operand is None or operand.definition is None:
        return None
    found = view.type_of_value(operand.definition)
    if found is not None:
        return found
    owner = operand.definition.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        entry = owner.attributes.get("value")
        value = entry.value if entry is not None else None
        if isinstance(value, IntegerAttr):
            return value.type
    return None


def type_alias_related(view: OpView, span: Span | None, what: str = "defined here") -> tuple[Related, ...]:
    """Where the ``!alias`` written at ``span`` is defined, when the type there is an alias."""
    if span is None:
        return ()
    written = view.doc.text[span[0]:span[1]].strip()
    if not written.startswith("!") or "<" in written:
        return ()
    alias = view.doc.aliases(view.op.start).get(written)
    if alias is None:
        return ()
    return (Related(alias.start, alias.end, f"{written} {what}"),)


def space_text(space: Attr | None) -> str:
    """A memory space as a message names it."""
    if space is None:
        return "the default memory space"
    if isinstance(space, IntegerAttr):
        return f"memory space {space.value}"
    return str(space)


# ---------------------------------------------------------------- rules
def _warn(report: Report, view: OpView, message: str, code: str, span: Span,
          related: tuple[Related, ...] = ()) -> None:
    report.error(view, message, code, span, related, severity=Severity.WARNING)


def _defined_by_create(operand: Operand) -> bool:
    owner = operand.definition.owner if operand.definition is not None else None
    return isinstance(owner, Operation) and owner.name == "nvgpu.mbarrier.create"


def check_group_memory_space(view: OpView, report: Report, group: MBarrierGroupType, span: Span,
                             related: tuple[Related, ...] = ()) -> None:
    shared = shared_memory_space(group.memory_space)
    if shared is False:
        _warn(report, view,
              f"the mbarrier group is in {space_text(group.memory_space)}, not in shared memory "
              "(#gpu.address_space<workgroup> or 3): the barriers are then allocated outside shared "
              "memory and the generic-address mbarrier instructions they lower to are undefined there",
              "nvgpu.mbarrier.memory-space", span, related)


def check_barrier_operands(view: OpView, report: Report, barriers: str = "barriers", index: str = "mbarId",
                           memory_space: bool = True) -> None:
    """The group/id rules every op that addresses one barrier of a group shares."""
    operand = view.operand(barriers)
    if operand is None or not isinstance(operand.type, MBarrierGroupType):
        return
    group = operand.type
    type_span = view.type_span(operand)
    group_related = type_alias_related(view, type_span, "defined here") + view.defined_here(operand)
    if memory_space and not _defined_by_create(operand):
        # a group made here by mbarrier.create is reported once, at the create
        check_group_memory_space(view, report, group, type_span, group_related)
    ident = view.operand(index)
    value = constant_int(ident)
    if value is None or ident is None:
        return
    count = group.num_barriers
    if value < 0 or value >= count:
        valid = f"valid ids are 0 to {count - 1}" if count > 0 else "it has no barrier"
        _warn(report, view,
              f"mbarrier id {value} is out of range for a group of {count} "
              f"barrier{'s' if count != 1 else ''} ({valid}); the lowering "
              "does not bounds-check it and addresses memory past the group",
              "nvgpu.mbarrier.index-range", ident.span, group_related)


def check_count(view: OpView, report: Report, group: str, what: str, low: int) -> None:
    operand = view.operand(group)
    value = constant_int(operand)
    if value is None or operand is None:
        return
    if value < low or value > MAX_MBARRIER_COUNT:
        _warn(report, view,
              f"{what} {value} is outside the range {low} to {MAX_MBARRIER_COUNT} (2^20 - 1) that PTX "
              "allows for an mbarrier; the behaviour is undefined",
              "nvgpu.mbarrier.count-range", operand.span)


@verifies("nvgpu.mbarrier.create")
def verify_mbarrier_create(view: OpView, report: Report) -> None:
    group = view.result_type(0)
    if not isinstance(group, MBarrierGroupType):
        return
    span = view.result_span(0)
    related = type_alias_related(view, span, "defined here")
    check_group_memory_space(view, report, group, span, related)
    if group.num_barriers == 0:
        _warn(report, view,
              "the mbarrier group has num_barriers = 0: it allocates no barrier, so every mbarrier id "
              "used with it is out of bounds",
              "nvgpu.mbarrier.num-barriers", span, related)


@verifies("nvgpu.mbarrier.init", "nvgpu.mbarrier.arrive.nocomplete")
def verify_mbarrier_arrival_count(view: OpView, report: Report) -> None:
    check_barrier_operands(view, report)
    check_count(view, report, "count", "the arrival count", 1)


@verifies("nvgpu.mbarrier.arrive.expect_tx")
def verify_mbarrier_arrive_expect_tx(view: OpView, report: Report) -> None:
    check_barrier_operands(view, report)
    check_count(view, report, "txcount", "the transaction count", 0)


@verifies("nvgpu.mbarrier.arrive", "nvgpu.mbarrier.test.wait", "nvgpu.mbarrier.get", "nvgpu.mbarrier.inval",
          "nvgpu.mbarrier.try_wait.parity")
def verify_mbarrier_access(view: OpView, report: Report) -> None:
    check_barrier_operands(view, report)
