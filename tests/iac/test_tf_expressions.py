"""Terraform expressions over values known only at deploy time: `try()` over a conditional
resource, and one placeholder per argument text (not per failing part)."""

from __future__ import annotations

import json

from iaccode.iac.ros_check import check_template
from tests.iac.test_tf_constructs import checked, jq_first, main, props

CREATE = """
    variable "create" {
      type    = bool
      default = true
    }
    """
CONDITIONAL_POLICY = (
    CREATE
    + """
    resource "alicloud_ram_policy" "policy" {
      count           = var.create ? 1 : 0
      policy_name     = "p"
      policy_document = jsonencode({ Version = "1", Statement = [] })
    }
    """
)


def test_try_over_a_conditional_resource_is_fn_if_of_its_condition() -> None:
    conversion = main(
        CONDITIONAL_POLICY
        + """
        resource "alicloud_vpc" "v" {
          vpc_name   = try(alicloud_ram_policy.policy[0].policy_name, "none")
          cidr_block = "10.0.0.0/8"
        }
        output "id" {
          value = try(alicloud_ram_policy.policy[0].id, "")
        }
        """
    )
    assert props(conversion, "Vpc_v")["VpcName"] == {
        "Fn::If": ["RamPolicy_policy_Condition", "p", "none"]
    }
    assert conversion.template["Outputs"] == {
        "id": {
            "Value": {"Fn::If": ["RamPolicy_policy_Condition", {"Ref": "RamPolicy_policy"}, ""]},
            "Label": "id",
        }
    }
    assert conversion.summary.lossy == 0


def test_try_takes_the_first_argument_that_converts() -> None:
    conversion = main(
        """
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = try(alicloud_vpc.v.id, "")
          cidr_block = try(nosuchfunction("x"), "10.0.1.0/24")
          zone_id    = "cn-hangzhou-h"
        }
        """
    )
    assert props(conversion, "Vswitch_s") == {
        "VpcId": {"Ref": "Vpc_v"},
        "CidrBlock": "10.0.1.0/24",
        "ZoneId": "cn-hangzhou-h",
    }
    assert conversion.summary.lossy == 0


def test_a_deploy_time_local_read_by_count_and_a_name_gets_one_parameter_each() -> None:
    conversion = main(
        """
        variable "items" {
          type = list(object({ id = string }))
        }
        locals {
          n = length([for i in var.items : i.id])
        }
        resource "alicloud_eip" "e" {
          count        = local.n
          address_name = local.n > 1 ? "many" : "one"
        }
        """
    )
    entry = conversion.template["Resources"]["Eip_e"]
    assert entry["Count"] == {"Ref": "Eip_e_Count"}
    assert entry["Properties"] == {"Name": {"Ref": "Eip_e_Name"}}
    parameters = conversion.template["Parameters"]
    assert (parameters["Eip_e_Count"]["Type"], parameters["Eip_e_Name"]["Type"]) == (
        "Number",
        "String",
    )


def test_a_value_two_resources_share_gets_one_parameter_and_a_note_for_each() -> None:
    conversion = main(
        """
        data "alicloud_cms_alarm_contact_groups" "groups" {}
        resource "alicloud_cms_alarm" "cpu" {
          name           = "cpu"
          project        = "acs_ecs_dashboard"
          metric         = "CPUUtilization"
          contact_groups = data.alicloud_cms_alarm_contact_groups.groups.names
        }
        resource "alicloud_cms_alarm" "disk" {
          name           = "disk"
          project        = "acs_ecs_dashboard"
          metric         = "DiskUtilization"
          contact_groups = data.alicloud_cms_alarm_contact_groups.groups.names
        }
        """
    )
    resources = conversion.template["Resources"]
    groups = resources["CmsAlarm_cpu"]["Properties"]["ContactGroups"]
    assert resources["CmsAlarm_disk"]["Properties"]["ContactGroups"] == groups
    assert groups == {"Ref": "CmsAlarm_cpu_ContactGroups"}
    assert [p for p in conversion.template["Parameters"] if "ContactGroups" in p] == [
        "CmsAlarm_cpu_ContactGroups"
    ]
    assert conversion.summary.lossy == 2
    said = conversion.warnings
    assert any(w.startswith("alicloud_cms_alarm.cpu: contact_groups = ") for w in said)
    assert any(
        w.startswith("alicloud_cms_alarm.disk: contact_groups = ")
        and w.endswith("it uses parameter CmsAlarm_cpu_ContactGroups, added for the same value.")
        for w in said
    )


