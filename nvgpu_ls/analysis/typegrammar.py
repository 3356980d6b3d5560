"""Parsing type and attribute texts into values (``values.py``) with a lark LALR grammar.

The op-level parser cuts a type or attribute out of the token stream by bracket
balance and hands its text here. Texts repeat a great deal in real files, so results
are memoised by text. A text the grammar cannot read is an error only when it claims
to be something the project models (a builtin type, an nvgpu type, a known enum or
target); anything else that is balanced becomes an opaque value, because MLIR dialects
may invent their own syntax inside ``<...>``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token as LarkToken, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from ..memory import register_cache
from ..user_cache import cache_folder
from . import values as v
from .affine import check_affine
from .errors import TypeSyntaxError, ValueRuleError
from .tokens import STRING_LITERAL

_GRAMMAR = r"""
type_start: type
attr_start: attr

?type: nonfn_type
     | function_type

?nonfn_type: IDENT                                   -> ident_type
     | "vector" "<" vdim* type ">"                   -> vector_type
     | "memref" "<" DIM* type ("," attr)* ">"        -> memref_type
     | "memref" "<" UNRANKED type ("," attr)* ">"    -> unranked_memref_type
     | "tensor" "<" DIM* type ("," attr)? ">"        -> tensor_type
     | "tensor" "<" UNRANKED type ">"                -> unranked_tensor_type
     | "tuple" "<" [type ("," type)*] ">"            -> tuple_type
     | "complex" "<" type ">"                        -> complex_type
     | BANG_NAME [dialect_body]                      -> bang_type
     | paren_types

vdim: DIM | SCALABLE_DIM

paren_types: "(" [type ("," type)*] ")"
function_type: paren_types "->" (nonfn_type)

dialect_body: "<" [body_item ("," body_item)*] ">"
body_item: (IDENT | keyword) "=" attr              -> keyed
         | attr+                                   -> positional
         | keyword                                 -> keyword_item

?attr: type                                        -> type_attr
     | number [":" type]                           -> number_attr
     | STRING [":" type]                           -> string_attr
     | "[" [attr ("," attr)*] "]"                  -> array_attr
     | dict
     | HASH_NAME [dialect_body]                    -> hash_attr
     | SYMBOL ("::" SYMBOL)*                       -> symbol_attr
     | "dense" "<" [attr] ">" [":" type]           -> dense_attr
     | "dense_resource" "<" IDENT ">" [":" type]   -> dense_resource_attr
     | "array" "<" type [":" [number ("," number)*]] ">"  -> dense_array_attr
     | AFFINE                                      -> affine_attr
     | "strided" "<" "[" [sdim ("," sdim)*] "]" ["," strided_offset] ">" -> strided_attr
     | "distinct" "[" INT "]" "<" [attr] ">"       -> distinct_attr
     | "?"                                         -> question_attr

dict: "{" [dict_entry ("," dict_entry)*] "}"
dict_entry: (IDENT | STRING | keyword) ["=" attr]
!keyword: "vector" | "memref" | "tensor" | "tuple" | "complex" | "dense" | "dense_resource"
        | "array" | "strided" | "offset" | "distinct"

!number: INT | "-" INT | FLOAT | "-" FLOAT
!sdim: INT | "-" INT | "?"
strided_offset: "offset" ":" sdim

