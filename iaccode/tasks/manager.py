"""Task records: the live state of each task, persisted before it is published.

Every change a client can observe goes the same way: take the task's lock, commit the change to the
store, apply it to the in-memory record, then hand the event to the broker. The lock keeps the
published order equal to the commit order, and committing first means nothing a subscriber saw
can be lost by a crash. Text deltas are the exception: they are progress, published but not stored;
the text they add up to is stored as the turn's agent message when the turn ends or pauses.

Records are cached (least recently used first out) so GetTask on a recent task does not touch the
database. A record that a turn owns (`live`) or that a request is starting or cancelling a turn
for (`control` held) is never evicted, so those never have a second copy in memory.

With several replicas (`shared`), another replica may have changed any task: `get` asks the
store for the task's change count (`version`, one indexed row) and serves the cached record only
while the count is the one it was read at, except for a record this replica is changing (a turn
of its own runs it, or a request holds its locks), which is current anyway. A record whose count
moved is read again and refreshed in place, so that it stays the one copy in memory. The index
of known ids is not used then (another replica creates tasks too).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import Any

import attrs
import trio

from iaccode.model.a2a import (
    Artifact,
    Message,
    Task,
    TaskArtifactUpdateEvent,
    TaskState,
    TaskStatus,
    TaskStatusUpdateEvent,
)
from iaccode.model.ids import timestamp_now
from iaccode.tasks.backup import StateBackup
from iaccode.tasks.failpoints import crash_point
from iaccode.tasks.known_ids import KnownIds
from iaccode.tasks.shared import EventFanout
from iaccode.tasks.states import check_transition
from iaccode.tasks.store import (
    ModelTurn,
    Notification,
    StoredTask,
    Suspension,
    TaskChange,
    TaskStore,
)


@attrs.define(eq=False)
class TaskRecord:
    """The current state of one task, as the store has it."""

    id: str
    context_id: str
    owner: str
    status: TaskStatus
    history: list[Message] = attrs.field(factory=list)
    artifacts: list[Artifact] = attrs.field(factory=list)
    metadata: dict[str, Any] | None = None
    live: bool = False
    suspension: Suspension | None = None  # a pause that survives the process (see supervisor)
    version: int | None = None  # shared: the store's change count it was read at
    lock: trio.StrictFIFOLock = attrs.field(factory=trio.StrictFIFOLock)  # one change at a time
    control: trio.Lock = attrs.field(factory=trio.Lock)  # starting a turn vs. cancelling
    # The last snapshot, and what it was taken of: the same Task object again while nothing
    # changed, so that its encoding can be reused (GetTask polled, a2a/dispatch.py).
    _shown: tuple[tuple[Any, ...], tuple[Any, ...], Task] | None = attrs.field(
        default=None, init=False, repr=False
    )

    @property
    def state(self) -> TaskState:
        return self.status.state

    def snapshot(self, *, history_length: int | None = None, artifacts: bool = True) -> Task:
        """The task as the protocol shows it; `history_length` None means all, 0 means none.

        While the record is unchanged, the same arguments give the same Task object: every
        change assigns a new status, metadata or artifact, or grows or replaces a list."""
        asked = (history_length, artifacts, len(self.history), len(self.artifacts))
        # Compared by identity (`is`), never by id(): the tuple holds the objects themselves.
        parts = (self.status, self.metadata, self.history, self.artifacts, *self.artifacts)
        shown = self._shown
        if shown is not None and shown[0] == asked and _same(shown[1], parts):
            return shown[2]
        task = self._take_snapshot(history_length, artifacts)
        self._shown = (asked, parts, task)
        return task

    def _take_snapshot(self, history_length: int | None, artifacts: bool) -> Task:
        history: list[Message] | None = None
        if history_length is None:
            history = list(self.history)
        elif history_length > 0:
            history = self.history[-history_length:]
        return Task(
            id=self.id,
            context_id=self.context_id,
            status=self.status,
            artifacts=list(self.artifacts) if artifacts and self.artifacts else None,
            history=history or None,
            metadata=self.metadata,
        )

    @classmethod
    def from_stored(cls, stored: StoredTask) -> TaskRecord:
        task = stored.task
        return cls(
            id=task.id,
            context_id=task.context_id,
            owner=stored.owner,
            status=task.status,
            history=list(task.history or ()),
            artifacts=list(task.artifacts or ()),
            metadata=task.metadata,
            live=stored.live,
            suspension=stored.suspension,
            version=stored.version,
        )


def _same(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    return len(old) == len(new) and all(a is b for a, b in zip(old, new, strict=True))


def _refresh(record: TaskRecord, stored: StoredTask) -> None:
    """Bring a cached record up to what the store holds (shared mode), keeping its locks."""
    fresh = TaskRecord.from_stored(stored)
    record.status = fresh.status
    record.history = fresh.history
    record.artifacts = fresh.artifacts
    record.metadata = fresh.metadata
    record.live = fresh.live
    record.suspension = fresh.suspension
    record.version = fresh.version


class TaskManager:
    """Creates, loads and changes tasks; the only writer of task state."""

    def __init__(
        self,
        store: TaskStore,
        broker: EventFanout,
        *,
        cache_size: int = 4096,
        shared: bool = False,
    ) -> None:
        self.store = store
        self.broker = broker
        self.shared = shared
        self.owned: set[str] = set()  # shared: the tasks whose turn runs on this replica
        # Tasks with a saved pause (filled at start-up from the store, then kept by
        # set_status): what keeps AgentCore's /ping at HealthyBusy across a restart.
        self.suspended: set[str] = set()
        self._cache: OrderedDict[str, TaskRecord] = OrderedDict()
        self._cache_size = cache_size
        self._forgotten = 0  # bumped by every `forget`
        # The ids that may exist (`index_known`): a miss is answered without the database.
        # None until indexed: every miss asks the store.
        self._known: KnownIds | None = None
        # Push notifications: settled states go into the store's outbox in their own commit,
        # and `on_notified` (the outbox relay's kick) is called once they are published.
        self.notify_settled = False
        self.on_notified: Callable[[], None] | None = None
        # Config backups: a terminal state is backed up before it is published, a normal turn's
        # end (INPUT_REQUIRED) after, in the background (tasks/backup.py).
        self.backup: StateBackup | None = None

    async def index_known(self) -> None:
        """Read every task id once, so that `get` answers an unknown id from memory. Call it
        before the first `create`; tasks created later are added as they are. Not with several
        replicas (`shared`): each creates tasks the others' index would miss."""
        if self.shared:
            return
        ids = await self.store.task_ids()
        self._known = await trio.to_thread.run_sync(KnownIds, ids)

    async def get(self, task_id: str) -> TaskRecord | None:
        record = self._cache.get(task_id)
        if record is not None and (
            not (self.shared and self._stale(record)) or await self._unchanged(record)
        ):
            self._cache.move_to_end(task_id)
            return record
        if self._known is not None and not self._known.might_exist(task_id):
            # A cancellation point, without a trip through the scheduler (a third of an unknown
            # id's GetTask): whoever asked yields when it writes its answer.
            await trio.lowlevel.checkpoint_if_cancelled()
            return None
        while True:
            forgotten = self._forgotten
            stored = await self.store.load_task(task_id)
            if stored is None:
                return None
            if forgotten == self._forgotten:
                break
            # Tasks were deleted while we read: what we read may be one of them.
        # Another caller may have loaded it while we waited for the database.
        cached = self._cache.get(task_id)
        if cached is None:
            record = TaskRecord.from_stored(stored)
        else:
            record = cached
            if self.shared and self._stale(cached):
                _refresh(cached, stored)
        self._remember(record)
        return record

    def _stale(self, record: TaskRecord) -> bool:
        """Shared: another replica may have changed it since it was read."""
        return not (record.id in self.owned or record.lock.locked() or record.control.locked())

    async def _unchanged(self, record: TaskRecord) -> bool:
        """Shared: nobody committed a change to it since it was read (its change count is the
        same). After this replica's own commits it is read once more (their count is not
        noted), and a record no longer stored reads as missing."""
        if record.version is None:
            return False
        return await self.store.task_version(record.id) == record.version

    async def create(
        self,
        *,
        task_id: str,
        context_id: str,
        owner: str,
        message: Message,
        state: TaskState = TaskState.TASK_STATE_SUBMITTED,
        status_message: Message | None = None,
        live: bool = False,
        metadata: dict[str, Any] | None = None,
        in_conversation: bool = True,
    ) -> TaskRecord:
        """A new task holding `message` in its history, committed before it is returned.

        Raises:
            StoreUnavailableError: a shared store cannot be reached (nothing is kept).
        """
        status = TaskStatus(state=state, message=status_message, timestamp=timestamp_now())
        history = [message] if status_message is None else [message, status_message]
        record = TaskRecord(
            id=task_id,
            context_id=context_id,
            owner=owner,
            status=status,
            history=history,
            metadata=metadata,
            live=live,
        )
        task = record.snapshot()
        stored = StoredTask(task=task, owner=owner, live=live, in_conversation=in_conversation)
        event = TaskStatusUpdateEvent(task_id=task_id, context_id=context_id, status=status)
        notify = Notification(event, task) if self._notifies(state) else None
        if self._known is not None:
            self._known.add(task_id)  # before the commit: a reader may find it from then on
        await self.store.commit(TaskChange(task_id=task_id, new_task=stored, notify=notify))
        self._remember(record)
        self._notified(notify)
        if self.backup is not None and state.is_terminal:  # refused straight into FAILED
            async with record.lock:  # before anyone is answered with it, like set_status
                await self._back_up(record)
        return record

    async def set_status(
        self,
        record: TaskRecord,
        state: TaskState,
        *,
        message: Message | None = None,
        metadata: dict[str, Any] | None = None,
        add_to_history: tuple[Message, ...] = (),
        live: bool | None = None,
        suspend: Suspension | None = None,
        remember: ModelTurn | None = None,
    ) -> TaskStatusUpdateEvent:
        """Change the task's status (and append `add_to_history`) in one commit, then publish.

        `suspend` stores a paused turn's resumable state with the status. A suspension lives
        exactly as long as the status it was written with: any later change drops it.
        `remember` stores the engine's memory of the turn that ends with this status.

        Returns the event published.

        Raises:
            InvalidTransition: `state` may not follow the task's state (tasks/states.py);
                nothing is changed.
            StoreUnavailableError: a shared store cannot be reached; nothing is changed.
        """
        async with record.lock:
            unsuspend = record.suspension is not None and suspend is None
            check_transition(record.state, state)
            status = TaskStatus(state=state, message=message, timestamp=timestamp_now())
            event = TaskStatusUpdateEvent(
                task_id=record.id, context_id=record.context_id, status=status, metadata=metadata
            )
            notify = None
            if self._notifies(state):
                task = record.snapshot()
                history = [*(task.history or ()), *add_to_history] or None
                notify = Notification(event, attrs.evolve(task, status=status, history=history))
            change = TaskChange(
                task_id=record.id,
                status=status,
                append_history=add_to_history,
                live=live,
                suspend=suspend,
                unsuspend=unsuspend,
                remember=remember,
                notify=notify,
            )
            await self.store.commit(change)
            record.status = status
            record.history.extend(add_to_history)
            if live is not None:
                record.live = live
            record.suspension = suspend
            if suspend is not None:
                self.suspended.add(record.id)
            else:
                self.suspended.discard(record.id)
            if self.backup is not None and state.is_terminal:
                event = await self._protect(record, event)
            self.broker.publish(record.id, event)
            self._notified(notify)
            if self.backup is not None and state.is_interrupted:
                self.backup.request()
            return event

    async def _protect(
        self, record: TaskRecord, event: TaskStatusUpdateEvent
    ) -> TaskStatusUpdateEvent:
        """The critical backup of a committed terminal state, before it is published. When it
        fails, the task's metadata (and the event's) carry `iac_code.backupBlocked` (seed)."""
        marker = await self._back_up(record)
        if marker is None:
            return event
        extra = dict(event.metadata or {})
        extra["iac_code"] = {**(extra.get("iac_code") or {}), **marker}
        return attrs.evolve(event, metadata=extra)

    async def _back_up(self, record: TaskRecord) -> dict[str, Any] | None:
        """The critical backup of the task's committed state (under its lock). When it fails,
        the task's metadata is marked `iac_code.backupBlocked`, and the marker returned."""
        assert self.backup is not None
        blocked = await self.backup.critical()
        if blocked is None:
            return None
        marker = {"backupBlocked": blocked.to_metadata()}
        metadata = dict(record.metadata or {})
        metadata["iac_code"] = {**(metadata.get("iac_code") or {}), **marker}
        await self.store.commit(TaskChange(task_id=record.id, metadata=metadata))
        record.metadata = metadata
        return marker

    def _notifies(self, state: TaskState) -> bool:
        """Whether a change to `state` goes into the push outbox: settled states, with push on."""
        return self.notify_settled and (state.is_terminal or state.is_interrupted)

    def _notified(self, notify: Notification | None) -> None:
        if notify is not None:
            crash_point("commit")
            if self.on_notified is not None:
                self.on_notified()

    async def release(self, record: TaskRecord) -> None:
        """No turn owns the task any more (its status and any suspension stay as they are)."""
        async with record.lock:
            await self.store.commit(TaskChange(task_id=record.id, live=False))
            record.live = False
            if self.shared:  # a saved pause is any replica's to resume: no longer our work
                self.suspended.discard(record.id)

    async def put_artifact(
        self,
        record: TaskRecord,
        artifact: Artifact,
        *,
        append: bool = False,
        last_chunk: bool = True,
        metadata: dict[str, Any] | None = None,
    ) -> TaskArtifactUpdateEvent:
        """Add or extend an artifact, then publish the chunk as it was given."""
        async with record.lock:
            stored = artifact
            index = next(
                (
                    i
                    for i, a in enumerate(record.artifacts)
                    if a.artifact_id == artifact.artifact_id
                ),
                None,
            )
            if append and index is not None:
                previous = record.artifacts[index]
                stored = attrs.evolve(previous, parts=[*previous.parts, *artifact.parts])
            await self.store.commit(TaskChange(task_id=record.id, put_artifacts=(stored,)))
            if index is None:
                record.artifacts.append(stored)
            else:
                record.artifacts[index] = stored
            event = TaskArtifactUpdateEvent(
                task_id=record.id,
                context_id=record.context_id,
                artifact=artifact,
                append=append,
                last_chunk=last_chunk,
                metadata=metadata,
            )
            self.broker.publish(record.id, event)
            return event

    def publish_progress(
        self,
        record: TaskRecord,
        message: Message | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        """A WORKING update that changes nothing stored: a text delta or tool progress."""
        status = TaskStatus(state=TaskState.TASK_STATE_WORKING, message=message)
        event = TaskStatusUpdateEvent(
            task_id=record.id, context_id=record.context_id, status=status, metadata=metadata
        )
        self.broker.publish(record.id, event)

    def pinned(self) -> set[str]:
        """Tasks in use: a turn owns them, or a request holds their lock. Never deleted."""
        return {
            task_id
            for task_id, record in self._cache.items()
            if record.live or record.lock.locked() or record.control.locked()
        }

    def forget(self, task_ids: Collection[str]) -> None:
        """The store deleted these tasks (retention): drop their cached records.

        A `get` that was reading one of them from the store meanwhile reads it again, so a
        deleted task never comes back into the cache.
        """
        if not task_ids:
            return
        self._forgotten += 1
        for task_id in task_ids:
            self._cache.pop(task_id, None)
            if self._known is not None:
                self._known.discard(task_id)  # so the index stays the size of the store

    def _remember(self, record: TaskRecord) -> None:
        self._cache[record.id] = record
        self._cache.move_to_end(record.id)
        excess = len(self._cache) - self._cache_size
        if excess <= 0:
            return
        evict = []
        for task_id, cached in self._cache.items():  # least recently used first
            if not cached.live and not cached.control.locked():
                evict.append(task_id)
                if len(evict) == excess:
                    break
        for task_id in evict:
            del self._cache[task_id]
