"""The AG-UI adapter's HTTP upstream against a server that goes silent (issue 16: it had no read
timeout, so a dead upstream hung a run forever). Timeouts on the mock clock."""

from __future__ import annotations

import functools

import pytest
import trio
import trio.testing

from iaccode.agui.upstream import UpstreamError
from iaccode.client.upstream import HttpUpstream


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


SSE_HEAD = (
    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
)


async def silent_server(nursery: trio.Nursery, head: bytes) -> int:
    """Reads a request, answers `head` (maybe nothing) and then never another byte."""

    async def handle(stream: trio.SocketStream) -> None:
        await stream.receive_some(65536)
        if head:
            await stream.send_all(head)
        await trio.sleep_forever()

    listeners = await nursery.start(functools.partial(trio.serve_tcp, handle, 0, host="127.0.0.1"))
    port: int = listeners[0].socket.getsockname()[1]
    return port


async def test_a_silent_stream_ends_after_stream_idle(
    nursery: trio.Nursery, mock_clock: trio.testing.MockClock
) -> None:
    port = await silent_server(nursery, SSE_HEAD)
    upstream = HttpUpstream(f"http://127.0.0.1:{port}/", stream_idle=120.0)
    stream = await upstream.open_stream("SendStreamingMessage", {})
    start = trio.current_time()
    with pytest.raises(UpstreamError, match="stream broke"):
        await stream.receive()
    assert trio.current_time() - start == pytest.approx(120.0, abs=1.0)
    await stream.aclose()
    await upstream.aclose()


async def test_a_unary_call_that_gets_no_answer_ends_after_timeout(
    nursery: trio.Nursery, mock_clock: trio.testing.MockClock
) -> None:
    port = await silent_server(nursery, b"")
    upstream = HttpUpstream(f"http://127.0.0.1:{port}/", timeout=30.0)
    start = trio.current_time()
    with pytest.raises(UpstreamError, match="cannot be reached"):
        await upstream.call("CancelTask", {"id": "t"})
    assert trio.current_time() - start == pytest.approx(30.0, abs=1.0)
    await upstream.aclose()
