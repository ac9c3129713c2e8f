"""RedisCoordination against a real redis-server: leases (taken, counted, renewed, expiring,
given back after the events queued before), the event stream read from a snapshot's position,
control requests answered, and Redis lost and back."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.tasks import coordination as coord
from iaccode.tasks.coordination import RedisCoordination, RemoteFeed, describe_url
from iaccode.tasks.errors import CoordinationUnavailableError, UnusableStateError
from tests.redis_process import RedisProcess, free_port

redis = pytest.importorskip("redis", reason="the redis extra is not installed")


@pytest.fixture
async def own_redis(tmp_path: Path) -> AsyncIterator[RedisProcess]:
    server = RedisProcess(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


async def opened(url: str, lease: float = 1.0) -> Any:
    return await RedisCoordination.open(url, lease_seconds=lease)


def test_describe_url_never_shows_the_password() -> None:
    assert describe_url("redis://user:s3cret@cache.internal:6380/2") == "cache.internal:6380/2"
    assert describe_url("rediss://:pw@h") == "h:6379"
    assert describe_url("unix:///run/redis.sock") == "a unix socket"


async def test_unreachable_at_open_is_one_line_naming_redis() -> None:
    port = free_port()
    with pytest.raises(UnusableStateError) as caught:
        await opened(f"redis://:pw@127.0.0.1:{port}/0")
    text = str(caught.value)
    assert text.startswith(f"coordination-url: cannot connect to Redis at 127.0.0.1:{port}/0: ")
    assert "pw" not in text and "\n" not in text


async def test_leases_are_exclusive_counted_and_expire(own_redis: RedisProcess) -> None:
    a = await opened(own_redis.url)
    b = await opened(own_redis.url)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(a._writer)  # releases go through the writer
        key = a.task_key("t1")
        assert await a.acquire(key)
        assert not await b.acquire(key)
        assert await b.holder(key) == a.replica
        assert await a.acquire(key)  # a second holder in A: no Redis call needed
        a.release(key)
        assert await b.holder(key) == a.replica  # one holder left
        a.release(key)
        with trio.fail_after(5):
            while await b.holder(key) is not None:
                await trio.sleep(0.02)
        assert await b.acquire(key)
        # B does not renew (its monitor does not run): the lease expires after its TTL.
        with trio.fail_after(5):
            while not await a.acquire(key):
                await trio.sleep(0.1)
        nursery.cancel_scope.cancel()
    await a.aclose()
    await b.aclose()


async def test_a_flush_returns_once_the_leases_given_back_are_gone(
    own_redis: RedisProcess,
) -> None:
    # What a replica shutting down waits for before its writer stops (core.wind_down).
    a = await opened(own_redis.url, lease=30.0)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(a._writer)
        keys = [a.task_key(f"t{n}") for n in range(20)]
        for key in keys:
            assert await a.acquire(key)
            a.release(key)
        with trio.fail_after(5):
            await a.flush()
        # Read in this step, without yielding to A's writer: the DELs must be done already.
        client = redis.Redis.from_url(own_redis.url)
        assert client.mget(keys) == [None] * len(keys)
        client.close()
        nursery.cancel_scope.cancel()
    await a.aclose()


async def test_running_replica_keeps_its_leases(own_redis: RedisProcess) -> None:
    a = await opened(own_redis.url)
    b = await opened(own_redis.url)
    async with trio.open_nursery() as nursery:
        await nursery.start(a.run)
        key = a.context_key("c1")
        assert await a.acquire(key)
        await trio.sleep(2.5)  # two and a half TTLs
        assert not await b.acquire(key)
        nursery.cancel_scope.cancel()
    await a.aclose()
    await b.aclose()


async def test_acquire_waits_for_a_release_in_flight(own_redis: RedisProcess) -> None:
    """A lease given back and taken again at once stays held: the queued DEL is dropped or
    done before the new SET, never after it."""
    a = await opened(own_redis.url, lease=5)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(a._writer)
        key = a.task_key("t2")
        for _ in range(20):
            assert await a.acquire(key)
            a.release(key)
            assert await a.acquire(key)
            await trio.sleep(0.01)
            assert await a.holder(key) == a.replica
            a.release(key)
        nursery.cancel_scope.cancel()
    await a.aclose()


@contextlib.asynccontextmanager
async def two_running(url: str) -> AsyncIterator[tuple[Any, Any]]:
    """Two replicas' coordination, running; closed on the way out."""
    a = await opened(url)
    b = await opened(url)
    async with trio.open_nursery() as nursery:
        await nursery.start(a.run)
        await nursery.start(b.run)
        yield a, b
        nursery.cancel_scope.cancel()
    await a.aclose()
    await b.aclose()


