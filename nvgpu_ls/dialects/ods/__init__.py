"""The op registry generated from upstream's ODS (``llvm22.json``, made by ``tools/generate_registry.py``).

``registry()`` loads the data once; ``GeneratedOps`` presents each op of the fully described
dialects as the ``OpFacts`` every layer reads, with the project's own words (``overlay``)
merged in. The facts keep upstream's constraint names, so a verifier can ask the registry for
the constraint's summary (the words of upstream's diagnostics) and its predicate.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping

from ...analysis.facts import (
    AttributeFact, OperandFact, OpFacts, OpWords, RegionFact, ResultFact, SuccessorFact, TypeRelation,
)

DATA = Path(__file__).with_name("llvm22.json")


class Ods:
    """The generated registry's tables, as loaded."""

    def __init__(self, data: dict) -> None:
        self.about: dict = data["about"]
        self.dialects: dict[str, dict] = data["dialects"]
        self.ops: dict[str, dict] = data["ops"]
        self.constraints: dict[str, dict] = data["constraints"]
        self.enums: dict[str, dict] = data["enums"]
        self.attrdefs: dict[str, dict] = data["attrdefs"]
        self.typedefs: dict[str, dict] = data["typedefs"]

    def constraint(self, name: str) -> dict:
        return self.constraints.get(name, _UNKNOWN)

    def root(self, name: str) -> tuple[str, dict]:
        """The constraint a wrapper (``Variadic<T>``, ``OptionalAttr<A>``, ``DefaultValuedAttr<A>``)
        is built on, with its name."""
        entry = self.constraint(name)
        seen = 0
        while "base" in entry and seen < 16:
            name = entry["base"]
            entry = self.constraint(name)
            seen += 1
        return name, entry

    def enum_cases(self, enum: str) -> tuple[str, ...]:
        return tuple(case for case, _ in self.enums.get(enum, {}).get("cases", ()))

    def known_op_names(self, dialect: str) -> frozenset[str] | None:
        """Every op upstream defines in ``dialect``, described or not; None when the dialect's ops are
        not known (a test dialect that only ``mlir-opt-22`` registers)."""
        entry = self.dialects.get(dialect, {})
        if "only_in" in entry:
            return None  # type: ignore[return-value]
        if "op_names" in entry:
            return frozenset(f"{dialect}.{name}" for name in entry["op_names"])
        return frozenset(name for name in self.ops if name.split(".", 1)[0] == dialect)

    def is_described(self, dialect: str) -> bool:
        """Are the ops of ``dialect`` described completely (structure, formats, constraints)?"""
        return dialect in self.about.get("full_dialects", ())


_UNKNOWN: dict = {"kind": "other", "summary": ""}


@lru_cache(maxsize=1)
def registry() -> Ods:
    """The generated registry (read once per process)."""
    return Ods(json.loads(DATA.read_text(encoding="utf-8")))


class GeneratedOps(Mapping[str, OpFacts]):
    """``OpFacts`` for every op of the fully described dialects, built on first use."""

    def __init__(self, ods: Ods, words: Mapping[str, OpWords]) -> None:
        self._ods = ods
        self._words = words
        self._built: dict[str, OpFacts] = {}

    def __getitem__(self, name: str) -> OpFacts:
        facts = self._built.get(name)
        if facts is None:
            raw = self._ods.ops[name]  # KeyError for an unknown op, as a dict would
            facts = self._built[name] = op_facts(self._ods, name, raw, self._words.get(name))
        return facts

    def __iter__(self) -> Iterator[str]:
        return iter(self._ods.ops)

    def __len__(self) -> int:
        return len(self._ods.ops)

    def __contains__(self, name: object) -> bool:
        return name in self._ods.ops


