"""The analysis core compiled by mypyc (``nvgpu_ls/_compiled.py``) reads every file exactly as its
Python source does: the same ops, spans, links and diagnostics, syntax and checks, on every test
input and every upstream file here, and on the parser fuzzer's mutants. Where the compiled
modules are stale (a source edited since the build) or cannot be loaded, the sources are
imported instead."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nvgpu_ls import _compiled

from .conftest import ROOT, every_mlir_file

pytestmark = [pytest.mark.slow, pytest.mark.native]

needs_compiled = pytest.mark.skipif(not _compiled.compiled_present(),
                                    reason="the analysis core was not compiled (no mypyc at build time)")

_DESCRIBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from nvgpu_ls import _compiled
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.verify import CheckOptions, check_document
from tests.test_incremental import summary
import random
from fuzz.mutate import mutate
out = {"compiled": _compiled.in_use(), "files": {}}
corpus = []
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8", errors="replace").read()
    corpus.append(text)
    rng = random.Random(path)
    texts = [text] + ([mutate(rng, text, corpus, cheap=True)[0] for _ in range(3)] if len(text) < 20000 else [])
    rows = []
    for each in texts:
        doc = Document(each)
        checked = sorted((d.start, d.end, d.message, d.code) for d in check_document(doc, CheckOptions("sm_90a")))
        rows.append(repr(summary(doc)) + repr(checked))
    out["files"][path] = rows
print(json.dumps(out))
"""


def _describe(files: list[str], pure: bool) -> dict:
    env = dict(os.environ)
    env.pop("NVGPU_LS_PURE_PYTHON", None)
    if pure:
        env["NVGPU_LS_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", _DESCRIBE, str(ROOT), *files], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=1800, check=True)
    return json.loads(done.stdout)


@needs_compiled
def test_compiled_and_python_cores_read_every_file_alike() -> None:
    files = [str(path) for path in every_mlir_file()]
    compiled, python = _describe(files, pure=False), _describe(files, pure=True)
    assert compiled["compiled"] and not python["compiled"]
    differing = [path for path in files if compiled["files"][path] != python["files"][path]]
    assert differing == []


def test_stale_or_unrecorded_compiled_modules_give_way_to_the_sources(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "nvgpu_ls"
    for relative in _compiled.COMPILED:
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_compiled.PACKAGE / relative, package / relative)
    monkeypatch.setattr(_compiled, "PACKAGE", package)
    monkeypatch.setattr(_compiled, "RUNTIME", "json")  # a library that loads, whether or not one was built
    monkeypatch.delenv("NVGPU_LS_PURE_PYTHON", raising=False)
    assert _compiled.use_sources() == "no record of what was compiled"
    _compiled.write_record(package)
    assert _compiled.use_sources() is None
    monkeypatch.setattr(_compiled, "RUNTIME", "nvgpu_ls._no_such_runtime__mypyc")
    assert _compiled.use_sources().startswith("the compiled core cannot be loaded: ")
    monkeypatch.setattr(_compiled, "RUNTIME", "json")
    parser = package / "analysis" / "parser.py"
    parser.write_text(parser.read_text() + "\n# edited\n")
    assert _compiled.use_sources() == "the sources changed since they were compiled"
    monkeypatch.setenv("NVGPU_LS_PURE_PYTHON", "1")
    assert _compiled.use_sources() == "NVGPU_LS_PURE_PYTHON is set"


def test_the_build_finds_the_extension_modules_an_earlier_build_left(tmp_path: Path) -> None:
    """An editable install builds in place: a module compiled by an earlier build and no longer
    compiled would shadow its source and fail to load against the new runtime (it did)."""
    tag = importlib.machinery.EXTENSION_SUFFIXES[0]
    kept = [f"{relative[:-len('.py')]}{tag}" for relative in _compiled.COMPILED[:3]]
    kept += [f"analysis/_ctokens{tag}", f"_mypyc__mypyc{tag}"]
    left = [f"analysis/facts{tag}", "verify/gate.abi3.so", "verify/old_rule.so"]
    for relative in kept + left:
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(b"")
    assert _compiled.stale_extensions(tmp_path) == sorted(tmp_path / relative for relative in left)
    assert _compiled.stale_extensions() == []  # this installation
