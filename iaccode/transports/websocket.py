"""JSON-RPC over WebSocket (trio-websocket): a message in is a request, a frame out an envelope.

Framing (iac-code-reference §1.9): every outgoing text frame is `{"id": <request id>, "payload":
<the JSON-RPC response>, "final": <bool>}`. A unary answer is one envelope with `final: true`; a
stream is one envelope per event with `final: false`, then `{"id", "payload": null, "final":
true}`. Text and binary messages are both requests; what is not UTF-8 JSON gets -32700.

Concurrency is `lines.Exchange`'s: requests run concurrently and one writer sends, so a client can
cancel a task while its stream runs. When the client goes away its requests are cancelled
(nothing could be delivered any more); their turns go on in the server.

The handshake decides who may talk: only on `path` (404 otherwise); a browser (it always sends
`Origin`) only from a page whose origin is in `allowed_origins` (403 otherwise: any web page the
user opens could otherwise drive a local agent; this port serves no pages of its own); when
`authenticate` is given, only callers it accepts (401). The A2A version and extensions come from the
handshake's headers (or `?A2A-Version=`), as over HTTP.

Limits: a message over `max_message` (as trio-websocket measures it: characters of text, bytes of
binary) closes the connection with 1009. A ping goes out every `heartbeat` seconds; no pong within
another `heartbeat` closes the connection with 1011. Frames that break the protocol end the
connection, but without the 1002 (or 1007, text that is not UTF-8) close frame RFC 6455 §7.1.7 asks
for: wsproto reports them as a close event while the connection is still open, which
trio-websocket 0.12 takes for the peer's close, so it only drops the TCP connection (the client
sees 1006). That is for trio-websocket to fix; a transport that frames should not reach into it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from typing import Final
from urllib.parse import parse_qs, urlsplit

import attrs
import trio
from trio_websocket import ConnectionClosed, WebSocketConnection, WebSocketRequest, WebSocketServer

from iaccode.a2a.dispatch import Dispatcher, RequestMeta
from iaccode.transports.lines import Exchange, request_id
from iaccode.wire import jsonrpc
from iaccode.wire.json import dumps

log = logging.getLogger("iaccode.transports")

Headers = Callable[[str], str | None]  # lowercase header name -> first value
Authenticate = Callable[[Headers], str | None]  # -> the caller's principal, None to refuse

_QUEUE: Final = 64  # frames waiting for the writer, per connection
_CLOSE_SECONDS: Final = 2.0
# Going away, the reader is cancelled too, so the client's answer is never read: this only bounds
# sending our close frame.
_GOING_AWAY_SECONDS: Final = 0.2


class EnvelopeFraming:
    """Each response or event wrapped in its `{"id", "payload", "final"}` envelope."""

    def reply(self, request: bytes, body: bytes) -> bytes:
        return _envelope(request_id(request), body, final=True)

    def event(self, request_id: jsonrpc.RequestId, body: bytes) -> bytes:
        return _envelope(request_id, body, final=False)

    def end(self, request_id: jsonrpc.RequestId) -> bytes:
        return _envelope(request_id, b"null", final=True)


def _envelope(rid: jsonrpc.RequestId, payload: bytes, *, final: bool) -> bytes:
    # The payload is already JSON: spliced in, not decoded and encoded again.
    return b'{"id":%b,"payload":%b,"final":%b}' % (
        dumps(rid),
        payload,
        b"true" if final else b"false",
    )


async def serve_websocket(
    dispatcher: Dispatcher,
    host: str,
    port: int,
    *,
    path: str = "/a2a",
    max_message: int,
    heartbeat: float,
    handshake_timeout: float = 30.0,
    authenticate: Authenticate | None = None,
    allowed_origins: Collection[str] = (),
    handler_nursery: trio.Nursery | None = None,
    listeners: Sequence[trio.SocketListener | trio.SSLListener[trio.SocketStream]] | None = None,
    task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve JSON-RPC over WebSocket on `host`:`port` at `path` until cancelled.

    Reports the bound port (the real one when `port` is 0). `allowed_origins` lists the browser
    origins (`https://app.example`) that may connect; `"*"` allows any. Clients that send no
    `Origin` (anything but a browser) are not affected. `listeners` are sockets already bound
    (then `host` and `port` are not used): a server binds before it starts its tasks, so that an
    address in use is reported plainly; TLS listeners over them serve `wss://`.
    """
    if listeners is None:
        listeners = await trio.open_tcp_listeners(port, host=host or None)
    endpoint = _Endpoint(
        dispatcher,
        path,
        heartbeat,
        authenticate,
        frozenset(origin.lower().rstrip("/") for origin in allowed_origins),
    )
    # A client that never completes its handshake (a slowloris, plain ws:// on a wss:// port)
    # holds a connection only this long; a closing handshake gets as long.
    server = WebSocketServer(
        endpoint.handle,
        listeners,
        handler_nursery=handler_nursery,
        max_message_size=max_message,
        connect_timeout=handshake_timeout,
        disconnect_timeout=handshake_timeout,
    )
    first = listeners[0]
    bound = first.transport_listener if isinstance(first, trio.SSLListener) else first
    assert isinstance(bound, trio.SocketListener)
    task_status.started(bound.socket.getsockname()[1])
    await server.run()


