"""A lowered text (from either lowering engine) to LLVM IR and PTX, and ptxas's verdict.

``lowered_to_ptx`` sends the text to the native worker (``lowering/native_worker.py``),
which parses it with upstream MLIR, converts nvgpu-typed function signatures
(``signatures.py``), runs ``LOWER_TO_LLVM`` (after it the module is pure LLVM dialect),
translates each ``gpu.module``'s body to LLVM IR and compiles it with llvmlite's NVPTX back
end for the chip and PTX features of the module's ``#nvvm.target``. Every failure — upstream
rejecting the text, a native crash or hang, llvmlite missing — is a ``Problem`` naming the
stage, never an exception. ``run_ptxas`` checks a PTX text with NVIDIA's assembler.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..lowering.native import StageCallback, run_native

if TYPE_CHECKING:
    from ..lowering.native import NativeWorker

LOWER_TO_LLVM = ("builtin.module(convert-vector-to-scf,convert-scf-to-cf,convert-nvvm-to-llvm,convert-func-to-llvm,"
                 "expand-strided-metadata,lower-affine,convert-arith-to-llvm,convert-index-to-llvm{index-bitwidth=64},"
                 "canonicalize,cse,gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}),gpu.module(canonicalize),"
                 "gpu.module(cse),gpu.module(convert-vector-to-llvm,convert-arith-to-llvm,convert-ub-to-llvm),gpu.module(reconcile-unrealized-casts))")
"""The passes after the nvgpu lowering that leave only the LLVM dialect in each gpu.module (the
worker drops the host code first). They are the device passes of LLVM 22's
``gpu-lower-to-nvvm-pipeline``, in its order and with its options (``mlir-opt-22
--gpu-lower-to-nvvm-pipeline --dump-pass-pipeline``), less the three done before: the nvgpu
lowering (the engine), kernel outlining (``lowering/outlining.py``) and ``nvvm-attach-target``
(``lowering/target_attachment.py``). The canonicalisation and CSE between them decide the code at
``O0``, where LLVM cleans nothing up. ``convert-vector-to-llvm``, ``convert-arith-to-llvm`` and
``convert-ub-to-llvm`` before the last pass lower what upstream's pipeline leaves (vector ops
``convert-gpu-to-nvvm`` does not convert, such as those the fp8/fp4 conversions of the builtin
engine use, and the constants canonicalisation folds them to); they find nothing to do in a
module upstream's pipeline compiles."""


@dataclass(frozen=True)
class Problem:
    """What stopped the pipeline (or one gpu.module of it), and in which stage."""

    stage: str
    message: str
    module: str | None = None

    def __str__(self) -> str:
        where = f" (gpu.module @{self.module})" if self.module else ""
        return f"{self.stage}{where}: {self.message}"


@dataclass(frozen=True)
class PtxModule:
    """One gpu.module compiled: its target, LLVM IR and PTX."""

    name: str
    chip: str
    features: str
    llvm_ir: str
    ptx: str
    opt_level: int = 2
    """The ``O`` of the module's ``#nvvm.target``, which LLVM optimised and compiled it at."""


