"""Plain data about ROS templates that the checker consults: sections, functions, resource types.

Kept apart from the checking code so the tables can grow (more resource types, more attributes)
without touching any logic. Sources are the ROS documentation and the ros-cdk 1.15.0 assemblies,
as summarised in `spec/iac-code-reference.md` section 3.
"""

from __future__ import annotations

from collections.abc import Mapping

FORMAT_VERSION = "2015-09-01"

TOP_LEVEL_SECTIONS: tuple[str, ...] = (
    "ROSTemplateFormatVersion",
    "Description",
    "Metadata",
    "Parameters",
    "Mappings",
    "Conditions",
    "Resources",
    "Outputs",
    "Rules",
    "Locals",
    "Transform",
    "Workspace",
    "HeatTemplateFormatVersion",
)

# Sections whose value must be a mapping when present.
MAPPING_SECTIONS: tuple[str, ...] = (
    "Metadata",
    "Parameters",
    "Mappings",
    "Conditions",
    "Resources",
    "Outputs",
    "Rules",
    "Locals",
    "Workspace",
)

# A Transform with one of these prefixes turns the template into a Terraform-type template.
TERRAFORM_TRANSFORM_PREFIXES: tuple[str, ...] = ("Aliyun::Terraform-", "Aliyun::OpenTofu-")

PARAMETER_TYPES: tuple[str, ...] = (
    "String",
    "Number",
    "CommaDelimitedList",
    "Json",
    "Boolean",
    "ALIYUN::OOS::Parameter::Value",
    "ALIYUN::OOS::SecretParameter::Value",
)

PARAMETER_ATTRIBUTES: tuple[str, ...] = (
    "Type",
    "Default",
    "AllowedValues",
    "AllowedPattern",
    "MinLength",
    "MaxLength",
    "MinValue",
    "MaxValue",
    "NoEcho",
    "Description",
    "ConstraintDescription",
    "Label",
    "AssociationProperty",
    "AssociationPropertyMetadata",
    "Confirm",
    "TextArea",
    "Placeholder",
)

# The spellings ROS (oslo strutils) accepts for a Boolean parameter value, compared lower-cased.
BOOLEAN_TRUE_WORDS: frozenset[str] = frozenset({"1", "t", "true", "on", "y", "yes"})
BOOLEAN_FALSE_WORDS: frozenset[str] = frozenset({"0", "f", "false", "off", "n", "no"})

PSEUDO_PARAMETERS: tuple[str, ...] = (
    "ALIYUN::StackId",
    "ALIYUN::StackName",
    "ALIYUN::Region",
    "ALIYUN::AccountId",
    "ALIYUN::TenantId",
    "ALIYUN::ResourceGroupId",
    "ALIYUN::NoValue",
    "ALIYUN::Index",
)

RESOURCE_ATTRIBUTES: tuple[str, ...] = (
    "Type",
    "Properties",
    "DependsOn",
    "Condition",
    "DeletionPolicy",
    "UpdatePolicy",
    "Metadata",
    "Count",
    "Description",
)

RESOURCE_TYPE_PREFIXES: tuple[str, ...] = ("ALIYUN::", "DATASOURCE::", "MODULE::", "Custom::")

OUTPUT_KEYS: tuple[str, ...] = ("Value", "Description", "Label", "Condition")

# The 43 runtime functions of ROS 2015-09-01 (reference section 3.3).
FUNCTIONS: tuple[str, ...] = (
    "Ref",
    "Fn::GetAtt",
    "Fn::Join",
    "Fn::Sub",
    "Fn::Select",
    "Fn::If",
    "Fn::Equals",
    "Fn::And",
    "Fn::Or",
    "Fn::Not",
    "Fn::FindInMap",
    "Fn::GetAZs",
    "Fn::Split",
    "Fn::Replace",
    "Fn::Base64",
    "Fn::Base64Encode",
    "Fn::Base64Decode",
    "Fn::Str",
    "Fn::Length",
    "Fn::Index",
    "Fn::Add",
    "Fn::Avg",
    "Fn::Max",
    "Fn::Min",
    "Fn::Calculate",
    "Fn::ListMerge",
    "Fn::MergeMap",
    "Fn::MergeMapToList",
    "Fn::SelectMapList",
    "Fn::MemberListToMap",
    "Fn::GetJsonValue",
    "Fn::Jq",
    "Fn::GetStackOutput",
    "Fn::FormatTime",
    "Fn::Any",
    "Fn::Contains",
    "Fn::EachMemberIn",
    "Fn::MatchPattern",
    "Fn::MarketplaceImage",
    "Fn::TransformNamespace",
    "Fn::Indent",
    "Fn::Cidr",
    "Fn::ResourceFacade",
)

