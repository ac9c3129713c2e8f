"""Tests for the template building blocks: specs, blocks, compose and plan_from_text."""

from __future__ import annotations

import ipaddress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.iac.block_spec import MAX_INSTANCES, MAX_VSWITCHES, RDS_VERSIONS
from iaccode.iac.blocks import (
    ZONES_BY_REGION,
    BlockRequest,
    EcsSpec,
    NetworkSpec,
    OssSpec,
    RdsSpec,
    SecurityGroupSpec,
    SlbSpec,
    TemplateBuilder,
    carve_cidrs,
    compose,
    plan_from_text,
)
from iaccode.iac.ros_check import check_document, check_template
from iaccode.iac.ros_render import render_json, render_yaml


def assert_clean(template: dict[str, Any]) -> None:
    """No errors, no warnings, no notes: as YAML, as JSON and as a parsed document."""
    for report in (
        check_template(render_yaml(template)),
        check_template(render_json(template)),
        check_document(template),
    ):
        assert report.findings == (), report.to_text()


def of_type(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {name: r for name, r in template["Resources"].items() if r["Type"] == kind}


# --- specs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: NetworkSpec(cidr="10.0.0.1/16"), "not an IPv4 network"),
        (lambda: NetworkSpec(cidr="10.0.0.0/25"), "from /8 to /24"),
        (lambda: NetworkSpec(cidr="10.0.0.0/7"), "from /8 to /24"),
        (lambda: NetworkSpec(cidr="fd00::/8"), "not an IPv4 network"),
        (lambda: NetworkSpec(vswitches=0), "from 1 to 10"),
        (lambda: NetworkSpec(vswitches=MAX_VSWITCHES + 1), "from 1 to 10"),
        (lambda: NetworkSpec(vswitches=True), "from 1 to 10"),
        (lambda: SecurityGroupSpec(ports=(0,)), "not a TCP port"),
        (lambda: SecurityGroupSpec(ports=(70000,)), "not a TCP port"),
        (lambda: SecurityGroupSpec(ports=tuple(range(1, 30))), "At most 20"),
        (lambda: EcsSpec(count=MAX_INSTANCES + 1), "from 1 to 10"),
        (lambda: EcsSpec(instance_type=""), "short non-empty"),
        (lambda: SlbSpec(ports=()), "at least one listener"),
        (lambda: SlbSpec(address_type="public"), "must be in"),  # type: ignore[arg-type]
        (lambda: RdsSpec(engine="Oracle"), "must be in"),
        (lambda: RdsSpec(engine="MySQL", version="9.9"), "not offered"),
        (lambda: RdsSpec(engine="PostgreSQL", version="8.0"), "not offered"),
        (lambda: OssSpec(bucket_name="My_Logs"), "not a valid OSS bucket name"),
        (lambda: OssSpec(bucket_name="a--b"), "not a valid OSS bucket name"),
        (lambda: OssSpec(bucket_name="ab"), "not a valid OSS bucket name"),
        (lambda: BlockRequest(), "at least one block"),
        (lambda: BlockRequest(oss=OssSpec(), region="Hangzhou"), "not a region id"),
    ],
)
def test_specs_reject_what_cannot_be_composed(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_security_group_ports_are_sorted_and_unique() -> None:
    assert SecurityGroupSpec(ports=(443, 22, 443)).ports == (22, 443)


# --- blocks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cidr", "count", "expected"),
    [
        ("192.168.0.0/16", 1, ["192.168.0.0/24"]),
        ("192.168.0.0/16", 2, ["192.168.0.0/24", "192.168.1.0/24"]),
        ("10.0.0.0/8", 3, ["10.0.0.0/16", "10.1.0.0/16", "10.2.0.0/16"]),
        ("172.16.0.0/12", 2, ["172.16.0.0/20", "172.16.16.0/20"]),
        ("10.0.0.0/24", 1, ["10.0.0.0/24"]),
        ("10.0.0.0/24", 3, ["10.0.0.0/26", "10.0.0.64/26", "10.0.0.128/26"]),
        ("10.0.0.0/24", 10, [f"10.0.0.{16 * i}/28" for i in range(10)]),
    ],
)
def test_carve_cidrs(cidr: str, count: int, expected: list[str]) -> None:
    assert carve_cidrs(cidr, count) == expected


def test_carve_cidrs_refuses_what_does_not_fit() -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        carve_cidrs("10.0.0.0/24", 40)


def test_builder_refuses_duplicate_names_and_empty_templates() -> None:
    builder = TemplateBuilder()
    builder.parameter("Name", "String", "Name", Default="x")
    with pytest.raises(ValueError, match="already used"):
        builder.resource("Name", "ALIYUN::ECS::VPC", {})
    with pytest.raises(ValueError, match="at least one resource"):
        builder.build()


