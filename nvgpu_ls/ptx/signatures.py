"""Function signatures with nvgpu types converted to LLVM types, before the GPU-to-NVVM passes.

Upstream's ``convert-nvgpu-to-nvvm`` rewrites nvgpu ops but not the signatures of the
functions that take nvgpu values: a kernel with a ``!nvgpu.tensormap.descriptor`` argument
keeps it, with a ``builtin.unrealized_conversion_cast`` to ``!llvm.ptr`` at each use, and
``convert-gpu-to-nvvm`` then fails to legalize the ``gpu.func`` (its type converter knows no
nvgpu type). The builtin engine's output has the same shape. This step, run in the native
worker on the parsed module, gives each such argument the LLVM type its casts convert it to
(or, unused or only used unconverted, the type upstream's type converter gives it), drops
those casts and keeps a cast back to the nvgpu type for any other use, which
``reconcile-unrealized-casts`` then removes or reports.

Runs inside the native worker: standard library only, the bindings passed in as ``ir``.
"""

from __future__ import annotations

import re
from typing import Any

FUNCTION_OPS = ("gpu.func", "func.func")
CAST = "builtin.unrealized_conversion_cast"

_SPACES = {"workgroup": 3, "global": 1, "private": 5}


def fallback_type(spelled: str) -> str | None:
    """The LLVM type upstream's type converter gives an nvgpu type (spelled as printed), for
    the kinds whose conversion does not depend on more than the spelling; None otherwise."""
    if spelled.startswith("!nvgpu.tensormap.descriptor"):
        return "!llvm.ptr"
    if spelled.startswith("!nvgpu.mbarrier.token") or spelled.startswith("!nvgpu.warpgroup.descriptor"):
        return "i64"
    if spelled.startswith("!nvgpu.device.async.token"):
        return "i32"
    if spelled.startswith("!nvgpu.mbarrier.group"):
        # A memref<num x i64, space>: its descriptor does not depend on num.
        found = re.search(r"memorySpace\s*=\s*(?:#gpu\.address_space<(\w+)>|(\d+))", spelled)
        space = 0
        if found:
            space = _SPACES.get(found.group(1), 0) if found.group(1) else int(found.group(2))
        pointer = f"ptr<{space}>" if space else "ptr"
        return f"!llvm.struct<({pointer}, {pointer}, i64, array<1 x i64>, array<1 x i64>)>"
    return None


def is_nvgpu(type_: Any) -> bool:
    return str(type_).startswith("!nvgpu.")


def convert_signatures(ir: Any, module: Any) -> list[str]:
    """Convert the nvgpu-typed arguments of every function in ``module`` (see the module
    docstring); the problems found, as messages."""
    problems: list[str] = []
    for function in _functions(module.operation):
        problems += _convert_function(ir, function)
    return problems


def _op(op: Any) -> Any:
    """The Operation of an OpView (the bindings hand out either)."""
    return getattr(op, "operation", op)


def _functions(op: Any) -> list[Any]:
    found = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                child = child.operation
                if child.name in FUNCTION_OPS:
                    found.append(child)
                elif child.name in ("builtin.module", "gpu.module"):
                    found.extend(_functions(child))
    return found


def _convert_function(ir: Any, function: Any) -> list[str]:
    function_type = ir.FunctionType(ir.TypeAttr(function.attributes["function_type"]).value)
    inputs = list(function_type.inputs)
    name = str(function.attributes["sym_name"]).strip('"')
    results, problems = _convert_results(ir, function, name, list(function_type.results))
    if not any(is_nvgpu(t) for t in inputs) or not function.regions or not function.regions[0].blocks:
        if results != list(function_type.results):
            function.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
        return problems
    block = function.regions[0].blocks[0]
    for index, argument in enumerate(block.arguments):
        source = argument.type
        if not is_nvgpu(source):
            continue
        owners = [_op(use.owner) for use in argument.uses]
        casts = [owner for owner in owners
                 if owner.name == CAST and len(owner.results) == 1
                 and len(owner.operands) == 1 and not is_nvgpu(owner.results[0].type)]
        if casts:
            converted = casts[0].results[0].type
        else:
            spelled = fallback_type(str(source))
            if spelled is None:
                problems.append(f"@{name}: argument {index} has nvgpu type {source}, which nothing converts")
                continue
            converted = ir.Type.parse(spelled)
        argument.set_type(converted)
        dropped = [cast for cast in casts if cast.results[0].type == converted]
        others = [owner for owner in owners if not any(owner == cast for cast in dropped)]
        if others:
            with ir.InsertionPoint.at_block_begin(block):
                back = ir.Operation.create(CAST, results=[source], operands=[argument], loc=argument.location)
            for owner in others:
                owner.replace_uses_of_with(argument, back.results[0])
        for cast in dropped:
            cast.results[0].replace_all_uses_with(argument)
            cast.erase()
        inputs[index] = converted
    function.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
    return problems


def _convert_results(ir: Any, function: Any, name: str, results: list) -> tuple[list, list[str]]:
    """Results of nvgpu type become the LLVM type that every return's operand is a cast from
    (the lowered value, cast back to the nvgpu type for the return)."""
    problems = []
    returns = [op for op in _walk(function) if op.name in ("func.return", "gpu.return")]
    for index, type_ in enumerate(results):
        if not is_nvgpu(type_):
            continue
        sources: list[Any] = []
        for ret in returns:
            owner = _op(ret.operands[index].owner) if index < len(ret.operands) else None
            if (owner is None or owner.name != CAST or len(owner.operands) != 1
                    or is_nvgpu(owner.operands[0].type)):
                sources = []
                break
            sources.append(owner.operands[0])
        if not sources or any(s.type != sources[0].type for s in sources):
            problems.append(f"@{name}: result {index} has nvgpu type {type_}, which nothing converts")
            continue
        for ret, source in zip(returns, sources):
            ret.operands[index] = source
        results[index] = sources[0].type
    return results, problems


def _walk(op: Any) -> list[Any]:
    found = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                child = _op(child)
                found.append(child)
                found.extend(_walk(child))
    return found
