"""What the parser needs to know about op names: facts lookup, name resolution, and which
dialects and ops upstream knows.

Name resolution follows upstream's parser: a dotted name is full as written; an undotted name
is tried in the default dialect of the op whose region holds it (``builtin.module`` declares
``builtin``, ``func.func`` declares ``func``, any other op none) and then as a builtin op.
A dialect whose every op the facts describe is *closed*: an unknown name there is an error.
Of the other dialects upstream registers only the op names are known; an op of such a
dialect is read without a description, an op it does not define is an error, and a dialect
upstream does not register at all is an error too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Final, Mapping

from .facts import OpFacts

_DEFAULT_DIALECTS: Final = {"builtin.module": "builtin", "func.func": "func"}
"""The default dialect each op declares for undotted op names in its regions (upstream's
``OpAsmOpInterface::getDefaultDialect``, measured with mlir-opt-22); the top level is builtin's."""
_BARE_WORD_DIALECTS: Final = ("func", "gpu", "builtin")
"""Dialects whose ops people write without their prefix: such a word may start an op (recovery)."""
_SYMBOL_DEFINERS: Final = frozenset({
    "builtin.module", "func.func", "gpu.module", "gpu.func", "llvm.func", "memref.global",
    "llvm.mlir.global", "llvm.mlir.alias", "llvm.comdat", "llvm.comdat_selector", "gpu.binary",
})


@dataclass(frozen=True)
class DialectKnowledge:
    """What upstream registers, beyond the ops the facts describe."""

    closed: frozenset[str] = frozenset({"nvgpu"})
    """Dialects whose ops the facts describe (their custom syntax is read strictly)."""
    known: frozenset[str] | None = None
    """Every dialect upstream registers (None: any dialect is assumed to exist)."""
    op_names: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Ops known by name only: every op of a registered dialect the facts do not describe, and the
    ops a newer upstream added to a described one. A name in neither these nor the facts is
    unknown in a dialect listed here or closed; any name goes in other registered dialects."""
    type_mnemonics: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """For the described dialects: the mnemonics of every type they define (``mbarrier.group``)."""
    attr_mnemonics: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """For the described dialects: the mnemonics of every attribute they define."""
    enums: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Every upstream enum's cases by its C++ name (``::mlir::LLVM::linkage::Linkage``), for the
    hand-written parsers that read enum keywords."""


@dataclass(frozen=True)
class OpLookup:
    """How a custom-form op name resolved: the full name, and what is wrong with it, if anything."""

    name: str
    problem: str = ""
    """``unknown-dialect`` / ``unknown-op`` / ``""``."""
    message: str = ""


