"""The rule for one Terraform resource: the vendor's data plus what Terraform does silently.

The mapping itself (ROS type, property paths, nested block schemas, attribute names) is the
vendor's rule data (`tf_rule_data`, about 810 types). A rule says nothing about Terraform's own
behaviour, so a short overlay here adds it for a few types, each with its reason:

- variants: `alicloud_security_group_rule` is an egress rule when `type = "egress"`, which ROS
  models as another type with other property names (one whose `type` is known only at deploy
  time was already split into both forms, `tf_directions`);
- defaults that Terraform (its docs or its source) applies but ROS requires spelled out (a
  listener's bandwidth -1, an RDS connection's port 3306, an API's Visibility PRIVATE), and
  values the Terraform type itself means (a Tair connection is the public one);
- `implied` arguments whose value the ROS type is (`instance_type = "Redis"` of a Redis
  instance), `nested` block arguments the vendor's schema leaves out though ROS has their field,
  and attribute `values` the type fixes (a RAM policy's `type` is "Custom");
- the VPC of a vSwitch, which Terraform infers and ROS types with a VpcId want given (every
  type whose rule maps a vSwitch, found by the schema);
- one security group or several (`security_groups`): the vendor keeps only the first, while
  ROS takes all of them as `SecurityGroupIds`;
- argument names of the current provider that the vendor's rules predate (`alicloud_db_account`
  renamed `instance_id` to `db_instance_id`, ...), and attributes they leave out;
- what the provider sends that the vendor's rule format cannot say, as data the converter
  interprets (`PropertyRule` fields of ours): a list `spread` over flat properties (a CEN
  limit's two regions), `each` item of a list as a struct (a PrivateZone binding's VPCs with
  the region), what each value `means` in several properties (an API's `service_type`), a
  block merged into its parent (SchedulerX `time_config`, a rule without `to`), defaults for
  `*` every item of a list, defaults `when_given` another property (EMR NetType "vpc" with a
  vSwitch) and `copies` of one value into each item (EMR ChargeType into its host groups);
- arguments the provider applies with a call of their own, which ROS models as a resource of
  its own type (`Companion`: a Tair instance's `security_ips` are an ALIYUN::REDIS::Whitelist).

`rule_for` returns the combined `Rule`; its `note` says what was assumed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import attrs

from iaccode.iac.msg import Msg, Value, and_list
from iaccode.iac.tf_directions import literal_direction
from iaccode.iac.tf_rule_data import EACH_ITEM, AttributeRule, PropertyRule, load_rules
from iaccode.iac.tf_schema import list_struct_fields as _struct_fields
from iaccode.iac.tf_schema import ros_fields, schema_field, schema_targets


@attrs.frozen
class Rule:
    """How one Terraform resource (or one variant of it) maps to a ROS type."""

    tf_type: str
    ros_type: str
    properties: Mapping[str, PropertyRule]
    ignored: frozenset[str]  # arguments ROS has no property for (the vendor says so)
    attributes: Mapping[str, AttributeRule]
    defaults: Mapping[str, object] = attrs.field(factory=dict)
    vpc_from_vswitch: bool = False
    vpc_property: str = "VpcId"  # the ROS type's spelling (`VPCId` for ADB and TSDB)
    used: frozenset[str] = frozenset()  # arguments consumed without becoming a property
    # Attributes whose value the type fixes (a RAM policy's `type` is "Custom"): ROS values.
    values: Mapping[str, object] = attrs.field(factory=dict)
    # Defaults the provider derives from another property being set: property -> defaults
    # (an EMR cluster with a vSwitch is a VPC one); applied before `defaults`.
    when_given: Mapping[str, Mapping[str, object]] = attrs.field(factory=dict)
    # Where the provider's one value also goes: target path -> source path, `*` for each
    # item of a list (an EMR cluster's ChargeType is each host group's unless it says).
    copies: Mapping[str, str] = attrs.field(factory=dict)
    # Arguments that become resources of their own (`Companion`).
    companions: tuple[Companion, ...] = ()


@attrs.frozen
class Companion:
    """Arguments the provider applies with an API call of their own once it has created the
    resource, which ROS models as a resource type of its own: a Tair instance's `security_ips`
    are an ALIYUN::REDIS::Whitelist of the instance, an API's `stage_names` one
    ALIYUN::ApiGateway::Deployment per stage.

    The companion exists when the first of `properties`' arguments is given; it takes the
    parent's `attribute` as its `parent` property, the parent's converted properties named in
    `copied`, and shares the parent's Condition and Count (each copy with its parent's copy).
    With `per_item`, the first argument is a list and there is one companion per item, the
    item as that argument's property (ROS Count over the list, `ALIYUN::Index` selecting)."""

    ros_type: str
    suffix: str  # its logical id is the parent's, `_`, this
    parent: str
    attribute: str
    properties: Mapping[str, PropertyRule]
    copied: Mapping[str, str] = attrs.field(factory=dict)  # its property -> the parent's
    per_item: bool = False

    @property
    def trigger(self) -> str:
        return next(iter(self.properties))


