"""What hover says an op lowers to is what the lowering writes, for every nvgpu op.

Hover reads an instance's ops from the lowering itself (``lowering.engine.emitted_ops``); where
an instance cannot be lowered it shows the instance form's ops, and with no instance at all the
facts' ``lowers_to``. For every error-free nvgpu op in the project's kernels and test inputs and
in ``../shared``'s conformance and real-world files, these tests hold the three to one answer:
the instance form names exactly the working ops the pattern writes (plumbing aside), the facts
list every working op any instance writes and none that no instance writes, and the hover text
names them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.ir import Operation
from nvgpu_ls.diagnostics import Severity
from nvgpu_ls.dialects import NVGPU_OPS
from nvgpu_ls.dialects.instance_forms import instance_form, is_plumbing, working_ops
from nvgpu_ls.features.hover_ops import lowering_lines
from nvgpu_ls.lowering.engine import emitted_ops
from nvgpu_ls.lowering.patterns import PATTERNS
from nvgpu_ls.verify import check_document

TESTS = Path(__file__).resolve().parent
SHARED = TESTS.parent.parent / "shared"
CORPUS = [TESTS / "data", TESTS.parent / "editors", SHARED / "conformance", SHARED / "realworld"]

Instance = tuple[str, Document, Operation, tuple[str, ...]]


@lru_cache(maxsize=1)
def instances() -> tuple[Instance, ...]:
    """(file, document, op, what its pattern writes) for every error-free nvgpu op of the corpus."""
    found: list[Instance] = []
    for root in CORPUS:
        for path in sorted(root.rglob("*.mlir")) if root.is_dir() else ():
            text = path.read_text(errors="replace")
            if "nvgpu." not in text:
                continue
            doc = Document(text)
            errors = [d.start for d in check_document(doc) if d.severity == Severity.ERROR]
            for op in doc.ops():
                if op.dialect != "nvgpu" or any(op.start <= at < op.end for at in errors):
                    continue
                emitted = emitted_ops(doc, op)
                if emitted is not None:
                    found.append((str(path.relative_to(root.parent)), doc, op, emitted))
    return tuple(found)


def by_op() -> dict[str, list[Instance]]:
    grouped: dict[str, list[Instance]] = {}
    for instance in instances():
        grouped.setdefault(instance[2].name, []).append(instance)
    return grouped


LOWERED_OPS = sorted(name for name in PATTERNS if name.startswith("nvgpu."))


def test_every_nvgpu_pattern_lowers_some_instance_of_the_corpus() -> None:
    assert sorted(set(LOWERED_OPS) - set(by_op())) == []


@pytest.mark.parametrize("name", LOWERED_OPS)
def test_instance_forms_name_the_working_ops_the_lowering_writes(name: str) -> None:
    wrong = []
    for where, doc, op, emitted in by_op().get(name, []):
        form = instance_form(op, doc)
        if form is not None and form.specific and set(working_ops(form.ops)) != set(working_ops(emitted)):
            wrong.append(f"{where}: form {working_ops(form.ops)}, lowering {working_ops(emitted)}")
    assert not wrong, "\n".join(wrong[:5])


@pytest.mark.parametrize("name", LOWERED_OPS)
def test_facts_list_every_working_op_some_instance_writes_and_no_other(name: str) -> None:
    listed = {n for n in NVGPU_OPS[name].lowers_to if not is_plumbing(n)}
    written = {n for *_, emitted in by_op().get(name, []) for n in working_ops(emitted)}
    assert (sorted(written - listed), sorted(listed - written)) == ([], [])


@pytest.mark.parametrize("name", LOWERED_OPS)
def test_hover_names_what_the_lowering_writes(name: str) -> None:
    for where, doc, op, emitted in by_op().get(name, [])[:3]:
        text = "\n".join(lowering_lines(op, doc))
        for written in working_ops(emitted) or emitted:
            assert f"`{written}`" in text, f"{where}: hover lacks {written}:\n{text}"


def test_hover_of_an_op_with_errors_shows_its_instance_form_not_a_partial_lowering() -> None:
    doc = Document(
        "gpu.module @m {\n  gpu.func @k(%t: memref<64xf32, 3>) kernel {\n"
        "    %c = arith.constant 0 : index\n"
        "    %r = nvgpu.ldmatrix %t[%c] {numTiles = 4 : i32, transpose = false} : memref<64xf32, 3> -> vector<4x2xf16>\n"
        "    gpu.return\n  }\n}\n")
    op = next(op for op in doc.ops() if op.name == "nvgpu.ldmatrix")
    text = "\n".join(lowering_lines(op, doc, broken=True))
    assert "`nvvm.ldmatrix`" in text
