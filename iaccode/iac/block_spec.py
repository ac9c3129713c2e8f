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
MAX_DATA_DISKS = 16
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


def _between(low: int, high: int, *, optional: bool = False) -> Any:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int | None) -> None:
        if value is None and optional:
            return
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
    zones: tuple[str, ...] = attrs.field(default=(), converter=tuple[str, ...])  # zone ids named

    def __attrs_post_init__(self) -> None:
        prefix = ipaddress.IPv4Network(self.cidr).prefixlen
        if prefix + (self.vswitches - 1).bit_length() > 29:
            raise ValueError(f"VPC {self.cidr} is too small for {self.vswitches} vSwitches.")


def _cidr(_instance: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    if value is None:
        return
    try:
        ipaddress.IPv4Network(value, strict=True)
    except ValueError as exc:
        raise ValueError(f"{attribute.name} {value!r} is not an IPv4 network ({exc}).") from exc


# Ports a web client reaches from anywhere; every other port is for administrators or services
# and is opened only to a source the user chooses (a parameter without a default).
WEB_PORTS = frozenset({80, 443})


@attrs.frozen
class SecurityGroupSpec:
    """A security group opening TCP `ports` (and UDP `udp_ports`).

    Web ports are open to `source_cidr`, else to the internet when `public_web`, else to the
    VPC; every other port to `source_cidr`, else to a parameter the user must fill in.
    """

    ports: tuple[int, ...] = attrs.field(default=(), converter=_ports)
    udp_ports: tuple[int, ...] = attrs.field(default=(), converter=_ports)
    source_cidr: str | None = attrs.field(default=None, validator=_cidr)
    public_web: bool = True
    vpc_ports: tuple[int, ...] = attrs.field(default=(), converter=_ports)  # from the VPC only
    # A source for single ports ("SSH only from 10.0.0.0/8"), before `source_cidr`.
    port_sources: tuple[tuple[int, str], ...] = attrs.field(
        default=(), converter=tuple[tuple[int, str], ...]
    )
    # Ports a public load balancer listens on: its backends take them like web ports.
    public_ports: tuple[int, ...] = attrs.field(default=(), converter=_ports)


@attrs.frozen
class EcsSpec:
    """`count` ECS instances, spread over the vSwitches; inventory as parameter defaults."""

    count: int = attrs.field(default=1, validator=_between(1, MAX_INSTANCES))
    instance_type: str = attrs.field(default="ecs.g7.large", validator=_text)
    image_id: str = attrs.field(default="aliyun_3_x64_20G_alibase_*", validator=_text)
    system_disk_category: str = attrs.field(default="cloud_essd", validator=_text)
    public_bandwidth: int = attrs.field(default=0, validator=_between(0, 100))
    data_disks: tuple[int, ...] = attrs.field(default=(), converter=tuple[int, ...])
    data_disk_category: str = attrs.field(default="cloud_essd", validator=_text)
    system_disk_size: int | None = None
    eip: bool = False  # one elastic IP per instance
    eip_bandwidth: int = attrs.field(default=5, validator=_between(1, 200))
    key_pair: bool = False  # log in with a key pair (a KeyPairName parameter)

    def __attrs_post_init__(self) -> None:
        if len(self.data_disks) > MAX_DATA_DISKS:
            raise ValueError(f"At most {MAX_DATA_DISKS} data disks per instance.")
        for disk in self.data_disks:
            if isinstance(disk, bool) or not isinstance(disk, int) or not 20 <= disk <= 32768:
                raise ValueError(f"A data disk of {disk} GB is not offered (20 to 32768 GB).")
        system = self.system_disk_size
        if system is not None and not 20 <= system <= 2048:
            raise ValueError(f"A system disk of {system} GB is not offered (20 to 2048 GB).")


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
    allowed_cidr: str | None = attrs.field(default=None, validator=_cidr)  # else the VPC


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
    versioning: bool = False  # keep every version of an object
    expire_days: int | None = attrs.field(default=None, validator=_between(1, 36500, optional=True))
    encrypted: bool = False  # server-side encryption with OSS-managed keys (AES256)


def _region(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not REGION_ID.fullmatch(value):
        raise ValueError(f"{value!r} is not a region id such as cn-hangzhou.")


NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{1,62}[A-Za-z0-9]")
SLS_PROJECT = re.compile(r"[a-z0-9][a-z0-9-]{1,61}[a-z0-9]")
REDIS_VERSIONS = ("5.0", "6.0", "7.0")
POLARDB_VERSIONS: dict[str, tuple[str, ...]] = {
    "MySQL": ("5.6", "5.7", "8.0"),
    "PostgreSQL": ("11", "14"),
}
MAX_TAGS = 20


@attrs.frozen
class NatSpec:
    """A NAT gateway in the first vSwitch with an elastic IP and SNAT for every vSwitch."""

    bandwidth: int = attrs.field(default=5, validator=_between(1, 200))


@attrs.frozen
class RedisSpec:
    """A Redis (KVStore) instance in the first vSwitch, reachable from the VPC."""

    version: str = attrs.field(default="7.0", validator=attrs.validators.in_(REDIS_VERSIONS))


def _polardb_version(instance: PolarDbSpec, _attribute: object, value: str) -> None:
    if value not in POLARDB_VERSIONS.get(instance.engine, ()):
        raise ValueError(f"PolarDB for {instance.engine} {value!r} is not offered.")


@attrs.frozen
class PolarDbSpec:
    """A pay-as-you-go PolarDB cluster in the first vSwitch, reachable from the VPC."""

    engine: str = attrs.field(default="MySQL", validator=attrs.validators.in_(POLARDB_VERSIONS))
    version: str = attrs.field(default="8.0", validator=_polardb_version)
    allowed_cidr: str | None = attrs.field(default=None, validator=_cidr)  # else the VPC


def _project(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not SLS_PROJECT.fullmatch(value):
        raise ValueError(f"{value!r} is not a valid SLS project name.")


@attrs.frozen
class SlsSpec:
    """A log service project with one logstore; without a name the stack asks for one."""

    project: str | None = attrs.field(default=None, validator=_project)
    ttl_days: int = attrs.field(default=30, validator=_between(1, 3650))


@attrs.frozen
class RamRoleSpec:
    """A RAM role that an Alibaba Cloud service (ECS by default) may assume."""

    service: str = attrs.field(
        default="ecs.aliyuncs.com",
        validator=attrs.validators.matches_re(r"[a-z0-9-]+\.aliyuncs\.com"),
    )


@attrs.frozen
class RamUserSpec:
    """A RAM user (no password, no access key: those are secrets the template must not hold),
    with read-only or full access to the template's OSS bucket when `bucket_access` says so."""

    bucket_access: Literal["read", "full"] | None = attrs.field(
        default=None, validator=attrs.validators.in_((None, "read", "full"))
    )


@attrs.frozen
class AckSpec:
    """A managed Kubernetes (ACK Pro) cluster over the vSwitches with a node pool."""

    nodes: int = attrs.field(default=3, validator=_between(1, 100))


@attrs.frozen
class EssSpec:
    """An auto scaling group of `min_size` to `max_size` instances over the vSwitches."""

    min_size: int = attrs.field(default=1, validator=_between(0, 1000))
    max_size: int = attrs.field(default=4, validator=_between(1, 1000))

    def __attrs_post_init__(self) -> None:
        if self.min_size > self.max_size:
            raise ValueError(f"A scaling group of {self.min_size} to {self.max_size} is empty.")


@attrs.frozen
class AlbSpec:
    """An application load balancer with an HTTP (80) or HTTPS (443) listener per port."""

    ports: tuple[int, ...] = attrs.field(default=(80,), converter=_ports)
    address_type: Literal["Internet", "Intranet"] = attrs.field(
        default="Internet", validator=attrs.validators.in_(("Internet", "Intranet"))
    )

    def __attrs_post_init__(self) -> None:
        if not self.ports or not set(self.ports) <= {80, 443}:
            raise ValueError("An application load balancer listens on 80 (HTTP) or 443 (HTTPS).")


def _name(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and not NAME.fullmatch(value):
        raise ValueError(
            f"{value!r} is not a resource name (3 to 64 letters, digits, '.', '_' and '-', "
            "starting with a letter)."
        )


def _tags(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, tuple | list):
        raise ValueError("Tags must be given as (key, value) pairs.")
    tags = tuple(dict((str(k), str(v)) for k, v in value).items())
    if len(tags) > MAX_TAGS:
        raise ValueError(f"At most {MAX_TAGS} tags.")
    for key, tag in tags:
        if not 1 <= len(key) <= 128 or len(tag) > 128 or key.lower().startswith(("aliyun", "acs:")):
            raise ValueError(f"{key!r} = {tag!r} is not a tag ROS accepts.")
    return tags


@attrs.frozen
class BlockRequest:
    """The blocks of one template. ECS, SLB and RDS imply a network; ECS implies a group."""

    network: NetworkSpec | None = None
    security_group: SecurityGroupSpec | None = None
    ecs: EcsSpec | None = None
    slb: SlbSpec | None = None
    rds: RdsSpec | None = None
    oss: OssSpec | None = None
    nat: NatSpec | None = None
    redis: RedisSpec | None = None
    polardb: PolarDbSpec | None = None
    sls: SlsSpec | None = None
    ram_role: RamRoleSpec | None = None
    ram_user: RamUserSpec | None = None
    ack: AckSpec | None = None
    ess: EssSpec | None = None
    alb: AlbSpec | None = None
    region: str | None = attrs.field(default=None, validator=_region)
    description: str | None = None
    name: str | None = attrs.field(default=None, validator=_name)  # names the resources
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_tags)
    # `ecs` describes the Kubernetes nodes only ("3 nodes of type ecs.g7.xlarge"): no instances.
    nodes_only: bool = False

    @property
    def instances(self) -> EcsSpec | None:
        """The ECS instances of their own: none when ESS launches them or they are the nodes."""
        return None if self.ess is not None or self.nodes_only else self.ecs

    def __attrs_post_init__(self) -> None:
        alone = (self.oss, self.sls, self.ram_role, self.ram_user)
        if all(block is None for block in (*self._networked, *alone)):
            raise ValueError("A BlockRequest needs at least one block.")
        if self.ram_user is not None and self.ram_user.bucket_access and self.oss is None:
            raise ValueError("A RAM user's bucket access needs an OSS bucket in the template.")

    @property
    def _networked(self) -> tuple[object | None, ...]:
        return (
            self.network,
            self.security_group,
            self.ecs,
            self.slb,
            self.rds,
            self.nat,
            self.redis,
            self.polardb,
            self.ack,
            self.ess,
            self.alb,
        )

    @property
    def needs_network(self) -> bool:
        return any(block is not None for block in self._networked)
