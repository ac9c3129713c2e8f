"""Converted values fitted to the ROS schema where the vendor's rules leave the shape to us:
Terraform lists for ROS's comma-separated text, nested blocks the rules pass through unnamed.
Hand-written projects; every converted template must pass the checker."""

from __future__ import annotations

import json
import textwrap
from typing import Any

import pytest

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import Conversion, TerraformError, convert_terraform


def convert(text: str) -> Conversion:
    conversion = convert_terraform({"main.tf": textwrap.dedent(text)})
    report = check_template(conversion.to_yaml())
    assert report.ok, report.to_text()
    return conversion


def props(conversion: Conversion, name: str) -> dict[str, Any]:
    return dict(conversion.template["Resources"][name]["Properties"])


def test_a_literal_list_for_a_text_property_is_comma_separated_text() -> None:
    conversion = convert(
        """
        resource "alicloud_vpn_connection" "c" {
          vpn_gateway_id      = "vpn-1"
          customer_gateway_id = "cgw-1"
          local_subnet        = ["10.0.0.0/24", "10.0.1.0/24"]
          remote_subnet       = ["192.168.0.0/24"]
        }
        """
    )
    properties = props(conversion, "VpnConnection_c")
    assert properties["LocalSubnet"] == "10.0.0.0/24,10.0.1.0/24"
    assert properties["RemoteSubnet"] == "192.168.0.0/24"


def test_a_list_variable_for_a_text_property_is_joined_at_deploy_time() -> None:
    conversion = convert(
        """
        variable "local_subnets" {
          type    = list(string)
          default = ["10.0.0.0/24"]
        }
        resource "alicloud_vpn_connection" "c" {
          vpn_gateway_id      = "vpn-1"
          customer_gateway_id = "cgw-1"
          local_subnet        = var.local_subnets
          remote_subnet       = ["192.168.0.0/24"]
        }
        """
    )
    assert conversion.template["Parameters"]["local_subnets"]["Type"] == "CommaDelimitedList"
    properties = props(conversion, "VpnConnection_c")
    assert properties["LocalSubnet"] == {"Fn::Join": [",", {"Ref": "local_subnets"}]}


def test_a_choice_between_list_variables_for_a_text_property_joins_each() -> None:
    # terraform-alicloud-rds: security_group_ids = length(var.a) > 0 ? var.a : var.b, for
    # RDS's comma-separated SecurityGroupId; the checker refuses a bare list there.
    conversion = convert(
        """
        variable "groups" {
          type    = list(string)
          default = []
        }
        variable "others" {
          type    = list(string)
          default = ["sg-1"]
        }
        resource "alicloud_db_instance" "db" {
          engine             = "MySQL"
          engine_version     = "8.0"
          instance_type      = "rds.mysql.s1.small"
          instance_storage   = 20
          vswitch_id         = "vsw-1"
          security_group_ids = length(var.groups) > 0 ? var.groups : var.others
        }
        """
    )
    chosen = props(conversion, "DbInstance_db")["SecurityGroupId"]["Fn::If"]
    assert chosen[1:] == [
        {"Fn::Join": [",", {"Ref": "groups"}]},
        {"Fn::Join": [",", {"Ref": "others"}]},
    ]


def test_a_list_variable_for_a_list_property_stays_a_list() -> None:
    conversion = convert(
        """
        variable "groups" {
          type    = list(string)
          default = ["sg-1"]
        }
        resource "alicloud_instance" "web" {
          image_id          = "img-1"
          instance_type     = "ecs.g6.large"
          vswitch_id        = "vsw-1"
          security_groups   = var.groups
        }
        """
    )
    properties = props(conversion, "Instance_web")
    assert {"Ref": "groups"} in properties.values()
    assert "Fn::Join" not in str(properties)


