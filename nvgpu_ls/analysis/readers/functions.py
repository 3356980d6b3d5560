"""Function-like ops: ``func.func``, ``gpu.func``, ``llvm.func`` (upstream's ``parseFunctionOp``,
``GPUFuncOp::parse``, ``LLVMFuncOp::parse``).

The signature is ``@name(%a: T {attrs} loc(...), ...) -> (R {attrs}, ...)``: either every argument
is named or none is (a declaration may list bare types); the named arguments become the entry
block's arguments.
"""

from __future__ import annotations

from .. import tokens as tk
from ..errors import SyntaxFailure
from ..ir import TypeRef, ValueDef
from ..values import ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, UnitAttr
from .reader import Reader, function_type, reads

_VISIBILITIES = ("private", "public", "nested")


def signature(r: Reader, allow_variadic: bool) -> tuple[list[ValueDef], list[TypeRef], list[TypeRef], bool]:
    """``(arguments) -> results``: the named arguments, every argument's type, the result types,
    and whether the list ends in ``...``."""
    arguments: list[ValueDef] = []
    input_types: list[TypeRef] = []
    named: list[bool] = []
    argument_attributes: list[DictionaryAttr] = []
    variadic = False
    start = r.token.start
    r.punctuation("(")
    if not r.optional_punctuation(")"):
        while True:
            if variadic:
                raise SyntaxFailure(f"custom op '{r.op.name}' variadic arguments must be in the end of the argument list",
                                    r.token.start, r.token.end, "syntax.custom-form")
            if allow_variadic and r.at("..."):
                r.p.advance()
                variadic = True
            elif r.at(tk.SSA):
                token = r.token
                if named and not named[-1]:
                    raise r.error_at(token, "expected type instead of SSA identifier")
                value = r.argument(r.op, require_type=True)
                if any(existing.name == value.name for existing in arguments):
                    raise SyntaxFailure(f"region entry argument '{value.name}' is already in use", token.start,
                                        token.end, "syntax.custom-form")
                argument_attributes.append(DictionaryAttr(r.discarded_attr_dict()))
                r.location()
                arguments.append(value)
                assert value.type is not None
                input_types.append(value.type)
                named.append(True)
            else:
                if named and named[-1]:
                    raise r.error_at(r.token, "expected SSA identifier")
                input_types.append(r.type_ref())
                argument_attributes.append(DictionaryAttr(r.discarded_attr_dict()))
                r.location()
                named.append(False)
            if not r.optional_punctuation(","):
                break
        r.punctuation(")")
    if any(attributes.entries for attributes in argument_attributes):  # upstream's ``arg_attrs``
        r.set_attribute("arg_attrs", ArrayAttr(tuple(argument_attributes)), start, start)  # no place of its own
    results: list[TypeRef] = []
    if r.optional_punctuation("->"):
        results = r.result_types(allow_attributes=True)
    return arguments, input_types, results, variadic


def _function_type(r: Reader, inputs: list[TypeRef], results: list[TypeRef], start: int) -> None:
    """The signature as the op's ``function_type``; spelled by the signature, not at one place of its own
    (the arguments and types inside are what the cursor finds there)."""
    r.set_attribute("function_type", TypeAttr(function_type(inputs, results)), start, start)


def _no_inferred_attributes(r: Reader, start: int, names: tuple[str, ...]) -> None:
    for name in names:
        entry = r.op.attributes.get(name)
        if entry is not None and not entry.inherent:
            raise SyntaxFailure(f"custom op '{r.op.name}' '{name}' is an inferred attribute and should not be "
                                "specified in the explicit attribute dictionary", start, start + 1,
                                "syntax.custom-form")


@reads("func.func", "transform.named_sequence")
def read_func(r: Reader) -> None:
    """``func.func`` and ``transform.named_sequence``, both upstream's ``parseFunctionOp`` (an empty
    named sequence is its verifier's error, not its parser's)."""
    visibility = r.token
    if r.optional_keyword(*_VISIBILITIES):
        r.keyword_attribute("sym_visibility", StringAttr(visibility.text), visibility)
    r.symbol_name()
    start = r.token.start
    arguments, inputs, results, _ = signature(r, allow_variadic=False)
    _function_type(r, inputs, results, start)
    dictionary = r.token.start
    r.attr_dict_with_keyword()
    _no_inferred_attributes(r, dictionary, ("sym_visibility", "sym_name", "function_type"))
    _function_body(r, arguments, allow_empty=r.op.name == "transform.named_sequence")


def _function_body(r: Reader, arguments: list[ValueDef], allow_empty: bool = False) -> None:
    if not r.at("{"):
        return
    opening = r.token
    region = r.region(arguments)
    if not allow_empty and not any(block.ops or block.label for block in region.blocks):
        raise r.error_at(opening, "expected non-empty function body")


@reads("gpu.func")
def read_gpu_func(r: Reader) -> None:
    r.symbol_name()
    start = r.token.start
    arguments, inputs, results, _ = signature(r, allow_variadic=False)
    if inputs and not arguments:
        raise SyntaxFailure("custom op 'gpu.func' gpu.func requires named arguments", start, start + 1,
                            "syntax.custom-form")
    _function_type(r, inputs, results, start)
    for keyword in ("workgroup", "private"):
        if r.optional_keyword(keyword):
            arguments += _attributions(r)
    kernel = r.token
    if r.optional_keyword("kernel"):
        r.keyword_attribute("gpu.kernel", UnitAttr(), kernel)
    r.attr_dict_with_keyword()
    r.region(arguments)


def _attributions(r: Reader) -> list[ValueDef]:
    """``(%a: T, ...)`` after ``workgroup`` / ``private``: more entry block arguments."""
    found: list[ValueDef] = []
    r.punctuation("(")
    if r.optional_punctuation(")"):
        return found
    while True:
        found.append(r.argument(r.op, require_type=True))
        r.discarded_attr_dict()
        r.location()
        if not r.optional_punctuation(","):
            break
    r.punctuation(")")
    return found


_LLVM_FUNC_KEYWORDS = (
    ("linkage", "::mlir::LLVM::linkage::Linkage"),
    ("visibility_", "::mlir::LLVM::Visibility"),
    ("unnamed_addr", "::mlir::LLVM::UnnamedAddr"),
    ("CConv", "::mlir::LLVM::cconv::CConv"),
)


@reads("llvm.func")
def read_llvm_func(r: Reader) -> None:
    for attribute, enum in _LLVM_FUNC_KEYWORDS:
        token = r.token
        cases = [case for case in r.p.registry.enum_cases(enum) if case]
        if r.optional_keyword(*cases):
            r.keyword_attribute(attribute, StringAttr(token.text), token)
    r.symbol_name()
    start = r.token.start
    arguments, inputs, results, _ = signature(r, allow_variadic=True)
    _function_type(r, inputs, results, start)
    if r.optional_keyword("vscale_range"):
        r.punctuation("(")
        r.integer()
        r.punctuation(",")
        r.integer()
        r.punctuation(")")
    if r.optional_keyword("comdat"):
        r.punctuation("(")
        r.symbol_reference("comdat")
        r.punctuation(")")
    r.attr_dict_with_keyword()
    r.optional_region(arguments)
