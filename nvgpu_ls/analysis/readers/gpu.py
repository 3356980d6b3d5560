"""``gpu.launch`` and ``gpu.warp_execute_on_lane_0`` (upstream's ``LaunchOp::parse``, ...).

``gpu.launch blocks(%bx, %by, %bz) in (%sx = %a, %sy = %b, %sz = %c) threads(...) in (...)``
defines, for its body, the block and thread identifiers and the grid and block sizes (all
``index``); the sizes it is given are operands.
"""

from __future__ import annotations

from ..errors import SyntaxFailure
from ..ir import TypeRef, ValueDef, ValueUse
from ..values import DialectType, IndexType, IntegerType
from .reader import Reader, reads
from .scf import implied

_ASYNC_TOKEN = DialectType("gpu.async.token")


def async_dependencies(r: Reader) -> bool:
    """``async`` and ``[%t, ...]`` (upstream's ``parseAsyncDependencies``); True when async."""
    token = r.token
    is_async = r.optional_keyword("async") is not None
    if is_async and not r.op.results:
        raise r.error_at(token, "needs to be named when marked 'async'")
    if r.at("["):
        uses = r.operand_list("asyncDependencies", "[")
        r.set_operand_types("asyncDependencies", implied(uses, _ASYNC_TOKEN))
    return is_async


def _size_assignment(r: Reader, ids: list[ValueDef], sizes: list[ValueDef], group: str) -> list[ValueUse]:
    """``(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)``."""
    ids.extend(r.argument_list(r.op))
    r.keyword("in")
    r.punctuation("(")
    uses: list[ValueUse] = []
    for index in range(3):
        if index:
            r.punctuation(",")
        sizes.append(r.argument(r.op, allow_type=False))
        r.punctuation("=")
        uses.append(r.operand(group))
    r.punctuation(")")
    r.set_operand_types(group, implied(uses, IndexType()))
    return uses


def attributions(r: Reader, keyword: str, into: list[ValueDef]) -> None:
    """``workgroup(%a : T, ...)`` / ``private(...)``: more region arguments, typed."""
    if r.optional_keyword(keyword) is None:
        return
    r.punctuation("(")
    if r.optional_punctuation(")"):
        return
    while True:
        into.append(r.argument(r.op, require_type=True))
        r.discarded_attr_dict()
        r.location()
        if not r.optional_punctuation(","):
            break
    r.punctuation(")")


@reads("gpu.launch")
def read_launch(r: Reader) -> None:
    is_async = async_dependencies(r)
    if r.op.results and not is_async:
        raise SyntaxFailure("custom op 'gpu.launch' gpu.launch requires 'async' keyword to return a value",
                            r.op.name_start, r.op.name_end, "syntax.custom-form")
    block_ids: list[ValueDef] = []
    thread_ids: list[ValueDef] = []
    grid: list[ValueDef] = []
    block: list[ValueDef] = []
    cluster_ids: list[ValueDef] = []
    cluster: list[ValueDef] = []
    if r.optional_keyword("clusters"):
        _size_assignment(r, cluster_ids, cluster, "clusterSizeX")
    r.keyword("blocks")
    _size_assignment(r, block_ids, grid, "gridSizeX")
    r.keyword("threads")
    _size_assignment(r, thread_ids, block, "blockSizeX")
    if r.optional_keyword("dynamic_shared_memory_size"):
        use = r.operand("dynamicSharedMemorySize")
        r.set_operand_types("dynamicSharedMemorySize", implied([use], IntegerType(32)))
    for keyword, attribute in (("module", "module"), ("function", "function")):
        if r.optional_keyword(keyword):
            r.punctuation("(")
            r.symbol_reference(attribute)
            r.punctuation(")")
    arguments = block_ids + thread_ids + grid + block + cluster_ids + cluster
    for value in arguments:
        value.type = TypeRef(IndexType(), value.start, value.end)
    attributions(r, "workgroup", arguments)
    attributions(r, "private", arguments)
    r.region(arguments)
    r.attr_dict()
    if is_async and r.op.results:
        r.set_result_types([TypeRef(_ASYNC_TOKEN, r.op.name_start, r.op.name_end, implied=True)])


@reads("gpu.warp_execute_on_lane_0")
def read_warp_execute(r: Reader) -> None:
    r.punctuation("(")
    lane = r.operand("laneid")
    r.set_operand_types("laneid", implied([lane], IndexType()))
    r.punctuation(")")
    r.punctuation("[")
    r.integer()
    r.punctuation("]")
    arguments: list[ValueDef] = []
    if r.optional_keyword("args"):
        r.punctuation("(")
        uses = r.operand_list("args")
        r.punctuation(":")
        types = r.type_list()
        r.punctuation(")")
        if len(types) != len(uses):
            raise r.error_at(r.p.toks[r.p.pos - 1], f"{len(uses)} operands present, but expected {len(types)}")
        r.set_operand_types("args", [TypeRef(t.type, u.start, u.end, implied=True) for u, t in zip(uses, types)])
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types()
    r.region(arguments)
    r.attr_dict()
    r.set_result_types(results)
