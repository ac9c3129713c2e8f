"""The `redis-streams` push queue: one stream, a consumer group, a retry ZSET and a dead stream.

A2A seed ("Push-Notification-Zustell-Backends", options `push-stream`, `push-retry-key`,
`push-dead-stream`, `push-consumer-group`, `push-consumer-name`, `push-lease-timeout-ms`) and
iac-code-reference 1.5 ("Redis alternative"): several server processes share one queue through a
consumer group; delivery is at least once.

- enqueue: XADD `{job: <json>}` to the stream.
- claim: a consumer's own unacked entries first (after a restart under the same consumer name),
  then entries idle longer than the lease (XAUTOCLAIM: their consumer died), then due retries
  moved back to the stream, then new entries (XREADGROUP, count 1, short block).
- ack: XACK + XDEL. retry: ZADD the updated job with its due time as score, XACK, XDEL.
  dead: XADD to the dead stream with the last error, XACK, XDEL. Each runs in MULTI/EXEC.
- due retries move from the ZSET to the stream in a Lua script, so ZREM and XADD happen together:
  no crash between them can lose a job, and no two workers can both move one.

A claimed entry stays in the group's pending list until it is settled. A worker cancelled or
killed mid-delivery leaves it there, and it is reclaimed after the lease: nothing is lost.

redis-py's asyncio client cannot run under trio, so the synchronous client runs in worker threads
(`trio.to_thread.run_sync` with a capacity limiter; threads are never abandoned, so a cancelled
call completes its command). Reconnects after a Redis restart are the client's; a group lost with
a non-persistent Redis is created again.
"""

from __future__ import annotations

import os
import platform
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
import trio

from iaccode.tasks.push.jobs import PushJob
from iaccode.tasks.push.queue import ClaimedJob, QueueCounts

T = TypeVar("T")

DEFAULT_STREAM = "iac-code:a2a:push"
DEFAULT_RETRY_KEY = "iac-code:a2a:push:retry"
DEFAULT_DEAD_STREAM = "iac-code:a2a:push:dead"
DEFAULT_GROUP = "iac-code-push"
DEFAULT_LEASE_MS = 300_000

_MOVE_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, member in ipairs(due) do
    redis.call('ZREM', KEYS[1], member)
    redis.call('XADD', KEYS[2], '*', 'job', member)
