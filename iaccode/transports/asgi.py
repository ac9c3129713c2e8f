"""ASGI 3 in front of an `HttpApp`: the same handlers under hypercorn's trio worker, or mounted
in another ASGI stack that runs on trio.

The built-in loop (`transports.http`) stays the default because it costs less per request
(docs/decisions.md, "ASGI mode"). This adapter buys what that loop lacks, HTTP/2 and embedding,
and keeps what the apps rely on:

* the request head is measured against `max-header-bytes` (431) and given to the app's
  `check_head` (auth, before anything is reserved); the body is read up to
  `max-body-bytes` (413, from Content-Length before a byte is read) and counted against
  `max-buffered-body-bytes` across requests (503);
* an event stream is one nursery: the source's `run()` producer (if it has one), a writer that
  sends every queued event in one body message and a heartbeat comment after `heartbeat-seconds`
  of silence, and a watcher on `receive()` whose `http.disconnect` cancels the other two;
* `lifespan`: an app given to the constructor is only acknowledged. One made by `open_app` is
  opened on startup, inside the lifespan task (a server keeps that task for its whole life, so
  the nursery the core needs lives there), and closed on shutdown. A host that sends no lifespan
  events enters the app instead: `async with app: ...`.

Connections are the server's business. `serve_hypercorn` runs hypercorn on sockets bound
beforehand: HTTP/1.1, h2c (prior knowledge or Upgrade) and, with TLS, h2 by ALPN.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import os
import socket
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import Any, Self

import trio

from iaccode.transports.http import BODIES_BUSY_MESSAGE, HttpApp, HttpLimits, pump_events
from iaccode.wire.http import (
    EventStreamResponse,
    HttpRequest,
    HttpResponse,
    busy_response,
    check_head,
    error_response,
    refusal,
)

log = logging.getLogger("iaccode.asgi")

Scope = Mapping[str, Any]
Message = Mapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
OpenApp = Callable[[], AbstractAsyncContextManager[HttpApp]]

NOT_STARTED_MESSAGE = "Server starting: not ready to take requests yet; retry later"
CLOSING_MESSAGE = "Server shutting down; retry later"


class _Refused(Exception):
    """The request cannot be read; answer `response`."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


class _Disconnected(Exception):
    """The client went away before its request was read."""


