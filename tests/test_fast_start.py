"""``initialize`` answered before the LSP stack is imported (``fast_start``), and the server
taking over what was read (issue 21)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nvgpu_ls import fast_start
from nvgpu_ls.stdio import PipeReader

CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]},
                "textDocument": {"publishDiagnostics": {"versionSupport": True}}}
BROKEN = "func.func @f() {\n  %x = arith.addi %y, %y : i32\n  return\n}\n"


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """``python -m nvgpu_ls`` over pipes, every message it writes read on a thread."""

    def __init__(self, cache: Path) -> None:
        env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
        self.proc = subprocess.Popen([sys.executable, "-m", "nvgpu_ls"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.messages: list[dict] = []
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n")
                          if line.lower().startswith(b"content-length"))
            message = json.loads(stream.read(length))
            if "method" in message and "id" in message:  # a request of the server's: answered null
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            with self.arrived:
                self.messages.append(message)
                self.arrived.notify_all()

    def send(self, message: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(frame(message))
        self.proc.stdin.flush()

    def wait_for(self, test, timeout: float = 60.0) -> dict:
        with self.arrived:
            assert self.arrived.wait_for(lambda: any(test(m) for m in self.messages), timeout), self.messages
            return next(m for m in self.messages if test(m))

    def session(self, capabilities: dict) -> tuple[dict, dict]:
        """initialize, open BROKEN, its diagnostics, shutdown: (initialize result, diagnostics params)."""
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"processId": None, "rootUri": None, "capabilities": capabilities}})
        # sent at once, as editors do: they reach the server while it is still importing
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///k.mlir", "languageId": "mlir", "version": 1, "text": BROKEN}}})
        result = self.wait_for(lambda m: m.get("id") == 1)["result"]
        published = self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]
        self.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        self.wait_for(lambda m: m.get("id") == 2)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        assert self.proc.wait(30) == 0, self.proc.stderr.read() if self.proc.stderr else ""
        assert [m.get("id") for m in self.messages].count(1) == 1, "initialize answered twice"
        return result, published


def _kept(cache: Path) -> list[Path]:
    return sorted((cache / "nvgpu-ls" / "initialize").glob("*.json"))


def test_the_second_start_answers_from_what_the_first_kept_and_the_server_takes_over(tmp_path):
    first, diagnostics = Server(tmp_path).session(CAPABILITIES)
    [kept] = _kept(tmp_path)
    assert json.loads(kept.read_text()) == first
    second, again = Server(tmp_path).session(CAPABILITIES)
    assert second == first and again == diagnostics
    assert {d["code"] for d in again["diagnostics"]} == {"ssa.undefined"}


def test_other_capabilities_get_an_answer_of_their_own(tmp_path):
    Server(tmp_path).session(CAPABILITIES)
    other = {**CAPABILITIES, "textDocument": {"rename": {"prepareSupport": True}}}
    result, _ = Server(tmp_path).session(other)
    assert len(_kept(tmp_path)) == 2 and isinstance(result["capabilities"]["renameProvider"], dict)


def test_a_kept_answer_that_is_wrong_is_replaced_by_the_servers_own(tmp_path):
    truth, _ = Server(tmp_path).session(CAPABILITIES)
    [kept] = _kept(tmp_path)
    kept.write_text(json.dumps({"capabilities": {"hoverProvider": False}}))
    sent, _ = Server(tmp_path).session(CAPABILITIES)
    assert sent == {"capabilities": {"hoverProvider": False}}  # what was kept went out first
    assert json.loads(kept.read_text()) == truth  # and the next start sends the right one


def test_an_unreadable_kept_answer_is_not_sent(tmp_path):
    Server(tmp_path).session(CAPABILITIES)
    [kept] = _kept(tmp_path)
    kept.write_text("{not json")
    result, _ = Server(tmp_path).session(CAPABILITIES)
    assert "hoverProvider" in result["capabilities"]


@pytest.mark.parametrize("data", [b"", b"Content-Length: 5\r\n\r\n{bad}", b"garbage without headers",
                                  frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})])
def test_a_first_message_that_is_no_initialize_is_left_to_the_server(data, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    handover = fast_start.answer_initialize(read, stdout=None)
    os.close(read)
    assert handover.prefix == data and handover.answered is False
    assert fast_start.take_handover() is handover and fast_start.take_handover() is None


def test_bytes_read_past_the_first_message_reach_the_server_first():
    async def read_all() -> list[bytes]:
        read, write = os.pipe()
        os.write(write, b"tail line\nrest")
        os.close(write)
        reader = PipeReader(os.fdopen(read, "rb"), prefix=b"Content-Length: 4\r\n\r\nbodyhead ")
        found = [await reader.readline(), await reader.readline(), await reader.readexactly(4)]
        found.append(await reader.readline())
        found.append(await reader.readexactly(4))
        return found

    assert asyncio.run(read_all()) == [b"Content-Length: 4\r\n", b"\r\n", b"body", b"head tail line\n", b"rest"]
