"""Architecture diagrams: the graph agrees with the checker, the SVG and Mermaid say what it says,
names cannot inject markup, and bad or absurd input gives a reason instead of a picture."""

from __future__ import annotations

import json
import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.agent.i18n import translator
from iaccode.iac.diagram import MAX_NODES, Diagram, NoDiagram, diagram_of_template
from iaccode.iac.ros_check import check_template

TEMPLATES = Path(__file__).parent / "templates"
SVG = "{http://www.w3.org/2000/svg}"

WEB = textwrap.dedent(
    """\
    ROSTemplateFormatVersion: '2015-09-01'
    Parameters:
      Zone: {Type: String}
      Size: {Type: Number, Default: 2}
    Resources:
      Vpc:
        Type: ALIYUN::ECS::VPC
        Properties: {CidrBlock: 10.0.0.0/16}
      VSwitch:
        Type: ALIYUN::ECS::VSwitch
        Properties: {VpcId: !Ref Vpc, ZoneId: !Ref Zone, CidrBlock: 10.0.1.0/24}
      Group:
        Type: ALIYUN::ECS::SecurityGroup
        Properties: {VpcId: !Ref Vpc}
      Web:
        Type: ALIYUN::ECS::InstanceGroup
        Count: !Ref Size
        Properties:
          VSwitchId: !Ref VSwitch
          VpcId: !Ref Vpc
          SecurityGroupId: !GetAtt Group.SecurityGroupId
          ImageId: centos_7
          InstanceType: ecs.g7.large
          MaxAmount: 1
        DependsOn: Group
      Logs:
        Type: ALIYUN::OSS::Bucket
        Properties: {BucketName: !Sub '${Vpc}-logs'}
    Outputs:
      Ips:
        Value: !GetAtt Web.PrivateIps
    """
)


def drawn(text: str, language: str | None = None) -> Diagram:
    result = diagram_of_template(text, translator(language))
    assert isinstance(result, Diagram), result
    return result


def svg_nodes(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-name", ""): g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "")}


def svg_edges(svg: str) -> set[tuple[str, str, str]]:
    root = ET.fromstring(svg)
    return {
        (path.get("data-source", ""), path.get("data-kind", ""), path.get("data-target", ""))
        for path in root.iter(f"{SVG}path")
        if "edge" in path.get("class", "")
    }


def test_nodes_and_edges_of_a_web_stack() -> None:
    diagram = drawn(WEB)
    nodes = svg_nodes(diagram.svg)
    assert set(nodes) == {"Zone", "Size", "Vpc", "VSwitch", "Group", "Web", "Logs", "Ips"}
    assert nodes["Web"].get("data-type") == "ALIYUN::ECS::InstanceGroup"
    assert nodes["Web"].get("data-count") == "Ref Size"
    assert "parameter" in nodes["Zone"].get("class", "")
    assert "output" in nodes["Ips"].get("class", "")
    assert svg_edges(diagram.svg) == {
        ("VSwitch", "Ref", "Vpc"),
        ("VSwitch", "Ref", "Zone"),
        ("Group", "Ref", "Vpc"),
        ("Web", "Ref", "VSwitch"),
        ("Web", "Ref", "Vpc"),
        ("Web", "Ref", "Size"),
        ("Web", "Fn::GetAtt", "Group"),
        ("Web", "DependsOn", "Group"),
        ("Logs", "Fn::Sub", "Vpc"),
        ("Ips", "Fn::GetAtt", "Web"),
    }


def test_resources_are_grouped_by_network_placement() -> None:
    graph = drawn(WEB).graph
    placed = {node.name: node.group for node in graph.nodes}
    assert placed["Vpc"] == "vpc:Vpc"
    assert placed["Group"] == "vpc:Vpc"  # names only the VPC
    assert placed["VSwitch"] == placed["Web"] == "vswitch:VSwitch"
    assert placed["Logs"] == "group:outside"  # OSS is not in a VPC
    assert placed["Zone"] is None and placed["Ips"] is None
    parents = {group.id: group.parent for group in graph.groups}
    assert parents["vswitch:VSwitch"] == "vpc:Vpc"
    root = ET.fromstring(drawn(WEB).svg)
    headings = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "heading"]
    assert "VPC Vpc" in headings and "vSwitch VSwitch" in headings
    assert "Outside any VPC" in headings and "Parameters" in headings and "Outputs" in headings


def test_a_resource_without_a_network_sits_with_what_it_belongs_to() -> None:
    text = WEB.replace(
        "Outputs:",
        textwrap.indent(
            textwrap.dedent(
                """\
                Listener:
                  Type: ALIYUN::SLB::Listener
                  Properties: {LoadBalancerId: !Ref Balancer, ListenerPort: 80}
                Balancer:
                  Type: ALIYUN::SLB::LoadBalancer
                  Properties: {VSwitchId: !Ref VSwitch}
                Role:
                  Type: ALIYUN::RAM::Role
                  Properties: {RoleName: !GetAtt Web.InstanceIds}
                """
            ),
            "  ",
        )
        + "Outputs:",
    )
    placed = {node.name: node.group for node in drawn(text).graph.nodes}
    assert placed["Balancer"] == placed["Listener"] == "vswitch:VSwitch"  # declared after it
    assert placed["Role"] == "group:outside"  # RAM is global, whatever it names


