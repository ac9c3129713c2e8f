"""Tests for ros_check: every finding code, valid templates, the report, and robustness."""

from __future__ import annotations

import datetime
import json
import re
import textwrap
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.iac import ros_check
from iaccode.iac.ros_check import Finding, Report, check_document, check_template
from iaccode.iac.ros_loader import MAX_DEPTH, MAX_TEMPLATE_BYTES, load_template
from iaccode.iac.ros_report import CODES, make_finding
from iaccode.iac.ros_types import FUNCTIONS, TOP_LEVEL_SECTIONS

TEMPLATES = Path(__file__).parent / "templates"
HEADER = "ROSTemplateFormatVersion: '2015-09-01'\n"


def check(*parts: str) -> Report:
    """Check a YAML template made of the version line and the (each dedented) parts."""
    return check_template(HEADER + "".join(textwrap.dedent(part) for part in parts))


def only(report: Report, code: str) -> Finding:
    matches = [f for f in report.findings if f.code == code]
    assert len(matches) == 1, report.to_text()
    return matches[0]


VPC = """\
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties: {CidrBlock: 10.0.0.0/16}
"""

# code -> (template text, every code the template must produce, in report order)
CASES: dict[str, tuple[str, list[str]]] = {
    "ROS0001": ("Resources: [a\n", ["ROS0001"]),
    "ROS0002": ("a: '" + "x" * MAX_TEMPLATE_BYTES + "'", ["ROS0002"]),
    "ROS0003": ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), ["ROS0003"]),
    "ROS0004": ("a: &a [*a]\n", ["ROS0004"]),
    "ROS0005": (HEADER + VPC + "  Vpc:\n    Type: ALIYUN::ECS::VPC\n", ["ROS0005"]),
    "ROS1001": ("- a\n- b\n", ["ROS1001"]),
    "ROS1002": (VPC, ["ROS1002"]),
    "ROS1003": ("ROSTemplateFormatVersion: '2010-09-09'\n" + VPC, ["ROS1003"]),
    "ROS1004": ("ROSTemplateFormatVersion: 2015-09-01\n" + VPC, ["ROS1004"]),
    "ROS1005": (HEADER + VPC + "Output: {}\n", ["ROS1005"]),
    "ROS1006": (HEADER + VPC + "Parameters: [a]\nDescription: [b]\n", ["ROS1006", "ROS1006"]),
    "ROS1007": (HEADER + "Resources: {}\n", ["ROS1007"]),
    "ROS1010": (HEADER + "Transform: Aliyun::Terraform-v1.5\n", ["ROS1010"]),
    "ROS1011": (
        HEADER + "Transform: Aliyun::Terraform-v1.2\n"
        "Workspace: {main.tf: '', ../x.tf: '', /abs.tf: '', 'C:\\\\w.tf': '', '': ''}\n",
        ["ROS1011"] * 4,
    ),
    "ROS1012": (
        HEADER + "Transform: Aliyun::OpenTofu-v1.8\nWorkspace: {main.tf: [a]}\n",
        ["ROS1012"],
    ),
    "ROS1013": (
        HEADER + "Transform: Aliyun::Terraform-v1.0\nWorkspace: {README.md: x}\n",
        ["ROS1013"],
    ),
    "ROS1014": (HEADER + VPC + "Workspace: {main.tf: x}\n", ["ROS1014"]),
    "ROS1020": (
        HEADER + VPC + "Parameters: {'a.b': {Type: String}}\nConditions: {'x&y': true}\n"
        "Outputs: {'Console.Url': {Value: 1, Label: O}}\n",
        ["ROS1020", "ROS1020", "ROS2014"],
    ),
    "ROS1021": (
        HEADER + VPC + "Parameters: {Vpc: {Type: String}}\n",
        ["ROS2014", "ROS1021"],
    ),
    "ROS2001": (HEADER + VPC + "Parameters: {P: String}\n", ["ROS2001"]),
    "ROS2002": (HEADER + VPC + "Parameters: {P: {Default: x}}\n", ["ROS2002", "ROS2014"]),
    "ROS2003": (HEADER + VPC + "Parameters: {P: {Type: string}}\n", ["ROS2003", "ROS2014"]),
    "ROS2004": (
        HEADER + VPC + "Parameters: {P: {Type: String, Defualt: x}}\n",
        ["ROS2004", "ROS2014"],
    ),
    "ROS2005": (
        HEADER + VPC + "Parameters: {P: {Type: String, MinLength: abc, MaxValue: [1],"
        " AllowedValues: a, AllowedPattern: 5}}\n",
        ["ROS2005"] * 4 + ["ROS2014"],
    ),
    "ROS2006": (
        HEADER + VPC + "Parameters: {P: {Type: String, AllowedPattern: '[a-'}}\n",
        ["ROS2006", "ROS2014"],
    ),
    "ROS2007": (
        HEADER + VPC + "Parameters: {P: {Type: String, MinLength: 5, MaxLength: 2},"
        " N: {Type: Number, MinValue: 3, MaxValue: 1}}\n",
        ["ROS2007", "ROS2007", "ROS2014", "ROS2014"],
    ),
    "ROS2008": (
        HEADER + VPC + "Parameters: {P: {Type: String, Default: c, AllowedValues: [a, b]}}\n",
        ["ROS2008", "ROS2014"],
    ),
    "ROS2009": (
        HEADER
        + VPC
        + "Parameters: {P: {Type: String, Default: ABC, AllowedPattern: '^[a-z]+$'}}\n",
        ["ROS2009", "ROS2014"],
    ),
    "ROS2010": (
        HEADER + VPC + "Parameters: {P: {Type: String, Default: ab, MinLength: 3}}\n",
        ["ROS2010", "ROS2014"],
    ),
    "ROS2011": (
        HEADER + VPC + "Parameters: {N: {Type: Number, Default: 5, MaxValue: 3}}\n",
        ["ROS2011", "ROS2014"],
    ),
    "ROS2012": (
        HEADER + VPC + "Parameters: {N: {Type: Number, Default: ten}}\n",
        ["ROS2012", "ROS2014"],
    ),
    "ROS2013": (
        HEADER + VPC + "Parameters: {B: {Type: Boolean, Default: maybe}}\n",
        ["ROS2013", "ROS2014"],
    ),
    "ROS2014": (HEADER + VPC + "Parameters: {Unused: {Type: String}}\n", ["ROS2014"]),
    "ROS2015": (
        HEADER + VPC + "Parameters: {Zone: {Type: String, Default: !Ref 'ALIYUN::Region'}}\n",
        ["ROS2015", "ROS2014"],
    ),
    "ROS3001": (HEADER + "Resources: {A: just-a-string}\n", ["ROS3001"]),
    "ROS3002": (HEADER + "Resources: {A: {Properties: {}}}\n", ["ROS3002"]),
    "ROS3003": (HEADER + "Resources: {A: {Type: AWS::EC2::VPC}}\n", ["ROS3003"]),
    "ROS3004": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, Propertys: {}}}\n",
        ["ROS3004"],
    ),
    "ROS3005": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, Properties: [a]}}\n",
        ["ROS3005"],
    ),
    "ROS3006": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, DependsOn: [Missing, 3]}}\n",
        ["ROS3006", "ROS3006"],
    ),
    "ROS3007": ((TEMPLATES / "broken_cycle.json").read_text(), ["ROS3007"]),
    "ROS3010": (
        HEADER + VPC + "  Sw:\n    Type: ALIYUN::ECS::VSwitch\n"
        "    Properties: {VpcId: !Ref Vpc, CidrBlock: 10.0.1.0/24}\n",
        ["ROS3010"],
    ),
    "ROS3011": (
        HEADER + "Resources: {E: {Type: ALIYUN::ECS::Instance, Properties: {InstanceType: x}}}\n",
        ["ROS3011"],
    ),
    "ROS3012": (
        HEADER + "Resources:\n  Db:\n    Type: ALIYUN::RDS::DBInstance\n    Properties:\n"
        "      {Engine: mysql, EngineVersion: '8.0', DBInstanceClass: x, DBInstanceStorage: 20,"
        " SecurityIPList: 0.0.0.0/0}\n",
        ["ROS3012"],
    ),
    "ROS3013": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, Properties: {CidrBlock: 10.0.0.1/16}}}\n",
        ["ROS3013"],
    ),
    "ROS3014": (
        HEADER + VPC + "  Sw:\n    Type: ALIYUN::ECS::VSwitch\n"
        "    Properties: {VpcId: !Ref Vpc, ZoneId: z, CidrBlock: 10.1.0.0/24}\n",
        ["ROS3014"],
    ),
    "ROS3015": (
        HEADER + VPC + "  Sw1:\n    Type: ALIYUN::ECS::VSwitch\n"
        "    Properties: {VpcId: !Ref Vpc, ZoneId: z, CidrBlock: 10.0.0.0/24}\n"
        "  Sw2:\n    Type: ALIYUN::ECS::VSwitch\n"
        "    Properties: {VpcId: !GetAtt Vpc.VpcId, ZoneId: z, CidrBlock: 10.0.0.128/25}\n",
        ["ROS3015"],
    ),
    "ROS3016": (
        HEADER + "Resources:\n  G:\n    Type: ALIYUN::GWLB::ServerGroup\n    Properties:\n"
        "      VpcId: vpc-1\n      HealthCheckConfig: {HealthCheckDomain: www.example.com}\n",
        ["ROS3016"],
    ),
    "ROS3020": (HEADER + "Resources: {A: {Type: ALIYUN::ECS::Instanse}}\n", ["ROS3020"]),
    "ROS3021": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, Properties: {CidrBlok: 10.0.0.0/8}}}\n",
        ["ROS3021"],
    ),
    "ROS3022": (
        HEADER + "Resources: {A: {Type: ALIYUN::ECS::VPC, Properties: {VpcName: [a, b]}}}\n",
        ["ROS3022"],
    ),
    "ROS4001": (HEADER + VPC + "Outputs: {O: {Label: O, Value: !Ref Missing}}\n", ["ROS4001"]),
    "ROS4002": (HEADER + VPC + "Outputs: {O: {Label: O, Value: !Ref [a]}}\n", ["ROS4002"]),
    "ROS4003": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: !Ref 'ALIYUN::Index'}}\n",
        ["ROS4003"],
    ),
    "ROS4004": (HEADER + VPC + "Outputs: {O: {Label: O, Value: !GetAtt Vpc}}\n", ["ROS4004"]),
    "ROS4005": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: !GetAtt Missing.VpcId}}\n",
        ["ROS4005"],
    ),
    "ROS4006": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: !GetAtt Vpc.VpcIdd}}\n",
        ["ROS4006"],
    ),
    "ROS4007": (HEADER + VPC + "Outputs: {O: {Label: O, Value: !Sub [a, b, c]}}\n", ["ROS4007"]),
    "ROS4008": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: 1, Condition: Missing}}\n",
        ["ROS4008"],
    ),
    "ROS4009": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: !FindInMap [Missing, a, b]}}\n",
        ["ROS4009"],
    ),
    "ROS4010": (HEADER + VPC + "Outputs: {O: {Label: O, Value: {'Fn::Getatt': x}}}\n", ["ROS4010"]),
    "ROS4011": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: {'Fn::Join': [',', a, b]}}}\n",
        ["ROS4011"],
    ),
    "ROS4012": (
        HEADER + VPC + "Outputs: {O: {Label: O, Value: !Select [2, [a, b]]}}\n",
        ["ROS4012"],
    ),
    "ROS4013": (
        HEADER + VPC + "Conditions: {C: !Equals [!Ref Vpc, x]}\n"
        "Outputs: {O: {Label: O, Value: 1, Condition: C}}\n",
        ["ROS4013"],
    ),
    "ROS4014": (
        HEADER
        + "Parameters: {L: {Type: Json}}\n"
        + VPC
        + "Conditions: {C: !Not [!Equals [0, {'Fn::Length': !Ref L}]]}\n"
        "Outputs: {O: {Label: O, Value: 1, Condition: C}}\n",
        ["ROS4014"],
    ),
    "ROS5001": (HEADER + VPC + "Outputs: {O: x}\n", ["ROS5001"]),
    "ROS5002": (HEADER + VPC + "Outputs: {O: {Label: O}}\n", ["ROS5002"]),
    "ROS5003": (HEADER + VPC + "Outputs: {O: {Label: O, Value: 1, Vaule: 2}}\n", ["ROS5003"]),
    "ROS5004": (HEADER + VPC + "Outputs: {O: {Value: 1}}\n", ["ROS5004"]),
    "ROS6001": (
        HEADER
        + VPC
        + "Rules: {A: x, B: {Asserts: []}, C: {Assertions: [{Assert: true, Why: x}]}}\n",
        ["ROS6001"] * 4,
    ),
}