async def until(flag: list[Any], seconds: float = 10) -> None:
    with trio.fail_after(seconds):
        while not flag:
            await trio.sleep(0.02)


async def test_stream_from_a_position_has_what_came_after_once(own_redis: RedisProcess) -> None:
    got: list[Any] = []
    ended: list[bool] = []
    async with two_running(own_redis.url) as (a, b):
        a.publish("t3", {"n": 1})
        a.publish("t3", {"n": 2})
        position = await a.position(a.mark("t3"))  # the snapshot would hold 1 and 2
        for n in range(3, 40):
            a.publish("t3", {"n": n})
        a.finish("t3")
        b.follow(RemoteFeed("t3", position, lambda e: got.append(e) or True, ended.append))
        await until(ended)
    assert [e["n"] for e in got] == list(range(3, 40))
    assert ended == [False]


async def test_control_request_answered_and_unanswered(
    own_redis: RedisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = await opened(own_redis.url)
    b = await opened(own_redis.url)
    seen: list[tuple[str, Any]] = []

    async def handle(kind: str, body: dict[str, Any]) -> dict[str, Any]:
        seen.append((kind, body))
        return {"echo": body["x"]}

    b.on_request = handle
    monkeypatch.setattr(coord, "CALL_TIMEOUT_SECONDS", 1.0)
    async with trio.open_nursery() as nursery:
        await nursery.start(a.run)
        await nursery.start(b.run)
        with trio.fail_after(5):
            assert await a.call(b.replica, "ping", {"x": 7}) == {"echo": 7}
        assert seen == [("ping", {"x": 7})]
        # A request was deleted once read (it may quote a message).
        assert await a._call(lambda r: r.xlen(a.control_key(b.replica))) == 0
        with trio.fail_after(5), pytest.raises(CoordinationUnavailableError) as caught:
            await a.call("gone-replica", "ping", {"x": 1})
        assert "did not answer" in caught.value.message
        nursery.cancel_scope.cancel()
    await a.aclose()
    await b.aclose()


async def test_redis_lost_fails_fast_and_comes_back(own_redis: RedisProcess) -> None:
    a = await opened(own_redis.url)
    ended: list[bool] = []
    async with trio.open_nursery() as nursery:
        await nursery.start(a.run)
        key = a.task_key("t4")
        assert await a.acquire(key)
        a.follow(RemoteFeed("t4", "0-0", lambda e: True, ended.append))
        own_redis.stop()
        with trio.fail_after(10):
            while a.available:
                await trio.sleep(0.05)
        with trio.fail_after(1), pytest.raises(CoordinationUnavailableError):
            await a.holder(key)  # at once, not after a timeout
        with trio.fail_after(5):
            while not ended:
                await trio.sleep(0.05)
        assert ended == [True]  # the remote subscriber is cut off: it subscribes again
        own_redis.start()  # empty: the lease is taken back by the monitor
        with trio.fail_after(15):
            while not a.available:
                await trio.sleep(0.05)
        assert await a.holder(key) == a.replica
        nursery.cancel_scope.cancel()
    await a.aclose()


async def test_events_lost_by_the_publisher_cut_its_remote_subscribers_off(
    own_redis: RedisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A publisher that could not write some events (its own connection failed) marks the
    stream once Redis answers it again: the subscriber elsewhere is cut off, never silently
    missing them."""
    import redis

    got: list[Any] = []
    ended: list[bool] = []
    async with two_running(own_redis.url) as (a, b):
        position = await a.position(a.mark("t5"))
        b.follow(RemoteFeed("t5", position, lambda e: got.append(e) or True, ended.append))
        a.publish("t5", {"n": 1})
        await until(got)
        write = a._write

        def broken(client: Any, *, batch: Any) -> Any:
            monkeypatch.setattr(a, "_write", write)  # once
            raise redis.ConnectionError("Connection reset by peer")

        monkeypatch.setattr(a, "_write", broken)
        a.publish("t5", {"n": 2})  # lost
        await until(ended)
    assert [e["n"] for e in got] == [1]
    assert ended == [True]
