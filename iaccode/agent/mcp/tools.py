"""MCP servers' tools as agent tools, and the set of configured servers (`McpClients`).

A tool is offered as `mcp__<server>__<tool>` (characters a function name may not have become
`_`, at most 64). Its `readOnlyHint` makes it read-only (no permission question) unless a deny
rule matches its public name: read-only tools never reach the rules, and the server's own hint
must not outweigh the operator's deny. Any other tool asks, like every write, and the permission
rules match the public name (`mcp__docs__*`).
Results: text blocks joined, other blocks named, structured content as JSON when there is no
text, cut to `RESULT_LIMIT`, with the server's configured header and env values masked.
Progress notifications become `metadata.iac_code.mcpProgress`; the server's own message in them,
and in an error result, is redacted like every public MCP field: configured header and env
values, secret-looking values and local paths are masked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import trio

from iaccode.agent.engine import TurnOutput
from iaccode.agent.mcp.config import McpWarning, ServerSpec, parse_servers
from iaccode.agent.mcp.connection import McpCallError, McpServer, sdk_available
from iaccode.agent.permissions import PermissionRules
from iaccode.agent.previews import MASK, mask_secrets
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.wire import json

if TYPE_CHECKING:
    from mcp.types import CallToolResult, Tool

RESULT_LIMIT = 32_000
DESCRIPTION_LIMIT = 1000
READY_SECONDS = 10.0  # a turn waits this long at most for servers still making their first try
_INVALID = re.compile(r"[^A-Za-z0-9_-]")
# A local path: POSIX absolute or home-relative (not the path of a URL), or a Windows drive path.
_LOCAL_PATH = re.compile(r"(?<![\w.:/~-])~?/[^\s\"'<>|]+|\b[A-Za-z]:\\[^\s\"'<>|]+")


def public_name(server: str, tool: str) -> str:
    return f"mcp__{server}__{_INVALID.sub('_', tool)}"[:64]


class McpTool:
    """One tool of one server, as the model sees it (`tool`: its name on the server)."""

    def __init__(self, spec: ToolSpec, server: McpServer, tool: str) -> None:
        self.spec = spec
        self.server = server
        self.tool = tool

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        finished = False

        async def progress(done: float, total: float | None, message: str | None) -> None:
            # The SDK runs this in a task of its own: a notification that came just before the
            # result may run after the call returned, when the call (or the turn) is over.
            if finished:
                return
            event: dict[str, Any] = {
                "toolName": self.spec.name,
                "serverName": self.server.spec.name,
                "originalToolName": self.tool,
                "toolUseId": ctx.tool_use_id,
                "progress": done,
            }
            if total is not None:
                event["total"] = total
            if message:
                event["message"] = redacted(message[:500], self.server.spec)
            await ctx.output.status({"mcpProgress": event})

        try:
            result = await self.server.call(self.tool, dict(args), progress)
        except McpCallError as exc:
            raise ToolError(str(exc)) from None
        finally:
            finished = True
        text = _without_configured(result_text(result), self.server.spec)
        if result.is_error:
            error = redacted(text, self.server.spec) or "The MCP tool reported an error."
            return ToolResult({"error": error}, is_error=True)
        return ToolResult({"result": text})


def redacted(text: str, spec: ServerSpec) -> str:
    """`text` (a server's own words) without the server's configured header and env values,
    secret-looking values and local paths."""
    return _LOCAL_PATH.sub("<path>", mask_secrets(_without_configured(text, spec)))


def _without_configured(text: str, spec: ServerSpec) -> str:
    """`text` with the server's configured header and env values masked: they are credentials
    or local settings, for the server only (a result echoing one must not spread it)."""
    for value in sorted((*spec.headers.values(), *spec.env.values()), key=len, reverse=True):
        if len(value) >= 4:
            text = text.replace(value, MASK)
    return text


def result_text(result: CallToolResult) -> str:
    pieces: list[str] = []
    for block in result.content:
        kind = getattr(block, "type", "content")
        text = getattr(block, "text", None)
        if isinstance(text, str):
            pieces.append(text)
        else:
            pieces.append(f"[{kind} content left out]")
    if not any(p for p in pieces if not p.startswith("[")) and result.structured_content:
        pieces = [json.dumps(result.structured_content).decode("utf-8")]
    text = "\n".join(pieces)
    if len(text) > RESULT_LIMIT:
        text = f"{text[:RESULT_LIMIT]}\n[... {len(text) - RESULT_LIMIT} more characters left out]"
    return text


def _agent_tool(server: McpServer, tool: Tool, rules: PermissionRules) -> McpTool:
    hints = tool.annotations
    name = public_name(server.spec.name, tool.name)
    read_only = bool(hints is not None and hints.read_only_hint)
    read_only = read_only and rules.verdict(name) is not False  # denied: the runner asks, denied
    schema = tool.input_schema if isinstance(tool.input_schema, dict) else {}
    parameters = schema if schema.get("type") == "object" else {"type": "object"}
    description = (tool.description or tool.name)[:DESCRIPTION_LIMIT]
    spec = ToolSpec(
        name=name,
        description=f"[MCP server {server.spec.name}] {description}",
        parameters=parameters,
        read_only=read_only,
    )
    return McpTool(spec, server, tool.name)


class McpClients:
    """Every configured server: their background tasks, tools and public status."""

    def __init__(self, raw: Mapping[str, Any], deny: tuple[str, ...] = ()) -> None:
        """`deny`: the permission deny rules (they hold for tools a server says only read, too)."""
        self._rules = PermissionRules(deny=deny)
        specs, warnings = parse_servers(raw)
        self.warnings: list[McpWarning] = warnings
        if specs and not sdk_available():
            self.warnings.append(
                McpWarning(
                    "*",
                    "sdk_missing",
                    "MCP servers are configured but the MCP SDK is not installed "
                    "(pip install 'iaccode[mcp]').",
                )
            )
            specs = []
        self.servers = [McpServer(spec) for spec in specs]

    @property
    def configured(self) -> bool:
        return bool(self.servers or self.warnings)

    async def run(self) -> None:
        """Run every server's session until cancelled (the server shutting down)."""
        async with trio.open_nursery() as nursery:
            for server in self.servers:
                nursery.start_soon(server.run)

    async def ready(self) -> None:
        """Wait (boundedly) until every server has made its first connection attempt."""
        with trio.move_on_after(READY_SECONDS):
            for server in self.servers:
                await server.settled.wait()

    def tools(self) -> list[McpTool]:
        found: dict[str, McpTool] = {}
        for server in self.servers:
            if server.state != "connected":
                continue
            for tool in server.tools:
                agent_tool = _agent_tool(server, tool, self._rules)
                found.setdefault(agent_tool.spec.name, agent_tool)  # first of a clash wins
        return list(found.values())

    def status(self) -> dict[str, Any]:
        """`metadata.iac_code.mcpStatus`: a redacted snapshot."""
        return {
            "servers": [server.status() for server in self.servers],
            "warnings": [warning.public() for warning in self.current_warnings()],
        }

    def current_warnings(self) -> list[McpWarning]:
        runtime = [w for w in (server.warning() for server in self.servers) if w is not None]
        return [*self.warnings, *runtime]

    async def report(self, output: TurnOutput) -> None:
        """Publish the status and each warning at the start of a turn."""
        if not self.configured:
            return
        await self.ready()
        await output.status({"mcpStatus": self.status()})
        for warning in self.current_warnings():
            await output.status({"mcpWarning": warning.public()})