def test_every_code_has_a_case() -> None:
    assert set(CASES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_is_triggered(code: str) -> None:
    text, expected = CASES[code]
    report = check_template(text)
    assert report.codes() == expected, report.to_text()
    finding = next(f for f in report.findings if f.code == code)
    assert finding.severity == CODES[code][0]
    assert finding.message.endswith(".")
    assert finding.hint.endswith(".")
    assert "\n" not in finding.message
    assert "\n" not in finding.hint


def test_docstring_table_matches_the_codes() -> None:
    doc = ros_check.__doc__ or ""
    table = dict(re.findall(r"^(ROS\d{4})\s+(error|warning|info)\s", doc, re.MULTILINE))
    assert table == {code: severity for code, (severity, _title) in CODES.items()}


# --- valid templates -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["vpc_ecs_valid.yaml", "oss_rds_valid.json", "terraform_valid.yaml"]
)
def test_valid_fixtures_have_no_findings(name: str) -> None:
    report = check_template((TEMPLATES / name).read_text())
    assert report.findings == (), report.to_text()
    assert report.ok
    assert report.summary() == "Template check passed with no errors, warnings or notes."


def test_valid_yaml_fixture_as_document_and_as_json() -> None:
    document = load_template((TEMPLATES / "vpc_ecs_valid.yaml").read_text()).document
    assert check_document(document).findings == ()
    assert check_template(json.dumps(document)).findings == ()