def op_facts(ods: Ods, name: str, raw: dict, words: OpWords | None) -> OpFacts:
    """One generated op as ``OpFacts``."""
    words = words or OpWords()
    operands = tuple(OperandFact(n or f"operand{i}", type_kind(ods, c), variadic=q in ("*", "**"),
                                 optional=q == "?", constraint=c, builds=built_type(ods, c))
                     for i, (n, c, q) in enumerate(raw.get("operands", ())))
    results = tuple(ResultFact(n or f"result{i}", type_kind(ods, c), variadic=q in ("*", "**"), optional=q == "?",
                               constraint=c, builds=built_type(ods, c))
                    for i, (n, c, q) in enumerate(raw.get("results", ())))
    attributes = tuple(attribute_fact(ods, n, c) for n, c in (*raw.get("attributes", ()), *raw.get("properties", ())))
    attributes += words.era_attributes
    if words.docs:
        docs = dict(words.docs)
        operands = tuple(replace(f, doc=docs.get(f.name, f.doc)) for f in operands)
        results = tuple(replace(f, doc=docs.get(f.name, f.doc)) for f in results)
        attributes = tuple(replace(f, doc=docs.get(f.name, f.doc)) for f in attributes)
    regions = tuple(RegionFact(n or f"region{i}", c, q == "*") for i, (n, c, q) in enumerate(raw.get("regions", ())))
    successors = tuple(SuccessorFact(n or f"successor{i}", q == "*")
                       for i, (n, _c, q) in enumerate(raw.get("successors", ())))
    fmt = raw.get("format")
    formats: tuple[str, ...] = ()
    if fmt:
        keyword = strict_property_variant(fmt, attributes)
        later = words.era_formats or ((keyword,) if keyword else ())
        formats = (fmt, *later)
    return OpFacts(
        name=name,
        summary=words.summary or raw.get("summary", ""),
        explanation=words.explanation,
        operands=operands,
        attributes=attributes,
        results=results,
        formats=formats,
        requirement=words.requirement,
        requirement_forms=words.requirement_forms,
        lowers_to=words.lowers_to,
        ptx=words.ptx,
        traits=trait_names(raw.get("traits", ())),
        regions=regions,
        successors=successors,
        parser="format" if fmt else raw.get("parser", "generic"),
        verifier=bool(raw.get("verifier") or raw.get("region_verifier")),
        type_relations=type_relations(raw, operands, results),
        note=words.note,
    )


# ---------------------------------------------------------------- eras
STRICT_PROPERTIES_ERA = "llvm-project PR #217272 (strict property assembly format), after the torch-mlir 20261001 bindings"
"""The newest upstream spells an op's inherent attributes that its format leaves to ``attr-dict``
as keyword clauses before it, in ODS argument order: ``name = value`` (the value in its short
form, ``rnd = <rn>``) and a bare ``name`` for a unit attribute."""
_FORMAT_VARIABLE = re.compile(r"\$(\w+)")


def strict_property_variant(fmt: str, attributes: tuple[AttributeFact, ...]) -> str | None:
    """The format of the strict-property era for a format that leaves inherent attributes to
    ``attr-dict``, or None when the two eras spell the op alike."""
    if "prop-dict" in fmt or "attr-dict" not in fmt:
        return None
    named = set(_FORMAT_VARIABLE.findall(fmt))
    clauses = []
    for fact in attributes:
        if fact.name in named:
            continue
        if fact.kind == "unit":
            clauses.append(f"(`{fact.name}` ${fact.name}^)?")
        elif fact.optional or fact.default is not None:
            clauses.append(f"(`{fact.name}` `=` ${fact.name}^)?")
        else:
            clauses.append(f"`{fact.name}` `=` ${fact.name}")
    if not clauses:
        return None
    keyword = "attr-dict-with-keyword" if "attr-dict-with-keyword" in fmt else "attr-dict"
    return fmt.replace(keyword, " ".join(clauses) + " " + keyword, 1)


# ---------------------------------------------------------------- traits
_TRAIT_NAMES = {
    "IsIsolatedFromAbove": "IsolatedFromAbove", "IsTerminator": "Terminator", "IsCommutative": "Commutative",
    "IsIdempotent": "Idempotent", "interface:SymbolOpInterface": "Symbol",
    "interface:SymbolUserOpInterface": "SymbolUserOpInterface", "interface:BranchOpInterface": "BranchOpInterface",
    "interface:CallOpInterface": "CallOpInterface", "interface:InferTypeOpInterface": "InferTypeOpInterface",
    "interface:RegionBranchTerminatorOpInterface": "RegionBranchTerminatorOpInterface",
}


