"""Terraform data sources -> ROS: DATASOURCE:: resources for lookups by filters, parameters
with a picker for "one that fits", pseudo parameters, and honest notes for the rest."""

from __future__ import annotations

import pytest

from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_schema import schema_or_none
from iaccode.iac.tf_datasources import PICKERS, SPECS
from tests.iac.test_tf_constructs import convert, jq_first, main, project, props, warnings


def test_lookups_by_filters_become_datasource_resources_read_by_get_att() -> None:
    conversion = main(
        """
        data "alicloud_vpcs" "default" {
          is_default = true
        }
        data "alicloud_vswitches" "in_vpc" {
          vpc_id = data.alicloud_vpcs.default.ids[0]
        }
        resource "alicloud_security_group" "sg" {
          vpc_id = data.alicloud_vpcs.default.vpcs[0].id
        }
        resource "alicloud_vswitch" "extra" {
          vpc_id     = data.alicloud_vpcs.default.ids.0
          cidr_block = cidrsubnet(data.alicloud_vpcs.default.vpcs[0].cidr_block, 8, 4)
          zone_id    = data.alicloud_vswitches.in_vpc.vswitches.0.zone_id
        }
        output "vswitch_ids" {
          value = data.alicloud_vswitches.in_vpc.ids
        }
        """
    )
    resources = conversion.template["Resources"]
    assert list(resources)[:2] == ["Vpcs_default", "Vswitches_in_vpc"]
    assert resources["Vpcs_default"] == {
        "Type": "DATASOURCE::VPC::Vpcs",
        "Properties": {"IsDefault": True, "RefreshOptions": "Always"},
    }
    first_vpc = {"Fn::Select": ["0", {"Fn::GetAtt": ["Vpcs_default", "VpcIds"]}]}
    assert resources["Vswitches_in_vpc"] == {
        "Type": "DATASOURCE::VPC::VSwitches",
        "Properties": {"VpcId": first_vpc, "RefreshOptions": "Always"},
    }
    assert props(conversion, "SecurityGroup_sg")["VpcId"] == first_vpc
    vswitch = props(conversion, "Vswitch_extra")
    assert vswitch["VpcId"] == first_vpc
    assert vswitch["ZoneId"] == {
        "Fn::Select": [
            "ZoneId",
            {"Fn::Select": ["0", {"Fn::GetAtt": ["Vswitches_in_vpc", "VSwitches"]}]},
        ]
    }
    assert conversion.template["Outputs"]["vswitch_ids"]["Value"] == {
        "Fn::GetAtt": ["Vswitches_in_vpc", "VSwitchIds"]
    }
    text = warnings(conversion)
    assert (
        "data.alicloud_vpcs.default became the ROS data source Vpcs_default "
        "(DATASOURCE::VPC::Vpcs), read when the stack is created." in text
    )
    # cidrsubnet over a CIDR ROS reads at deploy time, of a length not in the files: Fn::Jq.
    script, data = vswitch["CidrBlock"]["Fn::Jq"][1:]
    first_cidr = {
        "Fn::Select": ["CidrBlock", {"Fn::Select": ["0", {"Fn::GetAtt": ["Vpcs_default", "Vpcs"]}]}]
    }
    assert data == {"c": first_cidr, "b": 8, "n": 4}
    assert jq_first(script, {**data, "c": "172.16.0.0/12"}) == "172.16.64.0/20"
    assert "cidrsubnet" not in text
    assert "Parameters" not in conversion.template or all(
        "Vpcs" not in name for name in conversion.template["Parameters"]
    )


def test_an_item_read_through_a_local_takes_the_api_keys_too() -> None:
    conversion = main(
        """
        data "alicloud_vpcs" "v" {
          is_default = true
        }
        locals {
          vpc = data.alicloud_vpcs.v.vpcs[0]
        }
        resource "alicloud_vswitch" "s" {
          vpc_id       = local.vpc.id
          cidr_block   = local.vpc.cidr_block
          vswitch_name = local.vpc.vpc_name
          zone_id      = "cn-hangzhou-h"
        }
        """
    )
    vswitch = props(conversion, "Vswitch_s")
    first = {"Fn::Select": ["0", {"Fn::GetAtt": ["Vpcs_v", "Vpcs"]}]}
    assert vswitch["VpcId"] == {"Fn::Select": ["0", {"Fn::GetAtt": ["Vpcs_v", "VpcIds"]}]}
    assert vswitch["CidrBlock"] == {"Fn::Select": ["CidrBlock", first]}
    assert vswitch["VSwitchName"] == {"Fn::Select": ["VpcName", first]}


def test_a_splat_over_a_data_sources_items_reads_the_api_key_of_each() -> None:
    # terraform-alicloud-vpc: concat(data.alicloud_vpcs.this.vpcs.*.vpc_name, [""])[0].
    conversion = main(
        """
        data "alicloud_vpcs" "this" {
          name_regex = "^web$"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = data.alicloud_vpcs.this.ids[0]
          cidr_block = "10.0.0.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        output "name" {
          value = concat(data.alicloud_vpcs.this.vpcs.*.vpc_name, [""])[0]
        }
        output "ids" {
          value = data.alicloud_vpcs.this.vpcs[*].id
        }
        """
    )
    outputs = conversion.template["Outputs"]
    assert outputs["ids"]["Value"] == {"Fn::GetAtt": ["Vpcs_this", "VpcIds"]}
    index, merged = outputs["name"]["Value"]["Fn::Select"]
    names, empty = merged["Fn::ListMerge"]
    assert (index, empty) == ("0", [""])
    script, data = names["Fn::Jq"][1:]
    assert data == {"l": {"Fn::GetAtt": ["Vpcs_this", "Vpcs"]}}
    # What DescribeVpcs lists (the API's keys), as DATASOURCE::VPC::Vpcs gives it.
    items = [{"VpcId": "vpc-1", "VpcName": "web"}, {"VpcId": "vpc-2", "VpcName": "web"}]
    assert jq_first(script, {"l": items}) == ["web", "web"]


