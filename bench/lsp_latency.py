"""Editor-visible latency of the language server, beside Debian's ``mlir-lsp-server-22`` in the same run.

    python3 bench/lsp_latency.py [--sizes 300,5000,20000] [--edits 50] [--requests 20] [--opens 3]
                                 [--mode valid|alternate] [--servers nvgpu-ls,mlir-lsp-server-22]
                                 [--client vscode|minimal] [--json]

For each generated file (``bench/generate.py``: one gpu.module of sm_90 kernels that
``mlir-opt-22`` reads as they are; both servers publish no error for it) every server is
started over stdio, initialized, and then timed as an editor drives it:

* start: the process spawned → its answer to ``initialize`` (the editor can send files);
* open: ``didOpen`` → the ``publishDiagnostics`` of that version (``--opens`` times, closing
  in between; the first open of a fresh process is reported on its own). nvgpu-ls first
  publishes the diagnostics of the functions on the file's first screen (announced by an
  ``nvgpu-ls/partialDiagnostics`` notification, ``verify/first_look.py``), then those of the
  whole file: "open → first" times the first publication, "open → all" the complete one;
  mlir-lsp-server-22 publishes once, so both are the same for it;
* edit: ``--edits`` one-character incremental ``didChange``\\ s inside one function (the
  last digit of ``arith.constant 16``, cycled through 0-9 so every edit keeps the file
  valid; ``--mode alternate`` makes every other edit a syntax error, ``--mode insert``
  types a digit and deletes it in turn, so that the text after the edit moves), each timed from
  ``didChange`` to the ``publishDiagnostics`` of its version. The next edit is sent only
  once those diagnostics are in, which is how an isolated keystroke behaves (nvgpu-ls
  analyses the first change after a quiet period at once; only bursts are debounced);
* hover on an op name, completion after ``nvgpu.`` (where mlir-lsp-server offers nothing)
  and completion where an op name starts (where it offers dialect names), ``--requests``
  of each; where a server resolves completion items, ``completionItem/resolve`` of the op
  under the cursor from that last list.

The client declares the completion capabilities VS Code declares (``--client vscode``, the
default: documentation resolved on demand, one edit range and ``data`` for a whole list);
``--client minimal`` declares none of them, like Neovim 0.7.2, so every item carries its
documentation and its own edit.

The servers take turns step by step (one edit on one, the same edit on the other, the
order swapped every step), so that a busy machine slows both alike. Figures are medians
and 95th percentiles in milliseconds; the ratio column is nvgpu-ls / mlir-lsp-server-22.
The client is a minimal JSON-RPC client of its own (no pygls on the client side), so the
timings hold the servers' work and the pipes only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import say_core  # noqa: E402
from generate import edit_site, generate  # noqa: E402

from fuzz.stdio_client import StdioClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
UPSTREAM = "mlir-lsp-server-22"
OURS = "nvgpu-ls"
PARTIAL = "nvgpu-ls/partialDiagnostics"
TIMEOUT = 600.0


# ---------------------------------------------------------------------------- the client
class Client(StdioClient):
    """One server process over stdio, with every publishDiagnostics timestamped."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv, cwd=ROOT)
        self.diagnostics: dict[tuple[str, int | None], tuple[float, list[dict]]] = {}
        """(uri, version) → (arrival time, diagnostics) of the complete publishDiagnostics."""
        self.first_diagnostics: dict[tuple[str, int | None], tuple[float, list[dict]]] = {}
        """(uri, version) → (arrival time, diagnostics) of the first publishDiagnostics, partial or not."""
        self.partial: set[tuple[str, int | None]] = set()
        """Versions announced partial whose partial publication has not come yet."""
        self.arrived = asyncio.Event()
        self.capabilities: dict = {}

    def on_notification(self, method: str, params: Any, now: float) -> None:
        if method == PARTIAL:
            self.partial.add((params["uri"], params.get("version")))
        elif method == "textDocument/publishDiagnostics":
            key = (params["uri"], params.get("version"))
            self.first_diagnostics.setdefault(key, (now, params["diagnostics"]))
            if key in self.partial:
                self.partial.discard(key)
                return
            self.diagnostics[key] = (now, params["diagnostics"])
            self.arrived.set()

    async def timed_request(self, method: str, params: Any) -> tuple[float, Any]:
        """Send a request; (seconds until its response, the result)."""
        _, future, sent = self.request(method, params)
        await self.drain()
        arrived, message = await asyncio.wait_for(future, TIMEOUT)
        if "error" in message:
            raise RuntimeError(f"{method} failed: {message['error']}")
        return arrived - sent, message.get("result")

    async def timed_notify(self, method: str, params: Any) -> float:
        """Send a notification; when it was sent."""
        sent = self.notify(method, params)
        await self.drain()
        return sent

    async def diagnostics_for(self, uri: str, version: int) -> tuple[float, list[dict]]:
        async def arrived() -> tuple[float, list[dict]]:
            while (uri, version) not in self.diagnostics:
                self.arrived.clear()
                await self.arrived.wait()
            return self.diagnostics[(uri, version)]
        return await asyncio.wait_for(arrived(), TIMEOUT)

    async def initialize(self, root: Path, client: str = "vscode") -> None:
        _, result = await self.timed_request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {
                "textDocument": {
                    "synchronization": {"didSave": False, "dynamicRegistration": False},
                    "publishDiagnostics": {"versionSupport": True, "relatedInformation": True},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "completion": COMPLETION_CAPABILITIES[client],
                },
                "general": {"positionEncodings": ["utf-16"]},
            }})
        self.capabilities = result.get("capabilities", {})
        await self.timed_notify("initialized", {})

    @property
    def incremental_sync(self) -> bool:
        sync = self.capabilities.get("textDocumentSync")
        kind = sync.get("change") if isinstance(sync, dict) else sync
        return kind == 2


