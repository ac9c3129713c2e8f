"""ROS work end to end over A2A: the offline engine, a real server, the fake ROS endpoint.

Validate, cost, preview, deploy behind a permission (with progress and outputs), delete; a
denied deploy; rules that must not approve CreateStack; faults; and the caller's keys, which
must reach neither the disk nor the logs.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningServer
from iaccode.testing.fake_ros import FakeRos
from iaccode.wire import json
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE
from tests.client import A2AClient, results, states
from tests.e2e.test_permissions import sideband

STS_ID, STS_SECRET, STS_TOKEN = "STS.NUfakeid", "sts-secret-value", "sts-token-value-CAIS"
_IDS = itertools.count(1)
FENCED = f"```yaml\n{TEMPLATE}```"


@pytest.fixture
async def fake_ros(nursery: trio.Nursery) -> FakeRos:
    fake = FakeRos({KEY_ID: SECRET, STS_ID: (STS_SECRET, STS_TOKEN)})
    await nursery.start(fake.serve)
    return fake


@pytest.fixture
def start_ros_server(start_server: Callable[..., Any], fake_ros: FakeRos) -> Callable[..., Any]:
    async def start(**overrides: Any) -> RunningServer:
        values: dict[str, Any] = {
            "engine": "offline",
            "ros_endpoint": fake_ros.endpoint,
            "ros_poll_seconds": 0.01,
            "ros_max_retries": 1,
            "ros_credential_chain": False,
        }
        server: RunningServer = await start_server(**{**values, **overrides})
        return server

    return start


class Caller:
    """An A2A client whose messages carry per-request cloud keys."""

    def __init__(self, a2a: A2AClient, keys: dict[str, str]) -> None:
        self.a2a = a2a
        self.keys = keys

    def message(self, text: str, **extra: Any) -> dict[str, Any]:
        meta = {"cwd": str(self.a2a.cwd), **self.keys, **extra.pop("meta", {})}
        return {
            "messageId": f"ros-{next(_IDS)}",
            "role": "ROLE_USER",
            "parts": [{"text": text}],
            "metadata": {"iac_code": meta},
            **extra,
        }

    async def ask(self, text: str, **extra: Any) -> list[dict[str, Any]]:
        return await self.a2a.stream(
            "SendStreamingMessage", {"message": self.message(text, **extra)}
        )

    async def answer(self, events: list[dict[str, Any]], decision: str) -> list[dict[str, Any]]:
        """Answer the permission question `events` ended with; the events that follow it."""
        final = results(events)[-1]["statusUpdate"]
        task = {"id": final["taskId"], "contextId": final["contextId"]}
        env = final["metadata"]["iac_code"]["input"]
        followed: list[dict[str, Any]] = []

        async def follow(task_status: trio.TaskStatus[None]) -> None:
            iterator = self.a2a.iter_stream("SubscribeToTask", {"id": task["id"]})
            followed.append(json.loads((await iterator.__anext__()).data))
            task_status.started()
            async for event in iterator:
                followed.append(json.loads(event.data))

        async with trio.open_nursery() as nursery:
            await nursery.start(follow)
            answer = sideband(task, env, payload={"decision": decision})
            ack = await self.a2a.result("SendMessage", answer)
            assert ack["message"]["parts"][0]["data"]["accepted"] is True
        return followed


def text_of(events: list[dict[str, Any]]) -> str:
    out = []
    for result in results(events):
        message = (result.get("statusUpdate") or {}).get("status", {}).get("message")
        if (
            message
            and message.get("role") == "ROLE_AGENT"
            and result["statusUpdate"]["status"]["state"] == "TASK_STATE_WORKING"
        ):
            out.extend(part.get("text", "") for part in message["parts"])
    return "".join(out)


def tool_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for result in results(events):
        meta = ((result.get("statusUpdate") or {}).get("metadata") or {}).get("iac_code") or {}
        if "tool" in meta:
            found.append(meta["tool"])
    return found


def envelope_of(events: list[dict[str, Any]]) -> dict[str, Any]:
    assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
    env: dict[str, Any] = results(events)[-1]["statusUpdate"]["metadata"]["iac_code"]["input"]
    return env


KEYS = {"alibaba_cloud_access_key_id": KEY_ID, "alibaba_cloud_access_key_secret": SECRET}


@pytest.fixture
async def caller(start_ros_server: Callable[..., Any], workspace: Path) -> Any:
    server = await start_ros_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        yield Caller(A2AClient(http, cwd=workspace), KEYS)


async def test_validate_cost_and_preview(caller: Caller, fake_ros: FakeRos) -> None:
    validated = await caller.ask(f"Validate this template with ROS:\n{FENCED}")
    assert states(validated)[-1] == "TASK_STATE_INPUT_REQUIRED"
    assert "ROS validated the template in cn-hangzhou: 2 resource types, 1 parameters." in text_of(
        validated
    )
    cost = await caller.ask(f"What would this cost?\n{FENCED}")
    assert "Estimated cost in cn-hangzhou: 120.5 CNY a month." in text_of(cost)
    preview = await caller.ask(f"Preview it in cn-beijing as stack web-1\n{FENCED}")
    assert "Preview of stack web-1 in cn-beijing: 2 resources." in text_of(preview)
    assert fake_ros.requests[-1]["query"]["RegionId"] == "cn-beijing"
    plain = await caller.ask(f"Review this template\n{FENCED}")  # no ROS asked for: offline review
    assert fake_ros.actions().count("ValidateTemplate") == 1 and text_of(plain)


async def test_deploy_with_permission_progress_outputs_and_delete(
    caller: Caller, fake_ros: FakeRos
) -> None:
    asked = await caller.ask(f"Deploy this as stack web-1 InstanceType=ecs.g7.large\n{FENCED}")
    env = envelope_of(asked)
    assert env["toolName"] == "ros_create_stack" and env["effect"] == "cloud_change"
    summary = env["deploymentSummary"]
    assert summary["stackName"] == "web-1" and summary["counts"]["add"] == 2
    assert summary["estimatedMonthlyCost"] == {"amount": 120.5, "currency": "CNY"}
    assert fake_ros.stacks == {}  # nothing before the answer
    done = await caller.answer(asked, "allow_once")
    progress = [t["progress"] for t in tool_events(done) if t["status"] == "progress"]
    assert progress[0]["stackStatus"] == "CREATE_IN_PROGRESS"
    assert progress[-1]["stackStatus"] == "CREATE_COMPLETE"
    assert "Stack web-1 is CREATE_COMPLETE in cn-hangzhou." in text_of(done)
    assert "- VpcId: fake-vpcid" in text_of(done)
    assert states(done)[-1] == "TASK_STATE_INPUT_REQUIRED"
    outputs = await caller.ask("Show the outputs of stack web-1")
    assert "- VpcId: fake-vpcid" in text_of(outputs)
    asked = await caller.ask("Delete stack web-1")
    assert envelope_of(asked)["deploymentSummary"]["counts"]["remove"] == 2
    deleted = await caller.answer(asked, "allow_once")
    assert "Stack web-1 is DELETE_COMPLETE in cn-hangzhou." in text_of(deleted)
    assert all(stack.deleted for stack in fake_ros.stacks.values())


async def test_a_denied_deploy(caller: Caller, fake_ros: FakeRos) -> None:
    asked = await caller.ask(
        f"Deploy this as stack web-1\n{FENCED}", meta={"preferredLanguage": "de"}
    )
    denied = await caller.answer(asked, "deny")
    assert "Das hat nicht geklappt: Der Aufrufer hat diese Operation nicht erlaubt." in text_of(
        denied
    )
    assert "CreateStack" not in fake_ros.actions()


async def test_wildcards_do_not_approve_create_stack_but_an_exact_rule_does(
    start_ros_server: Callable[..., Any], workspace: Path, fake_ros: FakeRos
) -> None:
    loose = await start_ros_server(
        permission_allow=("*", "aliyun_api", "ros_create_stack", "ros:*"),
        auto_approve_permissions=True,
    )
    async with httpx.AsyncClient(base_url=loose.url, timeout=20) as http:
        events = await Caller(A2AClient(http, cwd=workspace), KEYS).ask(
            f"Deploy this as stack web-1\n{FENCED}"
        )
    assert envelope_of(events)["toolName"] == "ros_create_stack"  # still a question
    assert fake_ros.stacks == {}
    exact = await start_ros_server(
        permission_allow=("ros:CreateStack",), persistence_dir=workspace.parent / "state2"
    )
    async with httpx.AsyncClient(base_url=exact.url, timeout=20) as http:
        events = await Caller(A2AClient(http, cwd=workspace), KEYS).ask(
            f"Deploy this as stack web-2\n{FENCED}"
        )
    assert "Stack web-2 is CREATE_COMPLETE" in text_of(events)


@pytest.mark.parametrize(
    ("keys", "setup", "expected"),
    [
        ({}, None, "No Alibaba Cloud credentials were given"),
        (
            {"alibaba_cloud_access_key_id": "LTAIunknown", "alibaba_cloud_access_key_secret": "x"},
            None,
            "InvalidAccessKeyId.NotFound",
        ),
        (
            {"alibaba_cloud_access_key_id": KEY_ID, "alibaba_cloud_access_key_secret": "wrong"},
            None,
            "SignatureDoesNotMatch",
        ),
        (
            {
                "alibaba_cloud_access_key_id": STS_ID,
                "alibaba_cloud_access_key_secret": STS_SECRET,
                "alibaba_cloud_security_token": STS_TOKEN,
            },
            "expire",
            "The Alibaba Cloud STS token has expired",
        ),
        ({**KEYS, "alibaba_cloud_region_id": "cn-nowhere"}, None, "InvalidRegionId"),
        (KEYS, "throttle", "Throttling.User"),
        (KEYS, "bad-template", "InvalidTemplate"),
    ],
)
async def test_faults_are_clear_tool_errors(
    caller: Caller, fake_ros: FakeRos, keys: dict[str, str], setup: str | None, expected: str
) -> None:
    caller.keys = keys
    template = FENCED
    if setup == "expire":
        fake_ros.expired_tokens.add(STS_TOKEN)
    elif setup == "throttle":
        fake_ros.throttle(10)
    elif setup == "bad-template":
        template = FENCED.replace("ALIYUN::ECS::VPC", "Custom::Thing")
    events = await caller.ask(f"Validate this template with ROS\n{template}")
    assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
    text = text_of(events)
    assert text.startswith("That did not work: ") and expected in text
    for secret in (SECRET, STS_SECRET, STS_TOKEN, "Traceback"):
        assert secret not in text
    failed = [t for t in tool_events(events) if t["status"] == "failed"]
    assert failed and expected in failed[0]["result"]["error"]


async def test_an_unreachable_endpoint(
    start_ros_server: Callable[..., Any], workspace: Path
) -> None:
    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    port = listener.socket.getsockname()[1]
    await listener.aclose()
    server = await start_ros_server(ros_endpoint=f"http://127.0.0.1:{port}")
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        events = await Caller(A2AClient(http, cwd=workspace), KEYS).ask(
            f"Validate this with ROS\n{FENCED}"
        )
    assert "The Alibaba Cloud endpoint could not be reached." in text_of(events)
    assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"


async def test_cancel_during_a_deploy_stops_watching(
    start_ros_server: Callable[..., Any], workspace: Path, fake_ros: FakeRos
) -> None:
    server = await start_ros_server(ros_poll_seconds=3600, permission_allow=("ros:CreateStack",))
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        caller = Caller(A2AClient(http, cwd=workspace), KEYS)
        params = {"message": caller.message(f"Deploy this as stack web-1\n{FENCED}")}
        watching = trio.Event()
        seen: list[dict[str, Any]] = []

        async def follow() -> None:
            async for event in caller.a2a.iter_stream("SendStreamingMessage", params):
                update = json.loads(event.data)["result"].get("statusUpdate")
                seen.append(update or {})
                if update is not None and "progress" in str(update.get("metadata")):
                    watching.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(follow)
            with trio.fail_after(10):
                await watching.wait()
            task_id = next(u["taskId"] for u in seen if u.get("taskId"))
            canceled = await caller.a2a.result("CancelTask", {"id": task_id})
            assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
        task = await caller.a2a.result("GetTask", {"id": task_id})
        assert task["status"]["state"] == "TASK_STATE_CANCELED"
        stopped = [u for u in seen if "stopped" in str(u.get("metadata"))]
        assert stopped, "the last progress says the watching stopped"
    assert next(iter(fake_ros.stacks.values())).status == "CREATE_IN_PROGRESS"


async def test_the_keys_reach_neither_disk_nor_logs(
    caller: Caller, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    caller.keys = {**KEYS, "alibaba_cloud_security_token": "token-that-must-not-be-stored"}
    asked = await caller.ask(f"Deploy this as stack web-1\n{FENCED}")
    await caller.answer(asked, "allow_once")
    await caller.ask("Delete stack nothing-here")
    found = []
    for path in tmp_path.rglob("*"):
        if path.is_file():
            content = path.read_bytes()
            for secret in (SECRET.encode(), b"token-that-must-not-be-stored"):
                if secret in content:
                    found.append(path.name)
    assert found == []
    assert SECRET not in caplog.text and "token-that-must-not-be-stored" not in caplog.text
    history = await caller.a2a.result("ListTasks", {"historyLength": 50})
    assert SECRET not in str(history)


async def test_update_through_a_change_set_over_a2a(
    start_ros_server: Callable[..., Any], workspace: Path, fake_ros: FakeRos
) -> None:
    server = await start_ros_server(permission_allow=("ros:CreateStack",))
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        caller = Caller(A2AClient(http, cwd=workspace), KEYS)
        await caller.ask(f"Deploy this as stack web-1\n{FENCED}")
        changed = FENCED.replace("192.168.0.0/16", "10.0.0.0/8")
        asked = await caller.ask(f"Update stack web-1 with this\n{changed}")
        env = envelope_of(asked)
        assert env["toolName"] == "ros_update_stack"
        assert env["deploymentSummary"]["resources"]["modify"] == [
            {"logicalResourceId": "Vpc", "resourceType": "ALIYUN::ECS::VPC", "replacement": "False"}
        ]
        done = await caller.answer(asked, "allow_once")
    assert "Stack web-1 is UPDATE_COMPLETE in cn-hangzhou." in text_of(done)
