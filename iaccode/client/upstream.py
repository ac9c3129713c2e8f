"""The AG-UI adapter's upstream when it is a running A2A server (`iaccode agui --a2a-url`).

JSON-RPC over HTTP with SSE streams, A2A 1.0 names and `A2A-Version: 1.0`, through one pooled
httpx client. A server that cannot be reached (or answers with something that is not JSON-RPC)
is an `UpstreamError` without a code, which the adapter reports as A2A_UNAVAILABLE.
"""

from __future__ import annotations

import collections
import itertools
from collections.abc import AsyncIterator
from typing import Any

import httpx
import trio

from iaccode.agui.upstream import UpstreamError, request_body, result_of
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder

_HEADERS = {"Content-Type": "application/json", "A2A-Version": "1.0"}


class HttpUpstream:
    """`timeout` bounds connecting and each read of a unary call (the adapter's calls return at
    once: CancelTask, SendMessage with returnImmediately); `stream_idle` bounds the silence of
    a stream. A server heartbeats a quiet stream (iaccode every `heartbeat-seconds`, 15 s by
    default), and each heartbeat is a read, so only a dead server or link stays silent that
    long: the stream then ends with "The A2A stream broke." instead of hanging forever."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        timeout: float = 30.0,
        stream_idle: float = 120.0,
    ) -> None:
        headers = dict(_HEADERS)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self._http = httpx.AsyncClient(
            headers=headers, timeout=httpx.Timeout(timeout), trust_env=False
        )
        self._stream_timeout = httpx.Timeout(timeout, read=stream_idle)
        self._url = url
        self._ids = itertools.count(1)

    async def call(self, method: str, params: dict[str, Any]) -> Any:
        body = request_body(next(self._ids), method, params)
        try:
            response = await self._http.post(self._url, content=body)
            return result_of(json.loads(response.content))
        except (httpx.HTTPError, ValueError):
            raise UpstreamError(None, "The A2A server cannot be reached.") from None

    async def open_stream(self, method: str, params: dict[str, Any]) -> _HttpStream:
        body = request_body(next(self._ids), method, params)
        headers = {"Accept": "text/event-stream"}
        request = self._http.build_request(
            "POST", self._url, content=body, headers=headers, timeout=self._stream_timeout
        )
        try:
            response = await self._http.send(request, stream=True)
        except httpx.HTTPError:
            raise UpstreamError(None, "The A2A server cannot be reached.") from None
        if not response.headers.get("content-type", "").startswith("text/event-stream"):
            try:
                content = await response.aread()
                result_of(json.loads(content))  # raises the JSON-RPC error it holds
            except (httpx.HTTPError, ValueError):
                raise UpstreamError(None, "The A2A server answered without a stream.") from None
            finally:
                await response.aclose()
            raise UpstreamError(-32603, f"{method} did not answer with a stream")
        return _HttpStream(response)

    async def aclose(self) -> None:
        await self._http.aclose()


class _HttpStream:
    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self._chunks: AsyncIterator[bytes] = response.aiter_bytes()
        self._decoder = SSEDecoder()
        self._ready: collections.deque[bytes] = collections.deque()

    async def receive(self) -> dict[str, Any]:
        while not self._ready:
            try:
                chunk = await anext(self._chunks)
            except StopAsyncIteration:
                raise trio.EndOfChannel from None
            except httpx.HTTPError:
                raise UpstreamError(None, "The A2A stream broke.") from None
            for item in self._decoder.feed(chunk):
                if isinstance(item, ServerSentEvent):
                    self._ready.append(item.data.encode("utf-8"))
        try:
            result = result_of(json.loads(self._ready.popleft()))
        except ValueError:
            raise UpstreamError(
                None, "The A2A stream carried something that is not JSON."
            ) from None
        if not isinstance(result, dict):
            raise UpstreamError(-32603, "A stream event is not a JSON object.")
        return result

    async def aclose(self) -> None:
        await self._response.aclose()
