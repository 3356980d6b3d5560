"""pygls's language-server protocol, without its leak of one future per notification.

pygls 2.1 files the future of every handler it runs asynchronously (a generator such as its own
``didOpen`` / ``didChange`` / ``didClose``, a coroutine, a thread function) in
``_request_futures``. For a request, the key is the client's id and the entry is removed when the
answer is sent. For a notification, and for each step a generator handler yields to, the key is a
fresh uuid nobody can name again, so the entry stays for the life of the server: about 1.4 KB per
keystroke in a long editing session.

The same holds, one entry per failure, for ``_result_types`` when the client answers one of the
server's requests with an error (only a successful answer removes it).

``NvgpuProtocol`` forgets those entries once their future is done or their answer has come. The removal is always posted
to the event loop rather than done in the done-callback: a thread handler's callback runs on a
pool thread, and cancelling futures runs callbacks synchronously, which pygls's own ``shutdown``
does while iterating over ``_request_futures``.

It also holds a client to the protocol's rules, answering where pygls stays silent or answers
wrongly: a request whose params do not fit its method (a negative line, a position as a string,
``params: null``) gets ``-32602`` (pygls logged it and the client waited forever); a request
before ``initialize`` gets ``-32002``, a second ``initialize`` and any request after ``shutdown``
get ``-32600``; ``exit`` sets the process's status, 0 after ``shutdown`` and 1 without.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Future
from functools import partial
from typing import Any

from lsprotocol import types as lsp
from pygls.protocol import LanguageServerProtocol

from .fast_start import Handover

INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002


class _Unreadable:
    """A message whose params could not be read as its method's: answered with an error."""

    def __init__(self, data: dict) -> None:
        self.id = data.get("id")
        self.method = data.get("method")
        self.jsonrpc = data.get("jsonrpc")


class NvgpuProtocol(LanguageServerProtocol):
    """``LanguageServerProtocol`` that drops the bookkeeping of finished notifications and
    answers every request the protocol says must be answered (see the module docstring)."""

    exit_status: int | None = None
    """Set by ``exit``: what the process returns."""
    _initialize_seen = False
    _initialize_answered = False
    handover: Handover | None = None
    """What a fast start read and answered before the server was imported (``fast_start``)."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except Exception:  # noqa: BLE001  (pygls logged it; the message is answered below)
            if isinstance(data, dict) and "method" in data:
                return _Unreadable(data)
            raise

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        msg_id = getattr(message, "id", None)
        is_request = method is not None and msg_id is not None and isinstance(msg_id, (int, str))
        if method == lsp.EXIT:
            self.exit_status = 0 if self._shutdown else 1
        if isinstance(message, _Unreadable):
            if is_request and not self._shutdown:
                self._answer_error(msg_id, INVALID_PARAMS, f"invalid params for {method!r}")
            return
        if is_request and method == lsp.INITIALIZE:
            if self._initialize_seen:
                self._answer_error(msg_id, INVALID_REQUEST, "initialize may be sent only once")
                return
            self._initialize_seen = True
        elif method is not None and method != lsp.EXIT:
            if self._shutdown:
                if is_request:
                    self._answer_error(msg_id, INVALID_REQUEST, "the server is shutting down")
                return
            if not self._initialize_seen:
                if is_request:
                    self._answer_error(msg_id, SERVER_NOT_INITIALIZED, "the server is not initialized")
                return
        super().handle_message(message)

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        handover = self.handover
        if handover is not None and error is None and handover.initialize_id is not None \
                and msg_id == handover.initialize_id and self._initialize_seen and not self._initialize_answered:
            self._initialize_answered = True
            handover.keep(json.loads(json.dumps(result, default=self._serialize_message)))
            if handover.answered:  # the fast start sent it already
                self._result_types.pop(msg_id, None)
                return
        super()._send_response(msg_id, result, error)

    def _answer_error(self, msg_id: Any, code: int, message: str) -> None:
        self._send_response(msg_id, error=lsp.ResponseError(code=code, message=message))

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any, args: Any = None,
                         kwargs: Any = None) -> None:
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        if self._answers_a_request(callback):
            return  # pygls removes it when the answer is sent, and a cancel must still find it
        future = self._request_futures.get(msg_id)
        if future is None:
            return
        if future.done():
            self._request_futures.pop(msg_id, None)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        future.add_done_callback(partial(self._forget_later, loop, msg_id))

    def _handle_response(self, msg_id: Any, result: Any = None, error: Any = None) -> None:
        super()._handle_response(msg_id, result, error)
        self._result_types.pop(msg_id, None)

    def _answers_a_request(self, callback: Any) -> bool:
        return isinstance(callback, partial) and callback.func == self._send_handler_result

    def _forget_later(self, loop: asyncio.AbstractEventLoop | None, msg_id: Any,
                      _future: Future[Any] | asyncio.Future[Any]) -> None:
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._request_futures.pop, msg_id, None)
        except RuntimeError:  # the loop closed between the check and the call
            pass
