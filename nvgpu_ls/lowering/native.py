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
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..workers import run_worker
from .native_worker import EXIT_NO_BINDINGS

_WORKER = Path(__file__).with_name("native_worker.py")

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
    run = run_worker(WORKER_COMMAND, line.encode("utf-8", "surrogatepass"), timeout, env)
    if run.start_problem is not None:
        return WorkerReply(None, problem=f"native worker could not start: {run.start_problem}")
    return read_reply(run.out, run.err, run.returncode, run.timed_out, timeout)


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
