"""Replicas on one PostgreSQL store, coordinating through Redis (`coordination-url`), as real
`iaccode a2a` processes on loopback: a turn on one replica is streamed, answered and cancelled
from another, a context busy on one is busy on all, a replica killed mid-turn has its turn ended
by a survivor once its lease expired, and Redis lost and back is reported and recovered from."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.wire import json
from tests.client import A2AClient, RpcError, states, text_of
from tests.process import ServerProcess
from tests.redis_process import RedisProcess, free_port

pytest.importorskip("redis", reason="the redis extra is not installed")

LEASE_SECONDS = "2"


class Cluster:
    def __init__(self, root: Path, store_url: str, redis: RedisProcess, workspace: Path) -> None:
        self.root = root
        self.store_url = store_url
        self.redis = redis
        self.workspace = workspace
        self.replicas: list[ServerProcess] = []

    def env(self) -> dict[str, str]:
        return {
            "IACCODE_A2A_TASK_STORE": "postgres",
            "IACCODE_A2A_TASK_STORE_URL": self.store_url,
            "IACCODE_A2A_COORDINATION_URL": self.redis.url,
            "IACCODE_A2A_COORDINATION_LEASE_SECONDS": LEASE_SECONDS,
        }

    def start(self, *extra_args: str) -> ServerProcess:
        state = self.root / f"replica-{len(self.replicas)}"
        replica = ServerProcess(
            state, allowed_cwds=[self.workspace], env=self.env(), extra_args=extra_args
        ).start()
        self.replicas.append(replica)
        return replica

    def stop(self) -> None:
        for replica in self.replicas:
            replica.kill()


@pytest.fixture
def redis_server_own(tmp_path: Path) -> Iterator[RedisProcess]:
    server = RedisProcess(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def cluster(
    tmp_path: Path,
    postgres_database: Any,
    redis_server_own: RedisProcess,
) -> Iterator[Cluster]:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    made = Cluster(tmp_path, postgres_database(), redis_server_own, workspace)
    yield made
    made.stop()


@contextlib.asynccontextmanager
async def clients(cluster: Cluster, count: int, *extra_args: str) -> Any:
    async with contextlib.AsyncExitStack() as stack:
        made = []
        for _ in range(count):
            replica = cluster.start(*extra_args)
            http = await stack.enter_async_context(
                httpx.AsyncClient(base_url=replica.url, timeout=20)
            )
            made.append(A2AClient(http, cwd=cluster.workspace))
        yield made


async def wait_state(client: A2AClient, task_id: str, state: str, seconds: float = 20) -> Any:
    with trio.fail_after(seconds):
        while True:
            task = await client.result("GetTask", {"id": task_id})
            if task["status"]["state"] == state:
                return task
            await trio.sleep(0.1)


def _ids(events: list[dict[str, Any]]) -> list[str]:
    return [e["result"].get("task", {}).get("id") or "" for e in events]


async def test_subscribe_on_b_sees_a_turn_on_a_in_order(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send(
            "sleep 1.5\nstream 30\nsay done", configuration={"returnImmediately": True}
        )
        task_id = started["id"]
        events = await b.stream("SubscribeToTask", {"id": task_id}, seconds=20)
        results = [e["result"] for e in events]
        assert "task" in results[0]  # the snapshot first
        texts = [
            text_of(r["statusUpdate"]["status"]["message"])
            for r in results[1:]
            if "statusUpdate" in r
            and r["statusUpdate"]["status"].get("message")
            and r["statusUpdate"]["status"]["state"] == "TASK_STATE_WORKING"
        ]
        chunks = [t for t in texts if t.startswith("chunk-")]
        assert chunks == [f"chunk-{i} " for i in range(1, 31)]  # all, in order, once
        assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
        final = await a.result("GetTask", {"id": task_id})
        assert text_of(final["status"]["message"]).endswith("done")


async def test_cancel_on_b_of_a_turn_on_a(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        canceled = await b.result("CancelTask", {"id": started["id"]})
        assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
        seen = await a.result("GetTask", {"id": started["id"]})
        assert seen["status"]["state"] == "TASK_STATE_CANCELED"
        with pytest.raises(RpcError) as caught:  # ended everywhere
            await b.result("CancelTask", {"id": started["id"]})
        assert caught.value.code == -32002


async def test_question_answered_on_b(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        asked = await a.send("ask Which region?\nsay bye")
        assert asked["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        answered = await b.send("cn-hangzhou", task_id=asked["id"])
        assert answered["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert text_of(answered["status"]["message"]) == "answer: cn-hangzhoubye"


async def test_permission_answered_on_b(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        asked = await a.send("permission write_file /tmp/x\nsay after")
        assert asked["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        envelope = asked["status"]["message"]["metadata"]["iac_code"]["input"]
        data = {
            "schemaVersion": 1,
            "kind": "permission",
            "requestTaskId": envelope["requestTaskId"],
            "inputId": envelope["inputId"],
            "toolUseId": envelope["toolUseId"],
            "decision": "allow_once",
        }
        part = {"data": data, "mediaType": "application/json"}
        ack = await b.result(
            "SendMessage", {"message": b.message("", task_id=asked["id"], parts=[part])}
        )
        assert ack["message"]["parts"][0]["data"]["decision"] == "allow_once", ack
        done = await wait_state(a, asked["id"], "TASK_STATE_INPUT_REQUIRED")
        assert text_of(done["status"]["message"]) == "allowed after"


async def test_busy_context_across_replicas(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        refused = await b.send("say hi", context_id=started["contextId"])
        assert refused["status"]["state"] == "TASK_STATE_FAILED"
        assert text_of(refused["status"]["message"]) == "Task is already working."
        with pytest.raises(RpcError) as caught:  # the follow-up routed to A refuses the same
            await b.send("say again", task_id=started["id"])
        assert caught.value.message == "Task is already working."
        await b.result("CancelTask", {"id": started["id"]})
        # Free again: the next turn of the context runs on B.
        follow = await b.send("say later", context_id=started["contextId"])
        assert follow["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


async def test_killed_replica_turn_ended_by_survivor(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        # A replica started now (its start-up recovery) and B do not end a live replica's
        # turn: still WORKING after several lease periods.
        cluster.start()
        await trio.sleep(float(LEASE_SECONDS) * 2.5)
        assert (await b.result("GetTask", {"id": started["id"]}))["status"][
            "state"
        ] == "TASK_STATE_WORKING"
        cluster.replicas[0].kill()  # SIGKILL
        ended = await wait_state(b, started["id"], "TASK_STATE_INPUT_REQUIRED", seconds=30)
        assert ended["status"]["message"]["metadata"]["iac_code"]["interrupted"] is True
        assert "interrupted by process exit" in text_of(ended["status"]["message"])
        # The context is free again, on the survivor.
        again = await b.send("say back", task_id=started["id"])
        assert text_of(again["status"]["message"]) == "back"


async def test_redis_lost_and_back(cluster: Cluster) -> None:
    async with clients(cluster, 1) as (a,):
        first = await a.send("say kept")
        running = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, running["id"], "TASK_STATE_WORKING")
        assert (await a.http.get("/health")).status_code == 200
        cluster.redis.stop()
        with trio.fail_after(30):
            while (await a.http.get("/health")).status_code == 200:
                await trio.sleep(0.2)
        health = await a.http.get("/health")
        assert health.status_code == 503 and health.json()["coordination"] == "unavailable"
        assert (await a.http.get("/ping")).json()["coordination"] == "unavailable"
        with trio.fail_after(3), pytest.raises(RpcError) as caught:  # at once, not a hang
            await a.send("say lost")
        assert "Redis" in caught.value.message and "unavailable" in caught.value.message
        # What needs only PostgreSQL still answers.
        assert (await a.result("GetTask", {"id": first["id"]}))["id"] == first["id"]
        # Its leases not renewed for a TTL, the replica stops its turn before another could
        # end it: as a shutdown would, and visible in the store.
        stopped = await wait_state(a, running["id"], "TASK_STATE_INPUT_REQUIRED")
        assert stopped["status"]["message"]["metadata"]["iac_code"]["interrupted"] is True
        cluster.redis.start()
        with trio.fail_after(30):
            while (await a.http.get("/health")).status_code != 200:
                await trio.sleep(0.2)
        assert "coordination" not in (await a.http.get("/ping")).json()
        back = await a.send("say back")
        assert text_of(back["status"]["message"]) == "back"


def test_redis_unreachable_at_start_exits_2_naming_it(
    tmp_path: Path,
    postgres_database: Any,
) -> None:
    port = free_port()
    env = {
        "IACCODE_A2A_TASK_STORE": "postgres",
        "IACCODE_A2A_TASK_STORE_URL": postgres_database(),
        "IACCODE_A2A_COORDINATION_URL": f"redis://:s3cret@127.0.0.1:{port}/0",
    }
    process = ServerProcess(tmp_path / "state", env=env)
    done = subprocess.run(process.args, env=process.env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "s3cret" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(
        f"iaccode: coordination-url: cannot connect to Redis at 127.0.0.1:{port}/0: "
    ), lines
    assert "refused" in lines[0].lower()


async def test_streamed_answer_on_b_of_a_pause_on_a(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        asked = await a.send("ask Which region?\nstream 5\nsay end")
        events = await b.stream(
            "SendStreamingMessage", {"message": b.message("cn-beijing", task_id=asked["id"])}
        )
        results = [e["result"] for e in events]
        assert results[0]["task"]["id"] == asked["id"]
        chunks = [
            text_of(r["statusUpdate"]["status"]["message"])
            for r in results
            if "statusUpdate" in r
            and r["statusUpdate"]["status"]["state"] == "TASK_STATE_WORKING"
            and r["statusUpdate"]["status"].get("message")
        ]
        assert [c for c in chunks if c.startswith("chunk-")] == [f"chunk-{i} " for i in range(1, 6)]
        assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
        final = results[-1]["statusUpdate"]["status"]["message"]
        assert text_of(final) == "answer: cn-beijingchunk-1 chunk-2 chunk-3 chunk-4 chunk-5 end"


async def test_pause_of_a_killed_replica_resumes_where_the_answer_lands(
    cluster: Cluster,
) -> None:
    async with clients(cluster, 2) as (a, b):
        asked = await a.send("ask Which region?\nsay resumed")
        cluster.replicas[0].kill()  # SIGKILL while the turn waits for its answer
        # Once A's lease is gone, the saved pause is released, still answerable (not ended).
        with trio.fail_after(30):
            while True:
                task = await b.result("GetTask", {"id": asked["id"]})
                assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
                holder = await cluster_holder(cluster, asked["id"])
                if holder is None and not await cluster_live(cluster, asked["id"]):
                    break
                await trio.sleep(0.2)
        answered = await b.send("cn-shanghai", task_id=asked["id"])
        assert text_of(answered["status"]["message"]) == "answer: cn-shanghairesumed"


async def cluster_holder(cluster: Cluster, task_id: str) -> str | None:
    import redis

    client = redis.Redis.from_url(cluster.redis.url)
    try:
        value = client.get(f"iaccode:lease:task:{task_id}")
    finally:
        client.close()
    return None if value is None else value.decode()


async def cluster_live(cluster: Cluster, task_id: str) -> bool:
    import psycopg

    with psycopg.connect(cluster.store_url) as conn:
        row = conn.execute("SELECT live FROM tasks WHERE id = %s", (task_id,)).fetchone()
    return bool(row and row[0])


async def test_server_without_coordination_refused_beside_replicas(cluster: Cluster) -> None:
    async with clients(cluster, 1):
        env = {k: v for k, v in cluster.env().items() if k != "IACCODE_A2A_COORDINATION_URL"}
        process = ServerProcess(cluster.root / "single", env=env)
        with trio.fail_after(60):
            done = await trio.run_process(
                process.args, env=process.env, capture_stderr=True, check=False
            )
        stderr = done.stderr.decode()
        assert done.returncode == 2, stderr
        assert len(stderr.splitlines()) == 1, stderr
        assert stderr.startswith("iaccode: task-store-url: PostgreSQL at 127.0.0.1:"), stderr
        assert stderr.rstrip().endswith(
            " is in use by another iaccode server (one server per task store without "
            "coordination-url)"
        ), stderr


def test_replicas_push_needs_a_shared_keyring_and_queue(cluster: Cluster) -> None:
    config = cluster.root / "push.yml"
    config.write_text("push-notifications: true\n")

    def start(**env: str) -> subprocess.CompletedProcess[str]:
        process = ServerProcess(
            cluster.root / "push",
            env={**cluster.env(), **env},
            extra_args=["--config", str(config)],
        )
        if not env:
            process.env.pop("IAC_CODE_A2A_PUSH_KEYRING", None)
        return subprocess.run(
            process.args, env=process.env, capture_output=True, text=True, timeout=60
        )

    done = start()
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "iaccode: push-notifications with coordination-url: set IAC_CODE_A2A_PUSH_KEYRING to "
        "the same keyring on every replica"
    ], done.stderr
    keyring = '{"active": "k1", "keys": {"k1": "' + "A" * 43 + '="}}'
    done = start(IAC_CODE_A2A_PUSH_KEYRING=keyring)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "iaccode: push-notifications with coordination-url need push-queue: redis-streams, "
        "shared by the replicas"
    ], done.stderr


def test_replica_stops_cleanly_on_sigterm(cluster: Cluster) -> None:
    replica = cluster.start()
    assert replica.terminate(timeout=20) == 0


async def test_remote_streams_count_toward_the_replicas_subscriber_limit(cluster: Cluster) -> None:
    config = cluster.root / "limit.yml"
    config.write_text("max-subscribers-per-task: 1\n")
    async with clients(cluster, 2, "--config", str(config)) as (a, b):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        opened = trio.Event()

        async def follow() -> None:
            async for _ in b.iter_stream("SubscribeToTask", {"id": started["id"]}, seconds=20):
                opened.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(follow)
            with trio.fail_after(10):
                await opened.wait()
            with pytest.raises(RpcError) as caught:
                await b.stream("SubscribeToTask", {"id": started["id"]})
            assert "max-subscribers-per-task" in caught.value.message
            await b.result("CancelTask", {"id": started["id"]})  # ends the first stream


async def test_subscribe_on_b_repeats_nothing_the_snapshot_holds(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send(
            "artifact first one\nsleep 2\nartifact second two\nsay done",
            configuration={"returnImmediately": True},
        )
        with trio.fail_after(10):
            while not (await a.result("GetTask", {"id": started["id"]})).get("artifacts"):
                await trio.sleep(0.05)
        events = await b.stream("SubscribeToTask", {"id": started["id"]}, seconds=20)
        results = [e["result"] for e in events]
        snapshot = results[0]["task"]
        assert [x["name"] for x in snapshot["artifacts"]] == ["first"]
        live = [r["artifactUpdate"]["artifact"]["name"] for r in results if "artifactUpdate" in r]
        assert live == ["second"]  # the first is in the snapshot: not again
        assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"


async def test_a_turn_whose_lease_was_taken_stops(cluster: Cluster) -> None:
    """Another holder of a turn's lease (as after a partition healed): the turn stops at once,
    as a shutdown stops it, rather than two replicas writing one task."""
    import redis

    async with clients(cluster, 1) as (a,):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        client = redis.Redis.from_url(cluster.redis.url)
        try:
            client.set(f"iaccode:lease:task:{started['id']}", "another-replica", px=60_000)
        finally:
            client.close()
        stopped = await wait_state(a, started["id"], "TASK_STATE_INPUT_REQUIRED")
        assert stopped["status"]["message"]["metadata"]["iac_code"]["interrupted"] is True
        cluster.replicas[0].wait_for_log("were taken by another replica")


async def test_stream_on_b_ends_when_the_replica_running_the_turn_dies(cluster: Cluster) -> None:
    async with clients(cluster, 2) as (a, b):
        started = await a.send("wait", configuration={"returnImmediately": True})
        await wait_state(a, started["id"], "TASK_STATE_WORKING")
        seen: list[dict[str, Any]] = []

        async def follow() -> None:
            async for event in b.iter_stream("SubscribeToTask", {"id": started["id"]}, seconds=40):
                seen.append(json.loads(event.data))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(follow)
            with trio.fail_after(10):
                while not seen:
                    await trio.sleep(0.05)
            cluster.replicas[0].kill()  # SIGKILL; the stream ends once a survivor ended it
        assert states(seen)[-1] == "TASK_STATE_INPUT_REQUIRED"
        last = seen[-1]["result"]["statusUpdate"]["status"]["message"]
        assert last["metadata"]["iac_code"]["interrupted"] is True


async def test_answer_on_b_stores_its_inline_push_config_only_when_it_goes_through(
    cluster: Cluster,
) -> None:
    config = cluster.root / "push.yml"
    config.write_text(
        "push-notifications: true\npush-allow-loopback: true\npush-queue: redis-streams\n"
        f"push-redis-url: {cluster.redis.url}\n"
    )
    keyring = '{"active": "k1", "keys": {"k1": "' + "A" * 43 + '="}}'
    cluster_env = cluster.env
    cluster.env = lambda: {**cluster_env(), "IAC_CODE_A2A_PUSH_KEYRING": keyring}  # type: ignore[method-assign]
    push = {"taskPushNotificationConfig": {"id": "hook", "url": "http://127.0.0.1:9/hook"}}
    async with clients(cluster, 2, "--config", str(config)) as (a, b):
        asked = await a.send("ask Which region?\nsay bye")
        cluster.redis.stop()
        with pytest.raises(RpcError) as caught:
            await b.send("cn-hangzhou", task_id=asked["id"], configuration=push)
        # Redis stays away past the lease: A lets go of the pause, which B then resumes
        # itself (the other way, answering A's live pause, is test_question_answered_on_b).
        await trio.sleep(float(LEASE_SECONDS) * 2)
        assert "unavailable" in caught.value.message
        listed = await b.result("ListTaskPushNotificationConfigs", {"taskId": asked["id"]})
        assert listed.get("configs", []) == []  # refused: nothing of it stored
        cluster.redis.start()
        with trio.fail_after(30):
            for replica in (a, b):
                while (await replica.http.get("/health")).status_code != 200:
                    await trio.sleep(0.2)
        answered = await b.send("cn-hangzhou", task_id=asked["id"], configuration=push)
        assert text_of(answered["status"]["message"]) == "answer: cn-hangzhoubye"
        listed = await b.result("ListTaskPushNotificationConfigs", {"taskId": asked["id"]})
        assert [c["id"] for c in listed["configs"]] == ["hook"]
        # A live pause on A, answered on B: B stores the config before it routes the answer.
        again = await a.send("ask Second?\nsay end", task_id=asked["id"])
        assert again["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        push["taskPushNotificationConfig"]["id"] = "hook2"
        answered = await b.send("yes", task_id=asked["id"], configuration=push)
        assert text_of(answered["status"]["message"]) == "answer: yesend"
        listed = await b.result("ListTaskPushNotificationConfigs", {"taskId": asked["id"]})
        assert sorted(c["id"] for c in listed["configs"]) == ["hook", "hook2"]


async def test_a_context_is_free_on_b_once_a_stream_on_a_has_ended(cluster: Cluster) -> None:
    # The stream's last event waits until the ended turn's leases are written to Redis, so
    # the caller's next message, to another replica, never finds the context held.
    async with clients(cluster, 2) as (a, b):
        first = await a.send("say hello")
        context = first["contextId"]
        for round_ in range(5):
            events = await a.stream(
                "SendStreamingMessage", {"message": a.message(f"say {round_}", context_id=context)}
            )
            assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
            next_ = await b.send(f"say next {round_}", context_id=context)
            assert next_["status"]["state"] == "TASK_STATE_INPUT_REQUIRED", next_
