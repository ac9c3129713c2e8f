"""At least once across every crash point of the push path (issue 16), on both queues.

The server is armed to SIGKILL itself at one step (`IAC_CODE_FAILPOINT`, see
`iaccode.tasks.failpoints`): right after the commit of the settled state with its outbox row,
after the job is enqueued, after a worker claimed it, after the receiver answered and after the
ack. A server started again on the same state must deliver the notification (again, if it was
delivered before the crash): every acknowledged settled state reaches the receiver at least once.
Also: turns a restart ends (kill -9 and SIGTERM) are notified like any settled state.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import trio

from iaccode.wire import json
from tests.client import A2AClient
from tests.e2e.test_push import inline
from tests.process import ServerProcess
from tests.redis_process import RedisProcess
from tests.tasks.push.receiver import Receiver

STEPS = ["commit", "enqueue", "claim", "deliver", "ack"]


@pytest.fixture
async def receiver(nursery: trio.Nursery) -> Receiver:
    receiver = Receiver()
    await nursery.start(receiver.serve)
    return receiver


@pytest.fixture(params=["local-file", "redis-streams"])
def config_file(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    text = "push-notifications: true\npush-allow-loopback: true\n"
    if request.param == "redis-streams":
        redis: RedisProcess = request.getfixturevalue("redis_server")
        prefix = f"crash-{tmp_path.name}"
        text += (
            f"push-queue: redis-streams\npush-redis-url: {redis.url}\npush-stream: {prefix}\n"
            f"push-retry-key: {prefix}:retry\npush-dead-stream: {prefix}:dead\n"
            # The restarted server is a new consumer: the dead one's entries come back after this.
            "push-lease-timeout-ms: 500\n"
        )
    path = tmp_path / "a2a-server.yml"
    path.write_text(text)
    yield path


def server(tmp_path: Path, config: Path, env: dict[str, str] | None = None) -> ServerProcess:
    return ServerProcess(
        tmp_path / "state",
        allowed_cwds=[tmp_path / "ws"],
        extra_args=["--config", str(config)],
        env=env,
    )


def deliveries(receiver: Receiver, task_id: str) -> list[dict[str, object]]:
    found = []
    for request in receiver.requests:
        update = json.loads(request.body)["statusUpdate"]
        if update["taskId"] == task_id:
            found.append(update)
    return found


async def wait_for_delivery(receiver: Receiver, task_id: str) -> list[dict[str, object]]:
    with trio.fail_after(30):
        while not (found := deliveries(receiver, task_id)):
            await trio.sleep(0.05)
    return found


async def list_task_ids(url: str, workspace: Path) -> list[str]:
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        page = await A2AClient(http, cwd=workspace).result("ListTasks", {})
    return [task["id"] for task in page["tasks"]]


@pytest.mark.parametrize("step", STEPS)
async def test_a_crash_at_any_step_loses_no_notification(
    tmp_path: Path, receiver: Receiver, config_file: Path, step: str
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    armed = server(tmp_path, config_file, {"IAC_CODE_FAILPOINT": step})
    await trio.to_thread.run_sync(armed.start)
    try:
        async with httpx.AsyncClient(base_url=armed.url, timeout=10) as http:
            a2a = A2AClient(http, cwd=workspace)
            with contextlib.suppress(httpx.TransportError):  # the crash came before the answer
                await a2a.send("say done", configuration=inline(receiver.url()))
        assert await trio.to_thread.run_sync(armed.wait) == -9  # it died at `step`
    finally:
        armed.kill()
    before = len(receiver.requests)
    if step == "enqueue" and "redis-streams" in config_file.read_text():
        # The job is in the shared stream: a worker blocked in XREADGROUP gets it in the same
        # instant the XADD returns, and may deliver it before the relay's thread reports back.
        assert before <= 1
    else:
        assert before == (1 if step in ("deliver", "ack") else 0)
    again = server(tmp_path, config_file)
    await trio.to_thread.run_sync(again.start)
    try:
        [task_id] = await list_task_ids(again.url, workspace)
        found = await wait_for_delivery(receiver, task_id)
        if step == "deliver":  # delivered, not acked: delivered again
            with trio.fail_after(30):
                while len(deliveries(receiver, task_id)) < 2:
                    await trio.sleep(0.05)
        states = {update["status"]["state"] for update in found}  # type: ignore[index]
        assert states == {"TASK_STATE_INPUT_REQUIRED"}
    finally:
        again.kill()


@pytest.mark.parametrize("how", ["kill", "terminate"])
async def test_turns_a_restart_ends_are_notified(
    tmp_path: Path, receiver: Receiver, config_file: Path, how: str
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    first = server(tmp_path, config_file)
    await trio.to_thread.run_sync(first.start)
    try:
        async with httpx.AsyncClient(base_url=first.url, timeout=10) as http:
            a2a = A2AClient(http, cwd=workspace)
            params = {
                "message": a2a.message("wait"),
                "configuration": {**inline(receiver.url()), "returnImmediately": True},
            }
            task = (await a2a.result("SendMessage", params))["task"]
        if how == "kill":
            first.kill()
        else:
            await trio.to_thread.run_sync(first.terminate)
    finally:
        first.kill()
    again = server(tmp_path, config_file)
    await trio.to_thread.run_sync(again.start)
    try:
        found = await wait_for_delivery(receiver, task["id"])
        assert {update["status"]["state"] for update in found} == {  # type: ignore[index]
            "TASK_STATE_INPUT_REQUIRED"
        }
    finally:
        again.kill()
