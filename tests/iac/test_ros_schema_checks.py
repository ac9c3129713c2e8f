"""The checks the ROS schema makes possible, one defect kind at a time, and what they let pass."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any, cast

import pytest

from iaccode.agent.tools.base import ToolContext
from iaccode.agent.tools.iac import CheckRosTemplate
from iaccode.iac.block_spec import RDS_VERSIONS
from iaccode.iac.ros_check import Report, check_template
from iaccode.iac.ros_schema import load_schema

TEMPLATES = Path(__file__).parent / "templates"
HEADER = "ROSTemplateFormatVersion: '2015-09-01'\n"

PARAMETERS = """\
Parameters:
  Size: {Type: Number, Default: 40}
  Name: {Type: String, Default: web}
  Cidrs: {Type: CommaDelimitedList, Default: '10.0.0.0/8,172.16.0.0/12'}
  Flag: {Type: Boolean, Default: true}
"""


def check(body: str, parameters: str = PARAMETERS) -> Report:
    return check_template(HEADER + parameters + textwrap.dedent(body))


def codes(report: Report, *, severity: str | None = None) -> list[str]:
    return [f.code for f in report.findings if severity is None or f.severity == severity]


def resource(kind: str, properties: str) -> str:
    indented = textwrap.indent(properties, "      ")
    return f"Resources:\n  R:\n    Type: {kind}\n    Properties:\n{indented}"


USE_ALL = "Outputs:\n  O: {Label: O, Value: !Join ['', [!Ref Size, !Ref Name, !Ref Flag]]}\n"
USE_CIDRS = "  C: {Label: C, Value: !Join [',', !Ref Cidrs]}\n"


# (defect, template body, the code it must produce at that path)
DEFECTS = [
    (
        "unknown type",
        "Resources:\n  R: {Type: ALIYUN::ECS::VirtualMachine}\n",
        "ROS3020",
        "Resources/R/Type",
    ),
    (
        "one-letter typo in a property",
        resource("ALIYUN::ECS::VSwitch", "VpcId: v\nZoneId: z\nCidrBlok: 10.0.0.0/24\n"),
        "ROS3021",
        "Resources/R/Properties/CidrBlok",
    ),
    (
        "missing required property of any type",
        resource("ALIYUN::NAS::FileSystem", "Description: x\n"),
        "ROS3010",
        "Resources/R/Properties/ProtocolType",
    ),
    (
        "a list where a number goes",
        resource("ALIYUN::ECS::Instance", "InstanceType: t\nImageId: i\nSystemDiskSize: [40]\n"),
        "ROS3022",
        "Resources/R/Properties/SystemDiskSize",
    ),
    (
        "an object where a list of rules goes",
        resource(
            "ALIYUN::ECS::SecurityGroup",
            "SecurityGroupIngress: {IpProtocol: tcp, PortRange: 80/80}\n",
        ),
        "ROS3022",
        "Resources/R/Properties/SecurityGroupIngress",
    ),
    (
        "a map where a list of Key/Value tags goes",
        resource("ALIYUN::ECS::VPC", "Tags: {app: web}\n"),
        "ROS3022",
        "Resources/R/Properties/Tags",
    ),
    (
        "a list of Key/Value tags where the type takes a map",
        resource("ALIYUN::OSS::Bucket", "BucketName: b\nTags: [{Key: a, Value: b}]\n"),
        "ROS3022",
        "Resources/R/Properties/Tags",
    ),
    (
        "a wrong type inside a list of structs",
        resource(
            "ALIYUN::ECS::SecurityGroup",
            "SecurityGroupIngress:\n  - {IpProtocol: tcp, PortRange: 80/80, Priority: [1]}\n",
        ),
        "ROS3022",
        "Resources/R/Properties/SecurityGroupIngress/0/Priority",
    ),
    (
        "a required key missing inside a list of structs",
        resource("ALIYUN::ECS::SecurityGroup", "SecurityGroupIngress:\n  - {IpProtocol: tcp}\n"),
        "ROS3010",
        "Resources/R/Properties/SecurityGroupIngress/0/PortRange",
    ),
    (
        "an unknown key inside a struct",
        resource("ALIYUN::ECS::VPC", "Tags:\n  - {Key: a, Valeu: b}\n"),
        "ROS3021",
        "Resources/R/Properties/Tags/0/Valeu",
    ),
    (
        "a value outside the allowed values in a struct",
        resource(
            "ALIYUN::ECS::SecurityGroup",
            "SecurityGroupIngress:\n  - {IpProtocol: tpc, PortRange: 80/80}\n",
        ),
        "ROS3012",
        "Resources/R/Properties/SecurityGroupIngress/0/IpProtocol",
    ),
    (
        "a CommaDelimitedList where a string goes",
        resource("ALIYUN::ECS::VPC", "CidrBlock: !Ref Cidrs\n"),
        "ROS3022",
        "Resources/R/Properties/CidrBlock",
    ),
    (
        "a wrong type in a branch of Fn::If",
        resource("ALIYUN::ECS::VPC", "VpcName: !If [C, [a], b]\n")
        + "Conditions:\n  C: !Equals [!Ref Flag, true]\n",
        "ROS3022",
        "Resources/R/Properties/VpcName/Fn::If/1",
    ),
    (
        "GetAtt of an attribute the type lacks",
        resource("ALIYUN::NAS::FileSystem", "ProtocolType: NFS\nStorageType: Capacity\n")
        + "Outputs:\n  O: {Label: O, Value: !GetAtt R.VpcId}\n",
        "ROS4006",
        "Outputs/O/Value",
    ),
    (
        "Fn::Join with a string instead of a list",
        resource("ALIYUN::ECS::VPC", "VpcName: !Join [',', abc]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Join with three arguments",
        resource("ALIYUN::ECS::VPC", "VpcName: !Join [',', [a], [b]]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Split with one argument",
        resource("ALIYUN::ECS::VPC", "VpcName: !Select [0, !Split [',']]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName/Fn::Select/1",
    ),
    (
        "Fn::Jq with a method ROS lacks",
        resource("ALIYUN::ECS::VPC", "VpcName: !Jq [Last, '.a', '{}']\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Base64Encode of a list",
        resource("ALIYUN::ECS::VPC", "VpcName: !Base64Encode [a]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Select index out of range",
        resource("ALIYUN::ECS::VPC", "VpcName: !Select ['3', [a, b, c]]\n"),
        "ROS4012",
        "Resources/R/Properties/VpcName",
    ),
    (
        "a function ROS does not have",
        resource("ALIYUN::ECS::VPC", "VpcName: {'Fn::Concat': [a, b]}\n"),
        "ROS4010",
        "Resources/R/Properties/VpcName",
    ),
    (
        "a Ref to a resource inside Conditions",
        resource("ALIYUN::ECS::VPC", "VpcName: x\n")
        + "Conditions:\n  C: !Equals [!Ref R, x]\n"
        + "Outputs:\n  O: {Label: O, Value: 1, Condition: C}\n",
        "ROS4013",
        "Conditions/C/Fn::Equals/0",
    ),
    (
        "Fn::GetAtt inside Rules",
        resource("ALIYUN::ECS::VPC", "VpcName: x\n")
        + "Rules:\n  Rule:\n    Assertions:\n      - Assert: !Equals [!GetAtt R.VpcId, x]\n",
        "ROS4013",
        "Rules/Rule/Assertions/0/Assert/Fn::Equals/0",
    ),
    (
        "Fn::Length of a number",
        resource("ALIYUN::ECS::VPC", "VpcName: !Str {'Fn::Length': 3}\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName/Fn::Str",
    ),
    (
        "Fn::MarketplaceImage of a list",
        resource("ALIYUN::ECS::Instance", "InstanceType: t\nImageId: !MarketplaceImage [cm1]\n"),
        "ROS4011",
        "Resources/R/Properties/ImageId",
    ),
    (
        "Fn::GetStackOutput without the output name",
        resource("ALIYUN::ECS::VPC", "VpcName: !GetStackOutput [stack-id]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::GetStackOutput with a mapping",
        resource("ALIYUN::ECS::VPC", "VpcName: !GetStackOutput {Stack: s, OutputName: o}\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::FormatTime with three arguments",
        resource("ALIYUN::ECS::VPC", "VpcName: !FormatTime ['%Y', UTC, extra]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Indent with a list as its string",
        resource("ALIYUN::ECS::VPC", "VpcName: !Indent [[a, b], 1]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "Fn::Indent without a level",
        resource("ALIYUN::ECS::VPC", "VpcName: !Indent [text]\n"),
        "ROS4011",
        "Resources/R/Properties/VpcName",
    ),
    (
        "a data source local of an unknown type",
        resource("ALIYUN::ECS::VPC", "VpcName: x\n")
        + "Locals:\n  Z:\n    Type: DATASOURCE::ECS::Zone\n",
        "ROS3020",
        "Locals/Z/Type",
    ),
    (
        "a typo in a property of a data source local",
        resource("ALIYUN::ECS::VPC", "VpcName: x\n")
        + "Locals:\n  Z:\n    Type: DATASOURCE::ECS::Zones\n"
        + "    Properties: {InstanceChargeTyp: PostPaid}\n",
        "ROS3021",
        "Locals/Z/Properties/InstanceChargeTyp",
    ),
    (
        "a data source local without its required property",
        resource("ALIYUN::ECS::VPC", "VpcName: !GetAtt Z.CidrBlock\n")
        + "Locals:\n  Z:\n    Type: DATASOURCE::VPC::Vpc\n    Properties: {}\n",
        "ROS3010",
        "Locals/Z/Properties/VpcId",
    ),
    (
        "a wrong type in a property of a data source local",
        resource("ALIYUN::ECS::VPC", "VpcName: x\n")
        + "Locals:\n  Z:\n    Type: DATASOURCE::VPC::Vpc\n    Properties: {VpcId: [a]}\n",
        "ROS3022",
        "Locals/Z/Properties/VpcId",
    ),
    (
        "GetAtt of an attribute a data source local lacks",
        resource("ALIYUN::ECS::VPC", "VpcName: !Select [0, !GetAtt Z.ZoneIdz]\n")
        + "Locals:\n  Z:\n    Type: DATASOURCE::ECS::Zones\n",
        "ROS4006",
        "Resources/R/Properties/VpcName/Fn::Select/1",
    ),
    (
        "a data source checked like a resource",
        resource("DATASOURCE::ECS::Zones", "InstanceChargeTyp: PostPaid\n"),
        "ROS3021",
        "Resources/R/Properties/InstanceChargeTyp",
    ),
]


@pytest.mark.parametrize(
    ("body", "code", "path"), [d[1:] for d in DEFECTS], ids=[d[0] for d in DEFECTS]
)
def test_each_defect_is_found(body: str, code: str, path: str) -> None:
    report = check(body + USE_ALL + USE_CIDRS if "Outputs:" not in body else body)
    found = [(f.code, f.path) for f in report.findings]
    assert (code, path) in found, report.to_text()
    assert all(f.line is not None for f in report.findings if f.code == code)


def test_unknown_type_and_property_name_the_closest() -> None:
    report = check(
        "Resources:\n  R:\n    Type: ALIYUN::ECS::Instanse\n"
        "  V:\n    Type: ALIYUN::ECS::VPC\n    Properties: {CidrBlok: 10.0.0.0/8}\n"
    )
    hints = {f.code: f.hint for f in report.findings}
    assert "'ALIYUN::ECS::Instance'" in hints["ROS3020"]
    assert "'CidrBlock'" in hints["ROS3021"]


def test_functions_stand_in_for_values() -> None:
    body = resource(
        "ALIYUN::ECS::Instance",
        "InstanceType: !Ref Name\nImageId: !Sub '${Name}-image'\nSystemDiskSize: !Ref Size\n"
        "InternetMaxBandwidthOut: '5'\nAllocatePublicIP: 'true'\nHostName: 42\n"
        "SecurityGroupIds: !Ref Cidrs\nDiskMappings: !GetAtt Other.Disks\n"
        "Tags: !If [C, [{Key: a, Value: b}], !Ref ALIYUN::NoValue]\n",
    )
    body += "  Other:\n    Type: ALIYUN::ECS::VPC\n"
    body += "Conditions:\n  C: !Equals [!Ref Flag, true]\n"
    report = check(body + USE_ALL + USE_CIDRS)
    assert codes(report, severity="error") == [], report.to_text()
    assert "ROS3022" not in codes(report)


def test_case_of_struct_keys_and_attributes_is_not_an_error() -> None:
    # The official templates write struct keys and attribute names in another case (functionArgs).
    body = resource("ALIYUN::ECS::VPC", "Tags:\n  - {key: a, value: b}\n")
    body += "Outputs:\n  O: {Label: O, Value: !GetAtt R.VPCID}\n"
    assert check(body, parameters="").findings == ()


@pytest.mark.parametrize(
    "name",
    [
        "vpc_ecs_valid.yaml",
        "oss_rds_valid.json",
        "web_stack_valid.yaml",
        "nested_and_locals_valid.yaml",
        "functions_and_data_sources_valid.yaml",
    ],
)
def test_correct_templates_get_no_finding(name: str) -> None:
    report = check_template((TEMPLATES / name).read_text())
    assert report.findings == (), report.to_text()


def test_the_tool_of_the_llm_engine_uses_the_schema() -> None:
    import trio

    text = HEADER + resource("ALIYUN::ECS::VPC", "Tags: {app: web}\n")

    async def call() -> dict[str, Any]:
        result = await CheckRosTemplate().run({"template": text}, cast(ToolContext, None))
        return dict(result.data)

    data = trio.run(call)
    assert [f["code"] for f in data["findings"]] == ["ROS3022"]  # type: ignore[index]
    assert "ROS3022" in data["review"]


def test_the_building_blocks_offer_only_engines_ros_accepts() -> None:
    rds = load_schema().resource("ALIYUN::RDS::DBInstance")
    assert rds is not None
    assert set(RDS_VERSIONS) <= set(rds.properties["Engine"].allowed_values)


def test_the_docs_list_every_code() -> None:
    from iaccode.iac.ros_report import CODES

    text = (Path(__file__).parents[2] / "docs" / "ros-checker.md").read_text()
    missing = [code for code in CODES if f"| {code} | {CODES[code][0]} |" not in text]
    assert not missing


PARAMETER_DEFECTS = [
    ("a Ref in a Default", "P: {Type: String, Default: !Ref 'ALIYUN::Region'}", "Default"),
    ("a Fn::Join in a Default", "P: {Type: String, Default: !Join ['', [a, b]]}", "Default"),
    (
        "a function among AllowedValues",
        "P: {Type: String, AllowedValues: [a, !Sub b]}",
        "AllowedValues/1",
    ),
    ("a function in a Number Default", "P: {Type: Number, Default: !Ref Other}", "Default"),
]


@pytest.mark.parametrize(
    ("definition", "where"),
    [d[1:] for d in PARAMETER_DEFECTS],
    ids=[d[0] for d in PARAMETER_DEFECTS],
)
def test_parameters_hold_no_functions(definition: str, where: str) -> None:
    body = "Resources:\n  R:\n    Type: ALIYUN::ECS::VPC\n    Properties: {VpcName: !Ref P}\n"
    report = check(body, parameters=f"Parameters:\n  Other: {{Type: Number}}\n  {definition}\n")
    found = [(f.code, f.path) for f in report.findings]
    assert ("ROS2015", f"Parameters/P/{where}") in found, report.to_text()
    assert all(f.line is not None for f in report.findings if f.code == "ROS2015")


def test_a_json_parameter_may_hold_what_looks_like_a_function() -> None:
    body = "Resources:\n  R:\n    Type: ALIYUN::ECS::VPC\n    Properties: {VpcName: !Ref J}\n"
    parameters = "Parameters:\n  J:\n    Type: Json\n    Default: {Ref: not-a-function}\n"
    assert "ROS2015" not in codes(check(body, parameters=parameters))
