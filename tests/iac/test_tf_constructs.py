"""Terraform constructs -> ROS: count and conditions, for_each, dynamic and nested blocks,
modules, validations, data sources, functions, compatible mode. Hand-written projects, each
with the ROS it must give; every converted template must also pass the checker."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import textwrap
from typing import Any

import pytest

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import (
    Conversion,
    TerraformError,
    convert_terraform,
    wrap_notes,
    wrap_terraform,
)
from iaccode.iac.tf_convert import Summary
from iaccode.iac.tf_expand import MAX_MODULE_DEPTH
from iaccode.iac.tf_files import check_workspace


def project(**files: str) -> dict[str, str]:
    return {
        name.replace("__", "/").replace("_tf", ".tf"): textwrap.dedent(text)
        for name, text in files.items()
    }


def convert(files: dict[str, str]) -> Conversion:
    conversion = convert_terraform(files)
    report = check_template(conversion.to_yaml())
    assert report.ok, report.to_text()
    return conversion


def main(text: str) -> Conversion:
    return convert({"main.tf": textwrap.dedent(text)})


def checked(conversion: Conversion) -> Conversion:
    """`conversion`, once its template has passed the checker without an error."""
    assert not check_template(conversion.to_yaml()).errors
    return conversion


def props(conversion: Conversion, name: str) -> dict[str, Any]:
    return dict(conversion.template["Resources"][name]["Properties"])


def warnings(conversion: Conversion) -> str:
    return "\n".join(conversion.warnings)


def jq_first(script: str, data: object) -> object:
    """What jq (ROS's Fn::Jq) makes of `data` with `script`: the first output."""
    jq = shutil.which("jq")
    if jq is None:
        if os.environ.get("CI") == "true":
            pytest.fail("jq is not installed; .ci/run (scripts/test) must install it")
        pytest.skip("jq is not installed (apt-get install jq); CI runs it")
    done = subprocess.run(
        [jq, "-c", script], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[0])


# --- count ------------------------------------------------------------------------------------


def test_a_null_branch_removes_the_property_as_ros_documents() -> None:
    conversion = main(
        """
        variable "remark" {
          default = ""
        }
        variable "cidrs" {
          default = []
        }
        resource "alicloud_vpc" "v" {
          vpc_name    = "app"
          description = var.remark != "" ? var.remark : null
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.0.0.0/24"
          zone_id    = "cn-hangzhou-h"
          vswitch_name = length(var.cidrs) > 0 ? null : "plain"
        }
        """
    )
    _, given, unset = props(conversion, "Vpc_v")["Description"]["Fn::If"]
    # Terraform's null is "not set"; ROS's way to say that in Fn::If is ALIYUN::NoValue.
    assert (given, unset) == ({"Ref": "remark"}, {"Ref": "ALIYUN::NoValue"})
    _, unset, plain = props(conversion, "Vswitch_s")["VSwitchName"]["Fn::If"]
    assert (unset, plain) == ({"Ref": "ALIYUN::NoValue"}, "plain")
    assert "null" not in json.dumps(conversion.template)
    assert not check_template(conversion.to_yaml()).errors


def test_a_conditional_count_is_a_ros_condition() -> None:
    conversion = main(
        """
        variable "create_eip" {
          type    = bool
          default = true
        }
        variable "many" {
          type    = bool
          default = false
        }
        resource "alicloud_eip_address" "eip" {
          count        = var.create_eip ? 1 : 0
          address_name = "web"
        }
        resource "alicloud_vpc" "many" {
          count      = var.create_eip && var.many ? 3 : 0
          cidr_block = "10.${count.index}.0.0/16"
        }
        resource "alicloud_vpc" "never" {
          count = 0
        }
        resource "alicloud_vpc" "always" {
          count = true ? 1 : 0
        }
        output "eip" {
          value = alicloud_eip_address.eip[0].ip_address
        }
        """
    )
    template = conversion.template
    eip = template["Resources"]["EipAddress_eip"]
    assert "Count" not in eip
    condition = eip["Condition"]
    assert template["Conditions"][condition] == {"Fn::Equals": [True, {"Ref": "create_eip"}]}
    # `[0]` of a conditional resource is the resource; the output carries its condition.
    assert template["Outputs"]["eip"] == {
        "Value": {"Fn::GetAtt": ["EipAddress_eip", "EipAddress"]},
        "Label": "eip",
        "Condition": condition,
    }
    many = template["Resources"]["Vpc_many"]
    assert many["Count"] == 3
    assert template["Conditions"][many["Condition"]] == {
        "Fn::And": [
            {"Fn::Equals": [True, {"Ref": "create_eip"}]},
            {"Fn::Equals": [True, {"Ref": "many"}]},
        ]
    }
    assert "Vpc_never" not in template["Resources"]
    assert "Count" not in template["Resources"]["Vpc_always"]
    assert "alicloud_vpc.never: its count is 0, so it was left out." in conversion.warnings
    # Terraform creates no alicloud_vpc.never either: it is not counted as dropped.
    assert conversion.summary == Summary(found=4, native=3, lossy=0, dropped=0, not_created=1)
    assert conversion.summary.message().render() == (
        "4 Terraform resources: 3 converted natively, 0 converted with losses, 0 left out, "
        "1 not created (count 0)."
    )


def test_a_condition_on_a_resource_value_is_not_a_ros_condition() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {}
        resource "alicloud_vswitch" "s" {
          vpc_id     = alicloud_vpc.v.route_table_id != "" ? alicloud_vpc.v.id : "vpc-1"
          cidr_block = "10.0.0.0/24"
          zone_id    = "z"
        }
        """
    )
    assert "Conditions" not in conversion.template
    # Computed when the stack is created, once the VPC exists (tests/iac/test_tf_unseen.py).
    assert props(conversion, "Vswitch_s")["VpcId"] == {
        "Fn::Jq": [
            "First",
            'if .v0 != "" then .v1 else "vpc-1" end',
            {"v0": {"Fn::GetAtt": ["Vpc_v", "RouteTableId"]}, "v1": {"Ref": "Vpc_v"}},
        ]
    }


def test_count_index_reads_a_list_parameter_item_by_item() -> None:
    conversion = main(
        """
        variable "cidrs" {
          type    = list(string)
          default = ["10.0.1.0/24", "10.0.2.0/24"]
        }
        variable "zones" {
          type    = list(string)
          default = ["cn-hangzhou-h", "cn-hangzhou-i"]
        }
        resource "alicloud_vpc" "main" {
          cidr_block = "10.0.0.0/16"
        }
        resource "alicloud_vswitch" "sw" {
          count        = length(var.cidrs)
          vpc_id       = alicloud_vpc.main.id
          cidr_block   = var.cidrs[count.index]
          zone_id      = element(var.zones, count.index)
          vswitch_name = "sw-${count.index + 1}"
        }
        resource "alicloud_instance" "web" {
          instance_type = "ecs.g7.large"
          image_id      = "aliyun_3_x64"
          vswitch_id    = alicloud_vswitch.sw[count.index].id
          count         = 2
        }
        """
    )
    sw = conversion.template["Resources"]["Vswitch_sw"]
    index = {"Ref": "ALIYUN::Index"}
    assert sw["Count"] == {"Fn::Length": {"Ref": "cidrs"}}
    assert sw["Properties"]["CidrBlock"] == {"Fn::Select": [index, {"Ref": "cidrs"}]}
    # element() wraps around: a third vSwitch would go to the first of two zones
    wrapped = {"Fn::Calculate": ["{0}%{1}", 0, [index, {"Fn::Length": {"Ref": "zones"}}]]}
    assert sw["Properties"]["ZoneId"] == {"Fn::Select": [wrapped, {"Ref": "zones"}]}
    assert sw["Properties"]["VSwitchName"] == {
        "Fn::Join": ["", ["sw-", {"Fn::Calculate": ["{0}+{1}", 0, [index, 1]]}]]
    }
    web = props(conversion, "Instance_web")
    assert web["VSwitchId"] == {"Fn::Select": [index, {"Ref": "Vswitch_sw"}]}
    assert web["VpcId"] == {"Ref": "Vpc_main"}  # the VPC of the vSwitch copies


# --- for_each ---------------------------------------------------------------------------------


def test_for_each_over_literals_and_locals_is_unrolled() -> None:
    # (Over a map variable it is Count over the parameter: test_tf_counted.)
    conversion = main(
        """
        locals {
          buckets = { logs = "private", assets = "public-read" }
          subnets = { a = "10.0.1.0/24", b = "10.0.2.0/24" }
        }
        resource "alicloud_vpc" "main" {
          cidr_block = "10.0.0.0/16"
        }
        resource "alicloud_vswitch" "this" {
          for_each   = local.subnets
          vpc_id     = alicloud_vpc.main.id
          cidr_block = each.value
          zone_id    = "cn-hangzhou-${each.key}"
        }
        resource "alicloud_oss_bucket" "b" {
          for_each = local.buckets
          bucket   = "site-${each.key}"
          acl      = each.value
        }
        resource "alicloud_security_group" "g" {
          for_each = toset(["web", "db"])
          vpc_id   = alicloud_vswitch.this["a"].vpc_id
          name     = each.key
        }
        resource "alicloud_instance" "vm" {
          for_each      = alicloud_vswitch.this
          instance_type = "ecs.g7.large"
          image_id      = "img"
          vswitch_id    = each.value.id
          instance_name = "vm-${each.key}"
        }
        output "vswitch_ids" {
          value = [for s in alicloud_vswitch.this : s.id]
        }
        output "groups" {
          value = { for k, g in alicloud_security_group.g : k => g.id }
        }
        """
    )
    resources = conversion.template["Resources"]
    assert props(conversion, "Vswitch_this_a")["CidrBlock"] == "10.0.1.0/24"
    assert props(conversion, "Vswitch_this_b")["ZoneId"] == "cn-hangzhou-b"
    assert props(conversion, "OssBucket_b_assets") == {
        "BucketName": "site-assets",
        "AccessControl": "public-read",
    }
    assert props(conversion, "SecurityGroup_g_web") == {
        "VpcId": {"Ref": "Vpc_main"},
        "SecurityGroupName": "web",
    }
    assert props(conversion, "Instance_vm_b")["VSwitchId"] == {"Ref": "Vswitch_this_b"}
    assert props(conversion, "Instance_vm_b")["InstanceName"] == "vm-b"
    assert len([name for name in resources if name.startswith("Instance_vm_")]) == 2
    outputs = conversion.template["Outputs"]
    assert outputs["vswitch_ids"]["Value"] == [{"Ref": "Vswitch_this_a"}, {"Ref": "Vswitch_this_b"}]
    assert outputs["groups"]["Value"] == {
        "web": {"Ref": "SecurityGroup_g_web"},
        "db": {"Ref": "SecurityGroup_g_db"},
    }
    assert conversion.summary.lossy == 0, warnings(conversion)


def test_for_each_over_a_list_variable_follows_the_parameter() -> None:
    conversion = main(
        """
        variable "names" {
          type    = list(string)
          default = ["a", "b"]
        }
        resource "alicloud_oss_bucket" "b" {
          for_each = toset(var.names)
          bucket   = "logs-${each.value}"
        }
        """
    )
    bucket = conversion.template["Resources"]["OssBucket_b"]
    assert bucket["Count"] == {"Fn::Length": {"Ref": "names"}}
    assert bucket["Properties"]["BucketName"] == {
        "Fn::Join": ["", ["logs-", {"Fn::Select": [{"Ref": "ALIYUN::Index"}, {"Ref": "names"}]}]]
    }
    assert conversion.warnings == ()


def test_for_each_over_a_deploy_time_value_is_left_out_with_the_reason() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "main" {}
        resource "alicloud_vswitch" "s" {
          for_each = alicloud_vpc.main.id
        }
        """
    )
    assert "Vswitch_s" not in str(conversion.template)
    assert conversion.unsupported == ("alicloud_vswitch.s",)
    assert "alicloud_vswitch.s: its for_each" in warnings(conversion)
    assert conversion.summary == Summary(found=2, native=1, lossy=0, dropped=1)


