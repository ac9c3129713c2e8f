"""What a template composed from building blocks should contain: small validated values.

A `BlockRequest` names the blocks (network, security group, ECS, SLB, RDS, OSS) and their few
knobs; `blocks.compose` turns it into a ROS template, and `block_plan.plan_from_text` builds one
from a plain request. Validation happens here, at construction, so every request that exists
composes into a template that passes `check_template`: CIDRs are IPv4 networks a VPC may use,
counts stay small, ports are ports, bucket names follow OSS rules.

Inventory (instance types, images, DB classes, zones) is never fixed here: the specs only carry
defaults for parameters, which the console lets the user change.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any, Literal

import attrs

MAX_VSWITCHES = 10
MAX_INSTANCES = 10
MAX_PORTS = 20
VPC_PREFIXES = range(8, 25)  # ROS accepts VPC blocks from /8 to /24

# Engine -> versions offered by the building block (RDS supports these on cloud disks).
RDS_VERSIONS: dict[str, tuple[str, ...]] = {
    "MySQL": ("5.7", "8.0"),
    "PostgreSQL": ("13.0", "14.0", "15.0", "16.0"),
    "MariaDB": ("10.3",),
}

BUCKET_NAME = re.compile(r"[a-z0-9][a-z0-9-]{1,61}[a-z0-9]")
REGION_ID = re.compile(r"[a-z]{2}-[a-z]+(?:-[0-9]+)?")


def _vpc_cidr(_instance: object, _attribute: object, value: str) -> None:
    try:
        network = ipaddress.IPv4Network(value, strict=True)
    except ValueError as exc:
        raise ValueError(f"VPC CIDR {value!r} is not an IPv4 network ({exc}).") from exc
    if network.prefixlen not in VPC_PREFIXES:
        raise ValueError(f"VPC CIDR {value!r} must have a prefix from /8 to /24.")


def _between(low: int, high: int) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{attribute.name} must be a whole number from {low} to {high}.")

    return check


def _ports(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple | list):
        raise ValueError("Ports must be given as a list of numbers.")
    ports = tuple(sorted(set(value)))
    if len(ports) > MAX_PORTS:
        raise ValueError(f"At most {MAX_PORTS} ports can be opened.")
    for port in ports:
        if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
            raise ValueError(f"Port {port!r} is not a TCP port (1 to 65535).")
    return ports


def _text(_instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > 128:
        raise ValueError(f"{attribute.name} must be a short non-empty string.")


@attrs.frozen
class NetworkSpec:
    """A VPC and `vswitches` vSwitches carved from its CIDR, spread over up to three zones."""

    cidr: str = attrs.field(default="192.168.0.0/16", validator=_vpc_cidr)
    vswitches: int = attrs.field(default=1, validator=_between(1, MAX_VSWITCHES))

    def __attrs_post_init__(self) -> None:
        prefix = ipaddress.IPv4Network(self.cidr).prefixlen
        if prefix + (self.vswitches - 1).bit_length() > 29:
            raise ValueError(f"VPC {self.cidr} is too small for {self.vswitches} vSwitches.")


@attrs.frozen
class SecurityGroupSpec:
    """A security group opening TCP `ports` to a source CIDR parameter."""

    ports: tuple[int, ...] = attrs.field(default=(), converter=_ports)


@attrs.frozen
class EcsSpec:
    """`count` ECS instances, spread over the vSwitches; inventory as parameter defaults."""

    count: int = attrs.field(default=1, validator=_between(1, MAX_INSTANCES))
    instance_type: str = attrs.field(default="ecs.g7.large", validator=_text)
    image_id: str = attrs.field(default="aliyun_3_x64_20G_alibase_*", validator=_text)
    system_disk_category: str = attrs.field(default="cloud_essd", validator=_text)
    public_bandwidth: int = attrs.field(default=0, validator=_between(0, 100))


@attrs.frozen
class SlbSpec:
    """A classic load balancer with one TCP listener per port, forwarding to the same port."""

    ports: tuple[int, ...] = attrs.field(default=(80,), converter=_ports)
    address_type: Literal["internet", "intranet"] = attrs.field(
        default="internet", validator=attrs.validators.in_(("internet", "intranet"))
    )
    spec: str = attrs.field(default="slb.s1.small", validator=_text)

    def __attrs_post_init__(self) -> None:
        if not self.ports:
            raise ValueError("A load balancer needs at least one listener port.")


def _version(instance: RdsSpec, _attribute: object, value: str) -> None:
    versions = RDS_VERSIONS.get(instance.engine, ())
    if value not in versions:
        raise ValueError(
            f"{instance.engine} version {value!r} is not offered; use one of: "
            f"{', '.join(versions)}."
        )


@attrs.frozen
class RdsSpec:
    """An RDS instance in the first vSwitch, with an optional account and database."""

    engine: str = attrs.field(default="MySQL", validator=attrs.validators.in_(RDS_VERSIONS))
    version: str = attrs.field(default="8.0", validator=_version)
    account: bool = False
    database: bool = False
    storage_gb: int = attrs.field(default=20, validator=_between(20, 32000))


def _bucket(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not (BUCKET_NAME.fullmatch(value) and "--" not in value):
        raise ValueError(
            f"{value!r} is not a valid OSS bucket name (3 to 63 lowercase letters, digits "
            "and single hyphens, starting and ending with a letter or digit)."
        )


@attrs.frozen
class OssSpec:
    """An OSS bucket; without a name the stack asks for one (names are global)."""

    bucket_name: str | None = attrs.field(default=None, validator=_bucket)
    acl: Literal["private", "public-read", "public-read-write"] = attrs.field(
        default="private",
        validator=attrs.validators.in_(("private", "public-read", "public-read-write")),
    )


def _region(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not REGION_ID.fullmatch(value):
        raise ValueError(f"{value!r} is not a region id such as cn-hangzhou.")


@attrs.frozen
class BlockRequest:
    """The blocks of one template. ECS, SLB and RDS imply a network; ECS implies a group."""

    network: NetworkSpec | None = None
    security_group: SecurityGroupSpec | None = None
    ecs: EcsSpec | None = None
    slb: SlbSpec | None = None
    rds: RdsSpec | None = None
    oss: OssSpec | None = None
    region: str | None = attrs.field(default=None, validator=_region)
    description: str | None = None

    def __attrs_post_init__(self) -> None:
        blocks = (self.network, self.security_group, self.ecs, self.slb, self.rds, self.oss)
        if all(block is None for block in blocks):
            raise ValueError("A BlockRequest needs at least one block.")

    @property
    def needs_network(self) -> bool:
        return any(
            block is not None
            for block in (self.network, self.security_group, self.ecs, self.slb, self.rds)
        )
