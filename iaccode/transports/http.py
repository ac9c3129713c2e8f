"""HTTP/1.1 on trio + h11: the socket loop, nothing else.

A request whose first read brings its whole head in HTTP/1.1's plainest form is read without h11
(`wire.http_head`: a GetTask's CPU here fell from ~200 to ~115 us), a `_FastRequest`: its body
is read by its Content-Length, and whatever follows it goes to h11 as the next request. h11
reads everything else as before, and is handed a fast request's head (`_replay`) whenever only
h11 may write the answer: a refusal, an event stream, a header it must judge.

One task per connection. Keep-alive is one cancel scope per connection whose deadline moves
(waiting for a request: `keep-alive-seconds`; reading or writing one: `request-timeout-seconds`),
not a timeout task per request; that costs a fraction of hypercorn's per-request overhead
(style-and-performance.md C.3, B.2). Limits: request head `max-header-bytes` (431), body
`max-body-bytes` (413, checked against Content-Length before reading), bodies held in memory at
once across connections `max-buffered-body-bytes` (503).

Connections (`max-connections`), decided at accept time so that no flood spawns unbounded tasks:

* below the limit: served normally;
* at the limit: the connection that has waited longest for a request without sending a byte of
  one (an idle keep-alive or a fresh idle socket) is closed to make room, as nginx does;
* otherwise, in a small spare band: one request is read under a short deadline; the light paths
  (`/health`, `/ping`) are answered, anything else gets 503 with `Retry-After`; then close;
* beyond that: a canned 503 is written without waiting and the socket closed, no task spawned.

An event stream response is the one place with concurrency: the connection task writes while a
watcher child reads the socket, so a client that goes away is noticed at once. The writer sends a
`: ping` comment after `heartbeat-seconds` without events and writes every queued event in one
`send_all` (C.4: coalescing is worth an order of magnitude under load).

Shutdown: `HttpServer.close()` ends idle keep-alive connections at once; a connection busy with a
request finishes it (the server bounds that with its grace period) and then closes.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import math
import os
import re
import sys
import time
from collections.abc import Awaitable, Callable, Collection
from email.utils import formatdate
from typing import Any, Protocol

import attrs
import h11
import trio

from iaccode.transports.close_watch import CloseWatcher
from iaccode.wire.http import (
    REASONS,
    EventSource,
    EventStreamResponse,
    HttpRequest,
    HttpResponse,
    busy_response,
    encode_response,
    error_response,
    frame_chunk,
    refusal,
)
from iaccode.wire.http_head import PlainHead, parse_plain_head
from iaccode.wire.sse import encode_comment, encode_data_line

if sys.platform != "win32":
    import resource

log = logging.getLogger("iaccode.http")
_READ_SIZE = 65536
_DRAIN_LIMIT = 1024 * 1024
_SERVER = b"iaccode"
_SPARE_SECONDS = 2.0  # a connection over the limit gets this long to send its request head
_ACCEPT_BACKOFF = 0.1  # after accept() failed for lack of descriptors or memory
_ACCEPT_CAPACITY_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS})
_WARN_EVERY = 60.0  # seconds between two overload warnings in the log
_FD_MARGIN = 256  # descriptors beside the connections: database, logs, worker threads, push
BUSY_MESSAGE = "Server busy: too many connections; retry later"
BODIES_BUSY_MESSAGE = "Server busy: too many request bodies in memory; retry later"
_SHED_RESPONSE = encode_response(busy_response(BUSY_MESSAGE))
_CONTROL = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")  # in a header value; HTAB is allowed
_MALFORMED = "Malformed HTTP request"


class HttpApp(Protocol):
    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse: ...


@attrs.frozen
class HttpLimits:
    max_body: int = 16 * 1024 * 1024
    max_header: int = 32 * 1024
    keep_alive: float = 30.0
    request_timeout: float = 30.0
    heartbeat: float = 15.0
    max_connections: int = 1000
    max_buffered_body: int = 256 * 1024 * 1024

    @property
    def spare_connections(self) -> int:
        """Connections over `max_connections` that get a quick answer (light path or 503)."""
        return min(128, max(8, self.max_connections // 8))


class _Refused(Exception):
    """The request cannot be read; answer `response` and close."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


