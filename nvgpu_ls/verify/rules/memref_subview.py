"""Verifier of ``memref.subview``: its offset/size/stride lists and the result type they imply.

Upstream runs the ``OffsetSizeAndStrideOpInterface`` checks (list lengths, non-negative
offsets and sizes), then ``SubViewOp::verify``: same memory space, a result type equal to
the one inferred from the source's strides and the static lists — or a rank-reduced
version of it, with the same offset and strides — and a slice inside the source's static
bounds. Every message is upstream's (measured with ``mlir-opt-22``) and is reported at the
op, as upstream's ``emitError`` does. A layout given as an affine map is not modelled, so
such a subview is left alone rather than guessed at.
"""

from __future__ import annotations

import re
from typing import Optional

from ...analysis.formats import K_DYNAMIC
from ...analysis.layouts import canonical_memory_space as _space, printed_memref as _print
from ...analysis.layouts import saturated_add as _add, saturated_mul as _mul, strides_and_offset
from ...analysis.values import MemRefType, StridedLayoutAttr
from ...analysis.opview import OpView, Span
from ..context import Report, verifies
from .conversions import on_op_line

CODE = "memref.subview"

Dim = Optional[int]
"""A static integer, or None where the value is dynamic (``?``)."""

_LISTS = re.compile(r"\s*\[([^\[\]]*)\]\s*\[([^\[\]]*)\]\s*\[([^\[\]]*)\]")
_ENTRY = re.compile(r"%[\w$.\-]+(?:#\d+)?|-?\d+")


@verifies("memref.subview")
def verify_subview(view: OpView, report: Report) -> None:
    source, result = view.type_of("source"), view.result_type(0)
    if not isinstance(source, MemRefType) or not isinstance(result, MemRefType):
        return
    lists = _index_lists(view)
    if lists is None:
        return
    problem = _list_problem(source.rank, *lists) or _type_problem(source, result, *lists)
    if problem is not None:
        message, rule = problem
        report.error(view, message, f"{CODE}.{rule}", on_op_line(view, _op_location(view)))


def _op_location(view: OpView) -> Span:
    """Upstream's location of the op (its name) to the end of its first line."""
    return (view.op.name_start, view.span[1]) if view.op.name_start >= view.op.start else view.span


# ---------------------------------------------------------------- the three lists
def _index_lists(view: OpView) -> tuple[list[Dim], list[Dim], list[Dim]] | None:
    """The offsets, sizes and strides as written (None entries: SSA values); None when unreadable."""
    statics = [view.int_list_attr(name) for name in ("static_offsets", "static_sizes", "static_strides")]
    if all(values is not None for values in statics):
        return tuple([None if v == K_DYNAMIC else v for v in values] for values in statics)  # type: ignore
    source = view.operand("source")
    if view.op.generic or source is None:
        return None
    match = _LISTS.match(view.doc.text, source.use.end, view.op.end)
    if match is None:
        return None
    lists = tuple(_entries(match.group(i)) for i in (1, 2, 3))
    return None if any(entries is None for entries in lists) else lists  # type: ignore[return-value]


def _entries(text: str) -> list[Dim] | None:
    """``%a, 4, %b`` as ``[None, 4, None]``; None when an entry is neither."""
    if not text.strip():
        return []
    entries: list[Dim] = []
    for part in text.split(","):
        part = part.strip()
        if not _ENTRY.fullmatch(part):
            return None
        entries.append(None if part.startswith("%") else int(part))
    return entries


def _list_problem(rank: int, offsets: list[Dim], sizes: list[Dim], strides: list[Dim]) -> tuple[str, str] | None:
    """The ``OffsetSizeAndStrideOpInterface`` checks, in upstream's order."""
    if not (len(offsets) == 1 and rank == 1) and len(offsets) != len(sizes):
        return (f"expected mixed offsets rank to match mixed sizes rank ({len(offsets)} vs {len(sizes)}) "
                "so the rank of the result type is well-formed.", "list-rank")
    if len(sizes) != len(strides):
        return (f"expected mixed sizes rank to match mixed strides rank ({len(sizes)} vs {len(strides)}) "
                "so the rank of the result type is well-formed.", "list-rank")
    for name, values in (("offset", offsets), ("size", sizes), ("stride", strides)):
        if len(values) != rank:
            return f"expected {rank} {name} values, got {len(values)}", "list-rank"
    for name, values in (("offsets", offsets), ("sizes", sizes)):
        for value in values:
            if value is not None and value < 0:
                return f"expected {name} to be non-negative, but got {value}", "negative"
    return None


