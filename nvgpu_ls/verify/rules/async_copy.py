"""``nvgpu.device_async_copy`` (cp.async) and the group/wait ops around it.

Upstream's ``DeviceAsyncCopyOp::verify`` rules come first, in its order and words:
unit-stride innermost dimensions, a shared-memory destination, equal element types,
one index per dimension, a 4/8/16-byte transfer and ``bypassL1`` only for 16 bytes.
After them come checks upstream lacks: element types it cannot size (it crashes on
``index`` and vector elements), a source in shared or private memory (cp.async reads
global memory), a copy token put into two groups, a negative ``numGroups``.

The memref helpers here (unit stride from a layout, the shared address space, MLIR's
spelling of a type in a message) are shared with the ldmatrix rules.
"""

from __future__ import annotations

import re

from ...analysis.ir import Operation
from ...analysis.values import (
    AffineMapAttr, Attr, FloatType, GPUAddressSpaceAttr, IntegerAttr, IntegerType, MemRefType,
    StridedLayoutAttr, Type,
)
from ...diagnostics import Related, Severity
from ...analysis.opview import Operand, OpView, Span
from ..context import Report, verifies
from ...dialects.memory_spaces import SHARED_MEMORY_SPACE, memref_in_shared_memory, not_shared_explanation

CODE = "nvgpu.async-copy"


# ---------------------------------------------------------------- memref helpers (shared)
def as_memref(t: Type | None) -> MemRefType | None:
    """``t`` when it is a ranked memref (its memory space as ``OpView`` resolves it), else None."""
    return t if isinstance(t, MemRefType) else None


def space_text(memref: MemRefType) -> str:
    """The memory space as a reader knows it, for messages."""
    space = memref.memory_space
    if space is None:
        return "the default (generic) memory space"
    if isinstance(space, GPUAddressSpaceAttr):
        return f"#gpu.address_space<{space.space}>"
    return f"memory space {mlir_attr_text(space)}"


def element_width(t: Type | None) -> int | None:
    """``getIntOrFloatBitWidth``: the width of an integer or float type, else None."""
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return t.width
    return None


def last_dim_unit_stride(memref: MemRefType) -> bool | None:
    """Upstream's ``isLastMemrefDimUnitStride``: True, False, or None when this layout
    cannot be judged here (an unresolved alias, a map only MLIR's simplifier could
    reduce to strided form)."""
    layout = memref.layout
    rank = memref.rank
    if layout is None:
        return True
    if isinstance(layout, StridedLayoutAttr):
        if len(layout.strides) != rank:
            return None
        return rank == 0 or layout.strides[-1] == 1
    if isinstance(layout, AffineMapAttr):
        return _affine_last_stride_is_one(layout.text, rank)
    return None


def mlir_type_text(t: Type) -> str:
    """``t`` as MLIR prints it inside a diagnostic (the default ``i64`` of an integer
    memory space is elided)."""
    if isinstance(t, MemRefType):
        dims = "".join(("?" if d is None else str(d)) + "x" for d in t.shape)
        extra = ""
        if t.layout is not None:
            extra += f", {t.layout}"
        if t.memory_space is not None:
            extra += f", {mlir_attr_text(t.memory_space)}"
        return f"memref<{dims}{t.element}{extra}>"
    return str(t)


def mlir_attr_text(a: Attr) -> str:
    if isinstance(a, IntegerAttr) and (a.type is None or str(a.type) == "i64"):
        return str(a.value)
    return str(a)


