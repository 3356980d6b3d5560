"""The parent side of ``native_worker.py``: send one request, get its result or a reason.

``run_native`` starts the worker (a script run with ``-P``, an argument list, never a
shell), writes one JSON-lines request, and reads the worker's stage lines and result with
a timeout. ``NativeWorker`` keeps one worker for many requests (the bindings imported
once), starting it on the first request and again after it died. Whatever happens to the
worker — a native abort or segfault, a hang, libraries missing, output that is not the
protocol — the caller gets a ``WorkerReply`` whose ``problem`` says what happened and in
which stage, never an exception.
"""

from __future__ import annotations

import collections
import io
import json
import queue
import subprocess
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

from ..workers import PACKAGE_ROOT, crash_reason, last_line, run_worker, signal_name, worker_environment
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
        if read_record(reply, event, record):
            return reply
    if timed_out:
        reply.problem = f"native worker timed out after {timeout:g} s {reply.stage_text()} and was killed"
    else:
        reply.problem = _ended_problem(reply, returncode, err)
    return reply


def read_record(reply: WorkerReply, event: object, record: dict) -> bool:
    """Fold one protocol record into ``reply``: a stage moves it on; ``done`` (its result) and
    ``error`` (its problem) end it — True then."""
    if event == "stage":
        reply.stage = str(record.get("stage"))
        reply.where = {k: v for k, v in record.items() if k not in ("id", "event", "stage")}
        return False
    if event == "done":
        reply.result = record.get("result")
        return True
    if event == "error":
        if record.get("no_bindings"):
            reply.problem = str(record.get("message") or MISSING)
        else:
            reply.problem = f"native worker refused the request: {record.get('message')}"
        return True
    return False


def _ended_problem(reply: WorkerReply, returncode: int, err: bytes) -> str:
    """Why a worker that ended gave no result: a signal, missing libraries, or an exit status."""
    if returncode < 0:
        return f"native worker crashed ({signal_name(-returncode)}) {reply.stage_text()}{crash_reason(err)}"
    if returncode == EXIT_NO_BINDINGS:
        return MISSING
    return f"native worker exited (status {returncode}) without a result {reply.stage_text()}{last_line(err)}"


# ---------------------------------------------------------------------------- long-lived
StageCallback = Callable[[str, dict], None]
"""Told each stage the worker enters: its name and where (``{"module": "k"}``)."""

_STDERR_KEPT = 64 * 1024
_EXIT_WAIT = 5.0
"""How long a worker that closed its output may take to exit before it is killed."""


