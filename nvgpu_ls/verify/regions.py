"""Where ops may stand and how their regions end: upstream's structural traits and block checks.

Upstream's verifier checks, for every op: that an op with ``HasParent<...>`` sits directly in
one of those parents, that a terminator is the last op of its block, that a ``SingleBlock``
region has at most one block, and that every block of a region that needs terminators (its op
lacks ``NoTerminator``) ends with one, an empty block included. An op with
``SingleBlockImplicitTerminator<T>`` read from its custom form gets ``T`` when its body has
none, so only its generic form must spell it. Messages are upstream's (measured with
``mlir-opt-22``).
"""

from __future__ import annotations

from ..analysis.ir import Block, Operation
from ..analysis.opview import OpView
from ..memory import register_cache
from .context import Report


def check_regions(view: OpView, report: Report) -> bool:
    """Report the first structural problem of ``view``'s op and its regions; True when one was."""
    op = view.op
    facts = op.facts
    if facts is None:
        return False
    traits = facts.traits
    parents, implicit, terminator = _structural_traits(traits)
    if parents is None and not terminator and not op.regions:
        return False  # the common op: nothing here applies to it
    if parents is not None:
        parent = op.parent_op()
        parent_name = parent.name if parent is not None else "builtin.module"  # the implicit top-level module
        if parent_name not in parents and (parent is None or parent.facts is not None):  # not a misspelt parent
            if len(parents) == 1:
                report.op_error(view, f"expects parent op '{parents[0]}'", "op.parent", data={"expected": parents})
            else:
                report.op_error(view, f"expects parent op to be one of '{', '.join(sorted(parents))}'", "op.parent",
                                data={"expected": parents})
            return True
    if terminator and op.parent is not None and op.parent.ops and op.parent.ops[-1] is not op:
        report.op_error(view, "must be the last operation in the parent block", "op.terminator-position")
        return True
    for index, region in enumerate(op.regions):
        blocks = [b for b in region.blocks if not _is_empty_region_body(region.blocks, b)]
        if "SingleBlock" in traits and len(blocks) > 1:
            report.op_error(view, f"expects region #{index} to have 0 or 1 blocks", "op.region-blocks")
            return True
        if _needs_terminators(op, traits, implicit):
            for block in blocks:
                if _missing_terminator(view, block, report):
                    return True
    return False


def _needs_terminators(op: Operation, traits: tuple[str, ...], implicit: list[str] | None) -> bool:
    if "NoTerminator" in traits or op.syntax in ("heuristic", "unknown"):
        return False
    return implicit is None or op.generic


def _missing_terminator(view: OpView, block: Block, report: Report) -> bool:
    if not block.ops:
        report.error(view, "empty block: expect at least a terminator", "block.terminator",
                     span=(view.op.start, view.op.name_end))
        return True
    last = block.ops[-1]
    if last.facts is None or "Terminator" in last.facts.traits:
        return False  # an op nothing is known of may be a terminator
    first_line = view.doc.text[last.start:last.end].split("\n", 1)[0].strip()
    report.error(view, f"block with no terminator, has {first_line}", "block.terminator",
                 span=(last.name_start, last.name_end))
    return True


def _is_empty_region_body(blocks: list[Block], block: Block) -> bool:
    """``{}``: upstream reads an empty region, without a block."""
    return len(blocks) == 1 and block.label is None and not block.ops and not block.args


def _structural_traits(traits: tuple[str, ...]) -> tuple[list[str] | None, list[str] | None, bool]:
    """The parameters of the op's ``HasParent`` and ``SingleBlockImplicitTerminator`` traits and
    whether it is a ``Terminator``, read once per op kind (an op kind's traits are one tuple)."""
    known = _STRUCTURAL.get(id(traits))
    if known is None or known[0] is not traits:
        known = _STRUCTURAL[id(traits)] = (traits, _trait_parameters(traits, "HasParent"),
                                           _trait_parameters(traits, "SingleBlockImplicitTerminator"),
                                           "Terminator" in traits)
    return known[1], known[2], known[3]


_STRUCTURAL: dict[int, tuple] = {}
register_cache(_STRUCTURAL.clear)


def _trait_parameters(traits: tuple[str, ...], name: str) -> list[str] | None:
    """The parameters of ``name<a|b>`` among ``traits``, or None when the op has no such trait."""
    prefix = name + "<"
    for trait in traits:
        if trait.startswith(prefix) and trait.endswith(">"):
            return trait[len(prefix):-1].split("|")
    return None
