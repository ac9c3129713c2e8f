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
  nests (`not_flat`: an instance's `private_ip`) is reported rather than guessed. The zones a
  service is sold in (`alicloud_alb_zones`, `alicloud_db_zones` with an engine, ...) are such
  lookups even with no filter (`bare`): ROS lists them at deploy time as Terraform did, so
  `zones[0].id` and `zones[1].id` are two zones of that service. A type that filters by one
  id only (`one_id`: RDS and MongoDB `DBInstanceId`, `NatGatewayId`, `LoadBalancerId`)
  takes `ids` when it lists exactly one, or is
  `c ? [x] : null` (the filter `c ? x : null`).
- A parameter with `AssociationProperty` (the console's picker, `PICKERS`) when the data source
  only asks for "one that fits" (ECS zones, instance types, images by owner or by a pattern, a
  VPC with no filter, a resource group, an RDS class) or a filter has no DATASOURCE property
  (it would widen the result and pick another resource than Terraform). Each item read
  (`zones[0]`, `zones[1]`) is its own parameter; it holds the picked id only, so a read of
  another attribute of the item (`vpcs[0].cidr_block`) is reported. Filters that are a literal
  or another parameter narrow the console's choices (`AssociationPropertyMetadata`: the zone
  of an instance type); a service's zones without a DATASOURCE type are the region's zones,
  with a note naming the service the user must check.
- `alicloud_account` is the pseudo parameter `ALIYUN::AccountId`, `alicloud_regions` with
  `current = true` is `ALIYUN::Region`.
- A DATASOURCE lookup with `count = 1`, `c ? 1 : 0` or `c ? 0 : 1` (read only when the
  resources it is for exist) is that lookup, its one copy `[0]` read under the ROS condition
  of `c` (`tf_values`); another count, or a read of it as a whole, is reported.

Anything else is reported by the converter ("reads the data source ..., which ROS cannot see").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_schema import required_properties
from iaccode.iac.ros_values import allowed_value
from iaccode.iac.tf_expr import (
    Conditional,
    Literal,
    TupleExpr,
    interpolated,
)
from iaccode.iac.tf_schema import ros_fields

# Arguments that shape the answer's form, not which resources it holds.
_FORM_ONLY = frozenset({"output_file", "enable_details", "page_size", "page_number"})
_META = frozenset({"__is_block__", "depends_on", "count", "provider"})


@attrs.frozen
class DataSourceSpec:
    """How one Terraform data source type maps to a ROS DATASOURCE type."""

    ros_type: str
    filters: Mapping[str, str]  # Terraform argument -> ROS property
    ids: str  # the ROS attribute with the id list (Terraform `ids`)
    collection: str  # the Terraform attribute with the object list (`vpcs`)
    items: str | None  # the ROS attribute with the object list (`Vpcs`), if it has one
    name: str | None = None  # the ROS property `name_regex` maps to, as an exact name
    needs_name: bool = False  # without a name it is a "pick one that fits": a parameter
    # A lookup with no filter is still exact: the zones where a service is sold.
    bare: bool = False
    id_names: frozenset[str] = frozenset({"id"})  # item attributes that read the id list
    not_narrowing: frozenset[str] = frozenset()  # arguments that only order or shape
    # Item attributes whose API key is not their PascalCase (`name` -> `VSwitchName`), and
    # those the API nests deeper or lacks (`private_ip` of an instance): those are reported.
    item_keys: Mapping[str, str] = attrs.field(factory=dict)
    not_flat: frozenset[str] = frozenset()
    # The ROS property that filters by one id, where the type has no id list filter: `ids`
    # maps to it only when it lists exactly one id (RDS `DBInstanceId`).
    one_id: str | None = None
    # Literal filter values the provider respells before it calls the API, by ROS property
    # (lower-cased value -> the API's spelling).
    spellings: Mapping[str, Mapping[str, str]] = attrs.field(factory=dict)


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
        one_id="DBInstanceId",
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
        # The items are DescribeDBInstances's, which has no storage key (the provider asks
        # DescribeDBInstanceAttribute for it).
        not_flat=frozenset({"instance_storage"}),
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
        one_id="NatGatewayId",
        item_keys={
            "nat_gateway_name": "Name",
            "specification": "Spec",
            "payment_type": "InstanceChargeType",
        },
        # DescribeNatGateways nests the table ids (`ForwardTableIds.ForwardTableId`).
        not_flat=frozenset(
            {
                "forward_table_ids",
                "snat_table_ids",
                "ip_lists",
                "forward_table_id",
                "dnat_table_id",
                "snat_table_id",
            }
        ),
    ),
    # The items of the next three are their Describe APIs' (DescribeLoadBalancers,
    # DescribeInstances of Tair/Redis, DescribeDBInstances of MongoDB), keyed as those answer.
    "alicloud_slbs": DataSourceSpec(
        "DATASOURCE::SLB::LoadBalancers",
        {
            "master_availability_zone": "MasterZoneId",
            "slave_availability_zone": "SlaveZoneId",
            "network_type": "NetworkType",
            "vpc_id": "VpcId",
            "vswitch_id": "VSwitchId",
            "address": "Address",
            "address_type": "AddressType",
            "resource_group_id": "ResourceGroupId",
            "status": "Status",
        },
        ids="LoadBalancerIds",
        collection="slbs",
        items="LoadBalancers",
        name="LoadBalancerName",
        one_id="LoadBalancerId",
        item_keys={
            "name": "LoadBalancerName",
            "status": "LoadBalancerStatus",
            "master_availability_zone": "MasterZoneId",
            "slave_availability_zone": "SlaveZoneId",
            "vswitch_id": "VSwitchId",
            "creation_time": "CreateTime",
        },
        not_flat=frozenset({"internet", "tags"}),  # the provider derives or looks them up
    ),
    "alicloud_kvstore_instances": DataSourceSpec(
        "DATASOURCE::REDIS::Instances",
        {
            "instance_type": "InstanceType",
            "instance_class": "InstanceClass",
            "status": "InstanceStatus",
            "vpc_id": "VpcId",
            "vswitch_id": "VSwitchId",
            "zone_id": "ZoneId",
            "engine_version": "EngineVersion",
            "architecture_type": "ArchitectureType",
            "edition_type": "EditionType",
            "network_type": "NetworkType",
            "payment_type": "ChargeType",
            "resource_group_id": "ResourceGroupId",
        },
        ids="InstanceIds",
        collection="instances",
        items="Instances",
        one_id="InstanceIds",  # comma-separated ids: one id is such a list
        item_keys={
            "name": "InstanceName",
            "status": "InstanceStatus",
            "availability_zone": "ZoneId",
            "vswitch_id": "VSwitchId",
            "create_time": "CreateTime",
        },
    ),
    "alicloud_mongodb_instances": DataSourceSpec(
        "DATASOURCE::MONGODB::Instances",
        {
            "instance_type": "DBInstanceType",
            "instance_class": "DBInstanceClass",
            "availability_zone": "ZoneId",
            "tags": "Tags",
        },
        ids="InstanceIds",
        collection="instances",
        items="Instances",
        name="DBInstanceDescription",
        one_id="DBInstanceId",
        item_keys={
            "name": "DBInstanceDescription",
            "instance_class": "DBInstanceClass",
            "instance_type": "DBInstanceType",
            "storage": "DBInstanceStorage",
            "status": "DBInstanceStatus",
            "availability_zone": "ZoneId",
            "creation_time": "CreationTime",
        },
        not_flat=frozenset({"mongos", "shards"}),
    ),
    # The zones a service is sold in, which ROS lists at deploy time as Terraform did.
    # Their items' other keys are not in the ROS schema, so only the ids are read.
    "alicloud_db_zones": DataSourceSpec(
        "DATASOURCE::RDS::Zones",
        {"engine": "Engine", "engine_version": "EngineVersion", "category": "Category"},
        ids="ZoneIds",
        collection="zones",
        items=None,
    ),
    "alicloud_alb_zones": DataSourceSpec(
        "DATASOURCE::ALB::Zones",
        {},
        ids="ZoneIds",
        collection="zones",
        items=None,
        bare=True,
        id_names=frozenset({"id", "zone_id"}),
    ),
    "alicloud_slb_zones": DataSourceSpec(
        "DATASOURCE::SLB::Zones",
        {
            "available_slb_address_type": "AddressType",
            "available_slb_address_ip_version": "AddressIPVersion",
        },
        ids="ZoneIds",
        collection="zones",
        items=None,
        bare=True,
        id_names=frozenset({"id", "master_zone_id"}),  # `id` is the primary zone
    ),
    "alicloud_nas_zones": DataSourceSpec(
        "DATASOURCE::NAS::Zones",
        {"file_system_type": "FileSystemType"},
        ids="ZoneIds",
        collection="zones",
        items=None,
        bare=True,
        id_names=frozenset({"zone_id"}),
    ),
    "alicloud_enhanced_nat_available_zones": DataSourceSpec(
        "DATASOURCE::VPC::NatGatewayZones",
        {},
        ids="ZoneIds",
        collection="zones",
        items=None,
        bare=True,
        id_names=frozenset({"zone_id"}),
    ),
    "alicloud_resource_manager_resource_groups": DataSourceSpec(
        "DATASOURCE::ResourceManager::ResourceGroups",
        {"ids": "ResourceGroupIds"},
        ids="ResourceGroupIds",
        collection="groups",
        items="ResourceGroups",
        name="Name",
        item_keys={"resource_group_name": "Name"},
        not_flat=frozenset({"region_statuses"}),
    ),
    # DescribeTransitRouterRouteTables's items (TransitRouterRouteTableId, ...Type, ...).
    "alicloud_cen_transit_router_route_tables": DataSourceSpec(
        "DATASOURCE::CEN::TransitRouterRouteTables",
        {
            "transit_router_id": "TransitRouterId",
            "ids": "TransitRouterRouteTableIds",
            "transit_router_route_table_type": "TransitRouterRouteTableType",
            "transit_router_route_table_status": "TransitRouterRouteTableStatus",
            "status": "TransitRouterRouteTableStatus",
            "transit_router_route_table_names": "TransitRouterRouteTableNames",
        },
        ids="TransitRouterRouteTableIds",
        collection="tables",
        items="TransitRouterRouteTables",
        id_names=frozenset({"id", "transit_router_route_table_id"}),
        item_keys={"status": "TransitRouterRouteTableStatus"},
    ),
    # DescribeScalingGroups's items (ScalingGroupId, ScalingGroupName, DefaultCooldown, ...).
    "alicloud_ess_scaling_groups": DataSourceSpec(
        "DATASOURCE::ESS::ScalingGroups",
        {"ids": "ScalingGroupIds"},
        ids="ScalingGroupIds",
        collection="groups",
        items="ScalingGroups",
        name="ScalingGroupNames",
        item_keys={
            "name": "ScalingGroupName",
            "min_size": "MinSize",
            "max_size": "MaxSize",
            "cooldown_time": "DefaultCooldown",
            "removal_policies": "RemovalPolicies",
            "db_instance_ids": "DBInstanceIds",
            "load_balancer_ids": "LoadBalancerIds",
            "vswitch_ids": "VSwitchIds",
        },
        not_flat=frozenset(
            {"removal_policies", "db_instance_ids", "load_balancer_ids", "vswitch_ids"}
        ),
    ),
    # DescribeDBClusterAvailableResources, flattened by ROS to one item per node class (its
    # ZoneId, DBNodeClass, Category, Engine); Terraform's `classes` are the zones, each with
    # its engines' classes nested, so `classes[0].zone_id` is the zone of the first class.
    "alicloud_polardb_node_classes": DataSourceSpec(
        "DATASOURCE::POLARDB::DBNodeClasses",
        {
            "pay_type": "PayType",
            "db_type": "DBType",
            "db_version": "DBVersion",
            "db_node_class": "DBNodeClass",
            "zone_id": "ZoneId",
        },
        ids="DBNodeClassIds",
        collection="classes",
        items="DBNodeClasses",
        id_names=frozenset(),
        not_flat=frozenset({"supported_engines"}),
        # The provider sends PostPaid / PrePaid as the API's Postpaid / Prepaid.
        spellings={"PayType": {"postpaid": "Postpaid", "prepaid": "Prepaid"}},
    ),
    "alicloud_key_pairs": DataSourceSpec(
        "DATASOURCE::ECS::KeyPairs",
        {
            "finger_print": "KeyPairFingerPrint",
            "resource_group_id": "ResourceGroupId",
            "tags": "Tags",
        },
        ids="KeyPairNames",
        collection="key_pairs",
        items="KeyPairs",
        name="KeyPairName",
        item_keys={"key_name": "KeyPairName", "finger_print": "KeyPairFingerPrint"},
        id_names=frozenset({"id", "key_name"}),
        not_flat=frozenset({"instances"}),
    ),
}


