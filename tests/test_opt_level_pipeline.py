"""At the same optimisation level, our PTX is what upstream's own pipeline makes (issue 22).

For every kernel file of ``tests/data/lowering`` that ``mlir-opt-22`` compiles, at ``O`` 2 and 3:
our lowering at ``-ON`` compiled by our pipeline (``ptx.pipeline.lowered_to_ptx``) against
``mlir-opt-22 --gpu-lower-to-nvvm-pipeline="cubin-chip=… cubin-features=… opt-level=N
cubin-format=isa"``, function by function, instruction for instruction (``differential.by_function``:
registers and labels renumbered). ``O0`` differs today and is not held here (docs/lowering.md
says why); the files upstream cannot compile (ops newer than LLVM 22, kernels taking nvgpu types)
are skipped with upstream's reason.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.ptx.differential import by_function
from nvgpu_ls.ptx.pipeline import lowered_to_ptx

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("mlir-opt-22") is None,
                                                   reason="mlir-opt-22 (Debian's mlir-22-tools) is not installed")]

KERNELS = sorted((Path(__file__).parent / "data" / "lowering").glob("*.mlir"))
_TARGET = re.compile(r'#nvvm\.target<[^>]*?chip = "(sm_\d+[af]?)"(?:, features = "([^"]*)")?')
_OBJECT = re.compile(r'#gpu\.object<(#nvvm\.target<[^>]*>)[^"]*"((?:[^"\\]|\\.)*)"', re.S)


def upstream_ptx(path: Path, level: int) -> str:
    """The PTX of every module of ``path`` that upstream's pipeline makes at ``level`` (a module
    with a target of its own gets the pipeline's appended: the object of the ``O = level`` one)."""
    text = path.read_text()
    found = _TARGET.search(text)
    assert found is not None, f"{path.name} names no target"
    options = [f"cubin-chip={found.group(1)}", f"opt-level={level}", "cubin-format=isa"]
    if found.group(2):
        options.append(f"cubin-features={found.group(2)}")
    done = subprocess.run(["mlir-opt-22", str(path), f"--gpu-lower-to-nvvm-pipeline={' '.join(options)}"],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"mlir-opt-22 cannot compile {path.name}: {done.stderr.strip().splitlines()[0]}")
    objects = [raw for target, raw in _OBJECT.findall(done.stdout)
               if (f"O = {level}" in target) or (level == 2 and "O =" not in target)]
    return "\n".join(re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), raw) for raw in objects)


@pytest.mark.parametrize("level", [2, 3])
@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.stem)
def test_our_ptx_is_upstreams_pipeline_at_the_same_level(path: Path, level: int) -> None:
    theirs = by_function(upstream_ptx(path, level))
    lowered = lower_document(Document(path.read_text()), str(path), LoweringOptions(opt_level=level))
    assert lowered.text is not None, [d.message for d in lowered.diagnostics]
    compiled = lowered_to_ptx(lowered.text)
    assert not compiled.problems, compiled.problems
    ours: dict[str, list[str]] = {}
    for module in compiled.modules:
        assert module.opt_level == level
        ours.update(by_function(module.ptx))
    assert ours and ours.keys() == theirs.keys()
    for name in ours:
        assert ours[name] == theirs[name], name