def c_div(a: int, b: int) -> int:
    """C++ integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def anchored(view: OpView, span: Span, note: str, related: tuple[Related, ...] = ()) -> tuple[Span, tuple[Related, ...]]:
    """``span`` when it starts on the op's first line, else the op's first line with
    ``span`` as related information: upstream reports at the op's location, and users
    (and upstream's ``expected-error`` lines) look for the error there."""
    start, line_end = view.span
    if start <= span[0] <= line_end:
        return span, related
    return view.span, (Related(span[0], span[1], note),) + related


class Emitter:
    """Reports for one op with every span :func:`anchored` to the op's first line."""

    def __init__(self, view: OpView, report: Report) -> None:
        self.view = view
        self.report = report

    def op_error(self, message: str, code: str, span: Span, note: str, related: tuple[Related, ...] = (),
                 data: dict | None = None, explanation: str = "") -> None:
        span, related = anchored(self.view, span, note, related)
        self.report.op_error(self.view, message, code, span, related, data, explanation)

    def error(self, message: str, code: str, span: Span, note: str, related: tuple[Related, ...] = (),
              data: dict | None = None, severity: Severity = Severity.ERROR, explanation: str = "") -> None:
        span, related = anchored(self.view, span, note, related)
        self.report.error(self.view, message, code, span, related, data, severity, explanation)


def uses_span(view: OpView, operands: list[Operand], fallback: Operand | None) -> Span:
    """From the first to the last of ``operands`` (an index list), else ``fallback``."""
    if operands:
        return (operands[0].span[0], operands[-1].span[1])
    return fallback.span if fallback is not None else view.span


# ---------------------------------------------------------------- affine layouts
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][\w$.]*)|(->|[-+*()\[\],]))")
_UNKNOWN = object()
"""An expression only MLIR's simplifier could judge (mod, floordiv, ...)."""


def _affine_last_stride_is_one(text: str, rank: int) -> bool | None:
    """Mirror ``getStridesAndOffset`` + the last-stride test for an affine map layout."""
    match = re.fullmatch(r"\s*affine_map\s*<(.*)>\s*", text, re.S)
    body = match.group(1) if match else text
    try:
        tokens = _tokenize(body)
        parser = _AffineParser(tokens)
        dims, symbols, results = parser.parse_map()
    except (ValueError, IndexError):
        return None
    if len(dims) != rank:
        return None
    if any(r is _UNKNOWN for r in results):
        return None
    identity = len(results) == len(dims) and all(
        r == {i: {(): 1}} for i, r in enumerate(results))
    if identity:
        return True
    if len(results) != 1:
        return False  # getStridesAndOffset fails for non-identity multi-result maps
    if rank == 0:
        return True
    return results[0].get(rank - 1) == {(): 1}


def _tokenize(text: str) -> list[str]:
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise ValueError(text[pos:])
        tokens.append(m.group(m.lastindex or 0))  # every alternative is a group
        pos = m.end()
    return tokens


# A linear form: {dim index or None (the offset): coefficient}, a coefficient being a
# polynomial over symbols: {sorted tuple of symbol indices: int}.
Poly = dict
Linear = dict


def _poly_add(a: Poly, b: Poly, sign: int = 1) -> Poly:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + sign * v
        if out[k] == 0:
            del out[k]
    return out


def _poly_mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            key = tuple(sorted(ka + kb))
            out[key] = out.get(key, 0) + va * vb
            if out[key] == 0:
                del out[key]
    return out


def _lin_add(a, b, sign: int = 1):
    if a is _UNKNOWN or b is _UNKNOWN:
        return _UNKNOWN
    out = dict(a)
    for k, v in b.items():
        out[k] = _poly_add(out.get(k, {}), v, sign)
        if not out[k]:
            del out[k]
    return out


def _lin_scale(a, p: Poly):
    if a is _UNKNOWN:
        return _UNKNOWN
    out = {}
    for k, v in a.items():
        prod = _poly_mul(v, p)
        if prod:
            out[k] = prod
    return out


def _constant(a) -> int | None:
    """The integer an expression folds to, else None."""
    if a is _UNKNOWN or any(k is not None for k in a):
        return None
    poly = a.get(None, {})
    if any(k != () for k in poly):
        return None
    return poly.get((), 0)


