"""Several replicas serving one set of tasks (issue 19): real `iaccode a2a` processes on one
PostgreSQL and one Redis, behind the round-robin proxy (tests/replicas.py). A turn started on one
replica is subscribed from a second and cancelled from a third (connections pinned to a
replica); push notifications come from whichever replica runs the turn; a replica killed
mid-turn under load loses nothing that was acknowledged; a replica replaced under load (a
rolling restart) costs no request. The tests marked `replicas` in test_a2a_jsonrpc.py and
test_permissions.py run the rest of the end-to-end suite through the proxy; i19r's
test_replicas.py tests the coordination itself.

What needs coordination across replicas (`coordination-url`) is skipped with the reason while
this version refuses it; one replica on PostgreSQL behind the proxy runs either way.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.wire import json
from tests.client import A2AClient, results, text_of
from tests.replicas import Replicas, deploy
from tests.tasks.push.receiver import Receiver

INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"
UNFINISHED = ("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING")
# A dead replica's turns are ended once its leases expire (and a survivor's next look, a third
# of the lease later); the bound leaves room for a loaded machine.
LEASE_SECONDS = 3
LEASE_BOUND_SECONDS = 60

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def make(request: pytest.FixtureRequest, tmp_path: Path, workspace: Path) -> Any:
    def make(count: int, **settings: Any) -> Replicas:
        return deploy(
            request,
            tmp_path / f"deployment-{count}",
            count,
            allowed_cwds=[workspace],
            settings=settings,
        )

    return make


@pytest.fixture
async def receiver(nursery: trio.Nursery) -> Receiver:
    receiver = Receiver()
    await nursery.start(receiver.serve)
    return receiver


@contextlib.asynccontextmanager
async def client(url: str, workspace: Path) -> AsyncIterator[A2AClient]:
    """A client of `url`; without keep-alive, so that through the proxy every request is a
    connection of its own and lands on the next replica."""
    limits = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=url, timeout=20, limits=limits) as http:
        yield A2AClient(http, cwd=workspace)


@contextlib.asynccontextmanager
async def pinned(deployed: Replicas, workspace: Path) -> AsyncIterator[list[A2AClient]]:
    """One client per replica, straight to it (not through the proxy)."""
    async with contextlib.AsyncExitStack() as stack:
        yield [await stack.enter_async_context(client(url, workspace)) for url in deployed.urls]


async def state_on(a2a: A2AClient, task_id: str, wanted: str) -> dict[str, Any]:
    with trio.fail_after(10):
        while True:
            task: dict[str, Any] = await a2a.result("GetTask", {"id": task_id})
            if task["status"]["state"] == wanted:
                return task
            await trio.sleep(0.05)


async def refused(port: int) -> None:
    """Once nothing accepts connections on `port` any more."""
    with trio.fail_after(10):
        while True:
            try:
                stream = await trio.open_tcp_stream("127.0.0.1", port)
            except OSError:
                return
            await stream.aclose()
            await trio.sleep(0.02)


def leases_held(deployed: Replicas, task_ids: list[str]) -> list[str]:
    """The tasks whose lease someone holds in the deployment's Redis."""
    import redis

    url = deployed.servers[0].env["IACCODE_A2A_COORDINATION_URL"]
    with redis.Redis.from_url(url) as client:
        return [t for t in task_ids if client.exists(f"iaccode:lease:task:{t}")]


# -- one replica on PostgreSQL, behind the proxy: runs without coordination ----------------------


async def test_without_coordination_a_second_replica_on_the_store_is_refused(
    postgres_url: str, tmp_path: Path, nursery: trio.Nursery, workspace: Path
) -> None:
    """PostgreSQL without `coordination-url` admits one server at a time: the second replica
    exits instead of sharing the tasks unsafely; the first keeps serving through the proxy."""
    deployed = Replicas(
        tmp_path, 2, task_store_url=postgres_url, coordination_url=None, allowed_cwds=[workspace]
    )
    try:
        first, second = deployed.servers
        await trio.to_thread.run_sync(first.start, 60)
        with pytest.raises(RuntimeError) as refusal:
            await trio.to_thread.run_sync(second.start, 60)
        assert "in use by another iaccode server" in str(refusal.value)
        await deployed.serve_proxy(nursery)  # the dead second one is skipped
        async with client(deployed.url, workspace) as a2a:
            for _ in range(2):
                assert (await a2a.send("say still here"))["status"]["state"] == INPUT_REQUIRED
        assert deployed.proxy is not None and deployed.proxy.forwarded == [2, 0]
    finally:
        deployed.kill_all()