# --- broken fixtures, in detail ------------------------------------------------------------------


def test_broken_references_fixture() -> None:
    report = check_template((TEMPLATES / "broken_references.yaml").read_text())
    assert report.codes() == ["ROS4005", "ROS4001", "ROS4001", "ROS4006"]
    ref = report.findings[2]
    assert ref.path == "Resources/VSwitch/Properties/VpcId"
    assert (ref.line, ref.column) == (13, 7)
    assert "'Vcp'" in ref.message
    assert "'Vpc'" in ref.hint
    attribute = report.findings[3]
    assert "'VpcId'" in attribute.hint and "VRouterId" in attribute.hint
    sub = report.findings[1]
    assert "${Zone}" in sub.message and "'ZoneId'" in sub.hint


def test_broken_network_fixture() -> None:
    report = check_template((TEMPLATES / "broken_network.yaml").read_text())
    assert report.codes() == ["ROS3015", "ROS3014", "ROS3013", "ROS3010"]
    overlap, outside, invalid, missing = report.findings
    assert "VSwitchA" in overlap.message and overlap.path.startswith("Resources/VSwitchB")
    assert "172.16.0.0/16" in outside.message
    assert (invalid.line, invalid.column) == (32, 7)
    assert missing.path == "Resources/VSwitchD/Properties/ZoneId"


