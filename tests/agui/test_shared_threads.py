"""Thread states shared by replicas (iaccode.agui.shared_threads), on a real PostgreSQL and a
real Redis: two stores stand for two replicas, each with its own cache and coordination."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator

import pytest
import trio

from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.shared_threads import PostgresThreads, RedisThreadLeases
from iaccode.agui.threads import Execution, ThreadState, ThreadStore
from iaccode.tasks.postgres_store import PostgresTaskStore
from tests.postgres_process import PostgresProcess
from tests.redis_process import RedisProcess

pytest.importorskip("redis", reason="the redis extra is not installed")


@contextlib.asynccontextmanager
async def replica(
    url: str, redis: RedisProcess, *, leases: bool = True
) -> AsyncIterator[ThreadStore]:
    from iaccode.tasks.coordination import RedisCoordination

    store = await PostgresTaskStore.open(url, exclusive=False)
    coordination = await RedisCoordination.open(redis.url, lease_seconds=5)
    try:
        async with trio.open_nursery() as nursery:
            await nursery.start(coordination.run)
            held = RedisThreadLeases(coordination) if leases else None
            yield ThreadStore(PostgresThreads(store.database), leases=held)
            nursery.cancel_scope.cancel()
    finally:
        await coordination.aclose()
        await store.aclose()


@pytest.fixture
async def pair(
    postgres_url: str, redis_server: RedisProcess
) -> AsyncIterator[tuple[ThreadStore, ThreadStore]]:
    """Two replicas' thread stores on one database and one Redis."""
    async with (
        replica(postgres_url, redis_server) as here,
        replica(postgres_url, redis_server) as there,
    ):
        yield here, there


async def test_a_thread_saved_by_one_replica_is_current_on_the_other(
    pair: tuple[ThreadStore, ThreadStore],
) -> None:
    here, there = pair
    thread = f"thread-{secrets.token_hex(4)}"
    async with here.lock(thread):
        mine = ThreadState(thread, "/ws", "alice")
        mine.execution = Execution("exec-1", "task-1", "ctx-1", "inv-1")
        here.adopt(mine)
        await here.save(mine)
    held = mine.execution
    async with there.lock(thread):
        theirs = await there.load(thread)
        assert theirs is not None and theirs.user_id == "alice"
        assert theirs.execution is not None
        theirs.execution.status = "finished"  # a cancel on the other replica
        theirs.context_id = "ctx-1"
        await there.save(theirs)
    async with here.lock(thread):
        again = await here.load(thread)
    # The object a run holds is brought up to date in place, its execution too.
    assert again is mine and mine.context_id == "ctx-1"
    assert mine.execution is held and held.status == "finished"
    assert [t for t in await there.newest(10) if t == thread] == [thread]


async def test_a_thread_is_held_by_one_replica_at_a_time(
    pair: tuple[ThreadStore, ThreadStore],
) -> None:
    here, there = pair
    thread = f"thread-{secrets.token_hex(4)}"
    entered = trio.Event()

    async def other() -> None:
        async with there.lock(thread):
            entered.set()

    async with trio.open_nursery() as nursery:
        async with here.lock(thread):
            with trio.fail_after(5):
                async with there.lock(thread, write=False):  # a read does not wait
                    pass
            nursery.start_soon(other)
            await trio.sleep(0.3)
            assert not entered.is_set()
        with trio.fail_after(5):
            await entered.wait()

    assert await here.claim_run(thread)
    assert not await there.claim_run(thread)  # THREAD_BUSY there
    here.release_run(thread)
    with trio.fail_after(5):
        while not await there.claim_run(thread):
            await trio.sleep(0.01)
    there.release_run(thread)


async def test_a_save_over_a_state_changed_meanwhile_is_refused(
    postgres_url: str, redis_server: RedisProcess
) -> None:
    """A replica whose lease expired under it (stalled past the TTL) must not write over the
    newer state: the save is fenced by the version it read."""
    thread = f"thread-{secrets.token_hex(4)}"
    async with (
        replica(postgres_url, redis_server) as here,
        replica(postgres_url, redis_server, leases=False) as stalled,
    ):
        async with here.lock(thread):
            state = ThreadState(thread, "/ws")
            here.adopt(state)
            await here.save(state)
        old = await stalled.load(thread)
        assert old is not None
        async with here.lock(thread):
            state.context_id = "newer"
            await here.save(state)
        old.context_id = "older"
        with pytest.raises(AguiError) as refused:
            await stalled.save(old)
        assert refused.value.code == codes.STATE_PERSISTENCE_FAILED
        assert "another replica" in refused.value.message
        async with here.lock(thread):
            assert (await here.load(thread)) is state and state.context_id == "newer"


async def test_an_outage_is_an_error_not_an_empty_list(own_postgres: PostgresProcess) -> None:
    store = await PostgresTaskStore.open(own_postgres.create_database("threads"))
    threads = ThreadStore(PostgresThreads(store.database))
    thread = f"thread-{secrets.token_hex(4)}"
    async with threads.lock(thread):
        state = ThreadState(thread, "/ws", "alice")
        threads.adopt(state)
        await threads.save(state)
    assert await threads.newest(10) == [thread]
    own_postgres.stop()
    try:
        with trio.fail_after(15), pytest.raises(AguiError) as caught:
            await threads.newest(10)
        assert caught.value.code == codes.STATE_PERSISTENCE_FAILED
        assert caught.value.status == 503 and "127.0.0.1" not in str(caught.value)
    finally:
        own_postgres.start()
        await store.aclose()
