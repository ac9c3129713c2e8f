"""`Provider`: streamed chat completions from an OpenAI-compatible endpoint, over HTTP on trio.

One request is `POST {base_url}/chat/completions` with `stream: true` and
`stream_options.include_usage` (iac-code-reference §4). The response body goes through
`ChunkDecoder` and `StreamAccumulator`; each event is awaited in `on_event` before the next chunk
is read, so a slow consumer slows the read rather than growing a buffer.

Retries. A rate limit, a 5xx, a connect error or a timeout is retried with exponential backoff
and jitter (or the server's `Retry-After`, capped), but only while no event has reached
`on_event`: once the caller has shown part of an answer, a second answer cannot be spliced onto
it, so the failure surfaces as `interrupted` and the agent loop decides. Auth and request errors
are never retried. Sleeping is `trio.sleep`, so tests run the backoff on a `MockClock`.

The connections are httpcore's pool, or httpx's client where a proxy or the caller asks for it
(`connections`). Timeouts are httpx's settings, which run on trio's clock: `connect_timeout` to
connect, `read_timeout` for each read of the socket, which is the time between chunks (a
keep-alive comment counts as life).

Cancellation. The caller's cancellation (a `CancelTask`) reaches us at the socket read or inside
`on_event` and propagates unchanged; on the way out the response is closed under a shielded,
bounded scope, which closes the connection, so the server stops generating promptly. After
`[DONE]` the rest of the body is drained briefly so the connection can be reused.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any, Final

import attrs
import httpcore
import httpx
import trio

from iaccode import __version__
from iaccode.agent.llm.accumulator import ChunkDecoder, Done, StreamAccumulator
from iaccode.agent.llm.connections import (
    TRANSPORT_ERRORS,
    ClientConnections,
    Connections,
    ModelResponse,
    connections_for,
)
from iaccode.agent.llm.errors import ErrorKind, ProviderError, error_for_status, redact
from iaccode.agent.llm.events import Completion, StreamEvent
from iaccode.wire.json import dumps

log = logging.getLogger("iaccode.llm")

DASHSCOPE_BASE_URL: Final = "https://dashscope.aliyuncs.com/compatible-mode/v1"

# The body keys the client itself depends on; `extra_body` may not change them.
RESERVED_BODY_KEYS: Final = frozenset({"model", "messages", "stream", "stream_options", "tools"})

_MAX_ERROR_BODY = 64 * 1024  # enough for any error message; an HTML error page gets truncated
_DRAIN_SECONDS = 1.0  # after [DONE]: wait this long for the body's end, to keep the connection
_CLOSE_SECONDS = 5.0  # closing is local, so this bound is never reached in practice


def _check_base_url(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    try:
        url = httpx.URL(value)
    except httpx.InvalidURL:
        url = None
    if url is None or url.scheme not in ("http", "https") or not url.host:
        # The URL itself stays out of the message: it may name an internal gateway.
        raise ValueError("base_url must be an absolute http:// or https:// URL")


def _check_extra_body(
    instance: object, attribute: attrs.Attribute[Mapping[str, Any]], value: Mapping[str, Any]
) -> None:
    clash = RESERVED_BODY_KEYS.intersection(value)
    if clash:
        raise ValueError(f"extra_body must not set {', '.join(sorted(clash))}")


def _positive(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be positive, not {value!r}")


def _not_negative(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if not value >= 0:
        raise ValueError(f"{attribute.name} must not be negative, not {value!r}")


@attrs.frozen(kw_only=True)
class ProviderSettings:
    """Where and how to reach the model. Times are in seconds.

    `extra_body` goes at the top level of every request body: DashScope's `enable_thinking` and
    `thinking_budget`, `temperature`, `parallel_tool_calls`... It may not set the keys the client
    owns (`RESERVED_BODY_KEYS`). `api_key` is left out of `repr`.
    """

    base_url: str = attrs.field(default=DASHSCOPE_BASE_URL, validator=_check_base_url)
    api_key: str | None = attrs.field(default=None, repr=False)
    model: str
    connect_timeout: float = attrs.field(default=10.0, validator=_positive)
    read_timeout: float = attrs.field(default=120.0, validator=_positive)
    max_retries: int = attrs.field(default=3, validator=_not_negative)
    backoff_base: float = attrs.field(default=1.0, validator=_not_negative)
    backoff_cap: float = attrs.field(default=30.0, validator=_not_negative)
    extra_body: Mapping[str, Any] = attrs.field(factory=dict, validator=_check_extra_body)


@attrs.frozen
class ChatRequest:
    """One model call: OpenAI-form `messages` and `tools`.

    `model` and `api_key` override the settings for this call (a per-turn key from the caller);
    the key is left out of `repr` and never logged. `extra` adds body keys for this call.
    """

    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]] = attrs.field(factory=list)
    model: str | None = None
    api_key: str | None = attrs.field(default=None, repr=False)
    # Body keys for this call only (thinking parameters), over `extra_body`; not the reserved.
    extra: Mapping[str, Any] = attrs.field(factory=dict, validator=_check_extra_body)


def _outgoing(message: dict[str, Any]) -> dict[str, Any]:
    # DashScope rejects `content: null` on an assistant message that carries tool calls or only
    # reasoning (iac-code-reference §4); "" is accepted everywhere.
    if message.get("role") == "assistant" and message.get("content") is None:
        return {**message, "content": ""}
    return message


def _transport_error(exc: Exception, *, started: bool, read_timeout: float) -> ProviderError:
    """The error for one of `TRANSPORT_ERRORS` (httpx's or httpcore's, of the same names);
    `started` says whether events already went out."""
    detail = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, (httpx.UnsupportedProtocol, httpcore.UnsupportedProtocol)):
        return ProviderError("bad_request", detail=detail)
    if not isinstance(exc, httpx.HTTPError) or isinstance(exc, httpx.TransportError):
        if isinstance(exc, (httpx.ReadTimeout, httpcore.ReadTimeout)):
            detail = f"no data from the provider for {read_timeout:g} s"
        kind: ErrorKind = "interrupted" if started else "unavailable"
        return ProviderError(kind, detail=detail)
    return ProviderError("protocol", detail=detail)  # undecodable body, redirects


class Provider:
    """A chat-completions client for one endpoint; see the module docstring.

    Use it as an async context manager, or call `aclose()` when done. An httpx client passed
    in is the caller's to close; the connections made here (lazily, on the first request, see
    `connections`) are closed by `aclose()`. One provider serves concurrent requests (the
    connections are pooled). `rng` draws the backoff jitter; pass a seeded one for
    reproducible delays.
    """

    def __init__(
        self,
        settings: ProviderSettings,
        *,
        client: httpx.AsyncClient | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.settings = settings
        self._closed = False
        self._rng = rng or random.Random()
        self._url = settings.base_url.rstrip("/") + "/chat/completions"
        self._timeout = httpx.Timeout(
            connect=settings.connect_timeout,
            read=settings.read_timeout,
            write=settings.read_timeout,
            pool=settings.connect_timeout,
        )
        self._connections: Connections | None = None
        if client is not None:
            self._connections = ClientConnections(self._url, self._timeout, client, owned=False)
        self._connections_lock = threading.Lock()
        # The same on every request: built once.
        self._headers = {
            "user-agent": f"iaccode/{__version__}",
            "content-type": "application/json",
            "accept": "text/event-stream",
            # Compression holds back small chunks in buffers; an event stream wants them now.
            "accept-encoding": "identity",
        }

    async def __aenter__(self) -> Provider:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections (not a client passed in); later requests raise RuntimeError."""
        self._closed = True
        if self._connections is not None:
            connections, self._connections = self._connections, None
            await connections.aclose()

    async def complete(
        self, request: ChatRequest, on_event: Callable[[StreamEvent], Awaitable[None]]
    ) -> Completion:
        """Stream one completion, awaiting `on_event` for each event in order; return the whole.

        Raises:
            ProviderError: the request failed (after any retries); see `errors`.
            Exception: whatever `on_event` raises, unchanged (the response is closed first).
        """
        key = request.api_key or self.settings.api_key
        body = self._body(request)
        emitted = False

        async def emit(event: StreamEvent) -> None:
            nonlocal emitted
            emitted = True
            await on_event(event)

        attempt = 0
        while True:
            try:
                return await self._attempt(body, key, emit)
            except ProviderError as exc:
                exc.detail = redact(exc.detail, key)
                if emitted or not exc.retryable or attempt >= self.settings.max_retries:
                    raise
                delay = self._backoff(attempt, exc.retry_after)
                log.warning(
                    "model request failed (%s, attempt %d of %d), retrying in %.2f s: %s",
                    exc.kind,
                    attempt + 1,
                    self.settings.max_retries + 1,
                    delay,
                    exc.detail,
                )
            await trio.sleep(delay)
            attempt += 1

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        cap = self.settings.backoff_cap
        if retry_after is not None:
            return min(retry_after, cap)
        ceiling = min(cap, self.settings.backoff_base * 2.0 ** min(attempt, 32))
        # "Equal jitter": at least half the step, so retries spread out but never bunch at zero.
        return ceiling * (0.5 + 0.5 * self._rng.random())

    def _body(self, request: ChatRequest) -> bytes:
        body: dict[str, Any] = {
            "model": request.model or self.settings.model,
            "messages": [_outgoing(message) for message in request.messages],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if request.tools:
            body["tools"] = request.tools
        body.update(self.settings.extra_body)
        body.update(request.extra)
        return dumps(body)

    def _get_connections(self) -> Connections:
        if self._closed:
            raise RuntimeError("this Provider is closed")
        with self._connections_lock:  # `warm_up` may be making them in a worker thread
            if self._connections is None:
                self._connections = connections_for(self._url, self._timeout)
            return self._connections

    def warm_up(self) -> None:
        """Make the connections' pool now (from a worker thread), not in the first turn:
        building its TLS context takes tens of milliseconds."""
        if not self._closed:
            self._get_connections()

    async def _attempt(
        self, body: bytes, key: str | None, emit: Callable[[StreamEvent], Awaitable[None]]
    ) -> Completion:
        connections = self._get_connections()
        headers = self._headers
        if key:
            headers = {**headers, "authorization": f"Bearer {key}"}
        try:
            response = await connections.post(body, headers)
        except TRANSPORT_ERRORS as exc:
            raise _transport_error(
                exc, started=False, read_timeout=self.settings.read_timeout
            ) from exc
        try:
            return await self._read(response, key, emit)
        finally:
            with trio.move_on_after(_CLOSE_SECONDS, shield=True):
                await response.aclose()

    async def _read(
        self,
        response: ModelResponse,
        key: str | None,
        emit: Callable[[StreamEvent], Awaitable[None]],
    ) -> Completion:
        if not 200 <= response.status_code < 300:
            raise error_for_status(
                response.status_code, await _error_body(response), response.headers, key
            )
        content_type = response.headers.get("content-type", "")
        if not content_type.lower().startswith("text/event-stream"):
            text = (await _error_body(response))[:500].decode("utf-8", "replace")
            raise ProviderError(
                "protocol",
                detail=redact(f"content type {content_type!r}, not an event stream: {text}", key),
            )
        decoder = ChunkDecoder()
        accumulator = StreamAccumulator()
        async with contextlib.aclosing(response.body()) as body:
            done = False
            while not done:
                try:
                    data = await anext(body)
                except StopAsyncIteration:
                    break
                except TRANSPORT_ERRORS as exc:
                    if accumulator.finish_reason is not None:
                        break  # only usage (and [DONE]) missing: the answer is whole
                    raise _transport_error(
                        exc, started=accumulator.emitted, read_timeout=self.settings.read_timeout
                    ) from exc
                for chunk in decoder.feed(data):
                    if isinstance(chunk, Done):
                        done = True
                        break
                    for event in accumulator.feed(chunk):
                        await emit(event)
            if done:
                await _drain(body)
            elif accumulator.finish_reason is None:
                raise ProviderError(
                    "interrupted", detail="the stream ended before a finish_reason or [DONE]"
                )
        for event in accumulator.flush():
            await emit(event)
        return accumulator.finish()


async def _drain(body: AsyncIterator[bytes]) -> None:
    """Read what follows `[DONE]` (normally just the end of the body), briefly, ignoring it."""
    with trio.move_on_after(_DRAIN_SECONDS):
        with contextlib.suppress(*TRANSPORT_ERRORS):
            async for _ in body:
                pass


async def _error_body(response: ModelResponse) -> bytes:
    """Up to `_MAX_ERROR_BODY` bytes of an error answer; a broken body is cut short, not raised."""
    data = bytearray()
    with contextlib.suppress(*TRANSPORT_ERRORS):
        async with contextlib.aclosing(response.body()) as body:
            async for piece in body:
                data += piece
                if len(data) >= _MAX_ERROR_BODY:
                    break
    return bytes(data[:_MAX_ERROR_BODY])


__all__ = [
    "DASHSCOPE_BASE_URL",
    "RESERVED_BODY_KEYS",
    "ChatRequest",
    "Provider",
    "ProviderSettings",
]
