"""Per-resource mapping beyond the vendor's rules as written: rules that collide, stray
characters in the rule data, arguments placed by the ROS schema, Terraform-only arguments,
rules that name the wrong ROS type, attributes that are the resource's own arguments.
Hand-written Terraform with the expected ROS; every converted template must pass the checker."""

from __future__ import annotations

from iaccode.iac.tf_rule_data import load_rules, parse_rule
from tests.iac.test_tf_schema_fit import convert, props


def test_arguments_the_rules_send_into_one_block_are_merged_and_conflicts_reported() -> None:
    # The vendor maps `schedule` (a block) to Detail.Schedule and `schedule_type` to
    # Detail.Schedule.Type: in either order they fill one struct; two values for one
    # field cannot both be kept.
    conversion = convert(
        """
        resource "alicloud_log_alert" "first" {
          project_name  = "p"
          alert_name    = "a"
          schedule_type = "FixedRate"
          schedule {
            interval = "5m"
          }
        }
        resource "alicloud_log_alert" "second" {
          project_name      = "p"
          alert_name        = "b"
          schedule {
            type = "FixedRate"
          }
          schedule_interval = "1m"
        }
        resource "alicloud_log_alert" "clash" {
          project_name      = "p"
          alert_name        = "c"
          schedule {
            type     = "Cron"
            interval = "5m"
          }
          schedule_type = "FixedRate"
        }
        """
    )
    assert props(conversion, "LogAlert_first")["Detail"]["Schedule"] == {
        "Type": "FixedRate",
        "Interval": "5m",
    }
    assert props(conversion, "LogAlert_second")["Detail"]["Schedule"] == {
        "Type": "FixedRate",
        "Interval": "1m",
    }
    assert props(conversion, "LogAlert_clash")["Detail"]["Schedule"] == {
        "Type": "Cron",
        "Interval": "5m",
    }
    text = "\n".join(conversion.warnings)
    assert (
        "alicloud_log_alert.clash: schedule_type not converted (another argument already gives "
        "Detail.Schedule.Type a value)" in text
    )
    assert "alicloud_log_alert.first: schedule" not in text


def test_a_stray_backtick_in_a_vendor_rules_argument_name_is_dropped() -> None:
    _, rule = parse_rule(
        {
            "Type": "Resource",
            "ResourceType": {"From": "alicloud_thing", "To": "ALIYUN::THING::Thing"},
            "Properties": {"private_ips`": {"Ignore": True}, "name` ": {"To": "Name"}},
        },
        "thing.yml",
    )
    assert rule["ignore"] == ["private_ips"]
    assert rule["properties"] == {"name": {"to": "Name"}}
    every = [
        name
        for rule in load_rules().by_terraform.values()
        for name in (*rule.properties, *rule.ignored)
    ]
    assert every and all(name.replace("_", "").isalnum() for name in every)
