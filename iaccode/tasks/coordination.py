"""Coordination across replicas on Redis (`coordination-url`, issue 19).

Replicas that share one PostgreSQL task store meet here for what cannot live in one process:

* **Leases** (`iaccode:lease:task:<id>`, `iaccode:lease:context:<id>`): the replica that runs a
  task's turn holds the task's lease and its context's, values its replica id, with a TTL
  (`lease-seconds`, 15 s by default) renewed every third of it while the turn runs. A lease taken
  is the only way to change a live task; a lease that expired means its replica is gone, and a
  survivor ends the turn as a restart would (`iaccode.a2a.replicas`).
* **Event fan-out** (`iaccode:events:<task>`, one stream per task): every event a replica
  publishes is appended (XADD, in publish order, by one writer task) after the change was
  committed, so "persisted before published" holds across replicas. A subscriber on another
  replica reads from the stream id its snapshot stands at (`mark`, taken in the writer's order,
  so no event falls between snapshot and stream and none is read twice). Streams are capped
  (MAXLEN ~ `STREAM_LENGTH`) and expire `STREAM_TTL_MS` after their last event.
* **Control requests** (`iaccode:control:<replica>`): CancelTask, an answer to a paused turn and
  a subscription are sent to the replica that runs the turn; the answer comes back on a list
  (`iaccode:reply:<id>`, BLPOP) within `CALL_TIMEOUT_SECONDS`.

redis-py's asyncio client cannot run under Trio, so its blocking client runs in worker threads
(`trio.to_thread.run_sync`, never abandoned, each call bounded by the socket timeouts), as the
push queue does; the blocking reads (XREAD BLOCK, BLPOP) use their own connection pool with a
socket timeout longer than the block. See docs/concurrency.md.

Faults: `open` raises `UnusableStateError` (exit 2, one line naming Redis) when Redis cannot be
reached. Later, a failed call marks the coordination unavailable: calls that need it raise
`CoordinationUnavailableError` at once, `/health` and `/ping` say so, remote subscriptions end
(their client subscribes again), and `run`'s monitor pings until Redis answers again, then takes
its leases back.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import os
import platform
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

import attrs
import trio

from iaccode.tasks.errors import CoordinationUnavailableError, UnusableStateError
from iaccode.wire import json

T = TypeVar("T")
log = logging.getLogger("iaccode.coordination")

PREFIX = "iaccode:"
DEFAULT_LEASE_SECONDS = 15.0
STREAM_LENGTH = 10_000  # entries kept per task stream (approximately)
STREAM_TTL_MS = 3_600_000  # a task's stream disappears an hour after its last event
CONTROL_TTL_MS = 600_000
REPLY_TTL_MS = 60_000
CALL_TIMEOUT_SECONDS = 10.0
READ_BLOCK_MS = 200
PROBE_DOWN_SECONDS = 0.5
MISSING_DRIVER = "coordination-url needs the redis extra (pip install 'iaccode[redis]')"

# Take the lease, or renew it when it is ours already: 1 when held afterwards.
_ACQUIRE = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('get', KEYS[1]) == ARGV[1] then
    redis.call('pexpire', KEYS[1], ARGV[2]) return 1
end
return 0
"""
# Renew each of ours; one that vanished (Redis restarted empty) is taken again. Returns the keys
# another replica holds now (lost).
_RENEW = """
local lost = {}
for _, key in ipairs(KEYS) do
    local holder = redis.call('get', key)
    if holder == ARGV[1] then
        redis.call('pexpire', key, ARGV[2])
    elseif not holder then
        redis.call('set', key, ARGV[1], 'PX', ARGV[2])
    else
        table.insert(lost, key)
    end
end
return lost
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


def _redis() -> Any:
    try:
        import redis
    except ImportError:
        raise UnusableStateError(MISSING_DRIVER) from None
    return redis


def describe_url(url: str) -> str:
    """host:port/db of a Redis URL, for messages: never the user or the password."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return "a unix socket"
    try:
        port = parts.port or 6379
    except ValueError:
        return "(an invalid URL)"
    db = parts.path.strip("/")
    return f"{parts.hostname or 'localhost'}:{port}" + (f"/{db}" if db else "")


def new_replica_id() -> str:
    """Unique per process: a restarted replica never takes over its predecessor's requests."""
    return f"{platform.node() or 'iaccode'}-{os.getpid()}-{secrets.token_hex(3)}"


def stream_id(value: str) -> tuple[int, int]:
    ms, _, seq = value.partition("-")
    return int(ms), int(seq or 0)


