"""Dynamic blocks whose items hold values only the deploy knows (a vSwitch's id, a data
source's zone), repeated because the items themselves are known; and members of objects read
one at a time, so one value ROS cannot see spoils only the argument that reads it. Hand-written
projects with the ROS they must give; every template must pass the checker."""

from __future__ import annotations

import textwrap

from tests.iac.test_tf_constructs import checked, props
from tests.iac.test_tf_constructs import convert as convert_files
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes

_ALB_MODULE = """
variable "zone_mappings" {
  type = list(object({ vswitch_id = string, zone_id = string }))
}
resource "alicloud_alb_load_balancer" "this" {
  vpc_id                 = "vpc-1"
  address_type           = "Internet"
  address_allocated_mode = "Fixed"
  load_balancer_name     = "web"
  load_balancer_edition  = "Basic"
  load_balancer_billing_config {
    pay_type = "PayAsYouGo"
  }
  dynamic "zone_mappings" {
    for_each = var.zone_mappings
    content {
      vswitch_id = zone_mappings.value["vswitch_id"]
      zone_id    = zone_mappings.value["zone_id"]
    }
  }
}
"""


def test_items_with_resource_and_data_source_values_are_repeated() -> None:
    # The ALB module's complete example: the zone mappings name the example's own vSwitches
    # and the zones a data source lists.
    conversion = checked(
        convert_files(
            {
                "main.tf": textwrap.dedent(
                    """
                    data "alicloud_alb_zones" "default" {}
                    resource "alicloud_vswitch" "a" {
                      vpc_id     = "vpc-1"
                      cidr_block = "10.0.1.0/24"
                      zone_id    = "cn-hangzhou-h"
                    }
                    resource "alicloud_vswitch" "b" {
                      vpc_id     = "vpc-1"
                      cidr_block = "10.0.2.0/24"
                      zone_id    = "cn-hangzhou-i"
                    }
                    module "alb" {
                      source = "./alb"
                      zone_mappings = [
                        {
                          vswitch_id = alicloud_vswitch.a.id
                          zone_id    = data.alicloud_alb_zones.default.zones[0].id
                        },
                        {
                          vswitch_id = alicloud_vswitch.b.id
                          zone_id    = data.alicloud_alb_zones.default.zones[1].id
                        },
                      ]
                    }
                    """
                ),
                "alb/main.tf": _ALB_MODULE,
            }
        )
    )
    mappings = props(conversion, "AlbLoadBalancer_alb__this")["ZoneMappings"]
    assert [mapping["VSwitchId"] for mapping in mappings] == [
        {"Ref": "Vswitch_a"},
        {"Ref": "Vswitch_b"},
    ]
    zones = [mapping["ZoneId"] for mapping in mappings]
    assert zones == [
        {"Fn::Select": [index, {"Fn::GetAtt": ["AlbZones_default", "ZoneIds"]}]}
        for index in ("0", "1")
    ]
    assert "dynamic block" not in notes(conversion)
    assert conversion.summary.lossy == 0


def test_a_dynamic_block_over_a_counted_resource_is_repeated_over_its_copies() -> None:
    # The hybrid-cloud-network module: a VPC attachment maps each vSwitch the module counts.
    conversion = checked(
        convert(
            """
            variable "zones" {
              default = ["cn-hangzhou-h", "cn-hangzhou-i"]
            }
            resource "alicloud_vswitch" "this" {
              count      = length(var.zones)
              vpc_id     = "vpc-1"
              cidr_block = "10.0.${count.index}.0/24"
              zone_id    = var.zones[count.index]
            }
            resource "alicloud_cen_transit_router_vpc_attachment" "this" {
              cen_id            = "cen-1"
              transit_router_id = "tr-1"
              vpc_id            = "vpc-1"
              dynamic "zone_mappings" {
                for_each = alicloud_vswitch.this
                content {
                  zone_id    = zone_mappings.value.zone_id
                  vswitch_id = zone_mappings.value.id
                }
              }
            }
            """
        )
    )
    mappings = props(conversion, "CenTransitRouterVpcAttachment_this")["ZoneMappings"]
    assert [mapping["VSwitchId"] for mapping in mappings] == [
        {"Fn::Select": [index, {"Ref": "Vswitch_this"}]} for index in ("0", "1")
    ]
    assert len(mappings) == 2 and all("ZoneId" in mapping for mapping in mappings)
    # As many blocks as the count's default makes: said, as for any default.
    assert "the dynamic block zone_mappings was repeated over the default of var.zones" in notes(
        conversion
    )


def test_a_collection_known_only_at_deploy_time_is_still_reported() -> None:
    conversion = checked(
        convert(
            """
            resource "alicloud_vswitch" "this" {
              vpc_id     = "vpc-1"
              cidr_block = "10.0.1.0/24"
              zone_id    = "cn-hangzhou-h"
            }
            resource "alicloud_instance" "vm" {
              instance_type = "ecs.g7.large"
              image_id      = "img"
              dynamic "data_disks" {
                for_each = alicloud_vswitch.this.id
                content {
                  size = 20
                }
              }
            }
            """
        )
    )
    assert "DiskMappings" not in props(conversion, "Instance_vm")
    assert (
        "the dynamic block data_disks was not converted (reads alicloud_vswitch.this, whose "
        "values are known only at deploy time)"
    ) in notes(conversion)