@pytest.mark.parametrize(
    ("pattern", "note"),
    [("^web-vpc$", False), ("web-vpc", True)],
)
def test_a_plain_name_regex_is_the_exact_name_filter(pattern: str, note: bool) -> None:
    conversion = main(
        f"""
        data "alicloud_vpcs" "named" {{
          name_regex = "{pattern}"
        }}
        resource "alicloud_vswitch" "s" {{
          vpc_id     = data.alicloud_vpcs.named.ids[0]
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }}
        """
    )
    assert props(conversion, "Vpcs_named") == {"VpcName": "web-vpc", "RefreshOptions": "Always"}
    said = "is read as the exact name 'web-vpc'; Terraform matched every name containing it"
    assert (said in warnings(conversion)) is note


@pytest.mark.parametrize(
    "arguments",
    [
        "",  # any VPC: the user picks one
        'name_regex = "^web-.*"',  # a pattern ROS cannot filter by
        'cidr_block = "10.0.0.0/8"',  # a filter DATASOURCE::VPC::Vpcs has no property for
        "name_regex = var.pattern",  # known only at deploy time
    ],
)
def test_data_sources_that_only_pick_one_that_fits_stay_parameters(arguments: str) -> None:
    conversion = main(
        f"""
        variable "pattern" {{
          type    = string
          default = "web"
        }}
        data "alicloud_vpcs" "any" {{
          {arguments}
        }}
        resource "alicloud_vswitch" "s" {{
          vpc_id     = data.alicloud_vpcs.any.ids[0]
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }}
        """
    )
    assert props(conversion, "Vswitch_s")["VpcId"] == {"Ref": "Vpcs_any"}
    parameter = conversion.template["Parameters"]["Vpcs_any"]
    assert parameter["AssociationProperty"] == "ALIYUN::ECS::VPC::VPCId"
    assert "Vpcs_any" not in conversion.template["Resources"]


def test_images_by_name_are_looked_up_and_images_by_owner_are_picked() -> None:
    conversion = main(
        """
        data "alicloud_images" "named" {
          name_regex  = "^centos_7_9_x64_20G_alibase_20230815$"
          owners      = "system"
          most_recent = true
        }
        data "alicloud_images" "system" {
          owners      = "system"
          most_recent = true
        }
        resource "alicloud_instance" "a" {
          image_id      = data.alicloud_images.named.images[0].id
          instance_type = "ecs.g7.large"
          vswitch_id    = "vsw-1"
        }
        resource "alicloud_instance" "b" {
          image_id      = data.alicloud_images.system.ids[0]
          instance_type = "ecs.g7.large"
          vswitch_id    = "vsw-1"
        }
        """
    )
    assert conversion.template["Resources"]["Images_named"] == {
        "Type": "DATASOURCE::ECS::Images",
        "Properties": {
            "ImageName": "centos_7_9_x64_20G_alibase_20230815",
            "ImageOwnerAlias": "system",
            "RefreshOptions": "Always",
        },
    }
    assert props(conversion, "Instance_a")["ImageId"] == {
        "Fn::Select": ["0", {"Fn::GetAtt": ["Images_named", "ImageIds"]}]
    }
    assert props(conversion, "Instance_b")["ImageId"] == {"Ref": "Images_system"}
    assert (
        "data.alicloud_images.named: most_recent is not converted; the template reads the "
        "first item ROS lists." in warnings(conversion)
    )


def test_filters_are_converted_like_arguments_and_tags_become_pairs() -> None:
    conversion = main(
        """
        variable "vpc_id" {
          type = string
        }
        data "alicloud_instances" "web" {
          vpc_id = var.vpc_id
          status = "Running"
          tags   = { role = "web" }
        }
        resource "alicloud_slb_load_balancer" "lb" {
          load_balancer_name = "lb"
          vswitch_id         = "vsw-1"
          load_balancer_spec = "slb.s1.small"
        }
        resource "alicloud_slb_backend_server" "web" {
          load_balancer_id = alicloud_slb_load_balancer.lb.id
          backend_servers {
            server_id = data.alicloud_instances.web.ids[0]
            weight    = 100
          }
        }
        """
    )
    assert props(conversion, "Instances_web") == {
        "VpcId": {"Ref": "vpc_id"},
        "Status": "Running",
        "Tags": [{"Key": "role", "Value": "web"}],
        "RefreshOptions": "Always",
    }


def test_account_and_current_region_are_pseudo_parameters() -> None:
    conversion = main(
        """
        data "alicloud_account" "me" {}
        data "alicloud_regions" "here" {
          current = true
        }
        data "alicloud_regions" "all" {}
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          vpc_name    = "${data.alicloud_regions.here.regions[0].id}-${data.alicloud_account.me.id}"
          description = data.alicloud_regions.here.ids[0]
        }
        resource "alicloud_vpc" "w" {
          cidr_block = "10.0.0.0/8"
          vpc_name   = data.alicloud_regions.all.ids[0]
        }
        """
    )
    v = props(conversion, "Vpc_v")
    assert v["VpcName"] == {"Fn::Sub": "${ALIYUN::Region}-${ALIYUN::AccountId}"}
    assert v["Description"] == {"Ref": "ALIYUN::Region"}
    assert "data.alicloud_regions.all, which ROS cannot see" in warnings(conversion)


