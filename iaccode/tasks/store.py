"""The durable task store: what it keeps and the interface every backend satisfies.

The task manager calls `commit` with one `TaskChange` per observable change and publishes the change
only after `commit` returned, so whatever a client has seen survives a crash. Backends know nothing
about turns or protocols; SQLite is the embedded default (`iaccode.tasks.sqlite_store`),
PostgreSQL the shared one (`iaccode.tasks.postgres_store`), both on the same SQL
(`iaccode.tasks.sql_store`). The interface is kept narrow and free of SQL, so that other
backends can satisfy it; `iaccode.tasks.shared` lists the other Protocols a shared deployment
plugs in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import attrs

from iaccode.model.a2a import (
    Artifact,
    Message,
    Task,
    TaskState,
    TaskStatus,
    TaskStatusUpdateEvent,
)


@attrs.frozen
class Suspension:
    """A turn paused for input that another process can continue (see TurnSupervisor).

    Written in the same commit as the INPUT_REQUIRED status that asks the question, removed in
    the one that accepts the answer, so an answer is applied at most once.
    """

    input_id: str
    input: dict[str, Any]  # the `metadata.iac_code` the pause was published with
    engine_state: dict[str, Any]  # what the engine saved with `TurnOutput.save_state`
    permission: dict[str, Any] | None = None  # toolName, toolUseId, toolInput, readOnly


@attrs.frozen
class ModelTurn:
    """What an engine keeps of one turn for later turns of the context: the model-visible
    messages that followed the user message `message_id` (tool calls, bounded tool results, the
    answer), as engine-defined JSON with no secrets. Stored beside the history, never shown."""

    message_id: str
    body: dict[str, Any]


@attrs.frozen
class StoredTask:
    """A task as stored, with what the protocol objects do not carry."""

    task: Task
    owner: str
    live: bool  # a turn owned the task when it was last written
    in_conversation: bool = True  # False: a refused message, kept out of the context's history
    suspension: Suspension | None = None
    # The row's change count when it was read (at most the data's: read first), where the store
    # keeps one (PostgreSQL): a cached copy is current while the count has not moved.
    version: int | None = None


@attrs.frozen
class Notification:
    """A settled state to push (the outbox, DESIGN.md "State and durability").

    Written in the commit that settles the state, when the task has push configs, and removed
    once its jobs are in the push queue; so no crash point between the two loses it.
    """

    event: TaskStatusUpdateEvent
    task: Task  # the task as of this commit (the body 0.3 configs get)


@attrs.frozen
class OutboxEntry:
    """A committed notification not yet in the push queue, as ProtoJSON values."""

    entry_id: str
    task_id: str
    event: dict[str, Any]
    task: dict[str, Any] | None  # only kept when a 0.3 config wants it


@attrs.frozen
class TaskChange:
    """One atomic change to one task. Unset members are left as they are."""

    task_id: str
    new_task: StoredTask | None = None
    status: TaskStatus | None = None
    append_history: tuple[Message, ...] = ()
    put_artifacts: tuple[Artifact, ...] = ()  # replaces an artifact with the same id
    live: bool | None = None
    metadata: dict[str, Any] | None = None
    suspend: Suspension | None = None  # a paused turn's resumable state, replacing any earlier
    unsuspend: bool = False  # the pause was answered: forget its state
    remember: ModelTurn | None = None  # the engine's memory of the turn that ended
    notify: Notification | None = None  # a settled state: into the push outbox, same commit


@attrs.frozen
class TaskQuery:
    """ListTasks filters and paging (spec §3.1.4); the cursor is the store's own opaque token."""

    owner: str
    context_id: str | None = None
    state: TaskState | None = None
    status_after: str | None = None  # RFC 3339 timestamp, inclusive
    page_size: int = 50
    cursor: tuple[str, str] | None = None  # (status timestamp, task id) of the last row seen
    history_length: int | None = None  # None: all; 0: none
    include_artifacts: bool = False


@attrs.frozen
class TaskPage:
    tasks: list[Task]
    total_size: int
    next_cursor: tuple[str, str] | None


@attrs.frozen
class ContextRecord:
    """A conversation: the workspace it is bound to and who owns it."""

    context_id: str
    cwd: Path
    owner: str
    updated_at: str
    metadata: dict[str, Any] | None = None


class TaskStore(Protocol):
    async def commit(self, change: TaskChange) -> None: ...

    async def load_task(self, task_id: str) -> StoredTask | None: ...

    async def task_version(self, task_id: str) -> int | None:
        """`StoredTask.version` as stored now; None when the store keeps none, or no task."""
        ...

    async def list_tasks(self, query: TaskQuery) -> TaskPage: ...

    async def context_history(self, context_id: str, limit: int) -> list[Message]:
        """The last `limit` messages of the context's tasks, oldest first."""
        ...

    async def model_turns(self, context_id: str, message_ids: list[str]) -> dict[str, ModelTurn]:
        """The engine's memories of the turns started by `message_ids`, by message id."""
        ...

    async def conversation(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]]:
        """What a turn is given of its context: `context_history(context_id, limit)` without
        the message `leave_out` (the turn's own), and `model_turns` of its user messages."""
        ...

    async def load_context(self, context_id: str) -> ContextRecord | None: ...

    async def save_context(self, record: ContextRecord) -> None: ...

    async def live_task_ids(self) -> list[str]:
        """Tasks still marked live: their turns died with an earlier process."""
        ...

    async def task_ids(self) -> list[str]:
        """Every stored task's id (read once at start-up, for `TaskManager.index_known`)."""
        ...

    async def suspended_task_ids(self) -> list[str]:
        """Tasks whose paused turn is saved (answerable, also after a restart)."""
        ...

    async def outbox(self, limit: int) -> list[OutboxEntry]:
        """Committed notifications not yet queued, oldest first."""
        ...

    async def outbox_done(self, entry_ids: list[str]) -> None:
        """These notifications are in the push queue: forget them."""
        ...

    async def aclose(self) -> None: ...