@attrs.frozen
class _Overlay:
    properties: Mapping[str, PropertyRule] = attrs.field(factory=dict)
    attributes: Mapping[str, AttributeRule] = attrs.field(factory=dict)
    defaults: Mapping[str, object] = attrs.field(factory=dict)
    vpc_from_vswitch: bool = False
    # Arguments whose value the ROS type itself is (a Redis instance's `instance_type =
    # "Redis"`): that value (or none) is no loss, another is reported; the vendor's mapping of
    # them is not followed.
    implied: Mapping[str, object] = attrs.field(factory=dict)
    values: Mapping[str, object] = attrs.field(factory=dict)  # `Rule.values`
    # Arguments of a nested block the vendor's `Schema` leaves out though ROS has their field:
    # block argument -> its arguments' rules, added to the vendor's.
    nested: Mapping[str, Mapping[str, PropertyRule]] = attrs.field(factory=dict)
    when_given: Mapping[str, Mapping[str, object]] = attrs.field(factory=dict)  # `Rule`'s
    copies: Mapping[str, str] = attrs.field(factory=dict)  # `Rule.copies`
    companions: tuple[Companion, ...] = ()  # `Rule.companions`


_ALL_GROUPS = PropertyRule("SecurityGroupIds", "List", handler="security_groups")
_LOWER = {"internet_charge_type": PropertyRule("InternetChargeType", handler="lower")}


def _to(**names: str) -> dict[str, PropertyRule]:
    return {argument: PropertyRule(ros) for argument, ros in names.items()}


def _attributes(**names: str) -> dict[str, AttributeRule]:
    return {attribute: AttributeRule((ros,)) for attribute, ros in names.items()}


_SLB = _Overlay(
    properties={**_LOWER, **_to(vpc_id="VpcId", name="LoadBalancerName")},
    attributes=_attributes(address="IpAddress", address_type="AddressType"),
    vpc_from_vswitch=True,
)


# The provider's CMS alarm (resource_alicloud_cms_alarm.go): `operator` and `triggered_count`
# are the old spellings of the critical level's `comparison_operator` and `times` (removed in
# 1.216.0, still what the public modules write; the rules map `statistics` and `threshold`).
_CMS_ALARM = _Overlay(
    properties=_to(
        operator="Escalations.Critical.ComparisonOperator",
        triggered_count="Escalations.Critical.Times",
    )
)


def _service_config(protocol: str, vpc: str, mock: str) -> dict[str, object]:
    return {
        "ServiceConfig.ServiceProtocol": protocol,
        "ServiceConfig.ServiceVpcEnable": vpc,
        "ServiceConfig.Mock": mock,
    }


_API_SERVICE_TYPES = {
    "HTTP": _service_config("HTTP", "FALSE", "FALSE"),
    "HTTP-VPC": _service_config("HTTP", "TRUE", "FALSE"),
    "FunctionCompute": _service_config("FunctionCompute", "FALSE", "FALSE"),
    "MOCK": _service_config("HTTP", "FALSE", "TRUE"),
}

# The provider sets an instance's white list once it has created it (ModifySecurityIps, in
# resource_alicloud_kvstore_instance.go and resource_alicloud_redis_tair_instance.go), ROS's
# ALIYUN::REDIS::Whitelist, whose SecurityIps is the list as one comma-separated text.
_REDIS_WHITELIST = Companion(
    "ALIYUN::REDIS::Whitelist",
    "Whitelist",
    parent="InstanceId",
    attribute="InstanceId",
    properties={
        "security_ips": PropertyRule("SecurityIps", handler="comma_join"),
        **_to(
            security_ip_group_name="SecurityIpGroupName",
            security_ip_group_attribute="SecurityIpGroupAttribute",
        ),
    },
)

