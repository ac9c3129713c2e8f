"""Offline checker for Alibaba Cloud ROS templates (JSON or YAML, including Terraform-type ones).

`check_template(text)` loads and checks a template body; `check_document(doc, source_map)` checks
an already-parsed document. Both return a `Report` and never raise. The rules follow
`spec/iac-code-reference.md` section 3; they are split by job into `ros_parameters`,
`ros_resources` and `ros_refs`, with the tables in `ros_types`. Findings are sorted by
(severity, path); each code has one fixed severity (`ros_report.CODES`).

Code     Severity  Meaning
-------  --------  ------------------------------------------------------------------
ROS0001  error     Template is not valid JSON or YAML
ROS0002  error     Template is larger than the size limit (2 MiB)
ROS0003  error     Template nests deeper than the limit (100 levels)
ROS0004  error     Template expands beyond the size budget or has a recursive alias
ROS0005  warning   Duplicate key in a mapping
ROS1001  error     Template root is not a mapping
ROS1002  error     ROSTemplateFormatVersion is missing
ROS1003  error     ROSTemplateFormatVersion is not 2015-09-01
ROS1004  warning   ROSTemplateFormatVersion is an unquoted YAML date
ROS1005  error     Unknown top-level section
ROS1006  error     Section has the wrong type
ROS1007  error     Resources is missing or empty
ROS1010  error     Terraform template has no Workspace
ROS1011  error     Workspace path is absolute or leaves the workspace
ROS1012  error     Workspace file content is not a string
ROS1013  error     Workspace has no .tf file
ROS1014  warning   Workspace without a Terraform Transform
ROS1020  error     Name contains a forbidden character
ROS1021  warning   Name is defined in more than one section
ROS2001  error     Parameter definition is not a mapping
ROS2002  error     Parameter has no Type
ROS2003  error     Parameter Type is unknown
ROS2004  error     Unknown parameter attribute
ROS2005  error     Parameter constraint has the wrong type
ROS2006  error     AllowedPattern is not a valid regular expression
ROS2007  error     Minimum is greater than maximum
ROS2008  error     Default is not one of AllowedValues
ROS2009  error     Default does not match AllowedPattern
ROS2010  error     Default length is out of range
ROS2011  error     Default value is out of range
ROS2012  error     Number parameter default is not a number
ROS2013  error     Boolean parameter default is not a boolean
ROS2014  warning   Parameter is never used
ROS2015  error     Parameter value uses a function
ROS3001  error     Resource definition is not a mapping
ROS3002  error     Resource has no Type
ROS3003  warning   Resource Type has an unexpected prefix
ROS3004  error     Unknown resource attribute
ROS3005  error     Resource Properties is not a mapping
ROS3006  error     DependsOn names no resource
ROS3007  error     Resources depend on each other in a cycle
ROS3010  error     Required property is missing
ROS3011  warning   Expected property is missing
ROS3012  error     Property value is not allowed
ROS3013  error     CIDR block is not a valid IPv4 CIDR
ROS3014  error     VSwitch CIDR block is outside its VPC
ROS3015  error     VSwitch CIDR blocks overlap
ROS3016  warning   Property value is not among values the schema lists wrongly
ROS3020  warning   Resource type is not in the ROS schema (a typo, or a retired type)
ROS3021  warning   Property is not in the ROS schema (a typo, or a retired property)
ROS3022  error     Property value has the wrong type
ROS4001  error     Reference to an unknown name
ROS4002  error     Ref is malformed
ROS4003  warning   ALIYUN::Index outside a Count resource
ROS4004  error     Fn::GetAtt is malformed
ROS4005  error     Fn::GetAtt names no resource
ROS4006  warning   Attribute is not in the ROS schema for the resource type
ROS4007  error     Fn::Sub is malformed
ROS4008  error     Condition reference names no condition
ROS4009  error     Fn::FindInMap names no mapping or key
ROS4010  error     Unknown function
ROS4011  error     Function arguments have the wrong shape
ROS4012  error     Fn::Select index is out of range
ROS4013  error     Conditions or Rules use a resource value
ROS4014  warning   Conditions use a function ROS does not evaluate there
ROS5001  error     Output definition is not a mapping
ROS5002  error     Output has no Value
ROS5003  error     Unknown output key
ROS5004  info      Output has no Label
ROS6001  error     Rule is malformed
"""

