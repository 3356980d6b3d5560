"""What flows out of the regions of ``scf.for``, ``scf.if`` and ``scf.while`` (upstream's
``LoopLikeOpInterface`` and ``RegionBranchOpInterface`` checks): a region's terminator passes as
many values as its successor takes, of their types. Messages are upstream's, measured with
``mlir-opt-22``."""

from __future__ import annotations

from ...analysis.ir import Operation, Region
from ...analysis.values import Type
from ...analysis.opview import OpView, same_type
from ..context import Report, unknowable, verifies

CODE = "scf.region"


def _terminator(region: Region) -> Operation | None:
    if not region.blocks or not region.blocks[-1].ops:
        return None
    return region.blocks[-1].ops[-1]


def _types(view: OpView, values) -> list[Type | None]:
    return [view.type_of_value(v) for v in values]


def _operand_types(view: OpView, op: Operation) -> list[Type | None]:
    return [o.type for o in OpView(op, view.doc).all_operands()]


def _edge_problem(source: list[Type | None], target: list[Type | None]) -> str | None:
    if len(source) != len(target):
        return f"region branch point has {len(source)} operands, but region successor needs {len(target)} inputs"
    for index, (found, wanted) in enumerate(zip(source, target)):
        if found is None or wanted is None or unknowable(found) or unknowable(wanted) or same_type(found, wanted):
            continue
        return f"successor operand type #{index} '{found}' should match successor input type #{index} '{wanted}'"
    return None


@verifies("scf.for")
def verify_for(view: OpView, report: Report) -> None:
    if not view.op.regions or not view.op.regions[0].blocks:
        return
    body = view.op.regions[0].blocks[0]
    iter_args = body.args[1:]
    yield_op = _terminator(view.op.regions[0])
    if yield_op is None or yield_op.name != "scf.yield":
        return
    yielded = _operand_types(view, yield_op)
    if not yielded and iter_args:  # the loop-like check skips an empty yield; the region-branch one does not
        problem = _edge_problem(yielded, _types(view, iter_args))
        report.op_error(view, f"along control flow edge from Operation scf.yield to Region #0: {problem}",
                        f"{CODE}.for-yield-count")
        return
    if len(iter_args) != len(yielded):
        report.op_error(view, f"different number of region iter_args and yielded values: {len(iter_args)} != "
                              f"{len(yielded)}", f"{CODE}.for-yield-count")
        return
    for index, (argument, found) in enumerate(zip(_types(view, iter_args), yielded)):
        if argument is None or found is None or unknowable(argument) or unknowable(found):
            continue
        if not same_type(argument, found):
            report.op_error(view, f"{index}-th region iter_arg and {index}-th yielded value have different type: "
                                  f"'{argument}' != '{found}'", f"{CODE}.for-yield-type")
            return


@verifies("scf.if")
def verify_if(view: OpView, report: Report) -> None:
    results = [view.result_type(i) for i in range(len(view.op.results or view.op.result_types))]
    regions = [r for r in view.op.regions if r.blocks]
    if results and len(regions) < 2:
        report.op_error(view, "must have an else block if defining values", f"{CODE}.if-else")
        return
    for region in regions:
        yield_op = _terminator(region)
        if yield_op is None or yield_op.name != "scf.yield":
            continue
        problem = _edge_problem(_operand_types(view, yield_op), results)
        if problem is not None:
            report.op_error(view, f"along control flow edge from Operation scf.yield to parent: {problem}",
                            f"{CODE}.if-yield")
            return


@verifies("scf.while")
def verify_while(view: OpView, report: Report) -> None:
    if len(view.op.regions) != 2 or not all(r.blocks for r in view.op.regions):
        return
    before, after = view.op.regions
    yield_op = _terminator(after)
    if yield_op is None or yield_op.name != "scf.yield":
        return
    problem = _edge_problem(_operand_types(view, yield_op), _types(view, before.blocks[0].args))
    if problem is not None:
        report.op_error(view, f"along control flow edge from Operation scf.yield to Region #0: {problem}",
                        f"{CODE}.while-yield")


@verifies("scf.index_switch")
def verify_index_switch(view: OpView, report: Report) -> None:
    """Distinct case values, and every region (the default first) yielding the op's result types."""
    cases = view.int_list_attr("cases") or []
    seen: set[int] = set()
    for value in cases:
        if value in seen:
            report.op_error(view, f"has duplicate case value: {value}", f"{CODE}.duplicate-case")
            return
        seen.add(value)
    regions = view.op.regions
    if len(regions) != len(cases) + 1:
        return  # the text did not give every region: its syntax error is the report
    results = [view.result_type(i) for i in range(len(view.op.results or view.op.result_types))]
    for name, region in [("default region", regions[-1])] + [(f"case region #{i}", r) for i, r in enumerate(regions[:-1])]:
        yield_op = _terminator(region)
        if yield_op is None or yield_op.name != "scf.yield":
            continue
        yielded = _operand_types(view, yield_op)
        if len(yielded) != len(results):
            report.op_error(view, f"expected each region to return {len(results)} values, but {name} returns "
                                  f"{len(yielded)}", f"{CODE}.yield-count")
            return
        for index, (found, wanted) in enumerate(zip(yielded, results)):
            if found is not None and wanted is not None and not unknowable(found) and not unknowable(wanted) \
                    and not same_type(found, wanted):
                report.op_error(view, f"expected result #{index} of each region to be '{wanted}'",
                                f"{CODE}.yield-type")
                return
