"""Result groups: an op binding a huge one (``%r:65536 = ...``, as a fuzzer wrote it) is checked in
linear time, and every spelling of a result number names the value upstream's parser names."""

from __future__ import annotations

import threading

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import check_document

TEXT = ("func.func private @pair() -> (i32, i32)\nfunc.func @f() {\n"
        "  %r:65536 = func.call @pair() : () -> (i32, i32)\n  return\n}\n")


def test_checking_a_65536_result_group_does_not_hang() -> None:
    found: list = []
    worker = threading.Thread(target=lambda: found.append(check_document(Document(TEXT))), daemon=True)
    worker.start()
    worker.join(timeout=20)  # about 0.1 s now; a quadratic search took over 30 s
    assert found, "the check did not finish"
    assert any(d.start == TEXT.index("%r:65536") for d in found[0])


def test_every_spelling_of_a_result_number_names_the_value_upstream_names() -> None:
    # mlir-opt-22 prints `return %0#1, %0#0, %0#0` for this function: `#01` is result 1, and the
    # bare name is result 0.
    text = ('func.func @f() -> (i32, i32, i32) {\n  %x:2 = "test.two"() : () -> (i32, i32)\n'
            '  return %x#01, %x#0, %x : i32, i32, i32\n}\n')
    doc = Document(text)
    ret = [op for op in doc.ops() if op.name == "func.return"][0]
    assert [use.definition.name for use in ret.operands if use.definition] == ["%x#1", "%x#0", "%x#0"]
    assert not doc.undefined and not doc.duplicates