@attrs.frozen
class Picker:
    """A data source that asks for "one that fits", as a parameter the console offers the
    choices for: the picker of the ROS property it stands for (`tf_rules.
    ASSOCIATION_PROPERTIES`), the item attributes that are the picked value, and the arguments
    that narrow the choices (`AssociationPropertyMetadata`, by the picker's key)."""

    prop: str
    ids: frozenset[str] = frozenset({"id"})
    metadata: Mapping[str, str] = attrs.field(factory=dict)
    # The zone picker lists the region's zones; Terraform listed those that sell `service`.
    service: str | None = None


def _zones(service: str, ids: frozenset[str] = frozenset({"id", "zone_id"})) -> Picker:
    return Picker("ZoneId", ids, service=service)


PICKERS: Mapping[str, Picker] = {
    "alicloud_zones": Picker("ZoneId", frozenset({"id", "zone_id"})),
    "alicloud_images": Picker(
        "ImageId", frozenset({"id", "image_id"}), {"instance_type": "InstanceType"}
    ),
    "alicloud_instance_types": Picker("InstanceType", metadata={"availability_zone": "ZoneId"}),
    "alicloud_vpcs": Picker("VpcId", frozenset({"id", "vpc_id"})),
    "alicloud_vswitches": Picker(
        "VSwitchId", frozenset({"id", "vswitch_id"}), {"vpc_id": "VpcId", "zone_id": "ZoneId"}
    ),
    "alicloud_security_groups": Picker(
        "SecurityGroupId", frozenset({"id", "security_group_id"}), {"vpc_id": "VpcId"}
    ),
    "alicloud_key_pairs": Picker("KeyPairName", frozenset({"id", "key_name", "key_pair_name"})),
    # With no filter it is "a resource group", the first the account lists: one to pick.
    "alicloud_resource_manager_resource_groups": Picker("ResourceGroupId"),
    "alicloud_db_instance_classes": Picker(
        "DBInstanceClass",
        frozenset({"instance_class"}),
        {"engine": "Engine", "engine_version": "EngineVersion", "zone_id": "ZoneId"},
    ),
    # Zones of a service where ROS has no DATASOURCE type for them (or the filters have no
    # property there): the user picks one.
    "alicloud_db_zones": _zones("ApsaraDB RDS"),
    "alicloud_kvstore_zones": _zones("Tair (Redis)"),
    "alicloud_mongodb_zones": _zones("ApsaraDB for MongoDB"),
    "alicloud_nlb_zones": _zones("NLB"),
    "alicloud_alb_zones": _zones("ALB"),
    "alicloud_slb_zones": _zones("CLB (SLB)", frozenset({"id", "master_zone_id"})),
    "alicloud_nas_zones": _zones("NAS", frozenset({"zone_id"})),
    "alicloud_enhanced_nat_available_zones": _zones("the enhanced NAT gateway"),
    "alicloud_gpdb_zones": _zones("AnalyticDB for PostgreSQL"),
    "alicloud_adb_zones": _zones("AnalyticDB for MySQL"),
    "alicloud_hbase_zones": _zones("HBase"),
    "alicloud_elasticsearch_zones": _zones("Elasticsearch"),
    "alicloud_tsdb_zones": _zones("TSDB"),
    "alicloud_cddc_zones": _zones("the dedicated cluster (CDDC)"),
    "alicloud_vpn_gateway_zones": _zones("the VPN gateway"),
    "alicloud_polardb_zones": _zones("PolarDB"),
}