def test_an_attribute_the_datasource_type_lacks_is_reported() -> None:
    conversion = main(
        """
        data "alicloud_vpcs" "default" {
          is_default = true
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          description = data.alicloud_vpcs.default.names[0]
        }
        """
    )
    assert (
        "reads names.[...] of data.alicloud_vpcs.default, which DATASOURCE::VPC::Vpcs has no "
        "attribute for" in warnings(conversion)
    )


def test_a_data_source_in_a_module_is_renamed_and_no_condition_reads_it() -> None:
    conversion = convert(
        project(
            main_tf="""
            module "net" {
              source = "./net"
            }
            """,
            net__main_tf="""
            data "alicloud_vpcs" "default" {
              is_default = true
            }
            resource "alicloud_vswitch" "s" {
              count      = data.alicloud_vpcs.default.ids[0] == "" ? 0 : 1
              vpc_id     = data.alicloud_vpcs.default.ids[0]
              cidr_block = "10.0.1.0/24"
              zone_id    = "cn-hangzhou-h"
            }
            """,
        )
    )
    resources = conversion.template["Resources"]
    assert resources["Vpcs_net__default"]["Type"] == "DATASOURCE::VPC::Vpcs"
    assert "Conditions" not in conversion.template
    assert "has a condition on a resource's value" in warnings(conversion)


def test_item_attributes_read_the_api_key_not_a_guessed_one() -> None:
    conversion = main(
        """
        data "alicloud_security_groups" "sg" {
          vpc_id = "vpc-1"
        }
        data "alicloud_instances" "web" {
          instance_name = "web"
        }
        resource "alicloud_vswitch" "v" {
          vpc_id       = "vpc-1"
          cidr_block   = "10.0.0.0/24"
          zone_id      = data.alicloud_instances.web.instances[0].availability_zone
          vswitch_name = data.alicloud_security_groups.sg.groups[0].name
          description  = data.alicloud_instances.web.instances[0].private_ip
        }
        """
    )
    vswitch = props(conversion, "Vswitch_v")

    def item(source: str, items: str, key: str) -> dict[str, object]:
        first = {"Fn::Select": ["0", {"Fn::GetAtt": [source, items]}]}
        return {"Fn::Select": [key, first]}

    assert vswitch["ZoneId"] == item("Instances_web", "Instances", "ZoneId")
    assert vswitch["VSwitchName"] == item(
        "SecurityGroups_sg", "SecurityGroups", "SecurityGroupName"
    )
    # DescribeInstances nests the private address (VpcAttributes): reported, not guessed.
    assert vswitch["Description"] == {"Ref": "Vswitch_v_Description"}
    assert "instances[...].private_ip of data.alicloud_instances.web" in warnings(conversion)


def test_a_picker_parameter_stands_only_for_the_picked_id() -> None:
    conversion = main(
        """
        data "alicloud_vpcs" "any" {}
        resource "alicloud_vswitch" "v" {
          vpc_id     = data.alicloud_vpcs.any.vpcs[0].id
          cidr_block = data.alicloud_vpcs.any.vpcs[0].cidr_block
          zone_id    = "cn-hangzhou-h"
        }
        """
    )
    vswitch = props(conversion, "Vswitch_v")
    assert vswitch["VpcId"] == {"Ref": "Vpcs_any"}
    # The picker gives a VPC id, not its CIDR block: that read is reported, not the id.
    assert vswitch["CidrBlock"] == {"Ref": "Vswitch_v_CidrBlock"}
    assert "reads cidr_block of data.alicloud_vpcs.any; the parameter" in warnings(conversion)


def test_a_tags_filter_from_a_variable_is_the_key_value_list_datasource_tags_take() -> None:
    conversion = main(
        """
        variable "tags" {
          default = { env = "prod" }
        }
        data "alicloud_security_groups" "by_var" {
          tags = var.tags
        }
        data "alicloud_security_groups" "no_tags" {
          vpc_id = "vpc-1"
          tags   = {}
        }
        resource "alicloud_vswitch" "v" {
          vpc_id       = "vpc-1"
          cidr_block   = "10.0.0.0/24"
          zone_id      = "cn-hangzhou-h"
          vswitch_name = data.alicloud_security_groups.by_var.ids[0]
          description  = data.alicloud_security_groups.no_tags.ids[0]
        }
        """
    )
    resources = conversion.template["Resources"]
    assert resources["SecurityGroups_by_var"]["Properties"]["Tags"] == {
        "Fn::Jq": ["First", 'to_entries | map({"Key": .key, "Value": .value})', {"Ref": "tags"}]
    }
    assert resources["SecurityGroups_no_tags"]["Properties"] == {
        "VpcId": "vpc-1",
        "RefreshOptions": "Always",
    }


def test_a_resource_group_lookup_is_a_resource_group_picker() -> None:
    conversion = main(
        """
        data "alicloud_resource_manager_resource_groups" "default" {
          status = "OK"
        }
        resource "alicloud_vpc" "v" {
          cidr_block        = "10.0.0.0/8"
          resource_group_id = data.alicloud_resource_manager_resource_groups.default.ids[0]
        }
        """
    )
    assert conversion.template["Parameters"] == {
        "ResourceManagerResourceGroups_default": {
            "Type": "String",
            "Description": "Stands for the Terraform data source "
            "data.alicloud_resource_manager_resource_groups.default.",
            "AssociationProperty": "ALIYUN::ECS::ResourceGroup::ResourceGroupId",
        }
    }
    assert props(conversion, "Vpc_v")["ResourceGroupId"] == {
        "Ref": "ResourceManagerResourceGroups_default"
    }
    assert conversion.summary.lossy == 0