_OVERLAYS: Mapping[str, _Overlay] = {
    "alicloud_instance": _Overlay(
        properties={"security_groups": _ALL_GROUPS},
        attributes=_attributes(
            private_ip="PrivateIp", availability_zone="ZoneId", host_name="HostName"
        ),
        vpc_from_vswitch=True,
    ),
    "alicloud_slb_load_balancer": attrs.evolve(
        _SLB, properties={**_SLB.properties, **_to(specification="LoadBalancerSpec")}
    ),
    "alicloud_slb": _SLB,
    # The vendor keeps the first of a list, but Terraform's weight is one number for all.
    "alicloud_slb_attachment": _Overlay(
        properties={"weight": PropertyRule("BackendServerWeightList", "List")}
    ),
    # ROS takes an OSS bucket's tags as a map (ros-cdk: `{[key: string]: any}`), not a list.
    # Its `location` is "oss-" and the region Terraform creates it in, the stack's.
    # Its `policy` is JSON text, which ROS takes as the object.
    "alicloud_oss_bucket": _Overlay(
        properties={**_to(tags="Tags"), "policy": PropertyRule("Policy", handler="json_load")},
        values={"location": {"Fn::Join": ["", ["oss-", {"Ref": "ALIYUN::Region"}]]}},
    ),
    # A policy this resource creates is a custom one (the provider's `type`: "Custom").
    # Its `version` defaults to "1" (the provider's schema).
    "alicloud_ram_policy": _Overlay(
        values={"type": "Custom"}, defaults={"PolicyDocument.Version": "1"}
    ),
    "alicloud_ess_scaling_rule": _Overlay(attributes=_attributes(ari="ScalingRuleAri")),
    "alicloud_db_account": _Overlay(
        properties=_to(
            db_instance_id="DBInstanceId",
            account_name="AccountName",
            account_password="AccountPassword",
            account_type="AccountType",
            account_description="AccountDescription",
        )
    ),
    # Terraform's default bandwidth is -1 (no limit); ROS requires Bandwidth.
    "alicloud_slb_listener": _Overlay(defaults={"Bandwidth": -1}),
    # Terraform's default white list; ROS requires SecurityIPList.
    "alicloud_db_instance": _Overlay(
        properties={
            "security_ips": PropertyRule("SecurityIPList", handler="comma_join"),
            # ROS takes the groups as one comma-separated text (its SecurityGroupId docs).
            "security_group_ids": PropertyRule("SecurityGroupId", handler="comma_join"),
        },
        # Terraform's connection_string and port are the intranet ones.
        attributes=_attributes(connection_string="InnerConnectionString", port="InnerPort"),
        defaults={"SecurityIPList": "127.0.0.1"},
        vpc_from_vswitch=True,
    ),
    "alicloud_eip_address": _Overlay(attributes=_attributes(ip_address="EipAddress")),
    "alicloud_eip": _Overlay(attributes=_attributes(ip_address="EipAddress")),
    # Terraform's default character set; ROS requires CharacterSetName.
    "alicloud_db_database": _Overlay(defaults={"CharacterSetName": "utf8"}),
    # ROS's Sources is the CDN API's JSON text ([{"content": "1.1.1.1", "type": "ipaddr",
    # "priority": "20", "port": 80, "weight": "10"}], ALIYUN::CDN::Domain docs), whose keys are
    # the `sources` block's own; the vendor's rule drops every key of the block instead.
    "alicloud_cdn_domain_new": _Overlay(
        properties={"sources": PropertyRule("Sources", handler="json_text")}
    ),
    # The provider's default names ("Our plugin provides a default name", its docs); ROS
    # requires them.
    "alicloud_slb_server_group": _Overlay(defaults={"VServerGroupName": "tf-server-group"}),
    "alicloud_slb_rule": _Overlay(defaults={"RuleList.0.RuleName": "tf-slb-rule"}),
    # Terraform's default port_range is "-1/-1"; ROS requires PortRange.
    "alicloud_security_group_rule": _Overlay(defaults={"PortRange": "-1/-1"}),
    # The provider creates every API private (its extension_api_gateway.go: Visibility =
    # "PRIVATE"); ROS requires Visibility.
    # Its service_type is what the provider writes into the API's ServiceConfig
    # (resource_alicloud_api_gateway_api.go: getHttpServiceConfig, getMockServiceConfig, ...).
    # It deploys the API to each of `stage_names` (DeployApi), one ROS Deployment each, in the
    # API's group.
    "alicloud_api_gateway_api": _Overlay(
        defaults={"Visibility": "PRIVATE"},
        properties={"service_type": PropertyRule(None, means=_API_SERVICE_TYPES)},
        companions=(
            Companion(
                "ALIYUN::ApiGateway::Deployment",
                "Deployment",
                parent="ApiId",
                attribute="ApiId",
                properties=_to(stage_names="StageName"),
                copied={"GroupId": "GroupId"},
                per_item=True,
            ),
        ),
    ),
    # It adds the `servers` blocks to the group it created (AddServersToServerGroup), ROS's
    # ALIYUN::ALB::BackendServerAttachment, whose Servers have the blocks' field names.
    "alicloud_alb_server_group": _Overlay(
        companions=(
            Companion(
                "ALIYUN::ALB::BackendServerAttachment",
                "Servers",
                parent="ServerGroupId",
                attribute="ServerGroupId",
                properties={"servers": PropertyRule("Servers", "List")},
            ),
        )
    ),
    "alicloud_redis_tair_instance": _Overlay(companions=(_REDIS_WHITELIST,)),
    # The provider sends core_instance_quantity (default 2) as the API's NodeCount and
    # core_disk_type as its DiskType (resource_alicloud_hbase_instance.go); its pay_type
    # defaults to PostPaid, its engine to hbase. The vendor sends the switch `auto_renew` to
    # the number AutoRenewPeriod; ROS's default 0 there is "no auto-renewal" (its docs), what
    # `auto_renew = false` says, while `true` names no period and is reported.
    "alicloud_hbase_instance": _Overlay(
        properties=_to(core_instance_quantity="NodeCount", core_disk_type="DiskType"),
        defaults={"NodeCount": 2, "PayType": "PostPaid", "Engine": "hbase"},
        implied={"auto_renew": False},
    ),
    # The provider sends the `network` block's vpc_id and vswitche_list as VpcId, VSwitches.
    "alicloud_service_mesh_service_mesh": _Overlay(
        properties={
            "network": PropertyRule(
                None, "Map", schema=_to(vpc_id="VpcId", vswitche_list="VSwitches")
            )
        }
    ),
    # A target's id (ROS requires Targets.N.Id), which the vendor's schema leaves out.
    "alicloud_event_bridge_rule": _Overlay(nested={"targets": _to(target_id="Id")}),
    # A group's attributes, the VServerGroupAttributes ROS requires in each VServerGroups item.
    "alicloud_ess_scalinggroup_vserver_groups": _Overlay(
        nested={
            "vserver_groups": {
                "vserver_attributes": PropertyRule(
                    "VServerGroupAttributes",
                    "List",
                    schema=_to(vserver_group_id="VServerGroupId", port="Port", weight="Weight"),
                )
            }
        }
    ),
    # The provider's newer names (its docs: `server_id` of each server, since v1.274.0
    # `transit_router_vpn_attachment_name`), which the vendor's rules predate; and the older
    # `transit_router_vpc_attachment_name` (deprecated since 1.230.0 for
    # `transit_router_attachment_name`), which they leave out.
    "alicloud_slb_master_slave_server_group": _Overlay(
        nested={"servers": _to(server_id="ServerId")}
    ),
    "alicloud_cen_transit_router_vpn_attachment": _Overlay(
        properties=_to(transit_router_vpn_attachment_name="TransitRouterAttachmentName")
    ),
    "alicloud_cen_transit_router_vpc_attachment": _Overlay(
        properties=_to(transit_router_vpc_attachment_name="TransitRouterAttachmentName")
    ),
    # Each route_config block is one of ROS's RouteConfig.Routes (which has no Methods).
    # The provider reads the file `filename` names and sends it as the code's ZipFile; the
    # vendor's rule puts the path itself into the Code struct.
    "alicloud_fc_function": _Overlay(
        properties={"filename": PropertyRule("Code.ZipFile", reads="filebase64")}
    ),
    "alicloud_fc_layer_version": _Overlay(
        properties={"zip_file": PropertyRule("Code.ZipFile", reads="filebase64")}
    ),
    "alicloud_fc_custom_domain": _Overlay(
        properties={
            "route_config": PropertyRule(
                "RouteConfig.Routes",
                "List",
                schema=_to(
                    path="Path",
                    service_name="ServiceName",
                    function_name="FunctionName",
                    qualifier="Qualifier",
                ),
                schema_ignore=frozenset({"methods"}),
            )
        }
    ),
    # A scaling_config block's `enable` defaults to true (the provider's schema).
    "alicloud_cs_kubernetes_node_pool": _Overlay(defaults={"AutoScaling.Enable": True}),
    # The engine (Redis or Memcache), which the vendor maps to the instance class.
    "alicloud_kvstore_instance": _Overlay(
        implied={"instance_type": "Redis"},
        properties=_to(vpc_auth_mode="VpcPasswordFree"),
        companions=(_REDIS_WHITELIST,),
    ),
    # Defaults the provider's docs give (or its API applies) for arguments ROS requires:
    "alicloud_db_connection": _Overlay(defaults={"Port": "3306"}),  # "Default to 3306"
    "alicloud_ga_listener": _Overlay(defaults={"Protocol": "TCP"}),  # "Default value: TCP"
    # The provider's schema defaults: an AnalyticDB cluster's version, an account's privilege.
    "alicloud_adb_db_cluster": _Overlay(defaults={"DBClusterVersion": "3.0"}),
    "alicloud_db_account_privilege": _Overlay(defaults={"AccountPrivilege": "ReadOnly"}),
    "alicloud_cr_ee_sync_rule": _Overlay(defaults={"SyncTrigger": "PASSIVE"}),
    # A record the PVTZ API adds is enabled; a vault the HBR API creates is a standard one.
    "alicloud_pvtz_zone_record": _Overlay(defaults={"Status": "ENABLE"}),
    "alicloud_hbr_vault": _Overlay(defaults={"VaultType": "STANDARD"}),
    # A mount target is a VPC one unless network_type says (resource_alicloud_nas_mount_target.go).
    "alicloud_nas_mount_target": _Overlay(defaults={"NetworkType": "Vpc"}),
    # What the resource is, which ROS asks and Terraform's type says: the public connection
    # of a Tair instance, a route table's IPv4 gateway, a KMS rule of private IPs.
    "alicloud_kvstore_connection": _Overlay(defaults={"ConnectionType": "Public"}),
    "alicloud_vpc_gateway_route_table_attachment": _Overlay(
        defaults={"GatewayType": "Ipv4Gateway"}
    ),
    "alicloud_kms_network_rule": _Overlay(defaults={"Type": "Private"}),
    # Terraform copies the image into its provider's region, the stack's.
    "alicloud_image_copy": _Overlay(defaults={"DestinationRegionId": {"Ref": "ALIYUN::Region"}}),
    # The provider's `period` is in months ("the unit is month").
    "alicloud_alidns_instance": _Overlay(defaults={"PeriodUnit": "Month"}),
    "alicloud_dns_instance": _Overlay(defaults={"PeriodUnit": "Month"}),
    # A `full_text` block turns full-text indexing on (set only inside a block given).
    # A block's `token` is the delimiter characters as one text (the provider splits it
    # into the API's list), ROS's Delimiter.
    # A field_search block's `type` defaults to long (the provider's schema); without a
    # `full_text` block there is no full-text index (applied in this order: the first sets
    # only inside a block given, the second only where none is).
    "alicloud_log_store_index": _Overlay(
        defaults={
            "FullTextIndex.Enable": True,
            "FullTextIndex": {"Enable": False},
            "KeyIndices.*.Type": "long",
        },
        nested={
            "full_text": _to(token="Delimiter"),
            "field_search": _to(token="Delimiter"),
        },
    ),
    # The provider sends the `parameters` blocks as one JSON map of name to value
    # (service_alicloud_polardb.go: ModifyParameters), ROS's DBClusterParameters.Parameters.
    # The vendor's rules ignore `db_node_count` and `lower_case_table_names`, though ROS has
    # both: the provider's node count (primary plus read-only nodes, 1-16, what it creates the
    # cluster with) is ROS's DBNodeNum, and its 0/1 table-name setting ROS's LowerCaseTableNames
    # (resource_alicloud_polardb_cluster.go).
    "alicloud_polardb_cluster": _Overlay(
        properties={
            "parameters": PropertyRule("DBClusterParameters.Parameters", handler="name_value_json"),
            **_to(db_node_count="DBNodeNum", lower_case_table_names="LowerCaseTableNames"),
        }
    ),
    "alicloud_sls_index": _Overlay(
        defaults={"FullTextIndex.Enable": True},
        # `keys` is the API's map of index keys (jsonencode), ROS's KeyIndices a list of them.
        properties={"keys": PropertyRule("KeyIndices", handler="sls_key_indices")},
        # The full-text index's Chinese switch and delimiters, which ROS's FullTextIndex has.
        nested={
            "line": {
                "chn": PropertyRule("IncludeChinese"),
                "token": PropertyRule("Delimiter", handler="characters"),
            }
        },
    ),
    "alicloud_cms_alarm": _CMS_ALARM,
    # The provider binds each of `vpc_ids` in its own region, and a `vpcs` block without
    # region_id in its region too (resource_alicloud_pvtz_zone_attachment.go): the stack's.
    "alicloud_pvtz_zone_attachment": _Overlay(
        properties={
            "vpc_ids": PropertyRule(
                "Vpcs", each={"VpcId": EACH_ITEM, "RegionId": {"Ref": "ALIYUN::Region"}}
            )
        },
        defaults={"Vpcs.*.RegionId": {"Ref": "ALIYUN::Region"}},
    ),
    # The provider starts the bastion host it buys with the vSwitch and security groups
    # (resource_alicloud_bastionhost_instance.go: StartInstance), ROS's StartInstanceParam.
    # The vendor maps `license_code` to Version and `plan_code` to Plan, the other way round:
    # the plan code is the edition (the Bastionhost API's PlanCode: cloudbastion Basic,
    # cloudbastion_ha Enterprise), ROS's Version, and the license code (bhah_ent_50_asset)
    # the number of assets, ROS's Plan.
    "alicloud_bastionhost_instance": _Overlay(
        properties={
            "vswitch_id": PropertyRule("StartInstanceParam.VswitchId"),
            "security_group_ids": PropertyRule("StartInstanceParam.SecurityGroupIds", "List"),
            "plan_code": PropertyRule(
                None,
                means={
                    "cloudbastion": {"Version": "Basic"},
                    "cloudbastion_ha": {"Version": "Enterprise"},
                },
            ),
            "license_code": PropertyRule("Plan", handler="licensed_assets"),
        }
    ),
    # Without config_server_list the provider asks for one config server of class
    # dds.cs.mid with 20 GB (resource_alicloud_mongodb_sharding_instance.go).
    "alicloud_mongodb_sharding_instance": _Overlay(
        defaults={"ConfigServer": [{"Class": "dds.cs.mid", "Storage": 20}]}
    ),
    # `group_name` is the provider's newer name of `group_id`, both sent as GroupId
    # (resource_alicloud_ons_group.go).
    "alicloud_ons_group": _Overlay(properties=_to(group_name="GroupId")),
    # The engine and network of an AnalyticDB for PostgreSQL instance, the only ones the
    # provider takes (its schemas: StringInSlice "gpdb", "VPC").
    "alicloud_gpdb_instance": _Overlay(implied={"engine": "gpdb", "instance_network_type": "VPC"}),
    "alicloud_gpdb_elastic_instance": _Overlay(
        implied={"engine": "gpdb", "instance_network_type": "VPC"}
    ),
    # The provider sends the one time_config block's fields as the API's flat TimeType,
    # TimeExpression, Calendar and DataOffset (resource_alicloud_schedulerx_job.go).
    "alicloud_schedulerx_job": _Overlay(
        properties={
            "time_config": PropertyRule(
                None,
                "Map",
                schema=_to(
                    time_type="TimeType",
                    time_expression="TimeExpression",
                    calendar="Calendar",
                    data_offset="DataOffset",
                ),
            )
        }
    ),
    # The provider reads the two regions of `region_ids` as LocalRegionId and
    # OppositeRegionId (resource_alicloud_cen_bandwidth_limit.go, in the order of its set,
    # which is not the written one; the limit is the pair's either way).
    "alicloud_cen_bandwidth_limit": _Overlay(
        properties={"region_ids": PropertyRule(None, spread=("LocalRegionId", "OppositeRegionId"))}
    ),
    # The provider's defaults (resource_alicloud_emr_cluster.go): charge_type PostPaid,
    # use_local_metadb false, NetType "vpc" with a vSwitch and "classic" without; a host group
    # without charge_type "will follow global charge_type value" (its docs), which ROS
    # requires in each group.
    "alicloud_emr_cluster": _Overlay(
        defaults={"ChargeType": "PostPaid", "UseLocalMetaDb": False, "NetType": "classic"},
        when_given={"VSwitchId": {"NetType": "vpc"}},
        copies={"HostGroup.*.ChargeType": "ChargeType"},
    ),
}