@attrs.define(eq=False)
class _Mark:
    """A position asked of the writer: the stream's last id once what was queued is written."""

    task_id: str
    done: trio.Event = attrs.field(factory=trio.Event)
    position: str | None = None  # None: Redis failed


@attrs.define(eq=False)
class RemoteFeed:
    """A subscription fed from a task's stream, from `position` on."""

    task_id: str
    position: str
    deliver: Callable[[dict[str, Any]], bool]  # an event's JSON; False: the subscriber is gone
    end: Callable[[bool], None]  # True: cut off (Redis failed), False: the turn finished


class RedisCoordination:
    """Leases, the event streams and control requests of one replica. `await open(...)`, then
    run `run` in a nursery for as long as the replica serves."""

    def __init__(self, url: str, *, lease_seconds: float = DEFAULT_LEASE_SECONDS) -> None:
        redis = _redis()
        self._errors: tuple[type[Exception], ...] = (redis.RedisError, OSError)
        self.replica = new_replica_id()
        self.where = describe_url(url)
        self.lease_ms = max(int(lease_seconds * 1000), 1000)
        options = {"socket_connect_timeout": 2.0, "health_check_interval": 10}
        self._redis = redis.Redis.from_url(url, socket_timeout=5.0, **options)
        # XREAD BLOCK and BLPOP wait longer than a plain command may.
        self._blocking = redis.Redis.from_url(
            url, socket_timeout=CALL_TIMEOUT_SECONDS + 5.0, **options
        )
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)
        self._limiter = trio.CapacityLimiter(8)
        self._waits = trio.CapacityLimiter(32)  # threads blocked in BLPOP / XREAD
        self.available = True
        self._held: dict[str, int] = {}  # lease key -> holders in this process
        self._releasing: dict[str, trio.Event] = {}  # given back, not yet deleted in Redis
        self._renewed_at = trio.current_time()  # the last time every lease was known ours
        self._out_send, self._out_receive = trio.open_memory_channel[Any](math.inf)
        self._feeds: dict[str, list[RemoteFeed]] = {}
        self._dropped: set[str] = set()  # tasks whose events could not be written
        self._feeds_changed = trio.Event()
        self.on_request: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]] | None = None
        self.on_recovered: Callable[[], Awaitable[object]] | None = None

    @classmethod
    async def open(cls, url: str, *, lease_seconds: float = DEFAULT_LEASE_SECONDS) -> Any:
        """Connect and ping; raises `UnusableStateError` (one line naming Redis, never a
        password) when Redis cannot be reached or the redis extra is missing."""
        self = cls(url, lease_seconds=lease_seconds)
        try:
            await trio.to_thread.run_sync(self._redis.ping)
        except self._errors as exc:
            await self.aclose()
            raise UnusableStateError(
                f"coordination-url: cannot connect to Redis at {self.where}: {_reason(exc)}"
            ) from None
        return self

    async def aclose(self) -> None:
        def close() -> None:
            self._redis.close()
            self._blocking.close()

        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(close)

    # -- calls ---------------------------------------------------------------------------------

    async def _call(self, fn: Callable[[Any], T], *, blocking: bool = False) -> T:
        """Run `fn(client)` in a thread; raises `CoordinationUnavailableError` at once while
        Redis is known to be down, and when the call fails (then marked down)."""
        if not self.available:
            raise CoordinationUnavailableError()
        client = self._blocking if blocking else self._redis
        try:
            return await trio.to_thread.run_sync(
                fn, client, limiter=self._waits if blocking else self._limiter
            )
        except self._errors as exc:
            self._mark_unavailable(_reason(exc))
            raise CoordinationUnavailableError() from None

    def _mark_unavailable(self, reason: str) -> None:
        if self.available:
            log.warning("coordination (Redis at %s) is unavailable: %s", self.where, reason)
        self.available = False

    # -- leases --------------------------------------------------------------------------------

    @staticmethod
    def task_key(task_id: str) -> str:
        return f"{PREFIX}lease:task:{task_id}"

    @staticmethod
    def context_key(context_id: str) -> str:
        return f"{PREFIX}lease:context:{context_id}"

    async def acquire(self, key: str) -> bool:
        """Take the lease `key` (or count one more holder of ours); False when another replica
        holds it. Give it back with `release`. Raises `CoordinationUnavailableError`."""
        if self._held.get(key):
            self._held[key] += 1
            return True
        releasing = self._releasing.get(key)
        if releasing is not None:  # its DEL must not land after we took it again
            await releasing.wait()
            if self._held.get(key):
                self._held[key] += 1
                return True
        held = await self._call(
            lambda r: self._acquire(keys=[key], args=[self.replica, self.lease_ms])
        )
        if held:
            self._held[key] = self._held.get(key, 0) + 1
        return bool(held)

    def retain(self, key: str) -> None:
        """One more holder of a lease this process holds already (a turn taking over the
        request's), given back with `release`."""
        self._held[key] = self._held.get(key, 0) + 1

    def release(self, key: str) -> None:
        """One holder fewer; the last gives the lease back, after every event queued before
        (if Redis is down, it expires by itself). A lease not held (lost to another replica
        meanwhile) is left alone."""
        if key not in self._held:
            return
        count = self._held[key] - 1
        if count > 0:
            self._held[key] = count
            return
        self._held.pop(key, None)
        if self.available and key not in self._releasing:
            self._releasing[key] = trio.Event()
            self._out_send.send_nowait(("r", key, b""))

    def holds(self, key: str) -> bool:
        return bool(self._held.get(key))

    async def flush(self) -> None:
        """Wait until everything queued so far (events, leases given back) has been written or
        failed: a replica shutting down gives its turns' leases back before it goes, so
        another replica takes their follow-ups at once. Returns at once while Redis is down
        (the leases then expire by themselves). Raises nothing."""
        if not self.available:
            return
        barrier = trio.Event()
        self._out_send.send_nowait(("b", "", barrier))
        await barrier.wait()

    @property
    def leases_in_doubt(self) -> bool:
        """Our leases were not renewed for a whole TTL (Redis lost): other replicas may have
        seen them expire and be ending our turns."""
        return trio.current_time() - self._renewed_at > self.lease_ms / 1000

    async def holder(self, key: str) -> str | None:
        """The replica holding `key`, None when nobody does. Raises
        `CoordinationUnavailableError`."""
        value = await self._call(lambda r: r.get(key))
        return None if value is None else _text(value)

    async def holders(self, keys: list[str]) -> list[str | None]:
        if not keys:
            return []
        values = await self._call(lambda r: r.mget(keys))
        return [None if v is None else _text(v) for v in values]

    async def _renew_all(self) -> None:
        keys = sorted(self._held)
        if not keys:
            self._renewed_at = trio.current_time()
            return
        started = trio.current_time()
        lost = await self._call(
            lambda r: self._renew(keys=keys, args=[self.replica, self.lease_ms])
        )
        self._renewed_at = started
        for key in lost or ():
            log.warning("lease %s was taken by another replica", _text(key))
            self._held.pop(_text(key), None)

    # -- events --------------------------------------------------------------------------------

    @staticmethod
    def events_key(task_id: str) -> str:
        return f"{PREFIX}events:{task_id}"

    def publish(self, task_id: str, event: dict[str, Any]) -> None:
        """Queue an event for the task's stream (in publish order; never blocks). While Redis
        is down it is dropped, and the stream marked broken once Redis is back (`_gaps`)."""
        if self.available:
            self._out_send.send_nowait(("e", task_id, json.dumps(event)))
        else:
            self._dropped.add(task_id)

    def finish(self, task_id: str) -> None:
        """The turn of `task_id` ended here: remote subscriptions end after what they have."""
        if self.available:
            self._out_send.send_nowait(("f", task_id, b""))
        else:
            self._dropped.add(task_id)

    def _gaps(self) -> None:
        """After an outage: a mark on each stream that lost events, so that its remote
        subscribers are cut off (and subscribe again) rather than miss them silently."""
        dropped, self._dropped = self._dropped, set()
        for task_id in sorted(dropped):
            self._out_send.send_nowait(("g", task_id, b""))

    def mark(self, task_id: str) -> _Mark:
        """The stream position of everything published so far (call it in the same step as the
        snapshot it goes with); await `position` to have it."""
        mark = _Mark(task_id)
        self._out_send.send_nowait(("m", task_id, mark))
        return mark

    async def position(self, mark: _Mark) -> str:
        """Raises `CoordinationUnavailableError` when the stream could not be read."""
        await mark.done.wait()
        if mark.position is None:
            raise CoordinationUnavailableError()
        return mark.position

    def _write(self, client: Any, *, batch: list[tuple[str, str, Any]]) -> list[Any]:
        pipe = client.pipeline(transaction=False)
        for kind, task_id, body in batch:
            if kind == "r":  # task_id is the lease's key
                self._release(keys=[task_id], args=[self.replica], client=pipe)
                continue
            key = self.events_key(task_id)
            if kind == "m":
                pipe.xrevrange(key, count=1)
                continue
            pipe.xadd(key, {kind: body or b"1"}, maxlen=STREAM_LENGTH, approximate=True)
            pipe.pexpire(key, STREAM_TTL_MS)
        return list(pipe.execute())

    async def _writer(self) -> None:
        while True:
            batch = [await self._out_receive.receive()]
            with contextlib.suppress(trio.WouldBlock):
                while len(batch) < 256:
                    batch.append(self._out_receive.receive_nowait())
            # A lease taken again since it was given back stays; a barrier (`flush`) is no
            # write.
            kept = [
                item
                for item in batch
                if item[0] != "b" and (item[0] != "r" or not self._held.get(item[1]))
            ]
            try:
                results: list[Any] | None = await self._call(
                    functools.partial(self._write, batch=kept)
                )
            except CoordinationUnavailableError:
                results = None
                self._dropped.update(key for kind, key, _ in kept if kind in ("e", "f"))
            replies = iter(results or ())
            for kind, _key, body in kept:
                if results is None:
                    continue
                entries = next(replies)
                if kind == "m":
                    body.position = _text(entries[0][0]) if entries else "0-0"
                elif kind != "r":
                    next(replies)  # the PEXPIRE
            for kind, key, body in batch:
                if kind == "m":
                    body.done.set()
                elif kind == "b":
                    body.set()  # written or not: a flush waits for no more than this batch
                elif kind == "r":
                    released = self._releasing.pop(key, None)
                    if released is not None:
                        released.set()

    def follow(self, feed: RemoteFeed) -> Callable[[], None]:
        """Feed `feed` from its task's stream; returns what stops it."""
        self._feeds.setdefault(feed.task_id, []).append(feed)
        self._feeds_changed.set()

        def stop() -> None:
            feeds = self._feeds.get(feed.task_id)
            if feeds and feed in feeds:
                feeds.remove(feed)
                if not feeds:
                    del self._feeds[feed.task_id]

        return stop

    def followers(self, task_id: str) -> int:
        """The remote subscriptions of `task_id` this replica feeds."""
        return len(self._feeds.get(task_id, ()))

    async def _reader(self) -> None:
        while True:
            if not self._feeds or not self.available:
                self._feeds_changed = trio.Event()
                with trio.move_on_after(PROBE_DOWN_SECONDS):
                    await self._feeds_changed.wait()
                if not self.available:
                    self._cut_off_feeds()
                continue
            streams = {
                self.events_key(task_id): min(
                    (f.position for f in feeds), key=stream_id, default="0-0"
                )
                for task_id, feeds in self._feeds.items()
            }
            try:
                replies = await self._call(functools.partial(_read, streams=streams), blocking=True)
            except CoordinationUnavailableError:
                self._cut_off_feeds()
                continue
            for key, entries in replies or ():
                task_id = _text(key)[len(PREFIX) + len("events:") :]
                for entry_id, fields in entries:
                    self._dispatch(task_id, _text(entry_id), fields)

    def _dispatch(self, task_id: str, entry_id: str, fields: dict[Any, Any]) -> None:
        here = stream_id(entry_id)
        for feed in list(self._feeds.get(task_id, ())):
            if here <= stream_id(feed.position):
                continue
            feed.position = entry_id
            body = fields.get(b"e", fields.get("e"))
            if body is None:  # the turn's end, or events lost in an outage ("g")
                feed.end(b"g" in fields or "g" in fields)
            else:
                try:
                    event = json.loads(body)
                except ValueError:
                    continue  # not ours: skipped
                if feed.deliver(event):
                    continue
            self._drop(feed)

    def _drop(self, feed: RemoteFeed) -> None:
        feeds = self._feeds.get(feed.task_id, [])
        if feed in feeds:
            feeds.remove(feed)
        if not feeds:
            self._feeds.pop(feed.task_id, None)

    def _cut_off_feeds(self) -> None:
        feeds, self._feeds = self._feeds, {}
        for task_feeds in feeds.values():
            for feed in task_feeds:
                feed.end(True)

    # -- control requests ----------------------------------------------------------------------

    @staticmethod
    def control_key(replica: str) -> str:
        return f"{PREFIX}control:{replica}"

    async def call(self, replica: str, kind: str, body: dict[str, Any]) -> dict[str, Any]:
        """Send a request to `replica` and wait for its answer. Raises
        `CoordinationUnavailableError` when Redis fails or the replica does not answer within
        `CALL_TIMEOUT_SECONDS` (it may have died: its leases then expire)."""
        request_id = secrets.token_hex(8)
        reply_key = f"{PREFIX}reply:{request_id}"
        payload = json.dumps({"id": request_id, "kind": kind, "body": body})
        target = self.control_key(replica)

        def send(client: Any) -> None:
            pipe = client.pipeline(transaction=False)
            pipe.xadd(target, {"r": payload}, maxlen=1000, approximate=True)
            pipe.pexpire(target, CONTROL_TTL_MS)
            pipe.execute()

        await self._call(send)
        answer = await self._call(
            lambda r: r.blpop([reply_key], timeout=CALL_TIMEOUT_SECONDS), blocking=True
        )
        if answer is None:
            raise CoordinationUnavailableError(
                "The replica running this task did not answer; try again shortly"
            )
        reply: dict[str, Any] = json.loads(answer[1])
        return reply

    async def _listener(self) -> None:
        key = self.control_key(self.replica)
        position = "0-0"  # the replica id is new: everything on the stream is for us
        async with trio.open_nursery() as nursery:
            while True:
                if not self.available:
                    await trio.sleep(PROBE_DOWN_SECONDS)
                    continue
                try:
                    replies = await self._call(
                        functools.partial(_take, key=key, position=position), blocking=True
                    )
                except CoordinationUnavailableError:
                    continue
                for _, entries in replies or ():
                    for entry_id, fields in entries:
                        position = _text(entry_id)
                        try:
                            request = json.loads(fields.get(b"r", fields.get("r")))
                        except (TypeError, ValueError):
                            log.warning("ignored a control request that is not ours")
                            continue
                        if isinstance(request, dict):
                            nursery.start_soon(self._serve, request)

    async def _serve(self, request: dict[str, Any]) -> None:
        handler = self.on_request
        reply: dict[str, Any]
        if handler is None:
            reply = {"error": {"type": "InternalError", "message": "not ready"}}
        else:
            try:
                reply = await handler(str(request.get("kind")), request.get("body") or {})
            except Exception:
                log.exception("control request %s failed", request.get("kind"))
                reply = {"error": {"type": "InternalError", "message": "Internal error"}}
        reply_key = f"{PREFIX}reply:{request.get('id')}"
        data = json.dumps(reply)

        def answer(client: Any) -> None:
            pipe = client.pipeline(transaction=False)
            pipe.rpush(reply_key, data)
            pipe.pexpire(reply_key, REPLY_TTL_MS)
            pipe.execute()

        with contextlib.suppress(CoordinationUnavailableError):
            await self._call(answer)

    # -- the replica's life --------------------------------------------------------------------

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """The writer, the stream reader, the control listener and the monitor, for ever."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._writer)
            nursery.start_soon(self._reader)
            nursery.start_soon(self._listener)
            nursery.start_soon(self._monitor)
            task_status.started()

    async def _monitor(self) -> None:
        """Renew the leases every third of their TTL; while Redis is down, ping it every
        `PROBE_DOWN_SECONDS` and, once it answers, take the leases back first."""
        while True:
            await trio.sleep(self.lease_ms / 3000 if self.available else PROBE_DOWN_SECONDS)
            if self.available:
                with contextlib.suppress(CoordinationUnavailableError):
                    await self._renew_all()
                continue
            try:
                await trio.to_thread.run_sync(self._redis.ping, limiter=self._limiter)
            except self._errors:
                continue
            self.available = True
            try:
                await self._renew_all()
            except CoordinationUnavailableError:
                continue
            log.warning("coordination (Redis at %s) is available again", self.where)
            self._gaps()
            if self.on_recovered is not None:
                try:
                    await self.on_recovered()
                except Exception as exc:  # a store outage meanwhile: the next scan retries
                    log.warning("after the Redis outage: %s: %s", type(exc).__name__, exc)


def _read(client: Any, *, streams: dict[str, str]) -> Any:
    return client.xread(streams, count=500, block=READ_BLOCK_MS)


def _take(client: Any, *, key: str, position: str) -> Any:
    """The control requests after `position`, deleted once read (they may quote a message)."""
    replies = client.xread({key: position}, count=100, block=1000)
    ids = [entry_id for _, entries in replies or () for entry_id, _ in entries]
    if ids:
        client.xdel(key, *ids)
    return replies


def _text(value: bytes | str) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _reason(exc: BaseException) -> str:
    """The first line of the client's message ("Connection refused"), never the URL."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return first.rsplit(". ", 1)[-1].strip().rstrip(".") or type(exc).__name__


__all__ = [
    "DEFAULT_LEASE_SECONDS",
    "RedisCoordination",
    "RemoteFeed",
    "describe_url",
    "stream_id",
]
