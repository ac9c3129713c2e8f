"""Fuzz the HTTP connection loop (`iaccode.transports.http.HttpServer.handle_connection`).

Run with atheris installed: `python fuzz/fuzz_http.py fuzz/corpus/http` (or `scripts/fuzz http`).
The tests replay the corpus through `TestOneInput` without atheris.

An input is what a client sends on one connection, after one control byte: its low bits pick the
chunk size the bytes arrive in, bit 7 whether the client half-closes after sending. The server
runs the real loop, with small limits, over `trio.testing.memory_stream_pair` and a mock clock
(every timeout fires at once, in virtual time), in front of a trivial app: `/events` answers with
an event stream (except to HEAD: the real apps stream only for POST), `/empty` with 204, `/same`
with 304, `/own` with a header only h11 may write, `/fail` raises, `/private` is refused on its
head (401), anything else echoes the request as JSON. Bodies in memory have a budget below the
body limit, so that some requests get 503.

Invariants:
- the connection task returns (nothing escapes it), and logs no unexpected error, within bounded
  virtual time; the only error log allowed is the app's own failure on `/fail`;
- the server closes the connection, and everything it wrote is a sequence of well-formed HTTP/1.1
  responses (checked with h11 as the client), at most one more than the requests it read;
- a request the app sees has a body within the limit and lowercase header names;
- the same input with every head left to h11 (the plain parse off) gives the same answers (the
  Date header aside), the same requests to the app and the body budget given back the same.
"""

from __future__ import annotations

import logging
import re
import sys

import h11
import trio
import trio.testing

from iaccode.transports import http as http_module
from iaccode.transports.http import HttpLimits, HttpServer
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response

LIMITS = HttpLimits(
    max_body=64,
    max_header=512,
    keep_alive=5.0,
    request_timeout=2.0,
    heartbeat=1.0,
    max_buffered_body=48,
)
_CHUNKS = (0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987)  # 0: all at once
_VIRTUAL_DEADLINE = 3600.0  # mock seconds: far beyond any timeout the loop has


class _Events:
    """An event source: two events at once, the third after a heartbeat's silence, then the end."""

    def __init__(self) -> None:
        self._sent = 0
        self._third_at = trio.current_time() + 1.5 * LIMITS.heartbeat

    async def receive(self) -> bytes:
        if self._sent == 2:
            await trio.sleep_until(self._third_at)  # the writer sends a heartbeat meanwhile
        return self.receive_nowait()

    def receive_nowait(self) -> bytes:
        if self._sent >= 3:
            raise trio.EndOfChannel
        if self._sent == 2 and trio.current_time() < self._third_at:
            raise trio.WouldBlock
        self._sent += 1
        return b'{"n":%d}' % self._sent

    def aclose(self) -> None:
        pass


class _App:
    def __init__(self) -> None:
        self.requests: list[HttpRequest] = []

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        self.requests.append(request)
        assert len(request.body) <= LIMITS.max_body
        assert all(name == name.lower() for name, _ in request.headers)
        await trio.lowlevel.checkpoint()
        if request.path == "/events" and request.method != "HEAD":  # as the real apps do
            return EventStreamResponse(_Events(), (("x-test", "1"),))
        if request.path == "/empty":
            return HttpResponse(204)
        if request.path == "/same":
            return HttpResponse(304, (("etag", '"1"'),))
        if request.path == "/own":  # `connection` is a header the loop leaves to h11
            return HttpResponse(200, (("connection", "keep-alive"),), b"own")
        if request.path == "/fail":
            raise RuntimeError("the app failed")
        echo = {
            "method": request.method,
            "path": request.path,
            "query": request.query_param("q"),
            "type": request.media_type,
            "length": len(request.body),
        }
        return json_response(200, echo)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        return HttpResponse(401) if request.path == "/private" else None


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def _converse(
    data: bytes, chunk: int, half_close: bool, app: _App, budget: list[int]
) -> bytes:
    """What the server wrote to a client sending `data`; the body budget it held at the end
    goes to `budget`."""
    server = HttpServer(app, LIMITS)
    client, server_side = trio.testing.memory_stream_pair()
    received = bytearray()
    with trio.fail_after(_VIRTUAL_DEADLINE):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(server.handle_connection, server_side)
            try:
                for start in range(0, len(data), chunk or len(data) or 1):
                    await client.send_all(data[start : start + chunk] if chunk else data)
                    await trio.lowlevel.checkpoint()  # the server sees this chunk on its own
                if half_close:
                    await client.send_eof()
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                pass  # the server closed first
            while piece := await client.receive_some(65536):
                received += piece
    await client.aclose()
    budget.append(server._buffered)
    return bytes(received)


