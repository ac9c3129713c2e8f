"""Where the vendor's rules leave a gap that the ROS schema or the provider's own docs and
source close: tag maps for Key/Value lists, Terraform values ROS does not take, required
properties the provider fills or another argument reaches, nested fields, attributes.
Hand-written projects with the ROS they must give; every template must pass the checker."""

from __future__ import annotations

import json

from iaccode.iac.ros_check import check_template
from tests.iac.test_tf_constructs import checked, jq_first, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes


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


def test_a_billing_word_of_the_provider_becomes_the_one_ros_spells() -> None:
    conversion = convert(
        """
        resource "alicloud_drds_instance" "default" {
          description          = "drds instance"
          instance_charge_type = "PostPaid"
          zone_id              = "cn-hangzhou-h"
          vswitch_id           = "vsw-1"
          instance_series      = "drds.sn1.4c8g"
          specification        = "drds.sn1.4c8g.8C16G"
        }
        """
    )
    assert props(conversion, "DrdsInstance_default")["PayType"] == "drdsPost"


def test_a_value_ros_does_not_take_is_reported_and_a_required_one_becomes_a_choice() -> None:
    # The provider's alicloud_amqp_exchange example: ROS's Exchange has no consistent hashing.
    conversion = convert(
        """
        resource "alicloud_amqp_exchange" "default" {
          instance_id        = "amqp-1"
          virtual_host_name  = "vhost"
          exchange_name      = "ex"
          exchange_type      = "X_CONSISTENT_HASH"
          auto_delete_state  = false
          internal           = false
        }
        resource "alicloud_actiontrail" "trail" {
          actiontrail_name = "trail"
          event_rw         = "Write-test"
          oss_bucket_name  = "bucket"
        }
        """
    )
    exchange = props(conversion, "AmqpExchange_default")
    parameter = conversion.template["Parameters"][exchange["ExchangeType"]["Ref"]]
    assert parameter["AllowedValues"] == ["FANOUT", "DIRECT", "TOPIC", "HEADERS"]
    assert "EventRW" not in props(conversion, "Actiontrail_trail")
    assert parameter["Description"] == (
        "ExchangeType of alicloud_amqp_exchange.default, whose Terraform value ROS does not take."
    )
    text = notes(conversion)
    assert "sets nothing" not in text and "ExchangeType), so" not in text
    assert "; added parameter AmqpExchange_default_ExchangeType for it" in text
    assert (
        "takes only FANOUT, DIRECT, TOPIC or HEADERS for ExchangeType, not 'X_CONSISTENT_HASH'"
        in text
    )
    assert "takes only All, Read or Write for EventRW, not 'Write-test'" in text
    assert conversion.summary.lossy == 2


def test_required_properties_terraform_defaults_or_implies_are_given() -> None:
    conversion = convert(
        """
        resource "alicloud_db_connection" "c" {
          instance_id       = "rm-1"
          connection_prefix = "testabc"
        }
        resource "alicloud_kvstore_connection" "k" {
          instance_id              = "r-1"
          connection_string_prefix = "public-r"
          port                     = "6370"
        }
        resource "alicloud_image_copy" "copy" {
          source_image_id  = "m-1"
          source_region_id = "cn-hangzhou"
          image_name       = "copied"
        }
        resource "alicloud_vpc_gateway_route_table_attachment" "a" {
          ipv4_gateway_id = "ipv4gw-1"
          route_table_id  = "vtb-1"
        }
        resource "alicloud_log_store_index" "i" {
          project  = "p"
          logstore = "l"
          full_text {
            case_sensitive = true
          }
        }
        """
    )
    assert props(conversion, "DbConnection_c")["Port"] == "3306"  # the provider's default
    assert props(conversion, "KvstoreConnection_k")["ConnectionType"] == "Public"
    assert props(conversion, "ImageCopy_copy")["DestinationRegionId"] == {"Ref": "ALIYUN::Region"}
    attachment = props(conversion, "VpcGatewayRouteTableAttachment_a")
    assert attachment["GatewayType"] == "Ipv4Gateway"
    assert props(conversion, "LogStoreIndex_i")["FullTextIndex"] == {
        "CaseSensitive": True,
        "Enable": True,
    }
    assert "Parameters" not in conversion.template
    assert conversion.summary.native == 5


def test_rds_security_groups_and_the_redis_engine_reach_what_ros_has() -> None:
    conversion = convert(
        """
        resource "alicloud_security_group" "sg" {
          vpc_id = "vpc-1"
        }
        resource "alicloud_db_instance" "db" {
          engine             = "MySQL"
          engine_version     = "8.0"
          instance_type      = "mysql.n2.medium.1"
          instance_storage   = 20
          vswitch_id         = "vsw-1"
          security_group_ids = [alicloud_security_group.sg.id, "sg-2"]
        }
        resource "alicloud_kvstore_instance" "redis" {
          instance_class = "redis.master.large.default"
          instance_type  = "Redis"
          engine_version = "5.0"
          vswitch_id     = "vsw-1"
          zone_id        = "cn-hangzhou-h"
        }
        resource "alicloud_kvstore_instance" "memcache" {
          instance_class = "memcache.master.small.default"
          instance_type  = "Memcache"
          vswitch_id     = "vsw-1"
          zone_id        = "cn-hangzhou-h"
        }
        """
    )
    assert props(conversion, "DbInstance_db")["SecurityGroupId"] == {
        "Fn::Join": [",", [{"Ref": "SecurityGroup_sg"}, "sg-2"]]
    }
    # The vendor sends the engine to InstanceClass, overwriting the class.
    assert props(conversion, "KvstoreInstance_redis")["InstanceClass"] == (
        "redis.master.large.default"
    )
    assert "alicloud_kvstore_instance.redis: instance_type" not in notes(conversion)
    assert (
        "alicloud_kvstore_instance.memcache: instance_type not converted "
        "(ALIYUN::REDIS::Instance has no property for it)"
    ) in notes(conversion)


