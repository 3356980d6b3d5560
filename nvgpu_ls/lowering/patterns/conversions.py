"""Float conversions: ``nvgpu.extf`` / ``nvgpu.truncf`` and their pre-merge spellings
``nvgpu.convert.fpext`` / ``nvgpu.convert.fptrunc`` / ``nvgpu.convert.float``.

Upstream's conversion (as the bindings run it) flattens the value to a 1-D vector, pads it
with zeros to a whole number of 32-bit words of its narrow side (64-bit when the wide side is
f64), works on i32 words with the packed ``nvvm.convert.*x2`` ops two elements at a time, and
restores the shape with vector ops. The ops, their order and their attributes below follow
that output op for op; which packed op an instance uses is ``instance_forms``' choice.
"""

from __future__ import annotations

from ...analysis.values import FloatType, IntegerType, Type, VectorType
from ...dialects.instance_forms import element_of
from ...dialects.nvgpu import packed_kind_layout
from ...dialects.refusals import saturation_refusal
from ..builder import Builder, Value
from ..llvm_types import F32, I32, I64
from . import pattern

_FAMILY = {"f8E4M3FN": "f8", "f8E5M2": "f8", "f8E8M0FNU": "f8", "f6E2M3FN": "f6", "f6E3M2FN": "f6",
           "f4E2M1FN": "f4"}


def _vector(count: int, element: Type) -> VectorType:
    return VectorType((count,), element)


def _storage_bits(name: str) -> int:
    """Bits an element takes in the packed words (f6 codes sit in a byte each)."""
    family = _FAMILY.get(name)
    return {"f8": 8, "f6": 8, "f4": 4}[family] if family else FloatType(name).width


def _source_value(b: Builder) -> Value:
    """The ``in`` operand with its source type: the vector ops upstream writes work on it."""
    operand = b.source("in")
    assert operand.type is not None  # _types refused an unknown source type first
    definition = operand.use.definition
    known = b.run.replaced.get(id(definition)) if definition is not None else None
    value = known if known is not None else Value(operand.use.name, operand.type)
    if str(value.type) != str(operand.type):
        value = b.cast(value, operand.type)
    return value