def test_broken_syntax_fixture() -> None:
    report = check_template((TEMPLATES / "broken_syntax.json").read_text())
    finding = only(report, "ROS0001")
    assert "JSON" in finding.message
    assert (finding.line, finding.column) == (6, 7)


def test_cycle_message_names_the_path() -> None:
    finding = only(check_template((TEMPLATES / "broken_cycle.json").read_text()), "ROS3007")
    assert "Group -> Server -> Group" in finding.message
    assert finding.path == "Resources/Group"


# --- individual rules ----------------------------------------------------------------------------


def test_unknown_section_suggests_the_closest_name() -> None:
    finding = only(check(VPC + "Output: {}\n"), "ROS1005")
    assert "'Outputs'" in finding.hint
    assert finding.line == 6


def test_no_value_counts_as_absent() -> None:
    report = check(
        VPC + "  Sw:\n    Type: ALIYUN::ECS::VSwitch\n"
        "    Properties: {VpcId: !Ref Vpc, CidrBlock: 10.0.1.0/24,"
        " ZoneId: !Ref 'ALIYUN::NoValue'}\n"
    )
    assert only(report, "ROS3010").path == "Resources/Sw/Properties/ZoneId"


def test_engine_from_a_parameter_is_not_checked() -> None:
    report = check(
        """\
        Parameters: {Engine: {Type: String}}
        Resources:
          Db:
            Type: ALIYUN::RDS::DBInstance
            Properties: {Engine: !Ref Engine, EngineVersion: '8.0', DBInstanceClass: x,
                         DBInstanceStorage: 20, SecurityIPList: 0.0.0.0/0}
        """
    )
    assert report.findings == ()


def test_engine_hint_suggests_the_right_case() -> None:
    text, _ = CASES["ROS3012"]
    assert "'MySQL'" in only(check_template(text), "ROS3012").hint


def test_a_list_of_allowed_values_passes_where_the_api_takes_one() -> None:
    body = (
        "Resources:\n  R:\n    Type: ALIYUN::OSS::BucketReplication\n    Properties:\n"
        "      BucketName: b\n"
        "      ReplicationConfiguration: {Rule: {Action: '%s', Destination: {Bucket: d}}}\n"
    )
    assert "ROS3012" not in check(body % "PUT,DELETE").codes()
    finding = only(check(body % "PUT,GET"), "ROS3012")  # GET is no replicated operation
    assert finding.path.endswith("Rule/Action")


