"""JSON-RPC over Redis Streams: requests read from a stream by a consumer group, answers to another.

Entries (the field names of iac-code's `a2a/transports/redis_streams.py`; keys in
iac-code-reference §1.3):

- request: `correlation_id` (the client's, echoed), `payload` (the JSON-RPC request as UTF-8 JSON)
  and optionally `reply_stream` (where to answer; `response-stream` otherwise).
- response: `correlation_id`, `payload` (a JSON-RPC response), `final` (`"true"`/`"false"`) and
  `consumer` (which server answered; ours, for operators).
- A unary request gets one entry, final. A stream gets one entry per event, then
  `{"jsonrpc":"2.0","id":<id>}`, final. A notification gets nothing. A payload that is not JSON
  gets the dispatcher's -32700, one that is not a request -32600, an entry without a payload
  -32600; an entry without `correlation_id` cannot be answered: it is acked and logged.

Delivery is at least once. A request stays in the group's pending list until it is answered: the
final entry, XACK and XDEL go in one MULTI/EXEC. A live consumer renews the requests it works on
(`_RENEW`), so a long stream is never taken from it. Requests not renewed for `lease_ms` (their
consumer was killed, lost Redis, or was cancelled by a shutdown before it could answer) are taken
over with XAUTOCLAIM by any consumer of the group and run again from the start: a second task, and
a client may see a stream's first events twice under one correlation_id before the final entry.

Redis going away only pauses reading (backoff, logged once); writes retry until they succeed or
the request is cancelled; a group lost with a non-persistent Redis is created again. Entries carry
no credentials: whoever may write the request stream may use the agent, as with a Unix socket.
redis-py's asyncio client cannot run under trio, so its synchronous client runs in worker threads,
as in `tasks/push/redis_queue.py`.
"""

from __future__ import annotations

import functools
import logging
import random
import time
import urllib.parse
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs
import redis
import trio
from redis.typing import EncodableT, FieldT

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta, StreamReply
from iaccode.tasks.push.redis_queue import create_group, default_consumer_name, text
from iaccode.transports.lines import internal_error_reply
from iaccode.wire import jsonrpc
from iaccode.wire.json import dumps

T = TypeVar("T")
log = logging.getLogger("iaccode.transports")

DEFAULT_REQUEST_STREAM: Final = "iac-code:a2a:requests"
DEFAULT_RESPONSE_STREAM: Final = "iac-code:a2a:responses"
DEFAULT_GROUP: Final = "iac-code"
DEFAULT_LEASE_MS: Final = 30_000
_READ_BATCH: Final = 16
_WRITER_THREADS: Final = 8
_BACKOFF_FIRST: Final = 0.1
_BACKOFF_MAX: Final = 5.0

# Reset the idle time of the entries this consumer still owns. Checking the owner first keeps a
# consumer that stalled past its lease from taking back what another one has taken over.
_RENEW = """
for i = 3, #ARGV do
    local found = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[i], ARGV[i], 1)
    if found[1] and found[1][2] == ARGV[2] then
        redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[i], 'JUSTID')
    end
end
return 0
"""
_LOCAL = RequestMeta()


@attrs.frozen
class StreamSettings:
    url: str = "redis://localhost:6379/0"
    request_stream: str = DEFAULT_REQUEST_STREAM
    response_stream: str = DEFAULT_RESPONSE_STREAM
    group: str = DEFAULT_GROUP
    consumer: str | None = None  # None: <hostname>-<pid>
    lease_ms: int = DEFAULT_LEASE_MS
    block_ms: int = 250  # also how long a shutdown may wait for the reader
    max_in_flight: int = 64  # requests handled at once; beyond that, reading pauses


@attrs.frozen
class _Entry:
    id: str
    correlation: bytes | None
    payload: bytes | None
    reply_to: bytes