PSEUDO_DATA_SOURCES: Mapping[str, str] = {
    "alicloud_account": "ALIYUN::AccountId",
    "alicloud_regions": "ALIYUN::Region",
}


@attrs.frozen
class OneIdOrNone:
    """The filter `c ? x : null` that an `ids = c ? [x] : null` is (`node`), with the
    Terraform text it was written as, for messages."""

    node: Conditional
    text: str


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
    if spec is None or "for_each" in body:
        return None  # `count` is the converter's: one copy read under a condition, or none
    filters: dict[str, object] = {}
    notes: list[Msg] = []
    for argument, raw in body.items():
        if argument in _FORM_ONLY or argument in _META or raw is None:
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
            target = spec.filters[argument]
            spelled = spec.spellings.get(target, {})
            filters[target] = spelled.get(raw.lower(), raw) if isinstance(raw, str) else raw
        elif argument == "ids" and spec.one_id is not None:
            one = _one_id(raw)
            if one is None:
                return None  # several ids, or a list known at deploy time: no one-id filter
            filters[spec.one_id] = one
        elif argument in spec.not_narrowing:
            notes.append(
                Msg(
                    "{argument} is not converted; the template reads the first item ROS lists",
                    argument=argument,
                )
            )
        else:
            return None  # a filter ROS cannot apply: the result would hold other resources
    if not (filters or spec.bare):
        return None
    if spec.needs_name and spec.name not in filters and "ImageId" not in filters:
        return None
    if any(name not in filters for name in required_properties(spec.ros_type)):
        return None  # `alicloud_db_zones` without an engine lists every engine's zones
    if any(_refused(spec.ros_type, name, value) for name, value in filters.items()):
        return None  # a filter value ROS does not offer (an RDS `category = "cluster"`)
    return DataPlan(spec, filters, tuple(notes))