def test_a_nested_block_the_rules_pass_through_is_named_by_the_ros_schema() -> None:
    conversion = convert(
        """
        resource "alicloud_sls_oss_export_sink" "export" {
          project  = "p"
          job_name = "j"
          configuration {
            logstore = "l"
            role_arn = "acs:ram::1:role/read"
            sink {
              bucket          = "b"
              role_arn        = "acs:ram::1:role/write"
              content_type    = "json"
              buffer_interval = "300"
              buffer_size     = "256"
              endpoint        = "https://oss-cn-hangzhou-internal.aliyuncs.com"
              not_a_ros_field = "x"
            }
          }
        }
        """
    )
    sink = props(conversion, "SlsOssExportSink_export")["Configuration"]["Sink"]
    assert sink["Bucket"] == "b"
    assert sink["RoleArn"] == "acs:ram::1:role/write"
    assert sink["BufferInterval"] == "300"
    assert "not_a_ros_field" not in sink and "role_arn" not in sink
    assert "configuration.sink.not_a_ros_field" in "\n".join(conversion.warnings)
    assert conversion.summary.lossy == 1


def test_a_tags_map_placed_by_the_schema_becomes_key_value_pairs() -> None:
    conversion = convert(
        """
        resource "alicloud_network_interface" "eni" {
          count                  = 2
          network_interface_name = "eni-${count.index}"
          vswitch_id             = "vsw-1"
          security_group_ids     = ["sg-1"]
          tags = {
            Name = "eni-${count.index + 1}"
            Env  = "test"
          }
        }
        """
    )
    tags = props(conversion, "NetworkInterface_eni")["Tags"]
    assert [tag["Key"] for tag in tags] == ["Name", "Env"]
    assert tags[1] == {"Key": "Env", "Value": "test"}


def test_a_required_field_of_a_nested_struct_gets_a_parameter() -> None:
    conversion = convert(
        """
        resource "alicloud_instance" "vm" {
          image_id      = "centos_7"
          instance_type = "ecs.g7.large"
          vswitch_id    = "vsw-1"
          data_disks {
            category = "cloud_essd"
          }
        }
        """
    )
    disk = props(conversion, "Instance_vm")["DiskMappings"][0]
    assert disk["Size"] == {"Ref": "Instance_vm_Size"}
    assert "Instance_vm_Size" in conversion.template["Parameters"]
    assert "DiskMappings.0.Size" in "\n".join(conversion.warnings)
    assert conversion.summary.lossy == 1


def test_the_providers_newer_name_argument_goes_where_the_rules_put_name() -> None:
    conversion = convert(
        """
        resource "alicloud_vpn_customer_gateway" "office" {
          ip_address            = "203.0.113.10"
          customer_gateway_name = "office"
        }
        resource "alicloud_vpn_customer_gateway" "both" {
          ip_address            = "203.0.113.11"
          name                  = "old"
          customer_gateway_name = "new"
        }
        """
    )
    assert props(conversion, "VpnCustomerGateway_office")["Name"] == "office"
    assert props(conversion, "VpnCustomerGateway_both")["Name"] == "old"
    assert conversion.summary.native == 1


def test_an_allowed_value_written_in_another_case_takes_the_schemas_spelling() -> None:
    conversion = convert(
        """
        resource "alicloud_api_gateway_api" "api" {
          name        = "api"
          group_id    = "g-1"
          description = "d"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/test"
            mode     = "MAPPING"
          }
          service_type = "HTTP"
          http_service_config {
            address   = "http://example.com"
            method    = "GET"
            path      = "/web"
            timeout   = 12
            aone_name = "cloudapi-openapi"
          }
          request_parameters {
            name         = "p"
            type         = "STRING"
            required     = "REQUIRED"
            in           = "QUERY"
            in_service   = "QUERY"
            name_service = "p"
          }
        }
        """
    )
    parameter = props(conversion, "ApiGatewayApi_api")["RequestParameters"][0]
    assert parameter["ParameterType"] == "String"


def _doubling_locals(levels: int, seed: str) -> str:
    """Locals where each reads the one before it four times: exponential without a limit."""
    lines = [f"  l0 = {seed}"]
    for level in range(1, levels):
        prev = f"${{local.l{level - 1}}}"
        lines.append(f'  l{level} = "{prev}{prev}{prev}{prev}"')
    return "locals {\n" + "\n".join(lines) + "\n}\n"