def _zone_of(logical_id: str, index: int) -> dict[str, object]:
    return {"Fn::Select": [str(index), {"Fn::GetAtt": [logical_id, "ZoneIds"]}]}


def test_zones_of_a_service_are_listed_by_ros_where_it_has_a_datasource_type() -> None:
    # The provider's ALB and RDS examples: two vSwitches in two zones ALB sells in.
    conversion = main(
        """
        data "alicloud_alb_zones" "default" {}
        data "alicloud_db_zones" "db" {
          engine         = "MySQL"
          engine_version = "8.0"
        }
        data "alicloud_enhanced_nat_available_zones" "nat" {}
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "a" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.1.0.0/16"
          zone_id    = data.alicloud_alb_zones.default.zones.0.id
        }
        resource "alicloud_vswitch" "b" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.2.0.0/16"
          zone_id    = data.alicloud_alb_zones.default.zones[1].zone_id
        }
        resource "alicloud_vswitch" "db" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.3.0.0/16"
          zone_id    = data.alicloud_db_zones.db.ids[0]
        }
        resource "alicloud_vswitch" "nat" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.4.0.0/16"
          zone_id    = data.alicloud_enhanced_nat_available_zones.nat.zones[0].zone_id
        }
        """
    )
    resources = conversion.template["Resources"]
    assert resources["AlbZones_default"]["Type"] == "DATASOURCE::ALB::Zones"
    assert resources["DbZones_db"] == {
        "Type": "DATASOURCE::RDS::Zones",
        "Properties": {"Engine": "MySQL", "EngineVersion": "8.0", "RefreshOptions": "Always"},
    }
    assert resources["EnhancedNatAvailableZones_nat"]["Type"] == "DATASOURCE::VPC::NatGatewayZones"
    assert props(conversion, "Vswitch_a")["ZoneId"] == _zone_of("AlbZones_default", 0)
    assert props(conversion, "Vswitch_b")["ZoneId"] == _zone_of("AlbZones_default", 1)
    assert props(conversion, "Vswitch_db")["ZoneId"] == _zone_of("DbZones_db", 0)
    assert props(conversion, "Vswitch_nat")["ZoneId"] == _zone_of(
        "EnhancedNatAvailableZones_nat", 0
    )
    assert "Parameters" not in conversion.template
    assert conversion.summary.lossy == 0


def test_zones_ros_cannot_list_so_are_a_zone_picker_that_says_what_terraform_listed() -> None:
    conversion = main(
        """
        data "alicloud_kvstore_zones" "kv" {}
        data "alicloud_db_zones" "any" {}
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "kv" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.1.0.0/16"
          zone_id    = data.alicloud_kvstore_zones.kv.zones[0].id
        }
        resource "alicloud_vswitch" "db" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.2.0.0/16"
          zone_id    = data.alicloud_db_zones.any.zones[0].id
        }
        """
    )
    parameters = conversion.template["Parameters"]
    # ROS's RDS zone list needs an engine; Terraform's lists every engine's zones.
    for name in ("KvstoreZones_kv", "DbZones_any"):
        assert parameters[name]["AssociationProperty"] == "ALIYUN::ECS::Instance::ZoneId"
    assert props(conversion, "Vswitch_kv")["ZoneId"] == {"Ref": "KvstoreZones_kv"}
    assert "Terraform listed only those where Tair (Redis) is sold" in warnings(conversion)
    assert "Terraform listed only those where ApsaraDB RDS is sold" in warnings(conversion)


def test_each_item_read_of_a_picked_data_source_is_its_own_choice() -> None:
    conversion = main(
        """
        data "alicloud_zones" "z" {}
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "a" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.1.0.0/16"
          zone_id    = data.alicloud_zones.z.zones.0.id
        }
        resource "alicloud_vswitch" "b" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.2.0.0/16"
          zone_id    = data.alicloud_zones.z.zones.1.id
        }
        resource "alicloud_vswitch" "c" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.3.0.0/16"
          zone_id    = data.alicloud_zones.z.ids[0]
        }
        """
    )
    assert props(conversion, "Vswitch_a")["ZoneId"] == {"Ref": "Zones_z"}
    assert props(conversion, "Vswitch_b")["ZoneId"] == {"Ref": "Zones_z_2"}
    assert props(conversion, "Vswitch_c")["ZoneId"] == {"Ref": "Zones_z"}
    assert conversion.template["Parameters"]["Zones_z_2"]["Description"] == (
        "Stands for item [1] of the Terraform data source data.alicloud_zones.z."
    )


def test_a_computed_index_into_a_picked_data_source_says_every_copy_gets_one_choice() -> None:
    conversion = main(
        """
        data "alicloud_zones" "z" {}
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "s" {
          count      = 2
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.${count.index}.0.0/16"
          zone_id    = data.alicloud_zones.z.zones[count.index].id
        }
        """
    )
    assert props(conversion, "Vswitch_s")["ZoneId"] == {"Ref": "Zones_z"}
    assert "parameter Zones_z stands for one chosen value, which every read gets" in warnings(
        conversion
    )