DIM: /(?:[0-9]+|\?)x/
SCALABLE_DIM: /\[[0-9]+\]x/
UNRANKED: /\*x/
IDENT: /[A-Za-z_][A-Za-z0-9_$.]*/
BANG_NAME: /![A-Za-z_$.\-][A-Za-z0-9_$.\-]*/
HASH_NAME: /#[A-Za-z_$.\-][A-Za-z0-9_$.\-]*/
SYMBOL: /@(?:STRING_LITERAL|[A-Za-z_$.\-][A-Za-z0-9_$.\-]*)/
STRING: /STRING_LITERAL/
FLOAT: /[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?/
INT: /0x[0-9A-Fa-f]+|[0-9]+/
AFFINE: /affine_(?:map|set)<(?:->|>=|<=|[^<>])*>/

%ignore /[ \t\r\n\f\v]+/
""".replace("STRING_LITERAL", STRING_LITERAL)

_LARK_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "start": ["type_start", "attr_start"],
                                  "maybe_placeholders": True}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The grammar's LALR parser, made on first use rather than at import (a server answers
    ``initialize`` before it reads a type): loaded from the user's cache of its tables when one
    is there (about half the time of building them), else built and kept there for the next
    process. lark checks the cache against the grammar, its options and its own version."""
    folder = cache_folder("grammars")
    digest = hashlib.sha256(_GRAMMAR.encode()).hexdigest()[:20]
    cache: str | bool = str(folder / f"types-{digest}.lark") if folder is not None else False
    try:
        return Lark(_GRAMMAR, cache=cache, **_LARK_OPTIONS)
    except OSError:  # the cache could not be written: build without it
        return Lark(_GRAMMAR, cache=False, **_LARK_OPTIONS)

_KNOWN_DIALECT_PREFIXES = ("nvgpu.", "nvvm.", "gpu.", "llvm.", "builtin.", "memref.", "vector.",
                           "arith.", "scf.", "func.", "affine.", "tensor.", "linalg.", "math.",
                           "cf.", "index.", "nv_tileaa.", "transform.", "rocdl.", "spirv.",
                           "amdgpu.", "xevm.", "ptr.", "acc.", "omp.", "mesh.", "shard.",
                           "bufferization.", "sparse_tensor.", "tosa.", "emitc.", "dlti.", "async.")


@dataclass(frozen=True)
class _KeywordArray:
    """``[a, b]`` holding bare words: an array inside a dialect attribute's ``<...>``
    (``#llvm.di_expression<[DW_OP_deref]>``), an error anywhere else."""

    items: tuple


@dataclass(frozen=True)
class _Keyword:
    """A bare word read where a type could stand; becomes a value once the context is known."""

    word: str
    pos: int | None = None


_NVGPU_TYPE_NAMES = {
    "nvgpu.device.async.token", "nvgpu.mbarrier.group", "nvgpu.mbarrier.token",
    "nvgpu.tensormap.descriptor", "nvgpu.warpgroup.descriptor", "nvgpu.warpgroup.accumulator",
}


def _scalar(word: str) -> v.Type | None:
    if word == "index":
        return v.IndexType()
    if word == "none":
        return v.NoneType()
    if word in v.FLOAT_WIDTHS:
        return v.FloatType(word)
    head = word[:2] if word[:1] in "su" else word[:1]
    rest = word[len(head):]
    if head in ("i", "si", "ui") and rest.isdigit() and not rest.startswith("0") and len(rest) < 8:
        return v.IntegerType(int(rest), head[:-1] if len(head) == 2 else "")
    return None


CONTAINER_TYPES = frozenset({"memref", "vector", "tensor", "tuple", "complex"})
"""Builtin type keywords that take ``<...>`` parameters."""


def is_scalar_type_name(word: str) -> bool:
    """Is ``word`` a builtin scalar type (``i32``, ``f16``, ``index``, ``f8E4M3FN``...)?"""
    known = _SCALAR_NAMES.get(word)
    if known is None:
        known = _scalar(word) is not None
        if len(_SCALAR_NAMES) < 4096:
            _SCALAR_NAMES[word] = known
    return known


_SCALAR_NAMES: dict[str, bool] = {}


MAX_NESTING = 64
"""Deepest bracket nesting handed to the grammar; deeper texts are rejected up front."""


def _too_deep(text: str) -> bool:
    depth = 0
    for char in text:
        if char in "<([{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif char in ">)]}":
            depth -= 1
    return False


_INT64_MAX = (1 << 63) - 1


def _checked_element(container: str, element: v.Type) -> v.Type:
    """``element``, when the builtin ``container`` can hold it (``value_errors.element_problem``)."""
    from .value_errors import element_problem  # it reads scalar names from this module

    problem = element_problem(container, str(element))
    if problem is not None:
        raise TypeSyntaxError(problem)
    return element


_LAYOUTS = (v.StridedLayoutAttr, v.AffineMapAttr)


def _memref_layout_and_space(attrs: list, ranked: bool) -> tuple:
    """The layout and memory space of a memref's ``, attr`` list, read in order as upstream reads
    it (layouts first, one memory space last); an alias may be either and is taken as written."""
    layout: v.Attr | None = None
    space: v.Attr | None = None
    for attr in attrs:
        if isinstance(attr, v.AttrAliasRef):
            if space is None and layout is None and len(attrs) == 1:
                layout = attr  # which one it is, is the file's to say
            elif attr is attrs[-1]:
                space = attr
            else:
                layout = attr
            continue
        if isinstance(attr, _LAYOUTS):
            if not ranked:
                raise TypeSyntaxError("cannot have affine map for unranked memref type")
            if space is not None:
                raise TypeSyntaxError("expected memory space to be last in memref type")
            layout = attr
        elif space is not None:
            raise TypeSyntaxError("multiple memory spaces specified in memref type")
        else:
            space = attr
    return layout, space


def _as_type(item, what: str = "type") -> v.Type:
    if isinstance(item, v.Type):
        return item
    if isinstance(item, _Keyword):
        raise TypeSyntaxError(f"unknown type '{item.word}'")
    if isinstance(item, v.TypeAttr):
        return item.type
    raise TypeSyntaxError(f"expected {what}, found '{item}'")


def _as_attr(item, keywords: bool = False) -> v.Attr:
    """An attribute value; a bare word is one only as ``true``, ``false`` or ``unit`` (upstream's
    ``parseAttribute``), or, with ``keywords``, inside a dialect attribute's ``<...>``."""
    if isinstance(item, v.Attr):
        return item
    if isinstance(item, _KeywordArray):
        return v.ArrayAttr(tuple(_as_attr(i, keywords) for i in item.items))
    if isinstance(item, _Keyword):
        word = item.word
        if word == "true":
            return v.BoolAttr(True)
        if word == "false":
            return v.BoolAttr(False)
        if word == "unit":
            return v.UnitAttr()
        if not keywords:
            raise TypeSyntaxError("expected attribute value", item.pos)
        return v.KeywordAttr(word)
    if isinstance(item, v.Type):
        return v.TypeAttr(item)
    raise TypeSyntaxError(f"expected attribute, found '{item}'")


def _int(text: str) -> int:
    return int(text, 16) if text.startswith("0x") else int(text)


