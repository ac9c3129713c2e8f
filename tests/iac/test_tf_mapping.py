"""Per-resource mapping beyond the vendor's rules as written: rules that collide, stray
characters in the rule data, arguments placed by the ROS schema, Terraform-only arguments,
rules that name the wrong ROS type, attributes that are the resource's own arguments.
Hand-written Terraform with the expected ROS; every converted template must pass the checker."""

from __future__ import annotations

import json

from iaccode.iac.tf_coerce import coerce_properties
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


def test_arguments_the_rules_leave_out_go_to_the_schemas_property_of_that_name() -> None:
    conversion = convert(
        """
        resource "alicloud_elasticsearch" "es" {
          version              = "7.10_with_X-Pack"
          vswitch_id           = "vsw-1"
          password             = var.password
          instance_charge_type = "PostPaid"
          data_node_amount     = 2
          data_node_spec       = "elasticsearch.sn2ne.large"
          data_node_disk_size  = 20
          data_node_disk_type  = "cloud_ssd"
          master_node_spec     = "elasticsearch.sn2ne.large"
          zone_count           = 1
          resource_group_id    = "rg-1"
        }
        variable "password" {
          type      = string
          sensitive = true
        }
        """
    )
    assert props(conversion, "Elasticsearch_es") == {
        "Version": "7.10_with_X-Pack",
        "VSwitchId": "vsw-1",
        "Password": {"Ref": "password"},
        "InstanceChargeType": "PostPaid",
        # data_node_* are the fields of ROS's required DataNode struct, by the schema's names.
        "DataNode": {
            "Amount": 2,
            "Spec": "elasticsearch.sn2ne.large",
            "DiskSize": 20,
            "DiskType": "cloud_ssd",
        },
        "MasterNode": {"Spec": "elasticsearch.sn2ne.large"},
        "ZoneCount": 1,
        "ResourceGroupId": "rg-1",
    }
    assert (
        "alicloud_elasticsearch.es: data_node_amount, data_node_spec, data_node_disk_size, "
        "data_node_disk_type, master_node_spec, zone_count and resource_group_id placed by the "
        "ROS schema's property names (the vendor's rules leave them out)."
    ) in conversion.warnings
    assert conversion.summary.native == 1


def test_a_schema_property_of_the_same_name_is_not_taken_when_the_value_does_not_fit() -> None:
    conversion = convert(
        """
        resource "alicloud_ga_listener" "l" {
          accelerator_id = "ga-1"
          port_ranges {
            from_port = 80
            to_port   = 80
          }
          idle_timeout    = "soon"
          request_timeout = 30
        }
        resource "alicloud_slb_rule" "r" {
          load_balancer_id = "lb-1"
          frontend_port    = 80
          domain           = "*.example.com"
          server_group_id  = "rsp-1"
          health_check_interval = "often"
        }
        """
    )
    properties = props(conversion, "GaListener_l")
    assert properties["RequestTimeout"] == 30
    assert "IdleTimeout" not in properties
    assert (
        "idle_timeout not converted (the vendor's rules leave it out, though ALIYUN::GA::Listener"
        " has a property IdleTimeout)" in "\n".join(conversion.warnings)
    )
    # Said of a field of a struct too: ROS does have the setting.
    assert (
        "health_check_interval not converted (the vendor's rules leave it out, though "
        "ALIYUN::SLB::Rule has a property RuleList.0.AdvancedSettings.HealthCheckInterval)"
        in "\n".join(conversion.warnings)
    )
    assert conversion.summary.lossy == 2


def test_terraform_only_arguments_are_no_loss_and_said_once() -> None:
    conversion = convert(
        """
        resource "alicloud_nat_gateway" "nat" {
          vpc_id           = "vpc-1"
          vswitch_id       = "vsw-1"
          nat_type         = "Enhanced"
          nat_gateway_name = "nat"
          dry_run          = false
          force            = true
        }
        resource "alicloud_ecs_snapshot" "snap" {
          disk_id  = "d-1"
          name     = "nightly"
          force    = true
          category = "flash"
        }
        """
    )
    # The rule maps a NAT gateway's `force` (DeletionForce); a snapshot's is Terraform's own.
    assert props(conversion, "NatGateway_nat") == {
        "VpcId": "vpc-1",
        "VSwitchId": "vsw-1",
        "NatType": "Enhanced",
        "NatGatewayName": "nat",
        "DeletionForce": True,
    }
    # The provider's deprecated `name` of a snapshot is its snapshot_name.
    assert props(conversion, "EcsSnapshot_snap") == {"DiskId": "d-1", "SnapshotName": "nightly"}
    text = conversion.warnings
    assert (
        "alicloud_nat_gateway.nat: left out dry_run, Terraform's own settings for how it applies"
        in "\n".join(text)
    )
    assert any(line.startswith("alicloud_ecs_snapshot.snap: left out force,") for line in text)
    # The snapshot's category is a setting ROS lacks: a loss.
    assert any("category not converted" in line for line in text)
    assert (conversion.summary.native, conversion.summary.lossy) == (1, 1)