# The egress form of a security group rule: another ROS type, `Dest*` instead of `Source*`.
_EGRESS_NAMES = {"SourceCidrIp": "DestCidrIp", "SourceGroupId": "DestGroupId"}
_EGRESS_DROPPED = frozenset({"SourceGroupOwnerId"})


def _egress(rule: Rule) -> Rule:
    properties = {
        name: attrs.evolve(prop, to=_EGRESS_NAMES.get(prop.to or "", prop.to))
        for name, prop in rule.properties.items()
        if prop.to not in _EGRESS_DROPPED
    }
    return attrs.evolve(rule, ros_type="ALIYUN::ECS::SecurityGroupEgress", properties=properties)


def file_arguments() -> dict[str, tuple[str, ...]]:
    """The arguments whose value is a local file's path the provider reads (`PropertyRule.reads`),
    by Terraform type: an FC function's `filename`."""
    return {
        tf_type: tuple(name for name, prop in overlay.properties.items() if prop.reads)
        for tf_type, overlay in _OVERLAYS.items()
        if any(prop.reads for prop in overlay.properties.values())
    }


def mapped_types() -> frozenset[str]:
    """Every Terraform resource type that has a rule."""
    return frozenset(load_rules().by_terraform)


def _one_struct_of_list(
    ros_type: str, properties: Mapping[str, PropertyRule]
) -> Mapping[str, PropertyRule]:
    """Several arguments the vendor sends to one list-of-struct property (an ESS server group
    attachment's `port`, `server_group_id`, `type` and `weight` all to `ServerGroups`) are the
    fields of that list's one struct: `ServerGroups.0.Port`, ... by the schema's field names.
    Taken as they are, each would overwrite the others."""
    targets: dict[str, list[str]] = {}
    for argument, prop in properties.items():
        if prop.to and prop.kind == "List" and prop.schema is None and prop.handler is None:
            targets.setdefault(prop.to, []).append(argument)
    fixed = dict(properties)
    for target, arguments in targets.items():
        fields = _struct_fields(ros_type, target)
        if len(arguments) < 2 or fields is None:
            continue
        for argument in arguments:
            name = schema_field(fields, argument)
            if name is not None:
                fixed[argument] = PropertyRule(f"{target}.0.{name}")
    return fixed