def test_a_variable_read_only_by_a_placeholder_is_no_parameter_of_its_own() -> None:
    conversion = checked(
        main(
            """
            variable "read_only_count" {
              type    = number
              default = 0
            }
            variable "name" {
              default = "cache"
            }
            resource "alicloud_redis_tair_instance" "t" {
              instance_class     = "tair.rdb.2g"
              instance_type      = "tair_rdb"
              zone_id            = "cn-hangzhou-h"
              vswitch_id         = "vsw-1"
              vpc_id             = "vpc-1"
              tair_instance_name = "${var.name}-1"
              read_only_count    = var.read_only_count > 0 ? var.read_only_count : null
            }
            """
        )
    )
    parameters = conversion.template["Parameters"]
    # Only the placeholder reads read_only_count: a parameter of it would change nothing.
    assert "read_only_count" not in parameters and "name" in parameters
    (placeholder,) = (name for name in parameters if name.endswith("ReadOnlyCount"))
    properties = props(conversion, "RedisTairInstance_t")
    assert properties["ReadOnlyCount"] == {"Ref": placeholder}
    findings = check_template(conversion.to_yaml()).warnings
    assert not [finding for finding in findings if finding.code == "ROS2014"]


def test_a_test_of_each_copy_is_computed_in_the_property_not_in_a_condition() -> None:
    conversion = checked(
        main(
            """
            variable "records" {
              type    = list(map(string))
              default = [{ name = "www", value = "1.2.3.4" }]
            }
            resource "alicloud_dns_record" "r" {
              count       = length(var.records)
              name        = "example.com"
              type        = "A"
              value       = var.records[count.index]["value"]
              host_record = (lookup(var.records[count.index], "rr", "") != ""
                ? var.records[count.index]["rr"] : var.records[count.index]["name"])
            }
            """
        )
    )
    # ROS evaluates Conditions once, before the copies: ALIYUN::Index has no value there.
    assert "Conditions" not in conversion.template
    assert "Parameters" not in conversion.template or not any(
        "RR" in name for name in conversion.template["Parameters"]
    )
    script, data = props(conversion, "DnsRecord_r")["RR"]["Fn::Jq"][1:]
    one = data["v0"]["Fn::Jq"]
    assert (
        data["v1"]
        == data["v2"]
        == one[2]
        == {"Fn::Select": [{"Ref": "ALIYUN::Index"}, {"Ref": "records"}]}
    )
    for item, wanted in (({"name": "www"}, "www"), ({"name": "www", "rr": "api"}, "api")):
        given = {"v0": jq_first(one[1], item), "v1": item, "v2": item}
        assert jq_first(script, given) == wanted
    assert not check_template(conversion.to_yaml()).warnings


def test_a_map_key_of_digits_is_read_as_the_key_or_the_position_the_value_has() -> None:
    conversion = checked(
        main(
            """
            variable "m" {
              type    = map(string)
              default = { "1" = "one", a = "x" }
            }
            resource "alicloud_alidns_record" "s" {
              count       = 2
              domain_name = "example.com"
              rr          = count.index == 0 ? var.m["1"] : var.m["a"]
              type        = "A"
              value       = "1.1.1.1"
            }
            """
        )
    )
    script, data = props(conversion, "AlidnsRecord_s")["RR"]["Fn::Jq"][1:]
    # What ROS hands jq: the map for each read of var.m, the copy's number for count.index.
    mapping = {"1": "one", "a": "x"}
    given = {name: mapping for name, value in data.items() if value == {"Ref": "m"}}
    assert set(data) - set(given) == {"v0"}
    assert jq_first(script, {**given, "v0": 0}) == "one"  # "1" is the key, not position 1
    assert jq_first(script, {**given, "v0": 1}) == "x"