def test_vpc_with_two_vswitches() -> None:
    template = compose(BlockRequest(network=NetworkSpec(vswitches=2)))
    assert_clean(template)
    assert template["Resources"] == {
        "Vpc": {"Type": "ALIYUN::ECS::VPC", "Properties": {"CidrBlock": "192.168.0.0/16"}},
        "VSwitch1": {
            "Type": "ALIYUN::ECS::VSwitch",
            "Properties": {
                "VpcId": {"Ref": "Vpc"},
                "CidrBlock": "192.168.0.0/24",
                "ZoneId": {"Ref": "ZoneId1"},
            },
        },
        "VSwitch2": {
            "Type": "ALIYUN::ECS::VSwitch",
            "Properties": {
                "VpcId": {"Ref": "Vpc"},
                "CidrBlock": "192.168.1.0/24",
                "ZoneId": {"Ref": "ZoneId2"},
            },
        },
    }
    zone = template["Parameters"]["ZoneId1"]
    assert zone["AssociationProperty"] == "ALIYUN::ECS::Instance::ZoneId"
    assert "Default" not in zone  # inventory: picked in the console
    assert set(template["Outputs"]) == {"VpcId", "VSwitch1Id", "VSwitch2Id"}
    assert all(output["Label"] for output in template["Outputs"].values())
    assert render_yaml(template).startswith("ROSTemplateFormatVersion: '2015-09-01'\n")


def test_zones_round_robin_and_region_defaults() -> None:
    template = compose(BlockRequest(network=NetworkSpec(vswitches=5), region="cn-hangzhou"))
    assert_clean(template)
    zones = [name for name in template["Parameters"] if name.startswith("ZoneId")]
    assert zones == ["ZoneId1", "ZoneId2", "ZoneId3"]
    assert [template["Parameters"][z]["Default"] for z in zones] == list(
        ZONES_BY_REGION["cn-hangzhou"]
    )
    switches = of_type(template, "ALIYUN::ECS::VSwitch")
    assert [s["Properties"]["ZoneId"]["Ref"] for s in switches.values()] == [
        "ZoneId1",
        "ZoneId2",
        "ZoneId3",
        "ZoneId1",
        "ZoneId2",
    ]
    unknown = compose(BlockRequest(network=NetworkSpec(), region="me-east-1"))
    assert "Default" not in unknown["Parameters"]["ZoneId1"]
    assert "in me-east-1" in unknown["Parameters"]["ZoneId1"]["Description"]


def test_instances_spread_over_vswitches_behind_a_load_balancer() -> None:
    template = compose(
        BlockRequest(
            network=NetworkSpec(vswitches=2),
            security_group=SecurityGroupSpec(ports=(22,)),
            ecs=EcsSpec(count=5, public_bandwidth=10),
            slb=SlbSpec(ports=(80, 443)),
        )
    )
    assert_clean(template)
    groups = of_type(template, "ALIYUN::ECS::InstanceGroup")
    assert [g["Properties"]["MaxAmount"] for g in groups.values()] == [3, 2]
    assert [g["Properties"]["VSwitchId"] for g in groups.values()] == [
        {"Ref": "VSwitch1"},
        {"Ref": "VSwitch2"},
    ]
    assert all(g["Properties"]["InternetMaxBandwidthOut"] == 10 for g in groups.values())
    assert template["Parameters"]["InstanceType"]["Default"] == "ecs.g7.large"
    assert template["Parameters"]["ImageId"]["Default"] == "aliyun_3_x64_20G_alibase_*"
    ingress = template["Resources"]["SecurityGroup"]["Properties"]["SecurityGroupIngress"]
    assert [rule["PortRange"] for rule in ingress] == ["22/22", "80/80", "443/443"]
    listeners = of_type(template, "ALIYUN::SLB::Listener")
    assert sorted(listeners) == ["Listener443", "Listener80"]
    backends = template["Resources"]["LoadBalancerBackends"]["Properties"]
    assert backends["BackendServerList"] == {
        "Fn::ListMerge": [
            {"Fn::GetAtt": ["EcsGroup1", "InstanceIds"]},
            {"Fn::GetAtt": ["EcsGroup2", "InstanceIds"]},
        ]
    }
    assert "EcsGroup2PublicIps" in template["Outputs"]


def test_slb_without_instances_has_no_backends() -> None:
    template = compose(BlockRequest(slb=SlbSpec(address_type="intranet")))
    assert_clean(template)
    assert "LoadBalancerBackends" not in template["Resources"]
    assert "SecurityGroup" not in template["Resources"]


