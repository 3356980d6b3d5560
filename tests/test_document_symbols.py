"""Document symbols (features/symbols.py): the outline, over analysed documents, no server."""

from __future__ import annotations

from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.symbols import document_symbols
from nvgpu_ls.verify import CheckOptions
from tests.navigation_support import BROKEN, KERNEL, SPLIT

K = lsp.SymbolKind


def outline(text: str, **options) -> list[lsp.DocumentSymbol]:
    return document_symbols(FeatureContext(Document(text, "file:///nav/test.mlir"), options=CheckOptions(**options)))


def tree(symbols: list[lsp.DocumentSymbol]) -> list:
    """(name, kind, detail) of each symbol, with its children's tree where it has any."""
    return [(s.name, s.kind, s.detail, *([tree(s.children)] if s.children else [])) for s in symbols]


def walk(symbols: list[lsp.DocumentSymbol]):
    for symbol in symbols:
        yield symbol
        yield from walk(symbol.children or [])


def find(symbols: list[lsp.DocumentSymbol], name: str) -> lsp.DocumentSymbol:
    return next(s for s in walk(symbols) if s.name == name)


def span(r: lsp.Range) -> tuple[int, int, int, int]:
    return r.start.line, r.start.character, r.end.line, r.end.character


def test_the_outline_nests_modules_functions_and_globals_as_the_ops_do():
    assert tree(outline(KERNEL)) == [
        ("#identity", K.Constant, "affine_map<(d0) -> (d0)>"),
        ("!buffer", K.Constant, "memref<128xf32>"),
        ("<builtin.module>", K.Module, None, [
            ("kernels", K.Module, "sm_90a", [
                ("copy", K.Function, "kernel (%src: !buffer, %dst: memref<128xf32, #identity>, %n: index)"),
                ("sum", K.Function, "kernel (%src: !buffer)"),
            ]),
            ("table", K.Variable, "memref<128xf32>"),
            ("pair", K.Function, "() -> (i32, i32)"),
            ("größe🚀", K.Function, "private (i32) -> i32"),
            ("main", K.Function, "()"),
        ]),
    ]


def test_ranges_cover_the_op_and_the_selection_is_the_symbol_name():
    symbols = outline(KERNEL)
    copy = find(symbols, "copy")
    assert span(copy.range) == (7, 4, 17, 5) and span(copy.selection_range) == (7, 13, 7, 18)
    module = find(symbols, "<builtin.module>")
    assert span(module.range) == (4, 0, 48, 1) and span(module.selection_range) == (4, 0, 4, 6)
    alias = find(symbols, "!buffer")
    assert span(alias.range) == (3, 0, 3, 25) and span(alias.selection_range) == (3, 0, 3, 7)


def test_every_selection_range_lies_inside_its_range_and_children_inside_their_parent():
    def inside(inner: lsp.Range, outer: lsp.Range) -> bool:
        key = lambda p: (p.line, p.character)  # noqa: E731
        return key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end)

    for text in (KERNEL, BROKEN, SPLIT):
        for symbol in walk(outline(text)):
            assert inside(symbol.selection_range, symbol.range), symbol.name
            assert all(inside(child.range, symbol.range) for child in symbol.children or [])


def test_a_named_module_and_a_generic_form_function_are_named_by_their_symbol():
    text = ('module @outer {\n  "func.func"() <{function_type = (i32) -> i32, sym_name = "gen"}> ({\n'
            '  ^bb0(%a: i32):\n    "func.return"(%a) : (i32) -> ()\n  }) : () -> ()\n}\n')
    assert tree(outline(text)) == [("outer", K.Module, None, [("gen", K.Function, "(i32) -> i32")])]
    assert span(find(outline(text), "gen").selection_range) == (1, 59, 1, 64)


def test_a_gpu_module_without_a_target_shows_the_fallback_it_is_checked_against():
    text = "gpu.module @k {\n}\n"
    assert tree(outline(text)) == [("k", K.Module, "no target")]
    assert tree(outline(text, target="sm_80", target_origin="settings")) == [("k", K.Module, "sm_80 (from settings)")]


def test_globals_show_their_type_and_constants_are_constants():
    text = ('memref.global "private" constant @lut : memref<4xi32> = dense<[1, 2, 3, 4]>\n'
            'memref.global @buf : memref<8xf16, 3>\n')
    assert tree(outline(text)) == [("lut", K.Constant, "memref<4xi32>"), ("buf", K.Variable, "memref<8xf16, 3>")]


def test_a_func_marked_as_a_gpu_kernel_says_so_and_llvm_funcs_show_their_signature():
    text = ("func.func @k(%a: f32) attributes {gpu.kernel} {\n  return\n}\n"
            "llvm.func @lf(%x: i32) -> i32 {\n  llvm.return %x : i32\n}\n")
    assert tree(outline(text)) == [("k", K.Function, "kernel (%a: f32)"), ("lf", K.Function, "(%x: i32) -> i32")]


def test_each_split_chunk_is_a_root_of_its_own():
    assert tree(outline(SPLIT)) == [
        ("<file-split-0>", K.Namespace, None, [("#layout", K.Constant, "affine_map<(d0) -> (d0)>"),
                                               ("f", K.Function, "(%a: i32) -> i32")]),
        ("<file-split-1>", K.Namespace, None, [("#layout", K.Constant, "affine_map<(d0) -> (d0 + 1)>"),
                                               ("f", K.Function, "(%a: i32) -> i32")]),
    ]
    first, second = outline(SPLIT)
    assert span(first.range)[::2] == (0, 7) and span(second.range)[::2] == (7, 16)


def test_a_broken_file_still_outlines_what_the_parser_recovered():
    assert tree(outline(BROKEN)) == [
        ("!smem", K.Constant, "memref<64xf16, 3>"),
        ("kernels", K.Module, "no target", [
            ("fill", K.Function, "kernel (%buf: !smem, %i: index)"),
            ("other", K.Function, "kernel ()"),
        ]),
        ("host", K.Function, "()"),
    ]
    host = find(outline(BROKEN), "host")
    assert span(host.range)[:2] == (19, 0) and host.range.end.line == 23  # unclosed: to the end of the text


def test_ranges_after_non_ascii_text_are_in_utf16_units():
    symbol = find(outline(KERNEL), "größe🚀")
    assert span(symbol.selection_range) == (37, 20, 37, 30) and span(symbol.range) == (37, 2, 37, 42)
    ctx = FeatureContext(Document(KERNEL, "file:///nav/test.mlir"), "utf-8")
    symbol = find(document_symbols(ctx), "größe🚀")
    assert span(symbol.selection_range) == (37, 20, 37, 34)


def test_empty_and_garbage_documents_outline_without_failing():
    for text in ("", "\n", "// only a comment — é\n", "}}} @x {{ %y", "func.func @f(\n"):
        assert isinstance(outline(text), list)
    assert tree(outline("func.func @f(\n")) == [("f", K.Function, "(")]
