"""Inlay hints: what the text of an op does not say but the facts do.

* **Result types** that an op's custom syntax leaves out (``%t = nvgpu.device_async_copy
  ...`` shows ``: !nvgpu.device.async.token``). Which results are unspelled comes from
  the parse: a result of an op read with its declarative format whose type no
  ``type(...)`` directive filled. The type comes from the op's facts: a result kind that
  names one type (``index``, ``i1``, tokens), or the traits that tie it to an operand or
  attribute (``SameOperandsAndResultType``, ``AllTypesMatch``, ``TypesMatchWith``).
* **Byte sizes**: what one ``nvgpu.device_async_copy`` copies, the box a TMA load or
  store moves and the box of every ``!nvgpu.tensormap.descriptor`` spelled out, with a
  tooltip that explains the arithmetic. Aliases are resolved.
"""

from __future__ import annotations

import re
from typing import Iterator

from lsprotocol import types as lsp

from ..analysis.document import Document
from ..analysis.ir import Operation
from ..analysis.parser import AliasDef
from ..analysis.typegrammar import TypeSyntaxError, parse_type
from ..analysis.values import (
    Attr, BoolAttr, DeviceAsyncTokenType, DialectType, FloatType, FunctionType, IndexType, IntegerType,
    MBarrierTokenType, MemRefType, TensorMapDescriptorType, TensorType, Type, TypeAliasRef, VectorType,
    element_bit_width,
)
from ..analysis.facts import OpFacts, ResultFact
from ..analysis.opview import OpView, type_from_kind
from .context import FeatureContext

_TMA_BOX_OPS = frozenset({"nvgpu.tma.async.load", "nvgpu.tma.async.store", "nvgpu.tma.create.descriptor"})
_TRAIT = re.compile(r"(\w+)<(.*)>")


def inlay_hints(ctx: FeatureContext, range_: lsp.Range) -> list[lsp.InlayHint]:
    """Every hint whose position lies in ``range_``, in text order."""
    lo, hi = ctx.span_of(range_)
    doc = ctx.doc
    found: list[tuple[int, lsp.InlayHint]] = []
    for op in _ops_overlapping(doc, lo, hi):
        for offset, hint in _op_hints(ctx, op):
            if lo <= offset <= hi:
                found.append((offset, hint))
    for chunk in doc.chunks:
        if chunk.end < lo or chunk.start > hi:
            continue
        for alias in chunk.aliases.values():
            if lo <= alias.value_end <= hi:
                box = _alias_box_hint(ctx, alias, chunk.aliases)
                if box is not None:
                    found.append((alias.value_end, box))
    found.sort(key=lambda pair: pair[0])
    return [hint for _, hint in found]


def _ops_overlapping(doc: Document, lo: int, hi: int) -> Iterator[Operation]:
    """Ops whose span meets ``[lo, hi]``, outer before inner, subtrees outside skipped."""
    for chunk in doc.chunks:
        if chunk.end < lo or chunk.start > hi:
            continue
        stack = list(reversed(chunk.ops))
        while stack:
            op = stack.pop()
            if op.end < lo or op.start > hi:
                continue
            yield op
            for region in reversed(op.regions):
                if region.end >= lo and region.start <= hi:
                    for block in reversed(region.blocks):
                        stack.extend(reversed(block.ops))


def _op_hints(ctx: FeatureContext, op: Operation) -> Iterator[tuple[int, lsp.InlayHint]]:
    facts = op.facts
    view = OpView(op, ctx.doc)
    if facts is not None and op.syntax == "format":
        yield from _result_type_hints(ctx, op, facts, view)
    if op.name == "nvgpu.device_async_copy":
        hint = _async_copy_hint(ctx, op, view)
        if hint is not None:
            yield hint
    elif op.name in _TMA_BOX_OPS:
        hint = _tma_op_hint(ctx, op, view)
        if hint is not None:
            yield hint
    else:
        for ref in op.types:
            if isinstance(ref.type, TensorMapDescriptorType):
                text = _box_label(ref.type)
                if text is not None:
                    yield ref.end, _box_hint(ctx, ref.end, text, ref.type,
                                             "The tile one TMA operation with this descriptor moves")


# ---------------------------------------------------------------- result types
def _result_type_hints(ctx: FeatureContext, op: Operation, facts: OpFacts, view: OpView
                       ) -> Iterator[tuple[int, lsp.InlayHint]]:
    for _name, _count, start, end in op.result_groups:
        members = [value for value in op.results if value.start == start]
        if not members or any(value.type is not None and not value.type.implied for value in members):
            continue
        types = [view.resolve(value.type.type) if value.type is not None  # type: ignore[misc]
                 else implied_type(op, facts, value.index, view) for value in members]
        if any(t is None for t in types):
            continue
        shown = str(types[0]) if len(types) == 1 else "(" + ", ".join(map(str, types)) + ")"
        names = ", ".join(f"`{_result_fact(facts, value.index).name}`" for value in members)  # type: ignore[union-attr]
        tooltip = (f"`{members[0].name.split('#')[0]}` : `{shown}` — the custom syntax of `{op.name}` does not "
                   f"spell the type of its result {names}; the op's definition implies it.")
        yield end, lsp.InlayHint(position=ctx.position(end), label=f": {shown}", kind=lsp.InlayHintKind.Type,
                                 tooltip=_markdown(tooltip), padding_left=False, padding_right=False)