def test_attributes_the_type_fixes_or_ros_names_otherwise_are_read() -> None:
    conversion = convert(
        """
        resource "alicloud_ram_policy" "p" {
          policy_name     = "read-oss"
          policy_document = jsonencode({
            Version   = "1"
            Statement = [{ Effect = "Allow", Action = ["oss:Get*"], Resource = ["*"] }]
          })
        }
        resource "alicloud_ram_role" "r" {
          role_name                   = "app"
          assume_role_policy_document = jsonencode({
            Version   = "1"
            Statement = [{
              Action = "sts:AssumeRole", Effect = "Allow",
              Principal = { Service = ["ecs.aliyuncs.com"] }
            }]
          })
        }
        resource "alicloud_ram_role_policy_attachment" "a" {
          policy_name = alicloud_ram_policy.p.policy_name
          policy_type = alicloud_ram_policy.p.type
          role_name   = alicloud_ram_role.r.role_name
        }
        resource "alicloud_oss_bucket" "b" {
          bucket = "logs-bucket"
        }
        resource "alicloud_ess_scaling_group" "g" {
          min_size           = 1
          max_size           = 2
          scaling_group_name = "g"
          vswitch_ids        = ["vsw-1"]
        }
        resource "alicloud_ess_scaling_rule" "up" {
          scaling_group_id = alicloud_ess_scaling_group.g.id
          adjustment_type  = "QuantityChangeInCapacity"
          adjustment_value = 1
        }
        output "bucket_location" {
          value = alicloud_oss_bucket.b.location
        }
        output "rule_ari" {
          value = alicloud_ess_scaling_rule.up.ari
        }
        """
    )
    assert props(conversion, "RamRolePolicyAttachment_a")["PolicyType"] == "Custom"
    outputs = conversion.template["Outputs"]
    assert outputs["bucket_location"]["Value"] == {
        "Fn::Join": ["", ["oss-", {"Ref": "ALIYUN::Region"}]]
    }
    assert outputs["rule_ari"]["Value"] == {"Fn::GetAtt": ["EssScalingRule_up", "ScalingRuleAri"]}
    assert "has no ROS attribute" not in notes(conversion)


def test_what_the_provider_sends_for_required_properties_reaches_them() -> None:
    conversion = convert(
        """
        resource "alicloud_api_gateway_api" "api" {
          name        = "api"
          group_id    = "g-1"
          description = "an API"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/test"
            mode     = "MAPPING"
          }
          service_type = "MOCK"
          mock_service_config {
            result = "this is a mock test"
          }
        }
        resource "alicloud_hbase_instance" "h" {
          name                   = "hbase"
          engine                 = "hbaseue"
          engine_version         = "2.0"
          master_instance_type   = "hbase.sn1.large"
          core_instance_type     = "hbase.sn1.large"
          core_instance_quantity = 3
          vswitch_id             = "vsw-1"
          zone_id                = "cn-hangzhou-h"
        }
        resource "alicloud_service_mesh_service_mesh" "m" {
          service_mesh_name = "mesh"
          network {
            vpc_id        = "vpc-1"
            vswitche_list = ["vsw-1"]
          }
        }
        resource "alicloud_ots_search_index" "i" {
          instance_name = "ots"
          table_name    = "t"
          index_name    = "idx"
          schema {
            field_schema {
              field_name = "col1"
              field_type = "Text"
            }
          }
        }
        """
    )
    assert props(conversion, "ApiGatewayApi_api")["Visibility"] == "PRIVATE"
    assert props(conversion, "HbaseInstance_h")["NodeCount"] == 3
    mesh = props(conversion, "ServiceMeshServiceMesh_m")
    assert (mesh["VpcId"], mesh["VSwitches"]) == ("vpc-1", ["vsw-1"])
    fields = props(conversion, "OtsSearchIndex_i")["FieldSchemas"]
    assert fields[0]["FieldType"] == "FieldType.TEXT"  # ROS's spelling of the enum
    assert "sets nothing" not in notes(conversion)


