"""`serve(config)` and `serve_agui(config)`: transports in front of the core, every task owned.

    serve() / serve_agui()        root nursery
    ├─ Core.start                 turn supervisor, push worker, housekeeping (not with --a2a-url)
    ├─ connections nursery        one task per connection (stdio: the one connection)
    └─ front nursery              listeners, idle shutdown

Listeners are bound before anything starts, so that a taken port or socket path is one plain
error. Shutdown (SIGINT/SIGTERM, idle shutdown, stdin closed, or `stop()`): stop accepting,
close idle connections, give busy requests and running turns `shutdown-grace-seconds` to finish,
then interrupt the turns (each writes a clear "interrupted" state, shielded and bounded; a pause
the engine can continue stays answerable), give connections a moment to deliver those answers,
and close the store. A second signal skips the grace period.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import signal
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs
import trio

from iaccode import telemetry
from iaccode.a2a.auth import www_authenticate
from iaccode.a2a.card import PreparedCard, card_json
from iaccode.a2a.card import card_at as card_at_url
from iaccode.a2a.dispatch import Dispatcher, RequestMeta
from iaccode.a2a.http_app import A2AHttpApp, PingStatus
from iaccode.a2a.service import A2AService
from iaccode.config import AguiConfig, Config, ConfigError
from iaccode.core import Core, open_core, wind_down
from iaccode.tasks.dirlock import lock_directory
from iaccode.tasks.supervisor import TurnSupervisor
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
from iaccode.transports.memory import release_free_memory_periodically, tune_allocator
from iaccode.transports.metrics import MetricsApp
from iaccode.transports.tracing import TracingApp
from iaccode.wire.cors import CorsApp

if TYPE_CHECKING:
    from iaccode.transports.grpc import GrpcServer
    from iaccode.transports.redis_streams import RedisStreamsTransport

log = logging.getLogger("iaccode.server")
_FLUSH_SECONDS = 1.0

Listener = trio.SocketListener | trio.SSLListener[trio.SocketStream]
StartFront = Callable[[trio.Nursery, trio.Nursery, trio.Event], Awaitable[None]]


class HttpFront(Protocol):
    """What the lifecycle needs of an HTTP server: `HttpServer`, or the ASGI app under hypercorn."""

    in_flight: int

    def close(self) -> None: ...


@attrs.define(eq=False)
class RunningServer:
    """What `serve` reports once it listens: where, and how to stop it."""

    config: Config
    port: int
    service: A2AService
    http: HttpServer | AsgiApp | None
    _stop: trio.Event
    # Set once serve() has let go of everything, the persistence-dir lock last.
    stopped: trio.Event = attrs.field(factory=trio.Event)
    grpc_port: int | None = None  # the bound gRPC port, when gRPC is served

    @property
    def url(self) -> str:
        host = self.config.host if self.config.host not in ("0.0.0.0", "", "::") else "127.0.0.1"
        return f"http://{host}:{self.port}"

    def stop(self) -> None:
        self._stop.set()


async def serve(
    config: Config,
    *,
    handle_signals: bool = True,
    task_status: trio.TaskStatus[RunningServer] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the A2A server on its configured transport until it is told to stop."""
    await _then_stopped(_serve, config, handle_signals, task_status)


async def _then_stopped(run: Callable[..., Awaitable[None]], *args: Any) -> None:
    """`run(*args, stopped)`, and `stopped` set when it returned or raised (RunningServer)."""
    stopped = trio.Event()
    tune_allocator()
    try:
        await run(*args, stopped)
    finally:
        stopped.set()


