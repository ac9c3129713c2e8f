"""Read-only ROS tools: validate, constraints, preview, cost; look at stacks, events, outputs.

Each one is one or two calls of the ROS API (2019-09-10) through the turn's `CloudSession`,
with the region from the call, the caller's request or the server's `ros-region`. What ROS
answers is handed on as it is (field names are the API's, RequestId included), so a model can
read it against the vendor's documentation. A failure is a ToolError with the localised,
sanitised message of `CloudError.text` (the `language` argument, as the IaC tools take it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from iaccode.agent.cloud.errors import CloudError
from iaccode.agent.cloud.session import CloudSession
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.iac import template_argument

_MAX_TEMPLATE = 512 * 1024  # ROS takes a TemplateBody of up to 512 KB

REGION = {
    "type": "string",
    "description": "Region id such as cn-hangzhou; default: the caller's or the server's.",
}
TEMPLATE_INPUT = {
    "template": {"type": "string", "description": "The ROS template text (JSON or YAML)."},
    "path": {"type": "string", "description": "A template file in the workspace instead."},
    "parameters": {
        "type": "object",
        "description": "Template parameter values, name -> value.",
        "additionalProperties": {"type": ["string", "number", "boolean"]},
    },
    "region": REGION,
}
STACK_INPUT = {
    "stack_id": {"type": "string", "description": "The stack id."},
    "stack_name": {"type": "string", "description": "Or the stack's name (looked up)."},
    "region": REGION,
}


def session_of(ctx: ToolContext) -> CloudSession:
    if ctx.cloud is None:
        raise ToolError(CloudError("MissingCredentials").text())
    return ctx.cloud


def language_of(args: Mapping[str, Any]) -> str | None:
    language = args.get("language")
    return language if isinstance(language, str) else None


async def template_text(args: Mapping[str, Any], ctx: ToolContext) -> str:
    """The template of a call (`template_argument`), no larger than ROS takes."""
    text = await template_argument(args, ctx)
    if len(text.encode("utf-8")) > _MAX_TEMPLATE:
        raise ToolError("The template is larger than the 512 KB ROS accepts.")
    return text


def ros_parameters(args: Mapping[str, Any]) -> list[dict[str, str]]:
    values = args.get("parameters") or {}
    if not isinstance(values, Mapping):
        raise ToolError("'parameters' must be an object of parameter names to values.")
    out = []
    for key, value in values.items():
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        out.append({"ParameterKey": str(key), "ParameterValue": text})
    return out


async def template_params(args: Mapping[str, Any], ctx: ToolContext) -> dict[str, Any]:
    params: dict[str, Any] = {"TemplateBody": await template_text(args, ctx)}
    if args.get("parameters"):
        params["Parameters"] = ros_parameters(args)
    return params


def answered(answer: Mapping[str, Any], key: str) -> str:
    """The id `key` of a ROS answer. Raises CloudError("BadResponse") when it is missing."""
    value = answer.get(key)
    if not isinstance(value, str) or not value:
        raise CloudError("BadResponse", f"the answer has no {key}")
    return value


async def stack_id(session: CloudSession, args: Mapping[str, Any], region: str) -> str:
    """The stack a call is about: `stack_id`, or the id of the stack named `stack_name`.
    Raises CloudError("StackNotFound") when no stack has that name."""
    given = args.get("stack_id")
    if isinstance(given, str) and given.strip():
        return given.strip()
    name = args.get("stack_name")
    if not isinstance(name, str) or not name.strip():
        raise ToolError("Give the stack's 'stack_id' or its 'stack_name'.")
    found = await session.ros("ListStacks", {"StackName": [name.strip()]}, region=region)
    for stack in found.get("Stacks") or []:
        if isinstance(stack, dict) and stack.get("StackName") == name.strip():
            return answered(stack, "StackId")
    raise CloudError("StackNotFound", f"no stack named {name.strip()[:128]!r}")


Build = Callable[[CloudSession, Mapping[str, Any], ToolContext, str], Awaitable[dict[str, Any]]]
Shape = Callable[[dict[str, Any]], dict[str, Any]]


async def _template(
    session: CloudSession, args: Mapping[str, Any], ctx: ToolContext, region: str
) -> dict[str, Any]:
    return await template_params(args, ctx)


async def _preview(
    session: CloudSession, args: Mapping[str, Any], ctx: ToolContext, region: str
) -> dict[str, Any]:
    name = args.get("stack_name") or "iaccode-preview"
    return {"StackName": str(name), **await template_params(args, ctx)}


async def _stack(
    session: CloudSession, args: Mapping[str, Any], ctx: ToolContext, region: str
) -> dict[str, Any]:
    return {"StackId": await stack_id(session, args, region)}


async def _events(
    session: CloudSession, args: Mapping[str, Any], ctx: ToolContext, region: str
) -> dict[str, Any]:
    return {**await _stack(session, args, ctx, region), **_page(args)}


async def _list(
    session: CloudSession, args: Mapping[str, Any], ctx: ToolContext, region: str
) -> dict[str, Any]:
    params: dict[str, Any] = _page(args)
    if isinstance(args.get("stack_name"), str):
        params["StackName"] = [args["stack_name"]]
    if isinstance(args.get("status"), str):
        params["Status"] = [args["status"]]
    return params


def _page(args: Mapping[str, Any]) -> dict[str, Any]:
    page = {"PageNumber": args.get("page_number"), "PageSize": args.get("page_size")}
    return {k: int(v) for k, v in page.items() if isinstance(v, int) and v > 0}


def _as_is(answer: dict[str, Any]) -> dict[str, Any]:
    return answer


def _outputs(answer: dict[str, Any]) -> dict[str, Any]:
    keep = ("StackId", "StackName", "Status", "Outputs", "RequestId")
    return {k: answer[k] for k in keep if k in answer} | {"Outputs": answer.get("Outputs") or []}


class RosReadTool:
    """One read-only ROS API call: `build` makes its parameters, `shape` trims the answer."""

    def __init__(self, spec: ToolSpec, action: str, build: Build, shape: Shape = _as_is) -> None:
        self.spec = spec
        self.action = action
        self.build = build
        self.shape = shape

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session = session_of(ctx)
        try:
            region = session.region(args.get("region"))
            params = await self.build(session, args, ctx, region)
            answer = await session.ros(self.action, params, region=region)
        except CloudError as exc:
            raise ToolError(exc.text(language_of(args))) from None
        return ToolResult({"regionId": region, **self.shape(answer)})


def _spec(name: str, description: str, properties: Mapping[str, Any], **extra: Any) -> ToolSpec:
    return ToolSpec(
        name=name,
        description=description,
        parameters={"type": "object", "properties": dict(properties), **extra},
    )


_PAGE = {
    "page_number": {"type": "integer", "minimum": 1},
    "page_size": {"type": "integer", "minimum": 1, "maximum": 50},
}

ROS_READ_TOOLS = (
    RosReadTool(
        _spec(
            "ros_validate_template",
            "Validate a ROS template with the Alibaba Cloud ROS service (ValidateTemplate): "
            "the authoritative check, online, of syntax, resource types and properties. Returns "
            "the template's parameters, outputs and resource types. Use check_ros_template "
            "for a quick offline check first.",
            {k: TEMPLATE_INPUT[k] for k in ("template", "path", "region")},
        ),
        "ValidateTemplate",
        _template,
    ),
    RosReadTool(
        _spec(
            "ros_get_template_parameter_constraints",
            "Ask ROS which values each template parameter may take in a region "
            "(GetTemplateParameterConstraints): allowed instance types, zones, disk "
            "categories... Give known parameter values to narrow the others.",
            TEMPLATE_INPUT,
        ),
        "GetTemplateParameterConstraints",
        _template,
    ),
    RosReadTool(
        _spec(
            "ros_preview_stack",
            "Preview the stack a template would create, without creating it (PreviewStack): "
            "the resources with their resolved properties. Needs the parameter values.",
            {**TEMPLATE_INPUT, "stack_name": {"type": "string"}},
        ),
        "PreviewStack",
        _preview,
    ),
    RosReadTool(
        _spec(
            "ros_estimate_template_cost",
            "Estimate what the resources of a template cost (GetTemplateEstimateCost), per "
            "resource, with currency and price unit.",
            TEMPLATE_INPUT,
        ),
        "GetTemplateEstimateCost",
        _template,
    ),
    RosReadTool(
        _spec(
            "ros_get_stack",
            "Get a stack's status, status reason, parameters and outputs (GetStack).",
            STACK_INPUT,
        ),
        "GetStack",
        _stack,
    ),
    RosReadTool(
        _spec(
            "ros_list_stacks",
            "List the ROS stacks of a region (ListStacks), optionally by name or status "
            "(e.g. CREATE_COMPLETE).",
            {"stack_name": {"type": "string"}, "status": {"type": "string"}, "region": REGION}
            | _PAGE,
        ),
        "ListStacks",
        _list,
    ),
    RosReadTool(
        _spec(
            "ros_list_stack_events",
            "List a stack's events, newest first (ListStackEvents): what happened to each "
            "resource and why an operation failed.",
            STACK_INPUT | _PAGE,
        ),
        "ListStackEvents",
        _events,
    ),
    RosReadTool(
        _spec(
            "ros_list_stack_resources",
            "List the resources of a stack with their physical ids and status "
            "(ListStackResources).",
            STACK_INPUT,
        ),
        "ListStackResources",
        _stack,
    ),
    RosReadTool(
        _spec(
            "ros_get_stack_outputs",
            "Get the outputs of a stack (GetStack Outputs): endpoints, ids, addresses.",
            STACK_INPUT,
        ),
        "GetStack",
        _stack,
        _outputs,
    ),
)
