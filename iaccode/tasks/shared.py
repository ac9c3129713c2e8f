"""What several replicas would share, as Protocols (issue 19), and which implementation runs.

One process on its own state (the embedded default) and replicas sharing one set of tasks need
the same calls with different reach. Each Protocol below names what the rest of the server calls;
the in-process classes satisfy them today (checked in tests/tasks/test_shared.py), and a shared
deployment plugs its own in at `open_core`:

| Protocol            | in one process (default)            | shared (`task-store: postgres`) |
| ------------------- | ----------------------------------- | ------------------------------- |
| `TaskStore`         | `SQLiteTaskStore` (tasks.db)        | `PostgresTaskStore`             |
| `RetentionStore`    | `SQLiteTaskStore`                   | `PostgresTaskStore`             |
| `PushConfigBackend` | `PushConfigStore` on tasks.db       | `PushConfigStore` on PostgreSQL |
| `EventFanout`       | `EventBroker`                       | `SharedEventBroker` (Redis streams) |
| `ContextClaims`     | `ContextRegistry`                   | + a context lease (`TurnClaims`) |
| `TurnOwnership`     | `TurnSupervisor`                    | + a task lease (`Replicas`)     |
| `TurnControl`       | `TurnSupervisor` (cancel, answers)  | routed to the lease holder      |
| `ThreadBackend`     | `ThreadFiles` (AG-UI, state-dir)    | `PostgresThreads`               |
| `ThreadLeases`      | none (one process per state-dir)    | `RedisThreadLeases`             |

(The last two are the AG-UI adapter's, in `iaccode.agui.threads` and `.shared_threads`.)

A turn being set up claims its context and its place in one call, `TurnClaims.claim`
(`iaccode.tasks.claims`): the in-process claim, the room under `max-concurrent-turns` and,
among replicas, the context's and the new task's leases.

With `coordination-url` (Redis) the replicas share the store: `iaccode.tasks.coordination` holds
the leases, the per-task event streams and the control requests between replicas, and
`iaccode.a2a.replicas` routes a request to the replica running the task's turn. Without it a
PostgreSQL store is held by one server at a time (an advisory lock, `PostgresDatabase`), as a
persistence-dir is by one process (`dirlock`).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Protocol

from iaccode.model.a2a import Message, StreamEvent, TaskPushNotificationConfig
from iaccode.tasks.store import TaskStore

if TYPE_CHECKING:
    from iaccode.agent.permissions import PermissionResponse
    from iaccode.tasks.broker import EventBroker, Subscription
    from iaccode.tasks.contexts import ContextRegistry
    from iaccode.tasks.postgres_store import PostgresTaskStore
    from iaccode.tasks.push.configs import PushConfigStore, PushTarget
    from iaccode.tasks.sql_store import InUseElsewhere, PrunedTasks
    from iaccode.tasks.sqlite_store import SQLiteTaskStore
    from iaccode.tasks.supervisor import ActiveTurn, TurnSupervisor


class RetentionStore(Protocol):
    """What `task-retention-days` deletes with (iaccode.tasks.retention)."""

    async def prune_tasks(
        self,
        before: str,
        *,
        after: int,
        keep: Callable[[], Collection[str]] = ...,
        elsewhere: InUseElsewhere | None = ...,
        limit: int = ...,
        window: int = ...,
    ) -> PrunedTasks | None: ...

    async def prune_contexts(
        self,
        before: str,
        *,
        after: int,
        keep: Collection[str] = ...,
        elsewhere: InUseElsewhere | None = ...,
        window: int = ...,
    ) -> tuple[int, int] | None: ...

    async def prune_orphan_push_configs(
        self, before: float, *, after: int, window: int = ...
    ) -> tuple[int, int] | None: ...

    async def referenced_artifacts(self, artifact_ids: Collection[str]) -> set[str]: ...


class PushConfigBackend(Protocol):
    """Push notification configs, per owner and task (A2A §3.1.7-3.1.10)."""

    async def create(
        self, owner: str, config: TaskPushNotificationConfig, *, legacy: bool = ...
    ) -> TaskPushNotificationConfig: ...

    async def get(
        self, owner: str, task_id: str, config_id: str
    ) -> TaskPushNotificationConfig | None: ...

    async def list(
        self, owner: str, task_id: str, page_size: int | None = ..., page_token: str | None = ...
    ) -> tuple[builtins.list[TaskPushNotificationConfig], str]: ...

    async def delete(self, owner: str, task_id: str, config_id: str) -> bool: ...

    async def for_task(self, task_id: str) -> builtins.list[PushTarget]: ...

    async def aclose(self) -> None: ...


class EventFanout(Protocol):
    """Task events to their streaming subscribers, in commit order; the snapshot a subscription
    starts with and its first live event have nothing between them."""

    def subscribe(
        self,
        task_id: str,
        first: StreamEvent | None = ...,
        *,
        close_on_interrupt: bool,
        force: bool = ...,
    ) -> Subscription: ...

    def subscriber_count(self, task_id: str) -> int: ...

    def check_room(self, task_id: str) -> None: ...

    def publish(self, task_id: str, event: StreamEvent) -> None: ...

    def finish(self, task_id: str) -> None: ...


class ContextClaims(Protocol):
    """Who may start a turn in a context now ("Task is already working." otherwise)."""

    def is_busy(self, context_id: str) -> bool: ...

    def claim(self, context_id: str) -> None: ...

    def release_claim(self, context_id: str) -> None: ...


class TurnOwnership(Protocol):
    """Which turns this server runs, and room for new ones (`max-concurrent-turns`)."""

    @property
    def busy(self) -> bool: ...

    def reserve_turn(self) -> None: ...

    def release_turn(self) -> None: ...

    def active(self, task_id: str) -> ActiveTurn | None: ...


class TurnControl(Protocol):
    """The paths that reach a running or paused turn from a request: CancelTask, the answer to
    a question, the answer to a permission request."""

    async def cancel(self, turn: ActiveTurn) -> None: ...

    async def resume(self, turn: ActiveTurn, message: Message) -> None: ...

    async def answer_permission(
        self, turn: ActiveTurn, response: PermissionResponse, message: Message
    ) -> Message: ...


class SharedStore(TaskStore, RetentionStore, Protocol):
    """A task store that also serves retention: what `open_core` opens."""


if TYPE_CHECKING:  # mypy proves that the classes of the table above satisfy their Protocols

    def _conforms(
        broker: EventBroker,
        contexts: ContextRegistry,
        supervisor: TurnSupervisor,
        push: PushConfigStore,
        embedded: SQLiteTaskStore,
        shared: PostgresTaskStore,
    ) -> tuple[
        EventFanout,
        ContextClaims,
        TurnOwnership,
        TurnControl,
        PushConfigBackend,
        SharedStore,
        SharedStore,
    ]:
        return broker, contexts, supervisor, supervisor, push, embedded, shared


__all__ = [
    "ContextClaims",
    "EventFanout",
    "PushConfigBackend",
    "RetentionStore",
    "SharedStore",
    "TurnControl",
    "TurnOwnership",
]