def implied_type(op: Operation, facts: OpFacts, index: int, view: OpView) -> Type | None:
    """The type of result ``index`` as the op's facts imply it, or None when they do not."""
    fact = _result_fact(facts, index)
    if fact is None:
        return None
    fixed = fixed_type(fact.kind)
    if fixed is not None:
        return fixed
    found: Type | None = None
    for trait in facts.traits:
        if trait == "SameOperandsAndResultType":
            operands = view.all_operands()
            found = operands[0].type if operands else None
        else:
            m = _TRAIT.fullmatch(trait)
            if m is None:
                continue
            if m.group(1) == "AllTypesMatch":
                names = [n.strip() for n in m.group(2).split(",")]
                if fact.name in names:
                    found = next((t for t in (_named_type(op, n, view) for n in names if n != fact.name)
                                  if t is not None), None)
            elif m.group(1) == "TypesMatchWith":
                source, _, target = m.group(2).partition("->")
                if target.strip() == fact.name:
                    found = _transformed(_named_type(op, source.strip(), view), fact.kind)
        if found is not None:
            break
    if found is None and fact.kind == "bool-like":
        found = IntegerType(1)
    found = view.resolve(found) if found is not None else None  # type: ignore[assignment]
    return found if found is not None and _fits(fact.kind, found) else None


def _result_fact(facts: OpFacts, index: int) -> ResultFact | None:
    """The fact of result ``index``, when results before it cannot be variadic."""
    results = facts.results
    if index >= len(results) or any(r.variadic or r.optional for r in results[:index]):
        return None
    return results[index]


def fixed_type(kind: str) -> Type | None:
    """The one type a result kind names (``index``, ``i1``, ``!gpu.async.token``), if it names one."""
    known = type_from_kind(kind)
    if known is not None or "|" in kind or kind == "any":
        return known
    try:
        parsed = parse_type(kind)
    except TypeSyntaxError:
        return None
    if isinstance(parsed, (IntegerType, FloatType, IndexType, DeviceAsyncTokenType, MBarrierTokenType)):
        return parsed
    if isinstance(parsed, DialectType) and not parsed.params and parsed.name.endswith(".token"):
        return parsed
    if isinstance(parsed, VectorType) and isinstance(parsed.element, (IntegerType, FloatType)):
        return parsed
    return None


def _named_type(op: Operation, name: str, view: OpView) -> Type | None:
    """The type of the operand, attribute or (spelled) result called ``name``."""
    operands = view.operands(name)
    if operands:
        return operands[0].type
    entry = op.attributes.get(name)
    if entry is not None:
        return _unspelled_attribute_type(view.attr(name))
    facts = op.facts
    if facts is not None:
        for i, result in enumerate(facts.results):
            if result.name == name and i < len(op.results) and op.results[i].type is not None:
                return view.resolve(op.results[i].type.type)  # type: ignore[union-attr,return-value]
    return None


def _unspelled_attribute_type(value: Attr | None) -> Type | None:
    """The type of an attribute value whose text does not already show it (``true`` is i1);
    typed literals (``0 : index``, ``dense<...> : vector<...>``) show theirs, so none."""
    return IntegerType(1) if isinstance(value, BoolAttr) else None


def _transformed(source: Type | None, kind: str) -> Type | None:
    """``TypesMatchWith<source -> result>``: i1 of the source's shape for a ``bool-like``
    result, the results of a function type, the element of a shaped type for a scalar
    result, else the source itself."""
    if source is None:
        return None
    if kind == "bool-like":
        if isinstance(source, VectorType):
            return VectorType(source.shape, IntegerType(1), source.scalable)
        if isinstance(source, TensorType):
            return TensorType(source.shape, IntegerType(1))
        return IntegerType(1)
    if isinstance(source, FunctionType):
        return source.results[0] if len(source.results) == 1 else None
    if isinstance(source, (MemRefType, VectorType, TensorType)) and kind not in ("memref", "vector", "tensor"):
        return source.element
    return source


def _fits(kind: str, t: Type) -> bool:
    """Does ``t`` satisfy the result constraint ``kind`` (loosely: families by class)?"""
    for alternative in kind.split("|"):
        if alternative in ("any", "llvm-compatible", "integer", "float") or alternative.endswith("-like"):
            return True
        if alternative == "vector" and isinstance(t, VectorType):
            return True
        if alternative == "memref" and isinstance(t, MemRefType):
            return True
        if alternative == "tensor" and isinstance(t, TensorType):
            return True
        if str(t).startswith(alternative):
            return True
    return False