class NativeWorker:
    """One worker process serving request after request.

    Started on the first ``request`` (and again on the next request after it died or was
    killed), with the argument list and environment ``run_native`` uses. One request at a
    time: a lock serialises callers from several threads. A request that takes longer than
    its timeout kills the worker; the reply says in which stage it hung.
    """

    def __init__(self, command: list[str] | None = None, env: dict[str, str] | None = None) -> None:
        self._command = list(command) if command is not None else None
        self._env = env
        self._lock = threading.Lock()
        self._process: subprocess.Popen | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._next_id = 1
        self.starts = 0
        """How many worker processes this object started (tests read it)."""
        self._finalizer: weakref.finalize | None = None

    # ------------------------------------------------------------------ public
    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None and self.alive else None

    def request(self, request: dict, timeout: float, on_stage: StageCallback | None = None) -> WorkerReply:
        """Serve ``request`` (a dict with ``kind``) within ``timeout`` seconds; never raises."""
        with self._lock:
            try:
                return self._request(request, timeout, on_stage)
            except Exception as exc:  # a bug on this side: the worker's state is unknown, start afresh
                self._stop()
                return WorkerReply(None, problem=f"native worker failed: {type(exc).__name__}: {exc}")

    def close(self) -> None:
        """Stop the worker (it finishes at end of input; killed if it does not at once)."""
        with self._lock:
            self._stop(graceful=True)

    def kill(self) -> None:
        """Kill the worker now, without waiting for the request it may be serving (that request
        then ends at once, reporting the kill); the next request starts a fresh worker."""
        process = self._process
        if process is not None and process.poll() is None:
            try:
                process.kill()
            except OSError:
                pass

    def __enter__(self) -> "NativeWorker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ inside
    def _request(self, request: dict, timeout: float, on_stage: StageCallback | None) -> WorkerReply:
        deadline = time.monotonic() + timeout
        if not self.alive:
            self._stop()
            problem = self._start()
            if problem is not None:
                return WorkerReply(None, problem=f"native worker could not start: {problem}")
        assert self._process is not None and self._process.stdin is not None
        request_id = self._next_id
        self._next_id += 1
        with self._stderr_lock:
            self._stderr.clear()
            self._stderr_size = 0
        reply = WorkerReply(None)
        try:
            line = json.dumps({**request, "id": request_id}) + "\n"
            self._process.stdin.write(line.encode("utf-8", "surrogatepass"))
            self._process.stdin.flush()
        except OSError:  # it died before reading: its exit status says why
            return self._dead(reply, timeout)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._stop()
                reply.problem = f"native worker timed out after {timeout:g} s {reply.stage_text()} and was killed"
                return reply
            try:
                text = self._lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if text is None:
                return self._dead(reply, timeout)
            try:
                record = json.loads(text)
                event = record["event"]
                record_id = record.get("id")
            except (ValueError, TypeError, KeyError, AttributeError):
                self._stop()
                reply.problem = f"native worker gave unreadable output {reply.stage_text()}: {text[:80]!r}"
                return reply
            if record_id not in (request_id, None):
                continue  # a line of an earlier request (cannot happen: a request that did not end kills it)
            if read_record(reply, event, record):
                if record.get("no_bindings"):
                    self._stop()
                return reply
            if event == "stage" and on_stage is not None:
                assert reply.stage is not None  # read_record set it from this stage record
                try:
                    on_stage(reply.stage, dict(reply.where))
                except Exception:  # the caller's progress report failing must not lose the reply
                    pass

    def _dead(self, reply: WorkerReply, timeout: float) -> WorkerReply:
        """The worker closed its output: wait for its exit status and say why it ended."""
        process = self._process
        assert process is not None
        try:
            returncode = process.wait(timeout=_EXIT_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            returncode = process.wait()
        for thread in self._threads:
            thread.join(timeout=1.0)
        with self._stderr_lock:
            err = b"".join(self._stderr)
        self._stop()
        reply.problem = _ended_problem(reply, returncode, err)
        return reply

    def _start(self) -> str | None:
        command = self._command if self._command is not None else WORKER_COMMAND
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, cwd=PACKAGE_ROOT, env=worker_environment(self._env))
        except OSError as exc:
            return str(exc.strerror or exc)
        self.starts += 1
        self._process = process
        self._lines = queue.Queue()
        self._threads = [threading.Thread(target=_read_lines, args=(process.stdout, self._lines), daemon=True,
                                          name="nvgpu-ls-native-stdout"),
                         threading.Thread(target=self._read_stderr, args=(process.stderr,), daemon=True,
                                          name="nvgpu-ls-native-stderr")]
        for thread in self._threads:
            thread.start()
        self._finalizer = weakref.finalize(self, _kill, process)
        return None

    def _read_stderr(self, stream: io.BufferedReader) -> None:
        """Keep the end of the worker's standard error (a crash report), so its pipe never fills."""
        try:
            for chunk in iter(lambda: stream.read1(8192), b""):
                with self._stderr_lock:
                    self._stderr.append(chunk)
                    self._stderr_size += len(chunk)
                    while self._stderr_size > _STDERR_KEPT and len(self._stderr) > 1:
                        self._stderr_size -= len(self._stderr.popleft())
        except (OSError, ValueError):  # closed under us
            pass

    def _stop(self, graceful: bool = False) -> None:
        process, self._process = self._process, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if process is None:
            return
        _kill(process, graceful)
        for thread in self._threads:
            thread.join(timeout=1.0)
        self._threads = []
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass


def _read_lines(stream: IO[bytes], lines: "queue.Queue[str | None]") -> None:
    try:
        for raw in iter(stream.readline, b""):
            lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
    except (OSError, ValueError):  # closed under us
        pass
    lines.put(None)


def _kill(process: subprocess.Popen, graceful: bool = False) -> None:
    """End a worker: with ``graceful``, close its input first (it exits at end of input);
    kill it if it is still there."""
    if graceful and process.poll() is None:
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout=0.5)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
    if process.poll() is None:
        process.kill()
        process.wait()