def test_nested_arguments_the_vendor_leaves_out_reach_their_ros_fields() -> None:
    conversion = convert(
        """
        resource "alicloud_event_bridge_rule" "r" {
          event_bus_name = "bus"
          rule_name      = "rule"
          filter_pattern = jsonencode({ source = ["crmabc.newsletter"] })
          targets {
            target_id = "tf-example1"
            endpoint  = "acs:mns:cn-hangzhou:123:queues/q"
            type      = "acs.mns.queue"
            param_list {
              resource_key = "queue"
              form         = "CONSTANT"
              value        = "q"
            }
          }
        }
        resource "alicloud_ess_scalinggroup_vserver_groups" "g" {
          scaling_group_id = "asg-1"
          vserver_groups {
            loadbalancer_id = "lb-1"
            vserver_attributes {
              vserver_group_id = "rsp-1"
              port             = 80
              weight           = 10
            }
          }
        }
        resource "alicloud_cs_kubernetes_node_pool" "p" {
          cluster_id     = "c-1"
          node_pool_name = "pool"
          vswitch_ids    = ["vsw-1"]
          instance_types = ["ecs.g7.large"]
          system_disk_size = 40
          scaling_config {
            min_size = 1
            max_size = 3
          }
        }
        """
    )
    target = props(conversion, "EventBridgeRule_r")["Targets"][0]
    assert target["Id"] == "tf-example1"
    assert props(conversion, "EssScalinggroupVserverGroups_g")["VServerGroups"] == [
        {
            "LoadBalancerId": "lb-1",
            "VServerGroupAttributes": [{"VServerGroupId": "rsp-1", "Port": 80, "Weight": 10}],
        }
    ]
    scaling = props(conversion, "CsKubernetesNodePool_p")["AutoScaling"]
    assert scaling == {"MinInstances": 1, "MaxInstances": 3, "Enable": True}
    assert "sets nothing" not in notes(conversion)


def test_one_block_of_one_argument_for_a_text_property_is_that_value() -> None:
    conversion = convert(
        """
        resource "alicloud_cen_transit_router_vpn_attachment" "a" {
          cen_id            = "cen-1"
          transit_router_id = "tr-1"
          vpn_id            = "vco-1"
          zone {
            zone_id = "cn-hangzhou-h"
          }
        }
        """
    )
    assert props(conversion, "CenTransitRouterVpnAttachment_a")["ZoneId"] == "cn-hangzhou-h"


def test_the_providers_newer_names_and_route_blocks_reach_ros() -> None:
    conversion = convert(
        """
        resource "alicloud_slb_master_slave_server_group" "g" {
          load_balancer_id = "lb-1"
          name             = "group"
          servers {
            server_id   = "i-1"
            port        = 80
            weight      = 100
            server_type = "Master"
          }
          servers {
            server_id   = "i-2"
            port        = 80
            weight      = 100
            server_type = "Slave"
          }
        }
        resource "alicloud_cen_transit_router_vpn_attachment" "a" {
          cen_id                             = "cen-1"
          transit_router_id                  = "tr-1"
          vpn_id                             = "vco-1"
          transit_router_vpn_attachment_name = "vpn-attachment"
        }
        resource "alicloud_fc_custom_domain" "d" {
          domain_name = "example.com"
          protocol    = "HTTP"
          route_config {
            path          = "/login/*"
            service_name  = "svc"
            function_name = "fn"
            qualifier     = "LATEST"
            methods       = ["GET"]
          }
        }
        """
    )
    servers = props(conversion, "SlbMasterSlaveServerGroup_g")["MasterSlaveBackendServers"]
    assert [(s["ServerId"], s["ServerType"]) for s in servers] == [
        ("i-1", "Master"),
        ("i-2", "Slave"),
    ]
    attachment = props(conversion, "CenTransitRouterVpnAttachment_a")
    assert attachment["TransitRouterAttachmentName"] == "vpn-attachment"
    assert props(conversion, "FcCustomDomain_d")["RouteConfig"] == {
        "Routes": [
            {"Path": "/login/*", "ServiceName": "svc", "FunctionName": "fn", "Qualifier": "LATEST"}
        ]
    }
    assert (
        "route_config.methods not converted (RouteConfig.Routes of ALIYUN::FC::CustomDomain "
        "has no field for it)"
    ) in notes(conversion)


def test_a_word_ros_spells_otherwise_in_a_nested_block_becomes_its_spelling() -> None:
    # The provider's alicloud_api_gateway_api example: `required = "OPTIONAL"`, which ROS's
    # RequestParameters list as OPTION (REQUIRED is the same word in both).
    conversion = convert(
        """
        resource "alicloud_api_gateway_api" "example" {
          group_id    = "group-1"
          name        = "tf-example"
          description = "tf-example"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/example/path"
            mode     = "MAPPING"
          }
          service_type = "MOCK"
          mock_service_config {
            result = "ok"
          }
          request_parameters {
            name         = "optional"
            type         = "STRING"
            required     = "OPTIONAL"
            in           = "QUERY"
            in_service   = "QUERY"
            name_service = "o"
          }
          request_parameters {
            name         = "required"
            type         = "STRING"
            required     = "REQUIRED"
            in           = "QUERY"
            in_service   = "QUERY"
            name_service = "r"
          }
        }
        """
    )
    parameters = props(conversion, "ApiGatewayApi_example")["RequestParameters"]
    assert [p["Required"] for p in parameters] == ["OPTION", "REQUIRED"]
    errors = [f for f in check_template(conversion.to_yaml()).findings if f.severity == "error"]
    assert not errors, errors


