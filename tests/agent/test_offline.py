"""The offline engine, the embedded default: real template reviews with no network."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
import yaml

from iaccode.agent.i18n import translator
from iaccode.agent.i18n_iac import iac_texts
from iaccode.agent.offline import HELP, _terraform_request, find_template, template_file
from iaccode.iac.msg import Msg
from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_loader import MAX_TEMPLATE_BYTES
from iaccode.model.a2a import Part
from tests.client import A2AClient, results, text_of

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


async def test_reviews_a_template_file_the_request_names(
    offline: A2AClient, workspace: Path
) -> None:
    (workspace / "templates").mkdir()
    (workspace / "templates" / "web.yaml").write_text(BROKEN)
    task = await offline.send("Please review templates/web.yaml. Thanks")
    review = text_of(task["status"]["message"])
    assert review.startswith("Template check failed") and "Vcp" in review


def test_only_a_template_inside_the_workspace_is_read(tmp_path: Path) -> None:
    workspace, outside = tmp_path / "ws", tmp_path / "outside"
    workspace.mkdir()
    outside.mkdir()
    (outside / "secret.yaml").write_text(BROKEN)
    (workspace / "link.yaml").symlink_to(outside / "secret.yaml")
    (workspace / "notes.yaml").write_text("shopping: [milk]\n")
    for text in ("review ../outside/secret.yaml", "review link.yaml", "review notes.yaml"):
        assert template_file(text, workspace) is None, text
    (workspace / "big.yaml").write_text(BROKEN + "#" * (MAX_TEMPLATE_BYTES + 10))
    found = template_file("review big.yaml", workspace)
    assert found is not None and len(found) == MAX_TEMPLATE_BYTES + 1  # read bounded
    assert check_template(found).findings[0].code == "ROS0002"  # reported as too big


async def test_says_what_needs_a_model(offline: A2AClient) -> None:
    events = await offline.send_stream("Explain how NAT gateway billing works.")
    final = events[-1]["result"]["statusUpdate"]["status"]["message"]
    assert text_of(final) == HELP


def fenced_yaml(answer: str) -> str:
    return answer.split("```yaml\n", 1)[1].split("```", 1)[0]


async def test_creates_a_vpc_with_two_vswitches(offline: A2AClient) -> None:
    events = await offline.send_stream("Create a VPC with two vSwitches.")
    out = results(events)
    tools = [
        r["statusUpdate"]["metadata"]["iac_code"]["tool"]
        for r in out
        if "tool" in r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
    ]
    assert [t["status"] for t in tools] == ["started", "input_complete", "completed"]
    assert tools[0]["name"] == "compose_template"
    artifacts = [r["artifactUpdate"]["artifact"] for r in out if "artifactUpdate" in r]
    (artifact,) = [a for a in artifacts if a["parts"][0]["mediaType"] == "application/yaml"]
    part = artifact["parts"][0]
    assert part["url"].startswith("file://") and part["mediaType"] == "application/yaml"
    stored = Path(part["url"][len("file://") :])
    assert part["metadata"]["byteSize"] == stored.stat().st_size
    # The seed: the artifact's content is not duplicated in the tool metadata.
    assert "template" not in tools[-1]["result"]
    assert tools[-1]["result"]["artifactId"] == artifact["artifactId"]
    answer = text_of(out[-1]["statusUpdate"]["status"]["message"])
    template = fenced_yaml(answer)
    assert template == stored.read_text()
    report = check_template(template)
    assert report.ok and not report.warnings
    vswitches = [
        r
        for r in yaml.safe_load(template)["Resources"].values()
        if r["Type"] == "ALIYUN::ECS::VSwitch"
    ]
    assert len(vswitches) == 2


async def test_converts_inline_terraform(offline: A2AClient) -> None:
    hcl = """resource "alicloud_vpc" "main" {
  vpc_name   = "demo"
  cidr_block = "172.16.0.0/12"
}
resource "alicloud_vswitch" "a" {
  vpc_id     = alicloud_vpc.main.id
  cidr_block = "172.16.0.0/21"
  zone_id    = "cn-hangzhou-h"
}
"""
    task = await offline.send(f"Convert this Terraform to ROS:\n```hcl\n{hcl}```")
    answer = text_of(task["status"]["message"])
    assert answer.startswith("The Terraform is converted to native ROS resources.")
    template = yaml.safe_load(fenced_yaml(answer))
    resources = template["Resources"]
    (vswitch,) = [r for r in resources.values() if r["Type"] == "ALIYUN::ECS::VSwitch"]
    assert vswitch["Properties"]["VpcId"] == {"Ref": "Vpc_main"}
    assert check_template(fenced_yaml(answer)).ok
    yaml_parts = [a for a in task["artifacts"] if a["parts"][0]["mediaType"] == "application/yaml"]
    assert len(yaml_parts) == 1  # and the diagram (tests/agent/test_diagrams.py)


async def test_converts_a_workspace_directory_compatibly(
    offline: A2AClient, workspace: Path
) -> None:
    infra = workspace / "infra"
    infra.mkdir()
    (infra / "main.tf").write_text(
        'resource "alicloud_oss_bucket" "b" {\n  bucket = "my-logs"\n}\n'
    )
    task = await offline.send("Wrap the Terraform in ./infra in the compatible form")
    answer = text_of(task["status"]["message"])
    template = yaml.safe_load(fenced_yaml(answer))
    assert template["Transform"].startswith("Aliyun::")
    assert template["Workspace"] == {"main.tf": (infra / "main.tf").read_text()}


async def test_a_conversion_says_what_became_of_each_resource(offline: A2AClient) -> None:
    hcl = """resource "alicloud_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}
