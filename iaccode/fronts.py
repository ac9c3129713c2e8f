"""The transport table: every way `iaccode a2a` serves requests, one row each.

A row (`Transport`) is a transport's name (the `transport` key), its own config keys (the CLI
flags come from them), the check that refuses a config it cannot serve (`load_config` runs it),
`bind` (its listeners, bound before anything starts so that a taken port is one plain error),
`serve` (started in the front or the connections nursery once the core is open) and `where` (the
start-up log line). `serve()` in server.py runs the rows `transports_of(config)` names, in order:
the configured transport, and official gRPC beside it when `grpc-port` is set. Adding a transport
is adding a row here, its keys to `Config`, and its tests (docs/a2a.md "Transports").
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import trio

from iaccode.config import Config, ConfigError, importable

# The table is read by `load_config` and the CLI's flags: what serves is imported when it does.
if TYPE_CHECKING:
    from iaccode.a2a.dispatch import RequestMeta
    from iaccode.core import Core
    from iaccode.transports.asgi import AsgiApp
    from iaccode.transports.grpc import GrpcServer
    from iaccode.transports.http import HttpServer
    from iaccode.transports.redis_streams import RedisStreamsTransport


@attrs.frozen
class Key:
    """One config key of a transport's own; `help` given: also a flag of `iaccode a2a`."""

    name: str  # as in the config file: "socket-path"; the flag is --socket-path
    help: str | None = None
    metavar: str | None = None
    type: Callable[[str], Any] = str

    @property
    def attr(self) -> str:
        """The `Config` attribute that holds the key's value."""
        return self.name.replace("-", "_")


@attrs.define(eq=False)
class Run:
    """What a transport's `serve` gets: the open core, the bound config, the nurseries of the
    lifecycle (server.py), the stop event, and what its `bind` returned."""

    core: Core
    config: Config
    bound: Any
    front: trio.Nursery  # cancelled first on stop: listeners and readers
    connections: trio.Nursery  # given the grace period: requests in flight
    stop: trio.Event
    http: HttpServer | AsgiApp | None = None  # what the row's `http` made

    @property
    def local(self) -> RequestMeta:
        """The call metadata of a transport without headers (stdio, Unix, Redis): the required
        extensions count as requested."""
        from iaccode.a2a.dispatch import RequestMeta

        return RequestMeta(extensions=frozenset(self.config.required_extensions))


def _accept(config: Config) -> None:
    """No check of its own."""


async def _bind_nothing(config: Config, resources: contextlib.AsyncExitStack) -> tuple[Config, Any]:
    return config, None


def _no_http(core: Core, config: Config, bound: Any) -> HttpServer | AsgiApp | None:
    return None


@attrs.frozen
class Transport:
    """One row of the table (module docstring)."""

    name: str
    # Serve until cancelled (front nursery) or until `stop` and the grace are over (connections).
    serve: Callable[[Run], Awaitable[None]]
    where: Callable[[Config, Any], str]
    keys: tuple[Key, ...] = ()
    # Raises `ConfigError` for a config this transport cannot serve (its extra missing, say).
    check: Callable[[Config], None] = _accept
    # The listeners, registered on `resources` for closing, and the config with the bound port;
    # raises `ConfigError` naming the address it cannot bind.
    bind: Callable[[Config, contextlib.AsyncExitStack], Awaitable[tuple[Config, Any]]] = (
        _bind_nothing
    )
    # The HTTP server whose connections the lifecycle watches and closes (http only).
    http: Callable[[Core, Config, Any], HttpServer | AsgiApp | None] = _no_http
    # Whether the card lists the HTTP interfaces (JSON-RPC, HTTP+JSON) at the advertised URL.
    http_card: bool = True


# -- http and websocket: TCP listeners, TLS with tls-cert/tls-key ---------------------------------


async def _bind_tcp(config: Config, resources: contextlib.AsyncExitStack) -> tuple[Config, Any]:
    from iaccode.http_front import listen, with_tls

    sockets = await listen(config.host, config.port)
    config = attrs.evolve(config, port=sockets[0].socket.getsockname()[1])
    listeners = with_tls(sockets, config)
    for listener in listeners:
        resources.push_async_callback(listener.aclose)
    return config, listeners


def _http(core: Core, config: Config, bound: Any) -> HttpServer | AsgiApp:
    from iaccode.http_front import a2a_app, http_server

    return http_server(a2a_app(core), config, light_paths=("/health", "/ping"))


async def _serve_http(run: Run) -> None:
    from iaccode.http_front import start_http

    assert run.http is not None
    await start_http(run.http, run.bound, run.config, run.front, run.connections, run.stop)


def _http_where(config: Config, bound: Any) -> str:
    """Where the server listens, and the URL its card advertises when that is another one
    (public-url, AgentCore's runtime URL)."""
    listening = attrs.evolve(config, public_url=None).advertised_url
    if config.host in ("0.0.0.0", "", "::"):
        listening = listening.replace("127.0.0.1", config.host or "0.0.0.0", 1)
    advertised = config.advertised_url
    return listening if advertised == listening else f"{listening} (advertised as {advertised})"