def test_the_ros_schema_places_renamed_arguments_and_words_the_reasons() -> None:
    conversion = main(
        """
        resource "alicloud_network_interface" "eni" {
          vswitch_id             = "vsw-1"
          security_group_ids     = ["sg-1"]
          network_interface_name = "eni"
          no_such_argument       = 1
        }
        resource "alicloud_eip_association" "a" {
          allocation_id = "eip-1"
          instance_id   = "i-1"
          instance_type = "EcsInstance"
        }
        resource "alicloud_apig_http_api" "api" {
          http_api_name     = "api"
          resource_group_id = "rg-1"
        }
        """
    )
    # The vendor's rule predates the provider's names; the schema has these properties.
    assert props(conversion, "NetworkInterface_eni")["NetworkInterfaceName"] == "eni"
    assert props(conversion, "NetworkInterface_eni")["SecurityGroupIds"] == ["sg-1"]
    text = warnings(conversion)
    assert "no_such_argument not converted (the mapping rules do not know it)" in text
    assert (
        "instance_type not converted (ALIYUN::VPC::EIPAssociation has no property for it)" in text
    )
    # The vendor's rule leaves it out, though the schema has it: placed by its name.
    assert props(conversion, "ApigHttpApi_api")["ResourceGroupId"] == "rg-1"
    assert "resource_group_id not converted" not in text