def _run(data: bytes, chunk: int, half_close: bool) -> tuple[bytes, _App, list[int], list[str]]:
    """One conversation in virtual time: the output, the app, the budget left, what was logged
    as an error."""
    app = _App()
    budget: list[int] = []
    errors = _Errors()
    log = logging.getLogger("iaccode.http")
    log.addHandler(errors)
    propagate, log.propagate = log.propagate, False  # a failure is reported by the assertion
    try:
        clock = trio.testing.MockClock(autojump_threshold=0)
        output = trio.run(_converse, data, chunk, half_close, app, budget, clock=clock)
    finally:
        log.removeHandler(errors)
        log.propagate = propagate
    for record in errors.records:
        message = record.getMessage()
        if not (message.startswith("error handling ") and message.endswith(" /fail")):
            exc = record.exc_info[1] if record.exc_info else None
            raise AssertionError(f"logged: {message}: {exc!r}") from exc
    return output, app, budget, [r.getMessage() for r in errors.records]


def _without_date(output: bytes) -> bytes:
    return re.sub(rb"(?im)^date: [^\r\n]*\r\n", b"", output)


def _methods(data: bytes) -> list[bytes]:
    """The methods of the requests in `data`, in order, as h11 reads them."""
    conn = h11.Connection(h11.SERVER, max_incomplete_event_size=LIMITS.max_header)
    conn.receive_data(data)
    methods = []
    try:
        while True:
            event = conn.next_event()
            if isinstance(event, h11.Request):
                methods.append(event.method)
            elif isinstance(event, h11.EndOfMessage):
                # Answer, so that a pipelined request after this one is read too.
                conn.send(h11.Response(status_code=400, headers=[("content-length", "0")]))
                conn.send(h11.EndOfMessage())
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return methods
                conn.start_next_cycle()
            elif not isinstance(event, h11.Data):
                return methods  # NEED_DATA, PAUSED, ConnectionClosed
    except h11.ProtocolError:
        return methods


def _check_responses(output: bytes, methods: list[bytes], *, truncated_stream_ok: bool) -> int:
    """Parse what the server wrote as responses to `methods`; returns how many there were."""
    conn = h11.Connection(h11.CLIENT)
    conn.receive_data(output)
    conn.receive_data(b"")  # the server closed the connection
    count = 0
    while True:
        if conn.trailing_data == (b"", True):
            return count  # closed after the last response
        method = methods[count] if count < len(methods) else b"GET"
        conn.send(h11.Request(method=method, target="/", headers=[("host", "fuzz")]))
        conn.send(h11.EndOfMessage())
        event_stream = False
        try:
            event = conn.next_event()
            while isinstance(event, h11.InformationalResponse):
                if conn.trailing_data == (b"", True):
                    return count  # the server gave up reading this request (a timeout)
                event = conn.next_event()
            assert isinstance(event, h11.Response), f"response #{count}: {event}"
            event_stream = (b"content-type", b"text/event-stream") in event.headers
            count += 1
            while not isinstance(event, h11.EndOfMessage):
                event = conn.next_event()
                assert event is not h11.PAUSED, f"response #{count} switched protocols"
                assert event is not h11.NEED_DATA, f"response #{count} is cut off"
                assert not isinstance(event, h11.ConnectionClosed), event
            if conn.our_state is h11.DONE and conn.their_state is h11.DONE:
                conn.start_next_cycle()
                continue
            # The connection closes after this response: nothing may follow it.
            event = conn.next_event()
            assert isinstance(event, h11.ConnectionClosed), f"after response #{count}: {event}"
            return count
        except h11.RemoteProtocolError as exc:
            # A stream is cut off, without its last chunk, when the client half-closes.
            if truncated_stream_ok and event_stream and "incomplete" in str(exc):
                return count
            raise AssertionError(f"invalid response #{count}: {exc}") from exc


def TestOneInput(data: bytes) -> None:
    if not data:
        return
    control, data = data[0], data[1:]
    chunk = _CHUNKS[control & 0x0F]
    half_close = bool(control & 0x80)
    output, app, budget, errors = _run(data, chunk, half_close)
    methods = _methods(data)
    responses = _check_responses(output, methods, truncated_stream_ok=half_close)
    assert responses >= len(app.requests)
    assert responses <= len(methods) + 1
    assert budget == [0]
    # The plain parse changes nothing but the cost: every head left to h11, the same answers.
    fast_parse = http_module.parse_plain_head
    http_module.parse_plain_head = lambda data: None
    try:
        by_h11, h11_app, h11_budget, h11_errors = _run(data, chunk, half_close)
    finally:
        http_module.parse_plain_head = fast_parse
    assert _without_date(output) == _without_date(by_h11)
    assert app.requests == h11_app.requests and budget == h11_budget and errors == h11_errors


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode", "h11")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
