"""The llm engine gets the ROS tools: a scripted model validates, then deploys with permission."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.testing.fake_ros import FakeRos
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE
from tests.client import A2AClient, results
from tests.e2e.test_ros import KEYS, Caller, envelope_of, tool_events


@pytest.fixture
async def model(nursery: trio.Nursery) -> FakeOpenAI:
    fake = FakeOpenAI()
    await nursery.start(fake.serve)
    return fake


@pytest.fixture
async def fake_ros(nursery: trio.Nursery) -> FakeRos:
    fake = FakeRos({KEY_ID: SECRET})
    await nursery.start(fake.serve)
    return fake


async def start_llm_ros(
    start_server: Callable[..., Any], model: FakeOpenAI, fake_ros: FakeRos, **extra: Any
) -> Any:
    """A server with the llm engine on the fake model and the ROS tools on the fake ROS."""
    return await start_server(
        engine="llm",
        llm_provider="openai-compatible",
        llm_base_url=model.base_url,
        llm_model="qwen-test",
        llm_api_key="sk-test",
        ros_endpoint=fake_ros.endpoint,
        ros_poll_seconds=0.01,
        ros_credential_chain=False,
        **extra,
    )


async def test_a_model_validates_and_deploys(
    start_server: Callable[..., Any], model: FakeOpenAI, fake_ros: FakeRos, workspace: Path
) -> None:
    model.enqueue(
        Script(
            tool_call_chunks(
                [
                    {
                        "id": "call_v",
                        "name": "ros_validate_template",
                        "arguments": {"template": TEMPLATE},
                    }
                ]
            )
        ),
        Script(
            tool_call_chunks(
                [
                    {
                        "id": "call_c",
                        "name": "ros_create_stack",
                        "arguments": {"template": TEMPLATE, "stack_name": "web-1"},
                    }
                ]
            )
        ),
        Script(text_chunks("Deployed.")),
    )
    server = await start_llm_ros(start_server, model, fake_ros)
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        caller = Caller(A2AClient(http, cwd=workspace), KEYS)
        asked = await caller.ask("Check this template with ROS and deploy it as web-1")
        env = envelope_of(asked)
        assert env["toolName"] == "ros_create_stack"
        assert env["deploymentSummary"]["counts"]["add"] == 2
        # A protected call's permission metadata names the operation, not the input's shape.
        pending = results(asked)[-1]["statusUpdate"]["metadata"]["iac_code"]["permission"]
        assert pending["inputSummary"] == env["deploymentSummary"]
        assert "toolInput" not in pending
        done = await caller.answer(asked, "allow_once")
    completed = [t for t in tool_events(asked + done) if t["status"] == "completed"]
    assert [t["name"] for t in completed] == ["ros_validate_template", "ros_create_stack"]
    assert completed[-1]["result"]["status"] == "CREATE_COMPLETE"
    tools = {t["function"]["name"] for t in model.requests[0]["body"]["tools"]}
    assert {
        "ros_validate_template",
        "ros_create_stack",
        "aliyun_api",
        "ros_get_stack_outputs",
    } <= tools
    # the model read the validation result, with ROS's own field names
    tool_messages = [m for m in model.requests[1]["body"]["messages"] if m["role"] == "tool"]
    assert "ResourceTypes" in tool_messages[0]["content"]
    assert SECRET not in str(model.requests)


async def test_a_cloud_write_denied_by_rule_reports_its_operation(
    start_server: Callable[..., Any], model: FakeOpenAI, fake_ros: FakeRos, workspace: Path
) -> None:
    call = {
        "product": "ros",
        "version": "2019-09-10",
        "action": "DeleteStack",
        "params": {"StackId": "stack-1"},
        "region": "cn-beijing",
    }
    model.enqueue(
        Script(tool_call_chunks([{"id": "call_d", "name": "aliyun_api", "arguments": call}])),
        Script(text_chunks("Not deleted.")),
    )
    server = await start_llm_ros(
        start_server, model, fake_ros, permission_deny=("ros:DeleteStack",)
    )
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        events = await Caller(A2AClient(http, cwd=workspace), KEYS).ask("Delete stack-1")
    (permission,) = [
        r["statusUpdate"]["metadata"]["iac_code"]["permission"]
        for r in results(events)
        if "permission" in r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
    ]
    assert permission["decision"] == "deny" and permission["source"] == "rule"
    assert permission["inputSummary"] == {
        "operation": "DeleteStack",
        "product": "ros",
        "regionId": "cn-beijing",
    }
    assert "toolInput" not in permission and "stack-1" not in permission["safeSummary"]
    assert "DeleteStack" not in fake_ros.actions()
