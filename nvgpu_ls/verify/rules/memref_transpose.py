"""Verifier of ``memref.transpose`` (upstream's ``TransposeOp::verify``): the map is a permutation of
as many dimensions as the input has, and the result type is the input's with sizes and strides
permuted, compared as upstream compares layouts (``canonicalizeStridedLayout``)."""

from __future__ import annotations

import re

from ...analysis.layouts import canonical_memref, strides_and_offset
from ...analysis.values import AffineMapAttr, MemRefType, StridedLayoutAttr
from ...analysis.opview import OpView
from ..context import Report, verifies

CODE = "memref.transpose"
_MAP = re.compile(r"affine_map<\s*\(([^()]*)\)\s*(\[[^\]]*\])?\s*->\s*\((.*)\)\s*>$", re.S)


def map_parts(text: str) -> tuple[list[str], list[str], list[str]] | None:
    """An ``affine_map<(dims)[symbols] -> (results)>`` text's dimension names, symbol names and
    result expressions (as written); None when it is not a map this reads."""
    match = _MAP.match(text.strip())
    if match is None:
        return None
    dims = [name.strip() for name in match.group(1).split(",") if name.strip()]
    symbols = [name.strip() for name in (match.group(2) or "").strip("[] \n").split(",") if name.strip()]
    return dims, symbols, [part.strip() for part in _top_level_split(match.group(3))]


def permutation(text: str) -> tuple[int, list[int] | None] | None:
    """(number of dimensions, the permutation) of an inline map; the permutation is None when the
    map is not one (``isPermutation``: no symbols, each result a distinct dimension, one per
    dimension). None when the text is not a map this reads."""
    parts = map_parts(text)
    if parts is None:
        return None
    dims, symbols, results = parts
    if symbols or len(results) != len(dims) or len(set(results)) != len(results) or \
            any(result not in dims for result in results):
        return len(dims), None
    return len(dims), [dims.index(result) for result in results]


def _top_level_split(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return parts + [current] if current.strip() else parts


@verifies("memref.transpose")
def verify_transpose(view: OpView, report: Report) -> None:
    attribute = view.attr("permutation")
    if not isinstance(attribute, AffineMapAttr):
        return
    read = permutation(attribute.text)
    if read is None:
        return
    dims, order = read
    if order is None:
        report.op_error(view, "expected a permutation map", CODE)
        return
    source, result = view.type_of("in"), view.result_type(0)
    if not isinstance(source, MemRefType):
        return
    if dims != source.rank:
        report.op_error(view, "expected a permutation map of same rank as the input", CODE)
        return
    expected = transposed(source, order)
    if not isinstance(result, MemRefType) or expected is None:
        return
    if canonical_memref(result) != canonical_memref(expected):
        report.op_error(view, f"result type '{result}' is not equivalent to the canonical transposed input type "
                              f"'{canonical_memref(expected)}'", CODE)


def transposed(source: MemRefType, order: list[int]) -> MemRefType | None:
    """``inferTransposeResultType``: sizes and strides permuted, the offset kept."""
    found = strides_and_offset(source)
    if found is None:
        return None
    strides, offset = found
    return MemRefType(tuple(source.shape[i] for i in order), source.element,
                      StridedLayoutAttr(tuple(strides[i] for i in order), offset), source.memory_space)
