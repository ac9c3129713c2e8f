"""ROS stack writes: create, update (through a change set), delete, cancel an update.

Each one first finds out what it would change (PreviewStack and GetTemplateEstimateCost for a
create, a change set for an update, the stack's resources for a delete), then asks permission
with that as the envelope's `deploymentSummary` (stack, region, resources to add, modify and
remove, the estimated monthly cost when ROS gives one) and the protected API it calls
(`ros:CreateStack`...; only an exact rule or the caller approves it, see `permissions`).

Allowed, it starts the operation and watches it (`ros_watch`: status and events as tool
progress), and ends with the final status and the outputs.
"""

from __future__ import annotations

import contextlib
import math
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import trio

from iaccode.agent.cloud.errors import CloudError
from iaccode.agent.cloud.session import CloudSession
from iaccode.agent.cloud.texts import cloud_text
from iaccode.agent.permissions import PermissionRequest
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.ros import (
    STACK_INPUT,
    TEMPLATE_INPUT,
    answered,
    language_of,
    session_of,
    stack_id,
    template_params,
)
from iaccode.agent.tools.ros_watch import Watched, watch

_MAX_LISTED = 100  # resources named per kind in a summary
_CHANGE_SET_POLLS = 120
DENIED = "The caller did not allow this operation."


