"""The package type-checks under mypy with no error: its annotations say what the code does,
which compiling it (mypyc, issue 17) depends on, and which a reader relies on. ``.ci/run`` runs
mypy too, before the tests; this test gives the same answer inside the test tiers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import ROOT

CLEAN = ["nvgpu_ls"]


def test_the_clean_packages_have_no_type_errors(tmp_path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]' brings it)")
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), *CLEAN],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
