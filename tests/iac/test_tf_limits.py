"""Terraform -> ROS limits: counts no stack could hold, locals read many times, and which
files of a directory a conversion reads (so example and test folders do not count)."""

from __future__ import annotations

import subprocess
import textwrap
import time
from pathlib import Path

import pytest

from iaccode.iac.terraform import (
    Conversion,
    TerraformError,
    collect_terraform_files,
    collect_used_files,
    convert_terraform,
)
from iaccode.iac.tf_convert import Summary
from tests.iac.test_tf_constructs import convert, jq_first, main, project, props, warnings


def _locals_read_three_times(levels: int) -> str:
    """Each local reads the one before it three times but keeps its size: 3**levels reads
    when every read converts the local again."""
    lines = ['  l0 = ["10.0.0.0/8"]']
    for level in range(1, levels):
        prev = f"local.l{level - 1}"
        lines.append(f"  l{level} = length({prev}) > 0 ? {prev} : {prev}")
    return "locals {\n" + "\n".join(lines) + "\n}\n"


def test_a_local_is_converted_once_per_conversion() -> None:
    text = _locals_read_three_times(40)
    text += 'resource "alicloud_vpc" "v" {\n  cidr_block = local.l39[0]\n}\n'
    conversion = main(text)
    assert props(conversion, "Vpc_v") == {"CidrBlock": "10.0.0.0/8"}


def test_cached_locals_are_copies_and_keep_count_index_apart() -> None:
    conversion = main(
        """
        locals {
          tags = { team = "web" }
          name = "web-${count.index}"
        }
        resource "alicloud_vpc" "a" {
          cidr_block = "10.0.0.0/8"
          tags       = local.tags
        }
        resource "alicloud_vpc" "b" {
          count      = 2
          cidr_block = "10.0.0.0/8"
          vpc_name   = local.name
          tags       = local.tags
        }
        """
    )
    a, b = props(conversion, "Vpc_a"), props(conversion, "Vpc_b")
    assert a["Tags"] == b["Tags"] == [{"Key": "team", "Value": "web"}]
    assert a["Tags"] is not b["Tags"]
    assert b["VpcName"] == {"Fn::Sub": "web-${ALIYUN::Index}"}


@pytest.mark.parametrize(
    "count",
    ["100000", "var.on ? 100000 : 0", "length(range(301))"],
)
def test_a_literal_count_no_stack_can_hold_is_refused(count: str) -> None:
    text = f"""
        variable "on" {{
          type    = bool
          default = true
        }}
        resource "alicloud_vpc" "v" {{
          count      = {count}
          cidr_block = "10.0.0.0/8"
        }}
        """
    with pytest.raises(TerraformError, match=r"alicloud_vpc\.v asks for \d+ copies; a ROS stack"):
        convert_terraform({"main.tf": textwrap.dedent(text)})


def test_a_module_count_no_stack_can_hold_is_refused_before_inlining() -> None:
    files = {
        "main.tf": 'module "m" {\n  source = "./m"\n  count  = 100000\n}\n',
        "m/main.tf": 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n',
    }
    with pytest.raises(TerraformError, match=r"module\.m asks for 100000 copies"):
        convert_terraform(files)


@pytest.mark.parametrize(
    "files",
    [
        {  # 250 module instances, each with a for_each of 250 copies: 62,500 resources
            "main.tf": 'module "m" {\n  source   = "./m"\n  for_each = toset([for i in '
            "range(250) : tostring(i)])\n  name     = each.key\n}\n",
            "m/main.tf": 'variable "name" {}\nresource "alicloud_vpc" "v" {\n  for_each   = '
            'toset([for i in range(250) : tostring(i)])\n  vpc_name   = "${var.name}-'
            '${each.key}"\n  cidr_block = "10.0.0.0/8"\n}\n',
        },
        {  # modules with no resource of their own, 300 x 300 x 300 instances
            "main.tf": 'module "a" {\n  source = "./a"\n  count  = 300\n}\n',
            "a/main.tf": 'module "b" {\n  source = "../b"\n  count  = 300\n}\n',
            "b/main.tf": 'module "c" {\n  source = "../c"\n  count  = 300\n}\n',
            "c/main.tf": 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n',
        },
    ],
)
def test_nested_copies_no_stack_can_hold_are_refused_quickly(files: dict[str, str]) -> None:
    started = time.monotonic()
    with pytest.raises(TerraformError, match=r"add up to more than 2000 \(reached at "):
        convert_terraform(files)
    assert time.monotonic() - started < 10


