"""Watching a stack operation: its status and new events as tool progress until it is done.

`watch` polls GetStack and ListStackEvents every `ros-poll-seconds` and publishes a progress
update (`metadata.iac_code.tool` with status "progress") when the status or the events changed,
so the rate is bounded by the poll. It returns once the stack is no longer *_IN_PROGRESS (a
stack that disappears during a delete is DELETE_COMPLETE). Cancelling stops the watching, not
the operation in ROS; the last progress says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import trio

from iaccode.agent.cloud.errors import CloudError
from iaccode.agent.cloud.session import CloudSession
from iaccode.agent.cloud.texts import cloud_text
from iaccode.agent.tools.base import ToolContext

_MAX_EVENTS = 20  # per progress update
STOPPED_WATCHING = (
    "Stopped watching the stack; the operation goes on in ROS. Ask for ros_get_stack to see it."
)
STOPPED_WATCHING_UPDATE = (
    "Stopped watching the stack; the update goes on in ROS. Ask for ros_cancel_update_stack to "
    "stop it."
)


@attrs.frozen
class Watched:
    """Where a watched operation ended."""

    stack: dict[str, Any]
    status: str
    failed: bool


def _event(item: Mapping[str, Any]) -> dict[str, Any]:
    keep = ("LogicalResourceId", "ResourceType", "Status", "StatusReason", "CreateTime")
    return {k: item[k] for k in keep if k in item}


async def watch(
    session: CloudSession,
    ctx: ToolContext,
    name: str,
    stack: str,
    region: str,
    *,
    language: str | None,
    update: bool = False,
    deleting: bool = False,
) -> Watched:
    """Poll the stack until it is no longer *_IN_PROGRESS, publishing progress when its status
    or its events change. A stack that disappears during a delete (`deleting`: before the
    first look too) has DELETE_COMPLETE.
    Raises CloudError. Cancelling stops the watching; the last progress says so."""
    seen: set[str] = set()
    last: str | None = None
    current: dict[str, Any] = {"StackId": stack}
    try:
        while True:
            try:
                current = await session.ros("GetStack", {"StackId": stack}, region=region)
            except CloudError as exc:
                # Gone: deleted (a stack that vanished mid-watch can only have been deleted).
                if exc.code == "StackNotFound" and (deleting or last is not None):
                    return Watched(
                        {**current, "Status": "DELETE_COMPLETE"}, "DELETE_COMPLETE", False
                    )
                raise
            status = str(current.get("Status") or "")
            events = await _events(session, stack, region)
            fresh = [
                e
                for e in reversed(events.get("Events") or [])
                if isinstance(e, dict) and e.get("EventId") not in seen
            ]
            seen.update(str(e.get("EventId")) for e in fresh)
            if fresh or status != last:
                progress = {
                    "stackId": stack,
                    "stackName": current.get("StackName"),
                    "regionId": region,
                    "stackStatus": status,
                    "events": [_event(e) for e in fresh[-_MAX_EVENTS:]],
                }
                await _progress(ctx, name, progress)
            last = status
            if not status.endswith("_IN_PROGRESS"):
                # A rollback (CREATE_ROLLBACK_COMPLETE after a failed create, ROLLBACK_* after
                # a failed update) means the operation did not do what was asked.
                failed = status.endswith("_FAILED") or "ROLLBACK" in status
                return Watched(current, status, failed)
            await trio.sleep(session.settings.poll_seconds)
    except trio.Cancelled:
        text = STOPPED_WATCHING_UPDATE if update else STOPPED_WATCHING
        with trio.CancelScope(shield=True), trio.move_on_after(2):
            stopped = {"stackId": stack, "regionId": region, "stackStatus": last}
            await _progress(
                ctx, name, {**stopped, "watching": "stopped", "message": cloud_text(text, language)}
            )
        raise


async def _events(session: CloudSession, stack: str, region: str) -> dict[str, Any]:
    try:
        return await session.ros(
            "ListStackEvents", {"StackId": stack, "PageSize": 50}, region=region
        )
    except CloudError as exc:
        if exc.code == "StackNotFound":  # deleted between the two calls
            return {}
        raise


async def _progress(ctx: ToolContext, name: str, progress: dict[str, Any]) -> None:
    event = {"status": "progress", "toolUseId": ctx.tool_use_id, "name": name}
    await ctx.output.tool_event({**event, "progress": progress})
