"""Newline-delimited JSON-RPC over any trio Stream: the connection loop of stdio and Unix sockets.

Framing (iac-code-reference §1.9): each input line is one JSON-RPC request; a unary answer is one
line; a stream is one line per event (the JSON-RPC response as the dispatcher encodes it) and then
`{"jsonrpc":"2.0","id":<id>,"final":true}`; a notification gets no line. A line over `max_line`
bytes is answered with -32600 (id null) and skipped; invalid JSON is the dispatcher's -32700.

Why this shape:

- Requests on one connection run concurrently, one task each in the connection's nursery: a
  client must be able to send CancelTask while its SendStreamingMessage streams. At most
  `_MAX_IN_FLIGHT` run at once; beyond that the reader stops reading, which pushes back.
- All output goes through one writer task fed by a bounded channel, so lines never interleave and
  a request task cancelled halfway never leaves half a line behind. The writer sends whatever is
  queued in one `send_all` (style-and-performance C.4). A client that stops reading stalls its
  streams; their subscriptions then overflow and end with an error instead of growing memory.
- `Exchange` (requests in, frames out) is shared with the WebSocket transport; only the framing
  differs.

Lifetime: EOF on the input (or a read error) stops reading and calls `on_eof`. Requests in flight
get `drain` seconds to finish, unary and streaming alike (both last as long as the turn's current
leg; the turn itself belongs to the server and goes on); then they are cancelled, and a cancelled
stream still gets its final line when the writer can take it. A broken output ends the connection
at once, without a traceback. The caller owns (and closes) the stream.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Final, Protocol

import trio

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta, StreamReply
from iaccode.model.ids import new_id
from iaccode.wire import jsonrpc
from iaccode.wire.ndjson import LineFramer, LineTooLong, encode_line

log = logging.getLogger("iaccode.transports")

DRAIN_SECONDS: Final = 10.0
_READ_SIZE: Final = 65536
_QUEUE: Final = 64  # frames waiting for the writer, per connection
_MAX_IN_FLIGHT: Final = 128  # requests handled at once, per connection
_FLUSH_SECONDS: Final = 5.0  # for the writer to deliver what is queued once requests are done
_ID_DEPTH: Final = 1000  # request_id reads the id of anything the dispatcher could have answered


class Framing(Protocol):
    """How a transport wraps the dispatcher's JSON-RPC responses into its frames."""

    def reply(self, request: bytes, body: bytes) -> bytes: ...

    def event(self, request_id: jsonrpc.RequestId, body: bytes) -> bytes: ...

    def end(self, request_id: jsonrpc.RequestId) -> bytes: ...


class LineFraming:
    """NDJSON: the response itself, one line each, and the terminal `final` line of a stream."""

    def reply(self, request: bytes, body: bytes) -> bytes:
        return body + b"\n"

    def event(self, request_id: jsonrpc.RequestId, body: bytes) -> bytes:
        return body + b"\n"

    def end(self, request_id: jsonrpc.RequestId) -> bytes:
        return encode_line({"jsonrpc": "2.0", "id": request_id, "final": True})


def request_id(request: bytes) -> jsonrpc.RequestId:
    """The id the dispatcher's answer to `request` carries (None when it could not be read).

    The dispatcher's replies do not expose it, so it is read again from the request; requests are
    small next to the work they start.
    """
    return jsonrpc.parse_request(request, max_size=len(request), max_depth=_ID_DEPTH).id


def internal_error_reply(request: bytes) -> JsonReply:
    """The answer when handling `request` raised (a bug: the dispatcher answers every error
    itself), logged with an id the caller can quote."""
    error_id = new_id()[:8]
    log.exception("request failed (error id %s)", error_id)
    message = f"Internal error (error id {error_id})"
    body = jsonrpc.encode_error(
        request_id(request), jsonrpc.INTERNAL_ERROR, message, {"error_id": error_id}
    )
    return JsonReply(body)