def _one_id(raw: object) -> object | None:
    """The one id an `ids` value lists: `[x]` gives `x`, and `c ? [x] : null` (an id or no
    filter, as the public RDS modules write it) `c ? x : null` as a `OneIdOrNone`; None for
    anything else."""
    if isinstance(raw, list):
        return raw[0] if len(raw) == 1 else None
    found = interpolated(raw)
    if found is None:
        return None
    node, text = found
    if not (
        isinstance(node, Conditional)
        and isinstance(node.then, TupleExpr)
        and len(node.then.items) == 1
        and node.otherwise == Literal(None)
    ):
        return None
    return OneIdOrNone(Conditional(node.condition, node.then.items[0], node.otherwise), text)


def _refused(ros_type: str, name: str, value: object) -> bool:
    """Whether a literal filter is not one of the values the DATASOURCE property allows (case
    aside: the value is fitted to ROS's spelling)."""
    prop = (ros_fields(ros_type) or {}).get(name)
    if prop is None or not prop.allowed_values or not isinstance(value, str) or "${" in value:
        return False
    allowed = tuple(str(item).lower() for item in prop.allowed_values)
    return not allowed_value(value.lower(), allowed)


def api_key(attribute: str) -> str:
    """The key of a DATASOURCE item for a Terraform attribute: the cloud API's PascalCase
    (`cidr_block` -> `CidrBlock`, `vswitch_ids` -> `VSwitchIds`)."""
    words = {"vswitch": "VSwitch", "vswitches": "VSwitches", "db": "DB", "ip": "Ip"}
    return "".join(words.get(word, word[:1].upper() + word[1:]) for word in attribute.split("_"))
