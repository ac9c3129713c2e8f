"""The A2A core: what runs turns and keeps tasks, whatever protocol and transport front it.

`open_core(config)` opens the task store (`task-store`: SQLite under persistence-dir, or
PostgreSQL), ends (or keeps answerable) what the previous process
left, and builds the task manager, turn supervisor, A2A service and dispatcher; `Core.start`
starts its long-lived tasks in the caller's nursery. With `coordination-url` (Redis), the core
is one replica among several on one PostgreSQL store (iaccode.a2a.replicas). `iaccode a2a`
puts its transports in front of the dispatcher, `iaccode agui` its AG-UI adapter (in the same
process, through the same dispatcher).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import trio

from iaccode import fronts
from iaccode.a2a.auth import Authenticator
from iaccode.a2a.card import build_card, extended_card
from iaccode.a2a.dispatch import Dispatcher
from iaccode.a2a.push import PushConfigs, push_body
from iaccode.a2a.replicas import Replicas
from iaccode.a2a.service import A2AService
from iaccode.a2a.signing import weak_secret_warning, with_signature
from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.engine import Engine, load_engine
from iaccode.agent.inputs import InputLimits
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy, PermissionRules
from iaccode.config import Config, ConfigError
from iaccode.model.a2a import AgentCard
from iaccode.tasks.backup import StateBackup, restore_latest
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.claims import TurnClaims
from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.conversation import Conversations
from iaccode.tasks.dirlock import lock_directory
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.push import (
    LocalFileQueue,
    OutboxRelay,
    PushConfigStore,
    PushQueue,
    PushWorker,
    RetryPolicy,
    open_keyring,
)
from iaccode.tasks.push.keyring import ENV_VAR as KEYRING_ENV
from iaccode.tasks.retention import Retention
from iaccode.tasks.shared_broker import SharedEventBroker
from iaccode.tasks.sql_store import SQLTaskStore
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.supervisor import (
    TurnSupervisor,
    recover_interrupted_turns,
    recover_orphaned_turns,
)
from iaccode.telemetry import open_telemetry

if TYPE_CHECKING:
    from iaccode.tasks.coordination import RedisCoordination

log = logging.getLogger("iaccode.core")


@attrs.define(eq=False)
class Core:
    config: Config
    engine: Engine
    tasks: TaskManager
    contexts: ContextRegistry
    supervisor: TurnSupervisor
    service: A2AService
    dispatcher: Dispatcher
    auth: Authenticator
    card: AgentCard
    sign: Callable[[dict[str, Any]], dict[str, Any]]
    push: PushParts | None
    retention: Retention | None = None
    backup: StateBackup | None = None
    replicas: Replicas | None = None

    async def start(self, nursery: trio.Nursery) -> None:
        """Start the turn supervisor, the push worker, housekeeping, the engine's warm-up and
        its background work (and a shared store's availability monitor)."""
        monitor = getattr(self.tasks.store, "monitor", None)
        if callable(monitor):  # a shared store: after an outage, end the turns it orphaned
            # (replicas: the death scan does, by the leases)
            recovered = self._after_store_outage if self.replicas is None else None
            await nursery.start(functools.partial(monitor, on_recovered=recovered))
        if self.replicas is not None:
            await nursery.start(self.replicas.run)
        await nursery.start(self.supervisor.run)
        if self.push is not None:
            await nursery.start(self.push.worker.run)
            await nursery.start(self.push.relay.run)
            self.tasks.on_notified = self.push.relay.kick
        if self.backup is not None:
            await nursery.start(self.backup.run)
        nursery.start_soon(_housekeeping, self.contexts, self.config, self.retention)
        warm_up = getattr(self.engine, "warm_up", None)
        if callable(warm_up):
            nursery.start_soon(trio.to_thread.run_sync, warm_up)
        background = getattr(self.engine, "run_background", None)
        if callable(background):  # e.g. the llm engine's MCP sessions
            nursery.start_soon(background)

    async def _after_store_outage(self) -> None:
        ended = await recover_orphaned_turns(self.tasks, self.supervisor)
        if ended:
            log.warning("ended %d task(s) whose end could not be stored in the outage", ended)


@contextlib.asynccontextmanager
async def open_core(config: Config, *, threads_dir: Path | None = None) -> AsyncIterator[Core]:
    """The core, with its store and push queue closed on the way out.

    `threads_dir`: the AG-UI thread files, backed up and restored with the rest (config
    backups) when `iaccode agui` runs the core.
    """
    engine = load_engine(config.engine, config)
    async with contextlib.AsyncExitStack() as resources:
        # First in, last out: current for every task the core starts, and the spans of turns
        # ended by the shutdown are still sent.
        await resources.enter_async_context(open_telemetry(config.telemetry()))
        await resources.enter_async_context(
            lock_directory(config.persistence_dir, "persistence-dir")
        )
        backup = await open_backup(config, threads_dir)
        coordination = await open_coordination(config)
        if coordination is not None:
            resources.push_async_callback(coordination.aclose)
        store = await open_store(config)
        resources.push_async_callback(store.aclose)
        push = await resources.enter_async_context(open_push(config, store))
        broker: EventBroker
        if coordination is None:
            broker = EventBroker(config.subscriber_buffer, config.max_subscribers_per_task)
        else:
            broker = SharedEventBroker(
                coordination, config.subscriber_buffer, config.max_subscribers_per_task
            )
        tasks = TaskManager(store, broker, shared=coordination is not None)
        # Before the recovery below: a turn it ends is notified like any other settled state.
        tasks.notify_settled = push is not None
        tasks.backup = backup
        await tasks.index_known()  # before any task is created or ended below
        if coordination is None:
            tasks.suspended.update(await store.suspended_task_ids())
            interrupted = await store.live_task_ids()
            await recover_interrupted_turns(tasks, interrupted)
            if interrupted:
                log.warning(
                    "ended %d task(s) interrupted by the previous process", len(interrupted)
                )
        # Replicas: the death scan (Replicas.run) ends the turns whose lease is gone, and only
        # those; the paused turns of the others are theirs (HealthyBusy counts our own).
        contexts = ContextRegistry(
            store, idle_seconds=config.context_idle_seconds, shared=coordination is not None
        )
        permissions = PermissionPolicy(
            audit=PermissionAudit(config.persistence_dir / "audit" / "permissions.jsonl"),
            rules=PermissionRules(allow=config.permission_allow, deny=config.permission_deny),
            auto_approve=config.auto_approve_permissions,
            safe_mode=config.safe_mode,
        )
        supervisor = TurnSupervisor(
            tasks,
            engine,
            permissions,
            ArtifactStore(config.artifacts_path),
            raw_thinking="raw-thinking" in config.thinking_exposure,
            thinking_on_request=config.thinking_on_request,
            tool_trace="tool-trace" in config.thinking_exposure,
            max_turns=config.max_concurrent_turns,
        )
        replicas = None
        if coordination is not None:
            assert isinstance(broker, SharedEventBroker)
            replicas = Replicas(coordination, broker, tasks, supervisor)
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
            streaming=config.streaming,
            extended_agent_card=config.extended_agent_card,
            grpc_url=config.advertised_grpc_url if config.grpc_enabled else None,
            http=fronts.transports_of(config)[0].http_card,
            grpc_jsonrpc_url=(
                f"grpc-jsonrpc://{config.advertised_grpc_url}"
                if config.transport == "grpc-jsonrpc"
                else None
            ),
        )
        conversations = Conversations(
            tasks=tasks,
            contexts=contexts,
            supervisor=supervisor,
            # Busy contexts and room for turns, here and (with replicas) on every replica.
            claims=TurnClaims(contexts, supervisor, coordination),
            engine=engine,
            workspace_roots=config.workspace_roots(),
            default_cwd=Path(os.getcwd()),
            media=config.media_types,
            input_limits=InputLimits(inline_media=config.max_inline_media_bytes),
        )
        service = A2AService(
            conversations=conversations,
            card=extended_card(card, runtime_details(config)),
            push=PushConfigs(push.configs if push is not None else None),
            push_loopback=config.push_allow_loopback,
            replicas=replicas,
        )
        sign = card_signer(config)
        retention = None
        if config.task_retention_days is not None:
            retention = Retention(
                store,
                tasks,
                contexts,
                config.artifacts_path,
                days=config.task_retention_days,
                push_queue=push.queue if push is not None else None,
                others=replicas,
            )
        dispatcher = Dispatcher(
            service,
            max_body=config.max_body_bytes,
            max_depth=config.max_json_depth,
            required_extensions=frozenset(config.required_extensions),
            sign_card=sign,
        )
        yield Core(
            config=config,
            engine=engine,
            tasks=tasks,
            contexts=contexts,
            supervisor=supervisor,
            service=service,
            dispatcher=dispatcher,
            auth=auth,
            card=card,
            sign=sign,
            push=push,
            retention=retention,
            backup=backup,
            replicas=replicas,
        )


