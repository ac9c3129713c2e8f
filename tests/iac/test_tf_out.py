"""Composed plans as Terraform: the vendor's rules in reverse, parsed back and converted back."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from iaccode.iac.block_plan import read_request
from iaccode.iac.blocks import compose
from iaccode.iac.terraform import convert_terraform
from iaccode.iac.tf_hcl import parse_hcl
from iaccode.iac.tf_out import to_terraform

REQUESTS = [
    "two servers behind a load balancer, HTTPS only, in cn-hangzhou",
    "a VPC with a NAT gateway and an RDS MySQL database with an account and a database",
    "an ecs.c7.large server with a 100 GB data disk, allow SSH from 10.0.0.0/8, tags env=prod",
    "an OSS bucket named my-logs-1 and a RAM role and an SLS project",
    "a Redis instance and a PolarDB cluster",
    "three servers with an EIP each",
    "a Kubernetes cluster with 3 nodes",
    "an auto scaling group of 2 to 6 servers behind a load balancer",
    "an application load balancer in front of two servers, HTTPS only",
    "an OSS bucket with versioning and a RAM user with read-only access to it",
]


def terraform_of(text: str) -> tuple[dict[str, Any], str, tuple[str, ...]]:
    reading = read_request(text)
    assert reading is not None and reading.request is not None, text
    template = compose(reading.request)
    rendered = to_terraform(template, reading.request.region)
    return template, rendered.text, rendered.notes


@pytest.mark.parametrize("text", REQUESTS)
def test_every_resource_is_rendered_and_parses(text: str) -> None:
    template, hcl, notes = terraform_of(text)
    parsed = parse_hcl("main.tf", hcl)
    resources = [
        (kind, name)
        for entry in parsed["resource"]
        for kind, named in entry.items()
        for name in named
    ]
    inline_rules = sum(
        len(entry["Properties"].get("SecurityGroupIngress", []))
        for entry in template["Resources"].values()
    )
    left_out = [note for note in notes if "(ALIYUN::" in note]
    enables = [
        e for e in template["Resources"].values() if e["Type"] == "ALIYUN::ESS::ScalingGroupEnable"
    ]
    assert (
        len(resources) + len(left_out) + len(enables) == len(template["Resources"]) + inline_rules
    )
    assert all(kind.startswith("alicloud_") for kind, _ in resources)
    variables = {name.replace("_", "") for entry in parsed["variable"] for name in entry}
    assert variables == {"region", *(name.lower() for name in template.get("Parameters", {}))}


def test_security_group_rules_keep_their_sources_and_direction() -> None:
    _, hcl, _ = terraform_of("a security group that allows SSH and HTTPS")
    assert hcl.count('resource "alicloud_security_group_rule"') == 2
    assert hcl.count('type              = "ingress"') == 2
    assert "cidr_ip           = var.admin_cidr" in hcl
    assert 'cidr_ip           = "0.0.0.0/0"' in hcl
    assert (
        'variable "admin_cidr"' in hcl
        and "default" not in hcl.split('variable "admin_cidr"')[1].split("}")[0]
    )


def test_the_equals_signs_are_aligned_like_terraform_fmt() -> None:
    _, hcl, _ = terraform_of("a VPC with two vSwitches")
    block = hcl.split('resource "alicloud_vswitch" "vswitch1" {\n')[1].split("}")[0]
    columns = {line.index("=") for line in block.splitlines() if "=" in line}
    assert len(columns) == 1


@pytest.mark.parametrize("text", REQUESTS)
def test_the_converter_reads_the_configuration_back(text: str) -> None:
    template, hcl, _ = terraform_of(text)
    back = convert_terraform({"main.tf": hcl}).template
    composed = Counter(entry["Type"] for entry in template["Resources"].values())
    composed["ALIYUN::ECS::SecurityGroupIngress"] += sum(
        len(entry["Properties"].get("SecurityGroupIngress", []))
        for entry in template["Resources"].values()
    )
    # The vendor's rules read alicloud_snat_entry as the older ECS type of the same SNAT entry.
    same = {"ALIYUN::ECS::SNatEntry": "ALIYUN::VPC::SnatEntry"}
    returned = Counter(same.get(e["Type"], e["Type"]) for e in back["Resources"].values())
    # Every resource the converter maps comes back as the type it was composed as.
    assert returned and all(returned[kind] <= composed[kind] for kind in returned), returned


def test_what_has_no_terraform_counterpart_is_noted() -> None:
    _, hcl, notes = terraform_of("two servers")
    assert "Outputs.EcsGroup1PrivateIps: Fn::GetAtt EcsGroup1.PrivateIps" in notes
    assert "private_ips" not in hcl


def test_a_policy_document_is_one_jsonencode_and_converts_back_to_the_same_document() -> None:
    template, hcl, _ = terraform_of("a RAM role for ECS")
    assert hcl.count("jsonencode(") == 1  # nested objects inside it are plain HCL objects
    back = convert_terraform({"main.tf": hcl}).template
    (role,) = [e for e in back["Resources"].values() if e["Type"] == "ALIYUN::RAM::Role"]
    (composed,) = [e for e in template["Resources"].values() if e["Type"] == "ALIYUN::RAM::Role"]
    policy = role["Properties"]["AssumeRolePolicyDocument"]
    policy = json.loads(policy) if isinstance(policy, str) else policy  # ROS takes either
    assert policy == composed["Properties"]["AssumeRolePolicyDocument"]


def test_a_variable_description_joins_label_and_description() -> None:
    _, hcl, _ = terraform_of("an OSS bucket")
    assert 'description = "Bucket name: Globally unique bucket name."' in hcl


def test_a_buckets_nested_blocks_convert_back_to_the_same_properties() -> None:
    template, hcl, notes = terraform_of(
        "an encrypted OSS bucket with versioning; delete objects after 7 days"
    )
    assert notes == ()
    (bucket,) = [e for e in template["Resources"].values() if e["Type"] == "ALIYUN::OSS::Bucket"]
    back = convert_terraform({"main.tf": hcl}).template
    (returned,) = [e for e in back["Resources"].values() if e["Type"] == "ALIYUN::OSS::Bucket"]
    for name in (
        "VersioningConfiguration",
        "LifecycleConfiguration",
        "ServerSideEncryptionConfiguration",
    ):
        assert returned["Properties"][name] == bucket["Properties"][name], name