class _AffineParser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.names: dict[str, tuple[str, int]] = {}

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.tokens[self.pos]
        if expected is not None and token != expected:
            raise ValueError(token)
        self.pos += 1
        return token

    def parse_map(self):
        dims = self._names("(", ")")
        symbols = self._names("[", "]") if self.peek() == "[" else []
        for i, name in enumerate(dims):
            self.names[name] = ("d", i)
        for i, name in enumerate(symbols):
            self.names[name] = ("s", i)
        self.take("->")
        self.take("(")
        results = []
        if self.peek() != ")":
            results.append(self.expr())
            while self.peek() == ",":
                self.take(",")
                results.append(self.expr())
        self.take(")")
        if self.pos != len(self.tokens):
            raise ValueError("trailing tokens")
        return dims, symbols, results

    def _names(self, open_: str, close: str) -> list[str]:
        self.take(open_)
        names = []
        while self.peek() != close:
            names.append(self.take())
            if self.peek() == ",":
                self.take(",")
        self.take(close)
        return names

    def expr(self):
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = 1 if self.take() == "+" else -1
            value = _lin_add(value, self.term(), sign)
        return value

    def term(self):
        value = self.unary()
        while self.peek() in ("*", "floordiv", "ceildiv", "mod"):
            op = self.take()
            rhs = self.unary()
            value = self._combine(op, value, rhs)
        return value

    def _combine(self, op: str, lhs, rhs):
        if lhs is _UNKNOWN or rhs is _UNKNOWN:
            return _UNKNOWN
        if op == "*":
            if all(k is None for k in rhs):
                return _lin_scale(lhs, rhs.get(None, {}))
            if all(k is None for k in lhs):
                return _lin_scale(rhs, lhs.get(None, {}))
            return _UNKNOWN  # dim * dim is not affine
        divisor, dividend = _constant(rhs), _constant(lhs)
        if divisor is None or divisor <= 0:
            return _UNKNOWN
        if dividend is not None:
            value = {"floordiv": dividend // divisor, "ceildiv": -(-dividend // divisor),
                     "mod": dividend % divisor}[op]
            return {None: {(): value}} if value else {}
        if divisor == 1:
            return {} if op == "mod" else lhs
        return _UNKNOWN

    def unary(self):
        if self.peek() == "-":
            self.take()
            return _lin_scale(self.unary(), {(): -1})
        return self.atom()

    def atom(self):
        token = self.take()
        if token == "(":
            value = self.expr()
            self.take(")")
            return value
        if token.isdigit():
            return {None: {(): int(token)}} if int(token) else {}
        kind = self.names.get(token)
        if kind is None:
            raise ValueError(token)
        if kind[0] == "d":
            return {kind[1]: {(): 1}}
        return {None: {(kind[1],): 1}}


# ---------------------------------------------------------------- device_async_copy
@verifies("nvgpu.device_async_copy")
def verify_device_async_copy(view: OpView, report: Report) -> None:
    src, dst = view.operand("src"), view.operand("dst")
    src_type, dst_type = view.type_of("src"), view.type_of("dst")
    src_ref, dst_ref = as_memref(src_type), as_memref(dst_type)

    def at_type(operand: Operand | None, memref: MemRefType, related: tuple[Related, ...] = ()):
        return anchored(view, view.type_span(operand), f"{mlir_type_text(memref)}", related)

    if src_ref is not None and last_dim_unit_stride(src_ref) is False:
        span, related = at_type(src, src_ref, view.defined_here(src))
        report.error(view, "source memref most minor dim must have unit stride", f"{CODE}.unit-stride",
                     span, related)
        return
    if dst_ref is not None and last_dim_unit_stride(dst_ref) is False:
        span, related = at_type(dst, dst_ref, view.defined_here(dst))
        report.error(view, "destination memref most minor dim must have unit stride", f"{CODE}.unit-stride",
                     span, related)
        return
    if dst_ref is not None and memref_in_shared_memory(dst_ref) is False:
        span, related = at_type(dst, dst_ref, view.defined_here(dst))
        report.error(view, "destination memref must have a memory space attribute of IntegerAttr("
                           f"{SHARED_MEMORY_SPACE}) or gpu::AddressSpaceAttr(Workgroup)", f"{CODE}.memory-space",
                     span, related, data={"memorySpace": SHARED_MEMORY_SPACE, "operand": "dst"},
                     explanation=not_shared_explanation(dst.use.name if dst else "dst", dst_ref, view.name))
        return
    if src_ref is not None and dst_ref is not None and src_ref.element != dst_ref.element:
        span, related = at_type(dst, dst_ref, (Related(*view.type_span(src),
                                                        f"source element type is {src_ref.element}"),))
        report.error(view, "source and destination must have the same element type", f"{CODE}.element-type",
                     span, related)
        return
    for memref, group, what, owner in ((src_ref, "srcIndices", "source", src),
                                       (dst_ref, "dstIndices", "destination", dst)):
        indices = view.operands(group)
        if memref is not None and memref.rank != len(indices):
            span, related = anchored(view, uses_span(view, indices, owner), f"the {what} indices", (
                Related(*view.type_span(owner), f"{mlir_type_text(memref)} has rank {memref.rank}"),))
            report.op_error(view, f"expected {memref.rank} {what} indices, got {len(indices)}",
                            f"{CODE}.index-count", span, related,
                            data={"expected": memref.rank, "found": len(indices)})
            return
    if dst_ref is None:
        return
    count = view.int_attr("dstElements")
    width = element_width(dst_ref.element)
    if width is None or width == 0:
        # Upstream asks the element type for a bit width it does not have and crashes.
        span, related = at_type(dst, dst_ref, view.defined_here(dst))
        report.op_error(view, f"cannot size a copy of '{dst_ref.element}' elements: the element type "
                              "must be an integer or floating-point type", f"{CODE}.element-width",
                        span, related)
        return
    if count is None:
        return
    size = c_div(width * count, 8)
    if size not in (4, 8, 16):
        choices = [c_div(bits, width) for bits in (32, 64, 128)]
        message = f"Requested copy elements is {count} with width {width}. But copy elements could be one of "
        if choices[0] > 0:
            message += f"{choices[0]}, "
        if choices[1] > 0:
            message += f"{choices[1]}, "
        if choices[2] > 0:
            message += f"{choices[2]}."
        span, related = anchored(view, view.attr_span("dstElements"), f"dstElements is {count}")
        report.error(view, message, f"{CODE}.transfer-size", span, related,
                     data={"valid": [c for c in choices if c > 0]})
        return
    if view.has_attr("bypassL1") and view.unit("bypassL1") and size != 16:
        needed = c_div(16 * 8, width)
        span, related = anchored(view, view.attr_span("bypassL1"), "bypassL1 is set")
        report.op_error(view, f"bypassL1 does not satify alignment for '{mlir_type_text(dst_ref)}' with "
                              f"destination element {count}. Unset bypassL1, or set destination element to "
                              f"{needed}", f"{CODE}.bypass-l1", span, related, data={"dstElements": needed})
        return
    # Beyond upstream: cp.async reads global memory; a shared or private source is
    # address-space-cast to global by the lowering and reads the wrong memory.
    if src_ref is not None and _known_non_global(src_ref):
        span, related = at_type(src, src_ref, view.defined_here(src))
        report.error(view, f"'{view.name}' op source memref is in {space_text(src_ref)}; cp.async copies "
                           "from global memory into shared memory", f"{CODE}.source-memory-space",
                     span, related, severity=Severity.WARNING)