def base_rule(tf_type: str) -> Rule | None:
    """The combined rule of a type, before any variant is chosen; None if the vendor has none."""
    data = load_rules().by_terraform.get(tf_type)
    if data is None:
        return None
    overlay = _OVERLAYS.get(tf_type, _Overlay())
    properties = _one_struct_of_list(data.ros_type, data.properties)
    # Terraform infers a resource's VPC from its vSwitch; a ROS type with both properties
    # gets the VPC of the vSwitch the template creates (the converter looks it up).
    fields = ros_fields(data.ros_type) or {}
    vpc = next((name for name in fields if name.casefold() == "vpcid"), None)
    has_vswitch = any(
        (prop.to or "").casefold() in ("vswitchid", "vswitchids", "vswitches")
        for prop in properties.values()
    )
    properties = {
        name: prop
        for name, prop in {**properties, **overlay.properties}.items()
        if name not in overlay.implied
    }
    for argument, extra in overlay.nested.items():
        block = properties[argument]
        properties[argument] = attrs.evolve(
            block,
            schema={**(block.schema or {}), **extra},
            schema_ignore=block.schema_ignore - set(extra),
        )
    return Rule(
        tf_type=tf_type,
        ros_type=data.ros_type,
        properties=properties,
        ignored=(data.ignored - set(overlay.properties)) | frozenset(overlay.implied),
        attributes={**data.attributes, **overlay.attributes},
        defaults=overlay.defaults,
        vpc_from_vswitch=overlay.vpc_from_vswitch or (vpc is not None and has_vswitch),
        vpc_property=vpc or "VpcId",
        values=overlay.values,
        when_given=overlay.when_given,
        copies=overlay.copies,
        companions=overlay.companions,
    )