# Properties without which ROS rejects the resource (ros-cdk `optional: false`).
REQUIRED_PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::VSwitch": ("CidrBlock", "VpcId", "ZoneId"),
    "ALIYUN::ECS::SecurityGroupIngress": ("IpProtocol", "PortRange"),
    "ALIYUN::ECS::Instance": ("InstanceType",),
    "ALIYUN::ECS::InstanceGroup": ("InstanceType", "MaxAmount"),
    "ALIYUN::SLB::Listener": ("Bandwidth", "ListenerPort", "LoadBalancerId", "Protocol"),
    "ALIYUN::SLB::BackendServerAttachment": ("LoadBalancerId",),
    "ALIYUN::RDS::DBInstance": (
        "DBInstanceClass",
        "DBInstanceStorage",
        "Engine",
        "EngineVersion",
        "SecurityIPList",
    ),
    "ALIYUN::RDS::Account": ("AccountName", "AccountPassword", "DBInstanceId"),
    "ALIYUN::RDS::Database": ("CharacterSetName", "DBInstanceId", "DBName"),
    "ALIYUN::OSS::Bucket": ("BucketName",),
}

# Optional in the schema but practically always needed; missing ones are a warning.
EXPECTED_PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::Instance": ("ImageId",),
}

# Literal values outside these lists are rejected by the resource's allowed-values validator.
ALLOWED_PROPERTY_VALUES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "ALIYUN::RDS::DBInstance": {"Engine": ("MySQL", "SQLServer", "PostgreSQL", "MariaDB")},
}

# Properties that hold one IPv4 CIDR block when written as a literal.
IPV4_CIDR_PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::VPC": ("CidrBlock",),
    "ALIYUN::ECS::VSwitch": ("CidrBlock",),
}

VPC_TYPE = "ALIYUN::ECS::VPC"
VSWITCH_TYPE = "ALIYUN::ECS::VSwitch"

# Fn::GetAtt attributes per type (iac-code `ros_resource_value_specs.json`). Types not listed here
# are not checked, since an unknown type may have any attribute.
RESOURCE_TYPE_ATTRIBUTES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::VPC": ("VpcId", "VRouterId", "RouteTableId", "VpcName"),
    "ALIYUN::ECS::VSwitch": ("VSwitchId", "CidrBlock", "Ipv6CidrBlock", "VSwitchName"),
    "ALIYUN::ECS::SecurityGroup": ("SecurityGroupId",),
    "ALIYUN::ECS::Instance": (
        "InstanceId",
        "PrivateIp",
        "PublicIp",
        "ZoneId",
        "HostName",
        "PrimaryNetworkInterfaceId",
        "InnerIp",
    ),
    "ALIYUN::ECS::InstanceGroup": (
        "InstanceIds",
        "PrivateIps",
        "PublicIps",
        "HostNames",
        "ZoneIds",
    ),
    "ALIYUN::SLB::LoadBalancer": (
        "LoadBalancerId",
        "IpAddress",
        "AddressType",
        "NetworkType",
        "VpcId",
        "VSwitchId",
    ),
    "ALIYUN::RDS::DBInstance": (
        "DBInstanceId",
        "InnerConnectionString",
        "InnerIPAddress",
        "InnerPort",
        "PublicConnectionString",
        "PublicPort",
    ),
    "ALIYUN::OSS::Bucket": ("Name", "DomainName", "InternalDomainName"),
}
