"""Push notifications end to end: config methods, delivery to a real receiver, crashes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningServer
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.wire import json
from tests.client import A2AClient, RpcError
from tests.process import ServerProcess
from tests.redis_process import RedisProcess
from tests.tasks.push.receiver import Receiver, Reply

pytestmark = pytest.mark.task_stores  # on SQLite and on PostgreSQL


@pytest.fixture
async def receiver(nursery: trio.Nursery) -> Receiver:
    receiver = Receiver()
    await nursery.start(receiver.serve)
    return receiver


@pytest.fixture
async def pushing(start_server: Callable[..., Any], workspace: Path) -> Any:
    server: RunningServer = await start_server(
        push_notifications=True, push_allow_loopback=True, push_max_attempts=3
    )
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        yield server, A2AClient(http, cwd=workspace)


def inline(url: str, **extra: Any) -> dict[str, Any]:
    return {
        "taskPushNotificationConfig": {
            "url": url,
            "token": "notify-token",
            "authentication": {"scheme": "Bearer", "credentials": "callback-secret"},
            **extra,
        }
    }


async def test_inline_config_is_delivered_with_exact_headers_and_body(
    pushing: Any, receiver: Receiver
) -> None:
    _, a2a = pushing
    task = await a2a.send("say done", configuration=inline(receiver.url()))
    (request,) = await receiver.wait_for(1)
    assert request.method == "POST" and request.target == "/webhook"
    assert request.header("authorization") == "Bearer callback-secret"
    assert request.header("x-a2a-notification-token") == "notify-token"
    assert request.header("content-type").startswith("application/json")
    assert int(request.header("content-length")) == len(request.body)
    assert request.header("transfer-encoding") is None
    body = json.loads(request.body)
    update = body["statusUpdate"]
    assert (
        update["taskId"] == task["id"] and update["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    )
    assert set(body) == {"statusUpdate"}


async def test_config_methods(pushing: Any, receiver: Receiver) -> None:
    _, a2a = pushing
    task = await a2a.send("say done")
    config = {"taskId": task["id"], "id": "webhook-1", "url": receiver.url(), "token": "t"}
    auth = {"scheme": "Bearer", "credentials": "callback-secret"}
    created = await a2a.result(
        "CreateTaskPushNotificationConfig", {**config, "authentication": auth}
    )
    shown = {k: v for k, v in config.items() if k != "token"}  # secrets are never echoed
    assert created == {**shown, "authentication": {"scheme": "Bearer"}}
    generated = await a2a.result(
        "CreateTaskPushNotificationConfig", {"task_id": task["id"], "url": receiver.url("/b")}
    )
    assert generated["id"] and generated["id"] != "webhook-1"
    got = await a2a.result(
        "GetTaskPushNotificationConfig", {"taskId": task["id"], "id": "webhook-1"}
    )
    assert got == created
    listed = await a2a.result("ListTaskPushNotificationConfigs", {"taskId": task["id"]})
    assert "callback-secret" not in str(listed) and "token" not in listed["configs"][0]
    assert {c["id"] for c in listed["configs"]} == {"webhook-1", generated["id"]}
    assert listed["nextPageToken"] == ""
    for _ in range(2):  # idempotent
        assert (
            await a2a.result(
                "DeleteTaskPushNotificationConfig", {"taskId": task["id"], "id": "webhook-1"}
            )
            == {}
        )
    with pytest.raises(RpcError) as error:
        await a2a.result("GetTaskPushNotificationConfig", {"taskId": task["id"], "id": "webhook-1"})
    assert error.value.code == -32001
    with pytest.raises(RpcError) as error:
        await a2a.result("ListTaskPushNotificationConfigs", {"taskId": "no-such-task"})
    assert error.value.code == -32001


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.1/hook",
        "http://169.254.169.254/latest/meta-data",
        "ftp://example.com/hook",
        "http://[::ffff:192.168.0.1]/hook",
    ],
)
async def test_private_callback_urls_are_refused(pushing: Any, url: str) -> None:
    _, a2a = pushing
    task = await a2a.send("say done")
    with pytest.raises(RpcError) as error:
        await a2a.result("CreateTaskPushNotificationConfig", {"taskId": task["id"], "url": url})
    assert error.value.code == -32602
    before = (await a2a.result("ListTasks", {}))["totalSize"]
    with pytest.raises(RpcError):
        await a2a.send("say again", configuration=inline(url))
    assert (await a2a.result("ListTasks", {}))["totalSize"] == before  # nothing stored


async def test_loopback_is_refused_unless_allowed(start_server: Callable[..., Any]) -> None:
    server = await start_server(push_notifications=True)
    async with httpx.AsyncClient(base_url=server.url) as http:
        a2a = A2AClient(http)
        body = await a2a.call(
            "CreateTaskPushNotificationConfig", {"taskId": "t", "url": "http://127.0.0.1:9/x"}
        )
    assert body["error"]["code"] in (-32001, -32602)  # no such task, or the URL: both refused


async def test_legacy_configs_get_the_task(pushing: Any, receiver: Receiver) -> None:
    _, a2a = pushing
    task = await a2a.send("ask ok?")  # paused: a follow-up will end it
    a2a.version = None
    created = await a2a.result(
        "tasks/pushNotificationConfig/set",
        {"taskId": task["id"], "pushNotificationConfig": {"url": receiver.url(), "token": "tok"}},
    )
    assert created["pushNotificationConfig"]["id"] == task["id"]  # 0.3: named after the task
    got = await a2a.result("tasks/pushNotificationConfig/get", {"id": task["id"]})
    assert got == created
    assert await a2a.result("tasks/pushNotificationConfig/list", {"id": task["id"]}) == [created]
    a2a.version = "1.0"
    await a2a.send("yes", task_id=task["id"])
    (request,) = await receiver.wait_for(1)
    body = json.loads(request.body)
    assert body["kind"] == "task" and body["status"]["state"] == "input-required"
    a2a.version = None
    deleted = await a2a.call(
        "tasks/pushNotificationConfig/delete",
        {"id": task["id"], "pushNotificationConfigId": task["id"]},
    )
    assert "result" in deleted and deleted["result"] is None


async def test_failing_receiver_gets_retries_then_dead_letter(
    pushing: Any, receiver: Receiver
) -> None:
    server, a2a = pushing
    receiver.plan(Reply(status=500), Reply(close=True), Reply(status=503))
    await a2a.send("say done", configuration=inline(receiver.url()))
    with trio.fail_after(20):
        while len(receiver.requests) < 3:
            await trio.sleep(0.1)
    dead = list((server.config.persistence_dir / "push_queue" / "dead").glob("*.json"))
    with trio.fail_after(10):
        while not dead:
            await trio.sleep(0.1)
            dead = list((server.config.persistence_dir / "push_queue" / "dead").glob("*.json"))
    job = json.loads(dead[0].read_bytes())
    assert job["attempt"] == 3 and "503" in job["lastError"]
    assert (await a2a.send("say still serving"))["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


async def test_secrets_are_encrypted_at_rest(pushing: Any, receiver: Receiver) -> None:
    server, a2a = pushing
    await a2a.send("say done", configuration=inline(receiver.url()))
    await receiver.wait_for(1)
    for path in server.config.persistence_dir.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert b"callback-secret" not in data and b"notify-token" not in data, path


async def test_sigkill_with_pending_deliveries_loses_nothing(
    tmp_path: Path, receiver: Receiver
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    config = tmp_path / "a2a-server.yml"
    config.write_text("push-notifications: true\npush-allow-loopback: true\n")
    receiver.plan(*[Reply(status=503)] * 50)  # nothing can be delivered before the crash
    server = ServerProcess(
        tmp_path / "state", allowed_cwds=[workspace], extra_args=["--config", str(config)]
    )
    await trio.to_thread.run_sync(server.start)
    ids = []
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        for index in range(3):
            task = await a2a.send(f"say {index}", configuration=inline(receiver.url()))
            ids.append(task["id"])
    await receiver.wait_for(3)
    server.kill()  # SIGKILL, with every job pending or in flight
    receiver.script.clear()
    seen_before = len(receiver.requests)
    again = ServerProcess(
        tmp_path / "state", allowed_cwds=[workspace], extra_args=["--config", str(config)]
    )
    await trio.to_thread.run_sync(again.start)
    try:
        with trio.fail_after(30):
            while True:
                delivered = {
                    json.loads(r.body)["statusUpdate"]["taskId"]
                    for r in receiver.requests[seen_before:]
                }
                if delivered >= set(ids):
                    break
                await trio.sleep(0.2)
        states = {json.loads(r.body)["statusUpdate"]["status"]["state"] for r in receiver.requests}
        assert states == {"TASK_STATE_INPUT_REQUIRED"}  # duplicates carry the same state
    finally:
        again.kill()


async def test_servers_sharing_a_redis_queue_take_over_a_killed_servers_deliveries(
    tmp_path: Path, receiver: Receiver, redis_server: RedisProcess
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    prefix = f"push-test-{tmp_path.name}"
    config = tmp_path / "a2a-server.yml"
    config.write_text(
        "push-notifications: true\npush-allow-loopback: true\npush-queue: redis-streams\n"
        f"push-redis-url: {redis_server.url}\npush-stream: {prefix}\n"
        f"push-retry-key: {prefix}:retry\npush-dead-stream: {prefix}:dead\n"
        "push-lease-timeout-ms: 1000\n"
    )
    shared_key = {"IAC_CODE_A2A_PUSH_KEYRING": PushKeyring.generate("shared").to_text()}

    def process(name: str) -> ServerProcess:
        return ServerProcess(
            tmp_path / name,
            allowed_cwds=[workspace],
            extra_args=["--config", str(config)],
            env=shared_key,
        )

    first, second = process("first"), process("second")
    await trio.to_thread.run_sync(first.start)
    await trio.to_thread.run_sync(second.start)
    try:
        receiver.plan(*[Reply(status=503)] * 3)  # the first deliveries fail and stay pending
        async with httpx.AsyncClient(base_url=first.url, timeout=10) as http:
            a2a = A2AClient(http, cwd=workspace)
            ids = [
                (await a2a.send(f"say {n}", configuration=inline(receiver.url())))["id"]
                for n in range(3)
            ]
        await receiver.wait_for(3)
        first.kill()  # the survivor must reclaim what the first server held
        with trio.fail_after(30):
            while {
                json.loads(r.body)["statusUpdate"]["taskId"]
                for r in receiver.requests[3:]  # the first three got 503
            } < set(ids):
                await trio.sleep(0.2)
        async with httpx.AsyncClient(base_url=second.url, timeout=10) as http:
            a2a = A2AClient(http, cwd=workspace)
            own = await a2a.send("say mine", configuration=inline(receiver.url()))
        with trio.fail_after(10):
            while own["id"] not in {
                json.loads(r.body)["statusUpdate"]["taskId"] for r in receiver.requests
            }:
                await trio.sleep(0.1)
    finally:
        first.kill()
        second.kill()


async def test_a_message_refused_as_busy_notifies_its_inline_config(
    pushing: Any, receiver: Receiver
) -> None:
    _, a2a = pushing
    params = {"message": a2a.message("wait"), "configuration": {"returnImmediately": True}}
    busy = (await a2a.result("SendMessage", params))["task"]
    refused = await a2a.send(
        "say hello", context_id=busy["contextId"], configuration=inline(receiver.url())
    )
    assert refused["status"]["state"] == "TASK_STATE_FAILED"
    (request,) = await receiver.wait_for(1)
    update = json.loads(request.body)["statusUpdate"]
    assert update["taskId"] == refused["id"]
    assert update["status"]["state"] == "TASK_STATE_FAILED"
    await a2a.result("CancelTask", {"id": busy["id"]})