@pytest.fixture(params=[1, 3], ids=["one-replica", "three-replicas"])
def count(request: pytest.FixtureRequest) -> int:
    if request.param > 1:
        request.getfixturevalue("coordinated")
    return int(request.param)


async def test_push_notifications_come_from_the_replica_running_the_turn(
    count: int,
    make: Any,
    nursery: trio.Nursery,
    receiver: Receiver,
    workspace: Path,
) -> None:
    deployed: Replicas = make(count, **{"push-notifications": True, "push-allow-loopback": True})
    await deployed.start()
    await deployed.serve_proxy(nursery)
    async with client(deployed.url, workspace) as a2a:
        inline = {"taskPushNotificationConfig": {"url": receiver.url(), "token": "tok"}}
        tasks = [await a2a.send(f"say {n}", configuration=inline) for n in range(count)]
        # a config made on one replica, read and used on the others (one keyring for all)
        first = tasks[0]["id"]
        made = await a2a.result(
            "CreateTaskPushNotificationConfig",
            {"taskId": first, "id": "hook", "url": receiver.url("/second"), "token": "t2"},
        )
        for _ in range(count):
            got = await a2a.result("GetTaskPushNotificationConfig", {"taskId": first, "id": "hook"})
            assert got == made
        await a2a.send("say again", task_id=first)
        expected = {(t["id"], "/webhook") for t in tasks} | {(first, "/second")}
        with trio.fail_after(20):  # at least once: duplicates are allowed, losses are not
            while True:
                seen = {
                    (json.loads(r.body)["statusUpdate"]["taskId"], r.target)
                    for r in receiver.requests
                }
                if seen >= expected:
                    break
                await trio.sleep(0.1)
        tokens = {r.target: r.header("x-a2a-notification-token") for r in receiver.requests}
        assert tokens == {"/webhook": "tok", "/second": "t2"}
    if count > 1:
        assert deployed.proxy is not None and all(deployed.proxy.forwarded)


# -- across replicas: needs coordination ---------------------------------------------------------


async def test_a_turn_on_one_replica_is_subscribed_and_cancelled_from_others(
    coordinated: None, make: Any, workspace: Path
) -> None:
    deployed: Replicas = await make(3).start()
    async with pinned(deployed, workspace) as (runs, watches, cancels):
        task = await runs.send("say started\nwait", configuration={"returnImmediately": True})
        await state_on(watches, task["id"], "TASK_STATE_WORKING")
        followed: list[dict[str, Any]] = []

        async def follow(task_status: trio.TaskStatus[None]) -> None:
            events = watches.iter_stream("SubscribeToTask", {"id": task["id"]}, seconds=20)
            followed.append(json.loads((await events.__anext__()).data))
            task_status.started()
            async for event in events:
                followed.append(json.loads(event.data))

        async with trio.open_nursery() as nursery:
            await nursery.start(follow)
            canceled = await cancels.result("CancelTask", {"id": task["id"]})
        assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
        assert text_of(canceled["status"]["message"]) == "Task canceled."
        got = results(followed)
        assert got[0]["task"]["id"] == task["id"]
        assert got[-1]["statusUpdate"]["status"]["state"] == "TASK_STATE_CANCELED"
        assert (await runs.result("GetTask", {"id": task["id"]}))["status"]["state"] == (
            "TASK_STATE_CANCELED"
        )
        # the running replica's turn stopped: its context takes a new turn anywhere
        again = await watches.send("say free", context_id=task["contextId"])
        assert again["status"]["state"] == INPUT_REQUIRED


