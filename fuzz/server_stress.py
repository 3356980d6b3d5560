"""The server under a storm of edits and requests: a seeded driver, reusable from a test or the command line.

    python -m fuzz.server_stress --seconds 60 --seed 1

One ``python -m nvgpu_ls`` process over stdio, driven by a minimal JSON-RPC client of its own
(so that it can send what pygls's client would not build: edit ranges past the end of a line
or of the document, reversed ranges, cancellations of any id). Documents are seeded from
``tests/data/lowering/*.mlir`` and broken variants of them (truncated, a line dropped, a
line doubled). Each round fires a burst of ``didOpen`` / ``didChange`` (whole and
incremental) / ``didClose`` / hover / completion / definition / codeAction /
``$/cancelRequest`` without awaiting anything, then awaits every answer.

What the client believes each document holds is kept by ``apply_change``, this module's own
reading of the protocol: lines end at ``\n``, ``\r\n`` and ``\r`` only (not at the form feeds
and U+2028 the snippets type), a character past its line's end is the line's end, a line past
the last is the end of the text, and a range whose end comes first runs from the earlier
position to the later. Documents named ``valid-*`` receive only valid edits.

Invariants (``StressReport.problems`` lists every violation):

* the server is alive at the end and its stderr holds no ``Traceback``; it sent no
  ``window/showMessage`` / ``window/logMessage`` of type Error;
* every request got a response, a result or a cancellation (-32800 RequestCancelled,
  -32801 ContentModified) — no other error;
* after the storm each open document's last published diagnostics are for its final
  version and equal (range, code, message) those ``check_document`` computes in-process on
  its final text with the options the server uses (no target, no settings); every closed
  document's last publication is empty;
* once everything is closed the server holds nothing of it: ``nvgpu-ls/serverStatus`` reports
  no open document, no text document in pygls's workspace, no handler in flight and no request
  to the client unanswered;
* once the idle release has run, the Python blocks in use (``sys.getallocatedblocks``, what
  live objects hold) are back within 5 % (or 20,000 blocks) of the baseline taken after the
  warm-up;
* the server's resident memory after closing everything is back within
  ``max(baseline * 1.5, baseline + 100 MB)``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzz.stdio_client import StdioClient
from nvgpu_ls.diagnostics import shown_message
from nvgpu_ls.memory import memory_kib

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "data" / "lowering"
CANCELLED = (-32800, -32801)
ANSWER_TIMEOUT = 120.0
IDLE_RELEASE = 1.0
"""The ``idleMemoryRelease`` the storm's server runs with: seconds with nothing open before it
empties its caches (the editor default is 30)."""
REQUESTS = ("textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/codeAction")
SNIPPETS = ("nvgpu.", "%", " ", "\n", "}", "{", "(", ")", ":", "memref<", "vector<4xf16>", "arith.constant 16 : index",
            "%x = ", "nvgpu.mbarrier.create -> ", "gpu.module @m {\n", "\n}\n", "\u00e9", "\U0001f600", "//", "\"", "<", ">",
            "// a form feed \x0c and a line separator \u2028 in a comment\n", "\u2028", "\x0c")
"""What edits type; the form feed and U+2028 are no line breaks to the protocol (``str.splitlines`` would
make them two)."""


# ---------------------------------------------------------------------------- the client
class RawClient(StdioClient):
    """The server over stdio, keeping what it publishes and any error it shows."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv, cwd=ROOT)
        self.published: dict[str, list[tuple[int | None, list[dict]]]] = {}
        self.errors_shown: list[str] = []
        self.arrived = asyncio.Event()

    def on_notification(self, method: str, params: Any, now: float) -> None:
        if method == "textDocument/publishDiagnostics":
            self.published.setdefault(params["uri"], []).append((params.get("version"), params["diagnostics"]))
            self.arrived.set()
        elif method in ("window/showMessage", "window/logMessage") and params.get("type") == 1:
            self.errors_shown.append(params.get("message", ""))

    async def call(self, method: str, params: Any, timeout: float = ANSWER_TIMEOUT) -> dict:
        return await super().call(method, params, timeout)