def test_a_picker_is_narrowed_by_the_values_it_was_filtered_by() -> None:
    conversion = main(
        """
        variable "engine" {
          default = "MySQL"
        }
        data "alicloud_zones" "z" {}
        data "alicloud_instance_types" "t" {
          availability_zone = data.alicloud_zones.z.zones[0].id
        }
        data "alicloud_images" "i" {
          owners        = "system"
          instance_type = data.alicloud_instance_types.t.instance_types[0].id
        }
        data "alicloud_db_instance_classes" "c" {
          engine         = var.engine
          engine_version = "8.0"
          zone_id        = data.alicloud_zones.z.zones[0].id
        }
        resource "alicloud_instance" "vm" {
          instance_type     = data.alicloud_instance_types.t.instance_types[0].id
          image_id          = data.alicloud_images.i.images[0].id
          availability_zone = data.alicloud_zones.z.zones[0].id
          security_groups   = ["sg-1"]
        }
        resource "alicloud_db_instance" "db" {
          engine           = "MySQL"
          engine_version   = "8.0"
          instance_type    = data.alicloud_db_instance_classes.c.instance_classes[0].instance_class
          instance_storage = 20
          vswitch_id       = "vsw-1"
        }
        """
    )
    parameters = conversion.template["Parameters"]
    assert parameters["InstanceTypes_t"]["AssociationPropertyMetadata"] == {"ZoneId": "${Zones_z}"}
    assert parameters["Images_i"]["AssociationPropertyMetadata"] == {
        "InstanceType": "${InstanceTypes_t}"
    }
    assert parameters["DbInstanceClasses_c"] == {
        "Type": "String",
        "Description": "Stands for the Terraform data source data.alicloud_db_instance_classes.c.",
        "AssociationProperty": "ALIYUN::RDS::Instance::InstanceType",
        "AssociationPropertyMetadata": {
            "Engine": "${engine}",
            "EngineVersion": "8.0",
            "ZoneId": "${Zones_z}",
        },
    }
    assert props(conversion, "DbInstance_db")["DBInstanceClass"] == {"Ref": "DbInstanceClasses_c"}


def test_key_pairs_by_name_are_looked_up_and_other_item_keys_of_zones_are_reported() -> None:
    conversion = main(
        """
        data "alicloud_key_pairs" "k" {
          name_regex = "^deploy$"
        }
        data "alicloud_db_zones" "db" {
          engine = "MySQL"
        }
        resource "alicloud_instance" "vm" {
          instance_type   = "ecs.g7.large"
          image_id        = "ubuntu_22_04_x64_20G_alibase_20230907.vhd"
          key_name        = data.alicloud_key_pairs.k.key_pairs[0].key_name
          security_groups = ["sg-1"]
          vswitch_id      = "vsw-1"
        }
        resource "alicloud_db_instance" "db" {
          engine           = "MySQL"
          engine_version   = "8.0"
          instance_type    = "mysql.n2.medium.1"
          instance_storage = 20
          vswitch_id       = "vsw-1"
          zone_id_slave_a  = data.alicloud_db_zones.db.zones[0].multi_zone_ids[0]
        }
        """
    )
    resources = conversion.template["Resources"]
    assert resources["KeyPairs_k"] == {
        "Type": "DATASOURCE::ECS::KeyPairs",
        "Properties": {"KeyPairName": "deploy", "RefreshOptions": "Always"},
    }
    assert props(conversion, "Instance_vm")["KeyPairName"] == {
        "Fn::Select": ["0", {"Fn::GetAtt": ["KeyPairs_k", "KeyPairNames"]}]
    }
    assert (
        "reads zones[...].multi_zone_ids of data.alicloud_db_zones.db, which "
        "DATASOURCE::RDS::Zones has no attribute for"
    ) in warnings(conversion)


@pytest.mark.parametrize("tf_type", sorted(SPECS))
def test_each_datasource_mapping_names_what_the_ros_schema_has(tf_type: str) -> None:
    spec = SPECS[tf_type]
    resource = schema_or_none().resource(spec.ros_type)  # type: ignore[union-attr]
    assert resource is not None, spec.ros_type
    assert set(spec.filters.values()) <= set(resource.properties)
    assert spec.name is None or spec.name in resource.properties
    assert spec.ids in resource.attributes
    assert spec.items is None or spec.items in resource.attributes


# Sources ROS lists even with no filter are pickers only when a filter has no ROS property.
_ALWAYS_LISTED = {name for name, spec in SPECS.items() if spec.bare}


@pytest.mark.parametrize("tf_type", sorted(set(PICKERS) - _ALWAYS_LISTED))
def test_each_picked_data_source_becomes_a_checked_picker_parameter(tf_type: str) -> None:
    attribute = sorted(PICKERS[tf_type].ids)[0]
    conversion = main(
        f"""
        data "{tf_type}" "d" {{}}
        resource "alicloud_vpc" "v" {{
          cidr_block  = "10.0.0.0/8"
          description = data.{tf_type}.d.items[0].{attribute}
        }}
        """
    )
    (name, parameter), *_ = conversion.template["Parameters"].items()
    assert props(conversion, "Vpc_v")["Description"] == {"Ref": name}
    assert parameter["Type"] == "String"
    assert parameter["AssociationProperty"].startswith("ALIYUN::")


def test_zones_ros_lists_are_picked_when_a_filter_has_no_ros_property() -> None:
    conversion = main(
        """
        data "alicloud_slb_zones" "z" {
          master_zone_id = "cn-hangzhou-h"
        }
        resource "alicloud_slb_load_balancer" "lb" {
          load_balancer_name = "lb"
          address_type       = "intranet"
          vswitch_id         = "vsw-1"
          master_zone_id     = data.alicloud_slb_zones.z.zones[0].master_zone_id
        }
        """
    )
    assert "SlbZones_z" not in conversion.template["Resources"]
    assert props(conversion, "SlbLoadBalancer_lb")["MasterZoneId"] == {"Ref": "SlbZones_z"}
    assert "Terraform listed only those where CLB (SLB) is sold" in warnings(conversion)