def test_a_left_out_argument_is_not_said_to_lack_a_property_spelled_a_little_otherwise() -> None:
    conversion = main(
        """
        resource "alicloud_db_instance" "db" {
          engine             = "MySQL"
          engine_version     = "8.0"
          instance_type      = "rds.mysql.s1.small"
          instance_storage   = 20
          vswitch_id         = "vsw-1"
          security_group_ids = ["sg-1", "sg-2"]
          monitoring_period  = 60
        }
        """
    )
    text = warnings(conversion)
    # ROS takes the groups comma-separated in SecurityGroupId (the vendor's rules leave them
    # out; the overlay of tf_rules converts them).
    assert props(conversion, "DbInstance_db")["SecurityGroupId"] == "sg-1,sg-2"
    assert "security_group_ids" not in text
    assert "monitoring_period not converted (ALIYUN::RDS::DBInstance has no property" in text


# --- nested and dynamic blocks ----------------------------------------------------------------


def test_nested_and_dynamic_blocks_become_nested_properties() -> None:
    conversion = main(
        """
        variable "disks" {
          default = [{ size = 50, category = "cloud_essd" }, { size = 100, category = "cloud" }]
        }
        resource "alicloud_instance" "vm" {
          instance_type = "ecs.g7.large"
          image_id      = "img"
          data_disks {
            size      = 20
            encrypted = true
          }
          dynamic "data_disks" {
            for_each = var.disks
            iterator = disk
            content {
              size     = disk.value.size
              category = disk.value.category
            }
          }
        }
        resource "alicloud_oss_bucket" "b" {
          bucket = "b"
          versioning {
            status = "Enabled"
          }
          lifecycle_rule {
            enabled = true
            prefix  = "logs/"
            expiration {
              days = 30
            }
          }
        }
        resource "alicloud_slb_listener" "https" {
          load_balancer_id    = "lb-1"
          frontend_port       = 443
          backend_port        = 80
          protocol            = "https"
          bandwidth           = 10
          health_check        = "on"
          health_check_uri    = "/health"
          health_check_domain = "example.com"
          x_forwarded_for {
            retrive_slb_ip = true
          }
        }
        """
    )
    assert props(conversion, "Instance_vm")["DiskMappings"] == [
        {"Size": 20},
        {"Size": 50, "Category": "cloud_essd"},
        {"Size": 100, "Category": "cloud"},
    ]
    assert (
        "alicloud_instance.vm: data_disks.encrypted not converted (DiskMappings of "
        "ALIYUN::ECS::Instance has no field for it)"
    ) in warnings(conversion)
    bucket = props(conversion, "OssBucket_b")
    assert bucket["VersioningConfiguration"] == {"Status": "Enabled"}
    assert bucket["LifecycleConfiguration"] == {
        # Terraform's `enabled = true` is the ROS schema's Status: Enabled.
        "Rule": [{"Status": "Enabled", "Prefix": "logs/", "Expiration": {"Days": 30}}]
    }
    listener = props(conversion, "SlbListener_https")
    assert listener["HealthCheck"] == {
        "Switch": "on",
        "URI": "/health",
        "Domain": "example.com",
    }
    assert listener["Persistence"] == {"XForwardedFor_SLBIP": "on", "XForwardedFor": "on"}