async def test_a_replica_killed_mid_turn_under_load_loses_no_acknowledged_task(
    coordinated: None, make: Any, nursery: trio.Nursery, workspace: Path
) -> None:
    """30 turns spread by the proxy, 6 at a time; replica 0 is SIGKILLed once 10 are
    acknowledged, with turns running on it and requests still coming. Every acknowledged task is
    still there, and once the dead replica's leases expire nothing stays WORKING: its turns end
    as a restart ends them (interrupted, waiting for a follow-up), the others end normally."""
    deployed: Replicas = await make(3, **{"coordination-lease-seconds": LEASE_SECONDS}).start()
    proxy = await deployed.serve_proxy(nursery)
    acknowledged: list[str] = []
    lost = 0  # requests cut with the killed replica: never acknowledged, so nothing promised
    async with client(deployed.url, workspace) as a2a:
        limit = trio.CapacityLimiter(6)

        async def turn(number: int) -> None:
            nonlocal lost
            async with limit:
                try:
                    task = await a2a.send(
                        f"sleep 2\nsay done {number}", configuration={"returnImmediately": True}
                    )
                except httpx.TransportError:
                    lost += 1
                    return
            acknowledged.append(task["id"])
            if len(acknowledged) == 10:  # mid-load: turns running, more requests coming
                deployed.sigkill(0)

        with trio.fail_after(60):
            async with trio.open_nursery() as load:
                for number in range(30):
                    load.start_soon(turn, number)
        assert len(acknowledged) + lost == 30 and len(acknowledged) >= 10
        forwarded_to_dead = proxy.forwarded[0]

        ended: dict[str, dict[str, Any]] = {}
        with trio.fail_after(LEASE_BOUND_SECONDS):
            while len(ended) < len(acknowledged):
                for task_id in acknowledged:
                    if task_id not in ended:
                        got = await a2a.result("GetTask", {"id": task_id})
                        if got["status"]["state"] not in UNFINISHED:
                            ended[task_id] = got
                await trio.sleep(0.2)
        assert proxy.forwarded[0] == forwarded_to_dead  # the dead replica was skipped

        states = {got["status"]["state"] for got in ended.values()}
        assert states == {INPUT_REQUIRED}, states
        interrupted = [
            task_id
            for task_id, got in ended.items()
            if got["status"]["message"].get("metadata", {}).get("iac_code", {}).get("interrupted")
        ]
        assert 1 <= len(interrupted) < len(acknowledged)  # the dead replica's share, only that
        for task_id, got in ended.items():
            if task_id not in interrupted:
                assert text_of(got["status"]["message"]).startswith("done ")
        # an interrupted task takes a follow-up on a surviving replica, as after a restart
        again = await a2a.send("say back", task_id=interrupted[0])
        assert text_of(again["status"]["message"]) == "back"


async def test_a_replica_replaced_under_load_is_a_rolling_restart(
    coordinated: None, make: Any, nursery: trio.Nursery, workspace: Path
) -> None:
    """A rolling upgrade's step: replica 0 gets SIGTERM with turns running on it and is started
    again on its persistence-dir. Meanwhile every request through the proxy is served by the
    others; its turns end as a shutdown ends them (interrupted, answerable anywhere), the other
    replicas' turns run on, and the restarted replica serves again."""
    deployed: Replicas = await make(3, **{"coordination-lease-seconds": LEASE_SECONDS}).start()
    proxy = await deployed.serve_proxy(nursery)
    async with client(deployed.url, workspace) as a2a:
        running = [
            (await a2a.send("say started\nwait", configuration={"returnImmediately": True}))["id"]
            for _ in range(6)  # two on each replica
        ]
        for task_id in running:
            await state_on(a2a, task_id, "TASK_STATE_WORKING")
        stopping = deployed.servers[0]
        async with trio.open_nursery() as rolling:
            rolling.start_soon(trio.to_thread.run_sync, stopping.terminate, 30)
            await refused(stopping.port)  # it stops accepting first, then ends its turns
            for number in range(6):  # while it stops, and once it is gone: never an error
                done = await a2a.send(f"say meanwhile {number}")
                assert text_of(done["status"]["message"]) == f"meanwhile {number}"
        ended: dict[str, dict[str, Any]] = {}
        with trio.fail_after(LEASE_BOUND_SECONDS):
            while len(ended) < 2:
                for task_id in running:
                    got = await a2a.result("GetTask", {"id": task_id})
                    if got["status"]["state"] not in UNFINISHED:
                        ended[task_id] = got
                await trio.sleep(0.2)
        assert len(ended) == 2  # replica 0's two turns, and only those
        for got in ended.values():
            assert got["status"]["state"] == INPUT_REQUIRED
            assert got["status"]["message"]["metadata"]["iac_code"]["interrupted"] is True

        # The stopped replica gave its turns' leases back as it went (core.wind_down flushes
        # its Redis writer), so their follow-ups are taken at once, with no lease to wait out.
        assert await trio.to_thread.run_sync(leases_held, deployed, list(ended)) == []
        await trio.to_thread.run_sync(stopping.start, 60)  # the new version, say
        proxy.replace(0, ("127.0.0.1", stopping.port))
        before = proxy.forwarded[0]
        for task_id in ended:  # follow-ups, wherever the proxy sends them
            again = await a2a.send("say back", task_id=task_id)
            assert text_of(again["status"]["message"]) == "back"
        for _ in range(3):
            assert (await a2a.http.get("/health")).status_code == 200
        assert proxy.forwarded[0] > before  # the restarted replica serves again
        for task_id in running:
            if task_id not in ended:  # the others' turns ran on throughout
                got = await a2a.result("GetTask", {"id": task_id})
                assert got["status"]["state"] == "TASK_STATE_WORKING"
                await a2a.result("CancelTask", {"id": task_id})