@pytest.mark.parametrize(("category", "listed"), [("HighAvailability", True), ("cluster", False)])
def test_a_filter_value_the_datasource_does_not_offer_makes_it_a_picker(
    category: str, listed: bool
) -> None:
    conversion = main(
        f"""
        data "alicloud_db_zones" "db" {{
          engine   = "MySQL"
          category = "{category}"
        }}
        resource "alicloud_vswitch" "s" {{
          vpc_id     = "vpc-1"
          cidr_block = "10.0.1.0/24"
          zone_id    = data.alicloud_db_zones.db.ids[0]
        }}
        """
    )
    resources = conversion.template["Resources"]
    assert ("DbZones_db" in resources) is listed
    if listed:
        assert resources["DbZones_db"]["Properties"]["Category"] == "HighAvailability"
    else:
        assert props(conversion, "Vswitch_s")["ZoneId"] == {"Ref": "DbZones_db"}


def test_a_resource_group_by_its_exact_name_is_looked_up() -> None:
    conversion = main(
        """
        data "alicloud_resource_manager_resource_groups" "p" {
          name_regex = "^prod$"
        }
        resource "alicloud_vpc" "v" {
          cidr_block        = "10.0.0.0/8"
          resource_group_id = data.alicloud_resource_manager_resource_groups.p.groups[0].id
          description = data.alicloud_resource_manager_resource_groups.p.groups[0].display_name
        }
        """
    )
    assert conversion.template["Resources"]["ResourceManagerResourceGroups_p"] == {
        "Type": "DATASOURCE::ResourceManager::ResourceGroups",
        "Properties": {"Name": "prod", "RefreshOptions": "Always"},
    }
    vpc = props(conversion, "Vpc_v")
    group_ids = {"Fn::GetAtt": ["ResourceManagerResourceGroups_p", "ResourceGroupIds"]}
    assert vpc["ResourceGroupId"] == {"Fn::Select": ["0", group_ids]}
    groups = {"Fn::GetAtt": ["ResourceManagerResourceGroups_p", "ResourceGroups"]}
    assert vpc["Description"] == {"Fn::Select": ["DisplayName", {"Fn::Select": ["0", groups]}]}


def test_an_rds_instance_by_its_one_id_is_looked_up_and_its_items_read_by_api_key() -> None:
    conversion = main(
        """
        variable "existing_id" {
          type = string
        }
        data "alicloud_db_instances" "this" {
          ids    = [var.existing_id]
          engine = "MySQL"
        }
        data "alicloud_db_instances" "many" {
          ids = ["rm-a", "rm-b"]
        }
        resource "alicloud_db_database" "app" {
          instance_id = data.alicloud_db_instances.this.instances[0].id
          name        = "app"
        }
        output "id" {
          value = data.alicloud_db_instances.this.instances[0].id
        }
        output "first" {
          value = data.alicloud_db_instances.this.ids[0]
        }
        output "connection" {
          value = data.alicloud_db_instances.this.instances.0.connection_string
        }
        output "storage" {
          value = data.alicloud_db_instances.this.instances[0].instance_storage
        }
        output "other" {
          value = data.alicloud_db_instances.many.ids[0]
        }
        """
    )
    resources = conversion.template["Resources"]
    assert resources["DbInstances_this"] == {
        "Type": "DATASOURCE::RDS::DBInstances",
        "Properties": {
            "DBInstanceId": {"Ref": "existing_id"},
            "Engine": "MySQL",
            "RefreshOptions": "Always",
        },
    }
    outputs = conversion.template["Outputs"]
    first = {"Fn::Select": ["0", {"Fn::GetAtt": ["DbInstances_this", "DBInstanceIds"]}]}
    assert props(conversion, "DbDatabase_app")["DBInstanceId"] == first
    assert outputs["id"]["Value"] == first
    assert outputs["first"]["Value"] == first
    assert outputs["connection"]["Value"] == {
        "Fn::Select": [
            "ConnectionString",
            {"Fn::Select": ["0", {"Fn::GetAtt": ["DbInstances_this", "DBInstances"]}]},
        ]
    }
    text = warnings(conversion)
    assert "storage" not in outputs and "other" not in outputs
    assert (
        "reads instances[...].instance_storage of data.alicloud_db_instances.this, which "
        "DATASOURCE::RDS::DBInstances has no attribute for" in text
    )
    # Two ids: ROS filters by one, so it would list other instances; Terraform's read is kept
    # out rather than widened.
    assert "reads the data source data.alicloud_db_instances.many, which ROS cannot see" in text
    assert not check_template(conversion.to_yaml()).errors


def test_an_rds_id_or_null_is_a_conditional_id_filter() -> None:
    conversion = main(
        """
        variable "existing_id" {
          default = ""
        }
        data "alicloud_db_instances" "this" {
          ids = var.existing_id != "" ? [var.existing_id] : null
        }
        resource "alicloud_db_database" "app" {
          instance_id = data.alicloud_db_instances.this.ids[0]
          name        = "app"
        }
        """
    )
    properties = conversion.template["Resources"]["DbInstances_this"]["Properties"]
    condition, then, otherwise = properties["DBInstanceId"]["Fn::If"]
    assert (then, otherwise) == ({"Ref": "existing_id"}, {"Ref": "ALIYUN::NoValue"})
    assert conversion.template["Conditions"][condition] == {
        "Fn::Not": {"Fn::Equals": [{"Ref": "existing_id"}, ""]}
    }
    assert not check_template(conversion.to_yaml()).errors
    # A test known in advance: false leaves no id filter, as Terraform's null did.
    static = main(
        """
        data "alicloud_db_instances" "this" {
          ids    = "" != "" ? ["rm-a"] : null
          engine = "MySQL"
        }
        resource "alicloud_db_database" "app" {
          instance_id = data.alicloud_db_instances.this.ids[0]
          name        = "app"
        }
        """
    )
    assert static.template["Resources"]["DbInstances_this"]["Properties"] == {
        "Engine": "MySQL",
        "RefreshOptions": "Always",
    }
    assert not check_template(static.to_yaml()).errors


