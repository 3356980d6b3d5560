"""Bugs the fuzzers (``fuzz/``) found, one test each, named after what the bug was."""

from __future__ import annotations

import time

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions, check_document

_COPY = ("func.func @f(%gmem: memref<128x128xf16>, %smem: memref<64x64xf16, 3>, %c0: index) {\n"
         "  %t0 = nvgpu.device_async_copy %gmem[%c0, %c0], %smem[%c0, %c0], {n}"
         " : memref<128x128xf16> to memref<64x64xf16, 3>\n  return\n}\n")


def _codes(text: str, target: str | None = "sm_80") -> list[tuple[str, str]]:
    doc = Document(text)
    found = check_document(doc, CheckOptions(target=target))
    lower_document(doc, "x.mlir", LoweringOptions(check=CheckOptions(target=target)))
    return [(d.code, d.message) for d in found]


def test_leading_zero_integer_in_a_custom_format_crashed_the_parser():
    """`int(text, 0)` refused '08' (Python reads a leading 0 as an octal prefix); MLIR reads decimal."""
    codes = _codes(_COPY.replace("{n}", "08"))
    assert not [c for c in codes if c[0].startswith("syntax")]
    assert _codes(_COPY.replace("{n}", "0569999999999999999999999"))  # a diagnostic, no ValueError


def test_integer_over_4300_digits_in_a_custom_format_crashed_the_parser():
    """Python's int() refuses strings of over 4300 digits (ValueError escaped the parser)."""
    for n in ("9" * 5000, "-" + "9" * 5000, "9" * 100_000):
        codes = _codes(_COPY.replace("{n}", n))
        assert ("syntax.custom-form", "integer value for 'dstElements' is too large") in codes


def test_huge_result_count_hung_the_parser():
    """`%r:18446744073709551616 = ...` made one value object per result: a hang and unbounded memory."""
    started = time.monotonic()
    for count in ("18446744073709551616", "65537", "9" * 5000):
        doc = Document(f"func.func @f() {{\n  %r:{count} = func.call @pair() : () -> (i32, i32)\n  return\n}}\n")
        assert any("result count" in d.message and "too large" in d.message for d in doc.diagnostics())
    assert time.monotonic() - started < 60


def test_result_count_with_leading_zero_is_decimal():
    doc = Document('%r:02 = "test.o"() : () -> (i32, i32)\n"test.u"(%r#1) : (i32) -> ()\n')
    assert not [d for d in doc.diagnostics() if d.code.startswith("syntax")]


def test_huge_operand_segment_size_crashed_the_verifier():
    """`operandSegmentSizes = array<i32: 1, 18446744073709551616, ...>` built a list of that many
    operand names (OverflowError / MemoryError); the segments now name at most the operands there are."""
    for sizes in ("1, 18446744073709551616, 1, 5, 1, 0, 0", "4294967296, 1, 1, 5, 1, 0, 0"):
        text = ("func.func @f(%b: memref<8x8xf16, 3>, %bars: index, %d: index, %c0: index) {\n"
                f'  "nvgpu.tma.async.load"(%b, %bars, %d, %c0, %c0) <{{operandSegmentSizes = array<i32: {sizes}>}}>'
                " : (memref<8x8xf16, 3>, index, index, index, index) -> ()\n  return\n}\n")
        codes = _codes(text, "sm_90a")
        assert any(code == "op.operand-count" for code, _ in codes), codes
    _codes(text.replace("4294967296, 1,", "1, -3,"), "sm_90a")  # a negative size: no exception either


def test_python_int_digit_limit_message_leaked_into_diagnostics():
    """An over-4300-digit integer in a type or attribute was reported with Python's own
    'Exceeds the limit (4300 digits) for integer string conversion' message."""
    for text in ('%x = "test.o"() {a = ' + "9" * 5000 + " : i32} : () -> ()\n",
                 '%x = "test.o"() : () -> (memref<' + "9" * 5000 + "xf32>)\n",
                 '%x = "test.o"() {a = array<i32: ' + "9" * 5000 + ">} : () -> ()\n"):
        messages = [m for _, m in _codes(text)]
        assert "integer literal is too large" in messages, messages
        assert not any("4300" in m for m in messages)
