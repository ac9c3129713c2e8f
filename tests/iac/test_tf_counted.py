"""`for_each` over a value known only at deploy time as ROS `Count` (`tf_counted`), and what
reads such resources: a list the stack takes as a parameter (required, so nothing to unroll),
a list inside a map variable, a resource counted at deploy time, a dynamic block over such a
resource's copies (one struct per copy, by `Fn::Jq`), `[for v in x : v.id]`, `length(x)`.
Hand-written projects with the ROS they must give; every template must pass the checker."""

from __future__ import annotations

from tests.iac.test_tf_constructs import checked, jq_first, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes

INDEX = {"Ref": "ALIYUN::Index"}

NETWORK = """
variable "zones" {
  type = list(string)
}
variable "subnets" {
  type = map(list(string))
}
resource "alicloud_vpc" "main" {
  cidr_block = "10.0.0.0/8"
}
resource "alicloud_vswitch" "web" {
  for_each     = { for i, cidr in var.subnets["web"] : i => cidr }
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = each.value
  zone_id      = var.zones[each.key]
  vswitch_name = "web-${each.key}"
}
"""

WEB_LIST = {"Fn::Select": ["web", {"Ref": "subnets"}]}


def front(zone_id: str) -> str:
    """An ALB with a zone mapping per copy of the web vSwitches, its zone `zone_id`."""
    return f"""
    resource "alicloud_alb_load_balancer" "front" {{
      vpc_id                 = alicloud_vpc.main.id
      address_type           = "Internet"
      address_allocated_mode = "Fixed"
      load_balancer_edition  = "Basic"
      load_balancer_billing_config {{
        pay_type = "PayAsYouGo"
      }}
      dynamic "zone_mappings" {{
        for_each = alicloud_vswitch.web
        content {{
          vswitch_id = zone_mappings.value.id
          zone_id    = {zone_id}
        }}
      }}
    }}
    """


def test_a_set_of_a_required_list_variable_becomes_count_over_the_parameter() -> None:
    conversion = checked(
        convert(
            """
            variable "names" {
              type = list(string)
            }
            resource "alicloud_vpc" "main" {
              for_each = toset(var.names)
              vpc_name = each.key
              description = "vpc ${each.value}"
            }
            resource "alicloud_vswitch" "one" {
              for_each     = toset(var.names)
              vpc_id       = alicloud_vpc.main[each.key].id
              cidr_block   = "10.0.0.0/24"
              zone_id      = "cn-hangzhou-h"
            }
            output "first" {
              value = alicloud_vpc.main["a"].id
            }
            """
        )
    )
    vpc = conversion.template["Resources"]["Vpc_main"]
    assert vpc["Count"] == {"Fn::Length": {"Ref": "names"}}
    item = {"Fn::Select": [INDEX, {"Ref": "names"}]}
    assert vpc["Properties"]["VpcName"] == item
    # Copy i of the vSwitch reads copy i of the VPC: the key's position is the copy's number.
    assert props(conversion, "Vswitch_one")["VpcId"] == {"Fn::Select": [INDEX, {"Ref": "Vpc_main"}]}
    # A literal key is found in the list.
    first = conversion.template["Outputs"]["first"]["Value"]
    assert first == {"Fn::Select": [{"Fn::Index": ["a", {"Ref": "names"}]}, {"Ref": "Vpc_main"}]}
    assert conversion.summary.native == 2 and "left out" not in notes(conversion)
    assert "unrolled" not in notes(conversion)


def test_a_for_expression_over_a_list_in_a_map_variable_is_counted_by_position() -> None:
    conversion = checked(convert(NETWORK))
    web = conversion.template["Resources"]["Vswitch_web"]
    assert web["Count"] == {"Fn::Length": WEB_LIST}
    assert web["Properties"]["CidrBlock"] == {"Fn::Select": [INDEX, WEB_LIST]}
    assert web["Properties"]["ZoneId"] == {"Fn::Select": [INDEX, {"Ref": "zones"}]}
    assert web["Properties"]["VSwitchName"] == {"Fn::Sub": "web-${ALIYUN::Index}"}
    assert conversion.summary.native == 2 and not conversion.warnings