def test_a_count_of_300_still_converts() -> None:
    conversion = main(
        'resource "alicloud_vpc" "v" {\n  count = 300\n  cidr_block = "10.0.0.0/8"\n}\n'
    )
    assert conversion.template["Resources"]["Vpc_v"]["Count"] == 300


# --- which files a conversion reads -----------------------------------------------------------


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_only_the_root_module_and_the_local_modules_it_calls_are_collected(tmp_path: Path) -> None:
    vpc = 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n'
    _write(
        tmp_path,
        {
            "main.tf": 'module "net" {\n  source = "./modules/net"\n}\n' + vpc,
            "terraform.tfvars": 'name = "x"\n',
            "templates/user_data.tftpl": "echo hi\n",
            "modules/net/main.tf": 'module "deeper" {\n  source = "../deeper"\n}\n',
            "modules/deeper/main.tf": vpc,
            "modules/unused/main.tf": vpc,
            # Configurations of their own, as module repositories keep them: 60 files.
            **{f"examples/e{n}/main.tf": vpc for n in range(30)},
            **{f"tests/t{n}/main.tf": vpc for n in range(30)},
            "examples/e0/user_data.tftpl": "echo example\n",
        },
    )
    with pytest.raises(TerraformError, match="more than 50 Terraform files"):
        collect_terraform_files(tmp_path)
    files = collect_used_files(tmp_path)
    assert sorted(files) == [
        "main.tf",
        "modules/deeper/main.tf",
        "modules/net/main.tf",
        "templates/user_data.tftpl",
        "terraform.tfvars",
    ]
    conversion = convert_terraform(files)
    assert conversion.summary.found == 2


def test_the_files_a_conversion_reads_still_have_the_limits(tmp_path: Path) -> None:
    vpc = 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n'
    _write(tmp_path, {f"part{n}.tf": "" for n in range(51)})
    with pytest.raises(TerraformError, match="have 51 files, more than 50"):
        collect_used_files(tmp_path)
    _write(tmp_path, {"part0.tf": vpc * 3})
    with pytest.raises(TerraformError, match="more than 100 bytes"):
        collect_used_files(tmp_path, max_bytes=100, max_files=60)
    _write(tmp_path / "many", {"main.tf": "", **{f"d{n}/x.tf": "" for n in range(2001)}})
    with pytest.raises(TerraformError, match="more than 2000"):
        collect_used_files(tmp_path / "many")


def test_a_module_that_is_not_valid_hcl_names_its_file(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {"main.tf": 'module "m" {\n  source = "./m"\n}\n', "m/main.tf": 'resource "x" "y" {\n'},
    )
    with pytest.raises(TerraformError, match=r"m/main\.tf"):
        collect_used_files(tmp_path)


def test_module_sources_outside_the_directory_are_not_followed(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "outside/main.tf": 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n',
            "root/main.tf": 'module "m" {\n  source = "../outside"\n}\n',
        },
    )
    assert sorted(collect_used_files(tmp_path / "root")) == ["main.tf"]


# --- count and for_each on module calls ---------------------------------------------------------

_SUBNET_MODULE = """
variable "cidr" {
  type = string
}
variable "zone" {
  type    = string
  default = "cn-hangzhou-h"
}
resource "alicloud_vswitch" "this" {
  vpc_id     = "vpc-1"
  cidr_block = var.cidr
  zone_id    = var.zone
}
output "id" {
  value = alicloud_vswitch.this.id
}
"""