async def open_store(config: Config) -> SQLTaskStore:
    """The task store `task-store` names: SQLite's `tasks.db` under persistence-dir (the
    default), or PostgreSQL at `task-store-url`.

    Raises `UnusableStateError` (one line naming the database) when the store cannot be
    opened, or is held by a server of the other kind (with and without `coordination-url`).
    """
    if config.task_store == "postgres" and config.task_store_url:
        from iaccode.tasks.postgres_store import PostgresTaskStore

        return await PostgresTaskStore.open(
            config.task_store_url, exclusive=config.coordination_url is None
        )
    return await SQLiteTaskStore.open(config.persistence_dir / "tasks.db")


async def open_coordination(config: Config) -> RedisCoordination | None:
    """The Redis coordination of replicas when `coordination-url` is set (config checked that
    the store is PostgreSQL). Raises `UnusableStateError` naming Redis when it cannot be
    reached."""
    if config.coordination_url is None:
        return None
    from iaccode.tasks.coordination import RedisCoordination

    coordination: RedisCoordination = await RedisCoordination.open(
        config.coordination_url, lease_seconds=config.coordination_lease_seconds
    )
    return coordination


async def open_backup(config: Config, threads_dir: Path | None) -> StateBackup | None:
    """Config backups when `IAC_CODE_CONFIG_BACKUP_DIR` is set: an empty persistence-dir is
    restored from the newest snapshot first (a fresh sandbox keeps its conversations).

    Raises `ConfigError` naming the directory when a snapshot exists but cannot be restored.
    """
    if config.backup_dir is None:
        return None
    directories = [d for d in (config.backup_tmp_dir, config.backup_dir) if d is not None]
    try:
        restored = await trio.to_thread.run_sync(
            restore_latest, directories, config.persistence_dir, threads_dir
        )
    except OSError as exc:
        raise ConfigError(
            f"backup-dir {config.backup_dir}: the newest snapshot cannot be restored: "
            f"{exc.strerror or exc}"
        ) from None
    if restored is not None:
        log.warning("restored the state from backup snapshot %s", restored)
    return StateBackup(
        config.persistence_dir, config.backup_dir, config.backup_tmp_dir, threads_dir
    )


