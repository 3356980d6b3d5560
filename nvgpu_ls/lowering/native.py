"""The parent side of ``native_worker.py``: send one request, get its result or a reason.

``run_native`` starts the worker (a script run with ``-P``, an argument list, never a
shell), writes one JSON-lines request, and reads the worker's stage lines and result with
a timeout. Whatever happens to the worker — a native abort or segfault, a hang, libraries
missing, output that is not the protocol — the caller gets a ``WorkerReply`` whose
``problem`` says what happened and in which stage, never an exception.
"""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .native_worker import EXIT_NO_BINDINGS

_WORKER = Path(__file__).with_name("native_worker.py")
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])

WORKER_COMMAND: list[str] = [sys.executable, "-P", str(_WORKER)]
"""The worker's argument list (no shell); tests replace it."""

MISSING = "native compilation needs the torch-mlir and llvmlite wheels: pip install torch-mlir llvmlite"


@dataclass
class WorkerReply:
    """The worker's result for a request (None when it gave none), the last stage it entered
    (with the chunk/module it named), and why there is no result."""

    result: dict | None
    stage: str | None = None
    where: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None

    def stage_text(self) -> str:
        """``stage 'X' (chunk 2)`` for messages; empty when no stage was entered."""
        if self.stage is None:
            return "before any stage"
        where = ", ".join(f"{k} {v}" for k, v in self.where.items())
        return f"in stage '{self.stage}'" + (f" ({where})" if where else "")


def run_native(request: dict, timeout: float, env: dict[str, str] | None = None) -> WorkerReply:
    """Serve ``request`` (a dict with ``kind``) in a fresh worker within ``timeout`` seconds."""
    line = json.dumps({"id": 0, **request}) + "\n"
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = os.pathsep.join(
        p for p in (environment.get("PYTHONPATH"), _PACKAGE_ROOT) if p)
    try:
        process = subprocess.Popen(WORKER_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, cwd=_PACKAGE_ROOT, env=environment)
    except OSError as exc:
        return WorkerReply(None, problem=f"native worker could not start: {exc.strerror or exc}")
    timed_out = False
    try:
        out, err = process.communicate(line.encode("utf-8", "surrogatepass"), timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        process.kill()
        out, err = process.communicate()
    except OSError as exc:  # it closed its input early (died at once)
        process.kill()
        process.wait()
        out, err = b"", str(exc).encode()
    except BaseException:  # KeyboardInterrupt: leave no worker behind
        process.kill()
        process.wait()
        raise
    return read_reply(out.decode("utf-8", "replace"), err, process.returncode, timed_out, timeout)


def read_reply(out: str, err: bytes, returncode: int, timed_out: bool, timeout: float) -> WorkerReply:
    """The reply in the worker's output, or what went wrong."""
    reply = WorkerReply(None)
    for line in out.splitlines():
        try:
            record = json.loads(line)
            event = record["event"]
        except (ValueError, TypeError, KeyError):
            reply.problem = f"native worker gave unreadable output {reply.stage_text()}: {line[:80]!r}"
            return reply
        if event == "stage":
            reply.stage = str(record.get("stage"))
            reply.where = {k: v for k, v in record.items() if k not in ("id", "event", "stage")}
        elif event == "done":
            reply.result = record.get("result")
            return reply
        elif event == "error":
            if record.get("no_bindings"):
                reply.problem = f"{MISSING} ({record.get('message')})"
            else:
                reply.problem = f"native worker refused the request: {record.get('message')}"
            return reply
    if timed_out:
        reply.problem = f"native worker timed out after {timeout:g} s {reply.stage_text()} and was killed"
    elif returncode < 0:
        reply.problem = (f"native worker crashed ({_signal_name(-returncode)}) {reply.stage_text()}"
                         f"{_crash_reason(err)}")
    elif returncode == EXIT_NO_BINDINGS:
        reply.problem = MISSING
    else:
        reply.problem = (f"native worker exited (status {returncode}) without a result "
                         f"{reply.stage_text()}{_last_line(err)}")
    return reply


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _crash_reason(err: bytes) -> str:
    """The line of a native crash report that says what went wrong (its stack dump does not)."""
    for line in err.decode("utf-8", "replace").splitlines():
        found = re.search(r"LLVM ERROR:.*|Assertion .*|\berror: .*", line)
        if found:
            reason = found.group().strip()
            return ": " + (reason if len(reason) <= 200 else reason[:197] + "...")
    return ""


def _last_line(err: bytes) -> str:
    lines = [line.strip() for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
    if not lines:
        return ""
    return ": " + (lines[-1] if len(lines[-1]) <= 200 else lines[-1][:197] + "...")