def _unreached(rule: Rule) -> tuple[str, ...]:
    """The required properties of the rule's ROS type that none of its arguments reaches: not
    by the rules, an overlay default, the vSwitch's VPC, the stack's region, nor the schema's
    own names (`tf_props`), sorted; () when the schema does not know the type."""
    fields = ros_fields(rule.ros_type)
    if fields is None:
        return ()
    reached = {name for prop in rule.properties.values() for name in _tops(prop)}
    reached |= {key.split(".")[0] for key in rule.defaults}
    reached |= {key.split(".")[0] for given in rule.when_given.values() for key in given}
    if rule.vpc_from_vswitch:
        reached.add(rule.vpc_property)
    reached |= REGION_PROPERTIES
    for argument in rule.ignored:
        reached |= {path[0] for path in schema_targets(argument, fields)}
    return tuple(
        sorted(name for name, prop in fields.items() if prop.required and name not in reached)
    )


def _tops(prop: PropertyRule) -> set[str]:
    """The top-level ROS properties a rule writes: its own, those it spreads a list over,
    and for a block merged into its parent (no `to`) those of the block's rules."""
    if prop.spread:
        return {name.split(".")[0] for name in prop.spread}
    if prop.means is not None:
        return {path.split(".")[0] for meaning in prop.means.values() for path in meaning}
    if prop.to is None and prop.schema is not None:
        return {name for inner in prop.schema.values() for name in _tops(inner)}
    return {(prop.to or "").split(".")[0]}