class HttpServer:
    """Serves one `HttpApp`: `serve_listener` accepts, `handle_connection` serves one stream.

    `light_paths` are answered even over the connection limit: cheap, and what health checks use.
    """

    def __init__(
        self, app: HttpApp, limits: HttpLimits, *, light_paths: Collection[str] = ()
    ) -> None:
        self.app = app
        # An app's optional `check_head(request) -> HttpResponse | None` refuses a request on its
        # head (401), so an unauthenticated client never holds body budget (issue 16: 17 such
        # uploads locked everyone out).
        self._check_head: Callable[[HttpRequest], HttpResponse | None] | None = getattr(
            app, "check_head", None
        )
        self.limits = limits
        self.light_paths = frozenset(light_paths)
        self.in_flight = 0  # requests being handled, for idle shutdown
        self.connections = 0  # served connections open (counted from accept)
        self.spare = 0  # connections over the limit being given a quick answer
        self.evicted = 0  # idle connections closed to make room (totals, for logs and tests)
        self.shed = 0  # connections refused outright
        self._buffered = 0  # request body bytes held in memory
        self._waiting: set[trio.CancelScope] = set()  # connections between requests
        self._idle: dict[trio.CancelScope, None] = {}  # of those, the ones sent nothing yet
        self._closes = CloseWatcher()  # event streams whose client may go away
        self._closing = False
        self._next_warning = -math.inf

    def close(self) -> None:
        """Stop taking requests: idle connections end now, busy ones after their response."""
        self._closing = True
        for scope in self._waiting:
            scope.cancel()

    async def serve_listener(self, listener: trio.abc.Listener[Any], nursery: trio.Nursery) -> None:
        """Accept connections until cancelled; each is admitted, given a quick answer, or shed."""
        self._closes.attach(nursery)
        async with listener:
            while True:
                try:
                    stream = await listener.accept()
                except OSError as exc:
                    if exc.errno not in _ACCEPT_CAPACITY_ERRNOS:
                        raise
                    self._warn(
                        "accept failed: %s; check max-connections against the fd limit",
                        os.strerror(exc.errno),
                    )
                    await trio.sleep(_ACCEPT_BACKOFF)
                    continue
                self._admit(stream, nursery)

    def _admit(self, stream: trio.abc.Stream, nursery: trio.Nursery) -> None:
        limits = self.limits
        spare = limits.spare_connections
        if self.connections >= limits.max_connections:
            if self._idle and self.connections < limits.max_connections + spare:
                # Make room: the oldest idle connection goes (its task ends at its next
                # checkpoint, so the count overshoots by the few that are still leaving).
                oldest = next(iter(self._idle))
                del self._idle[oldest]
                oldest.cancel()
                self.evicted += 1
            else:
                self._warn(
                    "connection limit reached (%d open, max-connections %d): answering 503",
                    self.connections,
                    limits.max_connections,
                )
                if self.spare < spare:
                    self.spare += 1
                    nursery.start_soon(self._answer_spare, stream)
                else:
                    self.shed += 1
                    _shed(stream, nursery)
                return
        self.connections += 1
        nursery.start_soon(self.handle_connection, stream, True)

    def _warn(self, message: str, *args: object) -> None:
        now = trio.current_time()
        if now >= self._next_warning:
            self._next_warning = now + _WARN_EVERY
            log.warning(message, *args)

    async def handle_connection(self, stream: trio.abc.Stream, counted: bool = False) -> None:
        """Serve `stream` until it closes; `counted`: it is one of `connections` (accepted
        here), given back at the end. Raises nothing: a broken connection is logged."""
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=self.limits.max_header)
        scope = trio.CancelScope()
        try:
            with scope:
                while not self._closing:
                    scope.deadline = trio.current_time() + self.limits.keep_alive
                    self._waiting.add(scope)
                    try:
                        event = await self._wait_for_request(conn, stream, scope)
                    finally:
                        self._waiting.discard(scope)
                    if not isinstance(event, h11.Request | _FastRequest):
                        break  # the client closed (or sent something we cannot use)
                    self.in_flight += 1
                    arrived = [event]
                    del event  # an event stream must not keep the request's head alive
                    try:
                        keep_open, after = await self._exchange(conn, stream, scope, arrived)
                    finally:
                        self.in_flight -= 1
                    if not keep_open:
                        break
                    conn = _next_cycle(conn, self.limits.max_header)
                    if after:  # what a client sent behind a fast request: h11 reads it next
                        conn.receive_data(after)
                    del after  # h11 holds its copy
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the client went away
        except h11.RemoteProtocolError as exc:
            with trio.move_on_after(self.limits.request_timeout):
                await _send_plain(conn, stream, _malformed(self.app, exc))
        except Exception:
            # One broken connection must never take the server down with it.
            log.exception("connection failed")
        finally:
            try:
                with trio.move_on_after(1) as cleanup:
                    cleanup.shield = True
                    await stream.aclose()
            finally:
                if counted:  # once its socket is closed
                    self.connections -= 1

    async def _wait_for_request(
        self, conn: h11.Connection, stream: trio.abc.Stream, scope: trio.CancelScope
    ) -> object:
        """The next request's head: a `_FastRequest`, or h11's event (a `Request`, or what ends
        the connection); None when the connection was closed to make room. Raises what the
        stream raises, and h11's `RemoteProtocolError` for a head it refuses."""
        event: object = conn.next_event()
        if event is h11.NEED_DATA:
            # Nothing of the next request buffered: its first bytes may be a plain head (not
            # the rest of one h11 holds the start of).
            fresh = not conn.trailing_data[0]
            # Nothing of the next request yet: the first connection to close when the server
            # is full. Once bytes arrive it is not idle any more (the deadline still bounds it).
            self._idle[scope] = None
            try:
                data = bytes(await stream.receive_some(_READ_SIZE))
            finally:
                self._idle.pop(scope, None)
            if scope.cancel_called:  # closed to make room (or for shutdown) as bytes arrived
                return None
            if fresh and (head := parse_plain_head(data)) is not None:
                return _FastRequest(head, data)
            conn.receive_data(data)
            event = await _next_event(conn, stream)
        return event

    async def _exchange(
        self,
        conn: h11.Connection,
        stream: trio.abc.Stream,
        scope: trio.CancelScope,
        arrived: list[h11.Request | _FastRequest],
    ) -> tuple[bool, bytes]:
        """Read the request whose head is `arrived[0]` (taken out), answer it. Returns whether
        the connection may serve another request, and the bytes the client sent after a fast
        one (h11 reads them next). Raises what the stream raises."""
        first = arrived.pop()
        if isinstance(first, _FastRequest):
            fast, method, http_version = first, first.head.method, b"1.1"
        else:
            fast, method, http_version = None, first.method.decode("ascii"), first.http_version
        # Reading the rest is bounded by request-timeout from now; the deadline is moved only
        # when a read has to wait (a small request arrives whole: moving it costs ~9 us).
        read_by = trio.current_time() + self.limits.request_timeout
        after = b""
        try:
            if fast is not None:
                request, after = await self._read_fast(stream, fast, scope, read_by)
            elif method == "CONNECT":  # h11 would take a 2xx answer as the start of a tunnel
                raise _Refused(refusal(self.app, 501, "CONNECT is not supported"))
            else:
                assert not isinstance(first, _FastRequest)
                try:
                    request = await self._read_request(conn, stream, first, scope, read_by)
                except h11.RemoteProtocolError as exc:  # a malformed or truncated body
                    raise _Refused(_malformed(self.app, exc)) from None
        except _Refused as refused:
            scope.deadline = read_by
            if fast is not None:
                _replay(conn, fast.data[: fast.head.end])
            # Answered here, where the method is known: h11 refuses a body in answer to HEAD.
            await _send_plain(conn, stream, refused.response, close=True, head=method == "HEAD")
            await _drain(stream)
            return False, b""
        # A fast request's head, for h11 when only h11 may write the answer. Its body is not
        # replayed: h11 writes an answer to a request whose body it has not read, and the
        # connection then starts afresh (`_next_cycle`).
        head_bytes = fast.data[: fast.head.end] if fast else None
        del first, fast  # the bytes that came with the head, the body among them
        # The app takes as long as it takes (a blocking SendMessage waits for its turn); the
        # request timeout bounds reading the request and writing the answer only.
        scope.deadline = math.inf
        try:
            response = await self.app.handle(request)
        except Exception:
            log.exception("error handling %s %s", request.method, request.path)
            response = error_response(500)
        finally:
            self._buffered -= len(request.body)  # parsed by now
        if isinstance(response, EventStreamResponse):
            if head_bytes is not None:
                _replay(conn, head_bytes)
            del head_bytes, request  # held for the stream's whole life otherwise
            await self._stream_events(conn, stream, scope, response)
            return False, b""
        scope.deadline = trio.current_time() + self.limits.request_timeout
        # Framed by both Transfer-Encoding and Content-Length: read by the former, and then the
        # connection must close (RFC 9112 §6.1), or a request smuggled behind it is served.
        ambiguous, keep_alive = _framing(request.headers, http_version)
        close = self._closing or ambiguous or not keep_alive
        is_head = request.method == "HEAD"
        data = _encode_plain(response, close=close, head=is_head)
        if data is None:  # a header h11 must judge (it refuses what cannot be sent)
            if head_bytes is not None:
                _replay(conn, head_bytes)
            await _send_plain(conn, stream, response, close=close, head=is_head)
            return conn.our_state is h11.DONE and not ambiguous, after
        await stream.send_all(data)
        return not close, after

    async def _read_fast(
        self, stream: trio.abc.Stream, fast: _FastRequest, scope: trio.CancelScope, read_by: float
    ) -> tuple[HttpRequest, bytes]:
        """The request whose head the plain parse read, its body read by its Content-Length,
        and the bytes after it. Raises `_Refused` (see `_admit_head`; 400 for a body cut short),
        and what the stream raises (`trio.Cancelled` at the connection's deadline)."""
        head = fast.head
        path, _, query = head.target.partition("?")
        bodiless = HttpRequest(head.method, path, query, head.headers)
        length = head.length
        self._admit_head(bodiless, head.size, length)
        data = fast.data
        body, after = data[head.end : head.end + length], data[head.end + length :]
        if len(body) < length:  # the rest of the body is still on its way
            pieces = [body]
            received = len(body)
            try:
                while received < length:
                    scope.deadline = read_by
                    chunk = bytes(await stream.receive_some(_READ_SIZE))
                    if not chunk:  # as h11 answers a body cut short
                        raise _Refused(refusal(self.app, 400, _MALFORMED))
                    pieces.append(chunk)
                    received += len(chunk)
            except BaseException:
                pieces.clear()  # see _read_request
                self._buffered -= length
                raise
            data = b"".join(pieces)
            body, after = data[:length], data[length:]
        if not length:
            return bodiless, after
        return HttpRequest(head.method, path, query, head.headers, body), after

    def _admit_head(
        self, bodiless: HttpRequest, size: int, declared: int, *, control: bool = False
    ) -> None:
        """Refuse a request on its head, or reserve the body budget its declared length needs
        (given back by the caller). Raises `_Refused`: 431 for a head over max-header-bytes
        (h11 bounds only a head that is still incomplete), 400 for `control` characters in a
        header value, the app's own refusal (`check_head`), 413 for a body over
        max-body-bytes, 503 when bodies in memory would pass max-buffered-body-bytes."""
        if size > self.limits.max_header:
            raise _Refused(refusal(self.app, 431))
        if control:
            raise _Refused(refusal(self.app, 400, "Control characters in a header value"))
        if self._check_head is not None:
            denied = self._check_head(bodiless)
            if denied is not None:
                raise _Refused(denied)
        if declared > self.limits.max_body:
            raise _Refused(refusal(self.app, 413, "Request body too large"))
        self._reserve(declared)

    async def _read_request(
        self,
        conn: h11.Connection,
        stream: trio.abc.Stream,
        head: h11.Request,
        scope: trio.CancelScope,
        read_by: float,
    ) -> HttpRequest:
        # One pass over the head's headers (h11's `Headers` is a slow sequence to iterate): its
        # size, control characters, the declared length, the names and values the app reads.
        size = len(head.target)
        control = False
        decoded = []
        length = None  # the first Content-Length
        for raw_name, raw_value in head.headers.raw_items():
            size += len(raw_name) + len(raw_value) + 4
            control = control or _CONTROL.search(raw_value) is not None  # h11 lets them through
            name, value = raw_name.decode("latin-1").lower(), raw_value.decode("latin-1")
            if length is None and name == "content-length":
                length = value
            decoded.append((name, value))
        headers = tuple(decoded)
        target = head.target.decode("latin-1")
        path, _, query = target.partition("?")
        method = head.method.decode("ascii")
        bodiless = HttpRequest(method, path, query, headers)  # the whole request, if no body
        declared = int(length) if length is not None and length.isdigit() else 0
        # Bodies are counted against the server-wide budget before they are read (a declared
        # length) or as they arrive (chunked); the caller gives back len(body) when done.
        self._admit_head(bodiless, size, declared, control=control)
        reserved = declared
        pieces: list[bytes] = []  # joined once at the end, no regrowing buffer
        received = 0
        try:
            if conn.they_are_waiting_for_100_continue:
                scope.deadline = read_by
                continue_ = h11.InformationalResponse(status_code=100, headers=[])
                await stream.send_all(conn.send(continue_))
            while True:
                event = conn.next_event()
                if event is h11.NEED_DATA:
                    scope.deadline = read_by
                    conn.receive_data(bytes(await stream.receive_some(_READ_SIZE)))
                    continue
                if isinstance(event, h11.Data):
                    pieces.append(event.data)
                    received += len(event.data)
                    if received > self.limits.max_body:
                        raise _Refused(refusal(self.app, 413, "Request body too large"))
                    if received > reserved:
                        self._reserve(received - reserved)
                        reserved = received
                elif isinstance(event, h11.EndOfMessage):
                    break
                else:
                    raise _Refused(refusal(self.app, 400, "Incomplete request"))
        except BaseException:
            # The traceback keeps this frame alive while the refusal is sent and the rest
            # drained: the budget is given back, so the bytes must go too.
            pieces.clear()
            self._buffered -= reserved
            raise
        if not pieces:
            return bodiless
        body = b"".join(pieces)  # bytes, whatever h11 handed out
        return HttpRequest(method, path, query, headers, body)

    def _reserve(self, size: int) -> None:
        if size and self._buffered + size > self.limits.max_buffered_body:
            self._warn(
                "request bodies in memory reached max-buffered-body-bytes (%d): answering 503",
                self.limits.max_buffered_body,
            )
            raise _Refused(busy_response(BODIES_BUSY_MESSAGE))
        self._buffered += size

    async def _answer_spare(self, stream: trio.abc.Stream) -> None:
        """Over the connection limit: answer one light request, or 503, then close."""
        conn = h11.Connection(h11.SERVER, max_incomplete_event_size=self.limits.max_header)
        try:
            with trio.move_on_after(min(_SPARE_SECONDS, self.limits.request_timeout)):
                head = await _next_event(conn, stream)
                if not isinstance(head, h11.Request):
                    return
                response = None
                if self._is_light(head):
                    end = await _next_event(conn, stream)  # a bodiless GET: at once
                    if isinstance(end, h11.EndOfMessage):
                        response = await self._light_response(head)
                await _send_plain(
                    conn,
                    stream,
                    response or busy_response(BUSY_MESSAGE),
                    close=True,
                    head=head.method == b"HEAD",
                )
                if conn.their_state is not h11.DONE:
                    await _drain(stream)  # so that the client reads the 503 before the close
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
            pass
        except Exception:
            log.exception("connection failed")
        finally:
            self.spare -= 1
            with trio.move_on_after(1) as cleanup:
                cleanup.shield = True
                await stream.aclose()

    def _is_light(self, head: h11.Request) -> bool:
        if head.method not in (b"GET", b"HEAD"):
            return False
        path = head.target.partition(b"?")[0].decode("latin-1")
        body = any(k in (b"content-length", b"transfer-encoding") for k, _ in head.headers)
        return path in self.light_paths and not body

    async def _light_response(self, head: h11.Request) -> HttpResponse | None:
        target = head.target.decode("latin-1")
        path, _, query = target.partition("?")
        headers = tuple((k.decode("latin-1"), v.decode("latin-1")) for k, v in head.headers)
        request = HttpRequest(head.method.decode("ascii"), path, query, headers)
        response = await self.app.handle(request)
        if isinstance(response, EventStreamResponse):  # not light after all
            response.source.aclose()
            return None
        return response

    async def _stream_events(
        self,
        conn: h11.Connection,
        stream: trio.abc.Stream,
        scope: trio.CancelScope,
        response: EventStreamResponse,
    ) -> None:
        """Write `response`'s events until its source ends or the client goes away (the
        connection's `scope` is then cancelled: the connection ends)."""
        chunked = conn.their_http_version != b"1.0"
        headers = [
            ("content-type", "text/event-stream"),
            ("cache-control", "no-cache"),
            ("x-accel-buffering", "no"),
            ("connection", "close"),
            *response.headers,
        ]
        source = response.source
        produce = getattr(source, "run", None)  # a source that makes its own events
        comment = response.heartbeat_comment
        head = conn.send(h11.Response(status_code=200, headers=headers, reason=b"OK"))
        del headers, response  # an idle stream holds only what it needs (bench: idle)
        write = functools.partial(_send_chunk, stream) if chunked else stream.send_all
        try:
            finished = False
            try:
                if produce is None:
                    await stream.send_all(head)
                # One task watches every plain stream's socket (close_watch.py) and cancels the
                # connection's scope; a source that runs, or a TLS stream, gets a nursery and a
                # reader of its own.
                if produce is None and self._closes.watch(stream, scope):
                    try:
                        finished = await pump_events(source, write, self.limits, comment)
                    finally:
                        self._closes.unwatch(stream)
                else:
                    async with trio.open_nursery() as nursery:
                        if produce is not None:
                            nursery.start_soon(produce)  # cancelled when the client leaves
                            await stream.send_all(head)
                        nursery.start_soon(_watch_for_close, stream, nursery.cancel_scope)
                        finished = await pump_events(source, write, self.limits, comment)
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