async def _serve(
    config: Config,
    handle_signals: bool,
    task_status: trio.TaskStatus[RunningServer],
    stopped: trio.Event,
) -> None:
    async with contextlib.AsyncExitStack() as resources:
        sockets: list[trio.SocketListener] = []
        listeners: list[Listener] = []
        unix = None
        redis_streams = None
        if config.transport in ("http", "websocket"):
            sockets = await _listen(config.host, config.port)
            config = attrs.evolve(config, port=sockets[0].socket.getsockname()[1])
            listeners = with_tls(sockets, config)
        elif config.transport == "unix":
            from iaccode.transports.unix import open_unix_listener

            assert config.socket_path is not None
            unix = await open_unix_listener(config.socket_path)
            resources.push_async_callback(unix.aclose)
        elif config.transport == "redis-streams":
            redis_streams = _redis_streams(config)
            resources.push_async_callback(redis_streams.aclose)
            try:
                await redis_streams.check()
            except ConnectionError as exc:
                raise ConfigError(f"transport redis-streams: {exc} (redis-url)") from None
        for listener in listeners:
            resources.push_async_callback(listener.aclose)
        grpc_server = None
        if config.grpc_enabled or config.transport == "grpc-jsonrpc":
            grpc_server = _grpc_server(config)
            resources.callback(grpc_server.close)
            config = attrs.evolve(config, grpc_port=grpc_server.port)
        core = await resources.enter_async_context(open_core(config))
        http = None
        if config.transport == "http":
            http = _http_server(a2a_app(core), config, light_paths=("/health", "/ping"))
        # stdio and Unix sockets carry no headers: required extensions count as requested.
        local = RequestMeta(extensions=frozenset(config.required_extensions))

        async def start_front(
            front: trio.Nursery, connections: trio.Nursery, stop: trio.Event
        ) -> None:
            dispatcher = core.dispatcher
            if grpc_server is not None:
                # Among the connections: on `stop` it refuses new calls and lets busy ones finish.
                handler = _grpc_jsonrpc if config.transport == "grpc-jsonrpc" else _grpc_a2a
                await connections.start(
                    functools.partial(
                        grpc_server.serve,
                        functools.partial(handler, core),
                        stop,
                        busy=lambda: dispatcher.in_flight > 0,
                    )
                )
            if config.transport in ("grpc", "grpc-jsonrpc"):
                pass  # gRPC alone
            elif http is not None:
                await _start_http(http, listeners, config, front, connections, stop)
            elif config.transport == "websocket":
                from iaccode.transports.websocket import serve_websocket

                authenticate = core.auth.authenticate if core.auth.enabled else None
                websocket = functools.partial(
                    serve_websocket,
                    dispatcher,
                    config.host,
                    config.port,
                    path=config.ws_path,
                    max_message=config.max_body_bytes,
                    heartbeat=config.heartbeat_seconds,
                    handshake_timeout=config.request_timeout_seconds,
                    authenticate=authenticate,
                    allowed_origins=config.ws_allowed_origins,
                    handler_nursery=connections,
                    listeners=listeners,
                )
                await front.start(websocket)
            elif unix is not None:
                from iaccode.transports.unix import serve_unix

                await front.start(
                    functools.partial(
                        serve_unix,
                        dispatcher,
                        unix,
                        max_line=config.max_line_bytes,
                        meta=local,
                        drain=config.shutdown_grace_seconds,
                        handler_nursery=connections,
                    )
                )
            elif redis_streams is not None:
                # Reading stops with the front; requests in flight get the grace period.
                await front.start(
                    functools.partial(
                        redis_streams.serve, dispatcher, meta=local, handler_nursery=connections
                    )
                )
            else:
                await connections.start(_run_stdio, core, config, local, stop)

        where = {
            "http": _http_where(config),
            "websocket": f"{'wss' if config.tls_cert else 'ws'}://{config.host}:{config.port}"
            f"{config.ws_path}",
            "unix": str(config.socket_path),
            "stdio": "stdin/stdout",
            "redis-streams": redis_streams.describe() if redis_streams else "",
            "grpc": "",
            "grpc-jsonrpc": "",
        }[config.transport]
        if grpc_server is not None:
            scheme = "grpc-jsonrpc" if config.transport == "grpc-jsonrpc" else "grpc"
            grpc_where = f"{scheme}://{config.advertised_grpc_url}"
            where = f"{where} and {grpc_where}" if where else grpc_where

        def started(stop: trio.Event) -> None:
            log.info("iaccode A2A server listening on %s", where)
            running = RunningServer(
                config, config.port, core.service, http, stop, stopped, config.grpc_port
            )
            task_status.started(running)

        await _run(
            core,
            start_front,
            http=http,
            grace=config.shutdown_grace_seconds,
            idle_shutdown=config.idle_shutdown_seconds,
            handle_signals=handle_signals,
            started=started,
        )


