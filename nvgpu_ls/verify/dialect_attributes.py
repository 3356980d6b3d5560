"""Discardable attributes a dialect verifies on whatever op carries them (upstream's
``Dialect::verifyOperationAttribute``), before the op's own verifier runs.

The NVVM dialect's rules, measured with ``mlir-opt-22``: ``nvvm.kernel`` only on ``llvm.func``;
launch bounds (``nvvm.maxntid``, ``nvvm.reqntid``, ``nvvm.cluster_dim``) an ``array<i32: ...>``
of one to three sizes; register and occupancy hints (``nvvm.maxnreg``, ``nvvm.minctasm``,
``nvvm.cluster_max_blocks``) integers; ``nvvm.blocksareclusters`` only beside both
``nvvm.reqntid`` and ``nvvm.cluster_dim``. On a function's arguments (``arg_attrs``),
``nvvm.grid_constant`` is a unit attribute of an ``llvm.byval`` argument of a function marked
``nvvm.kernel``. Other ``nvvm.*`` names are left alone, as upstream leaves them. Messages are
upstream's, quotes included.
"""

from __future__ import annotations

from ..analysis.ir import AttrEntry
from ..analysis.opview import OpView
from ..analysis.values import ArrayAttr, DenseArrayAttr, DictionaryAttr, IntegerAttr, IntegerType, UnitAttr
from .context import Report

_KERNEL_HOSTS = ("llvm.func",)
_SIZE_ARRAYS = ("nvvm.maxntid", "nvvm.reqntid", "nvvm.cluster_dim")
_INTEGERS = ("nvvm.maxnreg", "nvvm.minctasm", "nvvm.cluster_max_blocks")


def check_dialect_attributes(view: OpView, report: Report) -> bool:
    """Report the first discardable attribute of ``view``'s op its dialect rejects; True when one was."""
    attributes = view.op.attributes
    if not attributes:
        return False
    for name, entry in attributes.items():
        if name == "arg_attrs" and entry.inherent:
            message = _argument_problem(view, entry)
            if message is not None:
                report.error(view, message, "attribute.dialect", data={"attribute": "nvvm.grid_constant"})
                return True
        if entry.inherent or not name.startswith("nvvm."):
            continue
        message = _nvvm_problem(view, name, entry)
        if message is not None:
            report.error(view, message, "attribute.dialect", span=_span(view, entry),
                         data={"attribute": name})
            return True
    return False


def _nvvm_problem(view: OpView, name: str, entry: AttrEntry) -> str | None:
    value = entry.value
    if name == "nvvm.kernel":
        return None if view.op.name in _KERNEL_HOSTS else "'nvvm.kernel' attribute attached to unexpected op"
    if name in _SIZE_ARRAYS:
        sized = isinstance(value, DenseArrayAttr) and value.element == IntegerType(32) and 1 <= len(value.values) <= 3
        return None if sized else f"'\"{name}\"' attribute must be integer array with maximum 3 index"
    if name in _INTEGERS:
        return None if isinstance(value, IntegerAttr) else f"'\"{name}\"' attribute must be integer constant"
    if name == "nvvm.blocksareclusters":
        attributes = view.op.attributes
        if "nvvm.reqntid" not in attributes or "nvvm.cluster_dim" not in attributes:
            return "'\"nvvm.blocksareclusters\"' attribute must be used along with 'nvvm.reqntid' and 'nvvm.cluster_dim'"
    return None


def _argument_problem(view: OpView, entry: AttrEntry) -> str | None:
    """What upstream's ``verifyRegionArgAttribute`` says of the first ``nvvm.grid_constant`` argument."""
    if not isinstance(entry.value, ArrayAttr):
        return None
    for attributes in entry.value.elements:
        if not isinstance(attributes, DictionaryAttr):
            continue
        value = attributes.get("nvvm.grid_constant")
        if value is None:
            continue
        if "nvvm.kernel" not in view.op.attributes:
            return "'\"nvvm.grid_constant\"' attribute must be present only on kernel arguments"
        if not isinstance(value, UnitAttr):
            return "'\"nvvm.grid_constant\"' must be a unit attribute"
        if attributes.get("llvm.byval") is None:
            return "'\"nvvm.grid_constant\"' attribute requires the argument to also have attribute 'llvm.byval'"
    return None


def _span(view: OpView, entry: AttrEntry) -> tuple[int, int]:
    """The attribute where it is on the op's first line (upstream points at the op), else the op."""
    start, end = view.span
    return (entry.start, entry.end) if start <= entry.start < end else (start, end)
