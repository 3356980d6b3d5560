"""Semantic tokens: the legend, what each kind of word becomes, the encoding, broken files."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.semantic_tokens import LEGEND, decode, semantic_tokens, semantic_tokens_range

from .conftest import conformance_files, needs_conformance

DATA = Path(__file__).parent / "data" / "tokens"
KERNEL = (DATA / "kernel.mlir").read_text()
sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))

Token = tuple[str, str, frozenset[str]]


def decoded(text: str, encoding: str = "utf-16", range_: lsp.Range | None = None
            ) -> list[tuple[int, int, int, str, frozenset[str]]]:
    ctx = FeatureContext(Document(text), encoding=encoding)  # type: ignore[arg-type]
    result = semantic_tokens(ctx) if range_ is None else semantic_tokens_range(ctx, range_)
    return decode(result.data)


def spelled(text: str, encoding: str = "utf-16") -> list[Token]:
    """Each token as (the text it covers, type, modifiers), columns converted back from ``encoding``."""
    doc = Document(text)
    out = []
    for line, col, length, ttype, mods in decoded(text, encoding):
        start = doc.lines.offset(line, col, encoding)  # type: ignore[arg-type]
        end = doc.lines.offset(line, col + length, encoding)  # type: ignore[arg-type]
        out.append((text[start:end], ttype, mods))
    return out


def kinds_of(text: str, word: str) -> list[tuple[str, frozenset[str]]]:
    """(type, modifiers) of every token spelled ``word``."""
    return [(t, m) for s, t, m in spelled(text) if s == word]


def mods(*names: str) -> frozenset[str]:
    return frozenset(names)


NONE = frozenset()


# ---------------------------------------------------------------- legend
def test_legend_uses_standard_token_types_and_one_custom_modifier():
    standard_types = {t.value for t in lsp.SemanticTokenTypes}
    standard_mods = {m.value for m in lsp.SemanticTokenModifiers}
    assert set(LEGEND.token_types) <= standard_types
    assert [m for m in LEGEND.token_modifiers if m not in standard_mods] == ["nvgpu"]


# ---------------------------------------------------------------- classification
def test_op_names_are_functions_known_ones_default_library_nvgpu_ones_marked():
    assert kinds_of(KERNEL, "nvgpu.device_async_copy") == [("function", mods("defaultLibrary", "nvgpu"))]
    assert kinds_of(KERNEL, "arith.cmpi") == [("function", mods("defaultLibrary"))]
    assert kinds_of(KERNEL, "return") == [("function", mods("defaultLibrary"))] * 2
    assert kinds_of(KERNEL, '"test.generic"') == [("function", NONE)]


def test_results_are_declared_variables_and_their_uses_plain_variables():
    assert kinds_of(KERNEL, "%tid") == [("variable", mods("declaration"))] + [("variable", NONE)] * 3


def test_block_arguments_and_their_uses_are_parameters():
    assert kinds_of(KERNEL, "%gmem") == [("parameter", mods("declaration"))] + [("parameter", NONE)] * 2
    assert kinds_of(KERNEL, "%i") == [("parameter", mods("declaration"))]
    loop = ("func.func @f(%n: index) {\n  scf.for %k = %n to %n step %n {\n"
            "    %j = arith.addi %k, %k : index\n  }\n  return\n}\n")
    assert kinds_of(loop, "%k") == [("parameter", mods("declaration"))] + [("parameter", NONE)] * 2


def test_block_labels_are_namespaces_declared_where_the_block_starts():
    assert kinds_of(KERNEL, "^bb1") == [("namespace", NONE), ("namespace", mods("declaration"))]


def test_symbols_are_coloured_by_what_they_name():
    assert kinds_of(KERNEL, "@host") == [("function", mods("declaration", "definition"))]
    assert kinds_of(KERNEL, "@kernels") == [("namespace", mods("declaration", "definition")), ("namespace", NONE)]
    assert kinds_of(KERNEL, "@tma") == [("function", mods("declaration", "definition")), ("function", NONE)]
    globals_ = ('memref.global "private" @buffer : memref<4xf32> = uninitialized\n'
                "func.func @f() {\n  %b = memref.get_global @buffer : memref<4xf32>\n  return\n}\n")
    assert kinds_of(globals_, "@buffer") == [("variable", mods("declaration", "definition")), ("variable", NONE)]


def test_builtin_types_and_the_extents_inside_them():
    text = "func.func @f(%a: memref<128x64xf16, 3>, %b: memref<?x4xindex>) {\n  return\n}\n"
    tokens = spelled(text)
    first = tokens.index(("memref", "type", mods("defaultLibrary")))
    assert tokens[first:first + 5] == [
        ("memref", "type", mods("defaultLibrary")), ("128", "number", NONE), ("64", "number", NONE),
        ("f16", "type", mods("defaultLibrary")), ("3", "number", NONE)]
    assert ("4", "number", NONE) in tokens and ("index", "type", mods("defaultLibrary")) in tokens


def test_dialect_types_are_types_nvgpu_ones_with_the_nvgpu_modifier():
    assert kinds_of(KERNEL, "!nvgpu.tensormap.descriptor") == [("type", mods("defaultLibrary", "nvgpu"))]
    text = "func.func @f(%p: !llvm.ptr<3>, %q: !mystery.thing) {\n  return\n}\n"
    assert kinds_of(text, "!llvm.ptr") == [("type", mods("defaultLibrary"))]
    assert kinds_of(text, "!mystery.thing") == [("type", NONE)]


def test_type_parameters_are_properties_and_their_cases_enum_members():
    line = spelled(KERNEL.splitlines()[1] + "\n")
    assert [(s, t) for s, t, _ in line if t in ("property", "enumMember")] == [
        ("tensor", "property"), ("swizzle", "property"), ("swizzle_128b", "enumMember"),
        ("l2promo", "property"), ("none", "enumMember"), ("oob", "property"), ("zero", "enumMember"),
        ("interleave", "property"), ("none", "enumMember")]
    assert kinds_of(KERNEL, "workgroup") == [("enumMember", NONE)]
    assert kinds_of(KERNEL, "#gpu.address_space") == [("decorator", mods("defaultLibrary"))]


def test_aliases_are_macros_declared_on_their_definition_line():
    assert kinds_of(KERNEL, "!desc") == [("macro", mods("declaration", "definition"))] + [("macro", NONE)] * 5
    assert kinds_of(KERNEL, "#map") == [("macro", mods("declaration", "definition"))]


def test_an_alias_of_another_split_chunk_is_not_a_macro():
    text = "!t = i32\nfunc.func private @f(!t)\n// -----\nfunc.func private @g(!t)\n"
    assert kinds_of(text, "!t") == [("macro", mods("declaration", "definition")), ("macro", NONE), ("type", NONE)]


def test_attribute_names_are_properties_enum_cases_enum_members_syntax_words_keywords():
    assert kinds_of(KERNEL, "gpu.container_module") == [("property", NONE)]
    assert kinds_of(KERNEL, "note") == [("property", NONE)]
    assert kinds_of(KERNEL, "x") == [("enumMember", NONE)]          # gpu.thread_id x
    assert kinds_of(KERNEL, "ult") == [("enumMember", NONE)]        # arith.cmpi ult
    assert kinds_of(KERNEL, "to") == [("keyword", NONE)] * 2
    assert kinds_of(KERNEL, "box") == [("keyword", NONE)]
    assert kinds_of(KERNEL, "kernel") == [("keyword", NONE)]
    text = ("func.func @f() {\n  %a = nvgpu.ldmatrix %m[%i] {numTiles = 4 : i32, transpose = false}"
            " : memref<4xf16, 3> -> vector<4x2xf16>\n  return\n}\n")
    assert kinds_of(text, "numTiles") == [("property", NONE)]
    assert kinds_of(text, "false") == [("keyword", NONE)]


def test_affine_map_dimensions_are_parameters_and_operators_keywords():
    assert [(s, t) for s, t, _ in spelled(KERNEL.splitlines()[3] + "\n")] == [
        ("#map", "macro"), ("affine_map", "keyword"), ("d0", "parameter"), ("d1", "parameter"),
        ("d0", "parameter"), ("floordiv", "keyword"), ("4", "number"), ("d1", "parameter")]


def test_strings_numbers_and_comments():
    text = '// memref<4xf32> %x = "not code"\n%c = arith.constant 2.5 : f32 loc("file.mlir":3:4)\n'
    tokens = spelled(text)
    assert not [t for t in tokens if t[0] in ("memref", "%x", '"not code"')]
    assert ("2.5", "number", NONE) in tokens
    assert ('"file.mlir"', "string", NONE) in tokens
    assert ("loc", "keyword", NONE) in tokens


# ---------------------------------------------------------------- encoding
def _assert_well_formed(text: str, tokens, encoding: str = "utf-16") -> None:
    lines = text.split("\n")
    previous = (-1, -1)
    for line, col, length, _t, _m in tokens:
        assert length > 0
        width = len(lines[line].encode("utf-16-le")) // 2 if encoding == "utf-16" else len(lines[line].encode())
        assert col + length <= width, "a token runs past the end of its line"
        assert (line, col) > previous
        previous = (line, col + length - 1)


def test_tokens_are_ordered_single_line_and_do_not_overlap():
    _assert_well_formed(KERNEL, decoded(KERNEL))


EMOJI = 'func.func @f() {\n  %x = "test.op"() {note = "😀 é"} : () -> i32\n  return\n}\n'


def test_columns_and_lengths_count_utf16_units_after_an_emoji():
    tokens = decoded(EMOJI)
    line = [t for t in tokens if t[0] == 1]
    string = next(t for t in line if t[3] == "string")
    assert string[1:3] == (27, 6)  # quote, emoji (two UTF-16 units), space, é, quote
    assert line[-1][1:4] == (43, 3, "type")  # i32: code point 42, one UTF-16 unit more
    _assert_well_formed(EMOJI, tokens)
    assert ('"😀 é"', "string", NONE) in spelled(EMOJI)


def test_utf8_encoding_counts_bytes():
    tokens = decoded(EMOJI, "utf-8")
    line = [t for t in tokens if t[0] == 1]
    string = next(t for t in line if t[3] == "string")
    assert string[1:3] == (27, 9)  # four bytes of emoji, two of é
    assert line[-1][1:4] == (46, 3, "type")  # three bytes more than code points
    _assert_well_formed(EMOJI, tokens, "utf-8")
    assert spelled(EMOJI, "utf-8") == spelled(EMOJI)


def test_an_unterminated_string_stays_on_its_line():
    text = 'func.func @f() {\n  %x = "test.op"() {note = "open \\\n} : () -> i32\n  return\n}\n'
    _assert_well_formed(text, decoded(text))


# ---------------------------------------------------------------- broken files
BROKEN = """\
func.func @f(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = nvgpu.device_async_cpy %a[%c0], %a[%c0], 4 : memref<4xf32> to memref<4xf32, 3>
  %y = memref.load %a[%c0] : memref<4xf32>
  %z = arith.addf %y, %y : f32 ) ] junk 12
  %w = arith.mulf %y, %y : f32
  return
}
"""


def test_a_broken_file_keeps_tokens_around_and_after_the_error():
    doc = Document(BROKEN)
    assert doc.syntax_diagnostics
    tokens = spelled(BROKEN)
    assert ("nvgpu.device_async_cpy", "function", mods("nvgpu")) in tokens  # unknown, still an op name
    assert ("memref.load", "function", mods("defaultLibrary")) in tokens
    assert ("%w", "variable", mods("declaration")) in tokens
    assert [t for t in tokens if t[0] == "%a"] == [("%a", "parameter", mods("declaration"))] + \
        [("%a", "parameter", NONE)] * 3
    assert ("12", "number", NONE) in tokens
    _assert_well_formed(BROKEN, decoded(BROKEN))


def test_text_the_parser_could_not_read_gets_lexical_tokens():
    text = "func.func @f() {\n  %q = nvgpu.ldmatrix ??? %m[ : vector<4xf16> !!\n  %r = arith.addi %q, %q : i32\n}\n"
    tokens = spelled(text)
    assert ("nvgpu.ldmatrix", "function", mods("defaultLibrary", "nvgpu")) in tokens
    assert ("vector", "type", mods("defaultLibrary")) in tokens
    assert ("%r", "variable", mods("declaration")) in tokens


def test_an_empty_document_has_no_tokens():
    assert decoded("") == []


# ---------------------------------------------------------------- range requests
def test_a_range_request_answers_the_lines_it_touches_exactly_like_the_full_request():
    full = decoded(KERNEL)
    partial = decoded(KERNEL, range_=lsp.Range(lsp.Position(12, 10), lsp.Position(16, 3)))
    assert partial == [t for t in full if 12 <= t[0] <= 16]
    assert partial and partial[0][0] == 12


def test_a_range_ending_at_a_line_start_leaves_that_line_out():
    partial = decoded(KERNEL, range_=lsp.Range(lsp.Position(12, 0), lsp.Position(14, 0)))
    assert {t[0] for t in partial} == {12, 13}


def test_a_range_of_one_line_keeps_absolute_line_positions():
    partial = decoded(KERNEL, range_=lsp.Range(lsp.Position(28, 0), lsp.Position(28, 5)))
    assert {t[0] for t in partial} == {28}
    assert partial[0][1:4] == (4, 15, "function")  # gpu.launch_func


# ---------------------------------------------------------------- speed
def test_twenty_thousand_lines_cost_less_than_tokenizing_them_once():
    """On an idle machine the whole file takes about 0.35 s (the analysis's own tokenizer
    about 0.55 s); compared with that tokenizer so that a loaded test machine cannot fail it."""
    from generate import generate

    from nvgpu_ls.analysis import tokens as tk

    text = generate(20000)
    ctx = FeatureContext(Document(text))
    data = semantic_tokens(ctx).data
    ours = min(_timed(lambda: semantic_tokens(ctx)) for _ in range(2))
    tokenizer = min(_timed(lambda: tk.tokenize(text)) for _ in range(2))
    assert ours < 1.5 * tokenizer, f"semantic tokens took {ours:.2f}s, tokenizing {tokenizer:.2f}s"
    assert len(data) // 5 > 100_000


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_generated_kernels_are_well_formed(encoding: str):
    from generate import generate

    text = generate(300)
    _assert_well_formed(text, decoded(text, encoding), encoding)


@needs_conformance
def test_every_upstream_nvgpu_test_file_gets_well_formed_tokens():
    for path in conformance_files():
        text = path.read_text()
        tokens = decoded(text)
        assert tokens, path
        _assert_well_formed(text, tokens)