COMPLETION_CAPABILITIES = {
    "vscode": {"completionItem": {"snippetSupport": False, "labelDetailsSupport": True,
                                  "documentationFormat": ["markdown", "plaintext"],
                                  "resolveSupport": {"properties": ["documentation", "detail", "additionalTextEdits"]}},
               "completionList": {"itemDefaults": ["commitCharacters", "editRange", "insertTextFormat",
                                                  "insertTextMode", "data"]},
               "contextSupport": True},
    "minimal": {"completionItem": {"snippetSupport": False}},
}
"""What the client says of completion: VS Code's declaration (as its language client sends it), or none."""


# ---------------------------------------------------------------------------- the scenario
@dataclass
class Result:
    server: str
    lines: int
    open_s: list[float] = field(default_factory=list)
    """didOpen → the complete diagnostics."""
    open_first_s: list[float] = field(default_factory=list)
    """didOpen → the first diagnostics (a first look's, where the server sends one)."""
    edit_s: list[float] = field(default_factory=list)
    hover_s: list[float] = field(default_factory=list)
    completion_s: list[float] = field(default_factory=list)
    open_errors: int = 0
    """Error-level diagnostics published for the untouched file (should be zero for both)."""
    edit_errors: list[int] = field(default_factory=list)
    hover_empty: int = 0
    completion_items: int = 0
    op_completion_s: list[float] = field(default_factory=list)
    op_completion_items: int = 0
    resolve_s: list[float] = field(default_factory=list)
    start_s: float | None = None
    """Process spawned → ``initialize`` answered."""


def position(text: str, offset: int) -> dict:
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    return {"line": line, "character": column}


def server_argv(name: str) -> list[str]:
    if name == OURS:
        return [sys.executable, "-m", "nvgpu_ls"]
    return [shutil.which(name) or name]


