"""Every composed template agrees with the ROS resource schema (generated from the vendor's
resource specifications): types, properties (and the fields of structs), required properties,
allowed values and the attributes read with Fn::GetAtt."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.iac.block_plan import read_request
from iaccode.iac.block_spec import (
    AckSpec,
    AlbSpec,
    BlockRequest,
    EcsSpec,
    EssSpec,
    NatSpec,
    NetworkSpec,
    PolarDbSpec,
    RamRoleSpec,
    RedisSpec,
    SecurityGroupSpec,
    SlsSpec,
)
from iaccode.iac.blocks import compose
from iaccode.iac.ros_schema import PropertySchema, TypeSpec, load_schema
from tests.iac.test_block_read import FRAGMENTS
from tests.iac.test_blocks import requests

_INTRINSIC = ("Ref", "Fn::GetAtt", "Fn::Select", "Fn::ListMerge", "Fn::Join", "Fn::Sub")


def _intrinsic(value: Any) -> bool:
    return isinstance(value, dict) and len(value) == 1 and next(iter(value)) in _INTRINSIC


def _value_problems(where: str, value: Any, spec: TypeSpec) -> list[str]:
    if _intrinsic(value):
        return []
    if spec.kind == "list" and isinstance(value, list) and spec.item is not None:
        return [
            p
            for i, item in enumerate(value)
            for p in _value_problems(f"{where}[{i}]", item, spec.item)
        ]
    if spec.kind == "map" and isinstance(value, dict) and spec.item is not None:
        return [
            p
            for key, item in value.items()
            for p in _value_problems(f"{where}.{key}", item, spec.item)
        ]
    if spec.kind == "struct" and spec.fields is not None:
        if not isinstance(value, dict):
            return [f"{where}: expected a struct"]
        return _struct_problems(where, value, spec.fields)
    expected = {"string": str, "number": int | float, "boolean": bool}.get(spec.kind)
    if expected is not None and not isinstance(value, expected):
        return [f"{where}: {value!r} is not a {spec.kind}"]
    if spec.kind in ("list", "map") and not isinstance(value, list | dict):
        return [f"{where}: expected a {spec.kind}"]
    return []


def _struct_problems(where: str, value: dict[str, Any], fields: Any) -> list[str]:
    problems = [f"{where}.{name}: unknown" for name in value if name not in fields]
    for name, field in fields.items():
        assert isinstance(field, PropertySchema)
        if field.required and name not in value:
            problems.append(f"{where}.{name}: required")
        if name in value:
            problems += _value_problems(f"{where}.{name}", value[name], field.type)
            allowed = field.allowed_values
            if allowed and not _intrinsic(value[name]) and value[name] not in allowed:
                problems.append(f"{where}.{name}: {value[name]!r} not in {allowed}")
    return problems


def schema_problems(template: dict[str, Any]) -> list[str]:
    schema = load_schema()
    problems: list[str] = []
    resources = template["Resources"]
    for name, entry in resources.items():
        rs = schema.resource(entry["Type"])
        if rs is None:
            problems.append(f"{name}: no type {entry['Type']}")
            continue
        problems += _struct_problems(name, entry["Properties"], rs.properties)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if set(value) == {"Fn::GetAtt"}:
                resource, attribute = value["Fn::GetAtt"]
                rs = schema.resource(resources[resource]["Type"])
                if rs is not None and attribute not in rs.attributes:
                    problems.append(f"Fn::GetAtt {resource}.{attribute}: no such attribute")
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(template)
    return problems


EVERY_BLOCK = BlockRequest(
    network=NetworkSpec(vswitches=3),
    security_group=SecurityGroupSpec(ports=(22, 443, 8080), udp_ports=(53,)),
    ecs=EcsSpec(count=3, data_disks=(100, 200), system_disk_size=40, eip=True),
    nat=NatSpec(),
    redis=RedisSpec(),
    polardb=PolarDbSpec(engine="PostgreSQL", version="14"),
    sls=SlsSpec(project="app-logs"),
    ram_role=RamRoleSpec(),
    alb=AlbSpec(ports=(80, 443)),
    ack=AckSpec(nodes=2),
    name="shop",
    tags=(("env", "prod"),),
)


def test_every_block_agrees_with_the_schema() -> None:
    assert schema_problems(compose(EVERY_BLOCK)) == []
    scaled = attrs.evolve(EVERY_BLOCK, ess=EssSpec(min_size=2, max_size=5), alb=None)
    assert schema_problems(compose(scaled)) == []


@pytest.mark.parametrize(
    "text",
    [
        "two servers behind a load balancer with an RDS PostgreSQL database with an account and "
        "a database, named web, tags env=prod",
        "a public-read OSS bucket named my-logs-1, an SLS project and a RAM role",
        "a private load balancer in front of 3 servers with a 100 GB data disk",
    ],
)
def test_read_requests_agree_with_the_schema(text: str) -> None:
    reading = read_request(text)
    assert reading is not None and reading.request is not None
    assert schema_problems(compose(reading.request)) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests)
def test_any_block_request_agrees_with_the_schema(request: BlockRequest) -> None:
    assert schema_problems(compose(request)) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=5))
def test_any_read_request_agrees_with_the_schema(fragments: list[str]) -> None:
    reading = read_request(", ".join(fragments))
    if reading is not None and reading.request is not None:
        assert schema_problems(compose(reading.request)) == []