_VPC = (
    'resource "alicloud_vpc" "v" {{\n'
    '  cidr_block  = "10.0.0.0/8"\n'
    "  description = local.{local}\n"
    "}}\n"
)


def test_locals_that_grow_a_text_without_bound_are_refused() -> None:
    text = _doubling_locals(7, '"' + "x" * 4096 + '"') + _VPC.format(local="l6")
    with pytest.raises(TerraformError, match="characters long"):
        convert_terraform({"main.tf": text})


def test_locals_that_read_each_other_without_bound_are_refused() -> None:
    text = 'variable "x" {\n  type = string\n}\n' + _doubling_locals(10, "var.x")
    text += _VPC.format(local="l9")
    with pytest.raises(TerraformError, match="grows to more than 100000 values"):
        convert_terraform({"main.tf": text})


def test_a_key_of_a_for_each_over_a_list_parameter_is_its_position_in_the_list() -> None:
    conversion = convert(
        """
        variable "zones" {
          type    = list(string)
          default = ["cn-hangzhou-h", "cn-hangzhou-i"]
        }
        resource "alicloud_vswitch" "by_zone" {
          for_each   = toset(var.zones)
          vpc_id     = "vpc-1"
          zone_id    = each.value
          cidr_block = "10.0.0.0/24"
        }
        output "h" {
          value = alicloud_vswitch.by_zone["cn-hangzhou-h"].id
        }
        output "wrong" {
          value = alicloud_vswitch.by_zone[true].id
        }
        """
    )
    assert "wrong" not in conversion.template["Outputs"]
    assert conversion.template["Outputs"]["h"]["Value"] == {
        "Fn::Select": [
            {"Fn::Index": ["cn-hangzhou-h", {"Ref": "zones"}]},
            {"Ref": "Vswitch_by_zone"},
        ]
    }


def test_a_text_key_of_a_counted_resource_is_not_a_select_by_that_text() -> None:
    conversion = convert(
        """
        resource "alicloud_vpc" "v" {
          count      = 2
          cidr_block = "10.0.0.0/8"
        }
        output "o" {
          value = alicloud_vpc.v["a"].id
        }
        """
    )
    assert "o" not in conversion.template.get("Outputs", {})
    assert "not a copy's number" in "\n".join(conversion.warnings)


def test_tags_for_a_ros_map_property_stay_a_map() -> None:
    conversion = convert(
        """
        resource "alicloud_db_instance" "db" {
          engine           = "PostgreSQL"
          engine_version   = "13.0"
          instance_type    = "pg.n2.small.1"
          instance_storage = 20
          vswitch_id       = "vsw-1"
          tags = {
            Env = "test"
          }
        }
        """
    )
    assert props(conversion, "DbInstance_db")["Tags"] == {"Env": "test"}


@pytest.mark.parametrize(
    ("status", "auto_renew"), [("AutoRenewal", "True"), ("NotRenewal", "False")]
)
def test_a_renewal_status_becomes_the_switch_value_ros_allows(status: str, auto_renew: str) -> None:
    conversion = convert(
        f"""
        resource "alicloud_instance" "vm" {{
          image_id             = "centos_7"
          instance_type        = "ecs.g7.large"
          vswitch_id           = "vsw-1"
          security_groups      = ["sg-1"]
          instance_charge_type = "PrePaid"
          renewal_status       = "{status}"
          auto_renew_period    = 1
        }}
        """
    )
    assert props(conversion, "Instance_vm")["AutoRenew"] == auto_renew