class Session:
    """One server with the generated file open; each step is timed on its own."""

    def __init__(self, name: str, text: str, path: Path, mode: str, client: str = "vscode") -> None:
        self.name = name
        self.client_kind = client
        self.last_items: list[dict] = []
        self.last_defaults: dict = {}
        self.client = Client(server_argv(name))
        self.text = self.current = text
        self.path = path
        self.uri = path.as_uri()
        self.mode = mode
        self.version = 0
        self.result = Result(name, text.count("\n"))
        self.kernels = len(re.findall(r"@kernel_\d+\(", text))
        self.site = edit_site(text, self.kernels // 2)  # just after "arith.constant 1": the "6" of 16

    async def start(self) -> None:
        started = time.perf_counter()
        await self.client.start()
        await self.client.initialize(self.path.parent, self.client_kind)
        self.result.start_s = time.perf_counter() - started

    async def open(self) -> None:
        self.version += 1
        self.current = self.text
        sent = await self.client.timed_notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "mlir", "version": self.version, "text": self.text}})
        arrived, diagnostics = await self.client.diagnostics_for(self.uri, self.version)
        self.result.open_s.append(arrived - sent)
        self.result.open_first_s.append(self.client.first_diagnostics[(self.uri, self.version)][0] - sent)
        self.result.open_errors = sum(1 for d in diagnostics if d.get("severity", 1) == 1)

    async def close(self) -> None:
        await self.client.timed_notify("textDocument/didClose", {"textDocument": {"uri": self.uri}})

    async def edit(self, i: int) -> None:
        self.version += 1
        site, current = self.site, self.current
        replaced = 1
        if self.mode == "alternate" and i % 2 == 0:
            char = "%"  # ``arith.constant 1%``: a syntax error, mended by the next edit
        elif self.mode == "insert":  # type a digit (``16`` → ``176``), then delete it again
            char, replaced = ("7", 0) if i % 2 == 0 else ("", 1)
        else:
            char = str(i % 10) if current[site] != str(i % 10) else str((i + 1) % 10)
        new = current[:site] + char + current[site + replaced:]
        if self.client.incremental_sync:
            start = position(current, site)
            end = {"line": start["line"], "character": start["character"] + replaced}
            change = {"range": {"start": start, "end": end}, "text": char}
        else:
            change = {"text": new}
        self.current = new
        sent = await self.client.timed_notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [change]})
        arrived, diagnostics = await self.client.diagnostics_for(self.uri, self.version)
        self.result.edit_s.append(arrived - sent)
        self.result.edit_errors.append(sum(1 for d in diagnostics if d.get("severity", 1) == 1))

    def _in_kernel(self, needle: str, after: int) -> dict:
        head = self.current.index(f"@kernel_{self.kernels // 2}(")
        return position(self.current, self.current.index(needle, head) + after)

    async def hover(self) -> None:
        """Hover on the name of an ``nvgpu.mma.sync`` in the edited function."""
        elapsed, found = await self.client.timed_request("textDocument/hover", {
            "textDocument": {"uri": self.uri}, "position": self._in_kernel("nvgpu.mma.sync", len("nvgpu.mm"))})
        self.result.hover_s.append(elapsed)
        self.result.hover_empty += found is None

    async def completion(self) -> None:
        """Completion just after ``nvgpu.`` of an op name in the edited function."""
        elapsed, found = await self.client.timed_request("textDocument/completion", {
            "textDocument": {"uri": self.uri}, "position": self._in_kernel("nvgpu.ldmatrix", len("nvgpu.")),
            "context": {"triggerKind": 2, "triggerCharacter": "."}})
        self.result.completion_s.append(elapsed)
        self.result.completion_items = _count(found)

    async def op_completion(self) -> None:
        """Completion where an op name starts (``%a = |nvgpu.ldmatrix``), invoked: mlir-lsp-server
        completes op and dialect names there, while after ``nvgpu.`` it offers nothing."""
        elapsed, found = await self.client.timed_request("textDocument/completion", {
            "textDocument": {"uri": self.uri}, "position": self._in_kernel("nvgpu.ldmatrix", 0),
            "context": {"triggerKind": 1}})
        self.result.op_completion_s.append(elapsed)
        self.result.op_completion_items = _count(found)
        self.last_items = found.get("items", []) if isinstance(found, dict) else (found or [])
        self.last_defaults = (found.get("itemDefaults") or {}) if isinstance(found, dict) else {}

    async def resolve(self) -> None:
        """``completionItem/resolve`` of ``nvgpu.ldmatrix`` from the last op-name list (as an editor
        asks for the item it highlights), with the list's default ``data`` filled in as a client does."""
        provider = self.client.capabilities.get("completionProvider") or {}
        chosen = next((item for item in self.last_items if item.get("label") == "nvgpu.ldmatrix"), None)
        if not provider.get("resolveProvider") or chosen is None:
            return
        if "data" not in chosen and "data" in self.last_defaults:
            chosen = {**chosen, "data": self.last_defaults["data"]}
        elapsed, found = await self.client.timed_request("completionItem/resolve", chosen)
        if not isinstance(found, dict) or not found.get("documentation"):
            raise RuntimeError(f"{self.name} resolved nvgpu.ldmatrix without documentation: {found!r}"[:300])
        self.result.resolve_s.append(elapsed)

    async def stop(self) -> None:
        await self.client.stop()


