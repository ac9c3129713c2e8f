"""The vendor's Terraform mapping rules as packaged data: complete, parsed as documented."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from iaccode.iac.tf_props import HANDLERS
from iaccode.iac.tf_rule_data import (
    ATTRIBUTE_HANDLERS,
    PROPERTY_HANDLERS,
    PropertyRule,
    RuleDataError,
    dump_rules,
    load_rules,
    parse_rule,
    rule_set,
)
from iaccode.iac.tf_values import ATTRIBUTE_JOINS

ROOT = Path(__file__).resolve().parents[2]

FIXTURE_RULE = """
Version: '2020-06-01'
Type: Resource
ResourceType:
  From: alicloud_thing
  To: ALIYUN::THING::Thing
Properties:
  name:
    To: ThingName
  dry_run:
    Ignore: true
  disks:
    To: Disks
    Type: List
    Schema:
      size:
        To: Size
      encrypted:
        Ignore: true
  health_port:
    To: HealthCheck.Port
  tags:
    To: Tags
    Handler: tags_dict_to_list
  api_id:
    To:
    - ApiIds
  broken:
    To: ''
  short:
    To: Short
    Schema:
      cidr: Cidr
Attributes:
  id:
    To: [ThingId, Owner]
    Handler: colon_join
  arn:
    To: Arn
  status:
    Ignore: true
"""


def test_every_vendor_rule_is_packaged() -> None:
    rules = load_rules()
    assert len(rules) == 810
    assert rules.source["package"] == "alibabacloud-ros-tran"
    assert rules.source["license"] == "Apache-2.0"
    assert "Apache License 2.0" in rules.source["attribution"]
    vpc = rules.by_terraform["alicloud_vpc"]
    assert vpc.ros_type == "ALIYUN::ECS::VPC"
    assert vpc.properties["cidr_block"] == PropertyRule("CidrBlock")
    assert vpc in rules.by_ros["ALIYUN::ECS::VPC"]
    disks = rules.by_terraform["alicloud_instance"].properties["data_disks"]
    assert disks.kind == "List" and disks.schema is not None
    assert disks.schema["size"] == PropertyRule("Size")
    assert "encrypted" in disks.schema_ignore


def test_every_handler_the_rules_name_is_implemented() -> None:
    named: set[str] = set()

    def walk(properties: object) -> None:
        for rule in getattr(properties, "values", dict)():
            if rule.handler:
                named.add(rule.handler)
            if rule.schema:
                walk(rule.schema)

    for rule in load_rules().by_terraform.values():
        walk(rule.properties)
        named.update(a.handler for a in rule.attributes.values() if a.handler)
    assert named <= PROPERTY_HANDLERS | ATTRIBUTE_HANDLERS
    assert set(HANDLERS) >= PROPERTY_HANDLERS
    assert set(ATTRIBUTE_JOINS) >= ATTRIBUTE_HANDLERS  # and our own (`uuid_text`)


def test_parse_rule_reads_the_documented_shape() -> None:
    tf_type, rule = parse_rule(yaml.safe_load(FIXTURE_RULE), "thing.yml")
    assert tf_type == "alicloud_thing"
    assert rule == {
        "ros": "ALIYUN::THING::Thing",
        "properties": {
            "name": {"to": "ThingName"},
            "disks": {
                "to": "Disks",
                "type": "List",
                "schema": {"size": {"to": "Size"}},
                "schema_ignore": ["encrypted"],
            },
            "health_port": {"to": "HealthCheck.Port"},
            "tags": {"to": "Tags", "handler": "tags_dict_to_list"},
            "api_id": {"to": "ApiIds", "type": "List"},
            "broken": {"broken": "To is not a property name"},
            "short": {"to": "Short", "schema": {"cidr": {"to": "Cidr"}}},
        },
        "ignore": ["dry_run"],
        "attributes": {
            "id": {"to": ["ThingId", "Owner"], "handler": "colon_join"},
            "arn": {"to": "Arn"},
        },
        "ignore_attributes": ["status"],
    }
    # The data file round-trips into the rule values the converter reads.
    data = dump_rules({tf_type: rule}, {"package": "x"})
    assert dump_rules({tf_type: rule}, {"package": "x"}) == data  # reproducible bytes
    loaded = rule_set(json.loads(gzip.decompress(data)))
    thing = loaded.by_terraform["alicloud_thing"]
    assert thing.properties["broken"].broken == "To is not a property name"
    assert thing.attributes["id"].to == ("ThingId", "Owner")
    assert thing.ignored == frozenset({"dry_run"})


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"Type": "Function"}, "not a resource rule"),
        ({"Type": "Resource"}, "ResourceType is missing"),
        ({"Type": "Resource", "ResourceType": {"From": "a"}}, "needs From and To"),
        (
            {"Type": "Resource", "ResourceType": {"From": "a", "To": "B"}, "Properties": []},
            "Properties must be a mapping",
        ),
        (
            {
                "Type": "Resource",
                "ResourceType": {"From": "a", "To": "B"},
                "Attributes": {"id": {"To": 3}},
            },
            "To must be an attribute name",
        ),
    ],
)
def test_parse_rule_refuses_other_shapes(document: object, message: str) -> None:
    with pytest.raises(RuleDataError, match=message):
        parse_rule(document, "x.yml")


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_tf_rules", ROOT / "scripts" / "update_tf_rules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["update_tf_rules"] = module
    spec.loader.exec_module(module)
    return module


def test_the_generator_reads_a_wheel(tmp_path: Path) -> None:
    wheel = tmp_path / "alibabacloud_ros_tran-9.9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("rostran/rules/terraform/alicloud/thing.yml", FIXTURE_RULE)
        archive.writestr("rostran/rules/ros/other.yml", "not: a terraform rule")
    version, rules = _generator().read_wheel(wheel)
    assert version == "9.9.9"
    assert list(rules) == ["alicloud_thing"]


def test_the_data_file_ships_in_the_package() -> None:
    assert (ROOT / "iaccode" / "iac" / "data" / "tf-rules.json.gz").is_file()
    assert "--collect-data iaccode " in (ROOT / "scripts" / "build-binary").read_text()
    assert "tf-rules.json.gz" in (ROOT / "NOTICE").read_text()


@pytest.mark.timeout(300)  # 810 conversions and checks; slow on a loaded machine
def test_every_mapped_type_converts_to_its_ros_type_and_checks() -> None:
    from iaccode.iac.ros_check import check_template
    from iaccode.iac.terraform import convert_terraform
    from iaccode.iac.tf_rules import misfit

    rules = load_rules().by_terraform
    # Types whose rule names another resource's ROS type are left out (test_tf_mapping).
    types = sorted(tf_type for tf_type in rules if misfit(tf_type) is None)
    assert 700 < len(types) < len(rules)
    for start in range(0, len(types), 100):
        chunk = types[start : start + 100]
        text = "".join(f'resource "{tf_type}" "r" {{}}\n' for tf_type in chunk)
        conversion = convert_terraform({"main.tf": text})
        assert conversion.summary.dropped == 0
        converted = sorted(r["Type"] for r in conversion.template["Resources"].values())
        assert converted == sorted(rules[tf_type].ros_type for tf_type in chunk)
        report = check_template(conversion.to_yaml())
        assert report.ok, report.to_text()
