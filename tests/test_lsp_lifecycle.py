"""The server keeps the protocol's rules with a client that breaks them (issue 16): every request
is answered, with the error code the specification names, and ``exit`` sets the status."""

from __future__ import annotations

import json
import subprocess
import sys

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def _hover(msg_id: int, position: object) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": "file:///k.mlir"}, "position": position}}


def _session(*messages: dict) -> tuple[int, dict[object, dict]]:
    """Send ``messages`` to a fresh server; its exit status and its answers by id."""
    data = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
                    for body in (json.dumps(m).encode() for m in messages))
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls"], input=data, capture_output=True, timeout=120)
    answers: dict[object, dict] = {}
    rest = result.stdout
    while rest:
        header, _, rest = rest.partition(b"\r\n\r\n")
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        body, rest = rest[:length], rest[length:]
        message = json.loads(body)
        if "id" in message and "method" not in message:
            answers[message["id"]] = message
    return result.returncode, answers


def test_requests_with_params_that_do_not_fit_are_answered_invalid_params() -> None:
    malformed = [
        _hover(10, {"line": -1, "character": 0}),
        _hover(11, "0:0"),
        {"jsonrpc": "2.0", "id": 12, "method": "textDocument/hover", "params": None},
        {"jsonrpc": "2.0", "id": 13, "method": "textDocument/references",
         "params": {"textDocument": {"uri": "file:///k.mlir"}, "position": {"line": 0, "character": 0}}},
    ]
    status, answers = _session(INIT, INITIALIZED, *malformed, _hover(14, {"line": 0, "character": 0}),
                               SHUTDOWN, EXIT)
    for msg_id in (10, 11, 12, 13):
        assert answers[msg_id]["error"]["code"] == -32602, answers.get(msg_id)
    assert "error" not in answers[14]  # the server goes on answering
    assert status == 0


def test_a_request_before_initialize_is_server_not_initialized() -> None:
    status, answers = _session(_hover(5, {"line": 0, "character": 0}), INIT, SHUTDOWN, EXIT)
    assert answers[5]["error"]["code"] == -32002
    assert "result" in answers[1] and status == 0


def test_a_second_initialize_and_requests_after_shutdown_are_invalid_requests() -> None:
    again = dict(INIT, id=8)
    status, answers = _session(INIT, INITIALIZED, again, SHUTDOWN, _hover(9, {"line": 0, "character": 0}), EXIT)
    assert answers[8]["error"]["code"] == -32600
    assert answers[9]["error"]["code"] == -32600
    assert status == 0


def test_exit_without_shutdown_is_status_1() -> None:
    assert _session(INIT, INITIALIZED, EXIT)[0] == 1
    assert _session(INIT, INITIALIZED, SHUTDOWN, EXIT)[0] == 0


def test_work_finishing_after_exit_is_dropped_and_the_server_exits_at_once() -> None:
    # Everything arrives in one read: the document's analysis and the hover are still running
    # when `exit` closes stdout; what they would send then is dropped, not an error to report.
    kernel = "gpu.module @m {\n" + "".join(
        f"  gpu.func @k{i}() kernel {{\n    %c = arith.constant {i} : index\n    gpu.return\n  }}\n"
        for i in range(400)) + "}\n"
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///k.mlir", "languageId": "mlir", "version": 1, "text": kernel}}}
    data = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in (
        json.dumps(m).encode() for m in (INIT, INITIALIZED, opened, _hover(3, {"line": 2, "character": 5}),
                                         SHUTDOWN, EXIT)))
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls"], input=data, capture_output=True, timeout=60)
    assert result.returncode == 0
    assert b"closed file" not in result.stderr and b"Traceback" not in result.stderr, result.stderr[-2000:]


def test_a_line_longer_than_any_header_is_skipped_and_the_messages_after_it_are_read() -> None:
    junk = b"X" * 200_000 + b"\r\n"
    data = junk + b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in (
        json.dumps(m).encode() for m in (INIT, INITIALIZED, _hover(4, {"line": 0, "character": 0}), SHUTDOWN, EXIT)))
    result = subprocess.run([sys.executable, "-m", "nvgpu_ls"], input=data, capture_output=True, timeout=60)
    assert result.returncode == 0
    assert b'"id": 4' in result.stdout and b'"id": 2' in result.stdout


def test_messages_from_a_regular_file_on_stdin_are_read_too(tmp_path) -> None:
    # asyncio cannot watch a regular file: it is read on a thread instead.
    messages = tmp_path / "session.jsonrpc"
    messages.write_bytes(b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in (
        json.dumps(m).encode() for m in (INIT, INITIALIZED, _hover(4, {"line": 0, "character": 0}), SHUTDOWN, EXIT))))
    with messages.open("rb") as stdin:
        result = subprocess.run([sys.executable, "-m", "nvgpu_ls"], stdin=stdin, capture_output=True, timeout=60)
    assert result.returncode == 0
    assert b'"id": 4' in result.stdout and b'"id": 2' in result.stdout
