"""Fuzzing harnesses for the parser, the verifiers and the lowering (issue 8).

``python -m fuzz --layer parser|verify|lowering|all --seconds N --seed S`` mutates the
project's own test files and ``../shared/conformance`` for a time budget and reports, per
layer, the inputs tried, crashes (exceptions escaping), hangs (an input over the time limit)
and invariant violations; it exits 1 on any. See ``harness.py`` for the invariants and
``mutate.py`` for the mutations.
"""