@pytest.mark.parametrize(("engine", "versions"), sorted(RDS_VERSIONS.items()))
def test_rds_with_account_and_database(engine: str, versions: tuple[str, ...]) -> None:
    spec = RdsSpec(engine=engine, version=versions[-1], account=True, database=True)
    template = compose(BlockRequest(network=NetworkSpec(cidr="10.8.0.0/16"), rds=spec))
    assert_clean(template)
    db = template["Resources"]["Database"]["Properties"]
    assert (db["Engine"], db["EngineVersion"]) == (engine, versions[-1])
    assert db["SecurityIPList"] == "10.8.0.0/16"
    assert db["ZoneId"] == {"Ref": "ZoneId1"}
    assert template["Parameters"]["DBPassword"]["NoEcho"] is True
    assert "Default" not in template["Parameters"]["DBPassword"]
    assert template["Resources"]["AppDatabase"]["Properties"]["CharacterSetName"]
    assert {"DBConnectionString", "DBPort", "DBInstanceId"} <= set(template["Outputs"])


def test_oss_bucket_alone() -> None:
    template = compose(BlockRequest(oss=OssSpec(bucket_name="my-logs", acl="public-read")))
    assert_clean(template)
    assert list(template["Resources"]) == ["Bucket"]
    assert template["Parameters"]["BucketName"]["Default"] == "my-logs"
    assert template["Resources"]["Bucket"]["Properties"]["AccessControl"] == "public-read"
    unnamed = compose(BlockRequest(oss=OssSpec()))
    assert "Default" not in unnamed["Parameters"]["BucketName"]


def test_description_names_the_blocks() -> None:
    request = BlockRequest(ecs=EcsSpec(count=2), rds=RdsSpec(), oss=OssSpec(), region="cn-shanghai")
    assert compose(request)["Description"] == (
        "Creates a VPC (192.168.0.0/16) with 1 vSwitch, a security group, 2 ECS instances, an "
        "RDS MySQL 8.0 instance and an OSS bucket in cn-shanghai (iaccode building blocks)."
    )
    assert compose(BlockRequest(oss=OssSpec(), description="Mine"))["Description"] == "Mine"


# --- plan_from_text --------------------------------------------------------------------------

PLANS: list[tuple[str, dict[str, Any]]] = [
    ("Create a VPC with two vSwitches.", {"vswitches": 2}),
    (
        "a VPC with 3 vswitches in cn-hangzhou and an ECS instance",
        {"vswitches": 3, "region": "cn-hangzhou", "ecs": 1},
    ),
    (
        "VPC, security group allowing ports 22 and 443, two ECS instances behind an SLB",
        {"vswitches": 2, "ports": (22, 443), "ecs": 2, "slb": (443,)},
    ),
    ("an OSS bucket named my-logs", {"bucket": "my-logs"}),
    ("RDS MySQL 8.0", {"vswitches": 1, "rds": ("MySQL", "8.0")}),
    ("I need a MySQL 5.7 database with an account", {"rds": ("MySQL", "5.7"), "account": True}),
    ("postgres 15 with a database", {"rds": ("PostgreSQL", "15.0"), "database": True}),
    ("Create ten vswitches in 10.0.0.0/24", {"vswitches": 10, "cidr": "10.0.0.0/24"}),
    (
        "three web servers with public IPs across three zones in ap-southeast-1, allowing ssh",
        {"vswitches": 3, "ecs": 3, "ports": (22,), "public": True, "region": "ap-southeast-1"},
    ),
    ("A load balancer with 4 instances", {"vswitches": 2, "ecs": 4, "slb": (80,)}),
    ("a security group that opens port 8080", {"ports": (8080,), "vswitches": 1}),
    ("Two V-Switches", {"vswitches": 2}),
    ("one ECS instance and a public-read OSS bucket", {"ecs": 1, "acl": "public-read"}),
    ("a VPC in Hangzhou with two zones", {"vswitches": 2, "region": "cn-hangzhou"}),
    ("two servers behind a load-balancer", {"vswitches": 2, "ecs": 2, "slb": (80,)}),
    ("a VPC and a mysql8.0 database", {"vswitches": 1, "rds": ("MySQL", "8.0")}),
]


