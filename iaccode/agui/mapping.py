"""One A2A task stream in, AG-UI events out (AG-UI seed, "Standardereignis-Zuordnung").

    agent text (status message deltas)        TEXT_MESSAGE_START / CONTENT / END
    metadata.iac_code.thinking                REASONING_START, REASONING_MESSAGE_*, REASONING_END
    metadata.iac_code.tool started/input      TOOL_CALL_START / ARGS / END (ARGS: the input's shape)
    metadata.iac_code.tool completed/failed   TOOL_CALL_RESULT
    metadata.iac_code.pipeline steps          STEP_STARTED / STEP_FINISHED
    metadata.iac_code.pipeline others         CUSTOM iac-code.pipeline.v1
    metadata.iac_code.mcpStatus / mcpWarning  CUSTOM iac-code.pipeline.v1, eventType mcp_status
    metadata.iac_code.mcpProgress             CUSTOM iac-code.tool-progress.v1, status progress
    tool progress without a standard event    CUSTOM iac-code.tool-progress.v1
    artifact updates                          CUSTOM iac-code.artifact.v1
    metadata.iac_code.usage                   kept for RUN_FINISHED.usage
    settled metadata.iac_code.backupBlocked   CUSTOM iac-code.pipeline.v1, eventType backup_blocked

The mapper keeps every span balanced: `close()` ends whatever is open, which the run calls before
its last event. A settled status (anything but SUBMITTED and WORKING) is not mapped; `feed`
returns it, and the run decides how the AG-UI run ends. Pure: no I/O, no clock but timestamps.
"""

from __future__ import annotations

from typing import Any

import attrs

from iaccode.agui import events as ev
from iaccode.agui.browse import artifact_path
from iaccode.model.ids import new_id
from iaccode.wire import json

PIPELINE_EVENTS = frozenset(
    {
        "pipeline_started",
        "pipeline_resumed",
        "pipeline_completed",
        "pipeline_error",
        "pipeline_warning",
        "backup_blocked",
        "candidate_started",
        "candidate_completed",
        "candidate_failed",
        "candidate_interrupted",
        "candidate_restart_requested",
        "candidate_selected",
        "candidate_detail_shown",
        "candidate_step_failed",
        "sub_pipeline_started",
        "sub_pipeline_completed",
        "sub_step_failed",
        "step_failed",
        "stack_progress",
        "stack_instances_progress",
        "stack_current_changed",
        "cleanup_started",
        "cleanup_progress",
        "cleanup_completed",
        "cleanup_failed",
        "rollback_triggered",
        "rollback_completed",
        "context_compaction_started",
        "context_compacted",
        "context_compaction_failed",
        "fields_marked_stale",
        "diagram_shown",
        "mcp_status",
        "tool_progress",
    }
)
_LIVE_STATES = frozenset({"TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"})
ARTIFACT_TEXT_LIMIT = 64 * 1024


@attrs.frozen
class Settled:
    """How the A2A turn ended (or paused): its final status update."""

    state: str
    update: dict[str, Any]

    @property
    def iac_code(self) -> dict[str, Any]:
        meta = (self.update.get("metadata") or {}).get("iac_code")
        return meta if isinstance(meta, dict) else {}

    @property
    def text(self) -> str:
        return message_text(self.update["status"].get("message"))


def _mcp(meta: dict[str, Any]) -> list[dict[str, Any]]:
    """The MCP metadata (already redacted by the engine) as the seed's custom events."""
    out = []
    for key, field in (("mcpStatus", "status"), ("mcpWarning", "warning")):
        if isinstance(meta.get(key), dict):
            value = {"eventType": "mcp_status", "eventId": new_id(), field: meta[key]}
            out.append(ev.custom(ev.PIPELINE, value))
    progress = meta.get("mcpProgress")
    if isinstance(progress, dict):
        value = {
            "toolCallId": progress.get("toolUseId"),
            "toolName": progress.get("toolName"),
            "status": "progress",
            **{k: v for k, v in progress.items() if k not in ("toolUseId", "toolName")},
        }
        out.append(ev.custom(ev.TOOL_PROGRESS, value))
    return out


