"""A dynamic block over a list or map the stack takes as a parameter (`tf_items`): one
`Fn::Jq` that makes each item's ROS struct when the stack is created, instead of the blocks
over the variable's default. Hand-written projects; what jq makes of the script is checked
with jq itself, and every template must pass the checker."""

from __future__ import annotations

from typing import Any

from iaccode.iac.tf_coerce import drop_unused_conditions
from tests.iac.test_tf_constructs import checked, jq_first, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes

DISKS = """
variable "data_disks" {
  type    = list(map(string))
  default = []
}
variable "disk_category" {
  default = "cloud_essd"
}
resource "alicloud_vpc" "main" {
  cidr_block = "10.0.0.0/8"
}
resource "alicloud_instance" "app" {
  instance_type = "ecs.g6.large"
  image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
  dynamic "data_disks" {
    for_each = var.data_disks
    content {
      size        = data_disks.value.size
      category    = lookup(data_disks.value, "category", var.disk_category)
      description = try(data_disks.value.description, "vpc ${alicloud_vpc.main.id}")
      snapshot_id = lookup(data_disks.value, "snapshot_id", null)
    }
  }
}
"""


def jq_of(value: Any, items: object) -> object:
    """What an `Fn::Jq` value computes when the parameter it reads holds `items` (its fixed
    inputs replaced by the texts ROS would give them)."""
    method, script, data = value["Fn::Jq"]
    assert method == "First"
    fixed = [f"<{index}>" for index, _ in enumerate(data["f"])]
    return jq_first(script, {"l": items, "f": fixed})


def test_a_dynamic_block_over_a_list_variable_follows_the_parameter() -> None:
    conversion = checked(convert(DISKS))
    mappings = props(conversion, "Instance_app")["DiskMappings"]
    _, _, data = mappings["Fn::Jq"]
    assert data["l"] == {"Ref": "data_disks"}
    # The defaults that are not the item's: a parameter and a text with a resource's id.
    assert data["f"] == [
        {"Ref": "disk_category"},
        {"Fn::Sub": "vpc ${Vpc_main}"},
    ]
    given = [
        {"size": "40", "category": "cloud_ssd", "snapshot_id": "s-1"},
        {"size": "80", "description": "logs"},
    ]
    assert jq_of(mappings, given) == [
        {"Size": "40", "Category": "cloud_ssd", "Description": "<1>", "SnapshotId": "s-1"},
        {"Size": "80", "Category": "<0>", "Description": "logs"},
    ]
    assert jq_of(mappings, []) == []
    assert "repeated over the default" not in notes(conversion)
    assert conversion.summary.native == 2 and conversion.summary.lossy == 0


def test_texts_become_the_numbers_ros_takes_and_a_map_is_walked_in_key_order() -> None:
    conversion = checked(
        convert(
            """
            variable "servers" {
              type = map(object({ id = string, port = string }))
            }
            resource "alicloud_alb_server_group" "web" {
              server_group_name = "web"
              protocol          = "HTTP"
              vpc_id            = "vpc-1"
              health_check_config {
                health_check_enabled = false
              }
              dynamic "servers" {
                for_each = var.servers
                content {
                  server_id   = servers.value.id
                  port        = servers.value.port
                  server_type = "Ecs"
                }
              }
            }
            """
        )
    )
    servers = props(conversion, "AlbServerGroup_web_Servers")["Servers"]
    given = {"b": {"id": "i-2", "port": "8080"}, "a": {"id": "i-1", "port": 80}}
    assert jq_of(servers, given) == [
        {"ServerId": "i-1", "Port": 80, "ServerType": "Ecs"},
        {"ServerId": "i-2", "Port": 8080, "ServerType": "Ecs"},
    ]


def test_a_choice_of_the_list_and_nothing_is_the_list_or_no_blocks() -> None:
    conversion = checked(
        convert(
            """
            variable "disks" {
              type    = list(object({ size = number }))
              default = []
            }
            resource "alicloud_instance" "app" {
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
              dynamic "data_disks" {
                for_each = length(var.disks) > 0 ? var.disks : []
                content {
                  size = data_disks.value.size
                }
              }
            }
            """
        )
    )
    mappings = props(conversion, "Instance_app")["DiskMappings"]
    condition = mappings["Fn::Jq"][2]["l"]["Fn::If"]
    assert condition[1:] == [{"Ref": "disks"}, []]
    assert jq_of(mappings, [{"size": 40}]) == [{"Size": 40}]


