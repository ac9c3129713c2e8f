"""The A2A side of the adapter: A2A 1.0 calls and event streams, ProtoJSON values in and out.

The adapter speaks A2A to its upstream as any client would, so the same code drives the core in
this process (`InProcessUpstream`, the default: the call layer itself, no socket, no second
process, no JSON-RPC bytes) or a running A2A server given by URL
(`iaccode.client.upstream.HttpUpstream`, JSON-RPC over HTTP).
"""

from __future__ import annotations

from typing import Any, Protocol

import trio

from iaccode.a2a import protojson
from iaccode.a2a.calls import OPERATIONS, CallLayer, CallMeta, Operation
from iaccode.model import codec
from iaccode.model.errors import A2AError, error_object
from iaccode.tasks.broker import SubscriberOverflow, Subscription
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
    """The A2A core of this process, through the call layer every binding uses: params are
    decoded once into model objects and results handed back as ProtoJSON values, with no
    JSON-RPC bytes made or parsed on the way."""

    def __init__(self, calls: CallLayer, *, owner: str = "") -> None:
        self._calls = calls
        self._meta = CallMeta(version="1.0", owner=owner)

    async def call(self, method: str, params: dict[str, Any]) -> Any:
        """The JSON result of the unary A2A 1.0 `method`.

        Raises:
            UpstreamError: the call was refused (the JSON-RPC code and ErrorInfo of the error).
        """
        op = OPERATIONS.get(method)
        if op is None or op.streaming:
            raise UpstreamError(-32601, f"{method} is not a unary A2A method")
        result = await self._run(op, params)
        if method == "GetExtendedAgentCard":
            return self._calls.extended_card(result)
        return protojson.result(method, result)

    async def open_stream(self, method: str, params: dict[str, Any]) -> UpstreamStream:
        """Start the streaming A2A 1.0 `method`; its events come as StreamResponse values.

        Raises:
            UpstreamError: the call was refused before the stream started.
        """
        op = OPERATIONS.get(method)
        if op is None or not op.streaming:
            raise UpstreamError(-32601, f"{method} is not a streaming A2A method")
        subscription: Subscription = await self._run(op, params)
        return _LocalStream(subscription)

    async def _run(self, op: Operation, params: dict[str, Any]) -> Any:
        calls = self._calls
        try:
            calls.check(self._meta)
            return await calls.invoke(op, codec.structure(params, op.params), self._meta)
        except A2AError as exc:
            error = error_object(exc, legacy=False)
            raise UpstreamError(error["code"], error["message"], error.get("data")) from None

    async def aclose(self) -> None:
        pass


class _LocalStream:
    def __init__(self, subscription: Subscription) -> None:
        self._subscription = subscription

    async def receive(self) -> dict[str, Any]:
        event = await self._subscription.receive()  # trio.EndOfChannel at the end
        if isinstance(event, SubscriberOverflow):
            raise UpstreamError(
                -32603,
                "The stream fell too far behind and was closed; use SubscribeToTask to resume.",
            )
        return protojson.stream_response(event)

    async def aclose(self) -> None:
        self._subscription.close()
        await trio.lowlevel.checkpoint()
