"""One conversation, every transport: the same scenarios over HTTP JSON-RPC, HTTP+JSON, stdio,
a Unix socket, WebSocket and Redis Streams (issue "Local and alternative transports").

Each `Wire` speaks its transport's framing to a real server and hands back what a client would
see: a result, a stream of results, or the name of an A2A error. The scenarios never look at
the framing, so one difference in behaviour between transports fails here.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
import trio
from trio_websocket import open_websocket

from iaccode.server import RunningServer
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder
from tests.redis_process import RedisProcess
from tests.transports.test_lines import LineClient, message, request
from tests.transports.test_redis_streams import StreamClient, unique_streams

_ids = itertools.count(1)
CODES = {
    -32001: "TASK_NOT_FOUND",
    -32002: "TASK_NOT_CANCELABLE",
    -32004: "UNSUPPORTED_OPERATION",
    -32601: "METHOD_NOT_FOUND",
    -32602: "INVALID_PARAMS",
}


class A2AError(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Wire(Protocol):
    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]: ...

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]: ...


def result_of(response: dict[str, Any]) -> dict[str, Any]:
    if "error" in response:
        raise A2AError(CODES.get(response["error"]["code"], str(response["error"]["code"])))
    result: dict[str, Any] = response["result"]
    return result


class JsonRpcOverHttp:
    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    def _body(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": next(_ids), "method": method, "params": params}

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        response = await self.http.post("/", json=self._body(method, params))
        return result_of(response.json())

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        events = [
            json.loads(e) for e in await sse(self.http, "POST", "/", self._body(method, params))
        ]
        return [result_of(e) for e in events]


class Rest:
    """The HTTP+JSON binding: the same operations as routes."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    def _route(self, method: str, params: dict[str, Any]) -> tuple[str, str, Any]:
        task = params.get("id", "")
        return {
            "SendMessage": ("POST", "/message:send", params),
            "SendStreamingMessage": ("POST", "/message:stream", params),
            "GetTask": ("GET", f"/tasks/{task}", None),
            "CancelTask": ("POST", f"/tasks/{task}:cancel", {}),
            "SubscribeToTask": ("GET", f"/tasks/{task}:subscribe", None),
        }[method]

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        verb, path, body = self._route(method, params)
        query = {"historyLength": params["historyLength"]} if "historyLength" in params else None
        response = await self.http.request(verb, path, json=body, params=query)
        if response.status_code != 200:
            raise A2AError(rest_error(response.json()))
        value: dict[str, Any] = response.json()
        return value

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        verb, path, body = self._route(method, params)
        return [json.loads(e) for e in await sse(self.http, verb, path, body)]


def rest_error(body: dict[str, Any]) -> str:
    for detail in body["error"].get("details", []):
        if detail.get("reason"):
            return str(detail["reason"])
    return {400: "INVALID_PARAMS", 404: "TASK_NOT_FOUND"}.get(body["error"]["code"], "?")


class Lines:
    """NDJSON: stdio and Unix sockets."""

    def __init__(self, lines: LineClient) -> None:
        self.lines = lines

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return result_of(await self.lines.call(method, params))

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        rid = next(_ids)
        await self.lines.send(request(rid, method, params))
        return [result_of(e) for e in await self.lines.stream(rid)]


class RedisStreams:
    """Request entries in, response entries out, matched by correlation_id."""

    def __init__(self, client: StreamClient) -> None:
        self.client = client

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return result_of(await self.client.call(method, params))

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        rid = next(_ids)
        correlation = await self.client.send(rid, method, params)
        return [result_of(e) for e in await self.client.stream(correlation, rid)]


