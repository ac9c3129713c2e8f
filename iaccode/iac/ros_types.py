"""Plain data about ROS templates that the checker consults: sections, functions, resource types.

Kept apart from the checking code. Resource types, properties and attributes are not here: they
come from the generated schema (`ros_schema`). Sources are the ROS documentation, as summarised
in `spec/iac-code-reference.md` section 3.
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
    "Required",  # Compute Nest and the console read these two; ROS accepts them
    "ReadOnly",
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
    "Version",  # of a MODULE:: or DATASOURCE:: type, as the official templates write it
)

RESOURCE_TYPE_PREFIXES: tuple[str, ...] = ("ALIYUN::", "DATASOURCE::", "MODULE::", "Custom::")

# Types under these prefixes are all in the ROS schema (`ros_schema`); others are user-defined.
SCHEMA_TYPE_PREFIXES: tuple[str, ...] = ("ALIYUN::", "DATASOURCE::")

# Types ROS deploys that the ros-cdk assemblies do not carry, as Alibaba Cloud's own templates
# (aliyun/ros-templates) use them: ROS built-ins and older names kept for compatibility. They get
# no "not in the schema" warning; their properties are not checked.
UNLISTED_TYPES: frozenset[str] = frozenset(
    {
        "ALIYUN::RandomString",
        "ALIYUN::ROS::MergePay",
        "ALIYUN::ECS::EIP",
        "ALIYUN::ECS::EIPAssociation",
        "ALIYUN::ECS::PrepayInstance",
        "ALIYUN::ECS::PrepayInstanceGroupClone",
        "ALIYUN::CS::App",
        "ALIYUN::CS::Cluster",
        "ALIYUN::CS::KubernetesCluster",
        "ALIYUN::CS::ServerlessKubernetesCluster",
        "ALIYUN::POLARDB::DBInstance",
        "ALIYUN::FC::Application",
        "ALIYUN::DTS::MigrationJob",
        "ALIYUN::DTS::SubscriptionInstance",
        "ALIYUN::DTS::SynchronizationJob",
        "ALIYUN::MNS::EventNotification",
        "ALIYUN::ARMS::AlertContact",
        "ALIYUN::ARMS::AlertContactGroup",
        "ALIYUN::MONGODB::ServerlessInstance",
        "DATASOURCE::AppFlow::Validation",
    }
)

OUTPUT_KEYS: tuple[str, ...] = ("Value", "Description", "Label", "Condition", "NoEcho")

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

# The functions ROS evaluates in Conditions (its "Conditions" reference): the four that may be
# outermost, and those that may stand inside them. Functions of the stack's creation (Fn::Jq,
# Fn::Length, ...) are not among them, nor is ALIYUN::Index, which has a value per copy only.
CONDITION_FUNCTIONS: frozenset[str] = frozenset(
    {
        "Fn::And",
        "Fn::Or",
        "Fn::Not",
        "Fn::Equals",
        "Fn::Select",
        "Fn::Join",
        "Fn::Split",
        "Fn::Replace",
        "Fn::Base64Encode",
        "Fn::Base64Decode",
        "Fn::MemberListToMap",
        "Fn::If",
        "Fn::ListMerge",
        "Fn::GetJsonValue",
        "Fn::MergeMapToList",
        "Fn::SelectMapList",
        "Fn::Add",
        "Fn::Avg",
        "Fn::Str",
        "Fn::Calculate",
        "Ref",
        "Fn::FindInMap",
    }
)

# Optional in the schema but practically always needed; missing ones are a warning.
EXPECTED_PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::Instance": ("ImageId",),
}

# Properties that hold one IPv4 CIDR block when written as a literal.
IPV4_CIDR_PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "ALIYUN::ECS::VPC": ("CidrBlock",),
    "ALIYUN::ECS::VSwitch": ("CidrBlock",),
}

VPC_TYPE = "ALIYUN::ECS::VPC"
VSWITCH_TYPE = "ALIYUN::ECS::VSwitch"
