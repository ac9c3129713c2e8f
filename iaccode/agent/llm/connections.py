"""The model's HTTP connections: each streamed POST answered by a `ModelResponse`.

`connections_for` gives httpcore's connection pool itself (`PooledConnections`) when nothing
asks for more than it does, configured as httpx's own transport configures it (its default
limits, its TLS context with the environment's certificate settings, HTTP/1.1, no retries), and
keeping the cookies the endpoint sets as httpx's client would. That leaves out httpx's client
and transport layers: the request and response models, the auth and redirect steps, the
exception mapping around every chunk: about half of a streamed request's CPU (decisions.md
"The hot path, fifth pass").
httpx's client serves everything else as before (`ClientConnections`): a proxy in the
environment (`HTTP_PROXY`, `HTTPS_PROXY`, `ALL_PROXY`), a base URL with user info (httpx's
basic auth), or a client the caller passed in.

Failures are httpx's exceptions on the client's path and httpcore's, which have the same
names and messages, on the pool's: `TRANSPORT_ERRORS` lists what either raises.
"""

from __future__ import annotations

import urllib.request
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Protocol, cast

import httpcore
import httpx

# What a request or its body may raise besides cancellation: httpx's errors, and httpcore's
# (which have no common base class).
TRANSPORT_ERRORS: tuple[type[Exception], ...] = (
    httpx.HTTPError,
    httpcore.TimeoutException,
    httpcore.NetworkError,
    httpcore.ProtocolError,
    httpcore.ProxyError,
    httpcore.UnsupportedProtocol,
)
_IDENTITY = frozenset({"", "identity"})


class ModelResponse(Protocol):
    """A response whose body is still to be read; `aclose()` it in any case."""

    status_code: int
    headers: httpx.Headers

    def body(self) -> AsyncGenerator[bytes, None]:
        """The body's bytes as they arrive, decoded from any `content-encoding`; close it."""
        ...

    async def aclose(self) -> None: ...


class Connections(Protocol):
    async def post(self, content: bytes, headers: dict[str, str]) -> ModelResponse:
        """Send the POST; the response once its head arrived.

        Raises:
            one of TRANSPORT_ERRORS: the request could not be sent or answered.
        """
        ...

    async def aclose(self) -> None: ...


def connections_for(url: str, timeout: httpx.Timeout) -> Connections:
    """The lightest connections that behave for `url` as httpx's client does."""
    parsed = httpx.URL(url)
    proxied = any(urllib.request.getproxies().get(scheme) for scheme in ("http", "https", "all"))
    if proxied or parsed.userinfo:
        return ClientConnections(url, timeout, httpx.AsyncClient(timeout=timeout), owned=True)
    return PooledConnections(parsed, timeout)


class ClientConnections:
    """The POSTs through an httpx client (closed by `aclose` when `owned`)."""

    def __init__(
        self, url: str, timeout: httpx.Timeout, client: httpx.AsyncClient, *, owned: bool
    ) -> None:
        self._url = url
        self._timeout = timeout
        self._client = client
        self._owned = owned

    async def post(self, content: bytes, headers: dict[str, str]) -> ModelResponse:
        request = self._client.build_request(
            "POST", self._url, content=content, headers=headers, timeout=self._timeout
        )
        return _ClientResponse(await self._client.send(request, stream=True))

    async def aclose(self) -> None:
        if self._owned:
            await self._client.aclose()


class _ClientResponse:
    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.status_code = response.status_code
        self.headers = response.headers

    def body(self) -> AsyncGenerator[bytes, None]:
        # httpx types this as an iterator; it is a generator, and it must be closed.
        return cast("AsyncGenerator[bytes, None]", self._response.aiter_bytes())

    async def aclose(self) -> None:
        await self._response.aclose()


class PooledConnections:
    """The POSTs on httpcore's pool, with what httpx's client adds that an endpoint may see:
    its default headers (`Host`, `Connection: keep-alive`, `Content-Length`) and its cookies."""

    def __init__(self, url: httpx.URL, timeout: httpx.Timeout) -> None:
        limits = httpx.Limits(max_connections=100, max_keepalive_connections=20)  # httpx's
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=httpx.create_ssl_context(),
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
        )
        self._url = url
        self._target = httpcore.URL(str(url))
        self._host = url.netloc.decode("ascii")
        self._extensions = {"timeout": timeout.as_dict()}
        self._cookies = httpx.Cookies()

    async def post(self, content: bytes, headers: dict[str, str]) -> ModelResponse:
        head = {"host": self._host, "connection": "keep-alive", **headers}
        head["content-length"] = str(len(content))
        if self._cookies:
            head["cookie"] = self._cookie_header()
        request = httpcore.Request(
            b"POST",
            self._target,
            headers=[(name.encode("ascii"), value.encode("ascii")) for name, value in head.items()],
            content=content,
            extensions=self._extensions,
        )
        response = await self._pool.handle_async_request(request)
        answer = _PooledResponse(response)
        if "set-cookie" in answer.headers:
            self._keep_cookies(answer)
        return answer

    def _cookie_header(self) -> str:
        probe = httpx.Request("POST", self._url)
        self._cookies.set_cookie_header(probe)
        return str(probe.headers.get("cookie", ""))

    def _keep_cookies(self, answer: _PooledResponse) -> None:
        request = httpx.Request("POST", self._url)
        response = httpx.Response(answer.status_code, headers=answer.headers, request=request)
        self._cookies.extract_cookies(response)

    async def aclose(self) -> None:
        await self._pool.aclose()


class _PooledResponse:
    def __init__(self, response: httpcore.Response) -> None:
        self._response = response
        self.status_code = response.status
        self.headers = httpx.Headers(response.headers)

    def body(self) -> AsyncGenerator[bytes, None]:
        stream = cast("AsyncIterator[bytes]", self._response.stream)
        encoding = self.headers.get("content-encoding", "").strip().lower()
        if encoding in _IDENTITY:
            return _pieces(stream)
        # The endpoint compressed the stream although asked not to: httpx's decoders.
        decoded = httpx.Response(self.status_code, headers=self.headers, stream=_Stream(stream))
        return cast("AsyncGenerator[bytes, None]", decoded.aiter_bytes())

    async def aclose(self) -> None:
        await self._response.aclose()


async def _pieces(stream: AsyncIterator[bytes]) -> AsyncGenerator[bytes, None]:
    async for piece in stream:
        if piece:
            yield piece


class _Stream(httpx.AsyncByteStream):
    def __init__(self, stream: AsyncIterator[bytes]) -> None:
        self._stream = stream

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for piece in self._stream:
            yield piece