async def pump_events(
    source: EventSource,
    write: Callable[[bytes], Awaitable[object]],
    limits: HttpLimits,
    heartbeat_comment: str,
) -> bool:
    """Copy a stream's events to `write` until the source ends (True) or a write stalls for
    `request_timeout` (False: the client stopped reading); a comment after `heartbeat` of
    silence. Shared by the built-in loop and the ASGI adapter."""
    while True:
        batch = []
        ended = False
        with trio.move_on_after(limits.heartbeat):
            try:
                batch.append(encode_data_line(await source.receive()))
            except trio.EndOfChannel:
                return True
        if batch:
            ended = _take_queued(source, batch)
            if not ended:
                # One scheduling round lets a busy producer queue more, so that under load
                # events leave in batches; an idle stream pays a single checkpoint. A source
                # that has ended (a task's final status) has nothing more to wait for.
                await trio.lowlevel.cancel_shielded_checkpoint()
                ended = _take_queued(source, batch)
            data = b"".join(batch)
        else:
            data = encode_comment(heartbeat_comment)
        with trio.move_on_after(limits.request_timeout) as stalled:
            await write(data)
        if stalled.cancelled_caught:
            return False
        if ended:
            return True


def _take_queued(source: EventSource, batch: list[bytes]) -> bool:
    """Append what `source` has queued to `batch`; True when the source has ended."""
    while True:
        try:
            batch.append(encode_data_line(source.receive_nowait()))
        except trio.WouldBlock:
            return False
        except trio.EndOfChannel:
            return True