def test_a_type_the_vendor_maps_to_another_resources_ros_type_is_left_out() -> None:
    conversion = convert(
        """
        resource "alicloud_kms_key" "key" {
          description = "k"
        }
        resource "alicloud_kms_ciphertext" "secret" {
          key_id    = alicloud_kms_key.key.id
          plaintext = "hello"
        }
        resource "alicloud_kms_secret" "kept" {
          secret_name = "s"
          secret_data = "hello"
          version_id  = "v1"
        }
        """
    )
    types = {name: entry["Type"] for name, entry in conversion.template["Resources"].items()}
    # A ciphertext is not a secret: ROS would store the plain text as a new secret.
    assert types == {"KmsKey_key": "ALIYUN::KMS::Key", "KmsSecret_kept": "ALIYUN::KMS::Secret"}
    assert "alicloud_kms_ciphertext.secret" in conversion.unsupported
    assert (
        "alicloud_kms_ciphertext.secret: the vendor's rules map alicloud_kms_ciphertext to "
        "ALIYUN::KMS::Secret, the type alicloud_kms_secret creates, but alicloud_kms_ciphertext "
        "has no argument for SecretName and VersionId, which ALIYUN::KMS::Secret needs: it is "
        "another resource, so it was left out;" in "\n".join(conversion.warnings)
    )
    assert (conversion.summary.native, conversion.summary.dropped) == (2, 1)


def test_an_attribute_that_is_the_resources_own_argument_reads_its_value_in_order() -> None:
    conversion = convert(
        """
        variable "project" {
          type    = string
          default = "logs"
        }
        resource "alicloud_log_project" "old" {
          name = "proj"
        }
        resource "alicloud_log_project" "new" {
          project_name = var.project
        }
        resource "alicloud_log_store" "a" {
          project_name  = alicloud_log_project.old.project_name
          logstore_name = "a"
        }
        resource "alicloud_log_store" "b" {
          project_name  = alicloud_log_project.new.project_name
          logstore_name = "b"
        }
        resource "alicloud_log_project" "unset" {
          description = "named by ROS"
        }
        output "unset_name" {
          value = alicloud_log_project.unset.project_name
        }
        output "group" {
          value = alicloud_elasticsearch.es.resource_group_id
        }
        resource "alicloud_elasticsearch" "es" {
          version             = "7.10_with_X-Pack"
          vswitch_id          = "vsw-1"
          password            = "Aa123456!"
          data_node_amount    = 2
          data_node_spec      = "elasticsearch.sn2ne.large"
          data_node_disk_size = 20
          data_node_disk_type = "cloud_ssd"
          resource_group_id   = "rg-1"
        }
        """
    )
    resources = conversion.template["Resources"]
    # project_name is the provider's newer name of `name`: the same value, and the store
    # still waits for its project, as Terraform's reference makes it.
    assert resources["LogStore_a"] == {
        "Type": "ALIYUN::SLS::Logstore",
        "Properties": {"ProjectName": "proj", "LogstoreName": "a"},
        "DependsOn": ["LogProject_old"],
    }
    assert resources["LogStore_b"] == {
        "Type": "ALIYUN::SLS::Logstore",
        "Properties": {"ProjectName": {"Ref": "project"}, "LogstoreName": "b"},
        "DependsOn": ["LogProject_new"],
    }
    outputs = conversion.template["Outputs"]
    # Not given: ROS requires Name, so the placeholder parameter is what the project gets.
    assert outputs["unset_name"]["Value"] == {"Ref": "LogProject_unset_Name"}
    # An argument the schema placed reads back too.
    assert outputs["group"]["Value"] == "rg-1"
    assert set(conversion.template["Parameters"]) == {"project", "LogProject_unset_Name"}
    assert (conversion.summary.native, conversion.summary.lossy) == (5, 1)


