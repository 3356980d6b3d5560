"""``nvgpu-ls/serverStatus``: what the server holds, asked over stdio as an editor would."""

from __future__ import annotations

import asyncio
import sys
import time

import pytest

from tests.lsp_support import CLIENT_NAMES, LspSession, run_session

KERNEL = """gpu.module @m {
  gpu.func @k() kernel {
    %b = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.return
  }
}
"""


async def status(s: LspSession) -> dict:
    answer = await s.request(s.client.protocol.send_request_async("nvgpu-ls/serverStatus", None))
    return answer if isinstance(answer, dict) else answer._asdict()  # pygls's client answers a namedtuple


async def settled_status(s: LspSession) -> dict:
    """The status once finished handlers have been forgotten (that happens on the loop, soon after)."""
    for _ in range(50):
        answer = await status(s)
        if not answer["handlersInFlight"]:
            return answer
        await asyncio.sleep(0.1)
    return answer


@pytest.mark.parametrize("client", CLIENT_NAMES)
def test_status_lists_open_documents_and_forgets_closed_ones(client):
    async def scenario(s: LspSession) -> tuple[dict, dict]:
        await s.open("a.mlir", KERNEL)
        await s.open("b.mlir", KERNEL)
        for version in range(5):
            await s.change("a.mlir", KERNEL + f"// edit {version}\n")
        while_open = await settled_status(s)
        await s.close("a.mlir")
        await s.close("b.mlir")
        return while_open, await settled_status(s)

    while_open, after_close = run_session(scenario, client)
    assert while_open["openDocuments"] == ["file:///nvgpu-ls-tests/a.mlir", "file:///nvgpu-ls-tests/b.mlir"]
    assert while_open["textDocuments"] == 2
    assert "open documents: 2\n  file:///nvgpu-ls-tests/a.mlir\n" in while_open["text"]
    assert after_close["openDocuments"] == [] and after_close["textDocuments"] == 0
    assert after_close["handlersInFlight"] == 0 and after_close["requestsToClient"] == 0
    assert after_close["cachedPreviews"] == 0 and after_close["previewWorkerPid"] is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_status_reports_the_server_process_memory():
    async def scenario(s: LspSession) -> dict:
        return await status(s)

    answer = run_session(scenario)
    assert 10_000 < answer["rssKiB"] <= answer["peakRssKiB"] < 4_000_000
    assert answer["threads"] >= 1


def test_the_caches_are_emptied_once_nothing_has_been_open_for_the_idle_delay():
    async def scenario(s: LspSession) -> tuple[dict, dict, dict]:
        await s.open("a.mlir", KERNEL)
        await s.close("a.mlir")
        await s.open("b.mlir", KERNEL)  # opened again within the delay: no release
        await asyncio.sleep(0.6)
        reopened = await status(s)
        await s.close("b.mlir")
        for _ in range(100):
            released = await status(s)
            if released["memoryReleases"]:
                break
            await asyncio.sleep(0.05)
        await s.open("a.mlir", KERNEL)  # the caches fill again, and the diagnostics are still there
        return reopened, released, await status(s)

    reopened, released, after = run_session(scenario, initialization_options={"idleMemoryRelease": 0.3})
    assert reopened["memoryReleases"] == 0
    assert released["memoryReleases"] == 1 and released["openDocuments"] == []
    assert "caches emptied while idle: 1 times" in released["text"]
    assert after["openDocuments"] == ["file:///nvgpu-ls-tests/a.mlir"] and after["memoryReleases"] == 1


def test_an_idle_memory_release_of_zero_never_empties_the_caches():
    async def scenario(s: LspSession) -> dict:
        await s.open("a.mlir", KERNEL)
        await s.close("a.mlir")
        await asyncio.sleep(0.5)
        return await status(s)

    assert run_session(scenario, initialization_options={"idleMemoryRelease": 0})["memoryReleases"] == 0


def test_every_op_format_is_built_while_idle_after_the_first_file_and_not_before():
    async def scenario(s: LspSession) -> tuple[dict, dict]:
        before = await status(s)
        await s.open("a.mlir", KERNEL)
        for _ in range(200):
            after = await status(s)
            if after["warmedUp"]:
                break
            await asyncio.sleep(0.05)
        return before, after

    before, after = run_session(scenario)
    assert not before["warmedUp"] and "warm-up: pending" in before["text"]
    assert after["warmedUp"] and "warm-up: done" in after["text"]


def test_the_warm_up_steps_run_one_per_turn_of_the_analysis_thread_after_the_first_publish():
    from nvgpu_ls.documents import DocumentStore
    from nvgpu_ls.verify import CheckOptions

    published, ran = [], []

    def steps():
        for i in range(3):
            yield lambda i=i: ran.append((i, len(published)))

    async def scenario() -> None:
        store = DocumentStore(lambda uri: CheckOptions(), lambda uri, *rest: published.append(uri), debounce=0)
        store.warm_up = steps
        store.ready.set()
        assert not store.warmed_up
        store.open("file:///a.mlir", KERNEL, 1)
        for _ in range(200):
            if store.warmed_up:
                break
            await asyncio.sleep(0.01)
        store.open("file:///b.mlir", KERNEL, 1)
        await asyncio.sleep(0.2)
        store.shutdown()

    asyncio.run(scenario())
    assert ran == [(0, 1), (1, 1), (2, 1)]  # after the first publish, once, not again for the second file
    assert len(published) == 2


def test_the_warm_up_waits_while_documents_keep_changing():
    from nvgpu_ls.documents import DocumentStore
    from nvgpu_ls.verify import CheckOptions

    ran, changes = [], []

    def steps():
        yield lambda: ran.append(time.monotonic())

    async def scenario() -> None:
        store = DocumentStore(lambda uri: CheckOptions(), lambda uri, *rest: None, debounce=0)
        store.warm_up, store.warm_up_quiet = steps, 0.3
        store.ready.set()
        store.open("file:///a.mlir", KERNEL, 1)
        for version in range(2, 10):  # a change every 0.1 s: never quiet for 0.3 s
            await asyncio.sleep(0.1)
            changes.append(time.monotonic())
            store.change("file:///a.mlir", KERNEL + f"// {version}\n", version)
        for _ in range(200):
            if store.warmed_up:
                break
            await asyncio.sleep(0.01)
        store.shutdown()

    asyncio.run(scenario())
    assert len(ran) == 1 and ran[0] - changes[-1] >= 0.3
