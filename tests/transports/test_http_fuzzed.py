"""What fuzzing the HTTP loop found (fuzz/fuzz_http.py), kept as regression tests, and the
harness's corpus replayed without atheris.

The loop runs over memory streams with a mock clock, as in test_http_timing.py.
"""

from __future__ import annotations

import logging
import pathlib

import h11
import pytest
import trio
import trio.testing
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.transports.http import HttpLimits, HttpServer
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response
from tests.fuzz_harness import corpus, harness

LIMITS = HttpLimits(max_body=64, keep_alive=5.0, request_timeout=2.0)


class App:
    def __init__(self) -> None:
        self.requests: list[HttpRequest] = []

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        self.requests.append(request)
        return json_response(200, {"ok": True})


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


async def exchange(app: App, data: bytes, *, half_close: bool) -> bytes:
    """Send `data` on one connection and read until the server closes it."""
    client, server_side = trio.testing.memory_stream_pair()
    received = b""
    async with trio.open_nursery() as nursery:
        nursery.start_soon(HttpServer(app, LIMITS).handle_connection, server_side)
        await client.send_all(data)
        if half_close:
            await client.send_eof()
        while chunk := await client.receive_some(65536):
            received += chunk
    return received


def parse_response(data: bytes, method: bytes) -> tuple[h11.Response, bytes]:
    """The one response in `data` to a `method` request; it must be followed by the close."""
    conn = h11.Connection(h11.CLIENT)
    conn.send(h11.Request(method=method, target="/", headers=[("host", "x")]))
    conn.send(h11.EndOfMessage())
    conn.receive_data(data)
    conn.receive_data(b"")
    response = conn.next_event()
    assert isinstance(response, h11.Response)
    body = b""
    while not isinstance(event := conn.next_event(), h11.EndOfMessage):
        assert isinstance(event, h11.Data)
        body += event.data
    assert isinstance(conn.next_event(), h11.ConnectionClosed)  # nothing after it
    return response, body


# -- HEAD requests with a body the loop refuses ------------------------------------------------
# The refusal was written with a body, which h11 refuses for HEAD: the LocalProtocolError was
# logged and nothing answered (413, 400) or, for a body h11 could not parse, it escaped the
# connection task and would have taken the server's connection nursery down with it.

HEAD_REFUSALS = [
    pytest.param(
        b"HEAD / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab", True, 400, id="truncated"
    ),
    pytest.param(
        b"HEAD / HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
        False,
        400,
        id="bad-chunk",
    ),
    pytest.param(
        b"HEAD / HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n", False, 413, id="too-large"
    ),
]


@pytest.mark.parametrize(("data", "half_close", "status"), HEAD_REFUSALS)
async def test_refused_head_request_gets_a_bodiless_answer(
    data: bytes,
    half_close: bool,
    status: int,
    mock_clock: trio.testing.MockClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = App()
    with caplog.at_level(logging.ERROR, logger="iaccode.http"):
        received = await exchange(app, data, half_close=half_close)
    response, body = parse_response(received, b"HEAD")
    assert response.status_code == status
    assert (b"connection", b"close") in response.headers
    assert body == b""
    assert not app.requests
    assert not caplog.records


async def test_refused_get_request_keeps_its_body(mock_clock: trio.testing.MockClock) -> None:
    data = b"GET / HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n"
    response, body = parse_response(await exchange(App(), data, half_close=False), b"GET")
    assert response.status_code == 400
    assert body == b'{"error":"Malformed HTTP request"}'  # a body, never the parser's text


# -- CONNECT --------------------------------------------------------------------------------
# A 2xx answer to CONNECT makes h11 switch the connection to a tunnel, after which the body
# cannot be sent: an app that answered every method with 200 got a logged LocalProtocolError
# and no answer. The loop refuses CONNECT itself.


async def test_connect_is_refused_without_calling_the_app(
    mock_clock: trio.testing.MockClock, caplog: pytest.LogCaptureFixture
) -> None:
    app = App()
    data = b"CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n"
    with caplog.at_level(logging.ERROR, logger="iaccode.http"):
        received = await exchange(app, data, half_close=False)
    response, body = parse_response(received, b"GET")  # not CONNECT: no switch expected
    assert response.status_code == 501
    assert b"CONNECT" in body
    assert not app.requests
    assert not caplog.records


# -- the fuzz harness, replayed --------------------------------------------------------------


CORPUS = corpus("http")


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 20


# The harness calls trio.run itself, so these tests are plain functions, not trio tests.
@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("http")(seed.read_bytes())


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(CORPUS).map(pathlib.Path.read_bytes) | st.binary(max_size=200))
def test_fuzz_harness_invariants_hold(data: bytes) -> None:
    harness("http")(data)
