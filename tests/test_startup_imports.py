"""What starting nvgpu-ls may pull in (issue 21): start-up must not creep back.

Each check runs in a fresh interpreter, since this test session has imported everything already.
``bench/startup.py`` measures the times; these tests pin the causes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

NATIVE = ("torch_mlir", "mlir", "llvmlite")
"""Native libraries that start slowly and may abort: only the workers import them, on demand."""

PROBE = """
import json, sys, lark
built = []
original = lark.Lark.__init__
def counting(self, *args, **kwargs):
    built.append(1)
    original(self, *args, **kwargs)
lark.Lark.__init__ = counting
{body}
print(json.dumps({{"lark_parsers": len(built), "modules": sorted(sys.modules)}}))
"""


def _probe(body: str, tmp_path: Path) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", PROBE.format(body=body)], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _loaded(found: dict, *names: str) -> list[str]:
    return [m for m in found["modules"] if m.split(".")[0] in names]


def test_importing_the_server_builds_no_grammar_and_loads_no_native_library(tmp_path):
    found = _probe("import nvgpu_ls.server", tmp_path)
    assert found["lark_parsers"] == 0
    assert _loaded(found, *NATIVE) == []


def test_a_check_of_a_file_loads_neither_the_lsp_stack_nor_a_native_library(tmp_path):
    kernel = ROOT / "tests" / "data" / "completion" / "kernel.mlir"
    body = ("from nvgpu_ls.cli import main\n"
            f"assert main(['--check', {str(kernel)!r}, '--no-cache', '--no-config']) in (0, 1)")
    found = _probe(body, tmp_path)
    assert _loaded(found, "pygls", "lsprotocol", *NATIVE) == []
    assert found["lark_parsers"] == 1  # the type grammar, built when the first type was read


def test_the_type_grammar_is_kept_in_the_users_cache_for_the_next_process(tmp_path):
    body = "from nvgpu_ls.analysis.typegrammar import parse_type\nparse_type('memref<4xf16, 3>')"
    _probe(body, tmp_path)
    [kept] = (tmp_path / "cache" / "nvgpu-ls" / "grammars").glob("types-*.lark")
    first = kept.stat().st_mtime_ns
    _probe(body, tmp_path)
    assert kept.stat().st_mtime_ns == first  # read, not written again


def test_without_a_writable_cache_the_grammar_is_built_all_the_same(tmp_path):
    (tmp_path / "cache").write_text("not a folder")
    found = _probe("from nvgpu_ls.analysis.typegrammar import parse_type\n"
                   "assert str(parse_type('memref<4xf16, 3>')) == 'memref<4xf16, 3>'", tmp_path)
    assert found["lark_parsers"] == 1
