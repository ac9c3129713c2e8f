"""IaC tools: check a ROS template, convert Terraform, compose a template from building blocks.

They run the pure domain code of `iaccode.iac` in a worker thread (it is CPU-bound). A tool that
produces a template stores it as a file artifact (A2A seed: artifacts are file:// parts with
mediaType, byteSize and sha256) and returns its text, the checker's verdict and the artifact id,
so both a model and the offline engine can present it. None of them writes to the workspace:
saving a template there is `write_file`, which asks first.

Texts in a result (the checker's summary, findings and review, conversion warnings, the compose
summary, Terraform errors) are English, which is what a model reads best and what `llm` gets.
A caller that shows them to people passes `language` (not in the schemas a model sees; the
offline engine passes the turn's `preferredLanguage`); field names, codes, paths and templates
never change with it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode.agent.i18n import translator
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.files import workspace_path
from iaccode.iac.block_answer import not_built, reading_notes
from iaccode.iac.block_plan import read_request
from iaccode.iac.block_read import Reading
from iaccode.iac.blocks import compose, describe_request
from iaccode.iac.msg import Translate
from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_loader import MAX_TEMPLATE_BYTES
from iaccode.iac.ros_render import render_json, render_yaml
from iaccode.iac.terraform import (
    DEFAULT_TRANSFORM,
    TerraformError,
    collect_used_files,
    convert_terraform,
    wrap_notes,
    wrap_terraform,
)
from iaccode.iac.tf_out import to_terraform

YAML = "application/yaml"


def _translate(args: Mapping[str, Any]) -> Translate:
    """How to word the result's texts: English unless the caller asked for a language."""
    return translator(args.get("language"))


def read_template_file(path: Path) -> str:
    """A template file's text, read at most one byte over the checker's limit (which then
    reports it as too big); raises OSError for a file that cannot be read or is no regular
    file (a FIFO or a device would block the read)."""
    if not path.is_file():
        raise OSError(f"{path.name} is no regular file")
    with path.open("rb") as file:
        return file.read(MAX_TEMPLATE_BYTES + 1).decode("utf-8", errors="replace")


async def template_argument(args: Mapping[str, Any], ctx: ToolContext) -> str:
    """The template a call names: its text in `template`, or the workspace file `path`.
    Raises ToolError for neither, for a path outside the workspace, or one that is no file."""
    text = args.get("template")
    if args.get("path") is not None:
        path = await workspace_path(ctx.cwd, args["path"], must_exist=True)
        try:
            text = await trio.to_thread.run_sync(read_template_file, path)
        except OSError:  # a directory, or unreadable; the message names only what was asked
            raise ToolError(f"{args['path']!r} cannot be read as a file.") from None
    if not isinstance(text, str) or not text.strip():
        raise ToolError("Give the template text in 'template' or a file in 'path'.")
    return text


async def template_result(
    ctx: ToolContext,
    name: str,
    template: Mapping[str, Any],
    translate: Translate,
    *,
    as_json: bool = False,
    **extra: Any,
) -> ToolResult:
    """Render (YAML, or JSON when asked), check and store a produced template; what every
    producing tool returns."""
    render = render_json if as_json else render_yaml
    text = await trio.to_thread.run_sync(render, template)
    report = await trio.to_thread.run_sync(check_template, text)
    media = "application/json" if as_json else YAML
    artifact = await ctx.output.file_artifact(name, text.encode("utf-8"), media)
    return ToolResult(
        {
            **extra,
            "template": text,
            "check": report.to_dict(translate),
            "artifactId": artifact.artifact_id,
            "filename": artifact.name,
        },
        artifact_fields=frozenset({"template"}),  # the artifact: not repeated in tool.result
    )


