"""What the parser needs to know about op names: facts lookup and name resolution.

Op names in custom form may omit their dialect inside an op that declares a default
dialect (``return`` inside ``func.func`` is ``func.return``). The registry answers
that, and which dialects are closed (every op known, so an unknown name is an error).
"""

from __future__ import annotations

from typing import Mapping

from ..dialects.facts import OpFacts
from .typegrammar import is_scalar_type_name

_DEFAULT_DIALECTS = {"func.func": "func", "gpu.func": "gpu", "gpu.module": "gpu", "gpu.launch": "gpu"}
_BUILTIN_BARE = frozenset({"module", "unrealized_conversion_cast"})
_SYMBOL_DEFINERS = frozenset({
    "builtin.module", "func.func", "gpu.module", "gpu.func", "llvm.func", "memref.global",
    "llvm.mlir.global", "llvm.mlir.alias", "llvm.comdat", "llvm.comdat_selector", "gpu.binary",
})
_CLOSED_DIALECTS = frozenset({"nvgpu"})


class OpRegistry:
    """Facts by op name plus the naming rules of MLIR's custom syntax."""

    def __init__(self, ops: Mapping[str, OpFacts]) -> None:
        self._ops = ops
        self._bare_words = set(_BUILTIN_BARE)
        for name in ops:
            dialect, _, word = name.partition(".")
            if dialect in ("func", "gpu", "builtin"):
                self._bare_words.add(word)

    def facts(self, name: str) -> OpFacts | None:
        return self._ops.get(name)

    def names(self) -> list[str]:
        return sorted(self._ops)

    def resolve_name(self, word: str, default_dialect: str, force: bool = False) -> str:
        """The full op name for a custom-form name written inside ``default_dialect``'s scope."""
        if "." in word and not force:
            return word
        if word in _BUILTIN_BARE and not force:
            return "builtin." + word
        return f"{default_dialect}.{word}"

    def is_bare_op_word(self, word: str) -> bool:
        """Could an undotted word be an op name somewhere (``return``, ``module``, ``yield``)?"""
        return word in self._bare_words

    def default_dialect_of(self, op_name: str) -> str:
        return _DEFAULT_DIALECTS.get(op_name, "")

    def defines_symbol(self, op_name: str) -> bool:
        facts = self._ops.get(op_name)
        return op_name in _SYMBOL_DEFINERS or (facts is not None and "Symbol" in facts.traits)

    def is_closed_dialect(self, dialect: str) -> bool:
        return dialect in _CLOSED_DIALECTS

    def is_scalar_type(self, word: str) -> bool:
        return is_scalar_type_name(word)
