"""Inlay hints: unspelled result types and the byte sizes of async copies and TMA boxes."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.features.context import FeatureContext
from nvgpu_ls.features.inlay_hints import format_bytes, inlay_hints

from .conftest import conformance_files, needs_conformance

KERNEL = (Path(__file__).parent / "data" / "tokens" / "kernel.mlir").read_text()
EVERYTHING = lsp.Range(lsp.Position(0, 0), lsp.Position(10_000, 0))


def hints(text: str, range_: lsp.Range = EVERYTHING, encoding: str = "utf-16") -> list[lsp.InlayHint]:
    return inlay_hints(FeatureContext(Document(text), encoding=encoding), range_)  # type: ignore[arg-type]


def placed(text: str, **options) -> list[tuple[str, str]]:
    """Each hint as (the text of its line up to the hint, label)."""
    lines = text.split("\n")
    out = []
    for hint in hints(text, **options):
        line = lines[hint.position.line]
        prefix = line.encode("utf-16-le")[:hint.position.character * 2].decode("utf-16-le")
        out.append((prefix.strip(), str(hint.label)))
    return out


def labels_after(text: str, spelling: str) -> list[str]:
    return [label for prefix, label in placed(text) if prefix.endswith(spelling)]


def wrap(body: str, args: str = "") -> str:
    return f"func.func @f({args}) {{\n{body}\n  return\n}}\n"


# ---------------------------------------------------------------- result types
def test_async_copy_result_shows_its_token_type_after_the_name():
    (hint,) = [h for h in hints(KERNEL) if h.kind == lsp.InlayHintKind.Type and h.position.line == 17]
    assert hint.label == ": !nvgpu.device.async.token"
    assert hint.position == lsp.Position(17, 8)  # right after `%t`
    assert hint.padding_left is False and hint.padding_right is False
    assert "nvgpu.device_async_copy" in hint.tooltip.value and "asyncToken" in hint.tooltip.value


def test_results_whose_kind_names_one_type_get_it():
    assert labels_after(KERNEL, "%g") == [": !nvgpu.device.async.token"]   # device_async_create_group
    assert labels_after(KERNEL, "%tid") == [": index"]                     # gpu.thread_id
    text = wrap("  %done = nvgpu.mbarrier.test.wait %b[%i], %t : !g, !nvgpu.mbarrier.token",
                "%b: !g, %i: index, %t: !nvgpu.mbarrier.token")
    text = "!g = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>\n" + text
    assert labels_after(text, "%done") == [": i1"]


def test_comparisons_give_i1_shaped_like_their_operands():
    assert labels_after(KERNEL, "%p") == [": i1"]
    text = wrap("  %m = arith.cmpf olt, %v, %v : vector<4xf32>", "%v: vector<4xf32>")
    assert labels_after(text, "%m") == [": vector<4xi1>"]


def test_loads_give_the_element_type_of_an_aliased_memref():
    text = "!buf = memref<8x8xbf16>\n" + wrap("  %x = memref.load %m[%i, %i] : !buf", "%m: !buf, %i: index")
    assert labels_after(text, "%x") == [": bf16"]


def test_results_tied_to_operands_by_all_types_match_get_the_operand_type():
    text = wrap("  %lo, %hi = arith.mulsi_extended %a, %a : i32\n  %r:2 = arith.mului_extended %a, %a : i32",
                "%a: i32")
    assert labels_after(text, "%lo") == [": i32"]
    assert labels_after(text, "%hi") == [": i32"]
    assert labels_after(text, "%r:2") == [": (i32, i32)"]


def test_spelled_result_types_get_no_hint():
    text = wrap(
        "  %c = arith.constant 0 : index\n"
        "  %s = arith.addi %a, %a : i32\n"
        "  %l = nvgpu.ldmatrix %m[%c] {numTiles = 1 : i32, transpose = false} : memref<4xf16, 3> -> vector<1x2xf16>\n"
        '  %g = "nvgpu.device_async_create_group"(%t) : (!nvgpu.device.async.token) -> !nvgpu.device.async.token',
        "%a: i32, %m: memref<4xf16, 3>, %t: !nvgpu.device.async.token")
    assert [h for h in hints(text) if h.kind == lsp.InlayHintKind.Type] == []


def test_a_typeless_boolean_constant_is_i1():
    text = wrap("  %t = arith.constant true")
    assert labels_after(text, "%t") == [": i1"]


# ---------------------------------------------------------------- byte sizes
def test_async_copy_shows_the_bytes_it_copies_at_the_end_of_the_op():
    line = KERNEL.splitlines()[17]
    (hint,) = [h for h in hints(KERNEL) if h.position.line == 17 and h.kind is None]
    assert hint.label == "16 B"
    assert hint.position.character == len(line)
    assert hint.padding_left is True
    assert "dstElements (8)" in hint.tooltip.value and "f16" in hint.tooltip.value


def test_async_copy_bytes_follow_the_element_width_and_skip_a_trailing_location():
    text = wrap("  %t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<64xi8> to memref<64xi8, 3>"
                ' loc("x.mlir":1:1)',
                "%g: memref<64xi8>, %s: memref<64xi8, 3>, %i: index")
    assert ('%t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<64xi8> to memref<64xi8, 3>', "4 B") in placed(text)


def test_tma_load_shows_the_box_its_descriptor_alias_describes():
    assert labels_after(KERNEL, "-> memref<128x64xf16, 3>") == ["box 128x64xf16 = 16 KiB"]
    (hint,) = [h for h in hints(KERNEL) if h.position.line == 16]
    assert "mbarrier" in hint.tooltip.value and "16384 bytes" in hint.tooltip.value


def test_tma_store_and_create_descriptor_show_their_box():
    assert labels_after(KERNEL, "memref<*xf16> -> !desc") == ["box 128x64xf16 = 16 KiB"]
    text = ("!d = !nvgpu.tensormap.descriptor<tensor = memref<32x32xf32, 3>, swizzle = none, l2promo = none, "
            "oob = zero, interleave = none>\n"
            + wrap("  nvgpu.tma.async.store %s to %d[%i, %i] : memref<32x32xf32, 3> -> !d",
                   "%s: memref<32x32xf32, 3>, %d: !d, %i: index"))
    assert labels_after(text, "-> !d") == ["box 32x32xf32 = 4 KiB"]


def test_descriptor_types_spelled_out_show_their_box():
    assert labels_after(KERNEL, "interleave = none>") == ["box 128x64xf16 = 16 KiB"]  # the alias definition
    text = wrap("", "%d: !nvgpu.tensormap.descriptor<tensor = memref<64x32xbf16, 3>, swizzle = swizzle_64b, "
                    "l2promo = none, oob = zero, interleave = none>")
    assert [label for _, label in placed(text)] == ["box 64x32xbf16 = 4 KiB"]


def test_byte_sizes_read_as_a_person_would_write_them():
    assert [format_bytes(n) for n in (4, 1023, 1024, 1536, 16384, 3 << 20)] == [
        "4 B", "1023 B", "1 KiB", "1.5 KiB", "16 KiB", "3 MiB"]


# ---------------------------------------------------------------- ranges, broken files, encodings
def test_only_hints_inside_the_requested_range_are_returned():
    inside = hints(KERNEL, lsp.Range(lsp.Position(17, 0), lsp.Position(18, 100)))
    assert {h.position.line for h in inside} == {17, 18}
    assert hints(KERNEL, lsp.Range(lsp.Position(17, 9), lsp.Position(17, 20))) == []
    everything = hints(KERNEL)
    assert [h.position for h in everything] == sorted((h.position for h in everything),
                                                      key=lambda p: (p.line, p.character))


def test_a_broken_file_still_gets_hints_for_the_ops_the_parser_recovered():
    text = wrap("  %x = arith.addf %y, %y : f32 ) ] junk\n"
                "  %t = nvgpu.device_async_copy %g[%i], %s[%i], 4 : memref<64xf32> to memref<64xf32, 3>\n"
                "  %q = nvgpu.device_async_create_group",
                "%g: memref<64xf32>, %s: memref<64xf32, 3>, %i: index, %y: f32")
    assert Document(text).syntax_diagnostics
    assert labels_after(text, "%t") == [": !nvgpu.device.async.token"]
    assert "16 B" in [label for _, label in placed(text)]


def test_positions_count_utf16_units_and_utf8_bytes_after_non_ascii_text():
    text = wrap('  %t = nvgpu.device_async_copy %g[%i], %s[%i], 2 {note = "😀"} : memref<8xf32> to memref<8xf32, 3>',
                "%g: memref<8xf32>, %s: memref<8xf32, 3>, %i: index")
    line = text.splitlines()[1]
    (size,) = [h for h in hints(text) if h.kind is None]
    assert size.label == "8 B"
    assert size.position.character == len(line) + 1  # the emoji is two UTF-16 units
    (size8,) = [h for h in hints(text, encoding="utf-8") if h.kind is None]
    assert size8.position.character == len(line.encode())


@needs_conformance
def test_upstream_test_files_get_token_hints_for_every_unspelled_async_copy_result():
    seen = 0
    for path in conformance_files():
        text = path.read_text()
        found = hints(text)
        copies = [line for line in text.splitlines()
                  if "= nvgpu.device_async_copy" in line and not line.lstrip().startswith("//")]
        tokens = [h for h in found if h.label == ": !nvgpu.device.async.token"
                  and "device_async_copy" in text.splitlines()[h.position.line]]
        assert len(tokens) == len(copies), path
        seen += len(copies)
    assert seen > 0