def check_literal(kind: str, spelling: str, t: v.Type, at: int | None = None) -> None:
    """A number literal given type ``t`` (``1 : f32``), judged as upstream's ``parseDecOrHexAttr`` /
    ``parseFloatAttr`` judge it; raises TypeSyntaxError at the literal."""
    if kind == "float":
        if _builtin_non_float(t):
            raise ValueRuleError("floating point value not valid for specified type", after=True)
        return
    negative = spelling.startswith("-")
    magnitude = spelling.lstrip("-")
    if isinstance(t, v.FloatType):
        if not magnitude.startswith("0x"):
            raise ValueRuleError("unexpected decimal integer literal for a floating point value", at)
        if int(magnitude, 16).bit_length() > t.width:
            raise ValueRuleError("hexadecimal float constant out of range for type", at)
        return
    if isinstance(t, (v.IntegerType, v.IndexType)):
        if negative and isinstance(t, v.IntegerType) and t.signedness == "u":
            raise ValueRuleError("negative integer literal not valid for unsigned integer type", at)
        if not integer_fits(_int(magnitude), negative, t):
            raise ValueRuleError("integer constant out of range for attribute", at)
        return
    if isinstance(t, (v.VectorType, v.TensorType, v.MemRefType, v.ComplexType, v.NoneType, v.FunctionType)):
        raise ValueRuleError("integer literal not valid for specified type", at)


def _builtin_non_float(t: v.Type) -> bool:
    return isinstance(t, (v.IntegerType, v.IndexType, v.VectorType, v.TensorType, v.MemRefType, v.ComplexType,
                          v.NoneType, v.FunctionType, v.TupleType, v.UnrankedMemRefType))


def integer_fits(magnitude: int, negative: bool, t: v.Type) -> bool:
    """``buildAttributeAPInt``: the magnitude fits the width; a negative value keeps its sign bit; a
    positive signed (or index) value leaves it clear."""
    width = 64 if isinstance(t, v.IndexType) else t.width  # type: ignore[attr-defined]
    if magnitude.bit_length() > width:
        return False
    if width == 0:
        return not negative
    sign = 1 << (width - 1)
    if negative:
        return 0 < magnitude <= sign
    signed = isinstance(t, v.IndexType) or t.signedness == "s"  # type: ignore[attr-defined]
    return not (signed and magnitude >= sign)


def check_elements(literal: v.Attr, t: v.Type) -> None:
    """A ``dense<...>`` literal against its shaped type: the nesting is the type's shape (or one
    splat value), each element fits the element type (upstream's ``TensorLiteralParser``)."""
    if not isinstance(t, (v.VectorType, v.TensorType)) or (isinstance(t, v.TensorType) and t.shape is None):
        return
    if isinstance(literal, v.ArrayAttr):
        shape = _literal_shape(literal)
        wanted = tuple(t.shape)  # type: ignore[arg-type]
        if None not in wanted and shape != wanted:
            raise ValueRuleError(f"inferred shape of elements literal ([{', '.join(map(str, shape))}]) does not "
                                  f"match type ([{', '.join(map(str, wanted))}])")
    for element in _leaves(literal):
        _check_element(element, t.element)


def _literal_shape(literal: v.Attr) -> tuple[int, ...]:
    if not isinstance(literal, v.ArrayAttr):
        return ()
    shapes = {_literal_shape(e) for e in literal.elements}
    if len(shapes) > 1:
        raise ValueRuleError("tensor literal is invalid; ranks are not consistent between elements")
    inner = next(iter(shapes), ())
    return (len(literal.elements), *inner)


def _leaves(literal: v.Attr):
    if isinstance(literal, v.ArrayAttr):
        for element in literal.elements:
            yield from _leaves(element)
    else:
        yield literal


def _check_element(element: v.Attr, t: v.Type) -> None:
    if isinstance(t, v.IntegerType) and isinstance(element, v.FloatAttr) and element.type is None:
        raise ValueRuleError("expected integer elements, but parsed floating-point")
    if isinstance(t, v.FloatType) and type(element) is v.IntegerAttr and element.type is None:
        raise ValueRuleError("unexpected decimal integer literal for a floating point value")
    if isinstance(t, (v.IntegerType, v.IndexType)) and isinstance(element, v.IntegerAttr) and element.type is None:
        if not integer_fits(abs(element.value), element.value < 0, t):
            raise ValueRuleError("integer constant out of range for type")


