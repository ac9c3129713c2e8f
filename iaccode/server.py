"""`serve(config)`: builds the server from its parts and owns every task it runs.

    serve()                       root nursery
    ├─ TurnSupervisor.run         every turn (outlives the requests that start them)
    ├─ connections nursery        one task per HTTP connection
    └─ front nursery              listener, housekeeping, signal watcher

Shutdown (SIGINT/SIGTERM, idle shutdown, or `RunningServer.stop()`): stop accepting, close idle
connections, give busy requests and running turns `shutdown-grace-seconds` to finish, then
interrupt the turns (each writes a clear "interrupted" state, shielded and bounded), give
connections a moment to deliver those answers, and close the store. A second signal skips the
grace period.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import ssl
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode.a2a.auth import Authenticator, www_authenticate
from iaccode.a2a.card import PreparedCard, build_card, card_json, extended_card
from iaccode.a2a.dispatch import Dispatcher
from iaccode.a2a.http_app import A2AHttpApp, PingStatus
from iaccode.a2a.push import PushConfigs, PushPublisher
from iaccode.a2a.service import A2AService
from iaccode.a2a.signing import with_signature
from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.engine import load_engine
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy, PermissionRules
from iaccode.config import Config, ConfigError
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.push import (
    LocalFileQueue,
    PushConfigStore,
    PushNotifier,
    PushQueue,
    PushWorker,
    RetryPolicy,
    open_keyring,
)
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.supervisor import TurnSupervisor, recover_interrupted_turns
from iaccode.transports.http import HttpLimits, HttpServer, open_http_listeners, serve_http

log = logging.getLogger("iaccode.server")
_FLUSH_SECONDS = 1.0


@attrs.define(eq=False)
class RunningServer:
    """What `serve` reports once it listens: where, and how to stop it."""

    config: Config
    port: int
    service: A2AService
    http: HttpServer
    _stop: trio.Event

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
    """Run the server until it is told to stop; see the module docstring."""
    engine = load_engine(config.engine, config)
    sockets = await open_http_listeners(config.host, config.port)
    port = sockets[0].socket.getsockname()[1]
    listeners: list[trio.abc.Listener[Any]] = list(sockets)
    if config.tls_cert is not None and config.tls_key is not None:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(config.tls_cert, config.tls_key)
        listeners = [trio.SSLListener(s, tls, https_compatible=True) for s in sockets]
    config = attrs.evolve(config, port=port)  # port 0 becomes the real one, for the card
    async with contextlib.AsyncExitStack() as resources:
        for listener in listeners:
            resources.push_async_callback(listener.aclose)
        store = await SQLiteTaskStore.open(config.persistence_dir / "tasks.db")
        resources.push_async_callback(store.aclose)
        push = await resources.enter_async_context(open_push(config))
        tasks = TaskManager(store, EventBroker(config.subscriber_buffer))
        interrupted = await store.live_task_ids()
        await recover_interrupted_turns(tasks, interrupted)
        if interrupted:
            log.warning("ended %d task(s) interrupted by the previous process", len(interrupted))
        contexts = ContextRegistry(store, idle_seconds=config.context_idle_seconds)
        permissions = PermissionPolicy(
            audit=PermissionAudit(config.persistence_dir / "audit" / "permissions.jsonl"),
            rules=PermissionRules(allow=config.permission_allow, deny=config.permission_deny),
            auto_approve=config.auto_approve_permissions,
        )
        supervisor = TurnSupervisor(
            tasks,
            engine,
            permissions,
            ArtifactStore(config.artifacts_path),
            raw_thinking="raw-thinking" in config.thinking_exposure,
            tool_trace="tool-trace" in config.thinking_exposure,
        )
        auth = Authenticator(
            token=config.token,
            basic_username=config.basic_username,
            basic_password=config.basic_password,
            api_key=config.api_key,
            api_key_header=config.api_key_header,
        )
        card = build_card(
            config.advertised_url,
            thinking_exposure=config.thinking_exposure,
            input_modes=config.media_types.input_modes,
            auth=auth,
            required_extensions=config.required_extensions,
            push_notifications=push is not None,
        )
        service = A2AService(
            tasks=tasks,
            contexts=contexts,
            supervisor=supervisor,
            engine=engine,
            card=extended_card(card, runtime_details(config)),
            workspace_roots=config.workspace_roots(),
            default_cwd=Path(os.getcwd()),
            media=config.media_types,
            push=PushConfigs(push.configs if push is not None else None),
            push_loopback=config.push_allow_loopback,
        )
        sign = card_signer(config)
        dispatcher = Dispatcher(
            service,
            max_body=config.max_body_bytes,
            max_depth=config.max_json_depth,
            required_extensions=frozenset(config.required_extensions),
            sign_card=sign,
        )
        prepared = PreparedCard.prepare(
            sign(card_json(card, legacy_fields=config.legacy_card_fields))
        )
        app = A2AHttpApp(
            dispatcher,
            prepared,
            PingStatus(supervisor),
            config.advertised_url,
            auth=auth,
            card_requires_auth=config.card_requires_auth,
            www_authenticate=(
                www_authenticate(config.auth_resource_metadata) if config.www_authenticate else None
            ),
            extensions=frozenset(e.uri for e in card.capabilities.extensions),
        )
        http = HttpServer(
            app,
            HttpLimits(
                max_body=config.max_body_bytes,
                max_header=config.max_header_bytes,
                keep_alive=config.keep_alive_seconds,
                request_timeout=config.request_timeout_seconds,
                heartbeat=config.heartbeat_seconds,
            ),
        )
        stop = trio.Event()
        async with trio.open_nursery() as root:
            await root.start(supervisor.run)
            if push is not None:
                await root.start(push.worker.run)
                tasks.on_settled = PushPublisher(push.notifier, root).on_settled
            if handle_signals:
                root.start_soon(_watch_signals, stop, root.cancel_scope)
            async with trio.open_nursery() as connections:
                async with trio.open_nursery() as front:
                    await front.start(serve_http, http, listeners, connections)
                    front.start_soon(_housekeeping, contexts, config)
                    if config.idle_shutdown_seconds:
                        front.start_soon(
                            _idle_shutdown, http, supervisor, config.idle_shutdown_seconds, stop
                        )
                    warm_up = getattr(engine, "warm_up", None)
                    if callable(warm_up):
                        front.start_soon(trio.to_thread.run_sync, warm_up)
                    log.info("iaccode A2A server listening on %s", config.advertised_url)
                    task_status.started(RunningServer(config, port, service, http, stop))
                    await stop.wait()
                    front.cancel_scope.cancel()
                log.info("shutting down")
                http.close()
                with trio.move_on_after(config.shutdown_grace_seconds):
                    while http.in_flight or supervisor.busy:  # noqa: ASYNC110 (shutdown only)
                        await trio.sleep(0.05)
                supervisor.shutdown()
                await supervisor.stopped.wait()
                connections.cancel_scope.deadline = trio.current_time() + _FLUSH_SECONDS
            root.cancel_scope.cancel()  # the signal watcher and the push worker


@attrs.frozen
class PushParts:
    configs: PushConfigStore
    worker: PushWorker
    notifier: PushNotifier


@contextlib.asynccontextmanager
async def open_push(config: Config) -> AsyncIterator[PushParts | None]:
    """The push notification machinery when `push-notifications` is on, closed on the way out."""
    if not config.push_notifications:
        yield None
        return
    # httpx logs every request URL at INFO; callback URLs may carry tokens.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    keyring = await open_keyring(config.persistence_dir)
    configs = await PushConfigStore.open(
        config.persistence_dir / "tasks.db", keyring, allow_loopback=config.push_allow_loopback
    )
    queue: PushQueue
    if config.push_queue == "redis-streams":
        try:
            from iaccode.tasks.push.redis_queue import RedisStreamsQueue
        except ImportError:
            await configs.aclose()
            raise ConfigError(
                "push-queue: redis-streams needs the redis extra (pip install 'iaccode[redis]')"
            ) from None
        queue = RedisStreamsQueue(
            config.push_redis_url,
            stream=config.push_stream,
            retry_key=config.push_retry_key,
            dead_stream=config.push_dead_stream,
            group=config.push_consumer_group,
            consumer=config.push_consumer_name,
            lease_ms=config.push_lease_timeout_ms,
        )
    else:
        queue = LocalFileQueue(
            config.persistence_dir / "push_queue",
            lease_seconds=config.push_lease_timeout_ms / 1000,
        )
    worker = PushWorker(
        queue,
        keyring,
        policy=RetryPolicy(max_attempts=config.push_max_attempts),
        timeout=config.push_timeout_seconds,
        allow_loopback=config.push_allow_loopback,
    )
    try:
        yield PushParts(configs, worker, PushNotifier(configs, queue, keyring, worker))
    finally:
        with trio.CancelScope(shield=True):
            await queue.aclose()
            await configs.aclose()


def card_signer(config: Config) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Adds the HS256 signature to a served card when `signing-secret` is set."""
    secret = config.signing_secret
    if not secret:
        return lambda card: card
    return lambda card: with_signature(card, secret, config.signing_key_id)