def test_a_for_each_over_a_resource_counted_at_deploy_time_pairs_the_copies() -> None:
    conversion = checked(
        convert(
            NETWORK
            + """
            resource "alicloud_instance" "app" {
              for_each          = alicloud_vswitch.web
              instance_type     = "ecs.g6.large"
              image_id          = "aliyun_3_x64_20G_alibase_20240528.vhd"
              vswitch_id        = each.value.id
              availability_zone = each.value.zone_id
              instance_name     = "app-${each.key}"
            }
            """
        )
    )
    app = conversion.template["Resources"]["Instance_app"]
    assert app["Count"] == {"Fn::Length": WEB_LIST}
    assert app["Properties"]["VSwitchId"] == {"Fn::Select": [INDEX, {"Ref": "Vswitch_web"}]}
    # ROS has no ZoneId attribute of a vSwitch: copy i's own argument, read in copy i.
    assert app["Properties"]["ZoneId"] == {"Fn::Select": [INDEX, {"Ref": "zones"}]}
    assert app["Properties"]["InstanceName"] == {"Fn::Sub": "app-${ALIYUN::Index}"}
    assert conversion.summary.native == 3 and not conversion.warnings


def test_a_dynamic_block_over_copies_counted_at_deploy_time_is_one_struct_per_copy() -> None:
    conversion = checked(convert(NETWORK + front("zone_mappings.value.zone_id")))
    mappings = props(conversion, "AlbLoadBalancer_front")["ZoneMappings"]
    copies = {"Fn::Length": WEB_LIST}
    method, script, data = mappings["Fn::Jq"]
    assert method == "First"
    # The vSwitches' ids, and their zones: the first items of the list, one per copy.
    zones = {"Fn::Jq": ["First", ".l[0:(.n | tonumber)]", {"l": {"Ref": "zones"}, "n": copies}]}
    assert data == {"p": [{"Ref": "Vswitch_web"}, zones], "f": []}
    assert jq_first(zones["Fn::Jq"][1], {"l": ["h", "i", "j"], "n": "2"}) == ["h", "i"]
    made = jq_first(script, {"p": [["vsw-1", "vsw-2"], ["h", "i"]], "f": []})
    assert made == [{"VSwitchId": "vsw-1", "ZoneId": "h"}, {"VSwitchId": "vsw-2", "ZoneId": "i"}]
    assert jq_first(script, {"p": [[], []], "f": []}) == []  # no copies, no mappings
    assert conversion.summary.native == 3 and not conversion.warnings


def test_fields_the_copies_share_are_in_every_struct() -> None:
    conversion = checked(
        convert(
            NETWORK
            + """
            resource "alicloud_instance" "app" {
              for_each      = alicloud_vswitch.web
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
              vswitch_id    = each.value.id
            }
            resource "alicloud_alb_server_group" "pool" {
              vpc_id            = alicloud_vpc.main.id
              server_group_name = "pool"
              protocol          = "HTTP"
              health_check_config {
                health_check_enabled = false
              }
              dynamic "servers" {
                for_each = alicloud_instance.app
                content {
                  server_type = "Ecs"
                  port        = 80
                  server_id   = servers.value.id
                  server_ip   = servers.value.primary_ip_address
                  description = "pool ${alicloud_vpc.main.id}"
                }
              }
            }
            output "servers" {
              value = alicloud_alb_server_group.pool.servers
            }
            """
        )
    )
    servers = props(conversion, "AlbServerGroup_pool_Servers")["Servers"]
    _, script, data = servers["Fn::Jq"]
    assert data == {
        "p": [{"Ref": "Instance_app"}, {"Fn::GetAtt": ["Instance_app", "PrivateIp"]}],
        "f": [{"Fn::Sub": "pool ${Vpc_main}"}],
    }
    made = jq_first(script, {"p": [["i-1", "i-2"], ["10.0.0.1", "10.0.0.2"]], "f": ["pool v"]})
    assert made == [
        {
            "ServerType": "Ecs",
            "Port": 80,
            "ServerId": f"i-{n}",
            "ServerIp": f"10.0.0.{n}",
            "Description": "pool v",
        }
        for n in (1, 2)
    ]
    # Read back, the blocks are not Terraform's value (one block per server): refused.
    assert "output.servers" in notes(conversion)
    assert "__zipped__" not in conversion.to_json()