async def _send_chunk(stream: trio.abc.Stream, data: bytes) -> None:
    await stream.send_all(frame_chunk(data))


async def _next_event(conn: h11.Connection, stream: trio.abc.Stream) -> object:
    while True:
        event: object = conn.next_event()
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


def _date() -> str:
    """The Date header's value, formatted once a second."""
    global _date_cache
    now = int(time.time())
    if now != _date_cache[0]:
        _date_cache = (now, formatdate(now, usegmt=True))
    return _date_cache[1]


_date_cache = (0, "")
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_UNSENDABLE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # in a header value; HTAB is allowed
_FRAMING = frozenset({"content-length", "transfer-encoding", "connection", "date"})
_HEADER_LINES: dict[tuple[str, str], str] = {}  # headers found sendable, as written
_HEADER_LINES_KEPT = 1024
_STATUS_LINES = {
    status: f"HTTP/1.1 {status} {reason}\r\n".encode("latin-1")
    for status, reason in REASONS.items()
}


def _encode_plain(response: HttpResponse, *, close: bool, head: bool) -> bytes | None:
    """The whole answer to a fully read request, written without h11's per-event checks (they
    cost as much as the rest of a GetTask); None when a header is not one h11 would send, so
    that h11 refuses it as before. The same bytes h11 writes, Date and Content-Length added."""
    status_line = _STATUS_LINES.get(response.status) if response.status >= 200 else None
    if status_line is None:
        return None
    lines = []
    for header in response.headers:
        line = _HEADER_LINES.get(header)
        if line is None:
            name, value = header
            # h11 merges or refuses the framing headers an app sets itself (a 308's length)
            if not _sendable(name, value) or name.lower() in _FRAMING:
                return None
            line = f"{name}: {value}\r\n"
            # Most headers repeat (content-type, the card's validators); short ones are kept,
            # so that a value that echoes a client cannot make the cache large.
            if len(line) <= 256 and len(_HEADER_LINES) < _HEADER_LINES_KEPT:
                _HEADER_LINES[header] = line
        lines.append(line)
    lines.append(f"date: {_date()}\r\n")
    bodiless = response.status in (204, 304)  # RFC 9110 §8.6: no length for bodiless answers
    if not bodiless:
        lines.append(f"content-length: {len(response.body)}\r\n")
    if close:
        lines.append("connection: close\r\n")
    lines.append("\r\n")
    data = status_line + "".join(lines).encode("latin-1")
    return data if head or bodiless else data + response.body