def test_a_content_that_reads_the_key_is_repeated_over_the_default() -> None:
    conversion = checked(
        convert(
            """
            variable "disks" {
              type    = map(string)
              default = { logs = "40" }
            }
            resource "alicloud_instance" "app" {
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
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
    )
    assert props(conversion, "Instance_app")["DiskMappings"] == [{"DiskName": "logs", "Size": "40"}]
    assert "the dynamic block data_disks was repeated over the default of var.disks" in (
        notes(conversion)
    )


LOG_CONFIG = """
    dynamic "log_config" {
      for_each = FOR_EACH
      content {
        project  = log_config.value.project
        logstore = log_config.value.logstore
      }
    }
"""


def test_a_block_ros_takes_once_is_the_first_items_struct_when_there_is_one() -> None:
    conversion = checked(
        convert(
            """
            variable "log" {
              type    = list(object({ project = string, logstore = string }))
              default = [{ project = "p", logstore = "s" }]
            }
            resource "alicloud_fc_service" "svc" {
              name = "svc"
            """
            + LOG_CONFIG.replace("FOR_EACH", "var.log")
            + "}"
        )
    )
    condition, jq, none = props(conversion, "FcService_svc")["LogConfig"]["Fn::If"]
    # No item, no block: Terraform sends nothing, and ROS gets no property by the Condition.
    assert conversion.template["Conditions"][condition] == {
        "Fn::Not": {"Fn::Equals": [[], {"Ref": "log"}]}
    }
    assert none == {"Ref": "ALIYUN::NoValue"}
    script, data = jq["Fn::Jq"][1], jq["Fn::Jq"][2]
    assert data["l"] == {"Ref": "log"}
    given = [{"project": "a", "logstore": "b"}]
    assert jq_first(script, {**data, "l": given}) == {"Project": "a", "Logstore": "b"}
    assert conversion.summary.lossy == 0, notes(conversion)


def test_a_block_ros_takes_once_over_a_path_into_a_variable_is_repeated_over_the_default() -> None:
    conversion = checked(
        convert(
            """
            variable "cfg" {
              type    = map(list(object({ project = string, logstore = string })))
              default = { log = [{ project = "p", logstore = "s" }] }
            }
            resource "alicloud_fc_service" "svc" {
              name = "svc"
            """
            + LOG_CONFIG.replace("FOR_EACH", 'var.cfg["log"]')
            + "}"
        )
    )
    assert props(conversion, "FcService_svc")["LogConfig"] == {"Project": "p", "Logstore": "s"}
    assert (
        "the dynamic block log_config was repeated over the default of var.cfg (ROS cannot "
        "compute the blocks from the parameter there)" in notes(conversion)
    )
    assert "Conditions" not in conversion.template
    assert conversion.summary.lossy == 1


def test_a_block_ros_takes_once_merges_at_deploy_time_with_what_another_argument_gave() -> None:
    conversion = checked(
        convert(
            """
            variable "http" {
              type = list(object({ address = string, method = string, path = string,
                                   timeout = number }))
              default = []
            }
            resource "alicloud_api_gateway_api" "api" {
              name         = "api"
              group_id     = "g-1"
              description  = "d"
              auth_type    = "APP"
              service_type = "HTTP"
              request_config {
                protocol = "HTTP"
                method   = "GET"
                path     = "/a"
                mode     = "MAPPING"
              }
              dynamic "http_service_config" {
                for_each = var.http
                content {
                  address = http_service_config.value.address
                  method  = http_service_config.value.method
                  path    = http_service_config.value.path
                  timeout = http_service_config.value.timeout
                }
              }
            }
            """
        )
    )
    given, chosen = props(conversion, "ApiGatewayApi_api")["ServiceConfig"]["Fn::MergeMap"]
    assert given["ServiceProtocol"] == "HTTP"
    condition, jq, nothing = chosen["Fn::If"]
    assert nothing == {}  # no item: the merge adds nothing, and the service_type fields stay
    assert conversion.template["Conditions"][condition] == {
        "Fn::Not": {"Fn::Equals": [[], {"Ref": "http"}]}
    }
    item = {"address": "http://a", "method": "GET", "path": "/", "timeout": "30"}
    assert jq_first(jq["Fn::Jq"][1], {**jq["Fn::Jq"][2], "l": [item]}) == {
        "ServiceAddress": "http://a",
        "ServiceHttpMethod": "GET",
        "ServicePath": "/",
        "ServiceTimeOut": 30,
    }
    assert "another argument already gives" not in notes(conversion)
    assert conversion.summary.lossy == 0, notes(conversion)


def test_two_texts_computed_at_deploy_time_for_one_property_are_not_merged() -> None:
    conversion = checked(
        convert(
            """
            variable "a" {
              default = "x"
            }
            variable "n" {
              default = 1
            }
            resource "alicloud_vpc" "v" {
              name       = var.n > 0 ? var.a : "z"
              vpc_name   = var.n > 1 ? var.a : "y"
              cidr_block = "10.0.0.0/8"
            }
            """
        )
    )
    assert "Fn::Jq" in props(conversion, "Vpc_v")["VpcName"]  # one of them, not a MergeMap
    assert "vpc_name not converted (another argument already gives VpcName a value)" in notes(
        conversion
    )


def test_a_condition_whose_argument_was_dropped_is_not_kept() -> None:
    conversion = convert(
        """
        variable "filename" {
          default = ""
        }
        variable "bucket" {
          default = "code"
        }
        resource "alicloud_fc_function" "f" {
          service    = "svc"
          name       = "f"
          runtime    = "python3.10"
          handler    = "index.handler"
          filename   = var.filename != "" ? var.filename : null
          oss_bucket = var.bucket != "" ? var.bucket : null
          oss_key    = "code.zip"
        }
        """
    )
    assert "its path is only known at deploy time" in notes(conversion)
    code = props(conversion, "FcFunction_f")["Code"]
    (kept,) = conversion.template["Conditions"]  # the bucket's, not the dropped filename's
    assert code["OssBucketName"]["Fn::If"][0] == kept


def test_a_condition_only_another_kept_condition_uses_is_kept() -> None:
    template = {
        "Conditions": {
            "a": {"Fn::Equals": [{"Ref": "x"}, ""]},
            "b": {"Fn::Not": [{"Condition": "a"}]},
            "c": {"Fn::Equals": [{"Ref": "y"}, ""]},
            "d": {"Fn::Not": [{"Condition": "c"}]},
        },
        "Resources": {"R": {"Type": "ALIYUN::VPC::VPC", "Condition": "b"}},
        "Outputs": {"o": {"Value": {"Fn::If": ["d", 1, 2]}}},
    }
    drop_unused_conditions(template)
    assert list(template["Conditions"]) == ["a", "b", "c", "d"]
    del template["Outputs"]
    drop_unused_conditions(template)
    assert list(template["Conditions"]) == ["a", "b"]
    del template["Resources"]["R"]["Condition"]
    drop_unused_conditions(template)
    assert "Conditions" not in template


def test_an_output_reading_the_blocks_never_carries_the_placeholders() -> None:
    conversion = checked(
        convert(
            DISKS
            + """
            output "disks" {
              value = alicloud_instance.app.data_disks
            }
            """
        )
    )
    text = conversion.to_json()
    assert "__items__" not in text and "\\u0000" not in text
    assert "output.disks" in notes(conversion)


def test_a_property_the_rule_reshapes_keeps_the_default_blocks() -> None:
    # PolarDB's parameters become one JSON text (a handler), which jq does not write.
    conversion = checked(
        convert(
            """
            variable "parameters" {
              type    = list(map(string))
              default = [{ name = "max_connections", value = "1000" }]
            }
            resource "alicloud_polardb_cluster" "db" {
              db_type       = "MySQL"
              db_version    = "8.0"
              pay_type      = "PostPaid"
              db_node_class = "polar.mysql.x4.medium"
              vswitch_id    = "vsw-1"
              dynamic "parameters" {
                for_each = var.parameters
                content {
                  name  = parameters.value.name
                  value = parameters.value.value
                }
              }
            }
            """
        )
    )
    parameters = props(conversion, "PolardbCluster_db")["DBClusterParameters"]
    assert parameters == {"Parameters": '{"max_connections":"1000"}'}
    assert "the dynamic block parameters was repeated over the default of var.parameters (" in (
        notes(conversion)
    )


def test_two_dynamic_blocks_of_one_name_keep_both_defaults_in_order() -> None:
    conversion = checked(
        convert(
            """
            variable "system" {
              type    = list(object({ size = number }))
              default = [{ size = 100 }]
            }
            variable "logs" {
              type    = list(object({ size = number }))
              default = [{ size = 200 }]
            }
            resource "alicloud_instance" "app" {
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
              data_disks {
                size = 50
              }
              dynamic "data_disks" {
                for_each = var.system
                content {
                  size = data_disks.value.size
                }
              }
              dynamic "data_disks" {
                for_each = var.logs
                content {
                  size = data_disks.value.size
                }
              }
            }
            """
        )
    )
    disks = props(conversion, "Instance_app")["DiskMappings"]
    assert disks == [{"Size": 50}, {"Size": 100}, {"Size": 200}]
    text = notes(conversion)
    assert "over the default of var.system" in text and "over the default of var.logs" in text


def test_an_items_optional_attribute_takes_the_default_its_type_gives() -> None:
    conversion = checked(
        convert(
            """
            variable "disks" {
              type = list(object({
                size     = number
                category = optional(string, "cloud_essd")
              }))
            }
            resource "alicloud_instance" "app" {
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
              dynamic "data_disks" {
                for_each = var.disks
                content {
                  size     = data_disks.value.size
                  category = data_disks.value.category
                }
              }
            }
            """
        )
    )
    mappings = props(conversion, "Instance_app")["DiskMappings"]
    given = [{"size": 40}, {"size": 80, "category": "cloud_ssd"}]
    assert jq_of(mappings, given) == [
        {"Size": 40, "Category": "cloud_essd"},
        {"Size": 80, "Category": "cloud_ssd"},
    ]


def test_no_default_blocks_send_nothing_where_the_rule_reshapes_them() -> None:
    conversion = checked(
        convert(
            """
            variable "parameters" {
              type    = list(map(string))
              default = []
            }
            resource "alicloud_polardb_cluster" "db" {
              db_type       = "MySQL"
              db_version    = "8.0"
              pay_type      = "PostPaid"
              db_node_class = "polar.mysql.x4.medium"
              vswitch_id    = "vsw-1"
              dynamic "parameters" {
                for_each = var.parameters
                content {
                  name  = parameters.value.name
                  value = parameters.value.value
                }
              }
            }
            """
        )
    )
    assert "DBClusterParameters" not in props(conversion, "PolardbCluster_db")
