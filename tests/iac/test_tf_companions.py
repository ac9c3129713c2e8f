"""Arguments the provider applies with an API call of their own, which ROS models as a resource
of its own (`tf_rules.Companion`): a Redis or Tair instance's white list, an ALB server group's
servers, the stages an API is deployed to. Hand-written projects with the ROS they must give;
every template must pass the checker."""

from __future__ import annotations

from tests.iac.test_tf_constructs import checked, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes


def test_a_tair_instances_white_list_becomes_a_whitelist_of_the_instance() -> None:
    conversion = checked(
        convert(
            """
            variable "ips" {
              type    = list(string)
              default = ["10.0.0.1", "10.0.0.2"]
            }
            resource "alicloud_redis_tair_instance" "cache" {
              instance_class         = "tair.rdb.2g"
              instance_type          = "tair_rdb"
              zone_id                = "cn-hangzhou-h"
              vswitch_id             = "vsw-1"
              vpc_id                 = "vpc-1"
              security_ips           = join(",", var.ips)
              security_ip_group_name = "app"
            }
            """
        )
    )
    resources = list(conversion.template["Resources"])
    # Right after its instance, which it reads.
    assert resources == ["RedisTairInstance_cache", "RedisTairInstance_cache_Whitelist"]
    whitelist = conversion.template["Resources"]["RedisTairInstance_cache_Whitelist"]
    assert whitelist["Type"] == "ALIYUN::REDIS::Whitelist"
    assert whitelist["Properties"] == {
        "SecurityIps": {"Fn::Join": [",", {"Ref": "ips"}]},
        "SecurityIpGroupName": "app",
        "InstanceId": {"Fn::GetAtt": ["RedisTairInstance_cache", "InstanceId"]},
    }
    instance = props(conversion, "RedisTairInstance_cache")
    assert not {"SecurityIps", "SecurityIpGroupName"} & set(instance)
    assert "security_ips and security_ip_group_name became RedisTairInstance_cache_Whitelist" in (
        notes(conversion)
    )
    assert "not converted" not in notes(conversion)
    # The resources found are the Terraform ones: the white list is part of the instance.
    assert conversion.summary.found == 1 and conversion.summary.native == 1


def test_each_copy_of_a_counted_instance_gets_its_own_white_list() -> None:
    conversion = checked(
        convert(
            """
            variable "on" {
              type    = bool
              default = true
            }
            resource "alicloud_kvstore_instance" "redis" {
              count          = 2
              instance_class = "redis.master.small.default"
              zone_id        = "cn-hangzhou-h"
              vswitch_id     = "vsw-1"
              security_ips   = ["10.0.0.${count.index}"]
            }
            resource "alicloud_kvstore_instance" "maybe" {
              count          = var.on ? 1 : 0
              instance_class = "redis.master.small.default"
              zone_id        = "cn-hangzhou-h"
              vswitch_id     = "vsw-1"
              security_ips   = ["10.1.0.1", "10.1.0.2"]
            }
            """
        )
    )
    resources = conversion.template["Resources"]
    whitelist = resources["KvstoreInstance_redis_Whitelist"]
    assert whitelist["Count"] == 2
    assert whitelist["Properties"]["InstanceId"] == {
        "Fn::Select": [
            {"Ref": "ALIYUN::Index"},
            {"Fn::GetAtt": ["KvstoreInstance_redis", "InstanceId"]},
        ]
    }
    assert whitelist["Properties"]["SecurityIps"] == {
        "Fn::Join": [",", [{"Fn::Sub": "10.0.0.${ALIYUN::Index}"}]]
    }
    maybe = resources["KvstoreInstance_maybe_Whitelist"]
    assert maybe["Condition"] == resources["KvstoreInstance_maybe"]["Condition"]
    assert "Count" not in maybe
    assert maybe["Properties"]["SecurityIps"] == "10.1.0.1,10.1.0.2"


def test_an_alb_server_groups_servers_become_a_backend_server_attachment() -> None:
    conversion = checked(
        convert(
            """
            locals {
              servers = [
                { id = "i-1", ip = "10.0.0.5" },
                { id = "i-2", ip = "10.0.0.6" },
              ]
            }
            resource "alicloud_alb_server_group" "web" {
              server_group_name = "web"
              protocol          = "HTTP"
              vpc_id            = "vpc-1"
              health_check_config {
                health_check_enabled = false
              }
              sticky_session_config {
                sticky_session_enabled = false
              }
              dynamic "servers" {
                for_each = local.servers
                content {
                  server_id   = servers.value.id
                  server_ip   = servers.value.ip
                  server_type = "Ecs"
                  port        = 80
                  weight      = 100
                }
              }
            }
            """
        )
    )
    attachment = conversion.template["Resources"]["AlbServerGroup_web_Servers"]
    assert attachment["Type"] == "ALIYUN::ALB::BackendServerAttachment"
    # The blocks' arguments by the fields of ROS's Servers (the rule has no schema of its own),
    # also for blocks a dynamic block repeats.
    assert attachment["Properties"] == {
        "Servers": [
            {
                "ServerId": "i-1",
                "ServerIp": "10.0.0.5",
                "ServerType": "Ecs",
                "Port": 80,
                "Weight": 100,
            },
            {
                "ServerId": "i-2",
                "ServerIp": "10.0.0.6",
                "ServerType": "Ecs",
                "Port": 80,
                "Weight": 100,
            },
        ],
        "ServerGroupId": {"Fn::GetAtt": ["AlbServerGroup_web", "ServerGroupId"]},
    }
    assert "Servers" not in props(conversion, "AlbServerGroup_web")


