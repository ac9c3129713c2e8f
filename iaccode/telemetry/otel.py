"""The telemetry hooks on the OpenTelemetry SDK (the `otel` extra); imported only when on.

Own providers, not the SDK's global ones: two servers in one process (tests, an ASGI host with
two apps) keep their telemetry apart, and a host's own global provider is left alone. No
`atexit` shutdown either: at exit, an unreachable collector must not hold the process.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import time
from collections.abc import Mapping
from typing import Any

import trio
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import SpanKind, Status, StatusCode
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from iaccode import __version__
from iaccode.telemetry import Attributes, Telemetry, TelemetrySettings, reset, use

log = logging.getLogger("iaccode.telemetry")

# name: (kind, unit, description)
INSTRUMENTS: dict[str, tuple[str, str, str]] = {
    "iaccode.turns": ("counter", "{turn}", "Turns ended, by final state, channel and engine"),
    "iaccode.turn.duration": ("histogram", "s", "Time from a turn's start to its end"),
    "iaccode.errors": ("counter", "{error}", "Failed turns, model calls and tool calls"),
    "gen_ai.client.operation.duration": ("histogram", "s", "Model call duration"),
    "gen_ai.client.token.usage": ("counter", "{token}", "Tokens used, input and output"),
    "http.server.request.duration": ("histogram", "s", "Time until an HTTP answer started"),
}
# The exporters warn at every failed export (every second or so with a dead collector): one
# line a minute per logger says it as well.
_EXPORT_LOGGERS = (
    "opentelemetry.exporter.otlp.proto.http.trace_exporter",
    "opentelemetry.exporter.otlp.proto.http.metric_exporter",
)
_WARN_EVERY = 60.0
_KINDS = {"internal": SpanKind.INTERNAL, "server": SpanKind.SERVER, "client": SpanKind.CLIENT}
_SPAN_QUEUE = 2048  # finished spans waiting for export; beyond it the SDK drops them


class _OncePerMinute(logging.Filter):
    """Lets a logger's warnings through at most once a minute, counting the rest."""

    def __init__(self) -> None:
        super().__init__()
        self._last: float | None = None  # not -60: the monotonic clock may start at 0
        self._quiet = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if self._last is not None and now - self._last < _WARN_EVERY:
            self._quiet += 1
            return False
        if self._quiet:
            record.msg = f"{record.getMessage()} ({self._quiet} like it in the last minute)"
            record.args = ()
        self._last, self._quiet = now, 0
        return True


