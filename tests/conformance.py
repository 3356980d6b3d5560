"""Reading upstream's ``expected-error`` annotations (``-verify-diagnostics`` syntax)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_ANNOTATION = re.compile(r"//\s*expected-(error|warning|remark|note)\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*)\}\}")


@dataclass(frozen=True)
class Expected:
    """One expected diagnostic: the file, the 1-based line it must be on, its kind and text."""

    path: Path
    line: int
    kind: str
    text: str
    annotation_line: int


def expected_diagnostics(path: Path, kinds: tuple[str, ...] = ("error",)) -> list[Expected]:
    """Every annotation of the given kinds in ``path``, resolved to the line it refers to."""
    lines = path.read_text().splitlines()
    found = []
    for number, line in enumerate(lines, start=1):
        match = _ANNOTATION.search(line)
        if match is None or match.group(1) not in kinds:
            continue
        where = match.group(2)
        if where is None:
            target = number
        elif where == "below":
            target = next((n for n in range(number + 1, len(lines) + 1)
                           if not lines[n - 1].lstrip().startswith("//")), number + 1)
        elif where == "above":
            target = next((n for n in range(number - 1, 0, -1)
                           if not lines[n - 1].lstrip().startswith("//")), number - 1)
        else:
            target = number + int(where)
        found.append(Expected(path, target, match.group(1), match.group(3), number))
    return found
