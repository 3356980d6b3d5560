"""Types and attributes as structured, hashable values.

They are immutable so that equal spellings compare equal (the use-def checks compare
a use's type with its definition's) and so that one parsed value can be shared by
every place a type text repeats. Aliases (``!t``, ``#a``) stay references here; a
Document resolves them against its alias table.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from dataclasses import dataclass
from typing import Callable, Union

Dim = Union[int, None]
"""A static extent, or None for a dynamic one (``?``)."""


class Type:
    """Base of every type value."""

    __slots__ = ()


class Attr:
    """Base of every attribute value."""

    __slots__ = ()


# ---------------------------------------------------------------- builtin types
@dataclass(frozen=True, slots=True)
class IntegerType(Type):
    width: int
    signedness: str = ""  # "", "s" or "u"

    def __str__(self) -> str:
        return f"{self.signedness}i{self.width}"


@dataclass(frozen=True, slots=True)
class IndexType(Type):
    def __str__(self) -> str:
        return "index"


FLOAT_WIDTHS = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
    "f8E5M2": 8, "f8E4M3": 8, "f8E4M3FN": 8, "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8,
    "f8E4M3B11FNUZ": 8, "f8E3M4": 8, "f8E8M0FNU": 8,
    "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4,
}


@dataclass(frozen=True, slots=True)
class FloatType(Type):
    name: str

    @property
    def width(self) -> int:
        """Storage width in bits (tf32 is stored in 32 bits)."""
        return 32 if self.name == "tf32" else FLOAT_WIDTHS[self.name]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class NoneType(Type):
    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True, slots=True)
class VectorType(Type):
    shape: tuple[int, ...]
    element: Type
    scalable: tuple[bool, ...] = ()

    def __str__(self) -> str:
        dims = "".join(
            (f"[{d}]" if self.scalable and self.scalable[i] else str(d)) + "x"
            for i, d in enumerate(self.shape)
        )
        return f"vector<{dims}{self.element}>"


@dataclass(frozen=True, slots=True)
class MemRefType(Type):
    shape: tuple[Dim, ...]
    element: Type
    layout: Attr | None = None
    memory_space: Attr | None = None

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        return all(d is not None for d in self.shape)

    def __str__(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        extra = "".join(f", {a}" for a in (self.layout, self.memory_space) if a is not None)
        return f"memref<{dims}{self.element}{extra}>"


@dataclass(frozen=True, slots=True)
class UnrankedMemRefType(Type):
    element: Type
    memory_space: Attr | None = None

    def __str__(self) -> str:
        extra = f", {self.memory_space}" if self.memory_space is not None else ""
        return f"memref<*x{self.element}{extra}>"


@dataclass(frozen=True, slots=True)
class TensorType(Type):
    shape: tuple[Dim, ...] | None  # None: unranked
    element: Type
    encoding: Attr | None = None

    def __str__(self) -> str:
        if self.shape is None:
            return f"tensor<*x{self.element}>"
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        extra = f", {self.encoding}" if self.encoding is not None else ""
        return f"tensor<{dims}{self.element}{extra}>"


@dataclass(frozen=True, slots=True)
class FunctionType(Type):
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __str__(self) -> str:
        ins = ", ".join(map(str, self.inputs))
        outs = ", ".join(map(str, self.results))
        out = outs if len(self.results) == 1 and not isinstance(self.results[0], FunctionType) else f"({outs})"
        return f"({ins}) -> {out}"


@dataclass(frozen=True, slots=True)
class TupleType(Type):
    types: tuple[Type, ...]

    def __str__(self) -> str:
        return f"tuple<{', '.join(map(str, self.types))}>"


@dataclass(frozen=True, slots=True)
class ComplexType(Type):
    element: Type

    def __str__(self) -> str:
        return f"complex<{self.element}>"


@dataclass(frozen=True, slots=True)
class TypeAliasRef(Type):
    name: str  # with the leading '!'

    def __str__(self) -> str:
        return self.name


# ---------------------------------------------------------------- dialect types
@dataclass(frozen=True, slots=True)
class DialectType(Type):
    """A dialect type the project has no dedicated class for; parameters kept parsed."""

    name: str  # without '!', e.g. "llvm.array"
    params: tuple = ()
    """Positional items and ``(key, value)`` pairs, in order."""
    text: str = ""

    def __str__(self) -> str:
        return "!" + (self.text or self.name)


@dataclass(frozen=True, slots=True)
class LLVMPointerType(Type):
    address_space: int = 0

    def __str__(self) -> str:
        return "!llvm.ptr" if self.address_space == 0 else f"!llvm.ptr<{self.address_space}>"


@dataclass(frozen=True, slots=True)
class LLVMStructType(Type):
    body: tuple[Type, ...] | None
    name: str | None = None
    packed: bool = False

    def __str__(self) -> str:
        inner = ", ".join(map(str, self.body or ()))
        parts = []
        if self.name is not None:
            parts.append(f'"{self.name}"')
        if self.body is not None:
            parts.append(("packed " if self.packed else "") + f"({inner})")
        return f"!llvm.struct<{', '.join(parts)}>"


@dataclass(frozen=True, slots=True)
class LLVMArrayType(Type):
    size: int
    element: Type

    def __str__(self) -> str:
        return f"!llvm.array<{self.size} x {self.element}>"


@dataclass(frozen=True, slots=True)
class DeviceAsyncTokenType(Type):
    def __str__(self) -> str:
        return "!nvgpu.device.async.token"


@dataclass(frozen=True, slots=True)
class MBarrierTokenType(Type):
    def __str__(self) -> str:
        return "!nvgpu.mbarrier.token"


@dataclass(frozen=True, slots=True)
class MBarrierGroupType(Type):
    memory_space: Attr | None
    num_barriers: int = 1

    def __str__(self) -> str:
        extra = f", num_barriers = {self.num_barriers}" if self.num_barriers != 1 else ""
        return f"!nvgpu.mbarrier.group<memorySpace = {self.memory_space}{extra}>"


@dataclass(frozen=True, slots=True)
class TensorMapDescriptorType(Type):
    tensor: Type
    swizzle: str = "none"
    l2promo: str = "none"
    oob: str = "zero"
    interleave: str = "none"

    def __str__(self) -> str:
        return (f"!nvgpu.tensormap.descriptor<tensor = {self.tensor}, swizzle = {self.swizzle}, "
                f"l2promo = {self.l2promo}, oob = {self.oob}, interleave = {self.interleave}>")


@dataclass(frozen=True, slots=True)
class WarpgroupDescriptorType(Type):
    tensor: Type

    def __str__(self) -> str:
        return f"!nvgpu.warpgroup.descriptor<tensor = {self.tensor}>"


@dataclass(frozen=True, slots=True)
class WarpgroupAccumulatorType(Type):
    fragmented: Type

    def __str__(self) -> str:
        return f"!nvgpu.warpgroup.accumulator<fragmented = {self.fragmented}>"


@dataclass(frozen=True, slots=True)
class OpaqueType(Type):
    """Balanced text the grammar does not model; kept verbatim, never an error."""

    text: str

    def __str__(self) -> str:
        return self.text


# ---------------------------------------------------------------- attributes
@dataclass(frozen=True, slots=True)
class IntegerAttr(Attr):
    value: int
    type: Type | None = None

    def __str__(self) -> str:
        return f"{self.value}" + (f" : {self.type}" if self.type is not None else "")


@dataclass(frozen=True, slots=True)
class HexIntegerAttr(IntegerAttr):
    """An integer written in hexadecimal (``0x7FC00000``): where a float is wanted, upstream reads
    it as the float's bits, which a decimal integer may not stand for."""

    def __str__(self) -> str:
        return hex(self.value) + (f" : {self.type}" if self.type is not None else "")


