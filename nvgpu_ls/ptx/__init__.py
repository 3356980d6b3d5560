"""The rest of the pipeline for a lowered text: LLVM dialect, LLVM IR, PTX, ptxas.

``lowered_to_ptx`` (``pipeline.py``) runs in the native worker; ``instruction_stream``
(``compare.py``) compares PTX texts up to register numbering.
"""

from .compare import instruction_stream
from .pipeline import LOWER_TO_LLVM, Problem, PtxModule, PtxResult, find_ptxas, lowered_to_ptx, run_ptxas

__all__ = ["LOWER_TO_LLVM", "Problem", "PtxModule", "PtxResult", "find_ptxas", "instruction_stream",
           "lowered_to_ptx", "run_ptxas"]
