"""Terraform idioms found on public modules the converter was not tuned on: what each converts
to (tests written by hand, after the idioms of the terraform-alicloud modules)."""

from __future__ import annotations

from tests.iac.test_tf_constructs import main, props, warnings


def test_a_test_of_a_resource_id_against_empty_text_is_whether_it_is_created() -> None:
    conversion = main(
        """
        variable "create_bucket" {
          type    = bool
          default = true
        }
        variable "role_arn" {
          default = ""
        }
        resource "alicloud_ram_role" "default" {
          role_name                   = "fc-role"
          assume_role_policy_document = jsonencode({ Version = "1", Statement = [] })
        }
        resource "alicloud_oss_bucket" "this" {
          count  = var.create_bucket ? 1 : 0
          bucket = "logs-bucket"
        }
        locals {
          first  = concat(alicloud_oss_bucket.this[*].id, [""])[0]
          bucket = var.create_bucket ? local.first : var.role_arn
        }
        resource "alicloud_fc_service" "this" {
          name = "svc"
          role = (
            alicloud_ram_role.default.arn == "" ? var.role_arn : alicloud_ram_role.default.arn
          )
          description = join(",", alicloud_oss_bucket.this.*.id) != "" ? "with bucket" : "without"
        }
        resource "alicloud_log_project" "p" {
          project_name = local.bucket != "" ? "has-bucket" : "no-bucket"
        }
        resource "alicloud_log_project" "q" {
          project_name = "${var.role_arn}-x" == "" ? "never" : "always"
        }
        """
    )
    service = props(conversion, "FcService_this")
    # A role the stack creates has an ARN, so Terraform always takes the second branch.
    assert service["Role"] == {"Fn::GetAtt": ["RamRole_default", "Arn"]}
    # The bucket's ids joined are "" exactly when the bucket is not created.
    assert service["Description"] == {
        "Fn::If": ["OssBucket_this_Condition", "with bucket", "without"]
    }
    # Through a local and a choice: "" when the bucket is chosen and not created, or when the
    # parameter is chosen and left empty.
    name = props(conversion, "LogProject_p")["Name"]
    condition = conversion.template["Conditions"][name["Fn::If"][0]]
    assert name["Fn::If"][1:] == ["has-bucket", "no-bucket"]
    assert condition == {
        "Fn::Not": {
            "Fn::Or": [
                {
                    "Fn::And": [
                        {"Fn::Equals": [True, {"Ref": "create_bucket"}]},
                        {"Fn::Not": {"Condition": "OssBucket_this_Condition"}},
                    ]
                },
                {
                    "Fn::And": [
                        {"Fn::Not": {"Fn::Equals": [True, {"Ref": "create_bucket"}]}},
                        {"Fn::Equals": [{"Ref": "role_arn"}, ""]},
                    ]
                },
            ]
        }
    }
    # A template with literal text is never "".
    assert props(conversion, "LogProject_q")["Name"] == "always"
    assert conversion.summary.lossy == 0
    assert "condition on a resource" not in warnings(conversion)


def test_a_test_of_a_resource_value_that_may_be_empty_stays_a_placeholder() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {
          vpc_name   = "net"
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_log_project" "p" {
          project_name = alicloud_vpc.v.route_table_id == "" ? "no-table" : "table"
        }
        """
    )
    # Only an id or ARN is known never to be ""; ROS cannot compare another value before the
    # VPC exists.
    assert "condition on a resource's value" in warnings(conversion)
    assert conversion.summary.lossy == 1