def test_a_dynamic_block_over_a_deploy_time_value_is_reported() -> None:
    conversion = main(
        """
        resource "alicloud_instance" "vm" {
          instance_type = "ecs.g7.large"
          image_id      = "img"
          dynamic "data_disks" {
            for_each = var.disks
            content {
              size = data_disks.value.size
            }
          }
        }
        """
    )
    assert "DiskMappings" not in props(conversion, "Instance_vm")
    assert "the dynamic block data_disks was not converted" in warnings(conversion)
    assert conversion.summary.lossy == 1


def test_a_dynamic_block_over_a_variables_default_says_so() -> None:
    conversion = main(
        """
        variable "disks" {
          type    = map(number)
          default = { logs = 80, app = 40 }
        }
        resource "alicloud_instance" "vm" {
          instance_type = "ecs.g7.large"
          image_id      = "img"
          dynamic "data_disks" {
            for_each = var.disks
            content {
              name = data_disks.key
              size = data_disks.value
            }
          }
        }
        """
    )
    # Terraform repeats a map's blocks in key order.
    disks = props(conversion, "Instance_vm")["DiskMappings"]
    assert [(disk["DiskName"], disk["Size"]) for disk in disks] == [("app", 40), ("logs", 80)]
    assert (
        "alicloud_instance.vm: the dynamic block data_disks was repeated over the default of "
        "var.disks, so a different value at deploy time is not followed."
    ) in warnings(conversion)
    assert conversion.summary.lossy == 1


def test_a_dynamic_block_inside_a_dynamic_block_is_repeated_too() -> None:
    # The bucket module's lifecycle rules: each rule's expiration is a dynamic block over a
    # list inside that rule.
    conversion = main(
        """
        locals {
          rules = [
            { id = "days", prefix = "a/", expiration = [{ days = 365 }] },
            { id = "none", prefix = "b/", expiration = [] },
          ]
        }
        resource "alicloud_oss_bucket" "b" {
          bucket = "logs-bucket"
          dynamic "lifecycle_rule" {
            for_each = local.rules
            content {
              id      = lifecycle_rule.value.id
              prefix  = lifecycle_rule.value.prefix
              enabled = true
              dynamic "expiration" {
                for_each = lookup(lifecycle_rule.value, "expiration", [])
                content {
                  days = lookup(expiration.value, "days", null)
                }
              }
            }
          }
        }
        """
    )
    rules = props(conversion, "OssBucket_b")["LifecycleConfiguration"]["Rule"]
    assert rules == [
        {"Status": "Enabled", "ID": "days", "Prefix": "a/", "Expiration": {"Days": 365}},
        {"Status": "Enabled", "ID": "none", "Prefix": "b/"},
    ]
    assert conversion.summary.lossy == 0 and not conversion.notes


