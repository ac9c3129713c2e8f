"""Prometheus metrics of the HTTP servers, opt-in (`metrics: true`): `GET /metrics`.

    iaccode_info{version="..."}                         1
    iaccode_http_requests_total{method, status}         requests answered
    iaccode_http_request_duration_seconds{le}           time until the answer was ready (a
                                                        stream: until it started), a histogram

Counted in memory, rendered on a scrape in the text exposition format 0.0.4; nothing is sent
anywhere, so an absent collector costs nothing. `/metrics` needs no credentials, like `/health`:
it shows counts only, never a task, a path parameter or a principal.
"""

from __future__ import annotations

import bisect
import time

from iaccode import __version__
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, refusal

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
METRICS_PATH = "/metrics"
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """The counters: requests by method and status, and a histogram of their durations."""

    def __init__(self) -> None:
        self.requests: dict[tuple[str, int], int] = {}
        self._buckets = [0] * len(BUCKETS)  # per bucket, not cumulative (summed on render)
        self._sum = 0.0
        self._count = 0

    def observe(self, method: str, status: int, seconds: float) -> None:
        key = (method if method in HTTP_METHODS else "OTHER", status)
        self.requests[key] = self.requests.get(key, 0) + 1
        index = bisect.bisect_left(BUCKETS, seconds)
        if index < len(BUCKETS):
            self._buckets[index] += 1
        self._sum += seconds
        self._count += 1

    def render(self) -> bytes:
        lines = [
            "# HELP iaccode_info The iaccode version serving.",
            "# TYPE iaccode_info gauge",
            f'iaccode_info{{version="{__version__}"}} 1',
            "# HELP iaccode_http_requests_total HTTP requests answered.",
            "# TYPE iaccode_http_requests_total counter",
        ]
        for (method, status), count in sorted(self.requests.items()):
            lines.append(
                f'iaccode_http_requests_total{{method="{method}",status="{status}"}} {count}'
            )
        name = "iaccode_http_request_duration_seconds"
        lines += [
            f"# HELP {name} Time until the answer (or an event stream) started.",
            f"# TYPE {name} histogram",
        ]
        total = 0
        for bound, count in zip(BUCKETS, self._buckets, strict=True):
            total += count
            lines.append(f'{name}_bucket{{le="{bound}"}} {total}')
        lines += [
            f'{name}_bucket{{le="+Inf"}} {self._count}',
            f"{name}_sum {self._sum:.6f}",
            f"{name}_count {self._count}",
        ]
        return ("\n".join(lines) + "\n").encode()


class MetricsApp:
    """`app` with its requests counted and `/metrics` served."""

    def __init__(self, app: object) -> None:
        self.app = app
        self._handle = app.handle  # type: ignore[attr-defined]
        self.metrics = Metrics()

    def refuse(self, status: int, message: str | None = None) -> HttpResponse:
        """The wrapped app's answer to a request the transport refuses."""
        return refusal(self.app, status, message)

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        """Serve a scrape, or pass the request on and count it.

        Raises:
            Whatever the wrapped app raises (counted as a 500 first).
        """
        if request.path == METRICS_PATH and request.method in ("GET", "HEAD"):
            return HttpResponse(200, (("content-type", CONTENT_TYPE),), self.metrics.render())
        started = time.perf_counter()
        status = 500
        try:
            response: HttpResponse | EventStreamResponse = await self._handle(request)
            status = response.status if isinstance(response, HttpResponse) else 200
            return response
        finally:
            self.metrics.observe(request.method, status, time.perf_counter() - started)