def test_values_take_the_shape_the_ros_schema_gives_their_property() -> None:
    conversion = convert(
        """
        resource "alicloud_oss_bucket" "b" {
          bucket = "my-bucket"
          policy = <<POLICY
        {"Version": "1", "Statement": [{"Effect": "Allow", "Action": ["oss:GetObject"]}]}
        POLICY
        }
        resource "alicloud_sae_load_balancer_internet" "i" {
          app_id          = "app-1"
          internet_slb_id = "lb-1"
          internet {
            protocol    = "TCP"
            port        = 80
            target_port = 8080
          }
        }
        resource "alicloud_ess_scaling_configuration" "c" {
          scaling_group_id  = "asg-1"
          image_id          = "img-1"
          instance_type     = "ecs.g6.large"
          security_group_id = "sg-1"
          spot_strategy     = "SpotWithPriceLimit"
          spot_price_limit {
            instance_type = "ecs.g6.large"
            price_limit   = 0.5
          }
        }
        resource "alicloud_ecs_snapshot" "s" {
          disk_id = "d-1"
          timeout = [1, 2]
        }
        resource "alicloud_kms_key" "on" {
          key_usage = "ENCRYPT/DECRYPT"
          status    = "Enabled"
        }
        resource "alicloud_kms_key" "off" {
          key_usage = "ENCRYPT/DECRYPT"
          status    = "Disabled"
        }
        resource "alicloud_config_compliance_pack" "p" {
          compliance_pack_name = "p"
          risk_level           = 1
          config_rules {
            managed_rule_identifier = "ecs-instance-no-public-ip"
            config_rule_parameters {
              parameter_name  = "x"
              parameter_value = "y"
            }
          }
        }
        resource "alicloud_alidns_access_strategy" "s" {
          strategy_name   = "s"
          strategy_mode   = "GEO"
          instance_id     = "gtm-1"
          default_addr_pool_type = "IPV4"
          default_min_available_addr_num = 1
          default_addr_pools {
            addr_pool_id = "pool-1"
            lba_weight   = 1
          }
          lines {
            line_code = "default"
          }
        }
        """
    )
    # JSON text (a heredoc) where ROS takes the policy as an object.
    assert props(conversion, "OssBucket_b")["Policy"] == {
        "Version": "1",
        "Statement": [{"Effect": "Allow", "Action": ["oss:GetObject"]}],
    }
    # The rules leave out every field of the block: no empty value is sent.
    assert "Internet" not in props(conversion, "SaeLoadBalancerInternet_i")
    # A block the rules send to a number property is reported, not emitted.
    assert "SpotPriceLimit" not in props(conversion, "EssScalingConfiguration_c")
    # Blocks of one argument each for a list of texts: the list of their values.
    assert props(conversion, "AlidnsAccessStrategy_s")["Lines"] == ["default"]
    # Blocks for a property ROS takes as JSON text, keyed as the rules name the fields.
    rules = props(conversion, "ConfigCompliancePack_p")["ConfigRules"]
    assert isinstance(rules, str)
    assert json.loads(rules) == [
        {
            "ManagedRuleIdentifier": "ecs-instance-no-public-ip",
            "ConfigRuleParameters": [{"ParameterName": "x", "ParameterValue": "y"}],
        }
    ]
    text = "\n".join(conversion.warnings)
    assert "internet.protocol, internet.port and internet.target_port not converted" in text
    assert "spot_price_limit.instance_type and spot_price_limit.price_limit not converted" in text
    # Terraform's status words for ROS's switch.
    assert props(conversion, "KmsKey_on")["Enable"] is True
    assert props(conversion, "KmsKey_off")["Enable"] is False
    # A value of a shape the property cannot take is reported, not emitted.
    assert "Timeout" not in props(conversion, "EcsSnapshot_s")
    assert "Timeout not converted (ALIYUN::ECS::Snapshot takes number for Timeout)" in text


def test_the_vpc_of_a_vswitch_and_the_region_are_given_where_ros_needs_them() -> None:
    conversion = convert(
        """
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/16"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        resource "alicloud_video_surveillance_system_group" "g" {
          group_name   = "cams"
          in_protocol  = "rtmp"
          out_protocol = "flv"
          play_domain  = "play.example.com"
          push_domain  = "push.example.com"
        }
        resource "alicloud_tsdb_instance" "t" {
          payment_type     = "PayAsYouGo"
          vswitch_id       = alicloud_vswitch.s.id
          instance_storage = "50"
          instance_class   = "tsdb.1x.basic"
          zone_id          = "cn-hangzhou-h"
        }
        """
    )
    properties = props(conversion, "TsdbInstance_t")
    # ROS spells it VPCId here; Terraform takes the VPC from the vSwitch.
    assert properties["VPCId"] == {"Ref": "Vpc_v"}
    # Terraform's billing word, in the spelling this ROS type allows.
    assert properties["PayType"] == "POSTPAY"
    # The provider's region is the stack's.
    assert props(conversion, "VideoSurveillanceSystemGroup_g")["Region"] == {
        "Ref": "ALIYUN::Region"
    }
    assert conversion.summary.native == 4
    assert properties["VSwitchId"] == {"Ref": "Vswitch_s"}
    assert "VPCId" not in "\n".join(conversion.warnings)