# --- modules ----------------------------------------------------------------------------------


NETWORK_MODULE = {
    "modules/net/main.tf": """
        variable "cidr" {
          type = string
        }
        variable "name" {
          default = "net"
        }
        locals {
          full = "${var.name}-vpc"
        }
        resource "alicloud_vpc" "this" {
          vpc_name   = local.full
          cidr_block = var.cidr
        }
        module "inner" {
          source = "../sg"
          vpc_id = alicloud_vpc.this.id
        }
        output "vpc_id" {
          value = alicloud_vpc.this.id
        }
        output "sg_id" {
          value = module.inner.id
        }
    """,
    "modules/sg/main.tf": """
        variable "vpc_id" {}
        resource "alicloud_security_group" "this" {
          vpc_id = var.vpc_id
        }
        output "id" {
          value = alicloud_security_group.this.id
        }
    """,
}


def test_local_modules_are_inlined_with_their_variables_bound() -> None:
    files = {
        "main.tf": """
            variable "cidr" {
              default = "10.0.0.0/16"
            }
            module "net" {
              source = "./modules/net"
              cidr   = var.cidr
            }
            resource "alicloud_vswitch" "s" {
              vpc_id     = module.net.vpc_id
              cidr_block = "10.0.1.0/24"
              zone_id    = "cn-hangzhou-h"
            }
            output "sg" {
              value = module.net.sg_id
            }
        """,
        **NETWORK_MODULE,
    }
    conversion = convert({k: textwrap.dedent(v) for k, v in files.items()})
    assert list(conversion.template["Resources"]) == [
        "SecurityGroup_net__inner__this",
        "Vpc_net__this",
        "Vswitch_s",
    ]
    assert props(conversion, "Vpc_net__this") == {
        "VpcName": "net-vpc",
        "CidrBlock": {"Ref": "cidr"},
    }
    assert props(conversion, "SecurityGroup_net__inner__this") == {
        "VpcId": {"Ref": "Vpc_net__this"}
    }
    assert props(conversion, "Vswitch_s")["VpcId"] == {"Ref": "Vpc_net__this"}
    assert conversion.template["Outputs"]["sg"]["Value"] == {
        "Ref": "SecurityGroup_net__inner__this"
    }
    assert conversion.summary == Summary(found=3, native=3, lossy=0, dropped=0)


def test_a_counted_module_call_is_inlined_once_per_instance() -> None:
    files = {
        "main.tf": """
            variable "zones" {
              default = ["cn-hangzhou-h", "cn-hangzhou-i"]
            }
            variable "with_logs" {
              default = false
            }
            module "sw" {
              count  = length(var.zones)
              source = "./sw"
              zone   = var.zones[count.index]
              index  = count.index
            }
            module "logs" {
              count  = var.with_logs ? 1 : 0
              source = "./sw"
              zone   = "z"
              index  = 9
            }
            output "ids" {
              value = module.sw[*].id
            }
            output "first" {
              value = module.sw[0].id
            }
        """,
        "sw/main.tf": """
            variable "zone" {}
            variable "index" {}
            resource "alicloud_vswitch" "this" {
              vpc_id     = "vpc-1"
              zone_id    = var.zone
              cidr_block = "10.0.${var.index}.0/24"
            }
            output "id" {
              value = alicloud_vswitch.this.id
            }
        """,
    }
    conversion = convert({k: textwrap.dedent(v) for k, v in files.items()})
    assert props(conversion, "Vswitch_sw_1__this")["CidrBlock"] == "10.0.1.0/24"
    assert props(conversion, "Vswitch_sw_0__this")["ZoneId"] == {
        "Fn::Select": ["0", {"Ref": "zones"}]
    }
    outputs = conversion.template["Outputs"]
    assert outputs["ids"]["Value"] == [{"Ref": "Vswitch_sw_0__this"}, {"Ref": "Vswitch_sw_1__this"}]
    assert outputs["first"]["Value"] == {"Ref": "Vswitch_sw_0__this"}
    text = warnings(conversion)
    assert "module.sw: count was computed from the default of var.zones" in text
    assert "module.logs: its count is 0, so it was left out." in text
    assert len(conversion.template["Resources"]) == 2


def test_remote_and_outside_modules_are_not_guessed() -> None:
    files = project(
        main_tf="""
        module "vpc" {
          source  = "alibaba/vpc/alicloud"
          version = "1.11.0"
        }
        module "up" {
          source = "../shared"
        }
        module "missing" {
          source = "./nowhere"
        }
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/16"
        }
        """
    )
    conversion = convert(files)
    assert conversion.unsupported == ("module.missing", "module.up", "module.vpc")
    text = warnings(conversion)
    assert "module.vpc: its source 'alibaba/vpc/alicloud' is not a local module" in text
    assert "module.up: its source '../shared' lies outside the workspace" in text
    assert "module.missing: its source './nowhere' has no .tf files in the workspace" in text
    assert "wrap_terraform" in text
    notes = [note.render() for note in wrap_notes(files)]
    assert len(notes) == 3
    assert notes[0].startswith("main.tf: module vpc has the remote source 'alibaba/vpc/alicloud'")
    assert "module up has the source '../shared', which is not in the Workspace" in notes[1]