class Exchange:
    """Runs one connection's requests concurrently and queues their frames for one writer."""

    def __init__(
        self,
        dispatcher: Dispatcher,
        meta: RequestMeta,
        framing: Framing,
        nursery: trio.Nursery,
        out: trio.MemorySendChannel[bytes],
    ) -> None:
        self._dispatcher = dispatcher
        self._meta = meta
        self._framing = framing
        self._nursery = nursery
        self._out = out
        self._slots = trio.Semaphore(_MAX_IN_FLIGHT)

    async def submit(self, request: bytes) -> None:
        """Start handling `request`; waits while too many are in flight."""
        await self._slots.acquire()
        # Counted now, not when its task first runs, so that a shutdown starting meanwhile (the
        # input ended right after this line) waits for it.
        admitted = self._dispatcher.admit()
        self._nursery.start_soon(self._handle, request, admitted)

    async def _handle(self, request: bytes, admitted: bool) -> None:
        try:
            try:
                if admitted:
                    reply = await self._dispatcher.dispatch(request, self._meta)
                else:
                    reply = self._dispatcher.closing_reply(request)
            except Exception:
                # The dispatcher answers every error itself; this is a bug, not a reason to drop
                # the connection.
                reply = internal_error_reply(request)
            if isinstance(reply, JsonReply):
                await self._out.send(self._framing.reply(request, reply.body))
            elif isinstance(reply, StreamReply):
                await self._stream(reply.request_id, reply)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the writer has gone: the connection is ending
        finally:
            self._slots.release()
            if admitted:
                self._dispatcher.release()

    async def _stream(self, rid: jsonrpc.RequestId, reply: StreamReply) -> None:
        try:
            while True:
                try:
                    body = await reply.receive()
                except trio.EndOfChannel:
                    break
                await self._out.send(self._framing.event(rid, body))
        except trio.Cancelled:
            # Say that this stream is over if the writer can take it now; never wait for it.
            with contextlib.suppress(
                trio.WouldBlock, trio.BrokenResourceError, trio.ClosedResourceError
            ):
                self._out.send_nowait(self._framing.end(rid))
            raise
        finally:
            reply.aclose()
        await self._out.send(self._framing.end(rid))


async def serve_lines(
    stream: trio.abc.Stream,
    dispatcher: Dispatcher,
    *,
    max_line: int,
    meta: RequestMeta,
    drain: float = DRAIN_SECONDS,
    on_eof: Callable[[], object] | None = None,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve NDJSON JSON-RPC on `stream` until its input ends and its requests are done.

    Args:
        stream: the connection; the caller closes it afterwards.
        dispatcher: answers the requests.
        max_line: the longest request line, in bytes.
        meta: what every request on this connection is taken to carry (owner, version...).
        drain: seconds in-flight requests may still take after the input ends.
        on_eof: called once when the input ends (not when the output breaks).
    """
    out, frames = trio.open_memory_channel[bytes](_QUEUE)
    async with trio.open_nursery() as connection:
        connection.start_soon(_write_lines, stream, frames, connection.cancel_scope)
        async with out, trio.open_nursery() as requests:
            exchange = Exchange(dispatcher, meta, LineFraming(), requests, out)
            task_status.started()
            await _read_lines(stream, max_line, exchange, out)
            if on_eof is not None:
                on_eof()
            requests.cancel_scope.deadline = trio.current_time() + drain
        connection.cancel_scope.deadline = trio.current_time() + _FLUSH_SECONDS


async def _read_lines(
    stream: trio.abc.ReceiveStream,
    max_line: int,
    exchange: Exchange,
    out: trio.MemorySendChannel[bytes],
) -> None:
    framer = LineFramer(max_line)
    while True:
        try:
            data = bytes(await stream.receive_some(_READ_SIZE))
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            data = b""  # a reset connection ends like a closed one
        at_end = not data
        while True:
            try:
                lines = framer.end() if at_end else framer.feed(data)
                break
            except LineTooLong as exc:
                message = f"Request line longer than {exc.limit} bytes"
                await out.send(jsonrpc.encode_error(None, jsonrpc.INVALID_REQUEST, message) + b"\n")
                data = b""  # the framer resynchronises on the next call
        for line in lines:
            await exchange.submit(line)
        if at_end:
            return


async def _write_lines(
    stream: trio.abc.SendStream,
    frames: trio.MemoryReceiveChannel[bytes],
    connection: trio.CancelScope,
) -> None:
    try:
        async with frames:  # on the way out, senders learn that nobody will take their frames
            async for frame in frames:
                batch = [frame]
                while True:  # whatever else is queued goes in the same write
                    try:
                        batch.append(frames.receive_nowait())
                    except (trio.WouldBlock, trio.EndOfChannel):
                        break
                await stream.send_all(b"".join(batch))
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        connection.cancel()  # nobody reads any more: nothing left to do
