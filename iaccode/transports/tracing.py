"""A SERVER span and a duration per HTTP request, when telemetry is on (`iaccode.telemetry`).

Installed only then (off, the HTTP path has no trace of it). The span is named
`<METHOD> <path>` for the few fixed paths and `<METHOD>` otherwise (a task id in a REST path
would give every request a name of its own); it carries the JSON-RPC method and the task from the
request's note (`iaccode.wire.access`), and continues a caller's W3C `traceparent`. It ends when
the answer is ready: for an event stream when the stream starts; the turn it started goes on as
its child.
"""

from __future__ import annotations

import time

from iaccode import telemetry
from iaccode.transports.metrics import HTTP_METHODS
from iaccode.wire.access import open_note
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, check_head, refusal

_NAMED_PATHS = frozenset({"/", "/health", "/ping", "/metrics", "/.well-known/agent-card.json"})


class TracingApp:
    """`app`, each request a span of `tele` (made current for the request: under an ASGI host the
    request's task is the host's, and the turns it starts must find the telemetry)."""

    def __init__(self, app: object, tele: telemetry.Telemetry) -> None:
        self.app = app
        self._handle = app.handle  # type: ignore[attr-defined]
        self._telemetry = tele

    def refuse(self, status: int, message: str | None = None) -> HttpResponse:
        """The wrapped app's answer to a request the transport refuses."""
        return refusal(self.app, status, message)

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        """The wrapped app's refusal on the head (401)."""
        return check_head(self.app, request)

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        """Pass the request on inside its span.

        Raises:
            Whatever the wrapped app raises (the span marked failed).
        """
        tele = self._telemetry
        telemetry.use(tele)
        note = open_note(request)  # the access log's, when it opened one
        # A made-up method is `_OTHER` (the span's name says HTTP), as OpenTelemetry says: the
        # caller's spelling would otherwise name spans and metric series of its own.
        known = request.method in HTTP_METHODS
        method = request.method if known else "_OTHER"
        path = request.path if request.path in _NAMED_PATHS else None
        shown = method if known else "HTTP"
        name = f"{shown} {path}" if path else shown
        attributes = {"http.request.method": method, "url.path": request.path[:200]}
        if not known:
            attributes["http.request.method_original"] = request.method[:32]
        started = time.perf_counter()
        status = 500
        with tele.request_span(name, dict(request.headers), attributes) as span:
            try:
                response: HttpResponse | EventStreamResponse = await self._handle(request)
                status = response.status if isinstance(response, HttpResponse) else 200
                return response
            finally:
                span.set("http.response.status_code", status)
                if note is not None and note.rpc_method:
                    span.set("rpc.method", note.rpc_method)
                if note is not None and note.task_id:
                    span.set("iac_code.task_id", note.task_id)
                if status >= 500:
                    span.fail(str(status))
                tele.observe(
                    "http.server.request.duration",
                    time.perf_counter() - started,
                    {"http.request.method": method, "http.response.status_code": status},
                )