def _sendable(name: str, value: str) -> bool:
    """Whether h11 would send this header as it is (it raises for anything else)."""
    return (
        name.isascii()
        and value.isascii()
        and _TOKEN.fullmatch(name) is not None
        and _UNSENDABLE.search(value) is None
        and value == value.strip(" \t")
    )


def _framing(headers: tuple[tuple[str, str], ...], http_version: bytes) -> tuple[bool, bool]:
    """Whether a request is framed by both Transfer-Encoding and Content-Length, and whether
    the client lets the connection serve another request (h11's own rule), in one pass."""
    chunked = length = False
    keep_alive = http_version >= b"1.1"
    for name, value in headers:
        if name == "transfer-encoding":
            chunked = True
        elif name == "content-length":
            length = True
        elif name == "connection" and "close" in (t.strip(" \t") for t in value.lower().split(",")):
            keep_alive = False  # blanks as h11 strips them (other whitespace was refused)
    return chunked and length, keep_alive


def _next_cycle(conn: h11.Connection, max_header: int) -> h11.Connection:
    """The parser for the connection's next request: h11's own once it wrote the answer, else
    a fresh one fed with what the client sent after this request (pipelining)."""
    if conn.our_state is h11.DONE and conn.their_state is h11.DONE:
        conn.start_next_cycle()
        return conn
    if conn.our_state is h11.IDLE:  # a fast request h11 never saw
        return conn
    data, closed = conn.trailing_data
    fresh = h11.Connection(h11.SERVER, max_incomplete_event_size=max_header)
    if data:
        fresh.receive_data(bytes(data))
    if closed:
        fresh.receive_data(b"")
    return fresh


