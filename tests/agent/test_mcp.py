"""MCP against real servers written with the official SDK (`iaccode.testing.mcp_server`), over
stdio and streamable HTTP: configuration warnings, tools under namespaced names through the
permission rules, progress, a slow and a crashing server, redacted status, end to end over A2A."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, cast

import pytest
import trio

from iaccode.agent.mcp.config import ServerSpec, parse_servers
from iaccode.agent.mcp.connection import McpCallError, McpServer
from iaccode.agent.mcp.tools import McpClients, public_name
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.wire import json
from tests.agent.test_llm_engine import client, metadata_of, model, start_llm
from tests.client import results, text_of

__all__ = ["model", "start_llm"]  # fixtures

pytest.importorskip("mcp")

SERVER = [sys.executable, "-m", "iaccode.testing.mcp_server"]
SECRET = "s3cret-env-value"
TOKEN = "tok-abcdef123456"


def stdio_entry(**extra: Any) -> dict[str, Any]:
    return {"command": SERVER[0], "args": [*SERVER[1:], "stdio"], **extra}


@pytest.fixture
async def http_server() -> AsyncIterator[str]:
    """The test server on streamable HTTP, requiring `Bearer TOKEN`."""
    env = {**os.environ, "MCP_TEST_TOKEN": TOKEN}
    process = await trio.lowlevel.open_process(
        [*SERVER, "http"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    try:
        assert process.stdout is not None
        line = b""
        with trio.fail_after(30):
            while not line.endswith(b"\n"):
                line += await process.stdout.receive_some(100)
        yield f"http://127.0.0.1:{int(line.split()[1])}/mcp"
    finally:
        process.kill()
        with trio.CancelScope(shield=True):
            await process.wait()


@pytest.fixture
async def running(nursery: trio.Nursery) -> Callable[..., Any]:
    """Start an McpServer's background task; returns it once its first attempt ended."""

    async def start(spec: ServerSpec) -> McpServer:
        server = McpServer(spec)
        nursery.start_soon(server.run)
        with trio.fail_after(30):
            await server.settled.wait()
        return server

    return start


def test_bad_entries_are_left_out_with_public_warnings() -> None:
    specs, warnings = parse_servers(
        {
            "ok": stdio_entry(env={"API_TOKEN": SECRET}),
            "off": {"command": "x", "enabled": False},
            "bad name!": {"command": "x"},
            "nourl": {"type": "http"},
            "typo": {"comand": "x"},
            "both": {"command": "x", "url": "http://h/mcp"},
            "remote": {"url": f"https://h.example/mcp?key={SECRET}", "headers": {"X": SECRET}},
        }
    )
    assert [s.name for s in specs] == ["ok", "remote"]
    assert specs[0].authenticated and specs[1].transport == "http"
    codes = {w.server: (w.code, w.source) for w in warnings}
    assert codes == {
        "invalid-name": ("invalid_config", "mcp-servers.invalid-name"),
        "nourl": ("invalid_config", "mcp-servers.nourl.url"),
        "typo": ("invalid_config", "mcp-servers.typo"),
        "both": ("invalid_config", "mcp-servers.both.command"),
    }
    assert SECRET not in repr(specs) + repr([w.public() for w in warnings])


def test_public_names_fit_function_names() -> None:
    assert public_name("docs", "search.pages v2") == "mcp__docs__search_pages_v2"
    assert len(public_name("s" * 32, "t" * 80)) == 64


async def test_stdio_session_calls_progress_and_passes_env(running: Callable[..., Any]) -> None:
    server = await running(
        ServerSpec(
            "local",
            "stdio",
            command=SERVER[0],
            args=(*SERVER[1:], "stdio"),
            env={"MCP_TEST_SECRET": SECRET},
        )
    )
    assert server.state == "connected"
    names = {t.name for t in server.tools}
    assert {"echo", "note", "slow", "crash", "progress", "big"} <= names
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        seen.append((done, total, message))

    result = await server.call("progress", {"steps": 3}, on_progress)
    assert result.content[0].text == "3 steps done"  # type: ignore[union-attr]
    assert seen == [(1, 3, "step 1 of 3"), (2, 3, "step 2 of 3"), (3, 3, "step 3 of 3")]
    env = await server.call("secret_env", {}, None)
    assert env.content[0].text == "secret set"  # type: ignore[union-attr]
    status = json.dumps(server.status()).decode()
    assert SECRET not in status and "mcp_server" not in status and sys.executable not in status