@dataclass(frozen=True, slots=True)
class FloatAttr(Attr):
    value: float
    type: Type | None = None
    text: str = ""

    def __str__(self) -> str:
        return (self.text or repr(self.value)) + (f" : {self.type}" if self.type is not None else "")


@dataclass(frozen=True, slots=True)
class BoolAttr(Attr):
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True, slots=True)
class UnitAttr(Attr):
    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True, slots=True)
class StringAttr(Attr):
    value: str
    type: Type | None = None

    def __str__(self) -> str:
        return '"' + self.value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True, slots=True)
class TypeAttr(Attr):
    type: Type

    def __str__(self) -> str:
        return str(self.type)


@dataclass(frozen=True, slots=True)
class ArrayAttr(Attr):
    elements: tuple[Attr, ...]

    def __str__(self) -> str:
        return "[" + ", ".join(map(str, self.elements)) + "]"


@dataclass(frozen=True, slots=True)
class DenseArrayAttr(Attr):
    element: Type
    values: tuple

    def __str__(self) -> str:
        body = ", ".join(map(str, self.values))
        return f"array<{self.element}" + (f": {body}>" if self.values else ">")


@dataclass(frozen=True, slots=True)
class DictionaryAttr(Attr):
    entries: tuple[tuple[str, Attr], ...]

    def get(self, key: str) -> Attr | None:
        for name, value in self.entries:
            if name == key:
                return value
        return None

    def __str__(self) -> str:
        return "{" + ", ".join(
            name if isinstance(v, UnitAttr) else f"{name} = {v}" for name, v in self.entries
        ) + "}"


@dataclass(frozen=True, slots=True)
class SymbolRefAttr(Attr):
    path: tuple[str, ...]  # each with its '@'

    def __str__(self) -> str:
        return "::".join(self.path)