from __future__ import annotations

import datetime
import re

from iaccode.iac.msg import Msg, and_list, or_list
from iaccode.iac.ros_context import CheckContext, describe, str_keys, suggestion
from iaccode.iac.ros_functions import check_functions
from iaccode.iac.ros_loader import Path, SourceMap, load_template
from iaccode.iac.ros_parameters import check_parameters, used_parameter_names
from iaccode.iac.ros_refs import check_dependency_cycles, check_references, collect_usages
from iaccode.iac.ros_report import Finding, Report, make_finding
from iaccode.iac.ros_resources import check_resources
from iaccode.iac.ros_rules import check_rules
from iaccode.iac.ros_types import (
    FORMAT_VERSION,
    MAPPING_SECTIONS,
    OUTPUT_KEYS,
    TOP_LEVEL_SECTIONS,
)

__all__ = ["Finding", "Report", "check_document", "check_template"]

_VERSION_KEY = "ROSTemplateFormatVersion"
_VERSION_HINT = Msg(
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.", version=FORMAT_VERSION
)

# (section, what its entries are called, characters their names must not contain)
_NAME_RULES = (
    (
        "Parameters",
        Msg("The parameter name {name!r} contains {chars}, which parameter names cannot contain."),
        ".:",
    ),
    (
        "Locals",
        Msg("The local name {name!r} contains {chars}, which local names cannot contain."),
        ".:",
    ),
    (
        "Resources",
        Msg("The resource name {name!r} contains {chars}, which resource names cannot contain."),
        ".",
    ),
    # Output names may contain "." (the official templates name console outputs Console.Url).
    (
        "Conditions",
        Msg("The condition name {name!r} contains {chars}, which condition names cannot contain."),
        "&",
    ),
)

_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:")


def check_template(text: str) -> Report:
    """Load a JSON or YAML template body and check it."""
    loaded = load_template(text)
    if not loaded.loaded:
        return Report(loaded.findings)
    checked = check_document(loaded.document, loaded.source_map)
    return Report((*loaded.findings, *checked.findings))


def check_document(doc: object, positions: SourceMap | None = None) -> Report:
    """Check a parsed template; `positions` (from `ros_loader`) adds line numbers to findings."""
    source_map = positions if positions is not None else SourceMap()
    if not isinstance(doc, dict):
        where = source_map.locate(())
        if doc is None:
            message = Msg("The template is empty.")
        else:
            message = Msg(
                "The template must be a mapping of sections, not {kind}.", kind=type(doc).__name__
            )
        finding = make_finding(
            "ROS1001",
            message,
            hint=Msg(
                "Start the template with ROSTemplateFormatVersion: '{version}' followed by "
                "sections such as Parameters and Resources.",
                version=FORMAT_VERSION,
            ),
            line=where[0] if where else None,
            column=where[1] if where else None,
        )
        return Report((finding,))
    ctx = CheckContext.build(doc, source_map)
    _check_version(ctx)
    _check_sections(ctx)
    _check_workspace(ctx)
    _check_names(ctx)
    usages = collect_usages(ctx)
    check_references(ctx, usages)
    check_functions(ctx, usages)
    check_resources(ctx)
    check_dependency_cycles(ctx, usages)
    check_parameters(ctx, used_parameter_names(ctx, usages))
    _check_outputs(ctx)
    check_rules(ctx)
    return Report(ctx.findings)