def check_shared_push(config: Config, environ: Mapping[str, str]) -> None:
    """Push notifications of replicas (`coordination-url`): raises `ConfigError` unless every
    replica can read every config and deliver every job (docs/deployment.md)."""
    if not environ.get(KEYRING_ENV, "").strip():
        # Each replica would make its own keyring file: push secrets stored by one could not
        # be read by another.
        raise ConfigError(
            f"push-notifications with coordination-url: set {KEYRING_ENV} to the same keyring "
            "on every replica"
        )
    if config.push_queue != "redis-streams":
        # A job in a replica's local-file queue dies with that replica until it comes back.
        raise ConfigError(
            "push-notifications with coordination-url need push-queue: redis-streams, shared "
            "by the replicas"
        )


@attrs.frozen
class PushParts:
    configs: PushConfigStore
    worker: PushWorker
    relay: OutboxRelay
    queue: PushQueue


@contextlib.asynccontextmanager
async def open_push(config: Config, store: SQLTaskStore) -> AsyncIterator[PushParts | None]:
    """The push notification machinery when `push-notifications` is on, closed on the way out."""
    if not config.push_notifications:
        yield None
        return
    # httpx logs every request URL at INFO; callback URLs may carry tokens.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    if config.coordination_url is not None:
        check_shared_push(config, os.environ)
    keyring = await open_keyring(config.persistence_dir)
    if isinstance(store, SQLiteTaskStore):
        configs = await PushConfigStore.open(
            config.persistence_dir / "tasks.db", keyring, allow_loopback=config.push_allow_loopback
        )
    else:  # a shared store keeps the configs beside the tasks, on its own connections
        configs = PushConfigStore.on(
            store.database, keyring, allow_loopback=config.push_allow_loopback
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
        relay = OutboxRelay(store, configs, queue, keyring, push_body, worker=worker)
        yield PushParts(configs, worker, relay, queue)
    finally:
        with trio.CancelScope(shield=True):
            await queue.aclose()
            await configs.aclose()


def card_signer(config: Config) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Adds the HS256 signature to a served card when `signing-secret` is set."""
    secret = config.signing_secret
    if not secret:
        return lambda card: card
    weak = weak_secret_warning(secret)
    if weak is not None:
        log.warning("%s", weak)
    return lambda card: with_signature(card, secret, config.signing_key_id)


def runtime_details(config: Config) -> dict[str, Any]:
    """What the extended card tells authenticated callers (never a secret or a path)."""
    details: dict[str, Any] = {
        "engine": config.engine,
        # official gRPC beside the transport (grpc-port) is served too
        "transports": [row.name for row in fronts.transports_of(config)],
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


# Retention passes (task-retention-days): the first shortly after start-up, out of its way.
RETENTION_FIRST_PASS_SECONDS = 10.0
RETENTION_PERIOD_SECONDS = 3600.0
LEASE_FLUSH_SECONDS = 2.0  # a replica giving its leases back at shutdown waits no longer


async def _housekeeping(
    contexts: ContextRegistry, config: Config, retention: Retention | None = None
) -> None:
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_evict_idle_contexts, contexts, config)
        if retention is not None:
            nursery.start_soon(_retention_passes, retention)


async def _evict_idle_contexts(contexts: ContextRegistry, config: Config) -> None:
    period = min(300.0, max(config.context_idle_seconds / 4, 0.05))
    while True:
        await trio.sleep(period)
        evicted = contexts.evict_idle()
        if evicted:
            log.debug("evicted %d idle context(s)", evicted)


async def _retention_passes(retention: Retention) -> None:
    await trio.sleep(RETENTION_FIRST_PASS_SECONDS)
    while True:
        try:
            report = await retention.run_once()
        except Exception as exc:  # a busy database, a full disk, Redis down: next pass
            log.warning("retention pass failed: %s: %s", type(exc).__name__, exc)
        else:
            if report:
                log.info("retention (%g days) deleted %s", retention.days, report.describe())
        await trio.sleep(RETENTION_PERIOD_SECONDS)


async def wind_down(
    supervisor: TurnSupervisor | None,
    grace: float,
    busy: Callable[[], bool],
    replicas: Replicas | None = None,
) -> None:
    """The end of a shutdown: wait up to `grace` while `busy()`, then interrupt the turns still
    running and wait until each has written its last state; a replica then gives their leases
    back (up to `LEASE_FLUSH_SECONDS`), so the others take their follow-ups at once."""
    if busy():
        what = "turns and requests" if supervisor is not None and supervisor.working else "requests"
        log.info(
            "waiting up to %.0f s for the %s in progress; a second signal stops at once",
            grace,
            what,
        )
    with trio.move_on_after(grace) as waited:
        while busy():  # noqa: ASYNC110 (shutdown only)
            await trio.sleep(0.05)
    if waited.cancelled_caught:
        log.warning("shutdown grace of %.0f s is over: interrupting what is still running", grace)
    if supervisor is not None:
        supervisor.shutdown()
        await supervisor.stopped.wait()
    if replicas is not None:
        with trio.move_on_after(LEASE_FLUSH_SECONDS) as flushing:
            await replicas.coordination.flush()
        if flushing.cancelled_caught:
            log.warning("the leases of this replica's turns were not given back; they expire")
