"""Memref layouts as upstream reasons about them: strides and offsets (``getStridesAndOffset``),
their saturated arithmetic, and the canonical form two layouts are compared in
(``canonicalizeStridedLayout``)."""

from __future__ import annotations

from .values import AffineMapAttr, Attr, Dim, IntegerAttr, IntegerType, MemRefType, StridedLayoutAttr

Term = tuple[str, int]
"""One coefficient of a layout's linear form: ``("c", 3)`` a constant, ``("s", 0)`` symbol ``s0``."""


def strides_and_offset(t: MemRefType) -> tuple[tuple[Dim, ...], Dim] | None:
    """``getStridesAndOffset``: the identity layout's row-major strides, or the strided layout's;
    None for a layout written as an affine map."""
    if isinstance(t.layout, StridedLayoutAttr):
        return t.layout.strides, t.layout.offset
    if t.layout is not None:
        return None
    strides: list[Dim] = []
    running: Dim = 1
    for dim in reversed(t.shape):
        strides.append(running)
        running = saturated_mul(running, dim)
    return tuple(reversed(strides)), 0


def saturated_mul(a: Dim, b: Dim) -> Dim:
    """``SaturatedInteger`` product: 0 times anything is 0, else dynamic stays dynamic."""
    if a == 0 or b == 0:
        return 0
    return None if a is None or b is None else a * b


def saturated_add(a: Dim, b: Dim) -> Dim:
    return None if a is None or b is None else a + b


def canonical_memory_space(space: Attr | None) -> Attr | None:
    """A memory space as MLIR stores it: integer 0 is the default (none), ``3 : i64`` is ``3``."""
    if isinstance(space, IntegerAttr):
        if space.value == 0:
            return None
        if space.type == IntegerType(64):
            return IntegerAttr(space.value)
    return space


def printed_memref(t: MemRefType) -> str:
    """The type as upstream prints it (default memory space dropped)."""
    if isinstance(t.layout, AffineMapAttr):
        return str(t)
    return str(MemRefType(t.shape, t.element, t.layout, canonical_memory_space(t.memory_space)))


def linear_form(t: MemRefType) -> tuple[tuple[Term, ...], Term] | None:
    """The layout as the affine map upstream compares layouts by: each dimension's coefficient and
    the offset, dynamic ones numbered as symbols the way each kind of layout numbers them (a
    strided layout: offset first, then strides in order; the identity layout: strides from the
    innermost dimension out, after the first dynamic size). None for an affine-map layout."""
    if isinstance(t.layout, StridedLayoutAttr):
        symbols = 0
        offset: Term = ("c", t.layout.offset) if t.layout.offset is not None else ("s", 0)
        if t.layout.offset is None:
            symbols = 1
        terms: list[Term] = []
        for stride in t.layout.strides:
            if stride is None:
                terms.append(("s", symbols))
                symbols += 1
            else:
                terms.append(("c", stride))
        return tuple(terms), offset
    if t.layout is not None:
        return None
    reversed_terms: list[Term] = []
    running, poisoned, symbols = 1, False, 0
    for size in reversed(t.shape):
        if poisoned:
            reversed_terms.append(("s", symbols))
            symbols += 1
        else:
            reversed_terms.append(("c", running))
        if size is None or size <= 0:
            poisoned = True
        else:
            running *= size
    return tuple(reversed(reversed_terms)), ("c", 0)


def canonical_memref(t: MemRefType) -> MemRefType:
    """``canonicalizeStridedLayout``: the layout dropped when it is the identity's, else written as
    the affine map it stands for; the default memory space dropped."""
    space = canonical_memory_space(t.memory_space)
    form = linear_form(t)
    if form is None or not t.shape:
        return MemRefType(t.shape, t.element, t.layout, space)
    if _same_form(form, linear_form(MemRefType(t.shape, t.element))):
        return MemRefType(t.shape, t.element, None, space)
    return MemRefType(t.shape, t.element, AffineMapAttr(_affine_text(form)), space)


def _same_form(a, b) -> bool:
    """Equal after simplification: zero coefficients vanish."""
    def kept(form):
        terms, offset = form
        return tuple(term if term != ("c", 0) else None for term in terms), offset
    return a is not None and b is not None and kept(a) == kept(b)


def _affine_text(form: tuple[tuple[Term, ...], Term]) -> str:
    """The map as upstream prints it: a pure affine form flattened (dimensions, symbols, constant);
    one with dimension-times-symbol products in the order upstream's expression builder leaves
    it (a symbolic offset moves behind the first term, a constant one goes last)."""
    terms, offset = form
    dims = ", ".join(f"d{i}" for i in range(len(terms)))
    symbol_count = 1 + max((index for kind, index in (*terms, offset) if kind == "s"), default=-1)
    symbols = f"[{', '.join(f's{i}' for i in range(symbol_count))}]" if symbol_count else ""
    parts = []
    for i, (kind, value) in enumerate(terms):
        if kind == "s":
            parts.append(f"d{i} * s{value}")
        elif value == 1:
            parts.append(f"d{i}")
        elif value != 0:
            parts.append(f"d{i} * {value}")
    if offset[0] == "s":
        semi_affine = any(kind == "s" for kind, _ in terms)
        parts.insert(1 if semi_affine and parts else len(parts), f"s{offset[1]}")
    elif offset[1]:
        parts.append(str(offset[1]))
    return f"affine_map<({dims}){symbols} -> ({' + '.join(parts) or '0'})>"