@dataclass(frozen=True, slots=True)
class KeywordAttr(Attr):
    """A bare keyword standing as a value, e.g. an enum case inside ``<...>``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class DenseElementsAttr(Attr):
    value: Attr | None
    type: Type | None
    text: str = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class AffineMapAttr(Attr):
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class StridedLayoutAttr(Attr):
    strides: tuple[Dim, ...]
    offset: Dim = 0

    def __str__(self) -> str:
        strides = ", ".join("?" if s is None else str(s) for s in self.strides)
        off = "" if self.offset == 0 else ", offset: " + ("?" if self.offset is None else str(self.offset))
        return f"strided<[{strides}]{off}>"


@dataclass(frozen=True, slots=True)
class LocationAttr(Attr):
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class GPUAddressSpaceAttr(Attr):
    space: str  # "global", "workgroup" or "private"

    def __str__(self) -> str:
        return f"#gpu.address_space<{self.space}>"


@dataclass(frozen=True, slots=True)
class NVVMTargetAttr(Attr):
    """``#nvvm.target<...>``: the GPU a gpu.module is compiled for."""

    chip: str = "sm_50"
    features: str = ""
    triple: str = "nvptx64-nvidia-cuda"
    opt_level: int = 2
    flags: Attr | None = None
    link: Attr | None = None
    params: tuple = ()

    def __str__(self) -> str:
        return f'#nvvm.target<chip = "{self.chip}"' + (
            f', features = "{self.features}"' if self.features else "") + ">"


@dataclass(frozen=True, slots=True)
class DialectAttr(Attr):
    """A dialect attribute without a dedicated class; parameters kept parsed."""

    name: str  # without '#'
    params: tuple = ()
    text: str = ""

    def get(self, key: str):
        for item in self.params:
            if isinstance(item, tuple) and item[0] == key:
                return item[1]
        return None

    def __str__(self) -> str:
        return "#" + (self.text or self.name)


@dataclass(frozen=True, slots=True)
class AttrAliasRef(Attr):
    name: str  # with the leading '#'

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class OpaqueAttr(Attr):
    """Balanced text the grammar does not model; kept verbatim, never an error."""

    text: str

    def __str__(self) -> str:
        return self.text


def memory_space_number(space: Attr | None) -> int | None:
    """The NVVM address space of a memref memory space (``#gpu.address_space``: 1 / 3 / 0)."""
    if space is None:
        return 0
    if isinstance(space, IntegerAttr):
        return space.value
    if isinstance(space, GPUAddressSpaceAttr):
        return {"global": 1, "workgroup": 3, "private": 0}.get(space.space)
    return None


def element_bit_width(t: Type) -> int | None:
    """Bit width of a scalar element type, None for types without one."""
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return t.width
    if isinstance(t, IndexType):
        return 64
    return None


def _parts(value: object) -> tuple:
    """The values a type or attribute value is made of (its fields, or a tuple's items)."""
    if isinstance(value, (tuple, list)):
        return tuple(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(getattr(value, f.name) for f in dataclasses.fields(value))
    return ()


def _collect(value: object, own: "Callable[[object], frozenset]", walk: "Callable[[object], frozenset]") -> frozenset:
    found = set(own(value))
    for part in _parts(value):
        if isinstance(part, (Type, Attr, tuple, list)) and part is not value:
            try:
                found |= walk(part)
            except TypeError:  # an unhashable part: walk it without the cache
                found |= walk.__wrapped__(part)  # type: ignore[attr-defined]
    return frozenset(found)


@lru_cache(maxsize=8192)
def dialect_references(value: object) -> frozenset[tuple[str, str]]:
    """The generic dialect types (``("!", "gpu.tokn")``) and attributes (``("#", "gpu.x")``) anywhere
    inside ``value``; the ones the project models by class are known to exist."""
    def own(item: object) -> frozenset:
        if isinstance(item, DialectType) and "." in item.name:
            return frozenset({("!", item.name)})
        if isinstance(item, DialectAttr) and "." in item.name:
            return frozenset({("#", item.name)})
        return frozenset()
    return _collect(value, own, dialect_references)


@lru_cache(maxsize=8192)
def alias_references(value: object) -> frozenset[str]:
    """The alias names (``#a``, ``!t``) referenced anywhere inside a type or attribute value."""
    def own(item: object) -> frozenset:
        return frozenset({item.name}) if isinstance(item, (AttrAliasRef, TypeAliasRef)) else frozenset()
    return _collect(value, own, alias_references)


@lru_cache(maxsize=8192)
def aliased_vector_elements(value: object) -> frozenset[str]:
    """The type aliases used as a vector's element type anywhere inside ``value`` (``vector<2x!t>``):
    what they stand for decides whether the vector is valid."""
    def own(item: object) -> frozenset:
        if isinstance(item, VectorType) and isinstance(item.element, TypeAliasRef):
            return frozenset({item.element.name})
        return frozenset()
    return _collect(value, own, aliased_vector_elements)
