"""The server under a client that breaks the protocol: a seeded fuzzer of framing, params and lifecycle.

    python -m fuzz.protocol --seconds 30 --seed 1

Each session starts one ``python -m nvgpu_ls`` over stdio and sends, in a seeded order:

* **framing**: bodies that are not JSON, JSON that is not an object, objects without
  ``jsonrpc`` or with an id of a type the protocol has no place for (a list, an object), and
  methods nobody defined;
* **params**: every request and notification the server handles, its params taken from a valid
  template with one part replaced by a value of the wrong type (null, a negative or huge number,
  a string, a list, an object, a deep nesting), removed, or the whole params replaced;
* **lifecycle**: some sessions send requests before ``initialize``, a second ``initialize``,
  requests after ``shutdown``, and end with ``exit`` with or without ``shutdown``.

Invariants (``ProtocolReport.problems``):

* every request whose id is a number or a string is answered exactly once, with a result or
  an error, within ``ANSWER_TIMEOUT`` (``-32602`` for params that do not fit, ``-32002`` before
  ``initialize``, ``-32600`` after ``shutdown`` or for a second ``initialize``);
* the server stays alive until ``exit``, and then ends with the status the specification
  gives (0 after ``shutdown``, 1 without);
* after the storm a valid document is opened and edited: its published diagnostics equal what
  a fresh ``check_document`` of its text reports.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz.server_stress import expected_diagnostics, published_set  # noqa: E402
from fuzz.stdio_client import StdioClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ANSWER_TIMEOUT = 60.0
KERNEL = (ROOT / "tests" / "data" / "structure.mlir").read_text()
URI = "file:///fuzz/protocol.mlir"

_POSITION = {"line": 3, "character": 4}
_RANGE = {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}
_DOC = {"uri": URI}
REQUESTS: dict[str, Any] = {
    "textDocument/hover": {"textDocument": _DOC, "position": _POSITION},
    "textDocument/completion": {"textDocument": _DOC, "position": _POSITION, "context": {"triggerKind": 1}},
    "completionItem/resolve": {"label": "nvgpu.ldmatrix", "data": {"uri": URI, "offset": 3, "trigger": None}},
    "textDocument/definition": {"textDocument": _DOC, "position": _POSITION},
    "textDocument/references": {"textDocument": _DOC, "position": _POSITION, "context": {"includeDeclaration": True}},
    "textDocument/documentHighlight": {"textDocument": _DOC, "position": _POSITION},
    "textDocument/documentSymbol": {"textDocument": _DOC},
    "textDocument/codeAction": {"textDocument": _DOC, "range": _RANGE, "context": {"diagnostics": []}},
    "textDocument/semanticTokens/full": {"textDocument": _DOC},
    "textDocument/inlayHint": {"textDocument": _DOC, "range": _RANGE},
    "textDocument/foldingRange": {"textDocument": _DOC},
    "textDocument/prepareRename": {"textDocument": _DOC, "position": _POSITION},
    "textDocument/rename": {"textDocument": _DOC, "position": _POSITION, "newName": "%renamed"},
    "textDocument/diagnostic": {"textDocument": _DOC},
    "workspace/symbol": {"query": "f"},
    "workspace/executeCommand": {"command": "nvgpu-ls.lowerToNVVM", "arguments": [{"uri": URI}]},
    "nvgpu-ls/serverStatus": None,
}
NOTIFICATIONS: dict[str, Any] = {
    "textDocument/didChange": {"textDocument": {"uri": URI, "version": 1},
                               "contentChanges": [{"range": _RANGE, "text": "// x\n"}]},
    "textDocument/didSave": {"textDocument": _DOC},
    "workspace/didChangeConfiguration": {"settings": {"nvgpu-ls": {"target": "sm_90a"}}},
    "$/cancelRequest": {"id": 1},
    "$/setTrace": {"value": "off"},
}
WRONG_VALUES: list[Any] = [None, -1, -(2 ** 40), 2 ** 70, 1.5, "x", "", [], [1, "a"], {}, {"a": {"b": None}},
                           True, "\x00\udcff" * 3, "9" * 5000]


class ProtocolClient(StdioClient):
    """Counts every answer per id and keeps the publications."""

    def __init__(self) -> None:
        super().__init__([sys.executable, "-m", "nvgpu_ls"], cwd=ROOT)
        self.answers: dict[Any, list[dict]] = {}
        self.published: dict[str, list[tuple[int | None, list[dict]]]] = {}
        self.arrived = asyncio.Event()

    def on_notification(self, method: str, params: Any, now: float) -> None:
        if method == "textDocument/publishDiagnostics":
            self.published.setdefault(params["uri"], []).append((params.get("version"), params["diagnostics"]))
            self.arrived.set()

    def _dispatch(self, message: dict, now: float) -> None:
        if "id" in message and "method" not in message:
            self.answers.setdefault(_key(message["id"]), []).append(message)
        super()._dispatch(message, now)

    def send_raw(self, body: bytes) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))


def _key(msg_id: Any) -> Any:
    return json.dumps(msg_id, sort_keys=True)


@dataclass
class ProtocolReport:
    sessions: int = 0
    messages: int = 0
    requests: int = 0
    problems: list[str] = field(default_factory=list)


NESTING_LIMIT = 10_000
"""The recursion limit while the fuzzer runs: ``wrong`` nests values up to 3,000 deep, and this
process must be able to encode what the server is to be fed (Python's default of 1,000 is not)."""


def wrong(rng: random.Random, params: Any, depth: int = 0) -> Any:
    """``params`` with one part replaced by a value of the wrong type, or removed."""
    if not isinstance(params, (dict, list)) or not params or depth > 3 or rng.random() < 0.2:
        value = rng.choice(WRONG_VALUES)
        if rng.random() < 0.05:
            for _ in range(rng.randrange(50, 3000)):
                value = {"a": value}
        return value
    copy = dict(params) if isinstance(params, dict) else list(params)
    key = rng.choice(list(copy)) if isinstance(copy, dict) else rng.randrange(len(copy))
    if isinstance(copy, dict) and rng.random() < 0.25:
        del copy[key]
    else:
        copy[key] = wrong(rng, copy[key], depth + 1)
    return copy


async def session(rng: random.Random, report: ProtocolReport, messages: int) -> None:
    """One server: a lifecycle order, ``messages`` broken or valid messages, then the checks."""
    client = ProtocolClient()
    await client.start()
    report.sessions += 1
    expected: dict[Any, tuple[str, int | None]] = {}
    """Request id (as ``_key``) → (method, the error code the protocol names, or None for any answer)."""
    next_id = 1000

    def request(method: str, params: Any, code: int | None = None, msg_id: Any = None) -> None:
        nonlocal next_id
        if msg_id is None:
            next_id += 1
            msg_id = next_id
        expected[_key(msg_id)] = (method, code)
        client._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        report.requests += 1

    early = rng.random() < 0.3
    if early:
        request("textDocument/hover", REQUESTS["textDocument/hover"], -32002)
    request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    if rng.random() < 0.3:
        request("initialize", {"processId": None, "capabilities": {}}, -32600)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "mlir", "version": 1,
                                                            "text": KERNEL}})
    for _ in range(messages):
        report.messages += 1
        roll = rng.random()
        if roll < 0.12:
            client.send_raw(rng.choice([b"{", b"[]", b"1", b'"x"', b"null", b'{"id": 1}', b"\xff\xfe",
                                        b'{"jsonrpc": "2.0", "method": 5}', b'{"jsonrpc": "1.0", "id": 3, "method": "x"}']))
        elif roll < 0.2:
            bad_id = rng.choice([[1], {"a": 1}, None, 1.5, True])
            client._write({"jsonrpc": "2.0", "id": bad_id, "method": rng.choice(list(REQUESTS)), "params": {}})
        elif roll < 0.27:
            request(f"nvgpu-ls/no-such-{rng.randrange(9)}", {}, -32601)
        elif roll < 0.75:
            method = rng.choice(list(REQUESTS))
            template = REQUESTS[method]
            request(method, wrong(rng, template) if rng.random() < 0.8 else template)
        else:
            method = rng.choice(list(NOTIFICATIONS))
            client.notify(method, wrong(rng, NOTIFICATIONS[method]))
    await client.drain()
    await _await_answers(client, expected, report)
    if client.alive:
        await _check_diagnostics(client, report)
    shut = rng.random() < 0.7
    if client.alive and shut:
        request("shutdown", None)
        request("textDocument/hover", REQUESTS["textDocument/hover"], -32600)
        await client.drain()
        await _await_answers(client, expected, report)
    if client.alive:
        client.notify("exit", None)
        await client.drain()
        try:
            status = await asyncio.wait_for(client.proc.wait(), 30)  # type: ignore[union-attr]
        except asyncio.TimeoutError:
            report.problems.append("the server did not end after exit")
            status = None
        if status is not None and status != (0 if shut else 1):
            report.problems.append(f"exit {'after' if shut else 'without'} shutdown ended with status {status}")
    await client.stop(5)