@v_args(inline=True)
class _Build(Transformer):
    """Turns the lark tree into values; raises TypeSyntaxError for modelled things gone wrong."""

    def type_start(self, t):
        return _as_type(t)

    def attr_start(self, a):
        return _as_attr(a)

    def ident_type(self, tok):
        return _scalar(str(tok)) or _Keyword(str(tok), tok.start_pos)

    def vdim(self, tok):
        text = str(tok)
        if text.startswith("?"):
            raise TypeSyntaxError("vector types must have static dimensions")
        size = int(text[1:-2]) if text.startswith("[") else int(text[:-1])
        if size > _INT64_MAX:
            raise TypeSyntaxError("invalid dimension")
        return (size, text.startswith("["))

    def vector_type(self, *items):
        *dims, elem = items
        elem = _checked_element("vector", _as_type(elem, "element type"))
        sizes = tuple(d for d, _ in dims)
        if any(size <= 0 for size in sizes):
            raise TypeSyntaxError("vector types must have positive constant sizes but got "
                                  + ", ".join(map(str, sizes)))
        scalable = tuple(s for _, s in dims)
        return v.VectorType(sizes, elem, scalable if any(scalable) else ())

    @staticmethod
    def _dims(dims) -> tuple:
        sizes = tuple(None if str(d).startswith("?") else int(str(d)[:-1]) for d in dims)
        if any(size is not None and size > _INT64_MAX for size in sizes):
            raise TypeSyntaxError("invalid dimension")
        return sizes

    def memref_type(self, *items):
        dims = [i for i in items if isinstance(i, LarkToken) and i.type == "DIM"]
        rest = [i for i in items if not (isinstance(i, LarkToken) and i.type == "DIM")]
        elem = _checked_element("memref", _as_type(rest[0], "element type"))
        layout, space = _memref_layout_and_space([_as_attr(a) for a in rest[1:]], ranked=True)
        return v.MemRefType(self._dims(dims), elem, layout, space)

    def unranked_memref_type(self, _star, elem, *attrs):
        _, space = _memref_layout_and_space([_as_attr(a) for a in attrs if a is not None], ranked=False)
        return v.UnrankedMemRefType(_checked_element("memref", _as_type(elem, "element type")), space)

    def tensor_type(self, *items):
        dims = [i for i in items if isinstance(i, LarkToken) and i.type == "DIM"]
        rest = [i for i in items if not (isinstance(i, LarkToken) and i.type == "DIM")]
        enc = _as_attr(rest[1]) if len(rest) > 1 and rest[1] is not None else None
        return v.TensorType(self._dims(dims), _checked_element("tensor", _as_type(rest[0], "element type")), enc)

    def unranked_tensor_type(self, _star, elem):
        return v.TensorType(None, _checked_element("tensor", _as_type(elem, "element type")))

    def tuple_type(self, *items):
        return v.TupleType(tuple(_as_type(t) for t in items if t is not None))

    def complex_type(self, elem):
        return v.ComplexType(_checked_element("complex", _as_type(elem, "element type")))

    def paren_types(self, *items):
        return ("paren", tuple(_as_type(t) for t in items if t is not None))

    def function_type(self, ins, out):
        outs = out[1] if isinstance(out, tuple) and out[:1] == ("paren",) else (_as_type(out),)
        return v.FunctionType(ins[1], outs)

    def dialect_body(self, *items):
        return tuple(i for i in items if i is not None)

    def keyed(self, key, value):
        # the token (a str) keeps its place, for errors upstream reports at a parameter
        return (key if isinstance(key, LarkToken) else str(key), _finish_param(value))

    def keyword_item(self, word):
        return v.KeywordAttr(str(word))

    def positional(self, *items):
        parts = tuple(_finish_param(i) for i in items)
        return parts[0] if len(parts) == 1 else ("seq", parts)

    def bang_type(self, name, body=None):
        return _dialect_type(str(name)[1:], body)

    # ---- attributes
    def type_attr(self, t):
        return t

    def number(self, *toks):
        text = "".join(str(t) for t in toks)
        negative = len(toks) == 2
        raw = str(toks[-1])
        at = toks[0].start_pos
        if toks[-1].type == "FLOAT":
            return ("float", -float(raw) if negative else float(raw), ("-" if negative else "") + raw, at)
        return ("int", -_int(raw) if negative else _int(raw), text, at)

    def number_attr(self, num, typ=None):
        t = _as_type(typ) if typ is not None else None
        if t is not None:
            check_literal(num[0], num[2], t, num[3])
        if num[0] == "float":
            return v.FloatAttr(num[1], t, num[2])
        if isinstance(t, v.FloatType):
            return v.FloatAttr(float(num[1]), t, num[2])
        if t is None and "0x" in num[2]:
            return v.HexIntegerAttr(num[1])
        return v.IntegerAttr(num[1], t)

    def string_attr(self, tok, typ=None):
        return v.StringAttr(_unquote(str(tok)), _as_type(typ) if typ is not None else None)

    def array_attr(self, *items):
        elements = [i for i in items if i is not None]
        if any(isinstance(i, (_Keyword, _KeywordArray)) for i in elements):
            return _KeywordArray(tuple(elements))  # words are values only inside a dialect attribute
        return v.ArrayAttr(tuple(_as_attr(i) for i in elements))

    def dict_entry(self, key, value=None):
        k = str(key)
        if isinstance(key, LarkToken) and key.type == "STRING":
            k = _unquote(str(key))
        return (k, v.UnitAttr() if value is None else _as_attr(value))

    def keyword(self, tok):
        return str(tok)

    def dict(self, *entries):
        return v.DictionaryAttr(tuple(e for e in entries if e is not None))

    def hash_attr(self, name, body=None):
        return _dialect_attr(str(name)[1:], body)

    def symbol_attr(self, *syms):
        return v.SymbolRefAttr(tuple(str(s) for s in syms))

    def dense_attr(self, value=None, typ=None):
        literal = _as_attr(value) if value is not None else None
        t = _as_type(typ) if typ is not None else None
        if literal is not None and t is not None:
            check_elements(literal, t)
        return v.DenseElementsAttr(literal, t)

    def dense_resource_attr(self, name, typ=None):
        return v.OpaqueAttr(f"dense_resource<{name}>")

    def dense_array_attr(self, typ, *nums):
        return v.DenseArrayAttr(_as_type(typ), tuple(n[1] for n in nums if n is not None))

    def affine_attr(self, tok):
        return v.AffineMapAttr(str(tok))

    def sdim(self, *toks):
        """A stride or offset: ``("sdim", n)``, n None for ``?`` (told apart from an absent list)."""
        text = "".join(str(t) for t in toks)
        if text == "?":
            return ("sdim", None)
        return ("sdim", -_int(text[1:]) if text.startswith("-") else _int(text))

    def strided_offset(self, value):
        return ("offset", value[1])

    def strided_attr(self, *items):
        *strides, offset = items
        dims = tuple(s[1] for s in strides if s is not None)  # None: the stride list is absent
        return v.StridedLayoutAttr(dims, 0 if offset is None else offset[1])

    def distinct_attr(self, _id, value=None):
        return v.OpaqueAttr("distinct")

    def question_attr(self):
        return v.KeywordAttr("?")