def _known_non_global(memref: MemRefType) -> bool:
    space = memref.memory_space
    if space is None:
        return False
    if isinstance(space, IntegerAttr):
        return space.value not in (0, 1)
    if isinstance(space, GPUAddressSpaceAttr):
        return space.space != "global"
    return False


# ---------------------------------------------------------------- groups and waits
@verifies("nvgpu.device_async_create_group")
def verify_device_async_create_group(view: OpView, report: Report) -> None:
    """Upstream's documentation: "Each token can only be part of one group"."""
    seen: set[int] = set()
    for operand in view.operands("inputTokens"):
        definition = operand.definition
        if definition is None or id(definition) in seen:
            continue
        seen.add(id(definition))
        owner = definition.owner
        if not isinstance(owner, Operation) or owner.name != "nvgpu.device_async_copy":
            continue
        earlier = [use.owner for use in definition.uses
                   if use.owner is not view.op and use.owner.name == "nvgpu.device_async_create_group"
                   and use.owner.start < view.op.start]
        if not earlier:
            continue
        other = earlier[0]
        line = view.doc.position(other.start)[0] + 1
        end = view.doc.text.find("\n", other.start, other.end)
        span, related = anchored(view, operand.span, f"token {operand.use.name}", (
            Related(other.start, other.end if end == -1 else end, "the earlier group"),))
        report.error(view, f"'{view.name}' op token {operand.use.name} is already part of the group created "
                           f"on line {line}; each copy token can be part of only one group",
                     f"{CODE}.token-regrouped", span, related, severity=Severity.WARNING)


@verifies("nvgpu.device_async_wait")
def verify_device_async_wait(view: OpView, report: Report) -> None:
    groups = view.int_attr("numGroups")
    if groups is not None and groups < 0:
        span, related = anchored(view, view.attr_span("numGroups"), f"numGroups is {groups}")
        report.error(view, f"'{view.name}' op numGroups is {groups}; it counts the groups allowed to stay "
                           "pending and must not be negative", f"{CODE}.wait-count", span, related,
                     severity=Severity.WARNING)