@dataclass
class PtxResult:
    modules: list[PtxModule] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    llvm_dialect: str | None = None
    """The module after ``LOWER_TO_LLVM``, when asked for (``keep_llvm_dialect``)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def module(self, name: str) -> PtxModule | None:
        return next((m for m in self.modules if m.name == name), None)


_EMISSION_KIND = re.compile(r"(\bemissionKind\s*=\s*)(?:Full|LineTablesOnly)\b")
"""A compile unit's emission kind: line info only turns the file's own full debug info into line
directives, as ``nvcc -lineinfo`` does (``DebugDirectivesOnly``: ``.loc``, no DWARF, no ``debug``
target, so ptxas optimises as without them)."""


def lowered_to_ptx(lowered_text: str, timeout: float = 120.0, *,
                   pipeline: str = LOWER_TO_LLVM, keep_llvm_dialect: bool = False,
                   env: dict[str, str] | None = None, worker: "NativeWorker | None" = None,
                   debug_info: bool = False, full_debug: bool = False, file_name: str | None = None,
                   line_origins: list[int] | None = None, on_stage: StageCallback | None = None) -> PtxResult:
    """PTX for every gpu.module of ``lowered_text`` (see the module docstring), served by
    ``worker`` (a long-lived one) or by a worker started for this call (with ``env``).

    ``debug_info``: the PTX carries ``.loc`` line directives and nothing else of debug info (a
    compile unit of the text asking for more is read as line directives only); ``full_debug``: full DWARF too, for a
    debugger (``-g``: ``.target <chip>, debug``, the variables' records kept); ``file_name`` and
    ``line_origins`` (``Lowered.line_origins``) point the lines of ops without a location of
    their own at the source lines they come from. ``on_stage`` is told each stage entered
    (with ``worker`` only)."""
    if debug_info and not full_debug:
        lowered_text = _EMISSION_KIND.sub(r"\1DebugDirectivesOnly", lowered_text)
    request = {"kind": "ptx", "text": lowered_text, "pipeline": pipeline,
               "keep_llvm_dialect": keep_llvm_dialect,
               "debug_level": "full" if full_debug else "lines" if debug_info else "none"}
    if file_name is not None:
        request["file_name"] = file_name
    if line_origins is not None:
        request["line_origins"] = list(line_origins)
    if worker is not None:
        reply = worker.request(request, timeout, on_stage)
    else:
        reply = run_native(request, timeout, env)
    if reply.result is None:
        return PtxResult([], [Problem(reply.stage or "worker", reply.problem or "no result",
                                      reply.where.get("module"))])
    try:
        modules = [PtxModule(str(m["name"]), str(m["chip"]), str(m["features"]), str(m["llvm_ir"]),
                             ptxas_safe_file_names(str(m["ptx"])), int(m.get("opt_level", 2)))
                   for m in reply.result["modules"]]
        problems = [Problem(str(p["stage"]), str(p["message"]), p.get("module"))
                    for p in reply.result["problems"]]
    except (KeyError, TypeError) as exc:
        return PtxResult([], [Problem("worker", f"native worker gave an unreadable result: {exc}")])
    dialect = reply.result.get("llvm_dialect")
    return PtxResult(modules, problems, str(dialect) if dialect is not None else None)


_FILE_DIRECTIVE = re.compile(r'^(\s*\.file\s+\d+\s+")((?:[^"\\\n]|\\.)*)(")', re.M)
_ESCAPE = re.compile(r"\\.")


def ptxas_safe_file_names(ptx: str) -> str:
    """``ptx`` with each ``\\"`` in a ``.file`` name written ``\\042``: LLVM escapes a double
    quote of a source file name with a backslash, which ptxas rejects as a syntax error (so a
    file named ``a"b.mlir`` compiled with line information could never be assembled)."""
    def fix(match: re.Match[str]) -> str:
        name = _ESCAPE.sub(lambda e: "\\042" if e.group() == '\\"' else e.group(), match.group(2))
        return match.group(1) + name + match.group(3)
    return _FILE_DIRECTIVE.sub(fix, ptx) if '\\"' in ptx else ptx


# ---------------------------------------------------------------------------- ptxas
PTXAS_13_DROPPED = frozenset({"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
                              "sm_101", "sm_101a", "sm_101f"})
"""Chips ptxas 13 no longer assembles for: its ``--help`` lists sm_75 and later, and CUDA 13
renamed sm_101 sm_110."""


def find_ptxas(ptxas_path: str | None = None, chip: str | None = None) -> str | None:
    """``ptxas_path`` if given (None when it is not an absolute path to an executable file), else
    ``ptxas`` on PATH, else the newest wheel's: ``nvidia-cuda-nvcc`` 13.x (``nvidia/cu13``),
    then ``nvidia-cuda-nvcc-cu12``; for a chip ptxas 13 dropped (``chip``), the cu12 wheel's
    first. None when there is none."""
    if ptxas_path:
        return find_cuda_tool("ptxas", ptxas_path)
    if chip is not None and chip in PTXAS_13_DROPPED:
        older = find_cuda_tool("ptxas", None, ("cuda_nvcc/bin",), search_path=False)
        if older is not None:
            return older
    return find_cuda_tool("ptxas", None, ("cu13/bin", "cuda_nvcc/bin"))


def find_cuda_tool(name: str, path: str | None = None, wheel_folders: tuple[str, ...] = (),
                   search_path: bool = True) -> str | None:
    """``path`` if given (None when it is not an absolute path to an executable file), else
    ``name`` on PATH, else the one in NVIDIA's CUDA wheels (``nvidia/<folder>/<name>``); None
    when there is none. Relative paths, and the empty or relative PATH entries that stand for
    the current folder, are never used: the current folder may be a checkout anyone wrote a
    ``./ptxas`` into."""
    if path:
        usable = os.path.isabs(path) and os.path.isfile(path) and os.access(path, os.X_OK)
        return path if usable else None
    found = program_on_path(name) if search_path else None
    if found:
        return found
    try:
        import nvidia  # type: ignore[import-not-found]
    except ImportError:
        return None
    for base in getattr(nvidia, "__path__", ()):
        for folder in wheel_folders:
            candidate = Path(base) / folder / name
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def same_file(name: str, file_name: str) -> bool:
    """Whether a file name a tool wrote (a ``.file`` directive, line info) is ``file_name``."""
    return name == file_name or os.path.normpath(name) == os.path.normpath(file_name)


def program_on_path(name: str) -> str | None:
    """``shutil.which(name)`` over the absolute entries of PATH only."""
    for entry in os.environ.get("PATH", os.defpath).split(os.pathsep):
        if not entry or not os.path.isabs(entry):
            continue
        candidate = os.path.join(entry, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


_PTXAS_MESSAGE = re.compile(r"ptxas[^,]*,?\s*line (\d+); (error|warning)\s*:\s*(.*)")


@dataclass(frozen=True)
class PtxasMessage:
    line: int | None
    severity: str
    message: str


PTXAS_MISSING = ("ptxas not found: give its path (ptxasPath / --ptxas), put it on PATH, or "
                 "pip install nvidia-cuda-nvcc")


@dataclass(frozen=True)
class PtxasOutput:
    """What one ptxas run printed (standard output, then standard error) and its exit status."""

    text: str
    returncode: int
    cubin: bytes | None = None
    """The assembled code, when asked for and ptxas made it."""


def ptxas_output(ptx: str, chip: str, ptxas_path: str | None = None, timeout: float = 60.0,
                 verbose: bool = False, line_info: bool = False, keep_cubin: bool = False) -> PtxasOutput | Problem:
    """Run ptxas (``-v`` with ``verbose``: resource usage per function; ``-lineinfo`` with
    ``line_info``: the cubin maps its code to the ``.loc`` lines) on ``ptx`` for ``chip`` (an
    argument list, no shell); a Problem when it could not run or timed out."""
    executable = find_ptxas(ptxas_path, chip)
    if executable is None:
        return Problem("ptxas", PTXAS_MISSING)
    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-ptxas-") as folder:
        source = Path(folder) / "kernel.ptx"
        source.write_text(ptx, encoding="utf-8")
        output = Path(folder) / "k.cubin"
        command = [executable, f"-arch={chip}", *(["-v"] if verbose else []), *(["-lineinfo"] if line_info else []),
                   str(source), "-o", str(output)]
        done = run_program(command, timeout, "ptxas", "ptxas")
        if isinstance(done, Problem):
            return done
        returncode, stdout, stderr = done
        cubin = output.read_bytes() if keep_cubin and returncode == 0 and output.is_file() else None
    return PtxasOutput((stdout + stderr).decode("utf-8", "replace"), returncode, cubin)


def run_program(command: list[str], timeout: float, what: str, stage: str) -> tuple[int, bytes, bytes] | Problem:
    """Run ``command`` (an argument list, no shell, no standard input) in a process group of its
    own, so that a timeout also ends what it started (a wrapper script's children would
    otherwise outlive it, holding its output open): its exit status, standard output and
    error, or a Problem of ``stage`` when it could not start or ran past ``timeout``."""
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)
    except OSError as exc:
        return Problem(stage, f"{what} could not start: {exc.strerror or exc}")
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        return Problem(stage, f"{what} timed out after {timeout:g} s and was killed")
    finally:
        if process.poll() is None:
            _kill_group(process)
    return process.returncode, stdout, stderr


def _kill_group(process: subprocess.Popen) -> None:
    """Kill ``process`` and every process of its group, and reap it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        process.kill()
    except OSError:
        pass
    try:
        process.communicate(timeout=5.0)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        pass
    process.wait()


def ptxas_messages(text: str) -> list[PtxasMessage]:
    """The errors and warnings in ptxas's output, with the PTX line each names (1-based)."""
    messages = []
    for line in text.splitlines():
        match = _PTXAS_MESSAGE.search(line)
        if match:
            messages.append(PtxasMessage(int(match.group(1)), match.group(2), match.group(3).strip()))
        elif "error" in line.lower() and line.strip():
            messages.append(PtxasMessage(None, "error", line.strip()))
    return messages


def run_ptxas(ptx: str, chip: str, ptxas_path: str | None = None,
              timeout: float = 60.0) -> tuple[list[PtxasMessage], Problem | None]:
    """ptxas's errors and warnings for ``ptx`` assembled for ``chip``, and a problem when ptxas
    could not give a verdict (not found, timed out, failed without saying why)."""
    done = ptxas_output(ptx, chip, ptxas_path, timeout)
    if isinstance(done, Problem):
        return [], done
    text = done.text
    messages = ptxas_messages(text)
    if done.returncode != 0 and not any(m.severity == "error" for m in messages):
        return messages, Problem("ptxas", f"ptxas failed (exit status {done.returncode}): {text.strip()[:300]}")
    return messages, None

