"""A fake ROS endpoint on loopback and a tool runner whose turn carries keys for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.cloud.client import CloudSettings
from iaccode.agent.cloud.session import CloudAccess, CloudSession
from iaccode.agent.tools.base import ToolResult, ToolRunner
from iaccode.agent.tools.catalog import default_tools
from iaccode.testing.fake_ros import FakeRos
from tests.agent.fakes import RecordingOutput

KEY_ID, SECRET = "LTAI5tFakeKeyId", "fake-secret-never-shown"
CALLER = {"alibaba_cloud_access_key_id": KEY_ID, "alibaba_cloud_access_key_secret": SECRET}
TEMPLATE = """ROSTemplateFormatVersion: '2015-09-01'
Parameters:
  InstanceType:
    Type: String
    AllowedValues: [ecs.g7.large, ecs.c7.large]
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties: {CidrBlock: 192.168.0.0/16}
  Server:
    Type: ALIYUN::ECS::Instance
    Properties: {InstanceType: {Ref: InstanceType}}
Outputs:
  VpcId:
    Value: {Ref: Vpc}
"""


@pytest.fixture
async def fake_ros(nursery: trio.Nursery) -> FakeRos:
    fake = FakeRos({KEY_ID: SECRET})
    await nursery.start(fake.serve)
    return fake


def session_for(
    fake: FakeRos, metadata: dict[str, Any] | None = None, **settings: Any
) -> CloudSession:
    values: dict[str, Any] = {
        "ros_endpoint": fake.endpoint,
        "poll_seconds": 0.01,
        "credential_chain": False,
    }
    values.update(settings)
    access = CloudAccess(CloudSettings(**values))
    return access.session(CALLER if metadata is None else metadata)


class Tools:
    """Runs one tool call the way an engine does, recording what it reports."""

    def __init__(
        self, fake: FakeRos, workspace: Path, *, allow: bool = True, **session: Any
    ) -> None:
        self.output = RecordingOutput(allow=allow)
        self.runner = ToolRunner(
            default_tools(), cwd=workspace, roots=(workspace,), cloud=session_for(fake, **session)
        )

    async def __call__(self, name: str, **args: Any) -> ToolResult:
        return await self.runner.run(self.output, f"call-{name}", name, args)

    def progress(self) -> list[dict[str, Any]]:
        return [
            e["tool"]["progress"]
            for e in self.output.events
            if e.get("tool", {}).get("status") == "progress"
        ]


@pytest.fixture
def tools(fake_ros: FakeRos, workspace: Path) -> Tools:
    return Tools(fake_ros, workspace)
