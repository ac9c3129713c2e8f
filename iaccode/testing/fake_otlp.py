"""A fake OpenTelemetry collector: OTLP/HTTP on 127.0.0.1, decoding what exporters send.

`POST /v1/traces` and `POST /v1/metrics` bodies are decoded with the official protobuf classes
(`opentelemetry-proto`, part of the `otel` extra) as `ExportTraceServiceRequest` and
`ExportMetricsServiceRequest`, flattened into `spans` and `points`, and answered with the empty
protobuf response a collector sends. A real HTTP server (stdlib, its own thread), so that the
exporter under test goes through sockets, framing and its own retries as in production.

    with FakeCollector() as collector:
        ...  # otel-endpoint: collector.url
        turn = await collector.wait_for_span("iaccode.turn")

`dead_endpoints()` gives the two ways a collector can be unreachable: a closed port (refused at
once) and a port that accepts connections and never answers (the exporter's timeout runs out).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import attrs
import trio
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
    ExportMetricsServiceResponse,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

_MAX_BODY = 64 * 1024 * 1024


@attrs.frozen
class ReceivedSpan:
    name: str
    trace_id: str
    span_id: str
    parent_span_id: str  # "" for a root span
    kind: int  # opentelemetry.proto.trace.v1.Span.SpanKind
    attributes: dict[str, Any]
    status_code: int  # 0 unset, 1 ok, 2 error
    service_name: str | None


@attrs.frozen
class ReceivedPoint:
    """One data point of a sum (counter) or histogram metric."""

    metric: str
    attributes: dict[str, Any]
    value: float  # a sum's value, a histogram's count


def _value(value: AnyValue) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(v) for v in value.array_value.values]
    return getattr(value, kind) if kind else None


def _attributes(pairs: Any) -> dict[str, Any]:
    return {pair.key: _value(pair.value) for pair in pairs if isinstance(pair, KeyValue)}


class FakeCollector:
    """Collects spans and metric points over OTLP/HTTP (protobuf) until closed."""

    def __init__(self) -> None:
        self.spans: list[ReceivedSpan] = []
        self.points: list[ReceivedPoint] = []
        self.requests = 0
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> FakeCollector:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def named(self, name: str) -> list[ReceivedSpan]:
        with self._lock:
            return [span for span in self.spans if span.name == name]

    def metric(self, name: str) -> list[ReceivedPoint]:
        with self._lock:
            return [point for point in self.points if point.metric == name]

    async def wait_for_span(self, name: str) -> ReceivedSpan:
        """The first span called `name`, once it arrived (bound it with `trio.fail_after`)."""
        # Polled: the spans arrive on the HTTP server's thread, which has no trio token.
        while not self.named(name):  # noqa: ASYNC110
            await trio.sleep(0.05)
        return self.named(name)[0]

    async def wait_for_metric(self, name: str) -> list[ReceivedPoint]:
        """The points of metric `name` received so far, once there is one (bound it with
        `trio.fail_after`)."""
        while not self.metric(name):  # noqa: ASYNC110 (as above)
            await trio.sleep(0.05)
        return self.metric(name)

    def _record_traces(self, body: bytes) -> bytes:
        request = ExportTraceServiceRequest.FromString(body)
        received = []
        for resource_spans in request.resource_spans:
            service = _attributes(resource_spans.resource.attributes).get("service.name")
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    received.append(
                        ReceivedSpan(
                            name=span.name,
                            trace_id=span.trace_id.hex(),
                            span_id=span.span_id.hex(),
                            parent_span_id=span.parent_span_id.hex(),
                            kind=span.kind,
                            attributes=_attributes(span.attributes),
                            status_code=span.status.code,
                            service_name=service,
                        )
                    )
        with self._lock:
            self.spans += received
        answer: bytes = ExportTraceServiceResponse().SerializeToString()
        return answer

    def _record_metrics(self, body: bytes) -> bytes:
        request = ExportMetricsServiceRequest.FromString(body)
        received = []
        for resource_metrics in request.resource_metrics:
            for scope_metrics in resource_metrics.scope_metrics:
                for metric in scope_metrics.metrics:
                    kind = metric.WhichOneof("data")
                    if kind == "sum":
                        for point in metric.sum.data_points:
                            value = point.as_int if point.HasField("as_int") else point.as_double
                            received.append(
                                ReceivedPoint(metric.name, _attributes(point.attributes), value)
                            )
                    elif kind == "histogram":
                        for point in metric.histogram.data_points:
                            attributes = _attributes(point.attributes)
                            received.append(ReceivedPoint(metric.name, attributes, point.count))
        with self._lock:
            self.points += received
        answer: bytes = ExportMetricsServiceResponse().SerializeToString()
        return answer

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        collector = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                size = int(self.headers.get("content-length") or 0)
                if size > _MAX_BODY:
                    self.send_error(413)
                    return
                body = self.rfile.read(size)
                record = {
                    "/v1/traces": collector._record_traces,
                    "/v1/metrics": collector._record_metrics,
                }.get(self.path)
                if record is None:
                    self.send_error(404)
                    return
                try:
                    answer = record(body)
                except Exception:  # not protobuf of the expected message
                    self.send_error(400)
                    return
                with collector._lock:
                    collector.requests += 1
                self.send_response(200)
                self.send_header("content-type", "application/x-protobuf")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # quiet: the tests read what was received, not a log

        return Handler


@contextlib.contextmanager
def dead_endpoints() -> Iterator[tuple[str, str]]:
    """(a closed port, a port that accepts and never answers), as base URLs."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()  # nothing listens there now: connections are refused
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)  # the kernel completes the handshakes; nobody ever reads or answers
    try:
        yield f"http://127.0.0.1:{closed_port}", f"http://127.0.0.1:{silent.getsockname()[1]}"
    finally:
        silent.close()