class AsgiApp:
    """An ASGI 3 application serving one `HttpApp`.

    Give either `app` (already running, as `iaccode a2a --http-server hypercorn` does) or
    `open_app`, a context manager factory that opens the app with what it needs (the core and its
    nursery) and closes it gracefully; it is entered on ASGI lifespan startup or by `async with`.

    `in_flight` and `close()` serve the server's graceful shutdown, as `HttpServer`'s do.
    """

    def __init__(
        self,
        app: HttpApp | None = None,
        limits: HttpLimits | None = None,
        *,
        open_app: OpenApp | None = None,
    ) -> None:
        if (app is None) == (open_app is None):
            raise TypeError("AsgiApp needs an app or an open_app, not both")
        self.app = app
        self.limits = limits or HttpLimits()
        self.in_flight = 0  # requests being handled, streams included
        self._open_app = open_app
        self._opened: contextlib.AsyncExitStack | None = None
        self._buffered = 0  # request body bytes held in memory
        self._closing = False

    def close(self) -> None:
        """Stop taking new requests (503); those in flight finish."""
        self._closing = True

    async def __aenter__(self) -> Self:
        """Open the app here, for a host that does not send lifespan events."""
        if self._open_app is not None and self.app is None:
            async with contextlib.AsyncExitStack() as stack:
                self.app = await stack.enter_async_context(self._open_app())
                self._opened = stack.pop_all()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        opened, self._opened = self._opened, None
        if opened is None:
            return False
        try:
            return bool(await opened.__aexit__(exc_type, exc, tb))
        finally:
            self.app = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            await self._http(scope, receive, send)
        elif kind == "lifespan":
            await self._lifespan(receive, send)
        elif kind == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # refused before accept
        else:
            raise ValueError(f"unsupported ASGI scope type {kind!r}")

    # -- lifespan ----------------------------------------------------------------------------------

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup
        if self._open_app is None or self.app is not None:  # running already: agree
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
            await send({"type": "lifespan.shutdown.complete"})
            return
        started = False
        try:
            async with self._open_app() as app:
                self.app, started = app, True
                await send({"type": "lifespan.startup.complete"})
                await receive()  # lifespan.shutdown: leaving the block closes gracefully
        except Exception as exc:
            if started:
                raise
            log.exception("iaccode failed to start")
            await send({"type": "lifespan.startup.failed", "message": str(exc)})
            return
        finally:
            self.app = None
        await send({"type": "lifespan.shutdown.complete"})

    # -- http --------------------------------------------------------------------------------------

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        head = scope["method"] == "HEAD"
        # A refused HTTP/1 request may have left its body unread: that connection must close.
        # (HTTP/2 forbids the header; a stream reset there costs nothing.)
        close = scope.get("http_version", "1.1") in ("1.0", "1.1")
        app = self.app
        if app is None or self._closing:
            message = CLOSING_MESSAGE if self._closing else NOT_STARTED_MESSAGE
            await _send_plain(send, busy_response(message), head=head, close=close)
            return
        self.in_flight += 1
        try:
            try:
                request = await self._read_request(scope, receive)
            except _Refused as refused:
                await _send_plain(send, refused.response, head=head, close=close)
                return
            try:
                response = await app.handle(request)
            except Exception:
                log.exception("error handling %s %s", request.method, request.path)
                response = error_response(500)
            finally:
                self._buffered -= len(request.body)
            if isinstance(response, EventStreamResponse):
                await self._stream_events(receive, send, response)
            else:
                await _send_plain(send, response, head=head)
        except _Disconnected:
            pass
        finally:
            self.in_flight -= 1

    async def _read_request(self, scope: Scope, receive: Receive) -> HttpRequest:
        raw_path = scope.get("raw_path")
        path = raw_path.decode("latin-1") if raw_path else scope["path"]
        # Mounted under a prefix: the apps route on their own paths. (Hosts differ on whether
        # `path` still holds `root_path`; stripping it only when present serves both.)
        root = scope.get("root_path") or ""
        if root and path.startswith(root):
            path = path[len(root) :] or "/"
        query = scope.get("query_string", b"").decode("latin-1")
        headers = tuple(
            (name.decode("latin-1").lower(), value.decode("latin-1"))
            for name, value in scope["headers"]
        )
        size = len(path) + len(query) + sum(len(k) + len(v) + 4 for k, v in headers)
        if size > self.limits.max_header:
            raise _Refused(refusal(self.app, 431))
        # Auth is decided on the head, as the built-in loop does: a request refused here takes
        # no body budget (an unauthenticated Content-Length cannot lock everyone else out).
        denied = check_head(self.app, HttpRequest(scope["method"], path, query, headers))
        if denied is not None:
            raise _Refused(denied)
        length = next((v for k, v in headers if k == "content-length"), None)
        declared = int(length) if length is not None and length.isdigit() else 0
        if declared > self.limits.max_body:
            raise _Refused(refusal(self.app, 413, "Request body too large"))
        self._reserve(declared)
        reserved = declared
        pieces: list[bytes] = []
        received = 0
        try:
            # hypercorn has no body timeout of its own (its read timeout would end idle event
            # streams too): a body that trickles in holds its reservation this long at most.
            with trio.move_on_after(self.limits.request_timeout) as slow:
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        raise _Disconnected
                    chunk = message.get("body", b"")
                    if chunk:
                        pieces.append(chunk)
                        received += len(chunk)
                        if received > self.limits.max_body:
                            raise _Refused(refusal(self.app, 413, "Request body too large"))
                        if received > reserved:
                            self._reserve(received - reserved)
                            reserved = received
                    if not message.get("more_body", False):
                        break
            if slow.cancelled_caught:
                raise _Refused(refusal(self.app, 408, "Request body not received in time"))
        except BaseException:
            pieces.clear()
            self._buffered -= reserved
            raise
        self._buffered -= reserved - received  # the caller gives back len(body)
        body = b"".join(pieces)
        return HttpRequest(scope["method"], path, query, headers, body, _base_url(scope, headers))

    def _reserve(self, size: int) -> None:
        if size and self._buffered + size > self.limits.max_buffered_body:
            log.warning(
                "request bodies in memory reached max-buffered-body-bytes (%d): answering 503",
                self.limits.max_buffered_body,
            )
            raise _Refused(busy_response(BODIES_BUSY_MESSAGE))
        self._buffered += size

    async def _stream_events(
        self, receive: Receive, send: Send, response: EventStreamResponse
    ) -> None:
        # No `connection` header: HTTP/2 forbids it, and the server decides about keep-alive.
        headers = [
            (b"content-type", b"text/event-stream"),
            (b"cache-control", b"no-cache"),
            (b"x-accel-buffering", b"no"),
            *_encode_headers(response.headers),
        ]
        source = response.source
        produce = getattr(source, "run", None)  # a source that makes its own events
        finished = False
        try:
            try:
                async with trio.open_nursery() as nursery:
                    if produce is not None:
                        nursery.start_soon(produce)  # cancelled when the client goes away
                    await send({"type": "http.response.start", "status": 200, "headers": headers})
                    nursery.start_soon(_watch_for_disconnect, receive, nursery.cancel_scope)
                    finished = await pump_events(
                        source, _body_writer(send), self.limits, response.heartbeat_comment
                    )
                    nursery.cancel_scope.cancel()
            except* OSError:  # ASGI 2.4: sending to a client that is gone raises OSError
                finished = False
            if finished:
                with trio.move_on_after(self.limits.request_timeout):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            source.aclose()


def _body_writer(send: Send) -> Callable[[bytes], Awaitable[None]]:
    async def write(data: bytes) -> None:
        # A stall under hypercorn ends in its connection (`_timed_connection_class`).
        await send({"type": "http.response.body", "body": data, "more_body": True})

    return write