def backup_blocked(iac_code: dict[str, Any], task_id: Any) -> list[dict[str, Any]]:
    """A settled state whose critical backup failed (`metadata.iac_code.backupBlocked`, with
    reason, error and recoverable) as the seed's pipeline event `backup_blocked`: clients wait
    for recovery before the next turn. Its eventId is stable, so a replay deduplicates."""
    blocked = iac_code.get("backupBlocked")
    if not isinstance(blocked, dict):
        return []
    value = {"eventType": "backup_blocked", "eventId": f"{task_id}-backup_blocked", **blocked}
    return [ev.custom(ev.PIPELINE, value)]


def message_text(message: Any) -> str:
    if not isinstance(message, dict):
        return ""
    return "".join(p["text"] for p in message.get("parts") or () if isinstance(p.get("text"), str))


class EventMapper:
    def __init__(
        self, *, announced_calls: frozenset[str] = frozenset(), thread_id: str | None = None
    ) -> None:
        self._thread_id = thread_id  # for the artifact events' contentUrl
        # Tool calls an earlier run already opened and closed (a resumed run shows only their
        # results, never START/ARGS/END again), and with them those this run opened.
        self._earlier = announced_calls
        self.announced = set(announced_calls)
        self._text: str | None = None  # the open text message
        self._last_text: str | None = None  # the assistant message a tool call belongs to
        self._reasoning: str | None = None
        self._tools: dict[str, str] = {}  # open tool calls: id -> name
        self._progressing: set[str] = set()
        self._steps: list[str] = []
        self.usage: dict[str, Any] | None = None
        self.streamed_text = False

    def feed(self, result: dict[str, Any]) -> tuple[list[dict[str, Any]], Settled | None]:
        """The AG-UI events for one A2A stream result, and the settled status if it is one."""
        if "statusUpdate" in result:
            update = result["statusUpdate"]
            state = update["status"]["state"]
            if state not in _LIVE_STATES:
                return [], Settled(state, update)
            return self._status(update), None
        if "artifactUpdate" in result:
            value = artifact_projection(result["artifactUpdate"], thread_id=self._thread_id)
            return [ev.custom(ev.ARTIFACT, value)], None
        if "task" in result:
            state = result["task"]["status"]["state"]
            if state not in _LIVE_STATES and state != "TASK_STATE_INPUT_REQUIRED":
                # A task that is already over (a refused message): nothing else will come.
                task = result["task"]
                update = {"taskId": task["id"], "contextId": task["contextId"], **task}
                return [], Settled(state, update)
        return [], None

    def _status(self, update: dict[str, Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        message = update["status"].get("message")
        meta = (update.get("metadata") or {}).get("iac_code") or {}
        thinking = meta.get("thinking")
        if isinstance(thinking, dict) and isinstance(thinking.get("text"), str):
            out += self._reason(thinking["text"])
        if isinstance(meta.get("tool"), dict):
            out += self._tool(meta["tool"])
        permission = meta.get("permission")
        if isinstance(permission, dict) and "decision" in permission:
            out.append(ev.custom(ev.TOOL_PROGRESS, _permission_progress(permission)))
        received = meta.get("inputReceived")
        if isinstance(received, dict) and received.get("kind") == "permission":
            out.append(ev.custom(ev.TOOL_PROGRESS, _answered(received)))
        if isinstance(meta.get("pipeline"), dict):
            out += self._pipeline(meta["pipeline"])
        out += _mcp(meta)
        if isinstance(meta.get("usage"), dict):
            self.usage = meta["usage"]
        delta = message_text(message)
        if delta:
            out += self._say(message.get("messageId") or new_id(), delta)
        return out

    # -- spans ----------------------------------------------------------------------------------

    def _say(self, message_id: str, delta: str) -> list[dict[str, Any]]:
        out = self._end_reasoning()
        if self._text != message_id:
            out += self._end_text()
            out.append(ev.event(ev.TEXT_MESSAGE_START, messageId=message_id, role="assistant"))
            self._text = self._last_text = message_id
        out.append(ev.event(ev.TEXT_MESSAGE_CONTENT, messageId=message_id, delta=delta))
        self.streamed_text = True
        return out

    def say_whole(self, text: str) -> list[dict[str, Any]]:
        """A complete assistant message the stream never carried as deltas."""
        message_id = new_id()
        return [
            *self._say(message_id, text),
            *self._end_text(),
        ]

    def _reason(self, delta: str) -> list[dict[str, Any]]:
        out = self._end_text()
        if self._reasoning is None:
            self._reasoning = new_id()
            out.append(ev.event(ev.REASONING_START, messageId=self._reasoning))
            out.append(
                ev.event(ev.REASONING_MESSAGE_START, messageId=self._reasoning, role="reasoning")
            )
        out.append(ev.event(ev.REASONING_MESSAGE_CONTENT, messageId=self._reasoning, delta=delta))
        return out

    def _tool(self, tool: dict[str, Any]) -> list[dict[str, Any]]:
        call_id, name, status = tool.get("toolUseId"), tool.get("name") or "", tool.get("status")
        if not isinstance(call_id, str):
            return []
        out: list[dict[str, Any]] = []
        if status in ("started", "input_delta", "input_complete"):
            if call_id in self._earlier:
                return []  # its START/ARGS/END were shown by the run it paused in
            if call_id not in self._tools:
                out += self._end_text() + self._end_reasoning()
                out.append(
                    ev.event(
                        ev.TOOL_CALL_START,
                        toolCallId=call_id,
                        toolCallName=name,
                        parentMessageId=self._last_text,
                    )
                )
                self._tools[call_id] = name
                self.announced.add(call_id)
            if status == "input_delta" and call_id not in self._progressing:
                self._progressing.add(call_id)
                progress = {"toolCallId": call_id, "toolName": name, "status": "receiving_input"}
                out.append(ev.custom(ev.TOOL_PROGRESS, progress))
            if status == "input_complete":
                args = json.dumps(tool.get("inputSummary") or {}).decode("utf-8")
                out.append(ev.event(ev.TOOL_CALL_ARGS, toolCallId=call_id, delta=args))
                out += self._end_tool(call_id)
        elif status == "progress" and isinstance(tool.get("progress"), dict):
            progress = {"toolCallId": call_id, "toolName": name, "status": "progress"}
            out.append(ev.custom(ev.TOOL_PROGRESS, {**progress, **tool["progress"]}))
        elif status in ("completed", "failed"):
            out += self._end_tool(call_id)
            content = json.dumps(tool.get("result") or {}).decode("utf-8")
            out.append(
                ev.event(
                    ev.TOOL_CALL_RESULT,
                    messageId=new_id(),
                    toolCallId=call_id,
                    content=content,
                    role="tool",
                )
            )
        return out

    def _pipeline(self, pipeline: dict[str, Any]) -> list[dict[str, Any]]:
        kind = pipeline.get("eventType")
        step = pipeline.get("stepName")
        if kind == "step_started" and isinstance(step, str) and step not in self._steps:
            self._steps.append(step)
            return [ev.event(ev.STEP_STARTED, stepName=step)]
        if kind in ("step_completed", "step_finished") and step in self._steps:
            self._steps.remove(step)
            return [ev.event(ev.STEP_FINISHED, stepName=step)]
        if kind == "resume_snapshot" and isinstance(pipeline.get("snapshot"), dict):
            return [
                ev.event(
                    ev.ACTIVITY_SNAPSHOT,
                    messageId=str(pipeline.get("eventId") or new_id()),
                    activityType="iac-code.pipeline",
                    content=pipeline["snapshot"],
                )
            ]
        if kind in PIPELINE_EVENTS:
            return [ev.custom(ev.PIPELINE, pipeline)]
        return []

    def _end_text(self) -> list[dict[str, Any]]:
        if self._text is None:
            return []
        message_id, self._text = self._text, None
        return [ev.event(ev.TEXT_MESSAGE_END, messageId=message_id)]

    def _end_reasoning(self) -> list[dict[str, Any]]:
        if self._reasoning is None:
            return []
        message_id, self._reasoning = self._reasoning, None
        return [
            ev.event(ev.REASONING_MESSAGE_END, messageId=message_id),
            ev.event(ev.REASONING_END, messageId=message_id),
        ]

    def _end_tool(self, call_id: str) -> list[dict[str, Any]]:
        if self._tools.pop(call_id, None) is None:
            return []
        return [ev.event(ev.TOOL_CALL_END, toolCallId=call_id)]

    def close(self) -> list[dict[str, Any]]:
        """End every open span (before an interrupt, an error or the end of the run)."""
        out = self._end_text() + self._end_reasoning()
        for call_id in list(self._tools):
            out += self._end_tool(call_id)
        while self._steps:
            out.append(ev.event(ev.STEP_FINISHED, stepName=self._steps.pop()))
        return out

    def usage_list(self) -> list[dict[str, Any]] | None:
        """RUN_FINISHED.usage: the turn's token counts, when the engine reported any."""
        if not self.usage:
            return None
        keys = ("inputTokens", "outputTokens", "totalTokens")
        entry = {k: self.usage[k] for k in keys if isinstance(self.usage.get(k), int)}
        return [entry] if entry else None


def artifact_projection(update: dict[str, Any], *, thread_id: str | None = None) -> dict[str, Any]:
    """What a UI may show of an artifact: names, types, sizes, digests and short text; never a
    server path. With `thread_id`, a file artifact also gets `contentUrl`: the adapter's route
    for its content, relative to the AG-UI endpoint URL (iaccode.agui.browse)."""
    artifact = update.get("artifact") or {}
    parts = []
    for part in artifact.get("parts") or ():
        meta = part.get("metadata") or {}
        item: dict[str, Any] = {}
        for key in ("mediaType", "filename"):
            if isinstance(part.get(key), str):
                item[key] = part[key]
        for key in ("byteSize", "sha256"):
            found = meta.get(key, (meta.get("iac_code") or {}).get(key))
            if found is not None:
                item[key] = found
        if isinstance(part.get("text"), str):
            item["kind"] = "text"
            item["text"] = part["text"][:ARTIFACT_TEXT_LIMIT]
            item["truncated"] = len(part["text"]) > ARTIFACT_TEXT_LIMIT
        elif "url" in part:
            item["kind"] = "file"
        elif "data" in part:
            item["kind"] = "data"
            item["data"] = part["data"]
        else:
            item["kind"] = "raw"
        parts.append(item)
    value: dict[str, Any] = {
        "taskId": update.get("taskId"),
        "artifactId": artifact.get("artifactId"),
        "append": bool(update.get("append")),
        "lastChunk": update.get("lastChunk", True) is not False,
        "parts": parts,
    }
    for key in ("name", "description"):
        if isinstance(artifact.get(key), str):
            value[key] = artifact[key]
    task_id, artifact_id = value["taskId"], value["artifactId"]
    has_file = any(p["kind"] == "file" for p in parts)
    if thread_id and has_file and isinstance(task_id, str) and isinstance(artifact_id, str):
        value["contentUrl"] = artifact_path(thread_id, task_id, artifact_id).lstrip("/")
    return value


def _compact(value: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in value.items() if v is not None}


def _permission_progress(permission: dict[str, Any]) -> dict[str, Any]:
    return _compact(
        {
            "toolCallId": permission.get("toolUseId"),
            "toolName": permission.get("toolName"),
            "status": "permission_decided",
            "decision": permission.get("decision"),
            "autoApproved": bool(permission.get("autoApproved")),
            "source": permission.get("source"),
        }
    )


def _answered(received: dict[str, Any]) -> dict[str, Any]:
    return _compact(
        {
            "toolCallId": received.get("toolUseId"),
            "status": "permission_answered",
            "decision": received.get("decision"),
        }
    )
