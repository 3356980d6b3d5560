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
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from functools import partial
from typing import Any

from pygls.protocol import LanguageServerProtocol


class NvgpuProtocol(LanguageServerProtocol):
    """``LanguageServerProtocol`` that drops the bookkeeping of finished notifications."""

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