def trait_names(raw: tuple | list) -> tuple[str, ...]:
    """The generated traits as the facts spell them: ``IsolatedFromAbove``, ``Terminator``,
    ``SingleBlockImplicitTerminator<scf.yield>``, ``AllTypesMatch<lhs, rhs>``,
    ``TypesMatchWith<lhs -> result>``, ``HasParent<scf.while>``, ``interface:X``."""
    names: list[str] = []
    for trait in raw:
        if isinstance(trait, str):
            names.append(_TRAIT_NAMES.get(trait, trait))
            if trait.startswith("interface:") and trait in _TRAIT_NAMES:
                names.append(trait)
            continue
        kind, *params = trait
        if kind in ("TypesMatchWith", "RangedTypesMatchWith") and len(params) >= 3:
            names.append(f"{kind}<{params[1]} -> {params[2]}>")
        elif kind in ("AllTypesMatch", "AllShapesMatch", "AllElementTypesMatch", "AllRanksMatch",
                      "AllElementCountsMatch"):
            names.append(f"{kind}<{', '.join(params[1:])}>")
        elif kind in ("SingleBlockImplicitTerminator", "HasParent", "ParentOneOf"):
            names.append(f"{'HasParent' if kind == 'ParentOneOf' else kind}<{'|'.join(params)}>")
        elif kind == "PredOpTrait":
            continue  # a C++ predicate over the whole op: its summary is kept in the registry
        else:
            names.append(f"{kind}<{', '.join(params)}>" if params else kind)
    return tuple(names)


# ---------------------------------------------------------------- built types and type relations
_BUILT_FLOATS = {"BFloat16": "bf16", "FloatTF32": "tf32", "F16": "f16", "F32": "f32", "F64": "f64", "F80": "f80",
                 "F128": "f128", "BF16": "bf16", "::mlir::NoneType": "none"}
_BUILT_HANDWRITTEN = {"mlir::gpu::AsyncTokenType": "!gpu.async.token", "::mlir::LLVM::LLVMTokenType": "!llvm.token",
                      "mlir::gpu::SparseDnTensorHandleType": "!gpu.sparse.dntensor_handle",
                      "mlir::gpu::SparseSpMatHandleType": "!gpu.sparse.spmat_handle",
                      "mlir::gpu::SparseSpGEMMOpHandleType": "!gpu.sparse.spgemmop_handle"}
_BUILDER = re.compile(
    r"\$_builder\.get(?:IntegerType\((?P<width>\d+)(?:,\s*/\*isSigned=\*/(?P<signed>true|false))?\)"
    r"|(?P<float>F\d+|BF16)Type\(\)|(?P<index>Index)Type\(\)"
    r"|Type<(?P<cls>[\w:]+)>\((?P<arg>\d*)\))$"
    r"|(?P<ctx>[\w:]+)::get\(\$_builder\.getContext\(\)\)$"
    r"|::mlir::VectorType::get\(\{(?P<shape>[\d, ]+)\},\s*\$_builder\.getI(?P<bits>\d+)Type\(\)\)$")


@lru_cache(maxsize=None)
def _typedef_classes(ods: Ods) -> dict[str, str]:
    """C++ class of each type defined in ODS → its ``dialect.mnemonic``."""
    return {entry["cpp"].lstrip(":"): entry["typedef"] for entry in ods.constraints.values()
            if entry.get("typedef") and entry.get("cpp")}


