"""A root module in a subfolder of the workspace: a module repository's `examples/complete`
calling the module as `source = "../.."`. The workspace is the boundary, the root module is
the folder converted; native mode inlines the module, compatible mode moves the root module to
the top of the Workspace (as ROS runs it) and rewrites the module sources to match."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from iaccode.agent.tools.base import ToolRunner
from iaccode.agent.tools.iac import IAC_TOOLS
from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_render import render_yaml
from iaccode.iac.terraform import (
    TerraformError,
    collect_used_files,
    convert_terraform,
    wrap_notes,
    wrap_terraform,
)
from tests.agent.fakes import RecordingOutput

MODULE = {
    "main.tf": """
        resource "alicloud_vpc" "this" {
          vpc_name   = var.name
          cidr_block = var.cidr
        }
        module "net" {
          source = "./modules/net"
          vpc_id = alicloud_vpc.this.id
        }
        """,
    "variables.tf": """
        variable "name" {
          type = string
        }
        variable "cidr" {
          type    = string
          default = "172.16.0.0/12"
        }
        """,
    "outputs.tf": """
        output "vpc_id" {
          value = alicloud_vpc.this.id
        }
        """,
    "terraform.tfvars": 'name = "not-the-example-s"\n',
    "modules/net/main.tf": """
        variable "vpc_id" {}
        resource "alicloud_vswitch" "this" {
          vpc_id     = var.vpc_id
          cidr_block = "10.0.1.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        """,
}
EXAMPLE = """
    variable "name" {
      default = "demo"
    }
    module "vpc" {
      source = "../.."
      name   = var.name
      cidr   = "10.0.0.0/8"
    }
    output "vpc_id" {
      value = module.vpc.vpc_id
    }
    """


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return write(
        tmp_path / "repo",
        {
            **MODULE,
            "examples/complete/main.tf": EXAMPLE,
            "examples/complete/terraform.tfvars": 'name = "from-tfvars"\n',
            "examples/other/main.tf": 'module "x" {\n  source = "../.."\n}\n',
        },
    )


def test_an_example_reads_the_module_above_it_and_nothing_else(repo: Path) -> None:
    files = collect_used_files(repo, "examples/complete")
    assert sorted(files) == [
        "examples/complete/main.tf",
        "examples/complete/terraform.tfvars",
        "main.tf",
        "modules/net/main.tf",
        "outputs.tf",
        "terraform.tfvars",  # read, as it is in the module's folder; not loaded for the root
        "variables.tf",
    ]


def test_native_inlines_the_module_above_with_the_example_s_arguments(repo: Path) -> None:
    conversion = convert_terraform(
        collect_used_files(repo, "examples/complete"), root="examples/complete"
    )
    assert conversion.template["Parameters"] == {
        "name": {"Type": "String", "Default": "from-tfvars"}
    }
    assert conversion.template["Resources"] == {
        "Vpc_vpc__this": {
            "Type": "ALIYUN::ECS::VPC",
            "Properties": {"VpcName": {"Ref": "name"}, "CidrBlock": "10.0.0.0/8"},
        },
        "Vswitch_vpc__net__this": {
            "Type": "ALIYUN::ECS::VSwitch",
            "Properties": {
                "VpcId": {"Ref": "Vpc_vpc__this"},
                "CidrBlock": "10.0.1.0/24",
                "ZoneId": "cn-hangzhou-h",
            },
        },
    }
    assert conversion.template["Outputs"] == {
        "vpc_id": {"Value": {"Ref": "Vpc_vpc__this"}, "Label": "vpc_id"}
    }
    assert (conversion.summary.found, conversion.summary.native) == (2, 2)
    assert check_template(conversion.to_yaml()).ok


def test_compatible_moves_the_root_module_to_the_top_and_rewrites_its_source(
    repo: Path,
) -> None:
    files = collect_used_files(repo, "examples/complete")
    template = wrap_terraform(files, root="examples/complete")
    workspace = template["Workspace"]
    assert sorted(workspace) == [
        "_workspace/main.tf",
        "_workspace/modules/net/main.tf",
        "_workspace/outputs.tf",
        "_workspace/terraform.tfvars",
        "_workspace/variables.tf",
        "main.tf",
        "terraform.tfvars",
    ]
    assert workspace["main.tf"] == textwrap.dedent(EXAMPLE).replace('"../.."', '"./_workspace"')
    assert workspace["_workspace/main.tf"] == textwrap.dedent(MODULE["main.tf"])  # unchanged
    assert workspace["terraform.tfvars"] == 'name = "from-tfvars"\n'
    assert template["Parameters"] == {"name": {"Type": "String", "Default": "from-tfvars"}}
    assert template["Outputs"] == {"vpc_id": {"Value": None, "Label": "vpc_id"}}
    assert check_template(render_yaml(template)).ok
    assert [str(note) for note in wrap_notes(files, "examples/complete")] == [
        "The root module examples/complete is at the top of the Workspace, as ROS runs it; "
        "the 5 other files it needs are under _workspace/ with their workspace paths, and the "
        "module sources naming them were rewritten to match."
    ]


def test_the_outside_folder_never_collides_with_one_of_the_root_module(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "main.tf": 'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n',
            "ex/main.tf": 'module "m" {\n  source = "../"\n}\nmodule "w" {\n'
            '  source = "./_workspace"\n}\n',
            "ex/_workspace/main.tf": 'resource "alicloud_vpc" "w" {\n  cidr_block = '
            '"10.0.0.0/8"\n}\n',
        },
    )
    template = wrap_terraform(collect_used_files(tmp_path, "ex"), root="ex")
    assert sorted(template["Workspace"]) == ["_workspace/main.tf", "_workspace2/main.tf", "main.tf"]
    assert template["Workspace"]["main.tf"] == (
        'module "m" {\n  source = "./_workspace2"\n}\nmodule "w" {\n  source = "./_workspace"\n}\n'
    )


