"""Every line of the builtin engine's output knows the source line it came from."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nvgpu_ls.lowering.engine import Edit, apply_edits_with_origins

from .lowering_support import lower_result

KERNELS = sorted((Path(__file__).resolve().parent / "data" / "lowering").glob("*.mlir"))


def test_replaced_and_inserted_lines_map_to_the_line_of_their_edit():
    text, origins = apply_edits_with_origins("a\nbb\nccc\ndd\n", [Edit(2, 4, "x1\nx2\nx3"), Edit(9, 9, "ins\n")])
    assert text == "a\nx1\nx2\nx3\nccc\nins\ndd\n"
    assert origins == [0, 1, 1, 1, 2, 3, 3]


def test_an_edit_removing_lines_moves_the_following_origins_on():
    text, origins = apply_edits_with_origins("a\nb\nc\nd\n", [Edit(2, 5, "bc")])
    assert text == "a\nbc\nd\n"
    assert origins == [0, 1, 3]


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.name)
def test_kept_lines_are_their_source_lines_and_written_ops_point_at_theirs(path):
    source = path.read_text()
    result = lower_result(source, attach_targets=True)
    assert result.text is not None and result.line_origins is not None
    lines = result.text.splitlines()
    assert len(result.line_origins) == len(lines)
    source_lines = source.splitlines()
    module_level = ("memref.global", "llvm.func")  # placed at the top of the module, located at their op
    for line, origin in zip(lines, result.line_origins):
        written = re.search(r'loc\("test.mlir":(\d+):\d+\)\s*$', line)
        if any(word in line for word in module_level):
            continue
        if written:
            assert int(written.group(1)) - 1 == origin, line
        elif "#nvvm.target" not in line and "unrealized_conversion_cast" not in line:
            assert line == source_lines[origin] or line.strip() in source_lines[origin], line
