"""An op binding a huge result group (``%r:65536 = ...``, as a fuzzer wrote it): each result's type
is found from its recorded place, so checking it is linear, not a 30-second quadratic search."""

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
