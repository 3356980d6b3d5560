"""Generate nvgpu-ls's op registry from upstream MLIR's ODS definitions.

Run by hand when the LLVM release changes (Debian's ``llvm-22`` for ``llvm-tblgen-22`` and
``libmlir-22-dev`` for the ``.td`` files)::

    python3 tools/generate_registry.py            # writes nvgpu_ls/dialects/ods/llvm22.json
    python3 tools/generate_registry.py --check    # exit 1 when the committed file differs

``llvm-tblgen-22 --dump-json`` turns every ``.td`` file under ``include/mlir`` into its records;
this script keeps what the parser, the verifiers and hover need and writes it as one JSON file:

* ``dialects``: every dialect upstream defines, with the number of ops it has, and the ops of a
  described dialect that the installed torch-mlir bindings (newer than LLVM 22) add;
* ``ops``: for the dialects a kernel file holds (``FULL_DIALECTS``), each op's operands,
  attributes, properties, results, regions and successors with their constraints, its traits
  and interfaces, its declarative assembly format (or that a hand-written parser reads it), and
  whether a hand-written verifier runs; for every other dialect only the op names;
* ``constraints``: each type, attribute, region and successor constraint by name (anonymous ones
  by a digest of their content, so that names are stable across regenerations): upstream's
  summary (the words of its diagnostics), how an attribute is spelled, and the predicate as a
  tree whose leaves are upstream's C++ conditions on ``$_self``;
* ``enums``: every enum's cases and values; ``attrdefs`` / ``typedefs``: dialect attributes and
  types with their mnemonic, parameters and assembly format.

Nothing of upstream's prose is kept beyond the one-line summaries that its messages quote.
The output depends only on the ``.td`` files: running the script twice gives the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "nvgpu_ls" / "dialects" / "ods" / "llvm22.json"
INCLUDE = Path("/usr/lib/llvm-22/include")
TBLGEN = "llvm-tblgen-22"
TIMEOUT_S = 120

FULL_DIALECTS = (
    "builtin", "func", "arith", "math", "index", "affine", "scf", "cf", "memref", "vector", "gpu", "llvm",
    "nvvm", "nvgpu", "linalg", "tensor", "bufferization", "transform", "ub", "complex",
)
"""Dialects whose ops are described completely; of the others only the op names are kept."""


# ---------------------------------------------------------------- reading records
class Records:
    """One ``--dump-json`` output: records by name, and the class index."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.instances: dict[str, list[str]] = data.get("!instanceof", {})

    def __getitem__(self, name: str) -> dict:
        return self.data[name]

    def get(self, name: str) -> dict | None:
        return self.data.get(name)

    def of(self, cls: str) -> list[str]:
        return self.instances.get(cls, [])