async def _run_stdio(
    core: Core,
    config: Config,
    meta: RequestMeta,
    stop: trio.Event,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    from iaccode.transports.stdio import serve_stdio

    await serve_stdio(
        core.dispatcher,
        max_line=config.max_line_bytes,
        meta=meta,
        on_eof=stop.set,
        task_status=task_status,
    )
    stop.set()  # stdout broke, or every reply is out


def _http_where(config: Config) -> str:
    """Where the server listens, and the URL its card advertises when that is another one
    (public-url, AgentCore's runtime URL)."""
    bound = attrs.evolve(config, public_url=None).advertised_url
    if config.host in ("0.0.0.0", "", "::"):
        bound = bound.replace("127.0.0.1", config.host or "0.0.0.0", 1)
    advertised = config.advertised_url
    return bound if advertised == bound else f"{bound} (advertised as {advertised})"


async def _listen(host: str, port: int) -> list[trio.SocketListener]:
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


def _grpc_server(config: Config) -> GrpcServer:
    """The gRPC server, bound; `ConfigError` when the extra is missing or the port is taken."""
    try:
        from iaccode.transports.grpc import GrpcServer, GrpcSettings, GrpcUnavailable
    except ImportError:
        raise ConfigError("grpc-port needs the grpc extra (pip install 'iaccode[grpc]')") from None
    host, port = config.grpc_address
    settings = GrpcSettings(
        host=host,
        port=port,
        max_message=config.max_body_bytes,
        max_concurrent_rpcs=config.grpc_max_concurrent_rpcs,
        tls_cert=config.tls_cert,
        tls_key=config.tls_key,
    )
    try:
        return GrpcServer(settings)
    except GrpcUnavailable as exc:
        raise ConfigError(str(exc)) from None
    except (OSError, RuntimeError) as exc:
        # grpcio says RuntimeError for a port it cannot bind, OSError for unreadable TLS files
        raise ConfigError(f"gRPC: cannot listen on {host or '*'}:{port} ({exc})") from None


def _grpc_a2a(core: Core, token: trio.lowlevel.TrioToken) -> Any:
    from iaccode.transports.grpc import GrpcA2A, TrioBridge

    bridge = TrioBridge(core.dispatcher, token, auth=core.auth)
    return GrpcA2A(core.dispatcher.calls, bridge).handler()


def _grpc_jsonrpc(core: Core, token: trio.lowlevel.TrioToken) -> Any:
    from iaccode.transports.grpc import TrioBridge
    from iaccode.transports.grpc_jsonrpc import GrpcJsonRpc

    return GrpcJsonRpc(TrioBridge(core.dispatcher, token, auth=core.auth)).handler()


def _redis_streams(config: Config) -> RedisStreamsTransport:
    try:
        from iaccode.transports.redis_streams import RedisStreamsTransport, StreamSettings
    except ImportError:
        raise ConfigError(
            "transport redis-streams needs the redis extra (pip install 'iaccode[redis]')"
        ) from None
    settings = StreamSettings(
        url=config.redis_url,
        request_stream=config.request_stream,
        response_stream=config.response_stream,
        group=config.consumer_group,
        consumer=config.consumer_name,
        lease_ms=config.request_lease_timeout_ms,
    )
    try:
        return RedisStreamsTransport(settings)
    except ValueError as exc:
        raise ConfigError(f"config key 'redis-url': {exc}") from None


def a2a_app(core: Core) -> A2AHttpApp:
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


def _http_server(
    app: HttpApp, config: Config, *, light_paths: tuple[str, ...], heartbeat: float | None = None
) -> HttpServer | AsgiApp:
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
    return HttpLimits(
        max_body=config.max_body_bytes,
        max_header=config.max_header_bytes,
        keep_alive=config.keep_alive_seconds,
        request_timeout=config.request_timeout_seconds,
        heartbeat=heartbeat or config.heartbeat_seconds,
        max_connections=config.max_connections,
        max_buffered_body=config.max_buffered_body_bytes,
    )


async def _start_http(
    http: HttpServer | AsgiApp,
    listeners: Sequence[trio.abc.Listener[Any]],
    config: Config,
    front: trio.Nursery,
    connections: trio.Nursery,
    stop: trio.Event,
) -> None:
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
        graceful_timeout=config.shutdown_grace_seconds + _FLUSH_SECONDS,
        certfile=str(config.tls_cert) if tls else None,
        keyfile=str(config.tls_key) if tls else None,
    )
    await connections.start(serve)