def _encode_headers(headers: Sequence[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    return [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers]


async def _send_plain(
    send: Send, response: HttpResponse, *, head: bool = False, close: bool = False
) -> None:
    headers = _encode_headers(response.headers)
    bodiless = response.status in (204, 304)  # RFC 9110 §8.6: no length for these
    if not bodiless:
        headers.append((b"content-length", str(len(response.body)).encode("ascii")))
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": response.status, "headers": headers})
    body = b"" if head or bodiless else response.body
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def _watch_for_disconnect(receive: Receive, scope: trio.CancelScope) -> None:
    """The body is read by now: what remains to receive is the client leaving."""
    while (await receive())["type"] != "http.disconnect":
        pass
    scope.cancel()


async def serve_hypercorn(
    app: AsgiApp,
    listeners: Sequence[trio.abc.Listener[Any]],
    *,
    shutdown_trigger: Callable[[], Awaitable[None]],
    keep_alive: float,
    graceful_timeout: float,
    certfile: str | None = None,
    keyfile: str | None = None,
    task_status: trio.TaskStatus[list[str]] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve `app` with hypercorn's trio worker on the sockets of `listeners` (bound already, so
    that the port is known before the core is built) until `shutdown_trigger` returns; busy
    connections then get `graceful_timeout` to finish. TLS when `certfile` is given."""
    # hypercorn's public `serve` binds its own sockets; `worker_serve` takes ours.
    import hypercorn.trio.run
    from hypercorn.config import Config as HypercornConfig
    from hypercorn.config import Sockets
    from hypercorn.trio.run import worker_serve
    from hypercorn.utils import wrap_app

    hypercorn.trio.run.TCPServer = _timed_connection_class()  # type: ignore[attr-defined]

    config = HypercornConfig()
    config.keep_alive_timeout = keep_alive
    config.graceful_timeout = graceful_timeout
    config.h11_max_incomplete_size = app.limits.max_header
    config.include_server_header = False
    config.errorlog = logging.getLogger("hypercorn.error")  # through our logging setup
    config.accesslog = None
    config.certfile, config.keyfile = certfile, keyfile
    config.iaccode_write_timeout = app.limits.request_timeout  # type: ignore[attr-defined]
    # Duplicates, closed here when hypercorn is done; the originals stay with their owner.
    owned = [socket.socket(fileno=os.dup(_fileno(listener))) for listener in listeners]
    try:
        tls = certfile is not None
        sockets = Sockets(
            secure_sockets=owned if tls else [],
            insecure_sockets=[] if tls else owned,
            quic_sockets=[],
        )
        await worker_serve(
            wrap_app(app, config.wsgi_max_body_size, "asgi"),  # type: ignore[arg-type]
            config,
            sockets=sockets,
            shutdown_trigger=shutdown_trigger,
            task_status=task_status,
        )
    finally:
        for sock in owned:
            sock.close()


@functools.cache
def _timed_connection_class() -> type[Any]:
    """hypercorn's trio connection with a bound on each socket write.

    hypercorn shields its writes and times none of them out, so a client that stops reading an
    event stream would hold that stream, its request and the server's shutdown for as long as
    it keeps the socket open. Here a write that makes no progress for `request-timeout-seconds`
    closes the connection, as the built-in loop does.
    """
    from hypercorn.events import Closed, RawData
    from hypercorn.trio.tcp_server import TCPServer

    class TimedTCPServer(TCPServer):
        async def protocol_send(self, event: Any) -> None:
            if not isinstance(event, RawData):
                await super().protocol_send(event)
                return
            timeout = getattr(self.config, "iaccode_write_timeout", math.inf)
            async with self.send_lock:
                try:
                    with trio.CancelScope(shield=True), trio.move_on_after(timeout) as write:
                        await self.stream.send_all(event.data)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    write = None
                if write is None or write.cancelled_caught:
                    if write is not None:
                        log.info("a client stopped reading for %.0f s; closing it", timeout)
                        with trio.CancelScope(shield=True):
                            await self.stream.aclose()
                    await self.protocol.handle(Closed())

    return TimedTCPServer


def _fileno(listener: trio.abc.Listener[Any]) -> int:
    if not isinstance(listener, trio.SocketListener):
        raise TypeError(f"hypercorn needs socket listeners, not {type(listener).__name__}")
    return listener.socket.fileno()


def _base_url(scope: Scope, headers: tuple[tuple[str, str], ...]) -> str | None:
    """Where the host serves the app: its scheme, the Host the client used, the mount point."""
    host = next((v for k, v in headers if k == "host"), None)
    if not host:
        server = scope.get("server")
        if not server or server[1] is None:
            return None
        address = f"[{server[0]}]" if ":" in str(server[0]) else str(server[0])
        host = f"{address}:{server[1]}"
    if any(c in host for c in "/?#@ ") or len(host) > 255:
        return None  # not a host a card should advertise
    root = (scope.get("root_path") or "").rstrip("/")
    return f"{scope.get('scheme', 'http')}://{host}{root}/"