def built_type(ods: Ods, name: str) -> str:
    """The type a constraint's builder makes, spelled as MLIR text; empty when it builds none (or
    one the project does not spell)."""
    entry = ods.constraint(name)
    while "builder" not in entry and "base" in entry and entry["base"] != name:
        name = entry["base"]
        entry = ods.constraint(name)
    call = entry.get("builder", "")
    match = _BUILDER.match(call)
    if match is None:
        return ""
    if match.group("width"):
        prefix = {"true": "si", "false": "ui"}.get(match.group("signed") or "", "i")
        return f"{prefix}{match.group('width')}"
    if match.group("float"):
        return _BUILT_FLOATS.get(match.group("float"), "")
    if match.group("index"):
        return "index"
    if match.group("shape"):
        return f"vector<{'x'.join(d.strip() for d in match.group('shape').split(','))}xi{match.group('bits')}>"
    cls = match.group("cls") or match.group("ctx")
    if cls == "::mlir::LLVM::LLVMPointerType":
        space = match.group("arg") or "0"
        return "!llvm.ptr" if space == "0" else f"!llvm.ptr<{space}>"
    if cls in _BUILT_HANDWRITTEN:
        return _BUILT_HANDWRITTEN[cls]
    short = cls.rsplit("::", 1)[-1].removesuffix("Type")
    if short in _BUILT_FLOATS or cls in _BUILT_FLOATS:
        return _BUILT_FLOATS.get(short, _BUILT_FLOATS.get(cls, ""))
    if short.startswith("Float") and short[5:6].isdigit():
        return "f" + short[5:]  # Float8E4M3FN → f8E4M3FN
    typedef = _typedef_classes(ods).get(cls.lstrip(":"))
    return f"!{typedef}" if typedef else ""


_TRANSFORMS = {"$_self": "same", "::llvm::cast<Type>($_self)": "same", "::getI1SameShape($_self)": "i1-same-shape"}
_ELEMENT_OF = re.compile(r"::llvm::cast<[\w:]+>\(\$_self\)\.getElementType\(\)$")


def type_relations(raw: dict, operands: tuple[OperandFact, ...],
                   results: tuple[ResultFact, ...]) -> tuple[TypeRelation, ...]:
    """The op's ``AllTypesMatch`` / ``TypesMatchWith`` / ``SameOperandsAndResultType`` /
    ``SameTypeOperands`` traits as ``TypeRelation``s."""
    relations: list[TypeRelation] = []
    for trait in raw.get("traits", ()):
        if trait == "SameOperandsAndResultType":
            relations.append(TypeRelation("same", tuple(v.name for v in operands) + tuple(v.name for v in results)))
        elif trait == "SameTypeOperands":
            relations.append(TypeRelation("same", tuple(v.name for v in operands)))
        elif isinstance(trait, list) and trait[0] == "AllTypesMatch":
            relations.append(TypeRelation("same", tuple(trait[2:])))
        elif isinstance(trait, list) and trait[0] == "TypesMatchWith" and len(trait) >= 5:
            transform = _TRANSFORMS.get(trait[4], "element" if _ELEMENT_OF.match(trait[4]) else "")
            relations.append(TypeRelation("with", (trait[2], trait[3]), transform))
    return tuple(relations)


# ---------------------------------------------------------------- kinds
_TYPE_KINDS = {
    "AnyType": "any", "Index": "index", "LLVM_Type": "llvm-compatible", "SignlessIntegerOrIndexLike": "integer-like",
    "SignlessFixedWidthIntegerLike": "integer-like", "SignlessIntegerLike": "integer-like", "FloatLike": "float-like",
    "BoolLike": "bool-like", "GPU_AsyncToken": "!gpu.async.token", "GPU_MMAMatrix": "!gpu.mma_matrix",
    "LLVM_AnyPointer": "!llvm.ptr", "LLVM_AnyStruct": "!llvm.struct", "LLVM_TokenType": "!llvm.token",
    "LLVM_AnyAggregate": "!llvm.struct|!llvm.array", "AnyShaped": "shaped", "FunctionType": "function",
    "AnyUnrankedMemRef": "memref<*>", "AnyIntegerOrFloat": "integer|float", "AnySignlessInteger": "integer",
    "AnySignlessIntegerOrIndex": "integer|index", "AnyInteger": "integer", "LLVM_LoadableType": "llvm-compatible",
    "LLVM_PrimitiveType": "llvm-compatible", "LLVM_AnyNonAggregate": "llvm-compatible",
    "IndexCastTypeConstraint": "integer-like|memref", "BitcastTypeConstraint": "integer-like|float-like|memref",
}
_WORD_KINDS = {
    "index": "index", "any type": "any", "signless integer": "integer", "integer": "integer", "Integer": "integer",
    "floating-point": "float", "Float": "float", "signless-integer-like": "integer-like",
    "floating-point-like": "float-like", "bool-like": "bool-like", "LLVM dialect-compatible type": "llvm-compatible",
    "LLVM pointer type": "!llvm.ptr", "LLVM struct type": "!llvm.struct", "LLVM structure type": "!llvm.struct",
    "async token type": "!gpu.async.token", "bfloat16 type": "bf16", "function type": "function",
}
_INT = re.compile(r"(\d+)-bit signless integer$")
_FLOAT = re.compile(r"(\d+)-bit float$")
_PTR = re.compile(r"LLVM pointer in address space (\d+)$")
_VECTOR_OF = re.compile(r"(?:fixed-length )?vector of (.+?) values(?: of length (\d+))?$")