resource "alicloud_no_such_thing" "x" {}
"""
    task = await offline.send(f"Convert this Terraform to ROS:\n```hcl\n{hcl}```")
    answer = text_of(task["status"]["message"])
    assert answer.startswith(
        "The Terraform is converted to native ROS resources. 2 Terraform resources: 1 converted "
        "natively, 0 converted with losses, 1 left out. Template check passed"
    )
    assert "- alicloud_no_such_thing.x: alicloud_no_such_thing has no native ROS mapping" in answer


async def test_a_compatible_wrapping_warns_about_a_module_it_does_not_carry(
    offline: A2AClient, workspace: Path
) -> None:
    infra = workspace / "infra"
    infra.mkdir()
    (infra / "main.tf").write_text('module "net" {\n  source = "../shared"\n}\n')
    task = await offline.send("Wrap the Terraform in ./infra in the compatible form")
    answer = text_of(task["status"]["message"])
    assert (
        "- infra/main.tf: module net has the source '../shared', which is not in the Workspace, "
        "so the stack fails when Terraform initialises"
    ) in answer


async def test_creates_a_template_from_a_chinese_request(offline: A2AClient) -> None:
    message = offline.message("创建一个带两个交换机的VPC")
    message["metadata"]["iac_code"]["preferredLanguage"] = "zh"
    out = results(await offline.stream("SendStreamingMessage", {"message": message}))
    tools = [
        r["statusUpdate"]["metadata"]["iac_code"]["tool"]
        for r in out
        if "tool" in r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
    ]
    assert tools[0]["name"] == "compose_template"
    assert tools[-1]["status"] == "completed"
    answer = text_of(out[-1]["statusUpdate"]["status"]["message"])
    template = fenced_yaml(answer)
    report = check_template(template)
    assert report.ok and not report.warnings
    resources = yaml.safe_load(template)["Resources"].values()
    assert [r["Type"] for r in resources].count("ALIYUN::ECS::VSwitch") == 2
    attached = Msg(
        "The template is attached as {filename}; fill in the parameters when you create the stack.",
        filename="template.yaml",
    )
    assert answer.endswith(attached.render(translator("zh")))  # answered in Chinese


async def test_a_chinese_request_it_cannot_build_gets_the_chinese_help(offline: A2AClient) -> None:
    message = offline.message("杭州今天天气怎么样")
    message["metadata"]["iac_code"]["preferredLanguage"] = "zh"
    task = (await offline.result("SendMessage", {"message": message}))["task"]
    assert text_of(task["status"]["message"]) == iac_texts("zh")[HELP]
    assert not task.get("artifacts")


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("Convert the Terraform in the infra directory", "native"),
        ("Wrap the Terraform in ./infra", "compatible"),
        ("把infra目录下的Terraform转换为ROS", "native"),
        ("把./infra目录中的Terraform以兼容形式转换为ROS", "compatible"),
        ("将目录“infra”中的Terraform封装为ROS模板", "compatible"),
        ("infraディレクトリのTerraformを互換形式でROSに変換してください", "compatible"),
        ("./infra の Terraform を ROS に変換して", "native"),
        ("Convierta el Terraform del directorio infra a ROS", "native"),
        ("Convierta el Terraform de la carpeta infra en la forma compatible", "compatible"),
        ("Convertissez le Terraform du répertoire « infra » en ROS", "native"),
        ("Convertissez le Terraform du dossier infra sous forme compatible", "compatible"),
        ("Konvertiere das Terraform im Verzeichnis infra nach ROS", "native"),
        ("Konvertiere das Terraform im Ordner infra in die kompatible Form", "compatible"),
        ("Converta o Terraform do diretório infra para ROS", "native"),
        ("Converta o Terraform da pasta infra na forma compatível", "compatible"),
    ],
)
def test_terraform_requests_in_every_language(tmp_path: Path, text: str, mode: str) -> None:
    (tmp_path / "infra").mkdir()
    (tmp_path / "infra" / "main.tf").write_text('resource "alicloud_vpc" "v" {}\n')
    (tmp_path / "other").mkdir()
    assert _terraform_request(text, tmp_path) == {"path": "infra", "mode": mode}


@pytest.mark.parametrize(
    "text",
    [
        "Convert the Terraform in the .. directory",
        "Convert the Terraform in the missing directory",
        "创建一个带两个交换机的VPC",  # not about Terraform
    ],
)
def test_no_terraform_directory(tmp_path: Path, text: str) -> None:
    assert _terraform_request(text, tmp_path) is None


def test_a_huge_request_names_few_directories() -> None:
    from iaccode.agent.offline import _directories

    text = "terraform " + " ".join(f"folder d{i} ./p{i}/x" for i in range(20_000))
    named = _directories(text)
    assert 0 < len(named) <= 32 and len(set(named)) == len(named)
