"""The HTTP front both servers share: listening sockets, TLS over them, the HTTP server and the
layers every HTTP app gets (spans, metrics, CORS, access log), and the A2A app on a core."""

from __future__ import annotations

import functools
import ssl
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import trio

from iaccode import telemetry
from iaccode.a2a.auth import www_authenticate
from iaccode.a2a.card import PreparedCard, card_json
from iaccode.a2a.card import card_at as card_at_url
from iaccode.a2a.http_app import A2AHttpApp, PingStatus
from iaccode.config import Config, ConfigError
from iaccode.transports.access_log import AccessLogApp
from iaccode.transports.asgi import AsgiApp
from iaccode.transports.http import (
    HttpApp,
    HttpLimits,
    HttpServer,
    fit_fd_limit,
    open_http_listeners,
    serve_http,
)
from iaccode.transports.metrics import MetricsApp
from iaccode.transports.tracing import TracingApp
from iaccode.wire.cors import CorsApp

if TYPE_CHECKING:
    from iaccode.core import Core

# What the connections get after the grace period to deliver their last answers.
FLUSH_SECONDS = 1.0

Listener = trio.SocketListener | trio.SSLListener[trio.SocketStream]


async def listen(host: str, port: int) -> list[trio.SocketListener]:
    """The bound listeners; `ConfigError` naming the address when it cannot be bound."""
    try:
        return await open_http_listeners(host, port)
    except OSError as exc:
        raise ConfigError(f"cannot listen on {host or '*'}:{port}: {exc.strerror or exc}") from None


def with_tls(sockets: list[trio.SocketListener], config: Config) -> list[Listener]:
    """The listeners to serve: TLS over `sockets` when `tls-cert` and `tls-key` are set.

    Raises `ConfigError` naming the file when the certificate or key is missing or unusable.
    """
    if not (config.tls_cert and config.tls_key):
        return list(sockets)
    for key, path in (("tls-cert", config.tls_cert), ("tls-key", config.tls_key)):
        if not path.is_file():
            raise ConfigError(f"{key} {path}: no such file")
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        tls.load_cert_chain(config.tls_cert, config.tls_key)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc
        raise ConfigError(
            f"tls-cert {config.tls_cert} / tls-key {config.tls_key}: not a usable certificate "
            f"and key ({reason})"
        ) from None
    return [trio.SSLListener(s, tls, https_compatible=True) for s in sockets]


def a2a_app(core: Core) -> A2AHttpApp:
    """The A2A HTTP app (JSON-RPC, HTTP+JSON, the card, /health, /ping) on `core`, its card
    signed when a signing key is configured. Raises nothing of its own."""
    config = core.config
    prepared = PreparedCard.prepare(
        core.sign(card_json(core.card, legacy_fields=config.legacy_card_fields))
    )
    metadata = config.auth_resource_metadata

    def card_at(url: str) -> PreparedCard:
        served = card_json(card_at_url(core.card, url), legacy_fields=config.legacy_card_fields)
        return PreparedCard.prepare(core.sign(served))

    return A2AHttpApp(
        core.dispatcher,
        prepared,
        PingStatus(core.supervisor),
        config.advertised_url,
        auth=core.auth,
        card_requires_auth=config.card_requires_auth,
        www_authenticate=www_authenticate(metadata) if config.www_authenticate else None,
        extensions=frozenset(e.uri for e in core.card.capabilities.extensions),
        session_scope=config.agentcore_session_scope,
        # Under a host (ASGI) without public-url: advertise where the host serves the app.
        card_at=card_at if config.public_url is None else None,
    )


def http_server(
    app: HttpApp, config: Config, *, light_paths: tuple[str, ...], heartbeat: float | None = None
) -> HttpServer | AsgiApp:
    """The HTTP server for `app` with the layers of `wrap_http_app`: the built-in loop, or the
    ASGI adapter that hypercorn serves (`http-server`). Raises nothing of its own."""
    limits = http_limits(config, heartbeat)
    app = wrap_http_app(app, config)
    if config.http_server == "hypercorn":
        return AsgiApp(app, limits)
    # Health checks are answered even when every connection slot is taken.
    return HttpServer(app, fit_fd_limit(limits), light_paths=light_paths)


def wrap_http_app(app: HttpApp, config: Config) -> HttpApp:
    """`app` with what every HTTP front adds: request spans (telemetry on), Prometheus metrics,
    CORS (when configured) and the access log."""
    tele = telemetry.current()
    if tele.enabled:
        app = TracingApp(app, tele)
    if config.metrics:
        app = MetricsApp(app)
    if config.cors_allowed_origins:
        app = CorsApp(app, config.cors_allowed_origins)
    if config.access_log:
        app = AccessLogApp(app)
    return app


def http_limits(config: Config, heartbeat: float | None = None) -> HttpLimits:
    """The HTTP limits of `config` (`heartbeat` instead of `heartbeat-seconds` when given)."""
    return HttpLimits(
        max_body=config.max_body_bytes,
        max_header=config.max_header_bytes,
        keep_alive=config.keep_alive_seconds,
        request_timeout=config.request_timeout_seconds,
        heartbeat=heartbeat or config.heartbeat_seconds,
        max_connections=config.max_connections,
        max_buffered_body=config.max_buffered_body_bytes,
    )


async def start_http(
    http: HttpServer | AsgiApp,
    listeners: Sequence[trio.abc.Listener[Any]],
    config: Config,
    front: trio.Nursery,
    connections: trio.Nursery,
    stop: trio.Event,
) -> None:
    """Start serving `http` on `listeners`: the built-in loop in `front` (its connections in
    `connections`), or hypercorn among the connections (it stops on `stop` and lets busy
    requests finish). Raises what starting the server raises (an OSError of the sockets)."""
    if isinstance(http, HttpServer):
        await front.start(serve_http, http, listeners, connections)
        return
    from iaccode.transports.asgi import serve_hypercorn

    # hypercorn does its own TLS (ALPN picks h2): it gets the sockets under our TLS listeners.
    tls = any(isinstance(listener, trio.SSLListener) for listener in listeners)
    sockets = [getattr(listener, "transport_listener", listener) for listener in listeners]
    # Among the connections: on `stop` hypercorn stops accepting and lets busy ones finish.
    serve = functools.partial(
        serve_hypercorn,
        http,
        sockets,
        shutdown_trigger=stop.wait,
        keep_alive=config.keep_alive_seconds,
        graceful_timeout=config.shutdown_grace_seconds + FLUSH_SECONDS,
        certfile=str(config.tls_cert) if tls else None,
        keyfile=str(config.tls_key) if tls else None,
    )
    await connections.start(serve)