@attrs.frozen
class _Endpoint:
    dispatcher: Dispatcher
    path: str
    heartbeat: float
    authenticate: Authenticate | None
    allowed_origins: frozenset[str]

    async def handle(self, request: WebSocketRequest) -> None:
        try:
            meta = await self._admit(request)
            if meta is None:
                return
            ws = await request.accept()
            try:
                await self._serve(ws, meta)
            finally:
                # Only still open when the server cancels us: it is going away (RFC 6455 §7.4.1).
                with trio.move_on_after(_GOING_AWAY_SECONDS, shield=True):
                    await ws.aclose(1001, "server shutting down")
        except ConnectionClosed:
            pass  # the client went away during the handshake
        except Exception:
            # One broken connection must never take the listener down with it.
            log.exception("websocket connection failed")

    async def _admit(self, request: WebSocketRequest) -> RequestMeta | None:
        """The handshake's verdict: the requests' meta, or None after refusing it."""
        values: dict[str, list[str]] = {}
        for name, value in request.headers:
            values.setdefault(name.decode("latin-1").lower(), []).append(value.decode("latin-1"))

        def header(name: str) -> str | None:
            found = values.get(name)
            return found[0] if found else None

        target = urlsplit(request.path)
        owner = "" if self.authenticate is None else self.authenticate(header)
        if target.path != self.path:
            status = 404
        elif not self._origin_allowed(header("origin")):
            status = 403
        elif owner is None:
            status = 401
        else:
            version = header("a2a-version") or parse_qs(target.query).get("A2A-Version", [None])[0]
            lines = values.get("a2a-extensions", []) + values.get("x-a2a-extensions", [])
            extensions = frozenset(
                u.strip() for line in lines for u in line.split(",") if u.strip()
            )
            return RequestMeta(version=version, extensions=extensions, owner=owner)
        await request.reject(status)
        return None

    def _origin_allowed(self, origin: str | None) -> bool:
        if origin is None:
            return True  # not a browser: browsers always send Origin on a WebSocket handshake
        allowed = self.allowed_origins
        return "*" in allowed or origin.lower().rstrip("/") in allowed

    async def _serve(self, ws: WebSocketConnection, meta: RequestMeta) -> None:
        out, frames = trio.open_memory_channel[bytes](_QUEUE)
        async with trio.open_nursery() as connection:
            connection.start_soon(_write, ws, frames, connection.cancel_scope)
            connection.start_soon(_heartbeat, ws, self.heartbeat, connection.cancel_scope)
            async with out, trio.open_nursery() as requests:
                exchange = Exchange(self.dispatcher, meta, EnvelopeFraming(), requests, out)
                while True:
                    try:
                        message = await ws.get_message()
                    except ConnectionClosed:
                        break
                    await exchange.submit(message.encode() if isinstance(message, str) else message)
                requests.cancel_scope.cancel()  # the client has gone: nothing can be delivered
            connection.cancel_scope.cancel()


async def _write(
    ws: WebSocketConnection, frames: trio.MemoryReceiveChannel[bytes], connection: trio.CancelScope
) -> None:
    try:
        async with frames:
            async for frame in frames:
                await ws.send_message(frame.decode())
    except ConnectionClosed:
        connection.cancel()


async def _heartbeat(ws: WebSocketConnection, period: float, connection: trio.CancelScope) -> None:
    next_ping = trio.current_time() + period
    while True:
        await trio.sleep_until(next_ping)
        next_ping += period
        with trio.move_on_after(period) as waiting:
            try:
                await ws.ping()
            except ConnectionClosed:
                return
        if waiting.cancelled_caught:
            log.info("no pong from a websocket client within %.0f s; closing", period)
            with trio.move_on_after(_CLOSE_SECONDS):
                await ws.aclose(1011, "no pong")
            connection.cancel()
            return
