"""Terraform attributes the vendor's rules do not name: an older spelling, a ROS attribute of
another name, the region, nested blocks read back as given, and arguments read per copy of a
resource with `count`. Hand-written projects with the ROS they must give; every template
passes the checker."""

from __future__ import annotations

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import Conversion
from iaccode.iac.tf_attributes import DEPRECATED_SPELLINGS, ROS_ATTRIBUTE_NAMES
from iaccode.iac.tf_rule_data import load_rules
from iaccode.iac.tf_schema import ros_attributes
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import props
from tests.iac.test_tf_constructs import warnings as notes


def outputs(conversion: Conversion) -> dict[str, object]:
    assert not check_template(conversion.to_yaml()).errors
    return {name: entry["Value"] for name, entry in conversion.template["Outputs"].items()}


def test_every_ros_attribute_of_another_name_is_in_the_ros_schema() -> None:
    rules = load_rules().by_terraform
    for tf_type, names in ROS_ATTRIBUTE_NAMES.items():
        for ros_name in names.values():
            assert ros_name in (ros_attributes(rules[tf_type].ros_type) or ()), (tf_type, ros_name)


def test_every_older_spelling_reads_a_name_the_rules_know() -> None:
    rules = load_rules().by_terraform
    for tf_type, names in DEPRECATED_SPELLINGS.items():
        rule = rules[tf_type]
        for old, new in names.items():
            assert old not in rule.attributes and old not in rule.properties, (tf_type, old)
            assert new in rule.attributes or new in rule.properties, (tf_type, new)


def test_an_older_spelling_and_another_ros_name_read_the_same_value() -> None:
    conversion = convert(
        """
        resource "alicloud_vpc" "main" { cidr_block = "10.0.0.0/8" }
        resource "alicloud_route_entry" "entry" {
          route_table_id        = alicloud_vpc.main.router_table_id
          destination_cidrblock = "0.0.0.0/0"
          nexthop_type          = "Instance"
          nexthop_id            = "i-1"
        }
        resource "alicloud_network_interface" "eni" {
          vswitch_id      = "vsw-1"
          security_groups = ["sg-1"]
        }
        resource "alicloud_network_interface" "fixed" {
          vswitch_id         = "vsw-1"
          security_groups    = ["sg-1"]
          primary_ip_address = "10.0.0.9"
        }
        output "eni_ip" { value = alicloud_network_interface.eni.private_ip }
        output "fixed_ip" { value = alicloud_network_interface.fixed.private_ip }
        """
    )
    assert props(conversion, "RouteEntry_entry")["RouteTableId"] == {
        "Fn::GetAtt": ["Vpc_main", "RouteTableId"]
    }
    assert outputs(conversion) == {
        "eni_ip": {"Fn::GetAtt": ["NetworkInterface_eni", "PrivateIpAddress"]},
        "fixed_ip": "10.0.0.9",  # the address it was given
    }
    assert "ROS attribute" not in notes(conversion)


def test_region_id_is_the_stacks_region_and_an_unset_argument_is_reported_as_such() -> None:
    conversion = convert(
        """
        resource "alicloud_nlb_server_group" "g" {
          server_group_name = "g"
          vpc_id            = "vpc-1"
          protocol          = "TCP"
          health_check { health_check_enabled = false }
        }
        resource "alicloud_db_instance" "db" {
          engine           = "MySQL"
          engine_version   = "8.0"
          instance_type    = "rds.mysql.s2.large"
          instance_storage = 20
          vswitch_id       = "vsw-1"
        }
        output "region" { value = alicloud_nlb_server_group.g.region_id }
        output "zone" { value = alicloud_db_instance.db.zone_id }
        """
    )
    assert outputs(conversion) == {"region": {"Ref": "ALIYUN::Region"}}
    assert (
        "reads zone_id of alicloud_db_instance.db, which it does not set: Terraform gives the "
        "provider's default or the computed value there, which ROS has no attribute for"
    ) in notes(conversion)