class _Unquoted(logging.Filter):
    """The SDK's warning about a malformed OTEL_EXPORTER_OTLP_HEADERS entry without the entry:
    it holds the collector's credential (`Authorization=Bearer ...`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple("(not shown: it may hold a credential)" for _ in record.args)
        return True


# The SDK's header parser (OTEL_EXPORTER_OTLP_HEADERS): it quotes what it cannot parse.
_HEADERS_LOGGER = "opentelemetry.util.re"


def _quiet_exporters() -> None:
    for name in _EXPORT_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _OncePerMinute) for f in logger.filters):
            logger.addFilter(_OncePerMinute())
    headers = logging.getLogger(_HEADERS_LOGGER)
    if not any(isinstance(f, _Unquoted) for f in headers.filters):
        headers.addFilter(_Unquoted())


class _OtelSpan:
    """A `with` block around an SDK span, made current for the block."""

    def __init__(
        self,
        tracer: trace.Tracer,
        name: str,
        attributes: Attributes | None,
        kind: SpanKind,
        parent: otel_context.Context | None = None,
    ) -> None:
        self._tracer = tracer
        self._name = name
        self._attributes = attributes
        self._kind = kind
        self._parent = parent
        self._span: trace.Span = trace.INVALID_SPAN
        self._token: object = None
        self._failed = False

    def __enter__(self) -> _OtelSpan:
        self._span = self._tracer.start_span(
            self._name, context=self._parent, kind=self._kind, attributes=self._attributes
        )
        self._token = otel_context.attach(trace.set_span_in_context(self._span, self._parent))
        return self

    def set(self, key: str, value: str | int | float | bool) -> None:
        self._span.set_attribute(key, value)

    def fail(self, error_type: str) -> None:
        self._failed = True
        self._span.set_attribute("error.type", error_type)
        self._span.set_status(Status(StatusCode.ERROR))

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is not None and issubclass(kind, Exception) and not self._failed:
            self.fail(kind.__name__)  # trio.Cancelled is no Exception: a cancel is no failure
        self._span.end()
        with contextlib.suppress(ValueError):  # detached in another context: nothing to undo
            otel_context.detach(self._token)  # type: ignore[arg-type]


class _Carried:
    """The telemetry and span of the task that made it, current for a `with` block elsewhere."""

    def __init__(self, telemetry: Telemetry) -> None:
        self._telemetry = telemetry
        self._context = otel_context.get_current()
        self._tokens: tuple[object, object] | None = None

    def __enter__(self) -> _Carried:
        self._tokens = (use(self._telemetry), otel_context.attach(self._context))
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._tokens is not None:
            used, attached = self._tokens
            with contextlib.suppress(ValueError):  # another context: nothing to undo
                otel_context.detach(attached)  # type: ignore[arg-type]
                reset(used)  # type: ignore[arg-type]


class OtelTelemetry(Telemetry):
    """Spans to `<endpoint>/v1/traces` and metrics to `<endpoint>/v1/metrics` over OTLP/HTTP."""

    enabled = True

    def __init__(self, settings: TelemetrySettings) -> None:
        self.settings = settings
        _quiet_exporters()
        resource = Resource.create(_resource_attributes())
        timeout = settings.export_timeout
        base = (settings.endpoint or "").rstrip("/")
        self._tracers: TracerProvider | None = None
        self._tracer: trace.Tracer = trace.NoOpTracer()
        if settings.traces and (settings.traces_endpoint or base):
            exporter = OTLPSpanExporter(
                endpoint=settings.traces_endpoint or f"{base}/v1/traces", timeout=timeout
            )
            self._tracers = TracerProvider(resource=resource, shutdown_on_exit=False)
            self._tracers.add_span_processor(
                BatchSpanProcessor(
                    exporter,
                    max_queue_size=_SPAN_QUEUE,
                    schedule_delay_millis=settings.spans_delay * 1000,
                    export_timeout_millis=timeout * 1000,
                )
            )
            self._tracer = self._tracers.get_tracer("iaccode", __version__)
        self._meters: MeterProvider | None = None
        self._instruments: dict[str, Any] = {}
        if settings.metrics and (settings.metrics_endpoint or base):
            reader = PeriodicExportingMetricReader(
                OTLPMetricExporter(
                    endpoint=settings.metrics_endpoint or f"{base}/v1/metrics", timeout=timeout
                ),
                export_interval_millis=settings.metrics_interval * 1000,
                export_timeout_millis=timeout * 1000,
            )
            self._meters = MeterProvider(
                resource=resource, metric_readers=[reader], shutdown_on_exit=False
            )
            meter = self._meters.get_meter("iaccode", __version__)
            for name, (kind, unit, description) in INSTRUMENTS.items():
                create = meter.create_counter if kind == "counter" else meter.create_histogram
                self._instruments[name] = create(name, unit=unit, description=description)

    def span(
        self, name: str, attributes: Attributes | None = None, *, kind: str = "internal"
    ) -> _OtelSpan:
        return _OtelSpan(self._tracer, name, attributes, _KINDS[kind])

    def request_span(
        self, name: str, headers: Mapping[str, str], attributes: Attributes
    ) -> _OtelSpan:
        carrier = _trace_headers(headers)
        parent = _W3C.extract(carrier) if carrier else None
        return _OtelSpan(self._tracer, name, attributes, SpanKind.SERVER, parent)

    def carry(self) -> _Carried:
        return _Carried(self)

    def count(self, name: str, value: int = 1, attributes: Attributes | None = None) -> None:
        instrument = self._instruments.get(name)
        if instrument is not None:
            instrument.add(value, attributes)

    def observe(self, name: str, value: float, attributes: Attributes | None = None) -> None:
        instrument = self._instruments.get(name)
        if instrument is not None:
            instrument.record(value, attributes)

    async def aclose(self) -> None:
        """Shut the providers down (their last export) in a thread, waiting for it at most the
        export timeout: a collector that never answers does not hold shutdown."""

        def shut_down() -> None:
            try:
                if self._tracers is not None:
                    self._tracers.shutdown()
                if self._meters is not None:
                    self._meters.shutdown(timeout_millis=self.settings.export_timeout * 1000)
            except Exception:
                log.warning("telemetry did not shut down cleanly", exc_info=True)

        with trio.move_on_after(self.settings.export_timeout) as waited:
            await trio.to_thread.run_sync(shut_down, abandon_on_cancel=True)
        if waited.cancelled_caught:
            log.warning("telemetry: the collector did not take the last export; dropped")


# W3C trace context only: the span is made before authentication, so a caller's headers must not
# reach the SDK's parsers where they warn (on the event loop, echoing the header) once per bad
# member: the baggage (unused here) never, a traceparent or tracestate only in W3C's own shape.
_W3C = TraceContextTextMapPropagator()
_TRACEPARENT = re.compile(r"[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(?:-[ -~]*)?")
_TRACESTATE_MEMBER = re.compile(
    r"(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})"
    r"=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]"
)


def _trace_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """The caller's `traceparent` (and `tracestate`) when well formed; {} otherwise."""
    parent = headers.get("traceparent", "").strip(" \t")
    if len(parent) > 512 or _TRACEPARENT.fullmatch(parent) is None:
        return {}
    carrier = {"traceparent": parent}
    state = headers.get("tracestate")
    if state is not None and len(state) <= 512:
        members = [m.strip(" \t") for m in state.split(",") if m.strip(" \t")]
        keys = [m.split("=", 1)[0] for m in members]
        well_formed = all(_TRACESTATE_MEMBER.fullmatch(m) for m in members)
        if well_formed and len(members) <= 32 and len(set(keys)) == len(keys):
            carrier["tracestate"] = state
    return carrier


def _resource_attributes() -> dict[str, str]:
    """service.name iaccode unless OTEL_SERVICE_NAME says otherwise (Resource.create reads
    it, and OTEL_RESOURCE_ATTRIBUTES, but lets attributes given here win)."""
    out = {"service.version": __version__}
    if not os.environ.get("OTEL_SERVICE_NAME"):
        out["service.name"] = "iaccode"
    return out
