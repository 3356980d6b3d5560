"""Verifier of ``llvm.getelementptr`` (upstream's ``GEPOp::verify``): as many SSA indices as
``rawConstantIndices`` marks dynamic, and each index after the first stepping into a type that
can be indexed (a struct by a constant in range, an array or a vector by anything). Messages are
upstream's, measured with ``mlir-opt-22``."""

from __future__ import annotations

from ...analysis.formats import GEP_DYNAMIC
from ...analysis.opview import OpView
from ...analysis.values import LLVMArrayType, LLVMStructType, TypeAttr, VectorType
from ..context import Report, unknowable, verifies

CODE = "llvm.gep"


@verifies("llvm.getelementptr")
def verify_gep(view: OpView, report: Report) -> None:
    indices = view.int_list_attr("rawConstantIndices")
    if indices is None:
        return
    if sum(1 for i in indices if i == GEP_DYNAMIC) != len(view.operands("dynamicIndices")):
        report.op_error(view, "expected as many dynamic indices as specified in 'rawConstantIndices'",
                        f"{CODE}.dynamic-count")
        return
    element = view.attr("elem_type")
    current = element.type if isinstance(element, TypeAttr) else None
    for position, index in enumerate(indices[1:], start=1):
        if current is None or unknowable(current):
            return
        if isinstance(current, LLVMStructType):
            if current.body is None:
                return  # an identified struct named only, or opaque: its members are not here
            if index == GEP_DYNAMIC:
                message = f"expected index {position} indexing a struct to be constant"
            elif not 0 <= index < len(current.body):
                message = f"index {position} indexing a struct is out of bounds"
            else:
                current = current.body[index]
                continue
        elif isinstance(current, (LLVMArrayType, VectorType)):
            current = current.element
            continue
        else:
            message = f"type '{current}' cannot be indexed (index #{position})"
        report.op_error(view, message, f"{CODE}.index")
        return