def test_a_module_that_calls_itself_or_nests_too_deep_is_refused() -> None:
    cycle = {
        "main.tf": 'module "a" {\n  source = "./m"\n}\nresource "alicloud_vpc" "v" {}\n',
        "m/main.tf": 'module "again" {\n  source = "../m"\n}\n',
    }
    with pytest.raises(TerraformError, match=r"module.a.module.again calls the module '../m'"):
        convert_terraform(cycle)
    deep = {"main.tf": 'module "m" {\n  source = "./d0"\n}\n'}
    for level in range(MAX_MODULE_DEPTH + 1):
        deep[f"{'/'.join(f'd{i}' for i in range(level + 1))}/main.tf"] = (
            f'module "m" {{\n  source = "./d{level + 1}"\n}}\nresource "alicloud_vpc" "v" {{}}\n'
        )
    with pytest.raises(TerraformError, match=f"more than {MAX_MODULE_DEPTH} deep"):
        convert_terraform(deep)


def test_invalid_hcl_in_a_module_names_its_file_and_line() -> None:
    files = {
        "main.tf": 'module "m" {\n  source = "./m"\n}\n',
        "m/main.tf": 'resource "alicloud_vpc" "v" {\n  cidr_block = \n}\n',
    }
    with pytest.raises(TerraformError, match=r"m/main\.tf, line 2"):
        convert_terraform(files)


# --- variables --------------------------------------------------------------------------------


def test_validations_become_parameter_constraints_or_are_reported() -> None:
    conversion = main(
        """
        variable "env" {
          default = "dev"
          validation {
            condition     = contains(["dev", "prod"], var.env)
            error_message = "dev or prod."
          }
        }
        variable "size" {
          type    = number
          default = 40
          validation {
            condition     = var.size >= 20 && var.size < 501
            error_message = "20 to 500 GiB."
          }
        }
        variable "name" {
          default = "web"
          validation {
            condition     = can(regex("[a-z]+", var.name)) && length(var.name) <= 30
            error_message = "Lower case."
          }
          validation {
            condition     = !startswith(var.name, "x")
            error_message = "No x."
          }
        }
        variable "password" {
          sensitive = true
        }
        variable "settings" {
          type = object({
            port = optional(number, 80)
            tls  = optional(object({ enabled = optional(bool, true) }), {})
          })
          default = {}
        }
        resource "alicloud_vpc" "v" {
          vpc_name    = "${var.name}-${var.env}"
          description = "${var.size}-${var.password}-${var.settings.port}"
        }
        """
    )
    parameters = conversion.template["Parameters"]
    assert parameters["env"] == {
        "Type": "String",
        "Default": "dev",
        "AllowedValues": ["dev", "prod"],
        "ConstraintDescription": "dev or prod.",
    }
    assert parameters["size"]["MinValue"] == 20 and parameters["size"]["MaxValue"] == 500
    assert parameters["name"]["AllowedPattern"] == "^.*[a-z]+.*$"  # Terraform finds it anywhere
    assert parameters["name"]["MaxLength"] == 30
    assert parameters["password"] == {"Type": "String", "NoEcho": True}
    assert parameters["settings"]["Default"] == {"port": 80, "tls": {"enabled": True}}
    assert (
        'var.name: the validation !startswith(var.name, "x") has no ROS parameter constraint'
    ) in warnings(conversion)


def test_a_splat_of_a_resource_with_count_zero_is_an_empty_list() -> None:
    # The modules' `concat(x.*.id, [""])[0]` over a resource switched off in the files.
    conversion = main(
        """
        resource "alicloud_vpc" "kept" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vpc" "off" {
          count      = 0
          cidr_block = "10.0.0.0/8"
        }
        output "id" {
          value = concat(alicloud_vpc.off.*.id, [""])[0]
        }
        output "names" {
          value = alicloud_vpc.off[*].vpc_name
        }
        output "first" {
          value = alicloud_vpc.off.*.id[0]
        }
        """
    )
    outputs = conversion.template["Outputs"]
    assert outputs["id"]["Value"] == ""
    assert outputs["names"]["Value"] == []
    # Terraform itself fails on the first of no copies: not made up, left out and said so.
    assert "first" not in outputs
    assert "output.first: value alicloud_vpc.off.*.id[0] reads alicloud_vpc.off" in warnings(
        conversion
    )


