"""What a tool is, and how a call of one runs (`ToolRunner`).

Wire shape of the progress updates (A2A seed, "Streaming-Aktualisierungen"):

    metadata.iac_code.tool = {status, toolUseId, name, inputSummary?, result?, progress?}
    status: started -> input_delta* -> input_complete -> progress* -> completed | failed

`progress` updates come from long tools (a stack operation being watched), a few seconds apart.

`inputSummary` is the shape of the input only (see `permissions.input_shape`); `result` holds the
tool's result with every string field cut to 4000 characters (the last one an ellipsis), less
the fields whose content is an artifact: the seed has it not duplicated in the tool metadata.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from iaccode import telemetry
from iaccode.agent.cloud.session import CloudSession
from iaccode.agent.engine import TurnOutput
from iaccode.agent.permissions import PermissionRequest, input_shape
from iaccode.wire import json

RESULT_FIELD_LIMIT = 4000


@attrs.frozen
class ToolSpec:
    name: str
    description: str
    parameters: Mapping[str, Any]  # JSON schema of the input object
    read_only: bool = True
    # A write tool that asks for permission itself, in `run`, with a request of its own (a
    # protected cloud API, a deployment summary), instead of the runner's generic question.
    asks_permission: bool = False

    # Built once: every llm turn sends every tool (shared by the turns; not to be changed).
    _openai: dict[str, Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        entry = {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": dict(self.parameters),
            },
        }
        object.__setattr__(self, "_openai", entry)

    def openai_tool(self) -> dict[str, Any]:
        """The tool as an OpenAI-compatible chat-completions `tools` entry."""
        return self._openai


@attrs.frozen
class ToolContext:
    """Where a tool call runs and what it may use."""

    cwd: Path
    roots: tuple[Path, ...]
    output: TurnOutput
    tool_use_id: str
    cloud: CloudSession | None = None  # the turn's Alibaba Cloud access (None: no cloud tools)


@attrs.frozen
class ToolResult:
    """What the model (or the offline engine) gets back. `data` must be JSON-able."""

    data: Mapping[str, Any]
    is_error: bool = False
    # Fields the model gets but the tool event leaves out: their content is an artifact.
    artifact_fields: frozenset[str] = frozenset()

    def shown(self) -> dict[str, Any]:
        """The result as the tool event shows it: bounded, artifact content left out."""
        data = {k: v for k, v in self.data.items() if k not in self.artifact_fields}
        bounded: dict[str, Any] = truncate_fields(data)
        return bounded

    def to_model_text(self) -> str:
        return json.dumps(dict(self.data)).decode("utf-8")


class ToolError(Exception):
    """A tool refused or failed; the message is shown to the model and the caller."""


class Tool(Protocol):
    spec: ToolSpec

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult: ...


def truncate_fields(value: Any, limit: int = RESULT_FIELD_LIMIT) -> Any:
    """`value` with every string at most `limit` characters, a cut one ending in "…"."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[: limit - 1] + "…"
    if isinstance(value, Mapping):
        return {str(k): truncate_fields(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [truncate_fields(v, limit) for v in value]
    return value


class ToolRunner:
    """Runs tool calls for one turn against a fixed tool set."""

    def __init__(
        self,
        tools: Sequence[Tool],
        *,
        cwd: Path,
        roots: tuple[Path, ...],
        cloud: CloudSession | None = None,
    ) -> None:
        self.tools = {tool.spec.name: tool for tool in tools}
        self.cwd = cwd
        self.roots = roots
        self.cloud = cloud

    def specs(self) -> list[ToolSpec]:
        return [tool.spec for tool in self.tools.values()]

    async def started(self, output: TurnOutput, tool_use_id: str, name: str) -> None:
        await output.tool_event({"status": "started", "toolUseId": tool_use_id, "name": name})

    async def input_delta(self, output: TurnOutput, tool_use_id: str, name: str) -> None:
        await output.tool_event({"status": "input_delta", "toolUseId": tool_use_id, "name": name})

    async def run(
        self,
        output: TurnOutput,
        tool_use_id: str,
        name: str,
        args: Mapping[str, Any] | None,
        *,
        announce: bool = True,
    ) -> ToolResult:
        """Run one call; `args` None means its input could not be parsed."""
        if announce:
            await self.started(output, tool_use_id, name)
        event: dict[str, Any] = {"toolUseId": tool_use_id, "name": name}
        await output.tool_event(
            {**event, "status": "input_complete", "inputSummary": input_shape(args or {})}
        )
        tool = self.tools.get(name)
        try:
            if tool is None:
                raise ToolError(f"There is no tool named {name!r}.")
            if args is None:
                raise ToolError("The tool input is not a valid JSON object.")
            if not tool.spec.read_only and not tool.spec.asks_permission:
                request = PermissionRequest(
                    tool_name=name, tool_use_id=tool_use_id, tool_input=args
                )
                if not await output.permission(request):
                    raise ToolError("The caller did not allow this operation.")
            ctx = ToolContext(self.cwd, self.roots, output, tool_use_id, self.cloud)
            result = await _traced(tool, args, ctx, tool_use_id)
        except ToolError as exc:
            result = ToolResult({"error": str(exc)}, is_error=True)
        status = "failed" if result.is_error else "completed"
        await output.tool_event({**event, "status": status, "result": result.shown()})
        return result


async def _traced(
    tool: Tool, args: Mapping[str, Any], ctx: ToolContext, call_id: str
) -> ToolResult:
    """`tool.run` in its span (telemetry on): the permission question before it is not part
    of the call's time."""
    tele = telemetry.current()
    if not tele.enabled:
        return await tool.run(args, ctx)
    name = tool.spec.name
    attributes: telemetry.Attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.call.id": call_id,
    }
    with tele.span(f"execute_tool {name}", attributes) as span:
        try:
            result = await tool.run(args, ctx)
        except ToolError:  # the span is marked failed on the way out
            tele.count("iaccode.errors", 1, {"error.kind": "tool", "gen_ai.tool.name": name})
            raise
        if result.is_error:
            span.fail("ToolError")
            tele.count("iaccode.errors", 1, {"error.kind": "tool", "gen_ai.tool.name": name})
        return result