def test_a_field_of_a_nested_block_reads_what_the_block_gave_it() -> None:
    # terraform-alicloud-modules' amqp alarms: outputs of escalations_critical's fields.
    conversion = convert(
        """
        variable "threshold" { default = 35 }
        resource "alicloud_cms_alarm" "cpu" {
          name    = "cpu"
          project = "acs_ecs_dashboard"
          metric  = "CPUUtilization"
          dimensions = { instanceId = "i-1" }
          escalations_critical {
            statistics          = "Average"
            comparison_operator = "<="
            threshold           = var.threshold
            times               = 2
          }
          contact_groups = ["ops"]
        }
        output "operator" {
          value = alicloud_cms_alarm.cpu.escalations_critical[0].comparison_operator
        }
        output "threshold" {
          value = concat(alicloud_cms_alarm.cpu.escalations_critical[*].threshold, [""])[0]
        }
        output "missing" { value = alicloud_cms_alarm.cpu.escalations_critical[0].silence }
        """
    )
    assert outputs(conversion) == {"operator": "<=", "threshold": {"Ref": "threshold"}}
    assert "output.missing" in notes(conversion)
    assert "read back as its blocks were given" not in notes(conversion)


def test_a_whole_nested_block_reads_back_as_given_with_a_note() -> None:
    conversion = convert(
        """
        resource "alicloud_oss_bucket" "b" {
          bucket = "b"
          referer_config {
            allow_empty = false
            referers    = ["http://www.example.com"]
          }
        }
        output "referers" { value = alicloud_oss_bucket.b.referer_config }
        """
    )
    assert outputs(conversion) == {
        "referers": [{"allow_empty": False, "referers": ["http://www.example.com"]}]
    }
    assert (
        "alicloud_oss_bucket.b: referer_config is read back as its blocks were given; "
        "Terraform's value also has the fields the provider fills in, which this one lacks."
    ) in notes(conversion)


def test_an_argument_read_per_copy_is_that_copys_value_or_every_copys() -> None:
    conversion = convert(
        """
        variable "n" { default = 2 }
        variable "image_id" { default = "img-1" }
        resource "alicloud_instance" "some" {
          count           = var.n
          image_id        = var.image_id
          instance_type   = "ecs.g6.large"
          instance_name   = "web-${count.index}"
          security_groups = ["sg-1"]
          vswitch_id      = "vsw-1"
        }
        resource "alicloud_instance" "three" {
          count           = 3
          image_id        = var.image_id
          instance_type   = "ecs.g6.large"
          instance_name   = "web-${count.index}"
          security_groups = ["sg-1"]
          vswitch_id      = "vsw-1"
        }
        output "first_image" { value = alicloud_instance.some[0].image_id }
        output "images" { value = alicloud_instance.some.*.image_id }
        output "second_name" { value = alicloud_instance.three[1].instance_name }
        output "names" { value = alicloud_instance.three[*].instance_name }
        output "groups" { value = alicloud_instance.some.*.security_groups }
        output "some_names" { value = alicloud_instance.some.*.instance_name }
        """
    )
    assert outputs(conversion) == {
        "first_image": {"Ref": "image_id"},
        "images": {
            "Fn::Jq": [
                "First",
                "[range(.n | tonumber) as $i | .v]",
                {"n": {"Ref": "n"}, "v": {"Ref": "image_id"}},
            ]
        },
        "second_name": "web-1",
        "names": ["web-0", "web-1", "web-2"],
        "groups": {"Fn::GetAtt": ["Instance_some", "SecurityGroupIds"]},
    }
    assert (
        "reads instance_name of alicloud_instance.some, which differs per copy, and the copy "
        "or the number of copies is known only at deploy time"
    ) in notes(conversion)


def test_flatten_of_the_ids_of_counted_resources_is_their_lists_merged() -> None:
    # terraform-alicloud-disk: `flatten(alicloud_disk.this[*].id)` in outputs and counts.
    conversion = convert(
        """
        variable "n" { default = 2 }
        resource "alicloud_disk" "some" {
          count   = var.n
          zone_id = "cn-hangzhou-h"
          size    = 20
        }
        resource "alicloud_disk" "two" {
          count   = 2
          zone_id = "cn-hangzhou-h"
          size    = 20
        }
        output "ids" { value = flatten(alicloud_disk.some[*].id) }
        output "count" { value = length(flatten(alicloud_disk.some[*].id)) }
        output "all" { value = flatten([alicloud_disk.some[*].id, alicloud_disk.two[*].id, "d-x"]) }
        output "nested" { value = flatten([alicloud_disk.some[*].id, ["d-x"]]) }
        """
    )
    assert outputs(conversion) == {
        "ids": {"Ref": "Disk_some"},
        "count": {"Fn::Length": {"Ref": "Disk_some"}},
        "all": {"Fn::ListMerge": [{"Ref": "Disk_some"}, {"Ref": "Disk_two"}, ["d-x"]]},
    }
    # A nested list beside them is not known flat here: reported, not guessed.
    assert "output.nested: value flatten(" in notes(conversion)
