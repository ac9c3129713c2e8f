"""HTTP/1.1 on trio + h11: the socket loop, nothing else.

One task per connection. Keep-alive is one cancel scope per connection whose deadline moves
(waiting for a request: `keep-alive-seconds`; reading or writing one: `request-timeout-seconds`),
not a timeout task per request; that costs a fraction of hypercorn's per-request overhead
(style-and-performance.md C.3, B.2). Limits: request head `max-header-bytes` (431), body
`max-body-bytes` (413, checked against Content-Length before reading).

An event stream response is the one place with concurrency: the connection task writes while a
watcher child reads the socket, so a client that goes away is noticed at once. The writer sends a
`: ping` comment after `heartbeat-seconds` without events and writes every queued event in one
`send_all` (C.4: coalescing is worth an order of magnitude under load).

Shutdown: `HttpServer.close()` ends idle keep-alive connections at once; a connection busy with a
request finishes it (the server bounds that with its grace period) and then closes.
"""

from __future__ import annotations

import logging
import math
from email.utils import formatdate
from typing import Any, Protocol

import attrs
import h11
import trio

from iaccode.wire.http import (
    REASONS,
    EventSource,
    EventStreamResponse,
    HttpRequest,
    HttpResponse,
    error_response,
    frame_chunk,
)
from iaccode.wire.sse import encode_comment, encode_data_line

log = logging.getLogger("iaccode.http")
_READ_SIZE = 65536
_DRAIN_LIMIT = 1024 * 1024
_SERVER = b"iaccode"


class HttpApp(Protocol):
    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse: ...


@attrs.frozen
class HttpLimits:
    max_body: int = 16 * 1024 * 1024
    max_header: int = 32 * 1024
    keep_alive: float = 30.0
    request_timeout: float = 30.0
    heartbeat: float = 15.0