def summary(
    operation: str,
    stack_name: str,
    region: str,
    *,
    add: Sequence[dict[str, str]] = (),
    modify: Sequence[dict[str, str]] = (),
    remove: Sequence[dict[str, str]] = (),
    cost: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The envelope's deploymentSummary."""
    out: dict[str, Any] = {
        "operation": operation,
        "stackName": stack_name,
        "regionId": region,
        "resources": {
            "add": list(add)[:_MAX_LISTED],
            "modify": list(modify)[:_MAX_LISTED],
            "remove": list(remove)[:_MAX_LISTED],
        },
        "counts": {"add": len(add), "modify": len(modify), "remove": len(remove)},
    }
    if cost is not None:
        out["estimatedMonthlyCost"] = cost
    return out


def _resource(item: Mapping[str, Any]) -> dict[str, str]:
    return {
        "logicalResourceId": str(item.get("LogicalResourceId", "")),
        "resourceType": str(item.get("ResourceType", "")),
    }


def monthly_cost(answer: Mapping[str, Any]) -> dict[str, Any] | None:
    """The total of a GetTemplateEstimateCost answer, when every priced item is in one
    currency; None when ROS priced nothing."""
    total = 0.0
    currencies = set()
    resources = answer.get("Resources")
    for item in resources.values() if isinstance(resources, Mapping) else ():
        order = _member(_member(item, "Result"), "Order")
        amount = order.get("TradeAmount")
        if isinstance(amount, (int, float)) and math.isfinite(amount):
            total += float(amount)
            currencies.add(str(order.get("Currency") or ""))
    if len(currencies) != 1:
        return None
    return {"amount": round(total, 2), "currency": currencies.pop()}


def _member(value: Any, key: str) -> Mapping[str, Any]:
    """`value[key]` when both are objects, else an empty one (an answer of another shape)."""
    found = value.get(key) if isinstance(value, Mapping) else None
    return found if isinstance(found, Mapping) else {}


async def ask(
    ctx: ToolContext, name: str, args: Mapping[str, Any], api: str, deployment: dict[str, Any]
) -> None:
    """Ask permission for `api`; raises ToolError when it is not given."""
    shown = {k: v for k, v in args.items() if k != "language"}
    request = PermissionRequest(
        tool_name=name,
        tool_use_id=ctx.tool_use_id,
        tool_input=shown,
        protected_api=api,
        deployment_summary=deployment,
    )
    if not await ctx.output.permission(request):
        raise ToolError(cloud_text(DENIED, language_of(args)))


def _ended(watched: Watched, region: str, **extra: Any) -> ToolResult:
    stack = watched.stack
    data: dict[str, Any] = {
        "stackId": stack.get("StackId"),
        "stackName": stack.get("StackName"),
        "regionId": region,
        "status": watched.status,
        "statusReason": stack.get("StatusReason") or "",
        "outputs": stack.get("Outputs") or [],
        **extra,
    }
    if watched.failed:
        data["error"] = f"The stack ended in {watched.status}: {data['statusReason']}".strip()
    return ToolResult(data, is_error=watched.failed)


def _write_spec(
    name: str, description: str, properties: Mapping[str, Any], **extra: Any
) -> ToolSpec:
    return ToolSpec(
        name=name,
        description=description,
        parameters={"type": "object", "properties": dict(properties), **extra},
        read_only=False,
        asks_permission=True,
    )


async def _cost(
    session: CloudSession, params: dict[str, Any], region: str
) -> dict[str, Any] | None:
    try:
        answer = await session.ros("GetTemplateEstimateCost", params, region=region)
    except CloudError:
        return None  # not every resource type is priced: the summary goes without
    return monthly_cost(answer)


class CreateStack:
    spec = _write_spec(
        "ros_create_stack",
        "Create (deploy) a ROS stack from a template and watch it until it is done. The caller "
        "is asked first, shown the resources ROS would create and their estimated cost; the "
        "stack's status and events stream as progress; the result has the outputs.",
        {
            **TEMPLATE_INPUT,
            "stack_name": {"type": "string", "description": "Name of the new stack."},
            "disable_rollback": {"type": "boolean", "default": False},
            "timeout_in_minutes": {"type": "integer", "minimum": 10, "maximum": 1440},
        },
        required=["stack_name"],
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session, language = session_of(ctx), language_of(args)
        name = args.get("stack_name")
        if not isinstance(name, str) or not name.strip():
            raise ToolError("Give the new stack's 'stack_name'.")
        try:
            region = session.region(args.get("region"))
            params = await template_params(args, ctx)
            preview = await session.ros(
                "PreviewStack", {"StackName": name, **params}, region=region
            )
            listed = _member(preview, "Stack").get("Resources")
            resources = (
                [r for r in listed if isinstance(r, Mapping)] if isinstance(listed, list) else []
            )
            cost = await _cost(session, params, region)
            deployment = summary(
                "create", name, region, add=[_resource(r) for r in resources], cost=cost
            )
            await ask(ctx, self.spec.name, args, "ros:CreateStack", deployment)
            create: dict[str, Any] = {
                "StackName": name,
                "ClientToken": uuid.uuid4().hex,  # a retried create makes one stack
                "DisableRollback": bool(args.get("disable_rollback", False)),
                **params,
            }
            if isinstance(args.get("timeout_in_minutes"), int):
                create["TimeoutInMinutes"] = args["timeout_in_minutes"]
            created = await session.ros("CreateStack", create, region=region, read_only=False)
            stack = answered(created, "StackId")
            watched = await watch(session, ctx, self.spec.name, stack, region, language=language)
        except CloudError as exc:
            raise ToolError(exc.text(language)) from None
        return _ended(watched, region, deploymentSummary=deployment)


class UpdateStack:
    spec = _write_spec(
        "ros_update_stack",
        "Update a ROS stack with a new template or parameter values, through a change set: "
        "the caller sees which resources would be added, modified or removed before "
        "approving; then the change set runs and the update is watched until it is done.",
        {**TEMPLATE_INPUT, **STACK_INPUT},
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session, language = session_of(ctx), language_of(args)
        try:
            region = session.region(args.get("region"))
            stack = await stack_id(session, args, region)
            params = await template_params(args, ctx)
            change_set = await session.ros(
                "CreateChangeSet",
                {
                    "StackId": stack,
                    "ChangeSetName": f"iaccode-{uuid.uuid4().hex[:12]}",
                    "ChangeSetType": "UPDATE",
                    **params,
                },
                region=region,
                read_only=False,
            )
            change_set_id = answered(change_set, "ChangeSetId")
            described = await _change_set(session, change_set_id, region)
            deployment = _update_summary(described, region, await _cost(session, params, region))
            try:
                await ask(ctx, self.spec.name, args, "ros:UpdateStack", deployment)
            except ToolError:
                with trio.CancelScope(shield=True), trio.move_on_after(10):
                    await _forget(session, change_set_id, region)
                raise
            await session.ros(
                "ExecuteChangeSet", {"ChangeSetId": change_set_id}, region=region, read_only=False
            )
            watched = await watch(
                session, ctx, self.spec.name, stack, region, language=language, update=True
            )
        except CloudError as exc:
            raise ToolError(exc.text(language)) from None
        return _ended(watched, region, changeSetId=change_set_id, deploymentSummary=deployment)


async def _change_set(session: CloudSession, change_set_id: str, region: str) -> dict[str, Any]:
    """GetChangeSet once ROS has worked out the changes. Raises CloudError."""
    for _ in range(_CHANGE_SET_POLLS):
        described = await session.ros("GetChangeSet", {"ChangeSetId": change_set_id}, region=region)
        status = str(described.get("Status") or "")
        if status == "CREATE_FAILED":
            raise CloudError("ChangeSetFailed", str(described.get("StatusReason") or ""))
        if status not in ("CREATE_PENDING", "CREATE_IN_PROGRESS"):
            return described
        await trio.sleep(session.settings.poll_seconds)
    raise CloudError("Timeout", "the change set was not ready in time")


async def _forget(session: CloudSession, change_set_id: str, region: str) -> None:
    # An unused change set does no harm (ROS expires it): a failure here is not the caller's.
    with contextlib.suppress(CloudError):
        await session.ros(
            "DeleteChangeSet", {"ChangeSetId": change_set_id}, region=region, read_only=False
        )


def _update_summary(
    described: Mapping[str, Any], region: str, cost: dict[str, Any] | None
) -> dict[str, Any]:
    kinds: dict[str, list[dict[str, str]]] = {"Add": [], "Modify": [], "Remove": []}
    for change in described.get("Changes") or []:
        resource = _member(change, "ResourceChange")
        action = resource.get("Action")
        if action in kinds:
            entry = _resource(resource)
            if action == "Modify" and resource.get("Replacement"):
                entry["replacement"] = str(resource["Replacement"])
            kinds[action].append(entry)
    name = str(described.get("StackName") or "")
    return summary(
        "update",
        name,
        region,
        add=kinds["Add"],
        modify=kinds["Modify"],
        remove=kinds["Remove"],
        cost=cost,
    )


class DeleteStack:
    spec = _write_spec(
        "ros_delete_stack",
        "Delete a ROS stack and the resources it created, and watch it until it is gone. The "
        "caller is asked first, shown the resources that would be deleted.",
        {
            **STACK_INPUT,
            "retain_resources": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Logical ids of resources to keep.",
            },
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session, language = session_of(ctx), language_of(args)
        try:
            region = session.region(args.get("region"))
            stack = await stack_id(session, args, region)
            listed = await session.ros("ListStackResources", {"StackId": stack}, region=region)
            kept = {str(r) for r in args.get("retain_resources") or []}
            resources = [r for r in listed.get("Resources") or [] if isinstance(r, dict)]
            name = str(
                next((r.get("StackName") for r in resources), "") or args.get("stack_name") or stack
            )
            gone = [_resource(r) for r in resources if r.get("LogicalResourceId") not in kept]
            deployment = summary("delete", name, region, remove=gone)
            await ask(ctx, self.spec.name, args, "ros:DeleteStack", deployment)
            params: dict[str, Any] = {"StackId": stack}
            if kept:
                params["RetainResources"] = sorted(kept)
            await session.ros("DeleteStack", params, region=region, read_only=False)
            watched = await watch(
                session, ctx, self.spec.name, stack, region, language=language, deleting=True
            )
        except CloudError as exc:
            raise ToolError(exc.text(language)) from None
        return _ended(watched, region, deploymentSummary=deployment)


class CancelUpdateStack:
    spec = _write_spec(
        "ros_cancel_update_stack",
        "Cancel a stack update that is still UPDATE_IN_PROGRESS (CancelUpdateStack; 'Safe' "
        "waits for resources being changed, 'Quick' does not) and watch the rollback.",
        {**STACK_INPUT, "cancel_type": {"type": "string", "enum": ["Safe", "Quick"]}},
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session, language = session_of(ctx), language_of(args)
        cancel_type = args.get("cancel_type") or "Safe"
        if cancel_type not in ("Safe", "Quick"):
            raise ToolError("'cancel_type' must be 'Safe' or 'Quick'.")
        try:
            region = session.region(args.get("region"))
            stack = await stack_id(session, args, region)
            name = str(args.get("stack_name") or stack)
            deployment = summary("cancel_update", name, region)
            await ask(ctx, self.spec.name, args, "ros:CancelUpdateStack", deployment)
            await session.ros(
                "CancelUpdateStack",
                {"StackId": stack, "CancelType": cancel_type},
                region=region,
                read_only=False,
            )
            watched = await watch(session, ctx, self.spec.name, stack, region, language=language)
        except CloudError as exc:
            raise ToolError(exc.text(language)) from None
        # After a cancel, a completed rollback is the success.
        return _ended(attrs.evolve(watched, failed=watched.status.endswith("_FAILED")), region)


ROS_WRITE_TOOLS = (CreateStack(), UpdateStack(), DeleteStack(), CancelUpdateStack())
