"""A real MCP server for the tests, built with the official `mcp` SDK (the `mcp` extra).

    python -m iaccode.testing.mcp_server stdio
    python -m iaccode.testing.mcp_server http     # prints "port <n>" once it listens on loopback

Tools: `echo` (read-only hint), `note` (writes: no read-only hint), `slow` (sleeps), `crash`
(the process exits mid-call), `progress` (reports progress, then answers), `big` (a long
result), `grow` (adds a tool `extra` and says the list changed), `pid`, `secret_env` (tells
whether an env value reached it, never the value). An HTTP request whose `Authorization` is not
`Bearer $MCP_TEST_TOKEN` (when that is set) is refused.
"""

from __future__ import annotations

import os
import socket
import sys

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations

server = MCPServer("iaccode-test")
READ_ONLY = ToolAnnotations(read_only_hint=True)


@server.tool(annotations=READ_ONLY, description="Echo the text back.")
def echo(text: str) -> str:
    return f"echo: {text}"


@server.tool(description="Remember a note (a change: no read-only hint).")
def note(text: str) -> str:
    return f"noted {len(text)} characters"


@server.tool(annotations=READ_ONLY, description="Answer after some seconds.")
async def slow(seconds: float) -> str:
    await anyio.sleep(seconds)
    return "slow done"


@server.tool(annotations=READ_ONLY, description="Exit the server process mid-call.")
def crash() -> str:
    os._exit(3)


@server.tool(annotations=READ_ONLY, description="Report progress in steps, then answer.")
async def progress(steps: int, ctx: Context) -> str:
    for step in range(1, steps + 1):
        await ctx.report_progress(step, steps, f"step {step} of {steps}")
    return f"{steps} steps done"


@server.tool(annotations=READ_ONLY, description="A long answer.")
def big(size: int) -> str:
    return "b" * size


@server.tool(description="Add a tool named `extra`, and tell the client the list changed.")
async def grow(ctx: Context) -> str:
    server.add_tool(echo, name="extra", description="Added later.", annotations=READ_ONLY)
    await ctx.request_context.session.send_tool_list_changed()
    return "grown"


@server.tool(annotations=READ_ONLY, description="The server's process id.")
def pid() -> str:
    return str(os.getpid())


@server.tool(annotations=READ_ONLY, description="Whether MCP_TEST_SECRET reached the server.")
def secret_env() -> str:
    return "secret set" if os.environ.get("MCP_TEST_SECRET") else "secret missing"


async def _serve_http() -> None:
    import uvicorn

    app = server.streamable_http_app()
    token = os.environ.get("MCP_TEST_TOKEN")

    async def guarded(scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] == "http" and token:
            headers = dict(scope.get("headers") or [])
            if headers.get(b"authorization") != f"Bearer {token}".encode():
                await send({"type": "http.response.start", "status": 401, "headers": []})
                await send({"type": "http.response.body", "body": b"unauthorized"})
                return
        await app(scope, receive, send)

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    print(f"port {sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(guarded, log_level="warning", lifespan="on")
    await uvicorn.Server(config).serve(sockets=[sock])


def main() -> None:
    kind = sys.argv[1] if len(sys.argv) > 1 else "stdio"
    if kind == "http":
        anyio.run(_serve_http)
    else:
        server.run("stdio")


if __name__ == "__main__":
    main()