def _count(found: Any) -> int:
    items = found.get("items", []) if isinstance(found, dict) else (found or [])
    return len(items)


async def measure(names: list[str], text: str, path: Path, args: argparse.Namespace) -> list[Result]:
    """Every step on every server, the servers taking turns (first one, then the other, the
    order swapped each step), so that a busy machine slows both alike."""
    sessions = [Session(name, text, path, args.mode, args.client) for name in names]
    try:
        for session in sessions:
            await session.start()

        async def each(step: int, action) -> None:
            order = sessions if step % 2 == 0 else list(reversed(sessions))
            for session in order:
                await action(session)

        for i in range(args.opens):
            await each(i, lambda s: s.open())
            if i + 1 < args.opens:
                await each(i, lambda s: s.close())
        for i in range(args.edits):
            await each(i, lambda s, i=i: s.edit(i))
        for i in range(args.requests):
            await each(i, lambda s: s.hover())
        for i in range(args.requests):
            await each(i, lambda s: s.completion())
        for i in range(args.requests):
            await each(i, lambda s: s.op_completion())
        for i in range(args.requests):
            await each(i, lambda s: s.resolve())
        await each(0, lambda s: s.close())
    finally:
        for session in sessions:
            await session.stop()
    return [session.result for session in sessions]


# ---------------------------------------------------------------------------- report
def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def summary(result: Result) -> dict:
    def stats(samples: list[float]) -> dict:
        return {"median_ms": statistics.median(samples) * 1000, "p95_ms": p95(samples) * 1000,
                "max_ms": max(samples) * 1000, "samples": len(samples)} if samples else {}
    return {"server": result.server, "lines": result.lines, "open": stats(result.open_s),
            "open_first": stats(result.open_first_s),
            "first_open_ms": result.open_s[0] * 1000 if result.open_s else None,
            "first_open_first_ms": result.open_first_s[0] * 1000 if result.open_first_s else None,
            "start_ms": result.start_s * 1000 if result.start_s is not None else None,
            "edit": stats(result.edit_s), "hover": stats(result.hover_s), "completion": stats(result.completion_s),
            "op_completion": stats(result.op_completion_s), "resolve": stats(result.resolve_s),
            "open_errors": result.open_errors, "edit_errors": sorted(set(result.edit_errors)),
            "hover_empty": result.hover_empty, "completion_items": result.completion_items,
            "op_completion_items": result.op_completion_items}


