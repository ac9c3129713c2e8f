"""Both push queues against one contract: claim, ack, retry, dead, release, leases, restarts."""

from __future__ import annotations

import os
import stat
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import redis
import trio
import trio.lowlevel

from iaccode.tasks.push.jobs import TOKEN_HEADER, PushJob
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.tasks.push.queue import LEASE_EXPIRED, LocalFileQueue, PushQueue, QueueCounts
from iaccode.tasks.push.redis_queue import RedisStreamsQueue
from tests.redis_process import RedisProcess

SECRET = "Bearer very-secret-credentials"
MakeQueue = Callable[..., PushQueue]


def make_job(keyring: PushKeyring, n: int = 0, **options: Any) -> PushJob:
    payload = {"statusUpdate": {"taskId": f"t{n}", "status": {"state": "TASK_STATE_COMPLETED"}}}
    return PushJob.create(
        keyring,
        task_id=f"t{n}",
        config_id="c",
        url="https://hooks.example.com/a2a",
        payload=payload,
        headers={"Authorization": SECRET, TOKEN_HEADER: "notification-token"},
        **options,
    )


@pytest.fixture(params=["local-file", "redis-streams"])
async def make_queue(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[MakeQueue]:
    made: list[PushQueue] = []
    prefix = f"test:{uuid.uuid4().hex}"
    if request.param == "redis-streams":
        redis_server: RedisProcess = request.getfixturevalue("redis_server")

    def make(*, lease: float = 300.0, consumer: str = "c1", exclusive: bool = False) -> PushQueue:
        queue: PushQueue
        if request.param == "local-file":
            queue = LocalFileQueue(tmp_path / "push_queue", lease, exclusive=exclusive)
        else:
            queue = RedisStreamsQueue(
                redis_server.url,
                stream=f"{prefix}:push",
                retry_key=f"{prefix}:retry",
                dead_stream=f"{prefix}:dead",
                consumer=consumer,
                lease_ms=int(lease * 1000),
                block_ms=10,
            )
        made.append(queue)
        return queue

    yield make
    for queue in made:
        await queue.aclose()


async def test_enqueue_claim_ack(make_queue: MakeQueue, keyring: PushKeyring) -> None:
    queue = make_queue()
    job = make_job(keyring)
    await queue.enqueue(job)
    assert await queue.counts() == QueueCounts(pending=1, inflight=0, dead=0)
    now = time.time()
    claimed = await queue.claim(now)
    assert claimed is not None
    assert claimed.job == job
    assert claimed.job.plain_headers(keyring)["Authorization"] == SECRET
    assert claimed.lease_until == pytest.approx(now + 300)
    assert await queue.counts() == QueueCounts(pending=0, inflight=1, dead=0)
    assert await queue.claim(time.time()) is None
    await queue.ack(claimed)
    assert await queue.counts() == QueueCounts(pending=0, inflight=0, dead=0)
    assert await queue.claim(time.time()) is None


async def test_a_job_is_claimed_only_when_due(make_queue: MakeQueue, keyring: PushKeyring) -> None:
    queue = make_queue()
    later = time.time() + 60
    await queue.enqueue(make_job(keyring, now=later))
    await queue.recover(time.time())
    assert await queue.claim(time.time()) is None
    assert await queue.counts() == QueueCounts(pending=1, inflight=0, dead=0)
    await queue.recover(later)
    claimed = await queue.claim(later)
    assert claimed is not None and claimed.job.task_id == "t0"


async def test_retry_counts_the_attempt_and_waits(
    make_queue: MakeQueue, keyring: PushKeyring
) -> None:
    queue = make_queue()
    await queue.enqueue(make_job(keyring))
    claimed = await queue.claim(time.time())
    assert claimed is not None
    due = time.time() + 30
    await queue.retry(claimed, "HTTP 500", due)
    assert await queue.counts() == QueueCounts(pending=1, inflight=0, dead=0)
    await queue.recover(time.time())
    assert await queue.claim(time.time()) is None
    await queue.recover(due)
    again = await queue.claim(due)
    assert again is not None
    assert again.job.attempt == 1 and again.job.last_error == "HTTP 500"
    assert again.job.next_attempt_at == pytest.approx(due)
    assert again.job.payload == claimed.job.payload and again.job.headers == claimed.job.headers


async def test_dead_keeps_the_last_error(make_queue: MakeQueue, keyring: PushKeyring) -> None:
    queue = make_queue()
    await queue.enqueue(make_job(keyring))
    claimed = await queue.claim(time.time())
    assert claimed is not None
    await queue.dead(claimed, "HTTP 404 (refused by the receiver)")
    assert await queue.counts() == QueueCounts(pending=0, inflight=0, dead=1)
    [dead] = await queue.dead_letters()
    assert dead.job_id == claimed.job.job_id
    assert dead.attempt == 1 and dead.last_error == "HTTP 404 (refused by the receiver)"
    assert await queue.claim(time.time()) is None


async def test_prune_dead_forgets_dead_letters_older_than_the_cutoff(
    make_queue: MakeQueue, keyring: PushKeyring
) -> None:
    """Retention (task-retention-days): dead letters that died before the cutoff go."""
    queue = make_queue()
    before_any = time.time() - 60
    for n in range(2):
        await queue.enqueue(make_job(keyring, n))
        claimed = await queue.claim(time.time())
        assert claimed is not None
        await queue.dead(claimed, "HTTP 410")
    assert await queue.prune_dead(before_any) == 0
    assert (await queue.counts()).dead == 2
    assert await queue.prune_dead(time.time() + 60) == 2
    assert (await queue.counts()).dead == 0 and await queue.dead_letters() == []


async def test_release_makes_the_job_claimable_at_once(
    make_queue: MakeQueue, keyring: PushKeyring
) -> None:
    queue = make_queue()
    await queue.enqueue(make_job(keyring))
    claimed = await queue.claim(time.time())
    assert claimed is not None
    await queue.release(claimed)
    again = await queue.claim(time.time())
    assert again is not None and again.job.job_id == claimed.job.job_id
    assert again.job.attempt == 0


async def test_an_expired_lease_is_taken_over(make_queue: MakeQueue, keyring: PushKeyring) -> None:
    first = make_queue(lease=0.2, consumer="crashed")
    second = make_queue(lease=0.2, consumer="alive")
    await first.enqueue(make_job(keyring))
    claimed = await first.claim(time.time())
    assert claimed is not None
    await second.recover(time.time())
    assert await second.claim(time.time()) is None  # leased to the first
    await trio.sleep(0.3)
    await second.recover(time.time())
    taken = await second.claim(time.time())
    assert taken is not None and taken.job.job_id == claimed.job.job_id
    if isinstance(second, LocalFileQueue):
        assert taken.job.last_error == LEASE_EXPIRED
    await second.ack(taken)
    await first.ack(claimed)  # late ack of a job already done: harmless
    assert await second.counts() == QueueCounts(pending=0, inflight=0, dead=0)


async def test_an_unacked_job_comes_back_after_a_restart(
    make_queue: MakeQueue, keyring: PushKeyring
) -> None:
    before = make_queue(exclusive=True, consumer="worker-1")
    await before.enqueue(make_job(keyring, 1))
    await before.enqueue(make_job(keyring, 2))
    claimed = await before.claim(time.time())
    assert claimed is not None
    # The process dies here. The same node starts again (local-file: the only user of its
    # directory; redis: the same consumer name) and gets both jobs back without waiting.
    after = make_queue(exclusive=True, consumer="worker-1")
    await after.recover(time.time())
    got = [await after.claim(time.time()), await after.claim(time.time())]
    assert sorted(c.job.task_id for c in got if c is not None) == ["t1", "t2"]
    assert await after.claim(time.time()) is None


async def test_concurrent_claimers_never_share_a_job(
    make_queue: MakeQueue, keyring: PushKeyring
) -> None:
    queues = [make_queue(consumer="a"), make_queue(consumer="b")]
    jobs = [make_job(keyring, n) for n in range(30)]
    for job in jobs:
        await queues[0].enqueue(job)
    claimed: dict[str, list[str]] = {"a": [], "b": []}

    async def drain(queue: PushQueue, name: str) -> None:
        while (got := await queue.claim(time.time())) is not None:
            claimed[name].append(got.job.job_id)
            await queue.ack(got)
            await trio.lowlevel.checkpoint()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(drain, queues[0], "a")
        nursery.start_soon(drain, queues[1], "b")
    everything = claimed["a"] + claimed["b"]
    assert sorted(everything) == sorted(job.job_id for job in jobs)  # each exactly once
    assert claimed["a"] and claimed["b"]


async def test_headers_are_encrypted_in_storage(
    make_queue: MakeQueue, keyring: PushKeyring, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    queue = make_queue()
    await queue.enqueue(make_job(keyring))
    if isinstance(queue, LocalFileQueue):
        stored = b"".join(p.read_bytes() for p in (tmp_path / "push_queue").rglob("*.json"))
    else:
        assert isinstance(queue, RedisStreamsQueue)
        client = redis.Redis.from_url(request.getfixturevalue("redis_server").url)
        stored = repr(client.xrange(queue.stream)).encode()
        client.close()
    assert b"statusUpdate" in stored
    assert b"very-secret" not in stored and b"notification-token" not in stored


# -- local-file only ------------------------------------------------------------------------


async def test_local_files_are_private_and_leave_no_temp_files(
    tmp_path: Path, keyring: PushKeyring
) -> None:
    root = tmp_path / "push_queue"
    queue = LocalFileQueue(root)
    await queue.enqueue(make_job(keyring))
    for name in ("", "pending", "inflight", "dead", "tmp"):
        assert stat.S_IMODE((root / name).stat().st_mode) == 0o700
    [path] = (root / "pending").iterdir()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.name.endswith(".json")
    assert list((root / "tmp").iterdir()) == []
    claimed = await queue.claim(time.time())
    assert claimed is not None
    assert [p.name for p in (root / "inflight").iterdir()] == [path.name]


async def test_local_non_exclusive_restart_waits_for_the_lease(
    tmp_path: Path, keyring: PushKeyring
) -> None:
    root = tmp_path / "push_queue"
    before = LocalFileQueue(root, lease_seconds=60, exclusive=False)
    await before.enqueue(make_job(keyring))
    assert await before.claim(time.time()) is not None
    after = LocalFileQueue(root, lease_seconds=60, exclusive=False)
    assert await after.recover(time.time()) == 0
    assert await after.recover(time.time() + 61) == 1
    assert await after.claim(time.time() + 61) is not None


async def test_local_damaged_files_go_to_dead(tmp_path: Path, keyring: PushKeyring) -> None:
    root = tmp_path / "push_queue"
    queue = LocalFileQueue(root)
    await queue.enqueue(make_job(keyring))
    (root / "pending" / "garbage.json").write_bytes(b"{not json")
    os.utime(root / "pending" / "garbage.json", (0, 0))  # due first
    claimed = await LocalFileQueue(root).claim(time.time())
    assert claimed is not None and claimed.job.task_id == "t0"
    assert (root / "dead" / "garbage.json").exists()
    with pytest.raises(ValueError, match="plain file name"):
        await queue.enqueue(
            PushJob.create(
                keyring,
                task_id="t",
                config_id="c",
                url="u",
                payload=b"{}",
                headers={},
                job_id="../escape",
            )
        )


# -- redis only -----------------------------------------------------------------------------


async def test_redis_recreates_a_lost_group(
    redis_server: RedisProcess, keyring: PushKeyring
) -> None:
    prefix = f"test:{uuid.uuid4().hex}"
    queue = RedisStreamsQueue(
        redis_server.url,
        stream=f"{prefix}:s",
        retry_key=f"{prefix}:r",
        dead_stream=f"{prefix}:d",
        consumer="c",
        block_ms=10,
    )
    assert await queue.claim(time.time()) is None  # creates the group
    client = redis.Redis.from_url(redis_server.url)
    client.delete(f"{prefix}:s")  # as after a restart of a Redis without persistence
    client.close()
    await queue.enqueue(make_job(keyring))
    claimed = await queue.claim(time.time())
    assert claimed is not None
    await queue.ack(claimed)
    assert await queue.counts() == QueueCounts(pending=0, inflight=0, dead=0)
    await queue.aclose()


async def test_redis_prune_dead_trims_the_dead_stream_by_entry_time(
    redis_server: RedisProcess, keyring: PushKeyring
) -> None:
    prefix = f"test:{uuid.uuid4().hex}"
    queue = RedisStreamsQueue(redis_server.url, dead_stream=f"{prefix}:d", stream=f"{prefix}:s")
    client = redis.Redis.from_url(redis_server.url)
    try:
        client.xadd(f"{prefix}:d", {"job": b"{}", "error": "old"}, id="1000-0")  # 1970
        client.xadd(f"{prefix}:d", {"job": b"{}", "error": "new"})
        assert await queue.prune_dead(time.time() - 3600) == 1
        [(_, fields)] = client.xrange(f"{prefix}:d")
        assert fields[b"error"] == b"new"
        assert await queue.prune_dead(time.time() - 3600) == 0
    finally:
        client.close()
        await queue.aclose()


async def test_local_complete_jobs_left_in_tmp_are_put_back_in_line(
    tmp_path: Path, keyring: PushKeyring
) -> None:
    # A crash between the fsync of an enqueue's temp file and its rename left these (issue 16:
    # 11 of 2,703 notifications were lost this way).
    root = tmp_path / "push_queue"
    queue = LocalFileQueue(root)
    await queue.enqueue(make_job(keyring, n=1))
    claimed = await queue.claim(time.time())
    assert claimed is not None
    stranded = make_job(keyring, n=2)
    (root / "tmp" / f"{stranded.job_id}.json.0a1b2c").write_bytes(stranded.to_json())
    # The temp copy of a settle whose inflight file still exists is a duplicate: dropped.
    (root / "tmp" / f"{claimed.receipt}.3c4d5e").write_bytes(claimed.job.to_json())
    (root / "tmp" / "half-written.json.6f7a8b").write_bytes(b'{"jobId": "x", "ta')
    restarted = LocalFileQueue(root)
    assert await restarted.recover(time.time()) == 2  # the inflight job and the stranded one
    assert sorted(p.name for p in (root / "tmp").iterdir()) == ["half-written.json.6f7a8b"]
    got = [await restarted.claim(time.time()), await restarted.claim(time.time())]
    assert {c.job.task_id for c in got if c is not None} == {"t1", "t2"}
    assert await restarted.claim(time.time()) is None
