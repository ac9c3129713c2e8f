"""Terraform idioms found on public modules the converter was not tuned on: what each converts
to (tests written by hand, after the idioms of the terraform-alicloud modules)."""

from __future__ import annotations

from tests.iac.test_tf_constructs import jq_first, main, props, warnings


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


def test_a_test_of_another_resource_value_is_computed_at_deploy_time() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {
          vpc_name   = "net"
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_log_project" "p" {
          project_name = alicloud_vpc.v.route_table_id == "" ? "no-table" : "table"
        }
        resource "alicloud_log_project" "q" {
          count        = alicloud_vpc.v.route_table_id == "" ? 0 : 1
          project_name = "counted"
        }
        """
    )
    # Only an id or ARN is known never to be ""; ROS Conditions cannot read another value
    # (they are evaluated before the VPC exists), a Fn::Jq in the property can.
    _, script, mapping = props(conversion, "LogProject_p")["Name"]["Fn::Jq"]
    assert mapping == {"v0": {"Fn::GetAtt": ["Vpc_v", "RouteTableId"]}}
    assert jq_first(script, {"v0": "vtb-1"}) == "table"
    assert jq_first(script, {"v0": ""}) == "no-table"
    # A count must be known before any resource: that one stays a placeholder.
    assert "count = " in warnings(conversion)
    assert "condition on a resource's value" in warnings(conversion)


def test_a_choice_on_an_order_comparison_is_computed_at_deploy_time() -> None:
    conversion = main(
        """
        variable "number_of_instances" {
          default = 1
        }
        variable "name" {
          default = "web"
        }
        variable "tags" {
          type    = map(string)
          default = {}
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          vpc_name    = var.number_of_instances < 2 ? var.name : format("%s-%s", var.name, "x")
          description = length(var.tags) > 0 && !(var.name == "") ? "tagged" : "plain"
        }
        """
    )
    vpc = props(conversion, "Vpc_v")
    method, script, mapping = vpc["VpcName"]["Fn::Jq"]
    assert method == "First"
    assert mapping == {
        "v0": {"Ref": "number_of_instances"},
        "v1": {"Ref": "name"},
        "v2": {"Fn::Sub": "${name}-x"},
    }
    # What the stack computes, with the parameters' values in place (a number given as text,
    # as a ROS parameter may be, compares as a number: Terraform converts it too).
    assert jq_first(script, {"v0": 1, "v1": "web", "v2": "web-x"}) == "web"
    assert jq_first(script, {"v0": "12", "v1": "web", "v2": "web-x"}) == "web-x"
    # The emptiness of a map is a ROS condition: a comparison with the empty map.
    assert vpc["Description"] == {"Fn::If": ["Vpc_v_Condition", "tagged", "plain"]}
    assert conversion.template["Conditions"]["Vpc_v_Condition"] == {
        "Fn::And": [
            {"Fn::Not": {"Fn::Equals": [{}, {"Ref": "tags"}]}},
            {"Fn::Not": {"Fn::Equals": [{"Ref": "name"}, ""]}},
        ]
    }
    assert conversion.summary.lossy == 0


def test_an_item_guarded_by_the_list_length_is_selected_at_deploy_time() -> None:
    conversion = main(
        """
        variable "n" {
          default = 2
        }
        variable "cidrs" {
          default = ["10.0.0.0/24"]
        }
        resource "alicloud_vpc" "v" {
          count       = var.n > 0 ? var.n : 0
          cidr_block  = count.index >= length(var.cidrs) ? "10.9.0.0/16" : var.cidrs[count.index]
          description = var.n > 1 ? "many" : null
        }
        """
    )
    # jq selects the item itself: past the list's end it reads nothing (ROS's Fn::Select would
    # fail the stack though Terraform takes the other branch there).
    _, script, mapping = props(conversion, "Vpc_v")["CidrBlock"]["Fn::Jq"]
    assert mapping == {
        "v0": {"Ref": "ALIYUN::Index"},
        "v1": {"Fn::Length": {"Ref": "cidrs"}},
        "v2": {"Ref": "cidrs"},
        "v3": {"Ref": "ALIYUN::Index"},
    }
    copies = [{**mapping, "v0": i, "v1": 1, "v2": ["10.0.0.0/24"], "v3": i} for i in (0, 1)]
    assert [jq_first(script, copy) for copy in copies] == ["10.0.0.0/24", "10.9.0.0/16"]
    text = warnings(conversion)
    # ROS must know a count before any resource; a null branch means "not set".
    assert "count = " in text
    assert "description = " in text
    assert "cidr_block = " not in text


def test_a_count_ros_cannot_compute_that_the_defaults_make_0_creates_nothing() -> None:
    # The security group module counts its rules over a for expression of two list variables;
    # with their defaults (empty) Terraform creates no rule.
    conversion = main(
        """
        variable "ingress_rules" {
          type    = list(string)
          default = []
        }
        variable "cidrs" {
          type    = list(string)
          default = ["0.0.0.0/0"]
        }
        variable "ports" {
          type    = list(string)
          default = ["80/80", "443/443"]
        }
        locals {
          rules = flatten([for r in var.ingress_rules : [for c in var.cidrs : { cidr = c }]])
          open  = flatten([for p in var.ports : [for c in var.cidrs : { port = p }]])
        }
        resource "alicloud_security_group" "this" {
          security_group_name = "web"
        }
        resource "alicloud_security_group_rule" "rules" {
          count             = length(local.rules)
          security_group_id = alicloud_security_group.this.id
          type              = "ingress"
          ip_protocol       = "tcp"
          cidr_ip           = local.rules[count.index].cidr
        }
        resource "alicloud_security_group_rule" "open" {
          count             = length(local.open)
          security_group_id = alicloud_security_group.this.id
          type              = "ingress"
          ip_protocol       = "tcp"
          port_range        = local.open[count.index].port
        }
        """
    )
    resources = conversion.template["Resources"]
    assert "SecurityGroupRule_rules" not in resources
    text = warnings(conversion)
    assert (
        "alicloud_security_group_rule.rules: count was computed from the default of "
        "var.ingress_rules, so a different value at deploy time is not followed."
    ) in text
    assert "alicloud_security_group_rule.rules: its count is 0, so it was left out." in text
    assert conversion.summary.not_created == 1
    # Two with the defaults: a number the stack asks for, not one fixed from the defaults.
    count = resources["SecurityGroupRule_open"]["Count"]
    assert conversion.template["Parameters"][count["Ref"]]["Type"] == "Number"
    assert "alicloud_security_group_rule.open: count was computed" not in text


def test_a_switched_count_is_judged_by_its_number_not_by_the_switchs_default() -> None:
    conversion = main(
        """
        variable "on" {
          type    = bool
          default = false
        }
        variable "cidrs" {
          type    = list(string)
          default = ["10.0.0.0/8"]
        }
        resource "alicloud_security_group" "this" {
          security_group_name = "web"
        }
        resource "alicloud_security_group_rule" "r" {
          count             = var.on ? length([for c in var.cidrs : c if c != ""]) : 0
          security_group_id = alicloud_security_group.this.id
          type              = "ingress"
          ip_protocol       = "tcp"
          cidr_ip           = var.cidrs[count.index]
        }
        """
    )
    # `on` is false by default, but the stack may switch it on: not fixed from its default.
    assert "SecurityGroupRule_r" in conversion.template["Resources"]
    assert "count was computed" not in warnings(conversion)