def test_a_sensitive_output_is_left_out_not_shown_in_ros_outputs() -> None:
    conversion = main(
        """
        variable "password" {
          type      = string
          sensitive = true
        }
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        output "password" {
          value     = var.password
          sensitive = true
        }
        output "vpc_id" {
          value = alicloud_vpc.v.id
        }
        """
    )
    # ROS Outputs have no NoEcho: the value would be there for whoever reads the stack.
    assert list(conversion.template["Outputs"]) == ["vpc_id"]
    assert "output.password is sensitive, and ROS shows every output's value" in warnings(
        conversion
    )


# --- data sources and functions ---------------------------------------------------------------


def test_data_sources_become_parameters_with_pickers() -> None:
    conversion = main(
        """
        data "alicloud_zones" "z" {}
        data "alicloud_images" "img" {
          name_regex = "^ubuntu"
        }
        data "alicloud_instance_types" "t" {}
        data "alicloud_vpcs" "existing" {}
        data "alicloud_kms_keys" "keys" {}
        resource "alicloud_instance" "vm" {
          availability_zone = data.alicloud_zones.z.zones[0].id
          image_id          = data.alicloud_images.img.ids[0]
          instance_type     = data.alicloud_instance_types.t.instance_types[0].id
          vpc_id            = data.alicloud_vpcs.existing.ids[0]
          description       = data.alicloud_kms_keys.keys.ids[0]
        }
        """
    )
    parameters = conversion.template["Parameters"]
    assert parameters["Zones_z"]["AssociationProperty"] == "ALIYUN::ECS::Instance::ZoneId"
    assert parameters["Images_img"]["AssociationProperty"] == "ALIYUN::ECS::Image::ImageId"
    assert parameters["InstanceTypes_t"]["AssociationProperty"] == (
        "ALIYUN::ECS::Instance::InstanceType"
    )
    assert parameters["Vpcs_existing"]["AssociationProperty"] == "ALIYUN::ECS::VPC::VPCId"
    vm = props(conversion, "Instance_vm")
    assert vm["ZoneId"] == {"Ref": "Zones_z"}
    assert vm["InstanceType"] == {"Ref": "InstanceTypes_t"}
    assert "reads the data source data.alicloud_kms_keys.keys, which ROS cannot see" in warnings(
        conversion
    )


def test_functions_become_ros_functions_or_are_computed() -> None:
    conversion = main(
        """
        variable "names" {
          type = list(string)
        }
        variable "tags" {
          type = map(string)
        }
        locals {
          cidr = "10.0.0.0/16"
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = cidrsubnet(local.cidr, 4, 2)
          vpc_name    = join("-", var.names)
          description = format("%s in %s", lookup(var.tags, "team"), element(var.names, 1))
        }
        resource "alicloud_instance" "vm" {
          instance_type = lookup({ small = "ecs.t6", big = "ecs.g7" }, "big", "ecs.t5")
          image_id      = replace("img_x", "_", "-")
          user_data     = base64encode("#!/bin/sh\\necho ${length(var.names)}")
          host_name     = upper(var.tags["host"])
          description   = jsonencode({ a = 1 })
          tags          = merge({ Name = format("%s%03d|%-4s|%.1f", "web", 7, "ab", 2.25) }, var.t)
        }
        """
    )
    vpc = props(conversion, "Vpc_v")
    assert vpc["CidrBlock"] == "10.0.32.0/20"
    assert vpc["VpcName"] == {"Fn::Join": ["-", {"Ref": "names"}]}
    assert vpc["Description"] == {
        "Fn::Join": [
            "",
            [
                {"Fn::Select": ["team", {"Ref": "tags"}]},
                " in ",
                {
                    "Fn::Select": [
                        {"Fn::Calculate": ["{0}%{1}", 0, [1, {"Fn::Length": {"Ref": "names"}}]]},
                        {"Ref": "names"},
                    ]
                },
            ],
        ]
    }
    vm = props(conversion, "Instance_vm")
    assert vm["InstanceType"] == "ecs.g7"
    assert vm["ImageId"] == "img-x"
    assert vm["UserData"] == {
        "Fn::Base64Encode": {
            "Fn::Join": ["", ["#!/bin/sh\necho ", {"Fn::Length": {"Ref": "names"}}]]
        }
    }
    assert vm["Description"] == '{"a":1}'
    # Go's format verbs, and merge() of a computed map as ROS's Fn::MergeMap.
    merged = {"Fn::MergeMap": [{"Name": "web007|ab  |2.2"}, {"Ref": "t"}]}
    assert vm["Tags"] == {
        "Fn::Jq": ["First", 'to_entries | map({"Key": .key, "Value": .value})', merged]
    }
    assert vm["HostName"] == {"Ref": "Instance_vm_HostName"}
    assert "calls upper() with arguments it cannot use" in warnings(conversion)


