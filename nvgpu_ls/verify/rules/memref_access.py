"""Verifiers of ``memref.load``, ``memref.store`` and ``memref.get_global`` (upstream's
``LoadOp::verify``, ``StoreOp::verify``, ``GetGlobalOp::verifySymbolUses``): one index per
dimension, and a global that exists with the type the op claims. Messages are upstream's."""

from __future__ import annotations

from ...analysis.values import MemRefType, TypeAttr
from ...analysis.opview import OpView, same_type
from ..context import Report, unknowable, verifies

CODE = "memref"


def _rank(view: OpView) -> int | None:
    memref = view.type_of("memref")
    return memref.rank if isinstance(memref, MemRefType) else None


@verifies("memref.load")
def verify_load(view: OpView, report: Report) -> None:
    rank, count = _rank(view), len(view.operands("indices"))
    if rank is not None and rank != count:
        report.op_error(view, f"incorrect number of indices for load, expected {rank} but got {count}",
                        f"{CODE}.index-count")


@verifies("memref.store")
def verify_store(view: OpView, report: Report) -> None:
    rank, count = _rank(view), len(view.operands("indices"))
    if rank is not None and rank != count:
        report.op_error(view, "store index operand count not equal to memref rank", f"{CODE}.index-count")


@verifies("memref.get_global")
def verify_get_global(view: OpView, report: Report) -> None:
    use = view.symbol_use()
    if use is None:
        return
    target = view.symbol_target()
    if target is None or target.name != "memref.global":
        if target is not None and target.facts is None:
            return
        report.op_error(view, f"'{use.name[1:]}' does not reference a valid global memref", f"{CODE}.global",
                        span=(use.start, use.end))
        return
    declared = OpView(target, view.doc).attr("type")
    expected = declared.type if isinstance(declared, TypeAttr) else None
    found = view.result_type(0)
    if expected is None or found is None or unknowable(expected) or unknowable(found) or same_type(expected, found):
        return
    report.op_error(view, f"result type '{found}' does not match type '{expected}' of the global memref {use.name}",
                    f"{CODE}.global-type", span=view.result_span(0))