def rss_kib(pid: int) -> int:
    """The process's resident set (VmRSS) in KiB; 0 where ``/proc`` cannot tell."""
    return memory_kib(Path(f"/proc/{pid}/status"))[0] or 0


# ---------------------------------------------------------------------------- expected diagnostics
def utf16_position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return line, len(text[start:offset].encode("utf-16-le")) // 2


def expected_diagnostics(text: str) -> set[tuple]:
    """What a fresh check of ``text`` reports, as the server's options (no target) would, in LSP terms."""
    from nvgpu_ls.analysis.document import Document
    from nvgpu_ls.verify import CheckOptions, check_document

    doc = Document(text)
    return {(*utf16_position(text, d.start), *utf16_position(text, d.end), d.code, d.full_message)
            for d in check_document(doc, CheckOptions())}


def published_set(diagnostics: list[dict]) -> set[tuple]:
    return {(d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["line"],
             d["range"]["end"]["character"], d.get("code"), d["message"]) for d in diagnostics}


# ---------------------------------------------------------------------------- the storm
def seed_texts(rng: random.Random) -> list[str]:
    """The seed files and broken variants of them (truncated, a line dropped, a line doubled)."""
    texts = [p.read_text() for p in sorted(SEEDS.glob("*.mlir"))]
    variants = []
    for text in texts:
        lines = text.splitlines(keepends=True)
        variants.append(text[: rng.randrange(len(text) + 1)])
        drop = rng.randrange(len(lines))
        variants.append("".join(lines[:drop] + lines[drop + 1:]))
        dup = rng.randrange(len(lines))
        variants.append("".join(lines[: dup + 1] + lines[dup:]))
    return texts + variants


@dataclass
class Mirror:
    """What the client believes one open document holds."""

    uri: str
    version: int
    text: str
    valid: bool
    """A ``valid-*`` document: every edit range it is sent lies inside the text."""


@dataclass
class StressReport:
    seed: int
    rounds: int = 0
    requests: int = 0
    answered: int = 0
    cancelled: int = 0
    errors: int = 0
    cancels_sent: int = 0
    notifications: int = 0
    invalid_edits: int = 0
    documents_compared: int = 0
    diagnostics_compared: int = 0
    cli_compared: int = 0
    baseline_rss_kib: int = 0
    peak_rss_kib: int = 0
    final_rss_kib: int = 0
    baseline_status: dict = field(default_factory=dict)
    """``nvgpu-ls/serverStatus`` after the warm-up, before the storm."""
    rss_by_minute: list[int] = field(default_factory=list)
    """RSS (KiB) at the first round of each minute of the storm: flat when nothing leaks."""
    final_status: dict = field(default_factory=dict)
    """``nvgpu-ls/serverStatus`` once everything was closed."""
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"seed {self.seed}: {self.rounds} rounds in {self.seconds:.1f}s, {self.notifications} notifications "
                f"({self.invalid_edits} invalid-range edits), {self.requests} requests: {self.answered} answered, "
                f"{self.cancelled} cancelled, {self.errors} other errors ({self.cancels_sent} cancels sent); "
                f"{self.documents_compared} documents' final diagnostics compared ({self.diagnostics_compared} diagnostics), "
                f"{self.cli_compared} also against --check; RSS baseline "
                f"{self.baseline_rss_kib // 1024} MiB, peak {self.peak_rss_kib // 1024} MiB, after closing "
                f"{self.final_rss_kib // 1024} MiB (by minute: {', '.join(str(k // 1024) for k in self.rss_by_minute)} MiB); "
                f"Python blocks {self.baseline_status.get('pythonBlocks')} before, "
                f"{self.final_status.get('pythonBlocks')} after the idle release; "
                f"problems: {len(self.problems)}")