def test_nat_gateways_slbs_redis_and_mongodb_by_one_id_are_looked_up() -> None:
    # The terraform-alicloud-modules outputs: an existing instance's id or null.
    conversion = main(
        """
        variable "existing_id" {
          default = ""
        }
        data "alicloud_nat_gateways" "this" {
          ids = var.existing_id != "" ? [var.existing_id] : null
        }
        resource "alicloud_forward_entry" "web" {
          forward_table_id = "ftb-1"
          external_ip      = "1.2.3.4"
          external_port    = "80"
          ip_protocol      = "tcp"
          internal_ip      = "10.0.0.2"
          internal_port    = "80"
        }
        data "alicloud_slbs" "this" {
          ids = [var.existing_id]
        }
        data "alicloud_kvstore_instances" "this" {
          ids = [var.existing_id]
        }
        data "alicloud_mongodb_instances" "this" {
          ids = [var.existing_id]
        }
        output "spec" {
          value = concat(data.alicloud_nat_gateways.this.gateways.*.spec, [""])[0]
        }
        output "dnat" {
          value = concat(data.alicloud_nat_gateways.this.gateways[*].dnat_table_id, [""])[0]
        }
        output "slb_name" { value = data.alicloud_slbs.this.slbs[0].name }
        output "slb_zone" { value = data.alicloud_slbs.this.slbs[0].master_availability_zone }
        output "redis_zone" {
          value = data.alicloud_kvstore_instances.this.instances[0].availability_zone
        }
        output "mongo_storage" {
          value = data.alicloud_mongodb_instances.this.instances[0].storage
        }
        """
    )
    resources = conversion.template["Resources"]
    nat = resources["NatGateways_this"]["Properties"]["NatGatewayId"]["Fn::If"]
    assert (nat[1], nat[2]) == ({"Ref": "existing_id"}, {"Ref": "ALIYUN::NoValue"})
    assert resources["Slbs_this"]["Properties"]["LoadBalancerId"] == {"Ref": "existing_id"}
    assert resources["KvstoreInstances_this"]["Properties"]["InstanceIds"] == {"Ref": "existing_id"}
    assert resources["MongodbInstances_this"]["Properties"]["DBInstanceId"] == {
        "Ref": "existing_id"
    }

    def item(logical_id: str, items: str, key: str) -> dict[str, object]:
        first = {"Fn::Select": ["0", {"Fn::GetAtt": [logical_id, items]}]}
        return {"Fn::Select": [key, first]}

    outputs = {name: entry["Value"] for name, entry in conversion.template["Outputs"].items()}
    assert outputs["slb_name"] == item("Slbs_this", "LoadBalancers", "LoadBalancerName")
    assert outputs["slb_zone"] == item("Slbs_this", "LoadBalancers", "MasterZoneId")
    assert outputs["redis_zone"] == item("KvstoreInstances_this", "Instances", "ZoneId")
    assert outputs["mongo_storage"] == item(
        "MongodbInstances_this", "Instances", "DBInstanceStorage"
    )
    assert "spec" in outputs
    # DescribeNatGateways nests the DNAT table id: reported, not guessed.
    assert "dnat" not in outputs
    assert "dnat_table_id of data.alicloud_nat_gateways.this" in warnings(conversion)
    assert not check_template(conversion.to_yaml()).errors


def test_a_data_source_with_a_conditional_count_is_read_under_that_condition() -> None:
    # The hybrid-cloud-network module reads the transit router's system route table only
    # when it attaches a VBR without an express connect router.
    conversion = main(
        """
        variable "enable_ecr" {
          type    = bool
          default = false
        }
        resource "alicloud_cen_instance" "cen" {
          cen_instance_name = "cen"
        }
        resource "alicloud_cen_transit_router" "tr" {
          cen_id = alicloud_cen_instance.cen.id
        }
        data "alicloud_cen_transit_router_route_tables" "system" {
          count                           = var.enable_ecr ? 0 : 1
          transit_router_id               = alicloud_cen_transit_router.tr.transit_router_id
          transit_router_route_table_type = "System"
        }
        locals {
          tables = data.alicloud_cen_transit_router_route_tables.system
        }
        resource "alicloud_cen_transit_router_route_table_propagation" "p" {
          count                         = var.enable_ecr ? 0 : 1
          transit_router_route_table_id = local.tables[0].tables[0].transit_router_route_table_id
          transit_router_attachment_id  = "tr-attach-1"
        }
        """
    )
    assert not check_template(conversion.to_yaml()).errors
    tables = conversion.template["Resources"]["CenTransitRouterRouteTables_system"]
    assert tables["Type"] == "DATASOURCE::CEN::TransitRouterRouteTables"
    assert tables["Properties"]["TransitRouterRouteTableType"] == "System"
    # `count` is no filter; the copy is read under the count's own condition.
    assert "Count" not in tables["Properties"]
    condition = conversion.template["Conditions"][tables["Condition"]]
    assert condition == {"Fn::Not": {"Fn::Equals": [True, {"Ref": "enable_ecr"}]}}
    propagation = props(conversion, "CenTransitRouterRouteTablePropagation_p")
    assert propagation["TransitRouterRouteTableId"] == {
        "Fn::Select": [
            "0",
            {"Fn::GetAtt": ["CenTransitRouterRouteTables_system", "TransitRouterRouteTableIds"]},
        ]
    }
    assert "cannot see" not in warnings(conversion)