# -- iaccode agui ---------------------------------------------------------------------------------


@attrs.define(eq=False)
class RunningAgui:
    config: AguiConfig
    port: int
    core: Core | None
    _stop: trio.Event
    stopped: trio.Event = attrs.field(factory=trio.Event)  # see RunningServer

    @property
    def url(self) -> str:
        host = self.config.host if self.config.host not in ("0.0.0.0", "", "::") else "127.0.0.1"
        scheme = "https" if self.config.core.tls_cert else "http"
        return f"{scheme}://{host}:{self.port}"

    def stop(self) -> None:
        self._stop.set()


async def serve_agui(
    config: AguiConfig,
    *,
    handle_signals: bool = True,
    task_status: trio.TaskStatus[RunningAgui] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the AG-UI adapter, with the A2A core in this process or upstream at `a2a-url`."""
    await _then_stopped(_serve_agui, config, handle_signals, task_status)


async def _serve_agui(
    config: AguiConfig,
    handle_signals: bool,
    task_status: trio.TaskStatus[RunningAgui],
    stopped: trio.Event,
) -> None:
    from iaccode.agui.inputs import MAX_REQUEST_BYTES

    sockets = await _listen(config.host, config.port)
    port = sockets[0].socket.getsockname()[1]
    async with contextlib.AsyncExitStack() as resources:
        for listener in sockets:
            resources.push_async_callback(listener.aclose)
        app, core = await resources.enter_async_context(open_agui(config))
        listeners = with_tls(sockets, config.core)
        http_config = attrs.evolve(config.core, max_body_bytes=MAX_REQUEST_BYTES)
        http = _http_server(
            app, http_config, light_paths=("/health",), heartbeat=config.heartbeat_seconds
        )

        async def start_front(
            front: trio.Nursery, connections: trio.Nursery, stop: trio.Event
        ) -> None:
            await _start_http(http, listeners, config.core, front, connections, stop)

        def started(stop: trio.Event) -> None:
            kernel = "in this process" if core is not None else config.a2a_url
            log.info(
                "iaccode AG-UI adapter listening on %s://%s:%d/ (A2A %s)",
                "https" if config.core.tls_cert else "http",
                config.host,
                port,
                kernel,
            )
            task_status.started(RunningAgui(config, port, core, stop, stopped))

        await _run(
            core,
            start_front,
            http=http,
            grace=config.core.shutdown_grace_seconds,
            idle_shutdown=config.idle_shutdown_seconds,
            handle_signals=handle_signals,
            started=started,
        )


@contextlib.asynccontextmanager
async def open_agui(config: AguiConfig) -> AsyncIterator[tuple[HttpApp, Core | None]]:
    """The AG-UI app, and the A2A core it runs on when that is in this process (not started:
    its long-lived tasks are the caller's); with `a2a-url`, the upstream connection instead."""
    from iaccode.agui.app import AguiHttpApp
    from iaccode.agui.browse import Browser
    from iaccode.agui.console import Console
    from iaccode.agui.inputs import MAX_IMAGE_BYTES
    from iaccode.agui.runs import AguiService
    from iaccode.agui.threads import ThreadStore
    from iaccode.agui.upstream import InProcessUpstream, Upstream

    async with contextlib.AsyncExitStack() as resources:
        core: Core | None = None
        upstream: Upstream
        if config.a2a_url is None:
            # AG-UI allows larger images than A2A's default (8 MiB against 5 MiB).
            inline = max(config.core.max_inline_media_bytes, MAX_IMAGE_BYTES)
            # Reasoning for runs that ask for it (thinking.enabled): REASONING_* events (seed).
            core_config = attrs.evolve(
                config.core, max_inline_media_bytes=inline, thinking_on_request=True
            )
            core = await resources.enter_async_context(
                open_core(core_config, threads_dir=config.state_dir)
            )
            upstream = InProcessUpstream(core.dispatcher, owner="agui")
        else:
            from iaccode.client.upstream import HttpUpstream

            # No core here to open it: the adapter's own requests are still spans.
            await resources.enter_async_context(telemetry.open_telemetry(config.core.telemetry()))
            upstream = HttpUpstream(config.a2a_url, token=config.a2a_token)
            resources.push_async_callback(upstream.aclose)
        if core is None or config.state_dir.resolve() != config.core.persistence_dir.resolve():
            await resources.enter_async_context(lock_directory(config.state_dir, "state-dir"))
        threads = ThreadStore(config.state_dir)
        service = AguiService(
            upstream,
            threads,
            # A remote A2A server checks its own workspaces.
            allowed_cwds=config.workspace_roots() if core is not None else None,
            interrupt_ttl=config.interrupt_ttl_seconds,
            # Artifact files are on this host only when the core is (a remote one's are not).
            serves_artifacts=core is not None,
        )
        root = config.core.artifacts_path if core is not None else None
        roots = config.workspace_roots() if core is not None else ()
        browser = Browser(threads, upstream, artifact_root=root, workspaces=roots)
        console = Console() if config.ui else None
        app = AguiHttpApp(service, auth_token=config.auth_token, browser=browser, console=console)
        yield app, core


# -- the lifecycle both share ---------------------------------------------------------------------


async def _run(
    core: Core | None,
    start_front: StartFront,
    *,
    http: HttpFront | None,
    grace: float,
    idle_shutdown: float | None,
    handle_signals: bool,
    started: Callable[[trio.Event], None],
) -> None:
    stop = trio.Event()
    supervisor = core.supervisor if core is not None else None
    dispatcher = core.dispatcher if core is not None else None
    async with trio.open_nursery() as root:
        if core is not None:
            await core.start(root)
        if handle_signals:
            root.start_soon(_watch_signals, stop, root.cancel_scope)
        root.start_soon(release_free_memory_periodically)
        async with trio.open_nursery() as connections:
            async with trio.open_nursery() as front:
                await start_front(front, connections, stop)
                if idle_shutdown:
                    front.start_soon(
                        _idle_shutdown, http, dispatcher, supervisor, idle_shutdown, stop
                    )
                started(stop)
                await stop.wait()
                front.cancel_scope.cancel()
            log.info("shutting down")
            if http is not None:
                http.close()
            if dispatcher is not None:
                dispatcher.close()
            await wind_down(
                supervisor, grace, lambda: _busy(http, dispatcher, supervisor, shutting_down=True)
            )
            connections.cancel_scope.deadline = trio.current_time() + _FLUSH_SECONDS
        root.cancel_scope.cancel()  # the signal watcher, the push worker, housekeeping


def _busy(
    http: HttpFront | None,
    dispatcher: Dispatcher | None,
    supervisor: TurnSupervisor | None,
    *,
    shutting_down: bool = False,
) -> bool:
    """Requests in flight, or turns (when shutting down, only those not waiting for an answer)."""
    turns = supervisor is not None and (supervisor.working if shutting_down else supervisor.busy)
    return bool(
        (http is not None and http.in_flight)
        or (dispatcher is not None and dispatcher.in_flight)
        or turns
    )


async def _idle_shutdown(
    http: HttpFront | None,
    dispatcher: Dispatcher | None,
    supervisor: TurnSupervisor | None,
    seconds: float,
    stop: trio.Event,
) -> None:
    """Stop once nothing has happened for `seconds` (idle-shutdown-seconds)."""
    idle_since = trio.current_time()
    while True:
        await trio.sleep(min(seconds, 1.0))
        if _busy(http, dispatcher, supervisor):
            idle_since = trio.current_time()
        elif trio.current_time() - idle_since >= seconds:
            log.info("idle for %.0f s, shutting down", seconds)
            stop.set()
            return


async def _watch_signals(stop: trio.Event, root: trio.CancelScope) -> None:
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async for signum in signals:
            if stop.is_set():
                log.warning("second %s: stopping now", signal.Signals(signum).name)
                root.cancel()
                return
            log.info("%s received", signal.Signals(signum).name)
            stop.set()