def test_a_lookup_default_holds_for_a_map_known_at_deploy_time() -> None:
    conversion = main(
        """
        variable "subscription" {
          type    = map(string)
          default = { period = "1" }
        }
        variable "key" {
          type    = string
          default = "period_unit"
        }
        resource "alicloud_instance" "vm" {
          period        = lookup(var.subscription, "period", 1)
          period_unit   = lookup(var.subscription, var.key, "Month")
          instance_type = lookup(var.subscription, "instance_type")
        }
        """
    )
    vm = props(conversion, "Instance_vm")
    # Fn::Select of a key the map lacks gives no default; jq's has() does.
    assert vm["Period"] == {
        "Fn::Jq": [
            "First",
            'if has("period") then .["period"] else 1 end',
            {"Ref": "subscription"},
        ]
    }
    assert vm["InstanceType"] == {"Fn::Select": ["instance_type", {"Ref": "subscription"}]}
    assert vm["PeriodUnit"] == {"Ref": "Instance_vm_PeriodUnit"}
    assert "calls lookup() with arguments it cannot use" in warnings(conversion)


def test_file_functions_read_the_workspace() -> None:
    conversion = convert(
        {
            "main.tf": textwrap.dedent(
                """
                module "web" {
                  source = "./modules/web"
                  port   = 8080
                }
                resource "alicloud_vpc" "v" {
                  description = file("${path.module}/notes.txt")
                }
                """
            ),
            "notes.txt": "plain ${text}",
            "modules/web/main.tf": textwrap.dedent(
                """
                variable "port" {}
                resource "alicloud_instance" "vm" {
                  instance_type = "ecs.g7.large"
                  image_id      = "img"
                  user_data     = templatefile("${path.module}/boot.tftpl", { port = var.port })
                }
                """
            ),
            "modules/web/boot.tftpl": "listen ${port}; $${HOME}\n",
        }
    )
    assert props(conversion, "Vpc_v")["Description"] == "plain ${text}"  # file() is not a template
    assert props(conversion, "Instance_web__vm")["UserData"] == "listen 8080; ${HOME}\n"


def test_values_that_would_not_end_are_refused_or_reported() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {
          cidr_block  = cidrsubnet("10.0.0.0/8", 24, 70000)
          description = join(",", range(100000000))
          vpc_name    = cidrsubnet("10.0.0.0/8", 30, 1)
        }
        resource "alicloud_oss_bucket" "b" {
          for_each = toset([for i in range(1000) : "b${i}"])
          bucket   = each.key
        }
        """
    )
    assert props(conversion, "Vpc_v")["CidrBlock"] == "10.1.17.112/32"
    assert props(conversion, "Vpc_v")["Description"] == {"Ref": "Vpc_v_Description"}
    assert props(conversion, "Vpc_v")["VpcName"] == {"Ref": "Vpc_v_VpcName"}
    assert "its for_each has 1000 items, more than 300" in warnings(conversion)
    nested = "x = " + "(" * 5000 + "1" + ")" * 5000
    with pytest.raises(TerraformError):
        convert_terraform({"main.tf": f'resource "alicloud_vpc" "v" {{\n  {nested}\n}}\n'})


def test_a_workspace_mapping_over_the_limits_is_refused() -> None:
    many = {f"f{i}.tf": "" for i in range(51)}
    with pytest.raises(
        TerraformError, match="51 Terraform files were given; ROS accepts at most 50"
    ):
        convert_terraform(many)
    with pytest.raises(TerraformError, match="more than 10 bytes"):
        check_workspace({"main.tf": "# " + "x" * 20}, max_bytes=10)


# --- compatible mode --------------------------------------------------------------------------


def test_compatible_mode_takes_the_transform_and_variable_metadata() -> None:
    files = project(
        main_tf="""
        variable "zone" {
          type        = string
          description = <<EOT
          {"AssociationProperty": "ALIYUN::ECS::Instance::ZoneId", "Label": "Zone"}
          EOT
        }
        variable "size" {
          type    = number
          default = 40
          validation {
            condition     = var.size <= 500
            error_message = "At most 500."
          }
        }
        resource "alicloud_vpc" "v" {}
        """,
        modules__m__main_tf='resource "alicloud_vpc" "w" {}\n',
    )
    template = wrap_terraform(files, transform="Aliyun::Terraform-v1.5")
    assert template["Transform"] == "Aliyun::Terraform-v1.5"
    assert wrap_terraform(files)["Transform"] == "Aliyun::OpenTofu-v1.8"
    assert set(template["Workspace"]) == {"main.tf", "modules/m/main.tf"}
    assert template["Parameters"]["zone"] == {
        "Type": "String",
        "AssociationProperty": "ALIYUN::ECS::Instance::ZoneId",
        "Label": "Zone",
    }
    assert template["Parameters"]["size"]["MaxValue"] == 500
    assert wrap_notes(files) == ()
    assert check_template(convert_terraform(files).to_yaml()).ok
