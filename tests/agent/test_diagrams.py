"""Diagrams as artifacts: the offline engine's answers carry them, `render_diagram` draws one,
and `diagram_shown` names the SVG artifact (over A2A and, through the mapper, AG-UI)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from iaccode.agent.tools.base import ToolRunner
from iaccode.agent.tools.catalog import default_tools
from iaccode.agui.mapping import EventMapper
from tests.agent.fakes import RecordingOutput
from tests.agent.test_offline import BROKEN
from tests.client import A2AClient, results

SVG = "{http://www.w3.org/2000/svg}"
TEMPLATE = """ROSTemplateFormatVersion: '2015-09-01'
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties: {CidrBlock: 10.0.0.0/16}
  VSwitch:
    Type: ALIYUN::ECS::VSwitch
    Properties: {VpcId: !Ref Vpc, ZoneId: cn-hangzhou-h, CidrBlock: 10.0.1.0/24}
"""


def drawn_names(svg: bytes) -> set[str]:
    root = ET.fromstring(svg)
    return {
        g.get("data-name", "") for g in root.iter(f"{SVG}g") if "node" in g.get("class", "").split()
    }


def stored(artifact: dict[str, Any]) -> bytes:
    return Path(artifact["parts"][0]["url"][len("file://") :]).read_bytes()


def diagram_artifacts(out: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    artifacts = [r["artifactUpdate"]["artifact"] for r in out if "artifactUpdate" in r]
    return {a["parts"][0]["mediaType"]: a for a in artifacts}


def signals(out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for r in out:
        meta = r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
        if meta.get("pipeline", {}).get("eventType") == "diagram_shown":
            found.append(meta["pipeline"])
    return found


async def test_a_review_comes_with_its_diagram(offline: A2AClient) -> None:
    out = results(await offline.send_stream(f"Review this:\n```yaml\n{TEMPLATE}```"))
    artifacts = diagram_artifacts(out)
    svg, mermaid = artifacts["image/svg+xml"], artifacts["text/vnd.mermaid"]
    assert svg["parts"][0]["url"].startswith("file://")
    assert drawn_names(stored(svg)) == {"Vpc", "VSwitch"}
    assert 'subgraph g0["VPC Vpc"]' in stored(mermaid).decode()
    (signal,) = signals(out)
    assert signal["artifactId"] == svg["artifactId"]
    assert signal["mermaidArtifactId"] == mermaid["artifactId"]
    assert signal["mediaType"] == "image/svg+xml" and signal["resources"] == 2


async def test_a_composed_template_comes_with_its_diagram(offline: A2AClient) -> None:
    out = results(await offline.send_stream("Create a VPC with two vSwitches."))
    svg = diagram_artifacts(out)["image/svg+xml"]
    root = ET.fromstring(stored(svg))
    groups = [g.get("class") for g in root.iter(f"{SVG}g") if "group" in g.get("class", "")]
    assert groups.count("group vswitch") == 2 and groups.count("group vpc") == 1


async def test_a_template_that_does_not_parse_has_no_diagram(offline: A2AClient) -> None:
    out = results(await offline.send_stream('Check {"ROSTemplateFormatVersion": "2015-09-01",'))
    assert "image/svg+xml" not in diagram_artifacts(out)
    assert not signals(out)


async def test_a_broken_template_is_drawn_with_its_dangling_reference(offline: A2AClient) -> None:
    out = results(await offline.send_stream(f"Check this\n```yaml\n{BROKEN}```"))
    root = ET.fromstring(stored(diagram_artifacts(out)["image/svg+xml"]))
    assert any("dangling" in p.get("class", "") for p in root.iter(f"{SVG}path"))


def test_diagram_shown_reaches_ag_ui_as_a_pipeline_event() -> None:
    update = {
        "statusUpdate": {
            "status": {"state": "TASK_STATE_WORKING"},
            "metadata": {
                "iac_code": {"pipeline": {"eventType": "diagram_shown", "artifactId": "a-1"}}
            },
        }
    }
    events, settled = EventMapper().feed(update)
    assert settled is None
    (event,) = events
    assert event["type"] == "CUSTOM" and event["name"] == "iac-code.pipeline.v1"
    assert event["value"]["eventType"] == "diagram_shown"


@pytest.fixture
def runner(tmp_path: Path) -> ToolRunner:
    (tmp_path / "stack.yaml").write_text(TEMPLATE.replace("!Ref Vpc", "!Ref Vcp"))
    return ToolRunner(default_tools(), cwd=tmp_path, roots=(tmp_path,))


async def test_render_diagram_tool_from_a_workspace_file(runner: ToolRunner) -> None:
    output = RecordingOutput()
    result = await runner.run(output, "call-1", "render_diagram", {"path": "stack.yaml"})
    assert not result.is_error
    assert result.data["resources"] == 2 and result.data["undefinedNames"] == ["Vcp"]
    (svg,) = [content for name, content, kind in output.files if kind == "image/svg+xml"]
    assert drawn_names(svg) == {"Vpc", "VSwitch", "Vcp"}
    assert any(e.get("pipeline", {}).get("eventType") == "diagram_shown" for e in output.events)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({"template": "Resources: [1"}, "could not be read"),
        ({"template": "ROSTemplateFormatVersion: '2015-09-01'\n"}, "no resources"),
        ({"path": "../outside.yaml"}, "outside"),
        ({"path": "."}, "cannot be read"),
        ({}, "Give the template"),
    ],
)
async def test_render_diagram_tool_refuses_clearly(
    runner: ToolRunner, tmp_path: Path, args: dict[str, Any], error: str
) -> None:
    output = RecordingOutput()
    result = await runner.run(output, "call-1", "render_diagram", args)
    assert result.is_error and error in result.data["error"]
    assert str(tmp_path) not in result.data["error"]  # no local paths
    assert not output.files
