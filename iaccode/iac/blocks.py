"""Template building blocks: small functions that add a VPC, vSwitches, ECS, SLB, RDS or OSS to a
`TemplateBuilder`, and `compose`, which assembles a whole template from a `BlockRequest`.

The offline engine uses these to answer plain requests without a model, so every composed
template must pass `check_template` with no findings at all. That shapes the blocks:

- Inventory is a parameter with a console picker (`AssociationProperty`), never a literal:
  zones, instance type, image, disk category, load balancer spec, DB class. Defaults exist where
  a safe one exists; zone defaults only when the request names a region (`ZONES_BY_REGION`).
- CIDRs are literals carved with `ipaddress`, so the checker can prove vSwitches sit inside the
  VPC and do not overlap. N vSwitches share up to three zone parameters round-robin.
- ECS instances are `ALIYUN::ECS::InstanceGroup`s (the type ROS recommends; `MaxAmount` says
  how many), one per vSwitch they are spread over.
- Every parameter is used and every output has a Label.

`plan_from_text` (from `block_plan`) turns "a VPC with two vSwitches and an ECS instance" into a
`BlockRequest`, or returns None when the request is not one it understands.
"""

from __future__ import annotations

import ipaddress
from typing import Any

import attrs

from iaccode.iac.block_builder import Ref, TemplateBuilder, getatt, ref
from iaccode.iac.block_plan import plan_from_text
from iaccode.iac.block_spec import (
    BUCKET_NAME,
    WEB_PORTS,
    BlockRequest,
    EcsSpec,
    NetworkSpec,
    OssSpec,
    RdsSpec,
    SecurityGroupSpec,
    SlbSpec,
)
from iaccode.iac.blocks_platform import add_ack, add_alb, add_scaling_group
from iaccode.iac.blocks_services import (
    add_instance_eips,
    add_nat_gateway,
    add_polardb,
    add_ram_role,
    add_ram_user,
    add_redis,
    add_sls,
    label,
    password_parameter,
)
from iaccode.iac.msg import Msg, Value, and_list

__all__ = [
    "BlockRequest",
    "EcsSpec",
    "NetworkSpec",
    "OssSpec",
    "RdsSpec",
    "SecurityGroupSpec",
    "SlbSpec",
    "TemplateBuilder",
    "add_ecs",
    "add_oss_bucket",
    "add_rds",
    "add_security_group",
    "add_slb",
    "add_vpc",
    "add_vswitches",
    "carve_cidrs",
    "compose",
    "plan_from_text",
]

MAX_ZONES = 3
ZONE_ASSOCIATION = "ALIYUN::ECS::Instance::ZoneId"

# Zones that sell current ECS families in a few large regions: defaults only, the console picker
# lists what is in stock. Regions not listed get zone parameters without defaults.
ZONES_BY_REGION: dict[str, tuple[str, ...]] = {
    "cn-hangzhou": ("cn-hangzhou-h", "cn-hangzhou-i", "cn-hangzhou-j"),
    "cn-shanghai": ("cn-shanghai-e", "cn-shanghai-f", "cn-shanghai-g"),
    "cn-beijing": ("cn-beijing-h", "cn-beijing-i", "cn-beijing-j"),
    "cn-shenzhen": ("cn-shenzhen-c", "cn-shenzhen-d", "cn-shenzhen-e"),
    "ap-southeast-1": ("ap-southeast-1a", "ap-southeast-1b", "ap-southeast-1c"),
}

# Default DB classes (cloud disks, high availability) and character sets per engine.
_DB_CLASSES = {"MySQL": "mysql.n2.medium.2c", "PostgreSQL": "pg.n2.medium.2c"}
_CHARSETS = {"MySQL": "utf8mb4", "MariaDB": "utf8mb4", "PostgreSQL": "UTF8"}


def carve_cidrs(vpc_cidr: str, count: int) -> list[str]:
    """`count` non-overlapping vSwitch blocks from the start of the VPC block.

    Blocks are /24 in a /16 VPC (prefix + 8, at most /24, at least /16), smaller when the VPC is
    too small to hold `count` of them; ValueError when even /29 blocks do not fit.
    """
    network = ipaddress.IPv4Network(vpc_cidr, strict=True)
    bits = (count - 1).bit_length()
    prefix = max(network.prefixlen + bits, min(24, network.prefixlen + 8), 16)
    if prefix > 29 or count < 1:
        raise ValueError(f"VPC {vpc_cidr} cannot hold {count} vSwitches of at least /29.")
    subnets = network.subnets(new_prefix=prefix)
    return [str(next(subnets)) for _ in range(count)]


