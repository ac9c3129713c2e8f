"""The table behind `convert_terraform`: which alicloud_* resource becomes which ROS resource.

One `ResourceRule` per Terraform type says which ROS type it becomes, which argument feeds which
property (and how: as is, as a ROS tag list, the first of a list, ...), which Terraform
attributes are which `Fn::GetAtt` names, and which defaults Terraform applies silently but ROS
requires spelled out. The property and attribute names come from the ROS resource docs and the
ros-cdk assemblies (`spec/iac-code-reference.md` 3.4, 3.6); GetAtt names must be ones that
the ROS schema (`ros_schema`) knows, which the tests check.

`id` is never in `attributes`: it is the resource's physical id, which is what `Ref` returns for
every type here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from iaccode.iac.msg import Msg

PropertyKind = Literal[
    "value",  # converted as is
    "tags",  # {k = v} -> [{Key: k, Value: v}] (ECS, VPC, SLB, RDS tags)
    "tag_map",  # {k = v} kept as a map (OSS bucket tags)
    "join",  # list -> "a,b" (RDS SecurityIPList)
    "lower",  # literal text lower-cased (SLB charge types)
    "list",  # a single value becomes a one-item list
    "security_groups",  # one group -> SecurityGroupId, several -> SecurityGroupIds
]


@attrs.frozen
class Prop:
    """Where one Terraform argument goes."""

    ros: str
    kind: PropertyKind = "value"


def _props(**mapping: str | Prop) -> dict[str, Prop]:
    return {
        key: value if isinstance(value, Prop) else Prop(value) for key, value in mapping.items()
    }


@attrs.frozen
class ResourceRule:
    """How one Terraform resource type (or one variant of it) maps to a ROS type."""

    ros_type: str
    properties: Mapping[str, Prop]
    attributes: Mapping[str, str] = attrs.field(factory=dict)
    defaults: Mapping[str, object] = attrs.field(factory=dict)
    vpc_from_vswitch: bool = False
    ignored: frozenset[str] = frozenset()  # arguments used up without becoming a property


@attrs.frozen
class Variants:
    """A Terraform type that becomes one of several ROS types by the literal value of `key`."""

    key: str
    choices: Mapping[str, ResourceRule]
    default: str


_COMMON_TAGS = Prop("Tags", "tags")

VPC = ResourceRule(
    "ALIYUN::ECS::VPC",
    _props(
        cidr_block="CidrBlock",
        vpc_name="VpcName",
        name="VpcName",
        description="Description",
        enable_ipv6="EnableIpv6",
        resource_group_id="ResourceGroupId",
        tags=_COMMON_TAGS,
    ),
    attributes={
        "vpc_name": "VpcName",
        "name": "VpcName",
        "router_id": "VRouterId",
        "route_table_id": "RouteTableId",
    },
)

VSWITCH = ResourceRule(
    "ALIYUN::ECS::VSwitch",
    _props(
        vpc_id="VpcId",
        cidr_block="CidrBlock",
        zone_id="ZoneId",
        availability_zone="ZoneId",
        vswitch_name="VSwitchName",
        name="VSwitchName",
        description="Description",
        tags=_COMMON_TAGS,
    ),
    attributes={
        "cidr_block": "CidrBlock",
        "vswitch_name": "VSwitchName",
        "name": "VSwitchName",
        "ipv6_cidr_block": "Ipv6CidrBlock",
    },
)

SECURITY_GROUP = ResourceRule(
    "ALIYUN::ECS::SecurityGroup",
    _props(
        vpc_id="VpcId",
        security_group_name="SecurityGroupName",
        name="SecurityGroupName",
        description="Description",
        security_group_type="SecurityGroupType",
        resource_group_id="ResourceGroupId",
        tags=_COMMON_TAGS,
    ),
)

_RULE_COMMON = _props(
    security_group_id="SecurityGroupId",
    ip_protocol="IpProtocol",
    port_range="PortRange",
    policy="Policy",
    priority="Priority",
    nic_type="NicType",
    description="Description",
)
# Terraform's own defaults: port_range "-1/-1"; ROS requires PortRange, so it is spelled out.
_RULE_DEFAULTS: Mapping[str, object] = {"PortRange": "-1/-1"}

SECURITY_GROUP_RULE = Variants(
    key="type",
    choices={
        "ingress": ResourceRule(
            "ALIYUN::ECS::SecurityGroupIngress",
            {
                **_RULE_COMMON,
                **_props(cidr_ip="SourceCidrIp", source_security_group_id="SourceGroupId"),
            },
            defaults=_RULE_DEFAULTS,
            ignored=frozenset({"type"}),
        ),
        "egress": ResourceRule(
            "ALIYUN::ECS::SecurityGroupEgress",
            {
                **_RULE_COMMON,
                **_props(cidr_ip="DestCidrIp", source_security_group_id="DestGroupId"),
            },
            defaults=_RULE_DEFAULTS,
            ignored=frozenset({"type"}),
        ),
    },
    default="ingress",
)

INSTANCE = ResourceRule(
    "ALIYUN::ECS::Instance",
    _props(
        instance_type="InstanceType",
        image_id="ImageId",
        vswitch_id="VSwitchId",
        vpc_id="VpcId",
        security_groups=Prop("SecurityGroupId", "security_groups"),
        instance_name="InstanceName",
        host_name="HostName",
        description="Description",
        availability_zone="ZoneId",
        system_disk_category="SystemDiskCategory",
        system_disk_size="SystemDiskSize",
        internet_max_bandwidth_out="InternetMaxBandwidthOut",
        internet_charge_type="InternetChargeType",
        instance_charge_type="InstanceChargeType",
        period="Period",
        period_unit="PeriodUnit",
        key_name="KeyPairName",
        password="Password",
        private_ip="PrivateIpAddress",
        user_data="UserData",
        role_name="RamRoleName",
        resource_group_id="ResourceGroupId",
        deletion_protection="DeletionProtection",
        spot_strategy="SpotStrategy",
        tags=_COMMON_TAGS,
    ),
    attributes={
        "private_ip": "PrivateIp",
        "public_ip": "PublicIp",
        "availability_zone": "ZoneId",
        "host_name": "HostName",
    },
    vpc_from_vswitch=True,
)

_SLB = ResourceRule(
    "ALIYUN::SLB::LoadBalancer",
    _props(
        load_balancer_name="LoadBalancerName",
        name="LoadBalancerName",
        address_type="AddressType",
        vswitch_id="VSwitchId",
        vpc_id="VpcId",
        load_balancer_spec="LoadBalancerSpec",
        specification="LoadBalancerSpec",
        internet_charge_type=Prop("InternetChargeType", "lower"),
        bandwidth="Bandwidth",
        master_zone_id="MasterZoneId",
        slave_zone_id="SlaveZoneId",
        resource_group_id="ResourceGroupId",
        tags=_COMMON_TAGS,
    ),
    attributes={
        "address": "IpAddress",
        "address_type": "AddressType",
        "vpc_id": "VpcId",
        "vswitch_id": "VSwitchId",
        "network_type": "NetworkType",
    },
    vpc_from_vswitch=True,
)

SLB_LISTENER = ResourceRule(
    "ALIYUN::SLB::Listener",
    _props(
        load_balancer_id="LoadBalancerId",
        frontend_port="ListenerPort",
        backend_port="BackendServerPort",
        protocol="Protocol",
        bandwidth="Bandwidth",
        scheduler="Scheduler",
        description="Description",
        server_group_id="VServerGroupId",
        server_certificate_id="ServerCertificateId",
        idle_timeout="IdleTimeout",
        request_timeout="RequestTimeout",
    ),
    # Terraform's default bandwidth is -1 (no limit); ROS requires Bandwidth.
    defaults={"Bandwidth": -1},
)

SLB_ATTACHMENT = ResourceRule(
    "ALIYUN::SLB::BackendServerAttachment",
    _props(
        load_balancer_id="LoadBalancerId",
        instance_ids="BackendServerList",
        weight=Prop("BackendServerWeightList", "list"),
    ),
)

DB_INSTANCE = ResourceRule(
    "ALIYUN::RDS::DBInstance",
    _props(
        engine="Engine",
        engine_version="EngineVersion",
        instance_type="DBInstanceClass",
        instance_storage="DBInstanceStorage",
        db_instance_storage_type="DBInstanceStorageType",
        category="Category",
        vswitch_id="VSwitchId",
        vpc_id="VpcId",
        zone_id="ZoneId",
        security_ips=Prop("SecurityIPList", "join"),
        instance_name="DBInstanceDescription",
        instance_charge_type="PayType",
        period="Period",
        port="Port",
        connection_string_prefix="ConnectionStringPrefix",
        maintain_time="MaintainTime",
        resource_group_id="ResourceGroupId",
        deletion_protection="DeletionProtection",
        tags=_COMMON_TAGS,
    ),
    attributes={"connection_string": "InnerConnectionString", "port": "InnerPort"},
    # Terraform's default white list; ROS requires SecurityIPList.
    defaults={"SecurityIPList": "127.0.0.1"},
    vpc_from_vswitch=True,
)

DB_ACCOUNT = ResourceRule(
    "ALIYUN::RDS::Account",
    _props(
        db_instance_id="DBInstanceId",
        instance_id="DBInstanceId",
        account_name="AccountName",
        name="AccountName",
        account_password="AccountPassword",
        password="AccountPassword",
        account_type="AccountType",
        type="AccountType",
        account_description="AccountDescription",
        description="AccountDescription",
    ),
)

DB_DATABASE = ResourceRule(
    "ALIYUN::RDS::Database",
    _props(
        instance_id="DBInstanceId",
        name="DBName",
        data_base_name="DBName",
        character_set="CharacterSetName",
        description="DBDescription",
    ),
    # Terraform's default character set; ROS requires CharacterSetName.
    defaults={"CharacterSetName": "utf8"},
)

OSS_BUCKET = ResourceRule(
    "ALIYUN::OSS::Bucket",
    _props(
        bucket="BucketName",
        acl="AccessControl",
        storage_class="StorageClass",
        redundancy_type="RedundancyType",
        force_destroy="DeletionForce",
        policy="Policy",
        resource_group_id="ResourceGroupId",
        tags=Prop("Tags", "tag_map"),
    ),
    attributes={"bucket": "Name"},
)

RULES: Mapping[str, ResourceRule | Variants] = {
    "alicloud_vpc": VPC,
    "alicloud_vswitch": VSWITCH,
    "alicloud_security_group": SECURITY_GROUP,
    "alicloud_security_group_rule": SECURITY_GROUP_RULE,
    "alicloud_instance": INSTANCE,
    "alicloud_slb": _SLB,
    "alicloud_slb_load_balancer": _SLB,
    "alicloud_slb_listener": SLB_LISTENER,
    "alicloud_slb_attachment": SLB_ATTACHMENT,
    "alicloud_db_instance": DB_INSTANCE,
    "alicloud_db_account": DB_ACCOUNT,
    "alicloud_rds_account": DB_ACCOUNT,
    "alicloud_db_database": DB_DATABASE,
    "alicloud_oss_bucket": OSS_BUCKET,
}

# Arguments every resource may have that are not properties; handled (or ignored) on their own.
META_ARGUMENTS: frozenset[str] = frozenset(
    {"count", "for_each", "depends_on", "provider", "lifecycle", "timeouts", "provisioner"}
)

# Parameters the converter adds for values it cannot map get console pickers where ROS has one.
ASSOCIATION_PROPERTIES: Mapping[str, str] = {
    "ZoneId": "ALIYUN::ECS::Instance::ZoneId",
    "VpcId": "ALIYUN::ECS::VPC::VPCId",
    "VSwitchId": "ALIYUN::VPC::VSwitch::VSwitchId",
    "SecurityGroupId": "ALIYUN::ECS::SecurityGroup::SecurityGroupId",
    "ImageId": "ALIYUN::ECS::Image::ImageId",
    "InstanceType": "ALIYUN::ECS::Instance::InstanceType",
    "KeyPairName": "ALIYUN::ECS::KeyPair::KeyPairName",
}

# ROS properties that hold lists; a placeholder for one of them is a CommaDelimitedList.
LIST_PROPERTIES: frozenset[str] = frozenset(
    {"SecurityGroupIds", "BackendServerList", "BackendServerWeightList"}
)

SECRET_PROPERTIES: frozenset[str] = frozenset({"Password", "AccountPassword"})


def rule_for(tf_type: str, body: Mapping[str, object]) -> tuple[ResourceRule | None, Msg | None]:
    """The rule for a resource, choosing a variant by its key; the note says what was assumed."""
    found = RULES.get(tf_type)
    if found is None or isinstance(found, ResourceRule):
        return found, None
    value = body.get(found.key)
    if isinstance(value, str) and value in found.choices:
        return found.choices[value], None
    note = Msg(
        "{key} is {value}, not one of {choices}; converted as {default}",
        key=found.key,
        value=repr(value),
        choices=", ".join(found.choices),
        default=found.default,
    )
    return found.choices[found.default], note