class CheckRosTemplate:
    spec = ToolSpec(
        name="check_ros_template",
        description=(
            "Check an Alibaba Cloud ROS template offline (JSON or YAML): structure, version, "
            "sections, parameters, references, dependency cycles, outputs, required "
            "properties. Give the template text, or the path of a template in the workspace."
        ),
        parameters={
            "type": "object",
            "properties": {"template": {"type": "string"}, "path": {"type": "string"}},
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        text = await template_argument(args, ctx)
        report = await trio.to_thread.run_sync(check_template, text)
        translate = _translate(args)
        return ToolResult({**report.to_dict(translate), "review": report.to_text(translate)})


class ConvertTerraform:
    spec = ToolSpec(
        name="convert_terraform",
        description=(
            "Convert Terraform to a ROS template: a root module folder of the workspace "
            "('path', such as '.' or 'examples/complete'; only it and the local modules it "
            "calls, anywhere in the workspace, are read), or HCL text "
            "('terraform'). mode 'native' maps alicloud_* resources to ROS resource types (the "
            "vendor's ~810 rules; local modules inlined, count and for_each unrolled, data "
            "sources as DATASOURCE resources or picker parameters) and says what it could not "
            "map; 'compatible' wraps the Terraform files unchanged in a ROS Terraform template "
            "(Transform + Workspace, Parameters and Outputs)."
        ),
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string", "default": "."},
                "terraform": {"type": "string", "description": "HCL of a main.tf"},
                "mode": {"type": "string", "enum": ["native", "compatible"], "default": "native"},
                "transform": {
                    "type": "string",
                    "description": (
                        "compatible mode: the ROS Terraform engine, 'Aliyun::OpenTofu-v1.8' "
                        "(default) or 'Aliyun::Terraform-v1.x' such as v1.5"
                    ),
                },
            },
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        mode = args.get("mode") or "native"
        if mode not in ("native", "compatible"):
            raise ToolError("'mode' must be 'native' or 'compatible'.")
        translate = _translate(args)
        try:
            root, files = await _terraform_files(args, ctx)
            if mode == "compatible":
                transform = args.get("transform") or DEFAULT_TRANSFORM
                wrap = functools.partial(wrap_terraform, transform=transform, root=root)
                template = await trio.to_thread.run_sync(wrap, files)
                notes = await trio.to_thread.run_sync(wrap_notes, files, root)
                return await template_result(
                    ctx,
                    "template.yaml",
                    template,
                    translate,
                    mode=mode,
                    warnings=[note.render(translate) for note in notes],
                )
            native = functools.partial(convert_terraform, root=root)
            conversion = await trio.to_thread.run_sync(native, files)
        except TerraformError as exc:
            raise ToolError(exc.text.render(translate)) from None
        return await template_result(
            ctx,
            "template.yaml",
            conversion.template,
            translate,
            mode=mode,
            summary=conversion.summary.message().render(translate),
            counts=attrs.asdict(conversion.summary),
            warnings=[note.render(translate) for note in conversion.notes],
            unsupported=list(conversion.unsupported),
        )


async def _terraform_files(args: Mapping[str, Any], ctx: ToolContext) -> tuple[str, dict[str, str]]:
    """The root module's folder (relative to the workspace) and the files it reads, keyed by
    their workspace paths. Raises ToolError for a path outside the workspace or no folder,
    `TerraformError` for what the files lack."""
    inline = args.get("terraform")
    if isinstance(inline, str) and inline.strip():
        return "", {"main.tf": inline}
    directory = await workspace_path(ctx.cwd, args.get("path") or ".", must_exist=True)
    if not await trio.Path(directory).is_dir():
        raise ToolError(f"{args.get('path')!r} is not a directory.")
    # The workspace is the boundary, so an example's `source = "../.."` is followed; only what
    # Terraform reads for this root module: the repository's other examples/ and tests/ are
    # configurations of their own and would count against ROS's 50-file Workspace limit.
    workspace = Path(await trio.Path(ctx.cwd).resolve())
    if not directory.is_relative_to(workspace):  # resolved inside cwd, so never; but no crash
        raise ToolError(f"{args.get('path')!r} is outside the workspace.")
    root = directory.relative_to(workspace).as_posix()
    root = "" if root == "." else root
    collect = functools.partial(collect_used_files, workspace, root)
    return root, await trio.to_thread.run_sync(collect)


class ComposeTemplate:
    spec = ToolSpec(
        name="compose_template",
        description=(
            "Build a valid ROS template (or Terraform, when the request says so) from building "
            "blocks described in plain words, e.g. 'two ecs.g7.large servers behind an SLB, "
            "HTTPS only, no SSH', 'an OSS bucket named my-logs', 'RDS MySQL 8.0 reachable from "
            "10.0.1.0/24'. The result lists what of the request was applied and what was not; "
            "it fails when a restriction cannot be honoured or nothing is covered."
        ),
        parameters={
            "type": "object",
            "properties": {"request": {"type": "string"}},
            "required": ["request"],
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        request = args.get("request")
        if not isinstance(request, str) or not request.strip():
            raise ToolError("'request' must describe the resources to create.")
        reading = await trio.to_thread.run_sync(read_request, request)
        translate = _translate(args)
        if reading is None:
            raise ToolError(
                "The building blocks cover VPC, vSwitch, security group, ECS, SLB, RDS, OSS, "
                "NAT gateway, EIP, Redis, PolarDB, SLS and RAM roles; this request needs more "
                "than that."
            )
        if reading.request is None:
            raise ToolError(not_built(reading).render(translate))
        template = await trio.to_thread.run_sync(functools.partial(compose, reading.request))
        summary = describe_request(reading.request).render(translate)
        if reading.output == "terraform":
            return await _terraform_result(ctx, template, reading, translate, summary)
        as_json = reading.output == "json"
        return await template_result(
            ctx,
            "template.json" if as_json else "template.yaml",
            template,
            translate,
            as_json=as_json,
            summary=summary,
            **reading_notes(reading, translate),
        )


async def _terraform_result(
    ctx: ToolContext,
    template: Mapping[str, Any],
    reading: Reading,
    translate: Translate,
    summary: str,
) -> ToolResult:
    """The plan as Terraform: checked as the ROS template it renders, stored as main.tf."""
    region = reading.request.region if reading.request is not None else None
    terraform = await trio.to_thread.run_sync(to_terraform, template, region)
    ros = await trio.to_thread.run_sync(render_yaml, template)
    report = await trio.to_thread.run_sync(check_template, ros)
    data = terraform.text.encode("utf-8")
    artifact = await ctx.output.file_artifact("main.tf", data, "text/plain")
    return ToolResult(
        {
            "summary": summary,
            "template": terraform.text,
            "check": report.to_dict(translate),
            "artifactId": artifact.artifact_id,
            "filename": artifact.name,
            **reading_notes(reading, translate, terraform.notes),
        }
    )


IAC_TOOLS = (CheckRosTemplate(), ConvertTerraform(), ComposeTemplate())