class _Refused(Exception):
    """The request cannot be read; answer `response` and close."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


class HttpServer:
    """Serves one `HttpApp`; `handle_connection` is the `trio.serve_listeners` handler."""

    def __init__(self, app: HttpApp, limits: HttpLimits) -> None:
        self.app = app
        self.limits = limits
        self.in_flight = 0  # requests being handled, for idle shutdown
        self._idle: set[trio.CancelScope] = set()
        self._closing = False

    def close(self) -> None:
        """Stop taking requests: idle connections end now, busy ones after their response."""
        self._closing = True
        for scope in self._idle:
            scope.cancel()

    async def handle_connection(self, stream: trio.abc.Stream) -> None:
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=self.limits.max_header)
        scope = trio.CancelScope()
        try:
            with scope:
                while not self._closing:
                    scope.deadline = trio.current_time() + self.limits.keep_alive
                    self._idle.add(scope)
                    try:
                        event = await _next_event(conn, stream)
                    finally:
                        self._idle.discard(scope)
                    if not isinstance(event, h11.Request):
                        break  # the client closed (or sent something we cannot use)
                    scope.deadline = trio.current_time() + self.limits.request_timeout
                    self.in_flight += 1
                    try:
                        keep_open = await self._exchange(conn, stream, scope, event)
                    finally:
                        self.in_flight -= 1
                    if not keep_open or conn.our_state is not h11.DONE:
                        break
                    conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the client went away
        except h11.RemoteProtocolError as exc:
            with trio.move_on_after(self.limits.request_timeout):
                await _send_plain(conn, stream, error_response(exc.error_status_hint, str(exc)))
        except Exception:
            # One broken connection must never take the server down with it.
            log.exception("connection failed")
        finally:
            with trio.move_on_after(1) as cleanup:
                cleanup.shield = True
                await stream.aclose()

    async def _exchange(
        self,
        conn: h11.Connection,
        stream: trio.abc.Stream,
        scope: trio.CancelScope,
        head: h11.Request,
    ) -> bool:
        """Read one request, answer it; False when the connection must close."""
        try:
            request = await self._read_request(conn, stream, head)
        except _Refused as refused:
            await _send_plain(conn, stream, refused.response, close=True)
            await _drain(stream)
            return False
        # The app takes as long as it takes (a blocking SendMessage waits for its turn); the
        # request timeout bounds reading the request and writing the answer only.
        scope.deadline = math.inf
        try:
            response = await self.app.handle(request)
        except Exception:
            log.exception("error handling %s %s", request.method, request.path)
            response = error_response(500)
        if isinstance(response, EventStreamResponse):
            await self._stream_events(conn, stream, response)
            return False
        scope.deadline = trio.current_time() + self.limits.request_timeout
        await _send_plain(
            conn, stream, response, close=self._closing, head=request.method == "HEAD"
        )
        return True

    async def _read_request(
        self, conn: h11.Connection, stream: trio.abc.Stream, head: h11.Request
    ) -> HttpRequest:
        # h11 bounds only a head that is still incomplete; one that arrived whole is measured here.
        size = len(head.target) + sum(len(k) + len(v) + 4 for k, v in head.headers)
        if size > self.limits.max_header:
            raise _Refused(error_response(431))
        headers = tuple((k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in head.headers)
        length = next((v for k, v in headers if k == "content-length"), None)
        if length is not None and length.isdigit() and int(length) > self.limits.max_body:
            raise _Refused(error_response(413, "Request body too large"))
        if conn.they_are_waiting_for_100_continue:
            await stream.send_all(conn.send(h11.InformationalResponse(status_code=100, headers=[])))
        body = bytearray()
        while True:
            event = await _next_event(conn, stream)
            if isinstance(event, h11.Data):
                body += event.data
                if len(body) > self.limits.max_body:
                    raise _Refused(error_response(413, "Request body too large"))
            elif isinstance(event, h11.EndOfMessage):
                break
            else:
                raise _Refused(error_response(400, "Incomplete request"))
        target = head.target.decode("latin-1")
        path, _, query = target.partition("?")
        return HttpRequest(head.method.decode("ascii"), path, query, headers, bytes(body))

    async def _stream_events(
        self, conn: h11.Connection, stream: trio.abc.Stream, response: EventStreamResponse
    ) -> None:
        chunked = conn.their_http_version != b"1.0"
        headers = [
            ("content-type", "text/event-stream"),
            ("cache-control", "no-cache"),
            ("x-accel-buffering", "no"),
            ("connection", "close"),
            *response.headers,
        ]
        source = response.source
        try:
            head = h11.Response(status_code=200, headers=headers, reason=b"OK")
            await stream.send_all(conn.send(head))
            finished = False
            try:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(_watch_for_close, stream, nursery.cancel_scope)
                    finished = await self._pump(stream, source, chunked)
                    nursery.cancel_scope.cancel()
            except* (trio.BrokenResourceError, trio.ClosedResourceError):
                finished = False  # the client went away mid-stream: nothing to finish
            if finished:
                tail = conn.send(h11.EndOfMessage()) if chunked else b""
                if tail:
                    with trio.move_on_after(self.limits.request_timeout):
                        await stream.send_all(tail)
        finally:
            source.aclose()

    async def _pump(self, stream: trio.abc.Stream, source: EventSource, chunked: bool) -> bool:
        """Copy events to the socket until the source ends (True) or the write stalls (False)."""
        while True:
            batch = []
            ended = False
            with trio.move_on_after(self.limits.heartbeat):
                try:
                    batch.append(encode_data_line(await source.receive()))
                except trio.EndOfChannel:
                    return True
            if batch:
                # One scheduling round lets a busy producer queue more, so that under load events
                # leave in batches; an idle stream pays a single checkpoint.
                await trio.lowlevel.cancel_shielded_checkpoint()
                while True:  # whatever else is queued goes in the same write
                    try:
                        batch.append(encode_data_line(source.receive_nowait()))
                    except trio.WouldBlock:
                        break
                    except trio.EndOfChannel:
                        ended = True
                        break
                data = b"".join(batch)
            else:
                data = encode_comment("ping")
            with trio.move_on_after(self.limits.request_timeout) as write:
                await stream.send_all(frame_chunk(data) if chunked else data)
            if write.cancelled_caught:
                return False  # the client stopped reading
            if ended:
                return True


async def _next_event(conn: h11.Connection, stream: trio.abc.Stream) -> object:
    while True:
        event = conn.next_event()
        if event is not h11.NEED_DATA:
            return event
        conn.receive_data(bytes(await stream.receive_some(_READ_SIZE)))


async def _send_plain(
    conn: h11.Connection,
    stream: trio.abc.Stream,
    response: HttpResponse,
    *,
    close: bool = False,
    head: bool = False,
) -> None:
    if conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
        return  # too late to answer; the connection closes
    headers = [*response.headers, ("date", formatdate(usegmt=True))]
    if response.status not in (204, 304):  # RFC 9110 §8.6: no length for bodiless answers
        headers.append(("content-length", str(len(response.body))))
    if close:
        headers.append(("connection", "close"))
    reason = REASONS.get(response.status, "").encode("ascii")
    data = conn.send(h11.Response(status_code=response.status, headers=headers, reason=reason))
    if response.body and not head and response.status not in (204, 304):
        data += conn.send(h11.Data(data=response.body))
    data += conn.send(h11.EndOfMessage())
    await stream.send_all(data)


async def _drain(stream: trio.abc.Stream) -> None:
    """Read (briefly) what a refused client is still sending, so that closing the socket with
    unread data does not reset the connection before the client has read our answer."""
    with trio.move_on_after(1):
        received = 0
        while received < _DRAIN_LIMIT and (chunk := await stream.receive_some(_READ_SIZE)):
            received += len(chunk)


async def _watch_for_close(stream: trio.abc.Stream, scope: trio.CancelScope) -> None:
    """Read (and drop) whatever the client sends during a stream; EOF or an error ends it."""
    try:
        while await stream.receive_some(_READ_SIZE):
            pass
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass
    scope.cancel()


async def open_http_listeners(host: str, port: int) -> list[trio.SocketListener]:
    """Bind first, so that the real port (for port 0) is known before the card is built."""
    return await trio.open_tcp_listeners(port, host=host or None)


async def serve_http(
    server: HttpServer,
    listeners: list[trio.abc.Listener[Any]],
    handler_nursery: trio.Nursery | None = None,
    *,
    task_status: trio.TaskStatus[list[trio.abc.Listener[Any]]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve connections on `listeners` until cancelled."""
    await trio.serve_listeners(
        server.handle_connection,
        listeners,
        handler_nursery=handler_nursery,
        task_status=task_status,
    )
