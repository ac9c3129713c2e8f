"""The offline engine, the embedded default: real template reviews with no network."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.agent.offline import HELP, find_template
from iaccode.model.a2a import Part
from tests.client import A2AClient, text_of

BROKEN = """ROSTemplateFormatVersion: '2015-09-01'
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 192.168.0.0/16
  VSwitch:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref Vcp
      CidrBlock: 10.0.0.0/24
Outputs:
  VpcId:
    Value: !GetAtt [Vpc, Id]
"""

VALID = """{"ROSTemplateFormatVersion": "2015-09-01",
 "Resources": {"Vpc": {"Type": "ALIYUN::ECS::VPC", "Properties": {"CidrBlock": "10.0.0.0/8"}}},
 "Outputs": {"VpcId": {"Value": {"Fn::GetAtt": ["Vpc", "VpcId"]}, "Label": "VPC"}}}"""


@pytest.mark.parametrize(
    "parts",
    [
        [Part(text=f"Please review:\n```yaml\n{BROKEN}```\nThanks")],
        [Part(text=f"Review this one\n{BROKEN}")],
        [Part(text="review"), Part(raw=BROKEN.encode(), media_type="text/yaml")],
    ],
)
def test_finds_the_template(parts: list[Part]) -> None:
    found = find_template(parts)
    assert found is not None and found.startswith("ROSTemplateFormatVersion")
    assert "Thanks" not in found


def test_finds_a_json_data_part() -> None:
    found = find_template([Part(data={"ROSTemplateFormatVersion": "2015-09-01", "Resources": {}})])
    assert found is not None and '"Resources":{}' in found


def test_no_template() -> None:
    assert find_template([Part(text="Create a VPC with two vSwitches.")]) is None


@pytest.fixture
async def offline(start_server: Callable[..., Any], workspace: Path) -> Any:
    server = await start_server(engine="offline")
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        yield A2AClient(http, cwd=workspace)


async def test_reviews_a_broken_template(offline: A2AClient) -> None:
    task = await offline.send(f"Review this ROS template.\n```yaml\n{BROKEN}```")
    assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    review = text_of(task["status"]["message"])
    assert review.startswith("Template check failed")
    for expected in ("ROS3010", "ZoneId", "ROS4001", "Vcp", "ROS4006", "no attribute 'Id'"):
        assert expected in review, expected
    assert "line" in review  # findings say where


async def test_approves_a_valid_template_sent_as_a_file_part(offline: A2AClient) -> None:
    parts = [
        {"text": "review the attached template"},
        {"raw": base64.b64encode(VALID.encode()).decode(), "mediaType": "application/json"},
    ]
    task = await offline.send("", parts=parts)
    review = text_of(task["status"]["message"])
    assert "no errors" in review.lower() or review.lower().startswith("template check passed")


async def test_says_what_needs_a_model(offline: A2AClient) -> None:
    events = await offline.send_stream("Create a VPC with two vSwitches.")
    final = events[-1]["result"]["statusUpdate"]["status"]["message"]
    assert text_of(final) == HELP
