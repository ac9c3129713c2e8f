"""Terraform data sources as ROS sees them: a `DATASOURCE::` resource, a parameter, or neither.

ROS has two ways to read existing cloud resources, and `choose` picks one per data source:

- A `DATASOURCE::` resource (`DATASOURCE::VPC::Vpcs`, ...) when the data source is a lookup
  by filters and every filter that narrows the result maps to a property of that type
  (`SPECS`, written from the alicloud provider's data-source arguments and the ROS schema's
  DATASOURCE properties). `name_regex` becomes the type's exact-name filter only when it is a
  literal with no regular-expression syntax (`"^web$"` faithfully; `"web"` with a note, since
  Terraform matched every name containing it). Reads become `Fn::GetAtt`: `ids` is the type's
  id list (`VpcIds`), `vpcs[0].id` its item, `vpcs[0].cidr_block` the item's API key
  (`CidrBlock`) of the object list (`Vpcs`); `item_keys` names the keys that are not the
  attribute in PascalCase (`groups[0].name` -> `SecurityGroupName`), and an attribute the API
  nests (`not_flat`: an instance's `private_ip`) is reported rather than guessed.
- A parameter with `AssociationProperty` (the console's picker) when the data source only asks
  for "one that fits" (zones, instance types, images by owner or by a pattern, a VPC with no
  filter, a resource group) or a filter has no DATASOURCE property (it would widen the result
  and pick another resource than Terraform): `tf_values.DATA_SOURCE_PROPERTIES`. The
  parameter holds the picked id only, so a read of another attribute of the item
  (`vpcs[0].cidr_block`) is reported.
- `alicloud_account` is the pseudo parameter `ALIYUN::AccountId`, `alicloud_regions` with
  `current = true` is `ALIYUN::Region`.

Anything else is reported by the converter ("reads the data source ..., which ROS cannot see").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from iaccode.iac.msg import Msg

# Arguments that shape the answer's form, not which resources it holds.
_FORM_ONLY = frozenset({"output_file", "enable_details", "page_size", "page_number"})


@attrs.frozen
class DataSourceSpec:
    """How one Terraform data source type maps to a ROS DATASOURCE type."""

    ros_type: str
    filters: Mapping[str, str]  # Terraform argument -> ROS property
    ids: str  # the ROS attribute with the id list (Terraform `ids`)
    collection: str  # the Terraform attribute with the object list (`vpcs`)
    items: str  # the ROS attribute with the object list (`Vpcs`)
    name: str | None = None  # the ROS property `name_regex` maps to, as an exact name
    needs_name: bool = False  # without a name it is a "pick one that fits": a parameter
    not_narrowing: frozenset[str] = frozenset()  # arguments that only order or shape
    # Item attributes whose API key is not their PascalCase (`name` -> `VSwitchName`), and
    # those the API nests deeper or lacks (`private_ip` of an instance): those are reported.
    item_keys: Mapping[str, str] = attrs.field(factory=dict)
    not_flat: frozenset[str] = frozenset()


SPECS: Mapping[str, DataSourceSpec] = {
    "alicloud_vpcs": DataSourceSpec(
        "DATASOURCE::VPC::Vpcs",
        {
            "ids": "VpcIds",
            "is_default": "IsDefault",
            "vpc_name": "VpcName",
            "vpc_owner_id": "VpcOwnerId",
            "dhcp_options_set_id": "DhcpOptionsSetId",
            "resource_group_id": "ResourceGroupId",
        },
        ids="VpcIds",
        collection="vpcs",
        items="Vpcs",
        name="VpcName",
        item_keys={"vrouter_id": "VRouterId", "router_id": "VRouterId"},
        not_flat=frozenset({"route_table_id"}),
    ),
    "alicloud_vswitches": DataSourceSpec(
        "DATASOURCE::VPC::VSwitches",
        {
            "ids": "VSwitchIds",
            "vpc_id": "VpcId",
            "is_default": "IsDefault",
            "vswitch_name": "VSwitchName",
            "vswitch_owner_id": "VSwitchOwnerId",
            "route_table_id": "RouteTableId",
            "resource_group_id": "ResourceGroupId",
        },
        ids="VSwitchIds",
        collection="vswitches",
        items="VSwitches",
        name="VSwitchName",
        item_keys={"name": "VSwitchName"},
        not_flat=frozenset({"route_table_id", "instance_ids"}),
    ),
    "alicloud_security_groups": DataSourceSpec(
        "DATASOURCE::ECS::SecurityGroups",
        {
            "ids": "SecurityGroupIds",
            "vpc_id": "VpcId",
            "security_group_type": "SecurityGroupType",
            "network_type": "NetworkType",
            "resource_group_id": "ResourceGroupId",
            "tags": "Tags",
        },
        ids="SecurityGroupIds",
        collection="groups",
        items="SecurityGroups",
        name="SecurityGroupName",
        item_keys={"name": "SecurityGroupName"},
        not_flat=frozenset({"inner_access"}),
    ),
    "alicloud_images": DataSourceSpec(
        "DATASOURCE::ECS::Images",
        {
            "image_id": "ImageId",
            "image_name": "ImageName",
            "owners": "ImageOwnerAlias",
            "architecture": "Architecture",
            "os_type": "OSType",
            "status": "Status",
            "instance_type": "InstanceType",
            "image_family": "ImageFamily",
            "usage": "Usage",
            "resource_group_id": "ResourceGroupId",
            "tags": "Tags",
        },
        ids="ImageIds",
        collection="images",
        items="Images",
        name="ImageName",
        needs_name=True,
        not_narrowing=frozenset({"most_recent"}),
        item_keys={
            "name": "ImageName",
            "os_type": "OSType",
            "os_name": "OSName",
            "os_name_en": "OSNameEn",
            "state": "Status",
        },
    ),
    "alicloud_instances": DataSourceSpec(
        "DATASOURCE::ECS::Instances",
        {
            "ids": "InstanceIds",
            "vpc_id": "VpcId",
            "vswitch_id": "VSwitchId",
            "image_id": "ImageId",
            "status": "Status",
            "availability_zone": "ZoneId",
            "instance_name": "InstanceName",
            "resource_group_id": "ResourceGroupId",
            "tags": "Tags",
        },
        ids="InstanceIds",
        collection="instances",
        items="Instances",
        name="InstanceName",
        item_keys={
            "name": "InstanceName",
            "availability_zone": "ZoneId",
            "key_name": "KeyPairName",
        },
        not_flat=frozenset(
            {"vpc_id", "vswitch_id", "private_ip", "public_ip", "eip", "security_groups"}
        ),
    ),
    "alicloud_db_instances": DataSourceSpec(
        "DATASOURCE::RDS::DBInstances",
        {
            "engine": "Engine",
            "status": "DBInstanceStatus",
            "db_type": "DBInstanceType",
            "vpc_id": "VpcId",
            "vswitch_id": "VSwitchId",
            "connection_mode": "ConnectionMode",
            "resource_group_id": "ResourceGroupId",
        },
        ids="DBInstanceIds",
        collection="instances",
        items="DBInstances",
        item_keys={
            "name": "DBInstanceDescription",
            "db_type": "DBInstanceType",
            "instance_type": "DBInstanceClass",
            "status": "DBInstanceStatus",
            "net_type": "DBInstanceNetType",
            "charge_type": "PayType",
            "availability_zone": "ZoneId",
            "creation_time": "CreateTime",
        },
    ),
    "alicloud_nat_gateways": DataSourceSpec(
        "DATASOURCE::VPC::NatGateways",
        {
            "vpc_id": "VpcId",
            "status": "Status",
            "nat_type": "NatType",
            "nat_gateway_name": "Name",
            "network_type": "NetworkType",
            "resource_group_id": "ResourceGroupId",
        },
        ids="NatGatewayIds",
        collection="gateways",
        items="NatGateways",
        name="Name",
        item_keys={
            "nat_gateway_name": "Name",
            "specification": "Spec",
            "payment_type": "InstanceChargeType",
        },
        not_flat=frozenset({"forward_table_ids", "snat_table_ids", "ip_lists"}),
    ),
}

PSEUDO_DATA_SOURCES: Mapping[str, str] = {
    "alicloud_account": "ALIYUN::AccountId",
    "alicloud_regions": "ALIYUN::Region",
}


@attrs.frozen
class DataPlan:
    """A DATASOURCE resource for one data source: its type, the filters as Terraform values by
    ROS property, and notes on what it reads differently from Terraform."""

    spec: DataSourceSpec
    filters: Mapping[str, object]
    notes: tuple[Msg, ...] = ()


_REGEX_SYNTAX = re.compile(r"[\\.*+?()\[\]{}|^$]")


def _exact_name(pattern: object) -> tuple[str, bool] | None:
    """The name a `name_regex` literal stands for, and whether it is exact in Terraform too
    (anchored at both ends); None for a pattern or a value known only at deploy time."""
    if not isinstance(pattern, str) or "${" in pattern:
        return None
    anchored = pattern.startswith("^") and pattern.endswith("$") and len(pattern) > 2
    text = pattern[1:-1] if anchored else pattern
    if not text or _REGEX_SYNTAX.search(text):
        return None
    return text, anchored


def choose(tf_type: str, body: Mapping[str, object]) -> DataPlan | None:
    """The DATASOURCE form of a data source, or None when a parameter (or nothing) fits
    better; see the module docstring for the rule."""
    spec = SPECS.get(tf_type)
    if spec is None or "count" in body or "for_each" in body:
        return None
    filters: dict[str, object] = {}
    notes: list[Msg] = []
    for argument, raw in body.items():
        if argument in _FORM_ONLY or argument in ("__is_block__", "depends_on") or raw is None:
            continue
        if argument == "name_regex" and spec.name is not None:
            exact = _exact_name(raw)
            if exact is None:
                return None
            filters[spec.name], anchored = exact
            if not anchored:
                notes.append(
                    Msg(
                        "name_regex {pattern!r} is read as the exact name {name!r}; Terraform "
                        "matched every name containing it",
                        pattern=str(raw),
                        name=exact[0],
                    )
                )
        elif argument in spec.filters:
            filters[spec.filters[argument]] = raw
        elif argument in spec.not_narrowing:
            notes.append(
                Msg(
                    "{argument} is not converted; the template reads the first item ROS lists",
                    argument=argument,
                )
            )
        else:
            return None  # a filter ROS cannot apply: the result would hold other resources
    if not filters or (spec.needs_name and spec.name not in filters and "ImageId" not in filters):
        return None
    return DataPlan(spec, filters, tuple(notes))


def api_key(attribute: str) -> str:
    """The key of a DATASOURCE item for a Terraform attribute: the cloud API's PascalCase
    (`cidr_block` -> `CidrBlock`, `vswitch_ids` -> `VSwitchIds`)."""
    words = {"vswitch": "VSwitch", "vswitches": "VSwitches", "db": "DB", "ip": "Ip"}
    return "".join(words.get(word, word[:1].upper() + word[1:]) for word in attribute.split("_"))