def test_a_log_service_index_map_of_keys_becomes_key_indices() -> None:
    # The provider's alicloud_sls_index example: `keys` is the API's map of index keys.
    conversion = convert(
        """
        resource "alicloud_sls_index" "i" {
          project_name  = "p"
          logstore_name = "l"
          line {
            case_sensitive = "true"
            chn            = "true"
            token          = [",", "\\t"]
          }
          keys = jsonencode({
            "message" : { "caseSensitive" : false, "token" : [",", " ", ";"], "type" : "text",
                          "doc_value" : true, "alias" : "", "chn" : false },
            "latency" : { "type" : "long", "doc_value" : true }
          })
        }
        """
    )
    assert props(conversion, "SlsIndex_i")["KeyIndices"] == [
        {
            "Name": "message",
            "Type": "text",
            "CaseSensitive": False,
            "EnableAnalytics": True,
            "IncludeChinese": False,
            "Delimiter": ", ;",
        },
        {"Name": "latency", "Type": "long", "EnableAnalytics": True},
    ]
    assert props(conversion, "SlsIndex_i")["FullTextIndex"] == {
        "CaseSensitive": True,
        "IncludeChinese": True,
        "Delimiter": ",\t",
        "Enable": True,
    }
    assert "sets nothing" not in notes(conversion) and conversion.summary.native == 1


def test_a_log_service_index_key_ros_cannot_hold_is_reported() -> None:
    conversion = convert(
        """
        resource "alicloud_sls_index" "i" {
          project_name  = "p"
          logstore_name = "l"
          line {
            case_sensitive = "true"
          }
          keys = jsonencode({
            "body" : { "type" : "json", "json_keys" : { "a" : { "type" : "long" } } }
          })
        }
        """
    )
    assert "keys not converted (KeyIndices of ALIYUN::SLS::Index has no field" in notes(conversion)


def test_a_nested_value_ros_does_not_take_is_left_out_and_a_required_one_becomes_a_choice() -> None:
    # The provider's EMR gateway example: ROS's host groups are MASTER, CORE or TASK only.
    conversion = convert(
        """
        resource "alicloud_emr_cluster" "gateway" {
          name                      = "gateway-cluster"
          emr_ver                   = "EMR-3.22.0"
          cluster_type              = "GATEWAY"
          zone_id                   = "cn-huhehaote-a"
          security_group_id         = "sg-1"
          vswitch_id                = "vsw-1"
          charge_type               = "PostPaid"
          net_type                  = "vpc"
          use_local_metadb          = false
          user_defined_emr_ecs_role = "AliyunEmrEcsDefaultRole"
          dynamic "host_group" {
            for_each = ["MASTER", "GATEWAY"]
            content {
              host_group_name   = lower(host_group.value)
              host_group_type   = host_group.value
              charge_type       = "PostPaid"
              period            = host_group.value == "MASTER" ? 1 : 10
              node_count        = 1
              instance_type     = "ecs.g5.xlarge"
              disk_type         = "cloud_efficiency"
              disk_capacity     = 80
              disk_count        = 1
              sys_disk_type     = "cloud_efficiency"
              sys_disk_capacity = 80
            }
          }
        }
        """
    )
    master, gateway = props(conversion, "EmrCluster_gateway")["HostGroup"]
    assert (master["HostGroupType"], master["Period"]) == ("MASTER", 1)
    assert "Period" not in gateway
    parameter = conversion.template["Parameters"][gateway["HostGroupType"]["Ref"]]
    assert parameter["AllowedValues"] == ["MASTER", "CORE", "TASK"]
    assert parameter["Description"] == (
        "HostGroup.1.HostGroupType of alicloud_emr_cluster.gateway, "
        "whose Terraform value ROS does not take."
    )
    text = notes(conversion)
    assert (
        "HostGroup.1.HostGroupType not converted (ALIYUN::EMR::Cluster takes only MASTER, CORE "
        "or TASK for HostGroupType, not 'GATEWAY'); added parameter" in text
    )
    assert "HostGroup.1.Period not converted (ALIYUN::EMR::Cluster takes only 1, 2, 3" in text
    assert ", not '10'), so the ROS resource uses its defaults there." in text
    assert not [f for f in check_template(conversion.to_yaml()).findings if f.severity == "error"]
    assert conversion.summary.lossy == 1


def test_nested_values_the_checker_lets_pass_are_kept() -> None:
    # A GWLB health-check domain (the schema's list is known to be wrong there) and OSS
    # replication actions (a comma-separated list of the listed values) stay as written.
    conversion = convert(
        """
        resource "alicloud_gwlb_server_group" "g" {
          server_group_name = "g"
          vpc_id            = "vpc-1"
          protocol          = "GENEVE"
          server_group_type = "Ip"
          health_check_config {
            health_check_protocol = "HTTP"
            health_check_domain   = "www.example.com"
          }
        }
        resource "alicloud_oss_bucket_replication" "r" {
          bucket = "b"
          action = "PUT,DELETE"
        }
        """
    )
    health = props(conversion, "GwlbServerGroup_g")["HealthCheckConfig"]
    assert health["HealthCheckDomain"] == "www.example.com"
    rule = props(conversion, "OssBucketReplication_r")["ReplicationConfiguration"]["Rule"]
    assert rule["Action"] == "PUT,DELETE"
    assert "not converted" not in notes(conversion)


