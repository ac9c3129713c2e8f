"""Terraform to ROS, two ways: wrap the files unchanged, or convert resources to native ROS.

`wrap_terraform` is the "compatible" conversion (rostran `--compatible`,
`spec/iac-code-reference.md` 3.6 and 3.7): a Terraform-type template with
`Transform: Aliyun::OpenTofu-v1.8` (or `Aliyun::Terraform-v1.x`) and a `Workspace` of relative
paths to file text. ROS runs Terraform on the files itself, so nothing is lost; it is the answer
for any configuration the native conversion cannot map. `collect_terraform_files` reads such a
workspace from a directory (`tf_files`), every file; `collect_used_files` (`tf_select`) only the
files one root module reads (its folder and the local modules it calls, not the other
`examples/`), keyed by workspace path. The root module may be a subfolder of the workspace
(`root`, such as `examples/complete` calling `../..`): the converter starts there, and the
wrapping moves it to the top of the Workspace, where ROS runs Terraform (`tf_rebase`).

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

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_types import FORMAT_VERSION
from iaccode.iac.tf_convert import Conversion, convert
from iaccode.iac.tf_files import (
    TerraformError,
    check_workspace,
    collect_terraform_files,
    local_source,
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
from iaccode.iac.tf_rebase import Rebased, rebase
from iaccode.iac.tf_select import collect_used_files, outside_root, read_paths

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
    root: str = "",
) -> dict[str, Any]:
    """A Terraform-type ROS template that carries `files` in its Workspace, the root module
    (in the workspace folder `root`) at the top as ROS runs it (`tf_rebase`: only the sources
    of module calls change when the root is a subfolder).

    Raises `TerraformError` for an unknown transform, a bad path, no `.tf` file in the root
    module, or a `.tf` file (modules included) that is not valid HCL (the message names the
    file and line).
    """
    check_transform(transform)
    workspace = _rebased(files, root).files
    config = read_config(workspace)
    for path, text in workspace.items():
        if path.endswith(".tf") and module_directory(path):
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


def _rebased(files: Mapping[str, str], root: str) -> Rebased:
    """The checked workspace rebased onto `root`; raises `TerraformError` (bad paths, no `.tf`
    file in `root`, invalid HCL, a source that cannot be rewritten)."""
    checked = check_workspace(files)
    if not any(module_directory(path) == root and path.endswith(".tf") for path in checked):
        raise TerraformError(
            Msg("There is no .tf file in the root module folder {root}.", root=root or ".")
        )
    rebased = rebase(checked, root)
    return attrs.evolve(rebased, files=check_workspace(rebased.files))


def wrap_notes(files: Mapping[str, str], root: str = "") -> tuple[Msg, ...]:
    """What a wrapped workspace lacks (module sources that are remote or leave the workspace,
    files that file functions read but are not in it, relative paths that leave the root
    module's folder and so lead nowhere once it is at the top), and where the files went
    when the root module is the subfolder `root`.

    Raises `TerraformError` like `wrap_terraform`."""
    rebased = _rebased(files, root)
    workspace = rebased.files
    notes: list[Msg] = []
    if rebased.moved:
        notes.append(
            Msg(
                "The root module {root} is at the top of the Workspace, as ROS runs it; the "
                "{count} other files it needs are under {outside}/ with their workspace paths, "
                "and the module sources naming them were rewritten to match.",
                root=root,
                count=len(rebased.moved),
                outside=rebased.outside,
            )
        )
    checked = check_workspace(files)
    read = {named.written: named for named in read_paths(checked, root)}
    for named in read.values():
        if named.key not in checked:
            notes.append(
                Msg(
                    "The configuration reads {path}, which is not in the Workspace (missing, or "
                    "not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.",
                    path=named.written,
                )
            )
    outside = {named.written: named for named in outside_root(checked, root)}
    for named in outside.values():
        notes.append(
            Msg(
                "The path {path} names {file} from the root module's folder; with the root "
                "module at the top of the Workspace it no longer leads there, so Terraform "
                "fails to read it when ROS deploys the stack; copy the file into that folder.",
                path=named.written,
                file=named.key,
            )
        )
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
                        path=rebased.workspace_path(path),
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
                        path=rebased.workspace_path(path),
                        name=name,
                        source=source,
                    )
                )
    return tuple(notes)


def convert_terraform(
    files: Mapping[str, str], *, description: str | None = None, root: str = ""
) -> Conversion:
    """Convert the alicloud_* resources of the root module in the workspace folder `root` ("",
    the top, by default) to a native ROS template.

    Raises `TerraformError` for bad paths, no `.tf` file in `root`, invalid HCL, or when no
    resource can be converted; everything else that cannot be mapped is a warning (see
    `tf_convert`).
    """
    return convert(files, description=description, root=root)