def test_values_the_schema_lists_wrongly_are_a_warning_not_an_error() -> None:
    report = check(
        """\
        Resources:
          R:
            Type: ALIYUN::ESA::Record
            Properties:
              RecordName: www.example.com
              RecordType: CNAME
              SiteId: 1
              Data: {Value: origin.example.com}
        """
    )
    finding = only(report, "ROS3016")
    assert finding.severity == "warning"
    assert finding.path == "Resources/R/Properties/Data/Value"
    assert "'origin.example.com'" in finding.message
    assert "ROS3012" not in report.codes()  # the record's other values are still checked


def test_terraform_template_needs_no_resources_and_skips_unused_parameters() -> None:
    report = check(
        """\
        Transform: Aliyun::Terraform-v1.5
        Parameters: {name: {Type: String}}
        Workspace: {main.tf: 'variable "name" {}', modules/vpc/main.tf: ''}
        """
    )
    assert report.findings == ()


def test_sub_escapes_variables_and_attributes() -> None:
    report = check(
        VPC,
        """\
        Outputs:
          A: {Label: A, Value: !Sub '${!Literal} ${Vpc.VpcId} ${ALIYUN::Region} ${Vpc}'}
          B: {Label: B, Value: !Sub ['${X}-${Y.Z}', {X: 1, Y.Z: 2}]}
          C: {Label: C, Value: !Sub '${Vpc.Nope}'}
          D: {Label: D, Value: !Sub ['${Missing}', {X: 1}]}
        """,
    )
    assert report.codes() == ["ROS4001", "ROS4006"]
    assert report.findings[1].path == "Outputs/C/Value"


def test_sub_placeholder_with_a_parameter_attribute_names_no_resource() -> None:
    report = check(
        VPC + "Parameters: {P: {Type: String}}\nOutputs: {O: {Label: O, Value: !Sub '${P.X}'}}\n"
    )
    finding = only(report, "ROS4005")
    assert "Ref P" in finding.hint


def test_getatt_string_form_in_json() -> None:
    doc = {
        "ROSTemplateFormatVersion": "2015-09-01",
        "Resources": {"Vpc": {"Type": "ALIYUN::ECS::VPC"}},
        "Outputs": {
            "A": {"Label": "A", "Value": {"Fn::GetAtt": "Vpc.VpcId"}},
            "B": {"Label": "B", "Value": {"Fn::GetAtt": "Vpc.Bogus"}},
        },
    }
    report = check_template(json.dumps(doc, indent=2))
    finding = only(report, "ROS4006")
    assert finding.path == "Outputs/B/Value"
    assert finding.line == 17


def test_getatt_of_a_type_outside_the_schema_is_not_checked() -> None:
    report = check(
        "Resources: {F: {Type: MODULE::Acme::Network::MODULE}}\n"
        "Outputs: {O: {Label: O, Value: !GetAtt F.Anything}}\n"
    )
    assert report.findings == ()


def test_condition_references() -> None:
    report = check(
        VPC,
        """\
        Conditions:
          A: !Equals [1, 1]
          B: !And [!Condition A, !Condition Nope]
        Outputs:
          O: {Label: O, Value: !If [Missing, 1, 2]}
          P: {Label: P, Value: !If [A, 1, 2], Condition: B}
        """,
    )
    assert report.codes() == ["ROS4008", "ROS4008"]
    assert [f.path for f in report.findings] == [
        "Conditions/B/Fn::And/1",
        "Outputs/O/Value/Fn::If/0",
    ]


def test_resource_condition_must_be_a_name() -> None:
    report = check("Resources: {A: {Type: ALIYUN::ECS::VPC, Condition: {'Fn::Equals': [1, 1]}}}\n")
    assert only(report, "ROS4008").path == "Resources/A/Condition"


def test_find_in_map_keys() -> None:
    report = check(
        VPC,
        """\
        Mappings: {M: {k1: {k2: v}}}
        Outputs:
          A: {Label: A, Value: !FindInMap [M, k1, k2]}
          B: {Label: B, Value: !FindInMap [M, nope, k2]}
          C: {Label: C, Value: !FindInMap [M, k1, nope]}
          D: {Label: D, Value: !FindInMap [M, !Ref 'ALIYUN::Region', k2]}
        """,
    )
    assert report.codes() == ["ROS4009", "ROS4009"]
    assert "top-level key 'nope'" in report.findings[0].message
    assert "second-level key 'nope'" in report.findings[1].message


def test_unknown_function_suggests_the_known_one() -> None:
    finding = only(check_template(CASES["ROS4010"][0]), "ROS4010")
    assert "'Fn::GetAtt'" in finding.hint