def test_a_list_spread_over_flat_properties_and_a_block_merged_into_them() -> None:
    # The provider reads region_ids[0] and [1] as the two regions, and sends the one
    # time_config block's fields as the API's flat ones.
    conversion = convert(
        """
        variable "regions" { type = list(string) }
        resource "alicloud_cen_bandwidth_limit" "literal" {
          instance_id     = "cen-1"
          region_ids      = ["cn-hangzhou", "cn-beijing"]
          bandwidth_limit = 4
        }
        resource "alicloud_cen_bandwidth_limit" "computed" {
          instance_id     = "cen-1"
          region_ids      = var.regions
          bandwidth_limit = 4
        }
        resource "alicloud_cen_bandwidth_limit" "three" {
          instance_id     = "cen-1"
          region_ids      = ["cn-hangzhou", "cn-beijing", "cn-shanghai"]
          bandwidth_limit = 4
        }
        resource "alicloud_schedulerx_job" "job" {
          namespace    = "ns"
          group_id     = "g"
          job_name     = "j"
          job_type     = "java"
          execute_mode = "standalone"
          class_name   = "com.example.Job"
          time_config {
            time_type       = 1
            time_expression = "0 0 18 1 */1 ?"
            calendar        = "workday"
            data_offset     = 2
          }
        }
        """
    )
    literal = props(conversion, "CenBandwidthLimit_literal")
    assert (literal["LocalRegionId"], literal["OppositeRegionId"]) == ("cn-hangzhou", "cn-beijing")
    computed = props(conversion, "CenBandwidthLimit_computed")
    assert computed["LocalRegionId"] == {"Fn::Select": ["0", {"Ref": "regions"}]}
    assert computed["OppositeRegionId"] == {"Fn::Select": ["1", {"Ref": "regions"}]}
    assert "region_ids not converted (it has 3 items, and ROS takes 2)" in notes(conversion)
    job = props(conversion, "SchedulerxJob_job")
    assert {key: job[key] for key in ("TimeType", "TimeExpression", "Calendar", "DataOffset")} == {
        "TimeType": 1,
        "TimeExpression": "0 0 18 1 */1 ?",
        "Calendar": "workday",
        "DataOffset": 2,
    }
    assert conversion.summary.native == 3
    checked(conversion)


def test_the_cluster_charge_type_reaches_host_groups_without_their_own() -> None:
    # The provider's docs: a host group's charge type "will follow global charge_type
    # value"; its source: NetType is "vpc" with a vSwitch, charge_type defaults to PostPaid.
    conversion = convert(
        """
        variable "vswitch_id" {}
        resource "alicloud_emr_cluster" "c" {
          name              = "c"
          emr_ver           = "EMR-3.22.0"
          cluster_type      = "HADOOP"
          zone_id           = "cn-hangzhou-h"
          security_group_id = "sg-1"
          vswitch_id        = var.vswitch_id
          host_group {
            host_group_name = "master"
            host_group_type = "MASTER"
            node_count      = "1"
            instance_type   = "ecs.g6.xlarge"
            disk_type       = "cloud_ssd"
            disk_capacity   = "160"
            disk_count      = "1"
            sys_disk_type   = "cloud_ssd"
            sys_disk_capacity = "160"
          }
          host_group {
            host_group_name = "core"
            host_group_type = "CORE"
            node_count      = "2"
            instance_type   = "ecs.g6.xlarge"
            disk_type       = "cloud_ssd"
            disk_capacity   = "160"
            disk_count      = "4"
            sys_disk_type   = "cloud_ssd"
            sys_disk_capacity = "160"
            charge_type     = "PrePaid"
          }
        }
        resource "alicloud_emr_cluster" "classic" {
          name         = "classic"
          emr_ver      = "EMR-3.22.0"
          cluster_type = "HADOOP"
          zone_id      = "cn-hangzhou-h"
          charge_type  = "PrePaid"
          host_group {
            host_group_name = "master"
            host_group_type = "MASTER"
            node_count      = "1"
            instance_type   = "ecs.g6.xlarge"
            disk_type       = "cloud_ssd"
            disk_capacity   = "160"
            disk_count      = "1"
            sys_disk_type   = "cloud_ssd"
            sys_disk_capacity = "160"
          }
        }
        """
    )
    cluster = props(conversion, "EmrCluster_c")
    assert [group["ChargeType"] for group in cluster["HostGroup"]] == ["PostPaid", "PrePaid"]
    assert (cluster["ChargeType"], cluster["NetType"], cluster["UseLocalMetaDb"]) == (
        "PostPaid",
        "vpc",
        False,
    )
    classic = props(conversion, "EmrCluster_classic")
    assert classic["NetType"] == "classic"
    assert classic["HostGroup"][0]["ChargeType"] == "PrePaid"
    assert "sets nothing" not in notes(conversion)
    checked(conversion)