def runtime_details(config: Config) -> dict[str, Any]:
    """What the extended card tells authenticated callers (never a secret or a path)."""
    details: dict[str, Any] = {
        "engine": config.engine,
        "transports": [config.transport],
        "limits": {
            "maxBodyBytes": config.max_body_bytes,
            "maxJsonDepth": config.max_json_depth,
            "contextIdleSeconds": config.context_idle_seconds,
        },
        "permissions": "auto-approve" if config.auto_approve_permissions else "ask",
    }
    if config.engine == "llm":
        details["llm"] = {"provider": config.llm_provider, "model": config.llm_model or "default"}
    return details


async def _housekeeping(contexts: ContextRegistry, config: Config) -> None:
    period = min(300.0, max(config.context_idle_seconds / 4, 0.05))
    while True:
        await trio.sleep(period)
        evicted = contexts.evict_idle()
        if evicted:
            log.debug("evicted %d idle context(s)", evicted)


async def _idle_shutdown(
    http: HttpServer, supervisor: TurnSupervisor, seconds: float, stop: trio.Event
) -> None:
    """Stop once nothing has happened for `seconds` (idle-shutdown-seconds)."""
    idle_since = trio.current_time()
    while True:
        await trio.sleep(min(seconds, 1.0))
        if http.in_flight or supervisor.busy:
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