def table(rows: list[dict]) -> str:
    out = []
    header = f"{'lines':>6}  {'metric':<22} {'nvgpu-ls':>12} {UPSTREAM:>20} {'ratio':>7}"
    out.append(header)
    out.append("-" * len(header))
    by_lines: dict[int, dict[str, dict]] = {}
    for row in rows:
        by_lines.setdefault(row["lines"], {})[row["server"]] = row
    for lines, servers in by_lines.items():
        ours, theirs = servers.get(OURS), servers.get(UPSTREAM)
        metrics = [("start → initialize", lambda r: r["start_ms"]),
                   ("first open → first", lambda r: r["first_open_first_ms"]),
                   ("first open → all", lambda r: r["first_open_ms"])]
        for what, label in (("open_first", "open → first"), ("open", "open → all"), ("edit", "edit"), ("hover", "hover"),
                            ("completion", "compl. nvgpu.|"), ("op_completion", "compl. |op"),
                            ("resolve", "compl. resolve")):
            metrics.append((f"{label} median", lambda r, w=what: r[w].get("median_ms")))
            metrics.append((f"{label} p95", lambda r, w=what: r[w].get("p95_ms")))
        for label, get in metrics:
            a = get(ours) if ours else None
            b = get(theirs) if theirs else None
            ratio = f"{a / b:.2f}x" if a is not None and b else "n/a"
            out.append(f"{lines:>6}  {label:<22} {_ms(a):>12} {_ms(b):>20} {ratio:>7}")
        out.append("        errors published for the generated file: " + ", ".join(
            f"{server['server']} {server['open_errors']}" for server in (ours, theirs) if server is not None)
            + "; while editing: " + ", ".join(
            f"{server['server']} {'/'.join(map(str, server['edit_errors'])) or '-'}"
            for server in (ours, theirs) if server is not None))
        for server in (ours, theirs):
            if server is None:
                continue
            if server["hover_empty"]:
                out.append(f"        note: {server['server']} answered {server['hover_empty']} hover(s) with nothing")
            for key, where in (("completion_items", "after nvgpu."), ("op_completion_items", "at an op name")):
                if not server[key]:
                    out.append(f"        note: {server['server']} offered no completion items {where}")
    return "\n".join(out)


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} ms"


async def run(args: argparse.Namespace) -> list[dict]:
    servers = [s for s in args.servers.split(",") if s]
    if UPSTREAM in servers and shutil.which(UPSTREAM) is None:
        print(f"{UPSTREAM} is not on PATH: timing nvgpu-ls alone", file=sys.stderr)
        servers.remove(UPSTREAM)
    rows = []
    with tempfile.TemporaryDirectory(prefix="nvgpu-ls-latency-") as tmp:
        for size in [int(s) for s in args.sizes.split(",") if s]:
            text = generate(size)
            path = Path(tmp) / f"gen_{size}.mlir"
            path.write_text(text)
            for result in await measure(servers, text, path, args):
                rows.append(summary(result))
                print(f"  {result.server:<20} {result.lines:>6} lines: open {statistics.median(result.open_first_s) * 1000:.0f}"
                      f" / {statistics.median(result.open_s) * 1000:.0f} ms (first / all), "
                      f"edit median {statistics.median(result.edit_s) * 1000:.1f} ms", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="300,5000,20000", help="generated file sizes in lines")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--requests", type=int, default=20, help="hover and completion requests each")
    parser.add_argument("--opens", type=int, default=3, help="times the file is opened (and closed again)")
    parser.add_argument("--mode", choices=("valid", "alternate", "insert"), default="valid",
                        help="valid: each edit replaces a digit, keeping the file valid; alternate: every other "
                             "edit is a syntax error; insert: type a digit and delete it again, in turn")
    parser.add_argument("--servers", default=f"{OURS},{UPSTREAM}")
    parser.add_argument("--client", choices=tuple(COMPLETION_CAPABILITIES), default="vscode",
                        help="the completion capabilities the client declares")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    args = parser.parse_args()
    if not args.json:
        say_core()
    rows = asyncio.run(run(args))
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(table(rows))


if __name__ == "__main__":
    main()