def test_a_source_that_leaves_the_workspace_is_not_followed(tmp_path: Path) -> None:
    write(tmp_path, {"outside/main.tf": 'resource "alicloud_vpc" "v" {}\n'})
    repo = write(
        tmp_path / "repo",
        {
            "examples/complete/main.tf": 'module "far" {\n  source = "../../../outside"\n}\n'
            'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n',
        },
    )
    files = collect_used_files(repo, "examples/complete")
    assert sorted(files) == ["examples/complete/main.tf"]
    conversion = convert_terraform(files, root="examples/complete")
    assert conversion.unsupported == ("module.far",)
    assert "module.far: its source '../../../outside' lies outside the workspace" in (
        "\n".join(conversion.warnings)
    )
    notes = [str(note) for note in wrap_notes(files, "examples/complete")]
    assert notes == [
        "examples/complete/main.tf: module far has the source '../../../outside', which is not "
        "in the Workspace, "
        "so the stack fails when Terraform initialises; wrap the directory that contains the "
        "module instead."
    ]


def test_symlinks_that_leave_the_workspace_are_refused_without_naming_their_target(
    tmp_path: Path,
) -> None:
    secret = write(tmp_path / "secret", {"keys.tf": "# private\n"})
    repo = write(tmp_path / "repo", {**MODULE, "examples/complete/main.tf": EXAMPLE})
    os.symlink(secret / "keys.tf", repo / "modules" / "net" / "keys.tf")
    with pytest.raises(TerraformError) as refused:
        collect_used_files(repo, "examples/complete")
    assert str(refused.value) == (
        "modules/net/keys.tf is a symlink to a place outside the workspace, which is not "
        "followed; copy the file into the workspace instead."
    )
    assert str(tmp_path) not in str(refused.value)
    (repo / "modules" / "net" / "keys.tf").unlink()
    os.symlink(secret, repo / "docs")  # a folder no module is in: not entered, no refusal
    assert "docs/keys.tf" not in collect_used_files(repo, "examples/complete")
    os.symlink(secret, repo / "modules" / "far")
    (repo / "examples" / "complete" / "far.tf").write_text(
        'module "f" {\n  source = "../../modules/far"\n}\n'
    )
    with pytest.raises(
        TerraformError, match=r"^The module folder modules/far is a symlink to a place outside"
    ):
        collect_used_files(repo, "examples/complete")


def test_a_cycle_through_the_root_module_is_read_once_and_refused(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "main.tf": 'module "back" {\n  source = "./examples/complete"\n}\n',
            "examples/complete/main.tf": 'module "up" {\n  source = "../.."\n}\n',
        },
    )
    files = collect_used_files(tmp_path, "examples/complete")
    assert sorted(files) == ["examples/complete/main.tf", "main.tf"]
    with pytest.raises(TerraformError, match=r"module\.up\.module\.back calls the module "):
        convert_terraform(files, root="examples/complete")


def test_the_limits_apply_to_what_the_root_module_reads(repo: Path) -> None:
    write(repo, {f"part{n}.tf": "" for n in range(50)})
    with pytest.raises(TerraformError, match="have 56 files, more than 50"):
        collect_used_files(repo, "examples/complete")
    assert sorted(collect_used_files(repo, "examples/other", max_files=60))[:1] == [
        "examples/other/main.tf"
    ]
    with pytest.raises(TerraformError, match="more than 200 bytes"):
        collect_used_files(repo, "examples/complete", max_bytes=200, max_files=60)
    with pytest.raises(TerraformError, match=r"^examples is not a folder with \.tf files"):
        collect_used_files(repo, "examples")
    with pytest.raises(TerraformError, match=r"no \.tf file in the root module folder ex\."):
        convert_terraform({"main.tf": 'resource "alicloud_vpc" "v" {}\n'}, root="ex")


async def test_the_tool_converts_an_example_of_a_module_repository(repo: Path) -> None:
    runner = ToolRunner(IAC_TOOLS, cwd=repo, roots=(repo,))
    args = {"path": "examples/complete"}
    native = await runner.run(RecordingOutput(), "c1", "convert_terraform", args)
    assert not native.is_error, native.data
    assert native.data["counts"] == {
        "found": 2,
        "native": 2,
        "lossy": 0,
        "dropped": 0,
        "not_created": 0,
    }
    assert native.data["check"]["ok"] is True
    wrapped = await runner.run(
        RecordingOutput(), "c2", "convert_terraform", {**args, "mode": "compatible"}
    )
    assert not wrapped.is_error, wrapped.data
    assert 'source = "./_workspace"' in wrapped.data["template"]
    assert "examples/other" not in wrapped.data["template"]
    assert wrapped.data["warnings"][0].startswith("The root module examples/complete is at the top")
    outside = await runner.run(RecordingOutput(), "c3", "convert_terraform", {"path": ".."})
    assert outside.is_error and outside.data["error"] == "'..' is outside the workspace."


def test_a_source_naming_a_folder_without_terraform_stays_as_written(tmp_path: Path) -> None:
    write(tmp_path, {"infra/main.tf": 'module "net" {\n  source = "../shared"\n}\n'})
    files = collect_used_files(tmp_path, "infra")
    assert wrap_terraform(files, root="infra")["Workspace"] == {
        "main.tf": 'module "net" {\n  source = "../shared"\n}\n'
    }
    assert [str(note) for note in wrap_notes(files, "infra")] == [
        "infra/main.tf: module net has the source '../shared', which is not in the Workspace, so "
        "the stack fails when Terraform initialises; wrap the directory that contains the module "
        "instead."
    ]
