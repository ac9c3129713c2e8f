"""Tests for Terraform -> ROS: collecting a workspace, compatible wrapping, native conversion."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.iac.ros_check import Report, check_template
from iaccode.iac.ros_render import render_json, render_yaml
from iaccode.iac.terraform import (
    Conversion,
    TerraformError,
    collect_terraform_files,
    convert_terraform,
    wrap_terraform,
)
from iaccode.iac.tf_convert import Summary, logical_id_base
from iaccode.iac.tf_hcl import Interpolation, parse_reference, split_template
from iaccode.iac.tf_rule_data import load_rules

FIXTURES = Path(__file__).parent / "terraform"
FIXTURE_NAMES = ["vpc", "web", "modular", "mixed"]


def tf(text: str) -> dict[str, str]:
    return {"main.tf": textwrap.dedent(text)}


def checked(template: dict[str, Any]) -> Report:
    """Check both renderings; they must agree, and neither may have an error."""
    report = check_template(render_yaml(template))
    assert check_template(render_json(template)).codes() == report.codes()
    assert report.ok, report.to_text()
    return report


def converted(text: str) -> Conversion:
    conversion = convert_terraform(tf(text))
    checked(conversion.template)
    return conversion


def resources(conversion: Conversion) -> dict[str, Any]:
    return dict(conversion.template["Resources"])


def properties(conversion: Conversion, name: str) -> dict[str, Any]:
    return dict(conversion.template["Resources"][name]["Properties"])


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


# --- collecting ------------------------------------------------------------------------------


def test_collect_keeps_terraform_files_and_modules() -> None:
    files = collect_terraform_files(FIXTURES / "modular")
    assert list(files) == [
        ".metadata",
        "main.tf",
        "modules/network/main.tf",
        "modules/network/outputs.tf",
        "modules/network/variables.tf",
        "templates/user_data.tftpl",
        "variables.tf",
    ]
    assert files["main.tf"] == (FIXTURES / "modular" / "main.tf").read_text(encoding="utf-8")


def test_collect_skips_state_caches_and_other_files(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "main.tf": 'resource "alicloud_vpc" "v" {}\n',
            "prod.tfvars": 'a = "b"\n',
            "x.mappings": "{}",
            "x.conditions": "{}",
            "x.rules": "{}",
            "terraform.tfstate": "{}",
            "terraform.tfstate.backup": "{}",
            "README.md": "# docs",
            "scripts/setup.sh": "#!/bin/sh\n",
            ".terraform/modules/m/main.tf": "provider cache",
            ".git/config.tf": "not really",
            "__pycache__/x.tf": "no",
            "nested/.terraform/y.tf": "no",
        },
    )
    assert sorted(collect_terraform_files(tmp_path)) == [
        "main.tf",
        "prod.tfvars",
        "x.conditions",
        "x.mappings",
        "x.rules",
    ]
    extra = collect_terraform_files(tmp_path, extra_suffixes=["sh", ".md"])
    assert "scripts/setup.sh" in extra and "README.md" in extra


def test_collect_refuses_a_symlink_that_leaves_the_directory(tmp_path: Path) -> None:
    outside = write(tmp_path / "outside", {"secret.tf": "x = 1\n"})
    root = write(tmp_path / "root", {"main.tf": "x = 1\n"})
    (root / "stolen.tf").symlink_to(outside / "secret.tf")
    with pytest.raises(TerraformError, match=r"stolen\.tf is a symlink .* outside"):
        collect_terraform_files(root)


def test_collect_refuses_a_symlinked_folder_that_leaves_the_directory(tmp_path: Path) -> None:
    outside = write(tmp_path / "outside", {"m.tf": "x = 1\n"})
    root = write(tmp_path / "root", {"main.tf": "x = 1\n"})
    (root / "modules").mkdir()
    (root / "modules" / "shared").symlink_to(outside, target_is_directory=True)
    with pytest.raises(TerraformError, match="modules/shared is a symlink"):
        collect_terraform_files(root)


def test_collect_follows_symlinks_inside_and_survives_loops(tmp_path: Path) -> None:
    root = write(tmp_path / "root", {"main.tf": "x = 1\n", "modules/a/main.tf": "y = 2\n"})
    (root / "copy.tf").symlink_to(root / "main.tf")
    (root / "modules" / "a" / "loop").symlink_to(root / "modules", target_is_directory=True)
    files = collect_terraform_files(root)
    assert files["copy.tf"] == "x = 1\n"
    assert "modules/a/main.tf" in files
    assert all(path.count("loop") <= 1 for path in files)


def test_collect_refuses_a_broken_symlink(tmp_path: Path) -> None:
    root = write(tmp_path, {"main.tf": "x = 1\n"})
    (root / "gone.tf").symlink_to(root / "missing.tf")
    with pytest.raises(TerraformError, match=r"gone\.tf is a symlink to a missing file"):
        collect_terraform_files(root)


def test_collect_caps_the_total_size(tmp_path: Path) -> None:
    write(tmp_path, {"a.tf": "x" * 600_000, "b.tf": "y" * 600_000})
    with pytest.raises(TerraformError, match=r"more than 1048576 bytes \(reached at b\.tf\)"):
        collect_terraform_files(tmp_path)
    assert len(collect_terraform_files(tmp_path, max_bytes=2_000_000)) == 2


def test_collect_caps_the_file_count(tmp_path: Path) -> None:
    write(tmp_path, {f"f{i}.tf": "" for i in range(4)})
    with pytest.raises(TerraformError, match="more than 3 Terraform files"):
        collect_terraform_files(tmp_path, max_files=3)
    write(tmp_path, {f"g{i}.tf": "" for i in range(60)})
    with pytest.raises(TerraformError, match="more than 50 Terraform files"):
        collect_terraform_files(tmp_path)


def test_collect_names_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    write(tmp_path, {"main.tf": "x = 1\n", "modules/m/latin1.tf": b'name = "caf\xe9"\n'})
    with pytest.raises(TerraformError, match=r"modules/m/latin1\.tf is not UTF-8 .*offset 11"):
        collect_terraform_files(tmp_path)


def test_collect_needs_a_directory(tmp_path: Path) -> None:
    with pytest.raises(TerraformError, match="is not a directory"):
        collect_terraform_files(tmp_path / "missing")
    with pytest.raises(TerraformError, match="suffix is empty"):
        collect_terraform_files(tmp_path, extra_suffixes=[" "])


# --- compatible wrapping ---------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_wrapped_fixtures_pass_the_checker_cleanly(name: str) -> None:
    files = collect_terraform_files(FIXTURES / name)
    template = wrap_terraform(files, description=f"The {name} example.")
    assert template["Workspace"] == files
    sections = [
        "ROSTemplateFormatVersion",
        "Description",
        "Transform",
        "Parameters",
        "Outputs",
        "Workspace",
    ]
    assert list(template) == [s for s in sections if s != "Parameters" or name != "mixed"]
    assert checked(template).findings == ()


def test_wrapped_outputs_are_the_root_outputs_with_display_text_only() -> None:
    template = wrap_terraform(collect_terraform_files(FIXTURES / "vpc"))
    assert template["Outputs"] == {
        "vpc_id": {"Value": None, "Description": "The VPC ID.", "Label": "vpc_id"},
        "vswitch_ids": {"Value": None, "Label": "vswitch_ids"},
        "security_group_id": {"Value": None, "Label": "security_group_id"},
    }
    # A module's outputs are not the stack's; a JSON description carries Label and Description.
    files = {
        "main.tf": 'module "m" {\n  source = "./m"\n}\n'
        'output "ip" {\n  value = module.m.ip\n  description = <<EOT\n'
        '{"Label": {"en": "Address"}, "Description": {"en": "Public IP"}}\nEOT\n}\n',
        "m/main.tf": 'output "ip" {\n  value = "1.2.3.4"\n}\n',
    }
    wrapped = wrap_terraform(files)
    assert wrapped["Outputs"] == {
        "ip": {"Value": None, "Label": {"en": "Address"}, "Description": {"en": "Public IP"}}
    }
    assert checked(wrapped).findings == ()
    text = render_yaml(wrapped)
    assert "Outputs:\n  ip:\n    Value: null\n" in text
    # The relaxed rule is only for Terraform-type templates: a native output still needs Value.
    native = {
        "ROSTemplateFormatVersion": "2015-09-01",
        "Resources": {"V": {"Type": "ALIYUN::ECS::VPC", "Properties": {}}},
        "Outputs": {"O": {"Label": "O"}},
    }
    assert check_template(render_yaml(native)).codes() == ["ROS5002"]


def test_wrap_yaml_keeps_the_files_verbatim_as_blocks() -> None:
    files = collect_terraform_files(FIXTURES / "modular")
    text = render_yaml(wrap_terraform(files))
    assert text.startswith("ROSTemplateFormatVersion: '2015-09-01'\n")
    assert '  main.tf: |\n    module "network" {\n' in text
    assert yaml.safe_load(text)["Workspace"] == files


@pytest.mark.parametrize(
    "transform",
    [
        "Aliyun::OpenTofu-v1.8",
        "Aliyun::Terraform-v1.0",
        "Aliyun::Terraform-v1.5",
        "Aliyun::Terraform-v1.12",
    ],
)
def test_wrap_accepts_known_transforms(transform: str) -> None:
    assert wrap_terraform(tf("x = 1\n"), transform=transform)["Transform"] == transform


@pytest.mark.parametrize(
    "transform",
    [
        "",
        "Aliyun::Terraform-v2.0",
        "Aliyun::Terraform-v1.x",
        "Aliyun::OpenTofu-v1.7",
        "Aliyun::Terraform-2020-06-18",
        "aliyun::terraform-v1.5",
        " Aliyun::Terraform-v1.5",
    ],
)
def test_wrap_rejects_unknown_transforms(transform: str) -> None:
    with pytest.raises(TerraformError, match="is not a ROS Terraform engine"):
        wrap_terraform(tf("x = 1\n"), transform=transform)


VARIABLES = """\
variable "s" {
  type        = string
  default     = "hello"
  description = "A string."
}
variable "n" {
  type    = number
  default = 3
}
variable "b" {
  type    = bool
  default = true
}
variable "l" {
  type    = list(string)
  default = ["a", "b"]
}
variable "set" {
  type = set(number)
}
variable "m" {
  type    = map(string)
  default = { k = "v" }
}
variable "o" {
  type = object({ a = string })
}
variable "t" {
  type = tuple([string, number])
}
variable "untyped_list" {
  default = [1, 2]
}
variable "untyped" {}
variable "commas" {
  type    = list(string)
  default = ["a,b", "c"]
}
variable "secret" {
  type      = string
  sensitive = true
}
variable "nullable" {
  type    = string
  default = null
}
variable "zone" {
  type        = string
  description = <<EOT
  {
    "AssociationProperty": "ALIYUN::ECS::ZoneId",
    "AssociationPropertyMetadata": {"RegionId": "$${region}"},
    "Label": {"en": "Zone"}
  }
  EOT
}
"""


def test_wrap_turns_variables_into_typed_parameters() -> None:
    parameters = wrap_terraform({"variables.tf": VARIABLES})["Parameters"]
    assert parameters == {
        "s": {"Type": "String", "Default": "hello", "Description": "A string."},
        "n": {"Type": "Number", "Default": 3},
        "b": {"Type": "Boolean", "Default": True},
        "l": {"Type": "CommaDelimitedList", "Default": "a,b"},
        "set": {"Type": "CommaDelimitedList"},
        "m": {"Type": "Json", "Default": {"k": "v"}},
        "o": {"Type": "Json"},
        "t": {"Type": "Json"},
        "untyped_list": {"Type": "CommaDelimitedList", "Default": "1,2"},
        "untyped": {"Type": "String"},
        "commas": {"Type": "Json", "Default": ["a,b", "c"]},
        "secret": {"Type": "String", "NoEcho": True},
        "nullable": {"Type": "String", "Default": None},
        "zone": {
            "Type": "String",
            "AssociationProperty": "ALIYUN::ECS::ZoneId",
            "AssociationPropertyMetadata": {"RegionId": "${region}"},
            "Label": {"en": "Zone"},
        },
    }


def test_wrap_uses_auto_loaded_tfvars_and_ignores_module_variables() -> None:
    files = collect_terraform_files(FIXTURES / "vpc")
    parameters = wrap_terraform(files)["Parameters"]
    assert parameters["name_prefix"]["Default"] == "staging"
    assert parameters["zone_ids"]["Default"] == "cn-hangzhou-h,cn-hangzhou-i"
    modular = wrap_terraform(collect_terraform_files(FIXTURES / "modular"))["Parameters"]
    assert set(modular) == {"cidr_block", "instance_type", "zone_id"}  # not the module's own
    later = wrap_terraform(
        {
            "main.tf": 'variable "a" {\n  default = "x"\n}\n',
            "terraform.tfvars": 'a = "y"\n',
            "z.auto.tfvars": 'a = "z"\n',
            "other.tfvars": 'a = "ignored"\n',
        }
    )
    assert later["Parameters"]["a"]["Default"] == "z"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({}, "No Terraform files"),
        ({"README.md": "x"}, "no .tf file"),
        ({"/etc/main.tf": "x = 1"}, "is absolute"),
        ({"C:/main.tf": "x = 1"}, "is absolute"),
        ({"../main.tf": "x = 1"}, r"'\.\.' segment"),
        ({"a//main.tf": "x = 1"}, "empty"),
        ({"a\\main.tf": "x = 1"}, "backslash"),
        ({"main.tf": b"x = 1"}, "must be text"),
        ({"a" * 1030 + ".tf": "x = 1"}, "longer than 1024"),
    ],
)
def test_wrap_rejects_bad_workspaces(files: dict[str, Any], message: str) -> None:
    with pytest.raises(TerraformError, match=message):
        wrap_terraform(files)


def test_bad_hcl_names_the_file_and_line() -> None:
    files = {"main.tf": "x = 1\n", "network.tf": 'resource "alicloud_vpc" "v" {\n  cidr = \n}\n'}
    with pytest.raises(TerraformError, match=r"network\.tf, line 2, column \d+: not valid HCL"):
        wrap_terraform(files)
    with pytest.raises(TerraformError, match=r"main\.tf, line 3.*ends in the middle"):
        convert_terraform({"main.tf": 'resource "a" "b" {\n  x = 1\n'})
    with pytest.raises(
        TerraformError, match=r"modules/m/main\.tf, line 2, column 1: not valid HCL"
    ):
        wrap_terraform({"main.tf": "x = 1\n", "modules/m/main.tf": "x = {\n"})
    with pytest.raises(TerraformError, match=r"terraform\.tfvars, line 1"):
        wrap_terraform({"main.tf": "x = 1\n", "terraform.tfvars": "a = = 1\n"})


# --- native conversion: fixtures -------------------------------------------------------------


def fixture_conversion(name: str) -> Conversion:
    conversion = convert_terraform(collect_terraform_files(FIXTURES / name))
    checked(conversion.template)
    return conversion


def test_convert_vpc_module() -> None:
    conversion = fixture_conversion("vpc")
    assert check_template(conversion.to_yaml()).findings == ()
    types = {name: entry["Type"] for name, entry in resources(conversion).items()}
    assert types == {
        "Vpc_main": "ALIYUN::ECS::VPC",
        "Vswitch_app_a": "ALIYUN::ECS::VSwitch",
        "Vswitch_app_b": "ALIYUN::ECS::VSwitch",
        "SecurityGroup_web": "ALIYUN::ECS::SecurityGroup",
        "SecurityGroupRule_ssh": "ALIYUN::ECS::SecurityGroupIngress",
        "SecurityGroupRule_https": "ALIYUN::ECS::SecurityGroupIngress",
        "SecurityGroupRule_all_out": "ALIYUN::ECS::SecurityGroupEgress",
    }
    assert properties(conversion, "Vpc_main") == {
        "CidrBlock": {"Ref": "vpc_cidr"},
        "VpcName": {"Fn::Sub": "${name_prefix}-vpc"},
        "Description": {"Fn::Sub": "VPC for the ${name_prefix} environment"},
        "EnableIpv6": {"Ref": "enable_ipv6"},
        "Tags": [
            {"Key": "Project", "Value": "iaccode"},
            {"Key": "ManagedBy", "Value": "terraform"},
        ],
    }
    assert properties(conversion, "Vswitch_app_b") == {
        "VpcId": {"Ref": "Vpc_main"},
        "CidrBlock": "10.0.2.0/24",
        "ZoneId": {"Fn::Select": ["1", {"Ref": "zone_ids"}]},
        "VSwitchName": {"Fn::Sub": "${name_prefix}-app-b"},
    }
    assert properties(conversion, "SecurityGroupRule_ssh") == {
        "SecurityGroupId": {"Ref": "SecurityGroup_web"},
        "IpProtocol": "tcp",
        "PortRange": "22/22",
        "Policy": "accept",
        "Priority": 1,
        "NicType": "intranet",
        "SourceCidrIp": {"Ref": "admin_cidr"},
    }
    assert properties(conversion, "SecurityGroupRule_all_out") == {
        "SecurityGroupId": {"Ref": "SecurityGroup_web"},
        "IpProtocol": "all",
        "DestCidrIp": "0.0.0.0/0",
        "PortRange": "-1/-1",
    }
    assert conversion.template["Outputs"]["vswitch_ids"] == {
        "Value": [{"Ref": "Vswitch_app_a"}, {"Ref": "Vswitch_app_b"}],
        "Label": "vswitch_ids",
    }
    assert conversion.template["Parameters"]["name_prefix"]["Default"] == "staging"
    assert conversion.warnings == ()
    assert conversion.unsupported == ()


def test_convert_ecs_slb_rds_example() -> None:
    conversion = fixture_conversion("web")
    assert check_template(conversion.to_json()).findings == ()
    web = resources(conversion)["Instance_web"]
    assert web["Count"] == 2
    assert web["Properties"]["InstanceName"] == {"Fn::Sub": "web-${ALIYUN::Index}"}
    assert web["Properties"]["SecurityGroupId"] == {"Ref": "SecurityGroup_this"}
    assert web["Properties"]["VpcId"] == {"Ref": "Vpc_this"}  # from the vSwitch
    assert properties(conversion, "SlbLoadBalancer_web")["InternetChargeType"] == "paybytraffic"
    assert properties(conversion, "SlbListener_http") == {
        "LoadBalancerId": {"Ref": "SlbLoadBalancer_web"},
        "ListenerPort": 80,
        "BackendServerPort": 80,
        "Protocol": "http",
        "Bandwidth": 10,
        "HealthCheck": {"Switch": "on"},
    }
    assert properties(conversion, "SlbAttachment_web") == {
        "LoadBalancerId": {"Ref": "SlbLoadBalancer_web"},
        "BackendServerList": {"Ref": "Instance_web"},
        "BackendServerWeightList": [100],
    }
    db = properties(conversion, "DbInstance_db")
    assert db["DBInstanceClass"] == "mysql.n2.medium.2c"
    assert db["DBInstanceStorage"] == 20
    assert db["SecurityIPList"] == {"Fn::Join": [",", {"Ref": "db_whitelist"}]}
    assert properties(conversion, "DbAccount_app")["AccountPassword"] == {"Ref": "db_password"}
    assert conversion.template["Parameters"]["db_password"] == {"Type": "String", "NoEcho": True}
    assert "instance_count" not in conversion.template["Parameters"]  # declared, never used
    assert properties(conversion, "OssBucket_assets")["Tags"] == {"Role": "assets"}
    outputs = conversion.template["Outputs"]
    assert outputs["slb_address"]["Value"] == {"Fn::GetAtt": ["SlbLoadBalancer_web", "IpAddress"]}
    assert outputs["first_instance_ip"]["Value"] == {
        "Fn::Select": ["0", {"Fn::GetAtt": ["Instance_web", "PrivateIp"]}]
    }
    assert outputs["bucket_name"]["Value"] == "web-assets-example"  # the name it was given
    assert conversion.warnings == ()
    assert conversion.summary.native == conversion.summary.found


def test_convert_module_directory_inlines_the_local_module() -> None:
    conversion = fixture_conversion("modular")
    assert conversion.unsupported == ()
    assert list(resources(conversion)) == [
        "Vpc_network__this",
        "Vswitch_network__this",
        "SecurityGroup_network__this",
        "Instance_app",
    ]
    # The call's argument binds the module variable; module outputs become references.
    assert properties(conversion, "Vpc_network__this")["CidrBlock"] == {"Ref": "cidr_block"}
    app = properties(conversion, "Instance_app")
    assert app["VSwitchId"] == {"Ref": "Vswitch_network__this"}
    assert app["SecurityGroupId"] == {"Ref": "SecurityGroup_network__this"}
    assert app["VpcId"] == {"Ref": "Vpc_network__this"}
    parameters = conversion.template["Parameters"]
    assert parameters["Zones_network__available"]["AssociationProperty"] == (
        "ALIYUN::ECS::Instance::ZoneId"
    )
    # templatefile() of a file in the workspace is rendered with its variables.
    assert app["UserData"] == '#!/bin/bash\necho "listening on 8080" > /etc/motd\n'
    # cidrsubnet(var.cidr_block, 8, 0) over the root variable's /12 default: Fn::Cidr.
    assert properties(conversion, "Vswitch_network__this")["CidrBlock"] == {
        "Fn::Select": ["0", {"Fn::Cidr": [{"Ref": "cidr_block"}, 1, 12]}]
    }
    assert conversion.summary == Summary(found=4, native=4, lossy=0, dropped=0)


def test_convert_unsupported_resources_and_data_sources() -> None:
    conversion = fixture_conversion("mixed")
    assert conversion.unsupported == ()
    assert conversion.summary == Summary(found=9, native=9, lossy=0, dropped=0)
    assert properties(conversion, "NatGateway_main")["NatType"] == "Enhanced"
    assert properties(conversion, "EipAssociation_nat") == {
        "AllocationId": {"Ref": "EipAddress_nat"},
        "InstanceId": {"Ref": "NatGateway_main"},
    }
    assert properties(conversion, "Instance_app")["DiskMappings"] == [
        {"Category": "cloud_essd", "Size": 40}
    ]
    # for_each over toset([...]) is unrolled, each.key filled in.
    assert properties(conversion, "OssBucket_logs_a") == {"BucketName": "mixed-logs-a"}
    assert properties(conversion, "OssBucket_logs_b") == {"BucketName": "mixed-logs-b"}
    # cidrsubnet of literals is computed.
    assert properties(conversion, "Vswitch_main")["CidrBlock"] == "192.168.1.0/24"
    parameters = conversion.template["Parameters"]
    # One parameter per data source, with the console's picker, however often it is read.
    assert parameters == {
        "Zones_default": {
            "Type": "String",
            "Description": "Stands for the Terraform data source data.alicloud_zones.default.",
            "AssociationProperty": "ALIYUN::ECS::Instance::ZoneId",
        },
        "Images_ubuntu": {
            "Type": "String",
            "Description": "Stands for the Terraform data source data.alicloud_images.ubuntu.",
            "AssociationProperty": "ALIYUN::ECS::Image::ImageId",
        },
    }
    assert properties(conversion, "Instance_app")["ZoneId"] == {"Ref": "Zones_default"}
    assert properties(conversion, "Vswitch_main")["ZoneId"] == {"Ref": "Zones_default"}
    assert properties(conversion, "Vpc_main") == {"CidrBlock": "192.168.0.0/16", "VpcName": "mixed"}
    assert list(conversion.template["Outputs"]) == ["nat_id", "vpc_id"]


def test_conversion_renders_readable_yaml_and_json() -> None:
    conversion = fixture_conversion("web")
    text = conversion.to_yaml()
    assert text.startswith("ROSTemplateFormatVersion: '2015-09-01'\nDescription: ")
    keys = [line.split(":")[0] for line in text.splitlines() if line and not line[0].isspace()]
    assert keys == ["ROSTemplateFormatVersion", "Description", "Parameters", "Resources", "Outputs"]
    assert "&id" not in text and "*id" not in text  # no YAML aliases
    assert yaml.safe_load(text) == conversion.template
    assert json.loads(conversion.to_json()) == conversion.template


# --- native conversion: expressions and edge cases -------------------------------------------


def test_local_values_variables_and_selects() -> None:
    conversion = converted(
        """
        variable "cidrs" {
          type    = list(string)
          default = ["10.0.0.0/16"]
        }
        variable "net" {
          type    = object({ name = string })
          default = { name = "n" }
        }
        locals {
          prefix = "app"
          name   = "${local.prefix}-vpc"
          zones  = ["z1", "z2"]
          loop   = local.loop
        }
        resource "alicloud_vpc" "v" {
          cidr_block  = var.cidrs[0]
          vpc_name    = local.name
          description = var.net.name
        }
        resource "alicloud_security_group" "g" {
          name = "${var.cidrs[0]}-${local.prefix}"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id       = alicloud_vpc.v.id
          cidr_block   = "10.0.0.0/24"
          zone_id      = local.zones[1]
          vswitch_name = local.loop
        }
        """
    )
    assert properties(conversion, "Vpc_v") == {
        "CidrBlock": {"Fn::Select": ["0", {"Ref": "cidrs"}]},
        "VpcName": "app-vpc",
        "Description": {"Fn::Select": ["name", {"Ref": "net"}]},
    }
    assert properties(conversion, "SecurityGroup_g")["SecurityGroupName"] == {
        "Fn::Join": ["", [{"Fn::Select": ["0", {"Ref": "cidrs"}]}, "-", "app"]]
    }
    vswitch = properties(conversion, "Vswitch_s")
    assert vswitch["ZoneId"] == "z2"
    assert vswitch["VSwitchName"] == {"Ref": "Vswitch_s_VSwitchName"}
    assert any("refers to itself" in warning for warning in conversion.warnings)


def test_references_to_attributes() -> None:
    conversion = converted(
        """
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/16"
        }
        resource "alicloud_vswitch" "s" {
          vpc_id     = alicloud_vpc.v.id
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        resource "alicloud_security_group" "g" {
          vpc_id      = alicloud_vswitch.s.vpc_id
          description = "router ${alicloud_vpc.v.router_id} in ${alicloud_vswitch.s.zone_id}"
          name        = "${alicloud_vswitch.s.cidr_block}$${literal}"
        }
        resource "alicloud_instance" "i" {
          instance_type   = "ecs.g7.large"
          image_id        = "img"
          vswitch_id      = alicloud_vswitch.s.id
          security_groups = [alicloud_security_group.g.id, "sg-extra"]
          depends_on      = [alicloud_vswitch.s, data.alicloud_zones.z]
        }
        """
    )
    group = properties(conversion, "SecurityGroup_g")
    assert group["VpcId"] == {"Ref": "Vpc_v"}
    assert group["Description"] == {
        "Fn::Sub": "router ${Vpc_v.VRouterId} in cn-hangzhou-h",
    }
    # An argument read back is the value given; `$${` is literal text.
    assert group["SecurityGroupName"] == "10.0.1.0/24${literal}"
    instance = resources(conversion)["Instance_i"]
    assert instance["Properties"]["SecurityGroupIds"] == [
        {"Ref": "SecurityGroup_g"},
        "sg-extra",
    ]
    assert instance["DependsOn"] == ["Vswitch_s"]
    assert any("depends_on '${data.alicloud_zones.z}'" in w for w in conversion.warnings)


def test_null_arguments_are_unset_and_quoted_literals_are_text() -> None:
    conversion = converted(
        """
        resource "alicloud_vpc" "v" {
          vpc_name    = "${"net"}-${true}-${2}"
          description = null
          tags        = null
        }
        """
    )
    assert properties(conversion, "Vpc_v") == {"VpcName": "net-true-2"}
    assert conversion.warnings == ()


def test_unmappable_values_become_placeholder_parameters() -> None:
    conversion = converted(
        """
        resource "alicloud_vpc" "v" {
          vpc_name    = file("x")
          description = "%{ if true }yes%{ endif }"
          cidr_block  = module.net.cidr
        }
        resource "alicloud_instance" "i" {
          instance_type   = "ecs.g7.large"
          image_id        = "img"
          security_groups = data.alicloud_security_groups.all.ids
          host_name       = "${terraform.workspace}-host"
          instance_name   = count.index
          tags            = var.tags
        }
        """
    )
    vpc = properties(conversion, "Vpc_v")
    assert vpc == {
        "VpcName": {"Ref": "Vpc_v_VpcName"},
        "Description": {"Ref": "Vpc_v_Description"},
        "CidrBlock": {"Ref": "Vpc_v_CidrBlock"},
    }
    parameters = conversion.template["Parameters"]
    assert parameters["SecurityGroups_all"]["Type"] == "CommaDelimitedList"
    assert properties(conversion, "Instance_i")["SecurityGroupIds"] == {"Ref": "SecurityGroups_all"}
    assert parameters["Vpc_v_VpcName"]["Description"].startswith(
        'Stands for the Terraform value file("x") of alicloud_vpc.v.vpc_name; it reads a file '
        "that is not in the Terraform files it was given."
    )
    assert all("Default" not in parameter for parameter in parameters.values())
    warnings = "\n".join(conversion.warnings)
    assert "%{...} template directive" in warnings
    assert "reads an output of module net" in warnings
    assert "uses terraform" in warnings
    assert "used outside a resource with count" in warnings
    # A computed tag map is turned into ROS's tag list by ROS itself.
    assert properties(conversion, "Instance_i")["Tags"] == {
        "Fn::Jq": ["First", 'to_entries | map({"Key": .key, "Value": .value})', {"Ref": "tags"}]
    }


def test_count_forms() -> None:
    conversion = converted(
        """
        variable "n" {
          type    = number
          default = 2
        }
        resource "alicloud_vpc" "a" {
          count      = var.n
          cidr_block = "10.${count.index}.0.0/16"
        }
        resource "alicloud_vpc" "b" {
          count = length(var.list)
        }
        resource "alicloud_vswitch" "c" {
          vpc_id     = alicloud_vpc.a[1].id
          cidr_block = "10.1.0.0/24"
          zone_id    = "z"
        }
        resource "alicloud_vswitch" "d" {
          vpc_id     = alicloud_vswitch.c[0].id
          cidr_block = "10.1.1.0/24"
          zone_id    = "z"
        }
        """
    )
    assert resources(conversion)["Vpc_a"]["Count"] == {"Ref": "n"}
    assert properties(conversion, "Vpc_a")["CidrBlock"] == {"Fn::Sub": "10.${ALIYUN::Index}.0.0/16"}
    assert resources(conversion)["Vpc_b"]["Count"] == {"Fn::Length": {"Ref": "list"}}
    assert properties(conversion, "Vswitch_c")["VpcId"] == {"Fn::Select": ["1", {"Ref": "Vpc_a"}]}
    assert any("indexes alicloud_vswitch.c, which has no count" in w for w in conversion.warnings)


def test_security_group_rule_variants() -> None:
    conversion = converted(
        """
        variable "direction" {
          default = "ingress"
        }
        resource "alicloud_security_group" "g" {}
        resource "alicloud_security_group_rule" "peer" {
          type                     = "egress"
          ip_protocol              = "tcp"
          port_range               = "3306/3306"
          security_group_id        = alicloud_security_group.g.id
          source_security_group_id = alicloud_security_group.g.id
        }
        resource "alicloud_security_group_rule" "dynamic" {
          type              = var.direction
          ip_protocol       = "icmp"
          security_group_id = alicloud_security_group.g.id
          cidr_ip           = "10.0.0.0/8"
        }
        """
    )
    peer = resources(conversion)["SecurityGroupRule_peer"]
    assert peer["Type"] == "ALIYUN::ECS::SecurityGroupEgress"
    assert peer["Properties"]["DestGroupId"] == {"Ref": "SecurityGroup_g"}
    # A direction known only at deploy time: both forms, each under its condition.
    ingress = resources(conversion)["SecurityGroupRule_dynamic__ingress"]
    egress = resources(conversion)["SecurityGroupRule_dynamic__egress"]
    assert "SecurityGroupRule_dynamic" not in resources(conversion)
    assert ingress["Type"] == "ALIYUN::ECS::SecurityGroupIngress"
    assert egress["Type"] == "ALIYUN::ECS::SecurityGroupEgress"
    assert ingress["Properties"]["SourceCidrIp"] == "10.0.0.0/8"
    assert egress["Properties"]["DestCidrIp"] == "10.0.0.0/8"
    assert ingress["Properties"]["PortRange"] == egress["Properties"]["PortRange"] == "-1/-1"
    conditions = conversion.template["Conditions"]
    assert conditions[ingress["Condition"]] == {"Fn::Equals": [{"Ref": "direction"}, "ingress"]}
    assert conditions[egress["Condition"]] == {"Fn::Equals": [{"Ref": "direction"}, "egress"]}
    assert any("dynamic__egress, each created only when" in w for w in conversion.warnings)
    assert not any("converted as ingress" in warning for warning in conversion.warnings)


def test_a_security_group_rule_of_a_counted_deploy_time_direction_keeps_its_count() -> None:
    conversion = converted(
        """
        variable "direction" {
          default = "egress"
        }
        variable "create" {
          default = true
        }
        resource "alicloud_security_group_rule" "ssh" {
          count             = var.create ? 1 : 0
          type              = var.direction
          ip_protocol       = "tcp"
          port_range        = "22/22"
          security_group_id = "sg-1"
          cidr_ip           = "10.0.0.0/8"
        }
        """
    )
    conditions = conversion.template["Conditions"]
    for direction in ("ingress", "egress"):
        rule = resources(conversion)[f"SecurityGroupRule_ssh__{direction}"]
        assert conditions[rule["Condition"]] == {"Fn::Equals": [{"Ref": "direction"}, direction]}
        created, copies, none = rule["Count"]["Fn::If"]
        assert conditions[created] == {"Fn::Equals": [True, {"Ref": "create"}]}
        assert (copies, none) == (1, 0)


def test_a_module_argument_for_the_direction_is_that_direction() -> None:
    conversion = convert_terraform(
        {
            "main.tf": textwrap.dedent(
                """
                module "rule" {
                  source    = "./rule"
                  direction = "egress"
                }
                """
            ),
            "rule/main.tf": textwrap.dedent(
                """
                variable "direction" {}
                resource "alicloud_security_group_rule" "r" {
                  type              = var.direction
                  ip_protocol       = "tcp"
                  port_range        = "22/22"
                  security_group_id = "sg-1"
                  cidr_ip           = "10.0.0.0/8"
                }
                """
            ),
        }
    )
    assert checked(conversion.template).ok
    rule = resources(conversion)["SecurityGroupRule_rule__r"]
    assert rule["Type"] == "ALIYUN::ECS::SecurityGroupEgress"
    assert "Condition" not in rule
    assert not any("converted as ingress" in warning for warning in conversion.warnings)


def test_required_properties_get_placeholders() -> None:
    conversion = converted(
        """
        resource "alicloud_db_instance" "db" {
          engine         = "MySQL"
          engine_version = "8.0"
        }
        resource "alicloud_instance" "i" {}
        resource "alicloud_oss_bucket" "b" {}
        """
    )
    db = properties(conversion, "DbInstance_db")
    assert db["SecurityIPList"] == "127.0.0.1"  # Terraform's default
    assert db["DBInstanceClass"] == {"Ref": "DbInstance_db_DBInstanceClass"}
    assert db["DBInstanceStorage"] == {"Ref": "DbInstance_db_DBInstanceStorage"}
    assert properties(conversion, "Instance_i") == {
        "InstanceType": {"Ref": "Instance_i_InstanceType"},
        "ImageId": {"Ref": "Instance_i_ImageId"},
    }
    assert properties(conversion, "OssBucket_b") == {
        "BucketName": {"Ref": "OssBucket_b_BucketName"}
    }
    assert check_template(conversion.to_yaml()).findings == ()
    assert sum("which ALIYUN::" in warning for warning in conversion.warnings) == 5


def test_secret_placeholders_are_no_echo_and_undeclared_variables_are_strings() -> None:
    conversion = converted(
        """
        resource "alicloud_db_account" "a" {
          db_instance_id   = "rm-123"
          account_name     = var.user
          account_password = random_password.p.result
        }
        """
    )
    parameters = conversion.template["Parameters"]
    assert parameters["user"] == {"Type": "String"}
    assert parameters["DbAccount_a_AccountPassword"]["NoEcho"] is True
    assert any("var.user is used but not declared" in w for w in conversion.warnings)


def test_logical_ids_are_valid_deterministic_and_unique() -> None:
    text = """
        variable "Vpc_main" {
          default = "10.0.0.0/16"
        }
        resource "alicloud_vpc" "main-1" {
          cidr_block = var.Vpc_main
        }
        resource "alicloud_vpc" "main_1" {}
        resource "alicloud_vpc" "main" {}
        resource "alicloud_slb_load_balancer" "web.v2" {}
        """
    first = converted(text)
    # Sorted addresses take names first ("main-1" < "main_1"); the variable holds "Vpc_main".
    assert list(resources(first)) == [
        "Vpc_main_1",
        "Vpc_main_1_2",
        "Vpc_main_2",
        "SlbLoadBalancer_web_v2",
    ]
    assert list(resources(convert_terraform(tf(text)))) == list(resources(first))
    assert logical_id_base("alicloud_security_group_rule", "a-b") == "SecurityGroupRule_a_b"


def test_description_and_errors() -> None:
    assert converted('resource "alicloud_vpc" "v" {}\n').template["Description"] == (
        "Converted from Terraform by iaccode: 1 of 1 resources as native ROS resources."
    )
    # A resource converted with losses is counted so, as the summary counts it.
    lossy = 'resource "alicloud_vpc" "v" {\n  no_such_argument = 1\n}\n'
    assert converted(lossy).template["Description"] == (
        "Converted from Terraform by iaccode: 1 of 1 resources as native ROS resources, "
        "1 of them with losses."
    )
    assert (
        convert_terraform(tf('resource "alicloud_vpc" "v" {}\n'), description="Mine").template[
            "Description"
        ]
        == "Mine"
    )
    with pytest.raises(TerraformError, match="None of the resources could be converted"):
        convert_terraform(tf('resource "alicloud_no_such_thing" "n" {}\n'))
    with pytest.raises(TerraformError, match="there are no resources"):
        convert_terraform(tf('variable "x" {}\n'))
    with pytest.raises(TerraformError, match=r"no \.tf file at the top"):
        convert_terraform({"modules/m/main.tf": 'resource "alicloud_vpc" "v" {}\n'})
    with pytest.raises(
        TerraformError, match=r"alicloud_vpc\.v is declared twice, in a\.tf and b\.tf"
    ):
        convert_terraform(
            {"a.tf": 'resource "alicloud_vpc" "v" {}\n', "b.tf": 'resource "alicloud_vpc" "v" {}\n'}
        )


# --- helpers and tables ----------------------------------------------------------------------


def test_split_template_and_references() -> None:
    assert split_template('a${var.x}b$${c}%%{d}${ "}" }') == [
        "a",
        Interpolation("var.x"),
        "b${c}%{d}",
        Interpolation('"}"'),
    ]
    reference = parse_reference('alicloud_vswitch.a[0].tags["k"]')
    assert reference is not None
    assert (reference.root, reference.steps) == ("alicloud_vswitch", ("a", 0, "tags", "k"))
    legacy = parse_reference("alicloud_vswitch.a.*.id")
    assert legacy is not None and legacy.steps == ("a", "*", "id")
    assert parse_reference("cidrsubnet(var.x, 8, 1)") is None
    assert parse_reference("var.a + 1") is None


def test_rule_attributes_are_known_to_the_checker() -> None:
    from iaccode.iac.ros_schema import load_schema

    schema = load_schema()
    unknown = [
        (rule.tf_type, name)
        for rule in load_rules().by_terraform.values()
        if (known := schema.resource(rule.ros_type)) is not None
        for attribute in rule.attributes.values()
        for name in attribute.to
        if name.split(".")[0] not in known.attributes
        # An attribute that is also an argument reads back the value given (vSwitch vpc_id).
        and not (name == attribute.to[0] and any(p.to == name for p in rule.properties.values()))
    ]
    assert not unknown


_NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,12}", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(_NAMES, min_size=1, max_size=6, unique=True))
def test_any_resource_names_give_a_clean_template(names: list[str]) -> None:
    text = "".join(
        f'resource "alicloud_vpc" "{name}" {{\n  vpc_name = "{name}"\n}}\n' for name in names
    )
    conversion = convert_terraform({"main.tf": text})
    ids = list(conversion.template["Resources"])
    assert len(ids) == len(set(ids)) == len(names)
    assert all("." not in name and name.isascii() for name in ids)
    assert check_template(conversion.to_yaml()).findings == ()


def test_yaml_renderer_orders_sections_and_blocks_multiline_text() -> None:
    template = {
        "Workspace": {"main.tf": "a\nb\n"},
        "Resources": {},
        "Transform": "Aliyun::OpenTofu-v1.8",
        "Custom": 1,
        "ROSTemplateFormatVersion": "2015-09-01",
    }
    text = render_yaml(template)
    assert text.splitlines()[:3] == [
        "ROSTemplateFormatVersion: '2015-09-01'",
        "Transform: Aliyun::OpenTofu-v1.8",
        "Resources: {}",
    ]
    assert "  main.tf: |\n    a\n    b\n" in text
    assert text.rstrip().endswith("Custom: 1")
    assert list(json.loads(render_json(template)))[:2] == ["ROSTemplateFormatVersion", "Transform"]
