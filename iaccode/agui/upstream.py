"""The A2A side of the adapter: JSON-RPC calls and event streams, A2A 1.0 JSON in and out.

The adapter speaks A2A to its upstream exactly as any client would, so the same code drives the
core in this process (`InProcessUpstream`, the default: no socket, no second process) or a running
A2A server given by URL (`iaccode.client.upstream.HttpUpstream`).
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol

import trio

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta, StreamReply
from iaccode.wire import json

TASK_NOT_FOUND = -32001
NOT_CANCELABLE = -32002
UNSUPPORTED_OPERATION = -32004
INVALID_PARAMS = -32602


class UpstreamError(Exception):
    """The upstream refused (a JSON-RPC error) or could not be reached (`code` None)."""

    def __init__(self, code: int | None, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    @property
    def unreachable(self) -> bool:
        return self.code is None

    @property
    def busy(self) -> bool:
        """The upstream shed load (a limit such as max-concurrent-turns was reached)."""
        details = self.data if isinstance(self.data, list) else [self.data]
        return any(isinstance(d, dict) and d.get("reason") == "RESOURCE_EXHAUSTED" for d in details)


class UpstreamStream(Protocol):
    async def receive(self) -> dict[str, Any]:
        """The next stream result; `trio.EndOfChannel` at the end, `UpstreamError` on error."""
        ...

    async def aclose(self) -> None: ...


class Upstream(Protocol):
    async def call(self, method: str, params: dict[str, Any]) -> Any: ...

    async def open_stream(self, method: str, params: dict[str, Any]) -> UpstreamStream:
        """Start a streaming call; errors before the stream starts raise `UpstreamError`."""
        ...

    async def aclose(self) -> None: ...


def request_body(request_id: int, method: str, params: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})


def result_of(response: Any) -> Any:
    """The result of one JSON-RPC response, or its error raised."""
    if not isinstance(response, dict):
        raise UpstreamError(-32603, "The A2A response is not a JSON object.")
    error = response.get("error")
    if isinstance(error, dict):
        code = error.get("code")
        raise UpstreamError(
            code if isinstance(code, int) else -32603,
            str(error.get("message", "")),
            error.get("data"),
        )
    return response.get("result")


class InProcessUpstream:
    """The A2A core of this process, through its dispatcher (one method table for everyone)."""

    def __init__(self, dispatcher: Dispatcher, *, owner: str = "") -> None:
        self._dispatcher = dispatcher
        self._meta = RequestMeta(version="1.0", owner=owner)
        self._ids = itertools.count(1)

    async def call(self, method: str, params: dict[str, Any]) -> Any:
        reply = await self._dispatcher.dispatch(
            request_body(next(self._ids), method, params), self._meta
        )
        if not isinstance(reply, JsonReply):
            if isinstance(reply, StreamReply):
                reply.aclose()
            raise UpstreamError(-32603, f"{method} did not answer with one response")
        return result_of(json.loads(reply.body))

    async def open_stream(self, method: str, params: dict[str, Any]) -> UpstreamStream:
        reply = await self._dispatcher.dispatch(
            request_body(next(self._ids), method, params), self._meta
        )
        if isinstance(reply, StreamReply):
            return _LocalStream(reply)
        if isinstance(reply, JsonReply):
            result_of(json.loads(reply.body))  # raises the error it holds
        raise UpstreamError(-32603, f"{method} did not answer with a stream")

    async def aclose(self) -> None:
        pass


class _LocalStream:
    def __init__(self, reply: StreamReply) -> None:
        self._reply = reply

    async def receive(self) -> dict[str, Any]:
        result = result_of(json.loads(await self._reply.receive()))
        if not isinstance(result, dict):
            raise UpstreamError(-32603, "A stream event is not a JSON object.")
        return result

    async def aclose(self) -> None:
        self._reply.aclose()
        await trio.lowlevel.checkpoint()