@attrs.frozen
class _FastRequest:
    """A request whose head `parse_plain_head` read from `data`, the bytes that came with it."""

    head: PlainHead
    data: bytes


def _replay(conn: h11.Connection, head: bytes) -> None:
    """Give h11 a fast request's head when only h11 may write the answer (a refusal, an event
    stream, a header it must judge): it then stands where it would have after reading the head
    itself. Raises RuntimeError if h11 reads the head otherwise than the plain parse did (a
    bug: the connection logs it and closes)."""
    try:
        conn.receive_data(head)
        request = conn.next_event()
        following = conn.next_event()  # EndOfMessage without a body, NEED_DATA before one
    except h11.ProtocolError as exc:
        raise RuntimeError("h11 refused a head the plain parse took") from exc
    if not isinstance(request, h11.Request) or not (
        following is h11.NEED_DATA or isinstance(following, h11.EndOfMessage)
    ):
        raise RuntimeError("h11 read a head otherwise than the plain parse")


def _malformed(app: object, exc: h11.RemoteProtocolError) -> HttpResponse:
    """The answer to a request h11 could not parse: its status, never the parser's text (it
    quotes the client's bytes, `bytearray(b'...')`), in the app's error shape."""
    status = exc.error_status_hint
    return refusal(app, status, _MALFORMED if status == 400 else None)


