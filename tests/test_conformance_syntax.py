"""Against upstream's own nvgpu tests: valid files parse clean, and syntax errors appear only
where upstream's parser (``mlir-opt-22``, verifier disabled) also rejects the section."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from nvgpu_ls.analysis.document import Document

from .conftest import CONFORMANCE, conformance_files, needs_conformance

VALID = [p for p in conformance_files() if "invalid" not in p.name]
INVALID = [p for p in conformance_files() if "invalid" in p.name]
VARIANTS = sorted((CONFORMANCE / "variants").rglob("*.mlir")) if (CONFORMANCE / "variants").is_dir() else []
"""The same tests at other upstream commits, in the other syntax era."""
MLIR_OPT = shutil.which("mlir-opt-22")


REMOVED_OPS = {"nvvm.mlir": "custom op 'nvvm.mbarrier."}
"""Files that still use ops upstream has removed since (LLVM 22 dropped the ``.shared`` mbarrier
ops; mlir-opt-22 and the newer bindings both reject them): those ops, and only they, are errors."""


@needs_conformance
@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_upstream_file_has_no_syntax_diagnostic(path):
    doc = Document(path.read_text(), uri=str(path))
    removed = REMOVED_OPS.get(path.name)
    found = [f"{doc.lines.position(d.start)[0] + 1}: {d.message}" for d in doc.diagnostics()
             if removed is None or not d.message.startswith(removed)]
    assert found == []


@needs_conformance
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")
def test_removed_ops_are_reported_where_upstream_reports_the_first_of_them():
    for path in VALID:
        removed = REMOVED_OPS.get(path.name)
        if removed is None:
            continue
        doc = Document(path.read_text(), uri=str(path))
        ours = [doc.lines.position(d.start)[0] + 1 for d in doc.diagnostics() if d.message.startswith(removed)]
        result = subprocess.run([MLIR_OPT, str(path), "-o", "/dev/null"], capture_output=True, text=True, timeout=120)
        first = re.search(r":(\d+):\d+: error: (.*)", result.stderr)
        assert first is not None and first.group(2).startswith(removed), result.stderr[:300]
        assert ours and ours[0] == int(first.group(1))


def sections(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each `// -----` section."""
    out = []
    line = 1
    for part in re.split(r"(?m)^// -----.*\n", text):
        out.append((line, part))
        line += part.count("\n") + 1
    return out


def upstream_rejects_syntax(section: str) -> bool:
    result = subprocess.run([MLIR_OPT, "--mlir-very-unsafe-disable-verifier-on-parsing", "-"], input=section,
                            capture_output=True, text=True, timeout=60)
    return result.returncode != 0


@needs_conformance
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")
@pytest.mark.parametrize("path", INVALID + VARIANTS, ids=lambda p: str(p.relative_to(CONFORMANCE)))
def test_syntax_errors_only_where_upstream_parser_rejects(path):
    for first_line, section in sections(path.read_text()):
        doc = Document(section)
        if doc.diagnostics():
            assert upstream_rejects_syntax(section), (
                f"{path.name}: section at line {first_line}: we report "
                f"{[d.message for d in doc.diagnostics()]} but upstream parses it")


@needs_conformance
def test_invalid_target_optimisation_level_is_a_syntax_error_like_upstream():
    (path,) = [p for p in INVALID if p.name == "nvvm-target-invalid.mlir"]
    doc = Document(path.read_text())
    messages = [d.message for d in doc.diagnostics()]
    assert "The optimization level must be a number between 0 and 3." in messages
