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
from typing import Any

import trio

from iaccode.agent.i18n import translator
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.workspace import WorkspaceError, resolve_in_workspace
from iaccode.iac.blocks import compose, describe_request, plan_from_text
from iaccode.iac.msg import Translate
from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_render import render_yaml
from iaccode.iac.terraform import (
    TerraformError,
    collect_terraform_files,
    convert_terraform,
    wrap_terraform,
)

YAML = "application/yaml"


def _translate(args: Mapping[str, Any]) -> Translate:
    """How to word the result's texts: English unless the caller asked for a language."""
    return translator(args.get("language"))


async def template_result(
    ctx: ToolContext,
    name: str,
    template: Mapping[str, Any],
    translate: Translate,
    **extra: Any,
) -> ToolResult:
    """Render, check and store a produced template; what every producing tool returns."""
    text = await trio.to_thread.run_sync(render_yaml, template)
    report = await trio.to_thread.run_sync(check_template, text)
    artifact = await ctx.output.file_artifact(name, text.encode("utf-8"), YAML)
    return ToolResult(
        {
            **extra,
            "template": text,
            "check": report.to_dict(translate),
            "artifactId": artifact.artifact_id,
            "filename": artifact.name,
        }
    )


async def template_argument(args: Mapping[str, Any], ctx: ToolContext) -> str:
    """The template text of a call: `template`, or the workspace file named by `path`.

    Raises ToolError when neither gives text or the path is outside the workspace."""
    text = args.get("template")
    if args.get("path") is not None:
        try:
            path = resolve_in_workspace(ctx.cwd, args["path"], must_exist=True)
        except WorkspaceError as exc:
            raise ToolError(str(exc)) from None
        try:
            data = await trio.Path(path).read_bytes()
        except OSError:  # a directory, or unreadable; the message names only what was asked
            raise ToolError(f"{args['path']!r} cannot be read as a file.") from None
        text = data.decode("utf-8", errors="replace")
    if not isinstance(text, str) or not text.strip():
        raise ToolError("Give the template text in 'template' or a file in 'path'.")
    return text


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
            "Convert Terraform to a ROS template: a directory of the workspace ('path'), or "
            "HCL text ('terraform'). mode 'native' maps the core alicloud_* resources to ROS "
            "resource types; 'compatible' wraps the Terraform files unchanged in a ROS "
            "Terraform template (Transform + Workspace)."
        ),
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string", "default": "."},
                "terraform": {"type": "string", "description": "HCL of a main.tf"},
                "mode": {"type": "string", "enum": ["native", "compatible"], "default": "native"},
            },
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        mode = args.get("mode") or "native"
        if mode not in ("native", "compatible"):
            raise ToolError("'mode' must be 'native' or 'compatible'.")
        translate = _translate(args)
        try:
            files = await _terraform_files(args, ctx)
            if mode == "compatible":
                template = await trio.to_thread.run_sync(wrap_terraform, files)
                return await template_result(ctx, "template.yaml", template, translate, mode=mode)
            conversion = await trio.to_thread.run_sync(convert_terraform, files)
        except WorkspaceError as exc:
            raise ToolError(str(exc)) from None
        except TerraformError as exc:
            raise ToolError(exc.text.render(translate)) from None
        return await template_result(
            ctx,
            "template.yaml",
            conversion.template,
            translate,
            mode=mode,
            warnings=[note.render(translate) for note in conversion.notes],
            unsupported=list(conversion.unsupported),
        )


async def _terraform_files(args: Mapping[str, Any], ctx: ToolContext) -> dict[str, str]:
    inline = args.get("terraform")
    if isinstance(inline, str) and inline.strip():
        return {"main.tf": inline}
    directory = resolve_in_workspace(ctx.cwd, args.get("path") or ".", must_exist=True)
    if not directory.is_dir():
        raise ToolError(f"{args.get('path')!r} is not a directory.")
    return await trio.to_thread.run_sync(collect_terraform_files, directory)


class ComposeTemplate:
    spec = ToolSpec(
        name="compose_template",
        description=(
            "Build a valid ROS template from building blocks described in plain words, e.g. "
            "'a VPC with two vSwitches and an ECS instance behind an SLB', 'an OSS bucket "
            "named my-logs', 'RDS MySQL 8.0'. Fails when the request is outside the blocks."
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
        plan = await trio.to_thread.run_sync(plan_from_text, request)
        if plan is None:
            raise ToolError(
                "The building blocks cover VPC, vSwitch, security group, ECS, SLB, RDS and OSS; "
                "this request needs more than that."
            )
        template = await trio.to_thread.run_sync(functools.partial(compose, plan))
        translate = _translate(args)
        summary = describe_request(plan).render(translate)
        return await template_result(ctx, "template.yaml", template, translate, summary=summary)


IAC_TOOLS = (CheckRosTemplate(), ConvertTerraform(), ComposeTemplate())
