"""The file the server reads to prime its caches before the first real one (``nvgpu_ls.priming``)
is one that both nvgpu-ls and upstream read without a single diagnostic, so priming exercises the
paths a valid kernel file takes and reports nothing."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.priming import PRIMER, prime
from nvgpu_ls.verify import CheckOptions, check_document

MLIR_OPT = shutil.which("mlir-opt-22")


def test_the_primer_is_a_clean_kernel_file_for_nvgpu_ls():
    assert check_document(Document(PRIMER), CheckOptions()) == []
    assert {"gpu.func", "nvgpu.mma.sync", "nvgpu.ldmatrix", "scf.for", "func.func"} <= {
        op.name for op in Document(PRIMER).ops()}
    prime()


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 (Debian mlir-22-tools) is not installed")
def test_the_primer_is_a_clean_kernel_file_for_upstream(tmp_path):
    path = tmp_path / "primer.mlir"
    path.write_text(PRIMER)
    done = subprocess.run([MLIR_OPT, str(path), "-o", "/dev/null"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr
