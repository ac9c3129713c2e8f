"""Building blocks beyond network and compute: NAT gateway with EIP and SNAT, elastic IPs for
instances, Redis (KVStore), PolarDB, a log service project, a RAM role; and `label`, which names
and tags what the other blocks made.

Same rules as `blocks`: what the user must choose (instance classes, passwords, names that are
global) is a parameter, with a console picker (`AssociationProperty`) where ROS has one; the
databases are reachable from the VPC only; every output has a Label. The ROS type and property
names follow the vendor's resource specifications (the ROS CDK).
"""

from __future__ import annotations

from typing import Any

from iaccode.iac.block_builder import Ref, TemplateBuilder, getatt, ref
from iaccode.iac.block_spec import (
    POLARDB_VERSIONS,
    REDIS_VERSIONS,
    SLS_PROJECT,
    NatSpec,
    PolarDbSpec,
    RamRoleSpec,
    RamUserSpec,
    RedisSpec,
    SlsSpec,
)

_POLARDB_CLASSES = {"MySQL": "polar.mysql.x4.medium", "PostgreSQL": "polar.pg.x4.medium"}


def add_nat_gateway(
    builder: TemplateBuilder, spec: NatSpec, vpc: str, vswitches: list[tuple[str, Ref]]
) -> str:
    """An enhanced NAT gateway in the first vSwitch, an EIP bound to it, and one SNAT entry per
    vSwitch, so instances without public IPs reach the internet (and nothing reaches them)."""
    nat = builder.resource(
        "NatGateway",
        "ALIYUN::VPC::NatGateway",
        {
            "VpcId": ref(vpc),
            "VSwitchId": ref(vswitches[0][0]),
            "NatType": "Enhanced",
            "NetworkType": "internet",
            "InstanceChargeType": "PostPaid",
        },
    )
    eip = builder.resource(
        "NatEip",
        "ALIYUN::VPC::EIP",
        {"Bandwidth": spec.bandwidth, "InternetChargeType": "PayByTraffic"},
    )
    bind = builder.resource(
        "NatEipAssociation",
        "ALIYUN::VPC::EIPAssociation",
        {"AllocationId": getatt(eip, "AllocationId"), "InstanceId": ref(nat)},
    )
    for number, (vswitch, _zone) in enumerate(vswitches, 1):
        builder.resource(
            f"SnatEntry{number}",
            "ALIYUN::VPC::SnatEntry",
            {
                "SnatTableId": getatt(nat, "SNatTableId"),
                "SnatIp": getatt(eip, "EipAddress"),
                "SourceVSwitchIds": [ref(vswitch)],
            },
            depends_on=bind,
        )
    builder.output("NatGatewayId", ref(nat), "NAT gateway ID")
    builder.output("NatPublicIp", getatt(eip, "EipAddress"), "NAT public IP")
    return nat


def add_instance_eips(
    builder: TemplateBuilder, groups: list[tuple[str, int]], bandwidth: int = 5
) -> None:
    """One elastic IP of `bandwidth` Mbps for each instance of each (instance group, size)."""
    number = 0
    for group, amount in groups:
        for index in range(amount):
            number += 1
            eip = builder.resource(
                f"Eip{number}",
                "ALIYUN::VPC::EIP",
                {"Bandwidth": bandwidth, "InternetChargeType": "PayByTraffic"},
            )
            instance = {"Fn::Select": [index, getatt(group, "InstanceIds")]}
            builder.resource(
                f"Eip{number}Association",
                "ALIYUN::VPC::EIPAssociation",
                {"AllocationId": getatt(eip, "AllocationId"), "InstanceId": instance},
            )
            builder.output(f"Eip{number}Address", getatt(eip, "EipAddress"), f"Elastic IP {number}")


def password_parameter(builder: TemplateBuilder, name: str, label: str) -> Ref:
    """A NoEcho password parameter with the length and character rules of Alibaba Cloud."""
    return builder.parameter(
        name,
        "String",
        label,
        NoEcho=True,
        MinLength=8,
        MaxLength=32,
        Description="8 to 32 characters with three of: upper case, lower case, digits, "
        "special characters.",
    )


def add_redis(builder: TemplateBuilder, spec: RedisSpec, vpc: str, vswitch: tuple[str, Ref]) -> str:
    """A pay-as-you-go Redis instance in `vswitch`; its class and password are parameters."""
    instance_class = builder.parameter(
        "RedisInstanceClass",
        "String",
        "Redis instance class",
        Description="Instance class, e.g. redis.shard.small.2.ce (1 GB, cloud-native).",
    )
    version = builder.parameter(
        "RedisEngineVersion",
        "String",
        "Redis version",
        Default=spec.version,
        AllowedValues=list(REDIS_VERSIONS),
    )
    redis = builder.resource(
        "Redis",
        "ALIYUN::REDIS::Instance",
        {
            "InstanceClass": instance_class,
            "EngineVersion": version,
            "VpcId": ref(vpc),
            "VSwitchId": ref(vswitch[0]),
            "ZoneId": vswitch[1],
            "Password": password_parameter(builder, "RedisPassword", "Redis password"),
            "ChargeType": "PostPaid",
        },
    )
    builder.output("RedisInstanceId", getatt(redis, "InstanceId"), "Redis instance ID")
    builder.output("RedisConnection", getatt(redis, "ConnectionDomain"), "Redis address (VPC)")
    builder.output("RedisPort", getatt(redis, "Port"), "Redis port")
    return redis


def add_polardb(
    builder: TemplateBuilder,
    spec: PolarDbSpec,
    vpc: str,
    vswitch: tuple[str, Ref],
    allowed_cidr: str,
) -> str:
    """A pay-as-you-go PolarDB cluster in `vswitch`, reachable from `allowed_cidr`."""
    node_class = builder.parameter(
        "PolarDBNodeClass",
        "String",
        "PolarDB node class",
        Default=_POLARDB_CLASSES[spec.engine],
        AssociationProperty="ALIYUN::POLARDB::DBCluster::DBNodeClass",
    )
    version = builder.parameter(
        "PolarDBVersion",
        "String",
        "PolarDB version",
        Default=spec.version,
        AllowedValues=list(POLARDB_VERSIONS[spec.engine]),
    )
    cluster = builder.resource(
        "PolarDBCluster",
        "ALIYUN::POLARDB::DBCluster",
        {
            "DBType": spec.engine,
            "DBVersion": version,
            "DBNodeClass": node_class,
            "PayType": "PostPaid",
            "VpcId": ref(vpc),
            "VSwitchId": ref(vswitch[0]),
            "ZoneId": vswitch[1],
            "SecurityIPList": allowed_cidr,
        },
    )
    builder.output("PolarDBClusterId", getatt(cluster, "DBClusterId"), "PolarDB cluster ID")
    builder.output(
        "PolarDBConnection", getatt(cluster, "PrimaryConnectionString"), "PolarDB address"
    )
    return cluster


def add_sls(builder: TemplateBuilder, spec: SlsSpec) -> str:
    """A log service project (its name is a parameter: names are unique in a region) and one
    logstore keeping logs `spec.ttl_days` days."""
    fields: dict[str, Any] = {
        "Description": "Project name, unique in the region.",
        "AllowedPattern": f"^{SLS_PROJECT.pattern}$",
    }
    if spec.project is not None:
        fields["Default"] = spec.project
    name = builder.parameter("SlsProjectName", "String", "Log project name", **fields)
    project = builder.resource("SlsProject", "ALIYUN::SLS::Project", {"Name": name})
    store = builder.resource(
        "SlsLogstore",
        "ALIYUN::SLS::Logstore",
        {"ProjectName": getatt(project, "Name"), "LogstoreName": "logs", "TTL": spec.ttl_days},
    )
    builder.output("SlsProjectOutput", getatt(project, "Name"), "Log project")
    builder.output("SlsLogstoreName", getatt(store, "LogstoreName"), "Logstore")
    return project


def add_ram_role(builder: TemplateBuilder, spec: RamRoleSpec) -> str:
    """A RAM role that `spec.service` may assume; it gets no policy until someone attaches one."""
    name = builder.parameter(
        "RamRoleName",
        "String",
        "RAM role name",
        AllowedPattern="^[a-zA-Z0-9.-]{1,64}$",
    )
    role = builder.resource(
        "RamRole",
        "ALIYUN::RAM::Role",
        {
            "RoleName": name,
            "AssumeRolePolicyDocument": {
                "Version": "1",
                "Statement": [
                    {
                        "Action": "sts:AssumeRole",
                        "Effect": "Allow",
                        "Principal": {"Service": [spec.service]},
                    }
                ],
            },
        },
    )
    builder.output("RamRoleArn", getatt(role, "Arn"), "RAM role ARN")
    return role


# What a RAM user may do with the template's bucket: Alibaba Cloud's AliyunOSSReadOnlyAccess
# actions for "read", every action for "full", on the bucket and its objects only.
_BUCKET_ACTIONS = {"read": ["oss:Get*", "oss:List*"], "full": ["oss:*"]}


def add_ram_user(builder: TemplateBuilder, spec: RamUserSpec, bucket: str | None) -> str:
    """A RAM user, without password or access key (secrets a template must not hold); with
    `spec.bucket_access`, a custom policy on `bucket` (its logical id) attached to it."""
    name = builder.parameter(
        "RamUserName",
        "String",
        "RAM user name",
        Description="Letters, digits and hyphens; it also names the user's bucket policy.",
        AllowedPattern="^[a-zA-Z0-9-]{1,50}$",
    )
    user = builder.resource("RamUser", "ALIYUN::RAM::User", {"UserName": name})
    builder.output("RamUserOutput", getatt(user, "UserName"), "RAM user name")
    if spec.bucket_access is None or bucket is None:
        return user
    bucket_name = getatt(bucket, "Name")
    arns = [
        {"Fn::Join": ["", ["acs:oss:*:*:", bucket_name]]},
        {"Fn::Join": ["", ["acs:oss:*:*:", bucket_name, "/*"]]},
    ]
    statement = {"Effect": "Allow", "Action": _BUCKET_ACTIONS[spec.bucket_access], "Resource": arns}
    policy = builder.resource(
        "RamUserBucketPolicy",
        "ALIYUN::RAM::ManagedPolicy",
        {
            "PolicyName": {"Fn::Join": ["-", [name, "oss", spec.bucket_access]]},
            "Description": "Access to the bucket of this stack",
            "PolicyDocument": {"Version": "1", "Statement": [statement]},
        },
    )
    builder.resource(
        "RamUserBucketAccess",
        "ALIYUN::RAM::AttachPolicyToUser",
        {
            "PolicyName": getatt(policy, "PolicyName"),
            "PolicyType": "Custom",
            "UserName": getatt(user, "UserName"),
        },
    )
    return user


# Where a resource type keeps its name, and how it takes tags (a list of Key/Value pairs, or a
# mapping), from the vendor's resource specifications.
_NAME_PROPERTY = {
    "ALIYUN::ECS::VPC": "VpcName",
    "ALIYUN::ECS::VSwitch": "VSwitchName",
    "ALIYUN::ECS::SecurityGroup": "SecurityGroupName",
    "ALIYUN::ECS::InstanceGroup": "InstanceName",
    "ALIYUN::SLB::LoadBalancer": "LoadBalancerName",
    "ALIYUN::RDS::DBInstance": "DBInstanceDescription",
    "ALIYUN::VPC::NatGateway": "NatGatewayName",
    "ALIYUN::VPC::EIP": "Name",
    "ALIYUN::REDIS::Instance": "InstanceName",
    "ALIYUN::POLARDB::DBCluster": "DBClusterDescription",
}
_LIST_TAGS = frozenset(
    {
        "ALIYUN::ECS::VPC",
        "ALIYUN::ECS::VSwitch",
        "ALIYUN::ECS::SecurityGroup",
        "ALIYUN::ECS::InstanceGroup",
        "ALIYUN::SLB::LoadBalancer",
        "ALIYUN::VPC::NatGateway",
        "ALIYUN::VPC::EIP",
        "ALIYUN::REDIS::Instance",
        "ALIYUN::POLARDB::DBCluster",
        "ALIYUN::SLS::Project",
        "ALIYUN::RAM::Role",
    }
)
_MAP_TAGS = frozenset({"ALIYUN::RDS::DBInstance", "ALIYUN::OSS::Bucket"})


def label(
    resources: dict[str, dict[str, Any]], name: str | None, tags: tuple[tuple[str, str], ...]
) -> None:
    """Name every resource that has a name (`name`, or `name-2`... when a type repeats) and tag
    every resource that takes tags."""
    seen: dict[str, int] = {}
    for entry in resources.values():
        kind = entry["Type"]
        properties = entry["Properties"]
        if name is not None and kind in _NAME_PROPERTY:
            seen[kind] = seen.get(kind, 0) + 1
            suffix = "" if seen[kind] == 1 else f"-{seen[kind]}"
            properties[_NAME_PROPERTY[kind]] = name + suffix
        if tags and kind in _LIST_TAGS:
            properties["Tags"] = [{"Key": key, "Value": value} for key, value in tags]
        elif tags and kind in _MAP_TAGS:
            properties["Tags"] = dict(tags)
