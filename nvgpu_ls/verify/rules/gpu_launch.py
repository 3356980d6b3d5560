"""Verifier of ``gpu.launch_func`` (upstream's ``LaunchFuncOp::verify`` and the GPU dialect's
check of a ``gpu.container_module``): the launch sits in a container module, names a kernel
container and a ``gpu.func`` kernel that exist, and passes the kernel's arguments with their types.
Messages are upstream's, measured with ``mlir-opt-22``."""

from __future__ import annotations

from ...analysis.ir import Operation
from ...analysis.opview import OpView, same_type
from ..context import Report, unknowable, verifies

CODE = "gpu.launch-func"


def _closest_module(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and parent.name != "builtin.module":
        parent = parent.parent_op()
    return parent


@verifies("gpu.launch_func")
def verify_launch_func(view: OpView, report: Report) -> None:
    module = _closest_module(view.op)  # None: the module upstream wraps a file's top level in, bare
    if module is None or "gpu.container_module" not in module.attributes:
        report.op_error(view, "expected the closest surrounding module to have the 'gpu.container_module' attribute",
                        f"{CODE}.container-module")
        return
    use = view.symbol_use()
    if use is None or "::" not in use.name:
        return
    function = view.op.parent_op()
    if module is None or function is None or function.parent_op() is not module:
        return  # upstream checks only the launches directly inside the module's functions
    container_name = use.name.split("::", 1)[0]
    container = next((op for op in _children(module) if op.symbol_name == container_name), None)
    if container is None:
        report.op_error(view, f"kernel container '{container_name[1:]}' is undefined", f"{CODE}.container",
                        span=(use.start, use.end))
        return
    if container.name != "gpu.module":
        return
    kernel = view.symbol_target()
    if kernel is None:
        report.op_error(view, f"kernel function '{use.name}' is undefined", f"{CODE}.kernel",
                        span=(use.start, use.end))
        return
    if kernel.name != "gpu.func":
        return
    kernel_view = OpView(kernel, view.doc)
    if not kernel_view.has_attr("gpu.kernel"):
        report.op_error(view, "kernel function is missing the 'gpu.kernel' attribute", f"{CODE}.not-kernel")
        return
    signature = kernel_view.function_type()
    operands = view.operands("kernelOperands")
    if signature is None:
        return
    if len(operands) != len(signature.inputs):
        report.op_error(view, f"got {len(operands)} kernel operands but expected {len(signature.inputs)}",
                        f"{CODE}.operand-count")
        return
    for index, (operand, expected) in enumerate(zip(operands, signature.inputs)):
        expected = view.resolve(expected)  # type: ignore[assignment]
        if operand.type is None or unknowable(operand.type) or unknowable(expected) or same_type(operand.type, expected):
            continue
        report.op_error(view, f"type of function argument {index} does not match", f"{CODE}.operand-type",
                        span=view.type_span(operand))
        return


def _children(op: Operation):
    for region in op.regions:
        for block in region.blocks:
            yield from block.ops