def test_arguments_the_rules_leave_out_go_into_the_struct_the_rules_fill() -> None:
    conversion = convert(
        """
        resource "alicloud_slb_rule" "r" {
          load_balancer_id      = "lb-1"
          frontend_port         = 80
          name                  = "r"
          domain                = "*.example.com"
          url                   = "/img"
          server_group_id       = "rsp-1"
          health_check          = "on"
          health_check_uri      = "/health"
          health_check_interval = 5
          sticky_session        = "on"
          sticky_session_type   = "insert"
          cookie_timeout        = 100
          scheduler             = "wrr"
        }
        """
    )
    # The vendor sends domain and url into RuleList.0 and leaves the health check out, though
    # ROS has it there, in AdvancedSettings.
    assert props(conversion, "SlbRule_r") == {
        "LoadBalancerId": "lb-1",
        "ListenerPort": 80,
        "RuleList": [
            {
                "RuleName": "r",
                "Domain": "*.example.com",
                "Url": "/img",
                "VServerGroupId": "rsp-1",
                "AdvancedSettings": {
                    "HealthCheck": "on",
                    "HealthCheckURI": "/health",
                    "HealthCheckInterval": 5,
                    "StickySession": "on",
                    "StickySessionType": "insert",
                    "CookieTimeout": 100,
                    "Scheduler": "wrr",
                },
            }
        ],
    }
    assert conversion.summary.native == 1


def test_a_placeholder_for_a_required_list_of_structs_is_a_json_parameter() -> None:
    conversion = convert(
        """
        variable "zones" {
          type = list(string)
        }
        resource "alicloud_alb_load_balancer" "lb" {
          vpc_id                = "vpc-1"
          address_type          = "Internet"
          load_balancer_edition = "Basic"
          load_balancer_billing_config {
            pay_type = "PayAsYouGo"
          }
          dynamic "zone_mappings" {
            for_each = toset(var.zones)
            content {
              zone_id    = zone_mappings.value
              vswitch_id = "vsw-1"
            }
          }
        }
        resource "alicloud_slb_listener" "l" {
          load_balancer_id = "lb-1"
          protocol         = "http"
          bandwidth        = 10
        }
        resource "alicloud_cen_instance_grant" "g" {
          cen_id            = "cen-1"
          child_instance_id = "vpc-1"
          cen_owner_id      = "123"
        }
        """
    )
    parameters = conversion.template["Parameters"]
    # Text could not stand for ROS's list of zone mappings; JSON can.
    assert parameters["AlbLoadBalancer_lb_ZoneMappings"]["Type"] == "Json"
    assert props(conversion, "AlbLoadBalancer_lb")["ZoneMappings"] == {
        "Ref": "AlbLoadBalancer_lb_ZoneMappings"
    }
    # A required port is a number.
    assert parameters["SlbListener_l_ListenerPort"]["Type"] == "Number"
    # The schema's allowed values are the parameter's choices.
    # (A VPC, a border router or a CCN: the child instance's id does not say which.)
    assert parameters["CenInstanceGrant_g_InstanceType"] == {
        "Type": "String",
        "Description": "InstanceType of alicloud_cen_instance_grant.g, which the Terraform "
        "configuration does not set.",
        "AllowedValues": ["CCN", "VBR", "VPC"],
    }


def test_servers_of_one_block_become_one_ros_entry_each() -> None:
    conversion = convert(
        """
        resource "alicloud_slb_server_group" "g" {
          load_balancer_id = "lb-1"
          name             = "g"
          servers {
            server_ids = ["i-1", "i-2"]
            port       = 80
            weight     = 100
          }
          servers {
            server_ids = ["i-3"]
            port       = 8080
            weight     = 50
          }
        }
        resource "alicloud_slb_server_group" "computed" {
          load_balancer_id = "lb-1"
          name             = "c"
          servers {
            server_ids = var.ids
            port       = 80
            weight     = 100
          }
        }
        variable "ids" {
          type = list(string)
        }
        """
    )
    # The vendor keeps the first id ("Only first server_id can be used"); each is a server.
    assert props(conversion, "SlbServerGroup_g")["BackendServers"] == [
        {"ServerId": "i-1", "Port": 80, "Weight": 100},
        {"ServerId": "i-2", "Port": 80, "Weight": 100},
        {"ServerId": "i-3", "Port": 8080, "Weight": 50},
    ]
    text = "\n".join(conversion.warnings)
    assert "alicloud_slb_server_group.g:" not in text
    # Known only at deploy time: the first of the list, as the vendor's rule warns.
    assert props(conversion, "SlbServerGroup_computed")["BackendServers"] == [
        {"ServerId": {"Fn::Select": ["0", {"Ref": "ids"}]}, "Port": 80, "Weight": 100}
    ]
    assert "alicloud_slb_server_group.computed: Only first server_id can be used" in text
    assert (conversion.summary.native, conversion.summary.lossy) == (1, 1)


