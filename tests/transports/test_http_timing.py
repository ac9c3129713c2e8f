"""Timeouts of the HTTP loop, on memory streams with a mock clock: deterministic, no sleeping."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import trio
import trio.testing

from iaccode.transports.http import HttpLimits, HttpServer
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response
from iaccode.wire.sse import Comment, ServerSentEvent, SSEDecoder

LIMITS = HttpLimits(keep_alive=5.0, request_timeout=2.0, heartbeat=1.0)
# The loop's own deadlines, on `HttpServer` itself; the ASGI adapter's are in test_asgi.py.
pytestmark = pytest.mark.builtin_only("drives HttpServer itself")


class Source:
    """An EventSource fed by the test through a memory channel."""

    def __init__(self) -> None:
        self.send, self._receive = trio.open_memory_channel[bytes](16)
        self.closed = False

    async def receive(self) -> bytes:
        return await self._receive.receive()

    def receive_nowait(self) -> bytes:
        return self._receive.receive_nowait()

    def aclose(self) -> None:
        self.closed = True


class App:
    def __init__(self) -> None:
        self.source = Source()

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        if request.path == "/events":
            return EventStreamResponse(self.source)
        return json_response(200, {"ok": True})


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


@pytest.fixture
def connect(nursery: trio.Nursery) -> Callable[[HttpServer], trio.abc.Stream]:
    def open_connection(server: HttpServer) -> trio.abc.Stream:
        client, server_side = trio.testing.memory_stream_pair()
        nursery.start_soon(server.handle_connection, server_side)
        return client

    return open_connection


async def read_until_closed(stream: trio.abc.Stream) -> bytes:
    data = b""
    while chunk := await stream.receive_some(65536):
        data += chunk
    return data


async def test_idle_keep_alive_ends_after_its_deadline(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    client = connect(HttpServer(App(), LIMITS))
    await client.send_all(b"GET /x HTTP/1.1\r\nHost: a\r\n\r\n")
    start = trio.current_time()
    data = await read_until_closed(client)
    assert data.startswith(b"HTTP/1.1 200 ")
    assert trio.current_time() - start == pytest.approx(LIMITS.keep_alive)


async def test_slow_request_is_cut_off(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    """Slowloris: a head that never ends is dropped after the keep-alive wait."""
    client = connect(HttpServer(App(), LIMITS))
    await client.send_all(b"GET /x HTTP/1.1\r\nHost: a\r\n")  # no blank line, ever
    start = trio.current_time()
    assert await read_until_closed(client) == b""
    assert trio.current_time() - start == pytest.approx(LIMITS.keep_alive)


async def test_slow_body_is_cut_off_after_the_request_timeout(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    client = connect(HttpServer(App(), LIMITS))
    await client.send_all(b"POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n12345")
    start = trio.current_time()
    assert await read_until_closed(client) == b""
    assert trio.current_time() - start == pytest.approx(LIMITS.request_timeout)


async def test_heartbeats_on_an_idle_stream_and_events_in_order(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    app = App()
    client = connect(HttpServer(app, LIMITS))
    await client.send_all(b"GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
    decoder = SSEDecoder()
    head = await client.receive_some(65536)
    assert head.startswith(b"HTTP/1.1 200 ") and b"text/event-stream" in head
    start = trio.current_time()
    items: list[object] = []
    while len([i for i in items if isinstance(i, Comment)]) < 3:
        items += decoder.feed(_unchunk(await client.receive_some(65536)))
    assert trio.current_time() - start == pytest.approx(3 * LIMITS.heartbeat)
    for index in range(3):
        app.source.send.send_nowait(b'{"n":%d}' % index)
    await app.source.send.aclose()
    rest = await read_until_closed(client)
    assert rest.endswith(b"0\r\n\r\n")  # the chunked body ends properly
    events = [i for i in decoder.feed(_unchunk(rest)) if isinstance(i, ServerSentEvent)]
    assert [e.data for e in events] == ['{"n":0}', '{"n":1}', '{"n":2}']
    assert app.source.closed


async def test_client_leaving_a_stream_is_noticed_at_once(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    app = App()
    client = connect(HttpServer(app, LIMITS))
    await client.send_all(b"GET /events HTTP/1.1\r\nHost: a\r\n\r\n")
    await client.receive_some(65536)
    start = trio.current_time()
    await client.aclose()
    while not app.source.closed:
        await trio.sleep(0.001)
    assert trio.current_time() - start < LIMITS.heartbeat


async def test_close_ends_idle_connections_and_lets_busy_ones_finish(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    server = HttpServer(App(), LIMITS)
    idle = connect(server)
    await idle.send_all(b"GET /x HTTP/1.1\r\nHost: a\r\n\r\n")
    first = await idle.receive_some(65536)
    assert first.startswith(b"HTTP/1.1 200 ")
    await trio.testing.wait_all_tasks_blocked()
    start = trio.current_time()
    server.close()
    assert await read_until_closed(idle) == b""
    assert trio.current_time() == start  # at once, not after the keep-alive wait


def _unchunk(data: bytes) -> bytes:
    """Strip chunked framing from a piece of body that holds whole chunks."""
    out = b""
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        out += rest[:size]
        data = rest[size + 2 :]
    return out


async def test_close_lets_a_busy_request_finish_then_closes(
    connect: Callable[[HttpServer], trio.abc.Stream], mock_clock: trio.testing.MockClock
) -> None:
    release = trio.Event()

    class SlowApp(App):
        async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
            await release.wait()
            return json_response(200, {"late": True})

    server = HttpServer(SlowApp(), LIMITS)
    busy = connect(server)
    await busy.send_all(b"GET /x HTTP/1.1\r\nHost: a\r\n\r\n")
    await trio.testing.wait_all_tasks_blocked()
    server.close()
    release.set()
    data = await read_until_closed(busy)
    assert data.startswith(b"HTTP/1.1 200 ") and b"connection: close" in data
    assert data.endswith(b'{"late":true}')