class _Shape:
    """Flattening to a padded 1-D vector and back (upstream's vector-op pre/postamble)."""

    def __init__(self, b: Builder, source: Type, narrow: str, wide: str) -> None:
        self.b = b
        self.scalar = not isinstance(source, VectorType)
        self.dims = tuple(source.shape) if isinstance(source, VectorType) else (1,)
        if any(d is None for d in self.dims) or (isinstance(source, VectorType) and any(source.scalable)):
            b.fail("only static, non-scalable vectors can be converted")
        self.count = 1
        for d in self.dims:
            self.count *= d
        unit = (32 // _storage_bits(narrow)) * (2 if wide == "f64" else 1)
        self.padded = -(-self.count // unit) * unit

    def flatten(self, value: Value, element: Type) -> Value:
        b = self.b
        flat = _vector(self.count, element)
        if self.scalar:
            value = b.value(f"vector.broadcast {value} : {element} to {flat}", flat)
        elif len(self.dims) > 1:
            value = b.value(f"vector.shape_cast {value} : {value.type} to {flat}", flat)
        if self.padded != self.count:
            wide = _vector(self.padded, element)
            zeros = b.value(f"arith.constant dense<0.000000e+00> : {wide}", wide)
            value = b.value(f"vector.insert_strided_slice {value}, {zeros} {{offsets = [0], strides = [1]}} "
                            f": {flat} into {wide}", wide)
        return value

    @property
    def reshaped(self) -> bool:
        return self.scalar or len(self.dims) > 1 or self.padded != self.count

    def restore(self, value: Value, element: Type) -> Value:
        b = self.b
        if not self.reshaped:
            return value
        if str(value.type) != str(_vector(self.padded, element)):
            value = b.cast(value, _vector(self.padded, element))
        if self.padded != self.count:
            flat = _vector(self.count, element)
            value = b.value(f"vector.extract_strided_slice {value} {{offsets = [0], sizes = [{self.count}], "
                            f"strides = [1]}} : {value.type} to {flat}", flat)
        if self.scalar:
            value = b.value(f"vector.extract {value}[0] : {element} from {value.type}", element)
        elif len(self.dims) > 1:
            shaped = VectorType(self.dims, element)
            value = b.value(f"vector.shape_cast {value} : {value.type} to {shaped}", shaped)
        return value


def _relu(b: Builder) -> bool:
    return bool(b.view.bool_attr("relu"))


def _words(b: Builder, vector: Value, count: int) -> Value:
    return b.value(f"llvm.bitcast {vector} : {vector.type} to {_vector(count, I32)}", _vector(count, I32))


def _extract(b: Builder, vector: Value, index: int, element: Type) -> Value:
    at = b.constant(index, I64)
    return b.value(f"llvm.extractelement {vector}[{at} : i64] : {vector.type}", element)


def _insert(b: Builder, value: Value, vector: Value, at: Value) -> Value:
    return b.value(f"llvm.insertelement {value}, {vector}[{at} : i64] : {vector.type}", vector.type)


# ------------------------------------------------------------------------------ widening
def _extend(b: Builder, value: Value, source: str, result: str, count: int) -> Value:
    """vector<count x source> (padded) -> vector<count x result>."""
    result_type = _vector(count, FloatType(result))
    if source in ("f16", "bf16", "f32"):
        return b.value(f"llvm.fpext {value} : {value.type} to {result_type}", result_type)
    family = _FAMILY.get(source)
    if family is None:
        b.fail(f"cannot widen {source}")
    bits = {"f8": 8, "f6": 6, "f4": 4}[family]
    codes = b.cast(value, _vector(count, IntegerType(bits)))
    if family == "f6":
        codes = b.value(f"llvm.zext {codes} : {codes.type} to {_vector(count, IntegerType(8))}",
                        _vector(count, IntegerType(8)))
    per_word = 8 if family == "f4" else 4
    words = _words(b, codes, count // per_word)
    half = "bf16" if result == "bf16" or source == "f8E8M0FNU" else "f16"
    pair = _vector(2, FloatType(half))
    relu = " {relu = true}" if _relu(b) else ""
    out = b.value(f"llvm.mlir.undef : {_vector(count // 2, I32)}", _vector(count // 2, I32))
    subs = 4 if family == "f4" else 2
    sub_type = _vector(4, IntegerType(8)) if family == "f4" else _vector(2, IntegerType(16))
    for j in range(count // per_word):
        word = _extract(b, words, j, I32)
        parts = b.value(f"llvm.bitcast {word} : i32 to {sub_type}", sub_type)
        for s in range(subs):
            if family == "f4":
                code = _extract(b, parts, s, IntegerType(8))
                converted = b.value(f"nvvm.convert.f4x2.to.{half}x2 {code}{relu} : i8({source}) -> {pair}", pair)
            else:
                bits16 = _extract(b, parts, s, IntegerType(16))
                code = b.value(f"llvm.bitcast {bits16} : i16 to {_vector(2, IntegerType(8))}",
                               _vector(2, IntegerType(8)))
                converted = b.value(f"nvvm.convert.{family}x2.to.{half}x2 {code}{relu} : "
                                    f"{_vector(2, IntegerType(8))}({source}) -> {pair}", pair)
            packed = b.value(f"llvm.bitcast {converted} : {pair} to i32", I32)
            out = _insert(b, packed, out, b.constant(j * subs + s, I64))
    halves = _vector(count, FloatType(half))
    widened = b.value(f"llvm.bitcast {out} : {out.type} to {halves}", halves)
    if result != half:
        widened = b.value(f"llvm.fpext {widened} : {halves} to {result_type}", result_type)
    return widened


def _lower_extend(b: Builder, source_type: Type, result_type: Type) -> None:
    source, result = element_of(source_type), element_of(result_type)
    assert isinstance(source, FloatType) and isinstance(result, FloatType)
    if b.view.enum_word("rnd", "rn") != "rn":
        b.fail("only rn rounding is supported for widening float conversions")
    shape = _Shape(b, source_type, source.name, result.name)
    flat = shape.flatten(_source_value(b), source)
    widened = _extend(b, flat, source.name, result.name, shape.padded)
    b.replace(shape.restore(widened, result))


# ------------------------------------------------------------------------------ narrowing
def _narrow_attrs(b: Builder, op: str, rnd: str, sat: str) -> str:
    """The attribute dictionary of one packed narrowing op, as the bindings print it."""
    parts = ["relu = true"] if _relu(b) else []
    if op in ("f32x2.to.f16x2", "f32x2.to.bf16x2", "f32x2.to.f8x2", "bf16x2.to.f8x2"):
        parts.append(f"rnd = #nvvm.fp_rnd_mode<{rnd}>")
        if sat == "satfinite":
            parts.append("sat = #nvvm.sat_mode<satfinite>")
    return f" {{{', '.join(parts)}}}" if parts else ""


def _truncate(b: Builder, value: Value, source: str, result: str, count: int, keep_bytes: bool) -> Value:
    """vector<count x source> (padded) -> vector<count x result> (narrow results as iN codes)."""
    rnd, sat = b.view.enum_word("rnd", "rn"), b.view.enum_word("sat", "satfinite")
    if source == "f64":
        to = result if result in ("f32", "f16", "bf16") else "f32"
        value = b.value(f"llvm.fptrunc {value} : {value.type} to {_vector(count, FloatType(to))}",
                        _vector(count, FloatType(to)))
        if to == result:
            return value
        source = "f32"
    if source == "f32" and result in ("f16", "bf16"):
        pair_type = _vector(2, FloatType(result))
        attrs = _narrow_attrs(b, f"f32x2.to.{result}x2", rnd, sat)
        bits = b.value(f"llvm.bitcast {value} : {value.type} to {_vector(count, I32)}", _vector(count, I32))
        out = b.value(f"llvm.mlir.undef : {_vector(count // 2, I32)}", _vector(count // 2, I32))
        rbits = f", {b.operand('random_bits')}" if rnd == "rs" else ""
        for j in range(count // 2):
            at = b.constant(j, I64)
            lo, hi = _extract(b, bits, 2 * j, I32), _extract(b, bits, 2 * j + 1, I32)
            lo_f = b.value(f"llvm.bitcast {lo} : i32 to f32", F32)
            hi_f = b.value(f"llvm.bitcast {hi} : i32 to f32", F32)
            converted = b.value(f"nvvm.convert.f32x2.to.{result}x2 {hi_f}, {lo_f}{rbits}{attrs} : {pair_type}",
                                pair_type)
            packed = b.value(f"llvm.bitcast {converted} : {pair_type} to i32", I32)
            out = _insert(b, packed, out, at)
        return b.value(f"llvm.bitcast {out} : {out.type} to {_vector(count, FloatType(result))}",
                       _vector(count, FloatType(result)))
    family = _FAMILY.get(result)
    if family is None or source not in ("f32", "f16", "bf16"):
        b.fail(f"no packed conversion from {source} to {result}")
    op = f"{'f32x2' if source == 'f32' else source + 'x2'}.to.{family}x2"
    refusal = saturation_refusal(source, result, sat)
    if refusal is not None:
        b.fail(refusal)
    attrs = _narrow_attrs(b, op, rnd, sat)
    code = "i8" if family == "f4" else "i16"
    subs = 4 if family == "f4" else 2
    sub_type = _vector(subs, IntegerType(8 if family == "f4" else 16))
    out_bits = 4 if family == "f4" else 8
    words = count * out_bits // 32
    if source == "f32":
        bits = b.value(f"llvm.bitcast {value} : {value.type} to {_vector(count, I32)}", _vector(count, I32))
    else:
        bits = _words(b, value, count // 2)
    out = b.value(f"llvm.mlir.undef : {_vector(words, I32)}", _vector(words, I32))
    pair_type = _vector(2, FloatType(source))
    for j in range(words):
        at = b.constant(j, I64)
        part = b.value(f"llvm.mlir.undef : {sub_type}", sub_type)
        for s in reversed(range(subs)):
            p = j * subs + s
            if source == "f32":
                lo, hi = _extract(b, bits, 2 * p, I32), _extract(b, bits, 2 * p + 1, I32)
                lo_f = b.value(f"llvm.bitcast {lo} : i32 to f32", F32)
                hi_f = b.value(f"llvm.bitcast {hi} : i32 to f32", F32)
                converted = b.value(f"nvvm.convert.{op} {hi_f}, {lo_f}{attrs} : {code}({result})", IntegerType(int(code[1:])))
            else:
                word = _extract(b, bits, p, I32)
                pair = b.value(f"llvm.bitcast {word} : i32 to {pair_type}", pair_type)
                converted = b.value(f"nvvm.convert.{op} {pair}{attrs} : {pair_type} -> {code}({result})",
                                    IntegerType(int(code[1:])))
            part = _insert(b, converted, part, b.constant(s, I64))
        packed = b.value(f"llvm.bitcast {part} : {sub_type} to i32", I32)
        out = _insert(b, packed, out, at)
    codes = _vector(count, IntegerType(out_bits))
    narrowed = b.value(f"llvm.bitcast {out} : {out.type} to {codes}", codes)
    if family == "f6" and not keep_bytes:
        narrowed = b.value(f"llvm.trunc {narrowed} : {codes} to {_vector(count, IntegerType(6))}",
                           _vector(count, IntegerType(6)))
    if family == "f4" and keep_bytes:
        narrowed = b.value(f"llvm.zext {narrowed} : {codes} to {_vector(count, IntegerType(8))}",
                           _vector(count, IntegerType(8)))
    return narrowed


def _lower_truncate(b: Builder, source_type: Type, result_type: Type) -> None:
    source, result = element_of(source_type), element_of(result_type)
    assert isinstance(source, FloatType)
    keep_bytes = False
    kind = b.view.enum_attr("packed_kind") if b.view.has_attr("packed_kind") else None
    layout = packed_kind_layout(kind) if kind is not None else None
    if kind is not None and layout is None:
        b.fail(f"packed_kind #nvgpu.subbytes_packedkind<{kind}> is not a packing nvgpu-ls can lower (compact, or "
               "u6_unpack_u8_e2m3 / u6_unpack_u8_e3m2 / u4_unpack_u8_e2m1)")
    if layout is not None and layout[1]:
        if result != IntegerType(8) or layout[0] is None:
            b.fail(f"packed_kind #nvgpu.subbytes_packedkind<{kind}> gives each code a byte: the result must be i8")
        result, keep_bytes = FloatType(layout[0]), True
    elif not isinstance(result, FloatType):
        b.fail(f"cannot narrow {source} to {result}")
    if (b.view.enum_word("rnd", "rn") == "rs") != b.has_operand("random_bits"):
        b.fail("random_bits is required for rnd = rs and only allowed with it")
    shape = _Shape(b, source_type, result.name, source.name)
    flat = shape.flatten(_source_value(b), source)
    narrowed = _truncate(b, flat, source.name, result.name, shape.padded, keep_bytes)
    element = element_of(result_type)
    assert element is not None  # result_type is known: element_of gives None only for None
    b.replace(shape.restore(narrowed, element))


def _types(b: Builder) -> tuple[Type, Type, FloatType, Type]:
    source_type, result_type = b.source("in").type, b.result_type(0)
    source, result = element_of(source_type), element_of(result_type)
    if source_type is None or not isinstance(source, FloatType):
        b.fail(f"cannot convert from {source_type}: not a float scalar or vector")
    assert result is not None  # result_type is known: element_of gives None only for None
    return source_type, result_type, source, result


@pattern("nvgpu.extf")
def lower_extf(b: Builder) -> None:
    """f16/bf16/f32 sources: ``llvm.fpext``. Narrow sources (fp8/fp6/fp4/e8m0): their codes as
    iN (cast), f6 zero-extended to bytes, bitcast to i32 words, each pair through
    ``nvvm.convert.{f8|f6|f4}x2.to.{f16|bf16}x2`` into an i32 of the result, bitcast to
    f16/bf16 and ``llvm.fpext`` to f32/f64 results. Scalars, n-D and unaligned vectors go
    through upstream's vector.broadcast / shape_cast / insert_strided_slice and back."""
    source_type, result_type, _, _ = _types(b)
    _lower_extend(b, source_type, result_type)


@pattern("nvgpu.truncf")
def lower_truncf(b: Builder) -> None:
    """f64 sources: ``llvm.fptrunc`` (to f32 first for narrow results). f32 -> f16/bf16:
    ``nvvm.convert.f32x2.to.{f16|bf16}x2`` per pair with rnd/sat/relu (and random_bits for rs).
    Narrow results: ``nvvm.convert.{f32x2|f16x2|bf16x2}.to.{f8|f6|f4}x2`` per pair packed into
    i32 words, bitcast to the iN codes (f6 truncated from bytes to i6)."""
    source_type, result_type, _, _ = _types(b)
    _lower_truncate(b, source_type, result_type)


@pattern("nvgpu.convert.fpext")
def lower_convert_fpext(b: Builder) -> None:
    """Pre-merge name of ``nvgpu.extf``: the same lowering (vectors and scalars only)."""
    source_type, result_type, _, _ = _types(b)
    _lower_extend(b, source_type, result_type)


@pattern("nvgpu.convert.fptrunc")
def lower_convert_fptrunc(b: Builder) -> None:
    """Pre-merge name of ``nvgpu.truncf``: the same lowering; a ``packed_kind`` that gives each code
    a byte (``u6_unpack_u8_e2m3``, ``u6_unpack_u8_e3m2``, ``u4_unpack_u8_e2m1``) with an i8 result
    keeps each code in its own byte, zero-extended; ``compact`` is the plain float result."""
    source_type, result_type, _, _ = _types(b)
    _lower_truncate(b, source_type, result_type)


@pattern("nvgpu.convert.float")
def lower_convert_float(b: Builder) -> None:
    """Earliest pre-merge form: the extf lowering for a wider result, truncf's for a narrower one."""
    source_type, result_type, source, result = _types(b)
    if not isinstance(result, FloatType):
        b.fail(f"cannot convert to {result_type}: not a float scalar or vector")
    if source.width < result.width:
        _lower_extend(b, source_type, result_type)
    else:
        _lower_truncate(b, source_type, result_type)