class RedisStreamsTransport:
    """One consumer of the request stream: `serve` answers requests, `aclose` disconnects."""

    def __init__(self, settings: StreamSettings, *, client: redis.Redis | None = None) -> None:
        self.settings = settings
        self.consumer = settings.consumer or default_consumer_name()
        # Raises ValueError for a URL that is not a Redis URL; connects only when first used.
        self._redis = client or redis.Redis.from_url(
            settings.url,
            socket_connect_timeout=2.0,
            socket_timeout=5.0 + settings.block_ms / 1000,
            health_check_interval=30,
        )
        self._renew_script = self._redis.register_script(_RENEW)
        self._writers = trio.CapacityLimiter(_WRITER_THREADS)
        self._slots = trio.Semaphore(settings.max_in_flight)
        self._held: set[str] = set()  # entries being answered by this consumer
        self._renewing = False
        self._idle = trio.Event()  # set when the last held entry is settled
        self._group_ready = False
        self._autoclaim_cursor = "0-0"
        self._next_autoclaim = 0.0

    def describe(self) -> str:
        s = self.settings
        where = f"stream {s.request_stream}, group {s.group}, consumer {self.consumer}"
        return f"{self._redis_name()} ({where})"

    def _redis_name(self) -> str:
        """Where Redis is, for logs: no user, password or query (redis-py takes a password in
        any of them)."""
        url = urllib.parse.urlsplit(self.settings.url)
        if url.scheme == "unix":
            return f"Redis at unix://{url.path}"
        host = url.hostname or "localhost"
        host = f"[{host}]" if ":" in host else host
        port = f":{url.port}" if url.port else ""
        return f"Redis at {url.scheme}://{host}{port}{url.path}"

    async def serve(
        self,
        dispatcher: Dispatcher,
        *,
        meta: RequestMeta = _LOCAL,
        handler_nursery: trio.Nursery | None = None,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Answer requests until cancelled. Reports started at once: Redis may come later.

        `handler_nursery` runs the requests, so that they may outlive the reader (a shutdown
        stops reading first, then gives the requests in flight their grace period).
        """
        async with trio.open_nursery() as own:
            task_status.started()
            await self._consume(dispatcher, meta, handler_nursery or own)

    async def check(self) -> None:
        """One PING at start-up, so that a Redis that is not there is one clear error rather
        than a server that retries for ever.

        Raises:
            ConnectionError: Redis did not answer (the message names where, without secrets).
        """
        try:
            await trio.to_thread.run_sync(self._redis.ping, limiter=self._writers)
        except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
            reason = str(exc).split(" connecting to ", 1)[0] or type(exc).__name__
            raise ConnectionError(f"cannot reach {self._redis_name()}: {reason}") from None

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(self._redis.close, limiter=self._writers)

    # -- reading -------------------------------------------------------------------------------

    async def _consume(
        self, dispatcher: Dispatcher, meta: RequestMeta, nursery: trio.Nursery
    ) -> None:
        backoff = _Backoff(self._redis_name())
        while True:
            async with self._slots:  # wait for a free slot; only this task takes them
                pass
            count = min(self._slots.value, _READ_BATCH)
            held = frozenset(self._held)
            try:
                entries = await trio.to_thread.run_sync(self._read, count, held)
            except Exception as exc:
                await backoff.failed(exc)
                continue
            backoff.succeeded()
            for entry in entries:
                if not dispatcher.admit():
                    return  # shutting down: what is read stays pending, for the group to take over
                self._slots.acquire_nowait()
                self._held.add(entry.id)
                nursery.start_soon(self._handle, entry, dispatcher, meta)
            if self._held and not self._renewing:
                self._renewing = True
                nursery.start_soon(self._renew)

    def _read(self, count: int, held: frozenset[str]) -> list[_Entry]:
        """In a thread: entries whose lease expired, else new ones."""
        try:
            return self._read_once(count, held)
        except redis.ResponseError as exc:
            if "NOGROUP" not in str(exc):
                raise
            self._group_ready = False  # Redis restarted without its data
            return self._read_once(count, held)

    def _read_once(self, count: int, held: frozenset[str]) -> list[_Entry]:
        s = self.settings
        if not self._group_ready:
            self._create_group()
        found = self._take_over(count, held)
        if not found:
            reply: Any = self._redis.xreadgroup(
                s.group, self.consumer, {s.request_stream: ">"}, count=count, block=s.block_ms
            )
            found = reply[0][1] if reply else []
        return self._entries(found)

    def _create_group(self) -> None:
        s = self.settings
        # From the start of the stream: requests sent before any server ran are answered.
        create_group(self._redis, s.request_stream, s.group)
        self._group_ready = True
        log.info("redis-streams: consuming %s", self.describe())

    def _take_over(self, count: int, held: frozenset[str]) -> list[Any]:
        """Entries not renewed for a lease (their consumer died, or was us before a restart)."""
        s = self.settings
        now = time.monotonic()
        if now < self._next_autoclaim:
            return []
        self._next_autoclaim = now + min(1.0, s.lease_ms / 4000)
        reply: Any = self._redis.xautoclaim(
            s.request_stream,
            s.group,
            self.consumer,
            min_idle_time=s.lease_ms,
            start_id=self._autoclaim_cursor,
            count=count,
        )
        self._autoclaim_cursor = text(reply[0])
        fresh = [item for item in reply[1] if text(item[0]) not in held]
        if fresh:
            log.warning("redis-streams: took over %d requests of a silent consumer", len(fresh))
            self._next_autoclaim = now  # there may be more
        return fresh

    def _entries(self, found: list[Any]) -> list[_Entry]:
        entries = []
        for raw_id, fields in found:
            entry_id = text(raw_id)
            if not fields:  # deleted after it was read: nothing to answer
                self._settle_now(entry_id)
                continue
            reply_to = fields.get(b"reply_stream") or self.settings.response_stream.encode()
            entries.append(
                _Entry(entry_id, fields.get(b"correlation_id"), fields.get(b"payload"), reply_to)
            )
        return entries

    def _settle_now(self, entry_id: str) -> None:
        pipe = self._redis.pipeline(transaction=True)
        pipe.xack(self.settings.request_stream, self.settings.group, entry_id)
        pipe.xdel(self.settings.request_stream, entry_id)
        pipe.execute()

    async def _renew(self) -> None:
        """Renew our entries while we hold any (runs beside the requests, not the reader)."""
        s = self.settings
        try:
            while True:
                self._idle = trio.Event()
                if not self._held:
                    return
                with trio.move_on_after(s.lease_ms / 3000):
                    await self._idle.wait()  # no renewer left sleeping when all is answered
                ids = sorted(self._held)
                if not ids:
                    return
                args = [s.group, self.consumer, *ids]
                try:
                    await self._thread(
                        functools.partial(self._renew_script, [s.request_stream], args)
                    )
                except redis.RedisError as exc:
                    log.debug("redis-streams: renewing failed: %s", exc)
        finally:
            self._renewing = False

    # -- answering -----------------------------------------------------------------------------

    async def _handle(self, entry: _Entry, dispatcher: Dispatcher, meta: RequestMeta) -> None:
        try:
            try:
                await self._answer(entry, dispatcher, meta)
            except redis.ResponseError as exc:
                # Redis refused the answer (say, reply_stream names a key of another type): it
                # can never be delivered, so the request is settled without one.
                log.warning("redis-streams: cannot answer request %s: %s", entry.id, exc)
                await self._send(entry, [], final=True)
        except redis.ResponseError as exc:
            log.warning("redis-streams: cannot settle request %s: %s", entry.id, exc)
        except Exception:
            # Never take the server down; the request stays pending and is taken over later.
            log.exception("redis-streams: request %s failed", entry.id)
        finally:
            self._held.discard(entry.id)
            if not self._held:
                self._idle.set()
            self._slots.release()
            dispatcher.release()

    async def _answer(self, entry: _Entry, dispatcher: Dispatcher, meta: RequestMeta) -> None:
        if entry.correlation is None:
            log.warning("redis-streams: request %s has no correlation_id; dropped", entry.id)
            await self._send(entry, [], final=True)
            return
        if entry.payload is None:
            body = jsonrpc.encode_error(None, jsonrpc.INVALID_REQUEST, "Entry has no payload")
            await self._send(entry, [body], final=True)
            return
        try:
            reply = await dispatcher.dispatch(entry.payload, meta)
        except Exception:
            # The dispatcher answers every error itself; this is a bug, not a reason to leave the
            # request to be taken over (and fail) again and again.
            reply = internal_error_reply(entry.payload)
        if isinstance(reply, JsonReply):
            await self._send(entry, [reply.body], final=True)
        elif isinstance(reply, StreamReply):
            await self._stream(entry, reply)
        else:  # a notification
            await self._send(entry, [], final=True)

    async def _stream(self, entry: _Entry, reply: StreamReply) -> None:
        assert entry.payload is not None
        try:
            while True:
                try:
                    batch = [await reply.receive()]
                except trio.EndOfChannel:
                    break
                while True:  # whatever else is queued goes in the same round trip
                    try:
                        batch.append(reply.receive_nowait())
                    except (trio.WouldBlock, trio.EndOfChannel):
                        break
                await self._send(entry, batch, final=False)
        finally:
            reply.aclose()
        end = dumps({"jsonrpc": "2.0", "id": reply.request_id})
        await self._send(entry, [end], final=True)

    async def _send(self, entry: _Entry, payloads: list[bytes], *, final: bool) -> None:
        """XADD `payloads` to the entry's reply stream; with `final`, the last one settles it."""
        s = self.settings

        def run() -> None:
            pipe = self._redis.pipeline(transaction=final)
            for index, payload in enumerate(payloads):
                last = final and index == len(payloads) - 1
                fields: dict[FieldT, EncodableT] = {
                    "correlation_id": entry.correlation or b"",
                    "payload": payload,
                    "final": "true" if last else "false",
                    "consumer": self.consumer,
                }
                pipe.xadd(entry.reply_to, fields)
            if final:
                pipe.xack(s.request_stream, s.group, entry.id)
                pipe.xdel(s.request_stream, entry.id)
            pipe.execute()

        backoff = _Backoff(self._redis_name())
        while True:
            try:
                await self._thread(run)
                backoff.succeeded()
                return
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                # Sent twice if it went through before the connection broke: at least once.
                await backoff.failed(exc)

    async def _thread(self, fn: Callable[[], T]) -> T:
        return await trio.to_thread.run_sync(fn, limiter=self._writers)


class _Backoff:
    """Exponential pauses with jitter; says once that Redis is gone and once that it is back."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._delay = 0.0

    async def failed(self, exc: Exception) -> None:
        if not isinstance(exc, redis.RedisError):
            log.error("redis-streams: unexpected error", exc_info=exc)
        elif not self._delay:
            log.warning("redis-streams: %s unavailable (%s); retrying", self._what, exc)
        self._delay = min(max(self._delay * 2, _BACKOFF_FIRST), _BACKOFF_MAX)
        await trio.sleep(self._delay * random.uniform(0.8, 1.2))

    def succeeded(self) -> None:
        if self._delay:
            log.info("redis-streams: %s reachable again", self._what)
            self._delay = 0.0