def test_a_copys_attribute_inside_a_text_is_not_merged() -> None:
    conversion = checked(convert(NETWORK + front('"${zone_mappings.value.zone_id}-x"')))
    assert "the dynamic block zone_mappings was not converted" in notes(conversion)


def test_a_dynamic_block_that_reads_the_copys_key_is_not_merged() -> None:
    conversion = checked(convert(NETWORK + front("var.zones[zone_mappings.key]")))
    assert "the dynamic block zone_mappings was not converted" in notes(conversion)
    assert "Fn::Jq" not in conversion.to_yaml()


def test_keys_that_are_an_attribute_of_the_items_are_not_counted() -> None:
    # `v.name => v` keys the copies by name: a read by key could not find the copy by number.
    conversion = convert(
        """
        variable "nets" {
          type = list(object({ name = string, cidr = string }))
        }
        resource "alicloud_vpc" "main" {
          for_each   = { for v in var.nets : v.name => v }
          vpc_name   = each.key
          cidr_block = each.value.cidr
        }
        resource "alicloud_vpc" "shared" {
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    assert "Vpc_main" not in conversion.template.get("Resources", {})
    assert "alicloud_vpc.main: its for_each" in notes(conversion)


def test_a_list_of_objects_is_a_json_parameter_read_by_position_and_field() -> None:
    conversion = checked(
        convert(
            """
            variable "nets" {
              type    = list(object({ name = string, cidr = string }))
              default = []
            }
            resource "alicloud_vpc" "main" {
              for_each   = { for i, v in var.nets : i => v }
              vpc_name   = each.value.name
              cidr_block = each.value.cidr
            }
            resource "alicloud_vpc" "spare" {
              count      = length(var.nets) > 0 ? 0 : 1
              cidr_block = "192.168.0.0/16"
            }
            """
        )
    )
    assert conversion.template["Parameters"]["nets"] == {"Type": "Json", "Default": []}
    vpc = conversion.template["Resources"]["Vpc_main"]
    item = {"Fn::Select": [INDEX, {"Ref": "nets"}]}
    assert vpc["Properties"] == {
        "VpcName": {"Fn::Select": ["name", item]},
        "CidrBlock": {"Fn::Select": ["cidr", item]},
    }
    # Emptiness of a JSON list is a comparison with the empty list, not with joined text.
    conditions = conversion.template["Conditions"]
    assert {"Fn::Equals": [[], {"Ref": "nets"}]} in _walk(conditions)
    assert "unrolled" not in notes(conversion)


def test_a_for_expression_and_length_of_a_counted_resource_read_every_copy() -> None:
    conversion = checked(
        convert(
            NETWORK
            + """
            resource "alicloud_security_group" "per_switch" {
              count  = length(alicloud_vswitch.web)
              vpc_id = alicloud_vpc.main.id
            }
            output "ids" {
              value = [for k, v in alicloud_vswitch.web : v.id]
            }
            output "joined" {
              value = join(",", [for v in alicloud_vswitch.web : v.id])
            }
            """
        )
    )
    group = conversion.template["Resources"]["SecurityGroup_per_switch"]
    assert group["Count"] == {"Fn::Length": WEB_LIST}
    outputs = conversion.template["Outputs"]
    assert outputs["ids"]["Value"] == {"Ref": "Vswitch_web"}
    assert outputs["joined"]["Value"] == {"Fn::Join": [",", {"Ref": "Vswitch_web"}]}
    assert not conversion.warnings


def _walk(value: object) -> list[object]:
    """Every dict and list inside a value, the value included."""
    found: list[object] = [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    for item in items:
        found.extend(_walk(item))
    return found


def test_copies_merged_where_ros_takes_one_block_are_reported() -> None:
    conversion = checked(
        convert(
            NETWORK
            + """
            resource "alicloud_alb_load_balancer" "front" {
              vpc_id                 = alicloud_vpc.main.id
              address_type           = "Internet"
              address_allocated_mode = "Fixed"
              load_balancer_edition  = "Basic"
              zone_mappings {
                vswitch_id = "vsw-1"
                zone_id    = "cn-hangzhou-h"
              }
              dynamic "load_balancer_billing_config" {
                for_each = alicloud_vswitch.web
                content {
                  pay_type = load_balancer_billing_config.value.vswitch_name
                }
              }
            }
            """
        )
    )
    assert (
        "load_balancer_billing_config not converted (it repeats a block over copies known only "
        "at deploy time, which ROS cannot list here)" in notes(conversion)
    )
    assert "Fn::Jq" not in conversion.to_yaml()


SETS = """
variable "names" {
  type = set(string)
}
variable "ports" {
  type = set(string)
}
resource "alicloud_vpc" "main" {
  cidr_block = "10.0.0.0/8"
}
resource "alicloud_vswitch" "named" {
  for_each     = { for i, name in var.names : i => name }
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = "10.0.0.0/24"
  zone_id      = "cn-hangzhou-h"
  vswitch_name = "vsw-${each.key}"
}
resource "alicloud_security_group" "per_switch" {
  for_each            = alicloud_vswitch.named
  vpc_id              = alicloud_vpc.main.id
  security_group_name = each.key
}
resource "alicloud_security_group" "per_port" {
  for_each            = toset(var.ports)
  vpc_id              = alicloud_vpc.main.id
  security_group_name = "port-${each.key}"
}
resource "alicloud_vswitch" "by_port" {
  for_each     = toset(var.ports)
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = "10.0.1.0/24"
  zone_id      = "cn-hangzhou-h"
  vswitch_name = alicloud_vswitch.named[each.key].vswitch_name
}
output "https" {
  value = alicloud_security_group.per_port["443"].id
}
"""


def test_a_sets_keys_are_its_items_however_it_is_iterated() -> None:
    conversion = checked(convert(SETS))
    name = {"Fn::Select": [INDEX, {"Ref": "names"}]}
    # A set's "index" in a for expression is its item, as Terraform iterates a set.
    assert props(conversion, "Vswitch_named")["VSwitchName"] == {"Fn::Join": ["", ["vsw-", name]]}
    # Over the vSwitches' copies, each.key is the vSwitch's key, not its number.
    assert props(conversion, "SecurityGroup_per_switch")["SecurityGroupName"] == name
    # A key that looks like a number is still an item of the set.
    ports = {"Ref": "ports"}
    https = conversion.template["Outputs"]["https"]["Value"]
    assert https == {
        "Fn::Select": [{"Fn::Index": ["443", ports]}, {"Ref": "SecurityGroup_per_port"}]
    }
    # A key from another set is found in the set the resource is keyed by.
    port = {"Fn::Select": [INDEX, ports]}
    assert props(conversion, "Vswitch_by_port")["VSwitchName"] == {
        "Fn::Select": [
            {"Fn::Index": [port, {"Ref": "names"}]},
            {"Fn::GetAtt": ["Vswitch_named", "VSwitchName"]},
        ]
    }


def test_a_for_expression_makes_a_plain_counts_copies_a_map_by_position() -> None:
    conversion = checked(
        convert(
            """
            variable "zones" {
              type = list(string)
            }
            resource "alicloud_vpc" "main" {
              cidr_block = "10.0.0.0/8"
            }
            resource "alicloud_vswitch" "web" {
              count      = length(var.zones)
              vpc_id     = alicloud_vpc.main.id
              cidr_block = "10.0.${count.index}.0/24"
              zone_id    = var.zones[count.index]
            }
            resource "alicloud_nat_gateway" "nat" {
              for_each         = { for k, v in alicloud_vswitch.web : k => v }
              vpc_id           = alicloud_vpc.main.id
              vswitch_id       = each.value.id
              nat_gateway_name = "nat-${each.key}"
              nat_type         = "Enhanced"
            }
            output "second" {
              value = alicloud_nat_gateway.nat["1"].id
            }
            """
        )
    )
    nat = conversion.template["Resources"]["NatGateway_nat"]
    assert nat["Count"] == {"Fn::Length": {"Ref": "zones"}}
    assert nat["Properties"]["VSwitchId"] == {"Fn::Select": [INDEX, {"Ref": "Vswitch_web"}]}
    assert nat["Properties"]["NatGatewayName"] == {"Fn::Sub": "nat-${ALIYUN::Index}"}
    second = conversion.template["Outputs"]["second"]["Value"]
    assert second == {"Fn::Select": ["1", {"Ref": "NatGateway_nat"}]}
    assert not conversion.warnings


def test_a_copys_field_that_stands_as_a_parameter_is_not_a_list_of_copies() -> None:
    conversion = checked(
        convert(
            """
            variable "n" {
              type = number
            }
            resource "alicloud_instance" "app" {
              count         = var.n
              instance_type = "ecs.g6.large"
              image_id      = "aliyun_3_x64_20G_alibase_20240528.vhd"
            }
            resource "alicloud_alb_server_group" "pool" {
              vpc_id            = "vpc-1"
              server_group_name = "pool"
              protocol          = "HTTP"
              health_check_config {
                health_check_enabled = false
              }
              dynamic "servers" {
                for_each = alicloud_instance.app
                content {
                  server_type = "Ecs"
                  server_id   = servers.value.id
                  weight      = servers.value.internet_max_bandwidth_out
                }
              }
            }
            """
        )
    )
    # The weight ROS cannot read is one parameter, not every copy's: not one struct per copy.
    assert "servers not converted (it repeats a block over copies" in notes(conversion)
    assert "$d.p" not in conversion.to_json()


USERS = """
variable "users" {
  type = map(object({ display_name = string, mobile = optional(string) }))
  default = {}
}
resource "alicloud_bastionhost_host" "h" {
  for_each             = var.users
  instance_id          = "bastionhost-1"
  host_name            = each.key
  active_address_type  = "Private"
  host_private_address = each.value.display_name
  os_type              = "Linux"
  source               = "Local"
}
output "first" {
  value = alicloud_bastionhost_host.h["alice"].host_id
}
"""


def test_a_map_variable_is_counted_by_its_keys_in_terraforms_order() -> None:
    conversion = checked(convert(USERS))
    keys = {"Fn::Jq": ["First", "keys", {"Ref": "users"}]}
    resources = conversion.template["Resources"]
    host = resources["BastionhostHost_h"]
    # Unrolled over the default `{}`, no host would ever be made.
    assert host["Count"] == {"Fn::Length": keys}
    key = {"Fn::Select": [INDEX, keys]}
    assert host["Properties"]["HostName"] == key
    assert host["Properties"]["HostPrivateAddress"] == {
        "Fn::Select": ["display_name", {"Fn::Select": [key, {"Ref": "users"}]}]
    }
    assert jq_first("keys", {"bob": {}, "Alice": {}, "alice": {}}) == ["Alice", "alice", "bob"]
    # A literal key finds its copy in the same sorted list of keys.
    assert conversion.template["Outputs"]["first"]["Value"] == {
        "Fn::Select": [
            {"Fn::Index": ["alice", keys]},
            {"Fn::GetAtt": ["BastionhostHost_h", "HostId"]},
        ]
    }
    assert "unrolled" not in notes(conversion)


def test_a_map_filtered_by_its_items_is_unrolled_over_the_default_and_said_so() -> None:
    conversion = checked(
        convert(
            """
            variable "users" {
              type    = map(object({ address = string, on = bool }))
              default = {
                a = { address = "10.0.0.1", on = true }
                b = { address = "x", on = false }
              }
            }
            resource "alicloud_bastionhost_host" "h" {
              for_each             = { for k, v in var.users : k => v if v.on }
              instance_id          = "bastionhost-1"
              host_name            = each.key
              active_address_type  = "Private"
              host_private_address = each.value.address
              os_type              = "Linux"
              source               = "Local"
            }
            """
        )
    )
    assert props(conversion, "BastionhostHost_h_a")["HostPrivateAddress"] == "10.0.0.1"
    assert "BastionhostHost_h_b" not in conversion.template["Resources"]
    assert (
        "alicloud_bastionhost_host.h: for_each over var.users was unrolled over its default, so "
        "a different value at deploy time is not followed." in notes(conversion)
    )
