"""Cases that pin upstream's verdict on a snippet: our first error must be upstream's (line and
words), and where ``mlir-opt-22`` is installed a test asks it again, so that a case cannot pin
our own mistake."""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import pytest

from fuzz.upstream_differential import MLIR_OPT, our_first_error, upstream_first_errors


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    line: int | None
    """Upstream's first error line (1-based), None when upstream accepts the text."""
    message: str = ""


def assert_ours(case: Case) -> None:
    found = our_first_error(case.text)
    if case.line is None:
        assert found is None, found
        return
    assert found is not None, "no error"
    assert (found[0], found[1]) == (case.line, case.message), found


def assert_upstream_agrees(cases: list[Case]) -> None:
    tool = shutil.which(MLIR_OPT)
    if tool is None:
        pytest.skip(f"{MLIR_OPT} is not installed")
    verdicts = upstream_first_errors([case.text for case in cases], tool)
    wrong = [(case.id, verdict) for case, verdict in zip(cases, verdicts)
             if (verdict is None) != (case.line is None)
             or verdict is not None and (verdict[0], verdict[1]) != (case.line, case.message)]
    assert not wrong, wrong