def test_arguments_the_provider_sends_elsewhere_reach_their_ros_places() -> None:
    conversion = convert(
        """
        resource "alicloud_bastionhost_instance" "b" {
          license_code       = "bhah_ent_50_asset"
          plan_code          = "cloudbastion"
          storage            = "5"
          bandwidth          = "5"
          period             = "1"
          vswitch_id         = "vsw-1"
          security_group_ids = ["sg-1", "sg-2"]
        }
        resource "alicloud_mongodb_sharding_instance" "m" {
          zone_id        = "cn-hangzhou-h"
          vswitch_id     = "vsw-1"
          engine_version = "4.2"
          mongo_list { node_class = "dds.mongos.mid" }
          mongo_list { node_class = "dds.mongos.mid" }
          shard_list {
            node_class   = "dds.shard.mid"
            node_storage = 10
          }
          shard_list {
            node_class   = "dds.shard.mid"
            node_storage = 10
          }
        }
        resource "alicloud_ons_group" "g" {
          instance_id = "ons-1"
          group_name  = "GID-x"
        }
        resource "alicloud_gpdb_instance" "p" {
          db_instance_category = "HighAvailability"
          db_instance_class    = "gpdb.group.segsdx1"
          db_instance_mode     = "StorageElastic"
          engine               = "gpdb"
          engine_version       = "6.0"
          zone_id              = "cn-hangzhou-h"
          instance_network_type = "VPC"
          instance_spec        = "2C16G"
          payment_type         = "PayAsYouGo"
          seg_storage_type     = "cloud_essd"
          seg_node_num         = 4
          storage_size         = 50
          vpc_id               = "vpc-1"
          vswitch_id           = "vsw-1"
        }
        resource "alicloud_hbase_instance" "h" {
          name                 = "h"
          zone_id              = "cn-hangzhou-h"
          engine_version       = "2.0"
          master_instance_type = "hbase.sn1.large"
          core_instance_type   = "hbase.sn1.large"
          core_disk_type       = "cloud_efficiency"
          core_disk_size       = 400
          vswitch_id           = "vsw-1"
        }
        """
    )
    assert props(conversion, "BastionhostInstance_b")["StartInstanceParam"] == {
        "VswitchId": "vsw-1",
        "SecurityGroupIds": ["sg-1", "sg-2"],
    }
    assert props(conversion, "MongodbShardingInstance_m")["ConfigServer"] == [
        {"Class": "dds.cs.mid", "Storage": 20}
    ]
    assert props(conversion, "OnsGroup_g")["GroupId"] == "GID-x"
    assert "Engine" not in props(conversion, "GpdbInstance_p")
    hbase = props(conversion, "HbaseInstance_h")
    assert (hbase["DiskType"], hbase["Engine"]) == ("cloud_efficiency", "hbase")
    text = notes(conversion)
    gone_now = ("StartInstanceParam", "ConfigServer", "GroupId", "engine", "network_type")
    for gone in (*gone_now, "core_disk_type"):
        assert gone not in text
    checked(conversion)


def test_a_dynamic_block_in_a_nested_block_and_words_the_provider_translates() -> None:
    conversion = convert(
        """
        variable "param_list" {
          default = [{ resource_key = "Body", form = "ORIGINAL", value = "" }]
        }
        resource "alicloud_event_bridge_rule" "rule" {
          event_bus_name = "bus"
          rule_name      = "rule"
          filter_pattern = "{\\"source\\":[\\"crmabc.newsletter\\"]}"
          targets {
            target_id = "t1"
            endpoint  = "acs:mns:cn-hangzhou:123:queues/q"
            type      = "acs.mns.queue"
            dynamic "param_list" {
              for_each = var.param_list
              content {
                resource_key = param_list.value.resource_key
                form         = param_list.value.form
                value        = param_list.value.value
              }
            }
          }
        }
        variable "mode" { default = "Open" }
        resource "alicloud_kvstore_instance" "r" {
          db_instance_name = "r"
          instance_class   = "redis.master.small.default"
          zone_id          = "cn-hangzhou-h"
          vswitch_id       = "vsw-1"
          vpc_auth_mode    = "Close"
        }
        resource "alicloud_redis_tair_instance" "t" {
          instance_class = "tair.rdb.2g"
          instance_type  = "tair_rdb"
          zone_id        = "cn-hangzhou-h"
          vswitch_id     = "vsw-1"
          vpc_id         = "vpc-1"
          vpc_auth_mode  = var.mode
        }
        resource "alicloud_nas_mount_target" "n" {
          file_system_id    = "fs-1"
          access_group_name = "DEFAULT_VPC_GROUP_NAME"
          vswitch_id        = "vsw-1"
        }
        """
    )
    target = props(conversion, "EventBridgeRule_rule")["Targets"][0]
    # Over the parameter, each item the struct ROS takes (`tf_items`), its default included.
    method, script, data = target["ParamList"]["Fn::Jq"]
    assert method == "First" and data == {"l": {"Ref": "param_list"}, "f": []}
    default = [{"resource_key": "Body", "form": "ORIGINAL", "value": ""}]
    assert jq_first(script, {**data, "l": default}) == [
        {"ResourceKey": "Body", "Form": "ORIGINAL", "Value": ""}
    ]
    assert "targets.dynamic" not in notes(conversion)
    assert props(conversion, "KvstoreInstance_r")["VpcPasswordFree"] is True
    assert props(conversion, "RedisTairInstance_t")["VpcPasswordFree"] == {
        "Fn::Select": [{"Ref": "mode"}, {"Close": True, "Open": False}, {"Ref": "mode"}]
    }
    assert props(conversion, "NasMountTarget_n")["NetworkType"] == "Vpc"
    assert "sets nothing" not in notes(conversion)
    checked(conversion)