def test_cdn_sources_blocks_become_the_json_text_ros_takes() -> None:
    conversion = convert(
        """
        resource "alicloud_cdn_domain_new" "site" {
          domain_name = "example.com"
          cdn_type    = "web"
          sources {
            content  = "1.1.1.1"
            type     = "ipaddr"
            priority = 20
            port     = 80
            weight   = 10
          }
        }
        """
    )
    sources = props(conversion, "CdnDomainNew_site")["Sources"]
    assert json.loads(sources) == [
        {"content": "1.1.1.1", "type": "ipaddr", "priority": 20, "port": 80, "weight": 10}
    ]
    assert not conversion.warnings


def test_cdn_sources_known_only_at_deploy_time_are_reported() -> None:
    conversion = convert(
        """
        resource "alicloud_eip_address" "ip" {
        }
        resource "alicloud_cdn_domain_new" "site" {
          domain_name = "example.com"
          cdn_type    = "web"
          sources {
            content = alicloud_eip_address.ip.ip_address
            type    = "ipaddr"
          }
        }
        """
    )
    assert "Sources" not in props(conversion, "CdnDomainNew_site")
    assert (
        "alicloud_cdn_domain_new.site: sources not converted (its value is computed, and ROS "
        "needs it as JSON text)" in "\n".join(conversion.warnings)
    )


def test_a_branch_that_indexes_an_empty_default_list_gives_way_to_the_other() -> None:
    conversion = convert(
        """
        variable "region_ids" {
          type    = list(string)
          default = []
        }
        variable "region_a" {
          type    = string
          default = "China"
        }
        locals {
          ids = []
        }
        resource "alicloud_cen_bandwidth_package" "bwp" {
          bandwidth              = 5
          geographic_region_a_id = var.region_a != "" ? var.region_a : local.ids[0]
          geographic_region_b_id = var.region_a != "" ? var.region_a : var.region_ids[1]
        }
        """
    )
    properties = props(conversion, "CenBandwidthPackage_bwp")
    assert properties["GeographicRegionAId"] == {"Ref": "region_a"}
    # A list parameter may hold items at deploy time: that stays a choice.
    assert properties["GeographicRegionBId"]["Fn::If"][2] == {
        "Fn::Select": ["1", {"Ref": "region_ids"}]
    }
    assert "one branch indexes a list of 0 items at 0, which Terraform rejects" in "\n".join(
        conversion.warnings
    )


def test_arguments_the_vendor_sends_to_one_list_are_the_fields_of_its_struct() -> None:
    conversion = convert(
        """
        resource "alicloud_ess_server_group_attachment" "alb" {
          scaling_group_id = "asg-1"
          server_group_id  = "sgp-1"
          port             = 80
          type             = "ALB"
          weight           = 100
          force_attach     = true
        }
        resource "alicloud_resource_manager_shared_resource" "vsw" {
          resource_share_id = "rs-1"
          resource_id       = "vsw-1"
          resource_type     = "VSwitch"
        }
        """
    )
    assert props(conversion, "EssServerGroupAttachment_alb") == {
        "ScalingGroupId": "asg-1",
        "ServerGroups": [{"ServerGroupId": "sgp-1", "Port": 80, "Type": "ALB", "Weight": 100}],
        "ForceAttach": True,
    }
    assert props(conversion, "ResourceManagerSharedResource_vsw")["Resources"] == [
        {"ResourceId": "vsw-1", "ResourceType": "VSwitch"}
    ]


def test_merged_tag_maps_become_key_value_pairs_at_deploy_time() -> None:
    # The terraform-alicloud disk module's form (alicloud_disk, whose rule has no tags handler):
    # its own Name tag merged with the caller's map.
    conversion = convert(
        """
        variable "name" {
          default = "data"
        }
        variable "tags" {
          type    = map(string)
          default = { Env = "dev" }
        }
        resource "alicloud_disk" "d" {
          availability_zone = "cn-hangzhou-h"
          size              = 40
          category          = "cloud_essd"
          tags              = merge({ "Name" = format("%s", var.name) }, var.tags)
        }
        """
    )
    assert props(conversion, "Disk_d")["Tags"] == {
        "Fn::Jq": [
            "First",
            'to_entries | map({"Key": .key, "Value": .value})',
            {"Fn::MergeMap": [{"Name": {"Fn::Sub": "${name}"}}, {"Ref": "tags"}]},
        ]
    }