def protocol_lines(text: str) -> list[str]:
    """``text``'s lines as the protocol counts them, each with its line break (``\n``, ``\r\n``
    or ``\r``); the last one may have none."""
    pieces = re.split(r"(\r\n|\r|\n)", text)
    lines = [pieces[i] + pieces[i + 1] for i in range(0, len(pieces) - 1, 2)]
    return lines + [pieces[-1]] if pieces[-1] else lines


def _units(line: str) -> int:
    """The UTF-16 length of a line without its line break."""
    return len(line.rstrip("\r\n").encode("utf-16-le")) // 2


def _position(rng: random.Random, lines: list[str]) -> dict:
    line = rng.randrange(len(lines) + 1)
    return {"line": line, "character": rng.randrange((_units(lines[line]) if line < len(lines) else 0) + 1)}


def _offset(text: str, line: int, character: int) -> int:
    """The str index of the UTF-16 position (line, character) of ``text``, by the protocol's rules."""
    lines = protocol_lines(text)
    if line >= len(lines):
        return len(text)
    start = sum(len(text_line) for text_line in lines[:line])
    body = lines[line].rstrip("\r\n")
    units = 0
    for i, ch in enumerate(body):
        if units >= character:
            return start + i
        units += len(ch.encode("utf-16-le")) // 2
    return start + len(body)


def apply_change(text: str, change: dict) -> str:
    """``text`` after one ``contentChanges`` entry, as the client means it."""
    if "range" not in change:
        return change["text"]
    a = _offset(text, **change["range"]["start"])
    b = _offset(text, **change["range"]["end"])
    a, b = min(a, b), max(a, b)
    return text[:a] + change["text"] + text[b:]


