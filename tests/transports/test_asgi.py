"""The ASGI adapter called directly, as a server would call it: limits, streams, lifespan.

Deterministic: memory channels for `receive`, a list for `send`, a mock clock for heartbeats.
The same app under a real hypercorn is tested in tests/e2e/test_hypercorn.py and by every
module marked `http_servers`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from iaccode.transports.asgi import AsgiApp
from iaccode.transports.http import HttpLimits
from iaccode.wire import json
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response
from iaccode.wire.sse import Comment, ServerSentEvent, SSEDecoder
from tests.transports.test_http_timing import Source

LIMITS = HttpLimits(max_body=100, max_header=400, heartbeat=1.0, max_buffered_body=150)


class ProducingSource(Source):
    def __init__(self) -> None:
        super().__init__()
        self.cancelled = False

    async def run(self) -> None:
        try:
            await self.send.send(b'{"first":true}')
            await trio.sleep_forever()
        except trio.Cancelled:
            self.cancelled = True
            raise


class App:
    def __init__(self) -> None:
        self.source: Source = Source()
        self.requests: list[HttpRequest] = []

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        self.requests.append(request)
        if request.path == "/events":
            return EventStreamResponse(self.source, heartbeat_comment="beat")
        return json_response(200, {"path": request.path, "size": len(request.body)})


def scope(
    path: str = "/x",
    method: str = "GET",
    headers: list[tuple[bytes, bytes]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"a=1",
        "root_path": "",
        "headers": headers if headers is not None else [(b"host", b"a")],
        **extra,
    }


class Exchange:
    """One request's receive and send sides."""

    def __init__(self, *bodies: bytes) -> None:
        self.to_app, self._incoming = trio.open_memory_channel[dict[str, Any]](16)
        for index, body in enumerate(bodies):
            more = index < len(bodies) - 1
            self.to_app.send_nowait({"type": "http.request", "body": body, "more_body": more})
        self.sent: list[dict[str, Any]] = []
        self.new_message = trio.Event()

    async def receive(self) -> dict[str, Any]:
        return await self._incoming.receive()

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        self.new_message.set()
        self.new_message = trio.Event()

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def headers(self) -> dict[bytes, bytes]:
        return dict(self.sent[0]["headers"])

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent[1:])


async def call(app: AsgiApp, request_scope: dict[str, Any], *bodies: bytes) -> Exchange:
    exchange = Exchange(*(bodies or (b"",)))
    await app(request_scope, exchange.receive, exchange.send)
    return exchange


async def test_a_plain_answer_with_its_length() -> None:
    inner = App()
    app = AsgiApp(inner, LIMITS)
    headers = [(b"Host", b"a"), (b"Content-Type", b"application/json")]
    done = await call(app, scope(method="POST", headers=headers), b"ab", b"cd")
    assert done.status == 200 and done.headers[b"content-length"] == b"22"
    assert json.loads(done.body) == {"path": "/x", "size": 4}
    (request,) = inner.requests
    assert request.query == "a=1" and request.body == b"abcd"
    assert request.header("content-type") == "application/json"  # names lowercased
    assert done.sent[-1]["more_body"] is False
    head = await call(app, scope(method="HEAD"))
    assert head.status == 200 and head.body == b"" and head.headers[b"content-length"] == b"22"
    assert app.in_flight == 0 and app._buffered == 0


async def test_a_mounted_app_routes_on_its_own_paths() -> None:
    inner = App()
    app = AsgiApp(inner, LIMITS)
    done = await call(app, scope("/agent/x", root_path="/agent"))
    assert json.loads(done.body)["path"] == "/x"
    bare = scope("/agent", root_path="/agent")
    assert json.loads((await call(app, bare)).body)["path"] == "/"


async def test_body_and_head_limits() -> None:
    inner = App()
    app = AsgiApp(inner, LIMITS)
    declared = scope(method="POST", headers=[(b"content-length", b"101")])
    refused = await call(app, declared, b"")  # refused on the header, before a byte is read
    assert refused.status == 413 and json.loads(refused.body) == {"error": "Request body too large"}
    chunked = await call(app, scope(method="POST"), b"x" * 60, b"x" * 60)
    assert chunked.status == 413
    big_head = scope(headers=[(b"x-big", b"a" * 400)])
    assert (await call(app, big_head)).status == 431
    assert not inner.requests and app._buffered == 0


async def test_a_body_that_never_ends_is_408_and_frees_its_budget(
    mock_clock: trio.testing.MockClock,
) -> None:
    app = AsgiApp(App(), attrs.evolve(LIMITS, request_timeout=5.0))
    mock_clock.autojump_threshold = 0.01  # the 5 s pass at once
    declared = scope(method="POST", headers=[(b"content-length", b"80")])
    exchange = Exchange()  # 10 of the 80 bytes, then nothing more
    exchange.to_app.send_nowait({"type": "http.request", "body": b"x" * 10, "more_body": True})
    await app(declared, exchange.receive, exchange.send)
    assert exchange.status == 408 and exchange.headers[b"connection"] == b"close"
    assert app._buffered == 0 and app.in_flight == 0


