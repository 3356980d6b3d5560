"""``nvgpu_ls.memory``: the caches of what was parsed are emptied on request, so that an idle
server gives its memory back (the server runs it once nothing has been open for
``idleMemoryRelease`` seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nvgpu_ls.analysis.document import Document
from nvgpu_ls.analysis.typegrammar import parse_attr, parse_type
from nvgpu_ls.memory import memory_kib, register_cache, release_memory
from nvgpu_ls.verify import CheckOptions, check_document
from nvgpu_ls.analysis import opview
from nvgpu_ls.verify import usedef

pytestmark = pytest.mark.slow

KERNEL = """#layout = #gpu.address_space<workgroup>
func.func @f(%a: memref<64x64xf16, #layout>, %i: index) {
  %t = nvgpu.ldmatrix %a[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<64x64xf16, #layout> -> vector<4x2xf16>
  return
}
"""


def test_release_empties_the_parse_caches_a_check_filled():
    check_document(Document(KERNEL), CheckOptions())
    assert parse_type.cache_info().currsize > 0 and parse_attr.cache_info().currsize > 0
    assert release_memory() > 0
    assert parse_type.cache_info().currsize == 0 and parse_attr.cache_info().currsize == 0
    assert opview._ALIAS_FREE == {} and usedef._COMPARABLE == {} and opview._CANONICAL == {}


def test_a_check_after_a_release_finds_the_same_diagnostics():
    broken = KERNEL.replace("numTiles = 4", "numTiles = 3")
    before = check_document(Document(broken), CheckOptions())
    release_memory()
    after = check_document(Document(broken), CheckOptions())
    assert before and [(d.code, d.message) for d in after] == [(d.code, d.message) for d in before]


def test_a_registered_cache_is_emptied_with_the_others():
    cache = {"spelling": "value"}
    assert register_cache(cache.clear) == cache.clear
    release_memory()
    assert cache == {}


def test_memory_without_proc_falls_back_to_the_peak_from_getrusage(tmp_path: Path):
    rss, peak = memory_kib(tmp_path / "missing")
    assert rss is None and peak is not None and peak > 0


def test_memory_reads_vmrss_and_vmhwm(tmp_path: Path):
    status_file = tmp_path / "status"
    status_file.write_text("Name:\tpython\nVmHWM:\t  20480 kB\nVmRSS:\t  10240 kB\nThreads:\t3\n")
    assert memory_kib(status_file) == (10240, 20480)


_ARENA_SCRIPT = """
import gc, json, sys
from nvgpu_ls import memory
kept = memory.keep_freed_arenas(64 << 20)
before = memory.kept_arena_bytes()
blocks = [[i] for i in range(400_000)]  # a few dozen arenas of small objects
del blocks
gc.collect()
after_free = memory.kept_arena_bytes()
again = [[i] for i in range(400_000)]  # served from the kept arenas
reused = memory.kept_arena_bytes()
del again
gc.collect()
memory.release_memory()
print(json.dumps([kept, before, after_free, reused, memory.kept_arena_bytes()]))
"""


def _arena_run(**env: str) -> list:
    import json
    import os
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", _ARENA_SCRIPT], capture_output=True, text=True, timeout=120,
                            env={**os.environ, **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_freed_arenas_are_kept_for_the_next_analysis_and_released_with_the_caches() -> None:
    from nvgpu_ls import memory

    if memory._arenas() is None:
        pytest.skip("the native arena keeper was not built")
    kept, before, after_free, reused, released = _arena_run()
    assert kept is True and before == 0
    assert after_free >= 8 << 20  # the freed lists' arenas were kept, not returned
    assert reused < after_free    # and the next allocations took them back
    assert released == 0          # release_memory gave every one back


def test_pure_python_keeps_no_arenas() -> None:
    kept, before, after_free, reused, released = _arena_run(NVGPU_LS_PURE_PYTHON="1")
    assert kept is False and after_free == 0 and released == 0
