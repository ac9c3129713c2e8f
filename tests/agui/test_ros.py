"""ROS work over AG-UI: keys in forwardedProps.iacCode.alibabaCloud, the deploy interrupt with
its deploymentSummary, stack progress as iac-code.tool-progress.v1, and nothing kept on disk."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.testing.fake_ros import FakeRos
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE
from tests.agui.conftest import AguiClient
from tests.agui.test_runs import interrupts_of

CLOUD = {"accessKeyId": KEY_ID, "accessKeySecret": SECRET, "securityToken": "ag-ui-token-value"}
FENCED = f"```yaml\n{TEMPLATE}```"


@pytest.fixture
async def fake_ros(nursery: trio.Nursery) -> FakeRos:
    fake = FakeRos({KEY_ID: (SECRET, "ag-ui-token-value")})
    await nursery.start(fake.serve)
    return fake


@pytest.fixture
async def ros_client(
    start_agui: Callable[..., Any], fake_ros: FakeRos, workspace: Path
) -> AsyncIterator[AguiClient]:
    core = {
        "engine": "offline",
        "ros_endpoint": fake_ros.endpoint,
        "ros_poll_seconds": 0.01,
        "ros_credential_chain": False,
    }
    agui = await start_agui(core=core)
    async with httpx.AsyncClient(base_url=agui.url, timeout=20) as http:
        yield AguiClient(http, workspace)


async def test_validate_with_keys_from_forwarded_props(
    ros_client: AguiClient, fake_ros: FakeRos
) -> None:
    reply = await ros_client.run(
        f"Validate this template with ROS\n{FENCED}",
        alibabaCloud={**CLOUD, "regionId": "cn-shanghai"},
    )
    assert "ROS validated the template in cn-shanghai" in reply.text
    assert fake_ros.requests[-1]["headers"]["x-acs-security-token"] == "ag-ui-token-value"
    without = await ros_client.run(f"Validate this template with ROS\n{FENCED}")
    assert "No Alibaba Cloud credentials were given" in without.text
    assert without.last("RUN_FINISHED")["outcome"] == {"type": "success"}


async def test_deploy_interrupt_progress_and_no_keys_on_disk(
    ros_client: AguiClient, fake_ros: FakeRos, tmp_path: Path
) -> None:
    first = await ros_client.run(f"Deploy this as stack web-1\n{FENCED}", alibabaCloud=CLOUD)
    (interrupt,) = interrupts_of(first)
    summary = interrupt["metadata"]["deploymentSummary"]
    assert summary["stackName"] == "web-1" and summary["counts"]["add"] == 2
    assert interrupt["metadata"]["toolName"] == "ros_create_stack"
    second = await ros_client.resume([interrupt])
    progress = [
        p for p in second.custom("iac-code.tool-progress.v1") if p.get("status") == "progress"
    ]
    assert progress and progress[-1]["stackStatus"] == "CREATE_COMPLETE"
    assert progress[0]["toolName"] == "ros_create_stack"
    assert "Stack web-1 is CREATE_COMPLETE in cn-hangzhou." in second.text
    assert second.last("RUN_FINISHED")["outcome"] == {"type": "success"}
    stored = [
        p
        for p in tmp_path.rglob("*")
        if p.is_file()
        and (SECRET.encode() in p.read_bytes() or b"ag-ui-token-value" in p.read_bytes())
    ]
    assert stored == []