def type_kind(ods: Ods, name: str) -> str:
    """The facts' short spelling of a type constraint (``index``, ``i32``, ``integer-like``,
    ``!llvm.ptr<3>``, ``vector``, ``memref``, ``a|b``), ``any`` when it has none."""
    name, entry = ods.root(name)
    if name in _TYPE_KINDS:
        return _TYPE_KINDS[name]
    if entry.get("typedef"):
        return f"!{entry['typedef']}"
    summary = entry.get("summary", "")
    alternatives = summary.split(" or ")
    kinds = [kind for word in alternatives if (kind := _word_kind(word))]
    if summary and len(kinds) == len(alternatives):
        return _merge_pointer_kinds(kinds)
    lowered = summary.lower()
    for family in ("memref", "tensor", "vector"):
        if family in lowered and "mma_matrix" not in lowered:
            return family
    if lowered.startswith("gpu.mma_matrix"):
        return "!gpu.mma_matrix"
    return "any"


def _word_kind(word: str) -> str | None:
    word = word.strip()
    if word in _WORD_KINDS:
        return _WORD_KINDS[word]
    for pattern, make in ((_INT, lambda m: f"i{m.group(1)}"), (_FLOAT, lambda m: _float_name(m.group(1))),
                          (_PTR, lambda m: f"!llvm.ptr<{m.group(1)}>")):
        match = pattern.match(word)
        if match:
            return make(match)
    match = _VECTOR_OF.match(word)
    if match:
        element = _word_kind(match.group(1))
        if element and "|" not in element and element not in ("integer", "float", "any", "integer-like"):
            return f"vector<{match.group(2)}x{element}>" if match.group(2) else f"vector<{element}>"
        return "vector"
    return None


def _float_name(bits: str) -> str:
    return {"16": "f16", "32": "f32", "64": "f64"}.get(bits, f"f{bits}")


def _merge_pointer_kinds(kinds: list[str]) -> str:
    """``!llvm.ptr<0>|!llvm.ptr<3>`` → ``!llvm.ptr<0|3>``."""
    spaces = [k[len("!llvm.ptr<"):-1] for k in kinds if k.startswith("!llvm.ptr<")]
    others = [k for k in kinds if not k.startswith("!llvm.ptr<")]
    merged = ([f"!llvm.ptr<{'|'.join(spaces)}>"] if spaces else []) + others
    return "|".join(dict.fromkeys(merged))


_ATTRIBUTE_KINDS = {"SymbolNameAttr": "symbol_name", "TypedAttrInterface": "typed_attr", "AnyAttr": "any",
                    "DictArrayAttr": "array<dictionary>", "I64ArrayAttr": "array<i64>", "BoolArrayAttr": "array<bool>",
                    "IndexListArrayAttr": "array<array<i64>>", "AnyIntElementsAttr": "dense_int_elements"}