@functools.cache
def misfit(tf_type: str) -> Msg | None:
    """Why the vendor's rule for `tf_type` names a ROS type that is another resource, or None.

    The vendor sometimes maps a Terraform type to the ROS type of a related resource
    (`alicloud_kms_ciphertext`, which encrypts a text, to `ALIYUN::KMS::Secret`, which
    `alicloud_kms_secret` creates). The sign in the data: the ROS type has required
    properties that no argument of this Terraform type reaches, while another Terraform type's
    rule for the same ROS type reaches them all. Converting it would create something else."""
    rule = base_rule(tf_type)
    missing = _unreached(rule) if rule is not None else ()
    if rule is None or not missing:
        return None
    for other in load_rules().by_ros.get(rule.ros_type, ()):
        sibling = base_rule(other.tf_type) if other.tf_type != tf_type else None
        if sibling is not None and not _unreached(sibling):
            names: list[Value] = list(missing)
            return Msg(
                "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but "
                "{tf_type} has no argument for {missing}, which {ros_type} needs: it is another "
                "resource",
                tf_type=tf_type,
                ros_type=rule.ros_type,
                other=other.tf_type,
                missing=and_list(names),
            )
    return None


def rule_for(tf_type: str, body: Mapping[str, object]) -> tuple[Rule | None, Msg | None]:
    """The rule for a resource, choosing a variant by its arguments; the note says what was
    assumed. (None, None) for a type without a rule."""
    rule = base_rule(tf_type)
    implied = _OVERLAYS[tf_type].implied if tf_type in _OVERLAYS else {}
    if rule is not None and implied:
        same = {name for name, value in implied.items() if body.get(name) in (None, value)}
        return attrs.evolve(rule, used=rule.used | same), None
    if rule is None or tf_type != "alicloud_security_group_rule":
        return rule, None
    rule = attrs.evolve(rule, used=frozenset({"type"}))
    kind = literal_direction(body.get("type"))
    if kind == "egress":
        return _egress(rule), None
    if kind == "ingress":
        return rule, None
    return rule, Msg(
        "{key} is {value}, not one of {choices}; converted as {default}",
        key="type",
        value=repr(kind),
        choices="ingress, egress",
        default="ingress",
    )