def _check_version(ctx: CheckContext) -> None:
    path: Path = (_VERSION_KEY,)
    if _VERSION_KEY not in ctx.doc:
        ctx.add(
            "ROS1002", path, Msg("The template has no ROSTemplateFormatVersion."), _VERSION_HINT
        )
        return
    version = ctx.doc[_VERSION_KEY]
    if version == FORMAT_VERSION:
        return
    if type(version) is datetime.date and version == datetime.date(2015, 9, 1):
        # Unquoted 2015-09-01 is a YAML date; ROS accepts it, but other tools may not.
        ctx.add(
            "ROS1004",
            path,
            Msg("ROSTemplateFormatVersion is written as an unquoted YAML date."),
            Msg(
                "Quote it as '{version}' so every YAML reader sees a string.",
                version=FORMAT_VERSION,
            ),
        )
        return
    ctx.add(
        "ROS1003",
        path,
        Msg(
            "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.",
            value=describe(version),
            version=FORMAT_VERSION,
        ),
        _VERSION_HINT,
    )


def _check_sections(ctx: CheckContext) -> None:
    for key, value in ctx.doc.items():
        if key not in TOP_LEVEL_SECTIONS:
            ctx.add(
                "ROS1005",
                (key,),
                Msg("{key!r} is not a ROS template section.", key=key),
                suggestion(key, TOP_LEVEL_SECTIONS, Msg("Remove it or move its content.")),
            )
        elif key in MAPPING_SECTIONS and not isinstance(value, dict | None):
            # An empty section (`Outputs:` with nothing under it) reads as null; ROS skips it.
            ctx.add(
                "ROS1006",
                (key,),
                Msg(
                    "The {section} section must be a mapping, not {value}.",
                    section=key,
                    value=describe(value),
                ),
                Msg("Write {section} as a mapping of names to definitions.", section=key),
            )
        elif (key == "Transform" and not isinstance(value, str)) or (
            # Description may also map language codes to texts ({en: ..., zh-cn: ...}).
            key == "Description" and not isinstance(value, str | dict)
        ):
            ctx.add(
                "ROS1006",
                (key,),
                Msg("{section} must be a string, not {value}.", section=key, value=describe(value)),
                Msg("Write {section} as a single string.", section=key),
            )
    if ctx.is_terraform:
        return
    resources = ctx.doc.get("Resources")
    if resources is None or (isinstance(resources, dict) and not resources):
        ctx.add(
            "ROS1007",
            ("Resources",),
            Msg("The template defines no resources.")
            if resources is None
            else Msg("The Resources section is empty."),
            Msg(
                "Add at least one resource under Resources, or a Transform and Workspace for a "
                "Terraform template."
            ),
        )


def _workspace_path_problem(name: str) -> Msg | None:
    if not name:
        return Msg("is empty")
    if name.startswith(("/", "\\")) or _WINDOWS_DRIVE.match(name):
        return Msg("is absolute")
    if ".." in re.split(r"[/\\]", name):
        return Msg("contains '..'")
    return None


def _check_workspace(ctx: CheckContext) -> None:
    workspace = ctx.doc.get("Workspace")
    if not ctx.is_terraform:
        if "Workspace" in ctx.doc:
            ctx.add(
                "ROS1014",
                ("Workspace",),
                Msg("Workspace is set, but without a Terraform Transform ROS ignores it."),
                Msg(
                    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove "
                    "Workspace."
                ),
            )
        return
    if "Workspace" not in ctx.doc:
        ctx.add(
            "ROS1010",
            ("Workspace",),
            Msg("The template has a Terraform Transform but no Workspace with Terraform files."),
            Msg("Add Workspace mapping file paths such as main.tf to their Terraform source."),
        )
        return
    if not isinstance(workspace, dict):
        return  # ROS1006 already says it must be a mapping
    files = str_keys(workspace)
    for name, content in files.items():
        problem = _workspace_path_problem(name)
        if problem is not None:
            ctx.add(
                "ROS1011",
                ("Workspace", name),
                Msg(
                    "The Workspace path {name!r} {problem}; paths must be relative and stay "
                    "inside the workspace.",
                    name=name,
                    problem=problem,
                ),
                Msg("Use a relative path such as main.tf or modules/vpc/main.tf."),
            )
        if not isinstance(content, str):
            ctx.add(
                "ROS1012",
                ("Workspace", name),
                Msg(
                    "The Workspace file {name!r} must have text content, not {value}.",
                    name=name,
                    value=describe(content),
                ),
                Msg("Give the file's Terraform source as a string (a YAML block with |)."),
            )
    if not any(name.endswith(".tf") for name in files):
        ctx.add(
            "ROS1013",
            ("Workspace",),
            Msg("The Workspace has no .tf file, so there is no Terraform configuration to run."),
            Msg("Add at least one Terraform file, such as main.tf."),
        )