def _shed(stream: trio.abc.Stream, nursery: trio.Nursery) -> None:
    """Past every limit: write a canned 503 without waiting (it fits any socket buffer) and
    close at once, spawning nothing; a client may see a reset instead if it was still sending."""
    transport = getattr(stream, "transport_stream", stream)  # TLS: the socket under it
    if not isinstance(transport, trio.SocketStream):
        nursery.start_soon(trio.aclose_forcefully, stream)
        return
    if transport is stream:  # plaintext only: a TLS client would read garbage
        with contextlib.suppress(OSError):
            os.write(transport.socket.fileno(), _SHED_RESPONSE)
    transport.socket.close()


def fit_fd_limit(limits: HttpLimits) -> HttpLimits:
    """Raise the soft RLIMIT_NOFILE toward the hard one so that `max_connections` fit (with the
    spare band and its overshoot, and a margin); if they cannot, lower it and say so."""
    if sys.platform == "win32":
        return limits
    spare = 2 * limits.spare_connections + _FD_MARGIN
    need = limits.max_connections + spare
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft == resource.RLIM_INFINITY or soft >= need:
        return limits
    honoured = max(1, soft - spare)
    log.warning(
        "max-connections %d needs about %d file descriptors but the limit is %d; "
        "serving at most %d connections (raise the hard limit, `ulimit -Hn`)",
        limits.max_connections,
        need,
        soft,
        honoured,
    )
    return attrs.evolve(limits, max_connections=honoured)


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
    """Serve connections on `listeners` until cancelled (handlers run in `handler_nursery`)."""
    async with trio.open_nursery() as nursery:
        for listener in listeners:
            nursery.start_soon(server.serve_listener, listener, handler_nursery or nursery)
        task_status.started(listeners)