async def test_a_changed_tool_list_is_read_again(running: Callable[..., Any]) -> None:
    server = await running(
        ServerSpec("grows", "stdio", command=SERVER[0], args=(*SERVER[1:], "stdio"))
    )
    assert "extra" not in {t.name for t in server.tools}
    await server.call("grow", {}, None)
    with trio.fail_after(30):  # the notification is handled by the session's own task
        while "extra" not in {t.name for t in server.tools}:
            await trio.sleep(0.05)
    assert server.state == "connected" and "refreshError" not in server.status()
    echoed = await server.call("extra", {"text": "new"}, None)
    assert echoed.content[0].text == "echo: new"  # type: ignore[union-attr]


async def test_a_slow_call_times_out_and_the_session_stays_usable(
    running: Callable[..., Any],
) -> None:
    server = await running(
        ServerSpec("slow", "stdio", command=SERVER[0], args=(*SERVER[1:], "stdio"), timeout=0.5)
    )
    with pytest.raises(McpCallError, match=r"did not answer within 0\.5 s"):
        await server.call("slow", {"seconds": 30}, None)
    echoed = await server.call("echo", {"text": "still here"}, None)
    assert echoed.content[0].text == "echo: still here"  # type: ignore[union-attr]


async def test_a_crashed_server_is_reported_and_reconnected(running: Callable[..., Any]) -> None:
    server = await running(
        ServerSpec("crashy", "stdio", command=SERVER[0], args=(*SERVER[1:], "stdio"))
    )
    with pytest.raises(McpCallError, match="broke"):
        await server.call("crash", {}, None)
    with trio.fail_after(30):  # the backoff starts at one second
        while not (server.state == "connected" and server.attempts >= 2):
            await trio.sleep(0.05)
    echoed = await server.call("echo", {"text": "back"}, None)
    assert echoed.content[0].text == "echo: back"  # type: ignore[union-attr]


async def test_a_server_that_cannot_start_is_a_redacted_warning(
    running: Callable[..., Any], tmp_path: Path
) -> None:
    missing = str(tmp_path / "no-such-command")
    server = await running(ServerSpec("gone", "stdio", command=missing))
    assert server.state == "reconnecting" and server.tools == ()
    warning = server.warning()
    assert warning is not None and warning.code == "connect_failed"
    assert warning.message == "The server command could not be started."
    assert str(tmp_path) not in json.dumps(server.status()).decode()


async def test_streamable_http_with_headers_and_a_refused_token(
    running: Callable[..., Any], http_server: str
) -> None:
    good = await running(
        ServerSpec("web", "http", url=http_server, headers={"Authorization": f"Bearer {TOKEN}"})
    )
    assert good.state == "connected" and good.status()["authentication"] == "configured"
    echoed = await good.call("echo", {"text": "over http"}, None)
    assert echoed.content[0].text == "echo: over http"  # type: ignore[union-attr]
    bad = await running(
        ServerSpec("web2", "http", url=http_server, headers={"Authorization": "Bearer wrong-one"})
    )
    status = bad.status()
    assert status["connection"] == "reconnecting" and status["authentication"] == "failed"
    assert status["refreshError"] == "The server refused the credentials."
    shown = json.dumps(status).decode()
    assert "wrong-one" not in shown and "127.0.0.1" not in shown


async def test_shutdown_stops_the_stdio_server(tmp_path: Path) -> None:
    clients = McpClients({"local": stdio_entry()})
    async with trio.open_nursery() as nursery:
        nursery.start_soon(clients.run)
        await clients.ready()
        (server,) = clients.servers
        pid_text = (await server.call("pid", {}, None)).content[0].text  # type: ignore[union-attr]
        nursery.cancel_scope.cancel()
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_text), 0)