def test_all_known_functions_are_accepted() -> None:
    outputs = {
        # A computed argument: no shape check can judge it offline.
        f"O{index}": {"Label": "x", "Value": {name: {"Ref": "ALIYUN::Region"}}}
        for index, name in enumerate(FUNCTIONS)
        if name not in ("Ref", "Fn::GetAtt", "Fn::Sub")
    }
    doc = {
        "ROSTemplateFormatVersion": "2015-09-01",
        "Resources": {"Vpc": {"Type": "ALIYUN::ECS::VPC"}},
        "Outputs": outputs,
    }
    assert check_document(doc).findings == ()


def test_index_inside_a_count_resource_is_fine() -> None:
    report = check(
        "Resources:\n  V:\n    Type: ALIYUN::ECS::VPC\n    Count: 2\n"
        "    Properties:\n"
        "      VpcName: !Sub 'vpc-${ALIYUN::Index}'\n"
        "      Description: !Ref 'ALIYUN::Index'\n"
    )
    assert report.findings == ()


def test_self_dependency_and_cycle_through_a_local() -> None:
    report = check(
        """\
        Locals:
          L: {Value: !GetAtt B.VpcId}
        Resources:
          A: {Type: ALIYUN::ECS::VPC, DependsOn: A}
          B: {Type: ALIYUN::ECS::VPC, Properties: {VpcName: !Ref L}}
        """
    )
    assert report.codes() == ["ROS3007", "ROS3007"]
    local, itself = report.findings
    assert local.path == "Locals/L"
    assert "L (local) -> B -> L (local)" in local.message
    assert itself.path == "Resources/A"
    assert "A depends on itself (A -> A)" in itself.message


def test_long_cycles_are_shortened_in_the_message() -> None:
    resources = {
        f"R{index:02}": {"Type": "ALIYUN::ECS::VPC", "DependsOn": f"R{(index + 1) % 30:02}"}
        for index in range(30)
    }
    doc = {"ROSTemplateFormatVersion": "2015-09-01", "Resources": resources}
    finding = only(check_document(doc), "ROS3007")
    assert "30 entries" in finding.message and "more" in finding.message
    assert len(finding.message) < 200


def test_vswitches_in_a_secondary_range_and_behind_a_parameter() -> None:
    report = check(
        """\
        Parameters: {VpcId: {Type: String}}
        Resources:
          Vpc:
            Type: ALIYUN::ECS::VPC
            Properties: {CidrBlock: 10.0.0.0/16, SecondaryCidrBlocks: [172.16.0.0/16]}
          InSecondary:
            Type: ALIYUN::ECS::VSwitch
            Properties: {VpcId: !Ref Vpc, ZoneId: z, CidrBlock: 172.16.1.0/24}
          P1:
            Type: ALIYUN::ECS::VSwitch
            Properties: {VpcId: !Ref VpcId, ZoneId: z, CidrBlock: 192.168.0.0/24}
          P2:
            Type: ALIYUN::ECS::VSwitch
            Properties: {VpcId: !Ref VpcId, ZoneId: z, CidrBlock: 192.168.0.0/16}
        """
    )
    assert report.codes() == ["ROS3015"]
    assert report.findings[0].path == "Resources/P2/Properties/CidrBlock"


def test_cidr_problems_are_explained() -> None:
    messages = [
        only(
            check(
                f"Resources: {{A: {{Type: ALIYUN::ECS::VPC, Properties: {{CidrBlock: '{c}'}}}}}}\n"
            ),
            "ROS3013",
        ).message
        for c in ("10.0.0.1/16", "10.0.0.0", "fe80::/10")
    ]
    assert "host bits set (the network is 10.0.0.0/16)" in messages[0]
    assert "no prefix length" in messages[1]
    assert "not an IPv4 network" in messages[2]


def test_parameter_defaults_that_ros_accepts() -> None:
    report = check(
        VPC,
        """\
        Parameters:
          N: {Type: Number, Default: '10', MinValue: 1, MaxValue: '20', AllowedValues: [10, 20]}
          B: {Type: Boolean, Default: 'yes'}
          T: {Type: Boolean, Default: true, AllowedValues: [true, false]}
          L: {Type: CommaDelimitedList, Default: 'a, b', AllowedValues: [a, b]}
          J: {Type: Json, Default: {a: 1}, AllowedValues: [x]}
          S: {Type: String, Default: 12, MaxLength: 2, AllowedPattern: '\\d+'}
          O: {Type: 'ALIYUN::OOS::Parameter::Value', Default: x}
        Outputs:
          O: {Label: O, Value: !Sub '${N}${B}${T}${L}${J}${S}${O}'}
        """,
    )
    assert report.findings == (), report.to_text()