def test_each_item_of_a_list_becomes_a_struct_with_the_region_the_provider_adds() -> None:
    # The provider binds each of vpc_ids, and a vpcs block without region_id, in its region.
    conversion = convert(
        """
        variable "vpcs" { type = list(string) }
        resource "alicloud_vpc" "main" {
          vpc_name   = "v"
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_pvtz_zone" "z" { zone_name = "x.test" }
        resource "alicloud_pvtz_zone_attachment" "literal" {
          zone_id = alicloud_pvtz_zone.z.id
          vpc_ids = [alicloud_vpc.main.id]
        }
        resource "alicloud_pvtz_zone_attachment" "computed" {
          zone_id = alicloud_pvtz_zone.z.id
          vpc_ids = var.vpcs
        }
        resource "alicloud_pvtz_zone_attachment" "block" {
          zone_id = alicloud_pvtz_zone.z.id
          vpcs { vpc_id = alicloud_vpc.main.id }
        }
        """
    )
    region = {"Ref": "ALIYUN::Region"}
    bound = [{"VpcId": {"Ref": "Vpc_main"}, "RegionId": region}]
    assert props(conversion, "PvtzZoneAttachment_literal")["Vpcs"] == bound
    assert props(conversion, "PvtzZoneAttachment_block")["Vpcs"] == bound
    script, values = props(conversion, "PvtzZoneAttachment_computed")["Vpcs"]["Fn::Jq"][1:]
    assert values == {"l": {"Ref": "vpcs"}, "f": {"RegionId": region}}
    assert jq_first(script, {"l": ["vpc-1", "vpc-2"], "f": {"RegionId": "cn-hangzhou"}}) == [
        {"VpcId": "vpc-1", "RegionId": "cn-hangzhou"},
        {"VpcId": "vpc-2", "RegionId": "cn-hangzhou"},
    ]
    assert conversion.summary.native == 5 and not conversion.notes
    checked(conversion)


def test_a_value_that_means_several_ros_fields_and_what_ros_does_anyway() -> None:
    # The provider writes service_type into the API's ServiceConfig; a flow log and an
    # access key are created Active; immediate_delete_flag only steers Terraform's destroy.
    conversion = convert(
        """
        variable "kind" { default = "HTTP" }
        resource "alicloud_api_gateway_group" "g" {
          name        = "g"
          description = "d"
        }
        resource "alicloud_api_gateway_api" "mock" {
          name        = "mock"
          group_id    = alicloud_api_gateway_group.g.id
          description = "d"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/mock"
            mode     = "MAPPING"
          }
          service_type = "MOCK"
          mock_service_config { result = "ok" }
        }
        resource "alicloud_api_gateway_api" "computed" {
          name        = "computed"
          group_id    = alicloud_api_gateway_group.g.id
          description = "d"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/computed"
            mode     = "MAPPING"
          }
          service_type = var.kind
          http_service_config {
            address = "http://backend.example.com:8080"
            method  = "GET"
            path    = "/web"
            timeout = 12
          }
        }
        resource "alicloud_api_gateway_api" "odd" {
          name        = "odd"
          group_id    = alicloud_api_gateway_group.g.id
          description = "d"
          auth_type   = "APP"
          request_config {
            protocol = "HTTP"
            method   = "GET"
            path     = "/odd"
            mode     = "MAPPING"
          }
          service_type = "GRPC"
        }
        resource "alicloud_ram_user" "u" { name = "u" }
        resource "alicloud_ram_access_key" "ak" {
          user_name = alicloud_ram_user.u.name
          status    = "Active"
        }
        resource "alicloud_hbase_instance" "h" {
          name                  = "h"
          zone_id               = "cn-hangzhou-h"
          engine_version        = "2.0"
          master_instance_type  = "hbase.sn1.large"
          core_instance_type    = "hbase.sn1.large"
          core_disk_size        = 400
          vswitch_id            = "vsw-1"
          immediate_delete_flag = true
        }
        """
    )
    mock = props(conversion, "ApiGatewayApi_mock")["ServiceConfig"]
    assert mock == {
        "MockResult": "ok",
        "ServiceProtocol": "HTTP",
        "ServiceVpcEnable": "FALSE",
        "Mock": "TRUE",
    }
    computed = props(conversion, "ApiGatewayApi_computed")["ServiceConfig"]
    assert computed["ServiceVpcEnable"] == {
        "Fn::Select": [
            {"Ref": "kind"},
            {"HTTP": "FALSE", "HTTP-VPC": "TRUE", "FunctionCompute": "FALSE", "MOCK": "FALSE"},
        ]
    }
    assert computed["ServiceAddress"] == "http://backend.example.com:8080"
    text = notes(conversion)
    assert "service_type not converted (it is 'GRPC', not one of HTTP, HTTP-VPC, " in text
    assert text.count("not converted") == 1  # and ServiceConfig, which ROS needs, is asked
    assert "status" not in text
    assert "left out immediate_delete_flag, Terraform's own settings" in text
    assert (conversion.summary.native, conversion.summary.lossy) == (6, 1)
    checked(conversion)