def _finish_param(item):
    if isinstance(item, tuple) and item[:1] == ("paren",):
        return ("paren", item[1])
    return _as_attr(item, keywords=True) if not isinstance(item, tuple) else item


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}
"""The one-character escapes of a string literal, and what each stands for."""


def _unquote(text: str) -> str:
    body = text[1:-1]
    if "\\" not in body:
        return body
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            escaped = _ESCAPES.get(nxt)
            if escaped is not None:
                out.append(escaped)
                i += 2
                continue
            hexpair = body[i + 1:i + 3]
            if len(hexpair) == 2 and all(h in "0123456789abcdefABCDEF" for h in hexpair):
                out.append(chr(int(hexpair, 16)))
                i += 3
                continue
        out.append(c)
        i += 1
    return "".join(out)


def _param_word(p) -> str | None:
    if isinstance(p, v.KeywordAttr):
        return p.word
    if isinstance(p, v.TypeAttr) and isinstance(p.type, (v.IntegerType, v.FloatType, v.NoneType, v.IndexType)):
        return str(p.type)
    return None


def _dialect_type(name: str, body) -> v.Type:
    params: tuple[Any, ...] = body or ()
    if "." not in name:
        if body is None:
            return v.TypeAliasRef("!" + name)
        raise TypeSyntaxError(f"unknown dialect type '!{name}'")
    if name.startswith("nvgpu."):
        return _nvgpu_type(name, body)
    if name == "llvm.ptr":
        if not params:
            return v.LLVMPointerType(0)
        if len(params) == 1 and isinstance(params[0], v.IntegerAttr):
            return v.LLVMPointerType(params[0].value)
        raise TypeSyntaxError("expected an integer address space in '!llvm.ptr<...>'")
    if name == "llvm.array" and len(params) == 1 and params[0][:1] == ("seq",):
        seq = params[0][1]
        if len(seq) == 3 and isinstance(seq[0], v.IntegerAttr) and _param_word(seq[1]) == "x":
            return v.LLVMArrayType(seq[0].value, _as_type(seq[2]))
    if name == "llvm.struct":
        return _llvm_struct(params)
    return v.DialectType(name, params)  # a dotted name is never an alias (upstream reserves it)


def _llvm_struct(params) -> v.Type:
    name = None
    body = None
    packed = False
    for p in params:
        if isinstance(p, v.StringAttr):
            name = p.value
        elif isinstance(p, tuple) and p[:1] == ("paren",):
            body = p[1]
        elif isinstance(p, tuple) and p[:1] == ("seq",):
            for q in p[1]:
                if _param_word(q) == "packed":
                    packed = True
                elif isinstance(q, tuple) and q[:1] == ("paren",):
                    body = q[1]
    return v.LLVMStructType(body, name, packed)


TENSOR_MAP_ENUMS = {
    "swizzle": ("none", "swizzle_32b", "swizzle_64b", "swizzle_128b"),
    "l2promo": ("none", "l2promo_64b", "l2promo_128b", "l2promo_256b"),
    "oob": ("zero", "nan"),
    "interleave": ("none", "interleave_16b", "interleave_32b"),
}
NVGPU_ENUM_CLASSES = {"swizzle": "TensorMapSwizzleKind", "l2promo": "TensorMapL2PromoKind",
                      "oob": "TensorMapOOBKind", "interleave": "TensorMapInterleaveKind"}
"""The C++ enum of each tensor map parameter, as upstream names it in its errors."""
REQUIRED = object()
NVGPU_STRUCT_TYPES: dict[str, tuple[tuple[str, str, object], ...]] = {
    "nvgpu.mbarrier.group": (("memorySpace", "attribute", REQUIRED), ("num_barriers", "unsigned", 1)),
    "nvgpu.tensormap.descriptor": (("tensor", "memref", REQUIRED), ("swizzle", "enum", REQUIRED),
                                   ("l2promo", "enum", REQUIRED), ("oob", "enum", REQUIRED),
                                   ("interleave", "enum", REQUIRED)),
    "nvgpu.warpgroup.descriptor": (("tensor", "memref", REQUIRED),),
    "nvgpu.warpgroup.accumulator": (("fragmented", "vector", REQUIRED),),
}
"""The nvgpu types spelled ``<` struct(params) `>`` (NVGPUTypes.td): each parameter's name, kind
and default (``REQUIRED`` when it has none). With every parameter required, upstream reads exactly
that many, comma-separated, in any order; otherwise a list it then checks for the required ones."""
_PARAMETERLESS_NVGPU = {"nvgpu.device.async.token": v.DeviceAsyncTokenType, "nvgpu.mbarrier.token": v.MBarrierTokenType}