def _check_names(ctx: CheckContext) -> None:
    serverless = str(ctx.doc.get("Transform", "")).startswith("Aliyun::Serverless")
    for section, sentence, forbidden in _NAME_RULES:
        if serverless and section == "Resources":
            continue  # the Serverless Transform names custom domains by their domain name
        table = ctx.doc.get(section)
        if not isinstance(table, dict):
            continue
        for name in str_keys(table):
            bad = sorted({char for char in name if char in forbidden})
            if not bad:
                continue
            cleaned = "".join(char for char in name if char not in forbidden) or "Name1"
            ctx.add(
                "ROS1020",
                (section, name),
                Msg(sentence.template, name=name, chars=or_list([f"'{char}'" for char in bad])),
                Msg(
                    "Rename it, for example to {cleaned!r}, and update every reference to it.",
                    cleaned=cleaned,
                ),
            )
    tables = (("Parameters", ctx.parameters), ("Resources", ctx.resources), ("Locals", ctx.locals))
    names = sorted({name for _section, table in tables for name in table})
    for name in names:
        sections = [section for section, table in tables if name in table]
        if len(sections) > 1:
            ctx.add(
                "ROS1021",
                (sections[-1], name),
                Msg(
                    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.",
                    name=name,
                    sections=and_list(sections),
                ),
                Msg("Rename one of them so every name is unique across the template."),
            )


def _check_outputs(ctx: CheckContext) -> None:
    for name, output in ctx.outputs.items():
        path: Path = ("Outputs", name)
        if not isinstance(output, dict):
            ctx.add(
                "ROS5001",
                path,
                Msg(
                    "Output {name} must be a mapping with a Value, not {value}.",
                    name=name,
                    value=describe(output),
                ),
                Msg("Write the output as a mapping with Value, Description and Label."),
            )
            continue
        fields = str_keys(output)
        for key in fields:
            if key not in OUTPUT_KEYS:
                ctx.add(
                    "ROS5003",
                    (*path, key),
                    Msg("Output {name} has the unknown key {key!r}.", name=name, key=key),
                    suggestion(
                        key,
                        OUTPUT_KEYS,
                        Msg("Remove it; outputs take Value, Description, Label and Condition."),
                    ),
                )
        # A Terraform-type template's output takes its value from the Terraform output of
        # the same name; ROS's docs show it with no Value or `Value: null` (terraform.py).
        if "Value" not in fields and not ctx.is_terraform:
            ctx.add(
                "ROS5002",
                (*path, "Value"),
                Msg("Output {name} has no Value.", name=name),
                Msg("Add a Value, for example a Ref or Fn::GetAtt of a resource."),
            )
        if "Condition" in fields:
            ctx.check_condition_name(
                (*path, "Condition"), fields["Condition"], Msg("output {name}", name=name)
            )
        if "Label" not in fields:
            ctx.add(
                "ROS5004",
                path,
                Msg(
                    "Output {name} has no Label, which the iac-code style asks for so the "
                    "console shows a readable name.",
                    name=name,
                ),
                Msg("Add a short Label such as 'VPC ID'."),
            )
