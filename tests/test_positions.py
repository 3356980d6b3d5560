"""Offsets convert to LSP's UTF-16 columns (and back) exactly, also past non-ASCII text."""

from __future__ import annotations

from nvgpu_ls.analysis.positions import LineIndex


def test_ascii_positions_round_trip():
    index = LineIndex("ab\ncd\n")
    assert index.position(4) == (1, 1)
    assert index.offset(1, 1) == 4


def test_astral_characters_count_two_utf16_units():
    text = '// 🚀 note\n%x = "t"() {s = "é🚀"} : () -> ()\n'
    index = LineIndex(text)
    rocket_line_offset = text.index("note")
    assert index.position(rocket_line_offset, "utf-16") == (0, 6)
    assert index.position(rocket_line_offset, "utf-32") == (0, 5)
    assert index.position(rocket_line_offset, "utf-8") == (0, 8)
    brace = text.index("}")
    line, col = index.position(brace, "utf-16")
    assert index.offset(line, col, "utf-16") == brace


def test_out_of_range_positions_are_clamped():
    index = LineIndex("abc\ndef")
    assert index.offset(9, 0) == 7
    assert index.offset(0, 99) == 3
    assert index.position(99) == (1, 3)