def dump_records(td: Path, include: Path, tblgen: str) -> Records | None:
    """The records of one ``.td`` file, or None when it cannot be processed on its own (a file
    meant to be included by another, which the other's dump covers)."""
    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-ods-") as folder:
        out = Path(folder) / "records.json"
        try:
            completed = subprocess.run([tblgen, "--dump-json", "-I", str(include), str(td), "-o", str(out)],
                                       capture_output=True, text=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return None
        if completed.returncode != 0 or not out.exists():
            return None
        return Records(json.loads(out.read_text(encoding="utf-8")))


def _ref(value) -> str | None:
    """The record a ``def`` value names."""
    return value.get("def") if isinstance(value, dict) else None


def _text(value) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


# ---------------------------------------------------------------- predicates
_ELEMENT_TYPE_PREFIX = "[](::mlir::Type elementType) { return "
_ALL_OF_PREFIX = "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && ("


def predicate_tree(records: Records, name: str | None, substitutions: tuple = ()) -> list | None:
    """A predicate as ``["and"|"or", children...]``, ``["not", child]``, ``["element", child]``
    (the child holds for a shaped type's element type), ``["all", child]`` (for every element of
    an array attribute) or ``["c", expr]`` (a C++ condition on ``$_self``)."""
    if name is None:
        return None
    record = records.get(name)
    if record is None:
        return None
    supers = record["!superclasses"]
    if "CPred" in supers:
        expr = record["predExpr"]
        for pattern, replacement in substitutions:
            expr = expr.replace(pattern, replacement)
        return ["c", _text(expr)]
    kind = _ref(record.get("kind"))
    children = [_ref(c) for c in record.get("children", [])]
    if kind == "PredCombinerSubstLeaves":
        inner = ((record["pattern"], record["replacement"]),) + substitutions
        return predicate_tree(records, children[0], inner)
    if kind == "PredCombinerConcat":
        prefix = record["prefix"]
        if prefix == _ELEMENT_TYPE_PREFIX:
            return ["element", predicate_tree(records, children[0], (("elementType", "$_self"),) + substitutions)]
        if prefix == _ALL_OF_PREFIX:
            return ["all", _rename_attr_variable(predicate_tree(records, children[0], substitutions))]
        return ["c", _text(prefix + "<...>" + record["suffix"])]  # an unknown form: kept, never evaluated
    parts = [predicate_tree(records, child, substitutions) for child in children]
    if kind == "PredCombinerAnd":
        return ["and", *parts]
    if kind == "PredCombinerOr":
        return ["or", *parts]
    if kind == "PredCombinerNot":
        return ["not", parts[0]]
    return None


_ATTR_VARIABLE = re.compile(r"(?<![\w:])attr(?!\w)")


def _rename_attr_variable(tree: list | None) -> list | None:
    """In an all-of child, the lambda's parameter ``attr`` (a whole identifier) is ``$_self``."""
    if tree is None:
        return None
    if tree[0] == "c":
        return ["c", _ATTR_VARIABLE.sub("$_self", tree[1])]
    return [tree[0], *[_rename_attr_variable(child) for child in tree[1:]]]


# ---------------------------------------------------------------- constraints
class Collector:
    """Everything gathered from all dumps, deduplicated by name."""

    def __init__(self) -> None:
        self.dialects: dict[str, dict] = {}
        self.ops: dict[str, dict] = {}
        self.op_names: dict[str, set[str]] = {}
        self.constraints: dict[str, dict] = {}
        self.enums: dict[str, dict] = {}
        self.attrdefs: dict[str, dict] = {}
        self.typedefs: dict[str, dict] = {}
        self.cpp_classes: dict[str, str] = {}
        """``::mlir::scf::YieldOp`` → ``scf.yield``."""
        self.pending_traits: list[tuple[dict, list]] = []

    # ------------------------------------------------------------ constraints
    def constraint(self, records: Records, name: str) -> str:
        """The registry name of a constraint record, adding it on first sight."""
        record = records[name]
        entry = self._describe_constraint(records, record)
        key = name if not record.get("!anonymous") else "anon:" + _digest(entry)
        existing = self.constraints.get(key)
        if existing is None:
            self.constraints[key] = entry
        return key

    def _describe_constraint(self, records: Records, record: dict) -> dict:
        supers = record["!superclasses"]
        entry: dict = {"summary": _text(record.get("summary"))}
        if "TypeConstraint" in supers:
            entry["kind"] = "type"
            base = _ref(record.get("baseType"))
            if base is not None and ("Variadic" in supers or "Optional" in supers or "VariadicOfVariadic" in supers):
                entry["base"] = self.constraint(records, base)
            else:
                entry["pred"] = predicate_tree(records, _ref(record.get("predicate")))
            if record.get("cppType"):
                entry["cpp"] = _text(record["cppType"])
            if _text(record.get("builderCall")):
                entry["builder"] = _text(record["builderCall"])
            if "TypeDef" in supers and record.get("mnemonic") and _ref(record.get("dialect")):
                entry["typedef"] = f"{records[_ref(record['dialect'])]['name']}.{record['mnemonic']}"
            if "VariadicOfVariadic" in supers:
                entry["segments"] = record.get("segmentAttrName")
        elif "Attr" in supers or "Property" in supers:
            entry.update(self._describe_attribute(records, record))
        elif "RegionConstraint" in supers or "Region" in supers:
            entry["kind"] = "region"
            entry["pred"] = predicate_tree(records, _ref(record.get("predicate")))
        elif "SuccessorConstraint" in supers or "Successor" in supers:
            entry["kind"] = "successor"
        else:
            entry["kind"] = "other"
        return entry

    def _describe_attribute(self, records: Records, record: dict) -> dict:
        supers = record["!superclasses"]
        if "Property" in supers:
            entry = {"kind": "property", "storage": _text(record.get("storageType")),
                     "interface": _text(record.get("interfaceType"))}
            if record.get("defaultValue"):
                entry["default"] = _text(record["defaultValue"])
            base = _ref(record.get("baseProp"))
            if base is not None:
                entry["base"] = self.constraint(records, base)
            enum = _ref(record.get("enum"))
            if enum is not None:
                entry["enum"] = self.enum(records, enum)
            return entry
        entry = {"kind": "attr"}
        base_name = _ref(record.get("baseAttr"))
        if base_name is not None:
            entry["base"] = self.constraint(records, base_name)
        if record.get("isOptional"):
            entry["optional"] = True
        if record.get("defaultValue") not in (None, ""):
            entry["default"] = _text(record["defaultValue"])
        storage = _text(record.get("storageType"))
        if storage:
            entry["storage"] = storage
        if base_name is None:
            entry["pred"] = predicate_tree(records, _ref(record.get("predicate")))
            spelling = self._attribute_spelling(records, record)
            if spelling:
                entry.update(spelling)
        return entry

    def _attribute_spelling(self, records: Records, record: dict) -> dict:
        """How the attribute is written where a declarative format names it."""
        supers = record["!superclasses"]
        storage = _text(record.get("storageType"))
        if "EnumAttr" in supers and "AttrDef" in supers:  # a dialect attribute wrapping an enum
            return {"spelling": "dialect", "attrdef": self.attrdef(records, record["!name"]),
                    "enum": self.enum(records, _ref(record["enum"]))}
        if "EnumAttrInfo" in supers or "EnumInfo" in supers:  # an integer-stored enum, keywords in formats
            return {"spelling": "enum", "enum": self.enum(records, record["!name"])}
        if "AttrDef" in supers:
            return {"spelling": "dialect", "attrdef": self.attrdef(records, record["!name"])}
        value_type = _ref(record.get("valueType"))
        found: dict = {"spelling": _STORAGE_SPELLINGS.get(storage, "attribute")}
        if value_type is not None:
            found["type"] = self.constraint(records, value_type)
        element = _ref(record.get("elementAttr"))
        if element is not None:
            found["element"] = self.constraint(records, element)
        if "DenseArrayAttrBase" in supers:
            found["element_type"] = _text(record.get("eltName") or "")
        return found

    # ------------------------------------------------------------ enums and dialect attributes
    def enum(self, records: Records, name: str) -> str:
        record = records[name]
        key = f"{_text(record.get('cppNamespace'))}::{record.get('className')}"
        if key not in self.enums:
            cases = []
            for case in record.get("enumerants", []):
                case_record = records[_ref(case)]
                cases.append([case_record["str"], case_record.get("value")])
            supers = record["!superclasses"]
            entry = {"cases": cases, "bits": "BitEnumBase" in supers or "BitEnumAttr" in supers}
            if entry["bits"]:
                entry["separator"] = _text(record.get("separator")) or "|"
            self.enums[key] = entry
        return key

    def attrdef(self, records: Records, name: str) -> str:
        record = records[name]
        dialect = records[_ref(record["dialect"])]["name"] if _ref(record.get("dialect")) else ""
        key = f"{dialect}.{record.get('mnemonic') or record['!name']}"
        if key not in self.attrdefs:
            self.attrdefs[key] = self._def_entry(records, record)
        return key

    def _def_entry(self, records: Records, record: dict) -> dict:
        params = []
        parameters = record.get("parameters") or {}
        for arg, param_name in parameters.get("args", []):
            ref = _ref(arg)
            param = records.get(ref) if ref else None
            if param is None:
                params.append([param_name, _text(arg if isinstance(arg, str) else ""), False])
                continue
            optional = "OptionalParameter" in param["!superclasses"] or param.get("isOptional") == 1
            params.append([param_name, _text(param.get("cppType") or ""), bool(optional)])
        entry = {"mnemonic": record.get("mnemonic"), "params": params,
                 "format": _text(record.get("assemblyFormat")) or None,
                 "custom": bool(record.get("hasCustomAssemblyFormat"))}
        enum = _ref(record.get("enum"))
        if enum is not None:
            entry["enum"] = self.enum(records, enum)
        return entry

    def collect_defs(self, records: Records) -> None:
        for name in records.of("AttrDef"):
            record = records[name]
            if record.get("mnemonic") and _ref(record.get("dialect")):
                self.attrdef(records, name)
        for name in records.of("TypeDef"):
            record = records[name]
            if not (record.get("mnemonic") and _ref(record.get("dialect"))):
                continue
            dialect = records[_ref(record["dialect"])]["name"]
            key = f"{dialect}.{record['mnemonic']}"
            if key not in self.typedefs:
                self.typedefs[key] = self._def_entry(records, record)
        for cls in ("EnumInfo", "EnumAttrInfo"):
            for name in records.of(cls):
                if records[name].get("className") and records[name].get("enumerants") is not None:
                    self.enum(records, name)
        for name in records.of("Dialect"):
            record = records[name]
            self.dialects.setdefault(record["name"], {"cpp": _text(record.get("cppNamespace"))})

    # ------------------------------------------------------------ ops
    def collect_ops(self, records: Records) -> None:
        for name in records.of("Op"):
            record = records[name]
            dialect_record = records[_ref(record["opDialect"])]
            dialect = dialect_record["name"]
            op_name = f"{dialect}.{record['opName']}"
            self.op_names.setdefault(dialect, set()).add(op_name)
            cls = _cpp_class(record, dialect_record)
            self.cpp_classes.setdefault(cls, op_name)
            if dialect not in FULL_DIALECTS or op_name in self.ops:
                continue
            self.ops[op_name] = self._op_entry(records, record)

    def _op_entry(self, records: Records, record: dict) -> dict:
        operands, attributes, properties = [], [], []
        for arg, arg_name in record["arguments"]["args"]:
            ref = _unwrap_arg(records, _ref(arg))
            constraint = records[ref]
            supers = constraint["!superclasses"]
            if "TypeConstraint" in supers:
                operands.append([arg_name, self.constraint(records, ref), _quantifier(supers)])
            elif "Property" in supers:
                properties.append([arg_name, self.constraint(records, ref)])
            else:
                attributes.append([arg_name, self.constraint(records, ref)])
        results = [[n, self.constraint(records, _ref(a)), _quantifier(records[_ref(a)]["!superclasses"])]
                   for a, n in record["results"]["args"]]
        regions = [[n, self.constraint(records, _ref(a)),
                    "*" if "VariadicRegion" in records[_ref(a)]["!superclasses"] else ""]
                   for a, n in record["regions"]["args"]]
        successors = [[n, self.constraint(records, _ref(a)),
                       "*" if "VariadicSuccessor" in records[_ref(a)]["!superclasses"] else ""]
                      for a, n in record["successors"]["args"]]
        traits: list = []
        for trait in record.get("traits") or []:
            _flatten_trait(records, _ref(trait), traits)
        entry: dict = {"summary": _text(record.get("summary"))}
        for key, value in (("operands", operands), ("attributes", attributes), ("properties", properties),
                           ("results", results), ("regions", regions), ("successors", successors)):
            if value:
                entry[key] = value
        entry["traits"] = traits
        fmt = _text(record.get("assemblyFormat"))
        if fmt:
            entry["format"] = fmt
        elif record.get("hasCustomAssemblyFormat"):
            entry["parser"] = "custom"
        if record.get("hasVerifier"):
            entry["verifier"] = True
        if record.get("hasRegionVerifier"):
            entry["region_verifier"] = True
        self.pending_traits.append((_text(record.get("cppNamespace")), traits))
        return entry

    def resolve_trait_classes(self) -> None:
        """Trait parameters that name C++ op classes (``HasParent<scf::ForOp>``) become op names."""
        for namespace, traits in self.pending_traits:
            for trait in traits:
                if isinstance(trait, list) and trait[0] in ("HasParent", "ParentOneOf", "SingleBlockImplicitTerminator"):
                    trait[1:] = [self._op_of_class(cls, namespace) for cls in trait[1:]]

    def _op_of_class(self, cls: str, namespace: str) -> str:
        """The op a C++ class names, as C++ would look it up from ``namespace`` (the op's own)."""
        cls = cls.strip().strip('"').removeprefix("::")
        scopes = namespace.removeprefix("::").split("::")
        while True:  # the innermost enclosing namespace first
            full = "::" + "::".join([*scopes, cls]) if scopes else "::" + cls
            if full in self.cpp_classes:
                return self.cpp_classes[full]
            if not scopes:
                break
            scopes.pop()
        matches = sorted(op for full, op in self.cpp_classes.items() if full.endswith("::" + cls))
        return matches[0] if matches else cls


_STORAGE_SPELLINGS = {
    "::mlir::IntegerAttr": "integer", "::mlir::FloatAttr": "float", "::mlir::BoolAttr": "bool",
    "::mlir::UnitAttr": "unit", "::mlir::StringAttr": "string", "::mlir::FlatSymbolRefAttr": "symbol",
    "::mlir::SymbolRefAttr": "symbol", "::mlir::TypeAttr": "type", "::mlir::ArrayAttr": "array",
    "::mlir::DictionaryAttr": "dictionary", "::mlir::AffineMapAttr": "affine_map",
    "::mlir::IntegerSetAttr": "integer_set", "::mlir::DenseI64ArrayAttr": "dense_array",
    "::mlir::DenseI32ArrayAttr": "dense_array", "::mlir::DenseI16ArrayAttr": "dense_array",
    "::mlir::DenseI8ArrayAttr": "dense_array", "::mlir::DenseBoolArrayAttr": "dense_array",
    "::mlir::DenseF32ArrayAttr": "dense_array", "::mlir::DenseF64ArrayAttr": "dense_array",
    "::mlir::DenseIntElementsAttr": "elements", "::mlir::DenseElementsAttr": "elements",
    "::mlir::DenseFPElementsAttr": "elements", "::mlir::ElementsAttr": "elements",
}


def _unwrap_arg(records: Records, name: str) -> str:
    """``Arg<Constraint, "doc", [effects]>`` → the constraint's record."""
    record = records[name]
    while "Arg" in record["!superclasses"] and _ref(record.get("constraint")):
        name = _ref(record["constraint"])
        record = records[name]
    return name


def _quantifier(supers: list[str]) -> str:
    if "VariadicOfVariadic" in supers:
        return "**"
    if "Variadic" in supers:
        return "*"
    if "Optional" in supers:
        return "?"
    return ""


def _cpp_class(record: dict, dialect: dict) -> str:
    name = record["!name"]
    cls = name.split("_", 1)[1] if "_" in name and not name.endswith("_") else name
    if record.get("cppClassName"):
        cls = record["cppClassName"]
    return f"{_text(record.get('cppNamespace') or dialect.get('cppNamespace'))}::{cls}"


_PARAM_TRAIT = re.compile(r"^(?:::mlir::)?(?:OpTrait::)?(\w+)<(.*)>::Impl$")


def _flatten_trait(records: Records, name: str | None, into: list) -> None:
    """Append a trait as the registry spells it: a name (``Pure``, ``IsTerminator``), an
    interface (``interface:SymbolOpInterface``) or a list with its parameters."""
    if name is None:
        return
    record = records.get(name)
    if record is None:
        return
    supers = record["!superclasses"]
    if "TraitList" in supers:
        for trait in record.get("traits", []):
            _flatten_trait(records, _ref(trait), into)
        return
    if record.get("cppInterfaceName"):
        found = "interface:" + record["cppInterfaceName"]
    elif "PredOpTrait" in supers:
        cls = next((c for c in ("TypesMatchWith", "AllTypesMatch", "AllShapesMatch", "AllElementTypesMatch",
                                "AllRanksMatch", "AllElementCountsMatch", "RangedTypesMatchWith")
                    if c in supers), "PredOpTrait")
        found = [cls, _text(record.get("summary"))]
        if cls in ("TypesMatchWith", "RangedTypesMatchWith"):
            found += [record.get("lhs"), record.get("rhs"), _text(record.get("transformer"))]
        elif "values" in record:
            found += list(record["values"])
    elif "trait" in record:
        text = _text(record["trait"])
        match = _PARAM_TRAIT.match(text)
        if match:
            found = [match.group(1), *[p.strip() for p in _split_params(match.group(2))]]
        elif text.endswith("::Trait"):  # an interface's trait (NoMemoryEffect: MemoryEffectOpInterface::Trait)
            found = record["!name"] if not record.get("!anonymous") else "interface:" + text.split("::")[-2]
        else:
            found = text.split("::")[-1]
    else:
        found = record["!name"]
    if found not in into:
        into.append(found)
    for dependent in record.get("dependentTraits") or []:
        _flatten_trait(records, _ref(dependent), into)


def _split_params(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    if current.strip():
        parts.append(current)
    return parts


def _digest(entry: dict) -> str:
    return hashlib.sha1(json.dumps(entry, sort_keys=True).encode()).hexdigest()[:12]


# ---------------------------------------------------------------- driver
def td_files(include: Path) -> list[Path]:
    return sorted(p for p in (include / "mlir").rglob("*.td"))


def registered_dialects(tool: str = "mlir-opt-22") -> list[str]:
    """The dialects ``mlir-opt-22`` registers (``--show-dialects``): besides upstream's, its test
    dialects, whose ops are not described anywhere but which it parses."""
    if shutil.which(tool) is None:
        return []
    completed = subprocess.run([tool, "--show-dialects"], capture_output=True, text=True, timeout=TIMEOUT_S)
    match = re.search(r"Available Dialects:\s*(.*)", completed.stdout)
    return sorted(name.strip() for name in match.group(1).split(",") if name.strip()) if match else []


def newer_op_names(known: set[str]) -> tuple[str, dict[str, list[str]]]:
    """Ops of the described dialects that the installed torch-mlir bindings (an upstream newer than
    LLVM 22, the second judge of what is valid) define and LLVM 22 does not: read without a
    description rather than rejected. Empty when the bindings are not installed."""
    try:
        from importlib.metadata import version

        import torch_mlir.dialects as bindings
    except ImportError:
        return "", {}
    found: dict[str, set[str]] = {}
    for path in sorted(Path(list(bindings.__path__)[0]).glob("_*_ops_gen.py")):
        for name in re.findall(r'OPERATION_NAME = "([^"]+)"', path.read_text(encoding="utf-8")):
            dialect = name.split(".", 1)[0]
            if dialect in FULL_DIALECTS and name not in known:
                found.setdefault(dialect, set()).add(name.split(".", 1)[1])
    return f"torch-mlir {version('torch-mlir')}", {d: sorted(v) for d, v in sorted(found.items())}


def generate(include: Path, tblgen: str, log=print) -> dict:
    collector = Collector()
    skipped = 0
    files = td_files(include)
    for index, td in enumerate(files):
        records = dump_records(td, include, tblgen)
        if records is None:
            skipped += 1
            continue
        collector.collect_defs(records)
        collector.collect_ops(records)
        if index % 40 == 0:
            log(f"  {index + 1}/{len(files)} {td.relative_to(include)}")
    collector.resolve_trait_classes()
    version = subprocess.run([tblgen, "--version"], capture_output=True, text=True, timeout=TIMEOUT_S).stdout
    release = re.search(r"LLVM version (\S+)", version)
    bindings, newer = newer_op_names(set(collector.ops))
    dialects = {}
    tool_dialects = set(registered_dialects())
    for name in sorted(set(collector.dialects) | set(collector.op_names) | tool_dialects):
        names = sorted(collector.op_names.get(name, ()))
        entry: dict = {"ops": len(names)}
        if name not in collector.dialects and name not in collector.op_names:
            entry["only_in"] = "mlir-opt-22"  # a test dialect of the tool: its ops are not known here
        elif name not in FULL_DIALECTS:
            entry["op_names"] = [n.split(".", 1)[1] for n in names]
        if newer.get(name):
            entry["newer_op_names"] = newer[name]
        dialects[name] = entry
    return {
        "about": {
            "what": "Op structure generated from upstream MLIR's ODS records by tools/generate_registry.py",
            "llvm": release.group(1) if release else version.strip(),
            "td_files": len(files), "td_files_not_standalone": skipped,
            "full_dialects": list(FULL_DIALECTS),
            "newer_ops_from": bindings,
        },
        "dialects": dialects,
        "ops": dict(sorted(collector.ops.items())),
        "constraints": dict(sorted(collector.constraints.items())),
        "enums": dict(sorted(collector.enums.items())),
        "attrdefs": dict(sorted(collector.attrdefs.items())),
        "typedefs": dict(sorted(collector.typedefs.items())),
    }


def serialise(registry: dict) -> str:
    """One entry per line inside each table: small diffs when upstream changes one op."""
    lines = ["{"]
    tables = list(registry.items())
    for t_index, (table, content) in enumerate(tables):
        comma = "," if t_index < len(tables) - 1 else ""
        if table == "about":
            lines.append(f' "about": {json.dumps(content, sort_keys=True)}{comma}')
            continue
        lines.append(f' "{table}": {{')
        items = list(content.items())
        for index, (key, value) in enumerate(items):
            inner = "," if index < len(items) - 1 else ""
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True, separators=(',', ':'))}{inner}")
        lines.append(" }" + comma)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--include", type=Path, default=INCLUDE, help="LLVM's include directory (libmlir-22-dev)")
    parser.add_argument("--tblgen", default=TBLGEN, help="the llvm-tblgen of the same release")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with the output file instead of writing it")
    args = parser.parse_args(argv)
    if shutil.which(args.tblgen) is None or not (args.include / "mlir").is_dir():
        print(f"needs {args.tblgen} (Debian llvm-22) and {args.include}/mlir (libmlir-22-dev)", file=sys.stderr)
        return 2
    text = serialise(generate(args.include, args.tblgen, log=lambda s: print(s, file=sys.stderr)))
    if args.check:
        same = args.output.exists() and args.output.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.output} differs from what the .td files give")
        return 0 if same else 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(text) // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
