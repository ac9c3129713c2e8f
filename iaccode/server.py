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
import logging
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import attrs
import trio

from iaccode import fronts, telemetry
from iaccode.a2a.dispatch import Dispatcher
from iaccode.a2a.service import A2AService
from iaccode.config import AguiConfig, Config
from iaccode.core import Core, open_core, wind_down
from iaccode.http_front import (
    FLUSH_SECONDS,
    http_server,
    listen,
    start_http,
    with_tls,
)
from iaccode.tasks.dirlock import lock_directory
from iaccode.tasks.supervisor import TurnSupervisor
from iaccode.transports.asgi import AsgiApp
from iaccode.transports.http import HttpApp, HttpServer
from iaccode.transports.memory import release_free_memory_periodically, tune_allocator

if TYPE_CHECKING:
    from iaccode.agui.threads import ThreadStore

log = logging.getLogger("iaccode.server")

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
    """Run the A2A server on its configured transports (`fronts.transports_of`) until it is
    told to stop.

    Raises:
        ConfigError: a transport cannot start (a port or socket path taken, an extra missing,
            Redis unreachable), or the core cannot (see `open_core`).
    """
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
        bound: list[tuple[fronts.Transport, Any]] = []
        for row in fronts.transports_of(config):
            # every listener bound before the core opens (module docstring)
            config, listening = await row.bind(config, resources)
            bound.append((row, listening))
        core = await resources.enter_async_context(open_core(config))
        made = [(row, listening, row.http(core, config, listening)) for row, listening in bound]
        http = next((front for _, _, front in made if front is not None), None)

        async def start_front(
            front: trio.Nursery, connections: trio.Nursery, stop: trio.Event
        ) -> None:
            for row, listening, row_http in made:
                await row.serve(
                    fronts.Run(core, config, listening, front, connections, stop, row_http)
                )

        where = " and ".join(filter(None, (row.where(config, at) for row, at in bound)))

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

    sockets = await listen(config.host, config.port)
    port = sockets[0].socket.getsockname()[1]
    async with contextlib.AsyncExitStack() as resources:
        for listener in sockets:
            resources.push_async_callback(listener.aclose)
        app, core = await resources.enter_async_context(open_agui(config))
        listeners = with_tls(sockets, config.core)
        http_config = attrs.evolve(config.core, max_body_bytes=MAX_REQUEST_BYTES)
        http = http_server(
            app, http_config, light_paths=("/health",), heartbeat=config.heartbeat_seconds
        )

        async def start_front(
            front: trio.Nursery, connections: trio.Nursery, stop: trio.Event
        ) -> None:
            await start_http(http, listeners, config.core, front, connections, stop)

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
            upstream = InProcessUpstream(core.dispatcher.calls, owner="agui")
        else:
            from iaccode.client.upstream import HttpUpstream

            # No core here to open it: the adapter's own requests are still spans.
            await resources.enter_async_context(telemetry.open_telemetry(config.core.telemetry()))
            upstream = HttpUpstream(config.a2a_url, token=config.a2a_token)
            resources.push_async_callback(upstream.aclose)
        if core is None or config.state_dir.resolve() != config.core.persistence_dir.resolve():
            await resources.enter_async_context(lock_directory(config.state_dir, "state-dir"))
        threads = thread_store(config, core)
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


def thread_store(config: AguiConfig, core: Core | None) -> ThreadStore:
    """The adapter's threads: files under state-dir, or the in-process core's PostgreSQL task
    store (then shared by replicas, which meet on each thread through their coordination)."""
    from iaccode.agui.threads import ThreadFiles, ThreadStore

    if core is None or config.core.task_store != "postgres" or not config.core.task_store_url:
        return ThreadStore(ThreadFiles(config.state_dir))
    from iaccode.agui.shared_threads import PostgresThreads, RedisThreadLeases
    from iaccode.tasks.postgres_store import PostgresTaskStore

    store, replicas = core.tasks.store, core.replicas
    assert isinstance(store, PostgresTaskStore)
    leases = RedisThreadLeases(replicas.coordination) if replicas is not None else None
    return ThreadStore(PostgresThreads(store.database), leases=leases)


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
                supervisor,
                grace,
                lambda: _busy(http, dispatcher, supervisor, shutting_down=True),
                core.replicas if core is not None else None,
            )
            connections.cancel_scope.deadline = trio.current_time() + FLUSH_SECONDS
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
