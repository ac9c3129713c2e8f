"""A dynamic block over `c ? [x] : []` (`tf_guarded`): the block under `Fn::If` of the ROS
Condition of `c`, instead of the blocks over the variables' defaults. Hand-written projects;
every template must pass the checker."""

from __future__ import annotations

import pytest

from iaccode.iac.ros_check import check_template
from iaccode.iac.tf_guarded import _test_and_item
from tests.iac.test_tf_constructs import checked, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes

HEALTH_CHECK = """
variable "checked" {
  type    = bool
  default = false
}
resource "alicloud_nlb_server_group" "g" {
  server_group_name = "g"
  server_group_type = "Instance"
  vpc_id            = "vpc-1"
  protocol          = "TCP"
  dynamic "health_check" {
    for_each = FOR_EACH
    content {
      health_check_enabled = true
      health_check_type    = "TCP"
    }
  }
}
"""


def test_a_block_there_when_a_switch_is_on_is_under_its_condition() -> None:
    conversion = checked(convert(HEALTH_CHECK.replace("FOR_EACH", "var.checked ? [1] : []")))
    condition, struct, nothing = props(conversion, "NlbServerGroup_g")["HealthCheckConfig"][
        "Fn::If"
    ]
    # The default is off: unrolled, the stack would never get its health check.
    assert conversion.template["Conditions"][condition] == {
        "Fn::Equals": [True, {"Ref": "checked"}]
    }
    assert struct == {"HealthCheckEnabled": True, "HealthCheckType": "Tcp"}
    assert nothing == {"Ref": "ALIYUN::NoValue"}
    assert conversion.summary.lossy == 0, notes(conversion)
    assert "repeated over the default" not in notes(conversion)


def test_an_optional_object_is_read_by_the_block_when_it_is_given() -> None:
    conversion = checked(
        convert(
            """
            variable "log" {
              type    = object({ project = string, logstore = string })
              default = null
            }
            resource "alicloud_fc_service" "svc" {
              name = "svc"
              dynamic "log_config" {
                for_each = var.log != null ? [var.log] : []
                content {
                  project  = log_config.value.project
                  logstore = log_config.value["logstore"]
                }
              }
            }
            """
        )
    )
    condition, struct, _ = props(conversion, "FcService_svc")["LogConfig"]["Fn::If"]
    assert conversion.template["Conditions"][condition] == {
        "Fn::Not": {"Fn::Equals": [{"Ref": "log"}, None]}
    }
    assert struct == {
        "Project": {"Fn::Select": ["project", {"Ref": "log"}]},
        "Logstore": {"Fn::Select": ["logstore", {"Ref": "log"}]},
    }
    assert conversion.summary.lossy == 0, notes(conversion)


def test_a_test_no_condition_can_hold_keeps_the_blocks_over_the_default_and_says_so() -> None:
    conversion = convert(
        HEALTH_CHECK.replace("FOR_EACH", "length(var.zones) > 2 ? [1] : []")
        + """
        variable "zones" {
          type    = list(string)
          default = ["a", "b", "c"]
        }
        """
    )
    assert props(conversion, "NlbServerGroup_g")["HealthCheckConfig"] == {
        "HealthCheckEnabled": True,
        "HealthCheckType": "Tcp",
    }
    assert (
        "the dynamic block health_check was repeated over the default of var.zones, since its "
        "test length(var.zones) > 2 is a comparison that is only known at deploy time, so a "
        "different value at deploy time is not followed." in notes(conversion)
    )
    assert conversion.summary.lossy == 1
    assert "Conditions" not in conversion.template
    assert not check_template(conversion.to_yaml()).errors


def test_written_blocks_beside_the_dynamic_one_keep_the_blocks_over_the_default() -> None:
    conversion = checked(
        convert(
            """
            variable "extra" {
              type    = bool
              default = true
            }
            resource "alicloud_instance" "vm" {
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
              data_disks {
                size = 20
              }
              dynamic "data_disks" {
                for_each = var.extra ? [1] : []
                content {
                  size = 40
                }
              }
            }
            """
        )
    )
    disks = props(conversion, "Instance_vm")["DiskMappings"]
    assert [disk["Size"] for disk in disks] == [20, 40]
    assert (
        "the dynamic block data_disks was repeated over the default of var.extra (written "
        "blocks stand beside it)" in notes(conversion)
    )


def test_a_block_ros_requires_keeps_the_blocks_over_the_default() -> None:
    conversion = checked(
        convert(
            """
            variable "hc" {
              default = true
            }
            resource "alicloud_alb_server_group" "g" {
              server_group_name = "g"
              vpc_id            = "vpc-1"
              protocol          = "HTTP"
              dynamic "health_check_config" {
                for_each = var.hc ? [1] : []
                content {
                  health_check_enabled = true
                  health_check_path    = "/h"
                }
              }
            }
            """
        )
    )
    # ROS requires HealthCheckConfig: under Fn::If, hc = false would leave it out.
    check = props(conversion, "AlbServerGroup_g")["HealthCheckConfig"]
    assert check == {"HealthCheckEnabled": True, "HealthCheckPath": "/h"}
    assert (
        "the dynamic block health_check_config was repeated over the default of var.hc (ROS "
        "requires HealthCheckConfig)" in notes(conversion)
    )


def test_a_test_the_files_decide_needs_no_condition() -> None:
    conversion = checked(
        convert(
            HEALTH_CHECK.replace("FOR_EACH", "local.on ? [1] : []")
            + """
            locals {
              on = true
            }
            """
        )
    )
    assert props(conversion, "NlbServerGroup_g")["HealthCheckConfig"]["HealthCheckType"] == "Tcp"
    assert "Conditions" not in conversion.template


@pytest.mark.parametrize(
    ("collection", "parts"),
    [
        ("${var.on ? [1] : []}", ("var.on", "1")),
        ("${var.log != null ? [var.log] : null}", ("var.log != null", "var.log")),
        # A `?` inside the test and a `]` inside the item do not mislead the cut.
        (
            '${(var.a ? var.b : false) ? [var.m["x]"]] : []}',
            ("(var.a ? var.b : false)", 'var.m["x]"]'),
        ),
        ("${var.on ? [1, 2] : []}", None),
        ("${var.on ? [1] : [2]}", None),
        ("${var.list}", None),
        ("prefix-${var.on ? [1] : []}", None),
    ],
)
def test_the_test_and_the_item_are_cut_from_the_collection(
    collection: str, parts: tuple[str, str] | None
) -> None:
    assert _test_and_item(collection) == parts