end
return #due
"""
_MOVE_BATCH = 100


def default_consumer_name() -> str:
    return f"{platform.node() or 'iaccode'}-{os.getpid()}"


def create_group(client: redis.Redis, stream: str, group: str) -> None:
    """The consumer group, reading `stream` from its start (made with the stream if need be);
    one that exists already is kept."""
    try:
        client.xgroup_create(stream, group, id="0", mkstream=True)
    except redis.ResponseError as exc:
        if "BUSYGROUP" not in str(exc):
            raise


def text(value: bytes | str) -> str:
    """A Redis reply field (bytes unless decoded) as text."""
    return value.decode("ascii") if isinstance(value, bytes) else value


class RedisStreamsQueue:
    """`PushQueue` on Redis Streams. Several processes may share one stream and group."""

    def __init__(
        self,
        url: str = "redis://localhost:6379/0",
        *,
        stream: str = DEFAULT_STREAM,
        retry_key: str = DEFAULT_RETRY_KEY,
        dead_stream: str = DEFAULT_DEAD_STREAM,
        group: str = DEFAULT_GROUP,
        consumer: str | None = None,
        lease_ms: int = DEFAULT_LEASE_MS,
        block_ms: int = 100,
        client: redis.Redis | None = None,
    ) -> None:
        self.stream = stream
        self.retry_key = retry_key
        self.dead_stream = dead_stream
        self.group = group
        self.consumer = consumer or default_consumer_name()
        self.lease_ms = lease_ms
        self.block_ms = block_ms
        self._redis = client or redis.Redis.from_url(
            url,
            socket_connect_timeout=2.0,
            socket_timeout=5.0 + block_ms / 1000,
            health_check_interval=30,
        )
        self._move_due = self._redis.register_script(_MOVE_DUE)
        self._limiter = trio.CapacityLimiter(8)
        self._group_ready = False
        self._backlog: str | None = "0"  # cursor over this consumer's own unacked entries
        self._held: set[str] = set()
        self._housekeeping_every = min(0.25, lease_ms / 4000)
        self._next_housekeeping = 0.0
        self._autoclaim_cursor = "0-0"
        self._lock = threading.Lock()

    # -- the protocol --------------------------------------------------------------------------

    async def enqueue(self, job: PushJob) -> None:
        data = job.to_json()
        if job.next_attempt_at > time.time():  # not due yet: wait in the retry set
            await self._thread(lambda r: r.zadd(self.retry_key, {data: job.next_attempt_at}))
        else:
            await self._thread(lambda r: r.xadd(self.stream, {"job": data}))

    async def claim(self, now: float) -> ClaimedJob | None:
        return await self._thread(lambda r: self._claim(r, now), group=True)

    async def ack(self, claimed: ClaimedJob) -> None:
        await self._settle(claimed, None)

    async def retry(self, claimed: ClaimedJob, error: str, at: float) -> None:
        data = claimed.job.failed(error, at).to_json()
        await self._settle(claimed, lambda pipe: pipe.zadd(self.retry_key, {data: at}))

    async def dead(self, claimed: ClaimedJob, error: str) -> None:
        job = claimed.job.failed(error, time.time())
        fields = {"job": job.to_json(), "error": job.last_error or ""}
        await self._settle(claimed, lambda pipe: pipe.xadd(self.dead_stream, fields))

    async def release(self, claimed: ClaimedJob) -> None:
        data = claimed.job.to_json()
        await self._settle(claimed, lambda pipe: pipe.xadd(self.stream, {"job": data}))

    async def recover(self, now: float) -> int:
        """Move due retries back to the stream. Expired leases are taken over by `claim`."""
        return await self._thread(lambda r: self._move_all_due(now))

    async def counts(self) -> QueueCounts:
        def run(r: redis.Redis) -> QueueCounts:
            pipe = r.pipeline(transaction=False)
            pipe.xlen(self.stream)
            pipe.zcard(self.retry_key)
            pipe.xlen(self.dead_stream)
            length, retries, dead = pipe.execute()
            try:
                inflight = int(r.xpending(self.stream, self.group)["pending"])
            except redis.ResponseError:
                inflight = 0  # no group yet
            return QueueCounts(int(length) - inflight + int(retries), inflight, int(dead))

        return await self._thread(run)

    async def dead_letters(self, limit: int = 100) -> list[PushJob]:
        # Typed loosely: redis-py's reply types differ between versions and protocols.
        entries: Any = await self._thread(lambda r: r.xrange(self.dead_stream, count=limit))
        jobs = []
        for _, fields in entries:
            try:
                jobs.append(PushJob.from_json(fields[b"job"]))
            except (KeyError, ValueError):
                continue
        return jobs

    async def prune_dead(self, before: float) -> int:
        """XTRIM MINID on the dead stream: its entry ids are the times Redis added them."""
        min_id = f"{max(0, int(before * 1000))}-0"
        removed: Any = await self._thread(
            lambda r: r.xtrim(self.dead_stream, minid=min_id, approximate=False)
        )
        return int(removed)

    async def aclose(self) -> None:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(self._redis.close, limiter=self._limiter)

    # -- in worker threads ---------------------------------------------------------------------

    async def _thread(self, fn: Callable[[redis.Redis], T], *, group: bool = False) -> T:
        def run() -> T:
            if group and not self._group_ready:
                self._create_group()
            try:
                return fn(self._redis)
            except redis.ResponseError as exc:
                if not group or "NOGROUP" not in str(exc):
                    raise
                self._create_group()  # Redis restarted without its data
                return fn(self._redis)

        return await trio.to_thread.run_sync(run, limiter=self._limiter)

    def _create_group(self) -> None:
        create_group(self._redis, self.stream, self.group)
        self._group_ready = True

    async def _settle(self, claimed: ClaimedJob, add: Callable[[Any], object] | None) -> None:
        def run(r: redis.Redis) -> None:
            pipe = r.pipeline(transaction=True)
            if add is not None:
                add(pipe)
            pipe.xack(self.stream, self.group, claimed.receipt)
            pipe.xdel(self.stream, claimed.receipt)
            pipe.execute()
            self._held.discard(claimed.receipt)

        await self._thread(run)

    def _claim(self, r: redis.Redis, now: float) -> ClaimedJob | None:
        # Claims run in several threads at once. Reading the backlog and housekeeping take turns
        # (two threads must not both take the same backlog entry); XREADGROUP never hands one
        # new entry to two readers, so that part runs freely.
        with self._lock:
            claimed = self._claim_old(r, now)
        if claimed is not None:
            return claimed
        entries = self._read(r, ">", block=True)
        if entries:
            return self._claimed(r, *entries[0], now)
        return None

    def _claim_old(self, r: redis.Redis, now: float) -> ClaimedJob | None:
        """An entry this consumer held before a restart, or one whose lease expired."""
        while self._backlog is not None:
            entries = self._read(r, self._backlog, block=False)
            if not entries:
                self._backlog = None
                break
            entry_id, fields = entries[0]
            self._backlog = entry_id
            if entry_id in self._held:
                continue  # claimed again by this object since: being delivered now
            claimed = self._claimed(r, entry_id, fields, now)
            if claimed is not None:
                return claimed
        moment = time.monotonic()
        if moment >= self._next_housekeeping:
            self._next_housekeeping = moment + self._housekeeping_every
            found = r.xautoclaim(
                self.stream,
                self.group,
                self.consumer,
                min_idle_time=self.lease_ms,
                start_id=self._autoclaim_cursor,
                count=1,
            )
            self._autoclaim_cursor = text(found[0])
            for entry_id, fields in found[1]:
                claimed = self._claimed(r, text(entry_id), fields, now)
                if claimed is not None:
                    self._next_housekeeping = moment  # there may be more
                    return claimed
            self._move_all_due(now)
        return None

    def _read(self, r: redis.Redis, cursor: str, *, block: bool) -> list[tuple[str, Any]]:
        response: Any = r.xreadgroup(
            self.group,
            self.consumer,
            {self.stream: cursor},
            count=1,
            block=self.block_ms if block and self.block_ms > 0 else None,
        )
        if not response:
            return []
        return [(text(entry_id), fields) for entry_id, fields in response[0][1]]

    def _claimed(self, r: redis.Redis, entry_id: str, fields: Any, now: float) -> ClaimedJob | None:
        try:
            job = PushJob.from_json(fields[b"job"])
        except (KeyError, TypeError, ValueError) as exc:
            # Deleted meanwhile (empty fields) or not a job: nothing to deliver.
            if fields:
                pipe = r.pipeline(transaction=True)
                pipe.xadd(self.dead_stream, {**fields, "error": f"Not a push job: {exc}"})
                pipe.xack(self.stream, self.group, entry_id)
                pipe.xdel(self.stream, entry_id)
                pipe.execute()
            else:
                r.xack(self.stream, self.group, entry_id)
            return None
        self._held.add(entry_id)
        return ClaimedJob(job=job, receipt=entry_id, lease_until=now + self.lease_ms / 1000)

    def _move_all_due(self, now: float) -> int:
        total = 0
        while True:
            moved = int(
                self._move_due(keys=[self.retry_key, self.stream], args=[repr(now), _MOVE_BATCH])
            )
            total += moved
            if moved < _MOVE_BATCH:
                return total