def add_vpc(builder: TemplateBuilder, cidr: str, name: str = "Vpc") -> str:
    vpc = builder.resource(name, "ALIYUN::ECS::VPC", {"CidrBlock": cidr})
    builder.output("VpcId", ref(vpc), "VPC ID")
    return vpc


def add_vswitches(
    builder: TemplateBuilder,
    vpc: str,
    vpc_cidr: str,
    count: int,
    *,
    region: str | None = None,
    zone_ids: tuple[str, ...] = (),
) -> list[tuple[str, Ref]]:
    """`count` vSwitches over min(count, 3) zone parameters; returns (logical id, zone Ref).

    The zones the user named are the parameters' defaults, else the region's usual zones.
    """
    zones: list[Ref] = []
    defaults = zone_ids or ZONES_BY_REGION.get(region or "", ())
    zone_count = min(count, MAX_ZONES)
    where = f" in {region}" if region else ""
    for index in range(zone_count):
        extra: dict[str, Any] = {"AssociationProperty": ZONE_ASSOCIATION}
        if index < len(defaults):
            extra["Default"] = defaults[index]
        served = [str(n + 1) for n in range(index, count, zone_count)]
        switches = "vSwitch " + served[0] if len(served) == 1 else "vSwitches " + ", ".join(served)
        zones.append(
            builder.parameter(
                f"ZoneId{index + 1}",
                "String",
                f"Zone {index + 1}",
                Description=f"Availability zone{where} of {switches}.",
                **extra,
            )
        )
    created: list[tuple[str, Ref]] = []
    for index, cidr in enumerate(carve_cidrs(vpc_cidr, count)):
        zone = zones[index % len(zones)]
        name = builder.resource(
            f"VSwitch{index + 1}",
            "ALIYUN::ECS::VSwitch",
            {"VpcId": ref(vpc), "CidrBlock": cidr, "ZoneId": zone},
        )
        builder.output(f"VSwitch{index + 1}Id", ref(name), f"vSwitch {index + 1} ID")
        created.append((name, zone))
    return created


def _ingress(protocol: str, port: int, source: Any) -> dict[str, Any]:
    return {
        "IpProtocol": protocol,
        "PortRange": f"{port}/{port}",
        "SourceCidrIp": source,
        "NicType": "intranet",
        "Priority": 1,
    }


_CIDR_PATTERN = r"^\d{1,3}(\.\d{1,3}){3}/\d{1,2}$"


def add_security_group(
    builder: TemplateBuilder, vpc: str, spec: SecurityGroupSpec, vpc_cidr: str
) -> str:
    """A security group in `vpc` that opens the spec's ports, each no wider than allowed.

    Web ports (80, 443) reach the user's source CIDR, else the internet when the spec is public,
    else the VPC. Every other port (SSH, RDP, databases, anything custom) reaches the user's
    source CIDR, else the AdminCidr parameter, which has no default: nobody opens a management
    port to the internet by accident.
    """
    properties: dict[str, Any] = {"VpcId": ref(vpc)}
    web_source: Any = spec.source_cidr or ("0.0.0.0/0" if spec.public_web else vpc_cidr)
    admin_source: Any = spec.source_cidr
    rules: list[dict[str, Any]] = []
    narrowed = dict(spec.port_sources)
    for protocol, ports in (("tcp", spec.ports), ("udp", spec.udp_ports)):
        for port in ports:
            if port in narrowed:
                source = narrowed[port]
            elif protocol == "tcp" and (port in WEB_PORTS or port in spec.public_ports):
                source = web_source
            else:
                if admin_source is None:
                    admin_source = builder.parameter(
                        "AdminCidr",
                        "String",
                        "Administrator source CIDR",
                        Description="The only addresses that may reach the non-web ports "
                        "(SSH, RDP, databases, custom ports), e.g. your office network.",
                        AllowedPattern=_CIDR_PATTERN,
                    )
                source = admin_source
            rules.append(_ingress(protocol, port, source))
    for port in spec.vpc_ports:
        if port not in spec.ports:  # a load balancer in the VPC forwards to it
            rules.append(_ingress("tcp", port, vpc_cidr))
    if rules:
        properties["SecurityGroupIngress"] = rules
    group = builder.resource("SecurityGroup", "ALIYUN::ECS::SecurityGroup", properties)
    builder.output("SecurityGroupId", ref(group), "Security group ID")
    return group


def instance_launch(builder: TemplateBuilder, spec: EcsSpec, first_zone: str) -> dict[str, Any]:
    """The launch properties of `spec`'s instances (type, image, disks) with their parameters,
    shared by instance groups and scaling configurations."""
    instance_type = builder.parameter(
        "InstanceType",
        "String",
        "Instance type",
        Default=spec.instance_type,
        AssociationProperty="ALIYUN::ECS::Instance::InstanceType",
        AssociationPropertyMetadata={"ZoneId": "${" + first_zone + "}"},
    )
    image = builder.parameter(
        "ImageId",
        "String",
        "Image",
        Description="Image ID; a trailing * picks the newest matching public image.",
        Default=spec.image_id,
        AssociationProperty="ALIYUN::ECS::Image::ImageId",
        AssociationPropertyMetadata={"InstanceType": "${InstanceType}"},
    )
    disk = builder.parameter(
        "SystemDiskCategory",
        "String",
        "System disk category",
        Default=spec.system_disk_category,
        AssociationProperty="ALIYUN::ECS::Disk::SystemDiskCategory",
        AssociationPropertyMetadata={
            "ZoneId": "${" + first_zone + "}",
            "InstanceType": "${InstanceType}",
        },
    )
    launch: dict[str, Any] = {"InstanceType": instance_type, "ImageId": image}
    launch["SystemDiskCategory"] = disk
    if spec.public_bandwidth:
        launch["InternetMaxBandwidthOut"] = spec.public_bandwidth
    if spec.system_disk_size is not None:
        launch["SystemDiskSize"] = spec.system_disk_size
    if spec.key_pair:
        launch["KeyPairName"] = builder.parameter(
            "KeyPairName",
            "String",
            "Key pair",
            AssociationProperty="ALIYUN::ECS::KeyPair::KeyPairName",
        )
    if spec.data_disks:
        launch["DiskMappings"] = [
            {"Size": str(size), "Category": _data_disk_category(builder, spec, first_zone)}
            for size in spec.data_disks
        ]
    return launch


def add_ecs(
    builder: TemplateBuilder,
    spec: EcsSpec,
    vpc: str,
    vswitches: list[tuple[str, Ref]],
    security_group: str,
) -> list[str]:
    """Instance groups spreading `spec.count` instances over the vSwitches, round-robin."""
    launch = instance_launch(builder, spec, vswitches[0][1]["Ref"])
    properties_first = ("InstanceType", "ImageId", "SystemDiskCategory")
    amounts = [0] * len(vswitches)
    for index in range(spec.count):
        amounts[index % len(vswitches)] += 1
    groups: list[str] = []
    for number, ((vswitch, _zone), amount) in enumerate(zip(vswitches, amounts, strict=True), 1):
        if amount == 0:
            continue
        properties: dict[str, Any] = {
            "InstanceType": launch["InstanceType"],
            "ImageId": launch["ImageId"],
            "SystemDiskCategory": launch["SystemDiskCategory"],
            "VpcId": ref(vpc),
            "VSwitchId": ref(vswitch),
            "SecurityGroupId": ref(security_group),
            "MaxAmount": amount,
            **{key: value for key, value in launch.items() if key not in properties_first},
        }
        group = builder.resource(f"EcsGroup{number}", "ALIYUN::ECS::InstanceGroup", properties)
        builder.output(
            f"{group}InstanceIds", getatt(group, "InstanceIds"), f"ECS instances {number}"
        )
        builder.output(f"{group}PrivateIps", getatt(group, "PrivateIps"), f"Private IPs {number}")
        if spec.public_bandwidth:
            builder.output(f"{group}PublicIps", getatt(group, "PublicIps"), f"Public IPs {number}")
        groups.append(group)
    return groups


def _data_disk_category(builder: TemplateBuilder, spec: EcsSpec, zone: str) -> Ref:
    """The DataDiskCategory parameter, added the first time a data disk needs it."""
    if "DataDiskCategory" in builder.parameters:
        return ref("DataDiskCategory")
    return builder.parameter(
        "DataDiskCategory",
        "String",
        "Data disk category",
        Default=spec.data_disk_category,
        AssociationProperty="ALIYUN::ECS::Disk::DataDiskCategory",
        AssociationPropertyMetadata={
            "ZoneId": "${" + zone + "}",
            "InstanceType": "${InstanceType}",
        },
    )


def add_slb(
    builder: TemplateBuilder, spec: SlbSpec, vpc: str, vswitch: str, backends: list[str]
) -> str:
    """A load balancer with a TCP listener per port and the instance groups as backends."""
    size = builder.parameter(
        "LoadBalancerSpec",
        "String",
        "Load balancer spec",
        Default=spec.spec,
        AssociationProperty="ALIYUN::SLB::Instance::InstanceType",
    )
    slb = builder.resource(
        "LoadBalancer",
        "ALIYUN::SLB::LoadBalancer",
        {
            "AddressType": spec.address_type,
            "VpcId": ref(vpc),
            "VSwitchId": ref(vswitch),
            "LoadBalancerSpec": size,
        },
    )
    for port in spec.ports:
        builder.resource(
            f"Listener{port}",
            "ALIYUN::SLB::Listener",
            {
                "LoadBalancerId": ref(slb),
                "ListenerPort": port,
                "BackendServerPort": port,
                "Protocol": "tcp",
                "Bandwidth": -1,
            },
        )
    if backends:
        ids = [getatt(group, "InstanceIds") for group in backends]
        builder.resource(
            "LoadBalancerBackends",
            "ALIYUN::SLB::BackendServerAttachment",
            {
                "LoadBalancerId": ref(slb),
                "BackendServerList": ids[0] if len(ids) == 1 else {"Fn::ListMerge": ids},
            },
        )
    builder.output("LoadBalancerAddress", getatt(slb, "IpAddress"), "Load balancer address")
    return slb


def add_rds(
    builder: TemplateBuilder,
    spec: RdsSpec,
    vpc: str,
    vswitch: tuple[str, Ref],
    allowed_cidr: str,
) -> str:
    """An RDS instance in `vswitch` reachable from `allowed_cidr`, plus account and database."""
    class_fields: dict[str, Any] = {
        "AssociationProperty": "ALIYUN::RDS::Instance::InstanceType",
        "AssociationPropertyMetadata": {
            "Engine": spec.engine,
            "EngineVersion": spec.version,
            "ZoneId": "${" + vswitch[1]["Ref"] + "}",
        },
    }
    if spec.engine in _DB_CLASSES:
        class_fields["Default"] = _DB_CLASSES[spec.engine]
    db_class = builder.parameter("DBInstanceClass", "String", "Database class", **class_fields)
    storage = builder.parameter(
        "DBInstanceStorage",
        "Number",
        "Storage (GB)",
        Default=spec.storage_gb,
        MinValue=20,
        MaxValue=32000,
    )
    properties: dict[str, Any] = {
        "Engine": spec.engine,
        "EngineVersion": spec.version,
        "DBInstanceClass": db_class,
        "DBInstanceStorage": storage,
        "DBInstanceStorageType": "cloud_essd",
        "VpcId": ref(vpc),
        "VSwitchId": ref(vswitch[0]),
        "ZoneId": vswitch[1],
        "SecurityIPList": allowed_cidr,
        "PayType": "Postpaid",
    }
    if spec.engine in _DB_CLASSES:
        properties["Category"] = "HighAvailability"
    db = builder.resource("Database", "ALIYUN::RDS::DBInstance", properties)
    if spec.account:
        name = builder.parameter(
            "DBAccountName",
            "String",
            "Database account",
            Default="dbadmin",
            AllowedPattern="^[a-z][a-z0-9_]{1,30}[a-z0-9]$",
        )
        password = password_parameter(builder, "DBPassword", "Database password")
        builder.resource(
            "DatabaseAccount",
            "ALIYUN::RDS::Account",
            {"DBInstanceId": ref(db), "AccountName": name, "AccountPassword": password},
        )
    if spec.database:
        db_name = builder.parameter(
            "DBName",
            "String",
            "Database name",
            Default="appdb",
            AllowedPattern="^[a-z][a-z0-9_-]{0,62}[a-z0-9]$",
        )
        builder.resource(
            "AppDatabase",
            "ALIYUN::RDS::Database",
            {
                "DBInstanceId": ref(db),
                "DBName": db_name,
                "CharacterSetName": _CHARSETS[spec.engine],
            },
        )
    builder.output("DBInstanceId", ref(db), "Database instance ID")
    builder.output(
        "DBConnectionString", getatt(db, "InnerConnectionString"), "Database address (VPC)"
    )
    builder.output("DBPort", getatt(db, "InnerPort"), "Database port")
    return db


def add_oss_bucket(builder: TemplateBuilder, spec: OssSpec) -> str:
    fields: dict[str, Any] = {
        "Description": "Globally unique bucket name.",
        "AllowedPattern": f"^{BUCKET_NAME.pattern}$",
    }
    if spec.bucket_name is not None:
        fields["Default"] = spec.bucket_name
    name = builder.parameter("BucketName", "String", "Bucket name", **fields)
    properties: dict[str, Any] = {"BucketName": name, "AccessControl": spec.acl}
    if spec.versioning:
        properties["VersioningConfiguration"] = {"Status": "Enabled"}
    if spec.expire_days is not None:
        rule = {
            "ID": f"expire-after-{spec.expire_days}-days",
            "Prefix": "",  # every object
            "Status": "Enabled",
            "Expiration": {"Days": spec.expire_days},
        }
        properties["LifecycleConfiguration"] = {"Rule": [rule]}
    if spec.encrypted:
        properties["ServerSideEncryptionConfiguration"] = {"SSEAlgorithm": "AES256"}
    bucket = builder.resource("Bucket", "ALIYUN::OSS::Bucket", properties)
    builder.output("BucketDomainName", getatt(bucket, "DomainName"), "Bucket domain name")
    return bucket


def describe_request(request: BlockRequest) -> Msg:
    """One sentence naming what the template creates (its English rendering is the template's
    Description; the offline engine shows it in the reader's language)."""
    parts: list[Value] = []
    if request.needs_network:
        network = request.network or NetworkSpec()
        if network.vswitches == 1:
            parts.append(Msg("a VPC ({cidr}) with 1 vSwitch", cidr=network.cidr))
        else:
            parts.append(
                Msg(
                    "a VPC ({cidr}) with {count} vSwitches",
                    cidr=network.cidr,
                    count=network.vswitches,
                )
            )
    if request.security_group is not None or (request.ecs is not None and not request.nodes_only):
        parts.append(Msg("a security group"))
    if request.instances is not None:
        count = request.instances.count
        if count == 1:
            parts.append(Msg("1 ECS instance"))
        else:
            parts.append(Msg("{count} ECS instances", count=count))
    if request.slb is not None:
        parts.append(Msg("a load balancer"))
    if request.rds is not None:
        parts.append(
            Msg(
                "an RDS {engine} {version} instance",
                engine=request.rds.engine,
                version=request.rds.version,
            )
        )
    if request.ecs is not None and request.ecs.eip:
        parts.append(Msg("an elastic IP per instance"))
    if request.nat is not None:
        parts.append(Msg("a NAT gateway with an elastic IP and SNAT"))
    if request.redis is not None:
        parts.append(Msg("a Redis {version} instance", version=request.redis.version))
    if request.polardb is not None:
        parts.append(
            Msg(
                "a PolarDB {engine} {version} cluster",
                engine=request.polardb.engine,
                version=request.polardb.version,
            )
        )
    if request.alb is not None:
        parts.append(Msg("an application load balancer"))
    if request.ess is not None:
        parts.append(
            Msg(
                "an auto scaling group of {low} to {high} instances",
                low=request.ess.min_size,
                high=request.ess.max_size,
            )
        )
    if request.ack is not None:
        parts.append(Msg("a Kubernetes cluster with {count} nodes", count=request.ack.nodes))
    if request.oss is not None:
        parts.append(Msg("an OSS bucket"))
    if request.ram_user is not None:
        access = request.ram_user.bucket_access
        if access == "read":
            parts.append(Msg("a RAM user with read-only access to the bucket"))
        elif access == "full":
            parts.append(Msg("a RAM user with full access to the bucket"))
        else:
            parts.append(Msg("a RAM user"))
    if request.sls is not None:
        parts.append(Msg("a log project with a logstore"))
    if request.ram_role is not None:
        parts.append(Msg("a RAM role for {service}", service=request.ram_role.service))
    if request.region:
        return Msg(
            "Creates {listed} in {region} (iaccode building blocks).",
            listed=and_list(parts),
            region=request.region,
        )
    return Msg("Creates {listed} (iaccode building blocks).", listed=and_list(parts))