class OpRegistry:
    """Facts by op name plus the naming rules of MLIR's custom syntax."""

    def __init__(self, ops: Mapping[str, OpFacts], dialects: DialectKnowledge | None = None) -> None:
        from .typegrammar import is_scalar_type_name  # not at import: the package root imports this module

        self._is_scalar_type_name: Callable[[str], bool] = is_scalar_type_name
        self._ops = ops
        self.dialects = dialects or DialectKnowledge()
        self._lookups: dict[tuple[str, str], OpLookup] = {}
        self._facts: dict[str, OpFacts | None] = {}
        self._bare_words = {"module", "unrealized_conversion_cast"}
        for name in ops:
            dialect, _, word = name.partition(".")
            if dialect in _BARE_WORD_DIALECTS:
                self._bare_words.add(word)

    def facts(self, name: str) -> OpFacts | None:
        try:
            return self._facts[name]
        except KeyError:
            found = self._facts[name] = self._ops.get(name)
            return found

    def names(self) -> list[str]:
        return sorted(self._ops)

    def lookup(self, word: str, default_dialect: str) -> OpLookup:
        """Resolve a custom-form op name written where ``default_dialect`` is the default."""
        key = (word, default_dialect)
        found = self._lookups.get(key)
        if found is None:
            if len(self._lookups) > 1 << 14:
                self._lookups.clear()
            found = self._lookups[key] = self._lookup(word, default_dialect)
        return found

    def _lookup(self, word: str, default_dialect: str) -> OpLookup:
        if "." in word:
            return OpLookup(word, *self._judge_dotted(word))
        candidates = ([f"{default_dialect}.{word}"] if default_dialect else []) + [f"builtin.{word}"]
        for candidate in candidates:
            if candidate in self._ops:
                return OpLookup(candidate)
        if default_dialect:
            return OpLookup(word, "unknown-op",
                            f"custom op '{word}' is unknown (tried '{default_dialect}.{word}' as well)")
        return OpLookup(word, "unknown-dialect", f"Dialect `' not found for custom op '{word}'  (tried '.{word}' as well)")

    def _judge_dotted(self, name: str) -> tuple[str, str]:
        if name in self._ops:
            return "", ""
        dialect = name.split(".", 1)[0]
        known = self.dialects.known
        if known is not None and dialect not in known:
            return "unknown-dialect", f"Dialect `{dialect}' not found for custom op '{name}'"
        names = self.dialects.op_names.get(dialect)
        if names is not None and name in names:
            return "", ""
        if names is not None or dialect in self.dialects.closed:
            return "unknown-op", f"custom op '{name}' is unknown"
        return "", ""

    def judge_generic(self, name: str) -> tuple[str, str]:
        """What upstream says of a generic-form op name: an unregistered dialect (a parse error) or
        an unknown op of a registered dialect (a verifier error); ``("", "")`` when it is known."""
        if name in self._ops:
            return "", ""
        dialect = name.split(".", 1)[0]
        known = self.dialects.known
        if known is not None and dialect not in known:
            return "unknown-dialect", ("operation being parsed with an unregistered dialect. If this is intended, "
                                       "please use -allow-unregistered-dialect with the MLIR tool used")
        problem, _ = self._judge_dotted(name)
        if problem:
            return problem, (f"unregistered operation '{name}' found in dialect ('{dialect}') that does not allow "
                             "unknown operations")
        return "", ""

    def judge_dialect_value(self, sigil: str, name: str, body: str = "") -> str:
        """Upstream's error for a dialect type (``!``) or attribute (``#``) named ``name``
        (``gpu.address_space``, written with ``body`` after its mnemonic), or ``""`` when upstream
        knows it."""
        dialect, _, mnemonic = name.partition(".")
        known = self.dialects.known
        if known is not None and dialect not in known:
            what = "type" if sigil == "!" else "attribute"
            shown = f'{sigil}"{dialect}"<"{mnemonic}{body}">' + (" : 'none'" if sigil == "#" else "")
            tick = "`" if sigil == "!" else ""
            return (f"{tick}{shown}{tick} {what} created with unregistered dialect. If this is intended, please call "
                    "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the "
                    "MLIR opt tool used")
        table = self.dialects.type_mnemonics if sigil == "!" else self.dialects.attr_mnemonics
        mnemonics = table.get(dialect)
        if mnemonics is None or mnemonic in mnemonics:
            return ""
        if sigil == "#":
            if not mnemonics:
                return f"dialect '{dialect}' provides no attribute parsing hook"
            return f"unknown attribute `{mnemonic}` in dialect `{dialect}`"
        if not mnemonics:
            return f"dialect '{dialect}' provides no type parsing hook"
        special = {"gpu": f"unknown gpu type: {mnemonic}", "llvm": f"unknown LLVM type: {mnemonic}",
                   "transform": f"unknown type mnemonic: {mnemonic}"}
        return special.get(dialect, f"unknown  type `{mnemonic}` in dialect `{dialect}`")

    def enum_cases(self, cpp_name: str) -> tuple[str, ...]:
        """The cases of an upstream enum, by its C++ name (empty when unknown)."""
        return self.dialects.enums.get(cpp_name, ())

    def is_bare_op_word(self, word: str) -> bool:
        """Could an undotted word be an op name somewhere (``return``, ``module``, ``yield``)?"""
        return word in self._bare_words

    def default_dialect_of(self, op_name: str) -> str:
        """The default dialect ``op_name`` declares for undotted names in its regions."""
        return _DEFAULT_DIALECTS.get(op_name, "")

    def defines_symbol(self, op_name: str) -> bool:
        facts = self._ops.get(op_name)
        return op_name in _SYMBOL_DEFINERS or (facts is not None and "Symbol" in facts.traits)

    def is_closed_dialect(self, dialect: str) -> bool:
        return dialect in self.dialects.closed

    def is_scalar_type(self, word: str) -> bool:
        return self._is_scalar_type_name(word)


_DEFAULT: "OpRegistry | None" = None
_MAKE_DEFAULT: "Callable[[], OpRegistry] | None" = None


def install_default(make: "Callable[[], OpRegistry]") -> None:
    """Say how the registry a Document uses by default is made. The package wires the op facts of
    ``dialects`` in here (``nvgpu_ls/__init__.py``), so that this layer never imports them."""
    global _DEFAULT, _MAKE_DEFAULT
    _MAKE_DEFAULT, _DEFAULT = make, None


def default_registry() -> "OpRegistry":
    """The registry a Document uses when given none (made on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        if _MAKE_DEFAULT is None:
            raise RuntimeError("no default op registry installed (import nvgpu_ls first)")
        _DEFAULT = _MAKE_DEFAULT()
    return _DEFAULT