# Arguments the provider renamed across its resources (its docs: `instance_charge_type` is
# deprecated, use `payment_type`); the vendor's rules often know only one of them.
_PROVIDER_RENAMES: Mapping[str, str] = {
    "payment_type": "instance_charge_type",
    "instance_charge_type": "payment_type",
    # An AnalyticDB cluster's class: `db_cluster_class` is deprecated for `db_node_class`.
    "db_node_class": "db_cluster_class",
    "db_cluster_class": "db_node_class",
}


def other_spelling(rule: Rule, argument: str) -> str | None:
    """The argument of the rule that `argument` is the provider's other spelling of, one the
    newer and one the deprecated name: `name` for `<thing>_name` (`vpn_gateway_name`),
    `<thing>_name` for `<thing>` (a CMS alarm's `metric`, now `metric_name`), and for `name`
    the one `<thing>_name` whose thing ends the type's name (`alicloud_ecs_snapshot`:
    `snapshot_name`), `payment_type` for `instance_charge_type` and `db_node_class` for
    `db_cluster_class`, and back. None when the rule has no such argument."""
    if "." in argument:
        return None
    renamed = _PROVIDER_RENAMES.get(argument)
    if renamed is not None:
        return renamed if renamed in rule.properties else None
    if argument == "name":
        kind = rule.tf_type.removeprefix("alicloud_")
        found = [
            other
            for other in rule.properties
            if other.endswith("_name") and kind.endswith(other.removesuffix("_name"))
        ]
        return found[0] if len(found) == 1 else None
    other = "name" if argument.endswith("_name") else argument + "_name"
    return other if other in rule.properties else None


def argument_path(rule: Rule, argument: str) -> str | None:
    """The ROS property path an argument of `rule`'s type goes to when it is given as a plain
    value, for reading it back as an attribute (Terraform's attribute of an argument is the
    argument's value): the rule's own (a rule that reshapes the value aside), the rule of its
    other spelling (`other_spelling`: `alicloud_log_project.project_name`, which the vendor's
    rules leave out beside `name`), or the schema's property of that name (`tf_props` places
    such arguments); None otherwise."""
    prop = rule.properties.get(argument)
    other = other_spelling(rule, argument) if prop is None and argument in rule.ignored else None
    if other is not None:
        prop = rule.properties.get(other)
    if prop is not None:
        plain = prop.to and prop.kind is None and prop.handler is None and prop.schema is None
        return prop.to if plain else None
    fields = ros_fields(rule.ros_type)
    targets = schema_targets(argument, fields) if fields is not None else []
    return ".".join(targets[0]) if len(targets) == 1 else None


# Required properties that name the region the resource is in (ALIYUN::VS::Group `Region`):
# Terraform creates it in its provider's region, which is the stack's (`ALIYUN::Region`).
REGION_PROPERTIES: frozenset[str] = frozenset({"Region", "RegionId"})

# Arguments every resource may have that are not properties; handled (or ignored) on their own.
META_ARGUMENTS: frozenset[str] = frozenset(
    {"count", "for_each", "depends_on", "provider", "lifecycle", "timeouts", "provisioner"}
)

# Arguments that only steer how the Terraform provider makes its API calls or deletes the
# resource: a dry run, forcing an update, restart or delete, when or how a change is applied,
# the language of the API's answers. ROS has no such setting, and the resource ROS creates is
# the same without them, so leaving them out is no loss (docs/decisions.md). Only arguments
# the vendor's rules mark Ignore are taken as such: where a rule maps one (`force` to
# `DeletionForce`), it is converted.
TERRAFORM_ONLY_ARGUMENTS: frozenset[str] = frozenset(
    {
        "dry_run",
        "force",
        "force_delete",
        "force_restart",
        "force_stop",
        "force_update",
        "force_upgrade",
        "delete_protection_validation",
        "retain_resources",
        "retain_all_resources",
        "immediate_delete_flag",  # HBase: delete at once or later on destroy
        "skip_destroy",
        "modify_type",
        "modify_mode",
        "effective_time",
        "switch_time",
        "switch_time_mode",
        "upgrade_time",
        "lang",
        "accept_language",
        "aliyun_lang",
    }
)

# Arguments set to what the ROS resource is anyway, which ROS has no property for: leaving
# them out loses nothing. A CMS alarm rule is created enabled (the provider's `enabled`
# defaults to true and then only enables the rule it put; ROS has no switch); a flow log and
# an access key are created Active (the provider waits for Active, or deactivates after).
AS_ROS_DOES: Mapping[str, Mapping[str, object]] = {
    "alicloud_cms_alarm": {"enabled": True},
    "alicloud_vpc_flow_log": {"status": "Active"},
    "alicloud_ram_access_key": {"status": "Active"},
}

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
