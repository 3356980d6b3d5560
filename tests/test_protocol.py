"""``NvgpuProtocol``: pygls's bookkeeping of in-flight handlers, without the leak.

pygls 2.1 kept the future of every notification (its ``didOpen`` / ``didChange`` / ``didClose``
are generator handlers) in ``_request_futures`` forever, so the server grew with every keystroke.
The first fix dropped those futures synchronously from their done-callbacks, and a client that
shut down while a notification was still in flight got "dictionary changed size during iteration"
from pygls's ``shutdown`` and never finished.
"""

from __future__ import annotations

import asyncio
import threading
from functools import partial

from lsprotocol.types import ResponseError
from pygls.feature_manager import ATTR_EXECUTE_IN_THREAD

from nvgpu_ls.server import NvgpuLanguageServer


def generator_handler(params):
    if False:
        yield
    return None


async def coroutine_handler(params):
    await asyncio.sleep(0)


def thread_handler(params):
    return None


setattr(thread_handler, ATTR_EXECUTE_IN_THREAD, True)


async def settle(protocol, rounds: int = 100) -> None:
    """Let the loop run posted callbacks until nothing notification-shaped is left (or give up)."""
    for _ in range(rounds):
        await asyncio.sleep(0.01)
        if not protocol._request_futures:
            return


def test_finished_notifications_leave_no_future_behind():
    async def scenario() -> None:
        protocol = NvgpuLanguageServer().protocol
        notified = protocol._check_handler_result
        for i in range(50):
            protocol._execute_handler(f"g{i}", generator_handler, notified, (None,))
            protocol._execute_handler(f"c{i}", coroutine_handler, notified, (None,))
            protocol._execute_handler(f"t{i}", thread_handler, notified, (None,))
        await settle(protocol)
        assert protocol._request_futures == {}

    asyncio.run(scenario())


def test_the_steps_a_generator_notification_yields_to_leave_no_future_behind():
    def yields_to_a_coroutine(params):
        yield coroutine_handler, (params,), None
        yield thread_handler, (params,), None

    async def scenario() -> None:
        protocol = NvgpuLanguageServer().protocol
        for i in range(20):
            protocol._execute_handler(f"n{i}", yields_to_a_coroutine, protocol._check_handler_result, (None,))
        await settle(protocol)
        assert protocol._request_futures == {}

    asyncio.run(scenario())


def test_a_request_in_flight_stays_filed_so_a_cancel_can_find_it():
    async def scenario() -> None:
        protocol = NvgpuLanguageServer().protocol
        release = asyncio.Event()
        answered: list[str] = []

        async def slow_request(params):
            await release.wait()

        protocol._send_handler_result = lambda future, *, msg_id: answered.append(msg_id)  # type: ignore[method-assign]
        protocol._execute_handler(7, slow_request, partial(protocol._send_handler_result, msg_id=7), (None,))
        await asyncio.sleep(0.05)
        assert 7 in protocol._request_futures
        release.set()
        await asyncio.sleep(0.05)
        assert answered == [7]

    asyncio.run(scenario())


def test_shutdown_with_a_notification_in_flight_cancels_it_and_completes():
    async def scenario() -> None:
        protocol = NvgpuLanguageServer().protocol
        release = threading.Event()

        def waits_in_a_thread(params):
            release.wait(5)

        setattr(waits_in_a_thread, ATTR_EXECUTE_IN_THREAD, True)

        def notification(params):
            yield waits_in_a_thread, (params,), None

        for i in range(5):
            protocol._execute_handler(f"n{i}", notification, protocol._check_handler_result, (None,))
        await asyncio.sleep(0.01)
        assert protocol._request_futures, "the notifications should still be in flight"

        shutdown = protocol.lsp_shutdown(None)
        step = next(shutdown, None)
        try:
            while step is not None:  # the server's own shutdown handler, run inline
                handler, args, _ = step
                result = handler(*args)
                step = shutdown.send(await result if asyncio.iscoroutine(result) else result)
        except StopIteration:
            pass
        release.set()
        await settle(protocol)
        assert protocol._request_futures == {}

    asyncio.run(scenario())


def test_a_request_the_client_refused_leaves_nothing_behind():
    async def scenario() -> None:
        protocol = NvgpuLanguageServer().protocol
        protocol._send_data = lambda data: None  # type: ignore[method-assign]
        future = protocol.send_request("client/registerCapability", None, msg_id="r1")
        assert "r1" in protocol._result_types
        protocol._handle_response("r1", None, ResponseError(code=-32601, message="Method not found"))
        assert future.exception() is not None
        assert protocol._result_types == {} and protocol._request_futures == {}

    asyncio.run(scenario())