def test_words_the_provider_translates_for_the_api_are_the_apis_words() -> None:
    # Tablestore: the provider sends instance_type HighPerformance as ClusterType SSD and
    # accessed_by Any as Network NORMAL; ROS takes the API's words (the checker refuses others).
    conversion = convert(
        """
        variable "kind" {
          default = "Capacity"
        }
        resource "alicloud_ots_instance" "a" {
          name          = "tf-ots"
          accessed_by   = "Any"
          instance_type = "HighPerformance"
        }
        resource "alicloud_ots_instance" "b" {
          name          = "tf-ots-b"
          accessed_by   = "ConsoleOrVpc"
          instance_type = var.kind
        }
        """
    )
    assert props(conversion, "OtsInstance_a") == {
        "InstanceName": "tf-ots",
        "Network": "NORMAL",
        "ClusterType": "SSD",
    }
    given = props(conversion, "OtsInstance_b")
    assert given["Network"] == "VPC_CONSOLE"
    assert given["ClusterType"] == {
        "Fn::Select": [
            {"Ref": "kind"},
            {"HighPerformance": "SSD", "Capacity": "HYBRID"},
            {"Ref": "kind"},
        ]
    }
    assert conversion.summary.lossy == 0


def test_a_field_the_vendors_rules_name_but_the_ros_struct_lacks_is_reported_not_written() -> None:
    conversion = convert(
        """
        resource "alicloud_cs_kubernetes_node_pool" "p" {
          cluster_id     = "c-1"
          node_pool_name = "pool"
          vswitch_ids    = ["vsw-1"]
          instance_types = ["ecs.g6.large"]
          system_disk_size = 40
          ram_role_name  = "worker"
        }
        resource "alicloud_api_gateway_api" "api" {
          name         = "api"
          group_id     = "g-1"
          description  = "d"
          auth_type    = "APP"
          service_type = "FunctionCompute"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/a"
            mode     = "MAPPING"
          }
          fc_service_config {
            region        = "cn-hangzhou"
            function_name = "f"
            service_name  = "s"
            arn_role      = "acs:ram::1:role/fc"
            timeout       = 10
          }
        }
        """
    )
    fc = props(conversion, "ApiGatewayApi_api")["ServiceConfig"]["FunctionComputeConfig"]
    assert fc["FunctionName"] == "f" and "ServiceTimeOut" not in fc
    group = props(conversion, "CsKubernetesNodePool_p")["ScalingGroup"]
    assert group["InstanceTypes"] == ["ecs.g6.large"] and "RamRoleName" not in group
    text = "\n".join(conversion.warnings)
    assert (
        "ram_role_name not converted (the vendor's rules send it to RamRoleName, which "
        "ScalingGroup of ALIYUN::CS::ClusterNodePool does not have)" in text
    )
    assert (
        "fc_service_config.timeout not converted (the vendor's rules send it to ServiceTimeOut, "
        "which ServiceConfig.FunctionComputeConfig of ALIYUN::ApiGateway::Api does not have)"
        in text
    )
    assert not [f for f in check_template(conversion.to_yaml()).warnings if f.code == "ROS3021"]


def test_a_list_computed_at_deploy_time_for_a_text_property_is_joined() -> None:
    conversion = convert(
        """
        variable "ips" {
          type    = list(string)
          default = ["10.0.0.0/24"]
        }
        resource "alicloud_db_instance" "db" {
          engine           = "MySQL"
          engine_version   = "8.0"
          instance_type    = "rds.mysql.s2.large"
          instance_storage = 20
          vswitch_id       = "vsw-1"
          security_ips     = concat(var.ips, ["10.1.0.0/24"])
        }
        """
    )
    assert props(conversion, "DbInstance_db")["SecurityIPList"] == {
        "Fn::Join": [",", {"Fn::ListMerge": [{"Ref": "ips"}, ["10.1.0.0/24"]]}]
    }
