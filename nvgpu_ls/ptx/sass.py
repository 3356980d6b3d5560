"""SASS: the machine code ptxas makes of a module's PTX, per kernel, mapped to source lines.

ptxas assembles the PTX with ``-lineinfo`` (its ``.loc`` directives name the ``.mlir`` file
and lines), ``nvdisasm -c -g`` prints the cubin's code with a ``//## File "...", line N``
comment wherever the source line changes, and ``parse_nvdisasm`` keeps each instruction with
the line of the file it came from. ``nvdisasm`` and ``cuobjdump`` are found on PATH or in
NVIDIA's ``nvidia-cuda-nvdisasm`` / ``nvidia-cuda-cuobjdump`` wheels; each run is an argument
list with a timeout, never a shell.
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .pipeline import Problem, run_program, same_file
from .pipeline import find_cuda_tool as find_program

NVDISASM_MISSING = "nvdisasm not found: put it on PATH or pip install nvidia-cuda-nvdisasm"
CUOBJDUMP_MISSING = "cuobjdump not found: put it on PATH or pip install nvidia-cuda-cuobjdump"

_WHEEL_FOLDERS = ("cu13/bin", "cuda_nvdisasm/bin", "cuda_cuobjdump/bin", "cu12/bin")
"""Where NVIDIA's CUDA 13 and 12 tool wheels put their programs."""


def find_cuda_tool(name: str, path: str | None = None) -> str | None:
    """``path`` if it is an absolute path to an executable, else ``name`` on PATH (absolute
    entries only), else the one in NVIDIA's CUDA tool wheels; None when there is none."""
    return find_program(name, path, _WHEEL_FOLDERS)


@dataclass(frozen=True)
class SassInstruction:
    offset: int
    """Byte offset in the kernel's code."""
    text: str
    """The instruction as nvdisasm prints it, without its offset comment."""
    source_line: int | None
    """0-based line of the source file it came from; None where the line info names none."""


@dataclass
class SassKernel:
    name: str
    instructions: list[SassInstruction] = field(default_factory=list)

    def per_source_line(self) -> Counter[int]:
        """How many instructions each source line became."""
        return Counter(i.source_line for i in self.instructions if i.source_line is not None)


_SECTION = re.compile(r"^//-+ \.text\.(\S+)\s+-+\s*$")
_FILE_LINE = re.compile(r'^\s*//## File "((?:[^"\\]|\\.)*)", line (\d+)')
_INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*$")


def parse_nvdisasm(text: str, file_name: str) -> list[SassKernel]:
    """The kernels of ``nvdisasm -c -g`` output, each instruction with the line of
    ``file_name`` it came from (lines of other files are not this file's: None)."""
    kernels: list[SassKernel] = []
    current: SassKernel | None = None
    line: int | None = None
    for raw in text.splitlines():
        section = _SECTION.match(raw)
        if section:
            current = SassKernel(section.group(1))
            kernels.append(current)
            line = None
            continue
        where = _FILE_LINE.match(raw)
        if where:
            named = where.group(1).replace('\\"', '"').replace("\\\\", "\\")
            line = int(where.group(2)) - 1 if same_file(named, file_name) else None
            continue
        instruction = _INSTRUCTION.match(raw)
        if instruction and current is not None:
            body = instruction.group(2).rstrip(" ;").strip()
            if body:
                current.instructions.append(SassInstruction(int(instruction.group(1), 16), body + " ;", line))
    return kernels


def _run_on_cubin(tool: str, path: str | None, missing: str, arguments: list[str], cubin: bytes,
                  timeout: float) -> str | Problem:
    """``tool arguments... <cubin file>``'s standard output; a Problem when the tool is missing,
    fails or times out."""
    executable = find_cuda_tool(tool, path)
    if executable is None:
        return Problem("sass", missing)
    with tempfile.TemporaryDirectory(prefix=f"nvgpu-ls-{tool}-") as folder:
        file = Path(folder) / "kernel.cubin"
        file.write_bytes(cubin)
        done = run_program([executable, *arguments, str(file)], timeout, tool, "sass")
    if isinstance(done, Problem):
        return done
    returncode, stdout, stderr = done
    if returncode != 0:
        return Problem("sass", f"{tool} failed (exit status {returncode}): "
                               f"{stderr.decode('utf-8', 'replace').strip()[:300]}")
    return stdout.decode("utf-8", "replace")


def disassemble(cubin: bytes, file_name: str, nvdisasm_path: str | None = None,
                timeout: float = 60.0) -> list[SassKernel] | Problem:
    """Each kernel's SASS in ``cubin``, mapped to the lines of ``file_name``; a Problem when
    nvdisasm is missing, fails or times out."""
    listing = _run_on_cubin("nvdisasm", nvdisasm_path, NVDISASM_MISSING, ["-c", "-g"], cubin, timeout)
    return listing if isinstance(listing, Problem) else parse_nvdisasm(listing, file_name)


_RESOURCE_FUNCTION = re.compile(r"^\s*Function (\S+):\s*$")
_RESOURCE_FIELD = re.compile(r"([A-Z_]+(?:\[\d+\])?):(\d+)")


def resource_usage(cubin: bytes, cuobjdump_path: str | None = None,
                   timeout: float = 60.0) -> dict[str, dict[str, int]] | Problem:
    """``cuobjdump --dump-resource-usage`` of ``cubin``: per function its fields (REG, STACK,
    SHARED, LOCAL, CONSTANT[0], ...)."""
    listing = _run_on_cubin("cuobjdump", cuobjdump_path, CUOBJDUMP_MISSING, ["--dump-resource-usage"], cubin, timeout)
    if isinstance(listing, Problem):
        return listing
    found: dict[str, dict[str, int]] = {}
    current: str | None = None
    for line in listing.splitlines():
        function = _RESOURCE_FUNCTION.match(line)
        if function:
            current = function.group(1)
            found[current] = {}
        elif current is not None:
            found[current].update({key: int(value) for key, value in _RESOURCE_FIELD.findall(line)})
    return found
