"""One session per MCP server, kept open for the server's life (see the package docstring).

`McpServer.run` is the server's background task: connect (spawn the stdio command, or open the
streamable HTTP endpoint with its headers), `initialize`, list the tools, then watch the session
with pings until it breaks; on any failure wait (1 s, doubling to `BACKOFF_CAP`) and connect
again. Cancelling `run` (the server shutting down) closes the session: the SDK's stdio transport
stops the process in a shielded, bounded scope.

A call (`McpServer.call`) runs in the caller's task (a turn) on the shared session, bounded by the
server's `timeout`; a transport failure marks the session broken, so `run` reconnects. A
`notifications/tools/list_changed` makes the watch list the tools again; if that fails, the old
list stays and `refreshError` says so.

Public state (`status()`) names no URL, command, header or env value, and no exception text: the
SDK's and the transports' messages may carry paths, URLs or tokens. Those go to the log only.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TextIO, cast

import trio

from iaccode.agent.mcp.config import McpWarning, ServerSpec

if TYPE_CHECKING:
    from mcp import ClientSession
    from mcp.types import CallToolResult, Tool

log = logging.getLogger("iaccode.mcp")

CONNECT_TIMEOUT = 30.0  # to initialize and list the tools
PING_SECONDS = 30.0
BACKOFF_START = 1.0
BACKOFF_CAP = 60.0
MAX_TOOL_PAGES = 20

ProgressCallback = Callable[[float, float | None, str | None], Awaitable[None]]


class McpCallError(Exception):
    """A tool call failed; the message is public (no paths, URLs or secrets)."""


def sdk_available() -> bool:
    """Whether the optional `mcp` SDK is installed."""
    try:
        import mcp  # noqa: F401
    except ImportError:
        return False
    return True


class McpServer:
    """The connection to one configured server, and what the agent may know of it."""

    def __init__(self, spec: ServerSpec) -> None:
        self.spec = spec
        self.state = "connecting"  # connecting, connected, reconnecting
        self.tools: tuple[Tool, ...] = ()
        self.error: str | None = None  # the last failure, public
        self.auth_failed = False
        self.attempts = 0
        self.settled = trio.Event()  # the first attempt ended, either way
        self.refresh_error: str | None = None  # the last failed re-listing, public
        self._session: ClientSession | None = None
        self._wake = trio.Event()  # the watch has something to do: broken or list changed
        self._broken = False
        self._changed = False
        self._refused = False  # the HTTP server refused the credentials in this attempt

    # -- the background task --------------------------------------------------------------------

    async def run(self) -> None:
        """Keep a session open until cancelled; never raises but `trio.Cancelled`."""
        delay = BACKOFF_START
        while True:
            self.attempts += 1
            self._refused = False
            try:
                await self._session_once()
                delay = BACKOFF_START  # it was up: the next failure starts the backoff anew
            except Exception as exc:  # every failure of a server is reported, never raised
                self._failed(exc)
            self.state = "reconnecting"
            self.settled.set()
            await trio.sleep(delay)
            delay = min(delay * 2, BACKOFF_CAP)

    async def _session_once(self) -> None:
        from mcp import ClientSession

        handler = self._on_message
        transport = self._transport()
        async with (
            transport as (read, write),
            ClientSession(read, write, message_handler=handler) as session,
        ):
            with trio.fail_after(CONNECT_TIMEOUT):
                await session.initialize()
                tools = await _list_tools(session)
            self.tools = tools
            self._session, self._broken, self._changed = session, False, False
            self._wake, self.refresh_error = trio.Event(), None
            self.state, self.error, self.auth_failed = "connected", None, False
            self.settled.set()
            log.info("MCP server %s connected with %d tools", self.spec.name, len(tools))
            try:
                await self._watch(session)
            finally:
                self._session = None
                log.warning("MCP server %s disconnected; reconnecting", self.spec.name)

    @contextlib.asynccontextmanager
    async def _transport(self) -> AsyncIterator[tuple[Any, Any]]:
        spec = self.spec
        if spec.transport == "stdio":
            from mcp import StdioServerParameters, stdio_client

            params = StdioServerParameters(
                command=spec.command or "",
                args=list(spec.args),
                env=dict(spec.env) or None,
                cwd=spec.cwd,
            )
            # The server's stderr is its own log, not ours to interleave with ours (the SDK
            # hands this straight to the process spawn, which takes a file descriptor constant).
            errlog = cast(TextIO, subprocess.DEVNULL)
            async with stdio_client(params, errlog=errlog) as streams:
                yield streams
            return
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        timeout = httpx2.Timeout(30.0, read=max(spec.timeout, 30.0))

        async def saw(response: httpx2.Response) -> None:
            # The SDK turns an HTTP 401 into a generic JSON-RPC error: note it here.
            if response.status_code in (401, 403):
                self._refused = True

        client = httpx2.AsyncClient(
            headers=dict(spec.headers), timeout=timeout, event_hooks={"response": [saw]}
        )
        async with client, streamable_http_client(spec.url or "", http_client=client) as streams:
            yield streams

    async def _watch(self, session: ClientSession) -> None:
        """Return when the session broke: a failed call said so, or a ping went unanswered.
        Meanwhile list the tools again whenever the server says they changed."""
        while True:
            with trio.move_on_after(PING_SECONDS) as idle:
                await self._wake.wait()
            self._wake = trio.Event()
            if self._broken:
                return
            if self._changed:
                self._changed = False
                await self._relist(session)
            if idle.cancelled_caught:
                try:
                    with trio.fail_after(CONNECT_TIMEOUT):
                        await session.send_ping()
                except Exception:
                    return

    async def _relist(self, session: ClientSession) -> None:
        try:
            with trio.fail_after(CONNECT_TIMEOUT):
                self.tools = await _list_tools(session)
            self.refresh_error = None
        except Exception as exc:  # the session may still be fine; keep the old list
            self.refresh_error = "The server's changed tool list could not be read."
            log.warning(
                "MCP server %s: listing tools again failed: %s", self.spec.name, _detail(exc)
            )

    async def _on_message(self, message: object) -> None:
        from mcp.types import ToolListChangedNotification

        if isinstance(message, ToolListChangedNotification):
            self._changed = True
            self._wake.set()
        await trio.lowlevel.checkpoint()

    def _mark_broken(self) -> None:
        self._broken = True
        self._wake.set()

    def _failed(self, exc: BaseException) -> None:
        self.error, self.auth_failed = _public_error(exc)
        if self._refused:
            self.error, self.auth_failed = "The server refused the credentials.", True
        self.tools = ()
        log.warning(
            "MCP server %s failed (attempt %d): %s", self.spec.name, self.attempts, _detail(exc)
        )

    # -- what turns use -------------------------------------------------------------------------

    async def call(
        self, tool: str, arguments: dict[str, Any], on_progress: ProgressCallback | None
    ) -> CallToolResult:
        """Call `tool` on the open session.

        Raises:
            McpCallError: not connected, no answer within the server's timeout, or the
                connection broke (then the session is reconnected). Cancellation propagates.
        """
        from mcp import MCPError

        session = self._session
        if session is None:
            raise McpCallError(f"The MCP server {self.spec.name} is not connected.")
        try:
            with trio.fail_after(self.spec.timeout):
                # The SDK's callback type is a Protocol of the same call signature.
                callback: Any = on_progress
                result = await session.call_tool(tool, arguments, progress_callback=callback)
        except trio.TooSlowError:
            raise McpCallError(
                f"The MCP server {self.spec.name} did not answer within {self.spec.timeout:g} s."
            ) from None
        except MCPError as exc:
            log.warning("MCP call %s on %s failed: %s", tool, self.spec.name, _detail(exc))
            if _connection_lost(exc):
                self._mark_broken()
                raise McpCallError(
                    f"The connection to the MCP server {self.spec.name} broke."
                ) from None
            raise McpCallError(f"The MCP server {self.spec.name} refused the call.") from None
        except Exception as exc:
            log.warning("MCP call %s on %s failed: %s", tool, self.spec.name, _detail(exc))
            self._mark_broken()
            raise McpCallError(
                f"The connection to the MCP server {self.spec.name} broke."
            ) from None
        return result

    def status(self) -> dict[str, Any]:
        """This server in `mcpStatus`: states and counts, nothing configured."""
        if self.auth_failed:
            authentication = "failed"
        elif self.spec.authenticated:
            authentication = "configured"
        else:
            authentication = "none"
        out: dict[str, Any] = {
            "name": self.spec.name,
            "transport": self.spec.transport,
            "connection": self.state,
            "authentication": authentication,
            "approval": "approved",  # listed in the server's own configuration
            "capabilities": {"tools": len(self.tools)},
        }
        if self.error or self.refresh_error:
            out["refreshError"] = self.error or self.refresh_error
        return out

    def warning(self) -> McpWarning | None:
        """The runtime warning for a server that is not connected."""
        if self.state == "connected" or not self.error:
            return None
        return McpWarning(self.spec.name, "connect_failed", self.error, scope="runtime")


async def _list_tools(session: ClientSession) -> tuple[Tool, ...]:
    from mcp.types import PaginatedRequestParams

    tools: list[Tool] = []
    cursor: str | None = None
    for _ in range(MAX_TOOL_PAGES):  # a server whose cursor never ends cannot hang us
        params = PaginatedRequestParams(cursor=cursor) if cursor else None
        listed = await session.list_tools(params=params)
        tools.extend(listed.tools)
        cursor = listed.next_cursor
        if not cursor:
            break
    return tuple(tools)


def _flatten(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in _flatten(inner)]
    chain = [exc]
    while exc.__cause__ is not None or exc.__context__ is not None:
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
        chain.append(exc)
        if len(chain) > 10:
            break
    return chain


def _public_error(exc: BaseException) -> tuple[str, bool]:
    """(a message safe to show, whether authentication failed)."""
    leaves = _flatten(exc)
    for leaf in leaves:
        status = getattr(getattr(leaf, "response", None), "status_code", None)
        if status in (401, 403):
            return "The server refused the credentials.", True
        if isinstance(leaf, trio.TooSlowError):
            return "The server did not finish starting in time.", False
        if isinstance(leaf, FileNotFoundError | PermissionError):
            return "The server command could not be started.", False
        if isinstance(leaf, ConnectionError | OSError) or "Connect" in type(leaf).__name__:
            return "The server could not be reached.", False
        if isinstance(status, int):
            return f"The server answered with HTTP {status}.", False
    return "The server closed the connection or broke the protocol.", False


def _connection_lost(exc: Exception) -> bool:
    message = str(getattr(getattr(exc, "error", None), "message", "")).lower()
    return "closed" in message or "connection" in message


def _detail(exc: BaseException) -> str:
    return "; ".join(f"{type(e).__name__}: {e}"[:300] for e in _flatten(exc)[:5])
