"""Request spans (telemetry on): a caller's made-up HTTP method names neither a span nor a
metric series of its own (`_OTHER`, the span `HTTP`, as OpenTelemetry says; /metrics says OTHER)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import trio

from iaccode import telemetry
from iaccode.transports.tracing import TracingApp
from iaccode.wire.http import HttpRequest, HttpResponse


class Recording(telemetry.Telemetry):
    enabled = True

    def __init__(self) -> None:
        self.spans: list[tuple[str, dict[str, Any]]] = []
        self.observed: list[dict[str, Any]] = []

    @contextlib.contextmanager
    def request_span(
        self, name: str, headers: Mapping[str, str], attributes: telemetry.Attributes
    ) -> Iterator[telemetry.Span]:
        self.spans.append((name, dict(attributes)))
        yield telemetry.NULL_SPAN

    def observe(
        self, name: str, value: float, attributes: telemetry.Attributes | None = None
    ) -> None:
        self.observed.append(dict(attributes or {}))


class Answering:
    async def handle(self, request: HttpRequest) -> HttpResponse:
        return HttpResponse(405, (), b"")


def test_an_unknown_method_is_other() -> None:
    tele = Recording()
    app = TracingApp(Answering(), tele)
    for method in ("GET", "BREW1", "BREW2"):
        trio.run(app.handle, HttpRequest(method, "/health", "", ()))
    assert [name for name, _ in tele.spans] == ["GET /health", "HTTP /health", "HTTP /health"]
    assert [a["http.request.method"] for a in tele.observed] == ["GET", "_OTHER", "_OTHER"]
    assert tele.spans[1][1]["http.request.method_original"] == "BREW1"