async def _await_answers(client: ProtocolClient, expected: dict[Any, tuple[str, int | None]],
                         report: ProtocolReport) -> None:
    deadline = time.monotonic() + ANSWER_TIMEOUT
    while time.monotonic() < deadline and client.alive and any(k not in client.answers for k in expected):
        await asyncio.sleep(0.05)
    if not client.alive:
        report.problems.append(f"the server died: {bytes(client.stderr[-2000:]).decode(errors='replace')}")
    for key, (method, code) in sorted(expected.items()):
        answers = client.answers.get(key, [])
        if len(answers) != 1:
            report.problems.append(f"{method} (id {key}): {len(answers)} answers")
            continue
        error = answers[0].get("error")
        if code is not None and (error is None or error.get("code") != code):
            report.problems.append(f"{method} (id {key}): expected error {code}, got {answers[0]}")
    expected.clear()


async def _check_diagnostics(client: ProtocolClient, report: ProtocolReport) -> None:
    """The server still analyses: a valid edit's diagnostics equal a fresh check of the text."""
    text = KERNEL.replace("%c0", "%c0x", 1)  # an undefined value somewhere: a diagnostic to compare
    client.notify("textDocument/didOpen", {"textDocument": {"uri": URI + ".2", "languageId": "mlir", "version": 7,
                                                            "text": text}})
    await client.drain()
    deadline = time.monotonic() + ANSWER_TIMEOUT
    while client.alive and time.monotonic() < deadline and \
            not any(v == 7 for v, _ in client.published.get(URI + ".2", ())):
        client.arrived.clear()
        try:
            await asyncio.wait_for(client.arrived.wait(), 1.0)
        except asyncio.TimeoutError:
            pass
    published = [d for v, d in client.published.get(URI + ".2", ()) if v == 7]
    if not published:
        report.problems.append("a document opened after the storm was never published")
    elif published_set(published[-1]) != expected_diagnostics(text):
        report.problems.append("diagnostics after the storm differ from a fresh check")


async def run_protocol(seconds: float = 20.0, seed: int = 1, messages: int = 120) -> ProtocolReport:
    rng = random.Random(seed)
    report = ProtocolReport()
    deadline = time.monotonic() + seconds
    while True:
        await session(rng, report, messages)
        if time.monotonic() >= deadline:
            return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--messages", type=int, default=120, help="messages per session")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), NESTING_LIMIT))
    report = asyncio.run(run_protocol(args.seconds, args.seed, args.messages))
    print(f"seed {args.seed}: {report.sessions} sessions, {report.messages} messages, {report.requests} requests, "
          f"{len(report.problems)} problems")
    for problem in report.problems[:20]:
        print(f"  {problem}")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