def test_a_placeholder_nothing_reads_in_the_end_is_not_announced() -> None:
    conversion = main(
        """
        variable "s" {
          default = "abc"
        }
        resource "alicloud_vpc" "a" {
          name       = "fixed"
          vpc_name   = regex("[a-z]+", var.s)
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    assert "Parameters" not in conversion.template
    said = conversion.warnings
    assert not any("added parameter" in note for note in said)
    assert any("vpc_name not converted (another argument already gives" in n for n in said)


def test_a_parameter_only_a_removed_parameters_picker_names_is_removed_too() -> None:
    conversion = checked(
        main(
            """
            variable "zone" {
              default = "cn-hangzhou-i"
            }
            variable "s" {
              default = "a"
            }
            data "alicloud_instance_types" "t" {
              availability_zone = var.zone
              cpu_core_count    = 2
            }
            locals {
              type = data.alicloud_instance_types.t.instance_types[0].id
            }
            resource "alicloud_vpc" "a" {
              vpc_name   = "${local.type}-${regex("a", var.s)}"
              cidr_block = "10.0.0.0/8"
            }
            """
        )
    )
    # The instance type's picker named ${zone}; with the picker gone, zone changes nothing.
    assert list(conversion.template["Parameters"]) == ["Vpc_a_VpcName"]
    assert not check_template(conversion.to_yaml()).warnings


def test_jsonencode_of_a_policy_naming_a_bucket_is_the_object_with_functions_inside() -> None:
    conversion = main(
        """
        resource "alicloud_oss_bucket" "b" {
          bucket = "my-logs"
        }
        resource "alicloud_ram_policy" "p" {
          policy_name     = "read-logs"
          policy_document = jsonencode({
            Version = "1"
            Statement = [{
              Effect   = "Allow"
              Action   = ["oss:GetObject"]
              Resource = ["acs:oss:*:*:${alicloud_oss_bucket.b.id}/*"]
            }]
          })
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          description = jsonencode({ bucket = alicloud_oss_bucket.b.id, n = 2, on = true })
        }
        """
    )
    assert props(conversion, "RamPolicy_p")["PolicyDocument"] == {
        "Version": "1",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": ["oss:GetObject"],
                "Resource": [{"Fn::Sub": "acs:oss:*:*:${OssBucket_b}/*"}],
            }
        ],
    }
    # A String property: the JSON text, computed by ROS.
    assert props(conversion, "Vpc_v")["Description"] == {
        "Fn::Sub": '{"bucket":"${OssBucket_b}","n":2,"on":true}'
    }
    assert type(props(conversion, "Vpc_v")["Description"]) is dict  # renders as YAML
    assert (conversion.summary.native, conversion.summary.lossy) == (3, 0)


def test_join_of_a_splat_of_one_resource_is_its_value_or_nothing() -> None:
    conversion = main(
        CREATE
        + """
        resource "alicloud_nas_access_group" "g" {
          count             = var.create ? 1 : 0
          access_group_name = "tf-group"
          access_group_type = "Vpc"
        }
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        output "name" {
          value = join("", alicloud_nas_access_group.g[*].access_group_name)
        }
        output "group" {
          value = join("", alicloud_nas_access_group.g[*].id)
        }
        output "vpc" {
          value = join(",", alicloud_vpc.v[*].id)
        }
        output "two" {
          value = join("-", [alicloud_vpc.v.id, "x"])
        }
        """
    )
    assert conversion.template["Outputs"] == {
        "name": {
            "Value": {"Fn::If": ["NasAccessGroup_g_Condition", "tf-group", ""]},
            "Label": "name",
        },
        "group": {
            "Value": {"Fn::If": ["NasAccessGroup_g_Condition", {"Ref": "NasAccessGroup_g"}, ""]},
            "Label": "group",
        },
        "vpc": {"Value": {"Ref": "Vpc_v"}, "Label": "vpc"},
        "two": {"Value": {"Fn::Sub": "${Vpc_v}-x"}, "Label": "two"},
    }


def test_a_splat_of_one_resource_given_to_a_text_property_is_its_value() -> None:
    conversion = main(
        """
        variable "db_name" {
          type = string
        }
        resource "alicloud_db_database" "d" {
          instance_id   = "rm-1"
          name          = var.db_name
          character_set = "utf8"
        }
        resource "alicloud_db_account_privilege" "p" {
          instance_id  = "rm-1"
          account_name = "admin"
          db_names     = alicloud_db_database.d[*].name
          privilege    = "ReadOnly"
        }
        """
    )
    assert props(conversion, "DbAccountPrivilege_p")["DBName"] == {"Ref": "db_name"}


def test_length_tests_over_parameters_and_conditional_resources_are_ros_conditions() -> None:
    conversion = main(
        """
        variable "records" {
          type    = list(string)
          default = []
        }
        variable "record_list" {
          type    = list(string)
          default = ["a"]
        }
        variable "zone" {
          type    = string
          default = ""
        }
        variable "create" {
          type    = bool
          default = true
        }
        resource "alicloud_vpc" "v" {
          count      = var.create ? 1 : 0
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id      = length(alicloud_vpc.v) > 0 ? alicloud_vpc.v[0].id : "vpc-existing"
          cidr_block  = "10.0.1.0/24"
          zone_id     = 0 == length(var.zone) ? "cn-hangzhou-h" : var.zone
          description = join(",", length(var.records) >= 1 ? var.records : var.record_list)
        }
        output "vpc" {
          value = length(alicloud_vpc.v) > 0 ? alicloud_vpc.v[0].id : ""
        }
        """
    )
    joined = {"Fn::Join": [",", {"Ref": "records"}]}
    assert conversion.template["Conditions"] == {
        "Vpc_v_Condition": {"Fn::Equals": [True, {"Ref": "create"}]},
        "Vswitch_s_Condition": {"Fn::Equals": ["", {"Ref": "zone"}]},
        "Vswitch_s_Condition_2": {"Fn::Not": {"Fn::Equals": ["", joined]}},
    }
    assert props(conversion, "Vswitch_s") == {
        "VpcId": {"Fn::If": ["Vpc_v_Condition", {"Ref": "Vpc_v"}, "vpc-existing"]},
        "CidrBlock": "10.0.1.0/24",
        "ZoneId": {"Fn::If": ["Vswitch_s_Condition", "cn-hangzhou-h", {"Ref": "zone"}]},
        "Description": {
            "Fn::If": [
                "Vswitch_s_Condition_2",
                joined,
                {"Fn::Join": [",", {"Ref": "record_list"}]},
            ]
        },
    }
    assert conversion.template["Outputs"] == {
        "vpc": {"Value": {"Fn::If": ["Vpc_v_Condition", {"Ref": "Vpc_v"}, ""]}, "Label": "vpc"}
    }
    assert conversion.summary.lossy == 0


def test_flatten_of_rules_naming_a_resource_unrolls_them() -> None:
    conversion = main(
        """
        resource "alicloud_security_group" "sg" {
          vpc_id = "vpc-1"
        }
        locals {
          rules = flatten([
            for _, obj in [{ port = "443/443" }, { port = "80/80" }] : [{
              port  = obj.port
              group = alicloud_security_group.sg.id
            }]
          ])
        }
        resource "alicloud_security_group_rule" "r" {
          count             = length(local.rules)
          type              = "ingress"
          ip_protocol       = "tcp"
          port_range        = local.rules[count.index].port
          security_group_id = local.rules[count.index].group
          cidr_ip           = "10.0.0.0/8"
        }
        """
    )
    rule = conversion.template["Resources"]["SecurityGroupRule_r"]
    assert rule["Count"] == 2
    group = {"Ref": "SecurityGroup_sg"}
    rules = [{"port": "443/443", "group": group}, {"port": "80/80", "group": group}]
    this_one = {"Fn::Select": [{"Ref": "ALIYUN::Index"}, rules]}
    assert rule["Properties"]["SecurityGroupId"] == {"Fn::Select": ["group", this_one]}
    assert rule["Properties"]["PortRange"] == {"Fn::Select": ["port", this_one]}
    assert conversion.summary.lossy == 0


def test_a_comparison_operator_is_the_ros_value_that_spells_it_out() -> None:
    conversion = main(
        """
        resource "alicloud_cms_alarm" "a" {
          name    = "cpu"
          project = "acs_kvstore"
          metric  = "CpuUsage"
          dimensions = {
            instanceId = "r-1"
          }
          escalations_critical {
            statistics          = "Average"
            comparison_operator = "<="
            threshold           = 35
            times               = 2
          }
          contact_groups = ["ops"]
        }
        """
    )
    assert props(conversion, "CmsAlarm_a")["Escalations"] == {
        "Critical": {
            "Statistics": "Average",
            "ComparisonOperator": "LessThanOrEqualToThreshold",
            "Threshold": 35,
            "Times": 2,
        }
    }


def test_the_old_alarm_spellings_and_an_operator_given_at_deploy_time() -> None:
    # `operator` and `triggered_count` are the provider's old names of the critical level's
    # comparison_operator and times; a variable's `<=` is looked up when the stack is created.
    conversion = main(
        """
        variable "operator" {
          default = ">="
        }
        resource "alicloud_cms_alarm" "old" {
          name            = "cpu"
          project         = "acs_ecs_dashboard"
          metric          = "CPUUtilization"
          dimensions      = { instanceId = "i-1" }
          statistics      = "Average"
          operator        = "<="
          threshold       = 90
          triggered_count = 3
          contact_groups  = ["ops"]
        }
        resource "alicloud_cms_alarm" "given" {
          name           = "cpu"
          project        = "acs_ecs_dashboard"
          metric         = "CPUUtilization"
          dimensions     = { instanceId = "i-1" }
          contact_groups = ["ops"]
          escalations_critical {
            statistics          = "Average"
            comparison_operator = var.operator
            threshold           = 90
            times               = 2
          }
        }
        """
    )
    assert props(conversion, "CmsAlarm_old")["Escalations"] == {
        "Critical": {
            "Statistics": "Average",
            "ComparisonOperator": "LessThanOrEqualToThreshold",
            "Threshold": 90,
            "Times": 3,
        }
    }
    operator = props(conversion, "CmsAlarm_given")["Escalations"]["Critical"]["ComparisonOperator"]
    key, names, default = operator["Fn::Select"]
    assert key == default == {"Ref": "operator"}
    assert names[">="] == "GreaterThanOrEqualToThreshold" and names["!="] == "NotEqualToThreshold"
    assert "==" not in names  # ROS allows no EqualToThreshold: the value reaches the API as is
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_a_switch_the_resource_count_holds_is_known_inside_the_resource() -> None:
    # `count = var.on ? 1 : 0`: the alarm exists only when var.on is true, so its
    # `enabled = var.on` is true, which is what a ROS alarm rule is (ROS has no switch);
    # `enabled = false` is a loss, and reported.
    conversion = main(
        """
        variable "on" {
          type    = bool
          default = true
        }
        resource "alicloud_cms_alarm" "switched" {
          count          = var.on ? 1 : 0
          enabled        = var.on
          name           = var.on ? "on" : "off"
          project        = "acs_ecs_dashboard"
          metric         = "CPUUtilization"
          dimensions     = { instanceId = "i-1" }
          contact_groups = ["ops"]
        }
        resource "alicloud_cms_alarm" "off" {
          enabled        = false
          name           = "cpu"
          project        = "acs_ecs_dashboard"
          metric         = "CPUUtilization"
          dimensions     = { instanceId = "i-1" }
          contact_groups = ["ops"]
        }
        resource "alicloud_vpc" "other" {
          vpc_name = var.on ? "on" : "off"
        }
        """
    )
    resources = conversion.template["Resources"]
    assert resources["CmsAlarm_switched"]["Condition"] == "CmsAlarm_switched_Condition"
    assert props(conversion, "CmsAlarm_switched")["RuleName"] == "on"
    assert "Fn::If" in props(conversion, "Vpc_other")["VpcName"]  # no count holds it there
    assert conversion.summary.lossy == 1
    (note,) = conversion.warnings
    assert note.startswith("alicloud_cms_alarm.off: enabled not converted")


def test_count_index_of_a_resource_created_once_or_not_at_all_is_zero() -> None:
    # `count = cond ? 1 : 0` is no ROS Count (a Condition, or nothing when cond is true), so
    # there is no ALIYUN::Index: the one copy Terraform makes has the index 0.
    conversion = main(
        """
        variable "on" {
          type    = bool
          default = true
        }
        locals {
          names = ["first", "second"]
        }
        resource "alicloud_ram_user" "u" {
          count = true ? 1 : 0
          name  = local.names[count.index]
        }
        resource "alicloud_ram_login_profile" "p" {
          count     = var.on ? 1 : 0
          user_name = alicloud_ram_user.u[count.index].name
          password  = "Secret_123"
        }
        """
    )
    assert props(conversion, "RamUser_u")["UserName"] == "first"
    assert props(conversion, "RamLoginProfile_p")["UserPrincipalName"] == "first"
    assert conversion.template["Resources"]["RamLoginProfile_p"]["Condition"]
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_a_zero_padded_copy_number_is_padded_at_deploy_time() -> None:
    conversion = main(
        """
        variable "name" {
          default = "web"
        }
        resource "alicloud_vpc" "v" {
          count       = 3
          vpc_name    = format("%s%03d", var.name, count.index + 1)
          description = format("%4d|", count.index)
        }
        """
    )
    name = props(conversion, "Vpc_v")["VpcName"]
    assert name["Fn::Join"][1][0] == {"Ref": "name"}
    method, script, data = name["Fn::Join"][1][1]["Fn::Jq"]
    assert method == "First"
    assert data == {"v": {"Fn::Calculate": ["{0}+{1}", 0, [{"Ref": "ALIYUN::Index"}, 1]]}}
    # Go's padding: zeros after the sign, wider numbers kept whole
    for number, padded in ((1, "001"), (12, "012"), (1000, "1000"), (-5, "-05"), ("7", "007")):
        assert jq_first(script, {"v": number}) == padded
    spaced = props(conversion, "Vpc_v")["Description"]["Fn::Join"][1][0]["Fn::Jq"][1]
    assert jq_first(spaced, {"v": 0}) == "   0" and jq_first(spaced, {"v": -12}) == " -12"
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_substr_of_a_name_with_a_random_suffix_is_cut_at_deploy_time() -> None:
    conversion = main(
        """
        resource "random_string" "suffix" {
          length  = 40
          special = false
        }
        resource "alicloud_ram_user" "u" {
          name = substr("ram-user-${random_string.suffix.result}", 0, 32)
        }
        resource "alicloud_ram_group" "g" {
          name = substr("group-${random_string.suffix.result}", -8, -1)
        }
        resource "alicloud_vpc" "v" {
          vpc_name = substr("${random_string.suffix.result}", 0, -1)
        }
        """
    )
    method, script, data = props(conversion, "RamUser_u")["UserName"]["Fn::Jq"]
    assert method == "First" and set(data) == {"s"}
    assert "RandomString_suffix" in json.dumps(data)
    text = "ram-user-" + "x" * 40
    assert jq_first(script, {"s": text}) == text[:32]
    script = props(conversion, "RamGroup_g")["GroupName"]["Fn::Jq"][1]
    assert jq_first(script, {"s": "group-abcdefghij"}) == "cdefghij"  # the last 8, as Terraform
    # the whole text: no cut at all
    assert props(conversion, "Vpc_v")["VpcName"] == {"Fn::GetAtt": ["RandomString_suffix", "value"]}
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_an_argument_no_ros_attribute_carries_reads_back_as_it_was_given() -> None:
    # Terraform's attribute of an argument is the argument's value: an output of an alarm's
    # contact groups is the list it was given; a secret is not read back into an output.
    conversion = main(
        """
        variable "groups" {
          type    = list(string)
          default = ["ops"]
        }
        resource "alicloud_cms_alarm" "a" {
          name           = "cpu"
          project        = "acs_ecs_dashboard"
          metric         = "CPUUtilization"
          dimensions     = { instanceId = "i-1" }
          contact_groups = var.groups
          webhook        = "https://example.com/hook"
        }
        resource "alicloud_kvstore_instance" "r" {
          db_instance_name       = "cache"
          instance_class         = "redis.master.small.default"
          kms_encrypted_password = "encrypted"
        }
        output "groups" {
          value = alicloud_cms_alarm.a.contact_groups
        }
        output "hook" {
          value = alicloud_cms_alarm.a.webhook
        }
        output "status" {
          value = alicloud_cms_alarm.a.status
        }
        output "password" {
          value = alicloud_kvstore_instance.r.kms_encrypted_password
        }
        """
    )
    outputs = conversion.template["Outputs"]
    assert outputs["groups"]["Value"] == {"Ref": "groups"}
    assert outputs["hook"]["Value"] == "https://example.com/hook"
    assert "status" not in outputs  # computed by the API: ROS has no such attribute
    assert "password" not in outputs
    text = "\n".join(conversion.warnings)
    assert "output.status" in text and "output.password" in text


def test_the_image_of_each_copy_from_an_image_and_a_list_of_images() -> None:
    # The ECS module's idiom: one image or a list of them, empty ones dropped, each copy
    # taking the next (wrapping around).
    conversion = main(
        """
        variable "image_id" {
          default = ""
        }
        variable "image_ids" {
          type    = list(string)
          default = []
        }
        resource "alicloud_instance" "vm" {
          count         = 3
          instance_type = "ecs.g7.large"
          image_id      = element(distinct(compact(concat([var.image_id], var.image_ids))), 1)
        }
        """
    )
    index, images = props(conversion, "Instance_vm")["ImageId"]["Fn::Select"]
    distinct = images["Fn::Jq"]
    compact = distinct[2]["l"]["Fn::Jq"]
    assert compact[2] == {"l": {"Fn::ListMerge": [[{"Ref": "image_id"}], {"Ref": "image_ids"}]}}
    merged = ["", "m-1", "m-2", "m-1", ""]
    kept = jq_first(compact[1], {"l": merged})
    assert kept == ["m-1", "m-2", "m-1"]
    assert jq_first(distinct[1], {"l": kept}) == ["m-1", "m-2"]
    assert index == {"Fn::Calculate": ["{0}%{1}", 0, [1, {"Fn::Length": images}]]}
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_a_local_holding_a_condition_is_read_as_that_condition() -> None:
    # The RDS module's `create_account = local.create_more_resources && var.create_account`,
    # read by a count: a ROS condition, not a placeholder count.
    conversion = main(
        """
        variable "create" {
          type    = bool
          default = true
        }
        variable "name" {
          default = "app"
        }
        locals {
          more   = var.name != ""
          create = local.more && var.create
        }
        resource "alicloud_db_account" "a" {
          count            = local.create ? 1 : 0
          db_instance_id   = "rm-1"
          account_name     = var.name
          account_password = "Secret_123"
        }
        """
    )
    account = conversion.template["Resources"]["DbAccount_a"]
    assert conversion.template["Conditions"][account["Condition"]] == {
        "Fn::And": [
            {"Fn::Not": {"Fn::Equals": [{"Ref": "name"}, ""]}},
            {"Fn::Equals": [True, {"Ref": "create"}]},
        ]
    }
    assert "Count" not in account
    assert conversion.summary.lossy == 0 and not conversion.notes


def test_the_old_first_item_idioms_over_a_splat_of_one_resource() -> None:
    forms = """
        output "a" {
          value = alicloud_vpc.v.*.id[0]
        }
        output "c" {
          value = concat(alicloud_vpc.v.*.id, [""])[0]
        }
        output "d" {
          value = element(alicloud_vpc.v.*.id, 0)
        }
        output "e" {
          value = length(alicloud_vpc.v[*].id)
        }
        """
    plain = main('resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n' + forms)
    vpc = {"Ref": "Vpc_v"}
    assert {name: o["Value"] for name, o in plain.template["Outputs"].items()} == {
        "a": vpc,
        "c": vpc,
        "d": vpc,
        "e": 1,
    }
    conditional = main(
        CREATE
        + """
        resource "alicloud_vpc" "v" {
          count      = var.create ? 1 : 0
          cidr_block = "10.0.0.0/8"
        }
        """
        + forms
    )
    listed = {"Fn::If": ["Vpc_v_Condition", [vpc], []]}
    outputs = conditional.template["Outputs"]
    assert outputs["a"]["Value"] == {"Fn::Select": ["0", listed]}
    assert outputs["c"]["Value"] == {"Fn::Select": ["0", {"Fn::ListMerge": [listed, [""]]}]}


def test_coalesce_over_a_parameter_is_fn_if_of_a_condition_on_it() -> None:
    conversion = main(
        """
        variable "name" {
          type    = string
          default = ""
        }
        variable "vpc_id" {
          type    = string
          default = ""
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          vpc_name    = coalesce(var.name, "tf-vpc")
          description = coalesce("", "fixed", var.name)
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = coalesce(var.vpc_id, alicloud_vpc.v.id)
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        """
    )
    assert conversion.template["Conditions"] == {
        "Vpc_v_Condition": {"Fn::Not": {"Fn::Equals": ["", {"Ref": "name"}]}},
        "Vswitch_s_Condition": {"Fn::Not": {"Fn::Equals": ["", {"Ref": "vpc_id"}]}},
    }
    assert props(conversion, "Vpc_v") == {
        "CidrBlock": "10.0.0.0/8",
        "VpcName": {"Fn::If": ["Vpc_v_Condition", {"Ref": "name"}, "tf-vpc"]},
        "Description": "fixed",
    }
    assert props(conversion, "Vswitch_s")["VpcId"] == {
        "Fn::If": ["Vswitch_s_Condition", {"Ref": "vpc_id"}, {"Ref": "Vpc_v"}]
    }
    assert conversion.summary.lossy == 0


def test_lookup_with_a_computed_default_is_jq_over_the_map_and_the_default() -> None:
    # terraform-alicloud-dnat: each entry's own value, else the module's (or a numbered name).
    conversion = main(
        """
        variable "entries" {
          type    = list(map(string))
          default = [{ name = "a", external_port = "80" }, { external_port = "443" }]
        }
        variable "external_ip" { default = "1.2.3.4" }
        resource "alicloud_forward_entry" "this" {
          count            = length(var.entries)
          forward_table_id = "ftb-1"
          external_ip      = lookup(var.entries[count.index], "external_ip", var.external_ip)
          external_port    = lookup(var.entries[count.index], "external_port", "any")
          ip_protocol      = "tcp"
          internal_ip      = "10.0.0.2"
          internal_port    = "80"
        }
        """
    )
    properties = props(conversion, "ForwardEntry_this")
    entry = {"Fn::Select": [{"Ref": "ALIYUN::Index"}, {"Ref": "entries"}]}
    script = 'if (.m | has("external_ip")) then .m["external_ip"] else .d end'
    assert properties["ExternalIp"] == {
        "Fn::Jq": ["First", script, {"m": entry, "d": {"Ref": "external_ip"}}]
    }
    # What ROS's jq computes from it: the entry's value where it has one, else the default.
    assert jq_first(script, {"m": {"external_ip": "5.6.7.8"}, "d": "1.2.3.4"}) == "5.6.7.8"
    assert jq_first(script, {"m": {"name": "a"}, "d": "1.2.3.4"}) == "1.2.3.4"
    assert "ExternalIp" not in "\n".join(conversion.warnings)
    assert not check_template(conversion.to_yaml()).errors


def test_numeric_text_is_a_number_in_arithmetic_and_comparisons() -> None:
    # The classic-load-balance example passes its storage as text: `"10" > 0` is true.
    conversion = main(
        """
        variable "storage" {
          default = "10"
        }
        locals {
          storage = "10"
        }
        resource "alicloud_db_instance" "db" {
          engine           = "MySQL"
          engine_version   = "8.0"
          instance_type    = "rds.mysql.s1.small"
          instance_storage = local.storage > 0 ? local.storage : data.x.c.classes[0].min
          instance_name    = "db-${local.storage * 2}"
          vswitch_id       = "vsw-1"
        }
        """
    )
    db = props(conversion, "DbInstance_db")
    assert db["DBInstanceStorage"] in (10, "10")  # the branch taken, not the data source
    assert db["DBInstanceDescription"] == "db-20"
    assert "cannot see" not in "\n".join(conversion.warnings)


def test_text_terraform_does_not_read_as_a_number_is_not_computed_as_one() -> None:
    conversion = main(
        """
        locals {
          spaced = " 10"
          grouped = "1_000"
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/16"
          vpc_name    = "v-${local.spaced + 1}"
          description = "d-${local.grouped + 1}"
        }
        """
    )
    vpc = props(conversion, "Vpc_v")
    assert vpc["VpcName"] != "v-11" and vpc["Description"] != "d-1001"