def test_defaults_of_the_providers_schema_for_what_ros_requires() -> None:
    conversion = convert(
        """
        resource "alicloud_log_project" "p" { name = "p" }
        resource "alicloud_log_store" "s" {
          project = alicloud_log_project.p.name
          name    = "s"
        }
        resource "alicloud_log_store_index" "fields" {
          project  = alicloud_log_project.p.name
          logstore = alicloud_log_store.s.name
          field_search {
            name             = "terraform"
            enable_analytics = true
          }
        }
        resource "alicloud_ram_policy" "p" {
          policy_name = "p"
          statement {
            effect   = "Allow"
            action   = ["oss:ListObjects"]
            resource = ["acs:oss:*:*:mybucket"]
          }
        }
        resource "alicloud_db_account_privilege" "priv" {
          instance_id  = "rm-1"
          account_name = "a"
          db_names     = ["d"]
        }
        """
    )
    index = props(conversion, "LogStoreIndex_fields")
    assert index["KeyIndices"] == [{"Name": "terraform", "EnableAnalytics": True, "Type": "long"}]
    assert index["FullTextIndex"] == {"Enable": False}
    assert props(conversion, "RamPolicy_p")["PolicyDocument"]["Version"] == "1"
    assert props(conversion, "DbAccountPrivilege_priv")["AccountPrivilege"] == "ReadOnly"
    assert conversion.summary.native == 5 and not conversion.notes
    checked(conversion)


def test_delimiters_parameter_blocks_and_a_policy_text_reach_their_ros_shape() -> None:
    conversion = convert(
        """
        resource "alicloud_log_project" "p" { name = "p" }
        resource "alicloud_log_store" "s" {
          project = alicloud_log_project.p.name
          name    = "s"
        }
        resource "alicloud_log_store_index" "i" {
          project  = alicloud_log_project.p.name
          logstore = alicloud_log_store.s.name
          full_text {
            case_sensitive = true
            token          = " #$^*\\r\\n\\t"
          }
          field_search {
            name             = "terraform"
            enable_analytics = true
            token            = ",;"
          }
        }
        resource "alicloud_polardb_cluster" "c" {
          db_type       = "MySQL"
          db_version    = "8.0"
          db_node_class = "polar.mysql.x4.large"
          pay_type      = "PostPaid"
          vswitch_id    = "vsw-1"
          parameters {
            name  = "innodb_lock_wait_timeout"
            value = "60"
          }
          parameters {
            name  = "back_log"
            value = 3000
          }
        }
        resource "alicloud_oss_bucket" "b" {
          bucket = "b-1"
          policy = jsonencode({ Version = "1", Statement = [{ Effect = "Allow" }] })
        }
        """
    )
    index = props(conversion, "LogStoreIndex_i")
    assert index["FullTextIndex"]["Delimiter"] == " #$^*\r\n\t"
    assert index["KeyIndices"][0]["Delimiter"] == ",;"
    parameters = props(conversion, "PolardbCluster_c")["DBClusterParameters"]["Parameters"]
    assert json.loads(parameters) == {"innodb_lock_wait_timeout": "60", "back_log": "3000"}
    assert props(conversion, "OssBucket_b")["Policy"] == {
        "Version": "1",
        "Statement": [{"Effect": "Allow"}],
    }
    assert conversion.summary.native == 5 and not conversion.notes
    checked(conversion)


def test_a_polardb_clusters_node_count_and_table_name_case_reach_the_ros_properties() -> None:
    conversion = convert(
        """
        variable "nodes" {
          type    = number
          default = 3
        }
        resource "alicloud_polardb_cluster" "c" {
          db_type                = "MySQL"
          db_version             = "8.0"
          db_node_class          = "polar.mysql.x4.large"
          pay_type               = "PostPaid"
          vswitch_id             = "vsw-1"
          db_node_count          = var.nodes
          lower_case_table_names = 0
        }
        """
    )
    cluster = props(conversion, "PolardbCluster_c")
    assert cluster["DBNodeNum"] == {"Ref": "nodes"}
    assert cluster["LowerCaseTableNames"] == 0
    assert conversion.summary.native == 1 and not conversion.notes
    checked(conversion)


def test_empty_tags_are_no_tags_and_hbase_auto_renew_false_is_rosss_default() -> None:
    conversion = convert(
        """
        variable "tags" {
          type    = map(string)
          default = {}
        }
        resource "alicloud_slb" "lb" {
          name = "web"
          tags = {}
        }
        resource "alicloud_hbase_instance" "off" {
          name                   = "hb"
          zone_id                = "cn-hangzhou-h"
          engine_version         = "2.0"
          master_instance_type   = "hbase.sn1.large"
          core_instance_type     = "hbase.sn1.large"
          core_disk_type         = "cloud_efficiency"
          core_disk_size         = 400
          auto_renew             = false
        }
        resource "alicloud_hbase_instance" "on" {
          name                   = "hb"
          zone_id                = "cn-hangzhou-h"
          engine_version         = "2.0"
          master_instance_type   = "hbase.sn1.large"
          core_instance_type     = "hbase.sn1.large"
          core_disk_type         = "cloud_efficiency"
          core_disk_size         = 400
          auto_renew             = true
        }
        """
    )
    assert not check_template(conversion.to_yaml()).errors
    # A module's `tags = {}` default: no pair without a key to ask for.
    assert props(conversion, "Slb_lb")["Tags"] == []
    assert "Parameters" not in conversion.template
    assert "AutoRenewPeriod" not in props(conversion, "HbaseInstance_off")
    assert "alicloud_hbase_instance.off" not in notes(conversion)
    assert "alicloud_hbase_instance.on: auto_renew" in notes(conversion)
