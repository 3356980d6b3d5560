"""Running a worker script once: the one way nvgpu-ls starts a child process for native code.

Upstream MLIR's bindings and LLVM can abort the process on bad input, so everything native
runs in a child (``verify/upstream_worker.py``, ``lowering/native_worker.py``). ``run_worker``
starts one with an argument list (never a shell) and the package on ``PYTHONPATH``, sends
its input, and collects output, exit status and whether the timeout killed it; the caller
reads that into its own protocol. Starting failures come back as a message, never raised.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

PACKAGE_ROOT = str(Path(__file__).resolve().parents[1])
"""The folder holding ``nvgpu_ls``: put on the worker's ``PYTHONPATH`` and used as its cwd."""


@dataclass
class WorkerRun:
    """What one run of a worker left: its output, exit status, and why it may have none."""

    out: str
    err: bytes
    returncode: int
    timed_out: bool = False
    start_problem: str | None = None
    """Why the worker could not start (then nothing else is meaningful)."""


def worker_environment(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the package on ``PYTHONPATH``, for a worker."""
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (environment.get("PYTHONPATH"), PACKAGE_ROOT) if p)
    return environment


def run_worker(command: list[str], payload: bytes, timeout: float,
               env: dict[str, str] | None = None) -> WorkerRun:
    """Run ``command`` with ``payload`` on its standard input, killing it after ``timeout`` s."""
    environment = worker_environment(env)
    try:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=PACKAGE_ROOT, env=environment)
    except OSError as exc:
        return WorkerRun("", b"", -1, start_problem=str(exc.strerror or exc))
    timed_out = False
    try:
        out, err = process.communicate(payload, timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        process.kill()
        out, err = process.communicate()
    except OSError as exc:  # it closed its input early (it died at once)
        process.kill()
        process.wait()
        out, err = b"", str(exc).encode()
    except BaseException:  # KeyboardInterrupt: leave no worker behind
        process.kill()
        process.wait()
        raise
    return WorkerRun(out.decode("utf-8", "replace"), err, process.returncode, timed_out)


def signal_name(number: int) -> str:
    """``SIGSEGV`` for 11: how a worker killed by a signal is named in messages."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


_CRASH_REASON = re.compile(r"LLVM ERROR:.*|Assertion .*|[^\n]*\berror: .*")


def crash_reason(err: bytes) -> str:
    """``": "`` and the line of a native crash report that says what went wrong (its stack dump
    does not), cut to 200 characters; empty when no line says."""
    found = _CRASH_REASON.search(err.decode("utf-8", "replace"))
    if not found:
        return ""
    return ": " + _cut(found.group().strip())


def last_line(err: bytes, prefix: str = ": ", suffix: str = "") -> str:
    """The last non-blank line of a worker's standard error between ``prefix`` and ``suffix``,
    cut to 200 characters; empty when it wrote nothing."""
    lines = [line.strip() for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
    if not lines:
        return ""
    return prefix + _cut(lines[-1]) + suffix


def _cut(line: str) -> str:
    return line if len(line) <= 200 else line[:197] + "..."