class WebSocket:
    def __init__(self, ws: Any) -> None:
        self.ws = ws

    async def _send(self, method: str, params: dict[str, Any]) -> int:
        rid = next(_ids)
        await self.ws.send_message(request(rid, method, params).decode())
        return rid

    async def _payloads(self, rid: int) -> list[dict[str, Any]]:
        """The payloads of every envelope answering `rid`, up to the one marked final."""
        payloads = []
        with trio.fail_after(15):
            while True:
                envelope = json.loads(await self.ws.get_message())
                assert envelope["id"] == rid
                if envelope["payload"] is not None:  # a stream's last envelope carries none
                    payloads.append(envelope["payload"])
                if envelope["final"]:
                    return payloads

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        (payload,) = await self._payloads(await self._send(method, params))
        return result_of(payload)

    async def stream(self, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        return [result_of(p) for p in await self._payloads(await self._send(method, params))]


async def sse(http: httpx.AsyncClient, verb: str, path: str, body: Any) -> list[str]:
    data = []
    async with http.stream(verb, path, json=body, timeout=15) as response:
        decoder = SSEDecoder()
        async for chunk in response.aiter_bytes():
            data += [e.data for e in decoder.feed(chunk) if isinstance(e, ServerSentEvent)]
    return data


# -- one wire per transport ------------------------------------------------------------------------

TRANSPORTS = ["http-jsonrpc", "http-rest", "stdio", "unix", "websocket", "redis-streams"]


@contextlib.asynccontextmanager
async def open_wire(
    name: str, start_server: Callable[..., Any], state: Path, workspace: Path, redis_url: str
) -> AsyncIterator[Wire]:
    if name in ("http-jsonrpc", "http-rest"):
        server: RunningServer = await start_server()
        async with httpx.AsyncClient(base_url=server.url, timeout=15) as http:
            yield JsonRpcOverHttp(http) if name == "http-jsonrpc" else Rest(http)
    elif name == "unix":
        directory = Path(tempfile.mkdtemp(prefix="iaccode-"))
        try:
            await start_server(transport="unix", socket_path=directory / "a2a.sock")
            stream = await trio.open_unix_socket(str(directory / "a2a.sock"))
            async with stream:
                yield Lines(LineClient(stream, stream))
        finally:
            shutil.rmtree(directory, ignore_errors=True)
    elif name == "websocket":
        server = await start_server(transport="websocket")
        async with open_websocket("127.0.0.1", server.port, "/a2a", use_ssl=False) as ws:
            yield WebSocket(ws)
    elif name == "redis-streams":
        streams = unique_streams(redis_url)
        await start_server(**streams.config())
        client = StreamClient(streams)
        try:
            yield RedisStreams(client)
        finally:
            client.redis.close()
    else:
        async with stdio_server(state, workspace) as lines:
            yield Lines(lines)


@contextlib.asynccontextmanager
async def stdio_server(state: Path, workspace: Path) -> AsyncIterator[LineClient]:
    """`iaccode a2a --transport stdio` as a local agent runs it: a child process on pipes."""
    command = [sys.executable, "-m", "iaccode", "a2a", "--transport", "stdio"]
    command += [
        "--engine",
        "iaccode.testing.engines:ScenarioEngine",
        "--persistence-dir",
        str(state),
    ]
    env = {**os.environ, "IACCODE_A2A_ALLOWED_CWDS": str(workspace)}
    process = await trio.lowlevel.open_process(
        command,
        stdin=-1,
        stdout=-1,
        stderr=-1,
        env=env,  # -1: subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        yield LineClient(process.stdin, process.stdout)
    finally:
        await process.stdin.aclose()
        with trio.fail_after(20):
            assert await process.wait() == 0


@pytest.fixture(params=TRANSPORTS)
async def wire(
    request: pytest.FixtureRequest,
    start_server: Callable[..., Any],
    server_dir: Path,
    workspace: Path,
    redis_server: RedisProcess,
) -> AsyncIterator[Wire]:
    opening = open_wire(request.param, start_server, server_dir, workspace, redis_server.url)
    async with opening as opened:
        yield opened


# -- the scenarios ---------------------------------------------------------------------------------


def state(result: dict[str, Any]) -> str:
    task = result.get("task", result)
    if "statusUpdate" in result:
        task = result["statusUpdate"]
    return str(task["status"]["state"])


def said(task: dict[str, Any]) -> str:
    return "".join(p.get("text", "") for p in task["status"].get("message", {}).get("parts", []))


async def test_send_and_follow_up(wire: Wire, workspace: Path) -> None:
    first = (await wire.call("SendMessage", {"message": message("say hello", workspace)}))["task"]
    assert state(first) == "TASK_STATE_INPUT_REQUIRED" and said(first) == "hello"
    follow = message("say again", workspace, taskId=first["id"])
    second = (await wire.call("SendMessage", {"message": follow}))["task"]
    assert second["id"] == first["id"] and said(second) == "again"
    got = await wire.call("GetTask", {"id": first["id"], "historyLength": 2})
    assert [m["role"] for m in got["history"]] == ["ROLE_USER", "ROLE_AGENT"]


async def test_stream(wire: Wire, workspace: Path) -> None:
    events = await wire.stream("SendStreamingMessage", {"message": message("stream 3", workspace)})
    assert "task" in events[0]
    deltas = [
        said(e["statusUpdate"])
        for e in events[1:]
        if state(e) == "TASK_STATE_WORKING" and "message" in e["statusUpdate"]["status"]
    ]
    assert deltas == ["chunk-1 ", "chunk-2 ", "chunk-3 "]
    assert state(events[-1]) == "TASK_STATE_INPUT_REQUIRED"


async def test_cancel(wire: Wire, workspace: Path) -> None:
    params = {
        "message": message("say started\nwait", workspace),
        "configuration": {"returnImmediately": True},
    }
    task = (await wire.call("SendMessage", params))["task"]
    canceled = await wire.call("CancelTask", {"id": task["id"]})
    assert state(canceled) == "TASK_STATE_CANCELED"
    with pytest.raises(A2AError) as again:
        await wire.call("CancelTask", {"id": task["id"]})
    assert again.value.name == "TASK_NOT_CANCELABLE"


async def test_subscribe(wire: Wire, workspace: Path) -> None:
    params = {
        "message": message("say one\nsleep 0.3\nsay two", workspace),
        "configuration": {"returnImmediately": True},
    }
    task = (await wire.call("SendMessage", params))["task"]
    events = await wire.stream("SubscribeToTask", {"id": task["id"]})
    assert events[0]["task"]["id"] == task["id"]
    assert state(events[-1]) == "TASK_STATE_INPUT_REQUIRED"
    assert said(events[-1]["statusUpdate"]) == "onetwo"


async def test_errors(wire: Wire, workspace: Path) -> None:
    with pytest.raises(A2AError) as missing:
        await wire.call("GetTask", {"id": "no-such-task"})
    assert missing.value.name == "TASK_NOT_FOUND"
    with pytest.raises(A2AError) as invalid:
        await wire.call("SendMessage", {"message": {"role": "ROLE_USER", "parts": []}})
    assert invalid.value.name == "INVALID_PARAMS"