class Storm:
    def __init__(self, client: RawClient, seed: int, documents: int = 8) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.texts = seed_texts(self.rng)
        self.report = StressReport(seed)
        self.names = [f"valid-{i}.mlir" for i in range(documents // 2)] + \
                     [f"any-{i}.mlir" for i in range(documents - documents // 2)]
        self.open: dict[str, Mirror] = {}
        self.closed: set[str] = set()
        self.futures: list[tuple[int, asyncio.Future]] = []
        self.serial = 0

    def uri(self, name: str) -> str:
        return f"file:///nvgpu-ls-stress/{name}"

    # ------------------------------------------------------------------ notifications
    def did_open(self, name: str) -> None:
        uri = self.uri(name)
        text = self.rng.choice(self.texts)
        self.serial += 1
        mirror = Mirror(uri, self.serial, text, name.startswith("valid-"))
        self.open[name] = mirror
        self.closed.discard(name)
        self.client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": mirror.version, "text": text}})

    def did_close(self, name: str) -> None:
        del self.open[name]
        self.closed.add(name)
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": self.uri(name)}})

    def did_change(self, name: str) -> None:
        mirror = self.open[name]
        rng, changes = self.rng, []
        for _ in range(rng.randint(1, 4)):
            lines = protocol_lines(mirror.text) or [""]
            roll = rng.random()
            if roll < 0.1:
                change: dict = {"text": rng.choice(self.texts)}
            else:
                start, end = sorted((_position(rng, lines), _position(rng, lines)),
                                    key=lambda p: (p["line"], p["character"]))
                if rng.random() < 0.6:  # mostly short edits, as typing makes
                    end = dict(start)
                    if rng.random() < 0.5:
                        end["character"] += rng.randint(0, 3)
                        end["character"] = min(end["character"],
                                               _units(lines[start["line"]]) if start["line"] < len(lines) else 0)
                text = rng.choice(SNIPPETS) if rng.random() < 0.8 else ""
                if not mirror.valid and roll > 0.8:  # an invalid range
                    self.report.invalid_edits += 1
                    kind = rng.randrange(3)
                    if kind == 0:    # past the end of the line
                        end = {"line": end["line"], "character": end["character"] + rng.randint(1, 500)}
                    elif kind == 1:  # reversed
                        start, end = end, start
                        if start == end:
                            start = {"line": start["line"] + 1, "character": start["character"]}
                    else:            # lines beyond the document
                        beyond = len(lines) + rng.randint(0, 50)
                        start = {"line": beyond, "character": rng.randint(0, 80)}
                        end = {"line": beyond + rng.randint(0, 5), "character": rng.randint(0, 80)}
                change = {"range": {"start": start, "end": end}, "text": text}
            changes.append(change)
            mirror.text = apply_change(mirror.text, change)
        self.serial += 1
        mirror.version = self.serial
        self.client.notify("textDocument/didChange", {
            "textDocument": {"uri": mirror.uri, "version": mirror.version}, "contentChanges": changes})

    # ------------------------------------------------------------------ requests
    def send_request(self, name: str) -> None:
        method = self.rng.choice(REQUESTS)
        mirror = self.open.get(name)
        lines = protocol_lines(mirror.text if mirror else "") or [""]
        position = _position(self.rng, lines)
        if self.rng.random() < 0.05:  # a position off the document
            position = {"line": position["line"] + 1000, "character": position["character"] + 1000}
        params: dict = {"textDocument": {"uri": self.uri(name)}, "position": position}
        if method == "textDocument/codeAction":
            params = {"textDocument": params["textDocument"], "range": {"start": position, "end": position},
                      "context": {"diagnostics": []}}
        elif method == "textDocument/completion":
            params["context"] = {"triggerKind": 1}
        request_id, future, _ = self.client.request(method, params)
        self.futures.append((request_id, future))
        self.report.requests += 1

    def send_cancel(self) -> None:
        if not self.futures:
            return
        request_id, _ = self.rng.choice(self.futures[-20:])
        self.client.notify("$/cancelRequest", {"id": request_id})
        self.report.cancels_sent += 1

    async def burst(self, size: int) -> None:
        rng = self.rng
        for _ in range(size):
            name = rng.choice(self.names)
            roll = rng.random()
            if name not in self.open:
                if roll < 0.8:
                    self.did_open(name)
                    self.report.notifications += 1
                else:
                    self.send_request(name)  # a request on a closed document
            elif roll < 0.45:
                self.did_change(name)
                self.report.notifications += 1
            elif roll < 0.5:
                self.did_close(name)
                self.report.notifications += 1
            elif roll < 0.9:
                self.send_request(name)
            else:
                self.send_cancel()
        await self.client.drain()

    async def settle(self) -> None:
        """Await every request sent so far and classify the answers."""
        report = self.report
        for request_id, future in self.futures:
            try:
                _, message = await asyncio.wait_for(future, ANSWER_TIMEOUT)
            except (Exception, asyncio.TimeoutError) as exc:  # noqa: BLE001
                report.problems.append(f"request {request_id} got no answer: {exc!r}")
                continue
            error = message.get("error")
            if error is None:
                report.answered += 1
            elif error.get("code") in CANCELLED:
                report.cancelled += 1
            else:
                report.errors += 1
                report.problems.append(f"request {request_id} failed: {error}")
        self.futures.clear()

    async def check_nothing_retained(self, patience: float = 5.0 + IDLE_RELEASE) -> None:
        """After every document is closed, the server's own account of what it holds is empty
        and its idle release has run (asked again for up to ``patience`` seconds: finished
        handlers are forgotten on the loop, the release waits ``IDLE_RELEASE``)."""
        deadline = time.monotonic() + patience
        while True:
            answer = await self.client.call("nvgpu-ls/serverStatus", None)
            status = answer.get("result")
            if not isinstance(status, dict):
                self.report.problems.append(f"nvgpu-ls/serverStatus failed: {answer.get('error')}")
                return
            self.report.final_status = status
            left = {key: status[key] for key in ("openDocuments", "textDocuments", "handlersInFlight",
                                                 "requestsToClient") if status.get(key)}
            if not status.get("memoryReleases"):
                left["memoryReleases"] = 0  # the idle release has not run yet
            if not left:
                return
            if time.monotonic() > deadline:
                self.report.problems.append(f"after closing every document the server still holds {left}")
                return
            await asyncio.sleep(0.1)

    async def final_diagnostics(self, timeout: float = ANSWER_TIMEOUT) -> None:
        """Wait until each open document's final version is published, then compare with a fresh check."""
        client, report = self.client, self.report
        deadline = time.monotonic() + timeout
        for name, mirror in sorted(self.open.items()):
            while not any(v == mirror.version for v, _ in client.published.get(mirror.uri, ())):
                if time.monotonic() > deadline or not client.alive:
                    report.problems.append(f"{name}: version {mirror.version} was never published")
                    break
                client.arrived.clear()
                try:
                    await asyncio.wait_for(client.arrived.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
        await asyncio.sleep(0.5)  # anything published late (and stale) would show up now
        for name, mirror in sorted(self.open.items()):
            text = mirror.text
            published = client.published.get(mirror.uri, [])
            if not published:
                continue
            version, diagnostics = published[-1]
            if version != mirror.version:
                report.problems.append(f"{name}: last publication is for version {version}, not {mirror.version}")
                continue
            want, got = expected_diagnostics(text), published_set(diagnostics)
            report.documents_compared += 1
            report.diagnostics_compared += len(want)
            if want != got:
                report.problems.append(f"{name}: final diagnostics differ from a fresh check: "
                                       f"missing {sorted(want - got)[:3]}, stale {sorted(got - want)[:3]}")
        await self.cli_cross_check()
        for name in sorted(self.closed):
            published = client.published.get(self.uri(name), [])
            if published and published[-1][1]:
                report.problems.append(f"{name}: closed, but its last publication is not empty")


    async def cli_cross_check(self) -> None:
        """The same final texts through a fresh ``python -m nvgpu_ls --check --format json``: its
        diagnostics (line, code, message; and the column on ASCII lines) must be the published ones."""
        if not self.open:
            return
        with tempfile.TemporaryDirectory(prefix="nvgpu-ls-stress-") as folder:
            paths = {}
            for name, mirror in sorted(self.open.items()):
                path = Path(folder) / name
                path.write_text(mirror.text, encoding="utf-8", newline="")
                paths[str(path)] = mirror
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "nvgpu_ls", "--check", "--format", "json", *paths,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=folder)
            out, err = await asyncio.wait_for(proc.communicate(), ANSWER_TIMEOUT)
        try:
            found = json.loads(out)
        except ValueError:
            self.report.problems.append(f"--check printed no JSON: {out[:300]!r} {err[-2000:]!r}")
            return
        checked: dict[str, set[tuple]] = {path: set() for path in paths}
        for d in found:
            shown = shown_message(d["message"], d.get("explanation", ""))  # as the editor shows it
            checked.setdefault(d["file"], set()).add((d["range"]["start"]["line"] - 1, d["range"]["start"]["column"] - 1,
                                                      d["code"], shown))
        for path, mirror in paths.items():
            published = self.client.published.get(mirror.uri, [])
            if not published or published[-1][0] != mirror.version:
                continue
            lines = mirror.text.split("\n")
            def key(line: int, column: int, code: str, message: str) -> tuple:
                ascii_line = line < len(lines) and lines[line].isascii()
                return (line, column if ascii_line else None, code, message)
            got = {key(d["range"]["start"]["line"], d["range"]["start"]["character"], d.get("code"), d["message"])
                   for d in published[-1][1]}
            want = {key(*k) for k in checked.get(path, set())}
            self.report.cli_compared += 1
            if got != want:
                self.report.problems.append(f"{Path(path).name}: published diagnostics differ from --check's: "
                                            f"missing {sorted(want - got, key=repr)[:3]}, "
                                            f"stale {sorted(got - want, key=repr)[:3]}")


async def run_stress(seconds: float = 20.0, seed: int = 1, rounds: int | None = None, burst: int = 60,
                     documents: int = 8) -> StressReport:
    """Storm a fresh server for ``rounds`` bursts (or until ``seconds`` have passed) and check every invariant."""
    client = RawClient([sys.executable, "-m", "nvgpu_ls"])
    await client.start()
    started = time.monotonic()
    storm = Storm(client, seed, documents)
    report = storm.report
    try:
        init = await client.call("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                                "initializationOptions": {"idleMemoryRelease": IDLE_RELEASE}})
        if "error" in init:
            report.problems.append(f"initialize failed: {init['error']}")
            return report
        client.notify("initialized", {})
        # warm up (imports, grammars) on one document, so that the baseline is the working server's
        for text in storm.texts[:3]:
            uri = storm.uri("warmup.mlir")
            client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mlir",
                                                                    "version": 1, "text": text}})
            await client.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                     "position": {"line": 3, "character": 5}})
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        await client.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        # what the server builds once while idle after its first file is part of the working server
        deadline = time.monotonic() + 30
        while True:
            report.baseline_status = (await client.call("nvgpu-ls/serverStatus", None)).get("result") or {}
            if report.baseline_status.get("warmedUp", True) or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.05)
        report.baseline_rss_kib = rss_kib(client.pid)
        while client.alive:
            if rounds is not None and report.rounds >= rounds:
                break
            if rounds is None and time.monotonic() - started > seconds:
                break
            await storm.burst(burst)
            report.rounds += 1
            rss = rss_kib(client.pid)
            report.peak_rss_kib = max(report.peak_rss_kib, rss)
            elapsed = time.monotonic() - started
            if elapsed >= len(report.rss_by_minute) * 60:
                report.rss_by_minute.append(rss)
            if report.rounds % 4 == 0:
                await storm.settle()
        await storm.settle()
        await storm.final_diagnostics()
        report.peak_rss_kib = max(report.peak_rss_kib, rss_kib(client.pid) if client.alive else 0)
        # close everything, then a few more requests, and read the memory again
        for name in list(storm.open):
            storm.did_close(name)
        for name in storm.names:
            storm.send_request(name)
        await client.drain()
        await storm.settle()
        if client.alive:
            await asyncio.sleep(0.5)
            await storm.check_nothing_retained()
            report.final_rss_kib = rss_kib(client.pid)
            before, after = report.baseline_status.get("pythonBlocks"), report.final_status.get("pythonBlocks")
            if isinstance(before, int) and isinstance(after, int) and after > before + max(before // 20, 20_000):
                report.problems.append(f"after closing everything the server's live Python blocks are {after:,}, "
                                       f"baseline {before:,}: something is still held")
            bound = max(report.baseline_rss_kib * 1.5, report.baseline_rss_kib + 100 * 1024)
            if report.final_rss_kib > bound:
                report.problems.append(f"RSS after closing everything {report.final_rss_kib} KiB > {bound:.0f} KiB "
                                       f"(baseline {report.baseline_rss_kib} KiB)")
        if not client.alive:
            report.problems.append(f"the server died (exit status {client.proc.returncode if client.proc else None})")
    finally:
        alive = client.alive
        await client.stop()
        report.seconds = time.monotonic() - started
        stderr = client.stderr.decode(errors="replace")
        if "Traceback" in stderr:
            index = stderr.index("Traceback")
            report.problems.append(f"the server's stderr holds a traceback: {stderr[max(0, index - 300):index + 2000]}")
        if client.errors_shown:
            report.problems.append(f"the server reported errors: {client.errors_shown[:3]}")
        if not alive and not any("died" in p for p in report.problems):
            report.problems.append("the server died")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--burst", type=int, default=60)
    parser.add_argument("--documents", type=int, default=8)
    args = parser.parse_args(argv)
    report = asyncio.run(run_stress(args.seconds, args.seed, burst=args.burst, documents=args.documents))
    print(report.summary())
    for problem in report.problems:
        print(" -", problem[:3000])
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