def _nvgpu_type(name: str, body) -> v.Type:
    """An nvgpu type read and checked as upstream's generated parser reads it (``NVGPU_STRUCT_TYPES``),
    in its words; ``value_errors`` places each error where upstream does."""
    if name in _PARAMETERLESS_NVGPU:
        if body:
            raise TypeSyntaxError("expected '>'")
        return _PARAMETERLESS_NVGPU[name]()
    params = NVGPU_STRUCT_TYPES.get(name)
    if params is None:
        raise TypeSyntaxError(f"unknown  type `{name.split('.', 1)[1]}` in dialect `nvgpu`")
    if body is None:
        raise TypeSyntaxError("expected '<'")  # placed by value_errors
    specs = {param: (kind, default) for param, kind, default in params}
    found: dict[str, Any] = {}
    for item in body:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)) or item[0] in ("seq", "paren"):
            raise TypeSyntaxError("expected '='")
        key, value = item
        if key not in specs or key in found:
            raise _ParamError(f"duplicate or unknown struct parameter name: {key}", key)
        found[key] = _nvgpu_parameter(key, specs[key][0], value)
    every_required = all(default is REQUIRED for _, _, default in params)
    if every_required and len(body) != len(params):
        raise TypeSyntaxError("expected ','" if len(body) < len(params) else "expected '>'")
    for param, _, default in params:
        if param not in found:
            if default is REQUIRED:
                raise TypeSyntaxError(f"struct is missing required parameter: {param}")
            found[param] = default
    if name == "nvgpu.mbarrier.group":
        return v.MBarrierGroupType(found["memorySpace"], found["num_barriers"])
    if name == "nvgpu.tensormap.descriptor":
        return v.TensorMapDescriptorType(found["tensor"], swizzle=found["swizzle"], l2promo=found["l2promo"],
                                         oob=found["oob"], interleave=found["interleave"])
    if name == "nvgpu.warpgroup.descriptor":
        return v.WarpgroupDescriptorType(found["tensor"])
    return v.WarpgroupAccumulatorType(found["fragmented"])


def _nvgpu_parameter(key: str, kind: str, value: Any) -> Any:
    """One struct parameter's value, of its kind, or upstream's error at it."""
    if kind in ("memref", "vector"):
        wanted = v.MemRefType if kind == "memref" else v.VectorType
        if not isinstance(value, (v.TypeAttr, v.Type)):
            raise _ParamError("expected non-function type", key, "after_equal")
        typ = _as_type(value)
        if not isinstance(typ, wanted):
            raise _ParamError(f"invalid kind of type specified: expected builtin.{kind}, but found '{typ}'", key)
        return typ
    if kind == "enum":
        word = _param_word(value)
        if word is None:
            raise _ParamError("expected valid keyword or string", key)
        if word not in TENSOR_MAP_ENUMS[key]:
            raise _ParamError(f"expected ::mlir::nvgpu::{NVGPU_ENUM_CLASSES[key]} to be one of: "
                              f"{', '.join(TENSOR_MAP_ENUMS[key])}", key)
        return word
    if kind == "unsigned":
        if not isinstance(value, v.IntegerAttr):
            raise _ParamError("expected integer value", key)
        return value.value
    return value


GPU_ADDRESS_SPACES = ("global", "workgroup", "private")
"""The cases of ``#gpu.address_space<...>``, in upstream's order."""


def _dialect_attr(name: str, body) -> v.Attr:
    params: tuple[Any, ...] = body or ()
    if name == "gpu.address_space":
        if body is None:
            raise TypeSyntaxError("expected '<'")  # placed by value_errors
        spelled = params[0] if len(params) == 1 else None
        word = spelled.value if isinstance(spelled, v.StringAttr) else _param_word(spelled)
        if word is None:
            raise TypeSyntaxError("expected valid keyword or string")
        if word not in GPU_ADDRESS_SPACES:
            raise TypeSyntaxError(f"expected ::mlir::gpu::AddressSpace to be one of: {', '.join(GPU_ADDRESS_SPACES)}")
        return v.GPUAddressSpaceAttr(word)
    if name == "nvvm.target":
        return _nvvm_target(params)
    if "." not in name and body is None:
        return v.AttrAliasRef("#" + name)
    return v.DialectAttr(name, params)


_TARGET_KEYS = {"O", "triple", "chip", "features", "flags", "link", "verifyTarget"}


class _ParamError(TypeSyntaxError):
    """An error upstream's parser of a ``key = value`` parameter list (``#nvvm.target``, the nvgpu
    types) reports at a parameter: at its value (after the ``=``), just past the ``=``
    (``after_equal``), just past an integer value (``past_integer``) or, for the attribute's
    verifier, at the ``<`` before the first parameter (``at_open``); ``_run`` places it."""

    def __init__(self, message: str, key: str, where: str = "value") -> None:
        super().__init__(message)
        self.key_start: int | None = key.start_pos if isinstance(key, LarkToken) else None
        self.key_end: int | None = key.end_pos if isinstance(key, LarkToken) else None
        self.where = where