_INTEGER_TYPES = {"I1": "i1", "I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64", "Index": "index",
                  "SI32": "si32", "SI64": "si64", "UI32": "ui32", "UI64": "ui64"}
_DENSE_ARRAYS = {"::mlir::DenseI64ArrayAttr": "dense_i64_array", "::mlir::DenseI32ArrayAttr": "dense_i32_array",
                 "::mlir::DenseI16ArrayAttr": "dense_i16_array", "::mlir::DenseI8ArrayAttr": "dense_i8_array",
                 "::mlir::DenseBoolArrayAttr": "dense_bool_array", "::mlir::DenseF32ArrayAttr": "dense_f32_array",
                 "::mlir::DenseF64ArrayAttr": "dense_f64_array"}


def attribute_fact(ods: Ods, name: str, constraint: str) -> AttributeFact:
    """One generated attribute (or property) as an ``AttributeFact``."""
    outer = ods.constraint(constraint)
    optional = bool(outer.get("optional"))
    default = outer.get("default")
    root_name, root = ods.root(constraint)
    optional = optional or bool(root.get("optional"))
    kind, cases, enum_attr = _attribute_kind(ods, root_name, root)
    if kind == "unit":
        optional = True
    syntax, enum_type, separator = _attribute_syntax(ods, root)
    return AttributeFact(name, kind, enum=cases, enum_attr=enum_attr, default=default, optional=optional,
                         constraint=constraint, syntax=syntax, enum_type=enum_type, separator=separator)


def _attribute_syntax(ods: Ods, entry: dict) -> tuple[str, str, str]:
    """(syntax, C++ enum name, bit-enum separator) of an attribute in a declarative format."""
    enum = entry.get("enum", "")
    separator = ods.enums.get(enum, {}).get("separator", "") if ods.enums.get(enum, {}).get("bits") else ""
    spelling = entry.get("spelling", "")
    if entry.get("kind") == "property" and enum:
        return "keyword", enum, separator
    if spelling == "enum":
        return "keyword", enum, separator
    if spelling == "dialect":
        attrdef = ods.attrdefs.get(entry.get("attrdef", ""), {})
        fmt = " ".join((attrdef.get("format") or "").split())
        if enum and fmt in ("`<` $value `>`", "```<` $value `>`"):
            return "angle", enum, separator
        if enum and fmt == "$value":
            return "keyword", enum, separator
        return "dialect", enum, separator
    return "", enum, separator


def _attribute_kind(ods: Ods, name: str, entry: dict) -> tuple[str, tuple[str, ...], str]:
    if entry.get("kind") == "property":
        if "enum" in entry:
            return "enum", ods.enum_cases(entry["enum"]), ""
        storage = entry.get("storage", "")
        return ("unit" if storage == "bool" and name == "UnitProp" else "integer" if "int" in storage
                else "any"), (), ""
    if name in _ATTRIBUTE_KINDS:
        return _ATTRIBUTE_KINDS[name], (), ""
    spelling = entry.get("spelling", "")
    if spelling in ("enum", "dialect") and "enum" in entry:
        attrdef = entry.get("attrdef")
        return "enum", ods.enum_cases(entry["enum"]), f"#{attrdef}" if attrdef else ""
    if spelling == "dialect":
        return f"#{entry.get('attrdef', '')}", (), ""
    if spelling == "integer":
        return _INTEGER_TYPES.get(ods.root(entry.get("type", ""))[0], "integer"), (), ""
    if spelling == "float":
        return _float_name(ods.root(entry.get("type", ""))[0].lstrip("F")) if entry.get("type") else "float", (), ""
    if spelling == "dense_array":
        return _DENSE_ARRAYS.get(entry.get("storage", ""), "dense_array"), (), ""
    if spelling == "elements":
        return "dense_int_elements" if "Int" in entry.get("storage", "") else "elements", (), ""
    return {"unit": "unit", "bool": "bool", "string": "string", "symbol": "symbol", "type": "type",
            "array": "array", "dictionary": "dictionary", "affine_map": "affine_map",
            "integer_set": "integer_set"}.get(spelling, "any"), (), ""
