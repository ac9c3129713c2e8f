"""Terraform to ROS, two ways: wrap the files unchanged, or convert resources to native ROS.

`wrap_terraform` is the "compatible" conversion (rostran `--compatible`,
`spec/iac-code-reference.md` 3.6 and 3.7): a Terraform-type template with
`Transform: Aliyun::OpenTofu-v1.8` (or `Aliyun::Terraform-v1.x`) and a `Workspace` of relative
paths to file text. ROS runs Terraform on the files itself, so nothing is lost; it is the answer
for any configuration the native conversion cannot map. `collect_terraform_files` reads such a
workspace from a directory (`tf_files`), every file; `collect_used_files` (`tf_select`) only the
files the root module reads (its folder and the local modules it calls, not `examples/`).

Root-module `variable` blocks become ROS `Parameters` (string->String, number->Number,
bool->Boolean, list/set->CommaDelimitedList, map/object/tuple->Json; default, description and
`sensitive`->NoEcho kept; a JSON description carries Label, AssociationProperty and friends, as
the ROS docs describe). That gives the console typed inputs and lets `check_template` see them.
Module variables are left alone: a module call sets them, not the stack.

Root-module `output` blocks become ROS `Outputs` of the same name. ROS takes a Terraform-type
stack's output values from Terraform itself, so the entry carries only display text: the
newest revision of the ROS docs ("Structure of Terraform templates", updated 2024-01-18) writes
it as `Value: null` with Description, which is what `tf_hcl.output_fields` emits (Label is the
output's name unless a JSON description gives one). The checker accepts an output of a
Terraform-type template with `Value: null` or no Value (older revisions of the page omit it).

`wrap_notes` says what ROS will not find: a module call whose source is remote (registry, git,
...) needs network access at deploy time, and one whose source leaves the workspace is not in
the Workspace at all, so that stack fails when Terraform initialises.

`convert_terraform` maps every alicloud_* resource the vendor's rules know (about 810 types) to
its ALIYUN::* resource (`tf_convert`, rules in `tf_rules`) and reports, in `Conversion.notes`,
everything it could not map; `Conversion.summary` counts what became of the resources.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from iaccode.iac.msg import Msg
from iaccode.iac.ros_types import FORMAT_VERSION
from iaccode.iac.tf_convert import Conversion, convert
from iaccode.iac.tf_expand import local_source
from iaccode.iac.tf_files import (
    TerraformError,
    check_workspace,
    collect_terraform_files,
    is_root_file,
)
from iaccode.iac.tf_hcl import (
    literal_text,
    module_calls,
    module_directory,
    output_fields,
    parse_hcl,
    read_config,
    variable_parameter,
)
from iaccode.iac.tf_select import collect_used_files

__all__ = [
    "DEFAULT_TRANSFORM",
    "Conversion",
    "TerraformError",
    "collect_terraform_files",
    "collect_used_files",
    "convert_terraform",
    "wrap_notes",
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
    outputs = {block.labels[0]: output_fields(block) for block in config.outputs}
    if outputs:
        template["Outputs"] = outputs
    template["Workspace"] = workspace
    return template


def wrap_notes(files: Mapping[str, str]) -> tuple[Msg, ...]:
    """What a wrapped workspace lacks: module sources that are remote or leave the workspace.

    Raises `TerraformError` like `wrap_terraform`."""
    workspace = check_workspace(files)
    notes: list[Msg] = []
    for path, text in sorted(workspace.items()):
        if not path.endswith(".tf"):
            continue
        directory = module_directory(path)
        for name, body in module_calls(parse_hcl(path, text)):
            source = literal_text(body.get("source")) or ""
            if not source.startswith(("./", "../")):
                notes.append(
                    Msg(
                        "{path}: module {name} has the remote source {source!r}, which is not "
                        "in the Workspace; ROS must download it when it deploys the stack.",
                        path=path,
                        name=name,
                        source=source,
                    )
                )
                continue
            target = local_source(directory, source)
            if target is None or not any(
                module_directory(other) == target and other.endswith(".tf") for other in workspace
            ):
                notes.append(
                    Msg(
                        "{path}: module {name} has the source {source!r}, which is not in the "
                        "Workspace, so the stack fails when Terraform initialises; wrap the "
                        "directory that contains the module instead.",
                        path=path,
                        name=name,
                        source=source,
                    )
                )
    return tuple(notes)


def convert_terraform(files: Mapping[str, str], *, description: str | None = None) -> Conversion:
    """Convert the root module's alicloud_* resources to a native ROS template.

    Raises `TerraformError` for bad paths, invalid HCL, or when no resource can be converted;
    everything else that cannot be mapped is a warning (see `tf_convert`).
    """
    return convert(files, description=description)