# ---------------------------------------------------------------- the result type
def _type_problem(source: MemRefType, result: MemRefType, offsets: list[Dim], sizes: list[Dim],
                  strides: list[Dim]) -> tuple[str, str] | None:
    """``SubViewOp::verify``: memory space, inferred result type, rank reduction, bounds."""
    if _space(source.memory_space) != _space(result.memory_space):
        return (f"different memory spaces specified for base memref type '{_print(source)}' and subview "
                f"memref type '{_print(result)}'", "memory-space")
    source_layout = strides_and_offset(source)
    result_layout = strides_and_offset(result)
    if source_layout is None or result_layout is None:
        return None  # an affine-map layout: not modelled
    expected = infer_result_type(source, source_layout, offsets, sizes, strides)
    shape_problem = _rank_reduction_problem(expected, result)
    if shape_problem is not None:
        return shape_problem
    layout_mismatch = (f"expected result type to be '{_print(expected)}' or a rank-reduced version. "
                       f"(mismatch of result layout), but got '{_print(result)}'", "result-type")
    expected_strides, expected_offset = strides_and_offset(expected)  # type: ignore[misc]
    result_strides, result_offset = result_layout
    if expected_offset != result_offset:
        return layout_mismatch
    dropped = _dropped_dims(expected, expected_strides, result, result_strides, sizes)
    if dropped is None:
        return layout_mismatch
    kept = [stride for i, stride in enumerate(expected_strides) if i not in dropped]
    if kept != list(result_strides):
        return layout_mismatch
    return _bounds_problem(source.shape, offsets, sizes, strides)




def infer_result_type(source: MemRefType, layout: tuple[tuple[Dim, ...], Dim], offsets: list[Dim],
                      sizes: list[Dim], strides: list[Dim]) -> MemRefType:
    """``SubViewOp::inferResultType``: the sizes as shape, a strided layout with the source's
    strides scaled by the subview's and the offset moved by the subview's offsets."""
    source_strides, offset = layout
    for index, stride in zip(offsets, source_strides):
        offset = _add(offset, _mul(index, stride))
    target_strides = tuple(_mul(a, b) for a, b in zip(source_strides, strides))
    return MemRefType(tuple(sizes), source.element, StridedLayoutAttr(target_strides, offset),
                      _space(source.memory_space))


def _rank_reduction_problem(expected: MemRefType, result: MemRefType) -> tuple[str, str] | None:
    """``isRankReducedType``: rank, sizes (dropping only unit dimensions), element type."""
    if result.rank > expected.rank:
        return (f"expected result rank to be smaller or equal to the source rank, but got '{_print(result)}'",
                "result-rank")
    if _unit_dims_dropped(expected.shape, result.shape) is None:
        return (f"expected result type to be '{_print(expected)}' or a rank-reduced version. "
                f"(mismatch of result sizes), but got '{_print(result)}'", "result-type")
    if expected.element != result.element:
        return (f"expected result element type to be '{expected.element}', but got '{_print(result)}'",
                "element-type")
    return None


def _unit_dims_dropped(original: tuple[Dim, ...], reduced: tuple[Dim, ...]) -> set[int] | None:
    """``computeRankReductionMask``: match sizes greedily; an unmatched dimension must be 1."""
    dropped: set[int] = set()
    at = 0
    for index, size in enumerate(original):
        if at < len(reduced) and size == reduced[at]:
            at += 1
            continue
        if size != 1:
            return None
        dropped.add(index)
    return dropped if at == len(reduced) else None


def _dropped_dims(expected: MemRefType, expected_strides: tuple[Dim, ...], result: MemRefType,
                  result_strides: tuple[Dim, ...], sizes: list[Dim]) -> set[int] | None:
    """``computeMemRefRankReductionMask``: which unit dimensions the result drops, told apart by
    their strides where there are more unit sizes than dropped dimensions."""
    if expected.rank == result.rank:
        return set()
    dropped = {i for i, size in enumerate(sizes) if size == 1}
    if len(dropped) + result.rank == expected.rank:
        return dropped
    unaccounted = _occurrences(expected_strides)
    in_result = _occurrences(result_strides)
    for dim in sorted(dropped):
        stride = expected_strides[dim]
        if unaccounted.get(stride, 0) > in_result.get(stride, 0):
            unaccounted[stride] -= 1
        elif unaccounted.get(stride, 0) == in_result.get(stride, 0):
            dropped.discard(dim)
        else:
            return None
    return dropped if len(dropped) + result.rank == expected.rank else None


def _occurrences(strides: tuple[Dim, ...]) -> dict[Dim, int]:
    counts: dict[Dim, int] = {}
    for stride in strides:
        counts[stride] = counts.get(stride, 0) + 1
    return counts


def _bounds_problem(shape: tuple[Dim, ...], offsets: list[Dim], sizes: list[Dim],
                    strides: list[Dim]) -> tuple[str, str] | None:
    """``verifyInBoundsSlice`` over the static entries of a static source dimension."""
    for i, dim in enumerate(shape):
        offset = offsets[i]
        if dim is None or offset is None:
            continue
        if offset >= dim:
            return f"offset {i} is out-of-bounds: {offset} >= {dim}", "out-of-bounds"
        size, stride = sizes[i], strides[i]
        if size is None or stride is None:
            continue
        last = offset + (size - 1) * stride
        if last >= dim:
            return f"slice along dimension {i} runs out-of-bounds: {last} >= {dim}", "out-of-bounds"
    return None
