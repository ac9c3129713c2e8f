"""Where the vendor's rules leave a gap the ROS schema closes: tag maps for Key/Value lists,
Terraform values ROS does not take, required properties reached by another argument.
Hand-written projects with the ROS they must give; every template must pass the checker."""

from __future__ import annotations

import textwrap
from typing import Any

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import Conversion, convert_terraform


def convert(text: str) -> Conversion:
    conversion = convert_terraform({"main.tf": textwrap.dedent(text)})
    report = check_template(conversion.to_yaml())
    assert report.ok, report.to_text()
    return conversion


def props(conversion: Conversion, name: str) -> dict[str, Any]:
    return dict(conversion.template["Resources"][name]["Properties"])


def notes(conversion: Conversion) -> str:
    return "\n".join(note.render() for note in conversion.notes)


def test_a_tag_map_becomes_key_value_pairs_where_the_rule_has_no_tags_handler() -> None:
    # The provider's alicloud_disk example: its rule sends `tags` to the list `Tags` as it is.
    conversion = convert(
        """
        resource "alicloud_disk" "ecs_disk" {
          availability_zone = "cn-beijing-b"
          category          = "cloud_efficiency"
          size              = "30"
          tags = {
            Name = "TerraformTest"
            Env  = "dev"
          }
        }
        resource "alicloud_kms_key" "key" {
          description = "Hello KMS"
          tags        = { Owner = "ops" }
        }
        """
    )
    assert props(conversion, "Disk_ecs_disk")["Tags"] == [
        {"Key": "Name", "Value": "TerraformTest"},
        {"Key": "Env", "Value": "dev"},
    ]
    assert props(conversion, "KmsKey_key")["Tags"] == [{"Key": "Owner", "Value": "ops"}]
    assert conversion.summary.native == 2 and not conversion.notes
