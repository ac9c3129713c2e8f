"""Terraform to ROS, two ways: wrap the files unchanged, or convert resources to native ROS.

`wrap_terraform` is the "compatible" conversion (rostran `--compatible`,
`spec/iac-code-reference.md` 3.6 and 3.7): a Terraform-type template with
`Transform: Aliyun::OpenTofu-v1.8` (or `Aliyun::Terraform-v1.x`) and a `Workspace` of relative
paths to file text. ROS runs Terraform on the files itself, so nothing is lost; it is the answer
for any configuration the native conversion cannot map. `collect_terraform_files` reads such a
workspace from a directory (`tf_files`).

Root-module `variable` blocks become ROS `Parameters` (string->String, number->Number,
bool->Boolean, list/set->CommaDelimitedList, map/object/tuple->Json; default, description and
`sensitive`->NoEcho kept; a JSON description carries Label, AssociationProperty and friends, as
the ROS docs describe). That gives the console typed inputs and lets `check_template` see them.
Module variables are left alone: a module call sets them, not the stack.

`output` blocks are NOT turned into ROS `Outputs`. ROS publishes a Terraform-type stack's root
outputs by itself, and its docs show the `Outputs` section of such a template only overriding
display text (Description, Label) with no Value, or with `Value: null`, depending on the page
revision. Rather than guess which form ROS accepts, the wrapper leaves Outputs out; the stack
still reports every Terraform output.

`convert_terraform` maps the core alicloud_* resources to ALIYUN::* resources (`tf_convert`,
table in `tf_rules`) and reports, in `Conversion.warnings`, everything it could not map.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from iaccode.iac.msg import Msg
from iaccode.iac.ros_types import FORMAT_VERSION
from iaccode.iac.tf_convert import Conversion, convert
from iaccode.iac.tf_files import (
    TerraformError,
    check_workspace,
    collect_terraform_files,
    is_root_file,
)
from iaccode.iac.tf_hcl import parse_hcl, read_config, variable_parameter

__all__ = [
    "DEFAULT_TRANSFORM",
    "Conversion",
    "TerraformError",
    "collect_terraform_files",
    "convert_terraform",
    "wrap_terraform",
]

DEFAULT_TRANSFORM = "Aliyun::OpenTofu-v1.8"
_TRANSFORM = re.compile(r"Aliyun::Terraform-v1\.\d+|Aliyun::OpenTofu-v1\.8")


def check_transform(transform: str) -> str:
    """Return `transform` if ROS knows it as a Terraform engine, else raise `TerraformError`."""
    if not isinstance(transform, str) or not _TRANSFORM.fullmatch(transform):
        raise TerraformError(
            Msg(
                "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
                "'Aliyun::Terraform-v1.x' (for example v1.5).",
                transform=transform,
                default=DEFAULT_TRANSFORM,
            )
        )
    return transform


def wrap_terraform(
    files: Mapping[str, str],
    *,
    transform: str = DEFAULT_TRANSFORM,
    description: str | None = None,
) -> dict[str, Any]:
    """A Terraform-type ROS template that carries `files` unchanged in its Workspace.

    Raises `TerraformError` for an unknown transform, a bad path, no `.tf` file, or a `.tf`
    file (modules included) that is not valid HCL (the message names the file and line).
    """
    check_transform(transform)
    workspace = check_workspace(files)
    config = read_config(workspace)
    for path, text in workspace.items():
        if path.endswith(".tf") and not is_root_file(path):
            parse_hcl(path, text)  # module files: ROS would only fail later, at deploy time
    template: dict[str, Any] = {"ROSTemplateFormatVersion": FORMAT_VERSION}
    if description:
        template["Description"] = description
    template["Transform"] = transform
    parameters = {
        name: variable_parameter(block, config.tfvars) for name, block in config.variables.items()
    }
    if parameters:
        template["Parameters"] = parameters
    template["Workspace"] = workspace
    return template


def convert_terraform(files: Mapping[str, str], *, description: str | None = None) -> Conversion:
    """Convert the root module's alicloud_* resources to a native ROS template.

    Raises `TerraformError` for bad paths, invalid HCL, or when no resource can be converted;
    everything else that cannot be mapped is a warning (see `tf_convert`).
    """
    return convert(files, description=description)