def test_a_server_block_without_what_ros_needs_gets_a_placeholder() -> None:
    conversion = checked(
        convert(
            """
            resource "alicloud_alb_server_group" "web" {
              server_group_name = "web"
              protocol          = "HTTP"
              vpc_id            = "vpc-1"
              servers {
                server_id = "i-1"
                port      = 80
              }
            }
            """
        )
    )
    servers = props(conversion, "AlbServerGroup_web_Servers")["Servers"]
    placeholder = servers[0]["ServerType"]["Ref"]
    assert conversion.template["Parameters"][placeholder]["AllowedValues"] == [
        "Eci",
        "Ecs",
        "Eni",
        "Ip",
        "Fc",
    ]
    assert "sets nothing that maps to Servers.0.ServerType" in notes(conversion)
    assert conversion.summary.lossy == 1


_API = """
resource "alicloud_api_gateway_group" "group" {
  name        = "apis"
  description = "the group"
}
resource "alicloud_api_gateway_api" "api" {
  %s
  name         = "hello"
  group_id     = alicloud_api_gateway_group.group.id
  description  = "says hello"
  auth_type    = "APP"
  service_type = "MOCK"
  request_config {
    protocol = "HTTP"
    method   = "GET"
    path     = "/hello"
    mode     = "MAPPING"
  }
  mock_service_config {
    result = "hello"
  }
  stage_names = %s
}
"""


def test_an_api_is_deployed_to_each_of_its_stages() -> None:
    conversion = checked(
        convert(
            """
            variable "stages" {
              type    = list(string)
              default = ["RELEASE", "PRE"]
            }
            """
            + _API % ("", "var.stages")
        )
    )
    deployment = conversion.template["Resources"]["ApiGatewayApi_api_Deployment"]
    assert deployment["Type"] == "ALIYUN::ApiGateway::Deployment"
    assert deployment["Count"] == {"Fn::Length": {"Ref": "stages"}}
    assert deployment["Properties"] == {
        "StageName": {"Fn::Select": [{"Ref": "ALIYUN::Index"}, {"Ref": "stages"}]},
        "ApiId": {"Fn::GetAtt": ["ApiGatewayApi_api", "ApiId"]},
        # The group is the API's own.
        "GroupId": {"Ref": "ApiGatewayGroup_group"},
    }
    assert conversion.summary.native == 2


def test_a_literal_list_of_stages_counts_the_deployments_and_none_deploys_nowhere() -> None:
    listed = checked(convert(_API % ("", '["RELEASE", "TEST", "PRE"]')))
    deployment = listed.template["Resources"]["ApiGatewayApi_api_Deployment"]
    assert deployment["Count"] == 3
    assert deployment["Properties"]["StageName"] == {
        "Fn::Select": [{"Ref": "ALIYUN::Index"}, ["RELEASE", "TEST", "PRE"]]
    }
    empty = checked(convert(_API % ("", "[]")))
    assert "ApiGatewayApi_api_Deployment" not in empty.template["Resources"]


def test_stages_of_an_api_with_count_are_reported_not_guessed() -> None:
    conversion = checked(convert(_API % ("count = 2", '["RELEASE"]')))
    assert "ApiGatewayApi_api_Deployment" not in conversion.template["Resources"]
    assert "stage_names not converted (ALIYUN::ApiGateway::Deployment would need one copy" in (
        notes(conversion)
    )
    assert conversion.summary.lossy == 1


def test_the_older_name_of_a_vpc_attachments_name_is_converted() -> None:
    conversion = checked(
        convert(
            """
            resource "alicloud_cen_transit_router_vpc_attachment" "a" {
              cen_id                             = "cen-1"
              transit_router_id                  = "tr-1"
              vpc_id                             = "vpc-1"
              transit_router_vpc_attachment_name = "to-vpc"
              zone_mappings {
                zone_id    = "cn-hangzhou-h"
                vswitch_id = "vsw-1"
              }
            }
            """
        )
    )
    attachment = props(conversion, "CenTransitRouterVpcAttachment_a")
    assert attachment["TransitRouterAttachmentName"] == "to-vpc"
    assert conversion.summary.native == 1, notes(conversion)