def _nvvm_target(params) -> v.Attr:
    """``#nvvm.target<...>`` read and verified as upstream's ``NVVMTargetAttr`` is: each known
    parameter once, of its kind, then the attribute's verifier (``O`` in 0..3, a non-empty
    ``triple`` and ``chip``, ``link`` of strings), with upstream's messages."""
    fields: dict = {}
    for p in params:
        if not (isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)) or p[0] in ("seq", "paren"):
            raise TypeSyntaxError("expected 'key = value' parameters in '#nvvm.target<...>'")
        key, value = p
        if key not in _TARGET_KEYS or key in fields:
            raise _ParamError(f"duplicate or unknown struct parameter name: {key}", key)
        fields[key] = (key, value)
    kwargs: dict[str, Any] = {}
    for name, attr_name in (("triple", "triple"), ("chip", "chip"), ("features", "features")):
        if name in fields:
            key, value = fields[name]
            if not isinstance(value, v.StringAttr):
                raise _ParamError("expected string", key)
            kwargs[attr_name] = value.value
    for name in ("flags", "link"):
        if name in fields:
            key, value = fields[name]
            if not isinstance(value, v.DictionaryAttr if name == "flags" else v.ArrayAttr):
                raise _ParamError("invalid kind of attribute specified", key)
    level = 2
    if "O" in fields:
        key, value = fields["O"]
        if isinstance(value, v.IntegerAttr) and value.type is not None:
            raise _ParamError("expected '>'", key, "past_integer")
        if isinstance(value, v.BoolAttr):
            level = -1 if value.value else 0  # upstream reads a bool as a 1-bit integer, sign-extended
        elif isinstance(value, v.IntegerAttr):
            level = value.value
        else:
            raise _ParamError("expected integer value", key)
        kwargs["opt_level"] = level
    link = fields.get("link", (None, None))[1]
    problem = ("The optimization level must be a number between 0 and 3." if not 0 <= level <= 3
               else "The target triple cannot be empty." if kwargs.get("triple") == ""
               else "The target chip cannot be empty." if kwargs.get("chip") == ""
               else "All the elements in the `link` array must be strings."
               if link is not None and not all(isinstance(e, v.StringAttr) for e in link.elements)
               else None)
    if problem is not None:
        raise _ParamError(problem, params[0][0], "at_open")
    return v.NVVMTargetAttr(flags=fields.get("flags", (None, None))[1], link=link,
                            params=tuple(params), **kwargs)


_INTEGER_LITERAL = re.compile(r"-?\s*(?:0x[0-9A-Fa-f]+|[0-9]+)")


def _param_error_offset(text: str, error: _ParamError) -> int | None:
    """Where ``error`` goes in ``text`` (see ``_ParamError``)."""
    if error.key_start is None or error.key_end is None:
        return None
    if error.where == "at_open":
        return text.rfind("<", 0, error.key_start)
    if error.where == "after_equal":
        equal = text.find("=", error.key_end)
        return equal + 1 if equal >= 0 else None
    at = error.key_end
    while at < len(text) and text[at] in " \t\r\n=":
        at += 1
    if error.where == "past_integer":
        number = _INTEGER_LITERAL.match(text, at)
        at = number.end() if number else at
    return at


def _describe(exc: UnexpectedInput, text: str) -> TypeSyntaxError:
    if isinstance(exc, UnexpectedEOF):
        return TypeSyntaxError("unexpected end of type or attribute", len(text))
    if isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream or 0  # always set for this error; lark's annotation allows None
        return TypeSyntaxError(f"unexpected character '{text[at]}'", at)
    if isinstance(exc, UnexpectedToken):
        found = exc.token
        pos = found.start_pos if found.start_pos is not None else len(text)
        expected = sorted(_pretty(t) for t in exc.expected if not t.startswith("__"))[:6]
        got = "end of input" if found.type == "$END" else f"'{found}'"
        hint = f"; expected {', '.join(expected)}" if expected else ""
        return TypeSyntaxError(f"unexpected {got}{hint}", pos)
    return TypeSyntaxError("malformed type or attribute", 0)


_TERMINAL_NAMES = {
    "LESSTHAN": "'<'", "MORETHAN": "'>'", "COMMA": "','", "COLON": "':'", "LPAR": "'('",
    "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='", "IDENT": "identifier",
    "INT": "integer", "DIM": "dimension", "BANG_NAME": "type", "HASH_NAME": "attribute",
    "STRING": "string", "RBRACE": "'}'", "LBRACE": "'{'", "MINUS": "'-'", "FLOAT": "float",
}


def _pretty(name: str) -> str:
    return _TERMINAL_NAMES.get(name, name.lower())


_BUILD = _Build()


def _run(text: str, start: str):
    if _too_deep(text):
        raise TypeSyntaxError(f"type or attribute nested deeper than {MAX_NESTING} levels")
    try:
        tree = _parser().parse(text, start=start)
        return _BUILD.transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, ValueRuleError):
            raise exc.orig_exc from None
        if isinstance(exc.orig_exc, _ParamError):
            offset = _param_error_offset(text, exc.orig_exc)
            placed = TypeSyntaxError(exc.orig_exc.message, None if offset is None or offset < 0 else offset)
            raise _upstreams_type_error(text, start) or placed from None
        if isinstance(exc.orig_exc, TypeSyntaxError):
            raise _upstreams_type_error(text, start) or exc.orig_exc from None
        if isinstance(exc.orig_exc, ValueError) and "integer string conversion" in str(exc.orig_exc):
            # Python's int() refuses over 4300 digits; say so in the file's terms
            raise TypeSyntaxError("integer literal is too large") from None
        raise TypeSyntaxError(str(exc.orig_exc)) from None
    except UnexpectedInput as exc:
        raise _upstreams_type_error(text, start) or _describe(exc, text) from None
    except RecursionError:
        raise TypeSyntaxError("type or attribute nested too deeply") from None


def _upstreams_type_error(text: str, start: str) -> TypeSyntaxError | None:
    """Upstream's words and place for a type or attribute the grammar cannot read, where
    ``value_errors`` finds them."""
    from .value_errors import first_attribute_error, first_type_error  # it reads scalar names from this module

    found = first_type_error(text) if start == "type_start" else first_attribute_error(text)
    if found is None:
        return None
    error = TypeSyntaxError(found.message, found.offset)
    error.wrong_token, error.end_offset, error.explanation = found.wrong_token, found.end, found.explanation
    return error