async def _serve_websocket(run: Run) -> None:
    from iaccode.transports.websocket import serve_websocket

    core, config = run.core, run.config
    authenticate = core.auth.authenticate if core.auth.enabled else None
    websocket = functools.partial(
        serve_websocket,
        core.dispatcher,
        config.host,
        config.port,
        path=config.ws_path,
        max_message=config.max_body_bytes,
        heartbeat=config.heartbeat_seconds,
        handshake_timeout=config.request_timeout_seconds,
        authenticate=authenticate,
        allowed_origins=config.ws_allowed_origins,
        handler_nursery=run.connections,
        listeners=run.bound,
    )
    await run.front.start(websocket)


def _websocket_where(config: Config, bound: Any) -> str:
    return f"{'wss' if config.tls_cert else 'ws'}://{config.host}:{config.port}{config.ws_path}"


# -- stdio and unix: lines ------------------------------------------------------------------------


def _check_stdio(config: Config) -> None:
    if config.log_to_stdout:
        raise ConfigError(
            "--log-to-stdout cannot be used with --transport stdio: stdout carries the frames"
        )


async def _serve_stdio(run: Run) -> None:
    await run.connections.start(_stdio, run.core, run.config, run.local, run.stop)


async def _stdio(
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


def _check_unix(config: Config) -> None:
    if config.socket_path is None:
        raise ConfigError("transport 'unix' needs config key 'socket-path'")


async def _bind_unix(config: Config, resources: contextlib.AsyncExitStack) -> tuple[Config, Any]:
    from iaccode.transports.unix import open_unix_listener

    assert config.socket_path is not None
    unix = await open_unix_listener(config.socket_path)
    resources.push_async_callback(unix.aclose)
    return config, unix


async def _serve_unix(run: Run) -> None:
    from iaccode.transports.unix import serve_unix

    config = run.config
    await run.front.start(
        functools.partial(
            serve_unix,
            run.core.dispatcher,
            run.bound,
            max_line=config.max_line_bytes,
            meta=run.local,
            drain=config.shutdown_grace_seconds,
            handler_nursery=run.connections,
        )
    )


# -- redis-streams --------------------------------------------------------------------------------


_REDIS_EXTRA = "transport redis-streams needs the redis extra (pip install 'iaccode[redis]')"


def _check_redis_streams(config: Config) -> None:
    # find_spec, not an import: the redis package is imported only when the transport starts
    import importlib.util

    if importlib.util.find_spec("redis") is None:
        raise ConfigError(_REDIS_EXTRA)
    if not re.match(r"(?i)(redis|rediss|unix)://", config.redis_url):
        raise ConfigError("config key 'redis-url' must be a redis://, rediss:// or unix:// URL")
    for name in ("request_stream", "response_stream", "consumer_group", "consumer_name"):
        if getattr(config, name) == "":
            raise ConfigError(f"config key '{name.replace('_', '-')}' must not be empty")


def redis_streams(config: Config) -> RedisStreamsTransport:
    """The Redis Streams transport of `config`, not connected yet.

    Raises `ConfigError` when the redis extra is missing or `redis-url` is not usable (the
    message never repeats the URL: it may carry a password).
    """
    try:
        from iaccode.transports.redis_streams import RedisStreamsTransport, StreamSettings
    except ImportError:
        raise ConfigError(_REDIS_EXTRA) from None
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


async def _bind_redis_streams(
    config: Config, resources: contextlib.AsyncExitStack
) -> tuple[Config, Any]:
    transport = redis_streams(config)
    resources.push_async_callback(transport.aclose)
    try:
        await transport.check()
    except ConnectionError as exc:
        raise ConfigError(f"transport redis-streams: {exc} (redis-url)") from None
    return config, transport


async def _serve_redis_streams(run: Run) -> None:
    # Reading stops with the front; requests in flight get the grace period.
    await run.front.start(
        functools.partial(
            run.bound.serve, run.core.dispatcher, meta=run.local, handler_nursery=run.connections
        )
    )


# -- grpc and grpc-jsonrpc: grpcio's server in its threads (transports/grpc.py) ---------------


def _check_grpc(config: Config) -> None:
    if not (importable("grpc") and importable("a2a.types.a2a_pb2")):
        key = f"transport {config.transport}" if "grpc" in config.transport else "grpc-port"
        raise ConfigError(f"{key} needs the grpc extra (pip install 'iaccode[grpc]')")
    if config.grpc_port is not None and config.transport == "http":
        host, port = config.grpc_address
        if port == config.port and port != 0 and host == config.host:
            raise ConfigError("config key 'grpc-port' must differ from 'port'")


def grpc_server(config: Config) -> GrpcServer:
    """The gRPC server of `config`, bound (grpc-host/grpc-port, TLS with tls-cert/tls-key).

    Raises `ConfigError` when the grpc extra is missing or the port cannot be bound.
    """
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


async def _bind_grpc(config: Config, resources: contextlib.AsyncExitStack) -> tuple[Config, Any]:
    server = grpc_server(config)
    resources.callback(server.close)
    return attrs.evolve(config, grpc_port=server.port), server


def _grpc_a2a(core: Core, token: trio.lowlevel.TrioToken) -> Any:
    from iaccode.transports.grpc import GrpcA2A, TrioBridge

    bridge = TrioBridge(core.dispatcher.calls, token, auth=core.auth)
    return GrpcA2A(core.dispatcher.calls, bridge).handler()


def _grpc_jsonrpc(core: Core, token: trio.lowlevel.TrioToken) -> Any:
    from iaccode.transports.grpc import TrioBridge
    from iaccode.transports.grpc_jsonrpc import GrpcJsonRpc

    bridge = TrioBridge(core.dispatcher.calls, token, auth=core.auth)
    return GrpcJsonRpc(core.dispatcher, bridge).handler()


def _serve_grpc(handler: Callable[[Core, trio.lowlevel.TrioToken], Any]) -> Any:
    async def serve(run: Run) -> None:
        dispatcher = run.core.dispatcher
        # Among the connections: on `stop` it refuses new calls and lets busy ones finish.
        await run.connections.start(
            functools.partial(
                run.bound.serve,
                functools.partial(handler, run.core),
                run.stop,
                busy=lambda: dispatcher.in_flight > 0,
            )
        )

    return serve


def _grpc_where(scheme: str) -> Callable[[Config, Any], str]:
    return lambda config, bound: f"{scheme}://{config.advertised_grpc_url}"


# -- the table ----------------------------------------------------------------------------------

_GRPC_KEYS = (
    Key(
        "grpc-port",
        "serve official A2A gRPC on this port too (the grpc extra)",
        metavar="PORT",
        type=int,
    ),
    Key("grpc-host", "address gRPC binds (default: --host)", metavar="HOST"),
    Key("grpc-max-concurrent-rpcs"),
)

TABLE: dict[str, Transport] = {
    t.name: t
    for t in (
        Transport("http", _serve_http, _http_where, bind=_bind_tcp, http=_http),
        Transport("stdio", _serve_stdio, lambda config, bound: "stdin/stdout", check=_check_stdio),
        Transport(
            "unix",
            _serve_unix,
            lambda config, bound: str(config.socket_path),
            keys=(Key("socket-path", "the socket file (--transport unix)", "PATH", Path),),
            check=_check_unix,
            bind=_bind_unix,
        ),
        Transport(
            "websocket",
            _serve_websocket,
            _websocket_where,
            keys=(
                Key("ws-path", "the path (--transport websocket)", "PATH"),
                Key("ws-allowed-origins"),
            ),
            bind=_bind_tcp,
        ),
        Transport(
            "redis-streams",
            _serve_redis_streams,
            lambda config, bound: bound.describe(),
            keys=(
                Key(
                    "redis-url",
                    "Redis for --transport redis-streams (IACCODE_A2A_REDIS_URL; default "
                    "redis://localhost:6379/0)",
                    "URL",
                ),
                Key("request-stream"),
                Key("response-stream"),
                Key("consumer-group"),
                Key("consumer-name"),
                Key("request-lease-timeout-ms"),
            ),
            check=_check_redis_streams,
            bind=_bind_redis_streams,
        ),
        Transport(
            "grpc",
            _serve_grpc(_grpc_a2a),
            _grpc_where("grpc"),
            keys=_GRPC_KEYS,
            check=_check_grpc,
            bind=_bind_grpc,
            http_card=False,
        ),
        # iac-code's envelope: JSON-RPC payloads over a gRPC method, at grpc-host/grpc-port
        Transport(
            "grpc-jsonrpc",
            _serve_grpc(_grpc_jsonrpc),
            _grpc_where("grpc-jsonrpc"),
            check=_check_grpc,
            bind=_bind_grpc,
            http_card=False,
        ),
    )
}
TRANSPORTS = tuple(TABLE)


def transports_of(config: Config) -> tuple[Transport, ...]:
    """The rows `config` serves: its transport, and official gRPC beside it with grpc-port.

    Raises `ConfigError` for a transport the table does not have.
    """
    main = TABLE.get(config.transport)
    if main is None:
        raise ConfigError(
            f"transport '{config.transport}' is not supported by this version of iaccode "
            f"(available: {', '.join(TRANSPORTS)})"
        )
    if config.grpc_enabled and main.name != "grpc":
        return (main, TABLE["grpc"])
    return (main,)


def check(config: Config) -> None:
    """Refuse a config its transports cannot serve; raises `ConfigError` saying why."""
    for transport in transports_of(config):
        transport.check(config)


def own_keys() -> tuple[Key, ...]:
    """Every transport's own keys, each once, in table order."""
    seen: dict[str, Key] = {}
    for transport in TABLE.values():
        for key in transport.keys:
            seen.setdefault(key.name, key)
    return tuple(seen.values())