def test_a_nested_argument_the_rules_leave_out_is_checked_against_the_ros_struct() -> None:
    conversion = convert(
        """
        resource "alicloud_instance" "vm" {
          image_id          = "img-1"
          instance_type     = "ecs.g6.large"
          security_groups   = ["sg-1"]
          vswitch_id        = "vsw-1"
          data_disks {
            size      = 20
            category  = "cloud_essd"
            encrypted = true
          }
        }
        """
    )
    assert props(conversion, "Instance_vm")["DiskMappings"] == [
        {"Size": 20, "Category": "cloud_essd"}
    ]
    assert (
        "data_disks.encrypted not converted (DiskMappings of ALIYUN::ECS::Instance has no field "
        "for it)" in "\n".join(conversion.warnings)
    )


def test_json_text_of_a_list_for_a_list_property_is_that_list() -> None:
    fitted = coerce_properties(
        "ALIYUN::ECS::Instance",
        {"DiskMappings": '[{"Size": 20, "Category": "cloud_essd"}]', "Description": "[x]"},
    )
    assert fitted == {
        "DiskMappings": [{"Size": 20, "Category": "cloud_essd"}],
        "Description": "[x]",  # a text property keeps its text
    }
    # Not JSON: left for the checker to name.
    assert coerce_properties("ALIYUN::ECS::Instance", {"DiskMappings": "[oops"}) == {
        "DiskMappings": ["[oops"]
    }


def test_json_text_nested_past_any_limit_is_reported_not_a_crash() -> None:
    deep = "[" * 5000
    conversion = convert(
        f"""
        resource "alicloud_oss_bucket" "b" {{
          bucket = "b"
          policy = "{deep}"
        }}
        """
    )
    assert props(conversion, "OssBucket_b") == {"BucketName": "b"}
    assert "policy not converted (its JSON text nests too deeply to read)" in "\n".join(
        conversion.warnings
    )
    assert coerce_properties("ALIYUN::ECS::Instance", {"DiskMappings": deep}) == {
        "DiskMappings": [deep]
    }


def test_the_providers_newer_payment_type_goes_where_the_rules_put_instance_charge_type() -> None:
    conversion = convert(
        """
        resource "alicloud_vpn_gateway" "g" {
          vpc_id       = "vpc-1"
          vswitch_id   = "vsw-1"
          bandwidth    = 10
          payment_type = "PayAsYouGo"
        }
        """
    )
    assert props(conversion, "VpnGateway_g")["InstanceChargeType"] == "PayAsYouGo"
    assert "payment_type" not in "\n".join(conversion.warnings)


def test_a_text_variable_where_ros_takes_a_struct_is_reported() -> None:
    conversion = convert(
        """
        variable "cfg" {
          type    = string
          default = ""
        }
        resource "alicloud_polardb_endpoint" "e" {
          db_cluster_id   = "pc-1"
          endpoint_type   = "Custom"
          endpoint_config = var.cfg
        }
        """
    )
    assert "EndpointConfig" not in props(conversion, "PolardbEndpoint_e")
    assert (
        "endpoint_config not converted (ALIYUN::POLARDB::DBClusterEndpoint takes struct for "
        "EndpointConfig)" in "\n".join(conversion.warnings)
    )


def test_a_text_variable_holding_a_json_policy_becomes_a_json_parameter() -> None:
    policy = '{"Statement": [{"Action": "sts:AssumeRole", "Effect": "Allow"}], "Version": "1"}'
    conversion = convert(
        f"""
        variable "document" {{
          type    = string
          default = <<EOF
        {policy}
        EOF
        }}
        resource "alicloud_ram_role" "r" {{
          role_name                   = "r"
          assume_role_policy_document = var.document
        }}
        """
    )
    assert props(conversion, "RamRole_r")["AssumeRolePolicyDocument"] == {"Ref": "document"}
    parameter = conversion.template["Parameters"]["document"]
    assert parameter["Type"] == "Json"
    assert parameter["Default"] == json.loads(policy)
    assert conversion.summary.native == 1
