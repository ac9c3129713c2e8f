"""Telemetry, opt-in: OpenTelemetry traces and metrics sent over OTLP/HTTP (the `otel` extra).

Off unless an endpoint is configured (`otel-endpoint`, or the standard `OTEL_EXPORTER_OTLP_*`
variables). Off, every hook below is a call on `NOOP` that does nothing, and opentelemetry is
never imported: the cost is one context-variable read per hook.

On (`iaccode.telemetry.otel`), the hooks are spans and instruments of the official SDK. Spans:

    <METHOD> <path>       SERVER   an HTTP request (A2A or AG-UI), with its JSON-RPC method
    iaccode.turn          INTERNAL a turn, with the context's `iac_code.channel`
    chat <model>          CLIENT   a model call (the llm engine)
    execute_tool <name>   INTERNAL a tool call

each a child of the one around it (a turn of the request that started it, even for a stream
that outlives its request). Metrics: turns, turn duration, model call duration, tokens, errors,
HTTP request duration (the names are in `otel.py`).

Export runs in the SDK's background threads with bounded queues and short export timeouts
(`BatchSpanProcessor`, `PeriodicExportingMetricReader`): an unreachable collector costs dropped
spans, never a slower turn, and shutdown waits for the last export for a bounded time only.

Which telemetry is in use is a context variable set where the server starts (and by each request
under an ASGI host), so tasks spawned below inherit it and servers in one process stay apart.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Mapping
from contextvars import ContextVar, Token
from typing import Any, Protocol

import attrs
import trio

Attributes = Mapping[str, str | int | float | bool]
CHANNEL_ATTRIBUTE = "iac_code.channel"
EXTRA_MESSAGE = "otel-endpoint needs the otel extra (pip install 'iaccode[otel]')"


class Span(Protocol):
    def set(self, key: str, value: str | int | float | bool) -> None: ...

    def fail(self, error_type: str) -> None: ...


class _NullSpan:
    """The span of telemetry that is off: a context manager that records nothing."""

    def set(self, key: str, value: str | int | float | bool) -> None:
        pass

    def fail(self, error_type: str) -> None:
        pass

    def __enter__(self) -> _NullSpan:
        return self

    def __exit__(self, *exc_info: object) -> None:
        return None


NULL_SPAN = _NullSpan()


class Telemetry:
    """No telemetry (the default): every call does nothing."""

    enabled = False

    def span(
        self, name: str, attributes: Attributes | None = None, *, kind: str = "internal"
    ) -> contextlib.AbstractContextManager[Span]:
        """A span around a `with` block, the current span's child; `kind` is internal, server
        or client. An `Exception` leaving the block marks it failed (its type as `error.type`);
        a cancellation does not."""
        return NULL_SPAN

    def request_span(
        self, name: str, headers: Mapping[str, str], attributes: Attributes
    ) -> contextlib.AbstractContextManager[Span]:
        """A SERVER span for an incoming request, continuing the caller's trace when its
        headers carry a W3C `traceparent`."""
        return NULL_SPAN

    def carry(self) -> contextlib.AbstractContextManager[object]:
        """The current span, to be made current again (`with carried:`) in a task that did not
        inherit it: work a request hands to a task spawned after its span ended (an AG-UI
        run's stream) stays the request's child."""
        return NULL_SPAN

    def count(self, name: str, value: int = 1, attributes: Attributes | None = None) -> None:
        """Add `value` to the counter `name` (one of `otel.INSTRUMENTS`)."""

    def observe(self, name: str, value: float, attributes: Attributes | None = None) -> None:
        """Record `value` in the histogram `name` (one of `otel.INSTRUMENTS`)."""

    async def aclose(self) -> None:
        """Send what is left, for a bounded time."""


NOOP = Telemetry()
_current: ContextVar[Telemetry] = ContextVar("iaccode_telemetry", default=NOOP)


def current() -> Telemetry:
    """The telemetry of the server this task works for (`NOOP` when off)."""
    return _current.get()


def use(telemetry: Telemetry) -> Token[Telemetry]:
    """Make `telemetry` current for this task and the tasks it spawns from now on."""
    return _current.set(telemetry)


def reset(token: Token[Telemetry]) -> None:
    """Undo a `use`.

    Raises:
        ValueError: the token was made in another context.
    """
    _current.reset(token)


def channel_of(bound: str | None) -> str:
    """The telemetry channel of a turn: the context's binding (`metadata.iac_code.channel`),
    else `IAC_CODE_CHANNEL`, else "unknown" (A2A seed)."""
    return bound or os.environ.get("IAC_CODE_CHANNEL", "").strip()[:128] or "unknown"


@attrs.frozen
class TelemetrySettings:
    """Where and how to export; `endpoint` None and no signal endpoint: telemetry is off."""

    endpoint: str | None = None  # the OTLP/HTTP base URL: <endpoint>/v1/traces, /v1/metrics
    traces_endpoint: str | None = None  # full URLs (OTEL_EXPORTER_OTLP_{TRACES,METRICS}_ENDPOINT)
    metrics_endpoint: str | None = None
    traces: bool = True
    metrics: bool = True
    export_timeout: float = 2.0  # seconds, one export with its retries
    metrics_interval: float = 10.0  # seconds between two metric exports
    spans_delay: float = 1.0  # seconds a finished span may wait for its batch

    @property
    def enabled(self) -> bool:
        wanted_traces = self.traces and bool(self.endpoint or self.traces_endpoint)
        wanted_metrics = self.metrics and bool(self.endpoint or self.metrics_endpoint)
        return wanted_traces or wanted_metrics


def telemetry_settings(
    endpoint: str | None,
    environ: Mapping[str, str],
    *,
    export_timeout: float = 2.0,
    metrics_interval: float = 10.0,
) -> TelemetrySettings:
    """The settings from the `otel-endpoint` key and the standard variables: the key wins over
    `OTEL_EXPORTER_OTLP_ENDPOINT`; `OTEL_SDK_DISABLED=true` turns everything off and
    `OTEL_TRACES_EXPORTER` / `OTEL_METRICS_EXPORTER` set to `none` one signal."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return TelemetrySettings()
    return TelemetrySettings(
        endpoint=endpoint or environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or None,
        traces_endpoint=environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or None,
        metrics_endpoint=environ.get("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") or None,
        traces=environ.get("OTEL_TRACES_EXPORTER", "").strip().lower() != "none",
        metrics=environ.get("OTEL_METRICS_EXPORTER", "").strip().lower() != "none",
        export_timeout=export_timeout,
        metrics_interval=metrics_interval,
    )


def extra_installed() -> bool:
    """Whether the `otel` extra is installed (imports the `opentelemetry` namespace only)."""
    import importlib.util

    try:
        return all(
            importlib.util.find_spec(name) is not None
            for name in ("opentelemetry.sdk", "opentelemetry.exporter.otlp.proto.http")
        )
    except ModuleNotFoundError:
        return False


@contextlib.asynccontextmanager
async def open_telemetry(settings: TelemetrySettings) -> AsyncIterator[Telemetry]:
    """The telemetry `settings` ask for, current in this task until the block ends; then what
    is left is sent, waiting at most the export timeout.

    Raises:
        RuntimeError: telemetry is configured and the `otel` extra is missing (EXTRA_MESSAGE).
    """
    if not settings.enabled:
        yield NOOP
        return
    if not extra_installed():
        raise RuntimeError(EXTRA_MESSAGE)
    from iaccode.telemetry.otel import OtelTelemetry

    telemetry = OtelTelemetry(settings)
    token = use(telemetry)
    try:
        yield telemetry
    finally:
        with contextlib.suppress(ValueError):  # left in another context: nothing to undo
            _current.reset(token)
        with trio.CancelScope(shield=True):
            await telemetry.aclose()


def attributes_of(values: Mapping[str, Any]) -> dict[str, str | int | float | bool]:
    """`values` without the None ones (OpenTelemetry attributes cannot be None)."""
    return {key: value for key, value in values.items() if value is not None}