# ---------------------------------------------------------------- byte sizes
def _async_copy_hint(ctx: FeatureContext, op: Operation, view: OpView) -> tuple[int, lsp.InlayHint] | None:
    elements = view.int_attr("dstElements")
    dst = view.type_of("dst")
    if elements is None or not isinstance(dst, MemRefType):
        return None
    bits = element_bit_width(dst.element)
    if not bits:
        return None
    total = elements * bits // 8
    explanation = (f"`nvgpu.device_async_copy` copies dstElements ({elements}) × {dst.element} "
                   f"({_bits_text(bits)}) = **{format_bytes(total)}** per thread (cp.async allows 4, 8 or 16 bytes).")
    if view.operand("srcElements") is not None:
        explanation += " With srcElements only that many elements are read; the rest is zero-filled."
    end = _spelled_end(ctx.text, op)
    return end, _size_hint(ctx, end, format_bytes(total), explanation)


def _tma_op_hint(ctx: FeatureContext, op: Operation, view: OpView) -> tuple[int, lsp.InlayHint] | None:
    if op.name == "nvgpu.tma.create.descriptor":
        descriptor = view.result_type(0)
        what = "The tile each TMA operation with this descriptor moves"
    else:
        descriptor = view.type_of("tensorMapDescriptor")
        what = ("Bytes this load delivers to the mbarrier (its expect_tx count)" if op.name.endswith("load")
                else "Bytes this store writes")
    if not isinstance(descriptor, TensorMapDescriptorType):
        return None
    text = _box_label(descriptor)
    if text is None:
        return None
    end = _spelled_end(ctx.text, op)
    return end, _box_hint(ctx, end, text, descriptor, what)


def _spelled_end(text: str, op: Operation) -> int:
    """Where an op's own text ends: before a trailing ``loc(...)`` and any whitespace."""
    end = op.loc[0] if op.loc is not None else op.end
    while end > op.start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def _alias_box_hint(ctx: FeatureContext, alias: AliasDef, aliases: dict[str, AliasDef]) -> lsp.InlayHint | None:
    value = _follow(alias.value, aliases)
    if not isinstance(value, TensorMapDescriptorType):
        return None
    text = _box_label(value)
    if text is None:
        return None
    return _box_hint(ctx, alias.value_end, text, value, "The tile one TMA operation with this descriptor moves")


def _follow(value: object, aliases: dict[str, AliasDef], depth: int = 0) -> object:
    """``value`` with a top-level alias (and a descriptor's aliased tensor) resolved."""
    while isinstance(value, TypeAliasRef) and depth < 16:
        alias = aliases.get(value.name)
        if alias is None:
            return value
        value, depth = alias.value, depth + 1
    if isinstance(value, TensorMapDescriptorType) and isinstance(value.tensor, TypeAliasRef):
        tensor = _follow(value.tensor, aliases, depth + 1)
        if isinstance(tensor, Type):
            value = TensorMapDescriptorType(tensor, value.swizzle, value.l2promo, value.oob, value.interleave)
    return value


def box_bytes(descriptor: TensorMapDescriptorType) -> int | None:
    """Bytes of the tile (box) a tensor map descriptor describes; None when not static."""
    tensor = descriptor.tensor
    if not isinstance(tensor, MemRefType) or not tensor.is_static:
        return None
    bits = element_bit_width(tensor.element)
    if not bits:
        return None
    count = 1
    for extent in tensor.shape:
        count *= extent  # type: ignore[operator]
    return count * bits // 8


def _box_label(descriptor: TensorMapDescriptorType) -> str | None:
    size = box_bytes(descriptor)
    if size is None:
        return None
    tensor = descriptor.tensor
    assert isinstance(tensor, MemRefType)
    shape = "x".join(str(d) for d in tensor.shape)
    return f"box {shape}x{tensor.element} = {format_bytes(size)}"


def _box_hint(ctx: FeatureContext, offset: int, label: str, descriptor: TensorMapDescriptorType,
              what: str) -> lsp.InlayHint:
    tensor = descriptor.tensor
    assert isinstance(tensor, MemRefType)
    bits = element_bit_width(tensor.element) or 0
    count = " × ".join(str(d) for d in tensor.shape)
    size = box_bytes(descriptor) or 0
    tooltip = (f"{what}: {count} elements × {tensor.element} ({_bits_text(bits)}) = **{format_bytes(size)}**"
               f" ({size} bytes), swizzle {descriptor.swizzle}.")
    return _size_hint(ctx, offset, label, tooltip)


def _size_hint(ctx: FeatureContext, offset: int, label: str, tooltip: str) -> lsp.InlayHint:
    return lsp.InlayHint(position=ctx.position(offset), label=label, tooltip=_markdown(tooltip),
                         padding_left=True, padding_right=False)


def format_bytes(size: int) -> str:
    """``16 B``, ``1.5 KiB``, ``16 KiB``, ``2 MiB``."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            value = f"{size / scale:.2f}".rstrip("0").rstrip(".")
            return f"{value} {unit}"
    return f"{size} B"


def _bits_text(bits: int) -> str:
    return f"{bits // 8} B" if bits % 8 == 0 else f"{bits} bits"


def _markdown(text: str) -> lsp.MarkupContent:
    return lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text)