_API_MODULE = """
variable "parameters" {
  type = list(map(string))
}
resource "alicloud_api_gateway_api" "this" {
  name         = "query"
  group_id     = "group-1"
  description  = "query"
  auth_type    = "APP"
  service_type = "MOCK"
  request_config {
    protocol = "HTTP"
    method   = "GET"
    path     = "/query"
    mode     = "MAPPING"
  }
  mock_service_config {
    result = "ok"
  }
  dynamic "request_parameters" {
    for_each = var.parameters
    content {
      name          = request_parameters.value["name"]
      type          = request_parameters.value["type"]
      required      = request_parameters.value["required"]
      in            = request_parameters.value["in"]
      description   = lookup(request_parameters.value, "description", "none")
      default_value = request_parameters.value["default_value"]
    }
  }
}
"""


def test_one_unseen_value_in_an_item_spoils_only_the_argument_that_reads_it() -> None:
    # The serverless-webapp examples: one field of each parameter is an app's code, read from
    # a data source ROS has no equivalent of; the other fields are plain.
    conversion = checked(
        convert_files(
            {
                "main.tf": textwrap.dedent(
                    """
                    data "alicloud_api_gateway_apps" "default" {}
                    module "api" {
                      source = "./api"
                      parameters = [{
                        name          = "appcode"
                        type          = "STRING"
                        required      = "OPTIONAL"
                        in            = "QUERY"
                        default_value = data.alicloud_api_gateway_apps.default.apps[0].app_code
                      }]
                    }
                    """
                ),
                "api/main.tf": _API_MODULE,
            }
        )
    )
    parameter = props(conversion, "ApiGatewayApi_api__this")["RequestParameters"][0]
    assert {key: parameter[key] for key in ("ApiParameterName", "ParameterType")} == {
        "ApiParameterName": "appcode",
        "ParameterType": "String",  # ROS's spelling of the API's STRING
    }
    # lookup() of the item reads its default, not the whole item.
    assert parameter["Description"] == "none"
    assert "DefaultValue" in parameter  # a parameter stands for the app code
    said = notes(conversion)
    assert "request_parameters.default_value = " in said
    assert "request_parameters.name = " not in said
    assert "request_parameters.description = " not in said


def test_a_missing_optional_attribute_of_an_object_is_null() -> None:
    conversion = checked(
        convert_files(
            {
                "main.tf": textwrap.dedent(
                    """
                    resource "alicloud_vpc" "main" {
                      cidr_block = "10.0.0.0/16"
                    }
                    module "sg" {
                      source = "./sg"
                      config = { name = "web", vpc_id = alicloud_vpc.main.id }
                    }
                    """
                ),
                "sg/main.tf": textwrap.dedent(
                    """
                    variable "config" {
                      type = object({
                        name        = string
                        vpc_id      = string
                        description = optional(string)
                      })
                    }
                    resource "alicloud_security_group" "this" {
                      security_group_name = var.config.name
                      vpc_id              = var.config.vpc_id
                      description         = var.config.description
                    }
                    """
                ),
            }
        )
    )
    group = props(conversion, "SecurityGroup_sg__this")
    assert group == {"SecurityGroupName": "web", "VpcId": {"Ref": "Vpc_main"}}
    assert conversion.summary.native == 2, notes(conversion)


def test_a_bastion_hosts_plan_code_is_its_edition_and_its_license_the_assets() -> None:
    conversion = checked(
        convert(
            """
            variable "plan" {
              default = "cloudbastion_ha"
            }
            resource "alicloud_bastionhost_instance" "basic" {
              description        = "ops"
              license_code       = "bhah_ent_100_asset"
              plan_code          = "cloudbastion"
              storage            = "5"
              bandwidth          = "10"
              period             = 1
              vswitch_id         = "vsw-1"
              security_group_ids = ["sg-1"]
            }
            resource "alicloud_bastionhost_instance" "chosen" {
              description        = "ops"
              license_code       = "bhah_ent_50_asset"
              plan_code          = var.plan
              storage            = "5"
              bandwidth          = "10"
              period             = 1
              vswitch_id         = "vsw-1"
              security_group_ids = ["sg-1"]
            }
            """
        )
    )
    basic = props(conversion, "BastionhostInstance_basic")
    assert (basic["Version"], basic["Plan"]) == ("Basic", 100)
    chosen = props(conversion, "BastionhostInstance_chosen")
    assert chosen["Version"] == {
        "Fn::Select": [{"Ref": "plan"}, {"cloudbastion": "Basic", "cloudbastion_ha": "Enterprise"}]
    }
    assert chosen["Plan"] == 50
