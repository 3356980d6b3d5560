"""Single-token mutants of valid kernels, judged by mlir-opt-22: nvgpu-ls reports an error exactly
when upstream does (``fuzz/upstream_differential.py``; docs/conformance.md has the full figures).

A fixed-seed round of 1,000 mutants (a few seconds). The floors are the project's bar: verdicts
agree on at least 99 % of the mutants, where both reject the first error is on upstream's line for
at least 97 %, and of those at least 88 % are in upstream's words (measured when last changed:
99.8 %, 99.8 % and 91.9 %).
"""

from __future__ import annotations

import pytest

from fuzz import upstream_differential as diff

pytestmark = pytest.mark.slow

MUTANTS = 1000
SEED = 15

VERDICT_FLOOR = 0.99
"""Share of mutants on whose validity nvgpu-ls and upstream agree."""
LINE_FLOOR = 0.97
"""Share of the mutants both reject where nvgpu-ls's first error is on upstream's first error line."""
WORDS_FLOOR = 0.88
"""Share of those first errors whose message is upstream's, word for word."""

needs_mlir_opt = pytest.mark.skipif(diff.mlir_opt() is None, reason="mlir-opt-22 not found (Debian mlir-22-tools)")


@pytest.fixture(scope="module")
def tally() -> diff.Tally:
    tool = diff.mlir_opt()
    assert tool is not None
    _seeds, found = diff.run(MUTANTS, SEED, tool)
    print(found.summary())
    return found


@needs_mlir_opt
def test_every_seed_is_valid_for_both_tools() -> None:
    tool = diff.mlir_opt()
    assert tool is not None
    seeds = diff.collect_seeds(tool)
    assert len(seeds) >= 90, "the seed corpus shrank: a valid section is now rejected by one of the tools"


@needs_mlir_opt
def test_no_error_where_upstream_accepts(tally: diff.Tally) -> None:
    assert not tally.extra, "\n".join(diff.describe(m) for m in tally.extra[:10])


@needs_mlir_opt
def test_verdicts_agree_with_upstream_at_least_as_often_as_before(tally: diff.Tally) -> None:
    assert tally.verdict_agreement() >= VERDICT_FLOOR, tally.summary() + "\n" + "\n".join(
        diff.describe(m) for m in tally.missed[:10])


@needs_mlir_opt
def test_first_errors_sit_on_upstreams_line_at_least_as_often_as_before(tally: diff.Tally) -> None:
    assert tally.line_agreement() >= LINE_FLOOR, tally.summary() + "\n" + "\n".join(
        diff.describe(m) for m in tally.wrong_line[:10])


@needs_mlir_opt
def test_first_errors_are_in_upstreams_words_at_least_as_often_as_before(tally: diff.Tally) -> None:
    assert tally.word_agreement() >= WORDS_FLOOR, tally.summary() + "\n" + "\n".join(
        diff.describe(m) for m in tally.other_words[:10])