async def test_mcp_tools_end_to_end_over_a2a(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    calls = [
        {"id": "call_echo", "name": "mcp__local__echo", "arguments": {"text": "hi"}},
        {"id": "call_prog", "name": "mcp__local__progress", "arguments": {"steps": 2}},
    ]
    model.enqueue(
        Script(tool_call_chunks(calls)),
        Script(text_chunks("Both MCP tools answered.")),
        Script(
            tool_call_chunks(
                [{"id": "call_note", "name": "mcp__local__note", "arguments": {"text": "x"}}]
            )
        ),
    )
    servers = {"local": stdio_entry(env={"MCP_TEST_SECRET": SECRET}), "broken": {"type": "ftp"}}
    a2a, http = await client(await start_llm(mcp_servers=servers), workspace)
    async with http:
        events = await a2a.send_stream("Use the MCP tools")
        final = results(events)[-1]["statusUpdate"]
        assert text_of(final["status"]["message"]) == "Both MCP tools answered."
        second = await a2a.send_stream("Take a note", context_id=final["contextId"])
    offered = {t["function"]["name"] for t in model.requests[0]["body"]["tools"]}
    assert {"mcp__local__echo", "mcp__local__note", "read_file"} <= offered
    answers = {
        m["tool_call_id"]: json.loads(m["content"])
        for m in model.requests[1]["body"]["messages"]
        if m["role"] == "tool"
    }
    assert answers == {"call_echo": {"result": "echo: hi"}, "call_prog": {"result": "2 steps done"}}
    (status,) = metadata_of(events, "mcpStatus")
    (server,) = status["servers"]
    assert server["name"] == "local" and server["connection"] == "connected"
    assert server["capabilities"]["tools"] >= 7
    assert metadata_of(events, "mcpWarning") == [
        {
            "serverName": "broken",
            "code": "invalid_config",
            "message": "type must be stdio or http.",
            "scope": "config",
            "sourcePath": "mcp-servers.broken.type",
        }
    ]
    progress = metadata_of(events, "mcpProgress")
    assert [(p["progress"], p["total"]) for p in progress] == [(1, 2), (2, 2)]
    assert progress[0]["toolName"] == "mcp__local__progress"
    assert progress[0]["serverName"] == "local" and progress[0]["originalToolName"] == "progress"
    assert progress[0]["toolUseId"] == "call_prog"
    assert SECRET not in json.dumps(events).decode()
    # echo and progress are read-only (no question); note is not, so it asks
    env = results(second)[-1]["statusUpdate"]["metadata"]["iac_code"]["input"]
    assert env["toolName"] == "mcp__local__note" and env["toolUseId"] == "call_note"


def test_a_deny_rule_holds_for_a_tool_the_server_calls_read_only() -> None:
    # Read-only tools never reach the permission rules: a server's own readOnlyHint must not
    # let a tool the operator denied run without the (denying) permission check.
    from mcp.types import Tool, ToolAnnotations

    clients = McpClients({"docs": stdio_entry()}, deny=("mcp__docs__wipe",))
    server = clients.servers[0]
    server.state = "connected"
    hint = ToolAnnotations(read_only_hint=True)
    schema = {"type": "object"}
    server.tools = (
        Tool(name="search", input_schema=schema, annotations=hint),
        Tool(name="wipe", input_schema=schema, annotations=hint),
    )
    read_only = {tool.spec.name: tool.spec.read_only for tool in clients.tools()}
    assert read_only == {"mcp__docs__search": True, "mcp__docs__wipe": False}


def stub_tool(server: object, tmp_path: Path) -> tuple[Any, Any, Any]:
    """An McpTool on a stand-in for McpServer (`spec`, `call`), its context and its output."""
    from iaccode.agent.engine import TurnOutput
    from iaccode.agent.mcp.tools import McpTool
    from iaccode.agent.tools.base import ToolContext, ToolSpec
    from tests.agent.fakes import RecordingOutput

    tool = McpTool(ToolSpec("mcp__files__read", "", {"type": "object"}), server, "read")  # type: ignore[arg-type]
    output = RecordingOutput()
    return tool, ToolContext(tmp_path, (tmp_path,), cast(TurnOutput, output), "call-1"), output


async def test_a_progress_message_is_redacted(tmp_path: Path) -> None:
    # The server's own words go out as mcpProgress: no configured env or header value, token
    # or local path may pass (the seed: progress metadata is sanitised before streaming).
    from mcp.types import CallToolResult, TextContent

    spec = ServerSpec(
        "files",
        "stdio",
        command="x",
        env={"MCP_TEST_SECRET": SECRET},
        headers={"X-Api": TOKEN},
    )

    class Server:
        def __init__(self) -> None:
            self.spec = spec

        async def call(self, tool: str, arguments: dict[str, Any], on_progress: Any) -> Any:
            await on_progress(1, 2, f"read /home/alice/.aws/credentials with {SECRET} and {TOKEN}")
            await on_progress(2, 2, "api_key=abcdef1234 at https://example.com/a/b, 2/2 done")
            return CallToolResult(content=[TextContent(type="text", text="ok")])

    tool, ctx, output = stub_tool(Server(), tmp_path)
    await tool.run({}, ctx)
    messages = [e["mcpProgress"]["message"] for e in output.events if "mcpProgress" in e]
    assert messages == [
        "read <path> with **** and ****",
        "api_key=**** at https://example.com/a/b, 2/2 done",
    ]


async def test_results_and_errors_do_not_spread_configured_secrets(tmp_path: Path) -> None:
    # A result goes to the model and, as a tool event, to the caller: a configured env or
    # header value echoed by the server is masked; an error is redacted like a public message.
    from mcp.types import CallToolResult, TextContent

    answers = iter(
        [
            CallToolResult(content=[TextContent(type="text", text=f"/srv/a.txt uses {SECRET}")]),
            CallToolResult(
                content=[TextContent(type="text", text=f"ENOENT /home/alice/x token={TOKEN}")],
                is_error=True,
            ),
        ]
    )

    class Server:
        spec = ServerSpec("files", "stdio", command="x", env={"MCP_TEST_SECRET": SECRET})

        async def call(self, tool: str, arguments: dict[str, Any], on_progress: Any) -> Any:
            return next(answers)

    tool, ctx, _ = stub_tool(Server(), tmp_path)
    assert (await tool.run({}, ctx)).data == {"result": "/srv/a.txt uses ****"}
    failed = await tool.run({}, ctx)
    assert failed.is_error and failed.data == {"error": "ENOENT <path> token=****"}


async def test_progress_after_the_call_returned_is_not_published(tmp_path: Path) -> None:
    # The SDK calls the progress callback in a task of its own, possibly after the result was
    # delivered: the tool's (or the turn's) stream is over by then.
    from mcp.types import CallToolResult, TextContent

    callbacks: list[Any] = []

    class Server:
        spec = ServerSpec("files", "stdio", command="x")

        async def call(self, tool: str, arguments: dict[str, Any], on_progress: Any) -> Any:
            callbacks.append(on_progress)
            await on_progress(1, 2, "half")
            return CallToolResult(content=[TextContent(type="text", text="ok")])

    tool, ctx, output = stub_tool(Server(), tmp_path)
    await tool.run({}, ctx)
    await callbacks[0](2, 2, "late")
    assert [e["mcpProgress"]["progress"] for e in output.events if "mcpProgress" in e] == [1]


async def test_safe_mode_denies_a_write_capable_mcp_tool_and_runs_a_read_only_one(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    calls = [
        {"id": "call_echo", "name": "mcp__local__echo", "arguments": {"text": "hi"}},
        {"id": "call_note", "name": "mcp__local__note", "arguments": {"text": "x"}},
        {"id": "call_write", "name": "write_file", "arguments": {"path": "a.txt", "content": "x"}},
    ]
    model.enqueue(Script(tool_call_chunks(calls)), Script(text_chunks("done")))
    server = await start_llm(mcp_servers={"local": stdio_entry()}, safe_mode=True)
    a2a, http = await client(server, workspace)
    async with http:
        events = await a2a.send_stream("Use the MCP tools")
    # Denied without a question: no permission envelope, and the turn goes on to its answer.
    assert metadata_of(events, "input") == []
    assert text_of(results(events)[-1]["statusUpdate"]["status"]["message"]) == "done"
    answers = {
        m["tool_call_id"]: m["content"]
        for m in model.requests[1]["body"]["messages"]
        if m["role"] == "tool"
    }
    assert json.loads(answers["call_echo"]) == {"result": "echo: hi"}
    for denied in ("call_note", "call_write"):
        assert json.loads(answers[denied]) == {"error": "The caller did not allow this operation."}
    assert not (workspace / "a.txt").exists()
    audit = server.config.persistence_dir / "audit" / "permissions.jsonl"
    entries = [json.loads(line) for line in audit.read_bytes().splitlines()]
    assert {(e["toolName"], e["decision"], e["source"]) for e in entries} == {
        ("mcp__local__note", "deny", "safe-mode"),
        ("write_file", "deny", "safe-mode"),
    }