def test_for_each_over_a_map_on_a_module_call_inlines_one_copy_per_key() -> None:
    conversion = convert(
        project(
            main_tf="""
            locals {
              subnets = {
                web = { cidr = "10.0.1.0/24", zone = "cn-hangzhou-i" }
                db  = { cidr = "10.0.2.0/24", zone = "cn-hangzhou-j" }
              }
            }
            module "subnet" {
              source   = "./modules/subnet"
              for_each = local.subnets
              cidr     = each.value.cidr
              zone     = each.value.zone
            }
            output "web" {
              value = module.subnet["web"].id
            }
            output "all" {
              value = module.subnet[*].id
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    resources = conversion.template["Resources"]
    assert sorted(resources) == ["Vswitch_subnet_db__this", "Vswitch_subnet_web__this"]
    assert props(conversion, "Vswitch_subnet_web__this") == {
        "VpcId": "vpc-1",
        "CidrBlock": "10.0.1.0/24",
        "ZoneId": "cn-hangzhou-i",
    }
    assert props(conversion, "Vswitch_subnet_db__this")["CidrBlock"] == "10.0.2.0/24"
    outputs = conversion.template["Outputs"]
    assert outputs["web"]["Value"] == {"Ref": "Vswitch_subnet_web__this"}
    assert outputs["all"]["Value"] == [
        {"Ref": "Vswitch_subnet_web__this"},
        {"Ref": "Vswitch_subnet_db__this"},
    ]
    assert conversion.summary == Summary(found=2, native=2, lossy=0, dropped=0)


def test_for_each_over_a_set_variable_on_a_module_call_follows_its_default() -> None:
    conversion = convert(
        project(
            main_tf="""
            variable "cidrs" {
              type    = set(string)
              default = ["10.0.1.0/24", "10.0.2.0/24"]
            }
            module "subnet" {
              source   = "./modules/subnet"
              for_each = toset(var.cidrs)
              cidr     = each.key
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    cidrs = [r["Properties"]["CidrBlock"] for r in conversion.template["Resources"].values()]
    assert cidrs == ["10.0.1.0/24", "10.0.2.0/24"]
    assert "module.subnet: for_each over var.cidrs was unrolled over its default" in warnings(
        conversion
    )


def test_module_for_each_keys_that_read_alike_keep_a_copy_each() -> None:
    conversion = convert(
        project(
            main_tf="""
            module "subnet" {
              source   = "./modules/subnet"
              for_each = { "a-b" = "10.0.1.0/24", "a_b" = "10.0.2.0/24", "a.b" = "10.0.3.0/24" }
              cidr     = each.value
            }
            output "first" {
              value = module.subnet["a-b"].id
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    resources = conversion.template["Resources"]
    cidrs = {name: r["Properties"]["CidrBlock"] for name, r in resources.items()}
    assert sorted(cidrs.values()) == ["10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"]
    first = conversion.template["Outputs"]["first"]["Value"]["Ref"]
    assert cidrs[first] == "10.0.1.0/24"


def test_a_module_read_as_a_whole_is_its_instances_outputs() -> None:
    conversion = convert(
        project(
            main_tf="""
            module "by_key" {
              source   = "./modules/subnet"
              for_each = { b = "10.0.2.0/24", a = "10.0.1.0/24" }
              cidr     = each.value
            }
            module "by_index" {
              source = "./modules/subnet"
              count  = 2
              cidr   = "10.1.${count.index}.0/24"
            }
            output "by_key" {
              value = [for key, one in module.by_key : one.id]
            }
            output "by_index" {
              value = [for one in module.by_index : one.id]
            }
            resource "alicloud_vpc" "after" {
              cidr_block = "10.0.0.0/8"
              depends_on = [module.by_index]
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    resources, outputs = conversion.template["Resources"], conversion.template["Outputs"]

    def cidrs(name: str) -> list[str]:
        return [resources[ref["Ref"]]["Properties"]["CidrBlock"] for ref in outputs[name]["Value"]]

    # Terraform walks a map in its keys' order: a before b.
    assert cidrs("by_key") == ["10.0.1.0/24", "10.0.2.0/24"]
    assert cidrs("by_index") == ["10.1.0.0/24", "10.1.1.0/24"]
    # depends_on still names the call's resources, not the value of its outputs.
    assert resources["Vpc_after"]["DependsOn"] == [
        ref["Ref"] for ref in outputs["by_index"]["Value"]
    ]
    assert "module by_key, which is not converted" not in warnings(conversion)


def test_for_expressions_walk_maps_and_string_sets_in_key_order() -> None:
    conversion = main(
        """
        locals {
          zones = { web = "cn-hangzhou-k", db = "cn-hangzhou-h" }
          names = toset(["web", "db", "web"])
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = "10.0.0.0/8"
          vpc_name    = join("-", [for role, zone in local.zones : role])
          description = join("-", [for name in local.names : name])
        }
        """
    )
    assert props(conversion, "Vpc_v")["VpcName"] == "db-web"
    assert props(conversion, "Vpc_v")["Description"] == "db-web"


def test_a_module_for_each_known_only_at_deploy_time_is_reported() -> None:
    conversion = convert(
        project(
            main_tf="""
            resource "alicloud_vpc" "v" {
              cidr_block = "10.0.0.0/8"
            }
            module "subnet" {
              source   = "./modules/subnet"
              for_each = alicloud_vpc.v.id
              cidr     = each.key
            }
            module "none" {
              source   = "./modules/subnet"
              for_each = {}
              cidr     = each.key
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    assert list(conversion.template["Resources"]) == ["Vpc_v"]
    text = warnings(conversion)
    assert (
        "module.subnet: its for_each reads alicloud_vpc.v, whose values are known only at "
        "deploy time, so its resources were left out" in text
    )
    assert "module.none: its for_each is empty, so it was left out." in text
    assert set(conversion.unsupported) == {"module.none", "module.subnet"}


def test_a_module_count_inlines_one_copy_per_index() -> None:
    conversion = convert(
        project(
            main_tf="""
            module "subnet" {
              source = "./modules/subnet"
              count  = 2
              cidr   = "10.0.${count.index}.0/24"
            }
            output "second" {
              value = module.subnet[1].id
            }
            """,
            modules__subnet__main_tf=_SUBNET_MODULE,
        )
    )
    assert props(conversion, "Vswitch_subnet_1__this")["CidrBlock"] == "10.0.1.0/24"
    assert conversion.template["Outputs"]["second"]["Value"] == {"Ref": "Vswitch_subnet_1__this"}


def test_a_module_for_each_no_stack_can_hold_is_refused() -> None:
    files = project(
        main_tf="""
        module "subnet" {
          source   = "./modules/subnet"
          for_each = toset([for n in range(301) : tostring(n)])
          cidr     = each.key
        }
        """,
        modules__subnet__main_tf=_SUBNET_MODULE,
    )
    with pytest.raises(TerraformError, match=r"module\.subnet asks for 301 copies"):
        convert_terraform(files)


# --- cidrsubnet over a parameter ---------------------------------------------------------------


def test_cidrsubnet_over_a_parameter_is_fn_cidr_at_the_defaults_prefix_length() -> None:
    conversion = main(
        """
        variable "vpc_cidr" {
          type    = string
          default = "172.16.0.0/12"
        }
        resource "alicloud_vpc" "v" {
          cidr_block = var.vpc_cidr
        }
        resource "alicloud_vswitch" "s" {
          count      = 2
          vpc_id     = alicloud_vpc.v.id
          cidr_block = cidrsubnet(var.vpc_cidr, 8, 3)
          zone_id    = "cn-hangzhou-h"
        }
        """
    )
    # 172.16.0.0/12 split by 8 more bits: /20 subnets, 12 host bits; the fourth is 172.16.48.0/20.
    assert props(conversion, "Vswitch_s")["CidrBlock"] == {
        "Fn::Select": ["3", {"Fn::Cidr": [{"Ref": "vpc_cidr"}, 4, 12]}]
    }
    parameter = conversion.template["Parameters"]["vpc_cidr"]
    assert parameter["Default"] == "172.16.0.0/12"
    assert parameter["AllowedPattern"].endswith("/12$")
    import re

    assert re.match(parameter["AllowedPattern"], "10.0.0.0/12")
    assert not re.match(parameter["AllowedPattern"], "10.0.0.0/16")


@pytest.mark.parametrize(
    ("variable", "value", "subnet"),
    [
        ('variable "c" {\n  type = string\n}\n', "192.168.0.0/16", "192.168.1.0/24"),
        (
            'variable "c" {\n  type = string\n  default = "10.0.0.0/16"\n'
            '  validation {\n    condition = can(regex("^10\\\\.", var.c))\n'
            '    error_message = "10/8 only."\n  }\n}\n',
            "10.0.0.0/8",
            "10.1.0.0/16",
        ),
        (
            # A /16 the list allows would be refused by the /12 pattern Fn::Cidr needs.
            'variable "c" {\n  type = string\n  default = "172.16.0.0/12"\n'
            '  validation {\n    condition = contains(["172.16.0.0/12", "172.16.0.0/16"], '
            'var.c)\n    error_message = "Pick one."\n  }\n}\n',
            "172.16.0.0/16",
            "172.16.1.0/24",
        ),
    ],
)
def test_cidrsubnet_of_a_prefix_length_not_in_the_files_is_computed_by_jq(
    variable: str, value: str, subnet: str
) -> None:
    conversion = main(
        variable + 'resource "alicloud_vpc" "v" {\n  cidr_block = cidrsubnet(var.c, 8, 1)\n}\n'
    )
    script, data = props(conversion, "Vpc_v")["CidrBlock"]["Fn::Jq"][1:]
    assert data == {"c": {"Ref": "c"}, "b": 8, "n": 1}
    assert jq_first(script, {**data, "c": value}) == subnet
    assert "cidrsubnet" not in "\n".join(conversion.warnings)


@pytest.mark.parametrize(
    ("value", "newbits", "netnum", "subnet"),
    [
        ("10.0.0.0/8", 24, 70000, "10.1.17.112/32"),  # past Fn::Cidr's 256 subnets
        ("192.168.77.9/16", 8, 255, "192.168.255.0/24"),  # host bits dropped first
        ("10.0.0.0/8", 0, 0, "10.0.0.0/8"),
    ],
)
def test_the_cidrsubnet_jq_script_computes_what_terraform_does(
    value: str, newbits: int, netnum: int, subnet: str
) -> None:
    conversion = main(
        'variable "c" {\n  type = string\n}\n'
        'resource "alicloud_vpc" "v" {\n'
        f"  cidr_block = cidrsubnet(var.c, {newbits}, {netnum})\n}}\n"
    )
    script, data = props(conversion, "Vpc_v")["CidrBlock"]["Fn::Jq"][1:]
    assert jq_first(script, {**data, "c": value}) == subnet


def test_a_cidrsubnet_that_does_not_fit_fails_in_jq_not_silently() -> None:
    conversion = main(
        'variable "c" {\n  type = string\n}\n'
        'resource "alicloud_vpc" "v" {\n  cidr_block = cidrsubnet(var.c, 8, 1)\n}\n'
    )
    script, data = props(conversion, "Vpc_v")["CidrBlock"]["Fn::Jq"][1:]
    for value in ("10.0.0.0/28", "fd00::/56"):
        with pytest.raises(subprocess.CalledProcessError):
            jq_first(script, {**data, "c": value})


@pytest.mark.parametrize(
    ("variable", "call", "reason"),
    [
        (
            'variable "c" {\n  type = string\n  default = "10.0.0.0/16"\n}\n',
            "cidrsubnet(var.c, 8, 300)",
            "with arguments it cannot use",
        ),
        (
            'variable "c" {\n  type = string\n  default = "fd00::/56"\n}\n',
            "cidrsubnet(var.c, 8, 1)",
            "IPv6 network",
        ),
        (
            'variable "c" {\n  type = string\n  default = "10.0.0.0/16"\n}\n'
            'variable "n" {\n  type = number\n  default = 1\n}\n',
            "cidrsubnet(var.c, 8, var.n)",
            "newbits or netnum not literal",
        ),
    ],
)
def test_cidrsubnet_that_fn_cidr_cannot_express_is_reported(
    variable: str, call: str, reason: str
) -> None:
    conversion = main(variable + f'resource "alicloud_vpc" "v" {{\n  cidr_block = {call}\n}}\n')
    assert props(conversion, "Vpc_v")["CidrBlock"] == {"Ref": "Vpc_v_CidrBlock"}
    assert reason in "\n".join(conversion.warnings)


def test_cidrsubnet_keeps_allowed_values_of_the_defaults_prefix_length() -> None:
    conversion = main(
        """
        variable "c" {
          type    = string
          default = "172.16.0.0/12"
          validation {
            condition     = contains(["172.16.0.0/12", "10.0.0.0/12"], var.c)
            error_message = "Pick one."
          }
        }
        resource "alicloud_vpc" "v" {
          cidr_block = cidrsubnet(var.c, 8, 1)
        }
        """
    )
    assert props(conversion, "Vpc_v")["CidrBlock"] == {
        "Fn::Select": ["1", {"Fn::Cidr": [{"Ref": "c"}, 2, 12]}]
    }
    assert conversion.template["Parameters"]["c"]["AllowedValues"] == [
        "172.16.0.0/12",
        "10.0.0.0/12",
    ]


def _validated_by_regex(regex: str, default: str) -> Conversion:
    return main(
        f"""
        variable "name" {{
          type    = string
          default = "{default}"
          validation {{
            condition     = can(regex("{regex}", var.name))
            error_message = "Bad name."
          }}
        }}
        resource "alicloud_vpc" "v" {{
          cidr_block = "10.0.0.0/8"
          vpc_name   = var.name
        }}
        """
    )


@pytest.mark.parametrize(
    ("regex", "whole", "yes", "no"),
    [
        ("^[a-z]+$", "^[a-z]+$", "abc", "abc1"),
        ("^10\\\\.", "^10\\..*$", "10.0.0.0/8", "110.0.0.0/8"),
        ("-prod$", "^.*-prod$", "web-prod", "web-prod-1"),
        ("^a|b$", "^.*(?:^a|b$).*$", "ax", "xa"),
        # Leading flags stay in front: Python refuses them anywhere else.
        ("(?i)^web", "(?i)^web.*$", "Web-1", "my-web"),
    ],
)
def test_a_validation_regex_becomes_a_pattern_for_the_whole_value(
    regex: str, whole: str, yes: str, no: str
) -> None:
    conversion = _validated_by_regex(regex, yes)
    import re

    pattern = conversion.template["Parameters"]["name"]["AllowedPattern"]
    assert pattern == whole
    assert re.fullmatch(pattern, yes) and not re.fullmatch(pattern, no)


@pytest.mark.parametrize("regex", ["[[:alpha:]]+", "^\\\\pL+$", "a(?i)b"])
def test_a_validation_regex_of_re2_only_syntax_is_reported_not_rewritten(regex: str) -> None:
    conversion = _validated_by_regex(regex, "ab")
    assert "AllowedPattern" not in conversion.template["Parameters"]["name"]
    assert "has no ROS parameter constraint" in warnings(conversion)


# --- list functions the public modules use, computed from what the files give -----------------


def test_list_functions_are_computed_from_literals() -> None:
    conversion = main(
        """
        variable "extra" {
          type    = list(string)
          default = ["b", "a", ""]
        }
        locals {
          rules = sort(compact(distinct(concat(["a", "c"], ["c", "b"], [""]))))
          pairs = flatten([["10.0.1.0/24", "10.0.2.0/24"], [["10.0.3.0/24"]]])
          named = zipmap(["web", "db"], [1, 2])
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = one(["10.0.0.0/8"])
          vpc_name    = join("-", reverse(local.rules))
          description = "${substr("abcdef", 1, 3)}${trimsuffix("x.tf", ".tf")}${sum([1, 2])}"
          tags        = { n = length(local.pairs), db = local.named["db"] }
        }
        resource "alicloud_vpc" "w" {
          cidr_block = "10.0.0.0/8"
          vpc_name   = join("-", distinct(var.extra))
        }
        """
    )
    v = props(conversion, "Vpc_v")
    assert v["CidrBlock"] == "10.0.0.0/8"
    assert v["VpcName"] == "c-b-a"
    assert v["Description"] == "bcdx3"
    assert v["Tags"] == [{"Key": "n", "Value": 3}, {"Key": "db", "Value": 2}]
    # Over a parameter: jq keeps the first of equal items, in order, when the stack is made.
    joined = props(conversion, "Vpc_w")["VpcName"]["Fn::Join"]
    assert joined[0] == "-"
    method, script, data = joined[1]["Fn::Jq"]
    assert method == "First" and data == {"l": {"Ref": "extra"}}
    assert jq_first(script, {"l": ["b", "a", "", "b", "a"]}) == ["b", "a", ""]
    assert not warnings(conversion)


def test_a_deprecated_argument_reads_as_its_newer_name() -> None:
    conversion = main(
        """
        resource "alicloud_cms_alarm" "cpu" {
          name           = "cpu"
          project        = "acs_ecs_dashboard"
          metric         = "cpu_total"
          dimensions     = { instanceId = "i-1" }
          contact_groups = ["ops"]
        }
        """
    )
    assert props(conversion, "CmsAlarm_cpu")["MetricName"] == "cpu_total"
    assert "MetricName, which" not in warnings(conversion)


def test_an_analyticdb_clusters_node_class_is_its_cluster_class() -> None:
    # The provider deprecated `db_cluster_class` for `db_node_class`; the vendor maps the old.
    conversion = main(
        """
        resource "alicloud_adb_db_cluster" "olap" {
          db_cluster_category = "Cluster"
          db_node_class       = "C8"
          db_node_count       = 2
          db_node_storage     = 100
          mode                = "reserver"
          vswitch_id          = "vsw-1"
        }
        """
    )
    assert props(conversion, "AdbDbCluster_olap")["DBClusterClass"] == "C8"
    assert "db_node_class" not in warnings(conversion)


def test_names_the_provider_defaults_are_set_where_ros_requires_them() -> None:
    conversion = main(
        """
        resource "alicloud_slb_load_balancer" "lb" {
          load_balancer_name = "lb"
          vswitch_id         = "vsw-1"
          load_balancer_spec = "slb.s1.small"
        }
        resource "alicloud_slb_server_group" "group" {
          load_balancer_id = alicloud_slb_load_balancer.lb.id
        }
        resource "alicloud_slb_rule" "rule" {
          load_balancer_id = alicloud_slb_load_balancer.lb.id
          frontend_port    = 80
          domain           = "*.example.com"
          url              = "/image"
          server_group_id  = alicloud_slb_server_group.group.id
        }
        """
    )
    assert props(conversion, "SlbServerGroup_group")["VServerGroupName"] == "tf-server-group"
    assert props(conversion, "SlbRule_rule")["RuleList"] == [
        {
            "Domain": "*.example.com",
            "Url": "/image",
            "VServerGroupId": {"Ref": "SlbServerGroup_group"},
            "RuleName": "tf-slb-rule",
        }
    ]
    assert "sets nothing that maps" not in warnings(conversion)


def test_what_reads_a_left_out_for_each_resource_says_it_was_not_converted() -> None:
    conversion = main(
        """
        variable "cidrs" {
          type = map(string)
        }
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        resource "alicloud_vswitch" "by_zone" {
          for_each   = { for zone, cidr in var.cidrs : zone => cidr }
          vpc_id     = alicloud_vpc.v.id
          zone_id    = each.key
          cidr_block = each.value
        }
        resource "alicloud_security_group" "per_vswitch" {
          for_each = alicloud_vswitch.by_zone
          vpc_id   = each.value.vpc_id
        }
        output "ids" {
          value = [for k, v in alicloud_vswitch.by_zone : v.id]
        }
        """
    )
    text = warnings(conversion)
    assert (
        "alicloud_security_group.per_vswitch: its for_each reads alicloud_vswitch.by_zone, which "
        "was not converted, so it was left out" in text
    )
    assert "reads alicloud_vswitch.by_zone, which was not converted, so the output" in text
    assert "not declared" not in text