def test_a_counted_data_source_read_as_a_whole_or_at_zero_copies_is_reported() -> None:
    conversion = main(
        """
        data "alicloud_ess_scaling_groups" "groups" {
          count      = 0
          name_regex = "^web$"
        }
        data "alicloud_ess_scaling_groups" "all" {
          count      = 1
          name_regex = "^web$"
        }
        resource "alicloud_ess_scaling_rule" "none" {
          scaling_group_id = data.alicloud_ess_scaling_groups.groups[0].ids[0]
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        resource "alicloud_ess_scaling_rule" "whole" {
          scaling_group_id = data.alicloud_ess_scaling_groups.all.ids[0]
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        resource "alicloud_ess_scaling_rule" "one" {
          scaling_group_id = data.alicloud_ess_scaling_groups.all[0].groups[0].id
          cooldown         = data.alicloud_ess_scaling_groups.all[0].groups[0].cooldown_time
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        """
    )
    assert not check_template(conversion.to_yaml()).errors
    text = warnings(conversion)
    assert "reads data.alicloud_ess_scaling_groups.groups, whose count is 0" in text
    assert "EssScalingGroups_groups" not in conversion.template["Resources"]
    assert "which has count, not as its one copy [0]" in text
    one = props(conversion, "EssScalingRule_one")
    assert one["ScalingGroupId"] == {
        "Fn::Select": ["0", {"Fn::GetAtt": ["EssScalingGroups_all", "ScalingGroupIds"]}]
    }
    assert one["Cooldown"] == {
        "Fn::Select": [
            "DefaultCooldown",
            {"Fn::Select": ["0", {"Fn::GetAtt": ["EssScalingGroups_all", "ScalingGroups"]}]},
        ]
    }
    groups = conversion.template["Resources"]["EssScalingGroups_all"]
    assert "Condition" not in groups and groups["Properties"]["ScalingGroupNames"] == ["web"]


def test_a_data_sources_count_is_a_number_and_a_refused_condition_adds_no_lookup() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/16"
        }
        data "alicloud_ess_scaling_groups" "text" {
          count      = "1"
          name_regex = "^web$"
        }
        data "alicloud_ess_scaling_groups" "switch" {
          count      = true
          name_regex = "^web$"
        }
        data "alicloud_ess_scaling_groups" "on_a_resource" {
          count      = alicloud_vpc.v.router_id == "r" ? 1 : 0
          name_regex = "^web$"
        }
        resource "alicloud_ess_scaling_rule" "a" {
          scaling_group_id = data.alicloud_ess_scaling_groups.text[0].ids[0]
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        resource "alicloud_ess_scaling_rule" "b" {
          scaling_group_id = data.alicloud_ess_scaling_groups.switch[0].ids[0]
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        resource "alicloud_ess_scaling_rule" "c" {
          scaling_group_id = data.alicloud_ess_scaling_groups.on_a_resource[0].ids[0]
          adjustment_type  = "TotalCapacity"
          adjustment_value = 1
        }
        """
    )
    assert not check_template(conversion.to_yaml()).errors
    resources = conversion.template["Resources"]
    # Numeric text is a count, as Terraform converts it; a switch is none.
    assert props(conversion, "EssScalingRule_a")["ScalingGroupId"] == {
        "Fn::Select": ["0", {"Fn::GetAtt": ["EssScalingGroups_text", "ScalingGroupIds"]}]
    }
    assert "EssScalingGroups_switch" not in resources
    assert "whose count is not 1, 0 or a choice of them" in warnings(conversion)
    # A condition ROS cannot hold: the reader asks for the value, and no lookup is left over.
    assert "EssScalingGroups_on_a_resource" not in resources
    assert "has a condition on a resource's value" in warnings(conversion)


def test_polardb_node_classes_are_a_lookup_whose_first_class_gives_a_zone() -> None:
    first = "data.alicloud_polardb_node_classes.default.classes[0]"
    conversion = main(
        f"""
        data "alicloud_polardb_node_classes" "default" {{
          db_type    = "MySQL"
          db_version = "8.0"
          pay_type   = "PostPaid"
        }}
        resource "alicloud_vpc" "main" {{
          cidr_block = "172.16.0.0/16"
        }}
        resource "alicloud_vswitch" "main" {{
          vpc_id     = alicloud_vpc.main.id
          cidr_block = "172.16.0.0/24"
          zone_id    = {first}.zone_id
        }}
        resource "alicloud_polardb_cluster" "main" {{
          db_type       = "MySQL"
          db_version    = "8.0"
          pay_type      = "PostPaid"
          vswitch_id    = alicloud_vswitch.main.id
          db_node_class = {first}.supported_engines[0].available_resources[0].db_node_class
        }}
        """
    )
    assert not check_template(conversion.to_yaml()).errors
    lookup = conversion.template["Resources"]["PolardbNodeClasses_default"]
    assert lookup["Type"] == "DATASOURCE::POLARDB::DBNodeClasses"
    # PostPaid as the provider sends it to the API: Postpaid.
    assert {"DBType": "MySQL", "DBVersion": "8.0", "PayType": "Postpaid"}.items() <= (
        lookup["Properties"].items()
    )
    classes = {"Fn::GetAtt": ["PolardbNodeClasses_default", "DBNodeClasses"]}
    assert props(conversion, "Vswitch_main")["ZoneId"] == {
        "Fn::Select": ["ZoneId", {"Fn::Select": ["0", classes]}]
    }
    # The engines' classes nest in Terraform's answer and not in ROS's: reported, not guessed.
    text = warnings(conversion)
    assert "db_node_class = " in text and "supported_engines" in text
    assert props(conversion, "PolardbCluster_main")["DBNodeClass"] == {
        "Ref": "PolardbCluster_main_DBNodeClass"
    }