@pytest.mark.parametrize(("text", "expected"), PLANS, ids=[text for text, _ in PLANS])
def test_plan_from_text(text: str, expected: dict[str, Any]) -> None:
    request = plan_from_text(text)
    assert request is not None
    seen: dict[str, Any] = {}
    if request.network is not None:
        seen["vswitches"] = request.network.vswitches
        if request.network.cidr != "192.168.0.0/16":
            seen["cidr"] = request.network.cidr
    if request.region:
        seen["region"] = request.region
    if request.security_group is not None:
        seen["ports"] = request.security_group.ports
    if request.ecs is not None:
        seen["ecs"] = request.ecs.count
        if request.ecs.public_bandwidth:
            seen["public"] = True
    if request.slb is not None:
        seen["slb"] = request.slb.ports
    if request.rds is not None:
        seen["rds"] = (request.rds.engine, request.rds.version)
        if request.rds.account:
            seen["account"] = True
        if request.rds.database:
            seen["database"] = True
    if request.oss is not None:
        if request.oss.bucket_name:
            seen["bucket"] = request.oss.bucket_name
        if request.oss.acl != "private":
            seen["acl"] = request.oss.acl
    implied = {"vswitches": 1} if "vswitches" not in expected and "vswitches" in seen else {}
    assert seen == {**implied, **expected}
    assert_clean(compose(request))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "What is the weather in Hangzhou?",
        "Write me a poem",
        "Delete my VPC",
        "Explain what a vSwitch is",
        "How much does an ECS instance cost?",
        "MySQL 9.9",
        "a bucket named Bad_Name",
        "eleven ecs instances",
        "50 vswitches",
        "a VPC 10.0.0.0/30",
        "What is a VPC?",
        "a VPC in cn-hangzhou for the Shanghai office",
        "x" * 3000,
    ],
)
def test_plan_from_text_declines(text: str) -> None:
    assert plan_from_text(text) is None


def test_plan_does_not_read_database_versions_as_counts() -> None:
    request = plan_from_text("an RDS MySQL 8 instance")
    assert request is not None
    assert request.ecs is None and request.rds == RdsSpec(engine="MySQL", version="8.0")


# --- every request composes into a clean template ---------------------------------------------

_BASES = [ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")]


@st.composite
def vpc_cidrs(draw: st.DrawFn) -> str:
    base = draw(st.sampled_from(_BASES))
    prefix = draw(st.integers(min_value=max(base.prefixlen, 8), max_value=24))
    count = 2 ** (prefix - base.prefixlen)
    index = draw(st.integers(min_value=0, max_value=count - 1))
    size = 2 ** (32 - prefix)
    return f"{base.network_address + index * size}/{prefix}"


_PORTS = st.lists(st.integers(min_value=1, max_value=65535), max_size=6).map(tuple)
_RDS = st.sampled_from(sorted(RDS_VERSIONS)).flatmap(
    lambda engine: st.builds(
        RdsSpec,
        engine=st.just(engine),
        version=st.sampled_from(RDS_VERSIONS[engine]),
        account=st.booleans(),
        database=st.booleans(),
        storage_gb=st.integers(min_value=20, max_value=32000),
    )
)
_BUCKETS = st.from_regex(r"[a-z0-9]([a-z0-9]|-(?=[a-z0-9])){1,20}[a-z0-9]", fullmatch=True)

_BLOCKS = st.fixed_dictionaries(
    {
        "network": st.none()
        | st.builds(NetworkSpec, cidr=vpc_cidrs(), vswitches=st.integers(1, 10)),
        "security_group": st.none() | st.builds(SecurityGroupSpec, ports=_PORTS),
        "ecs": st.none()
        | st.builds(EcsSpec, count=st.integers(1, 10), public_bandwidth=st.integers(0, 100)),
        "slb": st.none()
        | st.builds(
            SlbSpec,
            ports=st.lists(st.integers(1, 65535), min_size=1, max_size=4).map(tuple),
            address_type=st.sampled_from(["internet", "intranet"]),
        ),
        "rds": st.none() | _RDS,
        "oss": st.none()
        | st.builds(
            OssSpec,
            bucket_name=st.none() | _BUCKETS,
            acl=st.sampled_from(["private", "public-read", "public-read-write"]),
        ),
        "region": st.none() | st.sampled_from([*ZONES_BY_REGION, "eu-central-1"]),
    }
)


def _request(blocks: dict[str, Any]) -> BlockRequest:
    return BlockRequest(**blocks)


requests = _BLOCKS.filter(lambda blocks: any(v for k, v in blocks.items() if k != "region")).map(
    _request
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests)
def test_any_request_composes_into_a_clean_template(request: BlockRequest) -> None:
    template = compose(request)
    assert_clean(template)
    used = {*template["Parameters"]} if "Parameters" in template else set()
    assert all(name[0].isupper() for name in used)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_plan_from_text_never_raises(text: str) -> None:
    request = plan_from_text(text)
    if request is not None:
        assert_clean(compose(request))
