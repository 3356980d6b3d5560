"""nvgpu → nvvm lowering (the lowering issue fills this package).

Contract, from DESIGN.md: one conversion pattern per nvgpu op, each reading the op facts
in ``nvgpu_ls.dialects`` (``lowers_to``, ``ptx``) rather than its own copy; the rewritten
model is printed as MLIR text that upstream MLIR parses and verifies, with ``loc(...)``
pointing back at the source op; ``ptx/`` takes a lowered module to PTX in a worker process.
"""
