"""A short, fixed-seed run of the fuzzing harnesses (``fuzz/``), the linearity probe, and the
hostile shapes the fuzzer mixes in, as explicit cases: deep nesting, huge literals, NUL bytes,
lone CR and CRLF line endings, invalid UTF-8, very long lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fuzz import mutate as mut  # noqa: E402
from fuzz.corpus import decode, seeds  # noqa: E402
from fuzz.harness import Run, check_lowering, check_parser, check_verify  # noqa: E402
from fuzz.linearity import BOUND, probe  # noqa: E402

from nvgpu_ls.analysis.document import Document  # noqa: E402
from nvgpu_ls.cli import read_source  # noqa: E402
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document  # noqa: E402
from nvgpu_ls.verify import CheckOptions, check_document  # noqa: E402

import random  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def corpus() -> list[str]:
    return seeds()


@pytest.mark.parametrize("layer, seconds", [("parser", 8), ("verify", 10), ("lowering", 8)])
def test_short_fuzz_run_finds_nothing(layer, seconds):
    """``python -m fuzz`` in a child process (its huge mutants would leave this process's memory
    high); the lowering's run also gives two successes to upstream MLIR (skipped without the bindings)."""
    sample = "2" if layer == "lowering" else "0"
    done = subprocess.run([sys.executable, "-m", "fuzz", "--layer", layer, "--seconds", str(seconds), "--seed", "8",
                           "--upstream-sample", sample], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert f"{layer}" in done.stdout and "crashes 0, hangs 0, violations 0" in done.stdout


def test_short_protocol_fuzz_run_finds_nothing():
    """``python -m fuzz.protocol``: broken framing, params of the wrong type for every method and
    lifecycle orders; every request answered with the protocol's code, the server alive until exit
    and its diagnostics those of a fresh check afterwards (issue 16)."""
    done = subprocess.run([sys.executable, "-m", "fuzz.protocol", "--seconds", "12", "--seed", "3"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert " 0 problems" in done.stdout


def test_analysis_time_grows_linearly_with_input_size():
    """t(4n)/t(n) for generated kernels and pathological shapes; linear is 4, quadratic 16."""
    steep = [(name, round(ratio, 1)) for name, ratio, ok in probe(n=1000) if not ok]
    if steep:  # measure once more before failing: a loaded machine can stall one timing
        again = {name for name, ratio, ok in probe(n=1000, shapes=[n for n, _ in steep]) if not ok}
        steep = [s for s in steep if s[0] in again]
    assert not steep, f"over {BOUND}x: {steep}"


def _all_layers(text: str) -> None:
    """Every layer on ``text``: no exception, every range inside, incremental == fresh."""
    assert check_parser(text, "func.func @f() {\n  return\n}\n") == ""
    assert check_verify([text, text[: len(text) // 2], text], "sm_90a") == ""
    assert check_lowering(text, "sm_90a", Run(0), random.Random(0)) == ""


_ONCE = r"""
import sys
sys.path.insert(0, sys.argv[1])
from fuzz import mutate as mut
from fuzz.harness import ranges_inside
from nvgpu_ls.analysis.document import Document
from nvgpu_ls.lowering.engine import LoweringOptions, lower_document
from nvgpu_ls.verify import CheckOptions, check_document
text = eval(sys.argv[2])
options = CheckOptions(target="sm_90a")
doc = Document(text)
for found in (doc.diagnostics(), check_document(doc, options),
              lower_document(doc, "x.mlir", LoweringOptions(check=options)).diagnostics):
    problem = ranges_inside(found, text)
    assert problem == "", problem
print("ok", len(text))
"""


def _once(make: str) -> str:
    """Each layer once on the large text that the expression ``make`` builds, in a child process
    (a megabyte input would leave this process's memory high for the tests after it)."""
    done = subprocess.run([sys.executable, "-c", _ONCE, str(ROOT), make], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("kind", ["execute_region", "brace", "type", "paren", "list"])
@pytest.mark.parametrize("closed", [True, False])
def test_ten_thousand_nested_regions(kind, closed):
    _all_layers(mut.deep_nesting(10_000, kind, closed))


def test_hundred_thousand_digit_integers():
    text = mut.huge_integer(100_000)
    _all_layers(text)
    assert Document(text).diagnostics() or check_document(Document(text), CheckOptions(target="sm_90a"))


def test_one_megabyte_string_literal():
    _once("mut.huge_string(1_000_000)")


def test_unterminated_one_megabyte_string():
    _once(r"""'func.func @f() {\n  %x = "test.op"() {s = "' + 'a' * 1_000_000""")


def test_one_megabyte_line():
    assert int(_once("mut.long_line(1_000_000)").split()[1]) > 900_000


def test_nul_bytes():
    _all_layers("func.func @f() {\0\n  %c0 = arith.constant\0 0 : index\n  return\0\n}\0\n")
    _all_layers("\0" * 10_000)


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n\r"])
def test_crlf_and_lone_cr_line_endings(corpus, ending):
    for text in corpus[:10]:
        _all_layers(text.replace("\n", ending))


def test_crlf_file_checks_like_its_lf_form():
    text = "gpu.module @m [#nvvm.target<chip = \"sm_80\">] {\n  gpu.func @k() kernel {\n    gpu.return\n  }\n}\n"
    lf = check_document(Document(text))
    crlf = check_document(Document(text.replace("\n", "\r\n")))
    assert [d.code for d in lf] == [d.code for d in crlf]


def test_invalid_utf8_as_read_source_decodes_it(tmp_path):
    raw = b"func.func @f() {\n  %c0 = arith.constant 0 : index \xff\xc3\n  return\xed\xa0\x80\n}\n"
    path = tmp_path / "bad.mlir"
    path.write_bytes(raw)
    text, problem, extra = read_source(str(path))
    assert text == decode(raw) and not problem and extra and extra[0].code == "syntax.encoding"
    _all_layers(text)
    # a client may hand the server lone surrogates (surrogateescape): still no exception
    _all_layers(raw.decode("utf-8", errors="surrogateescape"))


def test_lowering_of_hostile_inputs_gives_text_or_a_diagnostic():
    for text in (mut.deep_nesting(10_000), mut.huge_integer(), "\0\r\r\n", "gpu.module @m {\r" * 1000):
        result = lower_document(Document(text), "x.mlir", LoweringOptions(check=CheckOptions(target="sm_90a")))
        assert result.text is not None or result.diagnostics


def test_every_mutation_runs(corpus):
    rng = random.Random(3)
    for mutator, _ in mut.MUTATORS:
        for _ in range(20):
            assert isinstance(mutator(rng, rng.choice(corpus), corpus), str)


def test_command_line_runs_for_a_budget_and_reports(capsys):
    from fuzz.__main__ import main

    assert main(["--layer", "parser", "--seconds", "1", "--seed", "1", "--upstream-sample", "0"]) == 0
    out = capsys.readouterr().out
    assert "parser" in out and "tried" in out and "crashes 0" in out