def test_mermaid_nests_the_vswitch_in_its_vpc_and_labels_edges() -> None:
    mermaid = drawn(WEB).mermaid
    lines = [line.strip() for line in mermaid.splitlines()]
    assert lines[0] == "flowchart LR"
    ids = {m.group(2): m.group(1) for m in re.finditer(r"(n\d+)\S*\"(\w+) ·", mermaid)}
    vpc_at = lines.index('subgraph g0["VPC Vpc"]')
    vswitch_at = next(i for i, line in enumerate(lines) if '["vSwitch VSwitch"]' in line)
    end_of_vswitch = lines.index("end", vswitch_at)
    web_at = next(i for i, line in enumerate(lines) if line.startswith(ids["Web"] + "["))
    assert vpc_at < vswitch_at < web_at < end_of_vswitch
    assert f'{ids["Web"]} -.->|"DependsOn"| {ids["Group"]}' in lines
    assert f'{ids["Web"]} -->|"Fn::GetAtt SecurityGroupId"| {ids["Group"]}' in lines
    assert "\u00d7Ref Size" in lines[web_at]
    assert lines.count("end") == sum(1 for line in lines if line.startswith("subgraph"))


def test_a_dangling_reference_is_drawn_as_one_and_the_checker_agrees() -> None:
    text = WEB.replace("ImageId: centos_7", "ImageId: !Ref Image").replace(
        "DependsOn: Group", "DependsOn: Ghost"
    )
    codes = {finding.code for finding in check_template(text).findings}
    assert {"ROS4001", "ROS3006"} <= codes
    diagram = drawn(text)
    nodes = svg_nodes(diagram.svg)
    assert "missing" in nodes["Image"].get("class", "")
    assert "missing" in nodes["Ghost"].get("class", "")
    root = ET.fromstring(diagram.svg)
    dangling = {
        (p.get("data-source"), p.get("data-target"))
        for p in root.iter(f"{SVG}path")
        if "dangling" in p.get("class", "")
    }
    assert dangling == {("Web", "Image"), ("Web", "Ghost")}
    assert ":::missing" in diagram.mermaid and "classDef missing" in diagram.mermaid


def test_a_clean_template_has_no_dangling_edge() -> None:
    for path in sorted(TEMPLATES.glob("*_valid.*")):
        result = diagram_of_template(path.read_text(encoding="utf-8"))
        if isinstance(result, NoDiagram):
            continue
        assert not any(edge.dangling for edge in result.graph.edges), path.name
        assert 'class="node missing' not in result.svg


def test_names_cannot_inject_markup() -> None:
    evil = '</text><script>alert(1)</script><text x="'
    template = {
        "ROSTemplateFormatVersion": "2015-09-01",
        "Resources": {
            evil: {"Type": "ALIYUN::OSS::Bucket"},
            'B"]-->x;click x call alert()': {
                "Type": "ALIYUN::OSS::Bucket",
                "DependsOn": [evil, "\x01ctl"],
            },
        },
    }
    diagram = drawn(json.dumps(template))
    root = ET.fromstring(diagram.svg)  # still well-formed XML, control characters included
    assert not any(element.tag == f"{SVG}script" for element in root.iter())
    assert "<script" not in diagram.svg
    assert evil in svg_nodes(diagram.svg)
    for line in diagram.mermaid.splitlines()[1:]:
        # every quote in a line is a label's own: labels open and close, nothing escapes them
        assert line.count('"') % 2 == 0, line
        assert "click" not in line or "#34;" in line or "#93;" in line


def test_texts_are_in_the_readers_language() -> None:
    diagram = drawn(WEB, "de")
    assert "Außerhalb jeder VPC" in diagram.svg
    assert "Parameter Zone" in diagram.mermaid or "Parameter Zone" in diagram.mermaid


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "could not be read"),
        ("- a\n- list\n", "not a mapping"),
        ("ROSTemplateFormatVersion: '2015-09-01'\n", "no resources"),
        ("", "not a mapping"),
    ],
)
def test_bad_input_gives_a_reason(text: str, reason: str) -> None:
    result = diagram_of_template(text)
    assert isinstance(result, NoDiagram)
    assert reason in result.reason.render(lambda template: template)


def test_too_many_resources_gives_a_reason() -> None:
    resources = {f"B{i}": {"Type": "ALIYUN::OSS::Bucket"} for i in range(MAX_NODES + 1)}
    text = json.dumps({"ROSTemplateFormatVersion": "2015-09-01", "Resources": resources})
    result = diagram_of_template(text)
    assert isinstance(result, NoDiagram)
    assert str(MAX_NODES) in result.reason.render(lambda template: template)


_NAME = st.text(min_size=1, max_size=12)
_VALUE = st.recursive(
    st.none() | st.integers() | st.text(max_size=8) | st.builds(lambda n: {"Ref": n}, _NAME),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_NAME, inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.dictionaries(_NAME, _VALUE, max_size=6), st.dictionaries(_NAME, _VALUE, max_size=3))
def test_any_document_gives_a_diagram_or_a_reason(
    resources: dict[str, object], outputs: dict[str, object]
) -> None:
    text = json.dumps(
        {"ROSTemplateFormatVersion": "2015-09-01", "Resources": resources, "Outputs": outputs}
    )
    result = diagram_of_template(text)
    if isinstance(result, Diagram):
        root = ET.fromstring(result.svg)
        drawn_nodes = [g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "").split()]
        assert len(drawn_nodes) == len(result.graph.nodes)
    else:
        assert result.reason.render(lambda template: template)