def _node_type(builder: TemplateBuilder, ecs: EcsSpec | None, zone: str) -> Ref:
    """The node instance type parameter of a Kubernetes cluster (4 vCPUs, 16 GiB unless the
    request names one)."""
    if "InstanceType" in builder.parameters:
        return ref("InstanceType")
    return builder.parameter(
        "NodeInstanceType",
        "String",
        "Node instance type",
        Default=ecs.instance_type if ecs is not None else "ecs.g7.xlarge",
        AssociationProperty="ALIYUN::ECS::Instance::InstanceType",
        AssociationPropertyMetadata={"ZoneId": "${" + zone + "}"},
    )


def compose(request: BlockRequest) -> dict[str, Any]:
    """The ROS template for `request`; it passes `check_template` with no findings."""
    builder = TemplateBuilder(description=request.description or str(describe_request(request)))
    vswitches: list[tuple[str, Ref]] = []
    vpc = ""
    network = request.network or NetworkSpec()
    if request.needs_network:
        vpc = add_vpc(builder, network.cidr)
        vswitches = add_vswitches(
            builder,
            vpc,
            network.cidr,
            network.vswitches,
            region=request.region,
            zone_ids=network.zones,
        )
    group = ""
    if request.security_group is not None or (request.ecs is not None and not request.nodes_only):
        spec = request.security_group or SecurityGroupSpec()
        if request.slb is not None and request.ecs is not None:
            # Backends must accept what the load balancer forwards.
            public = request.slb.ports if request.slb.address_type == "internet" else ()
            spec = attrs.evolve(spec, ports=(*spec.ports, *request.slb.ports), public_ports=public)
        if request.alb is not None and request.ecs is not None:
            spec = attrs.evolve(spec, vpc_ports=(80,))  # the ALB forwards HTTP from the VPC
        group = add_security_group(builder, vpc, spec, network.cidr)
    backends: list[str] = []
    sized: list[tuple[str, int]] = []
    if request.ecs is not None and request.instances is not None:
        backends = add_ecs(builder, request.ecs, vpc, vswitches, group)
        sized = [(name, builder.resources[name]["Properties"]["MaxAmount"]) for name in backends]
        if request.ecs.eip:
            add_instance_eips(builder, sized, request.ecs.eip_bandwidth)
    slb = None
    if request.slb is not None:
        slb = add_slb(builder, request.slb, vpc, vswitches[0][0], backends)
    if request.alb is not None:
        add_alb(builder, request.alb, vpc, vswitches, sized)
    if request.ess is not None:
        if not group:
            group = add_security_group(builder, vpc, SecurityGroupSpec(), network.cidr)
        zone = vswitches[0][1]["Ref"]
        launch = instance_launch(builder, request.ecs or EcsSpec(), zone)
        add_scaling_group(builder, request.ess, vswitches, group, launch, slb)
    if request.ack is not None:
        add_ack(
            builder,
            request.ack,
            vpc,
            network.cidr,
            vswitches,
            _node_type(builder, request.ecs, vswitches[0][1]["Ref"]),
            snat=request.nat is None,
        )
    if request.rds is not None:
        add_rds(builder, request.rds, vpc, vswitches[0], request.rds.allowed_cidr or network.cidr)
    if request.nat is not None:
        add_nat_gateway(builder, request.nat, vpc, vswitches)
    if request.redis is not None:
        add_redis(builder, request.redis, vpc, vswitches[0])
    if request.polardb is not None:
        allowed = request.polardb.allowed_cidr or network.cidr
        add_polardb(builder, request.polardb, vpc, vswitches[0], allowed)
    bucket = add_oss_bucket(builder, request.oss) if request.oss is not None else None
    if request.sls is not None:
        add_sls(builder, request.sls)
    if request.ram_role is not None:
        add_ram_role(builder, request.ram_role)
    if request.ram_user is not None:
        add_ram_user(builder, request.ram_user, bucket)
    label(builder.resources, request.name, request.tags)
    return builder.build()