def _claims_model(text: str) -> bool:
    """True when the text starts like something the project models exactly."""
    head = text.lstrip()
    if head.startswith("!"):
        return head.startswith(("!nvgpu.", "!llvm.ptr", "!llvm.array")) or "." not in head.split("<", 1)[0]
    if head.startswith("#"):
        return head.startswith(("#gpu.address_space", "#nvvm.target"))
    return True


def explain(text: str, kind: str) -> TypeSyntaxError | None:
    """Why the grammar cannot read ``text`` as a ``type`` or an ``attr`` (None when it can): for
    a value ``parse_type`` / ``parse_attr`` keep opaque, once the caller knows it should not be."""
    try:
        _run(text, "type_start" if kind == "type" else "attr_start")
    except TypeSyntaxError as exc:
        return exc
    return None


@lru_cache(maxsize=16384)
def parse_type(text: str) -> v.Type:
    """The type spelled by ``text``; raises TypeSyntaxError when it is malformed."""
    if "affine_" in text:
        check_affine(text)
    try:
        return _run(text, "type_start")
    except ValueRuleError:
        raise
    except TypeSyntaxError:
        if _claims_model(text):
            raise
        return v.OpaqueType(text.strip())


@lru_cache(maxsize=16384)
def parse_attr(text: str) -> v.Attr:
    """The attribute spelled by ``text``; raises TypeSyntaxError when it is malformed."""
    if "#llvm.di_expression" in text:
        check_di_expressions(text)
    if "affine_" in text:
        check_affine(text)
    try:
        return _run(text, "attr_start")
    except ValueRuleError:
        raise
    except TypeSyntaxError:
        if _claims_model(text) and not text.lstrip().startswith(("#", "!")) and not _is_exotic(text):
            raise
        if text.lstrip().startswith(("#gpu.address_space", "#nvvm.target", "!nvgpu.")):
            raise
        return v.OpaqueAttr(text.strip())


register_cache(parse_type.cache_clear)
register_cache(parse_attr.cache_clear)
register_cache(_SCALAR_NAMES.clear)


_DI_EXPRESSION_OR_STRING = re.compile(STRING_LITERAL + r'|#llvm\.di_expression(?![\w$.\-])')
_KEYWORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_DI_ARGUMENT = re.compile(r"(?:-\s*)?(?:0x[0-9A-Fa-f]+|[0-9]+)(?![\w.])|true(?![\w$.])|false(?![\w$.])")
_UINT64_LIMIT = 1 << 64


def check_di_expressions(text: str) -> None:
    """Check every ``#llvm.di_expression<...>`` in ``text`` (not inside strings) as upstream reads it.

    The body is ``<>`` or ``<[op, ...]>`` with at least one operation; each operation is a
    ``DW_OP_*`` keyword with an optional ``(uint, ...)`` list. Raises TypeSyntaxError at the
    place upstream's parser reports, with its message.
    """
    for match in _DI_EXPRESSION_OR_STRING.finditer(text):
        if match.group().startswith("#"):
            _check_di_expression_body(text, match.end())


def _check_di_expression_body(text: str, at: int) -> None:
    """The body after ``#llvm.di_expression``; a missing ``<`` is left to the grammar."""
    at = _skip_space(text, at)
    if not text.startswith("<", at):
        return
    at = _skip_space(text, at + 1)
    if text.startswith(">", at):
        return
    if not text.startswith("[", at):
        raise _expected_after(text, at, "'>'")
    at += 1
    while True:
        at = _skip_space(text, at)
        word = _KEYWORD.match(text, at)
        if word is None:
            raise TypeSyntaxError("expected valid keyword", at)
        if not word.group().startswith("DW_OP_"):
            raise TypeSyntaxError(
                f"invalid debug info debug info operation encoding name: {word.group()}", at)
        at = _skip_space(text, word.end())
        if text.startswith("(", at):
            at = _skip_space(text, _check_di_arguments(text, at + 1))
        if text.startswith(",", at):
            at += 1
            continue
        if not text.startswith("]", at):
            raise _expected_after(text, at, "']'")
        break
    at = _skip_space(text, at + 1)
    if not text.startswith(">", at):
        raise _expected_after(text, at, "'>'")


def _check_di_arguments(text: str, at: int) -> int:
    """An operation's ``uint, ...)`` after its ``(``; returns the offset after the ``)``."""
    while True:
        at = _skip_space(text, at)
        number = _DI_ARGUMENT.match(text, at)
        if number is None:
            raise TypeSyntaxError("expected integer value", at)
        digits = number.group()
        if digits[0].isdigit() and int(digits, 16 if digits.startswith("0x") else 10) >= _UINT64_LIMIT:
            raise TypeSyntaxError("integer value too large", at)
        at = _skip_space(text, number.end())
        if text.startswith(",", at):
            at += 1
            continue
        if not text.startswith(")", at):
            raise _expected_after(text, at, "')'")
        return at + 1


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def _expected_after(text: str, at: int, what: str) -> TypeSyntaxError:
    """Upstream reports a missing punctuation mark just past the token before it."""
    return TypeSyntaxError(f"expected {what}", len(text[:at].rstrip()))


def _is_exotic(text: str) -> bool:
    """Builtin attribute syntaxes the grammar leaves opaque rather than reject."""
    head = text.lstrip()
    return head.startswith(("sparse<", "dense<", "(", "loc(", "opaque<", "@"))