async def test_bodies_in_memory_have_a_budget() -> None:
    release = trio.Event()

    class Holding(App):
        async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
            await release.wait()
            return await super().handle(request)

    app = AsgiApp(Holding(), LIMITS)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(call, app, scope(method="POST"), b"x" * 100)
        await trio.testing.wait_all_tasks_blocked()
        assert app._buffered == 100
        busy = await call(app, scope(method="POST"), b"x" * 60)
        assert busy.status == 503 and busy.headers[b"retry-after"] == b"1"
        release.set()
    assert app._buffered == 0


async def test_a_stream_sends_heartbeats_then_events_in_order(
    mock_clock: trio.testing.MockClock,
) -> None:
    inner = App()
    app = AsgiApp(inner, LIMITS)
    exchange = Exchange(b"")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(app, scope("/events"), exchange.receive, exchange.send)
        start = trio.current_time()
        while sum(isinstance(i, Comment) for i in decode(exchange)) < 2:
            await exchange.new_message.wait()
        assert trio.current_time() - start == pytest.approx(2 * LIMITS.heartbeat)
        assert exchange.status == 200
        assert exchange.headers[b"content-type"] == b"text/event-stream"
        assert b"connection" not in exchange.headers  # forbidden in HTTP/2
        for index in range(3):
            inner.source.send.send_nowait(b'{"n":%d}' % index)
        await inner.source.send.aclose()
    items = decode(exchange)
    assert [i.text for i in items if isinstance(i, Comment)] == ["beat", "beat"]
    events = [i.data for i in items if isinstance(i, ServerSentEvent)]
    assert events == ['{"n":0}', '{"n":1}', '{"n":2}']
    # The three queued events left in one body message; then the end of the body.
    assert exchange.sent[-2]["body"].count(b"data:") == 3
    assert exchange.sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}
    assert inner.source.closed and app.in_flight == 0


async def test_disconnect_cancels_the_producer_at_once(mock_clock: trio.testing.MockClock) -> None:
    inner = App()
    source = inner.source = ProducingSource()
    app = AsgiApp(inner, LIMITS)
    exchange = Exchange(b"")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(app, scope("/events"), exchange.receive, exchange.send)
        while b"first" not in exchange.body:
            await exchange.new_message.wait()
        start = trio.current_time()
        exchange.to_app.send_nowait({"type": "http.disconnect"})
    assert trio.current_time() == start  # not after a heartbeat
    assert source.cancelled and source.closed
    assert exchange.sent[-1]["more_body"] is True  # no end of body for a client that left


async def test_requests_before_start_and_after_close_are_503() -> None:
    app = AsgiApp(open_app=lambda: opened_app(App()))
    early = await call(app, scope())
    assert early.status == 503 and b"starting" in early.body
    running = AsgiApp(App(), LIMITS)
    running.close()
    assert (await call(running, scope())).status == 503


@contextlib.asynccontextmanager
async def opened_app(app: App, log: list[str] | None = None) -> AsyncIterator[App]:
    log = [] if log is None else log
    log.append("open")
    try:
        yield app
    finally:
        log.append("closed")


async def lifespan(app: AsgiApp, *messages: str) -> list[dict[str, Any]]:
    to_app, incoming = trio.open_memory_channel[dict[str, Any]](4)
    for message in messages:
        to_app.send_nowait({"type": message})
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app({"type": "lifespan"}, incoming.receive, send)
    return sent


async def test_lifespan_opens_and_closes_the_app() -> None:
    log: list[str] = []
    inner = App()
    app = AsgiApp(limits=LIMITS, open_app=lambda: opened_app(inner, log))
    to_app, incoming = trio.open_memory_channel[dict[str, Any]](4)
    sent: list[str] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message["type"])

    async with trio.open_nursery() as nursery:
        nursery.start_soon(app, {"type": "lifespan"}, incoming.receive, send)
        await to_app.send({"type": "lifespan.startup"})
        await trio.testing.wait_all_tasks_blocked()
        assert sent == ["lifespan.startup.complete"] and log == ["open"]
        assert (await call(app, scope())).status == 200
        await to_app.send({"type": "lifespan.shutdown"})
    assert sent[-1] == "lifespan.shutdown.complete" and log == ["open", "closed"]
    assert app.app is None


async def test_a_failed_start_is_reported() -> None:
    @contextlib.asynccontextmanager
    async def broken() -> AsyncIterator[App]:
        raise OSError("database is locked")
        yield App()  # pragma: no cover

    sent = await lifespan(AsgiApp(open_app=broken), "lifespan.startup")
    assert sent == [{"type": "lifespan.startup.failed", "message": "database is locked"}]


async def test_an_app_entered_by_its_host_only_agrees_to_lifespan() -> None:
    log: list[str] = []
    app = AsgiApp(open_app=lambda: opened_app(App(), log))
    async with app:
        assert log == ["open"]
        sent = await lifespan(app, "lifespan.startup", "lifespan.shutdown")
        assert [m["type"] for m in sent] == [
            "lifespan.startup.complete",
            "lifespan.shutdown.complete",
        ]
        assert (await call(app, scope())).status == 200
        assert log == ["open"]
    assert log == ["open", "closed"] and app.app is None


def test_an_app_or_an_opener() -> None:
    with pytest.raises(TypeError):
        AsgiApp()
    with pytest.raises(TypeError):
        AsgiApp(App(), open_app=lambda: opened_app(App()))


def decode(exchange: Exchange) -> list[object]:
    return SSEDecoder().feed(exchange.body)


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)