def test_comma_delimited_default_items_are_checked() -> None:
    report = check(
        VPC + "Parameters: {L: {Type: CommaDelimitedList, Default: 'a,c', AllowedValues: [a, b]}}\n"
        "Outputs: {O: {Label: O, Value: !Ref L}}\n"
    )
    assert "'c'" in only(report, "ROS2008").message


def test_catastrophic_pattern_is_not_run() -> None:
    report = check(
        VPC
        + "Parameters: {P: {Type: String, AllowedPattern: '(a+)+$', Default: '"
        + "a" * 40
        + "!'}}\nOutputs: {O: {Label: O, Value: !Ref P}}\n"
    )
    assert report.findings == ()


def test_parameter_used_only_by_association_metadata_is_used() -> None:
    report = check(
        VPC,
        """\
        Parameters:
          ZoneId: {Type: String}
          InstanceType:
            Type: String
            AssociationPropertyMetadata: {ZoneId: '${ZoneId}'}
        Outputs:
          O: {Label: O, Value: !Ref InstanceType}
        """,
    )
    assert report.findings == ()


def test_unquoted_version_date_is_only_a_warning() -> None:
    report = check_template(CASES["ROS1004"][0])
    assert report.ok
    assert report.warnings[0].code == "ROS1004"


def test_datetime_version_is_not_the_date() -> None:
    doc = {
        "ROSTemplateFormatVersion": datetime.datetime(2015, 9, 1),
        "Resources": {"V": {"Type": "ALIYUN::ECS::VPC"}},
    }
    assert check_document(doc).codes() == ["ROS1003"]


def test_non_string_names_and_keys_do_not_break_the_checker() -> None:
    report = check(
        "Resources:\n  1: {Type: ALIYUN::ECS::VPC}\n"
        "  2015-01-01: {Type: ALIYUN::ECS::VPC, DependsOn: '1'}\n"
        "Outputs: {true: {Label: x, Value: !Ref '1'}}\n"
    )
    assert report.findings == (), report.to_text()


# --- the report ----------------------------------------------------------------------------------


def test_findings_are_sorted_by_severity_then_path() -> None:
    report = check(
        "Resources:\n  B: {Type: X::Y}\n  A: {Type: ALIYUN::ECS::VPC, Bad: 1}\n"
        "Outputs: {O: {Value: 1}}\nParameters: {P: {Type: Str}}\n"
    )
    keys = [(f.severity, f.path) for f in report.findings]
    assert keys == [
        ("error", "Parameters/P/Type"),
        ("error", "Resources/A/Bad"),
        ("warning", "Parameters/P"),
        ("warning", "Resources/B/Type"),
        ("info", "Outputs/O"),
    ]
    assert [f.code for f in report.errors] == ["ROS2003", "ROS3004"]
    assert [f.code for f in report.warnings] == ["ROS2014", "ROS3003"]
    assert [f.code for f in report.infos] == ["ROS5004"]
    assert not report.ok


def test_report_text_groups_by_severity_with_locations_and_fixes() -> None:
    text = check(
        "Resources:\n  B: {Type: X::Y}\n  A: {Type: ALIYUN::ECS::VPC, Bad: 1}\n"
        "Outputs: {O: {Value: 1}}\n"
    ).to_text()
    assert text.splitlines()[0] == (
        "Template check failed with 1 error, 1 warning and 1 note; fix the errors before deploying."
    )
    assert "\nErrors (1):\n  1. [ROS3004] Resources/A/Bad (line 4, column 31)\n" in text
    assert "\nWarnings (1):\n" in text and "\nNotes (1):\n" in text
    assert text.index("Errors") < text.index("Warnings") < text.index("Notes")
    assert "     Fix: " in text


def test_summaries() -> None:
    def finding(code: str) -> Finding:
        return make_finding(code, "m.", path="p", hint="h.")

    assert Report(()).summary() == "Template check passed with no errors, warnings or notes."
    assert Report((finding("ROS5004"),)).summary() == (
        "Template check passed with 1 note and no errors or warnings."
    )
    assert (
        Report((finding("ROS2014"), finding("ROS5004")))
        .summary()
        .startswith("Template check passed with 1 warning and 1 note; review")
    )
    two_errors = Report((make_finding("ROS4001", "a.", path="x"), make_finding("ROS4001", "b.")))
    assert two_errors.summary().startswith("Template check failed with 2 errors;")


