"""HTTP values between the socket loop and the protocol apps, and the framing we do by hand.

The socket loop (`iaccode.transports.http`) parses a request (a plain head with
`wire.http_head`, anything else with h11) and hands an app an `HttpRequest`; the app answers with
an `HttpResponse` or an `EventStreamResponse`. Keeping the parsers out of the apps is what let the
faster one in, in one place (style-and-performance.md C.6).

SSE bodies are sent with chunked transfer coding framed here rather than through h11's `Data`
events: h11's chunked writer keeps no count of what was written, so this is safe, and it lets the
loop send many events in one `send_all` (RFC 9112 §7.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from http import HTTPStatus
from typing import Any, Protocol
from urllib.parse import parse_qsl

import attrs

from iaccode.wire import json

Headers = Sequence[tuple[str, str]]

# Every status's reason phrase (RFC 9110 §15), so that no status line ends in a bare space;
# 413 under its RFC 9110 name.
REASONS = {**{status.value: status.phrase for status in HTTPStatus}, 413: "Content Too Large"}


@attrs.frozen
class HttpRequest:
    method: str
    path: str
    query: str
    headers: tuple[tuple[str, str], ...]  # names lowercased, in arrival order
    body: bytes = b""
    # Where the host says the app is served (ASGI: scheme://host + root_path + "/"); None when
    # the server itself is the front, whose configured URL applies.
    base_url: str | None = None

    def header(self, name: str) -> str | None:
        """The first value of a header (name in lowercase), or None."""
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def header_values(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key == name]

    def query_param(self, name: str) -> str | None:
        for key, value in parse_qsl(self.query, keep_blank_values=True):
            if key == name:
                return value
        return None

    @property
    def media_type(self) -> str:
        """The Content-Type without parameters, lowercased ('' when absent)."""
        value = self.header("content-type") or ""
        return value.split(";", 1)[0].strip().lower()


@attrs.frozen
class HttpResponse:
    status: int
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""


class EventSource(Protocol):
    """Encoded events for an SSE body; the transport frames each one as `data:`."""

    async def receive(self) -> bytes:
        """The next payload; raises the transport's end-of-stream error when done."""
        ...

    def receive_nowait(self) -> bytes: ...

    def aclose(self) -> None: ...


@attrs.frozen
class EventStreamResponse:
    """A `text/event-stream` response fed by `source` until it ends.

    A source with an `async run()` method produces its events itself: the transport runs it in
    the response's nursery, beside the writer, so a client that goes away cancels it.
    """

    source: EventSource
    headers: tuple[tuple[str, str], ...] = ()
    heartbeat_comment: str = "ping"  # the SSE comment sent after heartbeat-seconds of silence


def json_response(status: int, value: Any, headers: Headers = ()) -> HttpResponse:
    body = value if isinstance(value, bytes) else json.dumps(value)
    return HttpResponse(status, (("content-type", "application/json"), *headers), body)


def error_response(status: int, message: str | None = None, headers: Headers = ()) -> HttpResponse:
    """A small JSON error for HTTP-level failures (`{"error": "..."}`)."""
    return json_response(status, {"error": message or REASONS.get(status, "Error")}, headers)


def refusal(app: object, status: int, message: str | None = None) -> HttpResponse:
    """A request the transport refuses (too large, malformed, too slow), answered in the app's own
    error shape when it has one (`app.refuse(status, message)`), else `error_response`."""
    refuse = getattr(app, "refuse", None)
    if refuse is not None:
        response: HttpResponse = refuse(status, message)
        return response
    return error_response(status, message)


def check_head(app: object, request: HttpRequest) -> HttpResponse | None:
    """The app's refusal of a request on its head alone (`app.check_head(request)`, e.g. 401
    before any body budget is reserved), or None: read the body and handle it."""
    check = getattr(app, "check_head", None)
    if check is None:
        return None
    denied: HttpResponse | None = check(request)
    return denied


def busy_response(message: str, retry_after: int = 1) -> HttpResponse:
    """503 with `Retry-After`: the server is full; the request may be sent again shortly."""
    return error_response(503, message, (("retry-after", str(retry_after)),))


def encode_response(response: HttpResponse) -> bytes:
    """A whole HTTP/1.1 response that closes the connection, for writing without a parser
    (refusing a connection the server has no room to read from)."""
    head = [f"HTTP/1.1 {response.status} {REASONS.get(response.status, '')}"]
    head += [f"{name}: {value}" for name, value in response.headers]
    head += [f"content-length: {len(response.body)}", "connection: close", "", ""]
    return "\r\n".join(head).encode("latin-1") + response.body


def frame_chunk(data: bytes) -> bytes:
    """One chunk of a chunked body (RFC 9112 §7.1); `data` must not be empty."""
    return b"%x\r\n%b\r\n" % (len(data), data)
