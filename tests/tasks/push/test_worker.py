"""The push worker against a real HTTP receiver: exact requests, retries, dead letters, restarts."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.model import codec
from iaccode.model.a2a import (
    AuthenticationInfo,
    Message,
    Part,
    Role,
    TaskPushNotificationConfig,
    TaskState,
)
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.push.configs import PushConfigStore, PushTarget
from iaccode.tasks.push.jobs import PushJob, RetryPolicy
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.tasks.push.outbox import OutboxRelay
from iaccode.tasks.push.queue import LocalFileQueue, PushQueue, QueueCounts
from iaccode.tasks.push.redis_queue import RedisStreamsQueue
from iaccode.tasks.push.worker import Outcome, PushWorker, classify, deliver_once
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.store import OutboxEntry
from iaccode.wire import json
from tests.redis_process import RedisProcess
from tests.tasks.push.conftest import FakeResolver
from tests.tasks.push.receiver import Receiver, Reply

FAST = RetryPolicy(max_attempts=3, base=0.1, cap=1.0, jitter=0.0)
EMPTY = QueueCounts(pending=0, inflight=0, dead=0)


def job_to(keyring: PushKeyring, url: str, n: int = 0, **headers: str) -> PushJob:
    return PushJob.create(
        keyring,
        task_id=f"t{n}",
        config_id="c",
        url=url,
        payload={"statusUpdate": {"taskId": f"t{n}", "status": {"state": "TASK_STATE_COMPLETED"}}},
        headers=headers,
    )


async def start_worker(
    nursery: trio.Nursery, queue: PushQueue, keyring: PushKeyring, **options: Any
) -> PushWorker:
    settings: dict[str, Any] = {
        "policy": FAST,
        "timeout": 2.0,
        "allow_loopback": True,
        "poll_interval": 0.02,
        "recover_interval": 0.1,
    }
    settings.update(options)
    worker = PushWorker(queue, keyring, **settings)
    await nursery.start(worker.run)
    return worker


async def wait_until(queue: PushQueue, check: Callable[[QueueCounts], bool]) -> QueueCounts:
    with trio.fail_after(8):
        while not check(counts := await queue.counts()):
            await trio.sleep(0.02)
    return counts


async def test_a_settled_state_reaches_its_callbacks_through_the_outbox(
    nursery: trio.Nursery, tmp_path: Path, keyring: PushKeyring, receiver: Receiver
) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    configs = await PushConfigStore.open(tmp_path / "tasks.db", keyring, allow_loopback=True)
    tasks = TaskManager(store, EventBroker())
    tasks.notify_settled = True
    prompt = Message(message_id="m1", role=Role.ROLE_USER, parts=[Part(text="hi")])
    record = await tasks.create(task_id="t1", context_id="c1", owner="alice", message=prompt)
    await configs.create(
        "alice",
        TaskPushNotificationConfig(
            url=receiver.url("/v1"),
            task_id="t1",
            id="new",
            token="notification-token",
            authentication=AuthenticationInfo(scheme="Bearer", credentials="tck-test-token-1"),
        ),
    )
    await configs.create(
        "alice", TaskPushNotificationConfig(url=receiver.url("/v03"), task_id="t1"), legacy=True
    )
    await tasks.set_status(record, TaskState.TASK_STATE_WORKING)  # not settled: not pushed
    event = await tasks.set_status(record, TaskState.TASK_STATE_COMPLETED)
    [entry] = await store.outbox(10)  # committed with the state
    assert entry.task is not None and entry.task["status"] == entry.event["status"]

    def body(target: PushTarget, entry: OutboxEntry) -> bytes:
        return json.dumps(entry.task if target.legacy else {"statusUpdate": entry.event})

    queue = LocalFileQueue(tmp_path / "push_queue")
    worker = await start_worker(nursery, queue, keyring, poll_interval=5.0)  # kicked, not polled
    relay = OutboxRelay(store, configs, queue, keyring, body, worker=worker, poll_interval=5.0)
    await nursery.start(relay.run)
    requests = sorted(await receiver.wait_for(2), key=lambda r: r.target)
    v03, v1 = requests
    assert v1.method == "POST" and v1.target == "/v1"
    assert json.loads(v1.body) == {"statusUpdate": codec.unstructure(event)}
    assert v1.header("content-length") == str(len(v1.body))
    assert v1.header("content-type") == "application/json"
    assert v1.header("transfer-encoding") is None
    assert v1.header("authorization") == "Bearer tck-test-token-1"
    assert v1.header("x-a2a-notification-token") == "notification-token"
    assert json.loads(v03.body)["status"]["state"] == "TASK_STATE_COMPLETED"
    assert v03.header("authorization") is None and v03.header("x-a2a-notification-token") is None
    await wait_until(queue, lambda c: c == EMPTY)
    assert worker.stats.delivered == 2
    assert await store.outbox(10) == []
    await configs.aclose()
    await store.aclose()


@pytest.mark.parametrize(
    ("reply", "outcome", "error"),
    [
        (Reply(200), Outcome.DELIVERED, None),
        (Reply(204), Outcome.DELIVERED, None),
        (Reply(500), Outcome.RETRY, "HTTP 500"),
        (Reply(503), Outcome.RETRY, "HTTP 503"),
        (Reply(408), Outcome.RETRY, "HTTP 408"),
        (Reply(302, headers=(("location", "http://10.0.0.1/"),)), Outcome.RETRY, "HTTP 302"),
        (Reply(404), Outcome.DEAD, "HTTP 404 (refused by the receiver)"),
        (Reply(401), Outcome.DEAD, "HTTP 401 (refused by the receiver)"),
        (Reply(close=True), Outcome.RETRY, "RemoteProtocolError"),
    ],
)
async def test_deliver_once_outcomes(
    receiver: Receiver, keyring: PushKeyring, reply: Reply, outcome: Outcome, error: str | None
) -> None:
    receiver.plan(reply)
    async with httpx.AsyncClient() as client:
        result = await deliver_once(
            client, job_to(keyring, receiver.url()), keyring, allow_loopback=True
        )
    assert result.outcome is outcome
    assert (result.error or "").startswith(error or "")
    assert len(receiver.requests) == 1  # redirects are never followed


async def test_retry_after_is_honoured() -> None:
    result = classify(429, {"retry-after": "3"})
    assert result.outcome is Outcome.RETRY and result.retry_after == 3.0
    assert classify(503, {"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}).retry_after is None


async def test_deliver_once_refuses_before_connecting(
    receiver: Receiver, keyring: PushKeyring
) -> None:
    async with httpx.AsyncClient() as client:
        metadata = await deliver_once(
            client, job_to(keyring, "http://169.254.169.254/"), keyring, allow_loopback=True
        )
        loopback = await deliver_once(client, job_to(keyring, receiver.url()), keyring)
        closed = await deliver_once(
            client, job_to(keyring, "http://127.0.0.1:9/"), keyring, allow_loopback=True
        )
    assert metadata.outcome is Outcome.DEAD and "metadata" in (metadata.error or "")
    assert loopback.outcome is Outcome.DEAD and "loopback" in (loopback.error or "")
    assert receiver.requests == []
    assert closed.outcome is Outcome.RETRY and "ConnectError" in (closed.error or "")


async def test_failures_are_retried_with_backoff_then_dead_lettered(
    nursery: trio.Nursery, tmp_path: Path, keyring: PushKeyring, receiver: Receiver
) -> None:
    receiver.plan(Reply(500), Reply(delay=2.0), Reply(close=True))
    queue = LocalFileQueue(tmp_path / "push_queue")
    worker = await start_worker(nursery, queue, keyring, timeout=0.3)
    await queue.enqueue(job_to(keyring, receiver.url()))
    await wait_until(queue, lambda c: c.dead == 1)
    first, second, third = receiver.requests
    assert second.at - first.at >= 0.09  # base * 2**0
    assert third.at - second.at >= 0.3 + 0.19  # the timeout, then base * 2**1
    [dead] = await queue.dead_letters()
    assert dead.attempt == 3
    assert (dead.last_error or "").startswith("RemoteProtocolError")
    assert (worker.stats.delivered, worker.stats.retried, worker.stats.dead) == (0, 2, 1)
    assert await queue.counts() == QueueCounts(pending=0, inflight=0, dead=1)


async def test_a_url_refused_at_send_time_is_dead_at_once_and_the_worker_goes_on(
    nursery: trio.Nursery,
    tmp_path: Path,
    keyring: PushKeyring,
    receiver: Receiver,
    dns: FakeResolver,
) -> None:
    queue = LocalFileQueue(tmp_path / "push_queue")
    worker = await start_worker(nursery, queue, keyring)
    await queue.enqueue(job_to(keyring, f"http://rebind.test:{receiver.port}/webhook", 1))
    await queue.enqueue(job_to(keyring, "http://metadata.test/", 2))
    await queue.enqueue(job_to(keyring, receiver.url(), 3, Authorization="Bearer x"))
    await receiver.wait_for(1)
    await wait_until(queue, lambda c: c.dead == 2 and c.pending == c.inflight == 0)
    dead = await queue.dead_letters()
    assert sorted(j.task_id for j in dead) == ["t1", "t2"]
    assert all(j.attempt == 1 and "refused at send time" in (j.last_error or "") for j in dead)
    assert [r.header("authorization") for r in receiver.requests] == ["Bearer x"]
    assert worker.stats.delivered == 1


async def test_a_cancelled_worker_gives_its_job_back(
    tmp_path: Path, keyring: PushKeyring, receiver: Receiver
) -> None:
    receiver.plan(Reply(delay=10.0))
    queue = LocalFileQueue(tmp_path / "push_queue")
    await queue.enqueue(job_to(keyring, receiver.url()))
    async with trio.open_nursery() as nursery:
        await start_worker(nursery, queue, keyring)
        await receiver.wait_for(1)
        assert await queue.counts() == QueueCounts(pending=0, inflight=1, dead=0)
        nursery.cancel_scope.cancel()
    assert await queue.counts() == QueueCounts(pending=1, inflight=0, dead=0)
    claimed = await queue.claim(time.time())
    assert claimed is not None and claimed.job.attempt == 0


async def test_redis_restart_during_delivery(
    tmp_path: Path, keyring: PushKeyring, receiver: Receiver
) -> None:
    server = RedisProcess(tmp_path / "redis", appendonly=True)
    server.start()
    try:
        prefix = f"test:{uuid.uuid4().hex}"
        queue = RedisStreamsQueue(
            server.url,
            stream=f"{prefix}:s",
            retry_key=f"{prefix}:r",
            dead_stream=f"{prefix}:d",
            consumer="worker-1",
            block_ms=10,
        )
        receiver.plan(Reply(delay=0.4), Reply(delay=0.4))
        async with trio.open_nursery() as servers:
            worker = await start_worker(servers, queue, keyring)
            await queue.enqueue(job_to(keyring, receiver.url(), 1))
            await queue.enqueue(job_to(keyring, receiver.url(), 2))
            await receiver.wait_for(2)  # both in flight
            await trio.to_thread.run_sync(server.stop)  # their acks will fail
            await trio.sleep(0.6)
            await trio.to_thread.run_sync(server.start)  # same port, same append-only file
            await queue.enqueue(job_to(keyring, receiver.url(), 3))
            await receiver.wait_for(3)
            await wait_until(queue, lambda c: c == EMPTY)
            servers.cancel_scope.cancel()
        assert sorted(r.body for r in receiver.requests)[:3] == sorted(
            job_to(keyring, "u", n).payload for n in (1, 2, 3)
        )
        assert worker.stats.delivered >= 3 and worker.stats.dead == 0
        await queue.aclose()
    finally:
        server.stop()


async def test_two_workers_share_one_redis_queue(
    keyring: PushKeyring, receiver: Receiver, redis_server: RedisProcess
) -> None:
    prefix = f"test:{uuid.uuid4().hex}"
    keys = {"stream": f"{prefix}:s", "retry_key": f"{prefix}:r", "dead_stream": f"{prefix}:d"}
    queues = [
        RedisStreamsQueue(redis_server.url, consumer=name, block_ms=10, **keys)
        for name in ("server-1", "server-2")
    ]
    async with trio.open_nursery() as servers:
        workers = [await start_worker(servers, queue, keyring) for queue in queues]
        for n in range(20):
            await queues[n % 2].enqueue(job_to(keyring, receiver.url(), n))
        await receiver.wait_for(20)
        await wait_until(queues[0], lambda c: c == EMPTY)
        servers.cancel_scope.cancel()
    assert len({r.body for r in receiver.requests}) == 20 == len(receiver.requests)
    assert all(worker.stats.delivered for worker in workers)
    for queue in queues:
        await queue.aclose()


class Rebinding(FakeResolver):
    """Answers loopback for `flip.test` once, then a private address (a rebinding attack)."""

    async def getaddrinfo(self, host: bytes | None, port: Any, *args: Any, **kwargs: Any) -> Any:
        answer = await super().getaddrinfo(host, port, *args, **kwargs)
        if host == b"flip.test":
            self.answers["flip.test"] = ["10.0.0.9"]
        return answer


async def test_delivery_goes_to_the_address_that_was_checked(
    nursery: trio.Nursery, tmp_path: Path, keyring: PushKeyring, receiver: Receiver
) -> None:
    # Issue 16: the check resolved the name, then httpx resolved it again and could be sent to
    # a private address. The POST must go to the checked address, the name kept in Host.
    resolver = Rebinding({"flip.test": ["127.0.0.1"]})
    previous = trio.socket.set_custom_hostname_resolver(resolver)
    try:
        queue = LocalFileQueue(tmp_path / "push_queue")
        worker = await start_worker(nursery, queue, keyring)
        await queue.enqueue(job_to(keyring, f"http://flip.test:{receiver.port}/webhook"))
        [request] = await receiver.wait_for(1)
        assert request.header("host") == f"flip.test:{receiver.port}"
        assert request.target == "/webhook"
        await wait_until(queue, lambda c: c == EMPTY)
        assert worker.stats.delivered == 1
        assert resolver.asked == ["flip.test"]  # one lookup: the checked one
    finally:
        trio.socket.set_custom_hostname_resolver(previous)