def test_report_deduplicates_and_to_dict_is_json() -> None:
    finding = make_finding("ROS4001", "Bad.", path="Outputs/O", hint="Fix.", line=3, column=4)
    report = Report((finding, finding))
    assert len(report.findings) == 1
    data = json.loads(json.dumps(report.to_dict()))
    assert data == {
        "ok": False,
        "summary": report.summary(),
        "counts": {"error": 1, "warning": 0, "info": 0},
        "findings": [
            {
                "code": "ROS4001",
                "severity": "error",
                "message": "Bad.",
                "path": "Outputs/O",
                "line": 3,
                "column": 4,
                "hint": "Fix.",
            }
        ],
    }


def test_locations() -> None:
    assert make_finding("ROS1001", "m").location == "template"
    assert make_finding("ROS1001", "m", line=2, column=3).location == "line 2, column 3"
    assert make_finding("ROS1001", "m", path="a/b", line=2).location == "a/b (line 2)"


def test_check_document_without_positions() -> None:
    report = check_document({"Resources": {"A": {"Type": "ALIYUN::ECS::VPC"}}})
    assert report.codes() == ["ROS1002"]
    assert report.findings[0].line is None


def test_check_document_rejects_non_mappings() -> None:
    assert check_document([1]).codes() == ["ROS1001"]
    assert "empty" in check_document(None).findings[0].message


def test_load_warnings_are_kept_in_the_report() -> None:
    report = check_template(CASES["ROS0005"][0])
    assert report.ok and report.codes() == ["ROS0005"]


# --- robustness ----------------------------------------------------------------------------------

_names = st.sampled_from(
    [
        *TOP_LEVEL_SECTIONS,
        "Type",
        "Properties",
        "DependsOn",
        "Condition",
        "Count",
        "Value",
        "Label",
        "Default",
        "AllowedValues",
        "AllowedPattern",
        "MinLength",
        "MaxLength",
        "MinValue",
        "MaxValue",
        "AssociationPropertyMetadata",
        "CidrBlock",
        "VpcId",
        "SecondaryCidrBlocks",
        "Engine",
        "A",
        "B",
        "main.tf",
        "../x",
        *FUNCTIONS,
        "Fn::Bogus",
    ]
)
_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.dates()
    | st.text(max_size=20)
    | st.sampled_from(
        [
            "2015-09-01",
            "String",
            "Number",
            "Boolean",
            "CommaDelimitedList",
            "ALIYUN::ECS::VPC",
            "ALIYUN::ECS::VSwitch",
            "ALIYUN::RDS::DBInstance",
            "Aliyun::Terraform-v1.5",
            "10.0.0.0/16",
            "10.0.1.0/24",
            "10.0.0.0/8",
            "A.VpcId",
            "${A} ${B.VpcId} ${!x} ${ALIYUN::Index}",
            "(a+)+$",
            "[a-",
            "A",
            "B",
            "ALIYUN::NoValue",
            "ALIYUN::Index",
        ]
    )
)
_documents = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(_names | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=40,
)
_templates = st.dictionaries(
    _names,
    st.dictionaries(_names | st.text(max_size=5), _documents, max_size=4) | _documents,
    max_size=8,
)


def _assert_usable(report: Report) -> None:
    assert isinstance(report.to_text(), str)
    json.dumps(report.to_dict())
    for finding in report.findings:
        assert finding.code in CODES
        assert finding.severity == CODES[finding.code][0]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_check_template_never_raises_on_text(text: str) -> None:
    _assert_usable(check_template(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_templates | _documents)
def test_check_document_never_raises(doc: object) -> None:
    _assert_usable(check_document(doc))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_templates)
def test_check_template_never_raises_on_dumped_documents(doc: dict[str, object]) -> None:
    _assert_usable(check_template(yaml.safe_dump(doc)))
    _assert_usable(check_template(json.dumps(doc, default=str)))


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="{}[]:,'\"!&*-?|>#\n \tabRef", max_size=60))
def test_check_template_never_raises_on_yaml_punctuation(text: str) -> None:
    _assert_usable(check_template(text))


def test_check_document_survives_a_cyclic_document() -> None:
    loop: dict[str, object] = {"Type": "ALIYUN::ECS::VPC"}
    loop["Properties"] = {"Again": loop, "Twice": loop}
    doc = {"ROSTemplateFormatVersion": "2015-09-01", "Resources": {"A": loop}}
    started = time.monotonic()
    report = check_document(doc)
    assert "ROS0004" in report.codes()
    assert time.monotonic() - started < 30
